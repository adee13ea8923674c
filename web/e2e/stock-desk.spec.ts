/**
 * 在庫管理 (issue 31) in real Chromium against the real server: an owner opens the stock list of
 * the demo shop, searches it for one variation by its SKU, adds 5 as 入荷 (the window shows
 * 販売可能 before and after; the row then reads 5 more), opens the variation's 履歴 and finds the
 * 入荷 line with their own name, goes back to the same search and does a 棚卸 to a new count (the
 * row reads it, and the ledger has the 棚卸 line); the ledger's address, reloaded, still names the
 * variation and its counts. The screens have no serious axe violation (checked with the back
 * office's CSP enforced). A short @phone check looks at the list at 375 px: cards, nothing wider
 * than the screen, the row's buttons within reach.
 */
import type { Locator, Page } from '@playwright/test';
import { expectNoSidewaysScroll } from './member-session';
import { adminMenu, signInStaff } from './staff-session';
import { expect, keepScreenshot, seriousViolations, test } from './support';

/** `?q=<sku>` at the end of the address, as the search writes it. */
function searchedFor(sku: string): RegExp {
  const query = new URLSearchParams({ q: sku }).toString().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`\\?${query}$`);
}

function stockTable(page: Page): Locator {
  return page.getByRole('table', { name: /^在庫一覧/ });
}

/** A row's cell under the column `column` (found by the table's own headers). */
async function cellOf(page: Page, row: Locator, column: string): Promise<Locator> {
  const headers = (await stockTable(page).getByRole('columnheader').allTextContents()).map((text) => text.trim());
  const index = headers.indexOf(column);
  expect(index, `the column ${column}`).toBeGreaterThanOrEqual(0);
  return row.getByRole('cell').nth(index);
}

/** The count a cell starts with (a badge such as 在庫切れ may follow it). */
async function countIn(page: Page, row: Locator, column: string): Promise<number> {
  const text = (await (await cellOf(page, row, column)).textContent()) ?? '';
  const count = /^-?\d+/.exec(text.trim());
  expect(count, `a count in ${column}: ${text}`).not.toBeNull();
  return Number(count![0]);
}

