/**
 * ショップ情報 and ご利用設定 (issue 33, docs/contracts/settings-store.md) in real Chromium against
 * the real server. An owner made for this journey opens 設定 → ショップ情報, types the invoice
 * registration number as a Japanese keyboard gives it (full width, with hyphens), saves, and the
 * form shows the number as the server normalised it; the owner then puts the demo's number back.
 * Next, ご利用設定: the temporary stop turned on and 販売中 off, saved — the screen warns that
 * selling is stopped, and a demo product page says so and will not take the product into a cart.
 * The owner turns selling back on through the screen. Whatever fails on the way, both groups are
 * put back as they were through the API, so the journeys after this one meet a shop that sells.
 * Desktop only: forms of fields and checkboxes, nothing laid out per width.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSidewaysScroll } from './member-session';
import { adminMenu, createStaff, signInStaff } from './staff-session';
import { expect, keepScreenshot, seriousViolations, test } from './support';

const STORE_PATH = '/v1/admin/settings/store';
const STOREFRONT_PATH = '/v1/admin/settings/storefront';
const STORE_SAVED = 'ショップ情報を保存しました。';
const STOREFRONT_SAVED = 'ご利用設定を保存しました。';
const STOPPED_WARNING = '現在、販売を停止しています。';
/** What the product page says while selling is stopped (web/src/features/catalog/sale-state.ts). */
const SELLING_STOPPED_TEXT = 'ただいま販売を一時停止しております。';
/** A demo product the catalogue journeys open too (catalog.spec.ts), and its name. */
const DEMO_PRODUCT = { key: 'rp0130', name: 'ウインターグローブ GK-839 プロテクト' };

interface StoreInfo {
  version: number;
  shop_name: string;
  company_address: string;
  invoice_registration_number: string;
  contact_email: string;
}

interface Switches {
  version: number;
  allow_multiple_shipping: boolean;
  stop_selling_is_use: boolean;
  stop_selling_is_selling: boolean;
  no_member_use: boolean;
  verify_email_at_first_login: boolean;
  is_mfa: boolean;
  password_expire_days: number | null;
  address_limit: number;
}

/** A settings group as the server has it (the page's staff cookie goes along). */
async function read<T>(request: APIRequestContext, path: string): Promise<T> {
  const answer = await request.get(path);
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as T;
}

