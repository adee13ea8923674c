/**
 * メンテナンスモード (issue 33, docs/contracts/settings-maintenance.md) in real Chromium against the
 * real server. The demo shop stays open (the other journeys buy there): a new shop made with
 * `shop channel create` and its owner (`shop staff create`, as pages-desk.spec.ts makes one). The
 * owner opens 設定 → メンテナンスモード (「現在: 営業中」), picks メンテナンス中, writes the title and
 * the message (the preview follows), saves and confirms 「開始する」. A customer's own browser on
 * the shop's host, opening /, meets the maintenance page with those words (every storefront call
 * answers 503). The owner's back office keeps working: the settings page reloaded, still signed
 * in, shows the shop closed. The owner opens the shop again, and within a few seconds (the
 * server's channel cache keeps a channel up to a second) the customer's / is the shop's home.
 * Desktop only: a form of radios and text boxes, laid out the same at any width.
 */
import type { Browser, Page } from '@playwright/test';
import { adminMenu, createStaff, signInStaff } from './staff-session';
import { expect, keepScreenshot, onHost, seriousViolations, shopCommand, test } from './support';

const SHOP_NAME = 'メンテナンス確認店';
const OPEN = '現在: 営業中';
const CLOSED = '現在: メンテナンス中 — お客様はお店を利用できません。管理画面はそのまま使えます。';
const STARTED = 'メンテナンスを開始しました。';
const ENDED = 'メンテナンスを終了し、お店を再開しました。';
const CONFIRM = 'メンテナンスを開始しますか？';
const TITLE = '棚卸しのため臨時休業中です';
const MESSAGE_PARAGRAPHS = [
  '12月28日（日）10時に再開いたします。',
  'ご不便をおかけいたしますが、よろしくお願いいたします。',
];
const MESSAGE = MESSAGE_PARAGRAPHS.join('\n\n');

/** A new shop answering on <code>.localhost: closing it touches no other journey's shop. */
function newShop(): { code: string; host: string } {
  const code = `maint-${Date.now().toString(36)}`;
  shopCommand('channel', 'create', '--code', code, '--name', SHOP_NAME, '--host', `${code}.localhost`);
  return { code, host: `${code}.localhost` };
}

/** A customer's own browser on the shop's host: no staff cookie, nothing cached from before. */
async function customerPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });
  return context.newPage();
}

/** The shop's home as a customer sees it: its footer with the shop's name (the maintenance page has none). */
async function expectHome(customer: Page, timeout?: number): Promise<void> {
  await expect(customer.getByRole('contentinfo')).toContainText(SHOP_NAME, { timeout });
  await expect(customer).not.toHaveURL(/\/maintenance\/?$/);
}

