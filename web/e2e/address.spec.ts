/**
 * Address book journeys: the demo member adds an address with the postal-code autofill, edits
 * it, makes it the default (the ★ moves), exports the book as UTF-8 CSV and reads the file, and
 * deletes the entry again; then the list and the form pass axe.
 * The demo member's book ends as it started (the own address only).
 */
import { readFileSync } from 'node:fs';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { keepScreenshot, seriousViolations, test, expect } from './support';

const DEMO_MEMBER = { email: 'member@example.com', password: 'ride2026demo' };

async function logIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel(/^メールアドレスまたはユーザー名/).fill(DEMO_MEMBER.email);
  await page.getByLabel(/^パスワード/).fill(DEMO_MEMBER.password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page).toHaveURL(/\/mypage$/);
}

/** The marks of an entry (★ 既定のお届け先, 既定の送り主, ご本人の住所), not its buttons. */
function marks(entry: Locator) {
  return entry.getByRole('list', { name: '設定' });
}

/** One name per width: the two projects share the server, so their entries never meet. */
function recipient(testInfo: TestInfo) {
  return testInfo.project.name === 'phone'
    ? { last: '経路', first: '二郎', lastKana: 'ケイロ', firstKana: 'ジロウ' }
    : { last: '経路', first: '一郎', lastKana: 'ケイロ', firstKana: 'イチロウ' };
}

test('the demo member adds, edits, makes default, exports and deletes an address', async ({ page }, testInfo) => {
  const who = recipient(testInfo);
  const name = `${who.last} ${who.first}`;
  await logIn(page);

  await page.getByRole('navigation', { name: 'マイページメニュー' }).getByRole('link', { name: 'アドレス帳' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'アドレス帳' })).toBeVisible();
  const card = (text: string) => page.getByRole('article', { name: new RegExp(text) });
  // The own address (the profile's) is there from the first visit, default and sender default.
  const own = page.getByRole('article').filter({ hasText: 'ご本人の住所' });
  await expect(own).toHaveCount(1);
  await expect(marks(own).getByText('既定のお届け先')).toBeVisible();
  await expect(card(name)).toHaveCount(0);

  // Add, with the address from the postal code.
  await page.getByRole('link', { name: '新しいお届け先を登録する' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'お届け先の登録' })).toBeVisible();
  await page.getByLabel(/^お届け先名（姓）/).fill(who.last);
  await page.getByLabel(/^お届け先名（名）/).fill(who.first);
  await page.getByLabel(/^フリガナ（セイ）/).fill(who.lastKana);
  await page.getByLabel(/^フリガナ（メイ）/).fill(who.firstKana);
  await page.getByLabel(/^郵便番号/).fill('1000001');
  await page.getByRole('button', { name: '住所を自動入力' }).click();
  await expect(page.getByLabel(/^都道府県/)).toHaveValue('東京都');
  await expect(page.getByLabel(/^市区町村/)).toHaveValue('千代田区千代田');
  await expect(page.getByLabel(/^番地/)).toBeFocused();
  await page.getByLabel(/^番地/).fill('1-1');
  await page.getByLabel(/^携帯電話番号/).fill('090-1234-5678');
  await keepScreenshot(page, testInfo, 'address-add');
  await page.getByRole('button', { name: '登録する' }).click();

  await expect(page).toHaveURL(/\/mypage\/address$/);
  await expect(page.getByText('お届け先を登録しました。')).toBeVisible();
  await expect(card(name)).toContainText('〒100-0001 東京都千代田区千代田1-1');
  await expect(marks(card(name)).getByText('既定のお届け先')).toHaveCount(0);

  // Edit.
  await card(name).getByRole('link', { name: /^編集/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'お届け先の変更' })).toBeVisible();
  await expect(page.getByLabel(/^郵便番号/)).toHaveValue('100-0001');
  await page.getByLabel(/^建物名・部屋番号/).fill('経路ビル3階');
  await page.getByRole('button', { name: '変更を保存する' }).click();
  await expect(page).toHaveURL(/\/mypage\/address$/);
  await expect(page.getByText('お届け先を変更しました。')).toBeVisible();
  await expect(card(name)).toContainText('〒100-0001 東京都千代田区千代田1-1 経路ビル3階');

  // Make it the default: the ★ moves from the own address to it.
  await card(name)
    .getByRole('button', { name: /^既定のお届け先にする/ })
    .click();
  await expect(marks(card(name)).getByText('既定のお届け先')).toBeVisible();
  await expect(marks(own).getByText('既定のお届け先')).toHaveCount(0);
  await expect(marks(own).getByText('既定の送り主')).toBeVisible();
  await page.reload();
  await expect(marks(card(name)).getByText('既定のお届け先')).toBeVisible();
  await keepScreenshot(page, testInfo, 'address-list');

  // Export as UTF-8 and read the file.
  await page.getByRole('radio', { name: 'UTF-8' }).check();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSVをエクスポート' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('アドレス帳.csv');
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const [header, ...rows] = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  expect(header).toContain('お届け先名(姓)');
  expect(header).toContain('郵便番号');
  expect(
    rows.some(
      (row) =>
        row.includes(who.last) &&
        row.includes(who.first) &&
        row.includes('千代田区千代田') &&
        row.includes('経路ビル3階'),
    ),
  ).toBe(true);
  await expect(page.getByText('エクスポートが完了しました')).toBeVisible();

  // Delete, after the confirmation: the default goes back to the own address.
  await card(name).getByRole('button', { name: /^削除/ }).click();
  const dialog = page.getByRole('dialog', { name: 'お届け先の削除' });
  await expect(dialog).toContainText(name);
  await keepScreenshot(page, testInfo, 'address-delete-confirm');
  await dialog.getByRole('button', { name: '削除する' }).click();
  await expect(page.getByText('お届け先を削除しました。')).toBeVisible();
  await expect(card(name)).toHaveCount(0);
  await expect(marks(own).getByText('既定のお届け先')).toBeVisible();
});

test.describe('accessibility of the address book', () => {
  test.use({ bypassCSP: true });

  test('the list, the form (with its errors) and the edit screen have no serious violations', async ({ page }) => {
    await logIn(page);
    await page.goto('/mypage/address');
    await expect(page.getByRole('heading', { level: 1, name: 'アドレス帳' })).toBeVisible();
    expect(await seriousViolations(page), 'list').toEqual([]);

    // The import's error list.
    await page.getByRole('button', { name: '取り込む' }).click();
    await expect(page.getByRole('alert')).toContainText('CSVファイルを選択してください');
    expect(await seriousViolations(page), 'list with import error').toEqual([]);

    await page.goto('/mypage/address/add');
    await expect(page.getByRole('heading', { level: 1, name: 'お届け先の登録' })).toBeVisible();
    expect(await seriousViolations(page), 'add form').toEqual([]);
    await page.getByRole('button', { name: '登録する' }).click();
    await expect(page.getByText('必須項目です').first()).toBeVisible();
    expect(await seriousViolations(page), 'add form with errors').toEqual([]);

    await page.goto('/mypage/address');
    await page.getByRole('article').filter({ hasText: 'ご本人の住所' }).getByRole('link', { name: /^編集/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'お届け先の変更' })).toBeVisible();
    await expect(page.getByText(/これはご本人の住所です。/)).toBeVisible();
    expect(await seriousViolations(page), 'edit form').toEqual([]);
  });
});
