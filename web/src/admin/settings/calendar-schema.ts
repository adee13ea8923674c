/**
 * 営業日カレンダー's form (docs/contracts/settings-calendar.md): its values (the month shown, the
 * weekly closed days as the seven checkboxes give them, the holiday rule as its two radios, and
 * the month's own closed dates with their reasons), their rules (react-hook-form rules, as the
 * rest of the back office, in the server's own words), what each day of the grid shows as they
 * are now (before they are saved), the body 保存する sends, and the server's 422 spread back onto
 * the fields. The server checks everything again.
 */
import type { RegisterOptions } from 'react-hook-form';
import { maxLength } from '../../lib/validators';
import { AdminApiError, errorText } from '../api/admin-client';
import { MESSAGES as CARRIAGE_MESSAGES } from './carriage-schema';
import { dayLabel } from './calendar-grid';
import type { CalendarDay, CalendarSettings, CalendarSettingsInput } from './calendar-types';

/** A closed date's reason, in characters once trimmed (empty is allowed). */
export const REASON_MAX = 40;

/** The server's messages, said here before it is asked, and the screen's own words. */
export const MESSAGES = {
  allWeek: 'すべての曜日を定休日にはできません。',
  reasonTooLong: '理由は40文字以内で入力してください。',
  wholeMonth: 'ひと月すべてを休業日にはできません。営業日を1日以上残してください。',
  /** Beside 前の月 / 次の月 while the form has changes. */
  saveFirst: '保存してから月を移動してください。',
  /** Above the form when a save was refused (with what no field shows). */
  summary: CARRIAGE_MESSAGES.summary,
} as const;

/** The holiday rule's two radios. */
export type HolidayRule = 'closed' | 'open';

export interface ClosedDateValue {
  /** `2026-12-29`. */
  date: string;
  /** As typed. */
  reason: string;
}

export interface CalendarValues {
  /** The month shown (`2026-12`); not a box, but what the save is for and where its 422 goes. */
  month: string;
  /** The checked weekdays, `'0'` (日) to `'6'` (土), as the checkboxes give them. */
  weekly_closed: string[];
  holidays_closed: HolidayRule;
  /** The month's own closed dates, in date order. */
  closed_dates: ClosedDateValue[];
}

/** The month as the form shows it. */
export function calendarValues(settings: CalendarSettings): CalendarValues {
  return {
    month: settings.month,
    weekly_closed: [...settings.weekly_closed].sort((a, b) => a - b).map(String),
    holidays_closed: settings.holidays_closed ? 'closed' : 'open',
    closed_dates: settings.days
      .filter((day) => day.closed_reason !== null && day.closed_reason !== undefined)
      .map((day) => ({ date: day.date, reason: day.closed_reason ?? '' })),
  };
}

/** The weekdays checked, as numbers in ascending order (react-hook-form gives one box's group an array). */
export function weeklyDays(checked: readonly string[] | string | boolean | undefined | null): number[] {
  const list = Array.isArray(checked) ? checked : typeof checked === 'string' ? [checked] : [];
  const days = list.map(Number).filter((day) => Number.isInteger(day) && day >= 0 && day <= 6);
  return [...new Set(days)].sort((a, b) => a - b);
}

/** The form as 保存する sends it, with the version it was read at (reasons trimmed). */
export function calendarBody(values: CalendarValues, version: number): CalendarSettingsInput {
  return {
    version,
    month: values.month,
    weekly_closed: weeklyDays(values.weekly_closed),
    holidays_closed: values.holidays_closed === 'closed',
    closed_dates: values.closed_dates.map(({ date, reason }) => ({ date, reason: reason.trim() })),
  };
}

/** The rules that close days by themselves, as the form has them now. */
export interface CalendarRules {
  weekly: readonly number[];
  holidaysClosed: boolean;
}

/** Why a day of the grid is closed, or that it is open. */
export type DayKind = 'weekly' | 'holiday' | 'own' | 'open';

export interface DayState {
  kind: DayKind;
  /** Closed by a rule (定休日, a holiday while the shop closes on them): shown closed, not a toggle. */
  byRule: boolean;
  /** The shop's own closed date (the toggle's pressed state). */
  own: boolean;
  /** The day's button: 「12月29日(火) 休業日」, 「12月23日(水) 祝日 天皇誕生日 休業」, 「12月1日(火) 営業日」. */
  label: string;
  /** Why a day closed by a rule is no toggle: 「定休日です」 / 「祝日です」. */
  title: string | undefined;
}

