/**
 * 送料設定's form: its fields (text, as typed: 「1,650」 and full-width digits are taken), their
 * rules (react-hook-form rules, as the rest of the back office, with the server's own words),
 * the body 保存する sends, and the server's 422 spread back onto the fields. An empty 送料 is
 * sent as it is (null) for the server to refuse with its message; an empty 離島の追加送料 is no
 * surcharge and an empty 送料無料 is never free. The server checks everything again.
 */
import type { RegisterOptions } from 'react-hook-form';
import { AdminApiError, errorText } from '../api/admin-client';
import type { CarriageInput, CarriageSettings } from './carriage-types';

/** The most a prefecture's carriage or the remote-island surcharge may be. */
export const FEE_MAX = 100_000;
/** The range of 送料無料になる購入金額. */
export const THRESHOLD_MIN = 1;
export const THRESHOLD_MAX = 10_000_000;

/** The server's messages (docs/contracts/settings-carriage.md), said here before it is asked. */
export const MESSAGES = {
  fee: '送料は0円から100,000円までの整数で入力してください。',
  surcharge: '離島の追加送料は0円から100,000円までの整数で入力してください。',
  threshold: '送料無料になる金額は1円から10,000,000円までの整数で入力してください。',
  /** Above the form when a save was refused (with what no field shows). */
  summary: '入力内容を確認してください。',
} as const;

export interface CarriageValues {
  prefectures: { prefecture: string; fee: string }[];
  remote_island_surcharge: string;
  free_threshold: string;
}

/** Full-width digits (what a Japanese input method types first) as half-width ones, without 「,」「円」 or spaces. */
function plain(value: string): string {
  return value.replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/[,，円\s]/g, '');
}

/** A box's yen: null when empty; NaN when it is no whole number (the rules keep that from being sent). */
export function parseYen(value: string): number | null {
  const text = plain(value);
  if (text === '') return null;
  return /^[0-9]{1,9}$/.test(text) ? Number(text) : Number.NaN;
}

/** An empty box passes (the server says what empty means); anything else is a whole number from `min` to `max`. */
function yenRule(min: number, max: number, message: string) {
  return (value: string): true | string => {
    const yen = parseYen(value);
    return yen === null || (Number.isInteger(yen) && yen >= min && yen <= max) || message;
  };
}

export const carriageRules = {
  fee: { validate: yenRule(0, FEE_MAX, MESSAGES.fee) },
  remote_island_surcharge: { validate: yenRule(0, FEE_MAX, MESSAGES.surcharge) },
  free_threshold: { validate: yenRule(THRESHOLD_MIN, THRESHOLD_MAX, MESSAGES.threshold) },
} satisfies {
  fee: RegisterOptions<CarriageValues, `prefectures.${number}.fee`>;
  remote_island_surcharge: RegisterOptions<CarriageValues, 'remote_island_surcharge'>;
  free_threshold: RegisterOptions<CarriageValues, 'free_threshold'>;
};

/** A region's 「この地方をまとめて入力」 amount: the yen to fill in, or the message to show. */
export function bulkFee(value: string): { fee: string } | { error: string } {
  const yen = parseYen(value);
  if (yen === null || !Number.isInteger(yen) || yen > FEE_MAX) return { error: MESSAGES.fee };
  return { fee: String(yen) };
}

const text = (yen: number | null | undefined): string => (yen === null || yen === undefined ? '' : String(yen));

/** The setting as the form shows it. */
export function carriageValues(settings: CarriageSettings): CarriageValues {
  return {
    prefectures: settings.prefectures.map(({ prefecture, fee }) => ({ prefecture, fee: text(fee) })),
    remote_island_surcharge: text(settings.remote_island_surcharge),
    free_threshold: text(settings.free_threshold),
  };
}

/** The whole form as 保存する sends it, with the version it was read at (an empty box as null). */
export function carriageBody(values: CarriageValues, version: number): CarriageInput {
  return {
    version,
    prefectures: values.prefectures.map(({ prefecture, fee }) => ({ prefecture, fee: parseYen(fee) })),
    remote_island_surcharge: parseYen(values.remote_island_surcharge),
    free_threshold: parseYen(values.free_threshold),
  };
}

/** A form field the server names (`prefectures[46].fee` is `prefectures.46.fee`), or null for one no box shows. */
export type CarriageField = 'remote_island_surcharge' | 'free_threshold' | `prefectures.${number}.fee`;

export function carriageFieldOf(key: string): CarriageField | null {
  if (key === 'remote_island_surcharge' || key === 'free_threshold') return key;
  const fee = /^prefectures\[(\d+)\]\.fee$/.exec(key);
  return fee ? `prefectures.${Number(fee[1])}.fee` : null;
}

export interface CarriageErrors {
  /** Each field's first message, in the form's order. */
  fields: { name: CarriageField; message: string }[];
  /** The form's alert: the summary and what no field shows (「47都道府県すべて…」, the version's). */
  alert: string;
}

/** A refused save (422) as messages for the fields and the form's alert; any other failure as its message. */
export function carriageErrors(error: unknown): CarriageErrors {
  if (!(error instanceof AdminApiError) || Object.keys(error.errors).length === 0) {
    return { fields: [], alert: errorText(error) };
  }
  const fields: CarriageErrors['fields'] = [];
  const other: string[] = [];
  for (const [key, messages] of Object.entries(error.errors)) {
    const message = messages[0];
    if (!message) continue;
    const name = carriageFieldOf(key);
    if (name) fields.push({ name, message });
    else if (!other.includes(message)) other.push(message);
  }
  // In the form's order (the server's keys come sorted by name): the first one takes the focus.
  fields.sort((a, b) => formOrder(a.name) - formOrder(b.name));
  return { fields, alert: [MESSAGES.summary, ...other].join('\n') };
}

/** Where a field stands in the form: the 47 prefectures, then 離島の追加送料, then 送料無料. */
function formOrder(name: CarriageField): number {
  if (name === 'remote_island_surcharge') return 1000;
  if (name === 'free_threshold') return 1001;
  return Number(name.split('.')[1]);
}
