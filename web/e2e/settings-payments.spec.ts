/**
 * 支払方法設定 (issue 33, docs/contracts/settings-payments.md) in real Chromium against the real
 * server: an owner of the demo shop, made for the journey (as settings-store.spec.ts does), opens
 * 設定 → 支払方法 and reads the demo's 代金引換 (〜10,000円 330円 / 〜30,000円 440円 / 〜100,000円 660円 /
 * それ以上 1,100円, up to 300,000円). In its editor, an empty 上限金額 in the middle row is sent and
 * refused (the server's message under that row's box; nothing saved); then the first tier's fee
 * goes to 385円 and is saved. A guest then buys on the demo shop in the same browser: a cart of
 * one item from 1,000 to 5,000円 sent to 東京都 (880円 carriage: in the first tier) shows 代金引換
 * with 手数料 ¥385, and its confirmation 決済手数料 ¥385. Last, the owner swaps the first two
 * methods with 上へ. Whatever happens on the way, 代金引換's demo tiers and limit and the order read
 * at the start are put back through the API, so the other journeys meet the demo shop's payments.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSidewaysScroll } from './member-session';
import { adminMenu, createStaff, signInStaff } from './staff-session';
import { expect, keepScreenshot, seriousViolations, test } from './support';

const PATH = '/v1/admin/settings/payments';
const SAVED = '支払方法を保存しました。';
const ORDER_SAVED = '表示順を保存しました。';
const UP_TO_REQUIRED = 'この段の上限金額を入力してください。';

interface FeeTier {
  up_to: number | null;
  fee: number;
}

interface PaymentMethod {
  id: string;
  code: string;
  name: string;
  description: string;
  is_enabled: boolean;
  member_only: boolean;
  fee_tiers: FeeTier[];
  min_total: number | null;
  max_total: number | null;
  position: number;
  version: number;
  unready_reason: string | null;
}

interface PaymentSettings {
  data: PaymentMethod[];
  gaps: { message: string }[];
}

/** 代金引換 in the demo shop, which the other journeys expect (payments::fee_rule::FeeRule::standard_cash_on_delivery). */
const DEMO_COD_TIERS: FeeTier[] = [
  { up_to: 10_000, fee: 330 },
  { up_to: 30_000, fee: 440 },
  { up_to: 100_000, fee: 660 },
  { up_to: null, fee: 1_100 },
];
const DEMO_COD_MAX = 300_000;
const DEMO_COD_FEES = '〜10,000円 330円 / 〜30,000円 440円 / 〜100,000円 660円 / それ以上 1,100円';

/** The desk as the server has it (the page's staff cookie goes along). */
async function readPayments(request: APIRequestContext): Promise<PaymentSettings> {
  const answer = await request.get(PATH);
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as PaymentSettings;
}

function codOf(settings: PaymentSettings): PaymentMethod {
  const cod = settings.data.find((method) => method.code === 'cod');
  if (!cod) throw new Error('no 代金引換 in the demo shop');
  return cod;
}

const idsOf = (settings: PaymentSettings): string[] => settings.data.map(({ id }) => id);

/**
 * 代金引換's demo tiers and limit (its other fields as read at the start), then the order read at
 * the start, saved again over whatever the journey left (nothing when they are already so).
 */
