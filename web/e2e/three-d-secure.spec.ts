/**
 * 本人認証 (3-D Secure) at the card decision (docs/contracts/three-d-secure.md) in real Chromium
 * against the real server, with the sandbox's test card 4000 0027 6000 3184, which asks for it:
 * - the demo member confirms the order, lands on the sandbox's challenge page (the amount shown),
 *   passes it with 「認証する」, comes back through /cart/authentication to the complete page, and
 *   the order history lists the order as paid (入金済み);
 * - a guest fails it with 「認証に失敗する」 and is back on the payment step with the message,
 *   the cart still holding its product (no order was placed).
 */
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { logIn } from './member-session';
import { expect, keepScreenshot, test } from './support';

const DEMO_MEMBER = { email: 'member@example.com', password: 'ride2026demo' };
const CHALLENGE_CARD = '4000 0027 6000 3184';

interface Listed {
  key: string;
  name: string;
  is_on_sale?: boolean;
  stock_status?: string;
}

/** A product on sale and in stock with one variation (its page's cart button adds it). */
async function productToBuy(request: APIRequestContext): Promise<Listed> {
  const answer = await request.get('/v1/products?per=100');
  expect(answer.ok()).toBe(true);
  for (const product of ((await answer.json()) as { data: Listed[] }).data) {
    if (product.is_on_sale === false || product.stock_status !== 'in_stock') continue;
    const detail = await request.get(`/v1/products/${encodeURIComponent(product.key)}`);
    const items = ((await detail.json()) as { product_model: { products: unknown[] } }).product_model.products;
    if (items.length === 1) return product;
  }
  throw new Error('no single-variation product in stock in the demo catalogue');
}

