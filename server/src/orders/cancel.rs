//! Cancelling an order: the member's cancel button, and the payment gateway's fraud notice.
//!
//! One transaction puts everything the order took back — stock, the coupon use, the points it
//! used — and takes back the points it earned (never below a zero balance), then marks it
//! cancelled. The status change is the first, guarded write (from the status read in the same
//! transaction), so two cancels racing restore things once, and a payment landing meanwhile is
//! never missed. A card charge is refunded after the commit (a gateway call must not hold the
//! database), then the cancellation mail goes out. Failures of either are logged, not undone:
//! the order is cancelled, and staff settle a failed refund from the log.

use super::axes::ShipProgress;
use super::status::{CANCELLABLE, Status};
use super::store;
use super::timeline::{self, EventKind};
use super::view::{orderer_of, status_of};
use super::{desk, mails};
use crate::catalog::store::stock::{Cause, StockReason};
use crate::channel::Channel;
use crate::channel::PaymentKind;
use crate::infra::error::{ApiError, ApiResult};
use crate::infra::ids::UserId;
use crate::infra::time::Timestamp;
use crate::points::kind::PointKind;
use crate::points::ledger_store::{self as ledger, Entry};
use crate::staff::Staff;
use crate::staff::audit::{self, AuditAction};
use crate::state::AppState;
use axum::http::StatusCode;

/// 422 code of a cancel the order's status no longer allows.
pub const NOT_CANCELLABLE_CODE: &str = "orders.cancel.not_cancellable";
pub const NOT_CANCELLABLE_MESSAGE: &str = "この注文はキャンセルできません（発送準備に入っています）";
pub const NOT_SHIPPED_CANCELLABLE_MESSAGE: &str = "発送済みの荷物がある注文はキャンセルできません。";
pub const ALREADY_CANCELLED_MESSAGE: &str = "この注文はすでにキャンセルされています";

/// Cancels order `order_id` of `channel` for `reason` (stored and shown to the member).
/// 404 when the channel has no such order; 422 `orders.cancel.not_cancellable` when it is
/// preparing, shipped, delivered or already cancelled. The caller checks who may cancel.
pub async fn cancel_order(state: &AppState, channel: &Channel, order_id: &str, reason: &str) -> ApiResult<()> {
    cancel_order_from(state, channel, order_id, reason, &CANCELLABLE).await
}

/// Cancels the order only from one of the `allowed` statuses, as read in the transaction
/// that cancels it (the reconciler cancels only an order still awaiting its card payment, a
/// social gift's deadline only a paid one). Otherwise as `cancel_order`.
pub async fn cancel_order_from(state: &AppState, channel: &Channel, order_id: &str, reason: &str, allowed: &[Status]) -> ApiResult<()> {
    cancel_with(state, channel, order_id, reason, allowed, None).await
}

/// The statuses staff may cancel from: also 発送準備中, as long as no parcel has left.
pub const STAFF_CANCELLABLE: [Status; 4] = [Status::Accepted, Status::AwaitingPayment, Status::Paid, Status::Preparing];

/// A member of staff cancels the order read at `version` (409 when stale), before any parcel
/// has left; the reason is mailed to the customer. Audited.
pub async fn cancel_by_staff(state: &AppState, channel: &Channel, staff: &Staff, order_id: &str, version: i64, reason: &str) -> ApiResult<()> {
    cancel_with(state, channel, order_id, reason, &STAFF_CANCELLABLE, Some((staff, version))).await
}

async fn cancel_with(state: &AppState, channel: &Channel, order_id: &str, reason: &str, allowed: &[Status], by: Option<(&Staff, i64)>) -> ApiResult<()> {
    let now = Timestamp::now().0;
    let mut tx = state.db.begin_write().await?;
    let (row, from) = mark_cancelled(&mut tx, channel, order_id, reason, allowed, now, by.map(|(_, version)| version)).await?;
    let staff = by.map(|(staff, _)| staff);
    timeline::record(&mut tx, &channel.id, order_id, staff, EventKind::Cancelled, reason, now).await?;
    if let Some(staff) = staff {
        audit::record_in(&mut tx, staff, AuditAction::OrderCancel, &format!("{} キャンセル", row.order_no)).await?;
    }
    for (variation_id, quantity) in store::list_line_quantities(&mut tx, order_id).await? {
        let cause =
            Cause { reason: StockReason::CancelReturn, staff: staff.map(|s| (s.id.as_str(), s.name.as_str())), order_no: Some(&row.order_no), note: "" };
        crate::catalog::store::stock::update_stock_returned(&mut tx, &variation_id, quantity, &cause).await?;
    }
    crate::coupons::store::delete_coupon_use(&mut tx, order_id).await?;
    if let Some(user_id) = row.user_id.as_ref() {
        let entry =
            |kind: PointKind, points: i64, description: String| Entry { channel_id: &channel.id, user_id, order_id: Some(order_id), kind, points, description };
        // A refund before the cancel may have given some of them back already.
        let (returned, _) = super::refund_store::points_totals(&mut *tx, order_id).await?;
        let used = row.used_points - returned;
        if used > 0 {
            ledger::add(&mut tx, &channel.id, user_id, used, now).await?;
            let description = format!("ご注文{}のキャンセル（ご利用ポイントの返却）", row.order_no);
            ledger::record(&mut tx, &entry(PointKind::CancelUse, used, description), now).await?;
        }
        // Points are granted when the parcels leave (ship_effects.rs): only those granted
        // are taken back.
        let granted = ledger::earned_for_order(&mut tx, order_id).await?;
        if granted > 0
            && let Some(taken) = take_points(&mut tx, user_id, granted, now).await?
        {
            let description = format!("ご注文{}のキャンセル（獲得ポイントの取り消し）", row.order_no);
            ledger::record(&mut tx, &entry(PointKind::CancelEarn, -taken, description), now).await?;
        }
    }
    tx.commit().await?;

    refund_charge(state, channel, &row, from).await;
    if desk::switches(state, channel).await?.cancelled {
        let mail = mails::cancelled(&channel.name, &desk::customer_address(&row), &orderer_of(&row).name(), &row, reason);
        desk::send_recorded(state, channel, &row, staff, mail).await;
    }
    Ok(())
}

