/**
 * 一括編集's edits (docs/contracts/catalog-grid.md): the cells a staff member changed, kept as they
 * were typed; the checks that answer at once in the contract's words; the body of preview/apply
 * built from them with only what changed; and the server's 422 field paths (`products[0].price`,
 * `products[0].variations[1].stock_delta`) turned back into the cells they are about. Pure: the
 * screen holds a `GridDraft` in its state and calls these.
 */
import { PRICE_MAX, parseWhole, toHalfWidth } from './product-schema';
import { STOCK_MAX } from './stock-schema';
import type { GridChanges, GridProduct, GridProductChange, GridVariation, GridVariationChange } from './grid-types';

/** The server's words for a price it does not take (販売価格, 通常価格, a variation's 価格). */
export const PRICE_MESSAGE = '0〜10,000,000円の範囲で入力してください。';
/** A stock change that is not a whole number. */
export const DELTA_MESSAGE = '整数で入力してください（例：3、-2）。';
/** A stock change past the stock desk's typo guard. */
export const DELTA_MAX_MESSAGE = `在庫の増減は${STOCK_MAX.toLocaleString('ja-JP')}個以内で入力してください。`;
/** The server's words for taking away more than can be sold. */
export const deltaTooLarge = (available: number) => `販売可能数（${available}）より多くは減らせません。`;

export type ProductField = 'price' | 'before_price' | 'is_published' | 'category_ids' | 'tag_ids';
export type VariationField = 'price' | 'stock_delta';

/** A cell the staff member may change: a product's field, or a variation's. */
export type CellRef =
  | { productId: string; variationId: null; field: ProductField }
  | { productId: string; variationId: string; field: VariationField };

/** A text box's value as typed, 公開 as a flag, カテゴリ and タグ as ids. */
export type DraftValue = string | boolean | readonly string[];

/** `productId|variationId|field` ('' for a product's own cells). */
export type CellKey = string;

export function cellKey(ref: CellRef): CellKey {
  return `${ref.productId}|${ref.variationId ?? ''}|${ref.field}`;
}

/** The key under which a whole row's message is kept (an unknown product or variation). */
export function rowKey(productId: string, variationId: string | null): CellKey {
  return `${productId}|${variationId ?? ''}|row`;
}

export interface GridDraft {
  /** The changed cells, by key. A cell set back to what the server has is not here. */
  cells: Record<CellKey, { ref: CellRef; value: DraftValue }>;
  /** Each changed product's version when its first cell changed: what preview and apply send. */
  versions: Record<string, number>;
}

export const EMPTY_DRAFT: GridDraft = { cells: {}, versions: {} };

export function changedCount(draft: GridDraft): number {
  return Object.keys(draft.cells).length;
}

function variationOf(product: GridProduct, id: string): GridVariation | undefined {
  return product.variations.find((variation) => variation.id === id);
}

/** What the cell shows before any change: prices as text, 在庫の増減 empty, the rest as they are. */
export function originalValue(product: GridProduct, ref: CellRef): DraftValue {
  if (ref.variationId === null) {
    switch (ref.field) {
      case 'price':
        return String(product.price);
      case 'before_price':
        return product.before_price === null || product.before_price === undefined ? '' : String(product.before_price);
      case 'is_published':
        return product.is_published;
      case 'category_ids':
        return product.category_ids;
      case 'tag_ids':
        return product.tag_ids;
    }
  }
  const variation = variationOf(product, ref.variationId);
  if (ref.field === 'price') return variation ? String(variation.price) : '';
  return '';
}

/** What the cell holds now: its change, or what the server has. */
export function currentValue(draft: GridDraft, product: GridProduct, ref: CellRef): DraftValue {
  return draft.cells[cellKey(ref)]?.value ?? originalValue(product, ref);
}

// ---- reading what was typed --------------------------------------------------------------------

/** A price box: the yen, null when blank, or undefined while it is not a price the server takes. */
function readPrice(text: string, { blankIsNull }: { blankIsNull: boolean }): number | null | undefined {
  if (toHalfWidth(text) === '') return blankIsNull ? null : undefined;
  return parseWhole(text, PRICE_MAX) ?? undefined;
}

/**
 * A signed change of stock as typed: `3`, `+3`, `-3`, `－３`, `−3` (a phone's number pad has no
 * minus: the editor's ＋/− button writes it); 0 when blank; null while it is not a whole number.
 */
