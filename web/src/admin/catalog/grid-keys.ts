/**
 * 一括編集's columns and its keyboard, as a spreadsheet's: the arrow keys move the focused cell
 * (over the cells a row does not have: a product has no 在庫の増減, a variation no 公開), Tab and
 * Shift+Tab move right and left (on to the next row; out of the grid past its ends), Home/End go to
 * the row's ends and Ctrl+Home/End to the grid's; Enter or F2 (or simply typing) edits a text
 * cell, whose Enter commits and moves down and Escape cancels; Space ticks 公開 and opens a
 * カテゴリ/タグ picker; Ctrl+Z (⌘Z) puts a changed cell back. Pure: the table asks these what a key does.
 */

export type ColumnId =
  | 'code'
  | 'name'
  | 'price'
  | 'before_price'
  | 'is_published'
  | 'category_ids'
  | 'tag_ids'
  | 'available'
  | 'reserved'
  | 'on_hand'
  | 'stock_delta';

/** What a cell is: a box typed into, a tick, a list chosen in a picker, or text to read. */
export type CellKind = 'text' | 'flag' | 'picker' | 'readonly';

export type RowKind = 'product' | 'variation';

export interface Column {
  id: ColumnId;
  header: string;
  /** The cell a product's row has in this column, or null (an empty cell nothing lands on). */
  product: CellKind | null;
  variation: CellKind | null;
  /** Right-aligned figures. */
  numeric?: boolean;
}

/**
 * The grid's columns: one row per product, then one per variation. `mayMoveStock` (the role's
 * `stock`) makes 在庫の増減 a box; without it the column reads only.
 */
export function gridColumns(mayMoveStock: boolean): Column[] {
  return [
    { id: 'code', header: '商品コード／SKU', product: 'readonly', variation: 'readonly' },
    { id: 'name', header: '商品名／バリエーション名', product: 'readonly', variation: 'readonly' },
    { id: 'price', header: '販売価格／価格', product: 'text', variation: 'text', numeric: true },
    { id: 'before_price', header: '通常価格', product: 'text', variation: null, numeric: true },
    { id: 'is_published', header: '公開', product: 'flag', variation: null },
    { id: 'category_ids', header: 'カテゴリ', product: 'picker', variation: null },
    { id: 'tag_ids', header: 'タグ', product: 'picker', variation: null },
    { id: 'available', header: '販売可能', product: null, variation: 'readonly', numeric: true },
    { id: 'reserved', header: '引当中', product: null, variation: 'readonly', numeric: true },
    { id: 'on_hand', header: '実在庫', product: null, variation: 'readonly', numeric: true },
    {
      id: 'stock_delta',
      header: '在庫の増減',
      product: null,
      variation: mayMoveStock ? 'text' : 'readonly',
      numeric: true,
    },
  ];
}

export interface GridShape {
  rows: readonly RowKind[];
  columns: readonly Column[];
}

export interface Position {
  row: number;
  col: number;
}

export function kindAt({ rows, columns }: GridShape, { row, col }: Position): CellKind | null {
  const kind = rows[row];
  const column = columns[col];
  if (!kind || !column) return null;
  return kind === 'product' ? column.product : column.variation;
}

const has = (shape: GridShape, row: number, col: number) => kindAt(shape, { row, col }) !== null;

/** The nearest cell the row has from `col` in `direction` (+1 right, −1 left), `col` itself excluded. */
function nextInRow(shape: GridShape, row: number, col: number, direction: 1 | -1): number | null {
  for (let c = col + direction; c >= 0 && c < shape.columns.length; c += direction) {
    if (has(shape, row, c)) return c;
  }
  return null;
}

function firstInRow(shape: GridShape, row: number): number | null {
  return nextInRow(shape, row, -1, 1);
}

function lastInRow(shape: GridShape, row: number): number | null {
  return nextInRow(shape, row, shape.columns.length, -1);
}

export type Direction = 'up' | 'down' | 'left' | 'right';

/** Where an arrow key goes: the next cell that way (in the same column, the next row that has it); else nowhere. */
export function step(shape: GridShape, from: Position, direction: Direction): Position {
  if (direction === 'left' || direction === 'right') {
    const col = nextInRow(shape, from.row, from.col, direction === 'right' ? 1 : -1);
    return col === null ? from : { row: from.row, col };
  }
  const delta = direction === 'down' ? 1 : -1;
  for (let row = from.row + delta; row >= 0 && row < shape.rows.length; row += delta) {
    if (has(shape, row, from.col)) return { row, col: from.col };
  }
  return from;
}

