/**
 * The one API client. openapi-fetch gives the typed calls; the `fetch` wrapper below carries the
 * spec's request policy (000 §4, §8) in one place:
 * - X-Channel and `Authorization: Bearer` headers; an expired token is refreshed before sending;
 * - 401 on a request that carried a token → one shared refresh, one retry; refresh failure →
 *   logout + /login/?re=1, a second 401 → logout + /login/;
 * - 503 → maintenance state + /maintenance/; 404 「チャネルが存在しない」 → invalid channel;
 * - network error → ignored (reload when the page was reached by back/forward), timeout →
 *   rethrown, cancellation → silent;
 * - pagination headers → `{ total, per, last, current }`; other error bodies → error store +
 *   `ApiError`.
 */
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './schema';
import { ApiError, NetworkIgnoredError, isAbortError, isTimeoutError } from '../lib/api-error';
import {
  errorStore,
  invalidChannelStore,
  maintenanceStore,
  type ErrorBody,
  type MaintenanceState,
} from '../lib/app-state';
import { documentNavigationType, navigateTo } from '../lib/navigation';
import type { Pagination } from '../lib/paged';
import { applyGrant, clearSession, hasValidToken, patchSession, sessionStore, type TokenGrant } from './session';

export const CHANNEL_MISSING_MESSAGE = 'チャネルが存在しない';
export const LOGIN_PATH = '/login/';
export const LOGIN_AFTER_REFRESH_FAILURE_PATH = '/login/?re=1';
export const MAINTENANCE_PATH = '/maintenance/';

export type ApiClient = Client<paths>;

export type Outcome<T> =
  | { kind: 'ok'; data: T; pagination: Pagination | null; response: Response }
  | { kind: 'ignored' }
  | { kind: 'cancelled' };

export interface ApiDeps {
  /** Absolute origin of the API (public.json `api_base_url`, or the page's own origin). */
  baseUrl: string;
  /** The channel code sent as X-Channel; empty before public.json is known. */
  channel: string;
  fetch?: typeof globalThis.fetch;
  navigate?: (to: string) => void;
  reload?: () => void;
  navigationType?: () => string | undefined;
  now?: () => number;
}

export interface ApiInstance {
  client: ApiClient;
  /** The raw policy fetch (for tests and non-JSON calls). */
  fetch: (request: Request) => Promise<Response>;
  /** POST /v1/auth/refresh; resolves the new grant or rejects. Does not touch the session. */
  requestRefresh: () => Promise<TokenGrant>;
  /** Clears the local session whatever the server says, then tells the server. */
  logout: (options?: { keepCart?: boolean }) => Promise<void>;
  deps: Required<ApiDeps>;
}

/** Responses the wrapper already acted on (logout redirect, maintenance, invalid channel). */
const handledResponses = new WeakSet<Response>();

export function parsePagination(headers: Headers): Pagination | null {
  const read = (name: string): number | null => {
    const raw = headers.get(name);
    if (raw === null || raw.trim() === '') return null;
    const value = Number(raw);
    return Number.isFinite(value) ? value : null;
  };
  const total = read('x-total');
  const per = read('x-per-page');
  const last = read('x-last-page');
  const current = read('x-current-page');
  if (total === null || per === null || last === null || current === null) return null;
  return { total, per, last, current };
}

function toErrorBody(raw: unknown, status: number): ErrorBody {
  if (raw && typeof raw === 'object' && typeof (raw as { message?: unknown }).message === 'string') {
    const body = raw as ErrorBody;
    return { message: body.message, code: body.code ?? undefined, errors: body.errors ?? undefined };
  }
  return { message: typeof raw === 'string' && raw !== '' && raw.length < 500 ? raw : `HTTP ${status}` };
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.clone().json();
  } catch {
    return null;
  }
}

function toMaintenance(raw: unknown): MaintenanceState {
  const body = (raw && typeof raw === 'object' ? raw : {}) as Partial<MaintenanceState>;
  return {
    title: typeof body.title === 'string' ? body.title : 'メンテナンス中',
    message: typeof body.message === 'string' ? body.message : '',
  };
}

function defaultReload(): void {
  window.location.reload();
}

