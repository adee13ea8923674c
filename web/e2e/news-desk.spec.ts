/**
 * お知らせ管理 (issue 33, docs/contracts/news-desk.md) in real Chromium against the real server. A
 * new shop (`shop channel create`, so its /news holds only what this journey writes) and its
 * owner (`shop staff create`, as pages-desk.spec.ts makes one): the owner signs in on the shop's
 * host, opens お知らせ and 新規作成, uploads a picture drawn in the test (the server decodes and
 * resizes it for real), writes a 本文 holding a <strong> and a <script>, ticks 公開する (公開日時
 * is now) and saves: 「お知らせを作成しました。」, and the saved 本文 has lost its script. A
 * customer on the shop's host then finds it on /news with its picture (loaded), and its page
 * shows the bold words and no script. The owner puts it back to draft; /news no longer lists it.
 * A short @phone check: the desk's list is one card per item, and the storefront's thumbnail
 * stands beside its text, nothing wider than the screen.
 */
import type { Browser, Locator, Page } from '@playwright/test';
import { expectNoSidewaysScroll } from './member-session';
import { drawPhoto } from './photo-files';
import { adminMenu, createStaff, signInStaff } from './staff-session';
import { expect, keepScreenshot, onHost, seriousViolations, shopCommand, test } from './support';

const CREATED = 'お知らせを作成しました。';
const SAVED = 'お知らせを保存しました。';

/** A new shop answering on <code>.localhost, with no news yet. */
function newShop(): { code: string; host: string } {
  const code = `news-${Date.now().toString(36)}`;
  shopCommand('channel', 'create', '--code', code, '--name', 'お知らせ確認店', '--host', `${code}.localhost`);
  return { code, host: `${code}.localhost` };
}

/** The shop's owner, signed in on the shop's host (the back office's inbox first). */
async function signInOwner(page: Page, code: string, host: string, tag: string): Promise<void> {
  const owner = createStaff({
    channel: code,
    email: `e2e-news-owner-${tag}@example.jp`,
    name: `E2E お知らせオーナー ${tag}`,
    role: 'owner',
  });
  await page.goto(onHost(host, '/admin/inquiries'));
  await expect(page.getByRole('heading', { name: '管理画面ログイン' })).toBeVisible();
  await signInStaff(page, owner);
  await expect(page.getByRole('heading', { level: 1, name: '受信箱' })).toBeVisible();
}

