/**
 * 営業日カレンダー's month view, as pure helpers: months as the API names them (`2026-12`), one
 * month after or before another, the weeks of a month's days (Sunday first, the days of other
 * months left empty), and the words a day and a month are shown with (「12月29日(火)」,
 * 「2026年12月」). Calendar days are dates without a time: they are worked out in UTC so that the
 * browser's zone never moves them; only "today" is Japan's (lib/format's jstParts).
 */
import { jstParts } from '../../lib/format';

/** 日 to 土, as a day's `weekday` (0 = Sunday) picks them. */
export const WEEKDAYS = ['日', '月', '火', '水', '木', '金', '土'] as const;

/** The months the server takes (its holiday table's years, 2007 to 2099). */
export const MONTH_FIRST = '2007-01';
export const MONTH_LAST = '2099-12';

const MONTH = /^(\d{4})-(\d{2})$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad2 = (n: number): string => String(n).padStart(2, '0');

/** `2026-12` as its year and month (1–12), or null when it is no month. */
export function parseMonth(month: string): { year: number; month: number } | null {
  const found = MONTH.exec(month);
  if (!found) return null;
  const value = { year: Number(found[1]), month: Number(found[2]) };
  return value.month >= 1 && value.month <= 12 ? value : null;
}

/** The month `count` months after `month` (before it when negative): `addMonths('2026-12', 1)` is `2027-01`. */
export function addMonths(month: string, count: number): string {
  const parsed = parseMonth(month);
  if (!parsed) throw new RangeError(`not a month: ${month}`);
  const index = parsed.year * 12 + (parsed.month - 1) + count;
  return `${Math.floor(index / 12)}-${pad2((((index % 12) + 12) % 12) + 1)}`;
}

/** Whether the server takes `month` (MONTH_FIRST to MONTH_LAST). */
export function isKnownMonth(month: string): boolean {
  return parseMonth(month) !== null && month >= MONTH_FIRST && month <= MONTH_LAST;
}

/** 「2026年12月」. */
export function monthHeading(month: string): string {
  const parsed = parseMonth(month);
  return parsed ? `${parsed.year}年${parsed.month}月` : month;
}

function parseDate(date: string): { year: number; month: number; day: number } | null {
  const found = DATE.exec(date);
  return found ? { year: Number(found[1]), month: Number(found[2]), day: Number(found[3]) } : null;
}

/** The weekday of `2026-12-29` (0 = Sunday … 6 = Saturday). */
export function weekdayOf(date: string): number {
  const parsed = parseDate(date);
  if (!parsed) throw new RangeError(`not a date: ${date}`);
  return new Date(Date.UTC(parsed.year, parsed.month - 1, parsed.day)).getUTCDay();
}

/** 「12月29日(火)」 for `2026-12-29`. */
export function dayLabel(date: string): string {
  const parsed = parseDate(date);
  if (!parsed) return date;
  return `${parsed.month}月${parsed.day}日(${WEEKDAYS[weekdayOf(date)]})`;
}

/** Today in Japan as `YYYY-MM-DD`, whatever the browser's zone. */
export function todayInJapan(now: number = Date.now()): string {
  const parts = jstParts(now);
  if (!parts) throw new RangeError(`not a point in time: ${now}`);
  return `${parts.year}-${pad2(parts.month)}-${pad2(parts.day)}`;
}

/**
 * A month's days (in order, as the server sends them) as weeks of seven, Sunday first: the first
 * week starts with `null` up to the first day's weekday, the last one is filled up with `null`.
 */
export function monthWeeks<T extends { weekday: number }>(days: readonly T[]): (T | null)[][] {
  const first = days[0];
  if (!first) return [];
  const cells: (T | null)[] = [...Array.from({ length: first.weekday }, () => null), ...days];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (T | null)[][] = [];
  for (let at = 0; at < cells.length; at += 7) weeks.push(cells.slice(at, at + 7));
  return weeks;
}
