import { describe, expect, it, vi } from 'vitest';
import { createApi, load, parsePagination, settle, type ApiDeps } from './client';
import { ApiError, NetworkIgnoredError, isSilentError } from '../lib/api-error';
import { errorStore, fieldErrors, invalidChannelStore, maintenanceStore } from '../lib/app-state';
import { CART_TOKEN_KEY, EXPIRY_KEY, TOKEN_KEY, sessionStore } from './session';
import { createFakeFetch, json, type FakeFetch } from '../test/fake-fetch';

const ORIGIN = 'http://shop.test';
const NOW = Date.parse('2026-11-20T00:00:00Z');

function setup(overrides: Partial<ApiDeps> = {}) {
  const fake = createFakeFetch();
  const navigate = vi.fn<(to: string) => void>();
  const reload = vi.fn<() => void>();
  const navigationType = vi.fn<() => string | undefined>(() => 'navigate');
  const api = createApi({
    baseUrl: `${ORIGIN}/`,
    channel: 'demo',
    fetch: fake.fetch,
    navigate,
    reload,
    navigationType,
    now: () => NOW,
    ...overrides,
  });
  return { fake, api, navigate, reload, navigationType };
}

function loginWith(token: string, expiresAt = NOW + 60_000) {
  sessionStore.set({ ...sessionStore.get(), isLogin: true, accessToken: token, tokenExpiresAt: expiresAt });
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(EXPIRY_KEY, String(expiresAt));
}

const grant = (token: string) => ({ access_token: token, expires_in: 900, expires_at: NOW / 1000 + 900 });

function authOf(request: Request | undefined): string | null {
  return request?.headers.get('authorization') ?? null;
}

function bearerGate(fake: FakeFetch, path: string, validToken: string, body: unknown = { ok: true }) {
  fake.on('GET', path, (req) =>
    req.headers.get('authorization') === `Bearer ${validToken}`
      ? json(body)
      : json({ message: '認証が必要です' }, { status: 401 }),
  );
}

describe('request headers and base URL', () => {
  it('sends X-Channel to the base URL without Authorization when logged out', async () => {
    const { fake, api } = setup();
    fake.on('GET', '/v1/settings/front', { 'SITE.NAME': 'ショップ' });

    const outcome = await settle(api.client.GET('/v1/settings/front'));

    expect(outcome.kind).toBe('ok');
    const request = fake.calls[0]!;
    expect(request.url).toBe(`${ORIGIN}/v1/settings/front`);
    expect(request.headers.get('x-channel')).toBe('demo');
    expect(authOf(request)).toBeNull();
  });

  it('sends the bearer token when the session has one', async () => {
    const { fake, api } = setup();
    loginWith('tok-1');
    fake.on('GET', '/v1/news', { data: [] });

    await settle(api.client.GET('/v1/news'));

    expect(authOf(fake.calls[0])).toBe('Bearer tok-1');
  });

  it('omits X-Channel before the channel is known', async () => {
    const { fake, api } = setup({ channel: '' });
    fake.on('GET', '/public.json', { channel: 'demo' });

    await settle(api.client.GET('/public.json'));

    expect(fake.calls[0]!.headers.has('x-channel')).toBe(false);
  });
});

describe('pagination headers', () => {
  it('parses x-total, x-per-page, x-last-page and x-current-page', async () => {
    const { fake, api } = setup();
    fake.on(
      'GET',
      '/v1/news',
      json(
        { data: [] },
        { headers: { 'x-total': '23', 'x-per-page': '10', 'x-last-page': '3', 'x-current-page': '2' } },
      ),
    );

    const outcome = await settle(api.client.GET('/v1/news', { params: { query: { page: 2 } } }));

    expect(outcome).toMatchObject({ kind: 'ok', pagination: { total: 23, per: 10, last: 3, current: 2 } });
  });

  it('gives null when a header is missing or not a number', () => {
    expect(parsePagination(new Headers({ 'x-total': '1', 'x-per-page': '10', 'x-last-page': '1' }))).toBeNull();
    expect(
      parsePagination(
        new Headers({ 'x-total': 'many', 'x-per-page': '10', 'x-last-page': '1', 'x-current-page': '1' }),
      ),
    ).toBeNull();
    expect(parsePagination(new Headers())).toBeNull();
  });
});

