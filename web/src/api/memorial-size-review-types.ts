/**
 * Memorials, measurements (with the product's size chart) and posting a review, as
 * docs/member-area-api.md describes them, written by hand in the generated file's shape until
 * api/schema.d.ts has them; `memberExtrasApi()` is the one cast. When the schema is regenerated,
 * these become aliases of it and `memberExtrasApi` becomes `api()`.
 */
import type { Client } from 'openapi-fetch';
import { api } from './client';
import type { ProductDetail, Review } from './types';

// ---- Memorials (記念日) ------------------------------------------------------------------------

/** 1 誕生日, 2 結婚記念日, 3 その他の記念日. */
export type MemorialDivision = 1 | 2 | 3;

export interface Memorial {
  id: string;
  user_id: string;
  /** お相手のお名前, 1–30. */
  target_user_name: string;
  division_ct: MemorialDivision;
  /** The label of division_ct. */
  division_name: string;
  /** 記念日の名前, 1–30. */
  name: string;
  month: number;
  date: number;
  /** 呼び方・ご関係, 0–20. */
  call: string;
  /** YYYY-MM-DD: the next time it comes (Japan time; today counts). */
  next_date: string;
  /** 0 on the day. */
  days_until: number;
  created_at: string;
  updated_at: string;
}

export interface MemorialInput {
  target_user_name: string;
  division_ct: MemorialDivision;
  name: string;
  month: number;
  date: number;
  call: string;
}

// ---- Measurements (サイズ, timeseries) ----------------------------------------------------------

export type MeasurementPurpose = 'helmet' | 'glove' | 'bicycle';

/** One record of a purpose: cm per measure (`head`, `hand`, `height`, `inseam`). */
export interface Measurement {
  id: string;
  purpose: MeasurementPurpose;
  values: Record<string, number>;
  created_at: string;
}

export interface MeasurementInput {
  purpose: MeasurementPurpose;
  values: Record<string, number>;
}

/** One size of a product's chart: `min` inclusive, `max` exclusive. */
export interface SizeRange {
  label: string;
  min: number;
  max: number;
}

/** `GET /v1/products/{key}`'s `size_chart`: which measure picks the size, and the sizes. */
export interface SizeChart {
  purpose: MeasurementPurpose;
  measure: string;
  measure_name: string;
  unit: string;
  sizes: SizeRange[];
}

/** The product detail with the contract's `size_chart` (null for products without one). */
export type ProductWithSizeChart = ProductDetail & { size_chart?: SizeChart | null };

// ---- Reviews ---------------------------------------------------------------------------------

/** A listed review; `is_purchaser` (shown as 購入者) is the contract's addition. */
export type ReviewEntry = Review & { is_purchaser?: boolean };

export interface ReviewInput {
  rating: number;
  title: string;
  body: string;
  nickname: string;
}

export type ReviewStatus = 'published' | 'pending';

/** 201 of `POST /v1/products/{product_id}/reviews`. */
export interface ReviewPosted {
  review: ReviewEntry;
  status: ReviewStatus;
}

// ---- The paths, in openapi-typescript's shape -------------------------------------------------

type Json<T> = { headers: { [name: string]: unknown }; content: { 'application/json': T } };
type NoContent = { headers: { [name: string]: unknown }; content?: never };
type Body<T> = { content: { 'application/json': T } };
type NoParams = { query?: never; header?: never; path?: never; cookie?: never };
type Params<P, Q = never> = [P] extends [never]
  ? { query?: Q; header?: never; path?: never; cookie?: never }
  : { query?: Q; header?: never; path: P; cookie?: never };
type Operation<Pa, Res, B = never> = [B] extends [never]
  ? { parameters: Pa; requestBody?: never; responses: Res }
  : { parameters: Pa; requestBody: Body<B>; responses: Res };
type NoOps = {
  parameters: NoParams;
  get?: never;
  put?: never;
  post?: never;
  delete?: never;
  options?: never;
  head?: never;
  patch?: never;
  trace?: never;
};
type PathItem<Ops> = Omit<NoOps, keyof Ops> & Ops;
type ById = Params<{ id: string }>;
type ByPurpose = Params<never, { purpose?: MeasurementPurpose }>;

export interface MemberExtrasPaths {
  '/v1/me/user-memorials': PathItem<{
    get: Operation<NoParams, { 200: Json<{ data: Memorial[] }> }>;
    post: Operation<NoParams, { 201: Json<Memorial> }, MemorialInput>;
  }>;
  '/v1/me/user-memorials/{id}': PathItem<{
    get: Operation<ById, { 200: Json<Memorial> }>;
    put: Operation<ById, { 200: Json<Memorial> }, MemorialInput>;
    delete: Operation<ById, { 204: NoContent }>;
  }>;
  '/v1/me/timeseries': PathItem<{
    get: Operation<ByPurpose, { 200: Json<{ data: Measurement[] }> }>;
    post: Operation<NoParams, { 201: Json<{ data: Measurement[] }> }, MeasurementInput>;
    delete: Operation<ByPurpose, { 204: NoContent }>;
  }>;
  /** `key` holds the product's id here (the contract's `{product_id}`). */
  '/v1/products/{key}/reviews': PathItem<{
    post: Operation<Params<{ key: string }>, { 201: Json<ReviewPosted> }, { review: ReviewInput }>;
  }>;
}

/** The API client typed with these paths (the one cast; see the file comment). */
export const memberExtrasApi = (): Client<MemberExtrasPaths> => api() as unknown as Client<MemberExtrasPaths>;
