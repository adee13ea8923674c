/**
 * 会員管理 (issue 33, docs/contracts/member-desk.md) in real Chromium against the real server: a
 * member registered for this journey locks their account with five wrong passwords. An owner made
 * for this journey opens 会員 from the menu, finds the member by e-mail (the row says ロック中),
 * opens their page, unlocks the account, flags them 要注意 with a note and gives 300 points with a
 * reason. The member can then log in again, and their own points page says 300. Under 操作履歴 the
 * owner finds the 要注意 change by スタッフ and 操作. At a phone's width the list and the member's
 * page never scroll sideways.
 */
import type { APIRequestContext } from '@playwright/test';
import { expectNoSidewaysScroll, freshMember } from './member-session';
import { adminMenu, createStaff, signInStaff } from './staff-session';
import { botCheckHeaders, expect, keepScreenshot, test } from './support';

async function logInThroughApi(request: APIRequestContext, email: string, password: string) {
  return request.post('/v1/auth/login', {
    headers: await botCheckHeaders(request),
    data: { username: email, password },
  });
}

test('staff find a locked member, unlock them, flag them and give points @phone', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const member = await freshMember(page, testInfo, 'member-desk', { request });
  for (let i = 0; i < 5; i += 1) {
    expect((await logInThroughApi(request, member.email, 'wrong-pass1')).status()).toBe(422);
  }
  const locked = await logInThroughApi(request, member.email, member.password);
  expect(((await locked.json()) as { code?: string }).code).toBe('auth.login.locked');

  const tag = `${testInfo.project.name}-${Date.now()}`;
  const ownerName = `E2E 会員オーナー ${tag}`;
  const owner = createStaff({
    email: `e2e-members-owner-${tag}@example.jp`,
    name: ownerName,
    role: 'owner',
  });
  await page.goto('/admin/orders');
  await signInStaff(page, owner);
  await expect(page.getByRole('heading', { level: 1, name: '受注管理', exact: true })).toBeVisible();

  // The list: found by e-mail, shown locked.
  const menu = await adminMenu(page);
  await menu.getByRole('link', { name: '会員', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: '会員管理' })).toBeVisible();
  await page.getByLabel('フリーワード').fill(member.email);
  await page.getByRole('button', { name: '検索', exact: true }).click();
  const row = page.getByRole('row').filter({ hasText: member.email });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('ロック中')).toBeVisible();
  await expect(row.getByText('0回')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await keepScreenshot(page, testInfo, 'member-list');

  // The member's page: unlock, 要注意, points.
  await row.getByRole('link', { name: '試験 花子' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '試験 花子' })).toBeVisible();
  await expect(page.getByText('ロックされています')).toBeVisible();
  await page.getByRole('button', { name: 'ロックを解除', exact: true }).click();
  await page.getByRole('button', { name: 'ロックを解除する' }).click();
  await expect(page.getByText('ロックを解除しました。')).toBeVisible();
  await expect(page.getByText('ロックされていません。')).toBeVisible();

  const caution = page.getByRole('form', { name: '要注意の設定' });
  await caution.getByLabel('要注意の会員にする').check();
  await caution.getByLabel('メモ').fill('受取拒否が2回あり。電話で確認してから出荷');
  await caution.getByRole('button', { name: '保存する' }).click();
  await expect(page.getByText('要注意に設定しました。')).toBeVisible();
  await expect(page.getByText('受取拒否が2回あり。電話で確認してから出荷').first()).toBeVisible();

  const adjust = page.getByRole('form', { name: 'ポイントを調整' });
  await adjust.getByLabel('ポイント', { exact: true }).fill('300');
  await adjust.getByLabel('理由').fill('配送遅延のお詫び');
  await adjust.getByRole('button', { name: 'ポイントを調整する' }).click();
  await expect(page.getByText(/300ptを付与しました。保有ポイントは300ptです。/)).toBeVisible();
  await expect(page.getByRole('cell', { name: /配送遅延のお詫び/ })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await keepScreenshot(page, testInfo, 'member-page');

  // 操作履歴: the change, found by who made it and what it was.
  await (await adminMenu(page)).getByRole('link', { name: '操作履歴' }).click();
  const filters = page.getByRole('form', { name: '操作履歴の絞り込み' });
  await filters.getByLabel('スタッフ').selectOption({ label: ownerName });
  await filters.getByLabel('操作').selectOption({ label: '会員の要注意設定' });
  await filters.getByRole('button', { name: '絞り込む' }).click();
  const entries = page.getByRole('row').filter({ hasText: '会員の要注意設定' });
  await expect(entries).toHaveCount(1);
  await expect(entries).toContainText(
    '試験 花子 要注意: なし→あり（メモ「受取拒否が2回あり。電話で確認してから出荷」）',
  );
  await expectNoSidewaysScroll(page);

  // The member logs in again and has the points.
  const back = await logInThroughApi(request, member.email, member.password);
  expect(back.status()).toBe(200);
  const { access_token: token } = (await back.json()) as { access_token: string };
  const points = await request.get('/v1/me/points', { headers: { Authorization: `Bearer ${token}` } });
  expect(((await points.json()) as { balance: number }).balance).toBe(300);
});
