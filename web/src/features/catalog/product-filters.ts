/**
 * The product list's filters live in the URL query (so back/forward, reload and shared links keep
 * them). This module is the one mapping between the URL, the filter state and the API query of
 * `GET /v1/products`. URL names match the API's, so a link reads the same on both sides.
 */
import type { paths } from '../../api/schema';
import { parsePageParam } from '../../lib/page-param';

export type ProductApiQuery = NonNullable<paths['/v1/products']['get']['parameters']['query']>;

export const PRODUCTS_PER_PAGE = 15;

export type SortKey = 'new' | 'price_asc' | 'price_desc' | 'popular';

export const SORT_OPTIONS: readonly { value: SortKey; label: string }[] = [
  { value: 'new', label: '新着順' },
  { value: 'price_asc', label: '価格の安い順' },
  { value: 'price_desc', label: '価格の高い順' },
  { value: 'popular', label: '人気順' },
];

/** Shown for a keyword search without an explicit sort: the server ranks the matches. */
export const RELEVANCE_LABEL = '関連度順';

export interface ProductFilters {
  category: string | null;
  maker: string | null;
  brand: string | null;
  tag: string | null;
  keyword: string | null;
  priceMin: number | null;
  priceMax: number | null;
  inStock: boolean;
  /** null: the server's default (newest first, or ranked for a keyword). */
  sort: SortKey | null;
  page: number;
}

export const EMPTY_FILTERS: ProductFilters = {
  category: null,
  maker: null,
  brand: null,
  tag: null,
  keyword: null,
  priceMin: null,
  priceMax: null,
  inStock: false,
  sort: null,
  page: 1,
};

const MAX_TEXT = 100;
const MAX_PRICE = 99_999_999;

/** A key (category, maker …): trimmed, non-empty, not absurdly long; otherwise none. */
function readKey(value: string | null): string | null {
  const text = value?.trim() ?? '';
  return text === '' || text.length > MAX_TEXT ? null : text;
}

/** Whitespace (including the full-width space) collapsed; blank means no keyword. */
export function normalizeKeyword(value: string | null | undefined): string | null {
  const text = (value ?? '').replace(/\s+/g, ' ').trim();
  return text === '' ? null : text.slice(0, MAX_TEXT);
}

/** A price in whole yen, or null for anything else (full-width digits are accepted). */
export function parseYen(value: string | null | undefined): number | null {
  const text = (value ?? '')
    .trim()
    .replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0))
    .replace(/[,，]/g, '');
  if (!/^\d{1,9}$/.test(text)) return null;
  const yen = Number(text);
  return yen <= MAX_PRICE ? yen : null;
}

function readSort(value: string | null): SortKey | null {
  return SORT_OPTIONS.some((o) => o.value === value) ? (value as SortKey) : null;
}

/** Filters from a URL query; anything unreadable is dropped rather than sent to the server. */
export function filtersFromSearch(params: URLSearchParams): ProductFilters {
  let priceMin = parseYen(params.get('price_min'));
  let priceMax = parseYen(params.get('price_max'));
  if (priceMin !== null && priceMax !== null && priceMin > priceMax) {
    [priceMin, priceMax] = [priceMax, priceMin];
  }
  return {
    category: readKey(params.get('category')),
    maker: readKey(params.get('maker')),
    brand: readKey(params.get('brand')),
    tag: readKey(params.get('tag')),
    keyword: normalizeKeyword(params.get('keyword')),
    priceMin,
    priceMax,
    inStock: params.get('in_stock') === '1',
    sort: readSort(params.get('sort')),
    page: parsePageParam(params.get('page')),
  };
}

/** The URL query of the filters in a fixed order, defaults left out (no leading `?`). */
export function searchFromFilters(filters: ProductFilters): string {
  const params = new URLSearchParams();
  if (filters.keyword) params.set('keyword', filters.keyword);
  if (filters.category) params.set('category', filters.category);
  if (filters.maker) params.set('maker', filters.maker);
  if (filters.brand) params.set('brand', filters.brand);
  if (filters.tag) params.set('tag', filters.tag);
  if (filters.priceMin !== null) params.set('price_min', String(filters.priceMin));
  if (filters.priceMax !== null) params.set('price_max', String(filters.priceMax));
  if (filters.inStock) params.set('in_stock', '1');
  if (filters.sort) params.set('sort', filters.sort);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params.toString();
}

export function hrefWithFilters(pathname: string, filters: ProductFilters): string {
  const search = searchFromFilters(filters);
  return search ? `${pathname}?${search}` : pathname;
}

/** A changed filter starts again at page 1, unless the change is the page itself. */
export function changeFilters(filters: ProductFilters, patch: Partial<ProductFilters>): ProductFilters {
  return { ...filters, page: 1, ...patch };
}

/** The API query; a category always asks for its sub-categories too (spec 000 §7: child flag). */
export function apiQueryFromFilters(filters: ProductFilters, per: number = PRODUCTS_PER_PAGE): ProductApiQuery {
  const query: ProductApiQuery = { page: filters.page, per };
  if (filters.category) {
    query.category = filters.category;
    query.child = 1;
  }
  if (filters.maker) query.maker = filters.maker;
  if (filters.brand) query.brand = filters.brand;
  if (filters.tag) query.tag = filters.tag;
  if (filters.keyword) query.keyword = filters.keyword;
  if (filters.priceMin !== null) query.price_min = filters.priceMin;
  if (filters.priceMax !== null) query.price_max = filters.priceMax;
  if (filters.inStock) query.in_stock = 1;
  if (filters.sort) query.sort = filters.sort;
  return query;
}

/** Whether anything narrows the list (sort and page do not). */
export function hasNarrowing(filters: ProductFilters): boolean {
  return Boolean(
    filters.category ||
      filters.maker ||
      filters.brand ||
      filters.tag ||
      filters.keyword ||
      filters.priceMin !== null ||
      filters.priceMax !== null ||
      filters.inStock,
  );
}
