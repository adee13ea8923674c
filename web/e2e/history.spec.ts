import type { Page } from '@playwright/test';
import { expect, keepScreenshot, test } from './support';

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) <= 767;

async function productName(page: Page, key: string): Promise<string> {
  const answer = await page.request.get(`/v1/products/${key}`);
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { name: string }).name;
}

test('viewed products appear under 最近チェックした商品, newest first', async ({ page }, testInfo) => {
  const first = await productName(page, 'rp0001');
  const second = await productName(page, 'rp0146');

  await page.goto('/product/rp0001');
  await expect(page.getByRole('heading', { level: 1, name: first })).toBeVisible();
  // The product page itself, not the server's first view of it (the app records the visit).
  await expect(page.getByRole('button', { name: 'カートに入れる' })).toBeVisible();
  // Nothing viewed before this product: no strip.
  await expect(page.getByRole('heading', { name: '最近チェックした商品' })).toHaveCount(0);

  await page.goto('/product/rp0146');
  await expect(page.getByRole('heading', { level: 1, name: second })).toBeVisible();
  await expect(page.getByRole('button', { name: 'カートに入れる' })).toBeVisible();
  // On a product page the strip leaves out the product on screen.
  const onDetail = page.getByRole('list', { name: '最近チェックした商品' });
  await expect(onDetail.getByRole('heading', { level: 3 })).toHaveText([first]);

  await page.goto('/product');
  const strip = page.getByRole('list', { name: '最近チェックした商品' });
  await expect(strip.getByRole('heading', { level: 3 })).toHaveText([second, first]);
  await strip.scrollIntoViewIfNeeded();
  await keepScreenshot(page, testInfo, 'recent-products');

  // Viewing the older one again moves it to the front.
  await strip.getByRole('link', { name: first }).click();
  await expect(page.getByRole('heading', { level: 1, name: first })).toBeVisible();
  await page.goto('/product');
  await expect(page.getByRole('list', { name: '最近チェックした商品' }).getByRole('heading', { level: 3 })).toHaveText([
    first,
    second,
  ]);
});

test('a keyword search still works and records the word, but not a blank one', async ({ page }) => {
  const posted: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/v1/product-search-histories') {
      posted.push(new URL(request.url()).searchParams.get('word') ?? '');
    }
  });
  await page.goto('/product');
  const search = page.getByRole('search', { name: '商品検索' });

  await search.getByRole('searchbox', { name: 'キーワード' }).fill('   ');
  await search.getByRole('button', { name: '検索' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '商品一覧' })).toBeVisible();

  const recorded = page.waitForRequest(
    (r) => r.method() === 'POST' && r.url().includes('/v1/product-search-histories'),
  );
  await search.getByRole('searchbox', { name: 'キーワード' }).fill('ヘルメット');
  await search.getByRole('button', { name: '検索' }).click();
  await recorded;
  await expect(page).toHaveURL(/keyword=/);
  await expect(page.getByRole('heading', { level: 1, name: '「ヘルメット」の検索結果' })).toBeVisible();
  await expect(page.getByRole('list', { name: '商品一覧' }).getByRole('listitem').first()).toBeVisible();
  expect(posted).toEqual(['ヘルメット']);
});

// @phone: one page at a time on a phone, facing pages elsewhere.
test('the flip book turns pages with the buttons and the arrow keys @phone', async ({ page }, testInfo) => {
  const catalogs = (
    (await (await page.request.get('/v1/catalog')).json()) as { data: { title: string; page_count: number }[] }
  ).data;
  const book = catalogs[0];
  if (!book) throw new Error('the demo shop has no catalogue');
  const total = book.page_count;
  const phone = isPhone(page);

  await page.goto('/flip-book');
  await expect(page.getByRole('heading', { level: 1, name: book.title })).toBeVisible();
  const counter = page.getByRole('status').filter({ hasText: ` / ${total}` });
  await expect(counter).toHaveText(`1 / ${total}`);
  await expect(page.getByRole('button', { name: /前のページ/ })).toBeDisabled();
  await expect(page.getByRole('img', { name: `${book.title} 1ページ` })).toBeVisible();

  await page.getByRole('button', { name: /次のページ/ }).click();
  await expect(counter).toHaveText(phone ? `2 / ${total}` : `2–3 / ${total}`);
  // Facing pages on a larger screen, one page on a phone.
  await expect(page.getByRole('img', { name: new RegExp(`^${book.title} \\d+ページ$`) })).toHaveCount(phone ? 1 : 2);
  await keepScreenshot(page, testInfo, 'flip-book');

  await page.keyboard.press('ArrowRight');
  await expect(counter).toHaveText(phone ? `3 / ${total}` : `4–5 / ${total}`);
  await page.keyboard.press('ArrowLeft');
  await expect(counter).toHaveText(phone ? `2 / ${total}` : `2–3 / ${total}`);
  await page.getByRole('button', { name: /前のページ/ }).click();
  await expect(counter).toHaveText(`1 / ${total}`);
});