async function putBack(request: APIRequestContext, before: PaymentSettings): Promise<void> {
  let now = await readPayments(request);
  const cod = codOf(now);
  const was = codOf(before);
  if (JSON.stringify(cod.fee_tiers) !== JSON.stringify(DEMO_COD_TIERS) || cod.max_total !== DEMO_COD_MAX) {
    const answer = await request.put(`${PATH}/${cod.id}`, {
      data: {
        version: cod.version,
        name: was.name,
        description: was.description,
        is_enabled: was.is_enabled,
        member_only: was.member_only,
        fee_tiers: DEMO_COD_TIERS,
        min_total: was.min_total,
        max_total: DEMO_COD_MAX,
      },
    });
    expect(answer.status(), await answer.text()).toBe(200);
    now = (await answer.json()) as PaymentSettings;
  }
  if (idsOf(now).join() !== idsOf(before).join()) {
    const answer = await request.put(`${PATH}/order`, { data: { ids: idsOf(before), was: idsOf(now) } });
    expect(answer.status(), await answer.text()).toBe(200);
  }
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
 * A 10% product on sale and in stock, with one item, priced from 1,000 to 5,000 yen (what
 * cart.spec.ts buys): with the 880円 carriage, well inside 代金引換's first tier (〜10,000円).
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

/** The figure after `label` in the ご注文金額 list. */
function totalsLine(page: Page, label: string) {
  return page
    .getByRole('region', { name: 'ご注文金額' })
    .locator('dt')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

/** The list's method names, in its order. */
async function shownOrder(page: Page): Promise<string[]> {
  return page
    .getByRole('table', { name: '支払方法の一覧（ご注文手続きの表示順）' })
    .getByRole('link')
    .allTextContents();
}

// @phone: the list is a table read as cards and the tiers table too (a stylesheet's doing), with
// a message under a row's box: nothing may scroll sideways at 375 px. The phone run checks only
// that; it leaves the checkout to cart.spec.ts, which walks it at 375 px already.
test('an owner raises 代金引換’s first fee to 385円, a cart pays it, the order of two methods is swapped, and all is put back @phone', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  const phone = testInfo.project.name === 'phone';

  // (1) An owner of the demo shop, made for this journey, signs in and reads the desk as it is
  // (to put it back at the end).
  const tag = `${testInfo.project.name}-${Date.now()}`;
  const owner = createStaff({
    email: `e2e-payments-owner-${tag}@example.jp`,
    name: `E2E 支払方法オーナー ${tag}`,
    role: 'owner',
  });
  await page.goto('/admin/inquiries');
  await expect(page.getByRole('heading', { name: '管理画面ログイン' })).toBeVisible();
  await signInStaff(page, owner);
  await expect(page.getByRole('heading', { level: 1, name: '受信箱' })).toBeVisible();
  const before = await readPayments(page.request);

  try {
    const cod = codOf(before);
    expect(cod.fee_tiers, 'the demo shop’s 代金引換 tiers').toEqual(DEMO_COD_TIERS);
    expect(cod.max_total).toBe(DEMO_COD_MAX);
    expect(before.data.length).toBeGreaterThanOrEqual(2);

    // (2) 設定 → 支払方法, from the menu.
    await (await adminMenu(page)).getByRole('link', { name: '設定' }).click();
    await expect(page).toHaveURL(/\/admin\/settings$/);
    await page.getByRole('link', { name: '支払方法', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/settings\/payments$/);
    await expect(page.getByRole('heading', { level: 1, name: '支払方法設定' })).toBeVisible();

    const table = page.getByRole('table', { name: '支払方法の一覧（ご注文手続きの表示順）' });
    await expect(table.getByRole('link')).toHaveText(before.data.map(({ name }) => name));
    const codRow = table.getByRole('row').filter({ has: page.getByRole('link', { name: cod.name, exact: true }) });
    await expect(codRow).toContainText(DEMO_COD_FEES);
    await expect(codRow).toContainText('300,000円まで');
    const warning = page.getByRole('region', { name: '支払方法の注意' });
    if (before.gaps.length === 0) await expect(warning).toHaveCount(0);
    else await expect(warning.getByRole('listitem')).toHaveText(before.gaps.map(({ message }) => message));
    await expectNoSidewaysScroll(page);
    if (!phone) expect(await seriousViolations(page, { underCsp: true })).toEqual([]);
    await keepScreenshot(page, testInfo, 'settings-payments');

    // (3) 代金引換's editor: its tiers, the last 「それ以上」 with only its fee.
    await codRow.getByRole('link', { name: cod.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/settings/payments/${cod.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: '支払方法の編集' })).toBeVisible();
    const form = page.getByRole('form', { name: '支払方法の編集' });
    const upTo = (row: number) => form.getByLabel(`${row}段目の上限金額（円）`, { exact: true });
    const fee = (row: number) => form.getByLabel(`${row}段目の手数料（円）`, { exact: true });
    await expect(form.getByLabel('名称', { exact: true })).toHaveValue(cod.name);
    await expect(upTo(1)).toHaveValue('10000');
    await expect(upTo(2)).toHaveValue('30000');
    await expect(fee(1)).toHaveValue('330');
    await expect(fee(4)).toHaveValue('1100');
    await expect(upTo(4)).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    if (!phone) expect(await seriousViolations(page, { underCsp: true })).toEqual([]);
    await keepScreenshot(page, testInfo, 'settings-payments-editor');

    // (4) An empty bound in the middle row is sent as it is: the server's message under that box.
    await upTo(2).fill('');
    await form.getByRole('button', { name: '保存する' }).click();
    await expect(form.getByRole('alert')).toContainText('入力内容を確認してください。');
    await expect(upTo(2)).toHaveAttribute('aria-invalid', 'true');
    await expect(upTo(2)).toHaveAccessibleDescription(UP_TO_REQUIRED);
    await expect(upTo(1)).not.toHaveAttribute('aria-invalid', 'true');
    await expectNoSidewaysScroll(page);
    await keepScreenshot(page, testInfo, 'settings-payments-refused');
    expect(codOf(await readPayments(page.request)).fee_tiers).toEqual(DEMO_COD_TIERS);

    // (5) The bound back, 385円 for 〜10,000円, saved.
    await upTo(2).fill('30,000');
    await fee(1).fill('385');
    await form.getByRole('button', { name: '保存する' }).click();
    await expect(page.getByRole('status').filter({ hasText: SAVED })).toBeVisible();
    await expect(fee(1)).toHaveValue('385');
    await expect(upTo(2)).not.toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByRole('alert')).toHaveCount(0);
    const saved = codOf(await readPayments(page.request));
    expect(saved.fee_tiers).toEqual([{ up_to: 10_000, fee: 385 }, ...DEMO_COD_TIERS.slice(1)]);
    expect(saved.max_total).toBe(DEMO_COD_MAX);
    expect(saved.version).toBe(cod.version + 1);

    // (6) A guest on the demo shop, in the same browser: 代金引換 costs 385円 on a 5,000円 cart.
    if (!phone) {
      const product = await cheapProduct(request);
      await page.goto(`/product/${product.key}`);
      await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
      await page.getByRole('button', { name: 'カートに入れる' }).click();
      await expect(page.getByRole('link', { name: 'カートを見る' })).toBeVisible();
      await page.goto('/cart');
      await expect(page.getByRole('list', { name: 'カートの商品' }).getByRole('listitem')).toHaveCount(1);
      await page.getByRole('button', { name: 'レジに進む' }).click();

      await expect(page.getByRole('heading', { level: 1, name: 'ご注文者情報の入力' })).toBeVisible();
      const orderer = page.getByRole('form', { name: 'ご注文者とお届け先の入力' });
      await orderer.getByLabel(/^お名前（姓）/).fill('代引');
      await orderer.getByLabel(/^お名前（名）/).fill('花子');
      await orderer.getByLabel(/^フリガナ（セイ）/).fill('ダイビキ');
      await orderer.getByLabel(/^フリガナ（メイ）/).fill('ハナコ');
      await orderer.getByLabel(/^メールアドレス/).fill(`payments-${testInfo.project.name}-${Date.now()}@example.com`);
      await orderer.getByLabel(/^電話番号/).fill('03-1234-5678');
      await orderer.getByLabel(/^郵便番号/).fill('1000001');
      await orderer.getByRole('button', { name: '住所を自動入力' }).click();
      await expect(orderer.getByLabel(/^都道府県/)).toHaveValue('東京都');
      await orderer.getByLabel(/^番地/).fill('1-1');
      await orderer.getByRole('button', { name: '次へ進む' }).click();

      await expect(page.getByRole('heading', { level: 1, name: 'お届け方法の指定' })).toBeVisible();
      await page.getByRole('button', { name: 'お支払い方法の選択へ' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'お支払い方法の選択' })).toBeVisible();
      const codChoice = page.getByRole('radio', { name: /代金引換/ });
      await expect(codChoice).toBeEnabled();
      await expect(codChoice).toHaveAccessibleName(/手数料\s*¥385/);
      await codChoice.check();
      await keepScreenshot(page, testInfo, 'settings-payments-choice');
      await page.getByRole('button', { name: 'ご注文内容の確認へ' }).click();

      await expect(page.getByRole('heading', { level: 1, name: 'ご注文内容の確認' })).toBeVisible();
      await expect(totalsLine(page, '決済手数料')).toHaveText('¥385');
      await keepScreenshot(page, testInfo, 'settings-payments-confirm');
    }

    // (7) The owner swaps the first two methods with 上へ on the second.
    await page.goto('/admin/settings/payments');
    await expect(page.getByRole('heading', { level: 1, name: '支払方法設定' })).toBeVisible();
    await expect(codRow).toContainText('〜10,000円 385円');
    const [first, second] = before.data;
    const swapped = [second!, first!, ...before.data.slice(2)];
    await page.getByRole('button', { name: `${second!.name}を上へ`, exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: ORDER_SAVED })).toBeVisible();
    await expect(table.getByRole('link')).toHaveText(swapped.map(({ name }) => name));
    expect(await shownOrder(page)).toEqual(swapped.map(({ name }) => name));
    expect(idsOf(await readPayments(page.request))).toEqual(swapped.map(({ id }) => id));
    await expect(page.getByRole('button', { name: `${second!.name}を上へ`, exact: true })).toBeDisabled();
    await expectNoSidewaysScroll(page);
    await keepScreenshot(page, testInfo, 'settings-payments-reordered');
  } finally {
    // Whatever happened above, the other journeys meet the demo's 代金引換 and the order as it was.
    await putBack(page.request, before);
  }
});
