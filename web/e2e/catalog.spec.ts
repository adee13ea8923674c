import type { Locator, Page } from '@playwright/test';
import { expect, keepScreenshot, test } from './support';

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) <= 767;

function productList(page: Page): Locator {
  return page.getByRole('list', { name: '商品一覧' });
}

/** The tax-included prices of the listed products, in order. */
async function listedPrices(page: Page): Promise<number[]> {
  const texts = await productList(page).getByRole('article').allTextContents();
  return texts.map((text) => {
    const match = /¥([\d,]+)（税込）/.exec(text);
    if (!match?.[1]) throw new Error(`no price in: ${text}`);
    return Number(match[1].replace(/,/g, ''));
  });
}

/** On a phone the filters sit behind the 「絞り込み」 button; elsewhere in the sidebar. */
async function filterPanel(page: Page): Promise<Locator> {
  if (!isPhone(page)) return page.getByRole('complementary', { name: '絞り込み' });
  await page.getByRole('button', { name: /絞り込み/ }).click();
  const dialog = page.getByRole('dialog', { name: '絞り込み' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('the product list shows 15 products, the total and the pages', async ({ page }, testInfo) => {
  // Other journeys add and withdraw products meanwhile (the desks' own): the page and the API
  // are read again until they agree on the total.
  let total = 0;
  await expect(async () => {
    await page.goto('/product');
    await expect(page.getByRole('heading', { level: 1, name: '商品一覧' })).toBeVisible();
    total = Number((await page.request.get('/v1/products')).headers()['x-total']);
    expect(total).toBeGreaterThan(15);
    await expect(
      page
        .getByText(`${total.toLocaleString('ja-JP')}件`, { exact: true })
        .or(page.getByText(new RegExp(`^${total}件`)))
        .first(),
    ).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(productList(page).getByRole('listitem')).toHaveCount(15);
  await expect(
    page.getByRole('navigation', { name: '商品一覧のページ送り' }).getByText(`全${total}件`, { exact: false }),
  ).toBeVisible();
  // Pictures sit in fixed square boxes whether or not they load.
  await expect(productList(page).getByRole('img').first()).toBeVisible();
  await keepScreenshot(page, testInfo, 'product-list');

  await page.getByRole('navigation', { name: '商品一覧のページ送り' }).getByRole('link', { name: '2ページ目' }).click();
  await expect(page).toHaveURL(/\/product\?page=2$/);
  await expect(productList(page).getByRole('listitem')).toHaveCount(15);
});

// @phone: on a phone the category tree is in the 絞り込み drawer.
test('a category from the tree and a hiragana keyword narrow the list and stay in the URL @phone', async ({
  page,
}, testInfo) => {
  await page.goto('/product');
  let panel = await filterPanel(page);
  await panel.getByRole('link', { name: 'ライディングギア' }).click();
  await expect(page).toHaveURL(/[?&]category=bike-gear(&|$)/);
  await expect(page.getByRole('heading', { level: 1, name: 'ライディングギア' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'パンくずリスト' })).toContainText('バイク用品');

  // The child flag: the parent category lists its sub-categories' products.
  panel = await filterPanel(page);
  await panel.getByRole('link', { name: 'グローブ', exact: true }).click();
  await expect(page).toHaveURL(/[?&]category=bike-glove(&|$)/);
  await expect(page.getByRole('heading', { level: 1, name: 'グローブ' })).toBeVisible();
  const names = await productList(page).getByRole('heading').allTextContents();
  expect(names.length).toBeGreaterThan(0);
  for (const name of names) expect(name).toContain('グローブ');

  // A keyword written in hiragana finds the katakana names, within the category.
  await page.getByRole('searchbox', { name: 'キーワード' }).fill('ぐろーぶ');
  await page.getByRole('search', { name: '商品検索' }).getByRole('button', { name: '検索' }).click();
  await expect(page).toHaveURL(/keyword=%E3%81%90%E3%82%8D%E3%83%BC%E3%81%B6/);
  await expect(page).toHaveURL(/category=bike-glove/);
  await expect(page.getByRole('heading', { level: 1, name: '「ぐろーぶ」の検索結果' })).toBeVisible();
  await expect(
    productList(page)
      .getByRole('heading', { name: /グローブ/ })
      .first(),
  ).toBeVisible();

  // Reload keeps everything; removing the category widens the search to cycle gloves too.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: '「ぐろーぶ」の検索結果' })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'キーワード' })).toHaveValue('ぐろーぶ');
  await page.getByRole('link', { name: 'カテゴリー「グローブ」の条件を解除' }).click();
  await expect(page).not.toHaveURL(/category=/);
  await expect(
    productList(page)
      .getByRole('heading', { name: /サイクルグローブ/ })
      .first(),
  ).toBeVisible();
  await keepScreenshot(page, testInfo, 'product-search');

  await page.goBack();
  await expect(page).toHaveURL(/category=bike-glove/);
  await expect(productList(page).getByRole('heading', { name: /サイクルグローブ/ })).toHaveCount(0);
});

test('an unknown keyword says nothing was found', async ({ page }) => {
  await page.goto('/product?keyword=%E5%AD%98%E5%9C%A8%E3%81%97%E3%81%AA%E3%81%84%E5%95%86%E5%93%81xyz');
  await expect(page.getByText('該当する商品が見つかりませんでした。')).toBeVisible();
  await expect(productList(page)).toHaveCount(0);
});

// @phone: on a phone the sort links are one row that scrolls sideways.
test('sorting by price ascending orders the prices @phone', async ({ page }) => {
  await page.goto('/product');
  await page.getByRole('navigation', { name: '並び替え' }).getByRole('link', { name: '価格の安い順' }).click();
  await expect(page).toHaveURL(/[?&]sort=price_asc/);
  await expect(
    page.getByRole('navigation', { name: '並び替え' }).getByRole('link', { name: '価格の安い順' }),
  ).toHaveAttribute('aria-current', 'true');
  const prices = await listedPrices(page);
  expect(prices).toHaveLength(15);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));

  await page.getByRole('navigation', { name: '並び替え' }).getByRole('link', { name: '価格の高い順' }).click();
  await expect(page).toHaveURL(/[?&]sort=price_desc/);
  await expect.poll(async () => (await listedPrices(page))[0]).toBeGreaterThan(prices.at(-1) ?? 0);
  const high = await listedPrices(page);
  expect(high).toEqual([...high].sort((a, b) => b - a));
});

test('a product page shows price and stock of the chosen variation', async ({ page }, testInfo) => {
  await page.goto('/product?category=bike-glove&keyword=GK-839');
  await productList(page)
    .getByRole('link', { name: /ウインターグローブ GK-839/ })
    .click();
  await expect(page).toHaveURL(/\/product\/rp0130$/);
  const title = page.getByRole('heading', { level: 1, name: 'ウインターグローブ GK-839 プロテクト' });
  await expect(title).toBeVisible();
  await expect(page.getByText('品番：KM-GK801', { exact: true })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'パンくずリスト' })).toContainText('グローブ');

  const buyBox = page.locator('[aria-live="polite"]').filter({ hasText: '税込' });
  await expect(buyBox).toContainText('¥6,480');
  await expect(buyBox).toContainText('在庫あり');

  await page
    .getByRole('group', { name: /サイズ/ })
    .getByText('3L', { exact: true })
    .click();
  await expect(buyBox).toContainText('¥7,030');
  await expect(buyBox).toContainText('在庫切れ');
  await expect(page.getByRole('radio', { name: /3L/ })).toBeChecked();

  await page
    .getByRole('group', { name: /カラー/ })
    .getByText('レッド', { exact: true })
    .click();
  await expect(buyBox).toContainText('¥7,030');
  await expect(buyBox).toContainText('在庫あり');

  // The item in stock can go into the cart (the cart journeys are e2e/cart.spec.ts).
  const cart = page.getByRole('button', { name: 'カートに入れる' });
  await expect(cart).toBeEnabled();

  // The gallery answers the keyboard.
  const thumbs = page.getByRole('list', { name: '商品画像の一覧' }).getByRole('button');
  await expect(thumbs).toHaveCount(2);
  await thumbs.first().focus();
  await page.keyboard.press('ArrowRight');
  await expect(thumbs.nth(1)).toHaveAttribute('aria-pressed', 'true');
  await expect(thumbs.nth(1)).toBeFocused();

  // The description is the server's markup: the demo's plain text arrives as paragraphs.
  const detail = (await (await page.request.get('/v1/products/rp0130')).json()) as { description: string };
  const firstLine = detail.description.trim().split('\n')[0]!.trim();
  await expect(page.getByRole('region', { name: '商品説明' }).locator('p', { hasText: firstLine })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await keepScreenshot(page, testInfo, 'product-detail');
});

test('a product page shows reviews, related products and links to its maker', async ({ page }) => {
  await page.goto('/product/rp0004');
  await expect(page.getByRole('heading', { level: 2, name: 'レビュー' })).toBeVisible();
  await expect(page.getByText('（5件のレビュー）')).toBeVisible();
  const reviews = page.getByRole('navigation', { name: 'レビューのページ送り' });
  await reviews.getByRole('link', { name: '2ページ目' }).click();
  await expect(page).toHaveURL(/review_page=2/);
  await expect(page.getByRole('heading', { level: 2, name: 'おすすめ商品' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '関連アクセサリー' })).toBeVisible();
});

test('an unknown product key shows the 404 page', async ({ page }) => {
  await page.goto('/product/no-such-product');
  await expect(page.getByRole('heading', { name: '404 Not Found' })).toBeVisible();
  await expect(page.getByText('お探しのページが見つかりませんでした。')).toBeVisible();
});

test('a maker page lists that maker’s products; brands lead to the list', async ({ page }, testInfo) => {
  await page.goto('/maker');
  await expect(page.getByRole('heading', { level: 1, name: 'メーカー一覧' })).toBeVisible();
  await page.getByRole('link', { name: /^キタコ/ }).click();
  await expect(page).toHaveURL(/\/maker\/kitaco$/);
  await expect(page.getByRole('heading', { level: 1, name: /キタコ/ })).toBeVisible();
  await expect(productList(page).getByRole('listitem')).toHaveCount(15);
  const api = await page.request.get('/v1/products?maker=kitaco');
  await expect(page.getByText(`全${api.headers()['x-total']}件`, { exact: false })).toBeVisible();
  await productList(page).getByRole('link').first().click();
  await expect(page.getByRole('link', { name: 'キタコ' }).first()).toHaveAttribute('href', '/maker/kitaco');
  await keepScreenshot(page, testInfo, 'maker-product');

  await page.goto('/brand');
  await expect(page.getByRole('heading', { level: 1, name: 'ブランド一覧' })).toBeVisible();
  await page
    .getByRole('link', { name: /^SHOEI/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/product\?brand=shoei$/);
  await expect(page.getByRole('heading', { level: 1, name: 'SHOEIの商品一覧' })).toBeVisible();
});
