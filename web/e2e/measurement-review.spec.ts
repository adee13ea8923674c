/**
 * Measurement and review journeys on the demo shop: the demo member records 頭囲 57 and a SHOEI
 * full-face helmet's page names size M from its chart (S 55–57, M 57–59, …: 57 is M); a member
 * posts a review and finds it listed; a visitor is asked to log in for both. The member's
 * journeys at phone and desktop widths, without sideways scrolling.
 */
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { expect, keepScreenshot, test } from './support';

const DEMO_MEMBER = { email: 'member@example.com', password: 'ride2026demo' };

async function logIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel(/^メールアドレスまたはユーザー名/).fill(DEMO_MEMBER.email);
  await page.getByLabel(/^パスワード/).fill(DEMO_MEMBER.password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page).toHaveURL(/\/mypage$/);
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

interface SizeChart {
  purpose: string;
  measure: string;
  measure_name: string;
  unit: string;
  sizes: { label: string; min: number; max: number }[];
}

/** The demo shop's SHOEI full-face helmets (keys and names), as the catalogue lists them. */
async function fullFaceHelmets(request: APIRequestContext): Promise<{ key: string; name: string }[]> {
  const answer = await request.get(`/v1/products?maker=shoei&keyword=${encodeURIComponent('フルフェイスヘルメット')}`);
  expect(answer.ok()).toBe(true);
  const { data } = (await answer.json()) as { data: { key: string; name: string }[] };
  const helmets = data.filter((p) => p.name.includes('フルフェイスヘルメット'));
  expect(helmets.length).toBeGreaterThanOrEqual(2);
  return helmets;
}

async function sizeChartOf(request: APIRequestContext, key: string): Promise<SizeChart> {
  const answer = await request.get(`/v1/products/${key}`);
  expect(answer.ok()).toBe(true);
  const { size_chart } = (await answer.json()) as { size_chart: SizeChart | null };
  if (!size_chart) throw new Error(`${key} has no size chart`);
  return size_chart;
}

