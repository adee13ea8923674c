/**
 * The product list's search as it lives in the address (?status&q&category&sort&dir&page): read
 * from the search parameters, written back without the defaults, and sent to
 * GET /v1/admin/products as they are (the server checks them and names a malformed one in a 422).
 */
import { pageParam } from '../ui/pager';
import type { ProductListQuery, ProductState } from './product-types';

/** The list's tabs: every product, then each state of its publication. */
export const PRODUCT_STATUSES = [
  { code: 'all', label: 'すべて' },
  { code: 'published', label: '公開中' },
  { code: 'unpublished', label: '非公開' },
  { code: 'scheduled', label: '公開予定' },
  { code: 'ended', label: '公開終了' },
] as const satisfies readonly { code: 'all' | ProductState; label: string }[];

export type ProductStatusCode = (typeof PRODUCT_STATUSES)[number]['code'];

export function stateLabel(state: ProductState): string {
  return PRODUCT_STATUSES.find((status) => status.code === state)?.label ?? state;
}

export type SortKey = 'updated' | 'code' | 'name' | 'price' | 'created';
export type SortDir = 'asc' | 'desc';

/** The orders the list offers, each a column and a direction. */
export const PRODUCT_SORTS: readonly { sort: SortKey; dir: SortDir; label: string }[] = [
  { sort: 'updated', dir: 'desc', label: '更新日時が新しい順' },
  { sort: 'updated', dir: 'asc', label: '更新日時が古い順' },
  { sort: 'created', dir: 'desc', label: '登録日時が新しい順' },
  { sort: 'code', dir: 'asc', label: '商品コード順' },
  { sort: 'name', dir: 'asc', label: '商品名順' },
  { sort: 'price', dir: 'asc', label: '販売価格の安い順' },
  { sort: 'price', dir: 'desc', label: '販売価格の高い順' },
];

export interface ProductFilter {
  status: ProductStatusCode;
  /** 商品名・商品コード・SKU (part of one). */
  q: string;
  /** A category id: it and the categories below it; '' for every one. */
  category: string;
  sort: SortKey;
  dir: SortDir;
  page: number;
}

export const DEFAULT_SORT = { sort: 'updated', dir: 'desc' } as const;

function isStatus(value: string | null): value is ProductStatusCode {
  return PRODUCT_STATUSES.some((status) => status.code === value);
}

function isSort(value: string | null): value is SortKey {
  return PRODUCT_SORTS.some((option) => option.sort === value);
}

export function readProductFilter(params: URLSearchParams): ProductFilter {
  const status = params.get('status');
  const sort = params.get('sort');
  const dir = params.get('dir');
  return {
    status: isStatus(status) ? status : 'all',
    q: (params.get('q') ?? '').trim(),
    category: (params.get('category') ?? '').trim(),
    sort: isSort(sort) ? sort : DEFAULT_SORT.sort,
    dir: dir === 'asc' || dir === 'desc' ? dir : DEFAULT_SORT.dir,
    page: pageParam(params),
  };
}

/** `?status=published&q=…` for a search (page 1), without the defaults; '' for none. */
export function productSearch(filter: Omit<ProductFilter, 'page'>): string {
  const params = new URLSearchParams();
  if (filter.status !== 'all') params.set('status', filter.status);
  if (filter.q.trim()) params.set('q', filter.q.trim());
  if (filter.category) params.set('category', filter.category);
  if (filter.sort !== DEFAULT_SORT.sort || filter.dir !== DEFAULT_SORT.dir) {
    params.set('sort', filter.sort);
    params.set('dir', filter.dir);
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The query of GET /v1/admin/products: the page, and only what is set. */
export function productListParams(filter: ProductFilter, per: number): ProductListQuery {
  const query: Record<string, string> = { page: String(filter.page), per: String(per) };
  if (filter.status !== 'all') query.status = filter.status;
  if (filter.q) query.q = filter.q;
  if (filter.category) query.category = filter.category;
  query.sort = filter.sort;
  query.dir = filter.dir;
  return query as ProductListQuery;
}
