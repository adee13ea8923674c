/**
 * The memorial form (docs/member-area-api.md, "Memorials"): お相手のお名前 1–30, 種類, 記念日の名前
 * 1–30, a real month/day (2/29 allowed: a birthday on it comes every leap year), 呼び方・ご関係 0–20.
 * The form holds strings (selects and radios); `toMemorialInput` turns them into the body.
 */
import { z } from 'zod';
import type { Memorial, MemorialDivision, MemorialInput } from '../../api/types';
import { maxLength, required, zMaxLength } from '../../lib/validators';

export const DIVISIONS: readonly (readonly [value: `${MemorialDivision}`, label: string])[] = [
  ['1', '誕生日'],
  ['2', '結婚記念日'],
  ['3', 'その他の記念日'],
];

export const NAME_MAX = 30;
export const CALL_MAX = 20;

export const MEMORIAL_MESSAGES = {
  division: '種類を選択してください',
  month: '月を選択してください',
  date: '日を選択してください',
  dateInMonth: 'その月にない日付です',
} as const;

/** Days of `month` (1–12) in a leap year: February has 29, since 2/29 may be registered. */
export function daysInMonth(month: number): number {
  return [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 31;
}

export interface MemorialFields {
  target_user_name: string;
  division_ct: string | null;
  name: string;
  month: string | null;
  date: string | null;
  call: string;
}

export const MEMORIAL_FIELD_NAMES = ['target_user_name', 'division_ct', 'name', 'month', 'date', 'call'] as const;

export const EMPTY_MEMORIAL: MemorialFields = {
  target_user_name: '',
  division_ct: '',
  name: '',
  month: '',
  date: '',
  call: '',
};

/** Required, at most `max` characters (code points, as the server counts). */
const requiredText = (max: number) =>
  z.string().superRefine((value, ctx) => {
    const message = required(value) ?? maxLength(value, max);
    if (message !== null) ctx.addIssue({ code: 'custom', message });
  });

/** A select's or radio group's value (radio buttons with none chosen read as null). */
const choice = (values: readonly string[], message: string) =>
  z
    .string()
    .nullable()
    .refine((value) => value !== null && values.includes(value), { message });

const numbers = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String(from + i));

export const memorialSchema = z
  .object({
    target_user_name: requiredText(NAME_MAX),
    division_ct: choice(
      DIVISIONS.map(([value]) => value),
      MEMORIAL_MESSAGES.division,
    ),
    name: requiredText(NAME_MAX),
    month: choice(numbers(1, 12), MEMORIAL_MESSAGES.month),
    date: choice(numbers(1, 31), MEMORIAL_MESSAGES.date),
    call: zMaxLength(CALL_MAX),
  })
  .superRefine((data, ctx) => {
    const month = Number(data.month);
    if (month >= 1 && Number(data.date) > daysInMonth(month)) {
      ctx.addIssue({ code: 'custom', message: MEMORIAL_MESSAGES.dateInMonth, path: ['date'] });
    }
  });

export function toMemorialInput(fields: MemorialFields): MemorialInput {
  return {
    target_user_name: fields.target_user_name,
    division_ct: Number(fields.division_ct) as MemorialDivision,
    name: fields.name,
    month: Number(fields.month),
    date: Number(fields.date),
    call: fields.call,
  };
}

export function memorialFieldsOf(memorial: Memorial): MemorialFields {
  return {
    target_user_name: memorial.target_user_name,
    division_ct: String(memorial.division_ct),
    name: memorial.name,
    month: String(memorial.month),
    date: String(memorial.date),
    call: memorial.call,
  };
}

/** 「5月1日」 */
export function monthDayText(month: number, date: number): string {
  return `${month}月${date}日`;
}

/** 「今日」 on the day, else 「あと12日」. */
export function daysUntilText(days: number): string {
  return days <= 0 ? '今日' : `あと${days}日`;
}

/** 「10件まで登録できます」 */
export function limitText(limit: number): string {
  return `${limit}件まで登録できます`;
}
