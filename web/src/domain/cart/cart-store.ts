/**
 * The cart's client rules (spec 000 §4 Cart, §8, §9), shared by the cart screens, the product
 * page's カートに入れる and the header's cart link — so it lives in lib, not in a feature:
 * - the cart token in localStorage (api/session: logout removes it unless told to keep it);
 * - `initCart`: POST /v1/carts/init, serialised — a caller arriving while an init runs waits for
 *   it, except an init for product_not_found, which runs on its own; run at app start (when
 *   there is a cart or a member) and at login, so a guest cart becomes the member's;
 * - `handleCartError`: the error catalogue of §8 (expired → re-init + /cart/, unknown user
 *   address → one shipping reset, product gone / not on sale → re-init, else a toast);
 * - the payment-in-progress cookie, the purchase data kept 30 minutes, ecommerce events that
 *   fail silently; the item count for the header.
 */
import { api, apiInstance, load } from '../../api/client';
import { ApiError, isSilentError } from '../../lib/api-error';
import type { JsonOf } from '../../api/types';
import { track, trackedLine } from '../analytics/analytics';
import { recommendationClick } from '../analytics/recommendation-click';
import { eventPopupStore, popupOfEvent } from '../popup/event-popup';
import { trackLoad } from '../../lib/load-tasks';
import { navigateTo } from '../../lib/navigation';
import { getCartToken, sessionStore, setCartToken } from '../../api/session';
import { createStore, useStore } from '../../lib/store';
import { local, readStorage, writeStorage } from '../../lib/storage';
import { showError, showToast } from '../../lib/toast';

/** What these rules need of a cart answer (the full shape: features/cart/cart-types.ts). */
export interface CartCore {
  token: string;
  removed_products?: string[];
  reason?: string | null;
  detail: { products: { quantity: number; parent_key?: string | null }[] };
}

export const CART_EXPIRED = 'cart.common.is_expired';
/** The cart's card order was cancelled because its payment never completed: start again. */
export const ORDER_CANCELLED = 'cart.decision.cancelled';
export const ADDRESS_NOT_FOUND = 'cart_detail.set_user_address.not_data';
export const NOT_ON_SALE = 'cart.update_products.not_sale';
export const PRODUCT_NOT_FOUND = 'product_not_found';

export const CART_PATH = '/cart/';
/** The load task of the cart taken over at login. */
export const LOGIN_CART_TASK = 'login';
export const PURCHASE_DATA_KEY = 'shop.purchaseData';
export const PURCHASE_DATA_TTL_MS = 1_800_000;
export const PAYMENT_COOKIE = 'shop_payment_in_progress';
/** The cookie outlives a closed tab only briefly: a payment answers within seconds. */
const PAYMENT_COOKIE_SECONDS = 600;

export const GENERIC_CART_ERROR = 'エラーが発生しました。時間をおいて再度お試しください。';

const cartCore = () => api();

/** The cart JSON every cart endpoint answers (init adds `reason`). */
export type CartAnswer = JsonOf<'/v1/carts/init', 'post'>;

// ---- The cart as the header and the screens see it -------------------------------------------

/** Items in the cart (accessory lines included), null until a cart answer was seen. */
export const cartCountStore = createStore<number | null>(null);
/** Set when a shipping reset after ADDRESS_NOT_FOUND failed (spec 000 §4). */
export const shippingResetFailedStore = createStore<boolean>(false);

export const useCartCount = (): number | null => useStore(cartCountStore);

type CartListener = (cart: CartCore) => void;
const listeners = new Set<CartListener>();

