/**
 * The member's orders (spec 001 §3–§4, §7; contract S2): the list with its total, one order, its
 * cancellation, memo, receipt and quotation; and the guest receipt of /orders/receipt.
 *
 * Spec 001 §4 "the list fetch is skipped when flagged as a return to the previous page": the
 * list stays cached (`LIST_STALE_MS`), so coming back from an order shows it at once without a
 * new fetch; a cancellation writes the returned order into every cached list and the detail.
 */
import { queryOptions, useMutation, useQueryClient, useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import { api, load, settle } from '../../api/client';
import type { Pagination } from '../../lib/paged';
import { saveDownload } from '../../lib/download';
import { reissueGuestGiftLink } from '../../domain/social-gift/gift-link';
import { MEMBER_QUERY_ROOT } from '../../lib/query-client';
import { readStorage, session, writeStorage } from '../../lib/storage';
import type { Order, OrderMemo, OrderSearchQuery, ReceiptInput } from './order-types';
import type { GiftLink, GuestReceipt, GuestReceiptCheck } from '../../api/types';

export const ORDERS_PER_PAGE = 10;
/** How long a fetched list is shown again without asking the server (back from an order). */
export const LIST_STALE_MS = 5 * 60_000;

export type Period = 'all' | '3m' | '6m' | '1y';

export const PERIODS: readonly (readonly [Period, string])[] = [
  ['all', 'すべての期間'],
  ['3m', '過去3か月'],
  ['6m', '過去6か月'],
  ['1y', '過去1年'],
];

export interface OrderSearch {
  page: number;
  order_no: string;
  period: Period;
}

export const EMPTY_SEARCH: OrderSearch = { page: 1, order_no: '', period: 'all' };

export const orderKeys = {
  all: [...MEMBER_QUERY_ROOT, 'orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (search: OrderSearch) => [...orderKeys.lists(), search] as const,
  detail: (id: string) => [...orderKeys.all, 'detail', id] as const,
};

export interface OrderList {
  items: Order[];
  pagination: Pagination;
  /** ご購入金額合計: the member's orders that are not cancelled. */
  totalPayment: number;
}

const isPeriod = (value: string | null): value is Period => PERIODS.some(([p]) => p === value);

/** The search a URL asks for (page, order number, period). */
export function searchFromParams(params: URLSearchParams): OrderSearch {
  const page = Number(params.get('page') ?? '1');
  const period = params.get('period');
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    order_no: (params.get('order_no') ?? '').trim().slice(0, 40),
    period: isPeriod(period) ? period : 'all',
  };
}

/** The URL query of a search (defaults left out). */
export function searchToParams(search: OrderSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.order_no) params.set('order_no', search.order_no);
  if (search.period !== 'all') params.set('period', search.period);
  if (search.page > 1) params.set('page', String(search.page));
  return params;
}

const SAVED_SEARCH_KEY = 'shop.orderSearch';

/** Spec 001 §3 "saved search params": the last search, kept for this tab. */
export function saveSearch(search: OrderSearch): void {
  writeStorage(session(), SAVED_SEARCH_KEY, JSON.stringify(search));
}

export function savedSearch(): OrderSearch | null {
  const raw = readStorage(session(), SAVED_SEARCH_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Record<keyof OrderSearch, unknown>>;
    return searchFromParams(
      new URLSearchParams({
        page: String(value.page ?? 1),
        order_no: typeof value.order_no === 'string' ? value.order_no : '',
        period: typeof value.period === 'string' ? value.period : 'all',
      }),
    );
  } catch {
    return null;
  }
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** Today in Japan as `YYYY-MM-DD`, `months` back. */
export function jstDateMonthsAgo(months: number, now: number = Date.now()): string {
  const jst = new Date(now + 9 * 3600_000);
  const target = new Date(Date.UTC(jst.getUTCFullYear(), jst.getUTCMonth() - months, jst.getUTCDate()));
  return `${target.getUTCFullYear()}-${pad2(target.getUTCMonth() + 1)}-${pad2(target.getUTCDate())}`;
}

/** The API query of a search: the period becomes `from` (Japan date, inclusive). */
export function searchQuery(search: OrderSearch, now: number = Date.now()): OrderSearchQuery {
  const query: OrderSearchQuery = { page: search.page, per: ORDERS_PER_PAGE };
  if (search.order_no) query.order_no = search.order_no;
  const months = { all: 0, '3m': 3, '6m': 6, '1y': 12 }[search.period];
  if (months > 0) query.from = jstDateMonthsAgo(months, now);
  return query;
}

export const orderListQuery = (search: OrderSearch) =>
  queryOptions({
    queryKey: orderKeys.list(search),
    queryFn: async ({ signal }): Promise<OrderList> => {
      const { data, pagination } = await load(
        api().GET('/v1/me/orders', { params: { query: searchQuery(search) }, signal }),
      );
      const items = data.data;
      return {
        items,
        pagination: pagination ?? { total: items.length, per: ORDERS_PER_PAGE, last: 1, current: search.page },
        totalPayment: data.user_order_total_payment,
      };
    },
    staleTime: LIST_STALE_MS,
  });

export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: async ({ signal }): Promise<Order> =>
      (await load(api().GET('/v1/me/orders/{id}', { params: { path: { id } }, signal }))).data,
  });

