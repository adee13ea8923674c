/**
 * Favourites and bookmarks (issue 13; docs/member-area-api.md): a member likes a product from the
 * product list and finds it under お気に入り, where pressing the heart again removes it; a visitor's
 * heart asks for a login and brings them back; a member bookmarks a news article and finds it under
 * ブックマーク, and deletes it there. Each journey uses a fresh member; the list and the bookmark
 * journeys, which check sideways scrolling, run at phone width too.
 */
import { expect, keepScreenshot, test } from './support';
import { expectNoSidewaysScroll, freshMember, logIn, mypageMenu } from './member-session';

// @phone: the screens are checked for sideways scrolling, which only a phone's width can show.
test('a member likes a product from the list, finds it under お気に入り, and unliking removes it @phone', async ({
  page,
}, testInfo) => {
  const member = await freshMember(page, testInfo, 'favorite');
  await logIn(page, member);
  await expect(page).toHaveURL(/\/mypage$/);

  await page.goto('/product');
  const list = page.getByRole('list', { name: '商品一覧' });
  const card = list.getByRole('article').nth(1);
  const name = (await card.getByRole('heading', { level: 3 }).textContent()) ?? '';
  expect(name).not.toBe('');

  const liked = page.waitForResponse((r) => r.url().includes('/likes') && r.request().method() === 'POST');
  await card.getByRole('button', { name: 'お気に入りに追加' }).click();
  expect((await liked).status()).toBe(200);
  await expect(card.getByRole('button', { name: 'お気に入りから削除' })).toHaveAttribute('aria-pressed', 'true');
  await expectNoSidewaysScroll(page);
  await keepScreenshot(page, testInfo, 'favorite-liked-on-list');

  // The server remembers it: after a reload the heart is still on.
  await page.reload();
  await expect(list.getByRole('article', { name }).getByRole('button', { name: 'お気に入りから削除' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await page.goto('/mypage');
  await mypageMenu(page).getByRole('link', { name: 'お気に入り' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'お気に入り' })).toBeVisible();
  const favourites = page.getByRole('list', { name: 'お気に入り' });
  await expect(favourites.getByRole('article')).toHaveCount(1);
  await expect(favourites.getByRole('article', { name })).toBeVisible();
  await expect(page.getByText('全1件')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await keepScreenshot(page, testInfo, 'favorites-list');

  // The heart on the list takes it off again.
  const unliked = page.waitForResponse((r) => r.url().includes('/likes') && r.request().method() === 'DELETE');
  await favourites.getByRole('article', { name }).getByRole('button', { name: 'お気に入りから削除' }).click();
  expect((await unliked).status()).toBe(200);
  await expect(page.getByText('お気に入りに登録された商品はありません。')).toBeVisible();
  await expect(page.getByText('全0件')).toBeVisible();

  // And the product list shows it unliked.
  await page.goto('/product');
  await expect(
    page.getByRole('list', { name: '商品一覧' }).getByRole('article', { name }).getByRole('button', {
      name: 'お気に入りに追加',
    }),
  ).toHaveAttribute('aria-pressed', 'false');
});

test('the heart on the product page follows the one on the list, and 削除 on お気に入り works', async ({
  page,
}, testInfo) => {
  const member = await freshMember(page, testInfo, 'favorite-detail');
  await logIn(page, member);
  await expect(page).toHaveURL(/\/mypage$/);

  await page.goto('/product/rp0001');
  const title = page.getByRole('heading', { level: 1 });
  const name = (await title.textContent()) ?? '';
  await page.getByRole('button', { name: 'お気に入りに追加' }).first().click();
  await expect(page.getByRole('button', { name: 'お気に入りから削除' }).first()).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await page.goto('/mypage/list');
  const favourites = page.getByRole('list', { name: 'お気に入り' });
  await expect(favourites.getByRole('article', { name })).toBeVisible();
  await favourites.getByRole('button', { name: `「${name}」をお気に入りから削除` }).click();
  await expect(page.getByText('全0件')).toBeVisible();
  await expect(favourites.getByRole('article', { name })).toHaveCount(0);
});

test('a visitor who presses a heart is asked to log in and comes back to the list', async ({ page }, testInfo) => {
  const member = await freshMember(page, testInfo, 'favorite-visitor');
  await page.goto('/product?keyword=%E3%82%B0%E3%83%AD%E3%83%BC%E3%83%96');
  const card = page.getByRole('list', { name: '商品一覧' }).getByRole('article').first();
  await card.getByRole('button', { name: 'お気に入りに追加' }).click();

  await expect(page).toHaveURL(/\/login\/?$/);
  await expect(page.getByText('お気に入りをご利用いただくには、ログインしてください。')).toBeVisible();
  await logIn(page, member, { open: false });
  await expect(page).toHaveURL(/\/product\?keyword=/);
});

// @phone: the screens are checked for sideways scrolling, which only a phone's width can show.
test('a member bookmarks a news article and finds it under ブックマーク, then deletes it @phone', async ({
  page,
}, testInfo) => {
  const member = await freshMember(page, testInfo, 'bookmark');
  const news = ((await (await page.request.get('/v1/news')).json()) as { data: { key: string; title: string }[] })
    .data[0];
  if (!news) throw new Error('the demo shop has no news');
  await logIn(page, member);
  await expect(page).toHaveURL(/\/mypage$/);

  await page.goto(`/news/${news.key}`);
  await expect(page.getByRole('heading', { level: 1, name: news.title })).toBeVisible();
  const button = page.getByRole('button', { name: 'ブックマーク' });
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('ブックマークに追加しました')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await keepScreenshot(page, testInfo, 'news-bookmarked');

  // Still bookmarked on the next visit.
  await page.reload();
  await expect(page.getByRole('button', { name: 'ブックマーク' })).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/mypage');
  await mypageMenu(page).getByRole('link', { name: 'ブックマーク' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ブックマーク' })).toBeVisible();
  const bookmarks = page.getByRole('list', { name: 'ブックマーク一覧' });
  await expect(bookmarks.getByRole('link', { name: news.title })).toHaveAttribute('href', `/news/${news.key}`);
  await expect(bookmarks.getByText('ニュース')).toBeVisible();
  await expect(page.getByText('全1件')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await keepScreenshot(page, testInfo, 'bookmarks');

  // The kind filter: no blog bookmarks.
  await page.getByRole('navigation', { name: 'ブックマークの種類' }).getByRole('link', { name: 'ブログ' }).click();
  await expect(page.getByText('ブログのブックマークはありません。')).toBeVisible();
  await page.getByRole('navigation', { name: 'ブックマークの種類' }).getByRole('link', { name: 'すべて' }).click();

  await page.getByRole('button', { name: `「${news.title}」をブックマークから削除` }).click();
  await expect(page.getByText('全0件')).toBeVisible();
  await expect(page.getByText('ブックマークはありません。')).toBeVisible();

  await page.goto(`/news/${news.key}`);
  await expect(page.getByRole('button', { name: 'ブックマーク' })).toHaveAttribute('aria-pressed', 'false');
});
