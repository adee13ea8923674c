/**
 * Cards, coupons and points as /work/checkout-contract.md (S3 wallet endpoints) describes them.
 * The generated schema (api/schema.d.ts) does not have these paths yet: their types live here in
 * the generated file's shape, and `walletApi()` is the one cast. When the lead regenerates the
 * schema, `WalletPaths` goes and `walletApi` becomes `api()`.
 */
import type { Client } from 'openapi-fetch';
import { api } from '../../api/client';

export interface UserCard {
  id: string;
  brand: string;
  masked_number: string;
  /** `YYYY-MM`. */
  expiration: string;
  holder_name: string;
  is_main: boolean;
}

export type DiscountKind = 'amount' | 'percent';

export interface Coupon {
  id: string;
  code: string;
  name: string;
  description: string | null;
  discount_kind: DiscountKind;
  discount_value: number;
  /** 「500円引き」 or 「10%OFF」. */
  discount_label: string;
  minimum_amount: number | null;
  starts_at: string | null;
  ends_at: string | null;
  requires_take: boolean;
  member_only: boolean;
  is_taken: boolean;
}

export interface PointBalance {
  balance: number;
  earn_rate: number;
  is_enabled: boolean;
}

export interface PointHistory {
  id: string;
  kind: string;
  kind_label: string;
  /** Signed: plus when earned or returned, minus when used or taken back. */
  points: number;
  description: string | null;
  order_no: string | null;
  created_at: string;
}

/**
 * The contract writes these lists as `[…]` + pagination headers; the house lists answer
 * `{data: […]}`. Both are read, here only.
 */
export type ListBody<T> = T[] | { data: T[] };

export function listItems<T>(body: ListBody<T> | null | undefined): T[] {
  if (Array.isArray(body)) return body;
  return body && Array.isArray(body.data) ? body.data : [];
}

export interface CardCreateInput {
  /** From the gateway's tokeniser (lib/card-tokenizer); never the card itself. */
  token: string;
}

export interface TakeCouponInput {
  coupon_id: string;
  /** Where the coupon was taken (spec 001 §3 take payload): the page path. */
  page?: string;
}

// ---- The paths, in openapi-typescript's shape -------------------------------------------------

type Json<T> = { headers: { [name: string]: unknown }; content: { 'application/json': T } };
type Empty = { headers: { [name: string]: unknown }; content?: never };
type NoParams = { query?: never; header?: never; path?: never; cookie?: never };
type PageParams = { query?: { page?: string; per?: string }; header?: never; path?: never; cookie?: never };
type ById = { query?: never; header?: never; path: { id: string }; cookie?: never };
type Operation<Pa, Res, B = never> = [B] extends [never]
  ? { parameters: Pa; requestBody?: never; responses: Res }
  : { parameters: Pa; requestBody: { content: { 'application/json': B } }; responses: Res };
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

export interface WalletPaths {
  '/v1/me/user-cards': PathItem<{
    get: Operation<PageParams, { 200: Json<ListBody<UserCard>> }>;
    post: Operation<NoParams, { 201: Json<UserCard> }, CardCreateInput>;
  }>;
  '/v1/me/user-cards/{id}': PathItem<{ delete: Operation<ById, { 204: Empty }> }>;
  '/v1/me/user-cards/{id}/use': PathItem<{ patch: Operation<ById, { 200: Json<UserCard> }> }>;
  '/v1/coupons': PathItem<{ get: Operation<PageParams, { 200: Json<ListBody<Coupon>> }> }>;
  '/v1/me/coupons': PathItem<{
    get: Operation<PageParams, { 200: Json<ListBody<Coupon>> }>;
    post: Operation<NoParams, { 200: Json<Coupon> }, TakeCouponInput>;
  }>;
  '/v1/me/points': PathItem<{ get: Operation<NoParams, { 200: Json<PointBalance> }> }>;
  '/v1/me/point-histories': PathItem<{ get: Operation<PageParams, { 200: Json<ListBody<PointHistory>> }> }>;
}

/** The API client typed with the wallet paths (the one cast; see the file comment). */
export const walletApi = (): Client<WalletPaths> => api() as unknown as Client<WalletPaths>;