export function parseDelta(text: string): number | null {
  const plain = toHalfWidth(text.replace(/[－−‐ー]/g, '-').replace(/＋/g, '+')).replace(/\s+/g, '');
  if (plain === '') return 0;
  if (!/^[+-]?\d{1,15}$/.test(plain)) return null;
  const value = Number(plain);
  return value === 0 ? 0 : value;
}

/** The typed text with its sign flipped (the editor's ＋/− button). */
export function flipSign(text: string): string {
  const trimmed = text.trim();
  if (/^[-－−‐]/.test(trimmed)) return trimmed.slice(1);
  if (/^[+＋]/.test(trimmed)) return `-${trimmed.slice(1)}`;
  return `-${trimmed}`;
}

/** The message a text cell's value gets at once, or null when the server would take it. */
export function cellProblem(product: GridProduct, ref: CellRef, value: DraftValue): string | null {
  if (typeof value !== 'string') return null;
  if (ref.field === 'price') return readPrice(value, { blankIsNull: false }) === undefined ? PRICE_MESSAGE : null;
  if (ref.field === 'before_price') return readPrice(value, { blankIsNull: true }) === undefined ? PRICE_MESSAGE : null;
  if (ref.field === 'stock_delta') {
    const delta = parseDelta(value);
    if (delta === null) return DELTA_MESSAGE;
    if (Math.abs(delta) > STOCK_MAX) return DELTA_MAX_MESSAGE;
    const available = ref.variationId ? (variationOf(product, ref.variationId)?.available ?? 0) : 0;
    if (delta < 0 && -delta > available) return deltaTooLarge(available);
  }
  return null;
}

/** Whether `value` says the same as the server has (`12,800` is 12800; blank 通常価格 is none). */
function isUnchanged(product: GridProduct, ref: CellRef, value: DraftValue): boolean {
  const original = originalValue(product, ref);
  if (Array.isArray(value) && Array.isArray(original)) {
    return value.length === original.length && value.every((id) => original.includes(id));
  }
  if (typeof value === 'boolean') return value === original;
  if (typeof value !== 'string') return false;
  if (ref.field === 'stock_delta') return parseDelta(value) === 0;
  const blankIsNull = ref.field === 'before_price';
  const typed = readPrice(value, { blankIsNull });
  if (typed === undefined) return false;
  const before = readPrice(original as string, { blankIsNull });
  return typed === before;
}

// ---- changing the draft --------------------------------------------------------------------------

/** The draft with `ref` set to `value` (or dropped from it when that is what the server has). */
export function setCell(draft: GridDraft, product: GridProduct, ref: CellRef, value: DraftValue): GridDraft {
  const key = cellKey(ref);
  const cells = { ...draft.cells };
  if (isUnchanged(product, ref, value)) delete cells[key];
  else cells[key] = { ref, value };
  return { cells, versions: keepVersions(draft.versions, cells, product) };
}

/** The draft without the change of `ref` (元に戻す). */
export function revertCell(draft: GridDraft, ref: CellRef): GridDraft {
  const cells = { ...draft.cells };
  delete cells[cellKey(ref)];
  return { cells, versions: keepVersions(draft.versions, cells) };
}

/** Versions only of the products that still have a change; `product` keeps the one it has or gets its own. */
function keepVersions(versions: Record<string, number>, cells: GridDraft['cells'], product?: GridProduct) {
  const changed = new Set(Object.values(cells).map(({ ref }) => ref.productId));
  const kept: Record<string, number> = {};
  for (const id of changed) {
    const version = versions[id] ?? (product?.id === id ? product.version : undefined);
    if (version !== undefined) kept[id] = version;
  }
  return kept;
}

/**
 * The draft against rows read again (読み込み直す): the versions become the rows' own, changes of
 * products or variations no longer on the page go, and changes that now say what the server has
 * are no changes any more.
 */
export function rebase(draft: GridDraft, products: readonly GridProduct[]): GridDraft {
  const byId = new Map(products.map((product) => [product.id, product]));
  let next: GridDraft = { cells: {}, versions: {} };
  for (const { ref, value } of Object.values(draft.cells)) {
    const product = byId.get(ref.productId);
    if (!product || (ref.variationId !== null && !variationOf(product, ref.variationId))) continue;
    next = setCell(next, product, ref, value);
  }
  return next;
}

// ---- the body of preview and apply --------------------------------------------------------------

