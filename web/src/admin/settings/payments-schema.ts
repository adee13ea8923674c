/**
 * 支払方法設定's words and one method's form (docs/contracts/settings-payments.md): the fee tiers
 * and the totals a method takes in words (the list's 手数料 and 利用できる金額), the order 上へ /
 * 下へ sends; the editor's fields (yen boxes as text: 「1,650」 and full-width digits are taken,
 * as on 送料設定), their rules (react-hook-form rules with the server's own words), the body
 * 保存する sends and the server's 422 spread back onto the fields (`fee_tiers[2].up_to` under the
 * third row's 上限金額); 有効にする locked, saying why, while the checkout cannot offer the method
 * (the server's `unready_reason`: no card gateway, no 振込先口座) and it is off. An empty 上限金額
 * or 手数料 in a row is sent as it is (null) for the server to refuse with its message; an empty
 * 下限 or 上限 is no bound. The server checks everything again.
 */
import type { RegisterOptions } from 'react-hook-form';
import { isBlank, maxLength } from '../../lib/validators';
import { AdminApiError, errorText } from '../api/admin-client';
import { MESSAGES as CARRIAGE_MESSAGES, parseYen } from './carriage-schema';
import type { SettingsRefusal } from './settings-form-frame';
import { CARD_CODE, type FeeTier, type PaymentMethodInput, type PaymentMethodSettings } from './payments-types';

/** The method that needs 振込先口座 (payments-types.ts names card payment's code). */
export const BANK_TRANSFER_CODE = 'bank_transfer';
/** The link to 振込先口座 beside 銀行振込's note (the list, the editor) while it has no account. */
export const SET_BANK_ACCOUNT_TEXT = '振込先口座を設定する';

export const NAME_MAX = 50;
export const DESCRIPTION_MAX = 500;
/** The most tiers a fee may have. */
export const TIERS_MAX = 10;
/** The most one tier's fee may be. */
export const FEE_MAX = 100_000;
/** The largest total a tier's bound or a method's lower or upper bound may name. */
export const TOTAL_MAX = 100_000_000;

/** The server's messages (422), said here before it is asked where the form can tell. */
export const MESSAGES = {
  nameRequired: '名称を入力してください。',
  nameTooLong: '名称は50文字以内で入力してください。',
  descriptionTooLong: '説明は500文字以内で入力してください。',
  tiersRequired: '手数料を1段以上入力してください。',
  tiersTooMany: '手数料は10段までです。',
  cardFee: 'クレジットカードには手数料をかけられません（カード会社の加盟店規約で禁止されています）。',
  fee: '手数料は0円から100,000円までの整数で入力してください。',
  upToRequired: 'この段の上限金額を入力してください。',
  upToOrder: '上限金額は前の段より大きくしてください。',
  upTo: '上限金額は1円から100,000,000円までの整数で入力してください。',
  lastOpen: '最後の段は上限なしにしてください。',
  minTotal: '下限は1円から100,000,000円までの整数で入力してください。',
  maxTotal: '上限は1円から100,000,000円までの整数で入力してください。',
  maxBelowMin: '上限は下限より大きくしてください。',
  /** Enabling a method the checkout cannot offer (its `unready_reason` is set): card payment, 銀行振込. */
  cardUnready: 'カード決済の接続先が設定されていないため有効にできません。',
  bankUnready: '振込先口座を設定するまで有効にできません。',
  lastEnabled: '有効な支払方法が1つもなくなるため、無効にできません。',
  version: '版番号がありません。画面を読み込み直してください。',
  orderMismatch: '支払方法をすべて1回ずつ並べてください。',
  stale: 'この支払方法は他の画面で更新されました。画面を読み込み直してください。',
  /** Above the form when a save was refused (with what no field shows). */
  summary: CARRIAGE_MESSAGES.summary,
} as const;

// ---- the list's words --------------------------------------------------------------------------

const YEN = new Intl.NumberFormat('ja-JP');

/** 「10,000円」. */
export const yenText = (yen: number): string => `${YEN.format(yen)}円`;

/**
 * A method's fee in words: 「無料」 (one open tier of 0), 「330円」 (one open tier), or each tier
 * 「〜10,000円 330円 / 〜30,000円 440円 / それ以上 1,100円」.
 */
export function feeSummary(tiers: readonly FeeTier[]): string {
  const [only] = tiers;
  if (!only) return '無料';
  if (tiers.length === 1 && typeof only.up_to !== 'number') return only.fee === 0 ? '無料' : yenText(only.fee);
  const tier = ({ up_to, fee }: FeeTier) =>
    `${typeof up_to === 'number' ? `〜${yenText(up_to)}` : 'それ以上'} ${yenText(fee)}`;
  return tiers.map(tier).join(' / ');
}

