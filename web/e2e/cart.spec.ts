/**
 * Cart and checkout journeys against the real server with demo data:
 * - a guest buys a reduced-rate (8%) item and a standard-rate (10%) item with 代金引換 and sees
 *   the per-rate tax on the confirm page — checked against figures computed here from the cart's
 *   lines (tax once per rate: floor(amount × r / (100 + r))) — and the order number on complete;
 * - the demo member pays by card (4242 4242 4242 4242) with 100 points, and with the coupon
 *   WELCOME500 at desktop width (the coupon is once per member; both widths share the server),
 *   then downloads the paid order's receipt PDF from the history and cancels the order;
 * - a declined card (4000 0000 0000 0002) shows the gateway's message on the payment page and the
 *   cart keeps its products.
 * The products are found through the API (the demo catalogue's reduced-rate food and drink).
 */
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { keepScreenshot, readMail, seriousViolations, test, expect } from './support';

const DEMO_MEMBER = { email: 'member@example.com', password: 'ride2026demo' };

interface ListedProduct {
  key: string;
  name: string;
  product_price: number;
  tax_rate: number;
  stock_status: string;
  is_on_sale: boolean;
}

/** A product on sale and in stock with the given rate and a price within [min, max]. */
async function findProduct(request: APIRequestContext, rate: number, min: number, max: number): Promise<ListedProduct> {
  for (let page = 1; page <= 20; page += 1) {
    const answer = await request.get(`/v1/products?per=100&page=${page}`);
    expect(answer.ok()).toBe(true);
    const list = ((await answer.json()) as { data: ListedProduct[] }).data;
    const found = list.find(
      (p) =>
        p.tax_rate === rate &&
        p.is_on_sale &&
        p.stock_status === 'in_stock' &&
        p.product_price >= min &&
        p.product_price <= max,
    );
    if (found) {
      // One sellable item, so the product page's first choice is the one priced here.
      const detail = (await (await request.get(`/v1/products/${found.key}`)).json()) as {
        product_model: { products: unknown[] };
      };
      if (detail.product_model.products.length === 1) return found;
    }
    if (list.length < 100) break;
  }
  throw new Error(`no ${rate}% product between ${min} and ${max} yen in the demo catalogue`);
}