/** Which product and variation each entry of the body is, for the server's field paths. */
export interface BodyIndex {
  productId: string;
  variationIds: string[];
}

export interface Collected {
  changes: GridChanges;
  index: BodyIndex[];
  /** Cells whose text the server would refuse, in the grid's order: nothing is sent while any. */
  invalid: { ref: CellRef; message: string }[];
}

const PRODUCT_FIELDS: readonly ProductField[] = ['price', 'before_price', 'is_published', 'category_ids', 'tag_ids'];

/**
 * The body of preview/apply: each product with a change (in the grid's order) with the version its
 * first change was made against, and only the fields that changed; a variation only with its own.
 */
export function collectChanges(products: readonly GridProduct[], draft: GridDraft): Collected {
  const changes: GridProductChange[] = [];
  const index: BodyIndex[] = [];
  const invalid: Collected['invalid'] = [];

  for (const product of products) {
    const entry: GridProductChange = { id: product.id, version: draft.versions[product.id] ?? product.version };
    let changed = false;
    const check = (ref: CellRef): DraftValue | undefined => {
      const cell = draft.cells[cellKey(ref)];
      if (!cell) return undefined;
      const message = cellProblem(product, ref, cell.value);
      if (message) {
        invalid.push({ ref, message });
        return undefined;
      }
      return cell.value;
    };

    for (const field of PRODUCT_FIELDS) {
      const value = check({ productId: product.id, variationId: null, field });
      if (value === undefined) continue;
      changed = true;
      if (field === 'price') entry.price = readPrice(value as string, { blankIsNull: false }) as number;
      else if (field === 'before_price') entry.before_price = readPrice(value as string, { blankIsNull: true });
      else if (field === 'is_published') entry.is_published = value as boolean;
      else entry[field] = [...(value as readonly string[])];
    }

    const variations: GridVariationChange[] = [];
    for (const variation of product.variations) {
      const change: GridVariationChange = { id: variation.id };
      const price = check({ productId: product.id, variationId: variation.id, field: 'price' });
      if (price !== undefined) change.price = readPrice(price as string, { blankIsNull: false }) as number;
      const delta = check({ productId: product.id, variationId: variation.id, field: 'stock_delta' });
      if (delta !== undefined) change.stock_delta = parseDelta(delta as string) ?? 0;
      if (change.price !== undefined || change.stock_delta !== undefined) variations.push(change);
    }
    if (variations.length > 0) {
      entry.variations = variations;
      changed = true;
    }
    if (changed) {
      changes.push(entry);
      index.push({ productId: product.id, variationIds: variations.map((variation) => variation.id) });
    }
  }
  return { changes: { products: changes }, index, invalid };
}

// ---- the server's 422 back onto the cells --------------------------------------------------------

export interface PlacedErrors {
  /** By cell key (a field's message) or row key (the product or variation itself). */
  cells: Record<CellKey, string>;
  /** Messages about the whole body (`products`) or a path this screen does not know. */
  general: string[];
}

const PATH = /^products\[(\d+)\](?:\.variations\[(\d+)\])?(?:\.([a-z_]+))?$/;

/** `products[i].…` of a 422 as the cells (or rows) it is about, by the body's index. */
export function placeErrors(errors: Record<string, readonly string[]>, index: readonly BodyIndex[]): PlacedErrors {
  const placed: PlacedErrors = { cells: {}, general: [] };
  for (const [path, messages] of Object.entries(errors)) {
    const message = messages[0];
    if (!message) continue;
    const match = PATH.exec(path);
    const entry = match ? index[Number(match[1])] : undefined;
    if (!match || !entry) {
      placed.general.push(message);
      continue;
    }
    const [, , variationAt, field] = match;
    const productId = entry.productId;
    if (variationAt === undefined) {
      if (field && (PRODUCT_FIELDS as readonly string[]).includes(field)) {
        placed.cells[cellKey({ productId, variationId: null, field: field as ProductField })] = message;
      } else {
        placed.cells[rowKey(productId, null)] = message;
      }
      continue;
    }
    const variationId = entry.variationIds[Number(variationAt)];
    if (!variationId) {
      placed.cells[rowKey(productId, null)] = message;
    } else if (field === 'price' || field === 'stock_delta') {
      placed.cells[cellKey({ productId, variationId, field })] = message;
    } else {
      placed.cells[rowKey(productId, variationId)] = message;
    }
  }
  return placed;
}
