/**
 * まとめて注文 (/product/:key/uos): the rules of the order sheet, pure so the page stays a view —
 * which variations can be ordered, the sizes × colours grid, reading a typed quantity, the
 * running total and the items sent to PATCH /v1/carts/products/add-set.
 */
import type { ProductDetail, Variation } from '../../api/types';
import { axesOf, findVariation } from './variation-choice';

/**
 * The most of one item a cart line holds (the server's MAX_QUANTITY). Each variation also
 * says how many may be ordered now (`max_quantity`: its stock, at most this); the server
 * checks the stock again when adding (422 「在庫が不足しています（残り N 点）」).
 */
export const MAX_SHEET_QUANTITY = 99;

/** Why a variation cannot be ordered now. */
export type Blocked = 'stopped' | 'not_on_sale' | 'out_of_stock';

export const BLOCKED_LABELS: Record<Blocked, string> = {
  stopped: '販売停止中',
  not_on_sale: '販売期間外',
  out_of_stock: '在庫切れ',
};

export interface SaleState {
  /** The product's sale period includes now (ProductDetail.is_on_sale). */
  onSale: boolean;
  /** The shop has stopped selling (PLUGIN.TEMPORARY_STOP_SELLING). */
  stopped: boolean;
}

/** The first reason that applies, shop-wide first; null when the variation can be ordered. */
export function blockedReason(variation: Pick<Variation, 'stock_status'>, sale: SaleState): Blocked | null {
  if (sale.stopped) return 'stopped';
  if (!sale.onSale) return 'not_on_sale';
  if (variation.stock_status === 'out_of_stock') return 'out_of_stock';
  return null;
}

/** Colours as rows, sizes as columns; a combination the product lacks is null. */
export interface SheetGrid {
  sizes: string[];
  colors: string[];
  rows: { color: string; cells: (Variation | null)[] }[];
}

/**
 * The grid when every variation has both a size and a colour and no pair repeats; otherwise
 * null and the sheet is a list (a product with one axis, or items known only by name).
 */
export function sheetGrid(variations: readonly Variation[]): SheetGrid | null {
  const { sizes, colors } = axesOf(variations);
  if (sizes.length === 0 || colors.length === 0) return null;
  if (variations.some((v) => !v.size || !v.color)) return null;
  const pairs = new Set(variations.map((v) => `${v.size}\u0000${v.color}`));
  if (pairs.size !== variations.length) return null;
  return {
    sizes,
    colors,
    rows: colors.map((color) => ({
      color,
      cells: sizes.map((size) => findVariation(variations, size, color) ?? null),
    })),
  };
}

export interface QuantityCheck {
  /** 0 while the text is empty or wrong. */
  quantity: number;
  error: string | null;
}

/**
 * A typed quantity: empty is 0; full-width digits are read as digits (a Japanese keyboard);
 * whole numbers from 0 to `max` only. `badInput` is the browser's word that the number field
 * holds something it could not read (its value is then '').
 */
export function parseQuantity(text: string, max = MAX_SHEET_QUANTITY, badInput = false): QuantityCheck {
  if (badInput) return { quantity: 0, error: '数字で入力してください' };
  const value = text.normalize('NFKC').trim();
  if (value === '') return { quantity: 0, error: null };
  if (!/^[+-]?\d+(\.\d+)?$/.test(value)) return { quantity: 0, error: '数字で入力してください' };
  const n = Number(value);
  if (!Number.isInteger(n)) return { quantity: 0, error: '整数で入力してください' };
  if (n < 0) return { quantity: 0, error: '0以上で入力してください' };
  if (n > max && max < MAX_SHEET_QUANTITY) return { quantity: 0, error: `在庫が不足しています（残り ${max} 点）` };
  if (n > max) return { quantity: 0, error: `${max}点以下で入力してください` };
  return { quantity: n, error: null };
}

/** What the buyer typed, by variation key (the field's text and whether the browser could read it). */
export type Entries = Record<string, { text: string; badInput?: boolean } | undefined>;

export interface SheetLine {
  variation: Variation;
  blocked: Blocked | null;
  check: QuantityCheck;
}

/** Every variation with its state and its typed quantity; a blocked one counts 0 whatever it holds. */
export function sheetLines(variations: readonly Variation[], entries: Entries, sale: SaleState): SheetLine[] {
  return variations.map((variation) => {
    const blocked = blockedReason(variation, sale);
    const entry = entries[variation.key];
    const check = blocked
      ? { quantity: 0, error: null }
      : parseQuantity(entry?.text ?? '', variation.max_quantity, entry?.badInput);
    return { variation, blocked, check };
  });
}

export interface SheetTotals {
  /** Units chosen. */
  count: number;
  /** Tax-included yen. */
  amount: number;
  /** The consumption tax inside `amount`: floor(amount × rate / (100 + rate)), once for the rate. */
  tax: number;
}

/**
 * The running total shown while typing, before anything is in the cart (prices are tax-included
 * and one product has one rate). The cart's own total, computed by the server, is what is paid.
 */
export function sheetTotals(lines: readonly SheetLine[], taxRate: ProductDetail['tax_rate']): SheetTotals {
  let count = 0;
  let amount = 0;
  for (const { variation, check } of lines) {
    count += check.quantity;
    amount += variation.price * check.quantity;
  }
  return { count, amount, tax: Math.floor((amount * taxRate) / (100 + taxRate)) };
}

/** The add-set items: each orderable variation with a quantity, in the product's order. */
export function sheetItems(lines: readonly SheetLine[]): { variation_key: string; quantity: number }[] {
  return lines
    .filter((line) => line.blocked === null && line.check.error === null && line.check.quantity > 0)
    .map((line) => ({ variation_key: line.variation.key, quantity: line.check.quantity }));
}
