/**
 * 在庫管理: the stock list (GET /v1/admin/stock), one variation's row (GET /v1/admin/stock/{variation_id})
 * and ledger (GET /v1/admin/stock/{variation_id}/movements), and the three changes — 入出庫 (POST …/adjustments),
 * 棚卸 (PUT …/count, a compare-and-set on 実在庫) and しきい値 (PUT …/threshold) — each answering the
 * row as it is now: shown at once in every list that holds it, then the lists and ledgers refresh.
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { AdminApiError, client, loadData, loadPage, type Page } from '../api/admin-client';
import type { StockAdjustment, StockCount, StockRow } from '../api/admin-types';
import { ADMIN_ROOT } from '../api/session-queries';
import { stockListParams, type StockFilter } from './stock-filter';

export const STOCK_PER_PAGE = 50;
export const MOVEMENTS_PER_PAGE = 50;

/** Every query of the stock desk keys under this. */
export const STOCK_KEY = [...ADMIN_ROOT, 'stock'] as const;
const LIST_KEY = [...STOCK_KEY, 'list'] as const;
const ITEM_KEY = [...STOCK_KEY, 'item'] as const;

/** The code of a 409 on 棚卸: 実在庫 moved since the staff member read it. */
export const MOVED_CODE = 'stock.moved';

export function isMoved(error: unknown): boolean {
  return error instanceof AdminApiError && (error.status === 409 || error.code === MOVED_CODE);
}

const path = (variationId: string) => ({ path: { variation_id: variationId } });

export const stockListQuery = (filter: StockFilter) =>
  queryOptions({
    queryKey: [...LIST_KEY, filter] as const,
    queryFn: ({ signal }) =>
      loadPage(client().GET('/v1/admin/stock', { params: { query: stockListParams(filter, STOCK_PER_PAGE) }, signal })),
    placeholderData: keepPreviousData,
  });

export const stockMovementsQuery = (variationId: string, page: number) =>
  queryOptions({
    queryKey: [...STOCK_KEY, 'movements', variationId, page] as const,
    queryFn: ({ signal }) =>
      loadPage(
        client().GET('/v1/admin/stock/{variation_id}/movements', {
          params: {
            path: { variation_id: variationId },
            query: { page, per: MOVEMENTS_PER_PAGE },
          },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });

/** One variation's row as the server has it now (a 404 for an unknown one). */
export const stockItemQuery = (variationId: string) =>
  queryOptions({
    queryKey: [...ITEM_KEY, variationId] as const,
    queryFn: ({ signal }) =>
      loadData(client().GET('/v1/admin/stock/{variation_id}', { params: path(variationId), signal })),
  });

/** The variation's row in a list this screen has already read, if any (shown while its own row loads). */
export function cachedStockRow(queryClient: QueryClient, variationId: string): StockRow | undefined {
  for (const [, page] of queryClient.getQueriesData<Page<StockRow>>({ queryKey: LIST_KEY })) {
    const row = page?.items.find((item) => item.variation_id === variationId);
    if (row) return row;
  }
  return undefined;
}

/** A row as it is now into every list that holds it and the row's own query. */
function showRow(queryClient: QueryClient, row: StockRow) {
  queryClient.setQueriesData<Page<StockRow>>({ queryKey: LIST_KEY }, (page) =>
    page ? { ...page, items: page.items.map((item) => (item.variation_id === row.variation_id ? row : item)) } : page,
  );
  queryClient.setQueryData(stockItemQuery(row.variation_id).queryKey, row);
}

/**
 * The row as the server has it now (after a 409 on 棚卸), read afresh: it replaces the old one in the
 * lists at once, and the rest of the desk refreshes.
 */
export async function freshStockRow(queryClient: QueryClient, variationId: string): Promise<StockRow> {
  try {
    const row = await queryClient.fetchQuery({ ...stockItemQuery(variationId), staleTime: 0 });
    showRow(queryClient, row);
    return row;
  } finally {
    // The lists behind show the old count too (or a row that is gone).
    void queryClient.invalidateQueries({ queryKey: STOCK_KEY });
  }
}

/** A change of one variation's stock: its answer replaces the row at once; the rest refreshes. */
function useStockChange<V>(call: (variables: V) => Promise<StockRow>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (row) => {
      showRow(queryClient, row);
      void queryClient.invalidateQueries({ queryKey: STOCK_KEY });
    },
  });
}

/** 入出庫: `delta` units added (+) or taken away (−) for a reason. */
export function useAdjustStock(variationId: string) {
  return useStockChange((body: StockAdjustment) =>
    loadData(client().POST('/v1/admin/stock/{variation_id}/adjustments', { params: path(variationId), body })),
  );
}

/** 棚卸: 実在庫 from `from` (what the staff member saw) to `to`; a 409 when it moved meanwhile. */
export function useCountStock(variationId: string) {
  return useStockChange((body: StockCount) =>
    loadData(client().PUT('/v1/admin/stock/{variation_id}/count', { params: path(variationId), body })),
  );
}

/** しきい値: 在庫わずか at or under it; null for none. */
export function useStockThreshold(variationId: string) {
  return useStockChange((threshold: number | null) =>
    loadData(
      client().PUT('/v1/admin/stock/{variation_id}/threshold', { params: path(variationId), body: { threshold } }),
    ),
  );
}
