//! SQL of the shop's side of payments: the gateway's notifications and the payment methods a
//! channel offers (the sandbox gateway keeps its own books in `sandbox.rs`).
use super::fee_rule::FeeRule;
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
    /// JSON of `fee_rule::FeeTier`s (see `fee_rule()`).
    pub fee_tiers: String,
    pub min_total: Option<i64>,
    pub max_total: Option<i64>,
    pub member_only: i64,
}

impl PaymentMethodRow {
    /// None for a code this server does not know: such a method is never offered.
    pub fn kind(&self) -> Option<crate::channel::PaymentKind> {
        crate::channel::PaymentKind::parse(&self.code)
    }

    /// What the method charges and which totals it takes.
    pub fn fee_rule(&self) -> FeeRule {
        FeeRule::from_stored(&self.fee_tiers, self.min_total, self.max_total)
    }
}

const METHOD_COLUMNS: &str = "id, code, name, description, fee_tiers, min_total, max_total, member_only";

pub async fn list_payment_methods(db: &Db, channel_id: &ChannelId) -> sqlx::Result<Vec<PaymentMethodRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("SELECT {METHOD_COLUMNS} FROM payment_methods WHERE channel_id = $1 AND is_enabled = 1 ORDER BY position, id")))
        .bind(channel_id)
        .fetch_all(&db.pool)
        .await
}

// ---- the settings desk's 支払方法 ----

/// A method as the desk edits it: enabled or not, with its place and version.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct DeskMethodRow {
    #[sqlx(flatten)]
    pub method: PaymentMethodRow,
    pub is_enabled: i64,
    pub position: i64,
    pub version: i64,
}

/// Every method of the channel, enabled or not, in the checkout's order.
pub async fn list_desk_methods(db: &Db, channel_id: &ChannelId) -> sqlx::Result<Vec<DeskMethodRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {METHOD_COLUMNS}, is_enabled, position, version FROM payment_methods WHERE channel_id = $1 ORDER BY position, id"
    )))
    .bind(channel_id)
    .fetch_all(&db.pool)
    .await
}

/// What the desk saves of one method.
pub struct MethodChange<'a> {
    pub name: &'a str,
    pub description: &'a str,
    pub is_enabled: bool,
    pub member_only: bool,
    pub rule: &'a FeeRule,
}

/// Saves a method if it is still at `version`; false when it is not (or not the channel's).
pub async fn update_method_at_version(tx: &mut Tx, channel_id: &ChannelId, id: &str, version: i64, change: &MethodChange<'_>) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE payment_methods SET name = $1, description = $2, is_enabled = $3, member_only = $4, fee_tiers = $5, min_total = $6, \
         max_total = $7, version = version + 1 WHERE channel_id = $8 AND id = $9 AND version = $10",
    )
    .bind(change.name)
    .bind(change.description)
    .bind(i64::from(change.is_enabled))
    .bind(i64::from(change.member_only))
    .bind(change.rule.tiers_json())
    .bind(change.rule.min_total)
    .bind(change.rule.max_total)
    .bind(channel_id)
    .bind(id)
    .bind(version)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Moves a method from the place the screen saw to a new one; false when it had moved since.
pub async fn move_method(tx: &mut Tx, channel_id: &ChannelId, id: &str, from: i64, to: i64) -> sqlx::Result<bool> {
    let done = sqlx::query("UPDATE payment_methods SET position = $1 WHERE channel_id = $2 AND id = $3 AND position = $4")
        .bind(to)
        .bind(channel_id)
        .bind(id)
        .bind(from)
        .execute(&mut **tx)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Adds a method to a new shop (`shop channel create`, the demo seed).
pub async fn insert_method(tx: &mut Tx, channel_id: &ChannelId, code: &str, change: &MethodChange<'_>, position: i64) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO payment_methods (id, channel_id, code, name, description, fee_tiers, min_total, max_total, member_only, is_enabled, position) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
    )
    .bind(crate::infra::ids::new_id())
    .bind(channel_id)
    .bind(code)
    .bind(change.name)
    .bind(change.description)
    .bind(change.rule.tiers_json())
    .bind(change.rule.min_total)
    .bind(change.rule.max_total)
    .bind(i64::from(change.member_only))
    .bind(i64::from(change.is_enabled))
    .bind(position)
    .execute(&mut **tx)
    .await?;
    Ok(())
}
