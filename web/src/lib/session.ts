/**
 * The login session (spec 000 §3, §4): one small store usable by the API client outside React
 * and by components through `useSession`. Only the access token and its expiry are persisted;
 * the refresh token is an httpOnly cookie the SPA never sees.
 */
import { createStore, useStore } from './store';
import { local, readStorage, writeStorage } from './storage';

export interface SessionState {
  isLogin: boolean;
  accessToken: string | null;
  /** Epoch milliseconds: the server's expiry minus TOKEN_MARGIN_MS. */
  tokenExpiresAt: number | null;
  hasPasswordExpired: boolean;
  hasMailErrorCountOver: boolean;
  /** The user id waiting for one-time-code verification. */
  mfa: string | null;
  isRefreshFailed: boolean;
  isSyncUserChannel: boolean;
  warningMessage: string | null;
  redirectUrl: string | null;
}

/** What `/v1/auth/refresh` and `/v1/auth/login` answer about the access token. */
export interface TokenGrant {
  access_token: string;
  expires_in?: number | null;
  /** Epoch seconds (or milliseconds) or an RFC 3339 instant. */
  expires_at?: number | string | null;
}

export const TOKEN_MARGIN_MS = 5_000;
export const TOKEN_KEY = 'shop.accessToken';
export const EXPIRY_KEY = 'shop.tokenExpiresAt';
export const CART_TOKEN_KEY = 'shop.cartToken';

export const emptySession: SessionState = {
  isLogin: false,
  accessToken: null,
  tokenExpiresAt: null,
  hasPasswordExpired: false,
  hasMailErrorCountOver: false,
  mfa: null,
  isRefreshFailed: false,
  isSyncUserChannel: false,
  warningMessage: null,
  redirectUrl: null,
};

export const sessionStore = createStore<SessionState>(emptySession);

export function useSession(): SessionState {
  return useStore(sessionStore);
}

export function patchSession(patch: Partial<SessionState>): void {
  sessionStore.set((prev) => ({ ...prev, ...patch }));
}

/** The instant (epoch ms) the client treats the token as expired: server expiry minus 5 s. */
export function expiryFromGrant(grant: TokenGrant, now: number): number | null {
  const at = grant.expires_at;
  let serverExpiry: number | null = null;
  if (typeof at === 'number' && Number.isFinite(at)) {
    // Seconds since the epoch unless the number is clearly already in milliseconds.
    serverExpiry = at < 1e12 ? at * 1000 : at;
  } else if (typeof at === 'string' && at !== '') {
    const parsed = Date.parse(at);
    serverExpiry = Number.isNaN(parsed) ? null : parsed;
  }
  if (serverExpiry === null && typeof grant.expires_in === 'number' && Number.isFinite(grant.expires_in)) {
    serverExpiry = now + grant.expires_in * 1000;
  }
  return serverExpiry === null ? null : serverExpiry - TOKEN_MARGIN_MS;
}

export function hasValidToken(state: SessionState, now: number = Date.now()): boolean {
  return state.accessToken !== null && state.tokenExpiresAt !== null && state.tokenExpiresAt > now;
}

/** Stores a new access token (login, verification or refresh) and marks the user logged in. */
export function applyGrant(grant: TokenGrant, now: number = Date.now()): void {
  const tokenExpiresAt = expiryFromGrant(grant, now);
  writeStorage(local(), TOKEN_KEY, grant.access_token);
  writeStorage(local(), EXPIRY_KEY, tokenExpiresAt === null ? null : String(tokenExpiresAt));
  patchSession({
    isLogin: true,
    accessToken: grant.access_token,
    tokenExpiresAt,
    isRefreshFailed: false,
    mfa: null,
  });
}

/**
 * Clears the local session. Always succeeds; the server call (if any) is the caller's business.
 * The cart token goes too unless `keepCart` is set.
 */
export function clearSession(options: { keepCart?: boolean } = {}): void {
  writeStorage(local(), TOKEN_KEY, null);
  writeStorage(local(), EXPIRY_KEY, null);
  if (!options.keepCart) writeStorage(local(), CART_TOKEN_KEY, null);
  sessionStore.set(emptySession);
}

export function getCartToken(): string | null {
  return readStorage(local(), CART_TOKEN_KEY);
}

export function setCartToken(token: string | null): void {
  writeStorage(local(), CART_TOKEN_KEY, token);
}

export type StartupResult = 'logged-in' | 'refreshed' | 'refresh-failed' | 'logged-out';

/**
 * Startup rules (spec 000 §4):
 * - stored token with a future expiry → logged in without a call;
 * - stored token without a valid expiry → refresh; failure → logged out;
 * - no token → logged out, the cart token is kept.
 */
export async function startSession(deps: {
  refresh: () => Promise<TokenGrant>;
  now?: () => number;
}): Promise<StartupResult> {
  const now = deps.now ?? Date.now;
  const token = readStorage(local(), TOKEN_KEY);
  const expiryText = readStorage(local(), EXPIRY_KEY);
  const expiry = expiryText === null ? Number.NaN : Number(expiryText);

  if (token === null || token === '') {
    clearSession({ keepCart: true });
    return 'logged-out';
  }
  if (Number.isFinite(expiry) && expiry > now()) {
    patchSession({ isLogin: true, accessToken: token, tokenExpiresAt: expiry });
    return 'logged-in';
  }
  // Put the stale token in place so the refresh failure path can clear it consistently.
  patchSession({ accessToken: token, tokenExpiresAt: null, isLogin: false });
  try {
    const grant = await deps.refresh();
    applyGrant(grant, now());
    return 'refreshed';
  } catch {
    clearSession();
    return 'refresh-failed';
  }
}
