/**
 * ショップ情報's form: its four text fields, their rules (react-hook-form rules with the server's
 * own words, docs/contracts/settings-store.md), the body 保存する sends and the fields a 422 may
 * name. The rules read the values as the server will (trimmed; the registration number as typed on
 * a Japanese keyboard, normalised like server/src/channel/shop_info.rs), but the fields are sent
 * as typed: the server normalises them and its answer fills the form.
 */
import type { RegisterOptions } from 'react-hook-form';
import { email } from '../../lib/validators';
import type { StoreInfoInput, StoreInfoSettings } from './store-types';

export const SHOP_NAME_MAX = 60;
export const ADDRESS_MAX = 120;

/** The server's messages, said here before it is asked. */
export const MESSAGES = {
  shopNameRequired: 'ショップ名を入力してください。',
  shopNameTooLong: 'ショップ名は60文字以内で入力してください。',
  address: '所在地・電話番号は120文字以内で1行で入力してください。',
  registrationNumber: '登録番号は「T」と13桁の数字で入力してください（例: T1234567890123）。',
  email: 'メールアドレスの形式で入力してください。',
} as const;

export interface StoreValues {
  shop_name: string;
  company_address: string;
  invoice_registration_number: string;
  contact_email: string;
}

/** The fields, in the form's order (a refused save focuses the first one named). */
export const STORE_FIELDS = [
  'shop_name',
  'company_address',
  'invoice_registration_number',
  'contact_email',
] as const satisfies readonly (keyof StoreValues)[];

/** Characters, not UTF-16 units: the server counts characters. */
const length = (value: string): number => [...value].length;

/** Every kind of hyphen a Japanese keyboard or a copied number may bring. */
const HYPHENS = /[-‐−ー]/g;

/**
 * A registration number as typed (「Ｔ１２３４-５６７８-９０１２３」, 「t 1234…」) in its printed
 * form: full-width letters and digits as half-width ones (NFKC), without spaces or hyphens, a
 * leading `t` as `T`. What cannot be one is left for the rule to refuse.
 */
export function normaliseRegistrationNumber(typed: string): string {
  const half = typed.normalize('NFKC').replace(/\s/g, '').replace(HYPHENS, '');
  return half.startsWith('t') ? `T${half.slice(1)}` : half;
}

/** `T` and 13 half-width digits: the format (not the check digit, which sole proprietors' numbers lack). */
export function isRegistrationNumber(number: string): boolean {
  return /^T[0-9]{13}$/.test(number);
}

export const storeRules = {
  shop_name: {
    validate: (value: string): true | string => {
      const name = value.trim();
      if (name === '') return MESSAGES.shopNameRequired;
      return length(name) <= SHOP_NAME_MAX || MESSAGES.shopNameTooLong;
    },
  },
  company_address: {
    validate: (value: string): true | string => {
      const address = value.trim();
      return (length(address) <= ADDRESS_MAX && !/[\r\n]/.test(address)) || MESSAGES.address;
    },
  },
  invoice_registration_number: {
    validate: (value: string): true | string => {
      const number = normaliseRegistrationNumber(value);
      return number === '' || isRegistrationNumber(number) || MESSAGES.registrationNumber;
    },
  },
  contact_email: {
    validate: (value: string): true | string => {
      const address = value.trim();
      return address === '' || email(address) === null || MESSAGES.email;
    },
  },
} satisfies { [K in keyof StoreValues]: RegisterOptions<StoreValues, K> };

/** The details as the form shows them. */
export function storeValues(settings: StoreInfoSettings): StoreValues {
  return {
    shop_name: settings.shop_name,
    company_address: settings.company_address,
    invoice_registration_number: settings.invoice_registration_number,
    contact_email: settings.contact_email,
  };
}

/** The form as 保存する sends it (as typed: the server normalises), with the version it was read at. */
export function storeBody(values: StoreValues, version: number): StoreInfoInput {
  return { version, ...values };
}
