/**
 * The corporate (B2B) shop (issue 16): the demo corporate member logs in with the mailed code,
 * sees and edits the company details on 会員情報, and orders with お客様直送 (the end customer's
 * name, address and phone) paid by 請求書払い — the company is approved by the shop in the seed.
 * A newly registered company is approved for 請求書払い by the shop's owner in the back office
 * (法人会員), and the approval withdrawn again.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { adminMenu, signInStaff } from './staff-session';
import {
  botCheckHeaders,
  expect,
  keepScreenshot,
  mailCode,
  onHost,
  readMail,
  seriousViolations,
  test,
} from './support';

// axe is injected into the pages for the accessibility checks.
test.use({ bypassCSP: true });

const BUYER = { email: 'buyer@example.co.jp', password: 'tsunagu2026' };
const HOST = 'corporate.localhost';

async function logIn(page: Page) {
  await page.goto(onHost(HOST, '/login'));
  const sentAfter = Date.now();
  await page.getByLabel(/^メールアドレスまたはユーザー名/).fill(BUYER.email);
  await page.getByLabel(/^パスワード/).fill(BUYER.password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  const code = mailCode(await readMail(BUYER.email, { after: sentAfter }));
  await page.getByRole('textbox', { name: /^確認コード/ }).fill(code);
  await page.getByRole('button', { name: '認証する' }).click();
  await expect(page).toHaveURL(/\/mypage$/);
}

/** A corporate product with a single item in stock (Node does not resolve *.localhost: name the channel). */
async function corporateProduct(request: APIRequestContext): Promise<{ key: string; name: string }> {
  const answer = await request.get('/v1/products?per=50', { headers: { 'X-Channel': 'corporate' } });
  const list = (await answer.json()) as { data?: { key: string; name: string }[] } | { key: string; name: string }[];
  const products = Array.isArray(list) ? list : (list.data ?? []);
  for (const product of products) {
    const detail = (await (
      await request.get(`/v1/products/${product.key}`, { headers: { 'X-Channel': 'corporate' } })
    ).json()) as { product_model: { products: unknown[] } };
    if (detail.product_model.products.length === 1) return product;
  }
  throw new Error('no single-item product in the corporate catalogue');
}

test('the corporate member edits the company details and orders to an end customer by invoice', async ({
  page,
  request,
}, testInfo) => {
  await logIn(page);

  // The company details as seeded, then edited.
  await page.goto(onHost(HOST, '/mypage/user_info/edit'));
  const form = page.getByRole('form', { name: '会員情報の変更' });
  await expect(form.getByLabel(/^設立年月/)).toHaveValue('2008-04');
  await expect(form.getByLabel(/^資本金/)).toHaveValue('10000000');
  await expect(form.getByLabel(/^配送方法/)).toHaveValue('2');
  await expect(form.getByLabel(/^支払方法/)).toHaveValue('1');
  await form.getByLabel(/^従業員数/).fill('4O');
  await form.getByRole('button', { name: '変更を保存する' }).click();
  await expect(form.getByText('0〜9999999の整数を半角数字で入力してください')).toBeVisible();
  await form.getByLabel(/^従業員数/).fill('40');
  await form.getByLabel(/^営業時間/).fill('8:30〜17:30');
  await keepScreenshot(page, testInfo, 'corporate-profile-edit');
  expect(await seriousViolations(page)).toEqual([]);
  await form.getByRole('button', { name: '変更を保存する' }).click();
  await expect(page.getByText('会員情報を変更しました。')).toBeVisible();
  const details = page.locator('dl');
  await expect(details).toContainText('40人');
  await expect(details).toContainText('8:30〜17:30');
  await expect(details).toContainText('店舗直送');
  await expect(details).toContainText('ご利用いただけます');

  // An order to the end customer, paid by invoice.
  const product = await corporateProduct(request);
  await page.goto(onHost(HOST, `/product/${product.key}`));
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await page.getByRole('button', { name: 'カートに入れる' }).click();
  await expect(page.getByRole('link', { name: 'カートを見る' })).toBeVisible();
  await page.goto(onHost(HOST, '/cart'));
  await page.getByRole('button', { name: 'レジに進む' }).click();

  const delivery = page.getByRole('group', { name: '配送方法' });
  // The saved choice is preselected.
  await expect(delivery.getByRole('radio', { name: '店舗直送' })).toBeChecked();
  await delivery.getByRole('radio', { name: '問屋引取り' }).check();
  await expect(page.getByText(/^引取り（お届け先の入力は不要です/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await delivery.getByRole('radio', { name: 'お客様直送' }).check();
  await expect(delivery.getByRole('radio', { name: 'お客様直送' })).toBeChecked();
  await page.getByRole('link', { name: '直送先を入力する' }).click();

  const person = page.getByRole('group', { name: 'お客様直送のお届け先（エンドユーザー様）' });
  await person.getByLabel(/^お名前（姓）/).fill('高橋');
  await person.getByLabel(/^お名前（名）/).fill('健');
  await person.getByLabel(/^電話番号/).fill('0529998888');
  await person.getByLabel(/^郵便番号/).fill('4600008');
  await person.getByLabel(/^都道府県/).selectOption('愛知県');
  await person.getByLabel(/^市区町村/).fill('名古屋市中区');
  await person.getByLabel(/^番地/).fill('栄3-1-1');
  await keepScreenshot(page, testInfo, 'corporate-end-customer');
  await page.getByRole('button', { name: '次へ進む' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'お届け方法の指定' })).toBeVisible();
  await page.getByRole('button', { name: 'お支払い方法の選択へ' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'お支払い方法の選択' })).toBeVisible();
  await page.getByRole('radio', { name: /請求書払い/ }).check();
  await page.getByRole('button', { name: 'ご注文内容の確認へ' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'ご注文内容の確認' })).toBeVisible();
  await expect(page.getByRole('region', { name: '配送方法' })).toContainText('お客様直送');
  const shipping = page.getByRole('region', { name: /お客様直送/ });
  await expect(shipping).toContainText('高橋');
  await expect(shipping).toContainText('栄3-1-1');
  // The profile's 発注番号 is offered; this order gets its own.
  const purchaseOrderNo = page.getByLabel(/^発注番号/);
  await expect(purchaseOrderNo).toHaveValue('TS-PO-0001');
  await purchaseOrderNo.fill('PO-E2E-1125');
  await keepScreenshot(page, testInfo, 'corporate-confirm');
  const orderedAfter = Date.now();
  await page.getByRole('button', { name: '注文を確定する' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'ご注文ありがとうございました' })).toBeVisible();
  const orderNo = new URL(page.url()).searchParams.get('order_no') ?? '';
  const mail = await readMail(BUYER.email, { after: orderedAfter, subject: /ご注文ありがとうございます/ });
  expect(mail.text).toContain(orderNo);
  expect(mail.text).toContain('請求書払い');
  expect(mail.text).toContain('配送方法: お客様直送');
  expect(mail.text).toContain('高橋 健 様');
  expect(mail.text).toContain('発注番号: PO-E2E-1125');
});