export const useOrderList = (search: OrderSearch) => useSuspenseQuery(orderListQuery(search)).data;
export const useOrder = (id: string) => useSuspenseQuery(orderQuery(id)).data;

/** Spec 001 §4: the returned order replaces the one shown, in the detail and in every cached list. */
export function replaceOrder(client: QueryClient, order: Order): void {
  client.setQueryData(orderKeys.detail(order.id), order);
  client.setQueriesData<OrderList>({ queryKey: orderKeys.lists() }, (list) =>
    list ? { ...list, items: list.items.map((item) => (item.id === order.id ? order : item)) } : list,
  );
}

export interface Cancelled {
  order: Order;
  /** Spec 001 §4: a non-empty cancel_only_ecd_key becomes a warning; otherwise none. */
  warnings: string[];
}

export const cancelWarning = (key: string) =>
  `ご注文はキャンセルされましたが、一部のお手続きはショップで確認中です（受付番号：${key}）。ご不明な点はお問い合わせください。`;

/** PUT /v1/me/orders/{id}/cancel {cancel_reason} → the cancelled order. */
export const useCancelOrder = (id: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (cancelReason: string): Promise<Cancelled> => {
      const order = (
        await load(
          api().PUT('/v1/me/orders/{id}/cancel', {
            params: { path: { id } },
            body: { cancel_reason: cancelReason },
          }),
        )
      ).data;
      const key = order.cancel_only_ecd_key?.trim() ?? '';
      return { order, warnings: key ? [cancelWarning(key)] : [] };
    },
    onSuccess: ({ order }) => {
      replaceOrder(client, order);
      // The total of the list (ご購入金額合計) left out the cancelled order: ask again when shown.
      void client.invalidateQueries({ queryKey: orderKeys.lists(), refetchType: 'none' });
    },
  });
};

/**
 * POST /v1/me/orders/{id}/social-gift/link: a new gift URL, shown once; the old one stops
 * working. The order is asked again either way (a 422 means the gift no longer waits).
 */
export const useReissueGiftLink = (id: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<GiftLink> =>
      (await load(api().POST('/v1/me/orders/{id}/social-gift/link', { params: { path: { id } } }))).data,
    onSettled: () => client.invalidateQueries({ queryKey: orderKeys.detail(id) }),
  });
};

function withMemo(client: QueryClient, orderId: string, memo: OrderMemo | null): void {
  const order = client.getQueryData<Order>(orderKeys.detail(orderId));
  if (order) replaceOrder(client, { ...order, memo });
}

/** POST /v1/memos (no memo yet) or PATCH /v1/memos/{id}: the order's memo. */
export const useSaveMemo = (orderId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ memoId, body }: { memoId: string | null; body: string }): Promise<OrderMemo> => {
      const call =
        memoId === null
          ? api().POST('/v1/memos', { body: { order_id: orderId, body } })
          : api().PATCH('/v1/memos/{id}', { params: { path: { id: memoId } }, body: { body } });
      return (await load(call)).data;
    },
    onSuccess: (memo) => withMemo(client, orderId, memo),
  });
};

/** DELETE /v1/memos/{id}. */
export const useDeleteMemo = (orderId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (memoId: string): Promise<void> => {
      await load(api().DELETE('/v1/memos/{id}', { params: { path: { id: memoId } } }));
    },
    onSuccess: () => withMemo(client, orderId, null),
  });
};

