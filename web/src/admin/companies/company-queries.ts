/**
 * 法人会員 (GET /v1/admin/companies, corporate shops only) and the owner's approval of a company
 * for 請求書払い (PUT /v1/admin/companies/{id}/invoice-approval).
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { client, loadData, loadPage } from '../api/admin-client';
import { ADMIN_ROOT } from '../api/session-queries';

export const COMPANIES_PER_PAGE = 20;

const COMPANIES_KEY = [...ADMIN_ROOT, 'companies'] as const;

/** Which companies the list shows: those waiting for an approval by default. */
export type InvoiceFilter = 'unapproved' | 'approved' | 'all';

export interface CompanyFilter {
  invoice: InvoiceFilter;
  q: string;
  page: number;
}

export const companiesQuery = (filter: CompanyFilter) =>
  queryOptions({
    queryKey: [...COMPANIES_KEY, filter] as const,
    queryFn: ({ signal }) =>
      loadPage(
        client().GET('/v1/admin/companies', {
          params: {
            query: {
              invoice: filter.invoice === 'all' ? undefined : filter.invoice,
              q: filter.q || undefined,
              page: filter.page,
              per: COMPANIES_PER_PAGE,
            },
          },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });

export function useInvoiceApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approved }: { id: string; approved: boolean }) =>
      loadData(
        client().PUT('/v1/admin/companies/{id}/invoice-approval', { params: { path: { id } }, body: { approved } }),
      ),
    // The company moves between 未承認 and 承認済み; the audit log has a new line.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_ROOT }),
  });
}
