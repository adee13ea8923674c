/**
 * A guest's social gift link re-issued (docs/social-gift-api.md, "Order detail"): shared by the
 * order complete page and the guest receipt page, which both know the order number and its `t`.
 */
import { api, load } from '../../api/client';
import type { GiftLink } from '../../api/types';

/** POST /v1/orders/{no}/guest/social-gift/link?t=: a guest's new gift URL (the old one stops working). */
export async function reissueGuestGiftLink(orderNo: string, guestToken: string): Promise<GiftLink> {
  return (
    await load(
      api().POST('/v1/orders/{no}/guest/social-gift/link', {
        params: { path: { no: orderNo }, query: { t: guestToken } },
      }),
    )
  ).data;
}
