/**
 * ご利用設定's form: six switches (checkboxes) and two numbers typed as text (full-width digits
 * taken), their rules (react-hook-form rules with the server's own words,
 * docs/contracts/settings-store.md), the body 保存する sends (an empty パスワードの有効期限 as null:
 * passwords never expire) and the fields a 422 may name. The server checks everything again.
 */
import type { RegisterOptions } from 'react-hook-form';
import type { StorefrontInput, StorefrontSettings } from './storefront-types';

export const EXPIRE_DAYS_MIN = 30;
export const EXPIRE_DAYS_MAX = 3650;
export const ADDRESS_LIMIT_MIN = 1;
export const ADDRESS_LIMIT_MAX = 100;

/** The server's messages, said here before it is asked. */
export const MESSAGES = {
  expireDays: 'パスワードの有効期限は30日から3650日までの日数で入力してください（期限なしは空欄）。',
  addressLimit: '登録できるお届け先の数は1から100までで入力してください。',
  /** At the top of the screen while the saved switches stop selling. */
  stopped: '現在、販売を停止しています。',
} as const;

export interface StorefrontValues {
  stop_selling_is_use: boolean;
  stop_selling_is_selling: boolean;
  allow_multiple_shipping: boolean;
  address_limit: string;
  no_member_use: boolean;
  verify_email_at_first_login: boolean;
  is_mfa: boolean;
  password_expire_days: string;
}

/** The fields, in the form's order (a refused save focuses the first one named). */
export const STOREFRONT_FIELDS = [
  'stop_selling_is_use',
  'stop_selling_is_selling',
  'allow_multiple_shipping',
  'address_limit',
  'no_member_use',
  'verify_email_at_first_login',
  'is_mfa',
  'password_expire_days',
] as const satisfies readonly (keyof StorefrontValues)[];

/** A box's whole number: null when empty; NaN when it is no whole number. */
export function parseCount(value: string): number | null {
  const text = value.replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/\s/g, '');
  if (text === '') return null;
  return /^[0-9]{1,9}$/.test(text) ? Number(text) : Number.NaN;
}

const within = (count: number | null, min: number, max: number): count is number =>
  count !== null && Number.isInteger(count) && count >= min && count <= max;

export const storefrontRules = {
  password_expire_days: {
    validate: (value: string): true | string => {
      const days = parseCount(value);
      return days === null || within(days, EXPIRE_DAYS_MIN, EXPIRE_DAYS_MAX) || MESSAGES.expireDays;
    },
  },
  address_limit: {
    validate: (value: string): true | string =>
      within(parseCount(value), ADDRESS_LIMIT_MIN, ADDRESS_LIMIT_MAX) || MESSAGES.addressLimit,
  },
} satisfies {
  password_expire_days: RegisterOptions<StorefrontValues, 'password_expire_days'>;
  address_limit: RegisterOptions<StorefrontValues, 'address_limit'>;
};

/** Whether these switches stop selling: the temporary stop in use and 販売中 off (as the storefront reads them). */
export function stopsSelling(settings: Pick<StorefrontSettings, 'stop_selling_is_use' | 'stop_selling_is_selling'>) {
  return settings.stop_selling_is_use && !settings.stop_selling_is_selling;
}

/** The switches as the form shows them (no expiry: an empty box). */
export function storefrontValues(settings: StorefrontSettings): StorefrontValues {
  return {
    stop_selling_is_use: settings.stop_selling_is_use,
    stop_selling_is_selling: settings.stop_selling_is_selling,
    allow_multiple_shipping: settings.allow_multiple_shipping,
    address_limit: String(settings.address_limit),
    no_member_use: settings.no_member_use,
    verify_email_at_first_login: settings.verify_email_at_first_login,
    is_mfa: settings.is_mfa,
    // The schema lets the answer leave a null out: absent reads as never too.
    password_expire_days: settings.password_expire_days == null ? '' : String(settings.password_expire_days),
  };
}

/**
 * The form as 保存する sends it, with the version it was read at (only once the rules passed). 販売中
 * goes as it stands even while hidden (the stop not in use): turning the stop on again finds it so.
 */
export function storefrontBody(values: StorefrontValues, version: number): StorefrontInput {
  const limit = parseCount(values.address_limit);
  if (limit === null || Number.isNaN(limit)) throw new Error(`not an address limit: ${values.address_limit}`);
  return {
    version,
    stop_selling_is_use: values.stop_selling_is_use,
    stop_selling_is_selling: values.stop_selling_is_selling,
    allow_multiple_shipping: values.allow_multiple_shipping,
    address_limit: limit,
    no_member_use: values.no_member_use,
    verify_email_at_first_login: values.verify_email_at_first_login,
    is_mfa: values.is_mfa,
    password_expire_days: parseCount(values.password_expire_days),
  };
}
