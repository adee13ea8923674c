/**
 * 分類管理 (issue 31) in real Chromium against the real server: an owner adds a child category
 * (a name unique to the run) under the demo shop's first top-level category and a tag; 商品管理's
 * form then offers both among its choices. A visitor then finds the new category in the
 * storefront's category tree (the catalogue's caches follow within about a second) and opens it.
 * The screen has no serious axe violation (the back office's CSP enforced). A short @phone check
 * reads the tree as cards at 375 px and opens the tag window there.
 */
import type { Locator, Page } from '@playwright/test';
import { expectNoSidewaysScroll } from './member-session';
import { signInStaff } from './staff-session';
import { expect, keepScreenshot, seriousViolations, test } from './support';

function tree(page: Page): Locator {
  return page.getByRole('table', { name: 'カテゴリ一覧（ツリー順）' });
}

test.describe('taxonomy desk', () => {
  test.setTimeout(90_000);

  test('an owner adds a child category and a tag, the product form offers them, and the storefront lists the category', async ({
    page,
  }, testInfo) => {
    const stamp = Date.now();
    const categoryName = `E2E分類${stamp}`;
    const tagName = `E2Eタグ${stamp}`;

    // (1) The tree, after signing in.
    await page.goto('/admin/catalog/taxonomy');
    await expect(page.getByRole('heading', { name: '管理画面ログイン' })).toBeVisible();
    await signInStaff(page, 'taxonomy');
    await expect(page).toHaveURL(/\/admin\/catalog\/taxonomy$/);
    await expect(page.getByRole('heading', { level: 1, name: '分類管理' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: '管理メニュー' }).getByRole('link', { name: '分類管理' }),
    ).toHaveAttribute('aria-current', 'page');
    const top = tree(page).locator('tbody tr[data-depth="1"]').first();
    await expect(top).toBeVisible();

    // (2) A child under the first top-level category.
    const addChild = top.getByRole('button', { name: /に子カテゴリを追加$/ });
    const parentName =
      /^「(.+)」に子カテゴリを追加$/.exec((await addChild.getAttribute('aria-label')) ?? '')?.[1] ?? '';
    expect(parentName).not.toBe('');
    await addChild.click();
    const dialog = page.getByRole('dialog', { name: 'カテゴリを追加' });
    await expect(dialog.getByLabel('親カテゴリ')).toHaveValue(/.+/);
    await dialog.getByLabel('カテゴリ名').fill(categoryName);
    await dialog.getByRole('button', { name: '追加する' }).click();
    const path = `${parentName} > ${categoryName}`;
    await expect(page.getByText(`カテゴリ「${categoryName}」を追加しました（${path}）。`)).toBeVisible();
    const added = tree(page).getByRole('row').filter({ hasText: path });
    await expect(added).toHaveAttribute('data-depth', '2');
    await expect(added).toContainText('0件');
    await keepScreenshot(page, testInfo, 'taxonomy-desk-tree');
    expect(await seriousViolations(page, { underCsp: true })).toEqual([]);

    // (3) A tag.
    await page.getByRole('navigation', { name: '分類の種類' }).getByRole('link', { name: 'タグ' }).click();
    await expect(page).toHaveURL(/\?tab=tags$/);
    await page.getByRole('button', { name: 'タグを追加' }).click();
    const tagDialog = page.getByRole('dialog', { name: 'タグを追加' });
    await tagDialog.getByLabel('タグ名').fill(tagName);
    await tagDialog.getByRole('button', { name: '追加する' }).click();
    await expect(page.getByText(`タグ「${tagName}」を追加しました。`)).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'タグ一覧' }).getByRole('row').filter({ hasText: tagName }),
    ).toHaveCount(1);
    expect(await seriousViolations(page, { underCsp: true })).toEqual([]);

    // (4) 商品管理's form offers the new category (by its path) and the tag.
    await page.getByRole('navigation', { name: '管理メニュー' }).getByRole('link', { name: '商品管理' }).click();
    await page.getByRole('link', { name: '商品を登録' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '商品の登録' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'カテゴリ' }).getByRole('checkbox', { name: path })).toBeVisible();
    await expect(page.getByRole('group', { name: 'タグ' }).getByRole('checkbox', { name: tagName })).toBeVisible();

    // (5) A visitor: the storefront's category tree lists the new category under its parent (asked
    // again until the catalogue's cache has followed), and it opens.
    await page.goto('/product');
    const panel = page.getByRole('complementary', { name: '絞り込み' });
    const link = panel.getByRole('link', { name: categoryName, exact: true });
    await expect(async () => {
      if (!(await link.isVisible())) await page.reload();
      await expect(link).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await link.click();
    await expect(page).toHaveURL(/[?&]category=[^&]+/);
    await expect(page.getByRole('heading', { level: 1, name: categoryName })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'パンくずリスト' })).toContainText(parentName);
    await keepScreenshot(page, testInfo, 'taxonomy-desk-storefront');
  });

  // @phone: the tree's rows read as cards (a stylesheet's doing), the deeper ones stand in, and
  // nothing is wider than the screen; the tag window fits it.
  test('the taxonomy desk fits a phone @phone', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'the phone layout only: the desktop journey covers the screens');
    await page.goto('/admin/catalog/taxonomy');
    await signInStaff(page, 'taxonomy');
    const top = tree(page).locator('tbody tr[data-depth="1"]').first();
    const child = tree(page).locator('tbody tr[data-depth="2"]').first();
    await expect(top).toBeVisible();
    expect(await top.evaluate((element) => getComputedStyle(element).display)).toBe('block');
    expect(await child.evaluate((element) => Number.parseFloat(getComputedStyle(element).paddingLeft))).toBeGreaterThan(
      await top.evaluate((element) => Number.parseFloat(getComputedStyle(element).paddingLeft)),
    );
    await expectNoSidewaysScroll(page);
    await keepScreenshot(page, testInfo, 'taxonomy-desk-tree');

    await page.getByRole('navigation', { name: '分類の種類' }).getByRole('link', { name: 'タグ' }).click();
    await page.getByRole('button', { name: 'タグを追加' }).click();
    const dialog = page.getByRole('dialog', { name: 'タグを追加' });
    await expect(dialog.getByRole('button', { name: '追加する' })).toBeInViewport({ ratio: 1 });
    await expectNoSidewaysScroll(page);
    expect(await seriousViolations(page, { underCsp: true })).toEqual([]);
  });
});
