/**
 * Member journeys: registration with the mailed code, login that survives a reload and an expired
 * access token, logout, the corporate shop's rules and its mailed login code. Codes and links are
 * read from the server's outbox (E2E_OUTBOX_DIR).
 */
import type { Page, TestInfo } from '@playwright/test';
import {
  botCheckHeaders,
  keepScreenshot,
  mailCode,
  onHost,
  readMail,
  seriousViolations,
  test,
  expect,
} from './support';

const DEMO_MEMBER = { email: 'member@example.com', password: 'ride2026demo' };
const CORPORATE_MEMBER = { email: 'buyer@example.co.jp', password: 'tsunagu2026' };
const EXPIRY_KEY = 'shop.tokenExpiresAt';
const TOKEN_KEY = 'shop.accessToken';
const PHONE_RULE = '半角数字（ハイフンなし）11桁以内で入力してください';

function uniqueEmail(testInfo: TestInfo, tag: string): string {
  return `e2e-${tag}-${testInfo.project.name}-${Date.now()}@example.com`;
}

async function logIn(page: Page, who: { email: string; password: string }) {
  await page.getByLabel(/^メールアドレスまたはユーザー名/).fill(who.email);
  await page.getByLabel(/^パスワード/).fill(who.password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
}

/** The registration form's required fields, with `phone` as the telephone number. */
async function fillRegistration(page: Page, email: string, phone: string, corporate = false) {
  const form = page.getByRole('form', { name: '会員登録' });
  await form.getByLabel(/^メールアドレス/).fill(email);
  await form.getByLabel(/^パスワード\s*必須/).fill('abcd1234');
  await form.getByLabel(/^パスワード（確認）/).fill('abcd1234');
  if (corporate) await form.getByLabel(/^会社名/).fill('株式会社テスト商会');
  await form.getByLabel(/^お名前（姓）/).fill('山田');
  await form.getByLabel(/^お名前（名）/).fill('花子');
  await form.getByLabel(/^フリガナ（セイ）/).fill('ヤマダ');
  await form.getByLabel(/^フリガナ（メイ）/).fill('ハナコ');
  await form.getByLabel(/^郵便番号/).fill(corporate ? '1000001' : '100-0001');
  // The postal code fills the prefecture and the city.
  await expect(form.getByLabel(/^市区町村/)).not.toHaveValue('');
  await form.getByLabel(/^町名・番地/).fill('1-1');
  await form.getByLabel(/^電話番号/).fill(phone);
  return form;
}

test('a visitor registers on the demo shop and verifies with the mailed code', async ({ page }, testInfo) => {
  const email = uniqueEmail(testInfo, 'register');
  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1, name: '新規会員登録' })).toBeVisible();
  const form = await fillRegistration(page, email, '03-1234-5678');
  await expect(form.getByLabel(/^都道府県/)).toHaveValue('東京都');
  await keepScreenshot(page, testInfo, 'register-form');

  const sentAfter = Date.now();
  await form.getByRole('button', { name: '会員登録する' }).click();
  await expect(page).toHaveURL(/\/verify\?from=register$/);
  const code = mailCode(await readMail(email, { after: sentAfter }));

  await page.getByRole('textbox', { name: /^確認コード/ }).fill(code);
  await page.getByRole('button', { name: '認証する' }).click();

  await expect(page).toHaveURL(/\/register\/complete$/);
  await expect(page.getByText('会員登録が完了しました。')).toBeVisible();
  await keepScreenshot(page, testInfo, 'register-complete');
  await page.getByRole('link', { name: 'マイページへ' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'マイページ' })).toBeVisible();
  await expect(page.getByText('ようこそ、山田 花子 様')).toBeVisible();
});

test('a member logs in, stays logged in across a reload and after the access token expires', async ({
  page,
}, testInfo) => {
  await page.goto('/mypage/user_info');
  // Members only: the visitor is sent to the login page, which brings them back afterwards.
  await expect(page).toHaveURL(/\/login\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'ログイン' })).toBeVisible();
  await keepScreenshot(page, testInfo, 'login');
  await logIn(page, DEMO_MEMBER);
  await expect(page).toHaveURL(/\/mypage\/user_info$/);
  await expect(page.getByRole('heading', { level: 1, name: '会員情報' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: '会員情報' })).toBeVisible();
  await expect(page).toHaveURL(/\/mypage\/user_info$/);

  // The stored access token has expired: startup refreshes it silently with the cookie.
  const oldToken = await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
  await page.evaluate((key) => localStorage.setItem(key, String(Date.now() - 60_000)), EXPIRY_KEY);
  const refreshed = page.waitForResponse(
    (r) => r.url().endsWith('/v1/auth/refresh') && r.request().method() === 'POST',
  );
  await page.goto('/mypage');
  expect((await refreshed).status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'マイページ' })).toBeVisible();
  const newToken = await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
  expect(newToken).not.toBe(oldToken);
  expect(Number(await page.evaluate((key) => localStorage.getItem(key), EXPIRY_KEY))).toBeGreaterThan(Date.now());

  // And the member keeps working in the app.
  await page.goto('/mypage/login_history');
  await expect(page.getByRole('heading', { level: 1, name: 'ログイン履歴' })).toBeVisible();
  await expect(page).toHaveURL(/\/mypage\/login_history$/);
});

