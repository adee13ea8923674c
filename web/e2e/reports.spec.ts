/**
 * 売上 (issue 33, docs/contracts/reports.md) in real Chromium against the real server: an owner
 * made for this journey notes today's figures as the server has them, the demo member buys two
 * products (one unit each) by card, the owner ships the parcel and refunds one unit of the first
 * line on the order page's 返品・返金 panel. Then 売上 from the menu, 今日: today's row of the table
 * and the waterfall have grown by the sale (総売上, and what the order paid) and by the refund
 * (返品・返金・キャンセル), 純売上 by the sale less the refund; 「CSVダウンロード」 gives UTF-8 with a
 * BOM whose today row and 合計 row hold the screen's numbers. At a phone's width the cards stack
 * and the table scrolls in its own box, the page never sideways. No serious axe violation (with
 * the back office's CSP enforced).
 *
 * Other journeys order and refund today too (one at a time: playwright.config.ts runs one
 * worker), so the figures are checked as today's figures before this journey plus its own order.
 */
import { readFileSync } from 'node:fs';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { expectNoSidewaysScroll } from './member-session';
import { buyTwoByCard, trackingNumber } from './order-helpers';
import { adminMenu, createStaff, signInStaff } from './staff-session';
import { expect, keepScreenshot, seriousViolations, test } from './support';

/** The figures of a report row, in the table's and the CSV's column order. */
const FIGURES = ['orders', 'items', 'gross', 'discounts', 'points', 'fees', 'returns', 'net'] as const;
type Figures = Record<(typeof FIGURES)[number], number>;

const CSV_HEADER = [
  '期間',
  '注文数',
  '点数',
  '総売上',
  'クーポン値引',
  'ポイント利用',
  '送料・手数料',
  '返品・返金・キャンセル',
  '純売上',
];

/** The waterfall's steps (their labels without the signs) and the figure each shows. */
const STEPS = [
  ['総売上', 'gross'],
  ['クーポン値引', 'discounts'],
  ['ポイント利用', 'points'],
  ['送料・手数料', 'fees'],
  ['返品・返金・キャンセル', 'returns'],
  ['純売上', 'net'],
] as const;

const JAPAN_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today in Japan, `YYYY-MM-DD`. */
function japanToday(): string {
  return JAPAN_DAY.format(new Date());
}

/** A day's row label as the server writes it: `11/26(木)`. */
function dayLabel(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const weekday = '日月火水木金土'[new Date(Date.UTC(year, month - 1, date)).getUTCDay()];
  return `${month}/${date}(${weekday})`;
}

/**
 * The journey counts on today staying today (the order and the refund on the same Japan day as
 * the figures read first): close to midnight in Japan, it waits for the next day.
 */
async function roomInTheDay(testInfo: TestInfo, needed: number) {
  const JST_MS = 9 * 60 * 60 * 1000;
  const DAY_MS = 24 * 60 * 60 * 1000;
  const left = DAY_MS - ((Date.now() + JST_MS) % DAY_MS);
  if (left > needed) return;
  test.setTimeout(testInfo.timeout + left + 5_000);
  await new Promise((resolve) => setTimeout(resolve, left + 2_000));
}

/** Yen as the back office writes it: `¥12,345`, `-¥500`. */
function yen(value: number): string {
  return `${value < 0 ? '-' : ''}¥${Math.abs(value).toLocaleString('ja-JP')}`;
}

/** An amount or a count as the table shows it (`¥12,345`, `-¥500`, `3`) as a number. */
function numberOf(text: string): number {
  const plain = text.replace(/[¥,\s]/g, '');
  expect(plain, `a number: ${text}`).toMatch(/^-?\d+$/);
  return Number(plain);
}

/** Today's figures as the server has them now (the JSON the screen reads, with the staff cookie). */
async function figuresOf(page: Page, day: string): Promise<Figures> {
  const answer = await page.request.get(`/v1/admin/reports/sales?from=${day}&to=${day}&grain=day`);
  expect(answer.status()).toBe(200);
  const report = (await answer.json()) as { rows: { key: string; figures: Figures }[] };
  expect(report.rows.map((row) => row.key)).toEqual([day]);
  return report.rows[0]!.figures;
}

interface DeskOrder {
  subtotal: number;
  coupon_discount: number;
  point_discount: number;
  total_carriage: number;
  payment_fee: number;
  packing_fee: number;
  total_payment: number;
  shipments: { lines: { quantity: number }[] }[];
}