async function addToCart(page: Page, product: Listed) {
  await page.goto(`/product/${encodeURIComponent(product.key)}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await page.getByRole('button', { name: 'カートに入れる' }).click();
  await expect(page.getByRole('link', { name: 'カートを見る' })).toBeVisible();
}

/** The guest's orderer form, the order going to the orderer's address. */
async function fillGuest(page: Page, email: string) {
  await expect(page.getByRole('heading', { level: 1, name: 'ご注文者情報の入力' })).toBeVisible();
  const form = page.getByRole('form', { name: 'ご注文者とお届け先の入力' });
  await form.getByLabel(/^お名前（姓）/).fill('認証');
  await form.getByLabel(/^お名前（名）/).fill('花子');
  await form.getByLabel(/^フリガナ（セイ）/).fill('ニンショウ');
  await form.getByLabel(/^フリガナ（メイ）/).fill('ハナコ');
  await form.getByLabel(/^メールアドレス/).fill(email);
  await form.getByLabel(/^電話番号/).fill('03-1234-5678');
  await form.getByLabel(/^郵便番号/).fill('1000001');
  await form.getByRole('button', { name: '住所を自動入力' }).click();
  await expect(form.getByLabel(/^市区町村/)).toHaveValue('千代田区千代田');
  await form.getByLabel(/^番地/).fill('1-1');
  await form.getByRole('button', { name: '次へ進む' }).click();
}

/** From the delivery step (its defaults kept) to the payment step. */
async function toPaymentStep(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'お届け方法の指定' })).toBeVisible();
  await page.getByRole('button', { name: 'お支払い方法の選択へ' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'お支払い方法の選択' })).toBeVisible();
}

/** The challenge card on the payment step, then the confirm page; the order's total there, in digits. */
async function confirmWithChallengeCard(page: Page): Promise<string> {
  await page.getByRole('radio', { name: /クレジットカード/ }).check();
  const fresh = page.getByRole('radio', { name: '新しいカードを使う', exact: true });
  if (await fresh.count()) await fresh.check();
  await page.getByLabel(/^カード番号/).fill(CHALLENGE_CARD);
  await page.getByLabel(/^カード名義/).fill('HANAKO NINSHO');
  await page.getByLabel(/^有効期限（月）/).selectOption('12');
  await page.getByLabel(/^有効期限（年）/).selectOption(String(new Date().getFullYear() + 3));
  await page.getByLabel(/^セキュリティコード/).fill('123');
  await page.getByRole('button', { name: 'ご注文内容の確認へ' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'ご注文内容の確認' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'お支払い方法' })).toContainText('3184');
  const totals = (await page.getByRole('region', { name: 'ご注文金額' }).textContent()) ?? '';
  const total = /お支払い合計\s*¥([\d,]+)/.exec(totals)?.[1] ?? '';
  expect(total).not.toBe('');
  return total.replace(/,/g, '');
}

/** 「注文を確定する」 takes the whole page to the sandbox's challenge, which shows the amount. */
async function decideIntoChallenge(page: Page, total: string, testInfo: TestInfo, shot: string) {
  await page.getByRole('button', { name: '注文を確定する' }).click();
  await expect(page).toHaveURL(/\/sandbox-gateway\/challenge\//);
  await expect(page.getByRole('heading', { name: '本人認証（3Dセキュア）' })).toBeVisible();
  // The amount with or without thousands separators (9850 or 9,850).
  await expect(page.locator('body')).toContainText(new RegExp(total.split('').join(',?')));
  await keepScreenshot(page, testInfo, shot);
}

test('the demo member passes 本人認証 on the challenge page and the order is paid', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const product = await productToBuy(request);
  await logIn(page, DEMO_MEMBER);
  await expect(page).toHaveURL(/\/mypage$/);
  await addToCart(page, product);
  await page.goto('/cart');
  await page.getByRole('button', { name: 'レジに進む' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /お届け先の選択$/ })).toBeVisible();
  await page.getByRole('button', { name: 'このお届け先に送る' }).first().click();
  await toPaymentStep(page);
  const total = await confirmWithChallengeCard(page);

  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
  });
  await decideIntoChallenge(page, total, testInfo, 'challenge');
  await page.getByRole('button', { name: '認証する', exact: true }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'ご注文ありがとうございました' })).toBeVisible();
  await expect(page).toHaveURL(/\/cart\/complete\?order_no=/);
  expect(visited).toContain('/cart/authentication');
  const orderNo = new URL(page.url()).searchParams.get('order_no') ?? '';
  expect(orderNo).not.toBe('');
  await expect(page.getByRole('region', { name: 'ご注文番号' })).toContainText(orderNo);
  await keepScreenshot(page, testInfo, 'challenge-complete');

  await page.getByRole('link', { name: 'ご注文履歴を見る' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '注文履歴' })).toBeVisible();
  const placed = page.getByRole('article', { name: new RegExp(orderNo) });
  await expect(placed.getByText('入金済み')).toBeVisible();

  // The cart became the order: the next visit starts empty.
  await page.goto('/cart');
  await expect(page.getByText('カートに商品がありません')).toBeVisible();
});

test('a failed 本人認証 brings the guest back to the payment step with the cart kept', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const product = await productToBuy(request);
  await addToCart(page, product);
  await page.goto('/cart');
  await page.getByRole('button', { name: 'レジに進む' }).click();
  await fillGuest(page, `guest-3ds-${testInfo.project.name}-${Date.now()}@example.com`);
  await toPaymentStep(page);
  // The payment step lists the challenge card among the sandbox's test numbers.
  await page.getByRole('radio', { name: /クレジットカード/ }).check();
  await page.getByText('テスト用のカード番号', { exact: true }).click();
  await expect(page.getByRole('list', { name: 'テスト用のカード番号' })).toContainText(
    `${CHALLENGE_CARD}：本人認証（3Dセキュア）を求められます`,
  );
  const total = await confirmWithChallengeCard(page);

  await decideIntoChallenge(page, total, testInfo, 'challenge-guest');
  await page.getByRole('button', { name: '認証に失敗する', exact: true }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'お支払い方法の選択' })).toBeVisible();
  await expect(page).toHaveURL(/\/cart\/payment$/);
  const alert = page.getByRole('alert').filter({ hasText: 'このメッセージを閉じる' });
  await expect(alert).toContainText('本人認証（3Dセキュア）に失敗');
  await keepScreenshot(page, testInfo, 'challenge-failed');

  await page.goto('/cart');
  await expect(
    page.getByRole('list', { name: 'カートの商品' }).getByRole('listitem', { name: product.name }),
  ).toBeVisible();
});