async function saveFile(
  call: Promise<{ data?: unknown; error?: unknown; response: Response }>,
  fallback: string,
): Promise<string | null> {
  const outcome = await settle(call);
  if (outcome.kind !== 'ok') return null;
  return saveDownload(outcome.data as Blob, outcome.response, fallback);
}

export const receiptFallbackName = (orderNo: string) => `領収書_${orderNo}.pdf`;
export const quotationFallbackName = (orderNo: string) => `御見積書_${orderNo}.pdf`;

/**
 * The receipt: PUT …/download/receipt {addressee, note} (stored on the order, which comes back),
 * then GET …/download/receipt, the PDF saved under x-suggested-filename.
 */
export const useIssueReceipt = (order: Pick<Order, 'id' | 'order_no'>) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: ReceiptInput): Promise<string | null> => {
      const params = { path: { id: order.id } };
      const updated = (await load(api().PUT('/v1/me/orders/{id}/download/receipt', { params, body: input }))).data;
      replaceOrder(client, updated);
      const name = await saveFile(
        api().GET('/v1/me/orders/{id}/download/receipt', { params, parseAs: 'blob' }),
        receiptFallbackName(order.order_no),
      );
      // issued_count went up with this download (the next one is marked 再発行).
      void client.invalidateQueries({ queryKey: orderKeys.detail(order.id) });
      return name;
    },
  });
};

/** GET /v1/me/orders/{id}/download/quotation → PDF 御見積書. */
export const useDownloadQuotation = (order: Pick<Order, 'id' | 'order_no'>) =>
  useMutation({
    mutationFn: (): Promise<string | null> =>
      saveFile(
        api().GET('/v1/me/orders/{id}/download/quotation', {
          params: { path: { id: order.id } },
          parseAs: 'blob',
        }),
        quotationFallbackName(order.order_no),
      ),
  });

/** GET …/download/receipt with the 宛名 and 但し書き already stored (the list's shortcut). */
export const useDownloadReceipt = (order: Pick<Order, 'id' | 'order_no'>) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<string | null> => {
      const name = await saveFile(
        api().GET('/v1/me/orders/{id}/download/receipt', { params: { path: { id: order.id } }, parseAs: 'blob' }),
        receiptFallbackName(order.order_no),
      );
      void client.invalidateQueries({ queryKey: orderKeys.detail(order.id) });
      return name;
    },
  });
};

// ---- Guest receipt (/orders/receipt?no=&t=) ---------------------------------------------------

export const guestKeys = {
  all: ['guest-receipt'] as const,
  receipt: (no: string, t: string) => [...guestKeys.all, no, t] as const,
};

export interface GuestReceiptView {
  check: GuestReceiptCheck;
  receipt: GuestReceipt;
}

/** check/receipt, then the receipt data; a wrong or missing t answers 404 (ApiError). */
export const guestReceiptQuery = (no: string, t: string) =>
  queryOptions({
    queryKey: guestKeys.receipt(no, t),
    queryFn: async ({ signal }): Promise<GuestReceiptView> => {
      const params = { path: { no }, query: { t } };
      const check = (await load(api().GET('/v1/orders/{no}/check/receipt', { params, signal }))).data;
      const receipt = (await load(api().GET('/v1/orders/{no}/guest/receipt', { params, signal }))).data;
      return { check, receipt };
    },
    retry: false,
  });

/** PUT guest/receipt {addressee, note}, then the PDF of download/receipt?t=. */
export const useIssueGuestReceipt = (no: string, t: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: ReceiptInput): Promise<string | null> => {
      const params = { path: { no }, query: { t } };
      const receipt = (await load(api().PUT('/v1/orders/{no}/guest/receipt', { params, body: input }))).data;
      client.setQueryData<GuestReceiptView>(guestKeys.receipt(no, t), (view) => (view ? { ...view, receipt } : view));
      const name = await saveFile(
        api().GET('/v1/orders/{no}/download/receipt', { params, parseAs: 'blob' }),
        receiptFallbackName(no),
      );
      void client.invalidateQueries({ queryKey: guestKeys.receipt(no, t) });
      return name;
    },
  });
};

/**
 * POST /v1/orders/{no}/guest/social-gift/link?t=: a guest's new gift URL, shown once; the old one
 * stops working. The receipt (with the gift's state) is asked again either way.
 */
export const useReissueGuestGiftLink = (no: string, t: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<GiftLink> => reissueGuestGiftLink(no, t),
    onSettled: () => client.invalidateQueries({ queryKey: guestKeys.receipt(no, t) }),
  });
};
