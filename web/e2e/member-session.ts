/**
 * A fresh member for the member-list journeys (favourites, bookmarks, histories): registered
 * through the API with the mailed code, so every journey and every screen width starts with empty
 * lists; and the login through the form, as a customer does it.
 */
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { botCheckHeaders, expect, mailCode, readMail } from './support';

export interface Member {
  email: string;
  password: string;
}

export interface FreshMemberOptions {
  /**
   * The API context to register through; by default the page's, which shares the browser's
   * cookies (a tenant journey may use its own `request` fixture instead).
   */
  request?: APIRequestContext;
  /** Headers for every call, e.g. a tenant shop's X-Channel (Node does not resolve *.localhost). */
  headers?: Record<string, string>;
}

export async function freshMember(
  page: Page,
  testInfo: TestInfo,
  tag: string,
  options: FreshMemberOptions = {},
): Promise<Member> {
  const request = options.request ?? page.request;
  const headers = options.headers ?? {};
  const member = {
    email: `e2e-${tag}-${testInfo.project.name}-${Date.now()}@example.com`,
    password: 'start2026pass',
  };
  const sentAfter = Date.now();
  const created = await request.post('/v1/users', {
    headers: await botCheckHeaders(request, headers),
    data: {
      email: member.email,
      password: member.password,
      password_confirmation: member.password,
      last_name: '試験',
      first_name: '花子',
      last_name_kana: 'シケン',
      first_name_kana: 'ハナコ',
      gender_ct: null,
      birthday: null,
      postal_code: '1000001',
      prefecture: '東京都',
      city: '千代田区千代田',
      address1: '1-1',
      address2: '',
      phone_number: '03-1234-5678',
      cell_phone_number: '',
      is_receive_newsletter: 0,
      question_ct: null,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { login } = (await created.json()) as { login: { user_id: string } };
  const code = mailCode(await readMail(member.email, { after: sentAfter }));
  const verified = await request.post('/v1/auth/verify', {
    headers,
    data: { verify_code: code, user_id: login.user_id },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  // The API calls shared the browser's cookies: the browser starts as a visitor.
  if (request === page.request) await request.post('/v1/auth/logout', { headers });
  return member;
}

/** Logs in through /login; the app then goes to the page kept for after the login (or /mypage). */
export async function logIn(page: Page, who: Member, options: { open?: boolean } = {}): Promise<void> {
  if (options.open !== false) await page.goto('/login');
  await page.getByLabel(/^メールアドレスまたはユーザー名/).fill(who.email);
  await page.getByLabel(/^パスワード/).fill(who.password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
}

/** The page is no wider than the screen (nothing to scroll sideways). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({
    content: document.documentElement.scrollWidth,
    screen: document.documentElement.clientWidth,
  }));
  expect(widths.content, 'page wider than the screen').toBeLessThanOrEqual(widths.screen);
}

/** The mypage menu: a row on phones, a side column on desktop. */
export function mypageMenu(page: Page) {
  return page.getByRole('navigation', { name: 'マイページメニュー' });
}
