/**
 * 会員管理's forms: the list's search, 要注意 and ポイントを調整 — their fields and rules with the
 * contract's limits (react-hook-form rules, as the rest of the back office). The server checks
 * everything again and names a refused field in its 422, which goes under that field.
 */
import type { RegisterOptions } from 'react-hook-form';
import { EMPTY_FILTER, FILTER_FIELDS, type FilterField, type MemberFilter } from './member-filter';

export const Q_MAX = 100;
export const NOTE_MAX = 500;
export const REASON_MAX = 200;
export const POINTS_LIMIT = 1_000_000;

const length = (value: string) => [...value.trim()].length;

// ---- the list's search --------------------------------------------------------------------------

/** The search as typed: 要注意のみ a checkbox, the rest text as the address keeps it. */
export type SearchValues = { q: string; caution: boolean } & Record<Exclude<FilterField, 'caution'>, string>;

export function searchValues(filter: MemberFilter): SearchValues {
  const fields = { ...EMPTY_FILTER };
  for (const field of FILTER_FIELDS) fields[field] = filter[field];
  return { ...fields, q: filter.q, caution: filter.caution === 'true' };
}

/** The typed search as the filter the address keeps (page 1). */
export function searchFilter(values: SearchValues): Omit<MemberFilter, 'page'> {
  return { ...EMPTY_FILTER, ...values, caution: values.caution ? 'true' : '' };
}

function wholeNumber(value: string, message: string): true | string {
  return value.trim() === '' || /^[0-9]+$/.test(value.trim()) || message;
}

function range(min: string, max: string, message: string): true | string {
  const [low, high] = [min.trim(), max.trim()];
  return low === '' || high === '' || Number(low) <= Number(high) || message;
}

const COUNT_SHAPE = '購入回数は0以上の整数で入力してください。';
const AMOUNT_SHAPE = '購入金額は0以上の整数で入力してください。';

export const searchRules = {
  q: { validate: (value: string) => length(value) <= Q_MAX || `フリーワードは${Q_MAX}文字以内で入力してください。` },
  orders_min: { validate: (value: string) => wholeNumber(value, COUNT_SHAPE) },
  orders_max: {
    validate: (value: string, form: SearchValues) => {
      const shape = wholeNumber(value, COUNT_SHAPE);
      return shape === true ? range(form.orders_min, value, '上限は下限以上の回数にしてください。') : shape;
    },
  },
  spent_min: { validate: (value: string) => wholeNumber(value, AMOUNT_SHAPE) },
  spent_max: {
    validate: (value: string, form: SearchValues) => {
      const shape = wholeNumber(value, AMOUNT_SHAPE);
      return shape === true ? range(form.spent_min, value, '上限は下限以上の金額にしてください。') : shape;
    },
  },
  last_order_to: {
    validate: (value: string, form: SearchValues) =>
      !value || !form.last_order_from || form.last_order_from <= value || '終了日は開始日以降の日付を選んでください。',
  },
} satisfies { [K in keyof SearchValues]?: RegisterOptions<SearchValues, K> };

// ---- 要注意 -------------------------------------------------------------------------------------

export interface CautionValues {
  caution: boolean;
  note: string;
}

export const cautionRules = {
  note: {
    validate: (value: string) => length(value) <= NOTE_MAX || `メモは${NOTE_MAX}文字以内で入力してください。`,
  },
} satisfies { [K in keyof CautionValues]?: RegisterOptions<CautionValues, K> };

// ---- ポイントを調整 ------------------------------------------------------------------------------

export interface PointsValues {
  points: string;
  reason: string;
}

/** `＋１，０００`, `-300pt` or `−300` as the signed whole number typed; NaN when it is none. */
export function parsePoints(value: string): number {
  const text = value
    .replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/[−－ー‐]/g, '-')
    .replace(/＋/g, '+')
    .replace(/[,，\s]|pt$|ポイント$/gi, '');
  return /^[+-]?[0-9]+$/.test(text) ? Number(text) : Number.NaN;
}

export const POINTS_MESSAGES = {
  missing: '調整するポイントを入力してください。',
  shape: 'ポイントは整数で入力してください（減らすときは -300 のように入力します）。',
  zero: '0以外のポイントを入力してください。',
  range: `ポイントは${(-POINTS_LIMIT).toLocaleString('ja-JP')}から${POINTS_LIMIT.toLocaleString('ja-JP')}の範囲で入力してください。`,
  below: '保有ポイントを超えて減算できません。',
  reason: '理由を入力してください。',
  reasonTooLong: `理由は${REASON_MAX}文字以内で入力してください。`,
} as const;

/** The rules against the balance shown (a subtraction may not go below zero). */
export function pointsRules(balance: number) {
  return {
    points: {
      validate: (value: string) => {
        if (value.trim() === '') return POINTS_MESSAGES.missing;
        const points = parsePoints(value);
        if (!Number.isSafeInteger(points)) return POINTS_MESSAGES.shape;
        if (points === 0) return POINTS_MESSAGES.zero;
        if (Math.abs(points) > POINTS_LIMIT) return POINTS_MESSAGES.range;
        return balance + points >= 0 || POINTS_MESSAGES.below;
      },
    },
    reason: {
      validate: (value: string) => {
        if (value.trim() === '') return POINTS_MESSAGES.reason;
        return length(value) <= REASON_MAX || POINTS_MESSAGES.reasonTooLong;
      },
    },
  } satisfies { [K in keyof PointsValues]: RegisterOptions<PointsValues, K> };
}
