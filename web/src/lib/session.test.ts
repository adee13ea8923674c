import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  CART_TOKEN_KEY,
  EXPIRY_KEY,
  TOKEN_KEY,
  applyGrant,
  clearSession,
  expiryFromGrant,
  hasValidToken,
  sessionStore,
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

describe('useSession', () => {
  it('re-renders when the store changes', () => {
    const { result } = renderHook(() => useSession());
    expect(result.current.isLogin).toBe(false);

    act(() => applyGrant({ access_token: 'abc', expires_in: 900 }));

    expect(result.current.isLogin).toBe(true);
  });
});
