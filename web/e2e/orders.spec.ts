/**
 * Orders and wallet journeys (issue 5, W2): the demo member opens the order history and an order,
 * writes a memo, sets the receipt addressee and downloads the receipt PDF, cancels the
 * cancellable order with a reason; adds the test card 4242… and makes it main; sees the points;
 * takes the coupon RIDE10 on /coupon. The screens' axe check runs at phone width too. A second
 * run against the same server (a retry, or a width) finds the seeded cancellable order already
 * cancelled and places one through the cart API first, and finds RIDE10 already taken.
 */
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { botCheckHeaders, keepScreenshot, seriousViolations, test, expect } from './support';

const DEMO_MEMBER = { login: 'demo-member', password: 'ride2026demo' };

async function logIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel(/^メールアドレスまたはユーザー名/).fill(DEMO_MEMBER.login);
  await page.getByLabel(/^パスワード/).fill(DEMO_MEMBER.password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page).toHaveURL(/\/mypage$/);
}

interface ApiOrder {
  id: string;
  order_no: string;
  status: string;
  can_cancel: boolean;
}

async function apiToken(request: APIRequestContext): Promise<string> {
  const answer = await request.post('/v1/auth/login', {
    headers: await botCheckHeaders(request),
    data: { username: DEMO_MEMBER.login, password: DEMO_MEMBER.password },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { access_token: string }).access_token;
}

async function memberOrders(request: APIRequestContext, token: string): Promise<ApiOrder[]> {
  const answer = await request.get('/v1/me/orders?per=50', { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { data: ApiOrder[] }).data;
}

/**
 * A cancellable order of the demo member: the seeded one (ご注文受付) the first time, else one
 * placed through the cart API (cash on delivery, the member's own address).
 */
async function cancellableOrder(request: APIRequestContext): Promise<ApiOrder> {
  const token = await apiToken(request);
  const auth = { Authorization: `Bearer ${token}` };
  const open = (await memberOrders(request, token)).find((o) => o.can_cancel);
  if (open) return open;

  const call = async (method: 'post' | 'patch' | 'get', path: string, data?: unknown) => {
    const answer = await request[method](path, { headers: auth, data });
    expect(answer.ok(), `${method.toUpperCase()} ${path}: ${await answer.text()}`).toBe(true);
    return (await answer.json()) as Record<string, unknown>;
  };
  const products = (await call('get', '/v1/products?per=20')) as { data: { key: string; stock_status?: string }[] };
  const product = products.data.find((p) => p.stock_status !== 'out_of_stock') ?? products.data[0]!;
  const cart = (await call('post', '/v1/carts/init', { token: null })) as { token: string };
  const detail = (await call('get', `/v1/products/${product.key}`)) as {
    product_model: { products: { key: string; stock_status?: string }[] };
  };
  const variation =
    detail.product_model.products.find((v) => v.stock_status !== 'out_of_stock') ?? detail.product_model.products[0]!;
  await call('patch', '/v1/carts/products/add', { token: cart.token, variation_key: variation.key, quantity: 1 });
  const addresses = (await call('get', '/v1/me/user-addresses')) as { data: { id: string; division_ct: number }[] };
  const own = addresses.data.find((a) => a.division_ct === 1) ?? addresses.data[0]!;
  let state = (await call('get', `/v1/carts/${cart.token}`)) as { detail: { shippings: { key: string }[] } };
  if (state.detail.shippings.length === 0) {
    await call('patch', '/v1/carts/shippings/add', { token: cart.token, user_address_id: own.id });
  } else {
    await call('patch', '/v1/carts/shippings/modify', {
      token: cart.token,
      key: state.detail.shippings[0]!.key,
      user_address_id: own.id,
    });
  }
  const payments = (await request.get(`/v1/payments/carts/${cart.token}`, { headers: auth }).then((r) => r.json())) as
    | { id: string; code: string; is_available?: boolean }[]
    | { data: { id: string; code: string; is_available?: boolean }[] };
  const list = Array.isArray(payments) ? payments : payments.data;
  const cod =
    list.find((p) => p.code === 'cod' && p.is_available !== false) ?? list.find((p) => p.code !== 'credit_card')!;
  await call('patch', '/v1/carts/order/modify', { token: cart.token, payment_method_id: cod.id });
  state = (await call('get', `/v1/carts/${cart.token}`)) as typeof state;
  const decided = (await call('post', `/v1/carts/${cart.token}/decision`, {})) as {
    order_id: string;
    order_no: string;
  };
  return { id: decided.order_id, order_no: decided.order_no, status: 'accepted', can_cancel: true };
}

/** One holder name per width: the two projects share the server. */
const holder = (testInfo: TestInfo) => (testInfo.project.name === 'phone' ? 'HANAKO PHONE' : 'TARO DESKTOP');

test('the demo member reads an order, writes a memo, downloads the receipt and cancels an order', async ({
  page,
  request,
}, testInfo) => {
  const target = await cancellableOrder(request);
  await logIn(page);

  await page.getByRole('navigation', { name: 'マイページメニュー' }).getByRole('link', { name: '注文履歴' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '注文履歴' })).toBeVisible();
  await expect(page.getByText(/ご購入金額合計/)).toContainText('¥');
  const orders = page.getByRole('list', { name: 'ご注文の一覧' }).getByRole('article');
  expect(await orders.count()).toBeGreaterThanOrEqual(2);
  await expect(page.getByText('お届け済み').first()).toBeVisible();
  await keepScreenshot(page, testInfo, 'order-history');

  // The delivered order: memo and receipt.
  const delivered = orders.filter({ hasText: 'お届け済み' }).first();
  const deliveredNo =
    ((await delivered.getByRole('heading').textContent()) ?? '').match(/注文番号\s*([A-Za-z0-9_-]+)/)?.[1] ?? '';
  expect(deliveredNo).not.toBe('');
  await delivered.getByRole('link', { name: /詳細を見る/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ご注文詳細' })).toBeVisible();
  await expect(page.getByText(`注文番号 ${deliveredNo}`)).toBeVisible();
  await expect(page.getByRole('list', { name: '税率ごとの内訳' })).toContainText(
    /\d+%対象 ¥[\d,]+（内消費税 ¥[\d,]+）/,
  );

  const memoText = `${testInfo.project.name}のメモ：ツーリング用に購入`;
  if (await page.getByRole('button', { name: 'メモを編集' }).isVisible()) {
    await page.getByRole('button', { name: 'メモを編集' }).click();
  }
  await page.getByRole('textbox', { name: /^メモ/ }).fill(memoText);
  await page.getByRole('button', { name: 'メモを保存' }).click();
  await expect(page.getByText('メモを保存しました。')).toBeVisible();
  await expect(page.getByText(memoText)).toBeVisible();

  await page.getByLabel(/^宛名/).fill('株式会社ライド 御中');
  await page.getByLabel(/^但し書き/).fill('バイク用品代として');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: '領収書をダウンロード' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`領収書_${deliveredNo}.pdf`);
  expect(
    readFileSync(await download.path())
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');
  await expect(page.getByText('ダウンロードが完了しました')).toBeVisible();
  await keepScreenshot(page, testInfo, 'order-detail');
  // Stored on the order: the form shows them again after a reload.
  await page.reload();
  await expect(page.getByLabel(/^宛名/)).toHaveValue('株式会社ライド 御中');
  await expect(page.getByText(/再発行/)).toBeVisible();

  // Cancel the cancellable one, with a reason, after the confirmation.
  await page.getByRole('link', { name: '‹ 注文履歴に戻る' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '注文履歴' })).toBeVisible();
  await page.goto(`/mypage/order_history/${encodeURIComponent(target.id)}`);
  await expect(page.getByText(`注文番号 ${target.order_no}`)).toBeVisible();
  await page.getByRole('button', { name: 'この注文をキャンセルする' }).click();
  const dialog = page.getByRole('dialog', { name: 'ご注文のキャンセル' });
  await dialog.getByRole('button', { name: 'キャンセルする' }).click();
  await expect(dialog.getByText('必須項目です')).toBeVisible();
  await dialog.getByLabel(/キャンセル理由/).fill('注文内容を変更したいため');
  await keepScreenshot(page, testInfo, 'order-cancel-confirm');
  await dialog.getByRole('button', { name: 'キャンセルする' }).click();
  await expect(page.getByText('ご注文をキャンセルしました。')).toBeVisible();
  await expect(page.getByText('キャンセル済み').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'この注文をキャンセルする' })).toHaveCount(0);

  await page.getByRole('link', { name: '‹ 注文履歴に戻る' }).click();
  const cancelled = page.getByRole('article', { name: new RegExp(target.order_no) });
  await expect(cancelled.getByText('キャンセル済み')).toBeVisible();
});

