/**
 * まとめて注文 (/product/:key/uos): a quantity for each variation of one product — colours ×
 * sizes as a table on tablet and desktop, a list on a phone — with each item's stock, the running
 * total, and one カートに入れる that adds them all in one call (all or none).
 */
import { useId, useState, type ChangeEvent } from 'react';
import { Link, useLocation, useParams, type LoaderFunctionArgs } from 'react-router';
import { ApiError } from '../../lib/api-error';
import { breakpointsOf, useSettings } from '../../domain/site/site-queries';
import type { ProductDetail } from '../../api/types';
import { addSetToCart, handleCartError } from '../../domain/cart/cart-store';
import { useDocumentTitle } from '../../lib/document-title';
import { queryClient } from '../../lib/query-client';
import { useScreenClass } from '../../lib/screen';
import { Breadcrumbs } from '../../ui/breadcrumbs';
import { Price } from '../../ui/price';
import { StockBadge } from '../../ui/stock-badge';
import { productDetailQuery, useProductDetail } from './catalog-queries';
import {
  BLOCKED_LABELS,
  MAX_SHEET_QUANTITY,
  sheetGrid,
  sheetItems,
  sheetLines,
  sheetTotals,
  type Entries,
  type SheetLine,
} from './order-sheet';
import { isSellingStopped, saleNotice, SELLING_STOPPED_TEXT } from './sale-state';
import styles from './order-sheet.module.css';

export const SHEET_TITLE = 'まとめて注文';

/** The product is awaited: an unknown key answers 404 → the 404 page. */
export async function loader({ params }: LoaderFunctionArgs) {
  await queryClient.ensureQueryData(productDetailQuery(params.key ?? ''));
  return null;
}

interface CellProps {
  line: SheetLine;
  entry: Entries[string];
  onChange: (key: string, event: ChangeEvent<HTMLInputElement>) => void;
  /** The list shows 「数量」 beside the field; in the table the row and column headers say it. */
  visibleLabel: boolean;
}

/** One variation: its price, its stock in words, and the quantity field (disabled when it cannot be ordered). */
function QuantityField({ line, entry, onChange, visibleLabel }: CellProps) {
  const id = useId();
  const { variation, blocked, check } = line;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      {visibleLabel ? (
        <label htmlFor={id} className={styles.fieldLabel}>
          数量
        </label>
      ) : null}
      <input
        id={id}
        // The same name in the table and the list (the visible 「数量」 is part of it): a hidden
        // part inside the label would be read with a space in some browsers.
        aria-label={`${variation.name}の数量`}
        className={styles.input}
        type="number"
        inputMode="numeric"
        min={0}
        max={variation.max_quantity}
        step={1}
        placeholder={blocked ? undefined : '0'}
        value={blocked ? '' : (entry?.text ?? '')}
        disabled={blocked !== null}
        aria-invalid={check.error ? true : undefined}
        aria-describedby={[hintId, check.error ? errorId : ''].filter(Boolean).join(' ')}
        onChange={(event) => onChange(variation.key, event)}
      />
      <span id={hintId} className={styles.hint}>
        <Price value={variation.price} className={styles.unitPrice} />
        {blocked ? (
          <span className={styles.blocked}>{BLOCKED_LABELS[blocked]}</span>
        ) : (
          <StockBadge status={variation.stock_status} className={styles.stock} />
        )}
      </span>
      {check.error ? (
        <span id={errorId} className={styles.error}>
          {check.error}
        </span>
      ) : null}
    </div>
  );
}

