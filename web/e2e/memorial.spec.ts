/**
 * Memorial journeys: the demo member registers a memorial twelve days ahead (the list says
 * 「あと12日」 and the cap from x-limit), edits it, and deletes it again behind the confirmation;
 * the form offers only real days (2/29 yes, 4/31 no); the screens fit a phone without sideways
 * scrolling and pass axe. The demo member's memorials end as they started.
 */
import type { Page, TestInfo } from '@playwright/test';
import { keepScreenshot, seriousViolations, test, expect } from './support';

const DEMO_MEMBER = { email: 'member@example.com', password: 'ride2026demo' };

async function logIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel(/^メールアドレスまたはユーザー名/).fill(DEMO_MEMBER.email);
  await page.getByLabel(/^パスワード/).fill(DEMO_MEMBER.password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page).toHaveURL(/\/mypage$/);
}

/** The day `days` from today in Japan, as month and day. */
function japanDayIn(days: number): { month: number; date: number } {
  const day = new Date(Date.now() + 9 * 3_600_000 + days * 86_400_000);
  return { month: day.getUTCMonth() + 1, date: day.getUTCDate() };
}

/** One person per width: the two projects share the server, so their memorials never meet. */
function person(testInfo: TestInfo) {
  return testInfo.project.name === 'phone'
    ? { name: '経路 二葉', call: '妹', title: '二葉の誕生日' }
    : { name: '経路 一葉', call: '姉', title: '一葉の誕生日' };
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

// @phone: the screens are checked for sideways scrolling, which only a phone's width can show.
test('the demo member adds, edits and deletes a memorial @phone', async ({ page }, testInfo) => {
  const who = person(testInfo);
  const soon = japanDayIn(12);
  await logIn(page);

  await page.goto('/mypage/memorial');
  await expect(page.getByRole('heading', { level: 1, name: '記念日' })).toBeVisible();
  await expect(page.getByText(/10件まで登録できます/)).toBeVisible();
  const card = (title: string) => page.getByRole('article', { name: title, exact: true });
  await expect(card(who.title)).toHaveCount(0);

  await page.getByRole('link', { name: '記念日を登録する' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '記念日の登録' })).toBeVisible();
  // Only real days: February has its 29th, April no 31st.
  const month = page.getByRole('combobox', { name: '月', exact: true });
  const day = page.getByRole('combobox', { name: '日', exact: true });
  await month.selectOption('2');
  await expect(day.getByRole('option').last()).toHaveText('29');
  await month.selectOption('4');
  await expect(day.getByRole('option').last()).toHaveText('30');

  await page.getByLabel(/^お相手のお名前/).fill(who.name);
  await page.getByRole('radio', { name: '誕生日' }).check();
  await page.getByLabel(/^記念日の名前/).fill(who.title);
  await month.selectOption(String(soon.month));
  await day.selectOption(String(soon.date));
  await page.getByLabel(/^呼び方・ご関係/).fill(who.call);
  await expectNoSidewaysScroll(page);
  await keepScreenshot(page, testInfo, 'memorial-add');
  await page.getByRole('button', { name: '登録する' }).click();

  await expect(page).toHaveURL(/\/mypage\/memorial$/);
  await expect(page.getByText('記念日を登録しました。')).toBeVisible();
  await expect(card(who.title)).toContainText('あと12日');
  await expect(card(who.title)).toContainText(`${who.name}（${who.call}）`);
  await expect(card(who.title)).toContainText(`${soon.month}月${soon.date}日`);
  await expectNoSidewaysScroll(page);
  await keepScreenshot(page, testInfo, 'memorial-list');

  // Edit: another name, kept on the same day.
  await card(who.title).getByRole('link', { name: /^編集/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: '記念日の変更' })).toBeVisible();
  await expect(page.getByLabel(/^記念日の名前/)).toHaveValue(who.title);
  await expect(page.getByRole('combobox', { name: '日', exact: true })).toHaveValue(String(soon.date));
  const renamed = `${who.title}（お祝い）`;
  await page.getByLabel(/^記念日の名前/).fill(renamed);
  await page.getByRole('button', { name: '変更を保存する' }).click();
  await expect(page).toHaveURL(/\/mypage\/memorial$/);
  await expect(page.getByText('記念日を変更しました。')).toBeVisible();
  await expect(card(renamed)).toContainText('あと12日');
  await expect(card(who.title)).toHaveCount(0);

  // Delete, after the confirmation.
  await card(renamed).getByRole('button', { name: /^削除/ }).click();
  const dialog = page.getByRole('dialog', { name: '記念日の削除' });
  await expect(dialog).toContainText(renamed);
  await dialog.getByRole('button', { name: '削除する' }).click();
  await expect(page.getByText('記念日を削除しました。')).toBeVisible();
  await expect(card(renamed)).toHaveCount(0);
});

test.describe('accessibility of the memorial screens', () => {
  test.use({ bypassCSP: true });

  // @phone: the screens are checked for sideways scrolling, which only a phone's width can show.
  test('the list and the form (with its errors) have no serious violations @phone', async ({ page }) => {
    await logIn(page);
    await page.goto('/mypage/memorial');
    await expect(page.getByRole('heading', { level: 1, name: '記念日' })).toBeVisible();
    expect(await seriousViolations(page), 'list').toEqual([]);

    await page.goto('/mypage/memorial/add');
    await expect(page.getByRole('heading', { level: 1, name: '記念日の登録' })).toBeVisible();
    await page.getByRole('button', { name: '登録する' }).click();
    await expect(page.getByText('種類を選択してください')).toBeVisible();
    await expect(page.getByLabel(/^お相手のお名前/)).toHaveAttribute('aria-invalid', 'true');
    expect(await seriousViolations(page), 'form with errors').toEqual([]);
    await expectNoSidewaysScroll(page);
  });
});
