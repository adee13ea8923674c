/**
 * Every theme on its own shop (issue 16): the demo shop on Simple at localhost, the corporate shop
 * on Tsunagu at corporate.localhost, and each tenant demo channel at <code>.localhost. For each:
 * - the screens a customer meets (home, the product list, a product, the cart, the theme's
 *   ご利用ガイド reached from its footer, and /mypage as a member) carry the theme (its
 *   name on <html>), have no serious axe violations, nothing wider than the screen, and are
 *   attached to the report as screenshots (no stored baselines: they are for a person to look at),
 *   at phone and desktop widths;
 * - a member buys a product from the product page to the order's complete page, with the same
 *   checks on the confirm and complete pages; at phone width on the demo shop only (the checkout's
 *   screens differ between themes only in the header and footer, seen at phone width above).
 * A host whose channel is not seeded yet shows the invalid-channel page, and its tests fail.
 */
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { type Member, freshMember, logIn } from './member-session';
import { expect, mailCode, onHost, readMail, seriousViolations, test } from './support';

interface Shop {
  theme: string;
  channel: string;
  host: string;
  /**
   * A registered member of the seed: the corporate shop verifies a new member's address by a
   * mailed link after the first login, so its journeys use the demo buyer instead.
   */
  member?: Member;
}

const SHOPS: Shop[] = [
  { theme: 'simple', channel: 'demo', host: 'localhost' },
  { theme: 'asone', channel: 'asone', host: 'asone.localhost' },
  { theme: 'takimoto', channel: 'takimoto', host: 'takimoto.localhost' },
  {
    theme: 'tsunagu',
    channel: 'corporate',
    host: 'corporate.localhost',
    member: { email: 'buyer@example.co.jp', password: 'tsunagu2026' },
  },
  { theme: 'awjapan', channel: 'awjapan', host: 'awjapan.localhost' },
  { theme: 'halehana', channel: 'halehana', host: 'halehana.localhost' },
  { theme: 'livins', channel: 'livins', host: 'livins.localhost' },
];

interface ListedProduct {
  key: string;
  name: string;
  stock_status: string;
  is_on_sale: boolean;
}

/** Node does not resolve *.localhost: the API calls of the test name the channel instead. */
const channelHeaders = (shop: Shop) => ({ 'X-Channel': shop.channel });

/**
 * A product on sale and in stock whose page's first choice can be bought as it is: one with a
 * single item, else (workwear comes in sizes) one whose every item is in stock.
 */
async function findProduct(request: APIRequestContext, shop: Shop): Promise<ListedProduct> {
  const answer = await request.get('/v1/products?per=50', { headers: channelHeaders(shop) });
  expect(answer.ok(), `the ${shop.channel} channel lists its products`).toBe(true);
  const list = ((await answer.json()) as { data: ListedProduct[] }).data;
  let fallback: ListedProduct | undefined;
  for (const product of list.filter((p) => p.is_on_sale && p.stock_status === 'in_stock')) {
    const detail = await request.get(`/v1/products/${encodeURIComponent(product.key)}`, {
      headers: channelHeaders(shop),
    });
    const items = ((await detail.json()) as { product_model: { products: { stock_status: string }[] } }).product_model
      .products;
    if (items.length === 1) return product;
    if (!fallback && items.every((item) => item.stock_status !== 'out_of_stock')) fallback = product;
  }
  if (fallback) return fallback;
  throw new Error(`no product to buy in the ${shop.channel} catalogue`);
}

/** The shop's popups count as seen, so none covers the screens (as support.ts does for the demo). */
async function skipPopups(page: Page, request: APIRequestContext, shop: Shop): Promise<void> {
  const ids: string[] = [];
  for (const path of ['/v1/popups', '/v1/popups?event=purchase', '/v1/popups?event=add_to_cart']) {
    const answer = await request.get(path, { headers: channelHeaders(shop) });
    if (answer.ok()) ids.push(...((await answer.json()) as { data: { id: string }[] }).data.map((p) => p.id));
  }
  await page.addInitScript(
    ([key, seen]) => {
      const kept = JSON.parse(window.localStorage.getItem(key) ?? '[]') as string[];
      window.localStorage.setItem(key, JSON.stringify([...new Set([...kept, ...seen])]));
    },
    ['shop.popupsSeen', ids] as const,
  );
}

