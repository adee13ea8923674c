import { describe, expect, it } from 'vitest';
import {
  addMonths,
  dayLabel,
  isKnownMonth,
  MONTH_FIRST,
  MONTH_LAST,
  monthHeading,
  monthWeeks,
  parseMonth,
  todayInJapan,
  weekdayOf,
} from './calendar-grid';

/** A month's days as the server sends them (only what the grid reads). */
function days(month: string, count: number, firstWeekday: number) {
  return Array.from({ length: count }, (_, index) => ({
    date: `${month}-${String(index + 1).padStart(2, '0')}`,
    weekday: (firstWeekday + index) % 7,
  }));
}

const dates = (weeks: ({ date: string } | null)[][]) => weeks.map((week) => week.map((day) => day?.date.slice(8)));

describe('monthWeeks: a month as weeks from Sunday to Saturday', () => {
  it('leaves the days before the 1st and after the last empty', () => {
    // 2026年12月: the 1st is a Tuesday, the 31st a Thursday.
    const weeks = monthWeeks(days('2026-12', 31, 2));
    expect(dates(weeks)).toEqual([
      [undefined, undefined, '01', '02', '03', '04', '05'],
      ['06', '07', '08', '09', '10', '11', '12'],
      ['13', '14', '15', '16', '17', '18', '19'],
      ['20', '21', '22', '23', '24', '25', '26'],
      ['27', '28', '29', '30', '31', undefined, undefined],
    ]);
    expect(weeks[0]?.[0]).toBeNull();
    expect(weeks[4]?.[6]).toBeNull();
  });

  it('needs no padding for a February that starts on a Sunday, and six weeks for a long month that starts late', () => {
    expect(dates(monthWeeks(days('2026-02', 28, 0)))).toEqual([
      ['01', '02', '03', '04', '05', '06', '07'],
      ['08', '09', '10', '11', '12', '13', '14'],
      ['15', '16', '17', '18', '19', '20', '21'],
      ['22', '23', '24', '25', '26', '27', '28'],
    ]);
    // 2026年8月: the 1st is a Saturday.
    const august = monthWeeks(days('2026-08', 31, 6));
    expect(august).toHaveLength(6);
    expect(august.every((week) => week.length === 7)).toBe(true);
    expect(dates(august)[0]).toEqual([undefined, undefined, undefined, undefined, undefined, undefined, '01']);
    expect(dates(august)[5]).toEqual(['30', '31', undefined, undefined, undefined, undefined, undefined]);
  });

  it('has no weeks without days', () => {
    expect(monthWeeks([])).toEqual([]);
  });
});

describe('months', () => {
  it('moves across the turn of the year both ways', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2027-01', -1)).toBe('2026-12');
    expect(addMonths('2026-05', 0)).toBe('2026-05');
    expect(addMonths('2026-03', -15)).toBe('2024-12');
    expect(addMonths('2026-11', 14)).toBe('2028-01');
    expect(() => addMonths('2026-13', 1)).toThrow(RangeError);
  });

  it('reads only YYYY-MM, and knows the months the server takes', () => {
    expect(parseMonth('2026-12')).toEqual({ year: 2026, month: 12 });
    expect(parseMonth('2026-00')).toBeNull();
    expect(parseMonth('2026-1')).toBeNull();
    expect(isKnownMonth(MONTH_FIRST)).toBe(true);
    expect(isKnownMonth(MONTH_LAST)).toBe(true);
    expect(isKnownMonth(addMonths(MONTH_FIRST, -1))).toBe(false);
    expect(isKnownMonth(addMonths(MONTH_LAST, 1))).toBe(false);
  });

  it('heads a month 「2026年12月」', () => {
    expect(monthHeading('2026-12')).toBe('2026年12月');
    expect(monthHeading('2027-01')).toBe('2027年1月');
  });
});

describe('days', () => {
  it('labels a day with its month, day and weekday', () => {
    expect(dayLabel('2026-12-29')).toBe('12月29日(火)');
    expect(dayLabel('2026-12-01')).toBe('12月1日(火)');
    expect(dayLabel('2027-01-01')).toBe('1月1日(金)');
    expect(dayLabel('2028-02-29')).toBe('2月29日(火)');
    expect(weekdayOf('2026-12-06')).toBe(0);
    expect(weekdayOf('2026-12-05')).toBe(6);
  });

  it('takes today in Japan time, whatever the instant’s zone', () => {
    // 2026-12-31 15:00 UTC is already 元日 in Japan.
    expect(todayInJapan(Date.UTC(2026, 11, 31, 15, 0))).toBe('2027-01-01');
    expect(todayInJapan(Date.UTC(2026, 11, 31, 14, 59))).toBe('2026-12-31');
  });
});
