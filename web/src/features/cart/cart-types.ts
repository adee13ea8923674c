/**
 * The cart and checkout types, picked from the generated schema (api/schema.d.ts, regenerated
 * from the merged server) by path, so they cannot drift from what the server answers. The names
 * are the contract's (/work/checkout-contract.md); the few the server leaves optional
 * (`?: T | null`) are read with `??` by the screens.
 */
import type { BodyOf, JsonOf } from '../../api/types';

/** The cart's social gift (docs/social-gift-api.md, "Cart answer"): see CartSocialGift. */
export type Cart = JsonOf<'/v1/carts/{token}'> & { social_gift?: CartSocialGift | null };
export type CartDetail = Cart['detail'];
export type CartProduct = CartDetail['products'][number];
export type CartProductInfo = CartProduct['product_info'];
export type StockStatus = CartProductInfo['stock_status'];
export type CartShipping = CartDetail['shippings'][number];
export type ShippingAddress = NonNullable<CartShipping['address']>;
export type CartPacking = CartShipping['packing'];
export type CartCoupon = CartDetail['coupons'][number];
export type CartOrder = CartDetail['order'];
export type TaxRateAmount = CartOrder['amount_by_tax_rate'][number];
export type Orderer = NonNullable<CartOrder['orderer']>;
export type CartPaymentMethod = NonNullable<CartOrder['payment_method']>;
export type CartCard = NonNullable<CartOrder['card']>;
/** products, shipping_address, payment_method, card, payment_unavailable, orderer, coupon (server). */
export type MissingStep = CartOrder['missing'][number];

export type Leadtime = JsonOf<'/v1/shipping-leadtime/carts/{token}'>[number];
export type Choice = Leadtime['timezones'][number];
export type CartPaymentOption = JsonOf<'/v1/payments/carts/{token}'>[number];
export type Decision = JsonOf<'/v1/carts/{token}/decision', 'post'> & { social_gift?: DecisionGift | null };
export type BankAccount = NonNullable<Decision['bank_account']>;
/** GET /v1/carts/order/{order_no}?token= (the order JSON of the orders feature). */
export type CartOrderSummary = JsonOf<'/v1/carts/order/{order_no}'> & { social_gift?: OrderGift | null };
export type SavedCard = JsonOf<'/v1/me/user-cards'>['data'][number];
export type EcommerceEvent = JsonOf<'/v1/ecommerce_events', 'post'>;
export type DecisionData = JsonOf<'/v1/ecommerce_events/{id}'>;

/** A gift wrapping of ORDER.PACKINGS (from /v1/settings/front). */
export interface Wrapping {
  key: string;
  label: string;
  price: number;
}

export type ShippingModifyBody = BodyOf<'/v1/carts/shippings/modify', 'patch'>;
export type PackingBody = BodyOf<'/v1/carts/packings/modify', 'patch'>;
export type OrderModifyBody = BodyOf<'/v1/carts/order/modify', 'patch'>;

// ---- Social gift (docs/social-gift-api.md), written by hand until the schema has it ----------

/** Who the gift is for and from, and the buyer's message; non-null on a cart that is a gift. */
export interface GiftReceiver {
  receiver_name: string;
  sender_name: string;
  message: string;
}

/** `social_gift` of every cart answer. */
export interface CartSocialGift {
  /** The shop has social gift on. */
  offered: boolean;
  /** This cart may be a gift now. */
  allowed: boolean;
  /** Why not, in Japanese (products, several addresses …). */
  unavailable_reason: string | null;
  /** How many days the recipient has. */
  days: number;
  /** The carriage a gift is charged (yen). */
  carriage: number;
  payment_codes: string[];
  receiver: GiftReceiver | null;
}

/** `social_gift` of the decision answer: the link, shown once. */
export interface DecisionGift {
  url: string;
  expires_at: string;
}

/** PATCH /v1/carts/social/receiver. */
export interface SocialReceiverBody {
  token: string;
  is_social_gift: boolean;
  receiver_name?: string;
  sender_name?: string;
  message?: string;
}

/** `social_gift` of an order (the order JSON): never the recipient's address, only the prefecture. */
export interface OrderGift {
  receiver_name: string;
  sender_name: string;
  message: string;
  state: 'waiting' | 'accepted' | 'expired' | 'cancelled';
  /** 受取人入力待ち / お届け先登録済み / 受け取り期限切れ / 取り消し */
  state_label: string;
  expires_at: string;
  prefecture: string | null;
  delivery_date: string | null;
  delivery_timezone_label: string | null;
}