test('an owner closes the shop for maintenance, customers meet the notice, and the shop opens again', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const { code, host } = newShop();
  const tag = `${testInfo.project.name}-${Date.now()}`;
  const owner = createStaff({
    channel: code,
    email: `e2e-maintenance-owner-${tag}@example.jp`,
    name: `E2E メンテナンスオーナー ${tag}`,
    role: 'owner',
  });
  const customer = await customerPage(browser);

  try {
    // (1) The shop is open: a customer's / is its home.
    await customer.goto(onHost(host, '/'));
    await expectHome(customer);

    // (2) The owner signs in on the shop's host and opens 設定 → メンテナンスモード (the last card).
    await page.goto(onHost(host, '/admin/inquiries'));
    await expect(page.getByRole('heading', { name: '管理画面ログイン' })).toBeVisible();
    await signInStaff(page, owner);
    await expect(page.getByRole('heading', { level: 1, name: '受信箱' })).toBeVisible();
    await (await adminMenu(page)).getByRole('link', { name: '設定', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/settings$/);
    const cards = page.getByRole('list', { name: '設定の一覧' }).getByRole('listitem');
    await expect(cards.last()).toContainText('お店を一時的に閉じ、お客様にお知らせを表示します。');
    await cards.last().getByRole('link', { name: 'メンテナンスモード' }).click();
    await expect(page).toHaveURL(/\/admin\/settings\/maintenance$/);
    await expect(page.getByRole('heading', { level: 1, name: 'メンテナンスモード' })).toBeVisible();

    const form = page.getByRole('form', { name: 'メンテナンスモード' });
    const open = form.getByRole('radio', { name: '営業中（お店を開く）' });
    const closed = form.getByRole('radio', { name: 'メンテナンス中（お店を閉じる）' });
    const title = form.getByLabel('タイトル', { exact: true });
    const message = form.getByLabel('お客様へのメッセージ', { exact: true });
    const preview = form.getByRole('region', { name: 'お客様に表示される画面' });
    await expect(form.getByText(OPEN, { exact: true })).toBeVisible();
    await expect(open).toBeChecked();
    expect(await seriousViolations(page, { underCsp: true })).toEqual([]);
    await keepScreenshot(page, testInfo, 'settings-maintenance-open');

    // (3) メンテナンス中, with the owner's title and message: the preview draws them as typed.
    await closed.check();
    await title.fill(TITLE);
    await message.fill(MESSAGE);
    await expect(preview.getByRole('heading', { name: TITLE })).toBeVisible();
    for (const paragraph of MESSAGE_PARAGRAPHS) await expect(preview.getByText(paragraph)).toBeVisible();

    // (4) 保存する asks first; 開始する closes the shop.
    await form.getByRole('button', { name: '保存する' }).click();
    const dialog = page.getByRole('dialog', { name: CONFIRM });
    await expect(dialog).toContainText('お客様はお店を利用できなくなります。');
    await keepScreenshot(page, testInfo, 'settings-maintenance-confirm');
    await dialog.getByRole('button', { name: '開始する' }).click();
    await expect(page.getByRole('status').filter({ hasText: STARTED })).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(form.getByText(CLOSED)).toBeVisible();
    await expect(form.getByText(OPEN, { exact: true })).toHaveCount(0);
    expect(await seriousViolations(page, { underCsp: true })).toEqual([]);
    await keepScreenshot(page, testInfo, 'settings-maintenance-closed');

    // (5) The customer's / leads to the maintenance page with the owner's words (within the cache's second).
    await expect(async () => {
      await customer.goto(onHost(host, '/'));
      await expect(customer).toHaveURL(/\/maintenance\/?$/, { timeout: 1000 });
    }).toPass({ timeout: 10_000 });
    await expect(customer.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
    for (const paragraph of MESSAGE_PARAGRAPHS) await expect(customer.getByText(paragraph)).toBeVisible();
    await expect(customer.getByRole('contentinfo')).toHaveCount(0);
    await keepScreenshot(customer, testInfo, 'settings-maintenance-storefront');

    // (6) The back office keeps working: the page reloaded, still signed in, reads the shop closed.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'メンテナンスモード' })).toBeVisible();
    await expect(form.getByText(CLOSED)).toBeVisible();
    await expect(closed).toBeChecked();
    await expect(title).toHaveValue(TITLE);
    await expect(message).toHaveValue(MESSAGE);

    // (7) 営業中 saves at once: the shop is open again.
    await open.check();
    await form.getByRole('button', { name: '保存する' }).click();
    await expect(page.getByRole('status').filter({ hasText: ENDED })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(form.getByText(OPEN, { exact: true })).toBeVisible();
    await expect(form.getByText(CLOSED)).toHaveCount(0);

    // (8) Within a few seconds the customer's / is the shop's home again.
    await expect(async () => {
      await customer.goto(onHost(host, '/'));
      await expectHome(customer, 1000);
    }).toPass({ timeout: 10_000 });
    await expect(customer.getByRole('heading', { name: TITLE })).toHaveCount(0);
    await keepScreenshot(customer, testInfo, 'settings-maintenance-reopened');
  } finally {
    await customer.context().close();
  }
});
