/**
 * 送料設定 (issue 33, docs/contracts/settings-carriage.md) in real Chromium against the real
 * server: the journey's owner opens 設定 → 送料設定, empties 沖縄県's box and saves (the server's
 * 422 under the box and the summary), then sets 沖縄県 to 2,000 and saves. A guest then buys on
 * the demo shop in the same browser: the cart, before its address is known, shows the setting's
 * estimate; once the order goes to 那覇市 (〒900-0001, not a remote island) it shows 送料 ¥2,000.
 * Last, the owner puts 沖縄県 back through the screen; should the journey fail on the way, the
 * setting read at its start is put back through the API, so the other journeys meet the demo
 * carriage (北海道 1,320, 沖縄県 1,650, 880 elsewhere, free from 11,000) whatever happens here.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSidewaysScroll } from './member-session';
import { adminMenu, signInStaff } from './staff-session';
import { expect, keepScreenshot, seriousViolations, test } from './support';

const PATH = '/v1/admin/settings/carriage';

interface CarriageSettings {
  version: number;
  prefectures: { prefecture: string; fee: number }[];
  remote_island_surcharge: number;
  free_threshold: number | null;
  estimate_fee: number;
}

/** The setting as the server has it (the page's staff cookie goes along). */
async function readCarriage(request: APIRequestContext): Promise<CarriageSettings> {
  const answer = await request.get(PATH);
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as CarriageSettings;
}

const sameCarriage = (a: CarriageSettings, b: CarriageSettings): boolean =>
  JSON.stringify([a.prefectures, a.remote_island_surcharge, a.free_threshold]) ===
  JSON.stringify([b.prefectures, b.remote_island_surcharge, b.free_threshold]);

