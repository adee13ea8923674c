//! Whether a coupon can be used by this buyer now, and why not (the words the cart shows
//! under the code): its period, members only, taken first, the member's own uses, everyone's
//! uses against its limit, and the lowest items total. The decision counts the uses again
//! under the coupon's lock (checkout/decision.rs).
use super::loaded::yen;
use super::pricing::Discount;
use crate::catalog::availability::is_on_sale;
use crate::coupons::store::CouponRow;
use crate::infra::db::Db;
use crate::infra::ids::UserId;

pub const COUPON_NOT_FOUND: &str = "クーポンが存在しません";
pub const COUPON_OUT_OF_PERIOD: &str = "このクーポンは利用期間外です";
pub const COUPON_MEMBER_ONLY: &str = "このクーポンは会員限定です。ログインしてご利用ください";
pub const COUPON_NOT_TAKEN: &str = "このクーポンはご利用前に取得が必要です";
pub const COUPON_USED: &str = "このクーポンはすでにご利用済みです";
pub const COUPON_EXHAUSTED: &str = "このクーポンは利用上限に達したため、ご利用いただけません";

/// Where the buyer stands with a coupon: a member or not, whether they took it, how often
/// they used it, and whether everyone's uses reached its limit.
#[derive(Debug, Clone, Copy, Default)]
pub struct CouponStanding {
    pub member: bool,
    pub taken: bool,
    pub uses: i64,
    pub exhausted: bool,
}

impl CouponStanding {
    /// Read for `coupon` and the member `user` (None: a guest). Everyone's uses are counted
    /// only for a coupon with a limit.
    pub async fn of(db: &Db, coupon: &CouponRow, user: Option<&UserId>) -> sqlx::Result<CouponStanding> {
        let uses = match user {
            Some(user_id) => crate::coupons::store::count_coupon_uses(&db.pool, &coupon.id, user_id).await?,
            None => 0,
        };
        let exhausted = match coupon.max_uses {
            Some(max) => crate::coupons::store::count_all_coupon_uses(&db.pool, &coupon.id).await? >= max,
            None => false,
        };
        Ok(CouponStanding { member: user.is_some(), taken: user.is_some() && coupon.is_taken == 1, uses, exhausted })
    }
}

pub fn coupon_minimum_message(minimum: i64) -> String {
    format!("このクーポンは商品合計{}円以上でご利用いただけます", yen(minimum))
}

/// Why `coupon` cannot be used by this buyer now (the minimum is checked against `items`).
pub fn coupon_problem(coupon: &CouponRow, standing: CouponStanding, items: i64, now: i64) -> Option<String> {
    let CouponStanding { member, taken, uses, exhausted } = standing;
    if !is_on_sale(coupon.starts_at, coupon.ends_at, now) {
        return Some(COUPON_OUT_OF_PERIOD.into());
    }
    if coupon.member_only != 0 && !member {
        return Some(COUPON_MEMBER_ONLY.into());
    }
    if coupon.requires_take != 0 && !taken {
        return Some(if member { COUPON_NOT_TAKEN.into() } else { COUPON_MEMBER_ONLY.into() });
    }
    if member && uses >= coupon.uses_per_member.max(1) {
        return Some(COUPON_USED.into());
    }
    if exhausted {
        return Some(COUPON_EXHAUSTED.into());
    }
    if items < coupon.minimum_amount {
        return Some(coupon_minimum_message(coupon.minimum_amount));
    }
    None
}

pub fn discount_of(coupon: &CouponRow) -> Discount {
    if coupon.discount_kind == "percent" { Discount::Percent(coupon.discount_value) } else { Discount::Amount(coupon.discount_value) }
}
