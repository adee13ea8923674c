/**
 * 在庫管理: each variation's 販売可能, 引当中 and 実在庫 with its しきい値 and 入荷リクエスト,
 * found by a search and the tabs すべて / 在庫わずか / 在庫切れ (kept in the address: ?filter&q&page).
 * A row at or under its しきい値 says so with a badge. Staff whose role may change stock (`stock`)
 * get 入出庫, 棚卸 and しきい値 on each row; everyone reads the row's 履歴 (the ledger).
 */
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useSearchParams } from 'react-router';
import { maxLength } from '../../lib/validators';
import { fieldError } from '../api/admin-client';
import type { StockRow } from '../api/admin-types';
import { useCan } from '../api/session-queries';
import { Badge } from '../ui/badge';
import { filterBar } from '../ui/filter-bar';
import { Field, StatusNotice, ui } from '../ui/form';
import { Pager } from '../ui/pager';
import { LoadFailed, Loading } from '../ui/query-state';
import { table } from '../ui/table';
import { AdjustDialog } from './adjust-dialog';
import { CountDialog } from './count-dialog';
import { readStockFilter, STOCK_FILTERS, type StockFilter, stockSearch } from './stock-filter';
import { stockListQuery } from './stock-queries';
import { stockName } from './stock-schema';
import { ThresholdDialog } from './threshold-dialog';
import styles from './stock.module.css';

export function StockPage() {
  if (!useCan()('catalog_view')) {
    return (
      <>
        <title>在庫管理 | 管理画面</title>
        <h1>在庫管理</h1>
        <p role="alert">在庫を閲覧する権限がありません。</p>
      </>
    );
  }
  return <StockDesk />;
}

type Change = 'adjust' | 'count' | 'threshold';

function StockDesk() {
  const [params, setParams] = useSearchParams();
  const filter = readStockFilter(params);
  const list = useQuery(stockListQuery(filter));
  const [open, setOpen] = useState<{ change: Change; row: StockRow } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const tabLabel = STOCK_FILTERS.find((tab) => tab.code === filter.filter)?.label ?? 'すべて';

  const done = (message: string) => {
    setOpen(null);
    setNotice(message);
  };
  const start = (change: Change, row: StockRow) => {
    setNotice(null);
    setOpen({ change, row });
  };

  return (
    <>
      <title>{`在庫管理（${tabLabel}） | 管理画面`}</title>
      <h1 className={styles.heading}>在庫管理</h1>
      <FilterTabs filter={filter} />
      <SearchForm filter={filter} error={list.error} onSearch={(search) => setParams(new URLSearchParams(search))} />
      <StatusNotice message={notice} />

      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        fieldError(list.error, 'q') ? null : (
          <LoadFailed error={list.error} />
        )
      ) : list.data.items.length === 0 ? (
        <p className={table.empty}>該当する在庫はありません。</p>
      ) : (
        <>
          <StockTable rows={list.data.items} caption={tabLabel} onStart={start} />
          <Pager pagination={list.data.pagination} />
        </>
      )}

      {open?.change === 'adjust' ? (
        <AdjustDialog row={open.row} onClose={() => setOpen(null)} onDone={done} />
      ) : open?.change === 'count' ? (
        <CountDialog row={open.row} onClose={() => setOpen(null)} onDone={done} />
      ) : open?.change === 'threshold' ? (
        <ThresholdDialog row={open.row} onClose={() => setOpen(null)} onDone={done} />
      ) : null}
    </>
  );
}

