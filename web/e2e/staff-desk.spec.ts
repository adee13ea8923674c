/**
 * スタッフ管理 (issue 33) in real Chromium against the real server: an owner and an order clerk
 * are made for the run as scripts/e2e.sh makes the journeys' owners (`shop staff create`); the
 * clerk signs in in a browser of their own. The owner opens スタッフ from the menu, finds the
 * clerk (their 最終ログイン just now) and disables them after the question: the clerk's open
 * screen is sent back to the login at its next call, and their password is refused as a wrong one
 * is. The login history lists the clerk's login; the owner enables them again and the clerk signs
 * in once more. Each width makes its own two accounts, so the runs never meet.
 */
import type { Browser, Page } from '@playwright/test';
import { expectNoSidewaysScroll } from './member-session';
import { adminMenu, createStaff, signInStaff, type StaffLogin } from './staff-session';
import { expect, keepScreenshot, seriousViolations, test } from './support';

/** The server's answer to a wrong password (server/src/staff/login.rs), also a disabled account's. */
const LOGIN_FAILED = 'メールアドレス、パスワードまたは確認コードが正しくありません。';

/** A second browser, as the clerk's own computer: no cookie of the owner's. */
async function clerkBrowser(browser: Browser): Promise<Page> {
  const port = process.env.E2E_BASE_PORT ?? '18080';
  const context = await browser.newContext({
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
  });
  return context.newPage();
}

/** The password step alone, on the login page `page` shows. */
async function submitPassword(page: Page, staff: StaffLogin): Promise<void> {
  await page.getByLabel('メールアドレス').fill(staff.email);
  await page.getByLabel('パスワード').fill(staff.password);
  await page.getByRole('button', { name: '次へ' }).click();
}

// @phone: the staff list reads as cards at 375 px (a stylesheet's doing), nothing wider, and the
// row's buttons and the dialogs stay within the screen.
test('an owner disables a staff member, whose session and login then fail, and enables them again @phone', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const tag = `${testInfo.project.name}-${Date.now()}`;
  const owner = createStaff({
    email: `e2e-staff-owner-${tag}@example.jp`,
    name: `E2E スタッフ管理オーナー ${tag}`,
    role: 'owner',
  });
  const clerkName = `E2E 受注担当 ${tag}`;
  const clerk = createStaff({ email: `e2e-staff-clerk-${tag}@example.jp`, name: clerkName, role: 'order-clerk' });

  // The clerk at work in their own browser.
  const clerkPage = await clerkBrowser(browser);
  await clerkPage.goto('/admin/inquiries');
  await expect(clerkPage.getByRole('heading', { name: '管理画面ログイン' })).toBeVisible();
  await signInStaff(clerkPage, clerk);
  await expect(clerkPage.getByRole('heading', { level: 1, name: '受信箱' })).toBeVisible();
  // Not an owner: no スタッフ in their menu.
  await expect((await adminMenu(clerkPage)).getByRole('link', { name: 'スタッフ' })).toHaveCount(0);

  // (1) The owner opens スタッフ from the menu: their own row says あなた, the clerk's is 有効.
  await page.goto('/admin/inquiries');
  await expect(page.getByRole('heading', { name: '管理画面ログイン' })).toBeVisible();
  await signInStaff(page, owner);
  await expect(page.getByRole('heading', { level: 1, name: '受信箱' })).toBeVisible();
  await (await adminMenu(page)).getByRole('link', { name: 'スタッフ' }).click();
  await expect(page).toHaveURL(/\/admin\/staff$/);
  await expect(page.getByRole('heading', { level: 1, name: 'スタッフ管理' })).toBeVisible();

  const table = page.getByRole('table', { name: 'スタッフ一覧' });
  const mine = table.getByRole('row').filter({ hasText: owner.email });
  await expect(mine).toContainText('あなた');
  await expect(mine.getByRole('button', { name: /のアカウントを無効にする$/ })).toHaveCount(0);

  const row = table.getByRole('row').filter({ hasText: clerk.email });
  const state = row.locator('td[data-label="状態"]');
  await expect(row).toContainText(clerkName);
  await expect(row.locator('td[data-label="権限"]')).toHaveText('受注担当');
  await expect(state).toHaveText('有効');
  await expect(row.locator('td[data-label="最終ログイン"]')).toHaveText(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/);
  await expectNoSidewaysScroll(page);
  expect(await seriousViolations(page, { underCsp: true })).toEqual([]);
  await keepScreenshot(page, testInfo, 'staff-desk-list');

  // (2) 無効にする, after the question that names the clerk.
  const disable = row.getByRole('button', { name: `${clerkName} さんのアカウントを無効にする` });
  await disable.scrollIntoViewIfNeeded();
  await expect(disable).toBeInViewport({ ratio: 1 });
  await disable.click();
  const dialog = page.getByRole('dialog', { name: 'アカウントを無効にする' });
  await expect(dialog).toContainText(
    `${clerkName} さんのアカウントを無効にします。ログイン中の画面もすぐに使えなくなります。`,
  );
  await expectNoSidewaysScroll(page);
  await keepScreenshot(page, testInfo, 'staff-desk-disable');
  await dialog.getByRole('button', { name: '無効にする' }).click();
  await expect(page.getByText(`${clerkName} さんのアカウントを無効にしました。`)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(state).toHaveText('無効');
  await expect(row.getByRole('button', { name: `${clerkName} さんのアカウントを有効にする` })).toBeVisible();

  // (3) The clerk's screen: its next call ends at the login, and the password no longer opens it.
  await clerkPage.reload();
  await expect(clerkPage.getByRole('heading', { name: '管理画面ログイン' })).toBeVisible();
  await submitPassword(clerkPage, clerk);
  await expect(clerkPage.getByRole('alert')).toContainText(LOGIN_FAILED);
  await expect(clerkPage.getByLabel('確認コード（6桁）')).toHaveCount(0);

  // (4) The clerk's login history: their sign-in of (1), in a dialog.
  await row.getByRole('button', { name: `${clerkName} さんのログイン履歴` }).click();
  const history = page.getByRole('dialog', { name: `${clerkName} さんのログイン履歴` });
  const entries = history.getByRole('table');
  await expect(entries).toBeVisible();
  await expect(
    entries
      .locator('td[data-label="内容"]')
      .filter({ hasText: /^ログイン$/ })
      .first(),
  ).toBeVisible();
  await expect(entries.locator('td[data-label="時刻"]').first()).toHaveText(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/);
  const box = await history.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
  await keepScreenshot(page, testInfo, 'staff-desk-logins');
  await history.getByRole('button', { name: '閉じる' }).click();
  await expect(history).toHaveCount(0);

  // (5) 有効にする acts at once; the clerk signs in again.
  await row.getByRole('button', { name: `${clerkName} さんのアカウントを有効にする` }).click();
  await expect(page.getByText(`${clerkName} さんのアカウントを有効にしました。`)).toBeVisible();
  await expect(state).toHaveText('有効');
  await expect(row.getByRole('button', { name: `${clerkName} さんのアカウントを無効にする` })).toBeVisible();

  await clerkPage.goto('/admin/inquiries');
  await expect(clerkPage.getByRole('heading', { name: '管理画面ログイン' })).toBeVisible();
  await signInStaff(clerkPage, clerk);
  await expect(clerkPage.getByRole('heading', { level: 1, name: '受信箱' })).toBeVisible();
  await clerkPage.context().close();
});
