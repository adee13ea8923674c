/**
 * 一括編集 (issue 31, docs/contracts/catalog-grid.md) in real Chromium against the real server: an
 * owner makes two products of their own through the API (so that no demo product another journey
 * counts on changes), opens 一括編集 from 商品管理's link and filters it by their code. An invalid
 * 販売価格 (`abc`) shows the contract's message on its cell and 「変更を確認」 sends nothing; Ctrl+Z
 * puts it back. Then, with the keyboard alone (Tab into the grid, arrows, Enter, typing, Enter), the
 * first product's 販売価格 changes, its variation gets +3 in 在庫の増減 and the second product's 公開
 * is unticked with Space; 「変更を確認」 lists the three changes with before → after, 「保存する」
 * shows the toast, and the grid reads the saved values. The storefront's page of the first product
 * shows the new price, and 在庫管理 shows its stock 3 higher. The screen has no serious axe
 * violation (the back office's CSP enforced). Desktop only: the grid is the same table at any width
 * (it scrolls sideways in its box on a phone).
 */
import type { Locator, Page } from '@playwright/test';
import { signInStaff, type StaffJourney } from './staff-session';
import { expect, keepScreenshot, seriousViolations, test } from './support';

const JOURNEY: StaffJourney = 'grid';

function theGrid(page: Page): Locator {
  return page.getByRole('grid', { name: '一括編集' });
}

/** The grid's row whose first cell (its row header) is `name`: a 商品コード or a SKU. */
function rowOf(page: Page, name: string): Locator {
  return theGrid(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name, exact: true }) });
}

/** A row's cell under the column `column` (found by the grid's own headers). */
async function cellOf(page: Page, name: string, column: string): Promise<Locator> {
  const headers = (await theGrid(page).getByRole('columnheader').allTextContents()).map((text) => text.trim());
  const index = headers.indexOf(column);
  expect(index, `the column ${column}`).toBeGreaterThanOrEqual(0);
  return rowOf(page, name).locator(':scope > th, :scope > td').nth(index);
}

function stockTable(page: Page): Locator {
  return page.getByRole('table', { name: /^在庫一覧/ });
}

interface Made {
  id: string;
  storefront_path: string;
}

