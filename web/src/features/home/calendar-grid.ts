/**
 * The business calendar as month grids: weeks from Sunday to Saturday, days outside the month
 * left empty, each day carrying what the server said about it (closed, public holiday).
 */
import type { CalendarDay } from '../../api/types';
import { jstParts } from '../../lib/format';

export interface YearMonth {
  year: number;
  /** 1–12. */
  month: number;
}

export interface CalendarCell {
  date: string;
  day: number;
  weekday: number;
  isClosed: boolean;
  isHoliday: boolean;
  holidayName: string | null;
  isToday: boolean;
}

export interface MonthGrid extends YearMonth {
  /** Rows of seven cells, Sunday first; `null` pads the days of other months. */
  weeks: (CalendarCell | null)[][];
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

export const isoDate = (year: number, month: number, day: number): string => `${year}-${pad2(month)}-${pad2(day)}`;

export function daysInMonth({ year, month }: YearMonth): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function addMonths({ year, month }: YearMonth, count: number): YearMonth {
  const index = year * 12 + (month - 1) + count;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** Today's month in Japan time, whatever the browser's zone. */
export function currentMonth(now: number = Date.now()): YearMonth & { today: string } {
  const p = jstParts(now);
  if (!p) throw new RangeError(`not a point in time: ${now}`);
  return { year: p.year, month: p.month, today: isoDate(p.year, p.month, p.day) };
}

/** The `startDate`/`endDate` of the calendar call for `months` months from `first`. */
export function calendarRange(first: YearMonth, months: number): { startDate: string; endDate: string } {
  const last = addMonths(first, months - 1);
  return {
    startDate: isoDate(first.year, first.month, 1),
    endDate: isoDate(last.year, last.month, daysInMonth(last)),
  };
}

/** One month's grid; days the server did not send count as ordinary open days. */
export function buildMonthGrid(target: YearMonth, days: CalendarDay[], today = ''): MonthGrid {
  const byDate = new Map(days.map((d) => [d.date, d]));
  const firstWeekday = new Date(Date.UTC(target.year, target.month - 1, 1)).getUTCDay();
  const total = daysInMonth(target);
  const cells: (CalendarCell | null)[] = Array.from({ length: firstWeekday }, () => null);
  for (let day = 1; day <= total; day += 1) {
    const date = isoDate(target.year, target.month, day);
    const known = byDate.get(date);
    cells.push({
      date,
      day,
      weekday: (firstWeekday + day - 1) % 7,
      isClosed: known?.is_closed ?? false,
      isHoliday: known?.is_holiday ?? false,
      holidayName: known?.holiday_name ?? null,
      isToday: date === today,
    });
  }
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (CalendarCell | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return { ...target, weeks };
}

/** What a screen reader hears for a day: 「12月6日（日） 休業日」. */
export function describeDay(cell: CalendarCell, month: number): string {
  const notes = [
    cell.holidayName ?? (cell.isHoliday ? '祝日' : null),
    cell.isClosed ? '休業日' : null,
    cell.isToday ? '今日' : null,
  ];
  return [`${month}月${cell.day}日（${WEEKDAYS[cell.weekday]}）`, ...notes.filter(Boolean)].join(' ');
}

export const WEEKDAYS = ['日', '月', '火', '水', '木', '金', '土'] as const;
