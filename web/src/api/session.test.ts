import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  CART_TOKEN_KEY,
  EXPIRY_KEY,
  MFA_KEY,
  REGISTERED_KEY,
  TOKEN_KEY,
  applyGrant,
  clearSession,
  expiryFromGrant,
  hasValidToken,
  markRegisteredMember,
  safeRedirectPath,
  sessionStore,
  setMfa,
  startSession,
  useSession,
} from './session';

const NOW = Date.parse('2026-11-20T00:00:00Z');

describe('token expiry', () => {
  it('is the server expiry minus 5 seconds, from epoch seconds, milliseconds or RFC 3339', () => {
    expect(expiryFromGrant({ access_token: 't', expires_at: NOW / 1000 + 900 }, NOW)).toBe(NOW + 895_000);
    expect(expiryFromGrant({ access_token: 't', expires_at: NOW + 900_000 }, NOW)).toBe(NOW + 895_000);
    expect(expiryFromGrant({ access_token: 't', expires_at: '2026-11-20T00:15:00Z' }, NOW)).toBe(NOW + 895_000);
  });

  it('falls back to expires_in from now, and is null when neither is usable', () => {
    expect(expiryFromGrant({ access_token: 't', expires_in: 60 }, NOW)).toBe(NOW + 55_000);
    expect(expiryFromGrant({ access_token: 't', expires_at: 'soon', expires_in: 60 }, NOW)).toBe(NOW + 55_000);
    expect(expiryFromGrant({ access_token: 't' }, NOW)).toBeNull();
  });

  it('treats a token as valid only before its expiry', () => {
    const state = { ...sessionStore.get(), accessToken: 't', tokenExpiresAt: NOW + 1 };
    expect(hasValidToken(state, NOW)).toBe(true);
    expect(hasValidToken(state, NOW + 1)).toBe(false);
    expect(hasValidToken({ ...state, tokenExpiresAt: null }, NOW)).toBe(false);
  });
});

describe('applyGrant and clearSession', () => {
  it('stores the token and expiry in localStorage and marks the user logged in', () => {
    sessionStore.set({ ...sessionStore.get(), isRefreshFailed: true, mfa: 'u1' });

    applyGrant({ access_token: 'abc', expires_in: 900 }, NOW);

    expect(sessionStore.get()).toMatchObject({
      isLogin: true,
      accessToken: 'abc',
      tokenExpiresAt: NOW + 895_000,
      isRefreshFailed: false,
      mfa: null,
    });
    expect(localStorage.getItem(TOKEN_KEY)).toBe('abc');
    expect(localStorage.getItem(EXPIRY_KEY)).toBe(String(NOW + 895_000));
  });

  it('logout clears local state and removes the cart token unless told to keep it', () => {
    applyGrant({ access_token: 'abc', expires_in: 900 }, NOW);
    localStorage.setItem(CART_TOKEN_KEY, 'cart');

    clearSession({ keepCart: true });
    expect(localStorage.getItem(CART_TOKEN_KEY)).toBe('cart');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(sessionStore.get().isLogin).toBe(false);

    clearSession();
    expect(localStorage.getItem(CART_TOKEN_KEY)).toBeNull();
  });
});