/** What a day of the grid shows: the rules as checked now (before they are saved) decide first. */
export function dayState(day: CalendarDay, rules: CalendarRules, own: boolean, today: string): DayState {
  const holiday = day.holiday_name ?? null;
  const weekly = rules.weekly.includes(day.weekday);
  const byHoliday = holiday !== null && rules.holidaysClosed;
  const kind: DayKind = weekly ? 'weekly' : byHoliday ? 'holiday' : own ? 'own' : 'open';
  const status = { weekly: '定休日', holiday: '休業', own: '休業日', open: '営業日' }[kind];
  const label = [
    dayLabel(day.date),
    holiday === null ? null : `祝日 ${holiday}`,
    status,
    day.date === today ? '今日' : null,
  ]
    .filter(Boolean)
    .join(' ');
  const title = kind === 'weekly' ? '定休日です' : kind === 'holiday' ? '祝日です' : undefined;
  return { kind, byRule: kind === 'weekly' || kind === 'holiday', own, label, title };
}

/** Whether, with these rules and own closed dates, the month keeps a business day. */
export function keepsBusinessDay(
  days: readonly CalendarDay[],
  rules: CalendarRules,
  own: ReadonlySet<string>,
): boolean {
  return days.some((day) => dayState(day, rules, own.has(day.date), '').kind === 'open');
}

/** `closed_dates`, with `date` put in its place (date order). */
export function withClosedDate(
  dates: readonly ClosedDateValue[],
  date: string,
): { at: number; value: ClosedDateValue } {
  const at = dates.findIndex((candidate) => candidate.date > date);
  return { at: at < 0 ? dates.length : at, value: { date, reason: '' } };
}

export const calendarRules = {
  weekly_closed: {
    validate: (checked: string[]): true | string => weeklyDays(checked).length < 7 || MESSAGES.allWeek,
  },
  reason: {
    validate: (reason: string): true | string =>
      maxLength(reason.trim(), REASON_MAX) === null || MESSAGES.reasonTooLong,
  },
} satisfies {
  weekly_closed: RegisterOptions<CalendarValues, 'weekly_closed'>;
  reason: RegisterOptions<CalendarValues, `closed_dates.${number}.reason`>;
};

/** A form field the server names (`closed_dates[3].reason` is `closed_dates.3.reason`), or null for one no field shows. */
export type CalendarField =
  | 'month'
  | 'weekly_closed'
  | 'holidays_closed'
  | 'closed_dates'
  | `closed_dates.${number}.date`
  | `closed_dates.${number}.reason`;

export function calendarFieldOf(key: string): CalendarField | null {
  if (key === 'month' || key === 'weekly_closed' || key === 'holidays_closed' || key === 'closed_dates') return key;
  const item = /^closed_dates\[(\d+)\]\.(date|reason)$/.exec(key);
  return item ? `closed_dates.${Number(item[1])}.${item[2] as 'date' | 'reason'}` : null;
}

/** Where a field stands in the form: the month, 定休日, 祝日, the grid's message, then each closed date's date and reason. */
function formOrder(name: CalendarField): number {
  const fixed = ['month', 'weekly_closed', 'holidays_closed', 'closed_dates'].indexOf(name);
  if (fixed >= 0) return fixed;
  const [, index, part] = name.split('.');
  return 10 + Number(index) * 2 + (part === 'reason' ? 1 : 0);
}

export interface CalendarErrors {
  /** Each field's first message, in the form's order. */
  fields: { name: CalendarField; message: string }[];
  /** The form's alert: the summary and what no field shows (the version's), or the failure's message. */
  alert: string;
}

/** A refused save (422) as messages for the fields and the form's alert; any other failure as its message. */
export function calendarErrors(error: unknown): CalendarErrors {
  if (!(error instanceof AdminApiError) || Object.keys(error.errors).length === 0) {
    return { fields: [], alert: errorText(error) };
  }
  const fields: CalendarErrors['fields'] = [];
  const other: string[] = [];
  for (const [key, messages] of Object.entries(error.errors)) {
    const message = messages[0];
    if (!message) continue;
    const name = calendarFieldOf(key);
    if (name) fields.push({ name, message });
    else if (!other.includes(message)) other.push(message);
  }
  // In the form's order (the server's keys come sorted by name): the first one takes the focus.
  fields.sort((a, b) => formOrder(a.name) - formOrder(b.name));
  return { fields, alert: [MESSAGES.summary, ...other].join('\n') };
}
