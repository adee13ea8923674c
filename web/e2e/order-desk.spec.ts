/**
 * 受注管理 (issue 30) in real Chromium against the real server: the demo member buys with 銀行振込
 * in the storefront; an owner finds the order in 入金待ち and records the payment (the member is
 * mailed); ticks the shipment and writes ヤマト B2クラウド's file (downloaded; the shipment is now
 * 出荷準備中); imports B2クラウド's issued-label file — Shift_JIS bytes, from a committed template
 * whose ASCII placeholders are replaced byte for byte — with a tracking number for that shipment,
 * previews it and applies it; the member's order then reads 発送済み with the tracking link, and
 * the 発送完了 mail carries the number and the link. The desk's screens have no serious axe
 * violation (checked with the back office's CSP enforced). A second journey places two bank-transfer
 * orders through the cart API, ticks both in 入金待ち, prints their ピッキングリスト (a PDF
 * download), previews and runs 入金確認 on both (progress, then 変更しました for each), and on the
 * order page splits the two-unit shipment (two shipment codes) and sends ご注文確認 again (on the
 * timeline and in the outbox). A short @phone check looks at the order list at 375 px: cards,
 * nothing wider than the screen, and the bar of the ticked orders fixed at the bottom.
 */
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSidewaysScroll, logIn } from './member-session';
import { signInStaff } from './staff-session';
import { botCheckHeaders, expect, keepScreenshot, readMail, seriousViolations, test } from './support';

const DEMO_MEMBER = { email: 'member@example.com', login: 'demo-member', password: 'ride2026demo' };

/** B2クラウド's 発行済みデータ (Shift_JIS, CRLF) with @@…@@ placeholders in ASCII. */
const B2_ISSUED = readFileSync(new URL('./fixtures/b2-issued.csv', import.meta.url));

/** The template with each placeholder replaced by ASCII bytes; the Shift_JIS text stays as it is. */
function issuedFile(values: Record<string, string>): Buffer {
  let bytes = B2_ISSUED;
  for (const [name, value] of Object.entries(values)) {
    const needle = Buffer.from(`@@${name}@@`, 'ascii');
    const at = bytes.indexOf(needle);
    if (at < 0) throw new Error(`no @@${name}@@ in the B2 template`);
    bytes = Buffer.concat([bytes.subarray(0, at), Buffer.from(value, 'ascii'), bytes.subarray(at + needle.length)]);
  }
  return bytes;
}

/** A 12-digit number whose last digit is the first eleven mod 7, as ヤマト's numbers are. */
function trackingNumber(): string {
  const body = `4${String(Date.now()).slice(-10)}`;
  return `${body}${Number(BigInt(body) % 7n)}`;
}

/** Today in Japan: `2026/11/29`. */
function todayInJapan(): string {
  return new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(new Date())
    .replaceAll('-', '/');
}

/** A product on sale, in stock, with one variation (its page's cart button adds it as it is). */
async function productToBuy(request: APIRequestContext): Promise<{ key: string; name: string }> {
  const answer = await request.get('/v1/products?per=50');
  expect(answer.ok()).toBe(true);
  type Listed = { key: string; name: string; is_on_sale?: boolean; stock_status?: string };
  for (const product of ((await answer.json()) as { data: Listed[] }).data) {
    if (product.is_on_sale === false || product.stock_status !== 'in_stock') continue;
    const detail = await request.get(`/v1/products/${encodeURIComponent(product.key)}`);
    const items = ((await detail.json()) as { product_model: { products: unknown[] } }).product_model.products;
    if (items.length === 1) return product;
  }
  throw new Error('no single-variation product in stock in the demo catalogue');
}

