//! SQL of the shop's side of payments: the gateway's notifications and the payment methods a
//! channel offers (the sandbox gateway keeps its own books in `sandbox.rs`).
use crate::infra::db::{Db, Tx};
use crate::infra::ids::ChannelId;

/// Records a notification unless its event id was seen before; false for a replay.
pub async fn insert_notification(
    tx: &mut Tx,
    event_id: &str,
    channel_id: &ChannelId,
    order_no: &str,
    result: &str,
    payload: &str,
    now: i64,
) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "INSERT INTO payment_notifications (event_id, channel_id, order_no, result, payload, received_at) \
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (event_id) DO NOTHING",
    )
    .bind(event_id)
    .bind(channel_id)
    .bind(order_no)
    .bind(result)
    .bind(payload)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// The codes of the channel's enabled payment methods, in their order.
pub async fn list_enabled_method_codes(db: &Db, channel_id: &ChannelId) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar("SELECT code FROM payment_methods WHERE channel_id = $1 AND is_enabled = 1 ORDER BY position").bind(channel_id).fetch_all(&db.pool).await
}

/// How many payment methods the channel has configured (enabled or not).
pub async fn count_methods(db: &Db, channel_id: &ChannelId) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COUNT(*) FROM payment_methods WHERE channel_id = $1").bind(channel_id).fetch_one(&db.pool).await
}

/// Whether the gateway's event was already handled (replays change nothing).
pub async fn notification_recorded(db: &Db, event_id: &str) -> sqlx::Result<bool> {
    let found: Option<(String,)> =
        sqlx::query_as("SELECT event_id FROM payment_notifications WHERE event_id = $1").bind(event_id).fetch_optional(&db.pool).await?;
    Ok(found.is_some())
}

// ---- the payment methods a cart may choose ----

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PaymentMethodRow {
    pub id: String,
    pub code: String,
    pub name: String,
    pub description: String,
    pub fee: i64,
    pub member_only: i64,
}

impl PaymentMethodRow {
    /// None for a code this server does not know: such a method is never offered.
    pub fn kind(&self) -> Option<crate::channel::PaymentKind> {
        crate::channel::PaymentKind::parse(&self.code)
    }
}

pub async fn list_payment_methods(db: &Db, channel_id: &ChannelId) -> sqlx::Result<Vec<PaymentMethodRow>> {
    sqlx::query_as("SELECT id, code, name, description, fee, member_only FROM payment_methods WHERE channel_id = $1 AND is_enabled = 1 ORDER BY position, id")
        .bind(channel_id)
        .fetch_all(&db.pool)
        .await
}
