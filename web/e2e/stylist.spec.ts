import { expect, keepScreenshot, test } from './support';

test('the stylist list opens a stylist whose pick leads to the product', async ({ page }, testInfo) => {
  await page.goto('/stylist');
  await expect(page.getByRole('heading', { level: 1, name: 'スタッフのおすすめ' })).toBeVisible();
  const cards = page.getByRole('list', { name: 'スタッフ一覧' }).getByRole('article');
  await expect(cards).toHaveCount(4);
  await expect(cards.first().getByText('店長')).toBeVisible();
  await keepScreenshot(page, testInfo, 'stylist-list');

  await page.getByRole('link', { name: '高橋 美咲' }).click();
  await expect(page).toHaveURL(/\/stylist\/takahashi-misaki$/);
  await expect(page.getByRole('heading', { level: 1, name: /高橋 美咲/ })).toBeVisible();
  await expect(page.getByText('キャンプツーリング（Rebel 250）')).toBeVisible();
  const picks = page.getByRole('list', { name: 'おすすめ商品' }).getByRole('listitem');
  await expect(picks.first().getByText('軽くて首が疲れにくい。長距離ほど違いがわかります。')).toBeVisible();
  await keepScreenshot(page, testInfo, 'stylist-detail');

  const productLink = picks.first().getByRole('heading', { level: 3 }).getByRole('link');
  const name = (await productLink.textContent()) ?? '';
  await productLink.click();
  await expect(page).toHaveURL(/\/product\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});

test('an unknown stylist shows the 404 page', async ({ page }) => {
  await page.goto('/stylist/nobody');
  await expect(page.getByText('404 Not Found')).toBeVisible();
});