function FilterTabs({ filter }: { filter: StockFilter }) {
  return (
    <nav aria-label="在庫の絞り込み">
      <ul className={styles.tabs}>
        {STOCK_FILTERS.map((tab) => (
          <li key={tab.code}>
            <Link
              to={{ search: stockSearch({ ...filter, filter: tab.code }) }}
              className={styles.tab}
              aria-current={tab.code === filter.filter ? 'page' : undefined}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const Q_MAX = 100;

interface SearchFormProps {
  filter: StockFilter;
  /** The list's error: a 422 may be about the keyword. */
  error: unknown;
  onSearch: (search: string) => void;
}

function SearchForm({ filter, error, onSearch }: SearchFormProps) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<{ q: string }>({ defaultValues: { q: filter.q } });
  // Back/forward (or a tab) changes the address: the box follows it.
  useEffect(() => {
    reset({ q: filter.q });
  }, [filter.q, reset]);

  return (
    <form
      noValidate
      aria-label="在庫の検索"
      className={styles.search}
      onSubmit={handleSubmit(({ q }) => onSearch(stockSearch({ filter: filter.filter, q })))}
    >
      <div className={filterBar.fields}>
        <Field
          label="キーワード"
          hint="商品名・商品コード・SKUから探します。"
          error={errors.q?.message ?? fieldError(error, 'q')}
        >
          {(control) => (
            <input
              {...control}
              type="search"
              {...register('q', { validate: (value) => maxLength(value.trim(), Q_MAX) ?? true })}
            />
          )}
        </Field>
      </div>
      <div className={filterBar.actions}>
        <button type="submit" className={ui.button}>
          検索
        </button>
        {filter.q ? (
          <Link to={{ search: stockSearch({ filter: filter.filter, q: '' }) }} className={ui.secondary}>
            条件をクリア
          </Link>
        ) : null}
      </div>
    </form>
  );
}

interface StockTableProps {
  rows: readonly StockRow[];
  caption: string;
  onStart: (change: Change, row: StockRow) => void;
}

function StockTable({ rows, caption, onStart }: StockTableProps) {
  const mayChange = useCan()('stock');
  const location = useLocation();
  return (
    <table className={table.table}>
      <caption className="visually-hidden">{`在庫一覧（${caption}）`}</caption>
      <thead>
        <tr>
          <th scope="col">商品名</th>
          <th scope="col">商品コード / SKU</th>
          <th scope="col">販売可能</th>
          <th scope="col">引当中</th>
          <th scope="col">実在庫</th>
          <th scope="col">しきい値</th>
          <th scope="col">入荷リクエスト</th>
          <th scope="col">操作</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const name = stockName(row);
          const out = row.available <= 0;
          return (
            <tr key={row.variation_id} className={out || row.low ? styles.low : undefined}>
              <td data-label="商品名">
                <div>
                  <span className={styles.name}>{row.product_name}</span>
                  {row.variation_name && row.variation_name !== row.product_name ? (
                    <span className={styles.sub}>{row.variation_name}</span>
                  ) : null}
                </div>
              </td>
              <td data-label="商品コード / SKU">
                <div>
                  {row.product_code}
                  <span className={styles.sub}>{row.sku}</span>
                </div>
              </td>
              <td data-label="販売可能" className={`${table.numeric} ${table.nowrap}`}>
                <span className={styles.count}>
                  {row.available}
                  {out ? (
                    <Badge tone="attention">在庫切れ</Badge>
                  ) : row.low ? (
                    <Badge tone="open">在庫わずか</Badge>
                  ) : null}
                </span>
              </td>
              <td data-label="引当中" className={table.numeric}>
                {row.reserved}
              </td>
              <td data-label="実在庫" className={table.numeric}>
                {row.on_hand}
              </td>
              <td data-label="しきい値" className={table.numeric}>
                {row.threshold ?? 'なし'}
              </td>
              <td data-label="入荷リクエスト" className={`${table.numeric} ${table.nowrap}`}>
                {row.restock_requests}件
              </td>
              <td data-label="操作">
                <div className={styles.rowActions}>
                  {mayChange ? (
                    <>
                      <button
                        type="button"
                        className={styles.action}
                        aria-label={`${name}の入出庫`}
                        onClick={() => onStart('adjust', row)}
                      >
                        入出庫
                      </button>
                      <button
                        type="button"
                        className={styles.action}
                        aria-label={`${name}の棚卸`}
                        onClick={() => onStart('count', row)}
                      >
                        棚卸
                      </button>
                      <button
                        type="button"
                        className={styles.action}
                        aria-label={`${name}のしきい値`}
                        onClick={() => onStart('threshold', row)}
                      >
                        しきい値
                      </button>
                    </>
                  ) : null}
                  <Link
                    to={`/admin/catalog/stock/${encodeURIComponent(row.variation_id)}`}
                    state={{ back: location.search }}
                    className={styles.action}
                    aria-label={`${name}の履歴`}
                  >
                    履歴
                  </Link>
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
