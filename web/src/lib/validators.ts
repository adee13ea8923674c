/**
 * The form rules of spec 001 §5 and the members contract ("Field rules"): pure functions that
 * answer the Japanese message a field shows, or null when the value passes, plus zod helpers for
 * react-hook-form built from them. The server runs the same rules (server/src/validation); both
 * test suites run every case of shared/validation-vectors.json, so change that file and both sides.
 *
 * No rule trims. Lengths count code points (what the database counts), never UTF-16 units. The
 * empty string fails every format rule except tel, maxLength, minDate and passwordConfirmation;
 * the zod helpers take `{ optional: true }` to let an empty field through.
 */
import { z } from 'zod';

export const MESSAGES = {
  required: '必須項目です',
  kana: '全角カタカナで入力してください',
  post: '郵便番号の形式で入力してください 例：123-4567',
  tel: '電話番号の形式で入力してください',
  halfWidthAlphaNum: '半角英数字で入力してください',
  /** The spec's 'date is invalid'. */
  dateInvalid: '日付が正しくありません',
  dateFuture: '未来の日付は入力できません',
  minDate: '開始日以降の日付を入力してください',
  requiredWithoutAll: 'いずれかは必須項目です',
  email: 'メールアドレスの形式で入力してください',
  username: 'ユーザー名は4〜64文字の半角英数字と @ . _ - で入力してください',
  password: 'パスワードは8〜128文字で、半角英字と数字を両方含めてください（記号は - _ . のみ使えます）',
  passwordConfirmation: 'パスワードが一致しません',
  tsunaguName: '全角で入力してください',
  tsunaguPhone: '半角数字（ハイフンなし）11桁以内で入力してください',
  tsunaguPostal: '半角数字7桁で入力してください',
  yearMonth: '年月は 2010-04 の形式で入力してください',
  yearMonthFuture: '未来の年月は入力できません',
} as const;

/** Company name and department (spec 001 §9). */
export const COMPANY_MAX = 250;
/** Each name field (members contract). */
export const NAME_MAX = 50;
/** A company's capital and annual sales in yen: 15 digits (below 2^53, so exact here). */
export const YEN_MAX = 999_999_999_999_999;
/** A company's number of employees. */
export const COUNT_MAX = 9_999_999;

export type Message = string | null;

const decimalMessage = (max: number): string => `小数点以下${max}桁以内の数値で入力してください`;
const maxLengthMessage = (max: number): string => `${max}文字以内で入力してください`;

/** Nothing but white space (Unicode White_Space, as Rust's char::is_whitespace; U+3000 too). */
export function isBlank(s: string): boolean {
  return /^\p{White_Space}*$/u.test(s);
}

export function required(s: string): Message {
  return isBlank(s) ? MESSAGES.required : null;
}

// ァ..ヺ (ヴ ヵ ヶ included), ・, ー, ヽ, ヾ.
const KATAKANA = '\u30A1-\u30FE';
const KANA = new RegExp(`^[${KATAKANA} \u3000\u30A0、。「」『』（）！？．，＝]+$`, 'u');
const TSUNAGU_KANA = new RegExp(`^[${KATAKANA}\u3000]+$`, 'u');

/** Full-width katakana, spaces and Japanese punctuation; checked after NFC (カ+゙ is ガ). */
export function kana(s: string): Message {
  return !isBlank(s) && KANA.test(s.normalize('NFC')) ? null : MESSAGES.kana;
}

/** The Tsunagu form's kana: katakana and the full-width space only. */
export function tsunaguKana(s: string): Message {
  return !isBlank(s) && TSUNAGU_KANA.test(s.normalize('NFC')) ? null : MESSAGES.kana;
}

/** Three half-width digits, an optional hyphen, four digits. */
export function post(s: string): Message {
  return /^[0-9]{3}-?[0-9]{4}$/.test(s) ? null : MESSAGES.post;
}

/** `1234567` → `123-4567`; anything else unchanged. */
export function postDisplay(s: string): string {
  return /^[0-9]{7}$/.test(s) ? `${s.slice(0, 3)}-${s.slice(3)}` : s;
}

/**
 * What a person typed → seven half-width digits, or null: NFKC (full-width digits and hyphen),
 * dash-like characters (‐ − ー …) read as a hyphen, surrounding white space trimmed, then `post`.
 */
export function normalizePostal(s: string): string | null {
  const text = s
    .normalize('NFKC')
    .replace(/[\u2010-\u2015\u2212\u30FC]/gu, '-')
    .replace(/^\p{White_Space}+|\p{White_Space}+$/gu, '');
  return post(text) === null ? text.replace('-', '') : null;
}

/** Three hyphenated groups of 1–4 digits, the first starting with 0 (spec 001 §5). */
const TEL_GROUPS = /^0[0-9]{0,3}-[0-9]{1,4}-[0-9]{1,4}$/;
/**
 * A 5-digit area code (04998 小笠原村, 01397 奥尻町 …): its numbers are written 0XXXX-X-XXXX,
 * a first group the spec's 1–4 would refuse although the same number without hyphens passes.
 */