/** The demo member's bearer token for the storefront API. */
async function memberToken(request: APIRequestContext): Promise<string> {
  const answer = await request.post('/v1/auth/login', {
    headers: await botCheckHeaders(request),
    data: { username: DEMO_MEMBER.login, password: DEMO_MEMBER.password },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { access_token: string }).access_token;
}

/**
 * An order of the demo member placed through the cart API: `quantity` units of one in-stock
 * product, to the member's own address, paid by 銀行振込 (so it waits in 入金待ち).
 */
async function placeBankTransferOrder(request: APIRequestContext, token: string, quantity: number): Promise<string> {
  const auth = { Authorization: `Bearer ${token}` };
  const call = async (method: 'post' | 'patch' | 'get', path: string, data?: unknown) => {
    const answer = await request[method](path, { headers: auth, data });
    expect(answer.ok(), `${method.toUpperCase()} ${path}: ${await answer.text()}`).toBe(true);
    return (await answer.json()) as Record<string, unknown>;
  };
  const product = await productToBuy(request);
  const detail = (await call('get', `/v1/products/${encodeURIComponent(product.key)}`)) as {
    product_model: { products: { key: string }[] };
  };
  const cart = (await call('post', '/v1/carts/init', { token: null })) as { token: string };
  await call('patch', '/v1/carts/products/add', {
    token: cart.token,
    variation_key: detail.product_model.products[0]!.key,
    quantity,
  });
  const addresses = (await call('get', '/v1/me/user-addresses')) as { data: { id: string; division_ct: number }[] };
  const own = addresses.data.find((address) => address.division_ct === 1) ?? addresses.data[0]!;
  const state = (await call('get', `/v1/carts/${cart.token}`)) as { detail: { shippings: { key: string }[] } };
  const shipping = state.detail.shippings[0];
  if (shipping) {
    await call('patch', '/v1/carts/shippings/modify', {
      token: cart.token,
      key: shipping.key,
      user_address_id: own.id,
    });
  } else {
    await call('patch', '/v1/carts/shippings/add', { token: cart.token, user_address_id: own.id });
  }
  const payments = (await (await request.get(`/v1/payments/carts/${cart.token}`, { headers: auth })).json()) as
    | { id: string; code: string }[]
    | { data: { id: string; code: string }[] };
  const bank = (Array.isArray(payments) ? payments : payments.data).find((payment) => payment.code === 'bank_transfer');
  expect(bank, 'the demo shop offers 銀行振込').toBeDefined();
  await call('patch', '/v1/carts/order/modify', { token: cart.token, payment_method_id: bank!.id });
  const decided = (await call('post', `/v1/carts/${cart.token}/decision`, {})) as { order_no: string };
  return decided.order_no;
}

/** The storefront's checkout with 銀行振込, from the product page to the complete page. */
async function buyByBankTransfer(page: Page, request: APIRequestContext): Promise<string> {
  const product = await productToBuy(request);
  await logIn(page, DEMO_MEMBER);
  await expect(page).toHaveURL(/\/mypage$/);
  await page.goto(`/product/${encodeURIComponent(product.key)}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await page.getByRole('button', { name: 'カートに入れる' }).click();
  await page.getByRole('link', { name: 'カートを見る' }).click();
  await expect(page.getByRole('list', { name: 'カートの商品' }).getByRole('listitem').first()).toBeVisible();
  await page.getByRole('button', { name: 'レジに進む' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /お届け先の選択$/ })).toBeVisible();
  await page.getByRole('button', { name: 'このお届け先に送る' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'お届け方法の指定' })).toBeVisible();
  await page.getByRole('button', { name: 'お支払い方法の選択へ' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'お支払い方法の選択' })).toBeVisible();
  await page.getByRole('radio', { name: /銀行振込/ }).check();
  await page.getByRole('button', { name: 'ご注文内容の確認へ' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ご注文内容の確認' })).toBeVisible();
  await page.getByRole('button', { name: '注文を確定する' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ご注文ありがとうございました' })).toBeVisible();
  const orderNo = new URL(page.url()).searchParams.get('order_no') ?? '';
  expect(orderNo).not.toBe('');
  return orderNo;
}

test.describe('order desk', () => {
  test.setTimeout(120_000);

  test('a bank-transfer order is paid, exported for B2クラウド, gets its tracking number back and reads 発送済み', async ({
    page,
    request,
  }, testInfo) => {
    // (1) The member buys with 銀行振込.
    const orderNo = await buyByBankTransfer(page, request);
    const shipmentCode = `${orderNo}-1`;

    // (2) An owner finds it in 入金待ち and records the payment; the member is mailed.
    await page.goto('/admin/orders');
    await expect(page.getByRole('heading', { name: '管理画面ログイン' })).toBeVisible();
    await signInStaff(page, 'orders');
    await expect(page).toHaveURL(/\/admin\/orders$/);
    const queues = page.getByRole('navigation', { name: '作業キュー' });
    await queues.getByRole('link', { name: /^入金待ち/ }).click();
    await expect(page).toHaveURL(/\?queue=awaiting_payment$/);
    await expect(queues.getByRole('link', { name: /^入金待ち/ })).toHaveAttribute('aria-current', 'page');
    await keepScreenshot(page, testInfo, 'order-desk-awaiting-payment');
    expect(await seriousViolations(page, { underCsp: true })).toEqual([]);
    await page.getByRole('link', { name: orderNo, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: `注文 ${orderNo}` })).toBeVisible();

    const paidAfter = Date.now();
    await page.getByRole('button', { name: '入金確認' }).click();
    const payment = page.getByRole('form', { name: '入金確認' });
    await expect(payment.getByLabel('入金額（円）')).not.toHaveValue('');
    await payment.getByRole('button', { name: '入金を記録する' }).click();
    await expect(page.getByText(/^入金（.+）を記録しました。$/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'お支払い' })).toContainText('入金済');
    await keepScreenshot(page, testInfo, 'order-desk-order');
    expect(await seriousViolations(page, { underCsp: true })).toEqual([]);
    const paidMail = await readMail(DEMO_MEMBER.email, { after: paidAfter, subject: /ご入金確認/ });
    expect(paidMail.text).toContain(orderNo);

    // (3) The shipment goes into ヤマト B2クラウド's file: a download, and it is 出荷準備中.
    await page.getByRole('link', { name: '受注一覧へ戻る' }).click();
    const search = page.getByRole('form', { name: '注文の検索' });
    await search.getByLabel('キーワード').fill(orderNo);
    await search.getByRole('button', { name: '検索' }).click();
    const shipments = page.getByRole('list', { name: `${orderNo}の出荷` });
    await expect(shipments).toContainText('未出荷');
    await page.getByRole('checkbox', { name: `${orderNo}を選択` }).check();
    const bar = page.getByRole('region', { name: '選択した注文の操作' });
    await expect(bar).toContainText('1件の注文を選択中');
    await bar.getByRole('button', { name: '配送業者CSV' }).click();
    const carrierFile = page.getByRole('dialog', { name: '配送業者CSV' });
    await carrierFile.getByLabel('配送業者').selectOption({ label: 'ヤマト運輸 B2クラウド' });
    const downloading = page.waitForEvent('download');
    await carrierFile.getByRole('button', { name: '送り状データ出力' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^yamato_b2_\d{8}\.csv$/);
    const written = readFileSync(await download.path());
    expect(written.includes(Buffer.from(shipmentCode, 'ascii'))).toBe(true);
    expect(new TextDecoder('shift_jis').decode(written)).toContain('お客様管理番号');
    await expect(page.getByRole('region', { name: '送り状データの出力結果' })).toContainText('（1件）');
    await expect(shipments).toContainText('出荷準備中');
    await keepScreenshot(page, testInfo, 'order-desk-exported');
    expect(await seriousViolations(page, { underCsp: true })).toEqual([]);

    // (4) B2クラウド's issued-label file brings the tracking number back: previewed, then applied.
    const number = trackingNumber();
    const issued = issuedFile({
      ISSUED_ON: todayInJapan(),
      SHIPMENT_CODE: shipmentCode,
      TRACKING_NUMBER: `${number.slice(0, 4)}-${number.slice(4, 8)}-${number.slice(8)}`,
      SHIP_DATE: todayInJapan(),
    });
    await page.getByRole('link', { name: '送り状番号の取り込み' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '送り状番号の取り込み' })).toBeVisible();
    const upload = page.getByRole('form', { name: '取り込むファイル' });
    await upload.getByRole('radio', { name: /ヤマト運輸 B2クラウド/ }).check();
    await upload
      .getByLabel('CSVファイル')
      .setInputFiles({ name: 'B2_hakkozumi.csv', mimeType: 'text/csv', buffer: issued });
    await upload.getByRole('button', { name: '内容を確認する' }).click();
    const preview = page.getByRole('region', { name: '取り込む内容の確認' });
    await expect(preview.getByRole('status')).toContainText('取り込み可 1件');
    const previewed = preview.getByRole('row', { name: new RegExp(shipmentCode) });
    await expect(previewed).toContainText(number);
    // 出荷日: the file's date (YYYY/MM/DD).
    await expect(previewed).toContainText(todayInJapan());
    await keepScreenshot(page, testInfo, 'order-desk-tracking-preview');
    expect(await seriousViolations(page, { underCsp: true })).toEqual([]);
    const shippedAfter = Date.now();
    await preview.getByRole('button', { name: '取り込む' }).click();
    await expect(page.getByText('1件の送り状番号を取り込み、出荷済みにしました。')).toBeVisible();

    // (5) The member's order: 発送済み with the tracking link; the 発送完了 mail has both.
    await page.goto('/mypage/order_history');
    const card = page.getByRole('article', { name: new RegExp(orderNo) });
    await card.getByRole('link', { name: /詳細を見る/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'ご注文詳細' })).toBeVisible();
    await expect(page.getByText(`注文番号 ${orderNo}`, { exact: true })).toBeVisible();
    await expect(page.getByText('発送済み').first()).toBeVisible();
    const link = page
      .getByRole('list', { name: 'お荷物のお問い合わせ番号' })
      .getByRole('link', { name: new RegExp(number) });
    await expect(link).toHaveAttribute('href', new RegExp(`kuronekoyamato\\.co\\.jp/.*${number}`));
    await keepScreenshot(page, testInfo, 'order-desk-member-shipped');
    const shippedMail = await readMail(DEMO_MEMBER.email, { after: shippedAfter, subject: /商品発送のお知らせ/ });
    expect(shippedMail.text).toContain(number);
    expect(shippedMail.text).toMatch(new RegExp(`https://toi\\.kuronekoyamato\\.co\\.jp/\\S*${number}`));
  });

  test('two 入金待ち orders: their ピッキングリスト, 入金確認 on both at once, then a split shipment and a mail sent again', async ({
    page,
    request,
  }, testInfo) => {
    // (1) Two bank-transfer orders: the first with two units, to split later.
    const token = await memberToken(request);
    const first = await placeBankTransferOrder(request, token, 2);
    const second = await placeBankTransferOrder(request, token, 1);

    // (2) Both ticked in 入金待ち; their picking list downloads as a PDF (printing changes nothing).
    await page.goto('/admin/orders?queue=awaiting_payment');
    await expect(page.getByRole('heading', { name: '管理画面ログイン' })).toBeVisible();
    await signInStaff(page, 'orders');
    await expect(page).toHaveURL(/\/admin\/orders\?queue=awaiting_payment$/);
    await page.getByRole('checkbox', { name: `${first}を選択` }).check();
    await page.getByRole('checkbox', { name: `${second}を選択` }).check();
    const bar = page.getByRole('region', { name: '選択した注文の操作' });
    await expect(bar.getByRole('status')).toHaveText('2件の注文を選択中');

    await bar.getByRole('button', { name: '帳票を印刷' }).click();
    const print = page.getByRole('dialog', { name: '帳票を印刷' });
    await print.getByRole('radio', { name: 'ピッキングリスト' }).check();
    const downloading = page.waitForEvent('download');
    await print.getByRole('button', { name: 'PDFを出力' }).click();
    const pdf = await downloading;
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
    expect(
      readFileSync(await pdf.path())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
    await expect(page.getByText(/^ピッキングリスト（2件）をPDFで出力しました。/)).toBeVisible();
    await expect(bar.getByRole('status')).toHaveText('2件の注文を選択中');

    // (3) 入金確認 for both: 入金日, the preview, the run with its progress, each order's result.
    await bar.getByRole('button', { name: '入金確認' }).click();
    const bulk = page.getByRole('dialog', { name: '入金確認' });
    await expect(bulk.getByLabel('入金日', { exact: true })).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
    await bulk.getByRole('button', { name: '対象を確認する' }).click();
    await expect(bulk.getByText('2件を変更します。', { exact: true })).toBeVisible();
    await keepScreenshot(page, testInfo, 'order-desk-bulk-preview');
    expect(await seriousViolations(page, { underCsp: true })).toEqual([]);
    await bulk.getByRole('button', { name: '2件に実行する' }).click();
    await expect(bulk.getByRole('progressbar', { name: '処理の進み具合' })).toBeVisible();
    await expect(bulk.getByRole('status')).toHaveText('2/2件 処理済み');
    await expect(bulk.getByRole('row', { name: new RegExp(first) })).toContainText('変更しました');
    await expect(bulk.getByRole('row', { name: new RegExp(second) })).toContainText('変更しました');
    await keepScreenshot(page, testInfo, 'order-desk-bulk-done');
    await bulk.getByRole('button', { name: '閉じる' }).click();
    await expect(bulk).toBeHidden();
    // Paid: they have left 入金待ち, and nothing is ticked any more.
    await expect(page.getByRole('link', { name: first, exact: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: second, exact: true })).toHaveCount(0);
    await expect(bar.getByRole('status')).toHaveText('注文を選ぶと、まとめて操作できます');

    // (4) The first order's shipment split: one of its two units goes to a new shipment.
    await page.goto(`/admin/orders/${encodeURIComponent(first)}`);
    await expect(page.getByRole('heading', { level: 1, name: `注文 ${first}` })).toBeVisible();
    await expect(page.getByRole('region', { name: 'お支払い' })).toContainText('入金済');
    const shipmentHeadings = page.getByRole('heading', { level: 2, name: new RegExp(`^出荷.*${first}-\\d+`) });
    await expect(shipmentHeadings).toHaveCount(1);
    await page.getByRole('button', { name: `${first}-1の出荷を分割` }).click();
    const split = page.getByRole('dialog', { name: `${first}-1の出荷を分割` });
    await split.getByRole('spinbutton').first().fill('1');
    await split.getByRole('button', { name: '分割する' }).click();
    await expect(page.getByText(`${first}-1を分割しました。移した商品は新しい出荷になりました。`)).toBeVisible();
    await expect(shipmentHeadings).toHaveCount(2);
    await keepScreenshot(page, testInfo, 'order-desk-split');
    expect(await seriousViolations(page, { underCsp: true })).toEqual([]);

    // (5) ご注文確認 sent again: on the timeline, and in the member's mail.
    const timeline = page.getByRole('list', { name: 'この注文の履歴（古い順）' });
    const mailsBefore = await timeline.getByRole('listitem').filter({ hasText: 'メール送信' }).count();
    const mails = page.getByRole('form', { name: 'メールの再送' });
    await mails.getByLabel('メールの種類').selectOption({ label: 'ご注文確認' });
    const sentAfter = Date.now();
    await mails.getByRole('button', { name: 'メールを再送する' }).click();
    await expect(page.getByText('「ご注文確認」のメールをお客様に再送しました。')).toBeVisible();
    await expect(timeline.getByRole('listitem').filter({ hasText: 'メール送信' })).toHaveCount(mailsBefore + 1);
    const again = await readMail(DEMO_MEMBER.email, { after: sentAfter, subject: /ご注文/ });
    expect(again.text).toContain(first);
  });

  // @phone: at 375 px the order list is read as cards, nothing is wider than the screen, and the
  // bar of the ticked orders is fixed to the bottom of the screen (a stylesheet's doing).
  test('the order list reads as cards on a phone @phone', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'the phone layout only: the desktop journey covers the list');
    await page.goto('/admin/orders');
    await signInStaff(page, 'orders');
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: /^RP\d+$/ }) })
      .first();
    await expect(row).toBeVisible();
    expect(await row.evaluate((element) => getComputedStyle(element).display)).toBe('block');
    await expect(
      page.getByRole('navigation', { name: '作業キュー' }).getByRole('link', { name: /^出荷待ち/ }),
    ).toBeInViewport();
    await expectNoSidewaysScroll(page);
    await keepScreenshot(page, testInfo, 'order-desk-list');
    expect(await seriousViolations(page, { underCsp: true })).toEqual([]);

    // A ticked order brings the bar of actions to the bottom of the screen, over the list.
    await row.getByRole('checkbox').check();
    const bar = page.getByRole('region', { name: '選択した注文の操作' });
    await expect(bar.getByRole('status')).toHaveText('1件の注文を選択中');
    expect(await bar.evaluate((element) => getComputedStyle(element).position)).toBe('fixed');
    const box = await bar.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport && Math.abs(box.y + box.height - viewport.height)).toBeLessThan(2);
    await page.mouse.wheel(0, 600);
    await expect(bar.getByRole('button', { name: '入金確認' })).toBeInViewport();
    await expectNoSidewaysScroll(page);
    await keepScreenshot(page, testInfo, 'order-desk-list-ticked');
    expect(await seriousViolations(page, { underCsp: true })).toEqual([]);
  });
});