/** お知らせ from the menu. */
async function openNewsDesk(page: Page): Promise<void> {
  await (await adminMenu(page)).getByRole('link', { name: 'お知らせ', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/content\/news$/);
  await expect(page.getByRole('heading', { level: 1, name: 'お知らせ' })).toBeVisible();
}

/** A customer's own browser on the shop's host: no staff cookie, nothing cached from before. */
async function customerPage(browser: Browser, phone = false): Promise<Page> {
  const context = await browser.newContext({
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    ...(phone ? { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true } : {}),
  });
  return context.newPage();
}

/** An <img>'s natural width once it has loaded (0 before, or for a broken one). */
async function loadedWidth(img: Locator): Promise<number> {
  return img.evaluate((element: HTMLImageElement) => (element.complete ? element.naturalWidth : 0));
}

test('an owner writes a news item with a picture and safe markup, customers read it, and a draft leaves /news', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const { code, host } = newShop();
  const tag = `${testInfo.project.name}-${Date.now()}`;
  const title = `冬のセールのお知らせ ${tag}`;

  // (1) The owner opens お知らせ: nothing yet. 新規作成.
  await signInOwner(page, code, host, tag);
  await openNewsDesk(page);
  await expect(page.getByText('お知らせはまだありません。')).toBeVisible();
  await page.getByRole('link', { name: '新規作成' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'お知らせの作成' })).toBeVisible();
  const editor = page.getByRole('form', { name: 'お知らせの作成' });

  // (2) The fields, a picture uploaded at once, a 本文 with a <strong> and a <script>, 公開する.
  await editor.getByLabel('タイトル', { exact: true }).fill(title);
  await editor.getByLabel('要約', { exact: true }).fill('12月1日から冬のセールを開催します。');
  await editor.getByLabel('カテゴリ', { exact: true }).fill('キャンペーン');
  const picture = editor.getByRole('group', { name: '画像' });
  await picture.getByLabel('画像を選ぶ').setInputFiles({
    name: 'e2e-news.jpg',
    mimeType: 'image/jpeg',
    buffer: await drawPhoto(page, 'image/jpeg', 900, 600, 200),
  });
  const uploaded = picture.getByRole('img', { name: '画像のプレビュー' });
  await expect(uploaded).toHaveAttribute('src', /^\/media\//, { timeout: 20_000 });
  await expect.poll(() => loadedWidth(uploaded)).toBeGreaterThan(0);
  const body = editor.getByRole('textbox', { name: '本文', exact: true });
  await body.fill('<p>冬のセールを開催します。<strong>全品20%オフ</strong>です。</p><script>alert(1)</script>');
  await expect(editor.getByLabel('公開日時', { exact: true })).toHaveValue(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
  await editor.getByRole('checkbox', { name: '公開する' }).check();
  expect(await seriousViolations(page, { underCsp: true })).toEqual([]);
  await keepScreenshot(page, testInfo, 'news-desk-new');

  // (3) 保存する: the item's editor, saying so; the script is gone from what was saved.
  await editor.getByRole('button', { name: '保存する' }).click();
  await expect(page.getByText(CREATED)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'お知らせの編集' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/content\/news\/[^/]+$/);
  const saved = page.getByRole('form', { name: 'お知らせの編集' });
  const savedBody = saved.getByRole('textbox', { name: '本文', exact: true });
  await expect(savedBody).toHaveValue(/<strong>全品20%オフ<\/strong>/);
  await expect(savedBody).not.toHaveValue(/<script/);
  const storeLink = page.getByRole('link', { name: /^お店で見る/ });
  await expect(storeLink).toHaveAttribute('href', /^\/news\/[^/]+$/);
  const newsPath = (await storeLink.getAttribute('href')) ?? '';
  await keepScreenshot(page, testInfo, 'news-desk-created');

  // The list: the item with its thumbnail, 公開中.
  await page.getByRole('link', { name: 'お知らせ一覧へ戻る' }).click();
  const row = page.getByRole('table', { name: 'お知らせ一覧' }).getByRole('row').filter({ hasText: title });
  await expect(row.locator('td[data-label="状態"]')).toHaveText('公開中');
  await expect(row.locator('td[data-label="画像"] img')).toHaveAttribute('src', /^\/media\//);
  expect(await seriousViolations(page, { underCsp: true })).toEqual([]);

  // (4) A customer: /news lists it with its picture, loaded; its page shows the bold words and no script.
  const customer = await customerPage(browser);
  try {
    await customer.goto(onHost(host, '/news'));
    const item = customer.getByRole('main').getByRole('article').filter({ hasText: title });
    await expect(item.getByRole('link', { name: title })).toHaveAttribute('href', newsPath);
    const thumb = item.getByRole('img', { name: title });
    await expect(thumb).toBeVisible();
    await expect(thumb).toHaveAttribute('srcset', /\/media\/\S+ \d+w/);
    await thumb.scrollIntoViewIfNeeded();
    await expect.poll(() => loadedWidth(thumb)).toBeGreaterThan(0);
    await keepScreenshot(customer, testInfo, 'news-desk-storefront-list');

    await item.getByRole('link', { name: title }).click();
    await expect(customer).toHaveURL(new RegExp(`${newsPath}$`));
    const article = customer.getByRole('article', { name: title });
    await expect(article.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const shown = article.getByRole('img', { name: title });
    await expect(shown).toBeVisible();
    await expect.poll(() => loadedWidth(shown)).toBeGreaterThan(0);
    const bold = article.getByText('全品20%オフ', { exact: true });
    await expect(bold).toBeVisible();
    expect(await bold.evaluate((element) => element.tagName)).toBe('STRONG');
    await expect(article.locator('script')).toHaveCount(0);
    await expect(article).not.toContainText('alert(1)');
    await keepScreenshot(customer, testInfo, 'news-desk-storefront-detail');

    // (5) The owner puts it back to draft: saved, 下書き, and /news no longer lists it.
    await row.getByRole('link', { name: title }).click();
    const again = page.getByRole('form', { name: 'お知らせの編集' });
    await again.getByRole('checkbox', { name: '公開する' }).uncheck();
    await again.getByRole('button', { name: '保存する' }).click();
    await expect(page.getByText(SAVED)).toBeVisible();
    await expect(page.getByText('下書きのため、お客様には表示されません。')).toBeVisible();
    await expect(page.getByRole('link', { name: /^お店で見る/ })).toHaveCount(0);

    await customer.goto(onHost(host, '/news'));
    await expect(customer.getByRole('heading', { level: 1, name: 'ニュース' })).toBeVisible();
    await expect(customer.getByRole('link', { name: title })).toHaveCount(0);
    await expect(customer.getByText('ニュースはまだありません。')).toBeVisible();
  } finally {
    await customer.context().close();
  }
});

// @phone: the desk's list is one card per item (its cells one under another, the table no wider
// than the screen), and the storefront's thumbnail stands beside its item's text.
test('the news list is a card per item on a phone, in the desk and in the shop @phone', async ({
  page,
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the phone layout only: the desktop journey covers the rest');
  test.setTimeout(120_000);
  const { code, host } = newShop();
  const tag = `${testInfo.project.name}-${Date.now()}`;
  const title = `スマートフォンで見るお知らせ ${tag}`;

  await signInOwner(page, code, host, tag);
  await openNewsDesk(page);
  await page.getByRole('link', { name: '新規作成' }).click();
  const editor = page.getByRole('form', { name: 'お知らせの作成' });
  await editor.getByLabel('タイトル', { exact: true }).fill(title);
  await editor
    .getByRole('group', { name: '画像' })
    .getByLabel('画像を選ぶ')
    .setInputFiles({
      name: 'e2e-news-phone.png',
      mimeType: 'image/png',
      buffer: await drawPhoto(page, 'image/png', 600, 400, 20),
    });
  await expect(editor.getByRole('img', { name: '画像のプレビュー' })).toHaveAttribute('src', /^\/media\//, {
    timeout: 20_000,
  });
  await editor.getByRole('textbox', { name: '本文', exact: true }).fill('スマートフォンでも読めます。');
  await editor.getByRole('checkbox', { name: '公開する' }).check();
  await editor.getByRole('button', { name: '保存する' }).click();
  await expect(page.getByText(CREATED)).toBeVisible();

  // The desk's list: the item's cells one under another, each the card's width.
  await page.getByRole('link', { name: 'お知らせ一覧へ戻る' }).click();
  const row = page.getByRole('table', { name: 'お知らせ一覧' }).getByRole('row').filter({ hasText: title });
  const thumbCell = await row.locator('td[data-label="画像"]').boundingBox();
  const titleCell = await row.locator('td[data-label="タイトル"]').boundingBox();
  expect(thumbCell && titleCell).toBeTruthy();
  expect(titleCell!.y).toBeGreaterThanOrEqual(thumbCell!.y + thumbCell!.height - 1);
  expect(Math.abs(titleCell!.x - thumbCell!.x)).toBeLessThan(1);
  await expectNoSidewaysScroll(page);
  await keepScreenshot(page, testInfo, 'news-desk-list-phone');

  // The shop's list: the thumbnail on the left of the item's text, on the same line.
  const customer = await customerPage(browser, true);
  try {
    await customer.goto(onHost(host, '/news'));
    const item = customer.getByRole('main').getByRole('article').filter({ hasText: title });
    const thumb = item.getByRole('img', { name: title });
    await expect(thumb).toBeVisible();
    const [picture, link] = [await thumb.boundingBox(), await item.getByRole('link', { name: title }).boundingBox()];
    expect(picture && link).toBeTruthy();
    expect(picture!.x + picture!.width).toBeLessThanOrEqual(link!.x + 1);
    expect(link!.y).toBeLessThan(picture!.y + picture!.height);
    await expectNoSidewaysScroll(customer);
    await keepScreenshot(customer, testInfo, 'news-storefront-list-phone');
  } finally {
    await customer.context().close();
  }
});