/// Reads the order and cancels it from the status it has, in `tx`: every later step (stock,
/// points, the refund) is decided from that row. A status that changed between the read and
/// the write (PostgreSQL: another transaction committed; SQLite's write transaction holds it
/// still) is read again.
async fn mark_cancelled(
    tx: &mut crate::infra::db::Tx,
    channel: &Channel,
    order_id: &str,
    reason: &str,
    allowed: &[Status],
    now: i64,
    expected_version: Option<i64>,
) -> ApiResult<(store::OrderRow, Status)> {
    for _ in 0..5 {
        let row = store::find_order(&mut **tx, &channel.id, order_id).await?.ok_or_else(ApiError::not_found)?;
        if expected_version.is_some_and(|version| version != row.version) {
            return Err(ApiError::rule_with(StatusCode::CONFLICT, desk::STALE_CODE, desk::STALE_MESSAGE));
        }
        let from = status_of(&row);
        // A parcel that left (一部出荷 reads 発送準備中) can no longer be cancelled.
        if desk::progress_of(&row) == ShipProgress::Partial {
            return Err(ApiError::rule(NOT_CANCELLABLE_CODE, NOT_SHIPPED_CANCELLABLE_MESSAGE));
        }
        if !allowed.contains(&from) {
            let message = match from {
                Status::Cancelled => ALREADY_CANCELLED_MESSAGE,
                // Staff may cancel while preparing: what stops them is a parcel that left.
                Status::Shipped | Status::Delivered if allowed.contains(&Status::Preparing) => NOT_SHIPPED_CANCELLABLE_MESSAGE,
                _ => NOT_CANCELLABLE_MESSAGE,
            };
            return Err(ApiError::rule(NOT_CANCELLABLE_CODE, message));
        }
        if store::update_cancelled(tx, &channel.id, order_id, reason, now, from, row.version).await? {
            return Ok((row, from));
        }
    }
    Err(ApiError::Internal(anyhow::anyhow!("the order's status kept changing while cancelling")))
}

/// Gives back the charge of a cancelled order: the one it kept when paid, or, for a card
/// order cancelled while still awaiting its payment (a crash or a lost gateway answer between
/// the charge and the "paid" write), whatever the gateway captured under the order's key. A
/// decision still charging it finds the order cancelled and refunds its charge itself; both
/// gateways refund a charge once however often asked. Failures are logged for staff.
async fn refund_charge(state: &AppState, channel: &Channel, row: &store::OrderRow, from: Status) {
    let awaiting_card = from == Status::AwaitingPayment && PaymentKind::parse(&row.payment_code) == Some(PaymentKind::CreditCard) && row.total_payment > 0;
    let charge_id = match row.gateway_charge_id.clone() {
        Some(kept) => Some(kept),
        None if awaiting_card => match state.gateway.find_charge(&channel.id, &row.id).await {
            Ok(found) => found.map(|charge| charge.id),
            Err(error) => {
                tracing::error!(
                    order_no = row.order_no,
                    error = format!("{error:#}"),
                    "could not ask the gateway about a cancelled card order's charge: settle it by hand"
                );
                None
            }
        },
        None => None,
    };
    if let Some(charge_id) = charge_id
        && let Err(error) = state.gateway.refund(&channel.id, &charge_id).await
    {
        tracing::error!(order_no = row.order_no, charge_id, error = format!("{error:#}"), "refund of a cancelled order failed: settle it by hand");
    }
}

/// Takes up to `earned` points from the balance, never below zero; returns how many were
/// taken (None: none to take). The guarded UPDATE is retried if the balance moved between
/// reading and taking (PostgreSQL; SQLite's write transaction holds it still).
async fn take_points(tx: &mut crate::infra::db::Tx, user_id: &UserId, earned: i64, now: i64) -> ApiResult<Option<i64>> {
    for _ in 0..5 {
        let balance = ledger::balance(&mut **tx, user_id).await?;
        let take = earned.min(balance);
        if take <= 0 {
            return Ok(None);
        }
        if ledger::take(tx, user_id, take, now).await? {
            return Ok(Some(take));
        }
    }
    Err(ApiError::Internal(anyhow::anyhow!("the point balance kept changing while cancelling")))
}
