/**
 * 一括編集 (docs/contracts/catalog-grid.md): a page of products with their variations
 * (GET /v1/admin/catalog/grid, the product list's query and paging), what a set of changes would
 * do (POST …/grid/preview, nothing written) and the changes made in one transaction (POST
 * …/grid/apply), after which the catalogue's and the stock desk's lists read again.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminApiError, client, errorText, loadData, loadPage } from '../api/admin-client';
import { productListParams, type ProductFilter } from './product-filter';
import { PRODUCTS_KEY, STALE_CODE } from './product-queries';
import { STOCK_KEY } from './stock-queries';
import type { GridApplied, GridChanges } from './grid-types';

/** Products a page of the grid holds (the contract's default). */
export const GRID_PER_PAGE = 50;

/** Under the product desk's key: whatever refreshes its lists refreshes the grid too. */
export const GRID_KEY = [...PRODUCTS_KEY, 'grid'] as const;

/**
 * A page of the grid. Read again only when asked (読み込み直す, after a save): a refresh under
 * the staff member's edits would change what their cells were edited against.
 */
export const gridQuery = (filter: ProductFilter) =>
  queryOptions({
    queryKey: [...GRID_KEY, filter] as const,
    queryFn: ({ signal }) =>
      loadPage(
        client().GET('/v1/admin/catalog/grid', {
          params: { query: productListParams(filter, GRID_PER_PAGE) },
          signal,
        }),
      ),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

/** 変更を確認: what the changes would do. */
export function usePreviewGrid() {
  return useMutation({
    mutationFn: (body: GridChanges) => loadData(client().POST('/v1/admin/catalog/grid/preview', { body })),
  });
}

/**
 * 保存する: all the changes or none (a 409 when a product or a stock moved meanwhile); then every
 * list of the catalogue and the stock desk reads again.
 */
export function useApplyGrid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GridChanges) => loadData(client().POST('/v1/admin/catalog/grid/apply', { body })),
    onSuccess: async () => {
      void queryClient.invalidateQueries({ queryKey: STOCK_KEY });
      await queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY });
    },
  });
}

/** 「2商品を更新しました（在庫の増減 1件）」. */
export function appliedText({ products, stock_moves }: GridApplied): string {
  return stock_moves > 0
    ? `${products}商品を更新しました（在庫の増減 ${stock_moves}件）`
    : `${products}商品を更新しました`;
}

/** What to say when the role may not make these changes (403 `staff.forbidden`). */
export const FORBIDDEN_TEXT =
  'この変更を保存する権限がありません。商品の編集には商品を編集する権限が、在庫の増減には在庫を操作する権限が必要です。';

export type RefusalKind = 'stale' | 'forbidden' | 'invalid' | 'other';

/** How the screen answers a refused preview or apply. */
export function refusalOf(error: unknown): { kind: RefusalKind; message: string } {
  if (error instanceof AdminApiError) {
    if (error.status === 409 || error.code === STALE_CODE) return { kind: 'stale', message: error.message };
    if (error.status === 403) return { kind: 'forbidden', message: FORBIDDEN_TEXT };
    if (error.status === 422) return { kind: 'invalid', message: error.message };
  }
  return { kind: 'other', message: errorText(error) };
}
