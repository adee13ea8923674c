//! Every SQL statement of measurements.
use crate::infra::db::{Db, Tx};
use crate::infra::ids::{ChannelId, UserId};

#[derive(Debug, sqlx::FromRow)]
pub struct MeasurementRow {
    pub id: String,
    pub purpose: String,
    /// JSON: measure key → millimetres.
    pub measures: String,
    pub created_at: i64,
}

/// The member's measurements of `purpose` (every purpose when None), newest first.
pub async fn list(db: &Db, channel_id: &ChannelId, user_id: &UserId, purpose: Option<&str>) -> sqlx::Result<Vec<MeasurementRow>> {
    sqlx::query_as::<_, MeasurementRow>(
        "SELECT id, purpose, measures, created_at FROM user_timeseries WHERE channel_id = $1 AND user_id = $2 \
         AND ($3 IS NULL OR purpose = $3) ORDER BY purpose, id DESC",
    )
    .bind(channel_id)
    .bind(user_id)
    .bind(purpose)
    .fetch_all(&db.pool)
    .await
}

pub async fn insert(tx: &mut Tx, id: &str, channel_id: &ChannelId, user_id: &UserId, purpose: &str, measures: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO user_timeseries (id, channel_id, user_id, purpose, measures, created_at) VALUES ($1, $2, $3, $4, $5, $6)")
        .bind(id)
        .bind(channel_id)
        .bind(user_id)
        .bind(purpose)
        .bind(measures)
        .bind(now)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Keeps the `keep` newest of a purpose.
pub async fn trim(tx: &mut Tx, channel_id: &ChannelId, user_id: &UserId, purpose: &str, keep: i64) -> sqlx::Result<()> {
    sqlx::query(
        "DELETE FROM user_timeseries WHERE channel_id = $1 AND user_id = $2 AND purpose = $3 AND id NOT IN ( \
             SELECT id FROM user_timeseries WHERE channel_id = $1 AND user_id = $2 AND purpose = $3 ORDER BY id DESC LIMIT $4)",
    )
    .bind(channel_id)
    .bind(user_id)
    .bind(purpose)
    .bind(keep)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Empties a purpose (every purpose when None).
pub async fn clear(tx: &mut Tx, channel_id: &ChannelId, user_id: &UserId, purpose: Option<&str>) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM user_timeseries WHERE channel_id = $1 AND user_id = $2 AND ($3 IS NULL OR purpose = $3)")
        .bind(channel_id)
        .bind(user_id)
        .bind(purpose)
        .execute(&mut **tx)
        .await?;
    Ok(())
}
