/**
 * The cart and checkout API as /work/checkout-contract.md ("Cart JSON", "Cart endpoints", the
 * order JSON, the S3 settings and ecommerce events) states it. The generated schema
 * (api/schema.d.ts) has no cart paths yet: `CartPaths` below is written in the generator's shape,
 * and cart-api.ts casts the one client to it in one place, so once the lead regenerates the
 * schema the cast goes and these types can become `JsonOf<…>` picks.
 */

export type StockStatus = 'in_stock' | 'few' | 'out_of_stock';

export interface CartProductInfo {
  product_key: string;
  variation_key: string;
  name: string;
  variation_name: string;
  code: string;
  image_url: string | null;
  url: string;
  stock_status: StockStatus;
  max_quantity: number;
}

export interface CartProduct {
  key: string;
  shipping_key: string | null;
  /** Accessory lines name their product line. */
  parent_key: string | null;
  product_info: CartProductInfo;
  unit_price: number;
  quantity: number;
  subtotal: number;
  tax_rate: number;
  tax_amount: number;
  coupon_discount_parts: number;
}

export interface ShippingAddress {
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
  shipping_name?: string;
  full_address?: string;
}

export interface CartPacking {
  wrapping_key: string | null;
  noshi_key: string | null;
  noshi_name: string;
}

export interface CartShipping {
  key: string;
  user_address_id: string | null;
  address: ShippingAddress | null;
  delivery_date: string | null;
  delivery_timezone_key: string | null;
  packing: CartPacking;
  carriage: number;
  packing_fee: number;
}

export interface CartCoupon {
  id: string;
  code: string;
  name: string;
  discount: number;
  /** The server's reason the coupon gives nothing now (minimum not met …); not in the contract. */
  problem?: string | null;
}

export interface TaxRateAmount {
  tax_rate: number;
  amount: number;
  tax: number;
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
  address2: string;
  phone_number: string;
  company_name?: string;
}

export interface CartPaymentMethod {
  id: string;
  code: string;
  name: string;
}

export interface CartCard {
  id: string | null;
  masked_number: string;
  brand: string;
}

/** products, shipping_address, payment_method, card, payment_unavailable, orderer, coupon (server). */
export type MissingStep = string;

export interface CartOrder {
  items_subtotal: number;
  coupon_discount: number;
  total_carriage: number;
  payment_fee: number;
  packing_fee: number;
  use_points: number;
  total_payment: number;
  total_tax: number;
  amount_by_tax_rate: TaxRateAmount[];
  earn_points: number;
  point_balance: number | null;
  payment_method: CartPaymentMethod | null;
  card: CartCard | null;
  orderer: Orderer | null;
  note: string;
  can_decide: boolean;
  missing: MissingStep[];
}

export interface CartDetail {
  products: CartProduct[];
  shippings: CartShipping[];
  coupons: CartCoupon[];
  order: CartOrder;
}

/** Every cart endpoint answers this (init adds `reason`). */
export interface Cart {
  token: string;
  order_no: string | null;
  expires_at: string;
  transaction_error: string | null;
  payment_in_progress: boolean;
  /** Names dropped at init (gone / not on sale). */
  removed_products: string[];
  reason?: string | null;
  detail: CartDetail;
}

export interface Choice {
  key: string;
  label: string;
}

export interface Leadtime {
  shipping_key: string;
  earliest_date: string;
  dates: { date: string; label: string }[];
  timezones: Choice[];
}

export interface PaymentMethod {
  id: string;
  code: string;
  name: string;
  description: string;
  fee: number;
  member_only: boolean;
}

export interface CartPaymentOption extends PaymentMethod {
  is_available: boolean;
  unavailable_reason: string | null;
}

export interface BankAccount {
  bank_name: string;
  branch_name: string;
  account_type: string;
  account_number: string;
  account_holder: string;
  due_date: string;
}

export interface Decision {
  order_no: string;
  order_id: string;
  status: string;
  total_payment: number;
  payment_code: string;
  guest_token: string | null;
  bank_account: BankAccount | null;
}

export interface OrderLine {
  id: string;
  product_key: string;
  variation_key: string;
  code: string;
  name: string;
  variation_name: string;
  unit_price: number;
  quantity: number;
  subtotal: number;
  tax_rate: number;
  image_url: string | null;
  is_accessory: boolean;
}

export interface OrderShipping {
  id: string;
  address: ShippingAddress;
  delivery_date: string | null;
  delivery_timezone_label: string | null;
  wrapping_label: string | null;
  noshi_label: string | null;
  noshi_name: string | null;
  carriage: number;
  products: OrderLine[];
}

/** GET /v1/carts/order/{order_no}?token= (the order JSON of S2). */
export interface CartOrderSummary {
  id: string;
  order_no: string;
  status: string;
  status_label: string;
  ordered_at: string;
  user_id: string | null;
  payment_id: string;
  payment_code: string;
  payment_name: string;
  card_masked_number: string | null;
  items_subtotal: number;
  coupon_discount: number;
  total_carriage: number;
  payment_fee: number;
  packing_fee: number;
  use_points: number;
  earned_points: number;
  total_payment: number;
  total_tax: number;
  amount_by_tax_rate: TaxRateAmount[];
  coupon_code: string | null;
  note: string;
  orderer: Orderer;
  shippings: OrderShipping[];
  bank_account: BankAccount | null;
}