/** The totals a method takes, in words: 「300,000円まで」, 「1,000円から」, 「1,000円〜300,000円」, 「制限なし」. */
export function rangeSummary(min: number | null | undefined, max: number | null | undefined): string {
  const from = min ?? null;
  const to = max ?? null;
  if (from !== null && to !== null) return `${yenText(from)}〜${yenText(to)}`;
  if (to !== null) return `${yenText(to)}まで`;
  if (from !== null) return `${yenText(from)}から`;
  return '制限なし';
}

/** The order after the method at `index` moved one place up (-1) or down (+1); as it was at either end. */
export function movedOrder(ids: readonly string[], index: number, by: -1 | 1): string[] {
  const order = [...ids];
  const other = index + by;
  const moving = order[index];
  const swapped = order[other];
  if (moving === undefined || swapped === undefined) return order;
  order[index] = swapped;
  order[other] = moving;
  return order;
}

// ---- one method's form -------------------------------------------------------------------------

export interface TierValues {
  /** Empty on the last row (「それ以上」), which has no box for it. */
  up_to: string;
  fee: string;
}

export interface PaymentValues {
  name: string;
  description: string;
  is_enabled: boolean;
  member_only: boolean;
  min_total: string;
  max_total: string;
  fee_tiers: TierValues[];
}

/** Whether the method is card payment: no fee tiers, only one open tier of 0. */
export const isCard = (method: { code: string }): boolean => method.code === CARD_CODE;

/** Whether the method is 銀行振込: offered only once 振込先口座 is saved. */
export const isBankTransfer = (method: { code: string }): boolean => method.code === BANK_TRANSFER_CODE;

/** What 有効にする's lock needs: why the checkout cannot offer the method (null: it can), and whether it is on. */
interface Readiness {
  unready_reason?: string | null;
  is_enabled: boolean;
}

/** Why the checkout cannot offer the method even when enabled (the server's `unready_reason`), or null: it can. */
export const unreadyReason = (method: Pick<Readiness, 'unready_reason'>): string | null =>
  method.unready_reason ?? null;

/** 有効にする is locked while the checkout cannot offer the method and it is off (switched off, it can be). */
export const enablingLocked = (method: Readiness): boolean => unreadyReason(method) !== null && !method.is_enabled;

/**
 * 有効にする's description while the checkout cannot offer the method: off, 「{reason}設定するまで
 * 有効にできません。」; on, 「{reason}ご注文手続きには表示されません。」; none while it can be offered.
 */
export function unreadyHint(method: Readiness): string | undefined {
  const reason = unreadyReason(method);
  if (reason === null) return undefined;
  return enablingLocked(method)
    ? `${reason}設定するまで有効にできません。`
    : `${reason}ご注文手続きには表示されません。`;
}

/** Characters, not UTF-16 units: the server counts characters. */
const tooLong = (value: string, max: number): boolean => maxLength(value.trim(), max) !== null;

/** An empty box passes (the server says what empty means); anything else is a whole number from `min` to `max`. */
function yenRule(min: number, max: number, message: string) {
  return (value: string): true | string => {
    const yen = parseYen(value);
    return yen === null || (Number.isInteger(yen) && yen >= min && yen <= max) || message;
  };
}

export const paymentRules = {
  name: {
    validate: (value: string): true | string => {
      if (isBlank(value)) return MESSAGES.nameRequired;
      return !tooLong(value, NAME_MAX) || MESSAGES.nameTooLong;
    },
  },
  description: {
    validate: (value: string): true | string => !tooLong(value, DESCRIPTION_MAX) || MESSAGES.descriptionTooLong,
  },
  min_total: { validate: yenRule(1, TOTAL_MAX, MESSAGES.minTotal) },
  max_total: { validate: yenRule(1, TOTAL_MAX, MESSAGES.maxTotal) },
  up_to: { validate: yenRule(1, TOTAL_MAX, MESSAGES.upTo) },
  fee: { validate: yenRule(0, FEE_MAX, MESSAGES.fee) },
} satisfies {
  name: RegisterOptions<PaymentValues, 'name'>;
  description: RegisterOptions<PaymentValues, 'description'>;
  min_total: RegisterOptions<PaymentValues, 'min_total'>;
  max_total: RegisterOptions<PaymentValues, 'max_total'>;
  up_to: RegisterOptions<PaymentValues, `fee_tiers.${number}.up_to`>;
  fee: RegisterOptions<PaymentValues, `fee_tiers.${number}.fee`>;
};

