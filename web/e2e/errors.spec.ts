import { expect, keepScreenshot, onHost, shopCommand, test } from './support';

test('an unknown path shows the 404 page with a way back to the top', async ({ page }, testInfo) => {
  const answer = await page.goto('/no/such/page');
  expect(answer?.status()).toBe(200);
  await expect(page.getByText('404 Not Found')).toBeVisible();
  await expect(page.getByText('お探しのページが見つかりませんでした。')).toBeVisible();
  await keepScreenshot(page, testInfo, 'not-found');
  await page
    .getByRole('link', { name: 'トップページへ戻る' })
    .or(page.getByRole('button', { name: 'トップページへ戻る' }))
    .click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: '走りを変える、確かなパーツを。' })).toBeVisible();
});

test('an unknown shop shows Page Not Found', async ({ page }, testInfo) => {
  await page.goto(onHost('nope.localhost'));
  await expect(page.getByText('Page Not Found')).toBeVisible();
  await expect(page.getByText('ライドパーツ本舗')).toHaveCount(0);
  await keepScreenshot(page, testInfo, 'invalid-channel');
});

test.describe('maintenance', () => {
  // Off again, and past the server's one-second channel cache, before the next journey.
  test.afterEach(async () => {
    shopCommand('maintenance', 'demo', 'off');
    await new Promise((resolve) => setTimeout(resolve, 1100));
  });

  test('while the shop is in maintenance every page leads to the maintenance notice', async ({ page }, testInfo) => {
    shopCommand('maintenance', 'demo', 'on', '--title', '臨時メンテナンス', '--message', '17時に再開予定です。');
    // The running server learns of the switch within a second (its channel cache).
    await expect(async () => {
      await page.goto('/news');
      await expect(page).toHaveURL(/\/maintenance\/?$/, { timeout: 1000 });
    }).toPass({ timeout: 5000 });
    await expect(page.getByText('臨時メンテナンス')).toBeVisible();
    await expect(page.getByText('17時に再開予定です。')).toBeVisible();
    await keepScreenshot(page, testInfo, 'maintenance');

    shopCommand('maintenance', 'demo', 'off');
    await expect(async () => {
      await page.goto('/');
      await expect(page.getByRole('heading', { name: '走りを変える、確かなパーツを。' })).toBeVisible({
        timeout: 1000,
      });
    }).toPass({ timeout: 5000 });
  });
});
