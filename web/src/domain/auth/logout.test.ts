import { afterEach, describe, expect, it } from 'vitest';
import { configureApi } from '../../api/client';
import { createFakeFetch, json } from '../../test/fake-fetch';
import { logout } from './logout';
import { queryClient } from '../../lib/query-client';
import { CART_TOKEN_KEY, TOKEN_KEY, applyGrant, sessionStore } from '../../api/session';

function setup(answer: () => Response | Promise<Response>) {
  const fake = createFakeFetch().on('POST', '/v1/auth/logout', answer);
  configureApi({ baseUrl: 'http://shop.test', channel: 'demo', fetch: fake.fetch, navigate: () => undefined });
  applyGrant({ access_token: 'tok', expires_in: 900, is_registered_member: true });
  localStorage.setItem(CART_TOKEN_KEY, 'cart');
  queryClient.setQueryData(['site', 'settings'], { ok: true });
  queryClient.setQueryData(['me', 'user'], { id: 'u1' });
  return fake;
}

describe('logout', () => {
  afterEach(() => queryClient.clear());

  it('tells the server with the refresh cookie and forgets the member locally', async () => {
    const fake = setup(() => new Response(null, { status: 204 }));

    await logout();

    const call = fake.callsTo('/v1/auth/logout')[0]!;
    expect(call.method).toBe('POST');
    expect(call.credentials).toBe('include');
    expect(call.headers.get('x-channel')).toBe('demo');
    expect(sessionStore.get()).toMatchObject({ isLogin: false, accessToken: null, isRegisteredMember: null });
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(CART_TOKEN_KEY)).toBeNull();
    expect(queryClient.getQueryData(['me', 'user'])).toBeUndefined();
    expect(queryClient.getQueryData(['site', 'settings'])).toEqual({ ok: true });
  });

  it('clears the session even when the server cannot be reached, and can keep the cart', async () => {
    setup(() => Promise.reject(new TypeError('Failed to fetch')));

    await expect(logout({ keepCart: true })).resolves.toBeUndefined();

    expect(sessionStore.get().isLogin).toBe(false);
    expect(localStorage.getItem(CART_TOKEN_KEY)).toBe('cart');
  });

  it('also works when the server answers an error', async () => {
    setup(() => json({ message: 'エラー' }, { status: 500 }));
    await logout();
    expect(sessionStore.get().isLogin).toBe(false);
  });
});
