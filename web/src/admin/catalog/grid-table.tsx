/**
 * 一括編集's table: a row per product (販売価格, 通常価格, 公開, カテゴリ, タグ), then a row per
 * variation (価格, 販売可能・引当中・実在庫 to read, 在庫の増減), as an ARIA grid with one tab
 * stop (a roving tabindex) and the keyboard of grid-keys.ts. A text cell is edited in a box inside
 * it (Enter commits and moves down, Escape puts it back); 公開 is a tick; カテゴリ and タグ open a
 * picker. A changed cell says 「変更」 (and is bold), keeps its 「元に戻す」, and shows the message
 * of a value the server would refuse — the instant check's, or the server's own after a 422.
 */
import {
  useCallback,
  useId,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type Ref,
} from 'react';
import { formatYen } from '../ui/yen';
import type { CatalogOptions } from './product-types';
import { StateBadge } from './product-state';
import { toHalfWidth } from './product-schema';
import { signed } from './stock-schema';
import {
  type CellKey,
  type CellRef,
  type DraftValue,
  type GridDraft,
  cellKey,
  cellProblem,
  currentValue,
  flipSign,
  originalValue,
  parseDelta,
  rowKey,
} from './grid-changes';
import {
  type CellKind,
  type Column,
  type GridShape,
  type KeyPress,
  type Position,
  START,
  cellAction,
  clamp,
  editorAction,
  kindAt,
} from './grid-keys';
import type { GridProduct, GridVariation } from './grid-types';
import styles from './grid.module.css';

export type GridRow =
  | { kind: 'product'; product: GridProduct }
  | { kind: 'variation'; product: GridProduct; variation: GridVariation };

export function gridRows(products: readonly GridProduct[]): GridRow[] {
  return products.flatMap((product): GridRow[] => [
    { kind: 'product', product },
    ...product.variations.map((variation): GridRow => ({ kind: 'variation', product, variation })),
  ]);
}

/** The cell a staff member may change at a row's column, or null (read-only or empty). */
export function refAt(row: GridRow, column: Column): CellRef | null {
  if (row.kind === 'product') {
    switch (column.id) {
      case 'price':
      case 'before_price':
      case 'is_published':
      case 'category_ids':
      case 'tag_ids':
        return { productId: row.product.id, variationId: null, field: column.id };
      default:
        return null;
    }
  }
  if (column.id === 'price' || column.id === 'stock_delta') {
    return { productId: row.product.id, variationId: row.variation.id, field: column.id };
  }
  return null;
}

const FIELD_LABELS: Record<string, string> = {
  price: '販売価格',
  before_price: '通常価格',
  is_published: '公開',
  category_ids: 'カテゴリ',
  tag_ids: 'タグ',
};

/** The Japanese name of a cell's field, as the preview says it (a variation's price is 価格). */
export function fieldLabel(ref: CellRef): string {
  if (ref.variationId !== null) return ref.field === 'price' ? '価格' : '在庫の増減';
  return FIELD_LABELS[ref.field] ?? ref.field;
}

/** What names a row to the staff member: its 商品コード, or its SKU. */
function rowName(row: GridRow): string {
  return row.kind === 'product' ? row.product.code : row.variation.sku;
}

/** A price or a stock change as the cell shows it: as the server would read it, else as typed. */
function shownText(ref: CellRef, value: string): { text: string; empty: boolean } {
  if (ref.field === 'stock_delta') {
    const delta = parseDelta(value);
    if (delta === null) return { text: value, empty: false };
    return delta === 0 ? { text: '0', empty: true } : { text: signed(delta), empty: false };
  }
  const plain = toHalfWidth(value);
  if (plain === '') return { text: ref.field === 'before_price' ? 'なし' : '', empty: true };
  return /^\d{1,8}$/.test(plain) ? { text: formatYen(Number(plain)), empty: false } : { text: value, empty: false };
}

function namesOf(ids: readonly string[], choices: readonly { id: string; name: string }[]): string {
  return ids.map((id) => choices.find((choice) => choice.id === id)?.name ?? '（不明）').join('、');
}

export interface GridTableHandle {
  /** Moves the focus to a cell (the first one with an error, after a refused check). */
  focusCell: (ref: CellRef) => void;
  /** Moves the focus back to the grid's tab stop (after a save). */
  focusActive: () => void;
}

