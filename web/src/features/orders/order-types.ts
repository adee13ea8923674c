/**
 * The orders API as /work/checkout-contract.md (S2 orders endpoints, Order JSON) describes it.
 * The generated schema (api/schema.d.ts) does not have these paths yet: their types live here in
 * the generated file's shape, and `ordersApi()` is the one cast. When the lead regenerates the
 * schema, `OrderPaths` goes and `ordersApi` becomes `api()`.
 */
import type { Client } from 'openapi-fetch';
import { api } from '../../api/client';
import type { GiftLink, GuestReceipt, GuestReceiptCheck, OrderGift } from '../../api/types';

export type OrderStatus =
  | 'accepted'
  | 'awaiting_payment'
  /** A social gift whose recipient has not given the address yet (受取人入力待ち). */
  | 'awaiting_recipient'
  | 'paid'
  | 'preparing'
  | 'shipped'
  | 'delivered'
  | 'cancelled';

export interface TaxAmount {
  tax_rate: number;
  /** Yen at this rate, tax included. */
  amount: number;
  /** The tax within `amount`. */
  tax: number;
}

export interface OrderAddress {
  shipping_last_name: string;
  shipping_first_name: string;
  shipping_last_name_kana: string;
  shipping_first_name_kana: string;
  postal_code: string;
  prefecture: string;
  city: string;
  address1: string;
  address2: string | null;
  phone_number: string;
  shipping_name: string;
  full_address: string;
}

export interface Orderer {
  last_name: string;
  first_name: string;
  last_name_kana: string;
  first_name_kana: string;
  email: string;
  postal_code: string;
  prefecture: string;
  city: string;
  address1: string;
  address2: string | null;
  phone_number: string;
  company_name: string | null;
}

export interface OrderProduct {
  id: string;
  product_key: string;
  variation_key: string;
  code: string;
  name: string;
  variation_name: string | null;
  unit_price: number;
  quantity: number;
  subtotal: number;
  tax_rate: number;
  image_url: string | null;
  is_accessory: boolean;
}

export interface OrderShipping {
  id: string;
  address: OrderAddress | null;
  /** `YYYY-MM-DD` (Japan), or null when no date was chosen. */
  delivery_date: string | null;
  delivery_timezone_label: string | null;
  wrapping_label: string | null;
  noshi_label: string | null;
  noshi_name: string | null;
  carriage: number;
  products: OrderProduct[];
}

export interface OrderMemo {
  id: string;
  body: string;
  updated_at: string;
}

export interface ReceiptInfo {
  addressee: string;
  note: string;
  issued_count: number;
}

export interface BankAccount {
  bank_name: string;
  branch_name: string;
  account_type: string;
  account_number: string;
  account_holder: string;
  due_date: string;
}

export interface Order {
  id: string;
  order_no: string;
  status: OrderStatus;
  status_label: string;
  ordered_at: string;
  user_id: string | null;
  payment_id: string | null;
  payment_code: string | null;
  payment_name: string | null;
  card_masked_number: string | null;
  /** Corporate: 配送方法 (1 問屋引取り, 2 店舗直送, 3 お客様直送), its label and the 発注番号. */
  delivery_option?: number | null;
  delivery_option_label?: string | null;
  purchase_order_no?: string | null;
  items_subtotal: number;
  coupon_discount: number;
  total_carriage: number;
  payment_fee: number;
  packing_fee: number;
  use_points: number;
  earned_points: number;
  total_payment: number;
  total_tax: number;
  amount_by_tax_rate: TaxAmount[];
  coupon_code: string | null;
  note: string | null;
  orderer: Orderer | null;
  shippings: OrderShipping[];
  can_cancel: boolean;
  cancel_reason: string | null;
  cancelled_at: string | null;
  cancel_only_ecd_key: string | null;
  memo: OrderMemo | null;
  receipt: ReceiptInfo;
  bank_account: BankAccount | null;
  /** docs/social-gift-api.md, "Order detail"; null for an ordinary order. */
  social_gift?: OrderGift | null;
}

/** An order's social gift as the buyer sees it (the generated schema): never the recipient's address. */
export type { OrderGift };
/** GET /v1/orders/{no}/check/receipt?t= and GET / PUT /v1/orders/{no}/guest/receipt?t= (the generated schema). */
export type { GuestReceipt, GuestReceiptCheck };
/** POST /v1/me/orders/{id}/social-gift/link: a new link (the old one stops working). */
export type GiftLinkBody = GiftLink;

/** GET /v1/me/orders: one page, plus the total of the member's orders that are not cancelled. */
export interface OrderListBody {
  data: Order[];
  user_order_total_payment: number;
}

export interface OrderSearchQuery {
  page?: string;
  per?: string;
  order_no?: string;
  /** `YYYY-MM-DD` (Japan), inclusive. */
  from?: string;
  to?: string;
  status?: string;
}

export interface CancelInput {
  cancel_reason: string;
}

export interface ReceiptInput {
  addressee: string;
  note: string;
}

export interface MemoCreateInput {
  order_id: string;
  body: string;
}

// ---- The paths, in openapi-typescript's shape -------------------------------------------------

type Json<T> = { headers: { [name: string]: unknown }; content: { 'application/json': T } };
type Pdf = { headers: { [name: string]: unknown }; content: { 'application/pdf': string } };
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

type ById = Params<{ id: string }>;
type ByNo = Params<{ no: string }, { t: string }>;

export interface OrderPaths {
  '/v1/me/orders': PathItem<{
    get: Operation<
      { query?: OrderSearchQuery; header?: never; path?: never; cookie?: never },
      { 200: Json<OrderListBody> }
    >;
  }>;
  '/v1/me/orders/{id}': PathItem<{ get: Operation<ById, { 200: Json<Order> }> }>;
  '/v1/me/orders/{id}/cancel': PathItem<{ put: Operation<ById, { 200: Json<Order> }, CancelInput> }>;
  '/v1/me/orders/{id}/download/receipt': PathItem<{
    get: Operation<ById, { 200: Pdf }>;
    put: Operation<ById, { 200: Json<Order> }, ReceiptInput>;
  }>;
  '/v1/me/orders/{id}/download/quotation': PathItem<{ get: Operation<ById, { 200: Pdf }> }>;
  '/v1/memos': PathItem<{ post: Operation<NoParams, { 201: Json<OrderMemo> }, MemoCreateInput> }>;
  '/v1/memos/{id}': PathItem<{
    patch: Operation<ById, { 200: Json<OrderMemo> }, { body: string }>;
    delete: Operation<ById, { 204: { headers: { [name: string]: unknown }; content?: never } }>;
  }>;
  '/v1/orders/{no}/check/receipt': PathItem<{ get: Operation<ByNo, { 200: Json<GuestReceiptCheck> }> }>;
  '/v1/orders/{no}/guest/receipt': PathItem<{
    get: Operation<ByNo, { 200: Json<GuestReceipt> }>;
    put: Operation<ByNo, { 200: Json<GuestReceipt> }, ReceiptInput>;
  }>;
  '/v1/orders/{no}/download/receipt': PathItem<{ get: Operation<ByNo, { 200: Pdf }> }>;
}

/** The API client typed with the orders paths (the one cast; see the file comment). */
export const ordersApi = (): Client<OrderPaths> => api() as unknown as Client<OrderPaths>;