test.describe('stock desk', () => {
  test.setTimeout(90_000);

  test('an owner adds 5 as 入荷, finds it in the ledger with their name, and counts the shelf (棚卸)', async ({
    page,
  }, testInfo) => {
    const staffName = `E2E 在庫オーナー ${testInfo.project.name}`;

    // (1) The stock list, after signing in.
    await page.goto('/admin/catalog/stock');
    await expect(page.getByRole('heading', { name: '管理画面ログイン' })).toBeVisible();
    await signInStaff(page, 'stock');
    await expect(page).toHaveURL(/\/admin\/catalog\/stock$/);
    await expect(page.getByRole('heading', { level: 1, name: '在庫管理' })).toBeVisible();
    await expect((await adminMenu(page)).getByRole('link', { name: '在庫管理' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(stockTable(page).getByRole('row').nth(1)).toBeVisible();
    // A variation of the demo shop, as the desk's API lists it (the page's session cookie goes along).
    const listed = await page.request.get('/v1/admin/stock?per=1');
    expect(listed.ok(), await listed.text()).toBe(true);
    const { sku } = ((await listed.json()) as { data: { sku: string }[] }).data[0]!;

    // (2) The search finds the variation by its SKU.
    const search = page.getByRole('form', { name: '在庫の検索' });
    await search.getByLabel('キーワード').fill(sku);
    await search.getByRole('button', { name: '検索' }).click();
    await expect(page).toHaveURL(searchedFor(sku));
    const row = stockTable(page)
      .getByRole('row')
      .filter({ has: page.getByText(sku, { exact: true }) });
    await expect(row).toHaveCount(1);
    const available = await countIn(page, row, '販売可能');
    const onHand = await countIn(page, row, '実在庫');
    const reserved = await countIn(page, row, '引当中');
    expect(onHand).toBe(available + reserved);

    // (3) +5 as 入荷: the window shows 販売可能 before and after; the row then reads it.
    await row.getByRole('button', { name: /の入出庫$/ }).click();
    const adjust = page.getByRole('dialog', { name: /^入出庫：/ });
    await expect(adjust.getByRole('radio', { name: '増やす（＋）' })).toBeChecked();
    await adjust.getByLabel('数量').fill('5');
    await adjust.getByLabel('理由').selectOption({ label: '入荷' });
    await adjust.getByLabel('メモ（任意）').fill('E2E 入荷');
    await expect(adjust).toContainText(`販売可能 ${available} → ${available + 5}`);
    await keepScreenshot(page, testInfo, 'stock-desk-adjust');
    expect(await seriousViolations(page, { underCsp: true })).toEqual([]);
    await adjust.getByRole('button', { name: '記録する' }).click();
    await expect(page.getByText(/：入荷 \+5を記録しました（販売可能 \d+ → \d+）。$/)).toBeVisible();
    await expect(adjust).toBeHidden();
    await expect(await cellOf(page, row, '販売可能')).toHaveText(new RegExp(`^${available + 5}(\\D|$)`));
    await expect(await cellOf(page, row, '実在庫')).toHaveText(String(onHand + 5));
    await keepScreenshot(page, testInfo, 'stock-desk-list');
    expect(await seriousViolations(page, { underCsp: true })).toEqual([]);

    // (4) The ledger: the 入荷 line, newest first, with the owner's name and the メモ.
    await row.getByRole('link', { name: /の履歴$/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^在庫の履歴：/ })).toBeVisible();
    const now = page.getByRole('region', { name: '現在の在庫' });
    await expect(now).toContainText(`SKU ${sku}`);
    await expect(now).toContainText(`引当中${reserved}実在庫${onHand + 5}`);
    const ledger = page.getByRole('table', { name: '在庫の履歴（新しい順）' });
    const newest = ledger.getByRole('row').nth(1);
    await expect(newest).toContainText('入荷');
    await expect(newest).toContainText('+5');
    await expect(newest).toContainText(staffName);
    await expect(newest).toContainText('E2E 入荷');
    await expect(newest).toContainText(`販売可能 ${available + 5} / 実在庫 ${onHand + 5}`);
    await keepScreenshot(page, testInfo, 'stock-desk-ledger');
    expect(await seriousViolations(page, { underCsp: true })).toEqual([]);

    // (5) Back to the same search; 棚卸 to a new count: 実在庫 and 販売可能 follow it.
    await page.getByRole('link', { name: '在庫一覧へ戻る' }).click();
    await expect(page).toHaveURL(searchedFor(sku));
    await expect(row).toHaveCount(1);
    const counted = onHand + 5 + 3;
    await row.getByRole('button', { name: /の棚卸$/ }).click();
    const count = page.getByRole('dialog', { name: /^棚卸：/ });
    await expect(count).toContainText(`実在庫 ${onHand + 5} →`);
    await count.getByLabel('数えた実在庫').fill(String(counted));
    await expect(count).toContainText(`販売可能 ${available + 5} → ${available + 8}`);
    await count.getByLabel('メモ（任意）').fill('E2E 棚卸');
    await count.getByRole('button', { name: '棚卸を記録する' }).click();
    await expect(page.getByText(new RegExp(`の実在庫を${onHand + 5}から${counted}にしました。$`))).toBeVisible();
    await expect(await cellOf(page, row, '実在庫')).toHaveText(String(counted));
    await expect(await cellOf(page, row, '販売可能')).toHaveText(new RegExp(`^${available + 8}(\\D|$)`));

    await row.getByRole('link', { name: /の履歴$/ }).click();
    const latest = page.getByRole('table', { name: '在庫の履歴（新しい順）' }).getByRole('row').nth(1);
    await expect(latest).toContainText('棚卸');
    await expect(latest).toContainText('+3');
    await expect(latest).toContainText(staffName);
    await expect(latest).toContainText('E2E 棚卸');

    // (6) The ledger's address opened on its own (a reload: no list read before it) still names
    // the variation and shows its counts as they are now.
    const heading = await page.getByRole('heading', { level: 1 }).textContent();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading ?? '');
    await expect(now).toContainText(`SKU ${sku}`);
    await expect(now).toContainText(`引当中${reserved}実在庫${counted}`);
    await expect(now.getByRole('definition').first()).toHaveText(new RegExp(`^${available + 8}(\\D|$)`));
  });

  // @phone: at 375 px the stock list is read as cards (a stylesheet's doing), nothing is wider
  // than the screen, and a row's buttons (four to a row) stay within it.
  test('the stock list reads as cards on a phone @phone', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'the phone layout only: the desktop journey covers the list');
    await page.goto('/admin/catalog/stock');
    await signInStaff(page, 'stock');
    const row = stockTable(page).getByRole('row').nth(1);
    await expect(row).toBeVisible();
    expect(await row.evaluate((element) => getComputedStyle(element).display)).toBe('block');
    await expect(
      page.getByRole('navigation', { name: '在庫の絞り込み' }).getByRole('link', { name: '在庫切れ' }),
    ).toBeInViewport();
    await expectNoSidewaysScroll(page);
    const button = row.getByRole('button', { name: /のしきい値$/ });
    await button.scrollIntoViewIfNeeded();
    await expect(button).toBeInViewport({ ratio: 1 });
    await keepScreenshot(page, testInfo, 'stock-desk-list');
    expect(await seriousViolations(page, { underCsp: true })).toEqual([]);

    await row.getByRole('button', { name: /の入出庫$/ }).click();
    const adjust = page.getByRole('dialog', { name: /^入出庫：/ });
    await expect(adjust.getByRole('button', { name: '記録する' })).toBeVisible();
    const box = await adjust.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    await expectNoSidewaysScroll(page);
    await keepScreenshot(page, testInfo, 'stock-desk-adjust');
  });
});