/** The setting read at the start, saved again over whatever the journey left (nothing when it is already so). */
async function putBack(request: APIRequestContext, before: CarriageSettings): Promise<void> {
  const now = await readCarriage(request);
  if (sameCarriage(now, before)) return;
  const answer = await request.put(PATH, {
    data: {
      version: now.version,
      prefectures: before.prefectures.map(({ prefecture, fee }) => ({ prefecture, fee })),
      remote_island_surcharge: before.remote_island_surcharge,
      free_threshold: before.free_threshold,
    },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

const feeOf = (settings: CarriageSettings, prefecture: string): number => {
  const row = settings.prefectures.find((candidate) => candidate.prefecture === prefecture);
  if (!row) throw new Error(`no ${prefecture} in the carriage setting`);
  return row.fee;
};

/** `¥1,650`, as the storefront shows money. */
const yen = (value: number): string => `¥${value.toLocaleString('en-US')}`;

interface ListedProduct {
  key: string;
  name: string;
  product_price: number;
  tax_rate: number;
  stock_status: string;
  is_on_sale: boolean;
}

/**
 * A 10% product on sale and in stock, with one item, priced from 1,000 to 5,000 yen (what
 * cart.spec.ts buys): well below the demo's free-carriage threshold.
 */
async function cheapProduct(request: APIRequestContext): Promise<ListedProduct> {
  for (let page = 1; page <= 20; page += 1) {
    const answer = await request.get(`/v1/products?per=100&page=${page}`);
    expect(answer.ok()).toBe(true);
    const list = ((await answer.json()) as { data: ListedProduct[] }).data;
    for (const product of list) {
      if (product.tax_rate !== 10 || !product.is_on_sale || product.stock_status !== 'in_stock') continue;
      if (product.product_price < 1000 || product.product_price > 5000) continue;
      const detail = (await (await request.get(`/v1/products/${product.key}`)).json()) as {
        product_model: { products: unknown[] };
      };
      if (detail.product_model.products.length === 1) return product;
    }
    if (list.length < 100) break;
  }
  throw new Error('no 10% product from 1,000 to 5,000 yen in the demo catalogue');
}

/** The figure after 送料 in the ご注文金額 list. */
function carriageLine(page: Page) {
  return page
    .getByRole('region', { name: 'ご注文金額' })
    .locator('dt')
    .filter({ hasText: /^送料$/ })
    .locator('xpath=following-sibling::dd[1]');
}

// @phone: 送料設定 lays its 47 boxes out in two columns at 375 px (a stylesheet's doing) and nothing
// may scroll sideways; the region's 「まとめて入力」 row stacks.
test('an owner sets 沖縄県’s carriage to 2,000, a cart to Okinawa charges it, and the owner puts it back @phone', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);

  // (1) The owner signs in and reads the setting as it is (to put it back at the end).
  await page.goto('/admin/inquiries');
  await expect(page.getByRole('heading', { name: '管理画面ログイン' })).toBeVisible();
  await signInStaff(page, 'settings');
  await expect(page.getByRole('heading', { level: 1, name: '受信箱' })).toBeVisible();
  const before = await readCarriage(page.request);
  const okinawaBefore = feeOf(before, '沖縄県');
  expect(before.prefectures).toHaveLength(47);

  try {
    // (2) 設定 → 送料設定, from the menu.
    await (await adminMenu(page)).getByRole('link', { name: '設定' }).click();
    await expect(page).toHaveURL(/\/admin\/settings$/);
    await expect(page.getByRole('heading', { level: 1, name: '設定' })).toBeVisible();
    await page.getByRole('link', { name: '送料設定' }).click();
    await expect(page).toHaveURL(/\/admin\/settings\/carriage$/);
    await expect(page.getByRole('heading', { level: 1, name: '送料設定' })).toBeVisible();

    const form = page.getByRole('form', { name: '送料設定' });
    const okinawa = form.getByLabel('沖縄県', { exact: true });
    await expect(okinawa).toHaveValue(String(okinawaBefore));
    await expect(form.getByLabel('北海道', { exact: true })).toHaveValue(String(feeOf(before, '北海道')));
    for (const region of ['北海道・東北', '関東', '中部', '近畿', '中国・四国', '九州・沖縄']) {
      await expect(form.getByRole('group', { name: region, exact: true })).toBeVisible();
    }
    await expect(form).toContainText(
      `住所が決まる前のカートには最も多い送料（${before.estimate_fee.toLocaleString('en-US')}円）を表示します。`,
    );
    if (testInfo.project.name === 'phone') {
      // Two columns: 福岡県 beside 佐賀県, 長崎県 under 福岡県.
      const fukuoka = await form.getByLabel('福岡県', { exact: true }).boundingBox();
      const saga = await form.getByLabel('佐賀県', { exact: true }).boundingBox();
      const nagasaki = await form.getByLabel('長崎県', { exact: true }).boundingBox();
      expect(fukuoka && saga && nagasaki).toBeTruthy();
      expect(Math.abs(saga!.y - fukuoka!.y)).toBeLessThan(2);
      expect(saga!.x).toBeGreaterThan(fukuoka!.x);
      expect(Math.abs(nagasaki!.x - fukuoka!.x)).toBeLessThan(2);
      expect(nagasaki!.y).toBeGreaterThan(fukuoka!.y);
    }
    await expectNoSidewaysScroll(page);
    expect(await seriousViolations(page, { underCsp: true })).toEqual([]);
    await keepScreenshot(page, testInfo, 'settings-carriage');

    // (3) An empty box is sent as it is: the server's message under it, and the summary.
    await okinawa.fill('');
    await form.getByRole('button', { name: '保存する' }).click();
    await expect(form.getByRole('alert')).toContainText('入力内容を確認してください。');
    await expect(okinawa).toHaveAttribute('aria-invalid', 'true');
    await expect(okinawa).toHaveAccessibleDescription('送料を入力してください。');
    await expect(form.getByLabel('鹿児島県', { exact: true })).not.toHaveAttribute('aria-invalid', 'true');
    await expectNoSidewaysScroll(page);
    await keepScreenshot(page, testInfo, 'settings-carriage-refused');
    expect(feeOf(await readCarriage(page.request), '沖縄県')).toBe(okinawaBefore);

    // (4) 2,000 for 沖縄県, saved.
    await okinawa.fill('2,000');
    await form.getByRole('button', { name: '保存する' }).click();
    await expect(page.getByRole('status').filter({ hasText: '送料設定を保存しました。' })).toBeVisible();
    await expect(okinawa).toHaveValue('2000');
    await expect(okinawa).not.toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByRole('alert')).toHaveCount(0);
    const saved = await readCarriage(page.request);
    expect(feeOf(saved, '沖縄県')).toBe(2000);
    expect(saved.version).toBe(before.version + 1);
    expect(saved.prefectures.filter(({ prefecture }) => prefecture !== '沖縄県')).toEqual(
      before.prefectures.filter(({ prefecture }) => prefecture !== '沖縄県'),
    );

    // (5) A guest on the demo shop, in the same browser: the cart before an address shows the estimate…
    // (Not free: the threshold is above the product's price.)
    expect(saved.free_threshold === null || saved.free_threshold > 5000).toBe(true);
    const product = await cheapProduct(request);
    await page.goto(`/product/${product.key}`);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await page.getByRole('button', { name: 'カートに入れる' }).click();
    await expect(page.getByRole('link', { name: 'カートを見る' })).toBeVisible();
    await page.goto('/cart');
    await expect(page.getByRole('list', { name: 'カートの商品' }).getByRole('listitem')).toHaveCount(1);
    await expect(carriageLine(page)).toHaveText(yen(saved.estimate_fee));

    // …and, the order going to 那覇市, 沖縄県's 2,000.
    await page.getByRole('button', { name: 'レジに進む' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'ご注文者情報の入力' })).toBeVisible();
    const orderer = page.getByRole('form', { name: 'ご注文者とお届け先の入力' });
    await orderer.getByLabel(/^お名前（姓）/).fill('送料');
    await orderer.getByLabel(/^お名前（名）/).fill('花子');
    await orderer.getByLabel(/^フリガナ（セイ）/).fill('ソウリョウ');
    await orderer.getByLabel(/^フリガナ（メイ）/).fill('ハナコ');
    await orderer.getByLabel(/^メールアドレス/).fill(`carriage-${testInfo.project.name}-${Date.now()}@example.com`);
    await orderer.getByLabel(/^電話番号/).fill('098-123-4567');
    await orderer.getByLabel(/^郵便番号/).fill('9000001');
    await orderer.getByRole('button', { name: '住所を自動入力' }).click();
    await expect(orderer.getByLabel(/^都道府県/)).toHaveValue('沖縄県');
    await expect(orderer.getByLabel(/^市区町村/)).toHaveValue(/^那覇市/);
    await orderer.getByLabel(/^番地/).fill('1-1');
    await orderer.getByRole('button', { name: '次へ進む' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'お届け方法の指定' })).toBeVisible();
    await expect(page.getByText(`送料 ${yen(2000)}`).first()).toBeVisible();
    await page.getByRole('button', { name: 'お支払い方法の選択へ' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'お支払い方法の選択' })).toBeVisible();
    await expect(carriageLine(page)).toHaveText(yen(2000));
    await keepScreenshot(page, testInfo, 'settings-carriage-cart');

    // (6) The owner puts 沖縄県 back through the screen.
    await page.goto('/admin/settings/carriage');
    await expect(page.getByRole('heading', { level: 1, name: '送料設定' })).toBeVisible();
    await expect(okinawa).toHaveValue('2000');
    await okinawa.fill(String(okinawaBefore));
    await form.getByRole('button', { name: '保存する' }).click();
    await expect(page.getByRole('status').filter({ hasText: '送料設定を保存しました。' })).toBeVisible();
    await expect(okinawa).toHaveValue(String(okinawaBefore));
    expect(sameCarriage(await readCarriage(page.request), before)).toBe(true);
  } finally {
    // Whatever happened above, the other journeys meet the setting as it was.
    await putBack(page.request, before);
  }
});
