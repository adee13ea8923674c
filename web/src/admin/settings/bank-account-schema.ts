/**
 * 振込先口座's form (docs/contracts/settings-bank-account.md): its six fields, their rules
 * (react-hook-form rules with the server's own words, as every settings screen: zod would weigh
 * more than these few fields in the back office's bundle), the body 保存する sends, the fields a
 * 422 may name, and the preview of what the customer reads. The rules read the values as the
 * server will (trimmed; full-width digits at half width; the holder in the widths banks print), but the
 * texts are sent as typed: the server normalises them, checks everything again, and its answer
 * fills the form.
 */
import type { RegisterOptions } from 'react-hook-form';
import { isBlank } from '../../lib/validators';
import { ACCOUNT_TYPES, type AccountType, type BankAccountInput, type BankAccountSettings } from './bank-account-types';
import { MESSAGES as CARRIAGE_MESSAGES } from './carriage-schema';

export const BANK_NAME_MAX = 30;
export const BRANCH_NAME_MAX = 30;
export const HOLDER_MAX = 40;
export const NUMBER_DIGITS = 7;
export const DUE_DAYS_MIN = 1;
export const DUE_DAYS_MAX = 30;

/** The server's messages (422), said here before it is asked. */
export const MESSAGES = {
  bankNameRequired: '銀行名を入力してください。',
  bankNameTooLong: '銀行名は30文字以内で入力してください。',
  branchNameRequired: '支店名を入力してください。',
  branchNameTooLong: '支店名は30文字以内で入力してください。',
  accountType: '口座種別は普通か当座を選んでください。',
  accountNumber: '口座番号は7桁の数字で入力してください。',
  holderRequired: '口座名義を入力してください。',
  holderKana: '口座名義はカタカナで入力してください（英数字と（）．－・も使えます）。',
  holderTooLong: '口座名義は40文字以内で入力してください。',
  dueDays: 'お支払い期限は1日から30日までの日数で入力してください。',
  /** Above the form while no account was saved. */
  none: '振込先口座が未設定のため、銀行振込はご注文手続きに表示されません。',
  /** Above the form when a save was refused (with what no field shows). */
  summary: CARRIAGE_MESSAGES.summary,
} as const;

export interface BankAccountValues {
  bank_name: string;
  branch_name: string;
  /** '' only if the server ever answered a type it no longer takes. */
  account_type: AccountType | '';
  account_number: string;
  account_holder: string;
  /** As typed (full-width digits are read too). */
  due_days: string;
}

/** The fields, in the form's order (a refused save focuses the first one named). */
export const BANK_FIELDS = [
  'bank_name',
  'branch_name',
  'account_type',
  'account_number',
  'account_holder',
  'due_days',
] as const satisfies readonly (keyof BankAccountValues)[];

/** Characters, not UTF-16 units: the server counts characters. */
const length = (value: string): number => [...value].length;

/** Full-width digits and letters at their usual (half) width, trimmed: how the server reads a number. */
const plain = (value: string): string => value.normalize('NFKC').trim();

/** The ASCII marks a holder may hold, as banks print them (full width). */
const FULL_WIDTH_MARKS: Record<string, string> = { '(': '（', ')': '）', '.': '．', '-': '－', '‐': '－', '−': '－' };

/**
 * The holder as the server saves it and banks print it (normalise_holder in
 * server/src/payments/bank_account_desk.rs): trimmed, NFKC (half-width katakana joined with its
 * sound marks), the ASCII marks full-width, letters upper-case, each run of spaces one
 * full-width space.
 */
export function normaliseHolder(typed: string): string {
  return [...typed.trim().normalize('NFKC')]
    .map((c) => FULL_WIDTH_MARKS[c] ?? (/\s/u.test(c) ? '\u3000' : /[a-z]/.test(c) ? c.toUpperCase() : c))
    .join('')
    .replace(/\u3000+/g, '\u3000');
}

/** What a holder may hold once normalised: katakana, ー, ・, （）．－, upper-case letters, digits and spaces. */
const HOLDER = /^[\u30A1-\u30FAー・\u3000（）．－A-Z0-9]+$/;
/** A name has some kana (「1234」 is none). */
const HOLDER_KANA = /[\u30A1-\u30FA]/;