const text = (yen: number | null | undefined): string => (yen === null || yen === undefined ? '' : String(yen));

/** A new row (段を追加): both boxes empty. */
export const emptyTier = (): TierValues => ({ up_to: '', fee: '' });

/** The method as the form shows it (the last tier's bound is never shown: it is 「それ以上」). */
export function paymentValues(method: PaymentMethodSettings): PaymentValues {
  const tiers = method.fee_tiers.map(({ up_to, fee }, index, all) => ({
    up_to: index === all.length - 1 ? '' : text(up_to),
    fee: text(fee),
  }));
  return {
    name: method.name,
    description: method.description,
    is_enabled: method.is_enabled,
    member_only: method.member_only,
    min_total: text(method.min_total),
    max_total: text(method.max_total),
    fee_tiers: tiers.length > 0 ? tiers : [emptyTier()],
  };
}

/**
 * The form as 保存する sends it, with the version read: texts as typed (the server trims), empty
 * boxes as null, the last tier open. Card payment sends one open tier of 0 (it has no table).
 */
export function paymentBody(values: PaymentValues, version: number, code: string): PaymentMethodInput {
  const tiers =
    code === CARD_CODE
      ? [{ up_to: null, fee: 0 }]
      : values.fee_tiers.map(({ up_to, fee }, index, all) => ({
          up_to: index === all.length - 1 ? null : parseYen(up_to),
          fee: parseYen(fee),
        }));
  return {
    version,
    name: values.name,
    description: values.description,
    // A disabled checkbox reads as undefined: it is disabled only while the method is off.
    is_enabled: values.is_enabled === true,
    member_only: values.member_only === true,
    fee_tiers: tiers,
    min_total: parseYen(values.min_total),
    max_total: parseYen(values.max_total),
  };
}

/** A form field the server may name. */
export type PaymentField =
  | 'name'
  | 'description'
  | 'is_enabled'
  | 'member_only'
  | 'min_total'
  | 'max_total'
  | 'fee_tiers'
  | `fee_tiers.${number}.up_to`
  | `fee_tiers.${number}.fee`;

const PLAIN_FIELDS = [
  'name',
  'description',
  'is_enabled',
  'member_only',
  'min_total',
  'max_total',
  'fee_tiers',
] as const;

/**
 * The box a server key names, given the rows the form shows (`rows`: none for card payment):
 * `fee_tiers[2].up_to` is `fee_tiers.2.up_to`; the last row has no 上限金額 box. Null for a key
 * no box shows (its message goes above 保存する).
 */
export function paymentFieldOf(key: string, rows: number): PaymentField | null {
  const plain = PLAIN_FIELDS.find((name) => name === key);
  if (plain) return plain;
  const tier = /^fee_tiers\[(\d+)\]\.(up_to|fee)$/.exec(key);
  if (!tier) return null;
  const index = Number(tier[1]);
  const last = index === rows - 1;
  if (index >= rows || (tier[2] === 'up_to' && last)) return null;
  return tier[2] === 'up_to' ? `fee_tiers.${index}.up_to` : `fee_tiers.${index}.fee`;
}

/** Where a field stands in the form: 名称 … 利用できる金額, then 手数料 and its rows, each row's bound before its fee. */
function formOrder(name: PaymentField): number {
  const plain = PLAIN_FIELDS.indexOf(name as (typeof PLAIN_FIELDS)[number]);
  if (plain >= 0) return plain;
  const [, index, box] = name.split('.');
  return PLAIN_FIELDS.length + Number(index) * 2 + (box === 'fee' ? 1 : 0);
}

/**
 * A refused save (422) as messages for the fields (in the form's order: the first one takes the
 * focus) and the form's alert, the summary with what no field shows (the version's); any other
 * failure as its message. `rows`: the tier rows the form shows.
 */
export function paymentErrors(error: unknown, rows: number): SettingsRefusal<PaymentField> {
  if (!(error instanceof AdminApiError) || Object.keys(error.errors).length === 0) {
    return { fields: [], alert: errorText(error) };
  }
  const fields: SettingsRefusal<PaymentField>['fields'] = [];
  const other: string[] = [];
  for (const [key, messages] of Object.entries(error.errors)) {
    const message = messages[0];
    if (!message) continue;
    const name = paymentFieldOf(key, rows);
    if (name) fields.push({ name, message });
    else if (!other.includes(message)) other.push(message);
  }
  fields.sort((a, b) => formOrder(a.name) - formOrder(b.name));
  return { fields, alert: [MESSAGES.summary, ...other].join('\n') };
}