async function addToCart(page: Page, product: ListedProduct, quantity = 1) {
  await page.goto(`/product/${product.key}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  if (quantity > 1) await page.getByLabel('数量').selectOption(String(quantity));
  await page.getByRole('button', { name: 'カートに入れる' }).click();
  await expect(page.getByRole('link', { name: 'カートを見る' })).toBeVisible();
}

async function logIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel(/^メールアドレスまたはユーザー名/).fill(DEMO_MEMBER.email);
  await page.getByLabel(/^パスワード/).fill(DEMO_MEMBER.password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page).toHaveURL(/\/mypage$/);
}

/** The guest's orderer form, the order going to the orderer's address. */
async function fillGuest(page: Page, email: string) {
  await expect(page.getByRole('heading', { level: 1, name: 'ご注文者情報の入力' })).toBeVisible();
  const form = page.getByRole('form', { name: 'ご注文者とお届け先の入力' });
  await form.getByLabel(/^お名前（姓）/).fill('購入');
  await form.getByLabel(/^お名前（名）/).fill('花子');
  await form.getByLabel(/^フリガナ（セイ）/).fill('コウニュウ');
  await form.getByLabel(/^フリガナ（メイ）/).fill('ハナコ');
  await form.getByLabel(/^メールアドレス/).fill(email);
  await form.getByLabel(/^電話番号/).fill('03-1234-5678');
  await form.getByLabel(/^郵便番号/).fill('1000001');
  await form.getByRole('button', { name: '住所を自動入力' }).click();
  await expect(form.getByLabel(/^都道府県/)).toHaveValue('東京都');
  await expect(form.getByLabel(/^市区町村/)).toHaveValue('千代田区千代田');
  await form.getByLabel(/^番地/).fill('1-1');
  await form.getByRole('button', { name: '次へ進む' }).click();
}

async function fillCard(page: Page, number: string) {
  await page.getByRole('radio', { name: /クレジットカード/ }).check();
  const fresh = page.getByRole('radio', { name: '新しいカードを使う' });
  if (await fresh.count()) await fresh.check();
  await page.getByLabel(/^カード番号/).fill(number);
  await page.getByLabel(/^カード名義/).fill('HANAKO KOUNYU');
  await page.getByLabel(/^有効期限（月）/).selectOption('12');
  await page.getByLabel(/^有効期限（年）/).selectOption(String(new Date().getFullYear() + 3));
  await page.getByLabel(/^セキュリティコード/).fill('123');
}

interface CartJson {
  detail: {
    products: { unit_price: number; quantity: number; tax_rate: number }[];
    order: { total_carriage: number; payment_fee: number; packing_fee: number; coupon_discount: number };
  };
}

/** 「8%対象 ¥X（内消費税 ¥Y）」 lines computed from the cart's own lines (no coupon). */
async function expectedTaxLines(page: Page): Promise<string[]> {
  const cart = await page.evaluate(async () => {
    const token = localStorage.getItem('shop.cartToken');
    const headers: Record<string, string> = {};
    const access = localStorage.getItem('shop.accessToken');
    if (access) headers.Authorization = `Bearer ${access}`;
    const answer = await fetch(`/v1/carts/${token}`, { headers });
    return (await answer.json()) as unknown;
  });
  const { products, order } = (cart as CartJson).detail;
  const yen = (n: number) => `¥${n.toLocaleString('en-US')}`;
  const byRate = new Map<number, number>();
  for (const p of products) byRate.set(p.tax_rate, (byRate.get(p.tax_rate) ?? 0) + p.unit_price * p.quantity);
  byRate.set(10, (byRate.get(10) ?? 0) + order.total_carriage + order.payment_fee + order.packing_fee);
  expect(order.coupon_discount).toBe(0);
  return [...byRate.entries()]
    .sort(([a], [b]) => a - b)
    .map(
      ([rate, amount]) => `${rate}%対象 ${yen(amount)}（内消費税 ${yen(Math.floor((amount * rate) / (100 + rate)))}）`,
    );
}

function guestEmail(testInfo: TestInfo, what: string) {
  return `${what}-${testInfo.project.name}-${Date.now()}@example.com`;
}

// @phone: the checkout a customer on a phone walks, every step at 375 px.
test('a guest buys a reduced-rate and a standard-rate item with cash on delivery @phone', async ({
  page,
  request,
}, testInfo) => {
  const food = await findProduct(request, 8, 100, 3000);
  const part = await findProduct(request, 10, 1000, 5000);
  const email = guestEmail(testInfo, 'guest-cod');

  await page.goto('/cart');
  await expect(page.getByText('カートに商品がありません')).toBeVisible();
  await addToCart(page, food);
  await addToCart(page, part);
  await expect(page.getByRole('link', { name: 'カート（2点）' })).toBeVisible();

  await page.getByRole('link', { name: 'カート（2点）' }).click();
  const lines = page.getByRole('list', { name: 'カートの商品' });
  await expect(lines.getByRole('listitem')).toHaveCount(2);
  await expect(lines.getByRole('listitem', { name: food.name })).toContainText('軽減税率8%対象');
  await keepScreenshot(page, testInfo, 'cart');
  await page.getByRole('button', { name: 'レジに進む' }).click();

  await fillGuest(page, email);
  await expect(page.getByRole('heading', { level: 1, name: 'お届け方法の指定' })).toBeVisible();
  await expect(page.getByLabel(/^お届け希望日/)).toBeVisible();
  await page.getByRole('button', { name: 'お支払い方法の選択へ' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'お支払い方法の選択' })).toBeVisible();
  await page.getByRole('radio', { name: /代金引換/ }).check();
  await page.getByRole('button', { name: 'ご注文内容の確認へ' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'ご注文内容の確認' })).toBeVisible();
  const totals = page.getByRole('region', { name: 'ご注文金額' });
  await expect(totals).toContainText('決済手数料');
  const expected = await expectedTaxLines(page);
  expect(expected).toHaveLength(2);
  await expect(totals.getByRole('list', { name: '税率ごとの内訳' }).getByRole('listitem')).toHaveText(expected);
  await keepScreenshot(page, testInfo, 'confirm-cod');
  // The cart's quotation (PDF) before ordering.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: '見積書をダウンロード（PDF）' }).click();
  const quotation = await downloading;
  expect(quotation.suggestedFilename()).toMatch(/\.pdf$/);
  expect(
    readFileSync(await quotation.path())
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');
  await page.getByRole('button', { name: '注文を確定する' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'ご注文ありがとうございました' })).toBeVisible();
  await expect(page).toHaveURL(/\/cart\/complete\?order_no=/);
  const orderNo = new URL(page.url()).searchParams.get('order_no') ?? '';
  expect(orderNo).toMatch(/\d{8}$/);
  await expect(page.getByRole('region', { name: 'ご注文番号' })).toContainText(orderNo);
  await expect(page.getByRole('link', { name: '領収書の発行はこちら' })).toHaveAttribute(
    'href',
    new RegExp(`^/orders/receipt\\?no=${orderNo}&t=`),
  );
  await keepScreenshot(page, testInfo, 'complete-cod');
  const mail = await readMail(email);
  expect(mail.text).toContain(orderNo);

  // The next visit starts with an empty cart.
  await page.goto('/cart');
  await expect(page.getByText('カートに商品がありません')).toBeVisible();
});

test('the demo member pays by card with WELCOME500 and 100 points', async ({ page, request }, testInfo) => {
  // WELCOME500 is once per member and both widths share the server: the desktop run uses it,
  // the phone run pays by card with points only.
  const withCoupon = testInfo.project.name === 'desktop';
  const part = await findProduct(request, 10, 1800, 5000);
  await logIn(page);
  await addToCart(page, part, 2);

  await page.goto('/cart');
  if (withCoupon) {
    await page.getByLabel(/^クーポンコード/).fill('WELCOME500');
    await page.getByRole('button', { name: '適用する' }).click();
    await expect(page.getByRole('list', { name: '適用中のクーポン' })).toContainText('WELCOME500');
    await expect(page.getByRole('region', { name: 'ご注文金額' })).toContainText('クーポン割引-¥500');
  }
  await page.getByRole('button', { name: 'レジに進む' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'お届け先の選択' })).toBeVisible();
  await page.getByRole('button', { name: 'このお届け先に送る' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'お届け方法の指定' })).toBeVisible();
  await page.getByRole('button', { name: 'お支払い方法の選択へ' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'お支払い方法の選択' })).toBeVisible();
  await page.getByLabel(/^利用するポイント/).fill('100');
  await page.getByRole('button', { name: 'ポイントを使う' }).click();
  await expect(page.getByRole('region', { name: 'ご注文金額' })).toContainText('ポイント利用-100pt');
  await fillCard(page, '4242 4242 4242 4242');
  await keepScreenshot(page, testInfo, 'payment-card');
  await page.getByRole('button', { name: 'ご注文内容の確認へ' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'ご注文内容の確認' })).toBeVisible();
  const payment = page.getByRole('region', { name: 'お支払い方法' });
  await expect(payment).toContainText('4242');
  if (withCoupon) await expect(payment).toContainText('WELCOME500');
  await expect(payment).toContainText('ご利用ポイント：100pt');
  await page.getByRole('button', { name: '注文を確定する' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'ご注文ありがとうございました' })).toBeVisible();
  await expect(page).toHaveURL(/\/cart\/complete\?order_no=/);
  const orderNo = new URL(page.url()).searchParams.get('order_no') ?? '';
  await expect(page.getByRole('region', { name: 'ご注文番号' })).toContainText(orderNo);
  await expect(page.getByRole('link', { name: 'ご注文履歴を見る' })).toBeVisible();
  await keepScreenshot(page, testInfo, 'complete-card');

  // The paid order is in the history: its receipt downloads, then the member cancels it.
  await page.getByRole('link', { name: 'ご注文履歴を見る' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '注文履歴' })).toBeVisible();
  const placed = page.getByRole('article', { name: new RegExp(orderNo) });
  await expect(placed.getByText('入金済み')).toBeVisible();
  await placed.getByRole('link', { name: /詳細を見る/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ご注文詳細' })).toBeVisible();
  await expect(page.getByText(`注文番号 ${orderNo}`, { exact: true })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: '領収書をダウンロード' }).click();
  const receipt = await downloading;
  expect(receipt.suggestedFilename()).toBe(`領収書_${orderNo}.pdf`);
  expect(
    readFileSync(await receipt.path())
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');
  await page.getByRole('button', { name: 'この注文をキャンセルする' }).click();
  const dialog = page.getByRole('dialog', { name: 'ご注文のキャンセル' });
  await dialog.getByLabel(/キャンセル理由/).fill('支払い方法を変えたいため');
  await dialog.getByRole('button', { name: 'キャンセルする' }).click();
  await expect(page.getByText('ご注文をキャンセルしました。')).toBeVisible();
  await expect(page.getByText('キャンセル済み').first()).toBeVisible();
});

test('a declined card shows its message on the payment page and the cart keeps its products', async ({
  page,
  request,
}, testInfo) => {
  const part = await findProduct(request, 10, 1000, 5000);
  await addToCart(page, part);
  await page.goto('/cart');
  await page.getByRole('button', { name: 'レジに進む' }).click();
  await fillGuest(page, guestEmail(testInfo, 'guest-declined'));
  await page.getByRole('button', { name: 'お支払い方法の選択へ' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'お支払い方法の選択' })).toBeVisible();
  await fillCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: 'ご注文内容の確認へ' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ご注文内容の確認' })).toBeVisible();
  await page.getByRole('button', { name: '注文を確定する' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'お支払い方法の選択' })).toBeVisible();
  const alert = page.getByRole('alert').filter({ hasText: 'このメッセージを閉じる' });
  await expect(alert).toBeVisible();
  await expect(alert).not.toHaveText(/^\s*このメッセージを閉じる\s*$/);
  await keepScreenshot(page, testInfo, 'payment-declined');

  await page.goto('/cart');
  await expect(
    page.getByRole('list', { name: 'カートの商品' }).getByRole('listitem', { name: part.name }),
  ).toBeVisible();
});

test.describe('accessibility of the checkout', () => {
  test.use({ bypassCSP: true });

  test('the cart and the orderer form (with its errors) have no serious violations', async ({ page, request }) => {
    const part = await findProduct(request, 10, 1000, 5000);
    await addToCart(page, part);
    await page.goto('/cart');
    await expect(page.getByRole('list', { name: 'カートの商品' })).toBeVisible();
    expect(await seriousViolations(page), 'cart').toEqual([]);

    await page.getByRole('button', { name: 'レジに進む' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'ご注文者情報の入力' })).toBeVisible();
    await page.getByRole('button', { name: '次へ進む' }).click();
    await expect(page.getByLabel(/^お名前（姓）/)).toHaveAttribute('aria-invalid', 'true');
    expect(await seriousViolations(page), 'orderer form').toEqual([]);
  });
});
