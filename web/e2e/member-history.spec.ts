/**
 * Histories (issue 13; spec 001 §4): the products a visitor viewed join the member's history at
 * login; deleting an entry removes it and the count drops by one. A member's search words appear
 * under 検索履歴 and can be deleted. Fresh members, phone and desktop widths.
 */
import type { Page } from '@playwright/test';
import { expect, keepScreenshot, test } from './support';
import { expectNoSidewaysScroll, freshMember, logIn, mypageMenu } from './member-session';

async function productName(page: Page, key: string): Promise<string> {
  const answer = await page.request.get(`/v1/products/${key}`);
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { name: string }).name;
}

// @phone: the screens are checked for sideways scrolling, which only a phone's width can show.
test('products viewed before logging in join the history; deleting one lowers the count @phone', async ({
  page,
}, testInfo) => {
  const member = await freshMember(page, testInfo, 'history');
  const first = await productName(page, 'rp0001');
  const second = await productName(page, 'rp0146');

  // As a visitor: two products, each seen until its page is ready (the server's first view
  // shows the name before the app, which records the visit, has started).
  for (const [key, name] of [
    ['rp0001', first],
    ['rp0146', second],
  ] as const) {
    await page.goto(`/product/${key}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('button', { name: 'カートに入れる' })).toBeVisible();
  }

  const flushed = page.waitForResponse(
    (r) => r.url().endsWith('/v1/product-histories') && r.request().method() === 'POST',
  );
  await logIn(page, member);
  expect((await flushed).status()).toBe(200);
  await expect(page).toHaveURL(/\/mypage$/);

  await mypageMenu(page).getByRole('link', { name: '閲覧履歴' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '閲覧履歴' })).toBeVisible();
  const history = page.getByRole('list', { name: '閲覧履歴' });
  await expect(history.getByRole('heading', { level: 3 })).toHaveText([second, first]);
  await expect(page.getByText('全2件')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await keepScreenshot(page, testInfo, 'product-history');

  await history.getByRole('button', { name: `「${first}」を閲覧履歴から削除` }).click();
  await expect(page.getByText('全1件')).toBeVisible();
  await expect(history.getByRole('heading', { level: 3 })).toHaveText([second]);

  // The server agrees after a reload.
  await page.reload();
  await expect(page.getByText('全1件')).toBeVisible();
  await expect(page.getByRole('list', { name: '閲覧履歴' }).getByRole('heading', { level: 3 })).toHaveText([second]);
});

// @phone: the screens are checked for sideways scrolling, which only a phone's width can show.
test('a member finds a search word under 検索履歴, searches it again, and deletes it @phone', async ({
  page,
}, testInfo) => {
  const member = await freshMember(page, testInfo, 'search-history');
  await logIn(page, member);
  await expect(page).toHaveURL(/\/mypage$/);

  await page.goto('/product');
  const search = page.getByRole('search', { name: '商品検索' });
  for (const word of ['グローブ', 'ヘルメット']) {
    const recorded = page.waitForResponse(
      (r) => r.url().includes('/v1/product-search-histories') && r.request().method() === 'POST',
    );
    await search.getByRole('searchbox', { name: 'キーワード' }).fill(word);
    await search.getByRole('button', { name: '検索' }).click();
    await recorded;
    await expect(page.getByRole('heading', { level: 1, name: `「${word}」の検索結果` })).toBeVisible();
  }

  await page.goto('/mypage/product_search_history');
  const words = page.getByRole('list', { name: '検索履歴' });
  await expect(words.getByRole('link')).toHaveText(['ヘルメット', 'グローブ']);
  await expect(page.getByText('全2件')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await keepScreenshot(page, testInfo, 'search-history');

  await words.getByRole('button', { name: '「グローブ」を検索履歴から削除' }).click();
  await expect(page.getByText('全1件')).toBeVisible();
  await expect(words.getByRole('link')).toHaveText(['ヘルメット']);

  await words.getByRole('link', { name: 'ヘルメット' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '「ヘルメット」の検索結果' })).toBeVisible();
});

// @phone: on a phone the menu is a row that scrolls to the current area.
test('the member screens of issue 13 show their menu entry and never scroll sideways @phone', async ({
  page,
}, testInfo) => {
  const member = await freshMember(page, testInfo, 'member-screens');
  await logIn(page, member);
  await expect(page).toHaveURL(/\/mypage$/);
  for (const [path, heading] of [
    ['/mypage/list', 'お気に入り'],
    ['/mypage/bookmark', 'ブックマーク'],
    ['/mypage/product_history', '閲覧履歴'],
    ['/mypage/product_search_history', '検索履歴'],
    ['/mypage/product_request_history', '入荷リクエスト履歴'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    const current = mypageMenu(page).getByRole('link', { name: heading, exact: true });
    await expect(current).toHaveAttribute('aria-current', 'page');
    // On a phone the menu row scrolls so that the current area shows.
    await expect(current).toBeInViewport();
    await expectNoSidewaysScroll(page);
  }
});