// @phone: the screens are checked for sideways scrolling, which only a phone's width can show.
test('a member who records 頭囲 57 is told size M on a full-face helmet @phone', async ({
  page,
  request,
}, testInfo) => {
  const [helmet] = await fullFaceHelmets(request);
  if (!helmet) throw new Error('no helmet');
  // The chart the demo shop gives its SHOEI full-face helmets.
  const chart = await sizeChartOf(request, helmet.key);
  expect(chart).toMatchObject({ purpose: 'helmet', measure: 'head', measure_name: '頭囲', unit: 'cm' });
  expect(chart.sizes).toEqual([
    { label: 'S', min: 55, max: 57 },
    { label: 'M', min: 57, max: 59 },
    { label: 'L', min: 59, max: 61 },
    { label: 'XL', min: 61, max: 63 },
  ]);

  await logIn(page);
  await page.goto('/mypage/measurement/edit');
  await expect(page.getByRole('heading', { level: 1, name: 'サイズの登録・変更' })).toBeVisible();
  const form = page.getByRole('form', { name: 'ヘルメット' });
  await form.getByLabel(/^頭囲/).fill('57');
  await expectNoSidewaysScroll(page);
  await form.getByRole('button', { name: '記録する' }).click();
  await expect(page.getByText('ヘルメットのサイズを記録しました。')).toBeVisible();
  await keepScreenshot(page, testInfo, 'measurement-edit');

  await page.goto('/mypage/measurement');
  const card = page.getByRole('region', { name: 'ヘルメット' });
  await expect(card).toContainText('頭囲57cm');
  await expectNoSidewaysScroll(page);
  await keepScreenshot(page, testInfo, 'measurement');

  await page.goto(`/product/${helmet.key}`);
  await expect(page.getByRole('heading', { level: 1, name: helmet.name })).toBeVisible();
  await expect(page.getByText('あなたのサイズ: M（頭囲 57cm）')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.getByText('あなたのサイズ: M（頭囲 57cm）').scrollIntoViewIfNeeded();
  await keepScreenshot(page, testInfo, 'size-suggestion');

  // A new record changes the suggestion.
  await page.getByRole('link', { name: 'サイズを変更する' }).click();
  await expect(page).toHaveURL(/\/mypage\/measurement\/edit$/);
  await page.getByRole('form', { name: 'ヘルメット' }).getByLabel(/^頭囲/).fill('59.5');
  await page.getByRole('form', { name: 'ヘルメット' }).getByRole('button', { name: '記録する' }).click();
  await expect(page.getByText('ヘルメットのサイズを記録しました。')).toBeVisible();
  await page.goBack();
  await expect(page.getByText('あなたのサイズ: L（頭囲 59.5cm）')).toBeVisible();
});

/** One product per width: a member writes one review per product. */
function reviewTarget(helmets: { key: string; name: string }[], testInfo: TestInfo) {
  const helmet = helmets[testInfo.project.name === 'phone' ? 1 : 0];
  if (!helmet) throw new Error('no helmet');
  return helmet;
}

// @phone: the screens are checked for sideways scrolling, which only a phone's width can show.
test('a member posts a review and finds it listed @phone', async ({ page, request }, testInfo) => {
  const helmet = reviewTarget(await fullFaceHelmets(request), testInfo);
  const title = `${testInfo.project.name === 'phone' ? 'スマホ' : 'PC'}から：静かで軽い`;

  await logIn(page);
  await page.goto(`/product/${helmet.key}`);
  await expect(page.getByRole('heading', { level: 1, name: helmet.name })).toBeVisible();
  await page.getByRole('button', { name: 'レビューを書く' }).click();
  const form = page.getByRole('form', { name: 'レビューを書く' });
  await form.getByRole('radio', { name: '星4つ' }).check();
  await form.getByLabel(/^タイトル/).fill(title);
  await form.getByLabel(/^本文/).fill('高速道路でも風切り音が小さく、長時間のツーリングでも首が疲れにくいです。');
  await form.getByLabel(/^ニックネーム/).fill('経路のライダー');
  await expectNoSidewaysScroll(page);
  await keepScreenshot(page, testInfo, 'review-form');
  await form.getByRole('button', { name: '投稿する' }).click();

  await expect(page.getByText('レビューを投稿しました')).toBeVisible();
  const posted = page.getByRole('article', { name: title });
  await expect(posted).toBeVisible();
  await expect(posted).toContainText('経路のライダー');
  await expect(posted.getByRole('img', { name: '5点中4点' })).toBeVisible();
  await keepScreenshot(page, testInfo, 'review-listed');

  // A second review of the same product is refused in the server's words.
  await page.reload();
  await page.getByRole('button', { name: 'レビューを書く' }).click();
  const again = page.getByRole('form', { name: 'レビューを書く' });
  await again.getByRole('radio', { name: '星3つ' }).check();
  await again.getByLabel(/^タイトル/).fill('二度目');
  await again.getByLabel(/^本文/).fill('同じ商品にもう一度書いてみます。');
  await again.getByRole('button', { name: '投稿する' }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: /レビュー/ })
      .first(),
  ).toBeVisible();
  await expect(again).toHaveCount(0);
});

test('a visitor is asked to log in to write a review and to get a size', async ({ page, request }) => {
  const [helmet] = await fullFaceHelmets(request);
  if (!helmet) throw new Error('no helmet');
  await page.goto(`/product/${helmet.key}`);
  await expect(page.getByRole('heading', { level: 1, name: helmet.name })).toBeVisible();
  await expect(page.getByText(/ログインしてサイズを登録すると/)).toBeVisible();
  await expect(page.getByText(/レビューを書くにはログインしてください/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'レビューを書く' })).toHaveCount(0);

  // The login brings the visitor back to the product.
  await page.getByRole('link', { name: 'ログインしてレビューを書く' }).click();
  await page.getByLabel(/^メールアドレスまたはユーザー名/).fill(DEMO_MEMBER.email);
  await page.getByLabel(/^パスワード/).fill(DEMO_MEMBER.password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${helmet.key}$`));
  await expect(page.getByRole('button', { name: 'レビューを書く' })).toBeVisible();
});
