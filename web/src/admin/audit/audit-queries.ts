/** 操作履歴 (GET /v1/admin/audit-log, owners only). */
import { queryOptions } from '@tanstack/react-query';
import { client, loadPage } from '../api/admin-client';
import { ADMIN_ROOT } from '../api/session-queries';

export const AUDIT_PER_PAGE = 50;

export const auditLogQuery = (page: number) =>
  queryOptions({
    queryKey: [...ADMIN_ROOT, 'audit-log', page] as const,
    queryFn: ({ signal }) =>
      loadPage(client().GET('/v1/admin/audit-log', { params: { query: { page, per: AUDIT_PER_PAGE } }, signal })),
  });
