/**
 * Member area journeys: a forgotten password reset from the mailed link, the profile, a password
 * change, the login history, and leaving the shop. Journeys that change a password or leave use a
 * fresh member (registered through the API, verified with the code from the outbox); the demo
 * member only reads.
 */
import type { Page } from '@playwright/test';
import { freshMember, logIn, mypageMenu } from './member-session';
import { botCheckHeaders, keepScreenshot, mailLink, readMail, seriousViolations, test, expect } from './support';

const DEMO_MEMBER = { email: 'member@example.com', password: 'ride2026demo' };
const LOGIN_FAILED = 'メールアドレスまたはパスワードが正しくありません';

async function logOut(page: Page) {
  await page.goto('/mypage/logout');
  await page.getByRole('button', { name: 'ログアウトする' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ログアウトしました' })).toBeVisible();
}

test('a member who forgot the password sets a new one from the mailed link and logs in with it', async ({
  page,
}, testInfo) => {
  const member = await freshMember(page, testInfo, 'reminder');

  await page.goto('/reminder');
  await expect(page.getByRole('heading', { level: 1, name: 'パスワードの再設定' })).toBeVisible();
  await keepScreenshot(page, testInfo, 'reminder-request');
  const sentAfter = Date.now();
  await page.getByLabel(/^メールアドレス/).fill(member.email);
  await page.getByRole('button', { name: '送信する' }).click();
  const answer = await page.getByRole('status').filter({ hasText: 'メール' }).textContent();

  // The same answer for an address nobody registered (no enumeration).
  const unknown = await page.request.post('/v1/reminder/request', {
    headers: await botCheckHeaders(page.request),
    data: { email: `nobody-${Date.now()}@example.com` },
  });
  expect(unknown.status()).toBe(202);
  expect(((await unknown.json()) as { message: string }).message).toBe(answer);

  const link = mailLink(await readMail(member.email, { after: sentAfter }), '/reminder/reset');
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: '新しいパスワードの設定' })).toBeVisible();
  await page.getByLabel(/^新しいパスワード\s*必須/).fill('renewed2026pass');
  await page.getByLabel(/^新しいパスワード（確認）/).fill('renewed2026pass');
  await keepScreenshot(page, testInfo, 'reminder-reset');
  await page.getByRole('button', { name: 'パスワードを再設定する' }).click();

  // The reset logs the member in.
  await expect(page).toHaveURL(/\/mypage$/);
  await expect(page.getByText('パスワードを再設定しました。')).toBeVisible();
  await expect(page.getByText('ようこそ、試験 花子 様')).toBeVisible();

  await logOut(page);
  // The link was single use.
  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText('リンク');

  await logIn(page, member);
  await expect(page.getByText(LOGIN_FAILED)).toBeVisible();
  await logIn(page, { ...member, password: 'renewed2026pass' });
  await expect(page).toHaveURL(/\/mypage$/);
  await expect(page.getByRole('heading', { level: 1, name: 'マイページ' })).toBeVisible();
});

test('a member edits the profile and sees it on 会員情報', async ({ page }, testInfo) => {
  const member = await freshMember(page, testInfo, 'profile');
  await logIn(page, member);
  await expect(page).toHaveURL(/\/mypage$/);
  await expect(page.getByText('本会員')).toBeVisible();

  await mypageMenu(page).getByRole('link', { name: '会員情報' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '会員情報' })).toBeVisible();
  await page.getByRole('link', { name: '会員情報を変更する' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '会員情報の変更' })).toBeVisible();
  await expect(page.getByLabel(/^ログインID/)).toHaveValue(member.email);
  await expect(page.getByLabel(/^ログインID/)).not.toBeEditable();

  await page.getByLabel(/^名\s*必須/).fill('二郎');
  await page.getByLabel(/^メイ\s*必須/).fill('ジロウ');
  // The postal code fills the address from Japan Post's data.
  await page.getByLabel(/^郵便番号/).fill('530-0001');
  await page.getByRole('button', { name: '住所を自動入力' }).click();
  await expect(page.getByLabel(/^都道府県/)).toHaveValue('大阪府');
  await expect(page.getByLabel(/^市区町村/)).toHaveValue(/^大阪市北区/);
  await page.getByLabel(/^番地/).fill('2-3-4');
  await page.getByRole('radio', { name: '受け取る' }).check();
  await keepScreenshot(page, testInfo, 'profile-edit');
  await page.getByRole('button', { name: '変更を保存する' }).click();

  await expect(page).toHaveURL(/\/mypage\/user_info$/);
  await expect(page.getByText('会員情報を変更しました。')).toBeVisible();
  const value = (term: string) =>
    page.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
  await expect(value('お名前')).toHaveText('試験 二郎');
  await expect(value('フリガナ')).toHaveText('シケン ジロウ');
  await expect(value('郵便番号')).toHaveText('〒530-0001');
  await expect(value('住所')).toContainText('大阪府大阪市北区');
  await expect(value('メールマガジン')).toHaveText('受け取る');
  await keepScreenshot(page, testInfo, 'profile');

  // Still the same after a reload: it came from the server.
  await page.reload();
  await expect(value('お名前')).toHaveText('試験 二郎');
});