test.describe('catalog grid', () => {
  test.setTimeout(120_000);

  test('an owner changes a price, adds stock and unpublishes a product in the grid by keyboard, and saves after the preview', async ({
    page,
  }, testInfo) => {
    const stamp = Date.now();
    const prefix = `E2E-GRID-${stamp}`;
    const codeA = `${prefix}-A`;
    const codeB = `${prefix}-B`;
    const skuA = `${codeA}-01`;
    const skuB = `${codeB}-01`;
    const PRICE = '販売価格／価格';

    // (1) 商品管理, after signing in.
    await page.goto('/admin/products');
    await expect(page.getByRole('heading', { name: '管理画面ログイン' })).toBeVisible();
    await signInStaff(page, JOURNEY);
    await expect(page.getByRole('heading', { level: 1, name: '商品管理' })).toBeVisible();

    // Two products of this run, published, the first with 5 in stock (the page's session cookie goes along).
    const make = async (code: string, sku: string, price: number, stock: number): Promise<Made> => {
      const made = await page.request.post('/v1/admin/products', {
        data: {
          code,
          name: `E2E一括編集${code}`,
          price,
          tax_rate: 10,
          is_published: true,
          variations: [{ sku, price, initial_stock: stock }],
        },
      });
      expect(made.ok(), await made.text()).toBe(true);
      return (await made.json()) as Made;
    };
    const productA = await make(codeA, skuA, 2000, 5);
    await make(codeB, skuB, 3000, 2);

    // (2) 「一括編集」 opens the grid; the filter finds the two products (in code order).
    await page.getByRole('link', { name: '一括編集' }).click();
    await expect(page).toHaveURL(/\/admin\/catalog\/grid$/);
    await expect(page.getByRole('heading', { level: 1, name: '一括編集' })).toBeVisible();
    const filter = page.getByRole('form', { name: '商品の絞り込み' });
    await filter.getByLabel('キーワード').fill(prefix);
    await filter.getByLabel('並び順').selectOption({ label: '商品コード順' });
    await filter.getByRole('button', { name: '検索' }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]q=${prefix}`));
    await expect(theGrid(page).getByRole('rowheader')).toHaveText([codeA, skuA, codeB, skuB]);
    const review = page.getByRole('button', { name: /^変更を確認/ });
    await expect(review).toBeDisabled();

    const previews: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/v1/admin/catalog/grid/preview')) previews.push(request.url());
    });

    // (3) The keyboard only from here: Tab from the search button into the grid's one tab stop.
    const codeCellA = await cellOf(page, codeA, '商品コード／SKU');
    for (let i = 0; i < 6 && !(await codeCellA.evaluate((cell) => cell === document.activeElement)); i += 1) {
      await page.keyboard.press('Tab');
    }
    await expect(codeCellA).toBeFocused();

    // (4) An invalid price: the contract's message on the cell, and 変更を確認 sends nothing.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    const priceB = await cellOf(page, codeB, PRICE);
    await expect(priceB).toBeFocused();
    await page.keyboard.press('Enter');
    await page.keyboard.type('abc');
    await page.keyboard.press('Enter');
    await expect(priceB).toContainText('0〜10,000,000円の範囲で入力してください。');
    await expect(priceB).toHaveAttribute('aria-invalid', 'true');
    await review.click();
    await expect(page.getByRole('alert')).toContainText('正しくない値のセルが1件あります。');
    await expect(priceB).toBeFocused();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(previews).toEqual([]);
    await page.keyboard.press('Control+z');
    await expect(priceB).toContainText('¥3,000');
    await expect(priceB).not.toContainText('変更');
    await expect(review).toBeDisabled();

    // (5) 販売価格 of the first product: up two rows, Enter, the new price, Enter (which moves down).
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    const priceA = await cellOf(page, codeA, PRICE);
    await expect(priceA).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(priceA.getByRole('textbox', { name: `販売価格（${codeA}）` })).toBeFocused();
    await page.keyboard.type('2600');
    await page.keyboard.press('Enter');
    await expect(priceA).toContainText('¥2,600');
    await expect(priceA).toContainText('変更');
    await expect(await cellOf(page, skuA, PRICE)).toBeFocused();

    // (6) +3 to the variation's stock: End (the row's last cell, 在庫の増減), typing starts the edit.
    await page.keyboard.press('End');
    const deltaA = await cellOf(page, skuA, '在庫の増減');
    await expect(deltaA).toBeFocused();
    await page.keyboard.type('+3');
    await page.keyboard.press('Enter');
    await expect(deltaA).toContainText('+3');
    await expect(deltaA).toContainText('変更');

    // (7) 公開 of the second product: Home, up to its product row, four cells right, Space.
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowUp');
    for (let i = 0; i < 4; i += 1) await page.keyboard.press('ArrowRight');
    const publishB = await cellOf(page, codeB, '公開');
    await expect(publishB).toBeFocused();
    await page.keyboard.press('Space');
    await expect(publishB.getByRole('checkbox', { name: `公開（${codeB}）` })).not.toBeChecked();
    await expect(publishB).toContainText('非公開');
    await expect(publishB).toContainText('変更');
    await expect(page.getByText('変更したセル：3件')).toBeVisible();
    await keepScreenshot(page, testInfo, 'catalog-grid-edited');
    expect(await seriousViolations(page, { underCsp: true })).toEqual([]);

    // (8) 変更を確認: the server's preview lists the three changes, before → after, and the
    // variation priced as its product following the new 販売価格.
    await page.getByRole('button', { name: '変更を確認（3件）' }).click();
    const dialog = page.getByRole('dialog', { name: '変更内容の確認' });
    await expect(dialog).toBeVisible();
    expect(previews).toHaveLength(1);
    await expect(dialog).toContainText('2商品・4件の変更を保存します。');
    const lines = dialog.getByRole('row');
    await expect(lines).toHaveCount(5);
    const priceLine = lines.filter({ hasText: '販売価格' });
    await expect(priceLine).toContainText(codeA);
    await expect(priceLine).toContainText(/2,000円\s*→\s*2,600円/);
    const followingLine = lines.filter({ hasText: skuA }).filter({ hasNotText: '実在庫' });
    await expect(followingLine).toContainText(/2,000円\s*→\s*2,600円/);
    const stockLine = lines.filter({ hasText: skuA }).filter({ hasText: '実在庫' });
    await expect(stockLine).toContainText(codeA);
    await expect(stockLine).toContainText(/実在庫 5\s*→\s*実在庫 8/);
    const publishLine = lines.filter({ hasText: codeB });
    await expect(publishLine).toContainText('公開');
    await expect(publishLine).toContainText(/公開\s*→\s*非公開/);
    await keepScreenshot(page, testInfo, 'catalog-grid-preview');
    expect(await seriousViolations(page, { underCsp: true })).toEqual([]);

    // (9) 保存する: the toast; the grid reads the saved values, with nothing left to save.
    await dialog.getByRole('button', { name: '保存する' }).click();
    await expect(page.getByText('2商品を更新しました（在庫の増減 1件）')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(priceA).toContainText('¥2,600');
    await expect(priceA).not.toContainText('変更');
    await expect(await cellOf(page, skuA, '実在庫')).toHaveText('8');
    await expect(publishB.getByRole('checkbox')).not.toBeChecked();
    await expect(review).toBeDisabled();

    // (10) A visitor: the first product's page shows the new price (asked again until it does).
    await page.goto(productA.storefront_path);
    await expect(page.getByRole('heading', { level: 1, name: `E2E一括編集${codeA}` })).toBeVisible();
    await expect(async () => {
      if (!(await page.getByText('¥2,600').first().isVisible())) await page.reload();
      await expect(page.getByText('¥2,600').first()).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });

    // (11) 在庫管理: the variation's stock is 3 more (5 → 8).
    await page.goto(`/admin/catalog/stock?${new URLSearchParams({ q: skuA }).toString()}`);
    await expect(page.getByRole('heading', { level: 1, name: '在庫管理' })).toBeVisible();
    const stockRow = stockTable(page)
      .getByRole('row')
      .filter({ has: page.getByText(skuA, { exact: true }) });
    await expect(stockRow).toHaveCount(1);
    const headers = (await stockTable(page).getByRole('columnheader').allTextContents()).map((text) => text.trim());
    await expect(stockRow.getByRole('cell').nth(headers.indexOf('実在庫'))).toHaveText('8');
  });
});