const TEL_FIVE_DIGIT_AREA = /^0[0-9]{4}-[0-9]-[0-9]{4}$/;

/**
 * Empty allowed; `0` and 9 or 10 more digits (fixed lines and 0120: 10 digits; mobiles, 050 and
 * 0800: 11); or with hyphens three groups of 1–4 digits starting with 0, plus the 5-digit area
 * code form.
 */
export function tel(s: string): Message {
  return s === '' || /^0[0-9]{9,10}$/.test(s) || TEL_GROUPS.test(s) || TEL_FIVE_DIGIT_AREA.test(s)
    ? null
    : MESSAGES.tel;
}

/** A number (optional leading `-`) with at most `max` decimal places. */
export function decimal(s: string, max: number): Message {
  const fraction = max > 0 ? `(\\.[0-9]{1,${max}})?` : '';
  return new RegExp(`^-?[0-9]+${fraction}$`).test(s) ? null : decimalMessage(max);
}

export function halfWidthAlphaNum(s: string): Message {
  return /^[A-Za-z0-9]+$/.test(s) ? null : MESSAGES.halfWidthAlphaNum;
}

/** `YYYY-MM-DD`, zero-padded, a real calendar day — returned as is, so dates compare as strings. */
export function parseDate(s: string): string | null {
  const m = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(s);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return days !== undefined && day >= 1 && day <= days ? s : null;
}