test('a member changes the password; the wrong current one is refused on its field', async ({ page }, testInfo) => {
  const member = await freshMember(page, testInfo, 'password');
  await logIn(page, member);
  await expect(page).toHaveURL(/\/mypage$/);

  await mypageMenu(page).getByRole('link', { name: 'パスワード変更' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'パスワード変更' })).toBeVisible();
  const form = page.getByRole('form', { name: 'パスワード変更' });
  await form.getByLabel(/^現在のパスワード/).fill('not-my-password1');
  await form.getByLabel(/^新しいパスワード\s*必須/).fill('changed2026pass');
  await form.getByLabel(/^新しいパスワード（確認）/).fill('changed2026pass');
  await form.getByRole('button', { name: 'パスワードを変更する' }).click();
  await expect(form.getByText('現在のパスワードが正しくありません')).toBeVisible();
  await expect(form.getByLabel(/^現在のパスワード/)).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel(/^現在のパスワード/).fill(member.password);
  await form.getByRole('button', { name: 'パスワードを変更する' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'パスワードを変更しました。' })).toBeVisible();
  await keepScreenshot(page, testInfo, 'password-changed');

  await logOut(page);
  await logIn(page, member);
  await expect(page.getByText(LOGIN_FAILED)).toBeVisible();
  await logIn(page, { ...member, password: 'changed2026pass' });
  await expect(page).toHaveURL(/\/mypage$/);
});

test('the demo member sees the latest login in the login history, in Japan time', async ({ page }, testInfo) => {
  const before = Date.now();
  await logIn(page, DEMO_MEMBER);
  await expect(page).toHaveURL(/\/mypage$/);
  await expect(page.getByText('ようこそ、', { exact: false })).toBeVisible();

  await mypageMenu(page).getByRole('link', { name: 'ログイン履歴' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ログイン履歴' })).toBeVisible();
  const rows = page.getByRole('table', { name: 'ログイン履歴（新しい順）' }).locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  // The newest row is this login: today (Japan time), by password.
  const jst = new Date(before + 9 * 3600_000);
  const today = `${jst.getUTCFullYear()}.${String(jst.getUTCMonth() + 1).padStart(2, '0')}.${String(jst.getUTCDate()).padStart(2, '0')}`;
  await expect(rows.first().locator('td').first()).toHaveText(
    new RegExp(`^${today.replace(/\./g, '\\.')} \\d{1,2}:\\d{2}$`),
  );
  await expect(rows.first().locator('td').nth(1)).toHaveText('パスワード');
  await keepScreenshot(page, testInfo, 'login-history');
});

test('a member leaves the shop in two steps and cannot log in afterwards', async ({ page }, testInfo) => {
  const member = await freshMember(page, testInfo, 'leave');
  await logIn(page, member);
  await expect(page).toHaveURL(/\/mypage$/);

  await mypageMenu(page).getByRole('link', { name: '退会' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '退会' })).toBeVisible();
  await expect(page.getByRole('region', { name: '退会される前にご確認ください' })).toBeVisible();
  await page.getByLabel(/^退会の理由/).fill('テストのため');
  await keepScreenshot(page, testInfo, 'leave-step-1');
  await page.getByRole('button', { name: '次へ進む' }).click();

  await expect(page.getByRole('heading', { level: 2, name: '退会の最終確認' })).toBeVisible();
  await expect(page.getByRole('region', { name: '退会手続きの最終確認' })).toBeVisible();
  await page.getByLabel(/^パスワード/).fill('wrong-password1');
  await page.getByRole('button', { name: '退会する' }).click();
  await expect(page.getByLabel(/^パスワード/)).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel(/^パスワード/).fill(member.password);
  await keepScreenshot(page, testInfo, 'leave-step-2');
  await page.getByRole('button', { name: '退会する' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('退会手続きが完了しました。ご利用いただきありがとうございました。')).toBeVisible();
  await page.goto('/mypage');
  await expect(page).toHaveURL(/\/login\/$/);

  await logIn(page, member);
  await expect(page.getByText(LOGIN_FAILED)).toBeVisible();
  const refused = await page.request.post('/v1/auth/login', {
    headers: await botCheckHeaders(page.request),
    data: { username: member.email, password: member.password },
  });
  expect(refused.status()).toBe(422);
  // Refused for the account, not for want of a proof.
  expect(((await refused.json()) as { code?: string }).code).not.toBe('bot_check.failed');
});

test.describe('accessibility of the member and reminder screens', () => {
  test.use({ bypassCSP: true });

  test('the reminder screens have no serious accessibility violations', async ({ page }) => {
    for (const [path, heading] of [
      ['/reminder', 'パスワードの再設定'],
      ['/reminder/reset?token=unknown', '新しいパスワードの設定'],
      ['/reminder/username', 'ログインIDの確認'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      expect(await seriousViolations(page), path).toEqual([]);
    }
  });

  // @phone: the menu is a row on a phone, and the login history's table reads as cards.
  test('the mypage screens have no serious accessibility violations, errors shown too @phone', async ({ page }) => {
    await logIn(page, DEMO_MEMBER);
    await expect(page).toHaveURL(/\/mypage$/);
    for (const [path, heading] of [
      ['/mypage', 'マイページ'],
      ['/mypage/user_info', '会員情報'],
      ['/mypage/user_info/edit', '会員情報の変更'],
      ['/mypage/password', 'パスワード変更'],
      ['/mypage/login_history', 'ログイン履歴'],
      ['/mypage/logout', 'ログアウト'],
      ['/mypage/leave', '退会'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      expect(await seriousViolations(page), path).toEqual([]);
    }
    // The password form with its errors, and the second leaving step.
    await page.goto('/mypage/password');
    await page.getByRole('button', { name: 'パスワードを変更する' }).click();
    await expect(page.getByText('必須項目です').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/mypage/leave');
    await page.getByRole('button', { name: '次へ進む' }).click();
    await expect(page.getByRole('heading', { level: 2, name: '退会の最終確認' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
