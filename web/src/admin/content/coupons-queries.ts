/**
 * クーポン管理 (docs/contracts/coupon-desk.md): the list (GET /v1/admin/coupons, filtered and
 * paged), one coupon (GET …/{id}) and the changes — 作成 (POST), 保存 (PUT with the version read)
 * and 削除 (DELETE ?version=). Two 409s: `coupons.stale` (changed elsewhere first: read it again)
 * and `coupons.used` (an order used it: it is ended by its end time, never deleted). A create or
 * a save answers the coupon as it is now (version + 1): shown at once; the list and the audit log
 * read again.
 */
import { keepPreviousData, type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminApiError, client, load, loadData, loadPage } from '../api/admin-client';
import { ADMIN_ROOT } from '../api/session-queries';
import { type CouponFilter, couponListParams } from './coupons-filter';
import type { CouponCreateInput, CouponDesk, CouponUpdateInput } from './coupons-types';

export const COUPONS_PER_PAGE = 20;

/** Every query of the coupon desk keys under this. */
const COUPONS_KEY = [...ADMIN_ROOT, 'content', 'coupons'] as const;
const LIST_KEY = [...COUPONS_KEY, 'list'] as const;
const itemKey = (id: string) => [...COUPONS_KEY, 'item', id] as const;
const AUDIT_KEY = [...ADMIN_ROOT, 'audit-log'] as const;

/** The code of a 409: the coupon was changed elsewhere since the editor read it. */
export const COUPONS_STALE_CODE = 'coupons.stale';
/** The code of a 409 on 削除: an order used the coupon (the orders name it). */
export const COUPONS_USED_CODE = 'coupons.used';

/** Changed elsewhere first (not the 409 of a used coupon, which reading again would not help). */
export function isCouponStale(error: unknown): boolean {
  return error instanceof AdminApiError && error.code === COUPONS_STALE_CODE;
}

const path = (id: string) => ({ path: { id } });

export const couponListQuery = (filter: CouponFilter) =>
  queryOptions({
    queryKey: [...LIST_KEY, filter] as const,
    queryFn: ({ signal }) =>
      loadPage(
        client().GET('/v1/admin/coupons', { params: { query: couponListParams(filter, COUPONS_PER_PAGE) }, signal }),
      ),
    placeholderData: keepPreviousData,
  });

export const couponQuery = (id: string) =>
  queryOptions({
    queryKey: itemKey(id),
    queryFn: ({ signal }) => loadData(client().GET('/v1/admin/coupons/{id}', { params: path(id), signal })),
  });

/** 最新の内容を読み込む: the coupon as the server has it now (after a 409), read afresh. */
export function refreshCoupon(queryClient: QueryClient, id: string): Promise<CouponDesk> {
  return queryClient.fetchQuery({ ...couponQuery(id), staleTime: 0 });
}

/** After a change: the list and the audit log read again (not awaited: the page says it is done at once). */
function changed(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: LIST_KEY });
  void queryClient.invalidateQueries({ queryKey: AUDIT_KEY });
}

/** 保存する on a new coupon: the coupon as created (its id, its code upper-case). */
export function useCreateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CouponCreateInput) => loadData(client().POST('/v1/admin/coupons', { body })),
    onSuccess: (created) => {
      queryClient.setQueryData(itemKey(created.id), created);
      changed(queryClient);
    },
  });
}

/** 保存する on a coupon: the whole coupon with the version read, answered as saved. */
export function useSaveCoupon(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CouponUpdateInput) =>
      loadData(client().PUT('/v1/admin/coupons/{id}', { params: path(id), body })),
    onSuccess: (saved) => {
      queryClient.setQueryData(itemKey(id), saved);
      changed(queryClient);
    },
  });
}

/** 削除する: the coupon at the version shown (409 when it changed since, or when an order used it). */
export function useDeleteCoupon(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (version: number) => {
      await load(client().DELETE('/v1/admin/coupons/{id}', { params: { ...path(id), query: { version } } }));
    },
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: itemKey(id) });
      changed(queryClient);
    },
  });
}