/** Today in Japan (+09:00) as `YYYY-MM-DD`, whatever the browser's zone. */
export function todayJst(now: number = Date.now()): string {
  return new Date(now + 9 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** A real date, not after `today` (`YYYY-MM-DD`, Japan time). */
export function dateBirth(s: string, today: string = todayJst()): Message {
  const date = parseDate(s);
  if (date === null) return MESSAGES.dateInvalid;
  return date > today ? MESSAGES.dateFuture : null;
}

/** The end of a range is not before its start; either side empty passes (nothing to compare). */
export function minDate(end: string, start: string): Message {
  if (end === '' || start === '') return null;
  const endDate = parseDate(end);
  if (endDate === null) return MESSAGES.dateInvalid;
  const startDate = parseDate(start);
  return startDate !== null && endDate < startDate ? MESSAGES.minDate : null;
}

/** At least one of the values is filled in. */
export function requiredWithoutAll(values: readonly string[]): Message {
  return values.some((v) => !isBlank(v)) ? null : MESSAGES.requiredWithoutAll;
}

const EMAIL_LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]{1,64}$/;
const DOMAIN_LABEL = /^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$/;

/**
 * At most 254 characters, one `@`, an ASCII local part of at most 64 (dots anywhere: old Japanese
 * mobile addresses are like that), a domain of two or more labels, the last not numeric and at
 * least two long. No IDN.
 */
export function email(s: string): Message {
  const parts = s.split('@');
  if (s.length > 254 || parts.length !== 2) return MESSAGES.email;
  const [local = '', domain = ''] = parts;
  const labels = domain.split('.');
  const tld = labels[labels.length - 1] ?? '';
  const ok =
    EMAIL_LOCAL.test(local) &&
    labels.length >= 2 &&
    labels.every((l) => DOMAIN_LABEL.test(l)) &&
    tld.length >= 2 &&
    !/^[0-9]+$/.test(tld);
  return ok ? null : MESSAGES.email;
}

/** 4–64 of ASCII letters, digits and `@ . _ -`. */
export function username(s: string): Message {
  return /^[A-Za-z0-9@._-]{4,64}$/.test(s) ? null : MESSAGES.username;
}

/** 8–128 of ASCII letters, digits and `- _ .`, with at least one letter and one digit. */
export function password(s: string): Message {
  return /^[A-Za-z0-9._-]{8,128}$/.test(s) && /[A-Za-z]/.test(s) && /[0-9]/.test(s) ? null : MESSAGES.password;
}

export function passwordConfirmation(pw: string, confirmation: string): Message {
  return pw === confirmation ? null : MESSAGES.passwordConfirmation;
}

// Japanese scripts and punctuation, CJK ideographs (planes 2–3 too, e.g. 𠮷), full-width forms,
// ideographic variation selectors. No emoji, nothing half-width. The selectors stand in their own
// class: mixed into the first one, they read as if they combined with the character before them.
const FULL_WIDTH =
  /^(?:[\u3000-\u30FF\u31F0-\u31FF\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF\uFF01-\uFF60\uFFE0-\uFFE6\u{20000}-\u{3FFFF}]|[\u{E0100}-\u{E01EF}])+$/u;

/** Full-width only (the Tsunagu form's names). */
export function tsunaguName(s: string): Message {
  return !isBlank(s) && FULL_WIDTH.test(s) ? null : MESSAGES.tsunaguName;
}

/** 1–11 half-width digits, no hyphens. */
export function tsunaguPhone(s: string): Message {
  return /^[0-9]{1,11}$/.test(s) ? null : MESSAGES.tsunaguPhone;
}

/** Exactly seven half-width digits. */
export function tsunaguPostal(s: string): Message {
  return /^[0-9]{7}$/.test(s) ? null : MESSAGES.tsunaguPostal;
}

/** `YYYY-MM` (month 01–12), not after the month of `today` (`YYYY-MM-DD`, Japan time): 設立年月. */
export function yearMonth(s: string, today: string = todayJst()): Message {
  const m = /^([0-9]{4})-([0-9]{2})$/.exec(s);
  const month = m ? Number(m[2]) : 0;
  if (!m || month < 1 || month > 12) return MESSAGES.yearMonth;
  return s > today.slice(0, 7) ? MESSAGES.yearMonthFuture : null;
}

/** Half-width digits only (no sign, no separators) for a whole number from 0 to `max`. */
export function nonNegativeInteger(s: string, max: number): Message {
  const ok = /^[0-9]+$/.test(s) && s.replace(/^0+/, '').length <= 20 && BigInt(s) <= BigInt(max);
  return ok ? null : `0〜${max}の整数を半角数字で入力してください`;
}

/** At most `max` characters, counted as code points (𠮷 and 😀 are one each). */
export function maxLength(s: string, max: number): Message {
  return [...s].length <= max ? null : maxLengthMessage(max);
}

// ---- zod helpers for react-hook-form ----

export interface FieldOptions {
  /** Let an empty string through (the rule then runs only on what was typed). */
  optional?: boolean;
}

/**
 * A zod string checked by `rule`. Required unless `optional`: a blank value fails with
 * 必須項目です before the rule runs, so the person sees why.
 */
export function zRule(rule: (s: string) => Message, { optional = false }: FieldOptions = {}) {
  return z.string().superRefine((value, ctx) => {
    if (value === '' && optional) return;
    const message = optional ? rule(value) : (required(value) ?? rule(value));
    if (message !== null) ctx.addIssue({ code: 'custom', message });
  });
}

export const zRequired = () => zRule(() => null);
export const zKana = (options?: FieldOptions) => zRule(kana, options);
export const zPostal = (options?: FieldOptions) => zRule(post, options);
/** tel allows empty by itself (spec); pass `{ optional: false }` where a phone is required. */
export const zTel = (options: FieldOptions = { optional: true }) => zRule(tel, options);
export const zDecimal = (max: number, options?: FieldOptions) => zRule((s) => decimal(s, max), options);
export const zHalfWidthAlphaNum = (options?: FieldOptions) => zRule(halfWidthAlphaNum, options);
/** Today is read when the form validates, not when the schema is built. */
export const zDateBirth = (options?: FieldOptions) => zRule((s) => dateBirth(s), options);
export const zEmail = (options?: FieldOptions) => zRule(email, options);
export const zUsername = (options?: FieldOptions) => zRule(username, options);
export const zPassword = (options?: FieldOptions) => zRule(password, options);
export const zTsunaguName = (options?: FieldOptions) => zRule(tsunaguName, options);
export const zTsunaguKana = (options?: FieldOptions) => zRule(tsunaguKana, options);
export const zTsunaguPhone = (options?: FieldOptions) => zRule(tsunaguPhone, options);
export const zTsunaguPostal = (options?: FieldOptions) => zRule(tsunaguPostal, options);
export const zYearMonth = (options?: FieldOptions) => zRule((s) => yearMonth(s), options);
export const zNonNegativeInteger = (max: number, options?: FieldOptions) =>
  zRule((s) => nonNegativeInteger(s, max), options);
/** Optional by default (a length limit says nothing about presence). */
export const zMaxLength = (max: number, options: FieldOptions = { optional: true }) =>
  zRule((s) => maxLength(s, max), options);

/** Form-level checks, for `z.object({...}).superRefine(...)`; the error lands on the named fields. */
type Values = Record<string, unknown>;
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

export function refineMinDate(startField: string, endField: string) {
  return (data: Values, ctx: z.RefinementCtx): void => {
    const message = minDate(str(data[endField]), str(data[startField]));
    if (message !== null) ctx.addIssue({ code: 'custom', message, path: [endField] });
  };
}

export function refineRequiredWithoutAll(fields: readonly string[]) {
  return (data: Values, ctx: z.RefinementCtx): void => {
    const message = requiredWithoutAll(fields.map((f) => str(data[f])));
    if (message !== null) for (const f of fields) ctx.addIssue({ code: 'custom', message, path: [f] });
  };
}

export function refinePasswordConfirmation(passwordField = 'password', confirmationField = 'password_confirmation') {
  return (data: Values, ctx: z.RefinementCtx): void => {
    const message = passwordConfirmation(str(data[passwordField]), str(data[confirmationField]));
    if (message !== null) ctx.addIssue({ code: 'custom', message, path: [confirmationField] });
  };
}
