/**
 * 営業日カレンダー's API shapes (docs/contracts/settings-calendar.md), picked from the generated
 * schema by path (never written by hand): one month of the calendar as the server has it, its
 * days, and the body 保存する sends.
 */
import type { BodyOf, JsonOf } from '../../api/types';

/**
 * The weekly closed days, the holiday rule, every day of one month and the next business day,
 * with the version (GET /v1/admin/settings/calendar?month=YYYY-MM).
 */
export type CalendarSettings = JsonOf<'/v1/admin/settings/calendar'>;
/** 保存する (PUT /v1/admin/settings/calendar): the rules and that month's own closed dates, with the version read. */
export type CalendarSettingsInput = BodyOf<'/v1/admin/settings/calendar', 'put'>;
/** One day of the month: its weekday, its public holiday's name, the shop's own closed date's reason. */
export type CalendarDay = CalendarSettings['days'][number];
