/**
 * Name embroidery journey (issue 13): the demo member saves the preset 「YAMADA」 (ブロック体・白・
 * 左胸) on /mypage/name-embroidery, puts a glove that can be embroidered in the cart, picks the
 * preset on the cart line (the unit price rises by the product's embroidery price and the line
 * shows the label), buys it with the test card and finds the embroidery on the order's page.
 * The glove is found through the API (`embroidery` non-null). Leftover presets of an earlier
 * run are deleted first, so the cap of 5 is never reached; both widths share the demo member.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, keepScreenshot, test } from './support';

const DEMO_MEMBER = { email: 'member@example.com', password: 'ride2026demo' };
const TEXT = 'YAMADA';
const LABEL = 'YAMADA（ブロック体・白・左胸）';

interface Glove {
  key: string;
  name: string;
  price: number;
}

/** A glove on sale and in stock whose answer has `embroidery`. */
async function findGlove(request: APIRequestContext): Promise<Glove> {
  const answer = await request.get(`/v1/products?keyword=${encodeURIComponent('グローブ')}&per=100`);
  expect(answer.ok()).toBe(true);
  const list = ((await answer.json()) as { data: { key: string; is_on_sale: boolean; stock_status: string }[] }).data;
  for (const item of list) {
    if (!item.is_on_sale || item.stock_status !== 'in_stock') continue;
    const detail = (await (await request.get(`/v1/products/${item.key}`)).json()) as {
      name: string;
      embroidery: { price: number; max_chars: number } | null;
    };
    if (detail.embroidery && detail.embroidery.max_chars >= TEXT.length) {
      return { key: item.key, name: detail.name, price: detail.embroidery.price };
    }
  }
  throw new Error('no glove that can be embroidered in the demo catalogue');
}

async function logIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel(/^メールアドレスまたはユーザー名/).fill(DEMO_MEMBER.email);
  await page.getByLabel(/^パスワード/).fill(DEMO_MEMBER.password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page).toHaveURL(/\/mypage$/);
}

