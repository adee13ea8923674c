/**
 * The list's actions on many orders at once: what a bulk action would do
 * (POST /v1/admin/orders/bulk/preview, which changes nothing), the action itself run in the
 * background (POST /v1/admin/orders/bulk → 202, then GET /v1/admin/orders/bulk/{id} until it is
 * no longer running), and the printed documents (POST /v1/admin/orders/documents → a PDF).
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi, checkResponse, client, loadData } from '../api/admin-client';
import type { BulkInput, DocumentKind } from '../api/admin-types';
import { ORDERS_KEY } from './order-queries';
import { fileNameOf } from '../ui/save-file';

/** How often a running job is asked for its progress. */
export const BULK_POLL_MS = 700;

/** A read, though a POST: asked each time the dialog opens, never kept. */
export const bulkPreviewQuery = (input: BulkInput) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'bulk-preview', input] as const,
    queryFn: () => loadData(client().POST('/v1/admin/orders/bulk/preview', { body: input })),
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });

export function useStartBulk() {
  return useMutation({
    mutationFn: (input: BulkInput) => loadData(client().POST('/v1/admin/orders/bulk', { body: input })),
  });
}

export const bulkJobQuery = (id: string) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'bulk', id] as const,
    queryFn: ({ signal }) => loadData(client().GET('/v1/admin/orders/bulk/{id}', { params: { path: { id } }, signal })),
    refetchInterval: (query) => (query.state.data?.state === 'running' ? BULK_POLL_MS : false),
    // A finished job never changes: no refetch on focus.
    staleTime: (query) => (query.state.data?.state === 'running' ? 0 : Number.POSITIVE_INFINITY),
  });

/** After a bulk action: the list and the queues' counts are read again. */
export function useRefreshDesk() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
}

export interface PrintedDocument {
  file: Blob;
  /** The server's file name (Content-Disposition), if it gave one. */
  name: string | null;
  /** How many of the orders were left out (the `x-skipped` header). */
  skipped: number;
}

export function usePrintDocuments() {
  return useMutation({
    mutationFn: async (input: { kind: DocumentKind; order_nos: string[] }): Promise<PrintedDocument> => {
      const response = await checkResponse(
        await adminApi().fetch('/v1/admin/orders/documents', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/pdf' },
          body: JSON.stringify(input),
        }),
      );
      const skipped = Number(response.headers.get('x-skipped') ?? '0');
      return {
        file: await response.blob(),
        name: fileNameOf(response.headers.get('content-disposition')),
        skipped: Number.isInteger(skipped) && skipped > 0 ? skipped : 0,
      };
    },
  });
}
