/**
 * 入金消込（CSV） (issue 32, docs/contracts/bank-reconciliation.md) in real Chromium against the
 * real server: a guest buys with 銀行振込 under a フリガナ unique to the run; an owner reads the
 * order's total, builds the shop account's statement as a bank's service writes it — Shift_JIS,
 * CRLF, the payer in half-width kana — with a line paying that order's exact total by the
 * orderer's name, a line of a payer no order knows, and an over payment by the same name; uploads
 * it on 受注管理's 「入金消込（CSV）」 and sees the first line 照合済 (ticked), the second 該当なし and
 * the third offering the order as 「金額が異なります」 (unticked); confirms the ticked line through
 * the dialog, sees 「入金済にしました。」, the guest's 入金確認 mail, and the order reading 入金済 in
 * the order desk. The screen has no serious axe violation (the back office's CSP enforced), and at
 * 375 px its lines read as cards no wider than the screen (checked by resizing the same page: the
 * statement needs an order of its own, which a second width would have to place again).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSidewaysScroll } from './member-session';
import { signInStaff } from './staff-session';
import { expect, keepScreenshot, readMail, seriousViolations, test } from './support';

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

/** The orderer: 姓 and 名 in kanji, their フリガナ (full-width, as the form takes it). */
interface Orderer {
  lastName: string;
  firstName: string;
  lastKana: string;
  firstKana: string;
  email: string;
}

/**
 * A フリガナ no other order has: ケシコミ and the run's time as kana (no voiced or small kana, so
 * the bank's half-width form is one character for one).
 */
function ordererOfRun(project: string): Orderer {
  const stamp = String(Date.now());
  const digitsAsKana = [...stamp.slice(-6)].map((digit) => 'アイウエオカキクケコ'[Number(digit)]).join('');
  return {
    lastName: '消込',
    firstName: '太郎',
    lastKana: 'ケシコミ',
    firstKana: digitsAsKana,
    email: `bank-${project}-${stamp}@example.com`,
  };
}

const HALF_WIDTH: Record<string, string> = {
  ア: 'ｱ',
  イ: 'ｲ',
  ウ: 'ｳ',
  エ: 'ｴ',
  オ: 'ｵ',
  カ: 'ｶ',
  キ: 'ｷ',
  ク: 'ｸ',
  ケ: 'ｹ',
  コ: 'ｺ',
  シ: 'ｼ',
  ミ: 'ﾐ',
};

/** The name as a bank writes it: half-width kana, 姓 and 名 apart (`ｹｼｺﾐ ｶｱｲｹｺｷ`). */
function bankName(orderer: Orderer): string {
  const half = (kana: string) =>
    [...kana]
      .map((char) => {
        const narrow = HALF_WIDTH[char];
        if (!narrow) throw new Error(`no half-width form for ${char}`);
        return narrow;
      })
      .join('');
  return `${half(orderer.lastKana)} ${half(orderer.firstKana)}`;
}

/**
 * Text as Shift_JIS bytes. Node reads Shift_JIS (TextDecoder) but does not write it: every
 * double-byte code is decoded once to know each character's bytes; ASCII and half-width kana are
 * single bytes. The result is checked by reading it back.
 */
function shiftJis(text: string): Buffer {
  const decoder = new TextDecoder('shift_jis');
  const table = new Map<string, [number, number]>();
  for (let lead = 0x81; lead <= 0xfc; lead++) {
    if (lead >= 0xa0 && lead <= 0xdf) continue;
    for (let trail = 0x40; trail <= 0xfc; trail++) {
      if (trail === 0x7f) continue;
      const char = decoder.decode(new Uint8Array([lead, trail]));
      if (char.length === 1 && char !== '\ufffd' && !table.has(char)) table.set(char, [lead, trail]);
    }
  }
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x80) bytes.push(code);
    else if (code >= 0xff61 && code <= 0xff9f) bytes.push(code - 0xff61 + 0xa1);
    else {
      const pair = table.get(char);
      if (!pair) throw new Error(`${char} has no Shift_JIS code`);
      bytes.push(...pair);
    }
  }
  const encoded = Buffer.from(bytes);
  expect(decoder.decode(encoded)).toBe(text);
  return encoded;
}

