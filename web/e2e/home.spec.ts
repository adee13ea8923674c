import { expect, keepScreenshot, onHost, test } from './support';

test('the home page shows the shop and its content from the API', async ({ page }, testInfo) => {
  await page.goto('/');
  await expect(page.getByRole('banner')).toContainText('ライドパーツ本舗');
  await expect(page.getByRole('heading', { name: '走りを変える、確かなパーツを。' })).toBeVisible();
  // A visitor sees the guest block, not the member one (a guest free area has the same title).
  await expect(page.getByRole('heading', { name: 'はじめての方へ' })).toBeVisible();
  await expect(page.getByText('会員様へのお知らせ')).toHaveCount(0);
  // The latest news from the news API.
  await expect(page.getByRole('link', { name: /年末年始の営業日と発送スケジュールのご案内/ })).toBeVisible();
  // The caution notice slot.
  await expect(page.getByText('12月29日(火)〜1月4日(月)は休業とさせていただきます。', { exact: false })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('© 2026 ライドパーツ本舗');
  await keepScreenshot(page, testInfo, 'home');
});

test('blocks follow the device: phone-only and desktop-only content @phone', async ({ page }, testInfo) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: '走りを変える、確かなパーツを。' })).toBeVisible();
  const phone = testInfo.project.name === 'phone';
  await expect(page.getByText('スマートフォンでのご利用')).toHaveCount(phone ? 1 : 0);
  await expect(page.getByText('営業日のご案内')).toHaveCount(phone ? 0 : 1);
});

test('a closed notice stays closed after a reload', async ({ page }) => {
  await page.goto('/');
  const notice = page.getByText('12月29日(火)〜1月4日(月)は休業とさせていただきます。', { exact: false });
  await expect(notice).toBeVisible();
  await page
    .getByRole('button', { name: /閉じる/ })
    .first()
    .click();
  await expect(notice).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: '走りを変える、確かなパーツを。' })).toBeVisible();
  await expect(notice).toHaveCount(0);
});

test('the corporate shop answers on its own host with its own theme', async ({ page }, testInfo) => {
  await page.goto(onHost('corporate.localhost'));
  await expect(page.getByRole('banner')).toContainText('ライドパーツ 業販サイト');
  await expect(page.getByRole('heading', { name: '販売店様の仕入れを、もっとスムーズに。' })).toBeVisible();
  const primary = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim(),
  );
  expect(primary.toLowerCase()).toBe('#1a3a6b');
  await keepScreenshot(page, testInfo, 'corporate-home');
});
