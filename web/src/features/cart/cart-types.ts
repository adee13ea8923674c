/**
 * The cart and checkout types, picked from the generated schema (api/schema.d.ts, regenerated
 * from the merged server) by path, so they cannot drift from what the server answers; the few the
 * server leaves optional (`?: T | null`) are read with `??` by the screens.
 */
import type { BodyOf, CartSocialGift, JsonOf, OrderGift, SocialReceiverInput } from '../../api/types';

export type Cart = JsonOf<'/v1/carts/{token}'>;
export type CartDetail = Cart['detail'];
export type CartProduct = CartDetail['products'][number];
export type CartProductInfo = CartProduct['product_info'];
export type StockStatus = CartProductInfo['stock_status'];
/** A shipping; `wrapping_allowed` / `noshi_allowed` are false when a product on it takes no wrapping / のし. */
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
export type Decision = JsonOf<'/v1/carts/{token}/decision', 'post'>;
export type BankAccount = NonNullable<Decision['bank_account']>;
/** GET /v1/carts/order/{order_no}?token= (the order JSON of the orders feature). */
export type CartOrderSummary = JsonOf<'/v1/carts/order/{order_no}'>;
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

// ---- Social gift (docs/social-gift-api.md) ----------------------------------------------------

/** `social_gift` of every cart answer: offered, allowed (or why not), days, carriage, receiver. */
export type { CartSocialGift, OrderGift };
/** Who the gift is for and from, and the buyer's message; set on a cart that is a gift. */
export type GiftReceiver = NonNullable<CartSocialGift['receiver']>;
/** `social_gift` of the decision answer: the link, shown once. */
export type DecisionGift = NonNullable<Decision['social_gift']>;
/** PATCH /v1/carts/social/receiver. */
export type SocialReceiverBody = SocialReceiverInput;
