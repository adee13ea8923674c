/**
 * Social gift journeys (issue 15) against the real server with demo data:
 * - the demo member, on a desktop, puts a product in the cart on the `demo` shop, chooses
 *   「ソーシャルギフトで贈る」 with a name and a message, pays by card (4242…) without giving an
 *   address, and gets the gift's URL on the complete page (with LINE, mail and copy; still there
 *   after a reload; also in the confirmation mail); the order page says 受取人入力待ち, and its
 *   「ギフトURLを再発行」 gives a new URL — the first one then shows the not-found page;
 * - the recipient opens the new URL in a second browser on a phone (Pixel 7), sees the products
 *   without prices, gives the address with the postal autofill (150-0001 → 東京都 渋谷区神宮前),
 *   chooses the second offered date and a slot, confirms and sees the completion with the address;
 *   opening the link again shows the completion;
 * - the buyer's order page then shows the gift accepted with only the prefecture (東京都) and the
 *   date — never the street address;
 * - a guest buys a gift by card, opens the receipt link of the confirmation mail, sees the gift
 *   waiting (受取人入力待ち, the recipient's name) and re-issues its URL there — the first URL then
 *   shows the not-found page;
 * - a wrong link shows the not-found page.
 * The buying journey opens its own desktop and phone contexts, so it runs once (desktop project).
 */
import { devices, type APIRequestContext, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { keepScreenshot, mailLink, POPUP_SEEN_KEY, readMail, seriousViolations, test, expect } from './support';

const DEMO_MEMBER = { login: 'member@example.com', password: 'ride2026demo' };
const RECIPIENT_EMAIL = `gift-recipient-${Date.now()}@example.com`;
const GIFT_MESSAGE = 'お誕生日おめでとう！\nツーリングで使ってね。';
const STREET = '1-2-3';
const BUILDING = 'ギフトハイツ101';

interface ListedProduct {
  key: string;
  code: string;
  name: string;
  product_price: number;
  tax_rate: number;
  stock_status: string;
  is_on_sale: boolean;
  image?: { url: string } | null;
}

/** A product that may be gifted (not a GY-12* battery), on sale, in stock, with one item and a picture. */
async function findGiftable(request: APIRequestContext): Promise<ListedProduct> {
  for (let page = 1; page <= 20; page += 1) {
    const answer = await request.get(`/v1/products?per=100&page=${page}`);
    expect(answer.ok()).toBe(true);
    const list = ((await answer.json()) as { data: ListedProduct[] }).data;
    for (const p of list) {
      if (!p.is_on_sale || p.stock_status !== 'in_stock' || p.code.startsWith('GY-12') || !p.image) continue;
      if (p.product_price < 1000 || p.product_price > 8000) continue;
      const detail = (await (await request.get(`/v1/products/${p.key}`)).json()) as {
        product_model: { products: { code?: string }[] };
      };
      const items = detail.product_model.products;
      if (items.length === 1 && !(items[0]?.code ?? '').startsWith('GY-12')) return p;
    }
    if (list.length < 100) break;
  }
  throw new Error('no giftable product in the demo catalogue');
}

/** Nothing wider than the screen (a phone never scrolls sideways). */
async function expectNoSideScroll(page: Page) {
  const [scroll, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scroll).toBeLessThanOrEqual(width);
}

/** The shop's popups as already seen (as support.ts does for the `page` fixture). */
async function seenPopups(request: APIRequestContext): Promise<string> {
  const answer = await request.get('/v1/popups');
  const ids = answer.ok() ? ((await answer.json()) as { data: { id: string }[] }).data.map((p) => p.id) : [];
  return JSON.stringify(ids);
}

async function newShopPage(
  browser: Browser,
  request: APIRequestContext,
  options: BrowserContextOptions,
): Promise<Page> {
  const port = process.env.E2E_BASE_PORT ?? '18080';
  const context = await browser.newContext({
    ...options,
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
  });
  const popups = await seenPopups(request);
  await context.addInitScript(
    ([key, value]) => {
      if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, value);
    },
    [POPUP_SEEN_KEY, popups] as const,
  );
  return context.newPage();
}

