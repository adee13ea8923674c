/**
 * 商品管理: the product list (GET /v1/admin/products), one product (GET …/{id}), the choices of
 * its 分類 (GET /v1/admin/catalog/options), and the changes — 登録 (POST), 保存 (PUT with the
 * version read; a 409 `catalog.product.stale` when someone else saved first), 複製 (POST
 * …/duplicate) and 公開 / 非公開 (PUT …/publication) — each answering the product as it is now:
 * shown at once, then the lists (the stock desk's too: variations come and go) refresh. A photo
 * is uploaded on its own (api/photo-upload.ts) and joins the product when it is saved.
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { AdminApiError, client, loadData, loadPage } from '../api/admin-client';
import { ADMIN_ROOT } from '../api/session-queries';
import { productListParams, type ProductFilter } from './product-filter';
import type { AdminProduct, ProductBody } from './product-types';
import { STOCK_KEY } from './stock-queries';

export const PRODUCTS_PER_PAGE = 50;

/** Every query of the product desk keys under this. */
export const PRODUCTS_KEY = [...ADMIN_ROOT, 'products'] as const;
const LIST_KEY = [...PRODUCTS_KEY, 'list'] as const;

/** The code of a 409: someone else saved the product since this form read it. */
export const STALE_CODE = 'catalog.product.stale';

export function isStale(error: unknown): boolean {
  return error instanceof AdminApiError && (error.code === STALE_CODE || error.status === 409);
}

const path = (id: string) => ({ path: { id } });

export const productListQuery = (filter: ProductFilter) =>
  queryOptions({
    queryKey: [...LIST_KEY, filter] as const,
    queryFn: ({ signal }) =>
      loadPage(
        client().GET('/v1/admin/products', { params: { query: productListParams(filter, PRODUCTS_PER_PAGE) }, signal }),
      ),
    placeholderData: keepPreviousData,
  });

export const productQuery = (id: string) =>
  queryOptions({
    queryKey: [...PRODUCTS_KEY, 'item', id] as const,
    queryFn: ({ signal }) => loadData(client().GET('/v1/admin/products/{id}', { params: path(id), signal })),
  });

/** How many products the 付属品・おすすめ search shows. */
export const PICK_PER_PAGE = 10;

/** The 付属品・おすすめ pickers' search: the first products whose name, code or SKU has `q`. */
export const productPickQuery = (q: string) =>
  queryOptions({
    queryKey: [...LIST_KEY, 'pick', q] as const,
    queryFn: ({ signal }) =>
      loadPage(client().GET('/v1/admin/products', { params: { query: { q, per: String(PICK_PER_PAGE) } }, signal })),
    enabled: q.trim() !== '',
    staleTime: 30_000,
  });

/** カテゴリ, メーカー, ブランド and タグ: they change seldom, so a screen reads them once. */
export const catalogOptionsQuery = () =>
  queryOptions({
    queryKey: [...ADMIN_ROOT, 'catalog-options'] as const,
    queryFn: ({ signal }) => loadData(client().GET('/v1/admin/catalog/options', { signal })),
    staleTime: 5 * 60_000,
  });

/** The product as it is now into its own query; the lists (and the stock desk's) refresh. */
function showProduct(queryClient: QueryClient, product: AdminProduct) {
  queryClient.setQueryData(productQuery(product.id).queryKey, product);
  void queryClient.invalidateQueries({ queryKey: LIST_KEY });
  void queryClient.invalidateQueries({ queryKey: STOCK_KEY });
}

function useProductChange<V>(call: (variables: V) => Promise<AdminProduct>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (product) => showProduct(queryClient, product),
  });
}

/** 登録: a new product (its new variations' 初期在庫 as their first 入荷). */
export function useCreateProduct() {
  return useProductChange((body: ProductBody) => loadData(client().POST('/v1/admin/products', { body })));
}

/** 保存: the whole product, with the version the form read (a 409 when it is not the latest). */
export function useUpdateProduct(id: string) {
  return useProductChange(({ body, version }: { body: ProductBody; version: number }) =>
    loadData(client().PUT('/v1/admin/products/{id}', { params: path(id), body: { ...body, version } })),
  );
}

/** 複製: an unpublished copy (code + "-copy", stock 0), answered as the copy. */
export function useDuplicateProduct(id: string) {
  return useProductChange(() => loadData(client().POST('/v1/admin/products/{id}/duplicate', { params: path(id) })));
}

/** 公開する / 非公開にする, with the version shown. */
export function useSetPublication(id: string) {
  return useProductChange(({ isPublished, version }: { isPublished: boolean; version: number }) =>
    loadData(
      client().PUT('/v1/admin/products/{id}/publication', {
        params: path(id),
        body: { is_published: isPublished, version },
      }),
    ),
  );
}

/** The product as the server has it now (after a 409), read afresh. */
export function refreshProduct(queryClient: QueryClient, id: string): Promise<AdminProduct> {
  return queryClient.fetchQuery({ ...productQuery(id), staleTime: 0 });
}