function SheetTable({
  product,
  lines,
  entries,
  onChange,
}: {
  product: ProductDetail;
  lines: SheetLine[];
  entries: Entries;
  onChange: CellProps['onChange'];
}) {
  const grid = sheetGrid(product.product_model.products);
  if (!grid) return null;
  // Every variation of the grid has its line (both come from the product's variations).
  const lineByKey = new Map(lines.map((line) => [line.variation.key, line]));
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className={styles.caption}>カラー・サイズ別の数量</caption>
        <thead>
          <tr>
            <th scope="col" className={styles.corner}>
              カラー＼サイズ
            </th>
            {grid.sizes.map((size) => (
              <th key={size} scope="col">
                {size}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {grid.rows.map((row) => (
            <tr key={row.color}>
              <th scope="row">{row.color}</th>
              {row.cells.map((variation, i) => {
                const line = variation ? lineByKey.get(variation.key) : undefined;
                return (
                  <td key={grid.sizes[i]}>
                    {line ? (
                      <QuantityField
                        line={line}
                        entry={entries[line.variation.key]}
                        onChange={onChange}
                        visibleLabel={false}
                      />
                    ) : (
                      <span className={styles.none}>
                        <span aria-hidden="true">—</span>
                        <span className="visually-hidden">取り扱いなし</span>
                      </span>
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

function SheetList({
  lines,
  entries,
  onChange,
}: {
  lines: SheetLine[];
  entries: Entries;
  onChange: CellProps['onChange'];
}) {
  return (
    <ul className={styles.list} aria-label="種類別の数量">
      {lines.map((line) => (
        <li key={line.variation.key} className={styles.item}>
          <span className={styles.itemName} aria-hidden="true">
            {[line.variation.color, line.variation.size].filter(Boolean).join(' / ') || line.variation.name}
          </span>
          <QuantityField line={line} entry={entries[line.variation.key]} onChange={onChange} visibleLabel />
        </li>
      ))}
    </ul>
  );
}

interface Added {
  units: number;
  before: number;
  after: number;
}

function OrderSheet({ product }: { product: ProductDetail }) {
  const settings = useSettings();
  const screen = useScreenClass(breakpointsOf(settings));
  const { pathname } = useLocation();
  const [entries, setEntries] = useState<Entries>({});
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState<Added | null>(null);
  const productPath = `/product/${encodeURIComponent(product.key)}`;
  useDocumentTitle(`${SHEET_TITLE}｜${product.name}`);

  const stopped = isSellingStopped(settings);
  const notice = stopped ? SELLING_STOPPED_TEXT : saleNotice(product);
  const variations = product.product_model.products;
  const lines = sheetLines(variations, entries, { onSale: product.is_on_sale, stopped });
  const totals = sheetTotals(lines, product.tax_rate);
  const orderable = lines.some((l) => l.blocked === null);
  const asTable = screen !== 'phone' && sheetGrid(variations) !== null;

  const change = (key: string, event: ChangeEvent<HTMLInputElement>) => {
    const { value, validity } = event.target;
    setEntries((prev) => ({ ...prev, [key]: { text: value, badInput: validity.badInput } }));
    setError(null);
    setAdded(null);
  };

  const submit = async (form: HTMLFormElement) => {
    if (lines.some((l) => l.check.error)) {
      setError('数量の入力内容をご確認ください。');
      form.querySelector<HTMLInputElement>('input[aria-invalid="true"]')?.focus();
      return;
    }
    const items = sheetItems(lines);
    if (items.length === 0) {
      setError('数量を1点以上入力してください。');
      return;
    }
    setPending(true);
    setError(null);
    setAdded(null);
    try {
      const cart = await addSetToCart(items);
      const after = cart.detail.products.reduce((sum, p) => sum + p.quantity, 0);
      setAdded({ units: totals.count, before: after - totals.count, after });
      setEntries({});
    } catch (failure) {
      const outcome = await handleCartError(failure, pathname);
      if (failure instanceof ApiError && failure.status === 422) {
        // All or none: nothing was added. The field messages say why (e.g. the stock left).
        const fields = Object.values(failure.errors).flat();
        setError(outcome === 'field' && fields.length > 0 ? fields.join('\n') : failure.message);
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <article className={styles.page} aria-labelledby="sheet-title">
      <Breadcrumbs
        items={[
          { label: 'ホーム', to: '/' },
          { label: '商品一覧', to: '/product' },
          { label: product.name, to: productPath },
          { label: SHEET_TITLE },
        ]}
      />
      <h1 id="sheet-title" className={styles.title}>
        {SHEET_TITLE}
      </h1>
      <p className={styles.product}>
        <span className={styles.productName}>{product.name}</span>
        <span className={styles.code}>品番：{product.code}</span>
      </p>
      <p className={styles.lead}>
        ご希望の種類ごとに数量を入力し、まとめてカートに入れてください（各{MAX_SHEET_QUANTITY}点まで）。価格は税込です。
        {product.tax_rate === 8 ? '（軽減税率8%対象）' : null}
      </p>
      {notice ? (
        <p className={styles.notice} role="note">
          {notice}
        </p>
      ) : null}

      <form
        noValidate
        aria-label={SHEET_TITLE}
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          void submit(event.currentTarget);
        }}
      >
        {asTable ? (
          <SheetTable product={product} lines={lines} entries={entries} onChange={change} />
        ) : (
          <SheetList lines={lines} entries={entries} onChange={change} />
        )}

        <section className={styles.summary} aria-labelledby="sheet-total-title">
          <h2 id="sheet-total-title" className={styles.summaryTitle}>
            合計
          </h2>
          <p className={styles.total} aria-live="polite" aria-atomic="true">
            <span>{totals.count}点</span>
            <Price value={totals.amount} taxLabel className={styles.totalPrice} />
            <span className={styles.tax}>
              （内消費税 <Price value={totals.tax} />）
            </span>
          </p>
          <button
            type="submit"
            className={styles.button}
            disabled={pending || !orderable}
            aria-busy={pending || undefined}
          >
            {pending ? '追加中…' : 'カートに入れる'}
          </button>
          {error ? (
            <p role="alert" className={styles.alert}>
              {error}
            </p>
          ) : null}
          <p role="status" className={styles.status}>
            {added ? (
              <>
                {added.units}点をカートに追加しました（カートの商品：{added.before}点 → {added.after}点）。
                <Link to="/cart">カートを見る</Link>
              </>
            ) : null}
          </p>
        </section>
      </form>
    </article>
  );
}

export function OrderSheetPage() {
  const { key = '' } = useParams();
  const product = useProductDetail(key);
  return <OrderSheet key={product.key} product={product} />;
}

export { OrderSheetPage as Component };
