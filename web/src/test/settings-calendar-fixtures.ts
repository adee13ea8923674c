/**
 * 営業日カレンダー's answers shaped like the API's (docs/contracts/settings-calendar.md), for the
 * screen's tests: the demo shop closed on Sundays and public holidays, with 年末年始 (12月29日
 * to 31日 and 1月2日) its own closed dates, and a back office whose endpoints keep what they are
 * sent — GET answers a month (this month in Japan, the fake's `today`, when none is named) as the
 * saves have left it; PUT checks the contract's rules (422 with its messages, nothing saved),
 * refuses another version (409) and saves the rules and that month's closed dates (version + 1).
 * The holidays are a few real ones around the new year; the days and the next business day are
 * worked out here, apart from the screen's own rules.
 */
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createElement } from 'react';
import { configureAdminApi } from '../admin/api/admin-client';
import { createAdminQueryClient } from '../admin/app/admin-query-client';
import { adminRoutes } from '../admin/app/admin-routes';
import { CalendarPage } from '../admin/settings/calendar-page';
import type { CalendarDay, CalendarSettings, CalendarSettingsInput } from '../admin/settings/calendar-types';
import { type FakeFetch, json } from './fake-fetch';
import { BASE, createAdminFake, type Role } from './render-admin';

export const CALENDAR_API = '/v1/admin/settings/calendar';
export const CALENDAR_PATH = '/admin/settings/calendar';

export const CALENDAR_STALE = 'この設定は他の画面で更新されました。画面を読み込み直してください。';

/** The server's field messages (422). */
export const CALENDAR_MESSAGES = {
  monthShape: '月はYYYY-MMの形式で入力してください。',
  monthRange: '月は2007年から2099年までで指定してください。',
  weekday: '曜日は0（日曜日）から6（土曜日）で指定してください。',
  allWeek: 'すべての曜日を定休日にはできません。',
  dateShape: '日付はYYYY-MM-DDの形式で入力してください。',
  duplicate: '同じ日付が重複しています。',
  reasonTooLong: '理由は40文字以内で入力してください。',
  wholeMonth: 'ひと月すべてを休業日にはできません。営業日を1日以上残してください。',
  version: '版番号がありません。画面を読み込み直してください。',
} as const;

/** 「2026年12月の日付を指定してください。」 */
export const otherMonth = (month: string): string =>
  `${Number(month.slice(0, 4))}年${Number(month.slice(5, 7))}月の日付を指定してください。`;

/** A few of Japan's public holidays (enough for the months the tests show). */
export const HOLIDAYS: Record<string, string> = {
  '2026-11-03': '文化の日',
  '2026-11-23': '勤労感謝の日',
  '2027-01-01': '元日',
  '2027-01-11': '成人の日',
  '2027-02-11': '建国記念の日',
  '2027-02-23': '天皇誕生日',
};

/** The calendar as the fake keeps it: the rules, every month's own closed dates, the version. */
export interface CalendarState {
  version: number;
  weekly_closed: number[];
  holidays_closed: boolean;
  /** date → reason ("" when none was given). */
  closed: Record<string, string>;
}

export function demoCalendar(overrides: Partial<CalendarState> = {}): CalendarState {
  return {
    version: 4,
    weekly_closed: [0],
    holidays_closed: true,
    closed: {
      '2026-12-29': '年末年始休業',
      '2026-12-30': '年末年始休業',
      '2026-12-31': '',
      '2027-01-02': '年末年始休業',
    },
    ...overrides,
  };
}

const pad2 = (n: number): string => String(n).padStart(2, '0');
const MONTH = /^\d{4}-\d{2}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function utc(date: string): Date {
  return new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))));
}

const isoOf = (day: Date): string => `${day.getUTCFullYear()}-${pad2(day.getUTCMonth() + 1)}-${pad2(day.getUTCDate())}`;

function isClosed(state: CalendarState, date: string): boolean {
  return (
    state.weekly_closed.includes(utc(date).getUTCDay()) ||
    (state.holidays_closed && HOLIDAYS[date] !== undefined) ||
    state.closed[date] !== undefined
  );
}

