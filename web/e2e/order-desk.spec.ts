/**
 * 受注管理 (issue 30) in real Chromium against the real server: the demo member buys with 銀行振込
 * in the storefront; an owner finds the order in 入金待ち and records the payment (the member is
 * mailed); ticks the shipment and writes ヤマト B2クラウド's file (downloaded; the shipment is now
 * 出荷準備中); imports B2クラウド's issued-label file — Shift_JIS bytes, from a committed template
 * whose ASCII placeholders are replaced byte for byte — with a tracking number for that shipment,
 * previews it and applies it; the member's order then reads 発送済み with the tracking link, and
 * the 発送完了 mail carries the number and the link. The desk's screens have no serious axe
 * violation (checked with the back office's CSP enforced). A short @phone check looks at the
 * order list at 375 px: cards, nothing wider than the screen.
 */
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSidewaysScroll, logIn } from './member-session';
import { signInStaff } from './staff-session';
import { expect, keepScreenshot, readMail, seriousViolations, test } from './support';

const DEMO_MEMBER = { email: 'member@example.com', password: 'ride2026demo' };

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
    await page.getByRole('checkbox', { name: `${shipmentCode}を選択` }).check();
    const bar = page.getByRole('region', { name: '選択した出荷の操作' });
    await expect(bar).toContainText('1件の出荷を選択中');
    await bar.getByLabel('配送業者').selectOption({ label: 'ヤマト運輸 B2クラウド' });
    const downloading = page.waitForEvent('download');
    await bar.getByRole('button', { name: '送り状データ出力' }).click();
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
    await expect(preview.getByRole('row', { name: new RegExp(shipmentCode) })).toContainText(number);
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

  // @phone: at 375 px the order list is read as cards, and nothing is wider than the screen.
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
  });
});
