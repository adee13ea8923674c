/**
 * クーポン管理 (issue 33, docs/contracts/coupon-desk.md) in real Chromium against the real server:
 * an owner of the demo shop, made for the journey (`shop staff create`, as news-desk.spec.ts
 * does), opens クーポン → 新しいクーポン and makes a 10%OFF coupon for 5,000円以上 (the code typed
 * lower-case, saved upper-case; a new code each run, WINTER-<time>, so reruns never meet an old
 * one). The preview reads as the storefront's coupon list; the list shows 10%OFF, 5,000円以上 and
 * 利用 0回. A guest then fills a cart of 5,000円 or more on the demo shop in the same browser (as
 * settings-carriage.spec.ts does; the staff cookie is the back office's alone), types the code:
 * クーポン割引 is 10% of 商品合計; the guest orders (代金引換). Back in the desk the coupon was used
 * once (利用 1回, no 削除 any more); the owner sets 利用上限 to 1 (上限到達, 「1 / 1回」), and the next
 * cart is refused with the limit's message. The coupon is left off the public list (/coupon) so
 * that the other journeys meet the demo shop's coupons as they were; it is ended by its limit.
 * A short @phone check: the desk's list is one card per coupon, nothing wider than the screen.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSidewaysScroll } from './member-session';
import { adminMenu, createStaff, signInStaff } from './staff-session';
import { expect, keepScreenshot, seriousViolations, test } from './support';

const CREATED = 'クーポンを作成しました。';
const SAVED = 'クーポンを保存しました。';
const EXHAUSTED = 'このクーポンは利用上限に達したため、ご利用いただけません';
const USED_HINT = '注文で使われたクーポンは削除できません。終了日時を設定すると、その日時で終了します。';
/** The coupon's 利用条件 (商品合計 from this much, tax included). */
const MINIMUM = 5000;

/** The demo shop's owner made for this run and width, signed in (the back office's inbox first). */
async function signInOwner(page: Page, tag: string): Promise<void> {
  const owner = createStaff({
    email: `e2e-coupon-owner-${tag}@example.jp`,
    name: `E2E クーポンオーナー ${tag}`,
    role: 'owner',
  });
  await page.goto('/admin/inquiries');
  await expect(page.getByRole('heading', { name: '管理画面ログイン' })).toBeVisible();
  await signInStaff(page, owner);
  await expect(page.getByRole('heading', { level: 1, name: '受信箱' })).toBeVisible();
}

