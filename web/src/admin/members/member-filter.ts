/**
 * 会員一覧's filter as it lives in the address (?q&prefecture&orders_min&…&caution&page): read
 * from the search parameters, written back without the empty ones, and sent to
 * GET /v1/admin/members (and its CSV) as they are — the server checks them and names a malformed
 * one in a 422, which the form shows under that field.
 */
import { pageParam } from '../ui/pager';
import type { MemberCsvEncoding } from './members-types';

/** The filter panel's fields, by their query names (the API's too); フリーワード (`q`) is apart. */
export const FILTER_FIELDS = [
  'prefecture',
  'orders_min',
  'orders_max',
  'spent_min',
  'spent_max',
  'last_order_from',
  'last_order_to',
  'birth_month',
  'kind',
  'caution',
] as const;

export type FilterField = (typeof FILTER_FIELDS)[number];

export type FilterValues = Record<FilterField, string>;

export interface MemberFilter extends FilterValues {
  /** Part of the name, the フリガナ, the e-mail, a phone number, or the exact 会員番号. */
  q: string;
  page: number;
}

export const EMPTY_FILTER: FilterValues = {
  prefecture: '',
  orders_min: '',
  orders_max: '',
  spent_min: '',
  spent_max: '',
  last_order_from: '',
  last_order_to: '',
  birth_month: '',
  kind: '',
  caution: '',
};

/** Every field whose 422 the list's form shows (the panel's and フリーワード). */
export const ERROR_FIELDS: readonly string[] = ['q', ...FILTER_FIELDS];

export function readFilter(params: URLSearchParams): MemberFilter {
  const fields = { ...EMPTY_FILTER };
  for (const field of FILTER_FIELDS) fields[field] = (params.get(field) ?? '').trim();
  return { ...fields, q: (params.get('q') ?? '').trim(), page: pageParam(params) };
}

/** The filter's query without the page, only what is set. */
function searchParams(filter: Omit<MemberFilter, 'page'>): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.q.trim()) params.set('q', filter.q.trim());
  for (const field of FILTER_FIELDS) {
    const value = filter[field].trim();
    if (value) params.set(field, value);
  }
  return params;
}

/** `?q=…&prefecture=…` for a filter (page 1), without the empty values; '' for none. */
export function filterSearch(filter: Omit<MemberFilter, 'page'>): string {
  const query = searchParams(filter).toString();
  return query ? `?${query}` : '';
}

/** How many of the panel's filters are set (shown on the panel's summary). */
export function activeFilters(filter: FilterValues): number {
  return FILTER_FIELDS.filter((field) => filter[field] !== '').length;
}

/** The query of GET /v1/admin/members: the page and only what is set. */
export function listQuery(filter: MemberFilter, per: number): Record<string, string> {
  return { page: String(filter.page), per: String(per), ...Object.fromEntries(searchParams(filter)) };
}

/** The CSV's address: the list's query (every page) plus `encoding`. */
export function csvPath(filter: Omit<MemberFilter, 'page'>, encoding: MemberCsvEncoding): string {
  const params = searchParams(filter);
  params.set('encoding', encoding);
  return `/v1/admin/members.csv?${params}`;
}
