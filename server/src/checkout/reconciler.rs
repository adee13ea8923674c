//! The payment reconciler: settles card orders left awaiting payment — the process died
//! between the order and its "paid" write, or the gateway did not answer — once they are
//! older than `SHOP_PAYMENT_SETTLE_AFTER_SECS`. It asks the gateway about each order's
//! idempotency key (the order id):
//! - charged → the order is marked paid and its confirmation mail goes out (once: only the
//!   transition from awaiting payment mails);
//! - not charged → the order is cancelled and its stock, coupon and points come back.
//!
//! It runs when the server starts and then periodically, on every instance: each order is
//! settled under its cart's payment claim, so two instances (or a retried decision) never
//! settle the same order twice, and a live payment attempt is never touched.
use std::time::Duration;

use crate::cart::settings::CheckoutSettings;
use crate::cart::store as cart_store;
use crate::channel::Channel;
use crate::infra::time::Timestamp;
use crate::orders::status::Status;
use crate::orders::store::{self as order_store, OrderRow};
use crate::state::AppState;

/// Orders looked at per pass (the rest wait for the next pass).
const BATCH: i64 = 100;

/// Why an unpaid card order was cancelled (kept with the order and shown to the member).
pub const CANCEL_REASON: &str = "お支払い（クレジットカード）が完了しなかったため、自動でキャンセルしました";

#[derive(Debug, Default, PartialEq, Eq)]
pub struct Settled {
    pub paid: usize,
    pub cancelled: usize,
}

/// Runs a pass now and then every period (half the settle age, between 1 s and a minute),
/// for the life of the process.
pub fn spawn(state: AppState) {
    let period = Duration::from_secs((state.config.payment_settle_after_secs / 2).clamp(1, 60));
    tokio::spawn(async move {
        loop {
            match settle_unpaid(&state).await {
                Ok(settled) if settled != Settled::default() => tracing::info!(?settled, "unsettled card payments reconciled"),
                Ok(_) => {}
                Err(error) => tracing::error!(error = format!("{error:#}"), "payment reconciler pass failed; retrying next period"),
            }
            tokio::time::sleep(period).await;
        }
    });
}

/// One pass over the card orders awaiting payment for longer than the settle age.
pub async fn settle_unpaid(state: &AppState) -> anyhow::Result<Settled> {
    let now = Timestamp::now().0;
    let stale_before = now - state.config.payment_settle_after_ms();
    let mut settled = Settled::default();
    for order in order_store::list_unsettled_card_orders(&state.db, stale_before, now, BATCH).await? {
        if !cart_store::update_claim_payment(&state.db, &order.cart_id, now, stale_before).await? {
            // A live attempt (a retried decision, another instance) is paying it.
            continue;
        }
        let outcome = settle_one(state, &order).await;
        let _ = cart_store::update_release_decision(&state.db.pool, &order.cart_id).await;
        match outcome {
            Ok(Outcome::Paid) => settled.paid += 1,
            Ok(Outcome::Cancelled) => settled.cancelled += 1,
            Ok(Outcome::Unchanged) => {}
            Err(error) => tracing::error!(order_no = %order.order_no, error = format!("{error:#}"), "settling an unpaid card order failed"),
        }
    }
    Ok(settled)
}

enum Outcome {
    Paid,
    Cancelled,
    Unchanged,
}

async fn settle_one(state: &AppState, order: &OrderRow) -> anyhow::Result<Outcome> {
    let channel =
        crate::channel::store::find_channel_by_id(&state.db, &order.channel_id).await?.ok_or_else(|| anyhow::anyhow!("the order's channel is gone"))?;
    let mut charge = if order.total_payment == 0 { None } else { state.gateway.find_charge(&channel.id, &order.id).await? };
    if charge.is_none() && order.total_payment > 0 {
        // A 3-D Secure challenge the customer never finished ends now, so it cannot charge
        // the card after the order is cancelled; one finished meanwhile has charged it.
        state.gateway.abandon_authentication(&channel.id, &order.id).await?;
        charge = state.gateway.find_charge(&channel.id, &order.id).await?;
    }
    if charge.is_some() || order.total_payment == 0 {
        return mark_paid(state, &channel, order, charge).await;
    }
    // Only an order still awaiting its payment when the cancel reads it: one a resumed
    // decision paid a moment ago is kept, not cancelled.
    match crate::orders::cancel::cancel_order_from(state, &channel, &order.id, CANCEL_REASON, &[Status::AwaitingPayment]).await {
        Ok(()) => Ok(Outcome::Cancelled),
        // Paid or cancelled meanwhile (a resumed decision won the claim before us).
        Err(crate::infra::error::ApiError::Rule { .. }) => Ok(Outcome::Unchanged),
        Err(error) => Err(anyhow::anyhow!("cancelling: {error:?}")),
    }
}

async fn mark_paid(state: &AppState, channel: &Channel, order: &OrderRow, charge: Option<crate::payments::Charge>) -> anyhow::Result<Outcome> {
    // A guest never received the receipt token of an answer that never went out.
    let guest_token = order.user_id.is_none().then(|| crate::infra::secret::random_hex(16));
    let marked = super::card_payment::mark_paid(state, order, charge.as_ref(), guest_token.as_deref()).await.map_err(|e| anyhow::anyhow!("{e:?}"))?;
    // Paid or cancelled meanwhile: it stays as it is (a charge it does not keep was refunded).
    let super::card_payment::Marked::Paid { gift_link } = marked else {
        return Ok(Outcome::Unchanged);
    };
    let settings = CheckoutSettings::load(&state.db, channel).await?;
    let order = order_store::find_order(&state.db.pool, &channel.id, &order.id).await?.ok_or_else(|| anyhow::anyhow!("the paid order is gone"))?;
    // The buyer was not there to see the answer: the mail is where the gift's link reaches them.
    super::card_payment::send_confirmation(state, &settings, &order, guest_token.as_deref(), gift_link.as_ref()).await;
    Ok(Outcome::Paid)
}