function datesOf(month: string): string[] {
  const [year, number] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  const count = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return Array.from({ length: count }, (_, index) => `${month}-${pad2(index + 1)}`);
}

/** The first business day after `today`, within a year; null when none. */
function nextBusinessDay(state: CalendarState, today: string): string | null {
  const day = utc(today);
  for (let step = 1; step <= 366; step += 1) {
    day.setUTCDate(day.getUTCDate() + 1);
    if (!isClosed(state, isoOf(day))) return isoOf(day);
  }
  return null;
}

/** `month` of the calendar, as GET answers it. */
export function calendarMonth(state: CalendarState, month: string, today = '2026-12-01'): CalendarSettings {
  const days = datesOf(month).map(
    (date): CalendarDay =>
      ({
        date,
        weekday: utc(date).getUTCDay(),
        holiday_name: HOLIDAYS[date] ?? null,
        closed_reason: state.closed[date] ?? null,
        is_closed: isClosed(state, date),
      }) as CalendarDay,
  );
  return {
    version: state.version,
    month,
    weekly_closed: [...state.weekly_closed],
    holidays_closed: state.holidays_closed,
    days,
    next_business_day: nextBusinessDay(state, today),
  } as CalendarSettings;
}

type Errors = Record<string, string[]>;

function monthErrors(month: unknown, errors: Errors) {
  if (
    typeof month !== 'string' ||
    !MONTH.test(month) ||
    Number(month.slice(5, 7)) < 1 ||
    Number(month.slice(5, 7)) > 12
  ) {
    errors.month = [CALENDAR_MESSAGES.monthShape];
  } else if (month < '2007-01' || month > '2099-12') {
    errors.month = [CALENDAR_MESSAGES.monthRange];
  }
}

/** A save the contract takes: every field there, in its shape (the request's are optional). */
interface CheckedSave {
  version: number;
  month: string;
  weekly_closed: number[];
  holidays_closed: boolean;
  closed_dates: { date: string; reason: string }[];
}

/** A save as the contract takes it, or its 422s. */
function check(body: CalendarSettingsInput): { errors: Errors } | { save: CheckedSave } {
  const errors: Errors = {};
  monthErrors(body.month, errors);
  const month = body.month ?? '';
  const weekly = body.weekly_closed ?? [];
  if (weekly.some((day) => !Number.isInteger(day) || day < 0 || day > 6) || new Set(weekly).size !== weekly.length) {
    errors.weekly_closed = [CALENDAR_MESSAGES.weekday];
  } else if (weekly.length === 7) {
    errors.weekly_closed = [CALENDAR_MESSAGES.allWeek];
  }
  const seen = new Set<string>();
  const closedDates = (body.closed_dates ?? []).map(({ date, reason }) => ({
    date: date ?? '',
    reason: (reason ?? '').trim(),
  }));
  closedDates.forEach(({ date, reason }, index) => {
    if (!DATE.test(date) || Number.isNaN(utc(date).getTime())) {
      errors[`closed_dates[${index}].date`] = [CALENDAR_MESSAGES.dateShape];
    } else if (date.slice(0, 7) !== month) {
      errors[`closed_dates[${index}].date`] = [otherMonth(month)];
    } else if (seen.has(date)) {
      errors[`closed_dates[${index}].date`] = [CALENDAR_MESSAGES.duplicate];
    }
    seen.add(date);
    if ([...reason].length > 40) errors[`closed_dates[${index}].reason`] = [CALENDAR_MESSAGES.reasonTooLong];
  });
  if (typeof body.version !== 'number') errors.version = [CALENDAR_MESSAGES.version];
  if (Object.keys(errors).length > 0) return { errors };
  const save: CheckedSave = {
    version: body.version as number,
    month,
    weekly_closed: [...weekly],
    holidays_closed: body.holidays_closed ?? false,
    closed_dates: closedDates,
  };
  const after = saved({ version: 0, weekly_closed: [], holidays_closed: false, closed: {} }, save);
  if (datesOf(month).every((date) => isClosed(after, date))) {
    return { errors: { closed_dates: [CALENDAR_MESSAGES.wholeMonth] } };
  }
  return { save };
}