/** `before`'s values saved again over whatever the journey left (nothing is written when they are the same). */
async function putBack<T extends { version: number }>(request: APIRequestContext, path: string, before: T) {
  const now = await read<T>(request, path);
  const answer = await request.put(path, { data: { ...before, version: now.version } });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** Both groups put back, each tried even when the other fails (then the failure is reported). */
async function putBackBoth(request: APIRequestContext, switches: Switches, store: StoreInfo): Promise<void> {
  const restored = await Promise.allSettled([
    putBack(request, STOREFRONT_PATH, switches),
    putBack(request, STORE_PATH, store),
  ]);
  for (const result of restored) if (result.status === 'rejected') throw result.reason;
}

/** The demo product's page: whether its cart button is held back because selling is stopped. */
async function openDemoProduct(page: Page) {
  await page.goto(`/product/${DEMO_PRODUCT.key}`);
  await expect(page.getByRole('heading', { level: 1, name: DEMO_PRODUCT.name })).toBeVisible();
  return page.getByRole('button', { name: 'カートに入れる' });
}

test('an owner saves the registration number typed in full width, stops selling for a moment and sells again', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);

  // (1) An owner of the demo shop, made for this journey, signs in.
  const tag = `${testInfo.project.name}-${Date.now()}`;
  const owner = createStaff({
    email: `e2e-store-owner-${tag}@example.jp`,
    name: `E2E ショップ情報オーナー ${tag}`,
    role: 'owner',
  });
  await page.goto('/admin/inquiries');
  await expect(page.getByRole('heading', { name: '管理画面ログイン' })).toBeVisible();
  await signInStaff(page, owner);
  await expect(page.getByRole('heading', { level: 1, name: '受信箱' })).toBeVisible();
  const storeBefore = await read<StoreInfo>(page.request, STORE_PATH);
  const switchesBefore = await read<Switches>(page.request, STOREFRONT_PATH);
  // The other journeys buy: the demo shop sells.
  expect(switchesBefore.stop_selling_is_use && !switchesBefore.stop_selling_is_selling).toBe(false);

  try {
    // (2) 設定 → ショップ情報, the shop's own screens first on the list.
    await (await adminMenu(page)).getByRole('link', { name: '設定' }).click();
    await expect(page).toHaveURL(/\/admin\/settings$/);
    const cards = page.getByRole('list', { name: '設定の一覧' }).getByRole('listitem');
    await expect(cards.nth(0).getByRole('link')).toHaveText('ショップ情報');
    await expect(cards.nth(1).getByRole('link')).toHaveText('ご利用設定');
    await cards.nth(0).getByRole('link', { name: 'ショップ情報' }).click();
    await expect(page).toHaveURL(/\/admin\/settings\/store$/);
    await expect(page.getByRole('heading', { level: 1, name: 'ショップ情報' })).toBeVisible();

    const store = page.getByRole('form', { name: 'ショップ情報' });
    const shopName = store.getByLabel('ショップ名', { exact: true });
    const registration = store.getByLabel('インボイス登録番号', { exact: true });
    await expect(shopName).toHaveValue(storeBefore.shop_name);
    await expect(registration).toHaveValue(storeBefore.invoice_registration_number);
    expect(await seriousViolations(page, { underCsp: true })).toEqual([]);

    // (3) The number as typed on a Japanese keyboard; the server's normalised form comes back.
    await registration.fill('Ｔ９８７６-５４３２-１０９８７');
    await store.getByRole('button', { name: '保存する' }).click();
    await expect(page.getByRole('status').filter({ hasText: STORE_SAVED })).toBeVisible();
    await expect(registration).toHaveValue('T9876543210987');
    await expect(store.getByRole('alert')).toHaveCount(0);
    expect((await read<StoreInfo>(page.request, STORE_PATH)).invoice_registration_number).toBe('T9876543210987');
    await keepScreenshot(page, testInfo, 'settings-store');

    // (4) The demo's number back, through the screen.
    await registration.fill(storeBefore.invoice_registration_number);
    await store.getByRole('button', { name: '保存する' }).click();
    await expect(page.getByRole('status').filter({ hasText: STORE_SAVED })).toBeVisible();
    await expect(registration).toHaveValue(storeBefore.invoice_registration_number);
    expect(await read<StoreInfo>(page.request, STORE_PATH)).toMatchObject({
      invoice_registration_number: storeBefore.invoice_registration_number,
    });

    // (5) 設定 → ご利用設定: the temporary stop on, 販売中 off, saved.
    await page.getByRole('link', { name: '設定へ戻る' }).click();
    await page.getByRole('list', { name: '設定の一覧' }).getByRole('link', { name: 'ご利用設定' }).click();
    await expect(page).toHaveURL(/\/admin\/settings\/storefront$/);
    await expect(page.getByRole('heading', { level: 1, name: 'ご利用設定' })).toBeVisible();
    const switches = page.getByRole('form', { name: 'ご利用設定' });
    const stopInUse = switches.getByRole('checkbox', { name: '一時販売停止機能を使う' });
    const selling = switches.getByRole('checkbox', { name: '販売中', exact: true });
    await expect(page.getByText(STOPPED_WARNING)).toHaveCount(0);

    await stopInUse.check();
    await expect(selling).toBeVisible();
    await selling.uncheck();
    await switches.getByRole('button', { name: '保存する' }).click();
    await expect(page.getByRole('status').filter({ hasText: STOREFRONT_SAVED })).toBeVisible();
    await expect(page.getByText(STOPPED_WARNING)).toBeVisible();
    expect(await read<Switches>(page.request, STOREFRONT_PATH)).toMatchObject({
      stop_selling_is_use: true,
      stop_selling_is_selling: false,
    });
    await expectNoSidewaysScroll(page);
    expect(await seriousViolations(page, { underCsp: true })).toEqual([]);
    await keepScreenshot(page, testInfo, 'settings-storefront-stopped');

    // (6) The shop's product page: not for sale now, and says why.
    const cartButton = await openDemoProduct(page);
    await expect(cartButton).toBeDisabled();
    await expect(cartButton).toHaveAccessibleDescription(SELLING_STOPPED_TEXT);
    await keepScreenshot(page, testInfo, 'settings-storefront-product-stopped');

    // (7) Selling again, through the screen: the warning goes, the product page no longer says so.
    await page.goto('/admin/settings/storefront');
    await expect(page.getByText(STOPPED_WARNING)).toBeVisible();
    await selling.check();
    if (!switchesBefore.stop_selling_is_use) await stopInUse.uncheck();
    await switches.getByRole('button', { name: '保存する' }).click();
    await expect(page.getByRole('status').filter({ hasText: STOREFRONT_SAVED })).toBeVisible();
    await expect(page.getByText(STOPPED_WARNING)).toHaveCount(0);
    expect(await read<Switches>(page.request, STOREFRONT_PATH)).toMatchObject({
      stop_selling_is_use: switchesBefore.stop_selling_is_use,
      stop_selling_is_selling: true,
    });
    await expect(await openDemoProduct(page)).not.toHaveAccessibleDescription(SELLING_STOPPED_TEXT);
  } finally {
    // Whatever happened above, the journeys after this one meet the demo shop as it was: selling.
    await putBackBoth(page.request, switchesBefore, storeBefore);
  }
});
