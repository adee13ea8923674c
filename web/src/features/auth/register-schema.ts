/**
 * The registration form's rules (spec 001 §5, contract "Field rules"): one schema, built for the
 * shop's variant — the demo rules, or the corporate (Tsunagu) rules with the company fields.
 * The rules and messages are lib/validators' (the shared vectors), so the server says the same.
 */
import { z } from 'zod';
import {
  COMPANY_MAX,
  NAME_MAX,
  email,
  kana,
  maxLength,
  normalizePostal,
  post,
  refinePasswordConfirmation,
  refineRequiredWithoutAll,
  required,
  tel,
  tsunaguKana,
  tsunaguName,
  tsunaguPhone,
  tsunaguPostal,
  username,
  password,
  zDateBirth,
  zRule,
  type Message,
} from '../../lib/validators';
import type { RegisterInput } from '../../api/types';

export interface RegisterFields {
  email: string;
  username: string;
  password: string;
  password_confirmation: string;
  corporation: string;
  department: string;
  business_type: string;
  store_name: string;
  url: string;
  last_name: string;
  first_name: string;
  last_name_kana: string;
  first_name_kana: string;
  gender_ct: '' | '1' | '2' | '3' | '4';
  birthday: string;
  postal_code: string;
  prefecture: string;
  city: string;
  address1: string;
  address2: string;
  phone_number: string;
  cell_phone_number: string;
  question_ct: '' | '1' | '2' | '3' | '4';
  answer: string;
  is_receive_newsletter: '0' | '1';
}

export const REGISTER_DEFAULTS: RegisterFields = {
  email: '',
  username: '',
  password: '',
  password_confirmation: '',
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
  question_ct: '',
  answer: '',
  is_receive_newsletter: '1',
};

export const REGISTER_FIELD_NAMES = Object.keys(REGISTER_DEFAULTS) as (keyof RegisterFields)[];

/** The first message of `rules` in order, or null. */
const all =
  (...rules: ((s: string) => Message)[]) =>
  (value: string): Message =>
    rules.reduce<Message>((found, rule) => found ?? rule(value), null);

const max = (limit: number) => (value: string) => maxLength(value, limit);
const optional = { optional: true } as const;
const choice = z.enum(['', '1', '2', '3', '4']);
/** Address lines (no shared limit: the server's column size). */
const ADDRESS_MAX = 100;

/** The schema for the demo (`corporate` false) or the corporate (Tsunagu) shop's form. */
export function registerSchema(corporate: boolean) {
  const name = corporate ? zRule(all(tsunaguName, max(NAME_MAX))) : zRule(max(NAME_MAX));
  const kanaField = corporate ? zRule(all(tsunaguKana, max(NAME_MAX)), optional) : zRule(all(kana, max(NAME_MAX)));
  const phone = corporate ? zRule(tsunaguPhone, optional) : zRule(tel, optional);
  return z
    .object({
      email: zRule(email),
      username: zRule(username, optional),
      password: zRule(password),
      password_confirmation: zRule(() => null),
      corporation: corporate ? zRule(max(COMPANY_MAX)) : z.string(),
      department: zRule(max(COMPANY_MAX), optional),
      business_type: zRule(max(COMPANY_MAX), optional),
      store_name: zRule(max(COMPANY_MAX), optional),
      url: zRule(max(COMPANY_MAX), optional),
      last_name: name,
      first_name: name,
      last_name_kana: kanaField,
      first_name_kana: kanaField,
      gender_ct: choice,
      birthday: zDateBirth(optional),
      postal_code: zRule(corporate ? tsunaguPostal : post),
      prefecture: zRule(() => null),
      city: zRule(max(ADDRESS_MAX)),
      address1: zRule(max(ADDRESS_MAX)),
      address2: zRule(max(ADDRESS_MAX), optional),
      phone_number: phone,
      cell_phone_number: phone,
      question_ct: choice,
      answer: zRule(max(ADDRESS_MAX), optional),
      is_receive_newsletter: z.enum(['0', '1']),
    })
    .superRefine(refinePasswordConfirmation())
    .superRefine(refineRequiredWithoutAll(['phone_number', 'cell_phone_number']))
    .superRefine((values, ctx) => {
      // A chosen security question needs its answer.
      const message = values.question_ct === '' ? null : required(values.answer);
      if (message !== null) ctx.addIssue({ code: 'custom', message, path: ['answer'] });
    });
}

/** The body of POST /v1/users from the checked form: codes as numbers, postal code as 7 digits. */
export function toRegisterInput(fields: RegisterFields, corporate: boolean): RegisterInput {
  const code = (value: string) => (value === '' ? null : Number(value));
  const question = code(fields.question_ct);
  const input: RegisterInput = {
    email: fields.email,
    password: fields.password,
    password_confirmation: fields.password_confirmation,
    is_receive_newsletter: fields.is_receive_newsletter === '1' ? 1 : 0,
    last_name: fields.last_name.trim(),
    first_name: fields.first_name.trim(),
    last_name_kana: fields.last_name_kana.trim(),
    first_name_kana: fields.first_name_kana.trim(),
    gender_ct: code(fields.gender_ct),
    birthday: fields.birthday === '' ? null : fields.birthday,
    postal_code: normalizePostal(fields.postal_code) ?? fields.postal_code,
    prefecture: fields.prefecture,
    city: fields.city.trim(),
    address1: fields.address1.trim(),
    address2: fields.address2.trim(),
    phone_number: fields.phone_number,
    cell_phone_number: fields.cell_phone_number,
    question_ct: question,
  };
  if (fields.username !== '') input.username = fields.username;
  if (question !== null) input.answer = fields.answer;
  if (corporate) {
    input.corporation = fields.corporation.trim();
    input.department = fields.department.trim();
    input.business_type = fields.business_type.trim();
    input.store_name = fields.store_name.trim();
    input.url = fields.url.trim();
  }
  return input;
}