/** Called with every cart answer (the cart screens put it in their query cache). */
export function onCartAnswer(listener: CartListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A cart answer from any call: keep its token and count, tell the screens. */
export function publishCart<C extends CartCore>(cart: C): C {
  if (cart.token) setCartToken(cart.token);
  cartCountStore.set(cart.detail.products.reduce((sum, p) => sum + p.quantity, 0));
  for (const listener of [...listeners]) listener(cart);
  return cart;
}

export const cartToken = getCartToken;

// ---- Init, serialised ------------------------------------------------------------------------

let running: Promise<CartAnswer> | null = null;

export interface InitOptions {
  /** Drop lines that are gone / not on sale (the server answers reason product_not_found). */
  invalidProduct?: boolean;
  /** Start a new cart (the stored one expired). */
  fresh?: boolean;
  /** Run after the running init instead of sharing it (a login: the bearer token changed). */
  after?: boolean;
  /** Why: an init for product_not_found does not wait for a running one (spec 000 §4). */
  reason?: typeof PRODUCT_NOT_FOUND;
}

/**
 * POST /v1/carts/init, serialised (spec 000 §4: concurrent calls wait): a plain call shares the
 * running init; one that needs its own answer (invalid_product, a login) waits for the running
 * one and then asks with the token it left; an init for product_not_found or for an expired cart
 * does not wait.
 */
export function initCart(options: InitOptions = {}): Promise<CartAnswer> {
  const alone = options.reason === PRODUCT_NOT_FOUND || options.fresh === true;
  const own = options.after === true || options.invalidProduct === true;
  if (running && !alone && !own) return running;
  const before = running && !alone ? running : null;
  if (options.fresh) setCartToken(null);
  const call = (async () => {
    if (before) await before.catch(() => undefined);
    const token = options.fresh ? null : getCartToken();
    const body = options.invalidProduct ? { token, invalid_product: true } : { token };
    const { data } = await load(cartCore().POST('/v1/carts/init', { body }));
    return publishCart(data);
  })();
  running = call;
  // The next screen waits for these (lib/load-tasks): a re-init "named by the reason", and the
  // guest cart taken over at login, so the cart and its count are the new ones when it opens.
  if (options.reason) trackLoad(options.reason, call).catch(() => undefined);
  else if (options.after) trackLoad(LOGIN_CART_TASK, call).catch(() => undefined);
  const clear = () => {
    if (running === call) running = null;
  };
  call.then(clear, clear);
  return call;
}

/** Whether a cart init is on its way (a token may be coming). */
export function isCartInitRunning(): boolean {
  return running !== null;
}

/** The stored cart token, or a new cart's. */
export async function ensureCartToken(): Promise<string> {
  if (running) return (await running).token;
  return getCartToken() ?? (await initCart()).token;
}

/**
 * What an init's `reason` means for the screen (spec 000 §8): product_not_found on the confirm
 * step with nothing left → back to /cart/; otherwise the removed names as a notice; any other
 * reason as an error toast.
 */
export function applyInitReason(cart: CartCore, pathname: string): void {
  const reason = cart.reason;
  if (!reason) return;
  if (reason === PRODUCT_NOT_FOUND) {
    if (pathname.startsWith('/cart/confirm') && cart.detail.products.length === 0) {
      navigateTo(CART_PATH);
      return;
    }
    const names = cart.removed_products ?? [];
    if (names.length > 0) {
      showToast(`販売が終了した商品をカートから削除しました：${names.join('、')}`, 'warning');
    }
    return;
  }
  showError(reason);
}

// ---- The error catalogue ---------------------------------------------------------------------

export type CartErrorOutcome = 'silent' | 'reinitialised' | 'shipping-reset' | 'field' | 'toast';

let resetting: Promise<void> | null = null;

/** PATCH /v1/carts/shippings/reset, once however many calls fail together. */
function resetShippingOnce(): Promise<void> {
  const token = getCartToken();
  if (!token) return Promise.resolve();
  resetting ??= (async () => {
    try {
      const { data } = await load(
        cartCore().PATCH('/v1/carts/shippings/reset', { body: { token, is_removing_address: true } }),
      );
      publishCart(data);
      shippingResetFailedStore.set(false);
    } catch {
      shippingResetFailedStore.set(true);
    }
  })().finally(() => {
    resetting = null;
  });
  return resetting;
}

/**
 * A failed cart call, by the rules of spec 000 §8. `pathname` is the screen's path. Resolves
 * what was done; field errors (422 with `errors`) are left to the form.
 */
export async function handleCartError(error: unknown, pathname: string): Promise<CartErrorOutcome> {
  if (isSilentError(error)) return 'silent';
  if (!(error instanceof ApiError)) {
    showError(GENERIC_CART_ERROR);
    return 'toast';
  }
  const code = error.code ?? '';
  if (code === CART_EXPIRED || code === ORDER_CANCELLED) {
    showError(error.message);
    try {
      await initCart({ fresh: true });
    } catch {
      // The next screen asks again.
    }
    if (pathname.startsWith('/cart')) navigateTo(CART_PATH);
    return 'reinitialised';
  }
  if (error.status === 422 && code === ADDRESS_NOT_FOUND) {
    showError(error.message);
    await resetShippingOnce();
    return 'shipping-reset';
  }
  if (code.includes(PRODUCT_NOT_FOUND) || code === NOT_ON_SALE) {
    showError(error.message);
    try {
      const cart = await initCart({ invalidProduct: true, reason: PRODUCT_NOT_FOUND });
      applyInitReason(cart, pathname);
    } catch {
      // Shown already.
    }
    return 'reinitialised';
  }
  if (error.status === 422 && Object.keys(error.errors).length > 0) return 'field';
  showError(error.message || GENERIC_CART_ERROR);
  return 'toast';
}

// ---- Add to cart (product page) --------------------------------------------------------------

/** Sends an add with the stored token; an expired cart is replaced once and the add sent again. */
async function addWithFreshCart(send: (token: string) => Promise<CartAnswer>): Promise<CartAnswer> {
  try {
    return publishCart(await send(await ensureCartToken()));
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== CART_EXPIRED) throw error;
    await initCart({ fresh: true });
    return publishCart(await send(await ensureCartToken()));
  }
}