/** The shop's seeded member, else a fresh one registered through the API (per width). */
async function memberOf(page: Page, request: APIRequestContext, shop: Shop, testInfo: TestInfo): Promise<Member> {
  if (shop.member) return shop.member;
  return freshMember(page, testInfo, `theme-${shop.theme}`, { request, headers: channelHeaders(shop) });
}

/** Logs in on the shop's host; a shop with login codes (MFA) gets the mailed one. */
async function logInOn(page: Page, shop: Shop, member: Member) {
  await page.goto(onHost(shop.host, '/login'));
  const sentAfter = Date.now();
  await logIn(page, member, { open: false });
  const codeStep = page.getByRole('heading', { level: 2, name: '確認コードの入力' });
  await expect(page.getByRole('heading', { level: 1, name: 'マイページ' }).or(codeStep)).toBeVisible();
  if (await codeStep.isVisible()) {
    const code = mailCode(await readMail(member.email, { after: sentAfter }));
    await page.getByRole('textbox', { name: /^確認コード/ }).fill(code);
    await page.getByRole('button', { name: '認証する' }).click();
  }
  await expect(page).toHaveURL(/\/mypage$/);
  await expect(page.getByRole('heading', { level: 1, name: 'マイページ' })).toBeVisible();
}

/**
 * A full-page screenshot attached to the report (and kept under e2e/artifacts/screens/<width>/
 * themes/), and the screen's serious axe violations.
 */
async function look(page: Page, testInfo: TestInfo, shop: Shop, screen: string): Promise<void> {
  // Lazy pictures and the theme's fonts settle before the picture is taken.
  await page.waitForLoadState('networkidle').catch(() => undefined);
  const path = `e2e/artifacts/screens/${testInfo.project.name}/themes/${shop.theme}-${screen}.png`;
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(`${shop.theme}-${testInfo.project.name}-${screen}`, { path, contentType: 'image/png' });
  // Without motion while axe looks: a toast still fading in or out is half transparent, and
  // its text would fail the contrast rule for that alone (it did, at random, on a busy machine).
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect.soft(await seriousViolations(page), `${shop.theme} ${screen}: serious axe violations`).toEqual([]);
  await page.emulateMedia({ reducedMotion: null });
  const widths = await page.evaluate(() => ({
    content: document.documentElement.scrollWidth,
    screen: document.documentElement.clientWidth,
  }));
  expect.soft(widths.content, `${shop.theme} ${screen}: wider than the screen`).toBeLessThanOrEqual(widths.screen);
}

async function expectTheme(page: Page, shop: Shop): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-theme', shop.theme);
  await expect(page.getByRole('banner')).toBeVisible();
}