test('the demo member adds the test card and makes it main, sees the points and takes RIDE10', async ({
  page,
}, testInfo) => {
  const name = holder(testInfo);
  await logIn(page);

  await page.getByRole('navigation', { name: 'マイページメニュー' }).getByRole('link', { name: 'カード情報' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'カード情報' })).toBeVisible();
  await expect(page.getByText(/登録できるカードは \d+ 枚までです/)).toBeVisible();
  const tokeniser = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname.endsWith('/tokens'));
  await page.getByRole('link', { name: 'カードを登録する' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'カードの登録' })).toBeVisible();
  await page.getByLabel(/^カード番号/).fill('4242 4242 4242 4242');
  await page.getByLabel(/^カード名義/).fill(name);
  await page.getByLabel(/^有効期限/).fill('203012');
  await page.getByLabel(/^セキュリティコード/).fill('123');
  await keepScreenshot(page, testInfo, 'card-add');
  const shop = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/v1/me/user-cards');
  await page.getByRole('button', { name: '登録する' }).click();
  expect((await tokeniser).postDataJSON()).toMatchObject({ number: '4242424242424242', holder_name: name });
  // The shop got the token (Chromium does not expose the streamed body of the API client's call).
  expect((await (await shop).response())?.status()).toBe(201);
  await expect(page).toHaveURL(/\/mypage\/card$/);
  await expect(page.getByText('カードを登録しました。')).toBeVisible();

  const added = page.getByRole('article').filter({ hasText: name }).last();
  await expect(added).toContainText('************4242');
  const makeMain = added.getByRole('button', { name: /^メインに設定/ });
  if (await makeMain.isVisible()) {
    await makeMain.click();
    await expect(page.getByText('メインのカードを変更しました。')).toBeVisible();
  }
  await expect(added.getByText('メイン', { exact: true })).toBeVisible();
  await expect(page.getByText('メイン', { exact: true })).toHaveCount(1);
  await keepScreenshot(page, testInfo, 'card-list');

  await page.getByRole('navigation', { name: 'マイページメニュー' }).getByRole('link', { name: 'ポイント' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ポイント' })).toBeVisible();
  await expect(page.getByText(/^[\d,]+ポイント$/).first()).toBeVisible();
  // The history, newest first (other journeys may have added entries before the seeded grant).
  await expect(
    page
      .getByRole('table', { name: /ポイント履歴/ })
      .getByRole('row')
      .nth(1),
  ).toBeVisible();

  await page.goto('/coupon');
  await expect(page.getByRole('heading', { level: 1, name: 'クーポン' })).toBeVisible();
  const ride10 = page.getByRole('article').filter({ hasText: 'RIDE10' });
  await expect(ride10).toContainText('10%OFF');
  const take = ride10.getByRole('button', { name: /クーポンを取得する/ });
  if (await take.isVisible()) {
    await take.click();
    await expect(page.getByText(/を取得しました。/)).toBeVisible();
  }
  await expect(ride10.getByText('取得済み', { exact: true })).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('article').filter({ hasText: 'RIDE10' }).getByText('取得済み', { exact: true }),
  ).toBeVisible();
  await keepScreenshot(page, testInfo, 'coupons');
});

