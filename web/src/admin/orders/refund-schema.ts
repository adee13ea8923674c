/**
 * 返品・返金's form (docs/contracts/refunds.md): its fields and rules (react-hook-form rules, as the
 * rest of the order page), the lines it sends, and how its figures read. The server computes every
 * amount and checks everything again; the form only carries what staff typed.
 */
import type { RegisterOptions } from 'react-hook-form';
import { AdminApiError } from '../api/admin-client';
import type { ProposalLine } from '../api/admin-types';
import { formatYen } from '../ui/yen';

export const BANK_ACCOUNT_MAX = 200;

export interface RefundValues {
  /** Units coming back, per line of the proposal (as typed). */
  quantities: string[];
  include_fees: boolean;
  amount: string;
  points_returned: string;
  points_revoked: string;
  /** 在庫に戻す / 戻さない: no default, staff choose. */
  restock: '' | 'yes' | 'no';
  reason: string;
  bank_account: string;
  notify: boolean;
}

/** A unit count of one order line, as the calls send it. */
export interface RefundLine {
  line_id: string;
  quantity: number;
}

/** What 内容を確認する shows and 確定する sends (the version is added when sent). */
export interface RefundDraft {
  lines: RefundLine[];
  restock: boolean;
  amount: number;
  points_returned: number;
  points_revoked: number;
  reason: string;
  bank_account: string;
  notify: boolean;
}

/** The fields a refused refund may name (`lines` goes to the form's alert). */
export const REFUND_FIELDS = [
  'restock',
  'amount',
  'points_returned',
  'points_revoked',
  'reason',
  'bank_account',
] as const;

/** `¥2,500`, as the back office shows money everywhere. */
export function yen(value: number): string {
  return formatYen(value);
}

/** `200pt`. */
export function pt(value: number): string {
  return `${value.toLocaleString('ja-JP')}pt`;
}

/** `商品名（M）`: the variation only when it says more than the name. */
export function lineName(line: { name: string; variation_name: string }): string {
  return line.variation_name && line.variation_name !== line.name
    ? `${line.name}（${line.variation_name}）`
    : line.name;
}

/** A whole number as typed (`１,２００円`, `200pt`), or null when it is not one. */
export function readWhole(value: string): number | null {
  const text = value
    .replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/[,，円\s]|pt$/gi, '');
  return /^[0-9]+$/.test(text) ? Number(text) : null;
}

/** Units of one line ('' and anything unreadable count as none: the rule has said so already). */
function unitsOf(value: string | undefined): number {
  return readWhole(value ?? '') ?? 0;
}

export function unitCount(quantities: readonly string[]): number {
  return quantities.reduce((sum, value) => sum + unitsOf(value), 0);
}

/** The lines that come back (only those with units), in the order's order. */
export function refundLines(lines: readonly ProposalLine[], quantities: readonly string[]): RefundLine[] {
  return lines.flatMap((line, index) => {
    const quantity = unitsOf(quantities[index]);
    return quantity > 0 ? [{ line_id: line.line_id, quantity }] : [];
  });
}

/** What a proposal was computed for: a later change of the units or of 送料・手数料 outdates it. */
export function proposalKey(input: { lines: RefundLine[]; include_fees: boolean }): string {
  return JSON.stringify([input.lines, input.include_fees]);
}

export function quantityRules(line: ProposalLine) {
  return {
    validate: (value: string) => {
      if (value.trim() === '') return true;
      const quantity = readWhole(value);
      if (quantity === null) return '0以上の整数で入力してください';
      return quantity <= line.returnable || `返品できるのは${line.returnable}点までです`;
    },
  } satisfies RegisterOptions<RefundValues, `quantities.${number}`>;
}

export function amountRules(refundable: number) {
  return {
    validate: (value: string) => {
      if (value.trim() === '') return '返金額を入力してください';
      const amount = readWhole(value);
      if (amount === null) return '返金額は0円以上の整数で入力してください';
      return amount <= refundable || `返金額が返金できる上限（${refundable.toLocaleString('ja-JP')}円）を超えています`;
    },
  } satisfies RegisterOptions<RefundValues, 'amount'>;
}

export function pointsReturnedRules(returnable: number) {
  return pointRules(
    returnable,
    `返却ポイントはご利用ポイントの残り（${pt(returnable)}）以下で入力してください`,
    '返却するポイント',
  );
}

export function pointsRevokedRules(revocable: number) {
  return pointRules(
    revocable,
    `取り消すポイントは付与ポイントの残り（${pt(revocable)}）以下で入力してください`,
    '取り消すポイント',
  );
}

function pointRules(limit: number, over: string, what: string) {
  return {
    validate: (value: string) => {
      if (value.trim() === '') return `${what}を入力してください（なければ0）`;
      const points = readWhole(value);
      if (points === null) return `${what}は0以上の整数で入力してください`;
      return points <= limit || over;
    },
  } satisfies RegisterOptions<RefundValues, 'points_returned' | 'points_revoked'>;
}

/** Required only when some unit comes back (the server checks it only then too). */
export const restockRules = {
  validate: (value: string, form: RefundValues) =>
    value !== '' || unitCount(form.quantities) === 0 || '在庫に戻すかどうかを選んでください',
} satisfies RegisterOptions<RefundValues, 'restock'>;

export const bankAccountRules = {
  validate: (value: string) =>
    [...value.trim()].length <= BANK_ACCOUNT_MAX || `振込先は${BANK_ACCOUNT_MAX}文字以内で入力してください`,
} satisfies RegisterOptions<RefundValues, 'bank_account'>;

/** The server's word on the lines (`lines`, or one line's `lines.0.quantity`), for the alert. */
export function linesError(error: unknown): string | undefined {
  if (!(error instanceof AdminApiError)) return undefined;
  const errors = error.errors;
  const key = Object.keys(errors).find(
    (name) => name === 'lines' || name.startsWith('lines.') || name.startsWith('lines['),
  );
  return key ? errors[key]?.[0] : undefined;
}
