/**
 * The login session (spec 000 §3, §4): one small store usable by the API client outside React
 * and by components through `useSession`. Only the access token and its expiry are persisted;
 * the refresh token is an httpOnly cookie the SPA never sees.
 */
import { createStore, useStore } from '../lib/store';
import { local, readStorage, session, writeStorage } from '../lib/storage';

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
  /**
   * The login response's `is_registered_member` (spec 000 §6): false until the member's e-mail
   * is verified. Null when not known (logged out, or a token stored before the flag was).
   */
  isRegisteredMember: boolean | null;
}

/** What `/v1/auth/refresh` and `/v1/auth/login` answer about the access token. */
export interface TokenGrant {
  access_token: string;
  expires_in?: number | null;
  /** Epoch seconds (or milliseconds) or an RFC 3339 instant. */
  expires_at?: number | string | null;
  /** The login response's flags; each one given updates the session. */
  is_registered_member?: boolean | null;
  has_password_expired?: boolean | null;
  has_mail_error_count_over?: boolean | null;
  is_sync_user_channel?: boolean | null;
}

export const TOKEN_MARGIN_MS = 5_000;
export const TOKEN_KEY = 'shop.accessToken';
export const EXPIRY_KEY = 'shop.tokenExpiresAt';
export const CART_TOKEN_KEY = 'shop.cartToken';
/** '1' or '0': whether the logged-in user is a registered member (kept with the token). */
export const REGISTERED_KEY = 'shop.isRegisteredMember';
/** sessionStorage: the user id waiting for a one-time code, so /verify survives a reload. */
export const MFA_KEY = 'shop.mfa';

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
  isRegisteredMember: null,
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

function flag(value: boolean | null | undefined): boolean | undefined {
  return typeof value === 'boolean' ? value : undefined;
}

function storeRegistered(value: boolean | null): void {
  writeStorage(local(), REGISTERED_KEY, value === null ? null : value ? '1' : '0');
}

/**
 * Stores a new access token (login, verification or refresh) and marks the user logged in.
 * The login response's flags, when the grant carries them, update the session too.
 */
export function applyGrant(grant: TokenGrant, now: number = Date.now()): void {
  const tokenExpiresAt = expiryFromGrant(grant, now);
  writeStorage(local(), TOKEN_KEY, grant.access_token);
  writeStorage(local(), EXPIRY_KEY, tokenExpiresAt === null ? null : String(tokenExpiresAt));
  writeStorage(session(), MFA_KEY, null);
  const flags: Partial<SessionState> = {};
  const registered = flag(grant.is_registered_member);
  if (registered !== undefined) {
    flags.isRegisteredMember = registered;
    storeRegistered(registered);
  }
  const passwordExpired = flag(grant.has_password_expired);
  if (passwordExpired !== undefined) flags.hasPasswordExpired = passwordExpired;
  const mailErrors = flag(grant.has_mail_error_count_over);
  if (mailErrors !== undefined) flags.hasMailErrorCountOver = mailErrors;
  const sync = flag(grant.is_sync_user_channel);
  if (sync !== undefined) flags.isSyncUserChannel = sync;
  patchSession({
    ...flags,
    isLogin: true,
    accessToken: grant.access_token,
    tokenExpiresAt,
    isRefreshFailed: false,
    mfa: null,
  });
}

/** The e-mail check succeeded (spec 000 §4): the user is now a registered member. */
export function markRegisteredMember(): void {
  storeRegistered(true);
  patchSession({ isRegisteredMember: true });
}

/**
 * A login or registration waits for the mailed one-time code of `userId` (null: nothing waits).
 * Kept in sessionStorage for this tab so the code step survives a reload.
 */
export function setMfa(userId: string | null, options: { isSyncUserChannel?: boolean } = {}): void {
  writeStorage(
    session(),
    MFA_KEY,
    userId === null ? null : JSON.stringify({ userId, sync: options.isSyncUserChannel === true }),
  );
  patchSession(
    userId === null ? { mfa: null } : { mfa: userId, isSyncUserChannel: options.isSyncUserChannel === true },
  );
}

function storedMfa(): { userId: string; sync: boolean } | null {
  const raw = readStorage(session(), MFA_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as { userId?: unknown; sync?: unknown };
    return typeof parsed.userId === 'string' && parsed.userId !== ''
      ? { userId: parsed.userId, sync: parsed.sync === true }
      : null;
  } catch {
    return null;
  }
}

/**
 * A path the app may send the user to after login: a same-site path only (never `//host`,
 * `/\host` or a URL), so `redirectUrl` cannot become an open redirect.
 */
export function safeRedirectPath(target: string | null | undefined): string | null {
  if (typeof target !== 'string') return null;
  const value = target.trim();
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // Control characters (tabs, new lines) are dropped by URL parsing and could hide a `//`.
  if (/[\p{Cc}\\]/u.test(value)) return null;
  return value;
}

/**
 * Clears the local session. Always succeeds; the server call (if any) is the caller's business.
 * The cart token goes too unless `keepCart` is set.
 */
export function clearSession(options: { keepCart?: boolean } = {}): void {
  writeStorage(local(), TOKEN_KEY, null);
  writeStorage(local(), EXPIRY_KEY, null);
  writeStorage(local(), REGISTERED_KEY, null);
  writeStorage(session(), MFA_KEY, null);
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

let loginChecked = false;

/** Startup has settled the session (logged in, refreshed or logged out): app/boot says so. */
export function markLoginChecked(checked = true): void {
  loginChecked = checked;
}

export function isLoginChecked(): boolean {
  return loginChecked;
}

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
    // A one-time code this tab was waiting for still waits (the /verify screen was reloaded).
    const mfa = storedMfa();
    clearSession({ keepCart: true });
    if (mfa) setMfa(mfa.userId, { isSyncUserChannel: mfa.sync });
    return 'logged-out';
  }
  const registered = readStorage(local(), REGISTERED_KEY);
  if (Number.isFinite(expiry) && expiry > now()) {
    patchSession({
      isLogin: true,
      accessToken: token,
      tokenExpiresAt: expiry,
      isRegisteredMember: registered === null ? null : registered === '1',
    });
    return 'logged-in';
  }
  // Put the stale token in place so the refresh failure path can clear it consistently.
  patchSession({
    accessToken: token,
    tokenExpiresAt: null,
    isLogin: false,
    isRegisteredMember: registered === null ? null : registered === '1',
  });
  try {
    const grant = await deps.refresh();
    applyGrant(grant, now());
    return 'refreshed';
  } catch {
    clearSession();
    return 'refresh-failed';
  }
}