/** A company registered through the API (the corporate shop logs it in at once): its token. */
async function registerCompany(request: APIRequestContext, email: string): Promise<string> {
  const headers = { 'X-Channel': 'corporate' };
  const created = await request.post('/v1/users', {
    headers: await botCheckHeaders(request, headers),
    data: {
      email,
      password: 'start2026pass',
      password_confirmation: 'start2026pass',
      last_name: '試験',
      first_name: '一郎',
      corporation: '株式会社テスト二輪',
      department: '購買部',
      postal_code: '5300001',
      prefecture: '大阪府',
      city: '大阪市北区',
      address1: '梅田1-1-1',
      phone_number: '0612345678',
      payment: 1,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { login: { access_token: string } }).login.access_token;
}

async function invoiceApproved(request: APIRequestContext, token: string): Promise<boolean> {
  const me = await request.get('/v1/me/user', {
    headers: { 'X-Channel': 'corporate', Authorization: `Bearer ${token}` },
  });
  expect(me.ok()).toBe(true);
  return ((await me.json()) as { is_invoice_approved: boolean }).is_invoice_approved;
}

test('the owner approves a new company for 請求書払い in the back office and withdraws it again', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const email = `e2e-company-${testInfo.project.name}-${Date.now()}@example.co.jp`;
  const token = await registerCompany(request, email);
  expect(await invoiceApproved(request, token)).toBe(false);

  await page.goto(onHost(HOST, '/admin/companies'));
  await expect(page.getByRole('heading', { name: '管理画面ログイン' })).toBeVisible();
  await signInStaff(page, 'corporate');
  await expect(page.getByRole('heading', { level: 1, name: '法人会員' })).toBeVisible();
  await expect((await adminMenu(page)).getByRole('link', { name: '法人会員' })).toHaveAttribute('aria-current', 'page');

  // The list opens on the companies waiting for an approval; the new one is found by its e-mail.
  await page.getByLabel('キーワード').fill(email);
  await page.getByRole('button', { name: '検索' }).click();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('株式会社テスト二輪');
  await expect(row).toContainText('銀行振込（前払い）');
  await expect(row).toContainText('未承認');
  expect(await seriousViolations(page)).toEqual([]);
  await keepScreenshot(page, testInfo, 'admin-companies');

  await row.getByRole('button', { name: '株式会社テスト二輪の請求書払いを承認する' }).click();
  await expect(page.getByText('株式会社テスト二輪の請求書払いを承認しました。')).toBeVisible();
  expect(await invoiceApproved(request, token)).toBe(true);
  // No longer waiting: it is under 承認済み.
  await expect(page.getByText('該当する法人会員はいません。')).toBeVisible();
  await page.getByLabel('請求書払い').selectOption({ label: '承認済み' });
  await page.getByRole('button', { name: '検索' }).click();
  const approved = page.getByRole('row').filter({ hasText: email });
  await expect(approved).toContainText('承認済み');

  // Withdrawing asks first and says what else it changes.
  await approved.getByRole('button', { name: '株式会社テスト二輪の請求書払いの承認を取り消す' }).click();
  await expect(approved).toContainText('希望の支払方法が請求書払いの場合は、その設定も解除されます');
  await approved.getByRole('button', { name: '取り消す', exact: true }).click();
  await expect(page.getByText('株式会社テスト二輪の請求書払いの承認を取り消しました。')).toBeVisible();
  expect(await invoiceApproved(request, token)).toBe(false);

  // Both changes are in the audit log.
  await page.getByRole('link', { name: '操作履歴' }).click();
  // (On a phone each cell also reads its column's name: rows are matched by their text.)
  const rows = page.getByRole('row').filter({ hasText: '株式会社テスト二輪' });
  await expect(rows.filter({ hasText: '請求書払い承認取消' }).first()).toBeVisible();
  await expect(rows.filter({ hasText: '請求書払い承認', hasNotText: '取消' }).first()).toBeVisible();
});
