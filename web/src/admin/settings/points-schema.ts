/**
 * ポイント設定's form: its one field (text, as typed: full-width digits and a trailing 「%」 are
 * taken), its rule (a react-hook-form rule with the server's own words: a whole percent from 0 to
 * 50), the body 保存する sends, the server's 422 back onto the field, and the example under the
 * field (what a 10,000-yen order earns at the rate typed). The server checks everything again.
 */
import type { RegisterOptions } from 'react-hook-form';
import { AdminApiError, errorText } from '../api/admin-client';
import { MESSAGES as CARRIAGE_MESSAGES } from './carriage-schema';
import type { PointSettings, PointSettingsInput } from './points-types';

/** The highest earn rate (percent) the server takes. */
export const EARN_RATE_MAX = 50;
/** The order the example under the field is for. */
export const EXAMPLE_ORDER = 10_000;

/** The server's messages (docs/contracts/settings-points.md), said here before it is asked. */
export const MESSAGES = {
  earnRate: 'ポイント付与率は0から50までの整数（%）で入力してください。',
  /** Above the form when a save was refused (with what no field shows). */
  summary: CARRIAGE_MESSAGES.summary,
  /** While the rate typed is 0. */
  off: 'ポイントは使われていません。',
} as const;

export interface PointValues {
  earn_rate: string;
}

/** Full-width digits as half-width ones, without 「%」「％」 or spaces. */
function plain(value: string): string {
  return value.replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/[%％\s]/g, '');
}

/** The box's rate: null when empty; NaN when it is no whole number. */
export function parseRate(value: string): number | null {
  const text = plain(value);
  if (text === '') return null;
  return /^[0-9]{1,3}$/.test(text) ? Number(text) : Number.NaN;
}

/** The rate typed when it is one the server takes (a whole number from 0 to 50), else null. */
export function validRate(value: string): number | null {
  const rate = parseRate(value);
  return rate !== null && Number.isInteger(rate) && rate >= 0 && rate <= EARN_RATE_MAX ? rate : null;
}

export const pointRules = {
  earn_rate: { validate: (value: string): true | string => validRate(value) !== null || MESSAGES.earnRate },
} satisfies { earn_rate: RegisterOptions<PointValues, 'earn_rate'> };

const YEN = new Intl.NumberFormat('ja-JP');

/** 「例: 10,000円のご注文で100ポイント」 for a rate above 0 the server takes; null otherwise. */
export function earnExample(value: string): string | null {
  const rate = validRate(value);
  if (rate === null || rate === 0) return null;
  return `例: ${YEN.format(EXAMPLE_ORDER)}円のご注文で${YEN.format(Math.floor((EXAMPLE_ORDER * rate) / 100))}ポイント`;
}

/** The setting as the form shows it. */
export function pointValues(settings: PointSettings): PointValues {
  return { earn_rate: String(settings.earn_rate) };
}

/** The form as 保存する sends it, with the version it was read at (only once the rule passed). */
export function pointBody(values: PointValues, version: number): PointSettingsInput {
  const rate = validRate(values.earn_rate);
  if (rate === null) throw new Error(`not an earn rate: ${values.earn_rate}`);
  return { version, earn_rate: rate };
}

export interface PointErrors {
  /** The field's message, when the server gave one. */
  earnRate: string | null;
  /** The form's alert: the summary and what the field does not show (the version's), or the failure's message. */
  alert: string;
}

/** A refused save (422) as the field's message and the form's alert; any other failure as its message. */
export function pointErrors(error: unknown): PointErrors {
  if (!(error instanceof AdminApiError) || Object.keys(error.errors).length === 0) {
    return { earnRate: null, alert: errorText(error) };
  }
  let earnRate: string | null = null;
  const other: string[] = [];
  for (const [key, messages] of Object.entries(error.errors)) {
    const message = messages[0];
    if (!message) continue;
    if (key === 'earn_rate') earnRate = message;
    else if (!other.includes(message)) other.push(message);
  }
  return { earnRate, alert: [MESSAGES.summary, ...other].join('\n') };
}
