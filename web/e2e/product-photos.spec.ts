/**
 * 商品画像 (issue 31) in real Chromium against the real server: an owner opens a demo product on
 * 商品管理 (searched for by its code), takes its stock picture off, and in 「商品画像」 adds two
 * photos made in the test (a 640×480 JPEG and a 480×360 PNG, drawn on a canvas: the server decodes
 * and resizes them for real). They show as thumbnails from /media/, the first marked 「メイン」;
 * 「前へ」 moves the second first, it gets a 代替テキスト, and 保存する keeps both, as a reload
 * shows. A text file named .jpg is refused with the server's Japanese words. A visitor then opens
 * the product page: its main picture is the moved photo — an <img> with a `srcset` of /media/
 * widths, the typed alt, and loaded (naturalWidth > 0). The section has no serious axe violation
 * (the back office's CSP enforced). A short @phone check uploads two photos at 375 px (without
 * saving) and finds them one per row.
 */
import type { Locator, Page } from '@playwright/test';
import { expectNoSidewaysScroll } from './member-session';
import { drawPhoto } from './photo-files';
import { signInStaff } from './staff-session';
import { expect, keepScreenshot, seriousViolations, test } from './support';

/** A demo product no other journey looks at (a cleaner for screens, its one stock picture). */
const PRODUCT_CODE = 'DT-17706';

/** The two photos of the journey, as the file box takes them. */
async function twoPhotos(page: Page) {
  return [
    { name: 'e2e-front.jpg', mimeType: 'image/jpeg', buffer: await drawPhoto(page, 'image/jpeg', 640, 480, 200) },
    { name: 'e2e-side.png', mimeType: 'image/png', buffer: await drawPhoto(page, 'image/png', 480, 360, 20) },
  ];
}

function photosSection(page: Page): Locator {
  return page.getByRole('group', { name: '商品画像' });
}

function tiles(page: Page): Locator {
  return page.getByRole('list', { name: '商品画像の並び' }).getByRole('listitem');
}

/** The thumbnail of the tile `index` (decorative: alt ""). */
function thumbOf(page: Page, index: number): Locator {
  return tiles(page).nth(index).locator('img');
}

/** Signs in on 商品管理, searches it for the demo product by its code and opens it. */
async function openProduct(page: Page): Promise<void> {
  await page.goto('/admin/products');
  await expect(page.getByRole('heading', { name: '管理画面ログイン' })).toBeVisible();
  await signInStaff(page, 'photos');
  await expect(page.getByRole('heading', { level: 1, name: '商品管理' })).toBeVisible();
  const search = page.getByRole('form', { name: '商品の検索' });
  await search.getByLabel('キーワード').fill(PRODUCT_CODE);
  await search.getByRole('button', { name: '検索' }).click();
  const row = page
    .getByRole('table', { name: /^商品一覧/ })
    .getByRole('row')
    .filter({ has: page.getByText(PRODUCT_CODE, { exact: true }) });
  await expect(row).toHaveCount(1);
  await row.getByRole('link').click();
  await expect(page).toHaveURL(/\/admin\/products\/[^/?]+$/);
  await expect(photosSection(page)).toBeVisible();
}

/** Takes every picture the product has off the form (not saved yet), the last one first. */
async function removeAllPhotos(page: Page): Promise<void> {
  for (let count = await tiles(page).count(); count > 0; count -= 1) {
    await page.getByRole('button', { name: `${count}枚目の画像を削除` }).click();
    await expect(tiles(page)).toHaveCount(count - 1);
  }
  await expect(photosSection(page).getByText('画像はまだありません。')).toBeVisible();
}

