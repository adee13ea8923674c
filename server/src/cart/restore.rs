//! What an order gives back when it is cancelled (orders' cancel, the gateway's fraud
//! notification): its stock, its coupon use, the points it used (cancel_use), and the points
//! it earned (cancel_earn, never taking the balance below zero). Changing the order's status,
//! refunding a card charge and the mail are the caller's; call this in the same transaction.
use super::store;
use crate::infra::db::Tx;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Released {
    /// Units put back on sale.
    pub units: i64,
    /// Points given back to the member.
    pub points_returned: i64,
    /// Earned points taken back (at most the balance).
    pub points_taken_back: i64,
}

/// Gives back what order `order_id` of `channel_id` took. None when there is no such order.
pub async fn release_order(tx: &mut Tx, channel_id: &str, order_id: &str, now: i64) -> sqlx::Result<Option<Released>> {
    let Some(order) = store::find_order(&mut **tx, channel_id, order_id).await? else {
        return Ok(None);
    };
    let mut released = Released::default();
    for line in store::list_order_lines(&mut **tx, order_id).await? {
        if let Some(variation_id) = &line.variation_id {
            store::update_return_stock(tx, variation_id, line.quantity).await?;
            released.units += line.quantity;
        }
    }
    sqlx::query("DELETE FROM coupon_uses WHERE order_id = $1").bind(order_id).execute(&mut **tx).await?;
    if let Some(user_id) = order.user_id.as_deref() {
        if order.used_points > 0 {
            store::update_add_points(tx, channel_id, user_id, order.used_points, now).await?;
            store::insert_point_history(tx, channel_id, user_id, Some(order_id), "cancel_use", order.used_points, &format!("ご注文 {} のキャンセル（ご利用分の返還）", order.order_no), now).await?;
            released.points_returned = order.used_points;
        }
        if order.earned_points > 0 {
            let balance = store::find_point_balance(&mut **tx, user_id).await?;
            let taken = order.earned_points.min(balance);
            if taken > 0 {
                store::update_take_back_points(tx, user_id, taken, now).await?;
                store::insert_point_history(tx, channel_id, user_id, Some(order_id), "cancel_earn", -taken, &format!("ご注文 {} のキャンセル（獲得分の取消）", order.order_no), now).await?;
            }
            released.points_taken_back = taken;
        }
    }
    Ok(Some(released))
}
