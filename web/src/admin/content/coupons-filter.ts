/**
 * クーポン一覧's filter as it lives in the address (?status&q&page): read from the search
 * parameters, written back without the empty ones, and sent to GET /v1/admin/coupons as they are
 * — the server checks them (a bad `status` is a 422 on `status`, which the form shows under 状態).
 */
import { pageParam } from '../ui/pager';
import type { CouponListQuery } from './coupons-types';

export interface CouponFilterValues {
  /** active, scheduled, ended or exhausted; '' for すべて. */
  status: string;
  /** Words in the code or the name. */
  q: string;
}

export interface CouponFilter extends CouponFilterValues {
  page: number;
}

/** The fields whose 422 the list's form shows. */
export const COUPON_FILTER_FIELDS: readonly string[] = ['status', 'q'];

export function readCouponFilter(params: URLSearchParams): CouponFilter {
  return {
    status: (params.get('status') ?? '').trim(),
    q: (params.get('q') ?? '').trim(),
    page: pageParam(params),
  };
}

/** `?status=…&q=…` for a filter (page 1), without the empty values; '' for none. */
export function couponFilterSearch(values: CouponFilterValues): string {
  const params = new URLSearchParams();
  if (values.status.trim()) params.set('status', values.status.trim());
  if (values.q.trim()) params.set('q', values.q.trim());
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** Whether the list is narrowed at all (the empty list then says so). */
export function isCouponFiltered(filter: CouponFilterValues): boolean {
  return filter.status !== '' || filter.q !== '';
}

/** The query of GET /v1/admin/coupons: the page and only what is set (a bad `status` is the server's to name). */
export function couponListParams(filter: CouponFilter, per: number): CouponListQuery {
  const query: Record<string, string> = { page: String(filter.page), per: String(per) };
  if (filter.status) query.status = filter.status;
  if (filter.q) query.q = filter.q;
  return query as CouponListQuery;
}
