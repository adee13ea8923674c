import { afterEach, describe, expect, it } from 'vitest';
import { configureApi } from '../../api/client';
import type { LoginResponse } from '../../api/types';
import { createFakeFetch, json, type FakeFetch } from '../../test/fake-fetch';
import { flashStore } from '../../lib/flash';
import {
  MAIL_ERROR_MESSAGE,
  PASSWORD_EXPIRED_MESSAGE,
  acceptLoginResponse,
  completeLogin,
  flushProductHistory,
  landingAfterLogin,
} from './login-complete';
import { PRODUCT_HISTORY_KEY, productHistoryStore } from '../product-history/product-history';
import { queryClient } from '../../lib/query-client';
import { MFA_KEY, TOKEN_KEY, patchSession, sessionStore } from '../../api/session';

const demo = { 'AUTH.IS_VERIFY_EMAIL_AT_FIRST_LOGIN': false };
const corporate = { 'AUTH.IS_VERIFY_EMAIL_AT_FIRST_LOGIN': true };

function response<T extends Partial<LoginResponse>>(overrides: T = {} as T) {
  return {
    access_token: 'tok' as string,
    expires_in: 900,
    user_id: 'u1',
    is_verify: false,
    is_registered_member: true,
    has_password_expired: false,
    has_mail_error_count_over: false,
    ...overrides,
  } satisfies LoginResponse;
}

function server(views: (request: Request) => Response = () => new Response(null, { status: 204 })): FakeFetch {
  const fake = createFakeFetch().on('POST', '/v1/product-histories', views);
  configureApi({ baseUrl: 'http://shop.test', channel: 'demo', fetch: fake.fetch, navigate: () => undefined });
  return fake;
}

function viewed(ids: string[]) {
  localStorage.setItem(PRODUCT_HISTORY_KEY, JSON.stringify(ids));
  productHistoryStore.set(ids);
}

describe('completing a login', () => {
  afterEach(() => queryClient.clear());

  it('turns the grant into the session and forgets what was cached for the visitor', () => {
    server();
    queryClient.setQueryData(['site', 'settings'], { ok: true });
    queryClient.setQueryData(['catalog', 'favourites'], ['p1']);

    const to = completeLogin(response(), demo);

    expect(to).toBe('/mypage');
    expect(sessionStore.get()).toMatchObject({
      isLogin: true,
      accessToken: 'tok',
      isRegisteredMember: true,
      mfa: null,
    });
    expect(localStorage.getItem(TOKEN_KEY)).toBe('tok');
    expect(queryClient.getQueryData(['catalog', 'favourites'])).toBeUndefined();
    expect(queryClient.getQueryData(['site', 'settings'])).toEqual({ ok: true });
  });

  it('goes to the remembered same-site page once, else to `after` or the mypage', () => {
    server();
    patchSession({ redirectUrl: '/cart?step=2' });
    expect(completeLogin(response(), demo)).toBe('/cart?step=2');
    expect(sessionStore.get().redirectUrl).toBeNull();

    patchSession({ redirectUrl: '//evil.example/' });
    expect(completeLogin(response(), demo)).toBe('/mypage');
    expect(completeLogin(response(), demo, { after: '/register/complete' })).toBe('/register/complete');
  });

  it('sends a member the shop has yet to verify to /verify', () => {
    expect(landingAfterLogin({ is_registered_member: false }, corporate)).toBe('/verify');
    expect(landingAfterLogin({ is_registered_member: false }, corporate, { from: 'register' })).toBe(
      '/verify?from=register',
    );
    expect(landingAfterLogin({ is_registered_member: false }, demo)).toBe('/mypage');
  });

  it("says the server's warnings as the next flash, before any message of the screen", () => {
    server();
    completeLogin(response({ has_password_expired: true, has_mail_error_count_over: true }), demo, { message: 'ok' });
    expect(flashStore.get().next).toEqual({ type: 'warning', text: PASSWORD_EXPIRED_MESSAGE });

    completeLogin(response({ has_mail_error_count_over: true }), demo, { message: 'ok' });
    expect(flashStore.get().next).toEqual({ type: 'warning', text: MAIL_ERROR_MESSAGE });

    completeLogin(response(), demo, { message: 'パスワードを再設定しました。' });
    expect(flashStore.get().next).toEqual({ type: 'positive', text: 'パスワードを再設定しました。' });
  });

  it('moves to the code step when the server asks for the mailed code', () => {
    const step = acceptLoginResponse(response({ access_token: null, is_verify: true, verify_code: 'pending' }), demo);

    expect(step).toEqual({ kind: 'code', userId: 'u1' });
    expect(sessionStore.get()).toMatchObject({ isLogin: false, mfa: 'u1', isSyncUserChannel: false });
    expect(JSON.parse(sessionStorage.getItem(MFA_KEY) ?? 'null')).toEqual({ userId: 'u1', sync: false });
  });

  it('logs in when the response carries a token', () => {
    server();
    expect(acceptLoginResponse(response(), demo, { after: '/x' })).toEqual({ kind: 'done', to: '/x' });
    expect(sessionStore.get().isLogin).toBe(true);
  });
});

describe('flushing the product view history', () => {
  it('sends the viewed products in one call, newest first, then forgets them', async () => {
    const fake = server(() => json({ data: [] }));
    viewed(['p3', 'p2', 'p1']);

    await flushProductHistory();

    const sent = await Promise.all(fake.callsTo('/v1/product-histories').map((r) => r.json()));
    expect(sent).toEqual([{ product_ids: ['p3', 'p2', 'p1'] }]);
    expect(productHistoryStore.get()).toEqual([]);
    expect(localStorage.getItem(PRODUCT_HISTORY_KEY)).toBeNull();
  });

  it('keeps the list when the call did not go through, and never throws', async () => {
    server(() => json({ message: 'エラーが発生しました' }, { status: 500 }));
    viewed(['p2', 'p1']);

    await expect(flushProductHistory()).resolves.toBeUndefined();

    expect(productHistoryStore.get()).toEqual(['p2', 'p1']);
  });

  it('asks nothing when the browser viewed nothing', async () => {
    const fake = server();
    await flushProductHistory();
    expect(fake.calls).toHaveLength(0);
  });
});