/** PATCH /v1/carts/products/add; an expired cart is replaced once and the line added to the new one. */
export async function addToCart(variationKey: string, quantity: number): Promise<CartAnswer> {
  const cart = await addWithFreshCart(
    async (token) =>
      (
        await load(
          cartCore().PATCH('/v1/carts/products/add', { body: { token, variation_key: variationKey, quantity } }),
        )
      ).data,
  );
  void postEcommerceEvent('add_to_cart', { variation_key: variationKey, quantity });
  trackAdded(cart, [{ variation_key: variationKey, quantity }]);
  return cart;
}

/** add_to_cart for the data layer (domain/analytics/analytics): the product lines added, in the added quantities. */
function trackAdded(cart: CartAnswer, items: readonly SetItem[]): void {
  try {
    const lines = items.flatMap((item) => {
      const line = cart.detail.products.find(
        (l) => !l.parent_key && l.product_info.variation_key === item.variation_key,
      );
      return line ? [trackedLine(line, item.quantity)] : [];
    });
    if (lines.length > 0) track({ name: 'add_to_cart', lines });
  } catch {
    // Tracking fails silently (spec 000 §8): the add itself went through.
  }
}

/**
 * PATCH /v1/carts/accessories/add: `variationKey` under the product line `lineKey` (the server
 * checks it is an accessory of that product, and the stock).
 */
export async function addAccessoryToCart(lineKey: string, variationKey: string, quantity: number): Promise<CartAnswer> {
  const token = await ensureCartToken();
  const { data } = await load(
    cartCore().PATCH('/v1/carts/accessories/add', {
      body: { token, key: lineKey, variation_key: variationKey, quantity },
    }),
  );
  return publishCart(data);
}

/** The product line (not an accessory line) of `variationKey` in a cart answer. */
export function productLineOf(cart: CartAnswer, variationKey: string): string | null {
  return (
    cart.detail.products.find((line) => !line.parent_key && line.product_info.variation_key === variationKey)?.key ??
    null
  );
}

export interface SetItem {
  variation_key: string;
  quantity: number;
}

/**
 * PATCH /v1/carts/products/add-set (まとめて注文): every item in one call, all or none — a 422
 * for any item leaves the cart as it was. An expired cart is replaced once, as for one item.
 */
export async function addSetToCart(items: readonly SetItem[]): Promise<CartAnswer> {
  const cart = await addWithFreshCart(
    async (token) =>
      (await load(cartCore().PATCH('/v1/carts/products/add-set', { body: { token, items: [...items] } }))).data,
  );
  void postEcommerceEvent('add_to_cart', { items });
  trackAdded(cart, items);
  return cart;
}

// ---- Start and login -------------------------------------------------------------------------

let started = false;
let wasLogin = false;

