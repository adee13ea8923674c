//! Every SQL statement of `social_gifts` (this module is its one owner).
use crate::infra::ids::ChannelId;
use sqlx::Any;

use super::gift_state::GiftState;
use crate::infra::db::{Db, Tx};

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct GiftRow {
    pub id: String,
    pub channel_id: ChannelId,
    pub order_id: String,
    pub receiver_name: String,
    pub sender_name: String,
    pub message: String,
    pub state: String,
    /// Set when the link is issued (the payment).
    pub expires_at: Option<i64>,
    pub reminded_at: Option<i64>,
    pub accepted_at: Option<i64>,
    pub prefecture: Option<String>,
    pub recipient_email: Option<String>,
}

const COLUMNS: &str = "id, channel_id, order_id, receiver_name, sender_name, message, state, expires_at, reminded_at, accepted_at, prefecture, recipient_email";

pub struct NewGift<'a> {
    pub channel_id: &'a ChannelId,
    pub order_id: &'a str,
    pub receiver_name: &'a str,
    pub sender_name: &'a str,
    pub message: &'a str,
}

/// The gift of a new order, without a link yet (it is issued with the payment).
pub async fn insert_gift(tx: &mut Tx, gift: &NewGift<'_>, now: i64) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO social_gifts (id, channel_id, order_id, receiver_name, sender_name, message, state, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)",
    )
    .bind(crate::infra::ids::new_id())
    .bind(gift.channel_id)
    .bind(gift.order_id)
    .bind(gift.receiver_name)
    .bind(gift.sender_name)
    .bind(gift.message)
    .bind(GiftState::Waiting.as_str())
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// A new link for the order's gift while it waits: the old token stops working. `expires_at`
/// None keeps the deadline already set. False: the order has no waiting gift.
pub async fn update_link(tx: &mut Tx, order_id: &str, token_hash: &str, expires_at: Option<i64>, now: i64) -> sqlx::Result<bool> {
    let done =
        sqlx::query("UPDATE social_gifts SET token_hash = $1, expires_at = COALESCE($2, expires_at), updated_at = $3 WHERE order_id = $4 AND state = $5")
            .bind(token_hash)
            .bind(expires_at)
            .bind(now)
            .bind(order_id)
            .bind(GiftState::Waiting.as_str())
            .execute(&mut **tx)
            .await?;
    Ok(done.rows_affected() == 1)
}

pub async fn find_gift_by_token<'e, E: sqlx::Executor<'e, Database = Any>>(
    executor: E,
    channel_id: &ChannelId,
    token_hash: &str,
) -> sqlx::Result<Option<GiftRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("SELECT {COLUMNS} FROM social_gifts WHERE channel_id = $1 AND token_hash = $2")))
        .bind(channel_id)
        .bind(token_hash)
        .fetch_optional(executor)
        .await
}

pub async fn find_gift_by_order<'e, E: sqlx::Executor<'e, Database = Any>>(executor: E, order_id: &str) -> sqlx::Result<Option<GiftRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("SELECT {COLUMNS} FROM social_gifts WHERE order_id = $1"))).bind(order_id).fetch_optional(executor).await
}

/// The gifts of these orders (those that are gifts).
pub async fn list_gifts_of_orders(db: &Db, order_ids: &[String]) -> sqlx::Result<Vec<GiftRow>> {
    if order_ids.is_empty() {
        return Ok(Vec::new());
    }
    let placeholders = (1..=order_ids.len()).map(|i| format!("${i}")).collect::<Vec<_>>().join(", ");
    let mut query = sqlx::query_as::<_, GiftRow>(sqlx::AssertSqlSafe(format!("SELECT {COLUMNS} FROM social_gifts WHERE order_id IN ({placeholders})")));
    for id in order_ids {
        query = query.bind(id.clone());
    }
    query.fetch_all(&db.pool).await
}

/// The recipient registered the address: what the sender may see of it is kept here. False:
/// the gift no longer waits (accepted by a concurrent request, or expired).
pub async fn update_accepted(tx: &mut Tx, gift_id: &str, prefecture: &str, email: &str, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE social_gifts SET state = $1, prefecture = $2, recipient_email = $3, accepted_at = $4, updated_at = $4 WHERE id = $5 AND state = $6",
    )
    .bind(GiftState::Accepted.as_str())
    .bind(prefecture)
    .bind(email)
    .bind(now)
    .bind(gift_id)
    .bind(GiftState::Waiting.as_str())
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// The deadline passed. False: another instance (or the recipient, just in time) got there first.
pub async fn update_expired<'e, E: sqlx::Executor<'e, Database = Any>>(executor: E, gift_id: &str, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query("UPDATE social_gifts SET state = $1, expired_at = $2, updated_at = $2 WHERE id = $3 AND state = $4")
        .bind(GiftState::Expired.as_str())
        .bind(now)
        .bind(gift_id)
        .bind(GiftState::Waiting.as_str())
        .execute(executor)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Claims the reminder of a gift (once, whichever instance comes first).
pub async fn update_reminded(db: &Db, gift_id: &str, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query("UPDATE social_gifts SET reminded_at = $1, updated_at = $1 WHERE id = $2 AND state = $3 AND reminded_at IS NULL")
        .bind(now)
        .bind(gift_id)
        .bind(GiftState::Waiting.as_str())
        .execute(&db.pool)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Waiting gifts whose link was issued, soonest deadline first: the expiry task's work. A gift
/// whose order was cancelled (by the member) is nobody's work any more: left out, so that such
/// gifts never fill the batch.
pub async fn list_waiting_gifts(db: &Db, limit: i64) -> sqlx::Result<Vec<GiftRow>> {
    let columns = COLUMNS.split(", ").map(|c| format!("g.{c}")).collect::<Vec<_>>().join(", ");
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {columns} FROM social_gifts g JOIN orders o ON o.id = g.order_id \
         WHERE g.state = $1 AND g.expires_at IS NOT NULL AND o.status <> $2 ORDER BY g.expires_at, g.id LIMIT $3"
    )))
    .bind(GiftState::Waiting.as_str())
    .bind(super::status::Status::Cancelled.code())
    .bind(limit)
    .fetch_all(&db.pool)
    .await
}
