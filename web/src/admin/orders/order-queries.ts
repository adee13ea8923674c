/**
 * 受注管理 (docs/architecture.md, "The back office"): the desk's queues and figures
 * (GET /v1/admin/orders/queues), the order list (GET /v1/admin/orders), one order
 * (GET /v1/admin/orders/{order_no}) and its changes (a shipment split, a mail sent again among
 * them, and 返品・返金 with its proposal), each answering the order as it is now; the carriers' files out (POST /v1/admin/shipments/export) and tracking numbers back
 * (POST /v1/admin/shipments/tracking, the file's bytes as the body).
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { adminApi, AdminApiError, checkResponse, client, loadData, loadPage } from '../api/admin-client';
import type {
  DeskOrder,
  ExportAnswer,
  ImportAnswer,
  RefundInput,
  RefundLinesInput,
  RefundProposal,
  ShipmentMove,
  SplitMove,
} from '../api/admin-types';
import { ADMIN_ROOT } from '../api/session-queries';
import { listQuery, type OrderFilter } from './order-filter';
import type { CarrierCode, TrackingSource } from './order-labels';

export const ORDERS_PER_PAGE = 20;

/** Every query of the desk keys under this (the bulk actions and saved views too). */
export const ORDERS_KEY = [...ADMIN_ROOT, 'orders'] as const;

/** The code of a 409: someone else changed the order since this screen read it. */
export const STALE_CODE = 'orders.desk.stale';

export function isStale(error: unknown): boolean {
  return error instanceof AdminApiError && (error.status === 409 || error.code === STALE_CODE);
}

export const deskHomeQuery = () =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'home'] as const,
    queryFn: ({ signal }) => loadData(client().GET('/v1/admin/orders/queues', { signal })),
    // The counts are the desk's to-do list: keep them fresh while the screen is open.
    refetchInterval: 60_000,
  });

export const ordersQuery = (filter: OrderFilter) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'list', filter] as const,
    queryFn: ({ signal }) =>
      loadPage(client().GET('/v1/admin/orders', { params: { query: listQuery(filter, ORDERS_PER_PAGE) }, signal })),
    placeholderData: keepPreviousData,
  });

export const orderQuery = (orderNo: string) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'detail', orderNo] as const,
    queryFn: ({ signal }) =>
      loadData(client().GET('/v1/admin/orders/{order_no}', { params: { path: { order_no: orderNo } }, signal })),
  });

/** Everything else the change touches: the list, the queues' counts, the audit log. */
function refreshAround(queryClient: QueryClient, orderNo: string) {
  const detail = orderQuery(orderNo).queryKey;
  return queryClient.invalidateQueries({
    queryKey: ADMIN_ROOT,
    predicate: (query) => JSON.stringify(query.queryKey) !== JSON.stringify(detail),
  });
}

/** A change of the order: its answer is the order now, shown at once; the rest refreshes. */
function useOrderChange<V>(orderNo: string, call: (variables: V, version: number) => Promise<DeskOrder>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) => {
      const current = queryClient.getQueryData(orderQuery(orderNo).queryKey);
      return call(variables, current?.version ?? 0);
    },
    onSuccess: (order) => {
      queryClient.setQueryData(orderQuery(orderNo).queryKey, order);
      void refreshAround(queryClient, orderNo);
    },
  });
}

const path = (orderNo: string) => ({ path: { order_no: orderNo } });

export function useConfirmPayment(orderNo: string) {
  return useOrderChange(orderNo, (input: { paid_on: string; amount: number }, version) =>
    loadData(
      client().POST('/v1/admin/orders/{order_no}/payments', { params: path(orderNo), body: { ...input, version } }),
    ),
  );
}

export function useHold(orderNo: string) {
  return useOrderChange(orderNo, (reason: string, version) =>
    loadData(client().POST('/v1/admin/orders/{order_no}/hold', { params: path(orderNo), body: { reason, version } })),
  );
}

export function useRelease(orderNo: string) {
  return useOrderChange(orderNo, (_: undefined, version) =>
    loadData(client().POST('/v1/admin/orders/{order_no}/release', { params: path(orderNo), body: { version } })),
  );
}

export function useMarkReviewed(orderNo: string) {
  return useOrderChange(orderNo, (_: undefined, version) =>
    loadData(client().POST('/v1/admin/orders/{order_no}/reviewed', { params: path(orderNo), body: { version } })),
  );
}

export function useCancelOrder(orderNo: string) {
  return useOrderChange(orderNo, (reason: string, version) =>
    loadData(client().POST('/v1/admin/orders/{order_no}/cancel', { params: path(orderNo), body: { reason, version } })),
  );
}

