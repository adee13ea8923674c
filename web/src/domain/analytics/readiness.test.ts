import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../api/client';
import { settingsQuery } from '../site/site-queries';
import { demoSettings, renderApp } from '../../test/render-app';
import { createFakeFetch, json, type FakeFetch } from '../../test/fake-fetch';
import { initCart, resetCartStore } from '../cart/cart-store';
import { queryClient } from '../../lib/query-client';
import { isAppReady, whenAppReady } from './readiness';
import { markLoginChecked, setCartToken } from '../../api/session';

let fake: FakeFetch;

beforeEach(() => {
  vi.useFakeTimers();
  resetCartStore();
  queryClient.clear();
  fake = createFakeFetch();
  configureApi({ baseUrl: 'http://shop.test', channel: 'demo', fetch: fake.fetch });
});

afterEach(() => {
  queryClient.clear();
  vi.useRealTimers();
});

/** The wait's outcome and how much fake time it took. */
function timed(): Promise<{ ok: boolean; ms: number }> {
  const start = Date.now();
  return whenAppReady().then((ok) => ({ ok, ms: Date.now() - start }));
}

const cart = (token: string) => ({ token, removed_products: [], reason: null, detail: { products: [] } });

describe('waiting for settings, cart token and login check (100 ms steps up to 3 s)', () => {
  it('is ready at once when the settings are loaded, the login checked and no cart is on its way', async () => {
    queryClient.setQueryData(settingsQuery().queryKey, demoSettings as never);
    markLoginChecked();
    expect(isAppReady()).toBe(true);
    await expect(timed()).resolves.toEqual({ ok: true, ms: 0 });
  });

  it('waits for the settings and the login check, seen at the next 100 ms step', async () => {
    const wait = timed();
    await vi.advanceTimersByTimeAsync(450);
    queryClient.setQueryData(settingsQuery().queryKey, demoSettings as never);
    await vi.advanceTimersByTimeAsync(100);
    expect(isAppReady()).toBe(false);
    markLoginChecked();
    await vi.advanceTimersByTimeAsync(100);
    await expect(wait).resolves.toEqual({ ok: true, ms: 600 });
  });

  it('waits for the cart token a running init brings', async () => {
    queryClient.setQueryData(settingsQuery().queryKey, demoSettings as never);
    markLoginChecked();
    let answer: () => void = () => undefined;
    fake.on('POST', '/v1/carts/init', () => new Promise<Response>((r) => (answer = () => r(json(cart('new-cart'))))));
    void initCart();
    const wait = timed();
    await vi.advanceTimersByTimeAsync(1_000);
    answer();
    await vi.advanceTimersByTimeAsync(100);
    await expect(wait).resolves.toEqual({ ok: true, ms: 1_100 });
  });

  it('does not wait for a running init when a token is already stored', async () => {
    queryClient.setQueryData(settingsQuery().queryKey, demoSettings as never);
    markLoginChecked();
    setCartToken('kept');
    fake.on('POST', '/v1/carts/init', () => new Promise<Response>(() => undefined));
    void initCart();
    await expect(timed()).resolves.toEqual({ ok: true, ms: 0 });
  });

  it('goes on after 3 s when something never arrives', async () => {
    queryClient.setQueryData(settingsQuery().queryKey, demoSettings as never);
    const wait = timed();
    await vi.advanceTimersByTimeAsync(3_000);
    await expect(wait).resolves.toEqual({ ok: false, ms: 3_000 });
  });
});

describe('at startup', () => {
  it('is ready once the app has booted and the site frame loaded', async () => {
    vi.useRealTimers();
    expect(isAppReady()).toBe(false);
    await renderApp('/');
    await vi.waitFor(() => expect(isAppReady()).toBe(true));
  });
});
