/**
 * ポイント設定 (issue 33, docs/contracts/settings-points.md) in real Chromium against the real
 * server: a member of the demo shop first reads on マイページ → ポイント that purchases earn 1%.
 * The journey's owner then opens 設定 → ポイント設定, sees the demo's 1%, types 60 (refused: the
 * message under the box; the server refuses it with the same words), then 3 and saves. The
 * member's points page now says 3%. Last, the owner puts 1% back through the screen; should the
 * journey fail on the way, the demo's 1% is put back through the API, so the other journeys meet
 * the demo shop's points whatever happens here. Desktop only: one box, nothing laid out per width.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSidewaysScroll, freshMember, logIn, mypageMenu } from './member-session';
import { adminMenu, signInStaff } from './staff-session';
import { expect, keepScreenshot, seriousViolations, test } from './support';

const PATH = '/v1/admin/settings/points';
/** The demo shop's earn rate (percent), which the other journeys expect. */
const DEMO_RATE = 1;
const RATE_MESSAGE = 'ポイント付与率は0から50までの整数（%）で入力してください。';
const SAVED = 'ポイント設定を保存しました。';

interface PointSettings {
  version: number;
  earn_rate: number;
}

/** The setting as the server has it (the page's staff cookie goes along). */
async function readPoints(request: APIRequestContext): Promise<PointSettings> {
  const answer = await request.get(PATH);
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as PointSettings;
}

/** The demo's rate saved again over whatever the journey left (nothing when it is already so). */
async function putBack(request: APIRequestContext): Promise<void> {
  const now = await readPoints(request);
  if (now.earn_rate === DEMO_RATE) return;
  const answer = await request.put(PATH, { data: { version: now.version, earn_rate: DEMO_RATE } });
  expect(answer.status(), await answer.text()).toBe(200);
}

const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What the member's ポイント page says purchases earn. */
async function expectMemberRate(page: Page, rate: number): Promise<void> {
  await page.goto('/mypage/point');
  await expect(page.getByRole('heading', { level: 1, name: 'ポイント' })).toBeVisible();
  const balance = page.getByRole('region', { name: 'ポイント残高' });
  await expect(balance).toContainText('1ポイント＝1円としてお支払いに使えます。');
  await expect(balance).toContainText(`ご購入金額の${rate}%がたまります。`);
}

test('an owner sets the point earn rate to 3%, a member’s points page says so, and the owner puts 1% back', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);

  // (1) The owner signs in (the staff cookie is the back office's own, beside a member's session).
  await page.goto('/admin/inquiries');
  await expect(page.getByRole('heading', { name: '管理画面ログイン' })).toBeVisible();
  await signInStaff(page, 'points');
  await expect(page.getByRole('heading', { level: 1, name: '受信箱' })).toBeVisible();

  try {
    const before = await readPoints(page.request);
    expect(before.earn_rate).toBe(DEMO_RATE);

    // (2) A member of the demo shop, in the same browser: purchases earn the demo's 1%.
    const member = await freshMember(page, testInfo, 'points');
    await logIn(page, member);
    await expect(page).toHaveURL(/\/mypage$/);
    await mypageMenu(page).getByRole('link', { name: 'ポイント' }).click();
    await expect(page).toHaveURL(/\/mypage\/point$/);
    await expectMemberRate(page, DEMO_RATE);

    // (3) 設定 → ポイント設定, from the menu.
    await page.goto('/admin/inquiries');
    await (await adminMenu(page)).getByRole('link', { name: '設定' }).click();
    await expect(page).toHaveURL(/\/admin\/settings$/);
    await expect(page.getByRole('heading', { level: 1, name: '設定' })).toBeVisible();
    const list = page.getByRole('list', { name: '設定の一覧' });
    await expect(list.getByRole('link', { name: '送料設定' })).toBeVisible();
    await expect(list).toContainText('ご注文で付与するポイントの率を設定します。');
    await list.getByRole('link', { name: 'ポイント設定' }).click();
    await expect(page).toHaveURL(/\/admin\/settings\/points$/);
    await expect(page.getByRole('heading', { level: 1, name: 'ポイント設定' })).toBeVisible();

    const form = page.getByRole('form', { name: 'ポイント設定' });
    const rate = form.getByLabel('ポイント付与率（%）');
    await expect(rate).toHaveValue(String(DEMO_RATE));
    await expect(form).toContainText('例: 10,000円のご注文で100ポイント');
    await expect(form).not.toContainText('ポイントは使われていません。');
    await expectNoSidewaysScroll(page);
    expect(await seriousViolations(page, { underCsp: true })).toEqual([]);
    await keepScreenshot(page, testInfo, 'settings-points');

    // (4) 60%: over 50, refused with the message under the box; nothing saved. The server says the same.
    await rate.fill('60');
    await expect(form).not.toContainText('例:');
    await form.getByRole('button', { name: '保存する' }).click();
    await expect(form.getByRole('alert')).toContainText('入力内容を確認してください。');
    await expect(rate).toHaveAttribute('aria-invalid', 'true');
    await expect(rate).toHaveAccessibleDescription(new RegExp(`^${escaped(RATE_MESSAGE)}`));
    await expect(form.getByText(RATE_MESSAGE, { exact: true })).toBeVisible();
    await keepScreenshot(page, testInfo, 'settings-points-refused');
    expect(await readPoints(page.request)).toEqual(before);
    const refused = await page.request.put(PATH, { data: { version: before.version, earn_rate: 60 } });
    expect(refused.status()).toBe(422);
    expect(((await refused.json()) as { errors: Record<string, string[]> }).errors.earn_rate).toEqual([RATE_MESSAGE]);

    // (5) 3%, saved.
    await rate.fill('3');
    await expect(form).toContainText('例: 10,000円のご注文で300ポイント');
    await form.getByRole('button', { name: '保存する' }).click();
    await expect(page.getByRole('status').filter({ hasText: SAVED })).toBeVisible();
    await expect(rate).toHaveValue('3');
    await expect(rate).not.toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByRole('alert')).toHaveCount(0);
    expect(await readPoints(page.request)).toEqual({ version: before.version + 1, earn_rate: 3 });

    // (6) The member's points page says 3% at once.
    await expectMemberRate(page, 3);
    await keepScreenshot(page, testInfo, 'settings-points-member');

    // (7) The owner puts the demo's 1% back through the screen; the member reads 1% again.
    await page.goto('/admin/settings/points');
    await expect(page.getByRole('heading', { level: 1, name: 'ポイント設定' })).toBeVisible();
    await expect(rate).toHaveValue('3');
    await rate.fill(String(DEMO_RATE));
    await form.getByRole('button', { name: '保存する' }).click();
    await expect(page.getByRole('status').filter({ hasText: SAVED })).toBeVisible();
    await expect(rate).toHaveValue(String(DEMO_RATE));
    expect(await readPoints(page.request)).toEqual({ version: before.version + 2, earn_rate: DEMO_RATE });
    await expectMemberRate(page, DEMO_RATE);
  } finally {
    // Whatever happened above, the other journeys meet the demo's rate.
    await putBack(page.request);
  }
});