test.describe('product photos', () => {
  test.setTimeout(120_000);

  test('an owner adds two photos, puts the second first with an alt text, and the product page shows it', async ({
    page,
  }, testInfo) => {
    const alt = `E2E 正面から見た画像 ${Date.now()}`;

    // (1) The demo product on 商品管理; its stock picture taken off the form.
    await openProduct(page);
    const productUrl = page.url();
    const name = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? '';
    expect(name).not.toBe('');
    await expect(tiles(page).first()).toBeVisible();
    await removeAllPhotos(page);

    // (2) Two photos chosen at once: uploaded one after the other, shown as /media/ thumbnails in
    // the order chosen, the first marked メイン.
    const section = photosSection(page);
    await section.getByLabel('画像を追加').setInputFiles(await twoPhotos(page));
    await expect(section.getByRole('status')).toHaveText('2枚の画像を追加しました。保存すると商品に反映されます。', {
      timeout: 20_000,
    });
    await expect(tiles(page)).toHaveCount(2);
    const first = (await thumbOf(page, 0).getAttribute('src')) ?? '';
    const second = (await thumbOf(page, 1).getAttribute('src')) ?? '';
    expect(first).toMatch(/^\/media\//);
    expect(second).toMatch(/^\/media\//);
    expect(second).not.toBe(first);
    for (const index of [0, 1]) {
      await expect(thumbOf(page, index)).toHaveAttribute('srcset', /\/media\/\S+ \d+w, /);
      await expect
        .poll(() => thumbOf(page, index).evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
    }
    await expect(tiles(page).nth(0)).toContainText('1枚目メイン');
    await expect(tiles(page).nth(1)).toContainText('2枚目');
    await expect(tiles(page).nth(1)).not.toContainText('メイン');
    await expect(page.getByRole('button', { name: '1枚目を前へ移動' })).toBeDisabled();
    // At desktop width the tiles stand side by side (a phone has one a row: the @phone check).
    const [box0, box1] = [await tiles(page).nth(0).boundingBox(), await tiles(page).nth(1).boundingBox()];
    expect(box0 && box1 && Math.abs(box0.y - box1.y) < 1 && box1.x > box0.x + box0.width - 1).toBe(true);

    // (3) A text file named .jpg: the server reads the bytes and refuses it in Japanese.
    await section.getByLabel('画像を追加').setInputFiles({
      name: 'not-a-photo.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('これは画像ではありません。\n', 'utf8'),
    });
    const refused = section.getByRole('list', { name: 'アップロード' }).getByRole('alert');
    await expect(refused).toHaveText('not-a-photo.jpg：JPEG・PNG・WebPの画像を選んでください。');
    await expect(tiles(page)).toHaveCount(2);
    await section.getByRole('button', { name: 'not-a-photo.jpg のお知らせを閉じる' }).click();
    await expect(refused).toHaveCount(0);

    // (4) 「前へ」 on the second: it is the first (メイン) now; its 代替テキスト typed.
    await page.getByRole('button', { name: '2枚目を前へ移動' }).click();
    await expect(section.getByRole('status')).toHaveText('画像を1枚目に移動しました。メイン画像になりました。');
    await expect(thumbOf(page, 0)).toHaveAttribute('src', second);
    await expect(thumbOf(page, 1)).toHaveAttribute('src', first);
    await expect(tiles(page).nth(0)).toContainText('1枚目メイン');
    // The keyboard stays on the moved picture (now first: its 後へ, 前へ being disabled).
    await expect(page.getByRole('button', { name: '1枚目を後へ移動' })).toBeFocused();
    await page.getByLabel('1枚目の代替テキスト').fill(alt);
    await keepScreenshot(page, testInfo, 'product-photos-form');
    expect(await seriousViolations(page, { underCsp: true })).toEqual([]);

    // (5) 保存する; a reload reads the product again: the order and the alt text are kept.
    await page.getByRole('button', { name: '保存する' }).click();
    await expect(page.getByText(`「${name}」を保存しました。`)).toBeVisible();
    await page.reload();
    await expect(tiles(page)).toHaveCount(2);
    await expect(thumbOf(page, 0)).toHaveAttribute('src', second);
    await expect(thumbOf(page, 1)).toHaveAttribute('src', first);
    await expect(tiles(page).nth(0)).toContainText('1枚目メイン');
    await expect(page.getByLabel('1枚目の代替テキスト')).toHaveValue(alt);
    // An empty alt text becomes the product's name.
    await expect(page.getByLabel('2枚目の代替テキスト')).toHaveValue(name);
    const storeLink = page.getByRole('link', { name: /ストアで見る/ });
    await expect(storeLink).toHaveAttribute('href', /^\/product\//);
    const storePath = (await storeLink.getAttribute('href')) ?? '';
    expect(page.url()).toBe(productUrl);

    // (6) A visitor: the product page's main picture is the moved photo, in several widths from
    // /media/, with the typed alt text, and it loads.
    await page.goto(storePath);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const main = page.locator('img[fetchpriority="high"]');
    await expect(main).toHaveCount(1);
    await expect(main).toHaveAttribute('src', second);
    await expect(main).toHaveAttribute('alt', alt);
    const srcset = (await main.getAttribute('srcset')) ?? '';
    const widths = srcset.split(',').map((entry) => entry.trim());
    expect(widths.length, srcset).toBeGreaterThanOrEqual(2);
    for (const entry of widths) expect(entry).toMatch(/^\/media\/\S+ \d+w$/);
    expect(srcset).toContain(second);
    await expect
      .poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    const shown = await main.evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(new URL(shown).pathname).toMatch(/^\/media\//);
    // Content-hashed names: kept for a year by the browser and any cache.
    const media = await page.request.get(shown);
    expect(media.ok()).toBe(true);
    expect(media.headers()['content-type']).toMatch(/^image\//);
    expect(media.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    const thumbs = page.getByRole('list', { name: '商品画像の一覧' }).getByRole('button');
    await expect(thumbs).toHaveCount(2);
    await expect(thumbs.first()).toHaveAccessibleName(`画像1を表示（${alt}）`);
    await keepScreenshot(page, testInfo, 'product-photos-store');
  });

  // @phone: at 375 px the tiles stand one a row (the grid's column is the whole width), with the
  // three buttons of each within reach, and nothing is wider than the screen.
  test('the photo section lists one picture a row on a phone @phone', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'the phone layout only: the desktop journey covers the section');
    await openProduct(page);
    await removeAllPhotos(page);
    await photosSection(page)
      .getByLabel('画像を追加')
      .setInputFiles(await twoPhotos(page));
    await expect(tiles(page)).toHaveCount(2, { timeout: 20_000 });
    const list = await page.getByRole('list', { name: '商品画像の並び' }).boundingBox();
    const [box0, box1] = [await tiles(page).nth(0).boundingBox(), await tiles(page).nth(1).boundingBox()];
    expect(list && box0 && box1).toBeTruthy();
    expect(Math.abs(box0!.x - box1!.x)).toBeLessThan(1);
    expect(box1!.y).toBeGreaterThanOrEqual(box0!.y + box0!.height);
    expect(box0!.width).toBeGreaterThan(list!.width - 1);
    const remove = page.getByRole('button', { name: '2枚目の画像を削除' });
    await remove.scrollIntoViewIfNeeded();
    await expect(remove).toBeInViewport({ ratio: 1 });
    await expectNoSidewaysScroll(page);
    await keepScreenshot(page, testInfo, 'product-photos-phone');
    expect(await seriousViolations(page, { underCsp: true })).toEqual([]);
    // Not saved: the product keeps its pictures.
  });
});
