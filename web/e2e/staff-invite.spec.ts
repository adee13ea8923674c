/**
 * スタッフの招待 (issue 33, docs/contracts/staff-enrolment.md) in real Chromium against the real
 * server: the journey's owner (scripts/e2e.sh's E2E_STAFF_INVITE_*) invites an order clerk by
 * mail. The invitation's link, read from the outbox, opens 登録 in a browser of the invitee's own
 * (no cookie of the owner's): they choose a password, read the key shown beside the QR code into
 * an authenticator (this journey computes its codes as staff-session.ts does for every sign-in)
 * and land in the back office as a 受注担当 — 受注管理 in their menu, neither 設定 nor スタッフ,
 * and 設定 typed by hand says it is not theirs. The owner then finds them in the staff list and
 * makes them 店長, which their open session follows at its next request. Desktop only: the
 * screens' phone layout is staff-desk.spec.ts's.
 */
import type { Browser, Page } from '@playwright/test';
import { adminMenu, freshCode, signInStaff } from './staff-session';
import { expect, mailLink, readMail, seriousViolations, test } from './support';

/** What 設定 says to a role without `shop_settings` (web/src/admin/settings/settings-page.tsx). */
const SETTINGS_FORBIDDEN = '設定の変更は店舗オーナーまたは店長のみ行えます。';

/** A second browser, as the invitee's own computer: no cookie of the owner's. */
async function inviteeBrowser(browser: Browser): Promise<Page> {
  const port = process.env.E2E_BASE_PORT ?? '18080';
  const context = await browser.newContext({
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
  });
  return context.newPage();
}

test('an owner invites an order clerk, who enrols from the mailed link, and then makes them 店長', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const tag = `${testInfo.project.name}-${Date.now()}`;
  const email = `e2e-invitee-${tag}@example.jp`;
  const name = `E2E 招待 ${tag}`;
  const password = `e2e-invitee-${Date.now()}-pw`;

  // (1) The owner opens スタッフ管理 and invites a 受注担当.
  await page.goto('/admin/staff');
  await expect(page.getByRole('heading', { name: '管理画面ログイン' })).toBeVisible();
  await signInStaff(page, 'invite');
  await expect(page.getByRole('heading', { level: 1, name: 'スタッフ管理' })).toBeVisible();

  await page.getByRole('button', { name: 'スタッフを招待' }).click();
  const invite = page.getByRole('dialog', { name: 'スタッフを招待' });
  await invite.getByLabel('メールアドレス').fill(email);
  await invite.getByLabel('お名前').fill(name);
  await invite.getByLabel('権限').selectOption({ label: '受注担当' });
  const sentAfter = Date.now();
  await invite.getByRole('button', { name: '招待メールを送る' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${name} さんに招待メールを送りました。` })).toBeVisible();
  await expect(invite).toHaveCount(0);
  const pending = page.getByRole('table', { name: '招待中のスタッフ' }).getByRole('row').filter({ hasText: email });
  await expect(pending.locator('td[data-label="権限"]')).toHaveText('受注担当');

  // (2) The invitation's mail, and its link.
  const mail = await readMail(email, { after: sentAfter, subject: /スタッフ登録のご案内/ });
  expect(mail.text).toContain('受注担当');
  const link = mailLink(mail, '/admin/enrol');
  expect(link).toMatch(/^\/admin\/enrol\?token=/);

  // (3) The invitee, in a browser of their own, enrols from the link.
  const invitee = await inviteeBrowser(browser);
  await invitee.goto(link);
  await expect(invitee.getByRole('heading', { level: 1, name: 'スタッフ登録' })).toBeVisible();
  await expect(invitee.getByText(name, { exact: true })).toBeVisible();
  await expect(invitee.getByText(email, { exact: true })).toBeVisible();
  await expect(invitee.getByText('受注担当', { exact: true })).toBeVisible();
  await expect(invitee.getByRole('img', { name: '認証アプリ用QRコード' })).toBeVisible();
  // The page's inline SVG and everything else within the back office's CSP, and readable.
  expect(await seriousViolations(invitee, { underCsp: true })).toEqual([]);

  await invitee.getByLabel('パスワード', { exact: true }).fill(password);
  await invitee.getByLabel('パスワード（確認）', { exact: true }).fill(password);
  // The key as typed into an authenticator by hand (the spaces only group it).
  const shown = await invitee.locator('form code').textContent();
  const secret = (shown ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}=*$/);
  await invitee.getByLabel('認証アプリに表示された6桁のコード').fill(await freshCode(secret));
  await invitee.getByRole('button', { name: '登録する' }).click();

  // (4) Logged in as an order clerk: 受注管理, but neither 設定 nor スタッフ.
  await expect(invitee).toHaveURL(/\/admin\/inquiries$/);
  await expect(invitee.getByRole('heading', { level: 1, name: '受信箱' })).toBeVisible();
  const menu = await adminMenu(invitee);
  await expect(menu.getByRole('link', { name: '受注管理' })).toBeVisible();
  await expect(menu.getByRole('link', { name: '設定', exact: true })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'スタッフ', exact: true })).toHaveCount(0);
  await invitee.goto('/admin/settings');
  await expect(invitee.getByRole('heading', { level: 1, name: '設定' })).toBeVisible();
  await expect(invitee.getByRole('alert')).toHaveText(SETTINGS_FORBIDDEN);

  // (5) The owner finds them among the staff, the invitation used, and makes them 店長.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'スタッフ管理' })).toBeVisible();
  await expect(page.getByRole('region', { name: '招待中' }).getByRole('row').filter({ hasText: email })).toHaveCount(0);
  const row = page.getByRole('table', { name: 'スタッフ一覧' }).getByRole('row').filter({ hasText: email });
  await expect(row.locator('td[data-label="名前"]')).toContainText(name);
  await expect(row.locator('td[data-label="権限"]')).toHaveText('受注担当');
  await expect(row.locator('td[data-label="状態"]')).toHaveText('有効');

  await row.getByRole('button', { name: `${name} さんの権限を変更` }).click();
  const change = page.getByRole('dialog', { name: `${name} さんの権限を変更` });
  await change.getByLabel('権限', { exact: true }).selectOption({ label: '店長' });
  await change.getByRole('button', { name: '変更する' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${name} さんの権限を店長に変更しました。` })).toBeVisible();
  await expect(change).toHaveCount(0);
  await expect(row.locator('td[data-label="権限"]')).toHaveText('店長');

  // (6) The invitee's open session follows the new role at its next request: 設定 is theirs now.
  await invitee.reload();
  await expect(invitee.getByRole('heading', { level: 1, name: '設定' })).toBeVisible();
  await expect(invitee.getByRole('list', { name: '設定の一覧' })).toBeVisible();
  await expect((await adminMenu(invitee)).getByRole('link', { name: '設定', exact: true })).toBeVisible();
  await invitee.context().close();
});