test('a visitor opening a guest receipt link with a wrong token is told the order was not found', async ({ page }) => {
  await page.goto('/orders/receipt?no=RP00000000&t=0000');
  await expect(page.getByRole('heading', { level: 1, name: '領収書の発行' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('ご注文が見つかりませんでした。');
});

test.describe('accessibility of the order and wallet screens', () => {
  test.use({ bypassCSP: true });

  // @phone: on a phone the points history's table reads as cards, and orders and cards stack.
  test('history, an order, cards, the card form, points and coupons have no serious violations @phone', async ({
    page,
  }) => {
    await logIn(page);
    await page.goto('/mypage/order_history');
    await expect(page.getByRole('heading', { level: 1, name: '注文履歴' })).toBeVisible();
    expect(await seriousViolations(page), 'order history').toEqual([]);
    await page
      .getByRole('link', { name: /詳細を見る/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'ご注文詳細' })).toBeVisible();
    expect(await seriousViolations(page), 'order detail').toEqual([]);

    await page.goto('/mypage/card');
    await expect(page.getByRole('heading', { level: 1, name: 'カード情報' })).toBeVisible();
    expect(await seriousViolations(page), 'cards').toEqual([]);
    await page.goto('/mypage/card/add');
    await page.getByRole('button', { name: '登録する' }).click();
    await expect(page.getByText('必須項目です').first()).toBeVisible();
    expect(await seriousViolations(page), 'card form with errors').toEqual([]);

    await page.goto('/mypage/point');
    await expect(page.getByRole('heading', { level: 1, name: 'ポイント' })).toBeVisible();
    expect(await seriousViolations(page), 'points').toEqual([]);
    await page.goto('/coupon');
    await expect(page.getByRole('heading', { level: 1, name: 'クーポン' })).toBeVisible();
    expect(await seriousViolations(page), 'coupons').toEqual([]);
  });
});
