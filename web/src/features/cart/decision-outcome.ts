/**
 * What follows an answer of POST /v1/carts/{token}/decision, for the confirm page (「注文を確定する」)
 * and /cart/authentication (back from 本人認証), which both post it
 * (docs/contracts/three-d-secure.md):
 * - the order is placed → the purchase event and data, the decision kept, the cart cleared, the
 *   complete page;
 * - the card asks for 本人認証 (`next_action`) → what the complete page needs is kept, the cart
 *   token stays (the cart becomes an order only once paid), and the whole page goes to the
 *   gateway's challenge;
 * - the card is declined → back to the payment step, where the cart shows the gateway's message.
 */
import { setCartToken } from '../../api/session';
import { postEcommerceEvent, publishCart, storePurchaseData, type PurchaseData } from '../../domain/cart/cart-store';
import { leaveTo } from '../../lib/navigation';
import { queryClient } from '../../lib/query-client';
import { cartKeys } from './cart-api';
import type { Cart, Decision } from './cart-types';
import { rememberDecision } from './decision-memory';

/** The screen's way to another route (its `navigate`, or one that replaces the entry). */
export type GoTo = (to: string) => void;

export const PAYMENT_DECLINED = 'cart.payment.declined';

export type PurchaseProducts = PurchaseData['products'];

/** The cart's lines as the purchase data names them. */
export function purchaseProductsOf(cart: Cart): PurchaseProducts {
  return cart.detail.products.map((p) => ({
    product_key: p.product_info.product_key,
    name: p.product_info.name,
    variation_name: p.product_info.variation_name,
    unit_price: p.unit_price,
    quantity: p.quantity,
  }));
}

function purchaseDataOf(decision: Decision, products: PurchaseProducts, eventId: string | null): PurchaseData {
  return { order_no: decision.order_no, total_payment: decision.total_payment, event_id: eventId, products };
}

/** The order is placed: record the purchase, forget the cart, show the complete page. */
export async function completeOrder(
  decision: Decision,
  cartToken: string,
  products: PurchaseProducts,
  goTo: GoTo,
): Promise<void> {
  const eventId = await postEcommerceEvent('purchase', {
    order_no: decision.order_no,
    total_payment: decision.total_payment,
  });
  storePurchaseData(purchaseDataOf(decision, products, eventId));
  rememberDecision(decision, cartToken);
  // The cart became an order: the next purchase starts a new cart.
  setCartToken(null);
  publishCart({ token: '', detail: { products: [] } });
  queryClient.removeQueries({ queryKey: cartKeys.all });
  goTo(`/cart/complete?order_no=${encodeURIComponent(decision.order_no)}`);
}

/**
 * The card asks for 本人認証: keep what the complete page needs after the full page load (the
 * decision, with the guest's one-time receipt token, and the purchased lines: the cart may be
 * gone by then), and go to the challenge. The cart token stays.
 */
export function startAuthentication(
  decision: Decision,
  redirectUrl: string,
  cartToken: string,
  products: PurchaseProducts,
): void {
  rememberDecision(decision, cartToken);
  storePurchaseData(purchaseDataOf(decision, products, null));
  leaveTo(redirectUrl);
}

/** The card was declined: the cart keeps its lines and carries the message (transaction_error). */
export async function returnToPayment(goTo: GoTo): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: cartKeys.current() });
  goTo('/cart/payment');
}
