/**
 * The recipient's calls of docs/social-gift-api.md ("Recipient side"), written by hand in the
 * generated file's shape until api/schema.d.ts has them; `giftApi()` is the one cast. When the
 * schema is regenerated, these become aliases of it and `giftApi` becomes `api()`.
 */
import type { Client } from 'openapi-fetch';
import { api } from '../../api/client';

export type GiftState = 'waiting' | 'accepted';

export interface GiftProductInfo {
  product_key: string;
  variation_key: string;
  name: string;
  variation_name: string;
  image_url: string | null;
  url: string;
}

/** A product of the gift: no price, ever. */
export interface GiftProduct {
  product_info: GiftProductInfo;
  quantity: number;
}

export interface GiftPacking {
  wrapping_label: string | null;
  noshi_label: string | null;
  noshi_name: string;
}

/** GET /v1/social-gifts/{token}/products */
export interface GiftProducts {
  state: GiftState;
  receiver_name: string;
  sender_name: string;
  message: string;
  expires_at: string;
  shop_name: string;
  packing: GiftPacking | null;
  products: GiftProduct[];
}

/**
 * Where the recipient wants the gift: POST …/check/shipping and PUT /v1/social-gifts/{token}. The
 * address book's fields (same names and rules as /mypage/address) plus `email` for the
 * recipient's confirmation mail.
 */
export interface GiftAddress {
  shipping_last_name: string;
  shipping_first_name: string;
  shipping_last_name_kana: string;
  shipping_first_name_kana: string;
  postal_code: string;
  prefecture: string;
  city: string;
  address1: string;
  address2: string;
  phone_number: string;
  cell_phone_number: string;
  email: string;
}

export interface GiftCheckShippingBody {
  token: string;
  shipping: GiftAddress;
}

export interface GiftCheckDeliveryBody {
  token: string;
  postal_code: string;
  prefecture: string;
  /** `YYYY-MM-DD`; null = 指定なし. */
  delivery_at: string | null;
  delivery_timezone: string | null;
}

export interface GiftAcceptBody {
  shipping: GiftAddress;
  delivery_at: string | null;
  delivery_timezone: string | null;
}

export interface GiftOk {
  ok: boolean;
}

export interface GiftChoice {
  key: string;
  label: string;
}

/** GET /v1/shipping-leadtime/input/{token}?postal=&pref= (one per order shipping). */
export interface GiftLeadtime {
  order_shipping_id: string;
  earliest_date: string | null;
  dates: { date: string; label: string }[];
  timezones: GiftChoice[];
  /** Why no date or slot can be chosen (remote islands); then `dates` is empty. */
  no_date_reason: string | null;
}

/** PUT /v1/social-gifts/{token} and GET /v1/social-gifts/{token}/complete. */
export interface GiftCompletion {
  state: 'accepted';
  receiver_name: string;
  sender_name: string;
  shop_name: string;
  address: {
    name: string;
    postal_code: string;
    prefecture: string;
    city: string;
    address1: string;
    address2: string;
    phone_number: string;
    full_address: string;
  };
  delivery_date: string | null;
  delivery_date_label: string | null;
  delivery_timezone_label: string | null;
  products: GiftProduct[];
}

// ---- The paths, in openapi-typescript's shape -------------------------------------------------

type Json<T> = { headers: { [name: string]: unknown }; content: { 'application/json': T } };
type Body<T> = { content: { 'application/json': T } };
type NoParams = { query?: never; header?: never; path?: never; cookie?: never };
type Params<P, Q = never> = { query?: Q; header?: never; path: P; cookie?: never };
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
type ByToken = Params<{ token: string }>;

export interface GiftPaths {
  '/v1/social-gifts/{token}/products': PathItem<{ get: Operation<ByToken, { 200: Json<GiftProducts> }> }>;
  '/v1/social-gifts/{token}/complete': PathItem<{ get: Operation<ByToken, { 200: Json<GiftCompletion> }> }>;
  '/v1/social-gifts/{token}': PathItem<{ put: Operation<ByToken, { 200: Json<GiftCompletion> }, GiftAcceptBody> }>;
  '/v1/social-gifts/check/shipping': PathItem<{
    post: Operation<NoParams, { 200: Json<GiftOk> }, GiftCheckShippingBody>;
  }>;
  '/v1/social-gifts/check/delivery': PathItem<{
    post: Operation<NoParams, { 200: Json<GiftOk> }, GiftCheckDeliveryBody>;
  }>;
  '/v1/shipping-leadtime/input/{token}': PathItem<{
    get: Operation<Params<{ token: string }, { postal: string; pref: string }>, { 200: Json<GiftLeadtime[]> }>;
  }>;
}

/** The API client typed with the recipient's paths (the one cast; see the file comment). */
export const giftApi = (): Client<GiftPaths> => api() as unknown as Client<GiftPaths>;
