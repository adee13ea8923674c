import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../api/client';
import { createFakeFetch, json, type FakeFetch } from '../../test/fake-fetch';
import {
  PURCHASE_DATA_TTL_MS,
  addToCart,
  afterLogout,
  applyInitReason,
  beginPayment,
  cartCountStore,
  finishPayment,
  handleCartError,
  initCart,
  isPaymentInProgress,
  postEcommerceEvent,
  readPurchaseData,
  resetCartStore,
  shippingResetFailedStore,
  startCart,
  storePurchaseData,
} from './cart-store';
import { pendingLoadTasks } from '../../lib/load-tasks';
import { setNavigator } from '../../lib/navigation';
import { CART_TOKEN_KEY, applyGrant, clearSession, getCartToken, setCartToken } from '../../api/session';
import { showError, showToast } from '../../lib/toast';
import { ApiError } from '../../lib/api-error';

vi.mock('../../lib/toast', () => ({ showToast: vi.fn(), showError: vi.fn() }));

const ORIGIN = 'http://shop.test';

function cartOf(token: string, quantities: number[] = [], extra: Record<string, unknown> = {}) {
  return {
    token,
    order_no: null,
    removed_products: [],
    reason: null,
    detail: { products: quantities.map((quantity, i) => ({ key: `l${i}`, quantity, parent_key: null })) },
    ...extra,
  };
}

async function bodyOf(request: Request): Promise<Record<string, unknown>> {
  return (await request.clone().json()) as Record<string, unknown>;
}

let fake: FakeFetch;
let navigate: ReturnType<typeof vi.fn<(to: string, options?: { replace?: boolean }) => void>>;

beforeEach(() => {
  resetCartStore();
  fake = createFakeFetch();
  configureApi({ baseUrl: ORIGIN, channel: 'demo', fetch: fake.fetch });
  navigate = vi.fn<(to: string, options?: { replace?: boolean }) => void>();
  setNavigator(navigate);
  vi.mocked(showToast).mockClear();
  vi.mocked(showError).mockClear();
  finishPayment();
});

afterEach(() => {
  resetCartStore();
});

describe('cart init', () => {
  it('is serialised: concurrent callers share one call; the token and count are kept', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    fake.on('POST', '/v1/carts/init', async () => {
      await gate;
      return json(cartOf('tok-1', [2, 1]));
    });

    const first = initCart();
    const second = initCart();
    release();
    const [a, b] = await Promise.all([first, second]);

    expect(fake.callsTo('/v1/carts/init')).toHaveLength(1);
    expect(a).toBe(b);
    expect(getCartToken()).toBe('tok-1');
    expect(cartCountStore.get()).toBe(3);
  });

  it('runs an init for product_not_found at once, with invalid_product', async () => {
    setCartToken('tok-1');
    fake.on('POST', '/v1/carts/init', async (request) => {
      const body = await bodyOf(request);
      return json(cartOf('tok-1', body.invalid_product ? [1] : [1, 1]));
    });
    const plain = initCart();
    const invalid = initCart({ invalidProduct: true, reason: 'product_not_found' });
    expect(fake.callsTo('/v1/carts/init')).toHaveLength(2);
    await Promise.all([plain, invalid]);
    const calls = fake.callsTo('/v1/carts/init');
    expect(await bodyOf(calls[0]!)).toEqual({ token: 'tok-1' });
    expect(await bodyOf(calls[1]!)).toEqual({ token: 'tok-1', invalid_product: true });
  });

  it('a screen init waits for the running one and asks with the token it left', async () => {
    setCartToken('guest');
    fake.on('POST', '/v1/carts/init', async (request) => {
      const body = await bodyOf(request);
      return json(cartOf(body.token === 'guest' ? 'merged' : String(body.token), [1]));
    });
    const login = initCart({ after: true });
    const screen = initCart({ invalidProduct: true });
    expect(fake.callsTo('/v1/carts/init')).toHaveLength(1);
    await Promise.all([login, screen]);
    const calls = fake.callsTo('/v1/carts/init');
    expect(calls).toHaveLength(2);
    expect(await bodyOf(calls[1]!)).toEqual({ token: 'merged', invalid_product: true });
  });

  it('sends the stored token (a guest cart) with the member bearer at login', async () => {
    setCartToken('guest-cart');
    fake.on('POST', '/v1/carts/init', (request) =>
      json(cartOf(request.headers.has('authorization') ? 'member-cart' : 'guest-cart', [1])),
    );
    startCart();
    await vi.waitFor(() => expect(fake.callsTo('/v1/carts/init')).toHaveLength(1));
    applyGrant({ access_token: 'member-token', expires_in: 600 });
    await vi.waitFor(() => expect(fake.callsTo('/v1/carts/init')).toHaveLength(2));
    const atLogin = fake.callsTo('/v1/carts/init')[1]!;
    expect(atLogin.headers.get('authorization')).toBe('Bearer member-token');
    expect(await bodyOf(atLogin)).toEqual({ token: 'guest-cart' });
    await vi.waitFor(() => expect(getCartToken()).toBe('member-cart'));
  });

  it('is a pending load task while it re-inits for product_not_found or takes the cart over at login', async () => {
    setCartToken('guest');
    let answer: () => void = () => undefined;
    fake.on(
      'POST',
      '/v1/carts/init',
      () => new Promise<Response>((resolve) => (answer = () => resolve(json(cartOf('t', [1]))))),
    );
    const reinit = initCart({ invalidProduct: true, reason: 'product_not_found' });
    expect(pendingLoadTasks()).toEqual(['product_not_found']);
    answer();
    await reinit;
    expect(pendingLoadTasks()).toEqual([]);

    const login = initCart({ after: true });
    expect(pendingLoadTasks()).toEqual(['login']);
    await vi.waitFor(() => expect(fake.callsTo('/v1/carts/init')).toHaveLength(2));
    answer();
    await login;
    expect(pendingLoadTasks()).toEqual([]);
    // A plain init (the header's, at start) holds no navigation.
    void initCart();
    expect(pendingLoadTasks()).toEqual([]);
  });

  it('does not create a cart at start for a visitor without one', () => {
    startCart();
    expect(fake.callsTo('/v1/carts/init')).toHaveLength(0);
  });
});