describe('401 handling', () => {
  it('refreshes once and retries once with the new token, keeping the request body', async () => {
    const { fake, api, navigate } = setup();
    loginWith('old');
    fake.on('POST', '/v1/auth/refresh', grant('new'));
    fake.on('POST', '/v1/news/readables', async (req) =>
      req.headers.get('authorization') === 'Bearer new'
        ? new Response(null, { status: 204 })
        : json({ message: 'expired' }, { status: 401 }),
    );

    const outcome = await settle(api.client.POST('/v1/news/readables', { body: { readable_id: 'n1' } }));

    expect(outcome.kind).toBe('ok');
    const posts = fake.callsTo('/v1/news/readables');
    expect(posts).toHaveLength(2);
    expect(authOf(posts[0])).toBe('Bearer old');
    expect(authOf(posts[1])).toBe('Bearer new');
    expect(await posts[1]!.json()).toEqual({ readable_id: 'n1' });
    const refresh = fake.callsTo('/v1/auth/refresh')[0]!;
    expect(refresh.credentials).toBe('include');
    expect(refresh.headers.get('x-channel')).toBe('demo');
    expect(sessionStore.get()).toMatchObject({ isLogin: true, accessToken: 'new' });
    expect(sessionStore.get().tokenExpiresAt).toBe(NOW + 900_000 - 5_000);
    expect(localStorage.getItem(TOKEN_KEY)).toBe('new');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('logs out and goes to /login/?re=1 when the refresh fails', async () => {
    const { fake, api, navigate } = setup();
    loginWith('old');
    localStorage.setItem(CART_TOKEN_KEY, 'cart-1');
    bearerGate(fake, '/v1/news', 'never');
    fake.on('POST', '/v1/auth/refresh', json({ message: 'invalid refresh token' }, { status: 401 }));
    fake.on('POST', '/v1/auth/logout', new Response(null, { status: 204 }));

    const error = await settle(api.client.GET('/v1/news')).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, handled: true });
    expect(isSilentError(error)).toBe(true);
    expect(fake.callsTo('/v1/news')).toHaveLength(1);
    expect(navigate).toHaveBeenCalledWith('/login/?re=1');
    expect(sessionStore.get()).toMatchObject({ isLogin: false, accessToken: null, isRefreshFailed: true });
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(CART_TOKEN_KEY)).toBeNull();
    expect(errorStore.get()).toBeNull();
    await vi.waitFor(() => expect(fake.callsTo('/v1/auth/logout')).toHaveLength(1));
  });

  it('logs out and goes to /login/ when the retry answers 401 again', async () => {
    const { fake, api, navigate } = setup();
    loginWith('old');
    bearerGate(fake, '/v1/news', 'never');
    fake.on('POST', '/v1/auth/refresh', grant('new'));

    const error = await settle(api.client.GET('/v1/news')).catch((e: unknown) => e);

    expect(error).toMatchObject({ status: 401, handled: true });
    const sent = fake.callsTo('/v1/news');
    expect(sent.map(authOf)).toEqual(['Bearer old', 'Bearer new']);
    expect(fake.callsTo('/v1/auth/refresh')).toHaveLength(1);
    expect(navigate).toHaveBeenCalledWith('/login/');
    expect(sessionStore.get()).toMatchObject({ isLogin: false, accessToken: null, isRefreshFailed: true });
  });

  it('clears the local session even when the server logout call fails', async () => {
    const { fake, api } = setup();
    loginWith('old');
    bearerGate(fake, '/v1/news', 'never');
    fake.on('POST', '/v1/auth/refresh', json({ message: 'no' }, { status: 401 }));
    fake.on('POST', '/v1/auth/logout', () => {
      throw new TypeError('Failed to fetch');
    });

    await settle(api.client.GET('/v1/news')).catch(() => undefined);

    expect(sessionStore.get().isLogin).toBe(false);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('does not refresh a 401 on a request that carried no token', async () => {
    const { fake, api, navigate } = setup();
    fake.on('POST', '/v1/news/readables', json({ message: 'ログインしてください。' }, { status: 401 }));

    const error = await settle(api.client.POST('/v1/news/readables', { body: { readable_id: 'n1' } })).catch(
      (e: unknown) => e,
    );

    expect(error).toMatchObject({ status: 401, handled: false, message: 'ログインしてください。' });
    expect(fake.callsTo('/v1/auth/refresh')).toHaveLength(0);
    expect(navigate).not.toHaveBeenCalled();
    expect(errorStore.get()).toEqual({ message: 'ログインしてください。' });
  });

  it('shares one refresh between concurrent 401s', async () => {
    const { fake, api } = setup();
    loginWith('old');
    bearerGate(fake, '/v1/news', 'new', { data: [] });
    bearerGate(fake, '/v1/settings/front', 'new', {});
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    fake.on('POST', '/v1/auth/refresh', async () => {
      await gate;
      return json(grant('new'));
    });

    const both = Promise.all([settle(api.client.GET('/v1/news')), settle(api.client.GET('/v1/settings/front'))]);
    await vi.waitFor(() => expect(fake.callsTo('/v1/auth/refresh')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 10));
    release();
    const outcomes = await both;

    expect(outcomes.map((o) => o.kind)).toEqual(['ok', 'ok']);
    expect(fake.callsTo('/v1/auth/refresh')).toHaveLength(1);
  });

  it('retries without a new refresh when another request already replaced the token', async () => {
    const { fake, api } = setup();
    loginWith('old');
    fake.on('GET', '/v1/news', (req) => {
      if (authOf(req) === 'Bearer old') {
        // While this request was in flight, another one refreshed the token.
        loginWith('fresh');
        return json({ message: 'expired' }, { status: 401 });
      }
      return json({ data: [] });
    });

    const outcome = await settle(api.client.GET('/v1/news'));

    expect(outcome.kind).toBe('ok');
    expect(fake.callsTo('/v1/auth/refresh')).toHaveLength(0);
    expect(fake.callsTo('/v1/news').map(authOf)).toEqual(['Bearer old', 'Bearer fresh']);
  });

  it('refreshes an expired token before sending', async () => {
    const { fake, api } = setup();
    loginWith('stale', NOW - 1);
    fake.on('POST', '/v1/auth/refresh', grant('new'));
    bearerGate(fake, '/v1/news', 'new', { data: [] });

    const outcome = await settle(api.client.GET('/v1/news'));

    expect(outcome.kind).toBe('ok');
    expect(fake.callsTo('/v1/news').map(authOf)).toEqual(['Bearer new']);
  });

  it('logs out to /login/?re=1 and sends as a visitor when the early refresh fails', async () => {
    const { fake, api, navigate } = setup();
    loginWith('stale', NOW - 1);
    fake.on('POST', '/v1/auth/refresh', json({ message: 'no' }, { status: 401 }));
    fake.on('GET', '/v1/news', { data: [] });

    const outcome = await settle(api.client.GET('/v1/news'));

    expect(outcome.kind).toBe('ok');
    expect(authOf(fake.callsTo('/v1/news')[0])).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login/?re=1');
    expect(sessionStore.get()).toMatchObject({ isLogin: false, isRefreshFailed: true });
  });

  it('treats a refresh answer without a token as a failure', async () => {
    const { fake, api } = setup();
    fake.on('POST', '/v1/auth/refresh', { access_token: '' });

    await expect(api.requestRefresh()).rejects.toBeInstanceOf(ApiError);
  });
});

describe('503 maintenance and invalid channel', () => {
  it('stores the maintenance title and message and goes to /maintenance/', async () => {
    const { fake, api, navigate } = setup();
    fake.on(
      'GET',
      '/v1/settings/front',
      json({ title: 'メンテナンス中', message: '23時まで停止しています。' }, { status: 503 }),
    );

    const error = await settle(api.client.GET('/v1/settings/front')).catch((e: unknown) => e);

    expect(error).toMatchObject({ status: 503, handled: true });
    expect(maintenanceStore.get()).toEqual({ title: 'メンテナンス中', message: '23時まで停止しています。' });
    expect(navigate).toHaveBeenCalledWith('/maintenance/');
    expect(errorStore.get()).toBeNull();
  });

  it('falls back to a Japanese title when the 503 body is not JSON', async () => {
    const { fake, api } = setup();
    fake.on('GET', '/v1/news', new Response('Service Unavailable', { status: 503 }));

    await settle(api.client.GET('/v1/news')).catch(() => undefined);

    expect(maintenanceStore.get()).toEqual({ title: 'メンテナンス中', message: '' });
  });

  it('flags an invalid channel on 404 「チャネルが存在しない」', async () => {
    const { fake, api } = setup();
    fake.on('GET', '/public.json', json({ message: 'チャネルが存在しない' }, { status: 404 }));

    const error = await settle(api.client.GET('/public.json')).catch((e: unknown) => e);

    expect(error).toMatchObject({ status: 404, handled: true });
    expect(invalidChannelStore.get()).toBe(true);
  });
});

describe('other errors', () => {
  it('stores a 422 body with field errors and rethrows it as ApiError', async () => {
    const { fake, api } = setup();
    const body = { message: '入力内容を確認してください。', code: 'validation', errors: { per: ['1〜100'] } };
    fake.on('GET', '/v1/news', json(body, { status: 422 }));

    const error = (await settle(api.client.GET('/v1/news')).catch((e: unknown) => e)) as ApiError;

    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(422);
    expect(error.code).toBe('validation');
    expect(error.errors).toEqual({ per: ['1〜100'] });
    expect(error.handled).toBe(false);
    expect(isSilentError(error)).toBe(false);
    expect(errorStore.get()).toEqual(body);
    expect(fieldErrors(errorStore.get(), 'per')).toEqual(['1〜100']);
    expect(fieldErrors(errorStore.get(), 'page')).toEqual([]);
  });

  it('keeps an ordinary 404 as an error for the page', async () => {
    const { fake, api } = setup();
    fake.on('GET', '/v1/news/missing', json({ message: '見つかりません。' }, { status: 404 }));

    const error = await settle(api.client.GET('/v1/news/{key}', { params: { path: { key: 'missing' } } })).catch(
      (e: unknown) => e,
    );

    expect(error).toMatchObject({ status: 404, handled: false });
    expect(invalidChannelStore.get()).toBe(false);
  });

  it('gives a body without a message a generic one', async () => {
    const { fake, api } = setup();
    fake.on('GET', '/v1/news', new Response('', { status: 500 }));

    const error = await settle(api.client.GET('/v1/news')).catch((e: unknown) => e);

    expect(error).toMatchObject({ status: 500, message: 'HTTP 500' });
  });
});

describe('network errors, timeouts and cancellation', () => {
  it('ignores a network error', async () => {
    const { fake, api, reload } = setup();
    fake.on('GET', '/v1/news', () => {
      throw new TypeError('Failed to fetch');
    });

    const outcome = await settle(api.client.GET('/v1/news'));

    expect(outcome).toEqual({ kind: 'ignored' });
    expect(reload).not.toHaveBeenCalled();
    expect(errorStore.get()).toBeNull();
  });

  it('reloads on a network error when the page was reached by back/forward', async () => {
    const { fake, api, reload, navigationType } = setup();
    navigationType.mockReturnValue('back_forward');
    fake.on('GET', '/v1/news', () => {
      throw new TypeError('Failed to fetch');
    });

    const outcome = await settle(api.client.GET('/v1/news'));

    expect(outcome).toEqual({ kind: 'ignored' });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('rethrows a timeout', async () => {
    const { fake, api } = setup();
    fake.on('GET', '/v1/news', () => {
      throw new DOMException('The operation timed out.', 'TimeoutError');
    });

    await expect(settle(api.client.GET('/v1/news'))).rejects.toMatchObject({ name: 'TimeoutError' });
  });

  it('is silent about a cancelled request', async () => {
    const { fake, api } = setup();
    fake.on('GET', '/v1/news', () => {
      throw new DOMException('The operation was aborted.', 'AbortError');
    });

    const outcome = await settle(api.client.GET('/v1/news'));

    expect(outcome).toEqual({ kind: 'cancelled' });
    expect(errorStore.get()).toBeNull();
  });

  it('rethrows anything else the fetch throws', async () => {
    const { fake, api } = setup();
    fake.on('GET', '/v1/news', () => {
      throw new RangeError('odd');
    });

    await expect(settle(api.client.GET('/v1/news'))).rejects.toBeInstanceOf(RangeError);
  });
});

describe('load (for query functions)', () => {
  it('returns data and pagination', async () => {
    const { fake, api } = setup();
    fake.on('GET', '/v1/news', { data: [{ key: 'a' }] });

    await expect(load(api.client.GET('/v1/news'))).resolves.toEqual({
      data: { data: [{ key: 'a' }] },
      pagination: null,
    });
  });

  it('turns ignored into NetworkIgnoredError and cancelled into AbortError, both silent', async () => {
    const { fake, api } = setup();
    fake.on('GET', '/v1/news', () => {
      throw new TypeError('Failed to fetch');
    });
    fake.on('GET', '/v1/settings/front', () => {
      throw new DOMException('aborted', 'AbortError');
    });

    const ignored = await load(api.client.GET('/v1/news')).catch((e: unknown) => e);
    const cancelled = await load(api.client.GET('/v1/settings/front')).catch((e: unknown) => e);

    expect(ignored).toBeInstanceOf(NetworkIgnoredError);
    expect(isSilentError(ignored)).toBe(true);
    expect(cancelled).toMatchObject({ name: 'AbortError' });
    expect(isSilentError(cancelled)).toBe(true);
  });
});

describe('logout', () => {
  it('clears the session and keeps the cart token only when told to', async () => {
    const { fake, api } = setup();
    fake.on('POST', '/v1/auth/logout', new Response(null, { status: 204 }));
    loginWith('tok');
    localStorage.setItem(CART_TOKEN_KEY, 'cart-1');

    await api.logout({ keepCart: true });
    expect(localStorage.getItem(CART_TOKEN_KEY)).toBe('cart-1');
    expect(sessionStore.get().isLogin).toBe(false);

    loginWith('tok');
    await api.logout();
    expect(localStorage.getItem(CART_TOKEN_KEY)).toBeNull();
    expect(fake.callsTo('/v1/auth/logout')[0]!.credentials).toBe('include');
  });
});
