/**
 * The stock desk's forms (入出庫, 棚卸, しきい値): their fields and rules — react-hook-form rules,
 * as the rest of the back office, built on the shared validators (lib/validators) — the bodies
 * they send, and the server's 422 spread back onto them. The server checks everything again and
 * alone knows the stock as it is now: nothing here refuses a change for what the list last showed.
 */
import type { FieldValues, Path, RegisterOptions, UseFormSetError } from 'react-hook-form';
import { maxLength, nonNegativeInteger } from '../../lib/validators';
import { errorText, fieldError } from '../api/admin-client';
import type { StockReason, StockRow } from '../api/admin-types';

/** The most units one change or count takes (the server's typo guard). */
export const STOCK_MAX = 1_000_000;
/** A メモ's length, as the server takes it. */
export const NOTE_MAX = 200;

/** The reasons staff give for stock added or taken away by hand (the ledger shows the server's labels). */
export const ADJUST_REASONS: readonly { code: StockReason; label: string }[] = [
  { code: 'arrival', label: '入荷' },
  { code: 'adjustment', label: '調整' },
  { code: 'return_restock', label: '返品戻し' },
];

export function reasonLabel(code: StockReason): string {
  return ADJUST_REASONS.find((reason) => reason.code === code)?.label ?? code;
}

/** A variation as the screens name it: the product, and the variation when it says more. */
export function stockName(row: Pick<StockRow, 'product_name' | 'variation_name'>): string {
  const product = row.product_name.trim();
  const variation = row.variation_name.trim();
  if (!variation || variation === product) return product;
  if (variation.includes(product)) return variation;
  return `${product}（${variation}）`;
}

/** `+5`, `-3`, `±0`: a change of stock as the ledger and the previews show it. */
export function signed(value: number): string {
  if (value > 0) return `+${value}`;
  if (value < 0) return `-${Math.abs(value)}`;
  return '±0';
}

/** Full-width digits (what a Japanese input method types first) as half-width ones. */
function toHalfWidth(value: string): string {
  return value.replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).trim();
}

/** A whole number of units typed in a box, or null while it is not one. */
export function parseUnits(value: string): number | null {
  const text = toHalfWidth(value);
  return text !== '' && nonNegativeInteger(text, STOCK_MAX) === null ? Number(text) : null;
}

function unitsRule(what: string, { positive = false } = {}) {
  return (value: string): true | string => {
    const text = toHalfWidth(value);
    if (text === '') return `${what}を入力してください`;
    const shape = nonNegativeInteger(text, STOCK_MAX);
    if (shape !== null) return shape;
    return !positive || Number(text) > 0 || `${what}は1以上で入力してください`;
  };
}

const noteRule = (value: string): true | string => maxLength(value.trim(), NOTE_MAX) ?? true;

// ---- 入出庫 ------------------------------------------------------------------------------------

export type Direction = 'add' | 'remove';

export interface AdjustValues {
  direction: Direction;
  quantity: string;
  reason: StockReason;
  note: string;
}

export const adjustRules = {
  quantity: { validate: unitsRule('数量', { positive: true }) },
  note: { validate: noteRule },
} satisfies { [K in keyof AdjustValues]?: RegisterOptions<AdjustValues, K> };

/** The signed change the form says (+ adds, − takes away), or null while the number is not one. */
export function adjustDelta(direction: Direction, quantity: string): number | null {
  const units = parseUnits(quantity);
  if (units === null || units === 0) return null;
  return direction === 'remove' ? -units : units;
}

// ---- 棚卸 --------------------------------------------------------------------------------------

export interface CountValues {
  to: string;
  note: string;
}

export const countRules = {
  to: { validate: unitsRule('数えた実在庫') },
  note: { validate: noteRule },
} satisfies { [K in keyof CountValues]: RegisterOptions<CountValues, K> };

// ---- しきい値 ----------------------------------------------------------------------------------

export interface ThresholdValues {
  threshold: string;
}

export const thresholdRules = {
  threshold: {
    validate: (value: string) => (toHalfWidth(value) === '' ? true : unitsRule('しきい値')(value)),
  },
} satisfies { [K in keyof ThresholdValues]: RegisterOptions<ThresholdValues, K> };

/** The box as the API takes it: blank is no しきい値 (no alert). */
export function parseThreshold(value: string): number | null {
  return toHalfWidth(value) === '' ? null : parseUnits(value);
}

// ---- the server's answer -------------------------------------------------------------------------

/**
 * A refused change onto the form: the server's field messages onto their fields (`fields` maps the
 * API's names to the form's; the first one focused); what no field shows comes back for the form's
 * alert.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: Readonly<Record<string, Path<T>>>,
): string | null {
  let shown = false;
  for (const [name, field] of Object.entries(fields)) {
    const message = fieldError(error, name);
    if (message) {
      setError(field, { type: 'server', message }, { shouldFocus: !shown });
      shown = true;
    }
  }
  return shown ? null : errorText(error);
}
