/**
 * The contact form's fields and rules (docs/inquiries-api.md, POST /v1/inquiries): the same
 * checks the server runs (server/src/inquiries/form.rs) from lib/validators and the shared
 * vectors — kana, phone and fax, postal code and e-mail, the Tsunagu variants on a corporate
 * shop — and the postal address, required when the topic is カタログ請求 (key `catalog`).
 */
import { z } from 'zod';
import type { InquiryInput } from '../../api/types';
import { ADDRESS_MAX } from '../../domain/member/profile-form';
import {
  COMPANY_MAX,
  email,
  kana,
  maxLength,
  normalizePostal,
  post,
  required,
  tel,
  tsunaguKana,
  tsunaguPhone,
  tsunaguPostal,
  zRule,
  type Message,
} from '../../lib/validators';

/** The topic whose request goes by post: the address is needed. */
export const CATALOG_TOPIC = 'catalog';
export const BODY_MAX = 4000;
export const NAME_MAX = 100;
export const JOB_MAX = 100;
export const PHONE_MAX = 13;
export const ORDER_NUMBER_MAX = 50;
export const TOPIC_MESSAGE = 'お問い合わせ種別を選択してください';
export const BODY_PLACEHOLDER = 'お問い合わせ内容をご記入ください。';

export interface ContactFields {
  topic_id: string;
  name: string;
  name_kana: string;
  email: string;
  phone: string;
  company: string;
  department: string;
  job: string;
  fax: string;
  postal_code: string;
  prefecture: string;
  city: string;
  address1: string;
  address2: string;
  order_number: string;
  body: string;
}

export const EMPTY_CONTACT: ContactFields = {
  topic_id: '',
  name: '',
  name_kana: '',
  email: '',
  phone: '',
  company: '',
  department: '',
  job: '',
  fax: '',
  postal_code: '',
  prefecture: '',
  city: '',
  address1: '',
  address2: '',
  order_number: '',
  body: '',
};

/** The form's field names, which are also the server's keys for its 422 errors. */
export const CONTACT_FIELD_NAMES = Object.keys(EMPTY_CONTACT) as (keyof ContactFields)[];
export const ADDRESS_FIELDS = ['postal_code', 'prefecture', 'city', 'address1', 'address2'] as const;

const all =
  (...rules: ((s: string) => Message)[]) =>
  (value: string): Message =>
    rules.reduce<Message>((found, rule) => found ?? rule(value), null);
const max = (limit: number) => (value: string) => maxLength(value, limit);
const optional = { optional: true } as const;

export interface ContactSchemaOptions {
  /** A corporate shop (SITE.IS_CORPORATE): the Tsunagu kana, phone and postal rules. */
  corporate: boolean;
  /** The id of the カタログ請求 topic, when the shop has one. */
  catalogTopicId: string | null;
}

export function contactSchema({ corporate, catalogTopicId }: ContactSchemaOptions) {
  const phone = zRule(all(corporate ? tsunaguPhone : tel, max(PHONE_MAX)), optional);
  // The address is asked (and checked) only for the catalogue: hidden, it holds nothing back.
  const address: Record<(typeof ADDRESS_FIELDS)[number], (s: string) => Message> = {
    postal_code: corporate ? tsunaguPostal : post,
    prefecture: required,
    city: all(required, max(ADDRESS_MAX)),
    address1: all(required, max(ADDRESS_MAX)),
    address2: max(ADDRESS_MAX),
  };
  return z
    .object({
      topic_id: z.string().min(1, TOPIC_MESSAGE),
      name: zRule(max(NAME_MAX)),
      name_kana: zRule(all(corporate ? tsunaguKana : kana, max(NAME_MAX)), optional),
      email: zRule(email),
      phone,
      company: zRule(max(COMPANY_MAX), optional),
      department: zRule(max(COMPANY_MAX), optional),
      job: zRule(max(JOB_MAX), optional),
      fax: phone,
      postal_code: z.string(),
      prefecture: z.string(),
      city: z.string(),
      address1: z.string(),
      address2: z.string(),
      order_number: zRule(max(ORDER_NUMBER_MAX), optional),
      body: zRule(max(BODY_MAX)),
    })
    .superRefine((fields, ctx) => {
      if (!needsAddress(fields.topic_id, catalogTopicId)) return;
      for (const field of ADDRESS_FIELDS) {
        const message = address[field](fields[field]);
        if (message !== null) ctx.addIssue({ code: 'custom', message, path: [field] });
      }
    });
}

/** Whether the chosen topic needs the postal address. */
export function needsAddress(topicId: string, catalogTopicId: string | null): boolean {
  return catalogTopicId !== null && topicId === catalogTopicId;
}

/**
 * The checked form as POST /v1/inquiries takes it: trimmed, empty optional fields left out, the
 * address only where the topic asks for it, the postal code as seven digits.
 */
export function toInquiryInput(fields: ContactFields, files: string[], catalogTopicId: string | null): InquiryInput {
  const input: InquiryInput = {
    topic_id: fields.topic_id,
    name: fields.name.trim(),
    email: fields.email.trim(),
    body: fields.body.trim(),
  };
  const optionalFields = ['name_kana', 'phone', 'company', 'department', 'job', 'fax', 'order_number'] as const;
  for (const field of optionalFields) {
    const value = fields[field].trim();
    if (value !== '') input[field] = value;
  }
  if (needsAddress(fields.topic_id, catalogTopicId)) {
    input.postal_code = normalizePostal(fields.postal_code) ?? fields.postal_code.trim();
    input.prefecture = fields.prefecture;
    input.city = fields.city.trim();
    input.address1 = fields.address1.trim();
    const address2 = fields.address2.trim();
    if (address2 !== '') input.address2 = address2;
  }
  if (files.length > 0) input.files = files;
  return input;
}