/** Where Tab (or Shift+Tab) goes: the next cell, on to the next row; null past the grid's ends (the page's next stop). */
export function tabStep(shape: GridShape, from: Position, backwards: boolean): Position | null {
  const direction = backwards ? -1 : 1;
  const col = nextInRow(shape, from.row, from.col, direction);
  if (col !== null) return { row: from.row, col };
  for (let row = from.row + direction; row >= 0 && row < shape.rows.length; row += direction) {
    const edge = backwards ? lastInRow(shape, row) : firstInRow(shape, row);
    if (edge !== null) return { row, col: edge };
  }
  return null;
}

/** The first cell of the grid (where its one tab stop starts). */
export const START: Position = { row: 0, col: 0 };

/** A position the rows (after a reload) still have: the same, or the nearest. */
export function clamp(shape: GridShape, at: Position): Position {
  if (shape.rows.length === 0) return START;
  const row = Math.min(at.row, shape.rows.length - 1);
  if (has(shape, row, at.col)) return { row, col: at.col };
  return { row, col: firstInRow(shape, row) ?? 0 };
}

export interface KeyPress {
  key: string;
  shiftKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

/** What a key on a focused (not edited) cell does; null: the browser's own (Tab past the grid, a shortcut). */
export type CellAction =
  | { type: 'move'; to: Position }
  | { type: 'edit'; text: string | null }
  | { type: 'toggle' }
  | { type: 'open' }
  | { type: 'revert' }
  | { type: 'ignore' };

const ARROWS: Record<string, Direction> = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right' };

export function cellAction(shape: GridShape, at: Position, press: KeyPress): CellAction | null {
  const kind = kindAt(shape, at);
  const command = press.ctrlKey || press.metaKey;
  const arrow = ARROWS[press.key];
  if (arrow && !press.altKey) return { type: 'move', to: step(shape, at, arrow) };
  if (press.key === 'Tab' && !command && !press.altKey) {
    const to = tabStep(shape, at, Boolean(press.shiftKey));
    return to ? { type: 'move', to } : null;
  }
  if (press.key === 'Home' || press.key === 'End') {
    const home = press.key === 'Home';
    if (command) {
      const row = home ? 0 : shape.rows.length - 1;
      const col = home ? firstInRow(shape, row) : lastInRow(shape, row);
      return col === null ? { type: 'ignore' } : { type: 'move', to: { row, col } };
    }
    const col = home ? firstInRow(shape, at.row) : lastInRow(shape, at.row);
    return col === null ? { type: 'ignore' } : { type: 'move', to: { row: at.row, col } };
  }
  if (command && !press.altKey && press.key.toLowerCase() === 'z') return { type: 'revert' };
  if (command || press.altKey) return null;

  if (kind === 'text') {
    if (press.key === 'Enter' || press.key === 'F2') return { type: 'edit', text: null };
    if (press.key === 'Delete' || press.key === 'Backspace') return { type: 'edit', text: '' };
    // A character typed on the cell starts its edit with that character (as a spreadsheet does).
    if (press.key.length === 1 && press.key !== ' ') return { type: 'edit', text: press.key };
    if (press.key === ' ') return { type: 'ignore' };
    return null;
  }
  if (kind === 'flag' && press.key === ' ') return { type: 'toggle' };
  if (kind === 'picker' && (press.key === ' ' || press.key === 'Enter' || press.key === 'F2')) return { type: 'open' };
  // Space would scroll the page under the grid.
  if (press.key === ' ') return { type: 'ignore' };
  return null;
}

/** What a key in a cell's box does: keep editing (null), or end it (committed or not) and go on. */
export type EditorAction = { type: 'commit'; to: Position | null } | { type: 'cancel' };

export function editorAction(shape: GridShape, at: Position, press: KeyPress): EditorAction | null {
  if (press.key === 'Escape') return { type: 'cancel' };
  if (press.key === 'Enter' && !press.altKey && !press.ctrlKey && !press.metaKey) {
    return { type: 'commit', to: step(shape, at, press.shiftKey ? 'up' : 'down') };
  }
  if (press.key === 'Tab' && !press.altKey && !press.ctrlKey && !press.metaKey) {
    return { type: 'commit', to: tabStep(shape, at, Boolean(press.shiftKey)) };
  }
  return null;
}