/** A note carries no version: notes never conflict. */
export function useAddOrderNote(orderNo: string) {
  return useOrderChange(orderNo, (body: string) =>
    loadData(client().POST('/v1/admin/orders/{order_no}/notes', { params: path(orderNo), body: { body } })),
  );
}

export function useMoveShipment(orderNo: string) {
  return useOrderChange(orderNo, ({ code, ...move }: Omit<ShipmentMove, 'version'> & { code: string }, version) =>
    loadData(
      client().POST('/v1/admin/orders/{order_no}/shipments/{code}', {
        params: { path: { order_no: orderNo, code } },
        body: { ...move, version },
      }),
    ),
  );
}

/** Moves `lines` (units of each order line) of the shipment `code` to a new shipment. */
export function useSplitShipment(orderNo: string) {
  return useOrderChange(orderNo, ({ code, lines }: { code: string; lines: SplitMove[] }, version) =>
    loadData(
      client().POST('/v1/admin/orders/{order_no}/shipments/{code}/split', {
        params: { path: { order_no: orderNo, code } },
        body: { lines, version },
      }),
    ),
  );
}

/** Sends one of the order's mails again (`shipment_code` for 発送完了); the timeline shows it. */
export function useResendMail(orderNo: string) {
  return useOrderChange(orderNo, (body: { kind: string; shipment_code?: string }) =>
    loadData(client().POST('/v1/admin/orders/{order_no}/mails', { params: path(orderNo), body })),
  );
}

function previewRefund(orderNo: string, body: RefundLinesInput, signal?: AbortSignal): Promise<RefundProposal> {
  return loadData(
    client().POST('/v1/admin/orders/{order_no}/refunds/preview', { params: path(orderNo), body, signal }),
  );
}

/**
 * The refund panel's start: the proposal for no unit, which lists every line of the order with
 * what may still come back. Read afresh each time the panel opens (and after any change of the
 * desk, as every desk query is).
 */
export const refundLinesQuery = (orderNo: string) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'refund-lines', orderNo] as const,
    queryFn: ({ signal }) => previewRefund(orderNo, { lines: [], include_fees: false }, signal),
    staleTime: 0,
    gcTime: 0,
  });

/** 計算する: what a refund of these units would give back (nothing is written). */
export function usePreviewRefund(orderNo: string) {
  return useMutation({ mutationFn: (input: RefundLinesInput) => previewRefund(orderNo, input) });
}

/** Records a 返品・返金; the order comes back with it in `refunds`. */
export function useRecordRefund(orderNo: string) {
  return useOrderChange(orderNo, (input: Omit<RefundInput, 'version'>, version) =>
    loadData(
      client().POST('/v1/admin/orders/{order_no}/refunds', { params: path(orderNo), body: { ...input, version } }),
    ),
  );
}

/** 振込完了にする: a manual refund awaiting its transfer becomes 返金済. */
export function useCompleteRefund(orderNo: string) {
  return useOrderChange(orderNo, (refundId: string, version) =>
    loadData(
      client().POST('/v1/admin/orders/{order_no}/refunds/{refund_id}/complete', {
        params: { path: { order_no: orderNo, refund_id: refundId } },
        body: { version },
      }),
    ),
  );
}

/** The carrier's file(s) for these shipments; the 未出荷 ones become 出荷準備中. */
export function useExportShipments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { carrier: CarrierCode; shipment_codes: string[] }): Promise<ExportAnswer> =>
      loadData(client().POST('/v1/admin/shipments/export', { body: input })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_ROOT }),
  });
}

export interface TrackingFile {
  source: TrackingSource;
  file: Blob;
  /** false: a preview that changes nothing; true: applies it (only when no line is wrong). */
  apply: boolean;
}

/** A carrier's issued-label file (or the generic 出荷実績 CSV), its bytes as they are. */
export function useImportTracking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ source, file, apply }: TrackingFile): Promise<ImportAnswer> => {
      const query = new URLSearchParams({ carrier: source, apply: String(apply) });
      const response = await checkResponse(
        await adminApi().fetch(`/v1/admin/shipments/tracking?${query}`, {
          method: 'POST',
          headers: { 'Content-Type': 'text/csv' },
          // The bytes as they are (Shift_JIS): never read as text here.
          body: await file.arrayBuffer(),
        }),
      );
      return (await response.json()) as ImportAnswer;
    },
    onSuccess: (_answer, { apply }) => {
      if (apply) void queryClient.invalidateQueries({ queryKey: ADMIN_ROOT });
    },
  });
}
