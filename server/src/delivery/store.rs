//! The business calendar's tables: weekly closures and closed dates, per channel.
use crate::infra::db::{Db, Tx};
use crate::infra::ids::ChannelId;

pub async fn list_weekly_closures(db: &Db, channel_id: &ChannelId) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar("SELECT weekday FROM business_weekly_closures WHERE channel_id = $1 ORDER BY weekday").bind(channel_id).fetch_all(&db.pool).await
}

/// Closed dates from `first` to `last` inclusive, both `YYYY-MM-DD`, with their reasons.
pub async fn list_closed_dates(db: &Db, channel_id: &ChannelId, first: &str, last: &str) -> sqlx::Result<Vec<(String, String)>> {
    sqlx::query_as("SELECT closed_on, reason FROM business_closed_dates WHERE channel_id = $1 AND closed_on >= $2 AND closed_on <= $3 ORDER BY closed_on")
        .bind(channel_id)
        .bind(first)
        .bind(last)
        .fetch_all(&db.pool)
        .await
}

pub async fn insert_weekly_closure(tx: &mut Tx, channel_id: &ChannelId, weekday: i64) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO business_weekly_closures (channel_id, weekday) VALUES ($1, $2)").bind(channel_id).bind(weekday).execute(&mut **tx).await?;
    Ok(())
}

pub async fn insert_closed_date(tx: &mut Tx, channel_id: &ChannelId, date: &str, reason: &str) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO business_closed_dates (channel_id, closed_on, reason) VALUES ($1, $2, $3)")
        .bind(channel_id)
        .bind(date)
        .bind(reason)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// The weekly closed days become exactly `weekdays`.
pub async fn replace_weekly_closures(tx: &mut Tx, channel_id: &ChannelId, weekdays: &[i64]) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM business_weekly_closures WHERE channel_id = $1").bind(channel_id).execute(&mut **tx).await?;
    for weekday in weekdays {
        insert_weekly_closure(tx, channel_id, *weekday).await?;
    }
    Ok(())
}

/// The closed dates from `first` to `last` (one month) become exactly `dates` (date, reason).
pub async fn replace_closed_dates(tx: &mut Tx, channel_id: &ChannelId, first: &str, last: &str, dates: &[(String, String)]) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM business_closed_dates WHERE channel_id = $1 AND closed_on >= $2 AND closed_on <= $3")
        .bind(channel_id)
        .bind(first)
        .bind(last)
        .execute(&mut **tx)
        .await?;
    for (date, reason) in dates {
        insert_closed_date(tx, channel_id, date, reason).await?;
    }
    Ok(())
}
