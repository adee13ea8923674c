/**
 * The back office's own API client (nothing of the storefront's: no bearer token, no channel
 * header, no refresh). The staff session is the httpOnly cookie `shop_staff` (Path=/v1/admin),
 * sent because every call is same-origin; the host names the channel. A 401 on any call but the
 * login steps means the session is gone: the app goes back to /admin/login.
 */
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from '../../api/schema';

export type AdminClient = Client<paths>;

export interface ErrorBody {
  message: string;
  code?: string | null;
  errors?: Record<string, string[]> | null;
}

export interface Pagination {
  total: number;
  per: number;
  last: number;
  current: number;
}

export const GENERIC_ERROR = 'エラーが発生しました。時間をおいて再度お試しください。';
export const NETWORK_ERROR = 'サーバーに接続できませんでした。通信環境をご確認ください。';
export const FORBIDDEN_ERROR = 'この操作を行う権限がありません。';

/** A failed call: the server's Japanese message, its code and field errors. */
export class AdminApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody;

  constructor(status: number, body: ErrorBody) {
    super(body.message || GENERIC_ERROR);
    this.name = 'AdminApiError';
    this.status = status;
    this.body = body;
  }

  get code(): string | undefined {
    return this.body.code ?? undefined;
  }

  get errors(): Record<string, string[]> {
    return this.body.errors ?? {};
  }
}

/** What to show for a failure. */
export function errorText(error: unknown): string {
  if (error instanceof AdminApiError) return error.message;
  if (error instanceof TypeError) return NETWORK_ERROR;
  return GENERIC_ERROR;
}

/** The first message the server gave for `field`, if any. */
export function fieldError(error: unknown, field: string): string | undefined {
  return error instanceof AdminApiError ? error.errors[field]?.[0] : undefined;
}

export function parsePagination(headers: Headers): Pagination | null {
  const read = (name: string) => {
    const raw = headers.get(name);
    const value = raw === null || raw.trim() === '' ? Number.NaN : Number(raw);
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
    return { message: body.message, code: body.code ?? null, errors: body.errors ?? null };
  }
  // The server names what is missing in its 403 (「注文をキャンセルする権限がありません。」); without a
  // body, say only that the role does not allow it.
  return { message: status === 403 ? FORBIDDEN_ERROR : GENERIC_ERROR };
}

/** Calls whose 401 is an answer to show (wrong password, no session yet), not an expired session. */
const LOGIN_CALLS = ['/v1/admin/auth/login', '/v1/admin/auth/totp', '/v1/admin/auth/me'];

export interface AdminDeps {
  baseUrl: string;
  fetch?: typeof globalThis.fetch;
  /** Called when a call answers 401 because the session has ended. */
  onUnauthorized: () => void;
}

export interface AdminApi {
  client: AdminClient;
  /** The same policy for calls outside openapi-fetch (multipart upload, file bytes). */
  fetch: (input: string, init?: RequestInit) => Promise<Response>;
}

export function createAdminApi({
  baseUrl,
  fetch = (...args) => globalThis.fetch(...args),
  onUnauthorized,
}: AdminDeps): AdminApi {
  const origin = baseUrl.replace(/\/+$/, '');
  async function policyFetch(request: Request): Promise<Response> {
    const response = await fetch(request);
    if (response.status === 401 && !LOGIN_CALLS.includes(new URL(request.url).pathname)) onUnauthorized();
    return response;
  }
  const client = createClient<paths>({
    baseUrl: origin,
    credentials: 'same-origin',
    fetch: policyFetch,
  });
  return {
    client,
    fetch: (input, init) => policyFetch(new Request(`${origin}${input}`, { credentials: 'same-origin', ...init })),
  };
}

export interface Loaded<D> {
  data: D;
  pagination: Pagination | null;
}

/** An openapi-fetch answer as data (and pagination), or a thrown `AdminApiError`. */
export async function load<D>(call: Promise<{ data?: D; error?: unknown; response: Response }>): Promise<Loaded<D>> {
  const { data, error, response } = await call;
  if (!response.ok) throw new AdminApiError(response.status, toErrorBody(error, response.status));
  return { data: data as D, pagination: parsePagination(response.headers) };
}

export interface Page<T> {
  items: T[];
  pagination: Pagination | null;
}

/** A list answer (`{ data: [...] }` with the pagination headers) as its items and pagination. */
export async function loadPage<T>(
  call: Promise<{ data?: { data: T[] }; error?: unknown; response: Response }>,
): Promise<Page<T>> {
  const { data, pagination } = await load(call);
  return { items: data.data, pagination };
}

/** `load` for calls whose pagination does not matter. */
export async function loadData<D>(call: Promise<{ data?: D; error?: unknown; response: Response }>): Promise<D> {
  return (await load(call)).data;
}

/** A raw response as an error when it failed. */
export async function checkResponse(response: Response): Promise<Response> {
  if (response.ok) return response;
  let raw: unknown = null;
  try {
    raw = await response.clone().json();
  } catch {
    // Not JSON: the status says enough.
  }
  throw new AdminApiError(response.status, toErrorBody(raw, response.status));
}

let instance: AdminApi | null = null;

export function configureAdminApi(deps: AdminDeps): AdminApi {
  instance = createAdminApi(deps);
  return instance;
}

export function adminApi(): AdminApi {
  if (!instance) throw new Error('configureAdminApi() first');
  return instance;
}

/** The typed client: `client().GET('/v1/admin/inquiries', …)`. */
export function client(): AdminClient {
  return adminApi().client;
}
