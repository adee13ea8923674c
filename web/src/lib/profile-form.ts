/**
 * The member profile as a form holds it, shared by registration and 会員情報の変更: the fields
 * (text, as the inputs give them), their rules for the shop's variant (contract "Field rules":
 * demo, or corporate with the Tsunagu rules and the company fields), and the request body the
 * server takes. The rules are lib/validators' (the shared vectors), so the server says the same.
 */
import { z } from 'zod';
import type { Member, ProfileInput } from '../api/types';
import {
  COMPANY_MAX,
  NAME_MAX,
  email,
  kana,
  maxLength,
  normalizePostal,
  post,
  postDisplay,
  refineRequiredWithoutAll,
  tel,
  tsunaguKana,
  tsunaguName,
  tsunaguPhone,
  tsunaguPostal,
  zDateBirth,
  zRule,
  type Message,
} from './validators';

/** A 1–4 code (gender, security question) as a radio or select gives it; '' for none. */
export type ChoiceCode = '' | '1' | '2' | '3' | '4';
export const CHOICE_CODES = ['', '1', '2', '3', '4'] as const satisfies readonly ChoiceCode[];

/** A stored 1–4 code as a form value ('' for none or anything else). */
export function choiceCode(code: number | null | undefined): ChoiceCode {
  return CHOICE_CODES.find((c) => c !== '' && Number(c) === code) ?? '';
}

export interface ProfileFields {
  email: string;
  corporation: string;
  department: string;
  business_type: string;
  store_name: string;
  url: string;
  last_name: string;
  first_name: string;
  last_name_kana: string;
  first_name_kana: string;
  gender_ct: ChoiceCode;
  birthday: string;
  postal_code: string;
  prefecture: string;
  city: string;
  address1: string;
  address2: string;
  phone_number: string;
  cell_phone_number: string;
  is_receive_newsletter: '0' | '1';
}

export const EMPTY_PROFILE: ProfileFields = {
  email: '',
  corporation: '',
  department: '',
  business_type: '',
  store_name: '',
  url: '',
  last_name: '',
  first_name: '',
  last_name_kana: '',
  first_name_kana: '',
  gender_ct: '',
  birthday: '',
  postal_code: '',
  prefecture: '',
  city: '',
  address1: '',
  address2: '',
  phone_number: '',
  cell_phone_number: '',
  is_receive_newsletter: '1',
};

/** The form's field names, which are also the server's keys for its 422 errors. */
export const PROFILE_FIELD_NAMES = Object.keys(EMPTY_PROFILE) as (keyof ProfileFields)[];

/** Address lines (the contract names no limit: the server's column size). */
export const ADDRESS_MAX = 100;

/** The first message of `rules` in order, or null. */
const all =
  (...rules: ((s: string) => Message)[]) =>
  (value: string): Message =>
    rules.reduce<Message>((found, rule) => found ?? rule(value), null);
const max = (limit: number) => (value: string) => maxLength(value, limit);
const optional = { optional: true } as const;

/**
 * The rules of every profile field. Demo: kana required, postal `123-4567`/`1234567`, the spec's
 * tel rule. Corporate (Tsunagu): names full-width, kana optional, postal and phones half-width
 * digits, company name required. One of the two phone numbers is needed (`refineProfile`).
 */
export function profileShape(corporate: boolean) {
  const name = corporate ? zRule(all(tsunaguName, max(NAME_MAX))) : zRule(max(NAME_MAX));
  const kanaField = corporate ? zRule(all(tsunaguKana, max(NAME_MAX)), optional) : zRule(all(kana, max(NAME_MAX)));
  const phone = zRule(corporate ? tsunaguPhone : tel, optional);
  return {
    email: zRule(email),
    corporation: corporate ? zRule(max(COMPANY_MAX)) : z.string(),
    department: zRule(max(COMPANY_MAX), optional),
    business_type: zRule(max(COMPANY_MAX), optional),
    store_name: zRule(max(COMPANY_MAX), optional),
    url: zRule(max(COMPANY_MAX), optional),
    last_name: name,
    first_name: name,
    last_name_kana: kanaField,
    first_name_kana: kanaField,
    gender_ct: z.enum(CHOICE_CODES),
    birthday: zDateBirth(optional),
    postal_code: zRule(corporate ? tsunaguPostal : post),
    prefecture: zRule(() => null),
    city: zRule(max(ADDRESS_MAX)),
    address1: zRule(max(ADDRESS_MAX)),
    address2: zRule(max(ADDRESS_MAX), optional),
    phone_number: phone,
    cell_phone_number: phone,
    is_receive_newsletter: z.enum(['0', '1']),
  };
}

/** The rule across fields: a telephone or a mobile number. */
export const refineProfile = refineRequiredWithoutAll(['phone_number', 'cell_phone_number']);

/** A stored profile as the form's first values (the postal code with its hyphen on demo). */
export function profileFieldsOf(user: Member, corporate: boolean): ProfileFields {
  const postal = user.postal_code ?? '';
  return {
    email: user.email,
    corporation: user.corporation ?? '',
    department: user.department ?? '',
    business_type: user.business_type ?? '',
    store_name: user.store_name ?? '',
    url: user.url ?? '',
    last_name: user.last_name,
    first_name: user.first_name,
    last_name_kana: user.last_name_kana ?? '',
    first_name_kana: user.first_name_kana ?? '',
    gender_ct: choiceCode(user.gender_ct),
    birthday: user.birthday ?? '',
    postal_code: corporate ? postal : postDisplay(postal),
    prefecture: user.prefecture ?? '',
    city: user.city ?? '',
    address1: user.address1 ?? '',
    address2: user.address2 ?? '',
    phone_number: user.phone_number ?? '',
    cell_phone_number: user.cell_phone_number ?? '',
    is_receive_newsletter: user.is_receive_newsletter === 1 ? '1' : '0',
  };
}

/** The checked form as the server takes it: codes as numbers, the postal code as 7 digits. */
export function toProfileInput(fields: ProfileFields, corporate: boolean): ProfileInput {
  const input: ProfileInput = {
    email: fields.email.trim(),
    is_receive_newsletter: fields.is_receive_newsletter === '1' ? 1 : 0,
    last_name: fields.last_name.trim(),
    first_name: fields.first_name.trim(),
    last_name_kana: fields.last_name_kana.trim(),
    first_name_kana: fields.first_name_kana.trim(),
    gender_ct: fields.gender_ct === '' ? null : Number(fields.gender_ct),
    birthday: fields.birthday === '' ? null : fields.birthday,
    postal_code: normalizePostal(fields.postal_code) ?? fields.postal_code.trim(),
    prefecture: fields.prefecture,
    city: fields.city.trim(),
    address1: fields.address1.trim(),
    address2: fields.address2.trim(),
    phone_number: fields.phone_number.trim(),
    cell_phone_number: fields.cell_phone_number.trim(),
  };
  if (corporate) {
    input.corporation = fields.corporation.trim();
    input.department = fields.department.trim() || null;
    input.business_type = fields.business_type.trim() || null;
    input.store_name = fields.store_name.trim() || null;
    input.url = fields.url.trim() || null;
  }
  return input;
}
