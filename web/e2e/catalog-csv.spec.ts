/**
 * CSV入出力 (issue 31) in real Chromium against the real server: an owner opens the screen from
 * 商品管理's 「CSVで一括登録」, downloads the products CSV (UTF-8: a BOM, then the Japanese header
 * 商品コード,商品名,…), and uploads a small hand-written products CSV — a new product and a row whose
 * 販売価格 is `abc`. The dry run counts 新規 1 and エラー行 1 and lists the error (行 3, 列 販売価格);
 * 「反映する」 is disabled, 「エラーのない行だけ反映する」 applies the new product (完了しました). The
 * product is then on 商品管理 and found by the storefront's keyword search; the row with the error
 * made nothing. The inventory CSV then adds 5 to the new SKU (`SKU,増減`), and 在庫管理 shows its
 * stock 5 higher. The screen has no serious axe violation (the back office's CSP enforced).
 * A second journey uploads a ZIP of a products CSV and the photo its 画像 column names by file
 * name: the dry run counts it, 「反映する」 writes it, and the storefront's product page shows the
 * photo in its responsive WebP sizes.
 * Desktop only: the screen is the same sections at any width, and its tables are the desks' own.
 */
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { drawPhoto, zipOf } from './photo-files';
import { adminMenu, signInStaff } from './staff-session';
import { expect, keepScreenshot, seriousViolations, test } from './support';

function section(page: Page, name: '商品CSV' | '在庫CSV'): Locator {
  return page.getByRole('region', { name, exact: true });
}

/** The import a section shows, by its file's name. */
function job(page: Page, name: '商品CSV' | '在庫CSV', file: string): Locator {
  return section(page, name).getByRole('region', { name: `取り込み：${file}` });
}

