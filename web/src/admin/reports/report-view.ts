/**
 * 売上's view as the address keeps it (`?from=…&to=…&grain=…&by=…`, so a view can be bookmarked
 * and reloaded), the period's quick choices (今日, 昨日, 今月, 先月, 過去30日, 今年, all Japan days),
 * the words of the grains and breakdowns, and the figures the cards derive (客単価, 前期間比).
 */
import { formatDay, todayInJapan } from '../ui/date-time';
import type { BreakdownBy, ReportFigures, ReportGrain } from './report-types';

export interface ReportView {
  from: string;
  to: string;
  grain: ReportGrain;
  by: BreakdownBy;
}

export const GRAINS: readonly { code: ReportGrain; label: string }[] = [
  { code: 'day', label: '日別' },
  { code: 'week', label: '週別' },
  { code: 'month', label: '月別' },
  { code: 'weekday', label: '曜日別' },
  { code: 'hour', label: '時間帯別' },
];

export const BREAKDOWNS: readonly {
  code: BreakdownBy;
  label: string;
  /** An item breakdown: fees and points belong to the order, not to an item (they are 0). */
  itemised: boolean;
}[] = [
  { code: 'product', label: '商品別', itemised: true },
  { code: 'sku', label: 'SKU別', itemised: true },
  { code: 'category', label: 'カテゴリ別', itemised: true },
  { code: 'payment', label: '決済方法別', itemised: false },
  { code: 'prefecture', label: '都道府県別', itemised: false },
  { code: 'customer', label: '会員・ゲスト・法人', itemised: false },
  { code: 'new_repeat', label: '新規・リピート', itemised: false },
  { code: 'tax_rate', label: '税率別', itemised: true },
];

/** The columns of every report table and CSV after the label, in the contract's order. */
export const FIGURE_COLUMNS: readonly { key: keyof ReportFigures; label: string; money: boolean }[] = [
  { key: 'orders', label: '注文数', money: false },
  { key: 'items', label: '点数', money: false },
  { key: 'gross', label: '総売上', money: true },
  { key: 'discounts', label: 'クーポン値引', money: true },
  { key: 'points', label: 'ポイント利用', money: true },
  { key: 'fees', label: '送料・手数料', money: true },
  { key: 'returns', label: '返品・返金・キャンセル', money: true },
  { key: 'net', label: '純売上', money: true },
];

export const RULE_TEXT =
  '注文は注文日に、返金・キャンセルはその日に計上します。後日の返金で過去の月の数字は変わりません。';
export const ITEMISED_NOTE = '商品別の数字に送料・手数料・ポイント利用は含みません。';

const DEFAULT_GRAIN: ReportGrain = 'day';
const DEFAULT_BY: BreakdownBy = 'product';

function isGrain(value: string | null): value is ReportGrain {
  return GRAINS.some((grain) => grain.code === value);
}

function isBreakdown(value: string | null): value is BreakdownBy {
  return BREAKDOWNS.some((breakdown) => breakdown.code === value);
}

// ---- Japan days as `YYYY-MM-DD` -----------------------------------------------------------------

/** A `YYYY-MM-DD` day as midnight UTC (only its calendar fields are used). */
function dayDate(day: string): Date {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date));
}

function dayText(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** `day` moved by `days` (negative: earlier). */
export function addDays(day: string, days: number): string {
  const date = dayDate(day);
  date.setUTCDate(date.getUTCDate() + days);
  return dayText(date);
}

/** The first day of `day`'s month. */
export function firstOfMonth(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/** The quick choices of the period, for `today` (a Japan day). */
export function periodPresets(today: string): { label: string; from: string; to: string }[] {
  const lastMonthEnd = addDays(firstOfMonth(today), -1);
  return [
    { label: '今日', from: today, to: today },
    { label: '昨日', from: addDays(today, -1), to: addDays(today, -1) },
    { label: '今月', from: firstOfMonth(today), to: today },
    { label: '先月', from: firstOfMonth(lastMonthEnd), to: lastMonthEnd },
    { label: '過去30日', from: addDays(today, -29), to: today },
    { label: '今年', from: `${today.slice(0, 4)}-01-01`, to: today },
  ];
}

// ---- the address --------------------------------------------------------------------------------

/**
 * The view the address asks for; what it leaves out is the server's default (this month so far,
 * 日別, 商品別). The dates go to the server as written (it answers 422 for a wrong one); an unknown
 * grain or breakdown falls back to the default (the screen only offers known ones).
 */
export function readView(params: URLSearchParams, today: string = todayInJapan()): ReportView {
  const grain = params.get('grain');
  const by = params.get('by');
  return {
    from: params.get('from') || firstOfMonth(today),
    to: params.get('to') || today,
    grain: isGrain(grain) ? grain : DEFAULT_GRAIN,
    by: isBreakdown(by) ? by : DEFAULT_BY,
  };
}

/** The address's query for `view` (every part written, so a bookmark keeps the period). */
export function viewSearch(view: ReportView): string {
  return `?${new URLSearchParams({ from: view.from, to: view.to, grain: view.grain, by: view.by })}`;
}

/** `2026/11/01〜2026/11/30` (one day: `2026/11/01`). */
export function periodText(from: string, to: string): string {
  return from === to ? formatDay(from) : `${formatDay(from)}〜${formatDay(to)}`;
}

/** The label of a grain the server answered (its `grain` is a string in the schema). */
export function grainLabel(grain: string): string {
  return GRAINS.find((item) => item.code === grain)?.label ?? '';
}

export function breakdownLabel(by: string): string {
  return BREAKDOWNS.find((item) => item.code === by)?.label ?? '';
}

export function isItemised(by: string): boolean {
  return BREAKDOWNS.some((item) => item.code === by && item.itemised);
}

// ---- what the cards derive ----------------------------------------------------------------------

/** 客単価: net ÷ orders rounded down, or null with no orders (shown 「—」). */
export function averageOrder(figures: ReportFigures): number | null {
  return figures.orders > 0 ? Math.floor(figures.net / figures.orders) : null;
}

const PERCENT = new Intl.NumberFormat('ja-JP', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/**
 * 「前期間比 +12.3%」, or null when there is nothing to compare with (the previous figure is 0 or
 * there is none, or this period has none).
 */
export function changeText(current: number | null, previous: number | null): string | null {
  if (current === null || previous === null || previous === 0) return null;
  const change = ((current - previous) / Math.abs(previous)) * 100;
  const shown = PERCENT.format(Math.abs(change));
  const sign = shown === '0.0' ? '±' : change > 0 ? '+' : '-';
  return `前期間比 ${sign}${shown}%`;
}
