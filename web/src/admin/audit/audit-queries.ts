/** 操作履歴 (GET /v1/admin/audit-log, owners only), one page of the entries matching the filter. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { client, loadPage } from '../api/admin-client';
import { ADMIN_ROOT } from '../api/session-queries';
import { type AuditFilter, auditListQuery } from './audit-filter';

export const AUDIT_PER_PAGE = 50;

export const auditLogQuery = (filter: AuditFilter) =>
  queryOptions({
    queryKey: [...ADMIN_ROOT, 'audit-log', filter] as const,
    queryFn: ({ signal }) =>
      loadPage(
        client().GET('/v1/admin/audit-log', { params: { query: auditListQuery(filter, AUDIT_PER_PAGE) }, signal }),
      ),
    placeholderData: keepPreviousData,
  });
