/**
 * The analytics data layer (spec 000 §9) in the browser, against the real server:
 * - with the shop's setting ANALYTICS.IS_USE on (added to /v1/settings/front by interception:
 *   the server has no such setting yet), a guest's visit pushes GA4's ecommerce events to
 *   window.dataLayer — view_item_list with the ad-partner listing of the first 3 products,
 *   view_item, add_to_cart, begin_checkout and, after a cash-on-delivery order, purchase;
 * - with the demo shop as it is (setting absent), nothing is pushed and the layer's code is
 *   never downloaded.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support';

interface ListedProduct {
  key: string;
  name: string;
  product_price: number;
  stock_status: string;
  is_on_sale: boolean;
}

type Entry = { event?: string; ecommerce?: Record<string, unknown>; ad_partner?: { items: string[] } };

/** A product on sale and in stock with one sellable item (the product page's first choice). */
async function findProduct(request: APIRequestContext): Promise<ListedProduct> {
  const answer = await request.get('/v1/products?per=100');
  expect(answer.ok()).toBe(true);
  for (const p of ((await answer.json()) as { data: ListedProduct[] }).data) {
    if (!p.is_on_sale || p.stock_status !== 'in_stock') continue;
    const detail = (await (await request.get(`/v1/products/${p.key}`)).json()) as {
      product_model: { products: unknown[] };
    };
    if (detail.product_model.products.length === 1) return p;
  }
  throw new Error('no product in stock with a single item in the demo catalogue');
}

async function turnAnalyticsOn(page: Page) {
  await page.route('**/v1/settings/front', async (route) => {
    const answer = await route.fetch();
    await route.fulfill({ response: answer, json: { ...(await answer.json()), 'ANALYTICS.IS_USE': true } });
  });
}

const dataLayer = (page: Page) => page.evaluate(() => (window as { dataLayer?: Entry[] }).dataLayer ?? null);

/** The last entry of the data layer with this event name, once it is there. */
async function pushed(page: Page, name: string): Promise<Entry> {
  await expect.poll(async () => ((await dataLayer(page)) ?? []).some((e) => e.event === name)).toBe(true);
  return ((await dataLayer(page)) ?? []).filter((e) => e.event === name).at(-1)!;
}

async function fillGuest(page: Page, email: string) {
  const form = page.getByRole('form', { name: 'ご注文者とお届け先の入力' });
  await form.getByLabel(/^お名前（姓）/).fill('分析');
  await form.getByLabel(/^お名前（名）/).fill('花子');
  await form.getByLabel(/^フリガナ（セイ）/).fill('ブンセキ');
  await form.getByLabel(/^フリガナ（メイ）/).fill('ハナコ');
  await form.getByLabel(/^メールアドレス/).fill(email);
  await form.getByLabel(/^電話番号/).fill('03-1234-5678');
  await form.getByLabel(/^郵便番号/).fill('1000001');
  await form.getByRole('button', { name: '住所を自動入力' }).click();
  await expect(form.getByLabel(/^都道府県/)).toHaveValue('東京都');
  await form.getByLabel(/^番地/).fill('1-1');
  await form.getByRole('button', { name: '次へ進む' }).click();
}

test('with the shop’s analytics on, a visit and an order push GA4 ecommerce events', async ({
  page,
  request,
}, testInfo) => {
  const product = await findProduct(request);
  await turnAnalyticsOn(page);

  await page.goto('/product');
  const list = await pushed(page, 'view_item_list');
  const items = (list.ecommerce as { items: { item_id: string; item_category?: string; index: number }[] }).items;
  expect(items.length).toBeGreaterThan(3);
  expect(items[0]).toMatchObject({ index: 0 });
  expect(items[0]!.item_category).toBeTruthy();
  const partner = await pushed(page, 'ad_partner_view_list');
  expect(partner.ad_partner?.items).toEqual(items.slice(0, 3).map((i) => i.item_id));

  await page.goto(`/product/${product.key}`);
  const viewed = await pushed(page, 'view_item');
  expect(viewed.ecommerce).toMatchObject({
    currency: 'JPY',
    value: product.product_price,
    items: [{ item_id: product.key, item_name: product.name }],
  });
  await page.getByRole('button', { name: 'カートに入れる' }).click();
  const added = await pushed(page, 'add_to_cart');
  expect(added.ecommerce).toMatchObject({
    currency: 'JPY',
    value: product.product_price,
    items: [{ item_id: product.key, quantity: 1, price: product.product_price }],
  });

  await page.getByRole('link', { name: 'カートを見る' }).click();
  await page.getByRole('button', { name: 'レジに進む' }).click();
  const checkout = await pushed(page, 'begin_checkout');
  expect((checkout.ecommerce as { items: { item_id: string }[] }).items.map((i) => i.item_id)).toEqual([product.key]);

  await fillGuest(page, `analytics-${testInfo.project.name}-${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'お支払い方法の選択へ' }).click();
  await page.getByRole('radio', { name: /代金引換/ }).check();
  await page.getByRole('button', { name: 'ご注文内容の確認へ' }).click();
  await page.getByRole('button', { name: '注文を確定する' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ご注文ありがとうございました' })).toBeVisible();
  const orderNo = new URL(page.url()).searchParams.get('order_no') ?? '';
  const purchase = await pushed(page, 'purchase');
  expect(purchase.ecommerce).toMatchObject({
    transaction_id: orderNo,
    currency: 'JPY',
    items: [{ item_id: product.key, quantity: 1 }],
  });
  expect((purchase.ecommerce as { value: number }).value).toBeGreaterThanOrEqual(product.product_price);

  // A reload of the complete page does not count the order twice.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'ご注文ありがとうございました' })).toBeVisible();
  await page.waitForTimeout(500);
  expect(((await dataLayer(page)) ?? []).filter((e) => e.event === 'purchase')).toHaveLength(0);
});

test('with the demo shop as it is, nothing is tracked and the layer is never downloaded', async ({ page, request }) => {
  const product = await findProduct(request);
  const layerRequests: string[] = [];
  page.on('request', (r) => {
    if (/analytics-layer|googletagmanager/.test(r.url())) layerRequests.push(r.url());
  });

  await page.goto('/product');
  await expect(page.getByRole('list', { name: '商品一覧' })).toBeVisible();
  await page.goto(`/product/${product.key}`);
  await page.getByRole('button', { name: 'カートに入れる' }).click();
  await expect(page.getByRole('link', { name: 'カートを見る' })).toBeVisible();
  await page.getByRole('link', { name: 'カートを見る' }).click();
  await expect(page.getByRole('button', { name: 'レジに進む' })).toBeVisible();
  await page.waitForTimeout(500);

  expect(await dataLayer(page)).toBeNull();
  expect(layerRequests).toEqual([]);
});
