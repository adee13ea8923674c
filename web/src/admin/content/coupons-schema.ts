/**
 * クーポン管理's form (docs/contracts/coupon-desk.md): its fields as typed (numbers as text, so
 * 「1,000」 and full-width digits are taken, as on 送料設定), their rules (react-hook-form rules, as
 * the rest of the back office) in the server's own words and limits, the bodies 保存する sends,
 * the server's 422 spread back onto the fields, and the words the list and the preview use for a
 * coupon (「10%OFF」, 「3,000円以上」, 「12 / 100回」), said as the server says them. The server
 * trims, upper-cases the code and checks everything again.
 */
import type { RegisterOptions } from 'react-hook-form';
import { isBlank, maxLength } from '../../lib/validators';
import { AdminApiError, errorText } from '../api/admin-client';
import { parseYen } from '../settings/carriage-schema';
import { formatDateTime, toLocalInput } from '../ui/date-time';
import type { CouponCreateInput, CouponDesk, CouponUpdateInput, DiscountKind } from './coupons-types';

export const CODE_MAX = 32;
export const NAME_MAX = 50;
export const DESCRIPTION_MAX = 500;
export const AMOUNT_MAX = 1_000_000;
export const PERCENT_MAX = 100;
export const MINIMUM_MAX = 10_000_000;
export const USES_PER_MEMBER_MAX = 100;
export const MAX_USES_MAX = 1_000_000;

/** The server's messages (docs/contracts/coupon-desk.md), said here before it is asked. */
export const MESSAGES = {
  codeRequired: 'クーポンコードを入力してください。',
  codeShape: 'クーポンコードは半角英数字とハイフン・アンダーバーで32文字以内で入力してください。',
  nameRequired: 'クーポン名を入力してください。',
  nameTooLong: 'クーポン名は50文字以内で入力してください。',
  descriptionTooLong: '説明は500文字以内で入力してください。',
  kindRequired: '値引きの種類を選択してください。',
  amount: '値引き額は1円から1,000,000円までの整数で入力してください。',
  percent: '値引き率は1%から100%までの整数で入力してください。',
  minimum: '利用条件の金額は0円から10,000,000円までの整数で入力してください。',
  timeShape: '日時の形式が正しくありません。',
  endsAfter: '終了日時は開始日時より後にしてください。',
  usesPerMember: '1人あたりの利用回数は1回から100回までで入力してください。',
  maxUses: '利用上限は1回から1,000,000回までで入力してください。',
  /** Above the form when a save was refused (with what no field shows). */
  summary: '入力内容を確認してください。',
} as const;

/** 対象: who may use the coupon, one radio standing for `member_only` and `requires_take`. */
export type Audience = 'everyone' | 'members' | 'takers';

export const AUDIENCES: readonly { value: Audience; label: string }[] = [
  { value: 'everyone', label: 'すべてのお客様' },
  { value: 'members', label: '会員のみ' },
  { value: 'takers', label: '取得した会員のみ' },
];

export interface CouponValues {
  /** As typed; saved upper-case (`winter-10` → `WINTER-10`). */
  code: string;
  name: string;
  description: string;
  discount_kind: DiscountKind;
  /** Yen (金額) or percent (率), as typed. */
  discount_value: string;
  /** The items total it needs, as typed; blank: none. */
  minimum_amount: string;
  /** `YYYY-MM-DDTHH:mm` in Japan time (a datetime-local box); blank: from now. */
  starts_at: string;
  /** The same; blank: no end. */
  ends_at: string;
  audience: Audience;
  uses_per_member: string;
  /** All uses together; blank: 上限なし. */
  max_uses: string;
  is_public: boolean;
}

const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;
const CODE_SHAPE = /^[A-Z0-9_-]+$/;