/** Today in Japan: `2026/11/29`. */
function todayInJapan(): string {
  return new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(new Date())
    .replaceAll('-', '/');
}

/** Yen as the statement writes it: `5,500`. */
function amount(yen: number): string {
  return yen.toLocaleString('en-US');
}

/** A guest's checkout paid by 銀行振込, from the product page to the complete page: the order number. */
async function buyAsGuestByBankTransfer(page: Page, request: APIRequestContext, orderer: Orderer): Promise<string> {
  const product = await productToBuy(request);
  await page.goto(`/product/${encodeURIComponent(product.key)}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await page.getByRole('button', { name: 'カートに入れる' }).click();
  await page.getByRole('link', { name: 'カートを見る' }).click();
  await expect(page.getByRole('list', { name: 'カートの商品' }).getByRole('listitem').first()).toBeVisible();
  await page.getByRole('button', { name: 'レジに進む' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'ご注文者情報の入力' })).toBeVisible();
  const form = page.getByRole('form', { name: 'ご注文者とお届け先の入力' });
  await form.getByLabel(/^お名前（姓）/).fill(orderer.lastName);
  await form.getByLabel(/^お名前（名）/).fill(orderer.firstName);
  await form.getByLabel(/^フリガナ（セイ）/).fill(orderer.lastKana);
  await form.getByLabel(/^フリガナ（メイ）/).fill(orderer.firstKana);
  await form.getByLabel(/^メールアドレス/).fill(orderer.email);
  await form.getByLabel(/^電話番号/).fill('03-1234-5678');
  await form.getByLabel(/^郵便番号/).fill('1000001');
  await form.getByRole('button', { name: '住所を自動入力' }).click();
  await expect(form.getByLabel(/^都道府県/)).toHaveValue('東京都');
  await form.getByLabel(/^番地/).fill('1-1');
  await form.getByRole('button', { name: '次へ進む' }).click();

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

test.describe('bank reconciliation', () => {
  test.setTimeout(120_000);

  test('a statement line paying a bank transfer by the orderer’s kana is matched, confirmed and reads 入金済', async ({
    page,
    request,
  }, testInfo) => {
    // (1) A guest buys with 銀行振込.
    const orderer = ordererOfRun(testInfo.project.name);
    const orderNo = await buyAsGuestByBankTransfer(page, request, orderer);

    // (2) An owner signs in on 受注管理; the order waits for its total.
    await page.goto('/admin/orders');
    await expect(page.getByRole('heading', { name: '管理画面ログイン' })).toBeVisible();
    await signInStaff(page, 'bank');
    await expect(page).toHaveURL(/\/admin\/orders$/);
    const read = await page.request.get(`/v1/admin/orders/${encodeURIComponent(orderNo)}`);
    expect(read.ok(), await read.text()).toBe(true);
    const order = (await read.json()) as { total_payment: number; payment: { code: string } };
    expect(order.payment.code).toBe('unpaid');
    const total = order.total_payment;

    // (3) The statement as the bank's service writes it: its columns in its order, one more it
    // has, Shift_JIS with CRLF. The orderer pays the total; someone no order knows pays 1,234
    // yen; the orderer's name pays 1,000 yen too much on a later line (offered, never proposed).
    const payer = bankName(orderer);
    const stranger = 'ｿﾉﾀ ﾌﾒｲ';
    const day = todayInJapan();
    const statement = shiftJis(
      [
        '日付,振込依頼人名,金額,残高',
        `${day},${payer},"${amount(total)}","${amount(100_000 + total)}"`,
        `${day},${stranger},"1,234","${amount(101_234 + total)}"`,
        `${day},${payer},"${amount(total + 1000)}","${amount(102_234 + 2 * total + 1000)}"`,
        '',
      ].join('\r\n'),
    );

    // (4) 「入金消込（CSV）」 from the desk; the file previewed.
    await page.getByRole('link', { name: '入金消込（CSV）' }).click();
    await expect(page).toHaveURL(/\/admin\/orders\/bank$/);
    await expect(page.getByRole('heading', { level: 1, name: '入金消込（CSV）' })).toBeVisible();
    const upload = page.getByRole('form', { name: '入出金明細のファイル' });
    await upload
      .getByLabel('CSVファイル')
      .setInputFiles({ name: 'meisai.csv', mimeType: 'text/csv', buffer: statement });
    await upload.getByRole('button', { name: '確認する' }).click();

    const preview = page.getByRole('region', { name: '照合の結果' });
    await expect(preview).toContainText('3行：照合済 1件・候補複数 0件・該当なし 2件・対象外 0件');
    const lines = preview.getByRole('row');
    const paying = lines.filter({ hasText: `${day}¥${amount(total)}${payer}` });
    await expect(paying).toContainText('照合済');
    await expect(paying).toContainText(orderNo);
    await expect(paying).toContainText(`${orderer.lastName} ${orderer.firstName}`);
    await expect(paying.getByRole('checkbox', { name: '2行目の入金を確定する' })).toBeChecked();
    const unknown = lines.filter({ hasText: stranger });
    await expect(unknown).toContainText('該当なし');
    await expect(unknown).toContainText('該当する注文はありません。');
    await expect(unknown.getByRole('checkbox')).toHaveCount(0);
    const over = lines.filter({ hasText: `¥${amount(total + 1000)}` });
    await expect(over).toContainText('該当なし');
    const choices = over.getByRole('combobox', { name: '4行目の注文' });
    await expect(choices).toHaveValue('');
    await expect(
      choices.getByRole('option', {
        name: `${orderNo} ${orderer.lastName} ${orderer.firstName} 金額が異なります（残高 ${amount(total)}円）`,
      }),
    ).toHaveCount(1);
    await expect(over.getByRole('checkbox', { name: '4行目の入金を確定する' })).toBeDisabled();
    await keepScreenshot(page, testInfo, 'bank-reconciliation-preview');
    expect(await seriousViolations(page, { underCsp: true })).toEqual([]);

    // At 375 px the lines are cards, and the select stays within the screen.
    await page.setViewportSize({ width: 375, height: 740 });
    expect(await paying.evaluate((element) => getComputedStyle(element).display)).toBe('block');
    const box = await choices.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375, 'the select within the screen').toBe(true);
    await expectNoSidewaysScroll(page);
    await keepScreenshot(page, testInfo, 'bank-reconciliation-preview-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    // (5) The ticked line confirmed through the dialog: recorded, and the guest is mailed.
    const paidAfter = Date.now();
    await preview.getByRole('button', { name: 'チェックした入金を確定する（1件）' }).click();
    const dialog = page.getByRole('dialog', { name: '入金の確定' });
    await expect(dialog).toContainText('1件の入金を確定します。お客様へ入金確認メールが送られます。');
    await dialog.getByRole('button', { name: '確定する' }).click();
    await expect(dialog).toBeHidden();
    await expect(paying).toContainText('入金済にしました。');
    await expect(preview.getByRole('status')).toHaveText('1件の入金を記録しました。');
    await expect(preview.getByRole('button', { name: 'チェックした入金を確定する（0件）' })).toBeDisabled();
    await keepScreenshot(page, testInfo, 'bank-reconciliation-applied');
    const mail = await readMail(orderer.email, { after: paidAfter, subject: /ご入金確認/ });
    expect(mail.text).toContain(orderNo);

    // (6) The order in the order desk: 入金済.
    await paying.getByRole('link', { name: `${orderNo}を開く` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `注文 ${orderNo}` })).toBeVisible();
    await expect(page.getByRole('region', { name: 'お支払い' })).toContainText('入金済');
  });
});