test('a logged-in member is sent from the login page to /ec/', async ({ page }) => {
  await page.goto('/login');
  await logIn(page, DEMO_MEMBER);
  await expect(page).toHaveURL(/\/mypage$/);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/ec\/$/);
});

test('a member logs out and member pages send them to the login page again', async ({ page }, testInfo) => {
  await page.goto('/login');
  await logIn(page, DEMO_MEMBER);
  await expect(page).toHaveURL(/\/mypage$/);

  await page.goto('/mypage/logout');
  await page.getByRole('button', { name: 'ログアウトする' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ログアウトしました' })).toBeVisible();
  await keepScreenshot(page, testInfo, 'logged-out');
  expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeNull();

  await page.goto('/mypage');
  await expect(page).toHaveURL(/\/login\/$/);
  // The refresh cookie was revoked too: the server will not hand out a new token.
  const refresh = await page.request.post('/v1/auth/refresh');
  expect(refresh.status()).toBe(401);
});

test('the corporate shop refuses a hyphenated phone number, in the browser and on the server', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'corp');
  const posted: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/v1/users') posted.push(request.url());
  });
  await page.goto(onHost('corporate.localhost', '/register'));
  await expect(page.getByRole('heading', { level: 1, name: '新規会員登録' })).toBeVisible();
  const form = await fillRegistration(page, email, '03-1234-5678', true);
  await form.getByRole('button', { name: '会員登録する' }).click();

  await expect(form.getByText(PHONE_RULE)).toBeVisible();
  await expect(form.getByLabel(/^電話番号/)).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel(/^電話番号/)).toBeFocused();
  await keepScreenshot(page, testInfo, 'corporate-register-phone');
  expect(posted).toEqual([]);

  // The server applies the same rule (Node does not resolve *.localhost: name the channel instead).
  const answer = await page.request.post('/v1/users', {
    headers: await botCheckHeaders(page.request, { 'X-Channel': 'corporate' }),
    data: {
      email,
      password: 'abcd1234',
      password_confirmation: 'abcd1234',
      corporation: '株式会社テスト商会',
      last_name: '山田',
      first_name: '花子',
      last_name_kana: '',
      first_name_kana: '',
      postal_code: '1000001',
      prefecture: '東京都',
      city: '千代田区',
      address1: '千代田1-1',
      address2: '',
      phone_number: '03-1234-5678',
      cell_phone_number: '',
      is_receive_newsletter: 0,
      gender_ct: null,
      birthday: null,
      question_ct: null,
    },
  });
  expect(answer.status()).toBe(422);
  const body = (await answer.json()) as { errors?: Record<string, string[]> };
  expect(body.errors?.phone_number).toContain(PHONE_RULE);
});

test('a corporate member logs in with the code mailed to them', async ({ page }, testInfo) => {
  await page.goto(onHost('corporate.localhost', '/login'));
  const sentAfter = Date.now();
  await logIn(page, CORPORATE_MEMBER);
  await expect(page.getByRole('heading', { level: 2, name: '確認コードの入力' })).toBeVisible();
  await keepScreenshot(page, testInfo, 'login-code');
  const code = mailCode(await readMail(CORPORATE_MEMBER.email, { after: sentAfter }));

  await page.getByRole('textbox', { name: /^確認コード/ }).fill(code);
  await page.getByRole('button', { name: '認証する' }).click();

  await expect(page).toHaveURL(/\/mypage$/);
  await expect(page.getByRole('heading', { level: 1, name: 'マイページ' })).toBeVisible();
});

test('a social login that failed, or left no session, says so and leads back to the login page', async ({ page }) => {
  // The provider round trip itself is the server's tests' (no provider is reachable here); the
  // storefront's part is what the server's redirect to /oauth/callback says.
  await page.goto('/oauth/callback?error=account_exists');
  await expect(page.getByRole('alert')).toHaveText(
    'このメールアドレスは既に会員登録されています。メールアドレスとパスワードでログインしてください。',
  );
  await page.getByRole('link', { name: 'ログイン画面へ' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // Without the refresh cookie a callback has no session to take: nothing is logged in.
  const refresh = page.waitForResponse((r) => r.url().endsWith('/v1/auth/refresh'));
  await page.goto('/oauth/callback?redirect=%2Fmypage');
  expect((await refresh).status()).toBe(401);
  await expect(page.getByRole('alert')).toContainText('ログインできませんでした');
  expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeNull();
});

test.describe('accessibility of the auth screens', () => {
  test.use({ bypassCSP: true });

  const screens: [string, string, string][] = [
    ['login', '/login?re=1', 'ログイン'],
    ['sibling-shop login', '/login_sync', '姉妹ショップのアカウントでログイン'],
    ['registration', '/register', '新規会員登録'],
    ['corporate registration', onHost('corporate.localhost', '/register'), '新規会員登録'],
    ['verification', '/verify', '認証'],
    ['unlock', '/login/unlock', 'アカウントのロック解除'],
    ['social login failure', '/oauth/callback?error=provider_error', 'ログイン'],
  ];

  for (const [name, path, heading] of screens) {
    test(`the ${name} screen has no serious accessibility violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('the registration form with its errors shown has no serious violations', async ({ page }) => {
    await page.goto('/register');
    await page.getByRole('button', { name: '会員登録する' }).click();
    await expect(page.getByText('必須項目です').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
