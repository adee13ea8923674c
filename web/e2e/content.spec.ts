/** Content journeys: banners and calendar on the top page, blog, FAQ, static and landing pages, popup. */
import { expect, keepScreenshot, test } from './support';

// @phone: a phone gets no sidebar banners.
test('the home page shows the main banners and the business calendar @phone', async ({ page }, testInfo) => {
  await page.goto('/');
  const carousel = page.getByRole('region', { name: 'おすすめ特集' });
  await expect(carousel.getByRole('img', { name: /冬のメンテナンス特集/ })).toBeVisible();
  // Keyboard: the next-slide button moves on, and the banner is a link.
  await carousel.getByRole('button', { name: '次のスライド' }).focus();
  await page.keyboard.press('Enter');
  await expect(carousel.getByRole('img', { name: /LEDヘッドライトバルブ/ })).toBeVisible();
  await expect(carousel.getByRole('img', { name: /冬のメンテナンス特集/ })).toBeHidden();

  const calendar = page.getByRole('region', { name: '営業日カレンダー' });
  await expect(calendar.getByRole('table')).toHaveCount(2);
  await expect(calendar.getByRole('list', { name: '凡例' })).toContainText('休業日');
  await expect(calendar.getByText(/休業日/).first()).toBeAttached();

  // The sidebar banners only beside the content on larger screens.
  const phone = testInfo.project.name === 'phone';
  await expect(page.getByRole('complementary', { name: 'バナー' })).toHaveCount(phone ? 0 : 1);
  await keepScreenshot(page, testInfo, 'home-content');
});

test('the blog pages through its articles and opens one', async ({ page }, testInfo) => {
  await page.goto('/blog');
  await expect(page.getByRole('heading', { level: 1, name: 'ブログ' })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(10);
  await keepScreenshot(page, testInfo, 'blog-list');
  const pager = page.getByRole('navigation', { name: 'ブログのページ送り' });
  await pager.getByRole('link', { name: '2ページ目' }).click();
  await expect(page).toHaveURL(/\/blog\?page=2$/);
  await expect(page.getByRole('article')).toHaveCount(2);
  await page.getByRole('link', { name: 'スパークプラグの焼け色でわかるエンジンの調子' }).click();
  await expect(page).toHaveURL(/\/blog\/b-plug-check$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'スパークプラグの焼け色でわかるエンジンの調子' }),
  ).toBeVisible();
  const around = page.getByRole('navigation', { name: '前後の記事' });
  await expect(around.getByRole('link', { name: /次の記事/ })).toBeVisible();
  await keepScreenshot(page, testInfo, 'blog-detail');

  await page.goto('/blog/no-such-article');
  await expect(page.getByText('404 Not Found')).toBeVisible();
});

test('the FAQ search narrows the questions and an answer opens', async ({ page }, testInfo) => {
  await page.goto('/faq');
  const questions = page.getByRole('button', { expanded: false });
  await expect(questions).toHaveCount(20);
  await page.getByRole('searchbox', { name: 'キーワードで探す' }).fill('返品');
  await page.getByRole('button', { name: '検索' }).click();
  await expect(page).toHaveURL(/keyword=/);
  await expect(page.getByRole('status').filter({ hasText: '「返品」の検索結果' })).toBeVisible();
  const toggle = page.getByRole('button', { name: /返品はできますか？/ });
  await expect(page.getByRole('button', { name: /送料はいくらですか？/ })).toHaveCount(0);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('region', { name: /返品はできますか？/ })).toContainText('8日以内');
  await keepScreenshot(page, testInfo, 'faq');
});

test('a static page from the API answers at its own URL', async ({ page }, testInfo) => {
  await page.goto('/law');
  await expect(page.getByRole('heading', { level: 1, name: '特定商取引法に基づく表記' })).toBeVisible();
  await expect(page.getByRole('term').filter({ hasText: '販売業者' })).toBeVisible();
  await expect(page.getByRole('main').getByText('RideCraft株式会社')).toBeVisible();
  await expect(page).toHaveTitle(/特定商取引法に基づく表記/);
  await keepScreenshot(page, testInfo, 'law');

  // A nested static page, reached from the sitemap.
  await page.goto('/sitemap');
  await page.getByRole('region', { name: 'ご利用案内' }).getByRole('link', { name: '配送について' }).click();
  await expect(page).toHaveURL(/\/guide\/shipping$/);
  await expect(page.getByRole('heading', { level: 1, name: '配送について' })).toBeVisible();
});

test('a landing page shows its blocks, and a redirecting one lands on its target', async ({ page }) => {
  await page.goto('/lp/winter-maintenance');
  await expect(page.getByRole('heading', { level: 1, name: '冬のメンテナンス特集' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'チェーン清掃の手順を読む' })).toBeVisible();

  await page.goto('/lp/autumn-touring-2025');
  await expect(page).toHaveURL(/\/news\/?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'ニュース' })).toBeVisible();
});

test('unknown paths still show the 404 page', async ({ page }) => {
  for (const path of ['/no-such-page', '/lp/no-such-campaign', '/guide/nothing']) {
    await page.goto(path);
    await expect(page.getByText('404 Not Found')).toBeVisible();
  }
});

test.describe('popup', () => {
  test.use({ popupsSeen: false });

  test('leaves the landing page alone, opens once on the next page, and not again after closing and reloading', async ({
    page,
  }, testInfo) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: '走りを変える、確かなパーツを。' })).toBeVisible();
    await page.waitForTimeout(500);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.goto('/news');
    const dialog = page.getByRole('dialog', { name: '冬のメンテナンス特集 開催中' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: '詳しく見る' })).toHaveAttribute('href', '/lp/winter-maintenance');
    await keepScreenshot(page, testInfo, 'popup');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    await page.goto('/');
    const popups = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/popups');
    await page.goto('/news');
    await popups;
    await page.waitForTimeout(300);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // The /popup page still lists it.
    await page.goto('/popup');
    await expect(page.getByRole('heading', { level: 2, name: '冬のメンテナンス特集 開催中' })).toBeVisible();
  });
});