async function deskOrder(page: Page, orderNo: string): Promise<DeskOrder> {
  const answer = await page.request.get(`/v1/admin/orders/${encodeURIComponent(orderNo)}`);
  expect(answer.status()).toBe(200);
  return (await answer.json()) as DeskOrder;
}

/** The figures of the table's row headed `label` (合計 for the total), as numbers. */
async function rowFigures(table: Locator, label: string): Promise<number[]> {
  const row = table.getByRole('row').filter({ has: table.page().getByRole('rowheader', { name: label, exact: true }) });
  await expect(row).toHaveCount(1);
  const cells = await row.getByRole('cell').allTextContents();
  return cells.map(numberOf);
}

/** The figure a definition list shows under the term `label` (a card, a waterfall step). */
function definition(list: Locator, label: string): Locator {
  const page = list.page();
  return list
    .locator('div')
    .filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^[−+＝]?${label}$`) }) })
    .getByRole('definition')
    .first();
}

/** RFC 4180 CSV (quoted fields, doubled quotes, CRLF) as rows of fields, empty lines dropped. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows.filter((fields) => fields.some((value) => value !== ''));
}

test('売上 counts today’s card order and its refund on today’s row, and the CSV holds the screen’s figures', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  await roomInTheDay(testInfo, 180_000);
  const today = japanToday();
  const label = dayLabel(today);

  // (1) An owner made for this journey signs in; today's figures before its order.
  const tag = `${testInfo.project.name}-${Date.now()}`;
  const owner = createStaff({
    email: `e2e-reports-owner-${tag}@example.jp`,
    name: `E2E 売上オーナー ${tag}`,
    role: 'owner',
  });
  await page.goto('/admin/orders');
  await expect(page.getByRole('heading', { name: '管理画面ログイン' })).toBeVisible();
  await signInStaff(page, owner);
  await expect(page.getByRole('heading', { level: 1, name: '受注管理', exact: true })).toBeVisible();
  const before = await figuresOf(page, today);

  // (2) The demo member buys two products by card: one order of two units.
  const orderNo = await buyTwoByCard(page, request);
  const shipmentCode = `${orderNo}-1`;
  const order = await deskOrder(page, orderNo);
  const units = order.shipments.flatMap((shipment) => shipment.lines).reduce((n, line) => n + line.quantity, 0);
  expect(units).toBe(2);
  const fees = order.total_carriage + order.payment_fee + order.packing_fee;
  // The sale as 純売上 counts it is what the order paid.
  const sale = order.subtotal - order.coupon_discount - order.point_discount + fees;
  expect(sale).toBe(order.total_payment);

  // (3) The owner ships the parcel, then refunds one unit of the first line (the amount suggested).
  await page.goto(`/admin/orders/${encodeURIComponent(orderNo)}`);
  await expect(page.getByRole('heading', { level: 1, name: `注文 ${orderNo}`, exact: true })).toBeVisible();
  await page.getByRole('button', { name: `${shipmentCode}を出荷済みにする`, exact: true }).click();
  const ship = page.getByRole('form', { name: `${shipmentCode}の出荷`, exact: true });
  await ship.getByLabel('送り状番号', { exact: true }).fill(trackingNumber());
  await ship.getByRole('button', { name: '出荷済みにして通知する', exact: true }).click();
  await expect(
    page.getByText(`${shipmentCode}を出荷済みにしました。お客様に発送完了メールを送信しました。`, { exact: true }),
  ).toBeVisible();

  await page.getByRole('button', { name: '返品・返金', exact: true }).click();
  const panel = page.getByRole('form', { name: '返品・返金', exact: true });
  await panel.getByRole('spinbutton').first().fill('1');
  await panel.getByRole('button', { name: '計算する', exact: true }).click();
  await expect(panel.getByLabel('計算結果', { exact: true })).toContainText('クレジットカード返金');
  const amount = panel.getByLabel('返金額（円）', { exact: true });
  await expect(amount).toHaveValue(/^[1-9][0-9]*$/);
  const refunded = Number(await amount.inputValue());
  await panel
    .getByRole('group', { name: '在庫', exact: true })
    .getByRole('radio', { name: '在庫に戻す', exact: true })
    .check();
  await panel.getByLabel('理由', { exact: true }).fill('売上の確認のための返品');
  await panel.getByRole('button', { name: '内容を確認する', exact: true }).click();
  await page
    .getByRole('dialog', { name: '返品・返金の確認', exact: true })
    .getByRole('button', { name: '返品・返金を確定する', exact: true })
    .click();
  await expect(page.getByText(/^返品・返金 #1 を記録しました/)).toBeVisible();
  await expect(page.getByRole('article', { name: /^返品・返金 #1/ })).toContainText('返金済');

  // (4) 売上 from the menu, 今日.
  const menu = await adminMenu(page);
  await menu.getByRole('link', { name: '売上', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: '売上', exact: true })).toBeVisible();
  const period = page.getByRole('form', { name: '期間と集計単位', exact: true });
  await period.getByRole('button', { name: '今日', exact: true }).click();
  await expect(period.getByRole('button', { name: '今日', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(new RegExp(`[?&]from=${today}&to=${today}&grain=day`));
  await expect(period.getByLabel('開始日', { exact: true })).toHaveValue(today);
  await expect(period.getByLabel('終了日', { exact: true })).toHaveValue(today);

  // Today's row: the sale on the day it was placed, the refund on the day it was recorded.
  const expected: Figures = {
    orders: before.orders + 1,
    items: before.items + 2,
    gross: before.gross + order.subtotal,
    discounts: before.discounts + order.coupon_discount,
    points: before.points + order.point_discount,
    fees: before.fees + fees,
    returns: before.returns + refunded,
    net: before.net + sale - refunded,
  };
  const table = page.getByRole('table', { name: `日別の売上（${today.replaceAll('-', '/')}）`, exact: true });
  await expect(table).toBeVisible();
  const shown = await rowFigures(table, label);
  expect(shown).toEqual(FIGURES.map((key) => expected[key]));
  // 純売上 = 総売上 − クーポン値引 − ポイント利用 + 送料・手数料 − 返品・返金・キャンセル, and it grew by the
  // sale less the refund.
  const [, , gross, discounts, points, fee, returns, net] = shown as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  expect(net).toBe(gross - discounts - points + fee - returns);
  expect(net - before.net).toBe(sale - refunded);
  // One day: 合計 is that day.
  expect(await rowFigures(table, '合計')).toEqual(shown);

  // The waterfall and the cards say the same.
  const waterfall = page.getByRole('region', { name: '純売上の計算', exact: true });
  await expect(waterfall).toContainText(
    '注文は注文日に、返金・キャンセルはその日に計上します。後日の返金で過去の月の数字は変わりません。',
  );
  for (const [step, key] of STEPS) {
    await expect(definition(waterfall, step)).toHaveText(yen(expected[key]));
  }
  const summary = page.getByRole('region', { name: '概要', exact: true });
  await expect(definition(summary, '純売上')).toHaveText(yen(expected.net));
  await expect(definition(summary, '注文数')).toHaveText(`${expected.orders.toLocaleString('ja-JP')}件`);
  await keepScreenshot(page, testInfo, 'reports-today');
  expect(await seriousViolations(page, { underCsp: true })).toEqual([]);

  // (5) 「CSVダウンロード」: UTF-8 with a BOM, the screen's rows.
  const sales = page.getByRole('region', { name: '日別の売上', exact: true });
  const downloading = page.waitForEvent('download');
  await sales.getByRole('button', { name: 'CSVダウンロード', exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`売上_${today}_${today}_day.csv`);
  const bytes = readFileSync(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows = parseCsv(new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes.subarray(3)));
  expect(rows[0]).toEqual(CSV_HEADER);
  expect(rows.map((fields) => fields[0])).toEqual(['期間', label, '合計']);
  expect(rows[1]!.slice(1).map(Number)).toEqual(shown);
  expect(rows[2]!.slice(1).map(Number)).toEqual(await rowFigures(table, '合計'));
  // Plain digits (no separators), as the contract says.
  for (const value of [...rows[1]!.slice(1), ...rows[2]!.slice(1)]) expect(value).toMatch(/^-?\d+$/);

  // (6) At a phone's width: the cards stack, the table scrolls in its own box, the page does not.
  await page.setViewportSize({ width: 375, height: 740 });
  const card = (name: string) =>
    summary.locator('div').filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${name}$`) }) });
  const first = await card('純売上').boundingBox();
  const second = await card('注文数').boundingBox();
  expect(first).not.toBeNull();
  expect(second).not.toBeNull();
  // One under the other, at the same left edge.
  expect(second!.y).toBeGreaterThanOrEqual(first!.y + first!.height);
  expect(Math.abs(second!.x - first!.x)).toBeLessThan(1);
  const box = page.getByRole('region', { name: `日別の売上（${today.replaceAll('-', '/')}）`, exact: true });
  expect(await box.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  await expectNoSidewaysScroll(page);
  await keepScreenshot(page, testInfo, 'reports-phone');
});