for (const shop of SHOPS) {
  test.describe(`the ${shop.theme} theme at ${shop.host}`, () => {
    // axe is injected as a script of the test, past the shop's CSP.
    test.use({ bypassCSP: true });

    // @phone: each theme lays out its header and footer for a phone; the screens are checked for
    // sideways scrolling, which only a phone's width can show.
    test('home, product list, product, cart, guide and mypage carry the theme @phone', async ({
      page,
      request,
    }, testInfo) => {
      test.setTimeout(180_000);
      await skipPopups(page, request, shop);
      const product = await findProduct(request, shop);

      await page.goto(onHost(shop.host, '/'));
      await expectTheme(page, shop);
      await expect(page.getByRole('heading', { level: 1 })).toBeAttached();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await look(page, testInfo, shop, 'home');

      await page.goto(onHost(shop.host, '/product'));
      await expectTheme(page, shop);
      await expect(page.getByRole('list', { name: '商品一覧' }).getByRole('article').first()).toBeVisible();
      await look(page, testInfo, shop, 'list');

      await page.goto(onHost(shop.host, `/product/${encodeURIComponent(product.key)}`));
      await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
      await look(page, testInfo, shop, 'product');

      await page.getByRole('button', { name: 'カートに入れる' }).click();
      await expect(page.getByRole('link', { name: 'カートを見る' })).toBeVisible();
      await page
        .getByRole('banner')
        .getByRole('link', { name: /^カート/ })
        .click();
      await expect(page.getByRole('list', { name: 'カートの商品' }).getByRole('listitem')).toHaveCount(1);
      await look(page, testInfo, shop, 'cart');

      // The contact form is in every shop's footer.
      await expect(page.getByRole('contentinfo').getByRole('link', { name: 'お問い合わせ' })).toHaveAttribute(
        'href',
        '/contact',
      );
      // The theme's own page, from its footer.
      await page.getByRole('contentinfo').getByRole('link', { name: 'ご利用ガイド' }).click();
      await expect(page.getByRole('heading', { level: 1, name: /ご利用ガイド/ })).toBeVisible();
      await look(page, testInfo, shop, 'guide');

      const member = await memberOf(page, request, shop, testInfo);
      await logInOn(page, shop, member);
      await expectTheme(page, shop);
      await look(page, testInfo, shop, 'mypage');
    });

    // @phone on the demo shop only: see the top of this file.
    const phoneRun = shop.theme === 'simple' ? ' @phone' : '';
    test(`a member buys a product from its page to the complete page${phoneRun}`, async ({
      page,
      request,
    }, testInfo) => {
      test.setTimeout(180_000);
      await skipPopups(page, request, shop);
      const product = await findProduct(request, shop);
      const member = await memberOf(page, request, shop, testInfo);
      await logInOn(page, shop, member);

      await page.goto(onHost(shop.host, `/product/${encodeURIComponent(product.key)}`));
      await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
      await page.getByRole('button', { name: 'カートに入れる' }).click();
      await expect(page.getByRole('link', { name: 'カートを見る' })).toBeVisible();
      await page.getByRole('link', { name: 'カートを見る' }).click();
      // (The demo buyer's cart may keep what another journey left in it.)
      await expect(page.getByRole('list', { name: 'カートの商品' }).getByRole('listitem').first()).toBeVisible();
      await page.getByRole('button', { name: 'レジに進む' }).click();

      // The corporate shop asks 配送方法 first (配送方法とお届け先の選択): 店舗直送 goes to the address book.
      await expect(page.getByRole('heading', { level: 1, name: /お届け先の選択$/ })).toBeVisible();
      const toStore = page.getByRole('group', { name: '配送方法' }).getByRole('radio', { name: '店舗直送' });
      if ((await toStore.count()) > 0 && !(await toStore.isChecked())) await toStore.check();
      await page.getByRole('button', { name: 'このお届け先に送る' }).first().click();
      await expect(page.getByRole('heading', { level: 1, name: 'お届け方法の指定' })).toBeVisible();
      await page.getByRole('button', { name: 'お支払い方法の選択へ' }).click();

      await expect(page.getByRole('heading', { level: 1, name: 'お支払い方法の選択' })).toBeVisible();
      const cod = page.getByRole('radio', { name: /代金引換/ });
      const transfer = page.getByRole('radio', { name: /銀行振込/ });
      const card = page.getByRole('radio', { name: /クレジットカード/ });
      // The methods come after the heading: count them once they are there (on a busy machine the
      // corporate shop's 銀行振込 was counted before it showed, and the journey waited for a card).
      await expect(cod.or(transfer).or(card).first()).toBeVisible();
      if (await cod.count()) await cod.check();
      else if (await transfer.count()) await transfer.check();
      else {
        await card.check();
        await page.getByLabel(/^カード番号/).fill('4242 4242 4242 4242');
        await page.getByLabel(/^カード名義/).fill('HANAKO SHIKEN');
        await page.getByLabel(/^有効期限（月）/).selectOption('12');
        await page.getByLabel(/^有効期限（年）/).selectOption(String(new Date().getFullYear() + 3));
        await page.getByLabel(/^セキュリティコード/).fill('123');
      }
      await page.getByRole('button', { name: 'ご注文内容の確認へ' }).click();

      await expect(page.getByRole('heading', { level: 1, name: 'ご注文内容の確認' })).toBeVisible();
      await expectTheme(page, shop);
      await look(page, testInfo, shop, 'confirm');
      await page.getByRole('button', { name: '注文を確定する' }).click();

      await expect(page.getByRole('heading', { level: 1, name: 'ご注文ありがとうございました' })).toBeVisible();
      await expect(page).toHaveURL(/\/cart\/complete\?order_no=/);
      const orderNo = new URL(page.url()).searchParams.get('order_no') ?? '';
      await expect(page.getByRole('region', { name: 'ご注文番号' })).toContainText(orderNo);
      await look(page, testInfo, shop, 'complete');
    });
  });
}