describe('startup rules', () => {
  it('logs in without a call when the stored token has a future expiry', async () => {
    localStorage.setItem(TOKEN_KEY, 'abc');
    localStorage.setItem(EXPIRY_KEY, String(NOW + 60_000));
    const refresh = vi.fn();

    await expect(startSession({ refresh, now: () => NOW })).resolves.toBe('logged-in');

    expect(refresh).not.toHaveBeenCalled();
    expect(sessionStore.get()).toMatchObject({ isLogin: true, accessToken: 'abc', tokenExpiresAt: NOW + 60_000 });
  });

  it.each([
    ['an expired', String(NOW - 1)],
    ['a missing', null],
    ['an unreadable', 'tomorrow'],
  ])('refreshes a token with %s expiry', async (_label, expiry) => {
    localStorage.setItem(TOKEN_KEY, 'old');
    if (expiry !== null) localStorage.setItem(EXPIRY_KEY, expiry);
    const refresh = vi.fn().mockResolvedValue({ access_token: 'new', expires_in: 900 });

    await expect(startSession({ refresh, now: () => NOW })).resolves.toBe('refreshed');

    expect(refresh).toHaveBeenCalledTimes(1);
    expect(sessionStore.get()).toMatchObject({ isLogin: true, accessToken: 'new' });
    expect(localStorage.getItem(TOKEN_KEY)).toBe('new');
  });

  it('logs out when that refresh fails', async () => {
    localStorage.setItem(TOKEN_KEY, 'old');
    localStorage.setItem(CART_TOKEN_KEY, 'cart');
    const refresh = vi.fn().mockRejectedValue(new Error('401'));

    await expect(startSession({ refresh, now: () => NOW })).resolves.toBe('refresh-failed');

    expect(sessionStore.get()).toMatchObject({ isLogin: false, accessToken: null, isRefreshFailed: false });
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('without a token is logged out and keeps the cart token', async () => {
    localStorage.setItem(CART_TOKEN_KEY, 'cart');
    const refresh = vi.fn();

    await expect(startSession({ refresh, now: () => NOW })).resolves.toBe('logged-out');

    expect(refresh).not.toHaveBeenCalled();
    expect(sessionStore.get().isLogin).toBe(false);
    expect(localStorage.getItem(CART_TOKEN_KEY)).toBe('cart');
  });
});

describe('login response flags', () => {
  it('takes is_registered_member and the warning flags from the grant and keeps the first across a reload', async () => {
    applyGrant(
      {
        access_token: 'abc',
        expires_in: 900,
        is_registered_member: false,
        has_password_expired: true,
        has_mail_error_count_over: false,
        is_sync_user_channel: true,
      },
      NOW,
    );
    expect(sessionStore.get()).toMatchObject({
      isRegisteredMember: false,
      hasPasswordExpired: true,
      hasMailErrorCountOver: false,
      isSyncUserChannel: true,
    });
    expect(localStorage.getItem(REGISTERED_KEY)).toBe('0');

    sessionStore.set({ ...sessionStore.get(), isRegisteredMember: null });
    await startSession({ refresh: vi.fn(), now: () => NOW });
    expect(sessionStore.get().isRegisteredMember).toBe(false);

    markRegisteredMember();
    expect(sessionStore.get().isRegisteredMember).toBe(true);
    expect(localStorage.getItem(REGISTERED_KEY)).toBe('1');
  });

  it('leaves the flags alone when a refresh answer does not carry them', () => {
    applyGrant({ access_token: 'a', expires_in: 900, is_registered_member: true }, NOW);
    applyGrant({ access_token: 'b', expires_in: 900 }, NOW);
    expect(sessionStore.get()).toMatchObject({ accessToken: 'b', isRegisteredMember: true });
  });

  it('forgets the flag on logout', () => {
    applyGrant({ access_token: 'a', expires_in: 900, is_registered_member: true }, NOW);
    clearSession();
    expect(sessionStore.get().isRegisteredMember).toBeNull();
    expect(localStorage.getItem(REGISTERED_KEY)).toBeNull();
  });
});

describe('the one-time-code wait (mfa)', () => {
  it('survives a reload of the tab and ends with the login', async () => {
    setMfa('u-42', { isSyncUserChannel: true });
    expect(sessionStore.get()).toMatchObject({ mfa: 'u-42', isSyncUserChannel: true });
    expect(sessionStorage.getItem(MFA_KEY)).not.toBeNull();

    sessionStore.set({ ...sessionStore.get(), mfa: null, isSyncUserChannel: false });
    await expect(startSession({ refresh: vi.fn(), now: () => NOW })).resolves.toBe('logged-out');
    expect(sessionStore.get()).toMatchObject({ mfa: 'u-42', isSyncUserChannel: true });

    applyGrant({ access_token: 'abc', expires_in: 900 }, NOW);
    expect(sessionStore.get().mfa).toBeNull();
    expect(sessionStorage.getItem(MFA_KEY)).toBeNull();
  });

  it('is dropped by setMfa(null) and by logout', () => {
    setMfa('u-1');
    setMfa(null);
    expect(sessionStorage.getItem(MFA_KEY)).toBeNull();
    setMfa('u-1');
    clearSession();
    expect(sessionStore.get().mfa).toBeNull();
    expect(sessionStorage.getItem(MFA_KEY)).toBeNull();
  });
});

describe('safeRedirectPath', () => {
  it('keeps same-site paths only', () => {
    expect(safeRedirectPath('/mypage/point?tab=2#x')).toBe('/mypage/point?tab=2#x');
    expect(safeRedirectPath('/')).toBe('/');
    const bad = ['//evil.example', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', 'mypage', ''];
    // Browsers drop tabs and new lines from URLs: `/\t/evil.example` would become `//evil.example`.
    bad.push('/\t/evil.example', '/\n/evil.example');
    for (const target of [...bad, null, undefined]) {
      expect(safeRedirectPath(target), String(target)).toBeNull();
    }
  });
});

describe('useSession', () => {
  it('re-renders when the store changes', () => {
    const { result } = renderHook(() => useSession());
    expect(result.current.isLogin).toBe(false);

    act(() => applyGrant({ access_token: 'abc', expires_in: 900 }));

    expect(result.current.isLogin).toBe(true);
  });
});