export interface GridTableProps {
  ref?: Ref<GridTableHandle>;
  rows: readonly GridRow[];
  columns: readonly Column[];
  draft: GridDraft;
  /** The server's messages (a 422), by cell or row key. */
  serverErrors: Record<CellKey, string>;
  options: CatalogOptions | undefined;
  describedBy: string;
  onChange: (product: GridProduct, ref: CellRef, value: DraftValue) => void;
  onRevert: (ref: CellRef) => void;
  onOpenPicker: (product: GridProduct, ref: CellRef) => void;
}

interface Editing {
  at: Position;
  text: string;
  /** Enter/F2 selects what the cell holds (typing replaces it); a typed character keeps the caret after it. */
  selectAll: boolean;
}

const posKey = ({ row, col }: Position) => `${row}:${col}`;

export function GridTable({
  ref,
  rows,
  columns,
  draft,
  serverErrors,
  options,
  describedBy,
  onChange,
  onRevert,
  onOpenPicker,
}: GridTableProps) {
  const cells = useRef(new Map<string, HTMLElement>());
  const [active, setActive] = useState<Position>(START);
  const [editing, setEditing] = useState<Editing | null>(null);
  const shape: GridShape = useMemo(() => ({ rows: rows.map((row) => row.kind), columns }), [rows, columns]);
  // The rows may have been read again (fewer of them): the tab stop stays on a cell that exists.
  const current = clamp(shape, active);
  const editorId = useId();

  const focusAt = useCallback((to: Position) => cells.current.get(posKey(to))?.focus(), []);

  useImperativeHandle(
    ref,
    () => ({
      focusActive: () => focusAt(current),
      focusCell: (target: CellRef) => {
        const key = cellKey(target);
        for (const [r, row] of rows.entries()) {
          for (const [c, column] of columns.entries()) {
            const at = refAt(row, column);
            if (at && cellKey(at) === key) {
              focusAt({ row: r, col: c });
              return;
            }
          }
        }
      },
    }),
    [rows, columns, current, focusAt],
  );

  const errorOf = (row: GridRow, at: CellRef | null): string | undefined => {
    if (!at) return undefined;
    const changed = draft.cells[cellKey(at)];
    return (changed ? cellProblem(row.product, at, changed.value) : null) ?? serverErrors[cellKey(at)];
  };

  const startEdit = (at: Position, value: string, typed: string | null) => {
    setEditing({ at, text: typed ?? value, selectAll: typed === null });
  };

  const act = (at: Position, row: GridRow, column: Column, press: KeyPress): boolean => {
    const action = cellAction(shape, at, press);
    if (!action) return false;
    const target = refAt(row, column);
    switch (action.type) {
      case 'move':
        focusAt(action.to);
        break;
      case 'edit':
        if (target) startEdit(at, String(currentValue(draft, row.product, target)), action.text);
        break;
      case 'toggle':
        if (target) onChange(row.product, target, !currentValue(draft, row.product, target));
        break;
      case 'open':
        if (target) onOpenPicker(row.product, target);
        break;
      case 'revert':
        if (target && draft.cells[cellKey(target)]) onRevert(target);
        break;
      case 'ignore':
        break;
    }
    return true;
  };

  /** A key in a cell's box: 'prevent' (handled here), 'native' (committed; Tab leaves the grid), or null (typing). */
  const editorKey = (at: Position, row: GridRow, target: CellRef, press: KeyPress, text: string) => {
    const action = editorAction(shape, at, press);
    if (!action) return null;
    if (action.type === 'cancel') {
      setEditing(null);
      focusAt(at);
      return 'prevent' as const;
    }
    onChange(row.product, target, text);
    setEditing(null);
    if (action.to) {
      focusAt(action.to);
      return 'prevent' as const;
    }
    // Enter on the last row stays; Tab past the grid's end goes on to the page's next stop.
    if (press.key === 'Tab') return 'native' as const;
    focusAt(at);
    return 'prevent' as const;
  };

  const commitOnBlur = (row: GridRow, target: CellRef, text: string) => {
    onChange(row.product, target, text);
    setEditing(null);
  };

  return (
    <div className={styles.scroller}>
      {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a spreadsheet's table is the WAI-ARIA grid pattern (its cells become gridcells); screen readers then leave the arrow keys to it */}
      <table role="grid" aria-label="一括編集" aria-describedby={describedBy} className={styles.grid}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.id} scope="col" className={column.numeric ? styles.numeric : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr
              key={row.kind === 'product' ? row.product.id : `${row.product.id}/${row.variation.id}`}
              className={row.kind === 'product' ? styles.productRow : styles.variationRow}
            >
              {columns.map((column, c) => {
                const at = { row: r, col: c };
                const kind = kindAt(shape, at);
                if (kind === null) return <td key={column.id} className={styles.blank} />;
                const target = refAt(row, column);
                const isEditing = editing !== null && editing.at.row === r && editing.at.col === c && target !== null;
                const changed = target ? draft.cells[cellKey(target)] !== undefined : false;
                const rowError =
                  column.id === 'code'
                    ? serverErrors[rowKey(row.product.id, row.kind === 'variation' ? row.variation.id : null)]
                    : undefined;
                const error = errorOf(row, target) ?? rowError;
                const classes = [
                  styles.cell,
                  column.numeric ? styles.numeric : '',
                  column.id === 'code' ? styles.code : '',
                  column.id === 'name' || kind === 'picker' ? styles.wrap : '',
                  changed ? styles.changed : '',
                  error ? styles.invalid : '',
                  isEditing ? styles.editing : '',
                ]
                  .filter(Boolean)
                  .join(' ');
                const common = {
                  ref: (element: HTMLElement | null) => {
                    if (element) cells.current.set(posKey(at), element);
                    else cells.current.delete(posKey(at));
                  },
                  tabIndex: current.row === r && current.col === c ? 0 : -1,
                  className: classes,
                  'aria-invalid': error ? true : undefined,
                  'aria-readonly': kind === 'readonly' ? true : undefined,
                  onFocus: () => setActive(at),
                  onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
                    if (event.target !== event.currentTarget || event.nativeEvent.isComposing) return;
                    if (act(at, row, column, event)) event.preventDefault();
                  },
                  onClick: () => {
                    if (!target || isEditing) return;
                    if (kind === 'text') startEdit(at, String(currentValue(draft, row.product, target)), null);
                    else if (kind === 'picker') onOpenPicker(row.product, target);
                  },
                };
                const content = (
                  <CellContent
                    row={row}
                    column={column}
                    kind={kind}
                    target={target}
                    draft={draft}
                    options={options}
                    error={error}
                    onToggle={() => {
                      if (!target) return;
                      onChange(row.product, target, !currentValue(draft, row.product, target));
                      focusAt(at);
                    }}
                    onRevert={() => {
                      if (!target) return;
                      onRevert(target);
                      focusAt(at);
                    }}
                  />
                );
                if (column.id === 'code') {
                  return (
                    <th key={column.id} scope="row" {...common}>
                      {content}
                    </th>
                  );
                }
                return (
                  <td key={column.id} {...common}>
                    {isEditing && editing && target ? (
                      <CellEditor
                        id={`${editorId}-${r}-${c}`}
                        label={`${fieldLabel(target)}（${rowName(row)}）`}
                        initialText={editing.text}
                        selectAll={editing.selectAll}
                        delta={target.field === 'stock_delta'}
                        problem={(text) => cellProblem(row.product, target, text)}
                        onKey={(press, text) => editorKey(at, row, target, press, text)}
                        onBlur={(text) => commitOnBlur(row, target, text)}
                      />
                    ) : (
                      content
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface CellContentProps {
  row: GridRow;
  column: Column;
  kind: CellKind;
  target: CellRef | null;
  draft: GridDraft;
  options: CatalogOptions | undefined;
  error: string | undefined;
  onToggle: () => void;
  onRevert: () => void;
}

/** What a cell shows when it is not being edited: its value, 「変更」 and 元に戻す, its message. */
function CellContent({ row, column, kind, target, draft, options, error, onToggle, onRevert }: CellContentProps) {
  const changed = target ? draft.cells[cellKey(target)] !== undefined : false;
  const errorLine = error ? <span className={styles.cellError}>{error}</span> : null;

  if (!target) {
    return (
      <>
        <ReadOnlyValue row={row} column={column} />
        {errorLine}
      </>
    );
  }

  const value = currentValue(draft, row.product, target);
  const before = originalValue(row.product, target);
  const marks = changed ? (
    <span className={styles.marks}>
      <span className={styles.marker}>変更</span>
      <span className="visually-hidden">（変更前：{spoken(target, before, options)}）</span>
      <button
        type="button"
        tabIndex={-1}
        className={styles.undo}
        aria-label={`${fieldLabel(target)}を元に戻す`}
        aria-keyshortcuts="Control+Z Meta+Z"
        onMouseDown={(event) => event.preventDefault()}
        onClick={(event) => {
          event.stopPropagation();
          onRevert();
        }}
      >
        元に戻す
      </button>
    </span>
  ) : null;

  if (kind === 'flag') {
    return (
      <span className={styles.flag}>
        <input
          type="checkbox"
          tabIndex={-1}
          checked={value === true}
          aria-label={`公開（${rowName(row)}）`}
          onMouseDown={(event) => event.preventDefault()}
          onChange={onToggle}
        />
        <span>{value === true ? '公開' : '非公開'}</span>
        {marks}
      </span>
    );
  }

  if (kind === 'picker') {
    const ids = value as readonly string[];
    const choices = target.field === 'category_ids' ? (options?.categories ?? []) : (options?.tags ?? []);
    return (
      <>
        <span className={ids.length === 0 ? styles.muted : undefined}>
          {ids.length === 0 ? 'なし' : namesOf(ids, choices)}
        </span>
        {marks}
        {errorLine}
      </>
    );
  }

  if (kind === 'readonly') {
    // 在庫の増減 of a role without `stock`.
    return <span className={styles.muted}>—</span>;
  }

  const shown = shownText(target, value as string);
  return (
    <>
      <span className={shown.empty ? styles.muted : undefined}>{shown.text}</span>
      {marks}
      {errorLine}
    </>
  );
}

/** A value as the hidden 「変更前」 note reads it. */
function spoken(ref: CellRef, value: DraftValue, options: CatalogOptions | undefined): string {
  if (typeof value === 'boolean') return value ? '公開' : '非公開';
  if (Array.isArray(value)) {
    const choices = ref.field === 'category_ids' ? (options?.categories ?? []) : (options?.tags ?? []);
    return value.length === 0 ? 'なし' : namesOf(value, choices);
  }
  return shownText(ref, value as string).text || 'なし';
}

function ReadOnlyValue({ row, column }: { row: GridRow; column: Column }) {
  if (row.kind === 'product') {
    if (column.id === 'code') return <span>{row.product.code}</span>;
    return (
      <span className={styles.productName}>
        <span>{row.product.name}</span> <StateBadge state={row.product.state} />
      </span>
    );
  }
  const { variation } = row;
  switch (column.id) {
    case 'code':
      return <span className={styles.sku}>{variation.sku}</span>;
    case 'name':
      return <span>{variation.name}</span>;
    case 'available':
      return <span>{variation.available}</span>;
    case 'reserved':
      return <span>{variation.reserved}</span>;
    case 'on_hand':
      return <span>{variation.on_hand}</span>;
    default:
      return null;
  }
}

interface CellEditorProps {
  id: string;
  label: string;
  initialText: string;
  selectAll: boolean;
  /** 在庫の増減: a signed number, with a ＋/− button for a phone's number pad (it has no minus). */
  delta: boolean;
  problem: (text: string) => string | null;
  onKey: (press: KeyPress, text: string) => 'prevent' | 'native' | null;
  onBlur: (text: string) => void;
}

function CellEditor({ id, label, initialText, selectAll, delta, problem, onKey, onBlur }: CellEditorProps) {
  const [text, setText] = useState(initialText);
  // One end per edit: a key that commits or cancels moves the focus, and the blur that follows is not another commit.
  const ended = useRef(false);
  const message = problem(text);
  const errorId = `${id}-error`;

  return (
    <span className={styles.editor}>
      <input
        ref={(input) => {
          if (!input || input === document.activeElement) return;
          input.focus();
          if (selectAll) input.select();
          else input.setSelectionRange(input.value.length, input.value.length);
        }}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        className={styles.input}
        aria-label={label}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? errorId : undefined}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          event.stopPropagation();
          if (event.nativeEvent.isComposing || ended.current) return;
          // Set first: the key may move the focus, and the blur it causes comes while it is handled.
          ended.current = true;
          const outcome = onKey(event, text);
          if (outcome === null) ended.current = false;
          else if (outcome === 'prevent') event.preventDefault();
        }}
        onBlur={() => {
          if (ended.current) return;
          ended.current = true;
          onBlur(text);
        }}
      />
      {delta ? (
        <button
          type="button"
          tabIndex={-1}
          className={styles.sign}
          aria-label="符号（＋／−）を切り替える"
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => setText((current) => flipSign(current))}
        >
          ＋/−
        </button>
      ) : null}
      {message ? (
        <span id={errorId} className={styles.cellError}>
          {message}
        </span>
      ) : null}
    </span>
  );
}
