//! The one place that changes a member's points: the balance (`user_points`, never below
//! zero: every take is a guarded UPDATE) and its history (`point_histories`). The decision,
//! a cancel, a declined card's undo, the shop's grants and the demo seed all go through here.
use crate::infra::ids::{ChannelId, UserId, new_id};
use sqlx::Any;

use super::kind::PointKind;
use crate::infra::db::Tx;

/// One line of the history: what the balance changed by (signed) and why.
pub struct Entry<'a> {
    pub channel_id: &'a ChannelId,
    pub user_id: &'a UserId,
    pub order_id: Option<&'a str>,
    pub kind: PointKind,
    pub points: i64,
    pub description: String,
}

/// The member's balance (0 before their first change).
pub async fn balance<'e, E: sqlx::Executor<'e, Database = Any>>(executor: E, user_id: &UserId) -> sqlx::Result<i64> {
    let balance: Option<i64> = sqlx::query_scalar("SELECT balance FROM user_points WHERE user_id = $1").bind(user_id).fetch_optional(executor).await?;
    Ok(balance.unwrap_or(0))
}

/// Adds `points` (the balance row is made when the member has none yet).
pub async fn add(tx: &mut Tx, channel_id: &ChannelId, user_id: &UserId, points: i64, now: i64) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO user_points (user_id, channel_id, balance, updated_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (user_id) DO UPDATE SET balance = user_points.balance + excluded.balance, updated_at = excluded.updated_at",
    )
    .bind(user_id)
    .bind(channel_id)
    .bind(points)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Takes `points` only if the balance holds them; false (nothing changed) otherwise.
pub async fn take(tx: &mut Tx, user_id: &UserId, points: i64, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query("UPDATE user_points SET balance = balance - $1, updated_at = $2 WHERE user_id = $3 AND balance >= $1")
        .bind(points)
        .bind(now)
        .bind(user_id)
        .execute(&mut **tx)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Takes up to `points`, stopping at zero.
pub async fn take_at_most(tx: &mut Tx, user_id: &UserId, points: i64, now: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE user_points SET balance = CASE WHEN balance >= $1 THEN balance - $1 ELSE 0 END, updated_at = $2 WHERE user_id = $3")
        .bind(points)
        .bind(now)
        .bind(user_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// A hand adjustment's outcome.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Adjusted {
    Done,
    /// The balance is no longer the one the screen showed.
    Moved,
    /// It would go below zero.
    BelowZero,
}

/// Changes the balance by `points` only while it is still `expected` and stays at or above
/// zero: one guarded UPDATE, so two screens adjusting from the same balance cannot both apply.
pub async fn adjust_from(tx: &mut Tx, channel_id: &ChannelId, user_id: &UserId, expected: i64, points: i64, now: i64) -> sqlx::Result<Adjusted> {
    sqlx::query("INSERT INTO user_points (user_id, channel_id, balance, updated_at) VALUES ($1, $2, 0, $3) ON CONFLICT (user_id) DO NOTHING")
        .bind(user_id)
        .bind(channel_id)
        .bind(now)
        .execute(&mut **tx)
        .await?;
    let done = sqlx::query("UPDATE user_points SET balance = balance + $1, updated_at = $2 WHERE user_id = $3 AND balance = $4 AND balance + $1 >= 0")
        .bind(points)
        .bind(now)
        .bind(user_id)
        .bind(expected)
        .execute(&mut **tx)
        .await?;
    if done.rows_affected() == 1 {
        Ok(Adjusted::Done)
    } else if balance(&mut **tx, user_id).await? != expected {
        Ok(Adjusted::Moved)
    } else {
        Ok(Adjusted::BelowZero)
    }
}

pub async fn record(tx: &mut Tx, entry: &Entry<'_>, now: i64) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO point_histories (id, channel_id, user_id, order_id, kind, points, description, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(new_id())
    .bind(entry.channel_id)
    .bind(entry.user_id)
    .bind(entry.order_id)
    .bind(entry.kind.code())
    .bind(entry.points)
    .bind(&entry.description)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Forgets the history lines of an order that was never placed (a declined card's undo).
/// The points the order has granted so far (its 獲得 lines; none before its parcels left).
pub async fn earned_for_order(tx: &mut Tx, order_id: &str) -> sqlx::Result<i64> {
    let earned: Option<i64> = sqlx::query_scalar("SELECT CAST(SUM(points) AS BIGINT) FROM point_histories WHERE order_id = $1 AND kind = $2")
        .bind(order_id)
        .bind(PointKind::Earn.code())
        .fetch_one(&mut **tx)
        .await?;
    Ok(earned.unwrap_or(0))
}

pub async fn forget_order(tx: &mut Tx, order_id: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM point_histories WHERE order_id = $1").bind(order_id).execute(&mut **tx).await?;
    Ok(())
}