async function logIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel(/^メールアドレスまたはユーザー名/).fill(DEMO_MEMBER.login);
  await page.getByLabel(/^パスワード/).fill(DEMO_MEMBER.password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page).toHaveURL(/\/mypage$/);
}

/** Whatever an earlier journey left in the member's cart goes first. */
async function emptyCart(page: Page) {
  await page.goto('/cart');
  const lines = page.getByRole('list', { name: 'カートの商品' });
  await expect(lines.or(page.getByText('カートに商品がありません'))).toBeVisible();
  while ((await lines.getByRole('listitem').count()) > 0) {
    const count = await lines.getByRole('listitem').count();
    await lines
      .getByRole('button', { name: /を削除$/ })
      .first()
      .click();
    await expect(lines.getByRole('listitem')).toHaveCount(count - 1);
  }
}

async function addToCart(page: Page, product: ListedProduct) {
  await page.goto(`/product/${product.key}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await page.getByRole('button', { name: 'カートに入れる' }).click();
  await expect(page.getByRole('link', { name: 'カートを見る' })).toBeVisible();
}

async function fillCard(page: Page) {
  await page.getByRole('radio', { name: /クレジットカード/ }).check();
  const fresh = page.getByRole('radio', { name: '新しいカードを使う' });
  if (await fresh.count()) await fresh.check();
  await page.getByLabel(/^カード番号/).fill('4242 4242 4242 4242');
  await page.getByLabel(/^カード名義/).fill('TARO KOUNYU');
  await page.getByLabel(/^有効期限（月）/).selectOption('12');
  await page.getByLabel(/^有効期限（年）/).selectOption(String(new Date().getFullYear() + 3));
  await page.getByLabel(/^セキュリティコード/).fill('123');
}

/** The buyer: cart → gift → card → complete. Answers the order number and the gift's URL. */
async function buyGift(page: Page, product: ListedProduct): Promise<{ orderNo: string; url: string }> {
  await logIn(page);
  await emptyCart(page);
  await addToCart(page, product);
  await page.goto('/cart');

  const choice = page.getByRole('checkbox', { name: 'ソーシャルギフトで贈る（お届け先はお相手が入力）' });
  await expect(choice).toBeEnabled();
  await choice.check();
  await expect(page.getByText(/お相手が入力します（ご注文から\d+日以内）/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'レジに進む' })).toBeDisabled();
  const form = page.getByRole('form', { name: 'ソーシャルギフトの内容' });
  await form.getByLabel(/^お相手のお名前・ニックネーム/).fill('はなちゃん');
  await form.getByLabel(/^差出人名/).fill('たろう');
  await form.getByLabel(/^メッセージ/).fill(GIFT_MESSAGE);
  await expect(form.getByText(`${[...GIFT_MESSAGE].length}/200文字`)).toBeVisible();
  await form.getByRole('button', { name: 'ギフトの内容を保存する' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText('はなちゃん 様')).toBeVisible();
  await keepScreenshot(page, test.info(), 'gift-cart');
  await page.getByRole('button', { name: 'レジに進む' }).click();

  // No address, date or time slot for a gift.
  await expect(page.getByRole('heading', { level: 1, name: 'お届け先の選択' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /様/ })).toHaveCount(0);
  await page.getByRole('button', { name: '次へ進む' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'お届け方法の指定' })).toBeVisible();
  await expect(page.getByLabel(/^お届け希望日/)).toHaveCount(0);
  await page
    .getByRole('button', { name: 'お支払い方法の選択へ' })
    .or(page.getByRole('link', { name: 'お支払い方法の選択へ' }))
    .click();

  await expect(page.getByRole('heading', { level: 1, name: 'お支払い方法の選択' })).toBeVisible();
  await fillCard(page);
  await page.getByRole('button', { name: 'ご注文内容の確認へ' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'ご注文内容の確認' })).toBeVisible();
  const gift = page.getByRole('region', { name: 'ソーシャルギフト' });
  await expect(gift).toContainText('はなちゃん 様');
  await expect(gift).toContainText('ツーリングで使ってね。');
  await expect(page.getByRole('region', { name: 'お届け先' })).toHaveCount(0);
  await keepScreenshot(page, test.info(), 'gift-confirm');
  await page.getByRole('button', { name: '注文を確定する' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'ご注文ありがとうございました' })).toBeVisible();
  const orderNo = new URL(page.url()).searchParams.get('order_no') ?? '';
  expect(orderNo).not.toBe('');
  const panel = page.getByRole('region', { name: 'ギフトのURLをお相手に送りましょう' });
  const urlBox = panel.getByRole('textbox', { name: 'ギフトのURL' });
  await expect(urlBox).toHaveValue(/\/social-gift\?token=[0-9a-f]{32}$/);
  const url = await urlBox.inputValue();
  await expect(panel).toContainText(/お受け取りの期限：\d{4}\.\d{2}\.\d{2} \d{1,2}:\d{2}/);
  const line = new URL((await panel.getByRole('link', { name: 'LINEで送る' }).getAttribute('href')) ?? '');
  expect(`${line.origin}${line.pathname}`).toBe('https://line.me/R/share');
  expect(line.searchParams.get('text')).toContain(url);
  const mail = (await panel.getByRole('link', { name: 'メールで送る' }).getAttribute('href')) ?? '';
  expect(new URLSearchParams(mail.replace(/^mailto:\?/, '')).get('body')).toContain(url);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await panel.getByRole('button', { name: 'URLをコピー' }).click();
  await expect(panel.getByText('コピーしました')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await keepScreenshot(page, test.info(), 'gift-complete');

  // Shown once by the server, kept by the tab: a reload still shows it.
  await page.reload();
  await expect(
    page
      .getByRole('region', { name: 'ギフトのURLをお相手に送りましょう' })
      .getByRole('textbox', { name: 'ギフトのURL' }),
  ).toHaveValue(url);
  return { orderNo, url };
}

/** A guest: cart → gift → the orderer (own address) → card → complete. Answers the order number and the gift's URL. */
async function buyGiftAsGuest(
  page: Page,
  product: ListedProduct,
  email: string,
): Promise<{ orderNo: string; url: string }> {
  await addToCart(page, product);
  await page.goto('/cart');
  await page.getByRole('checkbox', { name: 'ソーシャルギフトで贈る（お届け先はお相手が入力）' }).check();
  const gift = page.getByRole('form', { name: 'ソーシャルギフトの内容' });
  await gift.getByLabel(/^お相手のお名前・ニックネーム/).fill('はなちゃん');
  await gift.getByLabel(/^差出人名/).fill('はなこ');
  await gift.getByLabel(/^メッセージ/).fill('いつもありがとう');
  await gift.getByRole('button', { name: 'ギフトの内容を保存する' }).click();
  await expect(gift).toBeHidden();
  await page.getByRole('button', { name: 'レジに進む' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'ご注文者情報の入力' })).toBeVisible();
  const form = page.getByRole('form', { name: 'ご注文者とお届け先の入力' });
  await form.getByLabel(/^お名前（姓）/).fill('購入');
  await form.getByLabel(/^お名前（名）/).fill('花子');
  await form.getByLabel(/^フリガナ（セイ）/).fill('コウニュウ');
  await form.getByLabel(/^フリガナ（メイ）/).fill('ハナコ');
  await form.getByLabel(/^メールアドレス/).fill(email);
  await form.getByLabel(/^電話番号/).fill('03-1234-5678');
  await form.getByLabel(/^郵便番号/).fill('1000001');
  await form.getByRole('button', { name: '住所を自動入力' }).click();
  await expect(form.getByLabel(/^都道府県/)).toHaveValue('東京都');
  await form.getByLabel(/^番地/).fill('1-1');
  await form.getByRole('button', { name: '次へ進む' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'お届け方法の指定' })).toBeVisible();
  await expect(page.getByLabel(/^お届け希望日/)).toHaveCount(0);
  await page
    .getByRole('button', { name: 'お支払い方法の選択へ' })
    .or(page.getByRole('link', { name: 'お支払い方法の選択へ' }))
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'お支払い方法の選択' })).toBeVisible();
  await fillCard(page);
  await page.getByRole('button', { name: 'ご注文内容の確認へ' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ご注文内容の確認' })).toBeVisible();
  await page.getByRole('button', { name: '注文を確定する' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'ご注文ありがとうございました' })).toBeVisible();
  const orderNo = new URL(page.url()).searchParams.get('order_no') ?? '';
  expect(orderNo).not.toBe('');
  const urlBox = page
    .getByRole('region', { name: 'ギフトのURLをお相手に送りましょう' })
    .getByRole('textbox', { name: 'ギフトのURL' });
  await expect(urlBox).toHaveValue(/\/social-gift\?token=[0-9a-f]{32}$/);
  return { orderNo, url: await urlBox.inputValue() };
}

async function openOrder(page: Page, orderNo: string) {
  await page.goto('/mypage/order_history');
  await expect(page.getByRole('heading', { level: 1, name: '注文履歴' })).toBeVisible();
  await page
    .getByRole('article', { name: new RegExp(orderNo) })
    .getByRole('link', { name: /詳細を見る/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'ご注文詳細' })).toBeVisible();
  await expect(page.getByText(`注文番号 ${orderNo}`, { exact: true })).toBeVisible();
}

/** The recipient on a phone: the link → address → date → confirm → completion. */
async function receiveGift(page: Page, link: string, product: ListedProduct): Promise<string> {
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'ギフトが届いています' })).toBeVisible();
  const message = page.getByRole('region', { name: 'ギフトのメッセージ' });
  await expect(message).toContainText('はなちゃん 様');
  await expect(message).toContainText('たろう 様から');
  await expect(message).toContainText('ツーリングで使ってね。');
  const item = page.getByRole('list', { name: 'ギフトの商品' }).getByRole('listitem', { name: product.name });
  await expect(item).toBeVisible();
  await expect(item.locator('img')).toHaveAttribute('src', /.+/);
  await expect(page.locator('main')).not.toContainText('¥');
  await expect(page.locator('main')).not.toContainText(`${product.product_price.toLocaleString('ja-JP')}円`);
  await expect(page.getByText(/お届け先の入力期限：\d{4}\.\d{2}\.\d{2} \d{1,2}:\d{2}/)).toBeVisible();
  await keepScreenshot(page, test.info(), 'gift-recipient-landing');
  await expectNoSideScroll(page);
  expect(await seriousViolations(page), 'gift page').toEqual([]);
  await page.getByRole('link', { name: 'お届け先を入力する' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'お届け先の入力' })).toBeVisible();
  const form = page.getByRole('form', { name: 'お届け先の入力' });
  // The form's own checks first, with their messages under the fields.
  await form.getByRole('button', { name: 'お届け日時の指定へ' }).click();
  await expect(form.getByLabel(/^お名前（姓）/)).toHaveAttribute('aria-invalid', 'true');
  await expectNoSideScroll(page);
  expect(await seriousViolations(page), 'address form with errors').toEqual([]);
  await form.getByLabel(/^お名前（姓）/).fill('受取');
  await form.getByLabel(/^お名前（名）/).fill('花子');
  await form.getByLabel(/^フリガナ（セイ）/).fill('ウケトリ');
  await form.getByLabel(/^フリガナ（メイ）/).fill('ハナコ');
  await form.getByLabel(/^郵便番号/).fill('150-0001');
  await form.getByRole('button', { name: '住所を自動入力' }).click();
  await expect(form.getByLabel(/^都道府県/)).toHaveValue('東京都');
  await expect(form.getByLabel(/^市区町村/)).toHaveValue('渋谷区神宮前');
  await form.getByLabel(/^番地/).fill(STREET);
  await form.getByLabel(/^建物名・部屋番号/).fill(BUILDING);
  await form.getByLabel(/^携帯電話番号/).fill('090-1234-5678');
  await form.getByLabel(/^メールアドレス/).fill(RECIPIENT_EMAIL);
  await keepScreenshot(page, test.info(), 'gift-recipient-shipping');
  await form.getByRole('button', { name: 'お届け日時の指定へ' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'お届け日時の指定' })).toBeVisible();
  const date = page.getByLabel(/^お届け希望日/);
  await expect(date.locator('option')).not.toHaveCount(1);
  const second = date.locator('option').nth(2);
  const dateValue = (await second.getAttribute('value')) ?? '';
  const dateLabel = ((await second.textContent()) ?? '').trim();
  expect(dateValue).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await date.selectOption(dateValue);
  const slot = page.getByLabel(/^お届け時間帯/);
  const slotLabel = ((await slot.locator('option').nth(1).textContent()) ?? '').trim();
  await slot.selectOption({ label: slotLabel });
  await expectNoSideScroll(page);
  await page.getByRole('button', { name: '入力内容の確認へ' }).click();

  await expect(page.getByRole('heading', { level: 1, name: '入力内容の確認' })).toBeVisible();
  await expectNoSideScroll(page);
  const address = page.getByRole('region', { name: 'お届け先' });
  await expect(address).toContainText('受取 花子 様');
  await expect(address).toContainText('〒150-0001');
  await expect(address).toContainText(`東京都渋谷区神宮前${STREET}`);
  const when = page.getByRole('region', { name: 'お届け日時' });
  await expect(when).toContainText(dateLabel);
  await expect(when).toContainText(slotLabel);
  await keepScreenshot(page, test.info(), 'gift-recipient-confirm');
  await page.getByRole('button', { name: 'この内容で受け取る' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'お届け先を承りました' })).toBeVisible();
  const token = new URL(link, 'http://x').searchParams.get('token') ?? '';
  await expect(page).toHaveURL(new RegExp(`/social-gift/${token}/complete$`));
  await expect(page.getByRole('region', { name: 'お届け先' })).toContainText(`渋谷区神宮前${STREET}`);
  await expect(page.getByRole('region', { name: 'お届け日時' })).toContainText(slotLabel);
  await expect(
    page.getByRole('list', { name: 'ギフトの商品' }).getByRole('listitem', { name: product.name }),
  ).toBeVisible();
  await keepScreenshot(page, test.info(), 'gift-recipient-complete');
  await expectNoSideScroll(page);
  expect(await seriousViolations(page), 'completion').toEqual([]);

  // The gift's inputs leave the tab; opening the link again shows the completion.
  expect(await page.evaluate(() => sessionStorage.getItem('shop.socialGift'))).toBeNull();
  expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain(token);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'お届け先を承りました' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/social-gift/${token}/complete$`));
  return dateValue;
}