export function createApi(input: ApiDeps): ApiInstance {
  const deps: Required<ApiDeps> = {
    fetch: (...args) => globalThis.fetch(...args),
    navigate: (to) => navigateTo(to),
    reload: defaultReload,
    navigationType: documentNavigationType,
    now: Date.now,
    ...input,
    baseUrl: input.baseUrl.replace(/\/+$/, ''),
  };

  let refreshing: Promise<boolean> | null = null;

  /**
   * Sets the channel and the token on `request` itself: each send gets a request of its own
   * (policyFetch), and another copy per request cost a slow phone's start several ms.
   */
  function withHeaders(request: Request, token: string | null): Request {
    if (deps.channel) request.headers.set('X-Channel', deps.channel);
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    else request.headers.delete('Authorization');
    return request;
  }

  async function requestRefresh(): Promise<TokenGrant> {
    const headers = new Headers({ Accept: 'application/json' });
    if (deps.channel) headers.set('X-Channel', deps.channel);
    const response = await deps.fetch(`${deps.baseUrl}/v1/auth/refresh`, {
      method: 'POST',
      headers,
      credentials: 'include',
    });
    if (!response.ok) {
      throw new ApiError(response.status, toErrorBody(await readJson(response), response.status));
    }
    const grant = (await response.json()) as TokenGrant;
    if (!grant || typeof grant.access_token !== 'string' || grant.access_token === '') {
      throw new ApiError(response.status, { message: 'invalid refresh response' });
    }
    return grant;
  }

  /** One refresh shared by every request that needs it at the same time. */
  function refreshOnce(): Promise<boolean> {
    refreshing ??= requestRefresh()
      .then((grant) => {
        applyGrant(grant, deps.now());
        return true;
      })
      .catch(() => false)
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  async function logout(options: { keepCart?: boolean } = {}): Promise<void> {
    clearSession(options);
    try {
      const headers = new Headers();
      if (deps.channel) headers.set('X-Channel', deps.channel);
      await deps.fetch(`${deps.baseUrl}/v1/auth/logout`, { method: 'POST', headers, credentials: 'include' });
    } catch {
      // Local state is already cleared; the server call is best effort.
    }
  }

  function endSession(to: string): void {
    void logout();
    patchSession({ isRefreshFailed: true });
    deps.navigate(to);
  }

  async function send(request: Request, token: string | null): Promise<Response> {
    try {
      return await deps.fetch(withHeaders(request, token));
    } catch (error) {
      if (isTimeoutError(error) || isAbortError(error)) throw error;
      if (error instanceof TypeError) {
        if (deps.navigationType() === 'back_forward') deps.reload();
        throw new NetworkIgnoredError(error);
      }
      throw error;
    }
  }

  async function policyFetch(request: Request): Promise<Response> {
    // Keep one unread copy so the body can be sent again after a refresh: there is at most one
    // retry (a request without a body is never consumed, and copies cost on a slow phone).
    const retryCopy = request.body === null ? request : request.clone();

    let token = sessionStore.get().accessToken;
    if (token !== null && !hasValidToken(sessionStore.get(), deps.now())) {
      if (await refreshOnce()) {
        token = sessionStore.get().accessToken;
      } else {
        endSession(LOGIN_AFTER_REFRESH_FAILURE_PATH);
        token = null;
      }
    }

    let response = await send(request, token);

    if (response.status === 401 && token !== null) {
      // Another request may have refreshed meanwhile: then just retry with its token.
      const current = sessionStore.get().accessToken;
      const refreshed = current !== null && current !== token ? true : await refreshOnce();
      if (!refreshed) {
        handledResponses.add(response);
        endSession(LOGIN_AFTER_REFRESH_FAILURE_PATH);
        return response;
      }
      response = await send(retryCopy, sessionStore.get().accessToken);
      if (response.status === 401) {
        handledResponses.add(response);
        endSession(LOGIN_PATH);
        return response;
      }
    }

    if (response.status === 503) {
      maintenanceStore.set(toMaintenance(await readJson(response)));
      handledResponses.add(response);
      deps.navigate(MAINTENANCE_PATH);
    } else if (response.status === 404) {
      const body = await readJson(response);
      if (body && typeof body === 'object' && (body as { message?: unknown }).message === CHANNEL_MISSING_MESSAGE) {
        invalidChannelStore.set(true);
        handledResponses.add(response);
      }
    }
    return response;
  }

  const client = createClient<paths>({ baseUrl: deps.baseUrl, fetch: policyFetch });
  return { client, fetch: policyFetch, requestRefresh, logout, deps };
}

/**
 * Turns an openapi-fetch call into an outcome: `ok` with data and pagination, `ignored`
 * (network error), `cancelled` (AbortError). Timeouts and `ApiError`s are thrown.
 */
export async function settle<D>(call: Promise<{ data?: D; error?: unknown; response: Response }>): Promise<Outcome<D>> {
  let result: { data?: D; error?: unknown; response: Response };
  try {
    result = await call;
  } catch (error) {
    if (error instanceof NetworkIgnoredError) return { kind: 'ignored' };
    if (isAbortError(error)) return { kind: 'cancelled' };
    throw error;
  }
  const { response } = result;
  if (response.ok) {
    return { kind: 'ok', data: result.data as D, pagination: parsePagination(response.headers), response };
  }
  const body = toErrorBody(result.error, response.status);
  const handled = handledResponses.has(response);
  if (!handled) errorStore.set(body);
  throw new ApiError(response.status, body, handled);
}

export interface Loaded<D> {
  data: D;
  pagination: Pagination | null;
}

/** For query functions: the data, or a throw (`NetworkIgnoredError`, AbortError, `ApiError`). */
export async function load<D>(call: Promise<{ data?: D; error?: unknown; response: Response }>): Promise<Loaded<D>> {
  const outcome = await settle(call);
  if (outcome.kind === 'ok') return { data: outcome.data, pagination: outcome.pagination };
  if (outcome.kind === 'ignored') throw new NetworkIgnoredError();
  throw new DOMException('リクエストが取り消されました', 'AbortError');
}

let instance: ApiInstance | null = null;

/** Builds the app's client (at startup, and again once public.json names the channel). */
export function configureApi(deps: ApiDeps): ApiInstance {
  instance = createApi(deps);
  return instance;
}

export function apiInstance(): ApiInstance {
  if (!instance) {
    instance = createApi({ baseUrl: window.location.origin, channel: '' });
  }
  return instance;
}

/** The typed client: `api().GET('/v1/news', { params: { query: { page: '1' } } })`. */
export function api(): ApiClient {
  return apiInstance().client;
}
