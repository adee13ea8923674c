/**
 * The audit log's filter as it lives in the address (?staff_id&action&q&from&to&page): read from
 * the search parameters, written back without the empty ones, and sent to GET
 * /v1/admin/audit-log as they are (the server checks them and names a malformed one in a 422;
 * docs/contracts/audit-log.md).
 */
import type { paths } from '../../api/schema';
import { pageParam } from '../ui/pager';

/** The query of GET /v1/admin/audit-log. */
export type AuditListQuery = NonNullable<paths['/v1/admin/audit-log']['get']['parameters']['query']>;

/** The form's fields, by their query names (the API's too, and the 422's). */
export const AUDIT_FILTER_FIELDS = ['staff_id', 'action', 'q', 'from', 'to'] as const;

export type AuditFilterField = (typeof AUDIT_FILTER_FIELDS)[number];

/**
 * スタッフ (an id of GET /v1/admin/staff), 操作 (an action code), キーワード (part of the target),
 * 期間 (Japan days `YYYY-MM-DD`, both included); '' for no filter.
 */
export type AuditFilterValues = Record<AuditFilterField, string>;

export interface AuditFilter extends AuditFilterValues {
  page: number;
}

export const EMPTY_AUDIT_FILTER: AuditFilterValues = { staff_id: '', action: '', q: '', from: '', to: '' };

export function readAuditFilter(params: URLSearchParams): AuditFilter {
  const values = { ...EMPTY_AUDIT_FILTER };
  for (const field of AUDIT_FILTER_FIELDS) values[field] = (params.get(field) ?? '').trim();
  return { ...values, page: pageParam(params) };
}

/** `?staff_id=…&q=…` for a filter (page 1), without the empty values; '' for none. */
export function auditSearch(values: AuditFilterValues): string {
  const params = new URLSearchParams();
  for (const field of AUDIT_FILTER_FIELDS) {
    const value = values[field].trim();
    if (value) params.set(field, value);
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** Whether any filter is set (the list then holds only what matches). */
export function isFiltered(values: AuditFilterValues): boolean {
  return AUDIT_FILTER_FIELDS.some((field) => values[field] !== '');
}

/** The query of GET /v1/admin/audit-log: the page, and only what is set. */
export function auditListQuery(filter: AuditFilter, per: number): AuditListQuery {
  const query: AuditListQuery = { page: String(filter.page), per: String(per) };
  for (const field of AUDIT_FILTER_FIELDS) if (filter[field]) query[field] = filter[field];
  return query;
}