/** The code as the server saves and looks it up: trimmed, full-width letters and digits half-width, upper-case. */
export function normaliseCode(text: string): string {
  return text
    .trim()
    .replace(/[０-９Ａ-Ｚａ-ｚ－＿]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .toUpperCase();
}

/** A box's whole number (「1,000」「１０」「10%」「5回」 taken): null when empty; NaN when it is no whole number. */
export function parseWhole(value: string): number | null {
  return parseYen(value.replace(/[%％回]/g, ''));
}

/** A whole number from `min` to `max`; an empty box is `empty` (a value, or a message). */
function wholeRule(min: number, max: number, message: string, empty: true | string = message) {
  return (value: string): true | string => {
    const number = parseWhole(value);
    if (number === null) return empty;
    return (Number.isInteger(number) && number >= min && number <= max) || message;
  };
}

/** A text's rule: at most `max` characters (code points) once trimmed; `required` when it may not be blank. */
function textRule(max: number, tooLong: string, required?: string) {
  return (value: string): true | string => {
    if (isBlank(value)) return required ?? true;
    return maxLength(value.trim(), max) === null || tooLong;
  };
}

/** A time that may be blank (no start, no end). */
function timeRule(value: string): true | string {
  const text = value.trim();
  return text === '' || LOCAL_TIME.test(text) || MESSAGES.timeShape;
}

export const couponRules = {
  code: {
    validate: (value: string): true | string => {
      const code = normaliseCode(value);
      if (code === '') return MESSAGES.codeRequired;
      return (CODE_SHAPE.test(code) && code.length <= CODE_MAX) || MESSAGES.codeShape;
    },
  },
  name: { validate: textRule(NAME_MAX, MESSAGES.nameTooLong, MESSAGES.nameRequired) },
  description: { validate: textRule(DESCRIPTION_MAX, MESSAGES.descriptionTooLong) },
  discount_kind: {
    validate: (value: string): true | string => value === 'amount' || value === 'percent' || MESSAGES.kindRequired,
    deps: ['discount_value'],
  },
  discount_value: {
    validate: (value: string, values: CouponValues): true | string =>
      values.discount_kind === 'percent'
        ? wholeRule(1, PERCENT_MAX, MESSAGES.percent)(value)
        : wholeRule(1, AMOUNT_MAX, MESSAGES.amount)(value),
  },
  minimum_amount: { validate: wholeRule(0, MINIMUM_MAX, MESSAGES.minimum, true) },
  starts_at: { validate: timeRule, deps: ['ends_at'] },
  ends_at: {
    validate: (value: string, values: CouponValues): true | string => {
      const shape = timeRule(value);
      if (shape !== true || value.trim() === '') return shape;
      const start = values.starts_at.trim();
      // Both are Japan time in the same shape: the text's order is the time's.
      return !LOCAL_TIME.test(start) || withSeconds(value.trim()) > withSeconds(start) || MESSAGES.endsAfter;
    },
  },
  uses_per_member: { validate: wholeRule(1, USES_PER_MEMBER_MAX, MESSAGES.usesPerMember) },
  max_uses: { validate: wholeRule(1, MAX_USES_MAX, MESSAGES.maxUses, true) },
} satisfies {
  [Name in
    | 'code'
    | 'name'
    | 'description'
    | 'discount_kind'
    | 'discount_value'
    | 'minimum_amount'
    | 'starts_at'
    | 'ends_at'
    | 'uses_per_member'
    | 'max_uses']: RegisterOptions<CouponValues, Name>;
};

function withSeconds(local: string): string {
  return local.length === 16 ? `${local}:00` : local;
}

/** A new coupon: 金額, no condition, no period, everyone, once a member, no limit, listed. */
export function emptyCoupon(): CouponValues {
  return {
    code: '',
    name: '',
    description: '',
    discount_kind: 'amount',
    discount_value: '',
    minimum_amount: '',
    starts_at: '',
    ends_at: '',
    audience: 'everyone',
    uses_per_member: '1',
    max_uses: '',
    is_public: true,
  };
}

/** 対象 of a coupon (taking it first makes it members-only: the server saves both). */
export function audienceOf(coupon: { member_only: boolean; requires_take: boolean }): Audience {
  if (coupon.requires_take) return 'takers';
  return coupon.member_only ? 'members' : 'everyone';
}

/** `member_only` and `requires_take` of a 対象. */
export function audienceFlags(audience: Audience): { member_only: boolean; requires_take: boolean } {
  return { member_only: audience !== 'everyone', requires_take: audience === 'takers' };
}

/** The coupon as the form shows it. */
export function couponValues(coupon: CouponDesk): CouponValues {
  return {
    code: coupon.code,
    name: coupon.name,
    description: coupon.description,
    discount_kind: coupon.discount_kind,
    discount_value: String(coupon.discount_value),
    minimum_amount: coupon.minimum_amount > 0 ? String(coupon.minimum_amount) : '',
    starts_at: toLocalInput(coupon.starts_at),
    ends_at: toLocalInput(coupon.ends_at),
    audience: audienceOf(coupon),
    uses_per_member: String(coupon.uses_per_member),
    max_uses: coupon.max_uses === null || coupon.max_uses === undefined ? '' : String(coupon.max_uses),
    is_public: coupon.is_public,
  };
}

/** A whole number the rules let through (a box they refuse never reaches a body). */
const whole = (value: string, empty: number): number => parseWhole(value) ?? empty;
/** A time box: Japan time as the box gives it (the contract's own form), or null when blank. */
const time = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/** What a create and a save both send (CouponDeskInput). */
export function createBody(values: CouponValues): CouponCreateInput {
  const maxUses = parseWhole(values.max_uses);
  return {
    code: values.code.trim(),
    name: values.name.trim(),
    description: values.description.trim(),
    discount_kind: values.discount_kind,
    discount_value: whole(values.discount_value, 0),
    minimum_amount: whole(values.minimum_amount, 0),
    starts_at: time(values.starts_at),
    ends_at: time(values.ends_at),
    is_public: values.is_public,
    ...audienceFlags(values.audience),
    uses_per_member: whole(values.uses_per_member, 1),
    max_uses: maxUses,
  };
}

/** The body of PUT /v1/admin/coupons/{id}: the whole coupon with the version read. */
export function updateBody(values: CouponValues, version: number): CouponUpdateInput {
  return { ...createBody(values), version };
}

/** A form field the server names (`member_only` and `requires_take` are the 対象 radio). */
export type CouponField =
  | 'code'
  | 'name'
  | 'description'
  | 'discount_kind'
  | 'discount_value'
  | 'minimum_amount'
  | 'starts_at'
  | 'ends_at'
  | 'audience'
  | 'uses_per_member'
  | 'max_uses'
  | 'is_public';

/** The form's fields in its order (the first refused one takes the focus). */
const FORM_ORDER: readonly CouponField[] = [
  'code',
  'name',
  'description',
  'discount_kind',
  'discount_value',
  'minimum_amount',
  'starts_at',
  'ends_at',
  'audience',
  'uses_per_member',
  'max_uses',
  'is_public',
];

function fieldOf(key: string): CouponField | null {
  if (key === 'member_only' || key === 'requires_take') return 'audience';
  return FORM_ORDER.find((field) => field === key) ?? null;
}

export interface CouponErrors {
  /** Each field's first message, in the form's order. */
  fields: { name: CouponField; message: string }[];
  /** The form's alert: the summary and what no field shows (the version's), or the failure's message. */
  alert: string;
}

/** A refused save (422) as messages for the fields and the form's alert; any other failure as its message. */
export function couponErrors(error: unknown): CouponErrors {
  if (!(error instanceof AdminApiError) || Object.keys(error.errors).length === 0) {
    return { fields: [], alert: errorText(error) };
  }
  const fields: CouponErrors['fields'] = [];
  const other: string[] = [];
  for (const [key, messages] of Object.entries(error.errors)) {
    const message = messages[0];
    if (!message) continue;
    const name = fieldOf(key);
    if (name && !fields.some((field) => field.name === name)) fields.push({ name, message });
    else if (!name && !other.includes(message)) other.push(message);
  }
  fields.sort((a, b) => FORM_ORDER.indexOf(a.name) - FORM_ORDER.indexOf(b.name));
  return { fields, alert: [MESSAGES.summary, ...other].join('\n') };
}

// ---- how a coupon reads ---------------------------------------------------------------------------

const COUNT = new Intl.NumberFormat('ja-JP');

/** `12,345`. */
export function grouped(value: number): string {
  return COUNT.format(value);
}

/** 「500円引き」 / 「10%OFF」, as the server's `discount_label` says it (for what is not saved yet). */
export function discountLabel(kind: DiscountKind, value: number): string {
  return kind === 'percent' ? `${value}%OFF` : `${grouped(value)}円引き`;
}

/** The list's 条件: 「3,000円以上」, or なし. */
export function minimumLabel(minimum: number): string {
  return minimum > 0 ? `${grouped(minimum)}円以上` : 'なし';
}

/** The list's 期間 in Japan time: 「2026/12/01 00:00〜2027/01/01 00:00」, an open side left blank; 期間なし. */
export function periodLabel(startsAt: string | null | undefined, endsAt: string | null | undefined): string {
  if (!startsAt && !endsAt) return '期間なし';
  return `${startsAt ? formatDateTime(startsAt) : ''}〜${endsAt ? formatDateTime(endsAt) : ''}`;
}

/** The list's 利用: 「12 / 100回」 with a limit, 「12回」 without. */
export function usesLabel(used: number, maxUses: number | null | undefined): string {
  return maxUses === null || maxUses === undefined ? `${grouped(used)}回` : `${grouped(used)} / ${grouped(maxUses)}回`;
}

/**
 * 値引き of what the form holds: the saved coupon's own `discount_label` while its kind and value
 * are unchanged, else the same words made here; null while the value is no number the server takes.
 */
export function previewDiscount(
  values: Pick<CouponValues, 'discount_kind' | 'discount_value'>,
  saved: CouponDesk | null,
) {
  const value = parseWhole(values.discount_value);
  if (saved && saved.discount_kind === values.discount_kind && saved.discount_value === value) {
    return saved.discount_label;
  }
  const valid =
    value !== null &&
    Number.isInteger(value) &&
    value >= 1 &&
    value <= (values.discount_kind === 'percent' ? PERCENT_MAX : AMOUNT_MAX);
  return valid ? discountLabel(values.discount_kind, value) : null;
}

/** A datetime-local value as the storefront writes a day: `2026.12.01`. */
export function storefrontDay(local: string): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})T/.exec(local.trim());
  return day ? `${day[1]}.${day[2]}.${day[3]}` : '';
}