describe('logout', () => {
  it('removes the cart token and the count unless told to keep the cart', () => {
    setCartToken('tok-1');
    cartCountStore.set(2);
    clearSession({ keepCart: true });
    afterLogout();
    expect(getCartToken()).toBe('tok-1');
    expect(cartCountStore.get()).toBe(2);

    clearSession();
    afterLogout();
    expect(window.localStorage.getItem(CART_TOKEN_KEY)).toBeNull();
    expect(cartCountStore.get()).toBeNull();
  });
});

describe('the error catalogue (spec 000 §8)', () => {
  const expired = new ApiError(422, {
    message: 'カートの有効期限が切れました。もう一度商品をお選びください。',
    code: 'cart.common.is_expired',
  });

  it('an expired cart on a /cart/ page: a new cart, the message, and /cart/', async () => {
    setCartToken('old');
    fake.on('POST', '/v1/carts/init', json(cartOf('new', [])));
    await expect(handleCartError(expired, '/cart/payment')).resolves.toBe('reinitialised');
    expect(await bodyOf(fake.callsTo('/v1/carts/init')[0]!)).toEqual({ token: null });
    expect(getCartToken()).toBe('new');
    expect(showError).toHaveBeenCalledWith('カートの有効期限が切れました。もう一度商品をお選びください。');
    expect(navigate).toHaveBeenCalledWith('/cart/', undefined);
  });

  it('a card order cancelled for want of payment starts a new cart with the reason', async () => {
    setCartToken('old');
    fake.on('POST', '/v1/carts/init', json(cartOf('new', [])));
    const cancelled = new ApiError(422, {
      message:
        'このご注文（RP000123）はお支払いが確認できなかったため取り消されました。お手数ですが、もう一度ご注文ください。',
      code: 'cart.decision.cancelled',
    });
    await expect(handleCartError(cancelled, '/cart/confirm')).resolves.toBe('reinitialised');
    expect(getCartToken()).toBe('new');
    expect(showError).toHaveBeenCalledWith(cancelled.message);
    expect(navigate).toHaveBeenCalledWith('/cart/', undefined);
  });

  it('an unknown user address resets the shipping once, however many calls failed', async () => {
    setCartToken('tok');
    fake.on('PATCH', '/v1/carts/shippings/reset', json(cartOf('tok', [1])));
    const error = new ApiError(422, {
      message: 'お届け先が見つかりません',
      code: 'cart_detail.set_user_address.not_data',
    });
    await Promise.all([
      handleCartError(error, '/cart/shipping-select'),
      handleCartError(error, '/cart/shipping-select'),
    ]);
    const resets = fake.callsTo('/v1/carts/shippings/reset');
    expect(resets).toHaveLength(1);
    expect(await bodyOf(resets[0]!)).toEqual({ token: 'tok', is_removing_address: true });
    expect(shippingResetFailedStore.get()).toBe(false);
  });

  it('a failed shipping reset sets the failure flag', async () => {
    setCartToken('tok');
    fake.on('PATCH', '/v1/carts/shippings/reset', json({ message: 'だめ' }, { status: 500 }));
    const error = new ApiError(422, { message: 'x', code: 'cart_detail.set_user_address.not_data' });
    await handleCartError(error, '/cart/shipping-select');
    expect(shippingResetFailedStore.get()).toBe(true);
  });

  it.each(['cart.update_products.product_not_found', 'cart.update_products.not_sale'])(
    '%s re-initialises the cart and names the removed products',
    async (code) => {
      setCartToken('tok');
      fake.on(
        'POST',
        '/v1/carts/init',
        json(cartOf('tok', [1], { reason: 'product_not_found', removed_products: ['エナジージェル', 'グローブ'] })),
      );
      await expect(handleCartError(new ApiError(422, { message: '販売終了', code }), '/cart')).resolves.toBe(
        'reinitialised',
      );
      expect(await bodyOf(fake.callsTo('/v1/carts/init')[0]!)).toEqual({ token: 'tok', invalid_product: true });
      expect(showToast).toHaveBeenCalledWith(
        '販売が終了した商品をカートから削除しました：エナジージェル、グローブ',
        'warning',
      );
    },
  );

  it('other failures become an error toast; field errors are left to the form', async () => {
    await expect(
      handleCartError(
        new ApiError(422, { message: '入力エラー', errors: { code: ['存在しないクーポンです'] } }),
        '/cart',
      ),
    ).resolves.toBe('field');
    expect(showError).not.toHaveBeenCalled();
    await expect(handleCartError(new ApiError(500, { message: 'エラーが発生しました' }), '/cart')).resolves.toBe(
      'toast',
    );
    expect(showError).toHaveBeenCalledWith('エラーが発生しました');
  });
});

