/**
 * The stock list's search as it lives in the address (?filter&q&page): read from the search
 * parameters, written back without the empty ones, and sent to GET /v1/admin/stock as they are
 * (the server checks them and names a malformed one in a 422).
 */
import type { StockListQuery } from '../api/admin-types';
import { pageParam } from '../ui/pager';

/** The list's tabs: every variation, 在庫わずか (at or under its しきい値, sold out included), 在庫切れ. */
export const STOCK_FILTERS = [
  { code: 'all', label: 'すべて' },
  { code: 'low', label: '在庫わずか' },
  { code: 'out', label: '在庫切れ' },
] as const satisfies readonly { code: NonNullable<StockListQuery['filter']>; label: string }[];

export type StockFilterCode = (typeof STOCK_FILTERS)[number]['code'];

export interface StockFilter {
  filter: StockFilterCode;
  /** 商品名・商品コード・SKU (part of one). */
  q: string;
  page: number;
}

function isFilter(value: string | null): value is StockFilterCode {
  return STOCK_FILTERS.some((filter) => filter.code === value);
}

export function readStockFilter(params: URLSearchParams): StockFilter {
  const filter = params.get('filter');
  return { filter: isFilter(filter) ? filter : 'all', q: (params.get('q') ?? '').trim(), page: pageParam(params) };
}

/** `?filter=low&q=…` for a search (page 1), without the defaults; '' for none. */
export function stockSearch(filter: Omit<StockFilter, 'page'>): string {
  const params = new URLSearchParams();
  if (filter.filter !== 'all') params.set('filter', filter.filter);
  if (filter.q.trim()) params.set('q', filter.q.trim());
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The query of GET /v1/admin/stock: the page, and only what is set. */
export function stockListParams(filter: StockFilter, per: number): StockListQuery {
  const query: StockListQuery = { page: String(filter.page), per: String(per) };
  if (filter.filter !== 'all') query.filter = filter.filter;
  if (filter.q) query.q = filter.q;
  return query;
}
