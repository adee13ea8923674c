import { expect, keepScreenshot, test } from './support';

test('the news list pages through all announcements and opens one', async ({ page }, testInfo) => {
  await page.goto('/news');
  const items = page.getByRole('main').getByRole('article');
  await expect(page.getByRole('link', { name: /年末年始の営業日と発送スケジュールのご案内/ })).toBeVisible();
  await expect(items).toHaveCount(10);
  await keepScreenshot(page, testInfo, 'news-page-1');

  await page
    .getByRole('navigation', { name: /ページ/ })
    .getByRole('link', { name: '2ページ目' })
    .click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(page.getByRole('link', { name: /年末年始の営業日と発送スケジュールのご案内/ })).toHaveCount(0);
  await expect(items).toHaveCount(10);

  await page
    .getByRole('navigation', { name: /ページ/ })
    .getByRole('link', { name: '3ページ目' })
    .click();
  await expect(items).toHaveCount(4);
  await page.getByRole('link', { name: /オープン記念 全品送料無料/ }).click();
  await expect(page).toHaveURL(/\/news\/n0001$/);
  await expect(page.getByRole('heading', { name: 'オープン記念 全品送料無料' })).toBeVisible();
  await expect(page.getByText('期間中は全品送料無料でお届けします', { exact: false })).toBeVisible();
  // Dates are shown as YYYY.MM.DD.
  await expect(
    page
      .getByRole('main')
      .getByText(/^\d{4}\.\d{2}\.\d{2}$/)
      .first(),
  ).toBeVisible();
  await keepScreenshot(page, testInfo, 'news-detail');

  await page.goBack();
  await expect(page).toHaveURL(/[?&]page=3/);
  await expect(items).toHaveCount(4);
});

test('an unknown news key shows the 404 page', async ({ page }) => {
  await page.goto('/news/n9999');
  await expect(page.getByText('404 Not Found')).toBeVisible();
  await expect(page.getByText('お探しのページが見つかりませんでした。')).toBeVisible();
});