describe('init reasons', () => {
  it('product_not_found on the confirm step with nothing left goes back to /cart/', () => {
    applyInitReason(cartOf('t', [], { reason: 'product_not_found', removed_products: ['A'] }), '/cart/confirm');
    expect(navigate).toHaveBeenCalledWith('/cart/', undefined);
    expect(showToast).not.toHaveBeenCalled();
  });

  it('product_not_found elsewhere lists the removed names; another reason is an error toast', () => {
    applyInitReason(cartOf('t', [1], { reason: 'product_not_found', removed_products: ['A'] }), '/cart/confirm');
    expect(navigate).not.toHaveBeenCalled();
    expect(showToast).toHaveBeenCalledWith('販売が終了した商品をカートから削除しました：A', 'warning');
    applyInitReason(cartOf('t', [1], { reason: 'カートを作り直しました' }), '/cart');
    expect(showError).toHaveBeenCalledWith('カートを作り直しました');
  });
});

describe('add to cart', () => {
  it('makes a cart first, adds, counts and posts the add_to_cart event', async () => {
    fake
      .on('POST', '/v1/carts/init', json(cartOf('tok', [])))
      .on('PATCH', '/v1/carts/products/add', json(cartOf('tok', [2])))
      .on('POST', '/v1/ecommerce_events', json({ id: 'ev1', popup: null }, { status: 201 }));
    await addToCart('var-1', 2);
    expect(await bodyOf(fake.callsTo('/v1/carts/products/add')[0]!)).toEqual({
      token: 'tok',
      variation_key: 'var-1',
      quantity: 2,
    });
    expect(cartCountStore.get()).toBe(2);
    await vi.waitFor(() => expect(fake.callsTo('/v1/ecommerce_events')).toHaveLength(1));
    expect(await bodyOf(fake.callsTo('/v1/ecommerce_events')[0]!)).toEqual({
      name: 'add_to_cart',
      args: { variation_key: 'var-1', quantity: 2 },
      token: 'tok',
      logreco_rcmd_ct: null,
    });
  });

  it('replaces an expired cart once and adds to the new one', async () => {
    setCartToken('old');
    fake
      .on('POST', '/v1/carts/init', json(cartOf('new', [])))
      .on('PATCH', '/v1/carts/products/add', async (request) =>
        (await bodyOf(request)).token === 'old'
          ? json({ message: '期限切れ', code: 'cart.common.is_expired' }, { status: 422 })
          : json(cartOf('new', [1])),
      );
    await addToCart('v', 1);
    expect(fake.callsTo('/v1/carts/products/add')).toHaveLength(2);
    expect(getCartToken()).toBe('new');
  });
});

describe('payment in progress', () => {
  it('is a cookie that blocks a second submission until the payment finishes', () => {
    expect(isPaymentInProgress()).toBe(false);
    expect(beginPayment()).toBe(true);
    expect(document.cookie).toContain('shop_payment_in_progress=1');
    expect(beginPayment()).toBe(false);
    finishPayment();
    expect(isPaymentInProgress()).toBe(false);
    expect(beginPayment()).toBe(true);
    finishPayment();
  });
});

describe('purchase data', () => {
  const data = { order_no: 'RP00000001', total_payment: 5000, event_id: 'ev', products: [] };

  it('is kept 30 minutes (1,800,000 ms), then forgotten', () => {
    storePurchaseData(data, 1_000);
    expect(readPurchaseData(1_000 + PURCHASE_DATA_TTL_MS - 1)).toEqual(data);
    expect(readPurchaseData(1_000 + PURCHASE_DATA_TTL_MS)).toBeNull();
    expect(readPurchaseData(1_000)).toBeNull();
  });
});

describe('ecommerce events', () => {
  it('fail silently', async () => {
    fake.on('POST', '/v1/ecommerce_events', json({ message: 'だめ' }, { status: 500 }));
    await expect(postEcommerceEvent('purchase', {})).resolves.toBeNull();
    const offline = createFakeFetch();
    configureApi({
      baseUrl: ORIGIN,
      channel: 'demo',
      fetch: () => Promise.reject(new TypeError('offline')),
      navigationType: () => 'navigate',
    });
    await expect(postEcommerceEvent('purchase', {})).resolves.toBeNull();
    expect(offline.calls).toHaveLength(0);
  });
});