/** ORDER.PACKINGS as the shipping-detail step offers it. */
export interface Wrapping {
  key: string;
  label: string;
  price: number;
}

export interface SavedCard {
  id: string;
  brand: string;
  masked_number: string;
  expiration: string;
  holder_name: string;
  is_main: boolean;
}

export interface EcommerceEvent {
  id: string;
  popup: unknown;
}

export interface DecisionData {
  id: string;
  name: string;
  args: unknown;
  order: null | {
    order_no: string;
    total_payment: number;
    products: { product_key: string; name: string; unit_price: number; quantity: number }[];
  };
}

// ---- Request bodies ------------------------------------------------------------------------

export interface TokenBody {
  token: string;
}

export interface ShippingModifyBody extends TokenBody {
  key: string;
  user_address_id?: string;
  address?: ShippingAddress;
  delivery_date?: string | null;
  delivery_timezone_key?: string | null;
}

export interface PackingBody extends TokenBody {
  shipping_key: string;
  wrapping_key?: string | null;
  noshi_key?: string | null;
  noshi_name?: string;
}

export interface OrderModifyBody extends TokenBody {
  payment_method_id?: string;
  card_id?: string;
  card_token?: string;
  orderer?: Orderer;
}

// ---- Paths in openapi-typescript's shape (for the one cast in cart-api.ts) ------------------

type Json<T> = { headers: { [name: string]: unknown }; content: { 'application/json': T } };
type PathPart<P> = [P] extends [never] ? { path?: never } : { path: P };
type QueryPart<Q> = [Q] extends [never] ? { query?: never } : { query?: Q };
type BodyPart<B> = [B] extends [never] ? { requestBody?: never } : { requestBody: { content: { 'application/json': B } } };
type Op<Body, Res, Path = never, Query = never, Status extends 200 | 201 = 200> = {
  parameters: PathPart<Path> & QueryPart<Query> & { header?: never; cookie?: never };
  responses: { [S in Status]: Json<Res> };
} & BodyPart<Body>;
type Route<Ops> = { parameters: { query?: never; header?: never; path?: never; cookie?: never } } & Ops;
type Patch<Body> = Route<{ patch: Op<Body, Cart> }>;

export interface CartPaths {
  '/v1/carts/init': Route<{ post: Op<{ token: string | null; invalid_product?: boolean }, Cart> }>;
  '/v1/carts/{token}': Route<{ get: Op<never, Cart, { token: string }> }>;
  '/v1/carts/reset': Patch<TokenBody>;
  '/v1/carts/shippings/reset': Patch<TokenBody & { is_removing_address: boolean }>;
  '/v1/carts/products/add': Patch<TokenBody & { variation_key: string; quantity: number }>;
  '/v1/carts/products/modify': Patch<TokenBody & { key: string; quantity: number }>;
  '/v1/carts/products/delete': Patch<TokenBody & { key: string }>;
  '/v1/carts/shippings/add': Patch<TokenBody & { user_address_id?: string; address?: ShippingAddress }>;
  '/v1/carts/shippings/modify': Patch<ShippingModifyBody>;
  '/v1/carts/packings/add': Patch<PackingBody>;
  '/v1/carts/packings/modify': Patch<PackingBody>;
  '/v1/carts/order/modify': Patch<OrderModifyBody>;
  '/v1/carts/other/modify': Patch<TokenBody & { note?: string }>;
  '/v1/carts/coupons/add': Patch<TokenBody & { code: string }>;
  '/v1/carts/coupons/delete': Patch<TokenBody & { code: string }>;
  '/v1/carts/point': Patch<TokenBody & { use_points: number }>;
  '/v1/carts/transaction/error/delete': Patch<TokenBody>;
  '/v1/carts/{token}/decision': Route<{ post: Op<Record<string, never>, Decision, { token: string }> }>;
  '/v1/carts/order/{order_no}': Route<{ get: Op<never, CartOrderSummary, { order_no: string }, { token: string }> }>;
  '/v1/shipping-leadtime/carts/{token}': Route<{
    get: Op<never, Leadtime[], { token: string }, { 'keys[]'?: string[]; choiceMode?: string }>;
  }>;
  '/v1/payments/carts/{token}': Route<{ get: Op<never, CartPaymentOption[], { token: string }> }>;
  '/v1/me/user-cards': Route<{ get: Op<never, SavedCard[] | { data: SavedCard[] }> }>;
  '/v1/ecommerce_events': Route<{
    post: Op<{ name: string; args: unknown; token?: string | null }, EcommerceEvent, never, never, 201>;
  }>;
  '/v1/ecommerce_events/{id}': Route<{ get: Op<never, DecisionData, { id: string }, { token?: string }> }>;
}
