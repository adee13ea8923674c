/**
 * レビュー管理 (issue 31) in real Chromium against the real server: an owner opens 承認待ち, finds
 * one of the demo shop's unpublished reviews (「確認中のレビュー」) by its 商品コード, publishes it
 * — the storefront lists it at once — then hides it (it moves to 非公開) and finally deletes it
 * after the question. Each width takes its own review, so the two runs never meet.
 */
import type { Page } from '@playwright/test';
import { expectNoSidewaysScroll } from './member-session';
import { signInStaff } from './staff-session';
import { expect, keepScreenshot, seriousViolations, test } from './support';

/** The demo seed's unpublished review (server/src/seed/catalog.rs): one in five popular items has one. */
const SEEDED_PENDING = '確認中のレビュー';

interface AdminReview {
  id: string;
  product_id: string;
  product_key: string;
  product_code: string;
  title: string;
  status: string;
}

/**
 * A pending seeded review of a product the storefront shows (its reviews answer), read with the
 * staff session the browser holds.
 */
async function pendingReview(page: Page, index: number): Promise<AdminReview> {
  const answer = await page.request.get(
    `/v1/admin/reviews?${new URLSearchParams({ status: 'pending', q: SEEDED_PENDING, per: '100' })}`,
  );
  expect(answer.ok()).toBe(true);
  const { data } = (await answer.json()) as { data: AdminReview[] };
  const seeded = data
    .filter((review) => review.title === SEEDED_PENDING)
    .sort((a, b) => a.product_code.localeCompare(b.product_code));
  const shown: AdminReview[] = [];
  for (const review of seeded) {
    if ((await page.request.get(reviewsPath(review.product_key))).ok()) shown.push(review);
    if (shown.length > index) return review;
  }
  throw new Error(`the demo shop has fewer than ${index + 1} pending seeded reviews on shown products`);
}

function reviewsPath(productKey: string): string {
  return `/v1/products/${encodeURIComponent(productKey)}/reviews?per=100`;
}

/** The titles the storefront lists for the product. */
async function storefrontTitles(page: Page, productKey: string): Promise<string[]> {
  const answer = await page.request.get(reviewsPath(productKey));
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { data: { title: string }[] }).data.map((review) => review.title);
}

// @phone: the cards and their buttons wrap to 375 px (the stylesheet's doing), nothing wider.
test('an owner publishes a pending review, hides it, and deletes it @phone', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await page.goto('/admin/catalog/reviews');
  await expect(page.getByRole('heading', { name: '管理画面ログイン' })).toBeVisible();
  await signInStaff(page, 'reviews');
  await expect(page).toHaveURL(/\/admin\/catalog\/reviews$/);
  await expect(page.getByRole('heading', { level: 1, name: 'レビュー管理' })).toBeVisible();
  const tabs = page.getByRole('navigation', { name: 'レビューの状態の絞り込み' });
  await expect(tabs.getByRole('link', { name: /^承認待ち/ })).toHaveAttribute('aria-current', 'page');

  const review = await pendingReview(page, testInfo.project.name === 'phone' ? 1 : 0);
  expect(await storefrontTitles(page, review.product_key)).not.toContain(SEEDED_PENDING);

  // (1) 承認待ち, narrowed to the product's code: the card, then 公開する.
  const search = page.getByRole('form', { name: 'レビューの検索' });
  await search.getByLabel('キーワード').fill(review.product_code);
  await search.getByRole('button', { name: '検索' }).click();
  await expect(page).toHaveURL(/\/admin\/catalog\/reviews\?q=/);
  const card = page
    .getByRole('article', { name: SEEDED_PENDING })
    .filter({ has: page.getByText(`商品コード ${review.product_code}`, { exact: true }) });
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('img', { name: /^5段階中[1-5]$/ })).toBeVisible();
  await expect(card).toContainText('承認待ち');
  await expect(card.getByRole('link').first()).toHaveAttribute('href', `/admin/products/${review.product_id}`);
  await expectNoSidewaysScroll(page);
  expect(await seriousViolations(page, { underCsp: true })).toEqual([]);
  await keepScreenshot(page, testInfo, 'review-desk-pending');

  await card.getByRole('button', { name: '公開する' }).click();
  await expect(page.getByText(`「${SEEDED_PENDING}」を公開しました。`)).toBeVisible();
  await expect(card).toHaveCount(0);
  expect(await storefrontTitles(page, review.product_key)).toContain(SEEDED_PENDING);

  // (2) 公開中 (the keyword kept): 非公開にする.
  await tabs.getByRole('link', { name: '公開中' }).click();
  await expect(card).toContainText('公開中');
  await card.getByRole('button', { name: '非公開にする' }).click();
  await expect(page.getByText(`「${SEEDED_PENDING}」を非公開にしました。`)).toBeVisible();
  await expect(card).toHaveCount(0);
  expect(await storefrontTitles(page, review.product_key)).not.toContain(SEEDED_PENDING);

  // (3) 非公開: there, with only 公開する and 削除; deleted after the question.
  await tabs.getByRole('link', { name: '非公開' }).click();
  await expect(card).toContainText('非公開');
  await expect(card.getByRole('button', { name: '非公開にする' })).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await keepScreenshot(page, testInfo, 'review-desk-hidden');
  await card.getByRole('button', { name: '削除' }).click();
  const dialog = page.getByRole('dialog', { name: 'レビューを削除' });
  await expect(dialog).toContainText(`「${SEEDED_PENDING}」`);
  await dialog.getByRole('button', { name: '削除する' }).click();
  await expect(page.getByText(`「${SEEDED_PENDING}」を削除しました。`)).toBeVisible();
  await expect(card).toHaveCount(0);
  await tabs.getByRole('link', { name: 'すべて' }).click();
  await expect(page.getByRole('list', { name: 'レビュー一覧（すべて）' })).toBeVisible();
  await expect(card).toHaveCount(0);
});
