import { screen, waitFor } from '@testing-library/react';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { EXPIRY_KEY, REGISTERED_KEY, TOKEN_KEY, emptySession, sessionStore } from '../api/session';
import { createSiteFake, demoSettings, renderApp } from '../test/render-app';
import { accessOf, guardTarget } from './route-guard';
import { routes, siteScreens } from './router';

const settings = { NO_MEMBER_USE: false, 'AUTH.IS_VERIFY_EMAIL_AT_FIRST_LOGIN': false };
const visitor = { isLogin: false, isRefreshFailed: false, isRegisteredMember: null };
const member = { isLogin: true, isRefreshFailed: false, isRegisteredMember: true };

function logIn(registered?: boolean) {
  localStorage.setItem(TOKEN_KEY, 'member-token');
  localStorage.setItem(EXPIRY_KEY, String(Date.now() + 600_000));
  if (registered !== undefined) localStorage.setItem(REGISTERED_KEY, registered ? '1' : '0');
}

describe('guard rules (spec 000 §6)', () => {
  it('sends a visitor from a member page to /login/, and lets a member in', () => {
    expect(guardTarget('member', visitor, settings)).toBe('/login/');
    expect(guardTarget('member', member, settings)).toBeNull();
  });

  it('does not send a visitor to /login/ when the refresh has just failed', () => {
    expect(guardTarget('member', { ...visitor, isRefreshFailed: true }, settings)).toBeNull();
  });

  it('skips member-only checks when NO_MEMBER_USE is on', () => {
    expect(guardTarget('member', visitor, { ...settings, NO_MEMBER_USE: true })).toBeNull();
  });

  it('sends a logged-in user from a guest page to /ec/, or to /verify when the shop verifies first', () => {
    expect(guardTarget('guest', visitor, settings)).toBeNull();
    expect(guardTarget('guest', member, settings)).toBe('/ec/');
    const verifyFirst = { ...settings, 'AUTH.IS_VERIFY_EMAIL_AT_FIRST_LOGIN': true };
    expect(guardTarget('guest', { ...member, isRegisteredMember: false }, verifyFirst)).toBe('/verify');
    expect(guardTarget('guest', member, verifyFirst)).toBe('/ec/');
    // Not verifying at first login: an unregistered member is simply logged in.
    expect(guardTarget('guest', { ...member, isRegisteredMember: false }, settings)).toBe('/ec/');
  });
});

describe('route table access', () => {
  const access = (path: string) => accessOf(matchRoutes(siteScreens, path) ?? []);

  it('marks every mypage route member-only', () => {
    const mypage = [
      '/mypage',
      '/mypage/address',
      '/mypage/address/a1/edit',
      '/mypage/logout',
      '/mypage/user_info/edit',
    ];
    for (const path of mypage) expect(access(path), path).toBe('member');
  });

  it('marks login, registration and reminders guest-only, and leaves the rest open', () => {
    for (const path of [
      '/login',
      '/login_sync',
      '/register',
      '/reminder',
      '/reminder/reset',
      '/reminder/username',
      '/reminder/username/reset',
    ]) {
      expect(access(path), path).toBe('guest');
    }
    for (const path of [
      '/',
      '/ec',
      '/login/unlock',
      '/register/complete',
      '/verify',
      '/verify/email',
      '/oauth/callback',
      '/news',
    ]) {
      expect(access(path), path).toBeUndefined();
    }
  });

  it('still resolves every guarded path to its own screen', () => {
    const leaf = (path: string) => matchRoutes(routes, path)?.at(-1)?.route;
    expect(leaf('/mypage/point')?.path).toBe('mypage/point');
    expect(leaf('/login')?.path).toBe('login');
  });
});

describe('guards in the app', () => {
  it('sends a visitor from a member page to /login/ and remembers the page', async () => {
    const { router } = await renderApp('/mypage/point?tab=2');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'ログイン' })).toBeInTheDocument();
    expect(sessionStore.get().redirectUrl).toBe('/mypage/point?tab=2');
  });

  it('lets a member through to a member page', async () => {
    logIn(true);
    const { router } = await renderApp('/mypage/point');

    // No screen there yet: the 404 page, but not the login page.
    expect(await screen.findByRole('heading', { name: '404 Not Found' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/mypage/point');
  });

  it('lets everyone in when the shop does not use membership checks', async () => {
    const fake = createSiteFake().on('GET', '/v1/settings/front', { ...demoSettings, NO_MEMBER_USE: true });
    const { router } = await renderApp('/mypage/point', fake);

    expect(await screen.findByRole('heading', { name: '404 Not Found' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/mypage/point');
  });

  it('sends a logged-in member from /login and /register to /ec/', async () => {
    logIn(true);
    const { router } = await renderApp('/register');
    await waitFor(() => expect(router.state.location.pathname).toBe('/ec/'));

    await router.navigate('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/ec/'));
  });

  it('sends an unverified member of a verify-first shop from /login to /verify', async () => {
    logIn(false);
    const fake = createSiteFake()
      .on('GET', '/v1/settings/front', { ...demoSettings, 'AUTH.IS_VERIFY_EMAIL_AT_FIRST_LOGIN': true })
      .on('POST', '/v1/email-verify/request', { message: '送信しました' });
    const { router } = await renderApp('/login', fake);

    await waitFor(() => expect(router.state.location.pathname).toBe('/verify'));
    expect(await screen.findByRole('heading', { level: 1, name: 'メールアドレスの確認' })).toBeInTheDocument();
  });

  it('starts every test logged out', () => {
    expect(sessionStore.get()).toEqual(emptySession);
  });
});
