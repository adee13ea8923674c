/**
 * The order page's forms: their fields and rules (react-hook-form rules, as the rest of the back
 * office: zod would weigh more than these few fields), and the server's answer to a change spread
 * onto them. The server checks everything again.
 */
import type { FieldValues, Path, RegisterOptions, UseFormSetError } from 'react-hook-form';
import { errorText, fieldError } from '../api/admin-client';
import { todayInJapan } from '../ui/date-time';

export const REASON_MAX = 500;
export const NOTE_MAX = 2000;
const AMOUNT_MAX = 100_000_000;

export interface PaymentValues {
  paid_on: string;
  amount: string;
}

export interface ReasonValues {
  reason: string;
}

export interface NoteValues {
  body: string;
}

export interface ShipValues {
  carrier: string;
  tracking_numbers: string;
}

export const paymentRules = {
  paid_on: {
    validate: (value: string) => {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return '入金日を入力してください';
      return value <= todayInJapan() || '入金日に未来の日付は指定できません';
    },
  },
  amount: {
    validate: (value: string) => {
      const text = toHalfWidth(value).replace(/[,，円\s]/g, '');
      if (text === '') return '入金額を入力してください';
      if (!/^[0-9]+$/.test(text)) return '入金額は数字で入力してください';
      const amount = Number(text);
      return (amount >= 1 && amount <= AMOUNT_MAX) || '入金額は1円以上1億円以下で入力してください';
    },
  },
} satisfies { [K in keyof PaymentValues]: RegisterOptions<PaymentValues, K> };

/** `12,000円` or `１２０００` as the yen the server takes. */
export function parseAmount(value: string): number {
  return Number(toHalfWidth(value).replace(/[,，円\s]/g, ''));
}

export function reasonRules(what: string) {
  return {
    validate: (value: string) => {
      if (value.trim() === '') return `${what}を入力してください`;
      return [...value.trim()].length <= REASON_MAX || `${what}は${REASON_MAX}文字以内で入力してください`;
    },
  } satisfies RegisterOptions<ReasonValues, 'reason'>;
}

export const noteRules = {
  validate: (value: string) => {
    if (value.trim() === '') return 'メモを入力してください';
    return [...value.trim()].length <= NOTE_MAX || `メモは${NOTE_MAX}文字以内で入力してください`;
  },
} satisfies RegisterOptions<NoteValues, 'body'>;

/** The numbers typed in one box: split at commas, 読点 and spaces; hyphens dropped. */
export function trackingNumbers(value: string): string[] {
  return toHalfWidth(value)
    .split(/[\s,、，]+/)
    .map((number) => number.replace(/[-‐−ー]/g, ''))
    .filter((number) => number !== '');
}

export const shipRules = {
  carrier: {
    validate: (value: string, form: ShipValues) =>
      value !== '' || trackingNumbers(form.tracking_numbers).length === 0 || '送り状番号の配送業者を選んでください',
  },
  tracking_numbers: {
    validate: (value: string) =>
      trackingNumbers(value).every((number) => /^[0-9A-Za-z]{1,30}$/.test(number)) ||
      '送り状番号は英数字30文字以内で入力してください',
  },
} satisfies { [K in keyof ShipValues]: RegisterOptions<ShipValues, K> };

function toHalfWidth(value: string): string {
  return value.replace(/[０-９Ａ-Ｚａ-ｚ]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
}

/**
 * A refused change as the order page handles it: a 409 turns into the page's notice (with
 * 最新の内容を読み込む) and answers null; otherwise the server's field messages go onto `fields`
 * and the rest comes back for the form's alert.
 */
export type ReportFailure = <T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
) => string | null;

/**
 * A refused change onto the form: the server's field messages onto their fields (the first one
 * focused); what no field shows comes back for the form's alert.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): string | null {
  let shown = false;
  for (const name of fields) {
    const message = fieldError(error, name);
    if (message) {
      setError(name, { type: 'server', message }, { shouldFocus: !shown });
      shown = true;
    }
  }
  return shown ? null : errorText(error);
}
