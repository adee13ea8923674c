//! Every SQL statement of the points pages (and the demo seed's grant).
use super::kind::PointKind;
use super::ledger_store as ledger;
use crate::infra::db::{Db, Tx};
use crate::infra::ids::{ChannelId, UserId};

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct HistoryRow {
    pub id: String,
    pub kind: String,
    pub points: i64,
    pub description: String,
    /// The order's number, when the change came from an order.
    pub order_no: Option<String>,
    pub created_at: i64,
}

/// The member's balance (0 before their first change).
pub async fn find_balance(db: &Db, channel_id: &ChannelId, user_id: &UserId) -> sqlx::Result<i64> {
    let balance: Option<i64> = sqlx::query_scalar("SELECT balance FROM user_points WHERE channel_id = $1 AND user_id = $2")
        .bind(channel_id)
        .bind(user_id)
        .fetch_optional(&db.pool)
        .await?;
    Ok(balance.unwrap_or(0))
}

/// A page of the member's history, newest first, and its total.
pub async fn list_histories(db: &Db, channel_id: &ChannelId, user_id: &UserId, limit: i64, offset: i64) -> sqlx::Result<(Vec<HistoryRow>, i64)> {
    let rows = sqlx::query_as::<_, HistoryRow>(
        "SELECT h.id, h.kind, h.points, h.description, o.order_no, h.created_at FROM point_histories h \
         LEFT JOIN orders o ON o.id = h.order_id AND o.channel_id = h.channel_id \
         WHERE h.channel_id = $1 AND h.user_id = $2 ORDER BY h.created_at DESC, h.id DESC LIMIT $3 OFFSET $4",
    )
    .bind(channel_id)
    .bind(user_id)
    .bind(limit)
    .bind(offset)
    .fetch_all(&db.pool)
    .await?;
    let total = sqlx::query_scalar("SELECT COUNT(*) FROM point_histories WHERE channel_id = $1 AND user_id = $2")
        .bind(channel_id)
        .bind(user_id)
        .fetch_one(&db.pool)
        .await?;
    Ok((rows, total))
}

/// Gives the member `points` from the shop (no order) and writes the history row.
pub async fn insert_grant(tx: &mut Tx, channel_id: &ChannelId, user_id: &UserId, points: i64, description: &str, now: i64) -> sqlx::Result<()> {
    ledger::add(tx, channel_id, user_id, points, now).await?;
    let entry = ledger::Entry { channel_id, user_id, order_id: None, kind: PointKind::Grant, points, description: description.to_owned() };
    ledger::record(tx, &entry, now).await
}
