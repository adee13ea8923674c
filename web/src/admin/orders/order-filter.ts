/**
 * The order list's filter as it lives in the address (?queue&q&member&payment&…&page): read from
 * the search parameters, written back without the empty ones, and sent to GET /v1/admin/orders as
 * they are (the server checks them and names a malformed one in a 422). `member` (a member's id)
 * comes from the member desk's すべての注文を見る; no field of the panel sets it.
 */
import type { QueueCode } from '../api/admin-types';
import { pageParam } from '../ui/pager';
import { isQueue } from './order-labels';

/** The filter panel's fields, by their query names (the API's too). */
export const FILTER_FIELDS = [
  'payment',
  'carrier',
  'prefecture',
  'ordered_from',
  'ordered_to',
  'planned_to',
  'amount_min',
  'amount_max',
  'product',
  'customer',
] as const;

export type FilterField = (typeof FILTER_FIELDS)[number];

export type FilterValues = Record<FilterField, string>;

export interface OrderFilter extends FilterValues {
  /** A work queue, or '' for every order. */
  queue: QueueCode | '';
  /** 注文番号・氏名・カナ・電話・メール・送り状番号 (part of one). */
  q: string;
  /** Only this member's orders (their id), or '' for everyone's. */
  member: string;
  page: number;
}

export const EMPTY_FILTER: FilterValues = {
  payment: '',
  carrier: '',
  prefecture: '',
  ordered_from: '',
  ordered_to: '',
  planned_to: '',
  amount_min: '',
  amount_max: '',
  product: '',
  customer: '',
};

export function readFilter(params: URLSearchParams): OrderFilter {
  const queue = params.get('queue');
  const fields = { ...EMPTY_FILTER };
  for (const field of FILTER_FIELDS) fields[field] = (params.get(field) ?? '').trim();
  return {
    ...fields,
    queue: isQueue(queue) ? queue : '',
    q: (params.get('q') ?? '').trim(),
    member: (params.get('member') ?? '').trim(),
    page: pageParam(params),
  };
}

/** `?queue=…&q=…` for a filter (page 1), without the empty values; '' for none. */
export function filterSearch(filter: Omit<OrderFilter, 'page'>): string {
  const params = new URLSearchParams();
  if (filter.queue) params.set('queue', filter.queue);
  if (filter.q.trim()) params.set('q', filter.q.trim());
  if (filter.member.trim()) params.set('member', filter.member.trim());
  for (const field of FILTER_FIELDS) {
    const value = filter[field].trim();
    if (value) params.set(field, value);
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** How many of the panel's filters are set (shown on the panel's summary). */
export function activeFilters(filter: FilterValues): number {
  return FILTER_FIELDS.filter((field) => filter[field] !== '').length;
}

/** The query of GET /v1/admin/orders: only what is set. */
export function listQuery(filter: OrderFilter, per: number): Record<string, string> {
  const query: Record<string, string> = { page: String(filter.page), per: String(per) };
  if (filter.queue) query.queue = filter.queue;
  if (filter.q) query.q = filter.q;
  if (filter.member) query.member = filter.member;
  for (const field of FILTER_FIELDS) if (filter[field]) query[field] = filter[field];
  return query;
}
