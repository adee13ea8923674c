/**
 * Which lines go to which shipping (ORDER.SHIPPING.IS_ALLOW_MULTIPLE): a line names its shipping
 * by `shipping_key`; a line without one goes to the first shipping (as the server orders it). A
 * shipping that holds no line is not ordered and costs nothing: the screens leave it out.
 */
import type { Cart, CartProduct, CartShipping } from './cart-types';

/** The key of the shipping `line` goes to (null only while the cart has no shipping). */
export function shippingKeyOf(cart: Cart, line: CartProduct): string | null {
  const keys = cart.detail.shippings.map((s) => s.key);
  return line.shipping_key && keys.includes(line.shipping_key) ? line.shipping_key : (keys[0] ?? null);
}

/** The product lines (accessories follow their product) going to `shippingKey`. */
export function productLinesOf(cart: Cart, shippingKey: string): CartProduct[] {
  return cart.detail.products.filter((line) => !line.parent_key && shippingKeyOf(cart, line) === shippingKey);
}

/** The shippings that hold at least one line, in the cart's order. */
export function shippingsInUse(cart: Cart): CartShipping[] {
  const used = new Set(cart.detail.products.map((line) => shippingKeyOf(cart, line)));
  return cart.detail.shippings.filter((s) => used.has(s.key));
}

/** Whether the shop lets one order go to several addresses (front settings). */
export function allowsMultipleShipping(settings: Record<string, unknown>): boolean {
  return settings['ORDER.SHIPPING.IS_ALLOW_MULTIPLE'] === true;
}
