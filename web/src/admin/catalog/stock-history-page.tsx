/**
 * 在庫の履歴: one variation — its name, 商品コード, SKU and 販売可能 / 引当中 / 実在庫 as they are
 * now (GET /v1/admin/stock/{variation_id}: an address opened on its own names its product too; an
 * unknown one says so) — and its ledger, newest first: when, why (the server's label: 入荷, 販売,
 * 出荷, キャンセル戻し, 返品戻し, 調整, 棚卸), how 販売可能 and 実在庫 moved and what was left, who
 * (a staff member; none for the shop's own moves) and for which order (a link to it), and the メモ.
 */
import { useId } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { AdminApiError } from '../api/admin-client';
import type { StockMovement, StockRow } from '../api/admin-types';
import { useCan } from '../api/session-queries';
import { Badge } from '../ui/badge';
import { DateTime } from '../ui/date-time';
import { Pager, pageParam } from '../ui/pager';
import { LoadFailed, Loading } from '../ui/query-state';
import { table } from '../ui/table';
import { cachedStockRow, stockItemQuery, stockMovementsQuery } from './stock-queries';
import { signed, stockName } from './stock-schema';
import styles from './stock.module.css';

export function StockHistoryPage() {
  const { variationId = '' } = useParams();
  if (!useCan()('catalog_view')) {
    return (
      <>
        <title>在庫の履歴 | 管理画面</title>
        <h1>在庫の履歴</h1>
        <p role="alert">在庫を閲覧する権限がありません。</p>
      </>
    );
  }
  return <StockHistory variationId={variationId} />;
}

/** The list's address the ledger was opened from (its search and tab), to go back to. */
function backSearch(state: unknown): string {
  const back = (state as { back?: unknown } | null)?.back;
  return typeof back === 'string' && (back === '' || back.startsWith('?')) ? back : '';
}

function isNotFound(error: unknown): boolean {
  return error instanceof AdminApiError && error.status === 404;
}

function StockHistory({ variationId }: { variationId: string }) {
  const [params] = useSearchParams();
  const location = useLocation();
  const queryClient = useQueryClient();
  // The row as it is now; the list's row (when the ledger was opened from it) meanwhile.
  const item = useQuery({
    ...stockItemQuery(variationId),
    placeholderData: () => cachedStockRow(queryClient, variationId),
  });
  const movements = useQuery(stockMovementsQuery(variationId, pageParam(params)));
  const row = item.data;
  const name = row ? stockName(row) : null;
  const back = (
    <p className={styles.back}>
      <Link to={`/admin/catalog/stock${backSearch(location.state)}`}>在庫一覧へ戻る</Link>
    </p>
  );

  if (isNotFound(item.error) || (!row && isNotFound(movements.error))) {
    return (
      <>
        <title>在庫の履歴 | 管理画面</title>
        {back}
        <h1 className={styles.title}>在庫の履歴</h1>
        <p role="alert">この商品の在庫は見つかりません。</p>
      </>
    );
  }

  return (
    <>
      <title>{name ? `在庫の履歴：${name} | 管理画面` : '在庫の履歴 | 管理画面'}</title>
      {back}
      <h1 className={styles.title}>{name ? `在庫の履歴：${name}` : '在庫の履歴'}</h1>
      {row ? (
        <StockSummary row={row} />
      ) : item.isError ? (
        <LoadFailed error={item.error} />
      ) : (
        <Loading label="商品を読み込み中…" />
      )}

      {movements.isPending ? (
        <Loading />
      ) : movements.isError ? (
        <LoadFailed error={movements.error} />
      ) : movements.data.items.length === 0 ? (
        <p className={table.empty}>まだ履歴はありません。</p>
      ) : (
        <>
          <Ledger movements={movements.data.items} />
          <Pager pagination={movements.data.pagination} />
        </>
      )}
    </>
  );
}

/** The variation the ledger is of: its codes and its three counts as they are now. */
function StockSummary({ row }: { row: StockRow }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className="visually-hidden">
        現在の在庫
      </h2>
      <p className={styles.meta}>
        商品コード {row.product_code}・SKU {row.sku}
      </p>
      <dl className={styles.counts}>
        <div className={styles.countBox}>
          <dt>販売可能</dt>
          <dd>
            <span className={styles.countNumber}>{row.available}</span>
            {row.available <= 0 ? (
              <Badge tone="attention">在庫切れ</Badge>
            ) : row.low ? (
              <Badge tone="open">在庫わずか</Badge>
            ) : null}
          </dd>
        </div>
        <div className={styles.countBox}>
          <dt>引当中</dt>
          <dd>
            <span className={styles.countNumber}>{row.reserved}</span>
          </dd>
        </div>
        <div className={styles.countBox}>
          <dt>実在庫</dt>
          <dd>
            <span className={styles.countNumber}>{row.on_hand}</span>
          </dd>
        </div>
      </dl>
    </section>
  );
}

function Ledger({ movements }: { movements: readonly StockMovement[] }) {
  return (
    <table className={table.table}>
      <caption className="visually-hidden">在庫の履歴（新しい順）</caption>
      <thead>
        <tr>
          <th scope="col">日時</th>
          <th scope="col">理由</th>
          <th scope="col">販売可能</th>
          <th scope="col">実在庫</th>
          <th scope="col">残り</th>
          <th scope="col">担当者</th>
          <th scope="col">注文番号</th>
          <th scope="col">メモ</th>
        </tr>
      </thead>
      <tbody>
        {movements.map((movement) => (
          <tr key={movement.id}>
            <td data-label="日時" className={table.nowrap}>
              <DateTime value={movement.at} />
            </td>
            <td data-label="理由">{movement.reason.label}</td>
            <td data-label="販売可能" className={`${table.numeric} ${table.nowrap}`}>
              {signed(movement.available_delta)}
            </td>
            <td data-label="実在庫" className={`${table.numeric} ${table.nowrap}`}>
              {signed(movement.on_hand_delta)}
            </td>
            <td data-label="残り" className={table.nowrap}>
              {`販売可能 ${movement.available_after} / 実在庫 ${movement.on_hand_after}`}
            </td>
            <td data-label="担当者">{movement.staff_name ?? '—'}</td>
            <td data-label="注文番号" className={table.nowrap}>
              {movement.order_no ? (
                <Link to={`/admin/orders/${encodeURIComponent(movement.order_no)}`}>{movement.order_no}</Link>
              ) : (
                '—'
              )}
            </td>
            <td data-label="メモ" className={styles.note}>
              {movement.note}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
