import { describe, expect, it } from 'vitest';
import type { CalendarDay } from '../../api/types';
import { addMonths, buildMonthGrid, calendarRange, currentMonth, daysInMonth, describeDay } from './calendar-grid';

const day = (date: string, extra: Partial<CalendarDay> = {}): CalendarDay => ({
  date,
  weekday: new Date(`${date}T00:00:00Z`).getUTCDay(),
  is_holiday: false,
  holiday_name: null,
  is_closed: false,
  ...extra,
});

describe('calendar grid', () => {
  it('lays a month out in Sunday-first weeks with padding', () => {
    // 2026-12-01 is a Tuesday; December has 31 days → 5 weeks.
    const grid = buildMonthGrid({ year: 2026, month: 12 }, [day('2026-12-06', { is_closed: true })], '2026-12-02');
    expect(grid.weeks).toHaveLength(5);
    expect(grid.weeks.every((w) => w.length === 7)).toBe(true);
    expect(grid.weeks[0]!.slice(0, 2)).toEqual([null, null]);
    expect(grid.weeks[0]![2]).toMatchObject({ date: '2026-12-01', day: 1, weekday: 2, isClosed: false });
    expect(grid.weeks[0]![3]).toMatchObject({ date: '2026-12-02', isToday: true });
    expect(grid.weeks[1]![0]).toMatchObject({ date: '2026-12-06', isClosed: true, weekday: 0 });
    expect(grid.weeks[4]![4]).toMatchObject({ date: '2026-12-31' });
    expect(grid.weeks[4]![5]).toBeNull();
  });

  it('carries public holidays and their names', () => {
    const grid = buildMonthGrid({ year: 2027, month: 1 }, [
      day('2027-01-01', { is_holiday: true, holiday_name: '元日', is_closed: true }),
      day('2027-01-11', { is_holiday: true, holiday_name: '成人の日' }),
    ]);
    const cells = grid.weeks.flat().filter((c) => c !== null);
    expect(cells).toHaveLength(31);
    const newYear = cells[0]!;
    expect(newYear).toMatchObject({ weekday: 5, isHoliday: true, holidayName: '元日', isClosed: true });
    expect(describeDay(newYear, 1)).toBe('1月1日（金） 元日 休業日');
    expect(describeDay(cells[10]!, 1)).toBe('1月11日（月） 成人の日');
    expect(describeDay(cells[2]!, 1)).toBe('1月3日（日）');
  });

  it('starts a month on Sunday without padding and handles February', () => {
    // 2026-02-01 is a Sunday; 28 days → exactly 4 weeks.
    const grid = buildMonthGrid({ year: 2026, month: 2 }, []);
    expect(grid.weeks).toHaveLength(4);
    expect(grid.weeks[0]![0]).toMatchObject({ day: 1, weekday: 0 });
    expect(daysInMonth({ year: 2028, month: 2 })).toBe(29);
  });

  it('asks for this month and the next, across a year end', () => {
    expect(addMonths({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(addMonths({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(calendarRange({ year: 2026, month: 12 }, 2)).toEqual({ startDate: '2026-12-01', endDate: '2027-01-31' });
    expect(calendarRange({ year: 2027, month: 1 }, 2)).toEqual({ startDate: '2027-01-01', endDate: '2027-02-28' });
  });

  it('takes the month in Japan time', () => {
    // 2026-11-30 16:00 UTC is already 1 December in Japan.
    expect(currentMonth(Date.UTC(2026, 10, 30, 16, 0))).toEqual({ year: 2026, month: 12, today: '2026-12-01' });
    expect(currentMonth(Date.UTC(2026, 10, 30, 14, 59))).toEqual({ year: 2026, month: 11, today: '2026-11-30' });
  });
});
