/**
 * The member forms' rules. Field rules come from lib/validators (one rule set with the server,
 * shared/validation-vectors.json); demo and corporate channels differ as the contract says.
 */
import { z } from 'zod';
import {
  COMPANY_MAX,
  MESSAGES,
  NAME_MAX,
  email,
  kana,
  maxLength,
  normalizePostal,
  postDisplay,
  refinePasswordConfirmation,
  refineRequiredWithoutAll,
  tsunaguKana,
  tsunaguName,
  zDateBirth,
  zMaxLength,
  zPassword,
  zPostal,
  zRequired,
  zRule,
  zTel,
  zTsunaguPhone,
  zTsunaguPostal,
  type Message,
} from '../../lib/validators';
import type { Member, ProfileInput } from '../../api/types';

/** The first message of several rules (a format, then a length). */
const both =
  (...rules: ((s: string) => Message)[]) =>
  (s: string): Message =>
    rules.reduce<Message>((found, rule) => found ?? rule(s), null);
const upTo = (max: number) => (s: string) => maxLength(s, max);

export const LEAVE_REASON_MAX = 1000;
/** Address lines and the security answer (the contract names no limit). */
export const TEXT_MAX = 100;

export const POSTAL_NOT_FOUND = {
  format: MESSAGES.post,
  missing: '該当する住所が見つかりませんでした。住所を直接入力してください。',
};

/** Seven half-width digits from what was typed (full-width digits, any dash), or null. */
export const normalizePostalInput = normalizePostal;

// ---- パスワード変更 ----
export const passwordSchema = z
  .object({
    current_password: zRequired(),
    password: zPassword(),
    password_confirmation: zRequired(),
  })
  .superRefine(refinePasswordConfirmation());

export type PasswordFields = z.input<typeof passwordSchema>;

// ---- 退会 ----
export const leaveReasonSchema = z.object({ reason: zMaxLength(LEAVE_REASON_MAX) });
export type LeaveReasonFields = z.input<typeof leaveReasonSchema>;

export const leavePasswordSchema = z.object({ password: zRequired() });
export type LeavePasswordFields = z.input<typeof leavePasswordSchema>;

// ---- 会員情報の変更 ----
export interface ProfileFields {
  email: string;
  last_name: string;
  first_name: string;
  last_name_kana: string;
  first_name_kana: string;
  gender_ct: string;
  birthday: string;
  postal_code: string;
  prefecture: string;
  city: string;
  address1: string;
  address2: string;
  phone_number: string;
  cell_phone_number: string;
  is_receive_newsletter: '1' | '0';
  corporation: string;
  department: string;
  business_type: string;
  store_name: string;
  url: string;
}

/** The form's field names, which are also the server's keys for its 422 errors. */
export const PROFILE_FIELDS = [
  'email',
  'last_name',
  'first_name',
  'last_name_kana',
  'first_name_kana',
  'gender_ct',
  'birthday',
  'postal_code',
  'prefecture',
  'city',
  'address1',
  'address2',
  'phone_number',
  'cell_phone_number',
  'is_receive_newsletter',
  'corporation',
  'department',
  'business_type',
  'store_name',
  'url',
] as const satisfies readonly (keyof ProfileFields)[];

/**
 * Demo: kana required, postal `123-4567`/`1234567`, the spec's tel rule. Corporate (Tsunagu
 * rules): names full-width, kana optional, postal and phones half-width digits, company name
 * required.
 */
export function profileSchema(corporate: boolean) {
  const name = zRule(corporate ? both(tsunaguName, upTo(NAME_MAX)) : upTo(NAME_MAX));
  const kanaField = corporate
    ? zRule(both(tsunaguKana, upTo(NAME_MAX)), { optional: true })
    : zRule(both(kana, upTo(NAME_MAX)));
  const company = zMaxLength(COMPANY_MAX);
  const phone = corporate ? zTsunaguPhone({ optional: true }) : zTel();
  return z
    .object({
      email: zRule(email),
      last_name: name,
      first_name: name,
      last_name_kana: kanaField,
      first_name_kana: kanaField,
      gender_ct: z.string(),
      birthday: zDateBirth({ optional: true }),
      postal_code: corporate ? zTsunaguPostal() : zPostal(),
      prefecture: zRequired(),
      city: zRule(upTo(TEXT_MAX)),
      address1: zRule(upTo(TEXT_MAX)),
      address2: zMaxLength(TEXT_MAX),
      phone_number: phone,
      cell_phone_number: phone,
      is_receive_newsletter: z.enum(['1', '0']),
      corporation: corporate ? zRule(upTo(COMPANY_MAX)) : z.string(),
      department: corporate ? company : z.string(),
      business_type: corporate ? company : z.string(),
      store_name: corporate ? company : z.string(),
      url: corporate ? company : z.string(),
    })
    .superRefine(refineRequiredWithoutAll(['phone_number', 'cell_phone_number']));
}

/** The form's first values: the stored profile as text (postal code with its hyphen on demo). */
export function profileDefaults(user: Member, corporate: boolean): ProfileFields {
  const postal = corporate ? user.postal_code : postDisplay(user.postal_code ?? '');
  return {
    email: user.email,
    last_name: user.last_name,
    first_name: user.first_name,
    last_name_kana: user.last_name_kana ?? '',
    first_name_kana: user.first_name_kana ?? '',
    gender_ct: user.gender_ct == null ? '' : String(user.gender_ct),
    birthday: user.birthday ?? '',
    postal_code: postal ?? '',
    prefecture: user.prefecture ?? '',
    city: user.city ?? '',
    address1: user.address1 ?? '',
    address2: user.address2 ?? '',
    phone_number: user.phone_number ?? '',
    cell_phone_number: user.cell_phone_number ?? '',
    is_receive_newsletter: user.is_receive_newsletter === 1 ? '1' : '0',
    corporation: user.corporation ?? '',
    department: user.department ?? '',
    business_type: user.business_type ?? '',
    store_name: user.store_name ?? '',
    url: user.url ?? '',
  };
}

const code4 = (value: string): 1 | 2 | 3 | 4 | null =>
  value === '1' || value === '2' || value === '3' || value === '4' ? (Number(value) as 1 | 2 | 3 | 4) : null;

/** PUT /v1/me/user's body from the checked form. */
export function toProfileInput(fields: ProfileFields, corporate: boolean): ProfileInput {
  const input: ProfileInput = {
    email: fields.email.trim(),
    is_receive_newsletter: fields.is_receive_newsletter === '1' ? 1 : 0,
    last_name: fields.last_name.trim(),
    first_name: fields.first_name.trim(),
    last_name_kana: fields.last_name_kana.trim(),
    first_name_kana: fields.first_name_kana.trim(),
    gender_ct: code4(fields.gender_ct),
    birthday: fields.birthday === '' ? null : fields.birthday,
    postal_code: normalizePostalInput(fields.postal_code) ?? fields.postal_code.trim(),
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
