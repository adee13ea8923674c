//! What a shipment's move does beyond its state (issue 30): the units it carries leave the
//! orders' reserve when it is 出荷済 (and come back to it when staff step it back), and when
//! the order's last parcel has left, the member is granted the points the order earns — not
//! before, so that a cancelled or never-shipped order never hands out points.
use super::axes::ShipState;
use super::store::{self, OrderRow};
use crate::infra::db::Tx;
use crate::infra::error::ApiResult;
use crate::points::kind::PointKind;
use crate::points::ledger_store::{self as ledger, Entry};

/// Whether a move crosses the line between "on the shelf" and "left" (None: it does not).
pub fn crossing(from: ShipState, to: ShipState) -> Option<bool> {
    let left = |s: ShipState| matches!(s, ShipState::Shipped | ShipState::Delivered);
    match (left(from), left(to)) {
        (false, true) => Some(true),
        (true, false) => Some(false),
        _ => None,
    }
}

/// In the move's transaction: the shipment `shipping_id` moved `from` → `to`; `all_left` says
/// whether every shipment of the order has left after it.
pub async fn on_move(tx: &mut Tx, order: &OrderRow, shipping_id: &str, from: ShipState, to: ShipState, all_left: bool, now: i64) -> ApiResult<()> {
    if let Some(leaving) = crossing(from, to) {
        for (variation_id, quantity) in store::list_shipment_quantities(tx, shipping_id).await? {
            crate::catalog::store::stock::update_reserve_shipped(tx, &variation_id, quantity, leaving, &order.order_no, now).await?;
        }
    }
    if all_left {
        grant_earned_points(tx, order, now).await?;
    }
    Ok(())
}

/// Grants the order's earned points once (its 獲得 line is the record that it did).
async fn grant_earned_points(tx: &mut Tx, order: &OrderRow, now: i64) -> ApiResult<()> {
    let Some(user_id) = order.user_id.as_ref() else { return Ok(()) };
    // Earned points a refund took back before the parcels left are not granted.
    let (_, revoked) = super::refund_store::points_totals(&mut **tx, &order.id).await?;
    let earned = order.earned_points - revoked;
    if earned <= 0 || ledger::earned_for_order(tx, &order.id).await? > 0 {
        return Ok(());
    }
    ledger::add(tx, &order.channel_id, user_id, earned, now).await?;
    let entry = Entry {
        channel_id: &order.channel_id,
        user_id,
        order_id: Some(&order.id),
        kind: PointKind::Earn,
        points: earned,
        description: format!("ご注文 {} の獲得ポイント", order.order_no),
    };
    ledger::record(tx, &entry, now).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_moves_across_the_door_touch_the_reserve() {
        assert_eq!(crossing(ShipState::Preparing, ShipState::Shipped), Some(true));
        assert_eq!(crossing(ShipState::Unshipped, ShipState::Shipped), Some(true));
        assert_eq!(crossing(ShipState::Shipped, ShipState::Preparing), Some(false));
        assert_eq!(crossing(ShipState::Shipped, ShipState::Delivered), None);
        assert_eq!(crossing(ShipState::Unshipped, ShipState::Preparing), None);
        assert_eq!(crossing(ShipState::Delivered, ShipState::Shipped), None);
    }
}