/** The state after `save` onto `state`: the rules, and that month's closed dates replaced. */
function saved(state: CalendarState, save: CheckedSave): CalendarState {
  const closed = Object.fromEntries(Object.entries(state.closed).filter(([date]) => date.slice(0, 7) !== save.month));
  for (const { date, reason } of save.closed_dates) closed[date] = reason;
  return {
    version: state.version + 1,
    weekly_closed: [...save.weekly_closed].sort((a, b) => a - b),
    holidays_closed: save.holidays_closed,
    closed,
  };
}

/**
 * A signed-in back office whose role may (owner, manager) or may not set the calendar: GET
 * answers a month as the fake's saves have left it; PUT saves unless the contract refuses it
 * (422) or the version is not the current one (409). `today` is this day in Japan.
 */
export function calendarFake(role: Role = 'owner', first: CalendarState = demoCalendar(), today = '2026-12-01') {
  let state = first;
  let refuseOnce: Errors | null = null;
  const fake = createAdminFake(role)
    .on('GET', CALENDAR_API, (request) => {
      const asked = new URL(request.url).searchParams.get('month');
      const month = asked ?? today.slice(0, 7);
      const errors: Errors = {};
      monthErrors(month, errors);
      if (errors.month) return json({ message: errors.month[0], errors }, { status: 422 });
      return json(calendarMonth(state, month, today));
    })
    .on('PUT', CALENDAR_API, async (request) => {
      const body = (await request.clone().json()) as CalendarSettingsInput;
      const checked = refuseOnce ? { errors: refuseOnce } : check(body);
      refuseOnce = null;
      if ('errors' in checked) {
        const { errors } = checked;
        return json({ message: Object.values(errors)[0]?.[0] ?? '', errors }, { status: 422 });
      }
      if (checked.save.version !== state.version) {
        return json({ code: 'settings.stale', message: CALENDAR_STALE }, { status: 409 });
      }
      state = saved(state, checked.save);
      return json(calendarMonth(state, checked.save.month, today));
    });
  return Object.assign(fake, {
    /** The calendar as saved elsewhere (what the next GET answers). */
    change(next: CalendarState) {
      state = next;
    },
    /** The next save is refused with `errors` (422), whatever it sends. */
    refuseNext(errors: Errors) {
      refuseOnce = errors;
    },
    /** The calendar as the fake has it now. */
    current(): CalendarState {
      return state;
    },
  });
}

/** The bodies 保存する sent, in order. */
export async function sentCalendars(fake: FakeFetch): Promise<CalendarSettingsInput[]> {
  const puts = fake.callsTo(CALENDAR_API).filter((request) => request.method === 'PUT');
  return Promise.all(puts.map((request) => request.clone().json() as Promise<CalendarSettingsInput>));
}

/** The months GET was asked for, in order (null: none named). */
export function readMonths(fake: FakeFetch): (string | null)[] {
  return fake
    .callsTo(CALENDAR_API)
    .filter((request) => request.method === 'GET')
    .map((request) => new URL(request.url).searchParams.get('month'));
}

/**
 * The back office at `path` (as render-admin's renderAdmin), with 営業日カレンダー's screen at
 * /admin/settings/calendar even where the route table does not list it yet.
 */
export function renderCalendarDesk(fake: FakeFetch, path = CALENDAR_PATH) {
  const queryClient = createAdminQueryClient();
  configureAdminApi({ baseUrl: BASE, fetch: fake.fetch, onUnauthorized: () => undefined });
  const routes = adminRoutes(queryClient);
  const desk = routes.find((route) => route.path === '/admin');
  const screens: RouteObject[] = desk?.children ?? [];
  if (!screens.some((route) => route.path === 'settings/calendar')) {
    screens.push({ path: 'settings/calendar', Component: CalendarPage });
  }
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    createElement(QueryClientProvider, { client: queryClient }, createElement(RouterProvider, { router })),
  );
  return { ...view, router, queryClient, fake };
}