/** Deletes the member's presets of an earlier run (same text), through the API with the app's token. */
async function deleteLeftovers(page: Page) {
  await page.evaluate(async (text) => {
    const headers: Record<string, string> = {};
    const access = localStorage.getItem('shop.accessToken');
    if (access) headers.Authorization = `Bearer ${access}`;
    const answer = await fetch('/v1/me/name-embroideries', { headers });
    const { data } = (await answer.json()) as { data: { id: string; text: string }[] };
    for (const preset of data.filter((p) => p.text === text)) {
      await fetch(`/v1/me/name-embroideries/${preset.id}`, { method: 'DELETE', headers });
    }
  }, TEXT);
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

const yen = (text: string) => Number(text.replace(/[^\d]/g, ''));

// @phone: the screens are checked for sideways scrolling, which only a phone's width can show.
test('the demo member embroiders YAMADA on a glove and buys it @phone', async ({ page, request }, testInfo) => {
  const glove = await findGlove(request);
  await logIn(page);
  await deleteLeftovers(page);

  // The preset, from the mypage menu.
  await page.goto('/mypage');
  await page.getByRole('navigation', { name: 'マイページメニュー' }).getByRole('link', { name: '名入れ刺繍' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '名入れ刺繍' })).toBeVisible();
  await expect(page.getByText(/5件まで登録できます/)).toBeVisible();
  await page.getByRole('link', { name: '名入れ刺繍を登録する' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '名入れ刺繍の登録' })).toBeVisible();
  // The server's rule on the field: a character it cannot embroider.
  await page.getByLabel(/^刺繍する文字/).fill('YAMADA＠');
  await expect(page.getByText('7/12文字')).toBeVisible();
  await page.getByRole('button', { name: '登録する' }).click();
  await expect(page.getByText('刺繍できない文字が含まれています: ＠')).toBeVisible();
  await page.getByLabel(/^刺繍する文字/).fill(TEXT);
  await expect(page.getByText('6/12文字')).toBeVisible();
  await page.getByRole('radio', { name: 'ブロック体', exact: true }).check();
  await page.getByRole('radio', { name: '白', exact: true }).check();
  await page.getByRole('radio', { name: '左胸', exact: true }).check();
  await expect(page.getByText(LABEL)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await keepScreenshot(page, testInfo, 'embroidery-add');
  await page.getByRole('button', { name: '登録する' }).click();
  await expect(page).toHaveURL(/\/mypage\/name-embroidery$/);
  await expect(page.getByText('名入れ刺繍を登録しました。')).toBeVisible();
  await expect(page.getByRole('article', { name: LABEL })).toBeVisible();
  await keepScreenshot(page, testInfo, 'embroidery-list');

  // The glove: the product page says it can be embroidered.
  await page.goto(`/product/${glove.key}`);
  await expect(page.getByRole('heading', { level: 1, name: glove.name })).toBeVisible();
  await expect(page.getByText(/名入れ刺繍できます（1点[\d,]+円・\d+文字まで）/)).toBeVisible();
  await page.getByRole('button', { name: 'カートに入れる' }).click();
  await expect(page.getByRole('link', { name: 'カートを見る' })).toBeVisible();

  // The cart line: choose the preset, the unit price rises by the embroidery's price.
  await page.goto('/cart');
  const line = page.getByRole('listitem', { name: glove.name }).first();
  const unit = line.getByText(/^単価/);
  await expect(unit).toBeVisible();
  const select = line.getByRole('combobox', { name: '名入れ刺繍' });
  await expect(select).toBeVisible();
  if ((await select.inputValue()) !== '') {
    await select.selectOption({ label: 'なし' });
    await expect(line.getByText(/^名入れ刺繍:/)).toHaveCount(0);
  }
  const before = yen((await unit.textContent()) ?? '');
  await select.selectOption({ label: `${LABEL} +${glove.price.toLocaleString('en-US')}円` });
  await expect(line.getByText(`名入れ刺繍: ${LABEL}`)).toBeVisible();
  await expect.poll(async () => yen((await unit.textContent()) ?? '')).toBe(before + glove.price);
  await expectNoSidewaysScroll(page);
  await keepScreenshot(page, testInfo, 'embroidery-cart');

  // Checkout with the test card.
  await page.getByRole('button', { name: 'レジに進む' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'お届け先の選択' })).toBeVisible();
  await page.getByRole('button', { name: 'このお届け先に送る' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'お届け方法の指定' })).toBeVisible();
  await page.getByRole('button', { name: 'お支払い方法の選択へ' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'お支払い方法の選択' })).toBeVisible();
  await page.getByRole('radio', { name: /クレジットカード/ }).check();
  const fresh = page.getByRole('radio', { name: '新しいカードを使う' });
  if (await fresh.count()) await fresh.check();
  await page.getByLabel(/^カード番号/).fill('4242 4242 4242 4242');
  await page.getByLabel(/^カード名義/).fill('TARO YAMADA');
  await page.getByLabel(/^有効期限（月）/).selectOption('12');
  await page.getByLabel(/^有効期限（年）/).selectOption(String(new Date().getFullYear() + 3));
  await page.getByLabel(/^セキュリティコード/).fill('123');
  await page.getByRole('button', { name: 'ご注文内容の確認へ' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'ご注文内容の確認' })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'ご注文商品' }).getByRole('listitem', { name: glove.name }).first(),
  ).toContainText(`名入れ刺繍: ${LABEL}`);
  await page.getByRole('button', { name: '注文を確定する' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ご注文ありがとうございました' })).toBeVisible();
  const orderNo = new URL(page.url()).searchParams.get('order_no') ?? '';

  // The order's page carries the embroidery in the line.
  await page.getByRole('link', { name: 'ご注文履歴を見る' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '注文履歴' })).toBeVisible();
  await page
    .getByRole('article', { name: new RegExp(orderNo) })
    .getByRole('link', { name: /詳細を見る/ })
    .click();
  await expect(page).toHaveURL(/\/mypage\/order_history\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'ご注文詳細' })).toBeVisible();
  await expect(page.getByText(`名入れ刺繍: ${LABEL}`).first()).toBeVisible();
  await keepScreenshot(page, testInfo, 'embroidery-order');

  // Leave the demo member's presets as they were.
  await deleteLeftovers(page);
});