/** The account number typed when it is 7 digits (full-width ones too), else null. */
export function validNumber(value: string): string | null {
  const number = plain(value);
  return new RegExp(`^[0-9]{${NUMBER_DIGITS}}$`).test(number) ? number : null;
}

/** The days typed when they are a whole number from 1 to 30 (full-width digits too), else null. */
export function validDueDays(value: string): number | null {
  const text = plain(value);
  if (!/^[0-9]{1,3}$/.test(text)) return null;
  const days = Number(text);
  return days >= DUE_DAYS_MIN && days <= DUE_DAYS_MAX ? days : null;
}

/** A required name of at most `max` characters (trimmed). */
function nameRule(max: number, required: string, tooLong: string) {
  return (value: string): true | string => {
    if (isBlank(value)) return required;
    return length(value.trim()) <= max || tooLong;
  };
}

export const bankAccountRules = {
  bank_name: { validate: nameRule(BANK_NAME_MAX, MESSAGES.bankNameRequired, MESSAGES.bankNameTooLong) },
  branch_name: { validate: nameRule(BRANCH_NAME_MAX, MESSAGES.branchNameRequired, MESSAGES.branchNameTooLong) },
  account_type: {
    validate: (value: string): true | string => ACCOUNT_TYPES.some((type) => type === value) || MESSAGES.accountType,
  },
  account_number: { validate: (value: string): true | string => validNumber(value) !== null || MESSAGES.accountNumber },
  account_holder: {
    validate: (value: string): true | string => {
      const holder = normaliseHolder(value);
      if (holder === '') return MESSAGES.holderRequired;
      if (!HOLDER.test(holder) || !HOLDER_KANA.test(holder)) return MESSAGES.holderKana;
      return length(holder) <= HOLDER_MAX || MESSAGES.holderTooLong;
    },
  },
  due_days: { validate: (value: string): true | string => validDueDays(value) !== null || MESSAGES.dueDays },
} satisfies { [K in keyof BankAccountValues]: RegisterOptions<BankAccountValues, K> };

const isAccountType = (value: string): value is AccountType => ACCOUNT_TYPES.some((type) => type === value);

/** The setting as the form shows it: while no account was saved, empty boxes with 普通 picked. */
export function bankAccountValues(settings: BankAccountSettings): BankAccountValues {
  const { account } = settings;
  return {
    bank_name: account?.bank_name ?? '',
    branch_name: account?.branch_name ?? '',
    account_type: account ? (isAccountType(account.account_type) ? account.account_type : '') : '普通',
    account_number: account?.account_number ?? '',
    account_holder: account?.account_holder ?? '',
    due_days: String(settings.due_days),
  };
}

/** The form as 保存する sends it (texts as typed: the server normalises), with the version it was read at. */
export function bankAccountBody(values: BankAccountValues, version: number): BankAccountInput {
  const dueDays = validDueDays(values.due_days);
  if (dueDays === null) throw new Error(`not a number of days: ${values.due_days}`);
  return {
    version,
    bank_name: values.bank_name,
    branch_name: values.branch_name,
    account_type: values.account_type,
    account_number: values.account_number,
    account_holder: values.account_holder,
    due_days: dueDays,
  };
}

/** The preview's lines: the account as one line (「ライド銀行 渋谷支店 普通 1234567 カ）ライドパーツ」) and the due date. */
export interface TransferPreview {
  /** What was typed, in the bank's order; '' while nothing is. */
  account: string;
  /** 「お支払い期限：ご注文日から7日以内」, or null while the days typed are none the server takes. */
  due: string | null;
}

/** What the customer will read for the values typed (as the server will save them). */
export function transferPreview(values: BankAccountValues): TransferPreview {
  const number = plain(values.account_number);
  const parts = [
    values.bank_name.trim(),
    values.branch_name.trim(),
    values.account_type,
    number,
    normaliseHolder(values.account_holder),
  ];
  const days = validDueDays(values.due_days);
  return {
    account: parts.filter((part) => part !== '').join(' '),
    due: days === null ? null : `お支払い期限：ご注文日から${days}日以内`,
  };
}