/** クーポン from the menu. */
async function openCouponDesk(page: Page): Promise<void> {
  await (await adminMenu(page)).getByRole('link', { name: 'クーポン', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/content\/coupons$/);
  await expect(page.getByRole('heading', { level: 1, name: 'クーポン' })).toBeVisible();
}

interface ListedProduct {
  key: string;
  name: string;
  product_price: number;
  tax_rate: number;
  stock_status: string;
  is_on_sale: boolean;
}

/**
 * A 10% product on sale and in stock with one item, priced from 1,000 to 8,000 yen, and how many
 * of it make a cart of at least MINIMUM (one where the price allows: a 「6,000円」 cart).
 */
async function cartOfMinimum(request: APIRequestContext): Promise<{ product: ListedProduct; quantity: number }> {
  const candidates: ListedProduct[] = [];
  for (let page = 1; page <= 20; page += 1) {
    const answer = await request.get(`/v1/products?per=100&page=${page}`);
    expect(answer.ok()).toBe(true);
    const list = ((await answer.json()) as { data: ListedProduct[] }).data;
    candidates.push(
      ...list.filter(
        (p) =>
          p.tax_rate === 10 &&
          p.is_on_sale &&
          p.stock_status === 'in_stock' &&
          p.product_price >= 1000 &&
          p.product_price <= 8000,
      ),
    );
    if (list.length < 100) break;
  }
  // The dearest first: the fewest to put in the cart.
  candidates.sort((a, b) => b.product_price - a.product_price);
  for (const product of candidates) {
    const detail = (await (await request.get(`/v1/products/${product.key}`)).json()) as {
      product_model: { products: unknown[] };
    };
    if (detail.product_model.products.length === 1) {
      return { product, quantity: Math.ceil(MINIMUM / product.product_price) };
    }
  }
  throw new Error('no 10% product from 1,000 to 8,000 yen with one item in the demo catalogue');
}

/** The product, `quantity` of it, into the guest's cart; the cart opened. */
async function fillCart(page: Page, product: ListedProduct, quantity: number): Promise<void> {
  await page.goto(`/product/${product.key}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  if (quantity > 1) await page.getByLabel('数量').selectOption(String(quantity));
  await page.getByRole('button', { name: 'カートに入れる' }).click();
  await expect(page.getByRole('link', { name: 'カートを見る' })).toBeVisible();
  await page.goto('/cart');
  await expect(page.getByRole('list', { name: 'カートの商品' }).getByRole('listitem')).toHaveCount(1);
}

/** The figure after `label` in the ご注文金額 list, in yen. */
async function totalsFigure(page: Page, label: string): Promise<number> {
  const figure = page
    .getByRole('region', { name: 'ご注文金額' })
    .locator('dt')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');
  const text = (await figure.textContent()) ?? '';
  const yen = /¥([\d,]+)/.exec(text)?.[1];
  if (!yen) throw new Error(`no yen after ${label}: ${text}`);
  return Number(yen.replace(/,/g, ''));
}

/** `¥1,234`, as the storefront shows money. */
const yen = (value: number): string => `¥${value.toLocaleString('en-US')}`;

/** The guest's orderer form (the order going to the orderer's address, in Tokyo), then 代金引換 to the end. */
async function orderAsGuest(page: Page, email: string): Promise<void> {
  await page.getByRole('button', { name: 'レジに進む' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ご注文者情報の入力' })).toBeVisible();
  const orderer = page.getByRole('form', { name: 'ご注文者とお届け先の入力' });
  await orderer.getByLabel(/^お名前（姓）/).fill('冬割');
  await orderer.getByLabel(/^お名前（名）/).fill('花子');
  await orderer.getByLabel(/^フリガナ（セイ）/).fill('フユワリ');
  await orderer.getByLabel(/^フリガナ（メイ）/).fill('ハナコ');
  await orderer.getByLabel(/^メールアドレス/).fill(email);
  await orderer.getByLabel(/^電話番号/).fill('03-1234-5678');
  await orderer.getByLabel(/^郵便番号/).fill('1000001');
  await orderer.getByRole('button', { name: '住所を自動入力' }).click();
  await expect(orderer.getByLabel(/^都道府県/)).toHaveValue('東京都');
  await orderer.getByLabel(/^番地/).fill('1-1');
  await orderer.getByRole('button', { name: '次へ進む' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'お届け方法の指定' })).toBeVisible();
  await page.getByRole('button', { name: 'お支払い方法の選択へ' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'お支払い方法の選択' })).toBeVisible();
  await page.getByRole('radio', { name: /代金引換/ }).check();
  await page.getByRole('button', { name: 'ご注文内容の確認へ' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ご注文内容の確認' })).toBeVisible();
  await page.getByRole('button', { name: '注文を確定する' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ご注文ありがとうございました' })).toBeVisible();
}

test('an owner makes a 10%OFF coupon for 5,000円以上, a guest’s cart takes it, and its 利用上限 refuses the next cart', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const tag = `${testInfo.project.name}-${stamp}`;
  const code = `WINTER-${stamp}`;
  const name = `冬の10%OFF ${stamp}`;

  // (1) The owner opens クーポン and 新しいクーポン.
  await signInOwner(page, tag);
  await openCouponDesk(page);
  await page.getByRole('link', { name: '新しいクーポン' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'クーポンの作成' })).toBeVisible();
  const editor = page.getByRole('form', { name: 'クーポンの作成' });

  // (2) The code typed lower-case, 率 10%, 5,000円以上, everyone, no period, no limit; off the public list.
  await editor.getByLabel('コード', { exact: true }).fill(code.toLowerCase());
  await editor.getByLabel('クーポン名', { exact: true }).fill(name);
  await editor.getByRole('radio', { name: '率（%）' }).check();
  await editor.getByLabel('値引き率', { exact: true }).fill('10');
  await editor.getByLabel('利用条件（商品合計）', { exact: true }).fill('5,000');
  await expect(editor.getByRole('radio', { name: 'すべてのお客様' })).toBeChecked();
  await expect(editor.getByLabel('利用上限', { exact: true })).toHaveValue('');
  await editor.getByRole('checkbox', { name: 'クーポン一覧に表示する' }).uncheck();

  // The storefront's card, from what is typed: the code as it will be saved.
  const card = page.getByRole('region', { name: 'プレビュー' }).getByRole('article');
  await expect(card.getByRole('heading', { name })).toBeVisible();
  await expect(card).toContainText('10%OFF');
  await expect(card).toContainText(code);
  await expect(card).toContainText('¥5,000以上のご購入');
  await expect(card).toContainText('期限なし');
  expect(await seriousViolations(page, { underCsp: true })).toEqual([]);
  await keepScreenshot(page, testInfo, 'coupon-desk-new');

  // (3) 保存する: its editor, saying so, the code upper-case, 利用中, not used yet.
  await editor.getByRole('button', { name: '保存する' }).click();
  await expect(page.getByText(CREATED)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'クーポンの編集' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/content\/coupons\/[^/]+$/);
  const couponPath = new URL(page.url()).pathname;
  const saved = page.getByRole('form', { name: 'クーポンの編集' });
  await expect(saved.getByLabel('コード', { exact: true })).toHaveValue(code);
  await expect(page.getByText('利用中', { exact: true })).toBeVisible();
  await expect(page.getByText('0回', { exact: true })).toBeVisible();
  await keepScreenshot(page, testInfo, 'coupon-desk-created');

  // The list, searched by the code: 10%OFF, 5,000円以上, 利用 0回, 利用中.
  await page.getByRole('link', { name: 'クーポン一覧へ戻る' }).click();
  const search = page.getByRole('form', { name: 'クーポンの検索' });
  await search.getByLabel('キーワード').fill(code);
  await search.getByRole('button', { name: '検索' }).click();
  const row = page.getByRole('table', { name: 'クーポン一覧' }).getByRole('row').filter({ hasText: code });
  await expect(row).toHaveCount(1);
  await expect(row.locator('td[data-label="値引き"]')).toHaveText('10%OFF');
  await expect(row.locator('td[data-label="条件"]')).toHaveText('5,000円以上');
  await expect(row.locator('td[data-label="期間"]')).toHaveText('期間なし');
  await expect(row.locator('td[data-label="利用"]')).toHaveText('0回');
  await expect(row.locator('td[data-label="状態"]')).toHaveText('利用中');
  expect(await seriousViolations(page, { underCsp: true })).toEqual([]);
  await keepScreenshot(page, testInfo, 'coupon-desk-list');

  // (4) A guest's cart of 5,000円 or more takes the code: クーポン割引 is 10% of 商品合計.
  const { product, quantity } = await cartOfMinimum(request);
  await fillCart(page, product, quantity);
  const subtotal = await totalsFigure(page, '商品合計');
  expect(subtotal).toBeGreaterThanOrEqual(MINIMUM);
  await page.getByLabel(/^クーポンコード/).fill(code.toLowerCase());
  await page.getByRole('button', { name: '適用する' }).click();
  await expect(page.getByRole('list', { name: '適用中のクーポン' })).toContainText(code);
  const discount = Math.floor((subtotal * 10) / 100);
  await expect(page.getByRole('region', { name: 'ご注文金額' })).toContainText(`クーポン割引-${yen(discount)}`);
  await keepScreenshot(page, testInfo, 'coupon-desk-cart');
  await orderAsGuest(page, `coupon-${tag}@example.com`);

  // (5) The desk: used once, so no 削除 any more; 利用上限 1 makes it 上限到達.
  await page.goto(couponPath);
  await expect(page.getByRole('heading', { level: 1, name: 'クーポンの編集' })).toBeVisible();
  await expect(page.getByText('1回', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: '削除する' })).toHaveCount(0);
  await expect(page.getByText(USED_HINT)).toBeVisible();
  const again = page.getByRole('form', { name: 'クーポンの編集' });
  await again.getByLabel('利用上限', { exact: true }).fill('1');
  await again.getByRole('button', { name: '保存する' }).click();
  await expect(page.getByText(SAVED)).toBeVisible();
  await expect(page.getByText('上限到達', { exact: true })).toBeVisible();
  await expect(page.getByText('1 / 1回', { exact: true })).toBeVisible();
  await keepScreenshot(page, testInfo, 'coupon-desk-exhausted');

  // (6) The next cart is refused with the limit's message, and takes no coupon.
  await fillCart(page, product, quantity);
  await page.getByLabel(/^クーポンコード/).fill(code);
  await page.getByRole('button', { name: '適用する' }).click();
  await expect(page.getByRole('form', { name: 'クーポンの適用' })).toContainText(EXHAUSTED);
  await expect(page.getByLabel(/^クーポンコード/)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('list', { name: '適用中のクーポン' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'ご注文金額' })).not.toContainText('クーポン割引');
  await keepScreenshot(page, testInfo, 'coupon-desk-cart-refused');
});

// @phone: the desk's list is one card per coupon (its cells one under another, the table no
// wider than the screen): the table's phone stylesheet, which the desktop run never applies.
test('the coupon list is a card per coupon on a phone @phone', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the phone layout only: the desktop journey covers the rest');
  test.setTimeout(90_000);
  const tag = `${testInfo.project.name}-${Date.now()}`;

  // The demo shop's coupons (WELCOME500, RIDE10, …) fill the list.
  await signInOwner(page, tag);
  await openCouponDesk(page);
  const row = page.getByRole('table', { name: 'クーポン一覧' }).getByRole('row').nth(1);
  await expect(row).toBeVisible();
  const codeCell = await row.locator('td[data-label="コード"]').boundingBox();
  const nameCell = await row.locator('td[data-label="クーポン名"]').boundingBox();
  expect(codeCell && nameCell).toBeTruthy();
  expect(nameCell!.y).toBeGreaterThanOrEqual(codeCell!.y + codeCell!.height - 1);
  expect(Math.abs(nameCell!.x - codeCell!.x)).toBeLessThan(1);
  await expectNoSidewaysScroll(page);
  expect(await seriousViolations(page, { underCsp: true })).toEqual([]);
  await keepScreenshot(page, testInfo, 'coupon-desk-list-phone');
});