test('/catalog-order lists the catalogues and leads to the contact form with カタログ請求 chosen', async ({
  page,
}, testInfo) => {
  const catalogs = (
    (await (await page.request.get('/v1/catalog')).json()) as {
      data: { title: string; page_count: number; is_orderable: boolean }[];
    }
  ).data;
  expect(catalogs.length).toBeGreaterThan(0);

  await page.goto('/catalog-order');
  await expect(page.getByRole('heading', { level: 1, name: 'カタログ請求' })).toBeVisible();
  const list = page.getByRole('list', { name: 'カタログ一覧' });
  await expect(list.getByRole('heading', { level: 2 })).toHaveText(catalogs.map((c) => c.title));
  for (const catalog of catalogs) {
    const card = list.getByRole('article', { name: catalog.title });
    await expect(card.getByText(`全${catalog.page_count}ページ`)).toBeVisible();
    await expect(card.getByRole('img', { name: `${catalog.title}の表紙` })).toBeVisible();
    await expect(card.getByRole('link', { name: '冊子を請求する' })).toHaveCount(catalog.is_orderable ? 1 : 0);
  }
  const orderable = catalogs.find((c) => c.is_orderable);
  if (orderable) {
    const card = list.getByRole('article', { name: orderable.title });
    await expect(card.getByText(/お問い合わせ種別「カタログ請求」を選び/)).toBeVisible();
    await expect(card.getByRole('link', { name: '冊子を請求する' })).toHaveAttribute('href', '/contact?topic=catalog');
  }
  await keepScreenshot(page, testInfo, 'catalog-order');
  if (orderable) {
    await list.getByRole('link', { name: '冊子を請求する' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'お問い合わせ' })).toBeVisible();
    await expect(page.getByLabel(/^お問い合わせ種別/)).toHaveValue(/.+/);
    await expect(page.getByLabel(/^お問い合わせ種別/).locator('option:checked')).toHaveText('カタログ請求');
    await expect(page.getByRole('group', { name: 'カタログのお届け先', exact: true })).toBeVisible();
    await page.goto('/catalog-order');
  }

  await list.getByRole('link', { name: 'デジタル版を見る' }).first().click();
  await expect(page).toHaveURL(/\/flip-book\?id=/);
  await expect(page.getByRole('heading', { level: 1, name: catalogs[0]?.title ?? '' })).toBeVisible();
});

test('the 入荷リクエスト form shows the server message for a bad e-mail and accepts a good one', async ({
  page,
}, testInfo) => {
  await page.goto('/product/rp0006');
  const form = page.getByRole('form', { name: '入荷リクエスト' });
  await expect(form).toBeVisible();

  await form.getByRole('textbox', { name: /お名前/ }).fill('山田 太郎');
  await form.getByRole('textbox', { name: /メールアドレス/ }).fill('taro@example');
  await form.getByRole('textbox', { name: /内容/ }).fill('再入荷したら購入したいです。');
  const answered = page.waitForResponse((r) => r.url().includes('/v1/product-requests'));
  await form.getByRole('button', { name: 'リクエストを送信' }).click();
  expect((await answered).status()).toBe(422);
  const email = form.getByRole('textbox', { name: /メールアドレス/ });
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription('メールアドレスの形式で入力してください。');
  await keepScreenshot(page, testInfo, 'product-request-error');

  await email.fill('taro@example.jp');
  await form.getByRole('button', { name: 'リクエストを送信' }).click();
  await expect(page.getByRole('status').filter({ hasText: '入荷リクエストを受け付けました。' })).toBeVisible();
});

test('a product in stock offers no 入荷リクエスト', async ({ page }) => {
  await page.goto('/product/rp0001');
  // The product page itself (its cart button), not the server's first view of it.
  await expect(page.getByRole('button', { name: 'カートに入れる' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '入荷リクエスト' })).toHaveCount(0);
});

test('the top page shows the curated collections as product cards', async ({ page }) => {
  const answer = await page.request.get('/v1/collections/new-arrivals?per=10');
  const collection = (await answer.json()) as { title: string; data: { name: string }[] };
  await page.goto('/');
  const list = page.getByRole('list', { name: collection.title });
  await expect(list.getByRole('listitem')).toHaveCount(collection.data.length);
  await expect(list.getByRole('heading', { level: 3 }).first()).toHaveText(collection.data[0]?.name ?? '');
  await expect(list.getByText(/¥[\d,]+（税込）/).first()).toBeVisible();
});
