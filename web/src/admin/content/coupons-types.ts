/**
 * クーポン管理's API shapes (docs/contracts/coupon-desk.md), picked from the generated schema by
 * path (never written by hand): a coupon as the list and the editor read it (CouponDesk), the
 * list's query, and the bodies 保存する sends (CouponDeskInput on a create, with `version` on a
 * save).
 */
import type { paths } from '../../api/schema';
import type { BodyOf, JsonOf } from '../../api/types';

/** One coupon as GET /v1/admin/coupons/{id} answers it (a line of the list is the same shape). */
export type CouponDesk = JsonOf<'/v1/admin/coupons/{id}'>;
/** 利用中 / 開始前 / 終了 / 上限到達. */
export type CouponStatus = CouponDesk['status'];
/** 金額 (円) or 率 (%). */
export type DiscountKind = CouponDesk['discount_kind'];
/** The list's query: `status`, `q`, `page`, `per`. */
export type CouponListQuery = NonNullable<paths['/v1/admin/coupons']['get']['parameters']['query']>;
/** 保存する on a new coupon (POST /v1/admin/coupons). */
export type CouponCreateInput = BodyOf<'/v1/admin/coupons', 'post'>;
/** 保存する on a coupon (PUT /v1/admin/coupons/{id}) with the version read. */
export type CouponUpdateInput = BodyOf<'/v1/admin/coupons/{id}', 'put'>;

/** The states in the order the filter offers them, with their words (the badge's too). */
export const COUPON_STATUSES: readonly { code: CouponStatus; label: string }[] = [
  { code: 'active', label: '利用中' },
  { code: 'scheduled', label: '開始前' },
  { code: 'ended', label: '終了' },
  { code: 'exhausted', label: '上限到達' },
];

export function couponStatusLabel(status: CouponStatus): string {
  return COUPON_STATUSES.find((entry) => entry.code === status)?.label ?? status;
}

/** What a role without `shop_settings` reads on the coupon desk. */
export const COUPONS_FORBIDDEN = 'クーポンの管理は店舗オーナーまたは店長のみ行えます。';