/**
 * Once per page load (the header calls it): init when there is a cart or a member, and again at
 * every login so the guest cart becomes the member's. At logout the count goes with the token.
 */
export function startCart(): void {
  if (started) return;
  started = true;
  wasLogin = sessionStore.get().isLogin;
  if (getCartToken() !== null || wasLogin) void initCart().catch(() => undefined);
  sessionStore.subscribe(() => {
    const isLogin = sessionStore.get().isLogin;
    if (isLogin && !wasLogin) void initCart({ after: true }).catch(() => undefined);
    wasLogin = isLogin;
  });
}

/** After logout (domain/auth/logout): the count follows whether the cart token was kept. */
export function afterLogout(): void {
  if (getCartToken() === null) cartCountStore.set(null);
}

/** For tests: forget the module's memory. */
export function resetCartStore(): void {
  running = null;
  resetting = null;
  started = false;
  wasLogin = false;
  cartCountStore.set(null);
  shippingResetFailedStore.set(false);
}

// ---- Payment in progress (cookie) ------------------------------------------------------------

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const found = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return found ? decodeURIComponent(found.slice(name.length + 1)) : null;
}

function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  // Not the Cookie Store API: it is asynchronous (the double-submit check must not be), and
  // Safari before 18.4 and jsdom lack it.
  // biome-ignore lint/suspicious/noDocumentCookie: synchronous on purpose (see above)
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${maxAgeSeconds}; SameSite=Lax`;
}

export function isPaymentInProgress(): boolean {
  return readCookie(PAYMENT_COOKIE) !== null;
}

/** Marks the payment as started; false when one is already running (a double submission). */
export function beginPayment(): boolean {
  if (isPaymentInProgress()) return false;
  writeCookie(PAYMENT_COOKIE, '1', PAYMENT_COOKIE_SECONDS);
  return true;
}

/** The payment finished (success or failure): the flag is consumed. */
export function finishPayment(): void {
  writeCookie(PAYMENT_COOKIE, '', 0);
}

// ---- Purchase data for analytics (30 minutes) ------------------------------------------------

export interface PurchaseData {
  order_no: string;
  total_payment: number;
  /** The ecommerce event's id, when the purchase event was recorded. */
  event_id?: string | null;
  products: {
    product_key: string;
    name: string;
    variation_name?: string | null;
    unit_price: number;
    quantity: number;
  }[];
}

export function storePurchaseData(data: PurchaseData, now: number = Date.now()): void {
  writeStorage(local(), PURCHASE_DATA_KEY, JSON.stringify({ saved_at: now, data }));
}

/** The stored purchase data while younger than 30 minutes; older data is removed. */
export function readPurchaseData(now: number = Date.now()): PurchaseData | null {
  const raw = readStorage(local(), PURCHASE_DATA_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as { saved_at?: unknown; data?: PurchaseData };
    if (typeof parsed.saved_at === 'number' && now - parsed.saved_at < PURCHASE_DATA_TTL_MS && parsed.data) {
      return parsed.data;
    }
  } catch {
    // Unreadable: treated as absent.
  }
  clearPurchaseData();
  return null;
}

export function clearPurchaseData(): void {
  writeStorage(local(), PURCHASE_DATA_KEY, null);
}

// ---- Ecommerce events (fail silently) --------------------------------------------------------

/**
 * POST /v1/ecommerce_events {name, args, token, logreco_rcmd_ct (this visit's recommendation
 * click, or null)}; its id, or null when it did not go through. A
 * popup in the answer goes to `eventPopupStore` (shown by the popup host).
 * Sent through the policy fetch without `load`, so a failure leaves no error behind.
 */
export async function postEcommerceEvent(name: string, args: unknown): Promise<string | null> {
  try {
    const { deps, fetch } = apiInstance();
    const response = await fetch(
      new Request(`${deps.baseUrl}/v1/ecommerce_events`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ name, args, token: getCartToken(), logreco_rcmd_ct: recommendationClick() }),
      }),
    );
    if (!response.ok) return null;
    const body = (await response.json()) as { id?: unknown };
    const popup = popupOfEvent(body);
    if (popup) eventPopupStore.set(popup);
    return typeof body.id === 'string' ? body.id : null;
  } catch {
    return null;
  }
}