/** A CSV made in the test, as the file box takes it. */
function csvFile(name: string, lines: string[]) {
  return { name, mimeType: 'text/csv', buffer: Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8') };
}

function stockTable(page: Page): Locator {
  return page.getByRole('table', { name: /^在庫一覧/ });
}

/** A row's cell under the column `column` (found by the table's own headers). */
async function cellOf(table: Locator, row: Locator, column: string): Promise<Locator> {
  const headers = (await table.getByRole('columnheader').allTextContents()).map((text) => text.trim());
  const index = headers.indexOf(column);
  expect(index, `the column ${column}`).toBeGreaterThanOrEqual(0);
  return row.getByRole('cell').nth(index);
}

/**
 * From a keyword list page, the product named `name` (the index may take a moment: the page is
 * asked again until it lists it), opened.
 */
async function openFoundProduct(page: Page, name: string) {
  const found = page
    .getByRole('list', { name: '商品一覧' })
    .getByRole('link', { name: new RegExp(name) })
    .first();
  await expect(async () => {
    if (!(await found.isVisible())) await page.reload();
    await expect(found).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await found.click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

test.describe('catalog CSV', () => {
  test.setTimeout(120_000);

  test('an owner downloads the products CSV, imports a new product past an error row, and adds stock by the inventory CSV', async ({
    page,
  }, testInfo) => {
    const stamp = Date.now();
    const code = `E2E-CSV-${stamp}`;
    const name = `E2ECSV商品${stamp}`;
    const sku = `${code}-01`;
    const badCode = `E2E-CSVNG-${stamp}`;
    const staffName = `E2E CSVオーナー ${testInfo.project.name}`;

    // (1) 商品管理, after signing in; 「CSVで一括登録」 opens CSV入出力.
    await page.goto('/admin/products');
    await expect(page.getByRole('heading', { name: '管理画面ログイン' })).toBeVisible();
    await signInStaff(page, 'csv');
    await expect(page.getByRole('heading', { level: 1, name: '商品管理' })).toBeVisible();
    await page.getByRole('link', { name: 'CSVで一括登録' }).click();
    await expect(page).toHaveURL(/\/admin\/catalog\/csv$/);
    await expect(page.getByRole('heading', { level: 1, name: 'CSV入出力' })).toBeVisible();
    await expect((await adminMenu(page)).getByRole('link', { name: 'CSV入出力' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const products = section(page, '商品CSV');
    const inventory = section(page, '在庫CSV');
    await expect(products).toBeVisible();
    await expect(inventory).toBeVisible();

    // (2) The products CSV in UTF-8: a BOM (for Excel), then the Japanese header.
    const downloading = page.waitForEvent('download');
    await products.getByRole('button', { name: 'UTF-8でダウンロード' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const bytes = readFileSync(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    const [header, firstRow] = text.split(/\r?\n/);
    expect(header?.startsWith('商品コード,商品名')).toBe(true);
    expect(header).toContain('SKU');
    expect(firstRow ?? '').not.toBe('');
    await expect(products.getByRole('button', { name: 'UTF-8でダウンロード' })).toBeEnabled();

    // (3) A hand-written products CSV: a new product (line 2) and a price that is not a number (line 3).
    const productsFile = `e2e-products-${stamp}.csv`;
    await products
      .getByLabel('商品CSVファイル')
      .setInputFiles(
        csvFile(productsFile, [
          '商品コード,商品名,販売価格,SKU,初期在庫',
          `${code},${name},2480,${sku},3`,
          `${badCode},E2ECSVエラー商品${stamp},abc,${badCode}-01,`,
        ]),
      );
    const productsJob = job(page, '商品CSV', productsFile);
    await expect(productsJob).toBeVisible();
    await expect(page).toHaveURL(/[?&]products_job=/);
    const counts = productsJob.getByLabel('確認結果');
    await expect(counts).toBeVisible({ timeout: 20_000 });
    await expect(counts).toContainText('新規1件');
    await expect(counts).toContainText('更新0件');
    await expect(counts).toContainText('エラー行1件');
    await expect(productsJob).toContainText(`UTF-8・2行・${staffName}`);
    const errors = productsJob.getByRole('table', { name: 'エラーの内容（1件）' });
    await expect(errors.getByRole('row')).toHaveCount(2);
    const errorRow = errors.getByRole('row').nth(1);
    await expect(await cellOf(errors, errorRow, '行')).toHaveText('3');
    await expect(await cellOf(errors, errorRow, '列')).toHaveText('販売価格');
    await expect(await cellOf(errors, errorRow, '内容')).toHaveText('整数で入力してください。');
    await expect(productsJob.getByRole('button', { name: '反映する', exact: true })).toBeDisabled();
    await expect(productsJob.getByText('エラーのない1件を反映します。')).toBeVisible();
    await keepScreenshot(page, testInfo, 'catalog-csv-checked');
    expect(await seriousViolations(page, { underCsp: true })).toEqual([]);

    // (4) エラーのない行だけ反映する: the new product is made; 完了しました.
    await productsJob.getByRole('button', { name: 'エラーのない行だけ反映する' }).click();
    await expect(productsJob.getByText('完了しました。1件を反映しました。')).toBeVisible({ timeout: 20_000 });
    await expect(productsJob.getByRole('button', { name: 'エラーのない行だけ反映する' })).toHaveCount(0);
    const recent = page.getByRole('table', { name: '最近の取り込み（新しい順）' });
    const recentRow = recent.getByRole('row').filter({ has: page.getByText(productsFile, { exact: true }) });
    await expect(recentRow).toContainText('完了');
    await expect(recentRow).toContainText('1件を反映');

    // (5) 商品管理 lists the new product (and not the row with the error).
    await page.goto(`/admin/products?${new URLSearchParams({ q: code }).toString()}`);
    const productRow = page
      .getByRole('table', { name: /^商品一覧/ })
      .getByRole('row')
      .filter({ has: page.getByText(code, { exact: true }) });
    await expect(productRow).toHaveCount(1);
    await expect(productRow).toContainText(name);
    await expect(productRow).toContainText('¥2,480');
    await page.goto(`/admin/products?${new URLSearchParams({ q: badCode }).toString()}`);
    await expect(page.getByRole('table', { name: /^商品一覧/ })).toHaveCount(0);
    await expect(page.getByText(badCode)).toHaveCount(0);

    // (6) A visitor: the storefront's keyword search finds it (the index may take a moment: the
    // page is asked again until it lists it).
    await page.goto('/product');
    await page.getByRole('searchbox', { name: 'キーワード' }).fill(name);
    await page.getByRole('search', { name: '商品検索' }).getByRole('button', { name: '検索' }).click();
    await expect(page).toHaveURL(new RegExp(`keyword=${encodeURIComponent(name)}`));
    await openFoundProduct(page, name);
    await expect(page.getByText('¥2,480').first()).toBeVisible();

    // (7) 在庫管理 before the inventory CSV: the new SKU with its 初期在庫 (3).
    await page.goto(`/admin/catalog/stock?${new URLSearchParams({ q: sku }).toString()}`);
    await expect(page.getByRole('heading', { level: 1, name: '在庫管理' })).toBeVisible();
    const stockRow = stockTable(page)
      .getByRole('row')
      .filter({ has: page.getByText(sku, { exact: true }) });
    await expect(stockRow).toHaveCount(1);
    await expect(await cellOf(stockTable(page), stockRow, '実在庫')).toHaveText('3');

    // (8) The inventory CSV: +5 to the new SKU, checked, then 反映する (no errors).
    await page.goto('/admin/catalog/csv');
    const inventoryFile = `e2e-inventory-${stamp}.csv`;
    await inventory.getByLabel('在庫CSVファイル').setInputFiles(csvFile(inventoryFile, ['SKU,増減', `${sku},5`]));
    const inventoryJob = job(page, '在庫CSV', inventoryFile);
    const inventoryCounts = inventoryJob.getByLabel('確認結果');
    await expect(inventoryCounts).toBeVisible({ timeout: 20_000 });
    await expect(inventoryCounts).toContainText('エラー行0件');
    await expect(inventoryJob.getByText('1件を反映します。', { exact: true })).toBeVisible();
    await expect(inventoryJob.getByRole('button', { name: 'エラーのない行だけ反映する' })).toHaveCount(0);
    await inventoryJob.getByRole('button', { name: '反映する', exact: true }).click();
    await expect(inventoryJob.getByText('完了しました。1件を反映しました。')).toBeVisible({ timeout: 20_000 });
    await keepScreenshot(page, testInfo, 'catalog-csv-done');

    // (9) 在庫管理: the SKU's stock is 5 more (3 → 8).
    await (await adminMenu(page)).getByRole('link', { name: '在庫管理' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '在庫管理' })).toBeVisible();
    const search = page.getByRole('form', { name: '在庫の検索' });
    await search.getByLabel('キーワード').fill(sku);
    await search.getByRole('button', { name: '検索' }).click();
    await expect(stockRow).toHaveCount(1);
    await expect(await cellOf(stockTable(page), stockRow, '実在庫')).toHaveText('8');
    await expect(await cellOf(stockTable(page), stockRow, '販売可能')).toHaveText(/^8(\D|$)/);
  });

  test('an owner imports a ZIP of a products CSV and its photo, and the storefront shows the photo', async ({
    page,
  }) => {
    const stamp = Date.now();
    const code = `E2E-ZIP-${stamp}`;
    const name = `E2EZIP商品${stamp}`;
    await page.goto('/admin/catalog/csv');
    await signInStaff(page, 'csv');
    await expect(page.getByRole('heading', { level: 1, name: 'CSV入出力' })).toBeVisible();

    // (1) A ZIP: the CSV names the photo by its file name, kept in a folder of the ZIP.
    const photo = await drawPhoto(page, 'image/jpeg', 1200, 900, 140);
    const csv = `商品コード,商品名,販売価格,SKU,画像\r\n${code},${name},1980,${code}-01,front-${stamp}.jpg\r\n`;
    const zipName = `e2e-photos-${stamp}.zip`;
    await section(page, '商品CSV')
      .getByLabel('商品CSVファイル')
      .setInputFiles({
        name: zipName,
        mimeType: 'application/zip',
        buffer: zipOf([
          { name: '商品.csv', buffer: Buffer.from(csv, 'utf8') },
          { name: `写真/front-${stamp}.jpg`, buffer: photo },
        ]),
      });
    const zipJob = job(page, '商品CSV', zipName);
    const counts = zipJob.getByLabel('確認結果');
    await expect(counts).toBeVisible({ timeout: 30_000 });
    await expect(counts).toContainText('新規1件');
    await expect(counts).toContainText('エラー行0件');

    // (2) 反映する writes it.
    await zipJob.getByRole('button', { name: '反映する', exact: true }).click();
    await expect(zipJob.getByText('完了しました。1件を反映しました。')).toBeVisible({ timeout: 30_000 });

    // (3) The storefront's product page shows the photo, made into the storefront's widths.
    await page.goto(`/product?${new URLSearchParams({ keyword: name }).toString()}`);
    await openFoundProduct(page, name);
    const picture = page.locator('main img[srcset*="/media/"]').first();
    await expect(picture).toBeVisible();
    await expect(picture).toHaveAttribute('srcset', /-240\.webp 240w.*-1200\.webp 1200w/);
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
  });
});
