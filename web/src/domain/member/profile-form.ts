/**
 * The member profile as a form holds it, shared by registration and 会員情報の変更: the fields
 * (text, as the inputs give them), their rules for the shop's variant (contract "Field rules":
 * demo, or corporate with the Tsunagu rules and the company fields), and the request body the
 * server takes. The rules are lib/validators' (the shared vectors), so the server says the same.
 */
import { z } from 'zod';
import type { Member, ProfileInput } from '../../api/types';
import {
  COMPANY_MAX,
  COUNT_MAX,
  NAME_MAX,
  YEN_MAX,
  email,
  kana,
  maxLength,
  nonNegativeInteger,
  normalizePostal,
  post,
  postDisplay,
  refineRequiredWithoutAll,
  tel,
  tsunaguKana,
  tsunaguName,
  tsunaguPhone,
  tsunaguPostal,
  yearMonth,
  zDateBirth,
  zRule,
  type Message,
} from '../../lib/validators';

/** A 1–4 code (gender, security question) as a radio or select gives it; '' for none. */
export type ChoiceCode = '' | '1' | '2' | '3' | '4';
export const CHOICE_CODES = ['', '1', '2', '3', '4'] as const satisfies readonly ChoiceCode[];

/** A stored 1–4 code as a form value ('' for none or anything else). */
export function choiceCode(code: number | null | undefined): ChoiceCode {
  return CHOICE_CODES.find((c) => c !== '' && Number(c) === code) ?? '';
}

/** 配送方法 / 支払方法 as a radio or select gives them (spec 000 §3 constants); '' for none. */
export type OptionCode = '' | '1' | '2' | '3';
export const OPTION_CODES = ['', '1', '2', '3'] as const satisfies readonly OptionCode[];

/** The corporate variant's company details (server: members/business.rs). */
export interface BusinessFields {
  /** 設立年月 `YYYY-MM`. */
  establishment: string;
  /** 資本金 (yen). */
  capital: string;
  /** 年商 (yen). */
  annual_sale: string;
  /** 従業員数. */
  employee_num: string;
  business_hours: string;
  business_holiday: string;
  delivery: OptionCode;
  delivery_company: string;
  payment: OptionCode;
  /** 発注番号 (default purchase-order reference). */
  order_no: string;
}

export const EMPTY_BUSINESS: BusinessFields = {
  establishment: '',
  capital: '',
  annual_sale: '',
  employee_num: '',
  business_hours: '',
  business_holiday: '',
  delivery: '',
  delivery_company: '',
  payment: '',
  order_no: '',
};

/** Free-text company details (営業時間, 定休日, 利用運送会社) and the 発注番号. */
export const BUSINESS_TEXT_MAX = 100;
export const ORDER_NO_MAX = 50;

export interface ProfileFields extends BusinessFields {
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
  ...EMPTY_BUSINESS,
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
    ...businessShape(),
  };
}

/** The company details' rules (all optional; the corporate variant only sends them). */
export function businessShape() {
  return {
    establishment: zRule((value) => yearMonth(value), optional),
    capital: zRule((value) => nonNegativeInteger(value, YEN_MAX), optional),
    annual_sale: zRule((value) => nonNegativeInteger(value, YEN_MAX), optional),
    employee_num: zRule((value) => nonNegativeInteger(value, COUNT_MAX), optional),
    business_hours: zRule(max(BUSINESS_TEXT_MAX), optional),
    business_holiday: zRule(max(BUSINESS_TEXT_MAX), optional),
    delivery: z.enum(OPTION_CODES),
    delivery_company: zRule(max(BUSINESS_TEXT_MAX), optional),
    payment: z.enum(OPTION_CODES),
    order_no: zRule(max(ORDER_NO_MAX), optional),
  };
}

const optionCode = (code: number | null | undefined): OptionCode =>
  OPTION_CODES.find((c) => c !== '' && Number(c) === code) ?? '';
const digits = (n: number | null | undefined): string => (n === null || n === undefined ? '' : String(n));

/** A stored member's company details as form values. */
export function businessFieldsOf(user: Member): BusinessFields {
  return {
    establishment: user.establishment ?? '',
    capital: digits(user.capital),
    annual_sale: digits(user.annual_sale),
    employee_num: digits(user.employee_num),
    business_hours: user.business_hours ?? '',
    business_holiday: user.business_holiday ?? '',
    delivery: optionCode(user.delivery),
    delivery_company: user.delivery_company ?? '',
    payment: optionCode(user.payment),
    order_no: user.order_no ?? '',
  };
}

/** The checked company details as the server takes them: numbers as numbers, blanks as null. */
export function toBusinessInput(fields: BusinessFields): Partial<ProfileInput> {
  const text = (value: string) => value.trim() || null;
  const number = (value: string) => (value.trim() === '' ? null : Number(value.trim()));
  return {
    establishment: text(fields.establishment),
    capital: number(fields.capital),
    annual_sale: number(fields.annual_sale),
    employee_num: number(fields.employee_num),
    business_hours: text(fields.business_hours),
    business_holiday: text(fields.business_holiday),
    delivery: fields.delivery === '' ? null : Number(fields.delivery),
    delivery_company: text(fields.delivery_company),
    payment: fields.payment === '' ? null : Number(fields.payment),
    order_no: text(fields.order_no),
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
    ...(corporate ? businessFieldsOf(user) : EMPTY_BUSINESS),
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
    Object.assign(input, toBusinessInput(fields));
  }
  return input;
}
