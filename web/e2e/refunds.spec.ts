/**
 * 返品・返金 (issue 32, docs/contracts/refunds.md) in real Chromium against the real server: the
 * demo member buys two products by card (the sandbox's 4242 4242 4242 4242); an owner made for
 * this journey ships the parcel (only units that left can come back), then on the order page
 * returns one unit of the first line with 在庫に戻す, computes the proposal, keeps its amount,
 * gives the reason, checks the confirmation and records it. The card is refunded at once: the
 * refund reads 返金済 and the payment 一部返金; the member gets 返品を承りました, and their order
 * page shows 返品・返金あり with the refund listed, nothing wider than a phone's screen. The desk's
 * screens have no serious axe violation (with the back office's CSP enforced).
 */
import { expectNoSidewaysScroll } from './member-session';
import { buyTwoByCard, DEMO_MEMBER, trackingNumber } from './order-helpers';
import { createStaff, signInStaff } from './staff-session';
import { expect, keepScreenshot, readMail, seriousViolations, test } from './support';

test('a card order’s returned unit is refunded from the desk, and the member sees 返品・返金あり', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(150_000);

  // (1) The member buys two products by card.
  const orderNo = await buyTwoByCard(page, request);
  const shipmentCode = `${orderNo}-1`;

  // (2) An owner opens the order on the desk and ships the parcel.
  const tag = `${testInfo.project.name}-${Date.now()}`;
  const owner = createStaff({
    email: `e2e-refunds-owner-${tag}@example.jp`,
    name: `E2E 返品オーナー ${tag}`,
    role: 'owner',
  });
  await page.goto(`/admin/orders/${encodeURIComponent(orderNo)}`);
  await expect(page.getByRole('heading', { name: '管理画面ログイン' })).toBeVisible();
  await signInStaff(page, owner);
  await expect(page.getByRole('heading', { level: 1, name: `注文 ${orderNo}`, exact: true })).toBeVisible();
  await page.getByRole('button', { name: `${shipmentCode}を出荷済みにする`, exact: true }).click();
  const ship = page.getByRole('form', { name: `${shipmentCode}の出荷`, exact: true });
  await ship.getByLabel('送り状番号', { exact: true }).fill(trackingNumber());
  await ship.getByRole('button', { name: '出荷済みにして通知する', exact: true }).click();
  await expect(
    page.getByText(`${shipmentCode}を出荷済みにしました。お客様に発送完了メールを送信しました。`, { exact: true }),
  ).toBeVisible();

  // (3) 返品・返金: one unit of the first line, back into stock, the suggested amount kept.
  await page.getByRole('button', { name: '返品・返金', exact: true }).click();
  const refund = page.getByRole('form', { name: '返品・返金', exact: true });
  const units = refund.getByRole('spinbutton');
  await expect(units).toHaveCount(2);
  await units.first().fill('1');
  await refund.getByRole('button', { name: '計算する', exact: true }).click();
  await expect(refund.getByLabel('計算結果', { exact: true })).toContainText('クレジットカード返金');
  const amount = refund.getByLabel('返金額（円）', { exact: true });
  await expect(amount).toHaveValue(/^[1-9][0-9]*$/);
  const suggested = Number(await amount.inputValue());
  await refund
    .getByRole('group', { name: '在庫', exact: true })
    .getByRole('radio', { name: '在庫に戻す', exact: true })
    .check();
  await refund.getByLabel('理由', { exact: true }).fill('サイズ違いのため返品');
  await expect(refund.getByRole('checkbox', { name: 'お客様にメールを送る', exact: true })).toBeChecked();
  await keepScreenshot(page, testInfo, 'refund-panel');
  expect(await seriousViolations(page, { underCsp: true })).toEqual([]);
  await refund.getByRole('button', { name: '内容を確認する', exact: true }).click();

  const confirm = page.getByRole('dialog', { name: '返品・返金の確認', exact: true });
  await expect(confirm).toContainText(`¥${suggested.toLocaleString('ja-JP')}`);
  await expect(confirm).toContainText('在庫に戻す');
  await expect(confirm).toContainText('× 1点');
  await keepScreenshot(page, testInfo, 'refund-confirm');
  const recordedAfter = Date.now();
  await confirm.getByRole('button', { name: '返品・返金を確定する', exact: true }).click();

  // (4) The card is refunded at once: 返金済, and the order is 一部返金.
  await expect(page.getByText(/^返品・返金 #1 を記録しました/)).toBeVisible();
  const recorded = page.getByRole('article', { name: /^返品・返金 #1/ });
  await expect(recorded).toContainText('返金済');
  await expect(recorded).toContainText(`¥${suggested.toLocaleString('ja-JP')}（クレジットカード返金）`);
  await expect(recorded).toContainText('在庫に戻した');
  await expect(recorded).toContainText('サイズ違いのため返品');
  await expect(page.getByRole('region', { name: 'お支払い', exact: true })).toContainText('一部返金');
  await expect(page.getByRole('region', { name: 'お支払い', exact: true })).toContainText('返金済み額');
  await keepScreenshot(page, testInfo, 'refund-recorded');
  expect(await seriousViolations(page, { underCsp: true })).toEqual([]);
  const mail = await readMail(DEMO_MEMBER.email, { after: recordedAfter, subject: /返品を承りました/ });
  expect(mail.subject).toContain(orderNo);

  // (5) The member's order: 返品・返金あり beside the status, the refund listed; fine on a phone.
  await page.goto('/mypage/order_history');
  await page
    .getByRole('article', { name: new RegExp(orderNo) })
    .getByRole('link', { name: /詳細を見る/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'ご注文詳細', exact: true })).toBeVisible();
  await expect(page.getByText(`注文番号 ${orderNo}`, { exact: true })).toBeVisible();
  await expect(page.getByText('返品・返金あり', { exact: true })).toBeVisible();
  const listed = page.getByRole('region', { name: '返品・返金', exact: true });
  await expect(listed).toContainText('× 1点');
  await expect(listed).toContainText(`¥${suggested.toLocaleString('ja-JP')}`);
  await expect(listed).toContainText('クレジットカード返金');
  await expect(listed).toContainText('返金済');
  expect(await seriousViolations(page, { underCsp: true })).toEqual([]);
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(listed).toBeVisible();
  await expectNoSidewaysScroll(page);
  await keepScreenshot(page, testInfo, 'refund-member-order');
});
