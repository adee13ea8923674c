/**
 * Journeys through the calls issue 16 listed as unreachable: the protected tag's password form,
 * accessories added with their product, and delivery to several addresses.
 */
import type { Page } from '@playwright/test';
import { freshMember, logIn } from './member-session';
import { keepScreenshot, seriousViolations, test, expect } from './support';

// axe-core as a script of the test: the shop's CSP (no inline script) is bypassed for it only.
test.use({ bypassCSP: true });

test('the 会員限定セール tag opens after its password', async ({ page }, testInfo) => {
  await page.goto('/product?tag=members-sale');
  const form = page.getByRole('form', { name: '「会員限定セール」はパスワードで保護されています' });
  await expect(form).toBeVisible();
  await expect(page.getByRole('list', { name: '商品一覧' })).toHaveCount(0);

  await form.getByLabel(/^パスワード/).fill('not-the-password');
  await form.getByRole('button', { name: '商品を表示する' }).click();
  await expect(form.getByText('パスワードが正しくありません。')).toBeVisible();
  await keepScreenshot(page, testInfo, 'tag-password');
  expect(await seriousViolations(page)).toEqual([]);

  // The password of the demo data (README).
  await form.getByLabel(/^パスワード/).fill('ride-members');
  await form.getByRole('button', { name: '商品を表示する' }).click();
  const list = page.getByRole('list', { name: '商品一覧' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  await expect(form).toHaveCount(0);

  // The grant lasts for this tab: a reload shows the list without asking again.
  await page.reload();
  await expect(page.getByRole('list', { name: '商品一覧' }).getByRole('listitem').first()).toBeVisible();
});

test('a landing page’s coupon is taken with 「クーポンを受け取る」, after logging in', async ({ page }, testInfo) => {
  // The demo landing pages offer no coupon yet (the seed's props.coupon lists are empty): the
  // page's answer gets RIDE10 (a real coupon that must be taken); the take itself is the server's.
  await page.route('**/v1/lp/winter-maintenance', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { layout: { props: Record<string, unknown> }[] };
    body.layout[0]!.props.coupon = ['RIDE10'];
    await route.fulfill({ response, json: body });
  });
  const member = await freshMember(page, testInfo, 'lp-coupon');

  await page.goto('/lp/winter-maintenance');
  const coupons = page.getByRole('region', { name: 'クーポン' });
  const ride10 = coupons.getByRole('article').filter({ hasText: 'RIDE10' });
  await expect(ride10).toContainText('10%OFF');
  await ride10.getByRole('button', { name: /^クーポンを受け取る/ }).click();

  // A visitor logs in first and comes back to the page.
  await expect(page).toHaveURL(/\/login\/?$/);
  await logIn(page, member, { open: false });
  await expect(page).toHaveURL(/\/lp\/winter-maintenance$/);
  await ride10.getByRole('button', { name: /^クーポンを受け取る/ }).click();
  await expect(ride10.getByText('受け取り済み')).toBeVisible();
  await expect(ride10.getByRole('button')).toHaveCount(0);
  await keepScreenshot(page, testInfo, 'lp-coupon-taken');
  expect(await seriousViolations(page)).toEqual([]);

  // The member's coupon list agrees.
  await page.goto('/coupon');
  await expect(page.getByRole('article').filter({ hasText: 'RIDE10' })).toContainText('取得済み');
});

interface Listed {
  key: string;
  name: string;
  is_on_sale: boolean;
  stock_status: string;
}

/** A product on sale with one item in stock and at least one accessory that can be bought. */
async function productWithAccessory(page: Page): Promise<{ product: Listed; accessory: Listed }> {
  for (const category of ['bike-helmet', 'bike-led-bulb', 'cycle-light', 'bike-chain', 'cycle-helmet']) {
    const list = (await (
      await page.request.get(`/v1/products?category=${category}&child=1&in_stock=1&per=30`)
    ).json()) as {
      data: Listed[];
    };
    for (const product of list.data) {
      const detail = (await (await page.request.get(`/v1/products/${product.key}`)).json()) as {
        product_model: { products: unknown[] };
      };
      // Plenty left (not 残りわずか): earlier journeys of a full run buy these products too.
      if (!product.is_on_sale || product.stock_status !== 'in_stock' || detail.product_model.products.length !== 1)
        continue;
      const accessories = (await (await page.request.get(`/v1/products/${product.key}/accessories`)).json()) as {
        data: Listed[];
      };
      const accessory = accessories.data.find((a) => a.is_on_sale && a.stock_status !== 'out_of_stock');
      if (accessory) return { product, accessory };
    }
  }
  throw new Error('no product with a buyable accessory in the demo catalogue');
}

test('an accessory chosen on the product page goes into the cart under its product', async ({ page }, testInfo) => {
  const { product, accessory } = await productWithAccessory(page);
  await page.goto(`/product/${product.key}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();

  const group = page.getByRole('group', { name: '一緒に購入するアクセサリー' });
  await group
    .getByRole('checkbox', { name: new RegExp(accessory.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
    .check();
  const kind = group.getByLabel(`「${accessory.name}」の種類`);
  const button = page.getByRole('button', { name: 'カートに入れる' });
  // An accessory with several items asks which; one with a single item is taken as it is.
  if ((await kind.count()) > 0) await kind.selectOption({ index: 1 });
  await expect(button).toBeEnabled();
  await keepScreenshot(page, testInfo, 'accessory-choice');
  expect(await seriousViolations(page)).toEqual([]);
  await button.click();
  await expect(page.getByRole('link', { name: 'カートを見る' })).toBeVisible();

  await page.getByRole('link', { name: 'カートを見る' }).click();
  const lines = page.getByRole('list', { name: 'カートの商品' });
  const accessoryLine = lines.getByRole('listitem', { name: accessory.name });
  await expect(accessoryLine).toContainText(`「${product.name}」のアクセサリー`);
  await keepScreenshot(page, testInfo, 'cart-with-accessory');

  // Deleting the product takes its accessory with it (server rule).
  await lines
    .getByRole('listitem', { name: product.name })
    .getByRole('button', { name: /を削除$/ })
    .click();
  await expect(page.getByText('カートに商品がありません')).toBeVisible();
});

test.describe('the popup of an ecommerce event', () => {
  test.use({ popupsSeen: true });

  test('opens over the page after カートに入れる, closes, and stays closed for the next add', async ({ page }) => {
    // The server answers popup: null for every event today: the answer is given one here.
    await page.route('**/v1/ecommerce_events', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      const response = await route.fetch();
      const body = (await response.json()) as Record<string, unknown>;
      body.popup = {
        id: 'e2e-event-popup',
        title: 'カートに入れた方へのお知らせ',
        body: '税込5,500円以上で送料無料です。',
        image: null,
        link: '/coupon',
        starts_at: null,
        ends_at: null,
        display: 'once',
      };
      await route.fulfill({ response, json: body });
    });
    const { product } = await productWithAccessory(page);
    await page.goto(`/product/${product.key}`);
    await page.getByRole('button', { name: 'カートに入れる' }).click();
    const dialog = page.getByRole('dialog', { name: 'カートに入れた方へのお知らせ' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'カートに入れる' }).click();
    await expect(page.getByRole('link', { name: 'カートを見る' })).toBeVisible();
    await page.waitForTimeout(300);
    await expect(dialog).toBeHidden();
  });
});

test('a link banner downloads under its Japanese file name', async ({ page }) => {
  // The demo shop's two link banners (area `footer`), downloaded from the server.
  await page.goto('/');
  const section = page.getByRole('region', { name: 'リンク用バナー' });
  await expect(section.getByRole('img')).toHaveCount(2);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section
      .getByRole('button', { name: /^ダウンロード/ })
      .first()
      .click(),
  ]);
  expect(download.suggestedFilename()).toBe('ライドパーツ本舗.svg');
  expect(download.suggestedFilename()).not.toMatch(/^banner-/);
  await expect(page.getByText('ダウンロードが完了しました')).toBeVisible();
});

test('a member sends one order to two addresses and the order keeps them apart', async ({ page }, testInfo) => {
  const { product } = await productWithAccessory(page);
  const member = await freshMember(page, testInfo, 'multi-ship');
  await logIn(page, member);
  await expect(page).toHaveURL(/\/mypage$/);
  // A second entry in the book (the own address is there from the start).
  const added = await page.evaluate(async () => {
    const response = await fetch('/v1/me/user-addresses', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${localStorage.getItem('shop.accessToken')}`,
      },
      body: JSON.stringify({
        shipping_last_name: '分送',
        shipping_first_name: '二郎',
        shipping_last_name_kana: 'ブンソウ',
        shipping_first_name_kana: 'ジロウ',
        postal_code: '5300001',
        prefecture: '大阪府',
        city: '大阪市北区梅田',
        address1: '2-3-4',
        address2: '',
        phone_number: '06-1234-5678',
      }),
    });
    return response.status;
  });
  expect(added).toBe(201);

  await page.goto(`/product/${product.key}`);
  await page.getByLabel('数量').selectOption('2');
  await page.getByRole('button', { name: 'カートに入れる' }).click();
  await expect(page.getByRole('link', { name: 'カートを見る' })).toBeVisible();
  await page.goto('/cart');
  await page.getByRole('button', { name: 'レジに進む' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'お届け先の選択' })).toBeVisible();
  await page.getByRole('button', { name: '複数のお届け先に分けて送る' }).click();
  const multiple = page.getByRole('region', { name: '複数のお届け先に送る' });
  const adding = multiple.getByRole('form', { name: 'お届け先の追加' });
  await adding.getByRole('button', { name: 'お届け先を追加' }).click();
  const first = multiple.getByRole('region', { name: 'お届け先1' });
  await expect(first.getByRole('list', { name: 'お届け先1に送る商品' })).toContainText(`${product.name}`);
  const jiro = await adding.getByRole('option', { name: /分送 二郎/ }).getAttribute('value');
  await adding.getByLabel('アドレス帳のお届け先').selectOption(jiro ?? '');
  await adding.getByRole('button', { name: 'お届け先を追加' }).click();
  const second = multiple.getByRole('region', { name: 'お届け先2' });
  await expect(second).toContainText('分送 二郎 様');

  const move = first.getByRole('form', { name: /のお届け先を変更$/ });
  await move.getByLabel('数量').selectOption('1');
  await move.getByRole('button', { name: '移す' }).click();
  await expect(second.getByRole('list', { name: 'お届け先2に送る商品' })).toContainText(`${product.name}`);
  await expect(first.getByRole('list', { name: 'お届け先1に送る商品' })).toContainText('× 1');
  await keepScreenshot(page, testInfo, 'multi-shipping');
  expect(await seriousViolations(page)).toEqual([]);
  await multiple.getByRole('button', { name: 'この内容で次へ進む' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'お届け方法の指定' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'お届け先1' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'お届け先2' })).toContainText('分送 二郎 様');
  await page.getByRole('button', { name: 'お支払い方法の選択へ' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'お支払い方法の選択' })).toBeVisible();
  await page.getByRole('radio', { name: /代金引換/ }).check();
  await page.getByRole('button', { name: 'ご注文内容の確認へ' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'ご注文内容の確認' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'お届け先2' })).toContainText('分送 二郎 様');
  await expect(page.getByRole('list', { name: 'お届け先1に送る商品' })).toContainText('× 1');
  await expect(page.getByRole('list', { name: 'お届け先2に送る商品' })).toContainText('× 1');
  await page.getByRole('button', { name: '注文を確定する' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ご注文ありがとうございました' })).toBeVisible();
});