test.describe('social gift', () => {
  test('a member sends a gift by card; the recipient gives the address and date on a phone', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'the journey opens its own phone browser for the recipient');
    test.setTimeout(120_000);
    const product = await findGiftable(request);
    const started = Date.now();

    const { orderNo, url } = await buyGift(page, product);
    const link = `${new URL(url).pathname}${new URL(url).search}`;

    // The confirmation mail carries the link too.
    const mail = await readMail(DEMO_MEMBER.login, { after: started, subject: /注文/ });
    expect(mail.text).toContain(orderNo);
    expect(mail.text).toContain(url);

    // Before the recipient: waiting, with the re-issue button, and no address.
    await openOrder(page, orderNo);
    const gift = page.getByRole('region', { name: 'ソーシャルギフト' });
    await expect(gift).toContainText('受取人入力待ち');
    await expect(gift).toContainText('はなちゃん 様');
    await keepScreenshot(page, testInfo, 'gift-order-waiting');

    // A new URL replaces the first: the first one then leads nowhere.
    await gift.getByRole('button', { name: 'ギフトURLを再発行' }).click();
    const dialog = page.getByRole('dialog', { name: 'ギフトURLの再発行' });
    await expect(dialog).toContainText('以前のURLは使えなくなります');
    await dialog.getByRole('button', { name: '再発行する' }).click();
    const fresh = page.getByRole('region', { name: '新しいギフトのURL' });
    await expect(fresh.getByRole('alert')).toContainText('以前のURLは使えなくなります');
    const newUrl = await fresh.getByRole('textbox', { name: 'ギフトのURL' }).inputValue();
    expect(newUrl).toMatch(/\/social-gift\?token=[0-9a-f]{32}$/);
    expect(newUrl).not.toBe(url);
    await keepScreenshot(page, testInfo, 'gift-order-reissued');
    const newLink = `${new URL(newUrl).pathname}${new URL(newUrl).search}`;

    const phone = await newShopPage(browser, request, { ...devices['Pixel 7'], bypassCSP: true });
    await phone.goto(link);
    await expect(phone.getByRole('heading', { level: 1, name: 'ギフトが見つかりません' })).toBeVisible();
    const accepting = Date.now();
    const dateValue = await receiveGift(phone, newLink, product);
    await phone.context().close();

    // The recipient is mailed the address; the buyer is told the prefecture and date only.
    const confirmation = await readMail(RECIPIENT_EMAIL, { after: accepting });
    expect(confirmation.text).toContain(STREET);
    const notice = await readMail(DEMO_MEMBER.login, { after: accepting });
    expect(notice.text).toContain('東京都');
    expect(notice.text).not.toContain('神宮前');
    expect(notice.text).not.toContain(BUILDING);

    // After: accepted, only the prefecture and the date — never the street address.
    await page.reload();
    const accepted = page.getByRole('region', { name: 'ソーシャルギフト' });
    await expect(accepted).toContainText('お届け先登録済み');
    await expect(accepted).toContainText('東京都');
    await expect(accepted).toContainText(dateValue.replace(/-/g, '.'));
    await expect(accepted.getByRole('button', { name: 'ギフトURLを再発行' })).toHaveCount(0);
    const main = page.locator('main');
    await expect(main).not.toContainText('渋谷区');
    await expect(main).not.toContainText('神宮前');
    await expect(main).not.toContainText(BUILDING);
    await expect(main).not.toContainText('090-1234-5678');
    await expect(main).not.toContainText(RECIPIENT_EMAIL);
    await expect(main).not.toContainText('受取人入力待ち');
    await keepScreenshot(page, testInfo, 'gift-order-accepted');
  });

  test('a guest on a phone makes the cart a gift; the orderer form then asks no address @phone', async ({
    page,
    request,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'the phone width of the buyer’s side');
    const product = await findGiftable(request);
    await addToCart(page, product);
    await page.goto('/cart');
    await page.getByRole('checkbox', { name: 'ソーシャルギフトで贈る（お届け先はお相手が入力）' }).check();
    const form = page.getByRole('form', { name: 'ソーシャルギフトの内容' });
    await form.getByRole('button', { name: 'ギフトの内容を保存する' }).click();
    await expect(form.getByLabel(/^お相手のお名前・ニックネーム/)).toHaveAttribute('aria-invalid', 'true');
    await form.getByLabel(/^お相手のお名前・ニックネーム/).fill('はなちゃん');
    await form.getByLabel(/^メッセージ/).fill('いつもありがとう');
    await form.getByRole('button', { name: 'ギフトの内容を保存する' }).click();
    await expect(form).toBeHidden();
    await expectNoSideScroll(page);
    await keepScreenshot(page, testInfo, 'gift-cart-phone');
    await page.getByRole('button', { name: 'レジに進む' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'ご注文者情報の入力' })).toBeVisible();
    const orderer = page.getByRole('form', { name: 'ご注文者とお届け先の入力' });
    await expect(orderer.getByRole('radio', { name: '別の住所に送る' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'ソーシャルギフト' })).toContainText('はなちゃん 様');
    await expectNoSideScroll(page);
    await keepScreenshot(page, testInfo, 'gift-orderer-phone');

    // Back to an ordinary order: the delivery address is asked again.
    await page.getByRole('button', { name: /ソーシャルギフトをやめる/ }).click();
    await expect(orderer.getByRole('radio', { name: '別の住所に送る' })).toBeVisible();
  });

  test('a guest re-issues the gift URL on the receipt page of the confirmation mail', async ({
    page,
    request,
  }, testInfo) => {
    test.skip(
      testInfo.project.name !== 'desktop',
      'one guest order is enough (the phone width has its own guest journey)',
    );
    test.setTimeout(90_000);
    const product = await findGiftable(request);
    const email = `gift-guest-${Date.now()}@example.com`;
    const started = Date.now();
    const { orderNo, url } = await buyGiftAsGuest(page, product, email);

    // The receipt link of the confirmation mail (order number and the order's t).
    const mail = await readMail(email, { after: started, subject: /注文/ });
    expect(mail.text).toContain(orderNo);
    expect(mail.text).toContain(url);
    const receiptLink = mailLink(mail, '/orders/receipt');
    expect(new URL(receiptLink, 'http://x').searchParams.get('no')).toBe(orderNo);
    await page.goto(receiptLink);
    await expect(page.getByRole('heading', { level: 1, name: '領収書の発行' })).toBeVisible();
    const gift = page.getByRole('region', { name: 'ソーシャルギフト' });
    await expect(gift).toContainText('受取人入力待ち');
    await expect(gift).toContainText('はなちゃん 様');
    await expect(page.locator('main')).not.toContainText('千代田区');
    await keepScreenshot(page, testInfo, 'gift-guest-receipt-waiting');

    await gift.getByRole('button', { name: 'ギフトURLを再発行' }).click();
    const dialog = page.getByRole('dialog', { name: 'ギフトURLの再発行' });
    await expect(dialog).toContainText('以前のURLは使えなくなります');
    await dialog.getByRole('button', { name: '再発行する' }).click();
    const fresh = page.getByRole('region', { name: '新しいギフトのURL' });
    await expect(fresh.getByRole('alert')).toContainText('以前のURLは使えなくなります');
    const newUrl = await fresh.getByRole('textbox', { name: 'ギフトのURL' }).inputValue();
    expect(newUrl).toMatch(/\/social-gift\?token=[0-9a-f]{32}$/);
    expect(newUrl).not.toBe(url);
    await keepScreenshot(page, testInfo, 'gift-guest-receipt-reissued');

    // The first URL now leads nowhere; the new one shows the gift.
    await page.goto(`${new URL(url).pathname}${new URL(url).search}`);
    await expect(page.getByRole('heading', { level: 1, name: 'ギフトが見つかりません' })).toBeVisible();
    await page.goto(`${new URL(newUrl).pathname}${new URL(newUrl).search}`);
    await expect(page.getByRole('heading', { level: 1, name: 'ギフトが届いています' })).toBeVisible();
  });

  test('a wrong link shows the not-found page', async ({ page }, testInfo) => {
    await page.goto(`/social-gift?token=${'0'.repeat(32)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'ギフトが見つかりません' })).toBeVisible();
    await expect(
      page.getByRole('alert').filter({ hasText: 'ギフトが見つかりません。URLをご確認ください。' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'お届け先を入力する' })).toHaveCount(0);
    await expect(page).toHaveTitle(/ギフトが見つかりません/);
    await keepScreenshot(page, testInfo, 'gift-not-found');
  });
});
