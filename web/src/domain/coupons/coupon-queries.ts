/**
 * The shop's coupons (spec 001 §3–§4): the ones open now, with the member's `is_taken`, and
 * taking one. The coupon list (/coupon) and landing pages read the same list, so a coupon taken on
 * either shows as taken on both.
 */
import { queryOptions, useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { api, load } from '../../api/client';
import type { Coupon } from '../../api/types';
import { MEMBER_QUERY_ROOT } from '../../lib/query-client';

/** 50 is the server's page maximum and far above a shop's open coupons. */
const COUPONS_PER_PAGE = 50;

export const couponKeys = {
  /** Public coupons for visitors, the member's view (is_taken) for members. */
  list: (member: boolean) => (member ? ([...MEMBER_QUERY_ROOT, 'coupons'] as const) : (['coupons'] as const)),
};

/** The coupons open now; a member's list (`/v1/me/coupons`) also has the ones they took. */
export const couponsQuery = (member: boolean) =>
  queryOptions({
    queryKey: couponKeys.list(member),
    queryFn: async ({ signal }): Promise<Coupon[]> => {
      const options = { params: { query: { per: COUPONS_PER_PAGE } }, signal };
      const call = member ? api().GET('/v1/me/coupons', options) : api().GET('/v1/coupons', options);
      return (await load(call)).data.data;
    },
  });

export const useCoupons = (member: boolean) => useSuspenseQuery(couponsQuery(member)).data;

/**
 * POST /v1/me/coupons {coupon_id, page: where the button was (a path or a landing page's slug)}:
 * the coupon comes back taken, and the member's list shows it so (added when it was not listed).
 */
export const useTakeCoupon = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ couponId, page }: { couponId: string; page: string }): Promise<Coupon> =>
      (await load(api().POST('/v1/me/coupons', { body: { coupon_id: couponId, page } }))).data,
    onSuccess: (taken) => {
      client.setQueryData<Coupon[]>(couponKeys.list(true), (list) =>
        list?.some((coupon) => coupon.id === taken.id)
          ? list.map((coupon) => (coupon.id === taken.id ? { ...coupon, ...taken, is_taken: true } : coupon))
          : [...(list ?? []), { ...taken, is_taken: true }],
      );
    },
  });
};
