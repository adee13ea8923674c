//! Every SQL statement of memorials.
use crate::infra::db::{Db, Tx};
use crate::infra::ids::{ChannelId, UserId};

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct MemorialRow {
    pub id: String,
    pub channel_id: ChannelId,
    pub user_id: UserId,
    pub target_user_name: String,
    pub division_ct: i64,
    pub name: String,
    pub month: i64,
    pub day: i64,
    pub call_name: String,
    pub reminded_for: Option<String>,
    pub link_origin: String,
    pub created_at: i64,
    pub updated_at: i64,
}

const COLUMNS: &str = "id, channel_id, user_id, target_user_name, division_ct, name, month, day, call_name, reminded_for, link_origin, created_at, updated_at";

pub async fn list(db: &Db, channel_id: &ChannelId, user_id: &UserId) -> sqlx::Result<Vec<MemorialRow>> {
    sqlx::query_as::<_, MemorialRow>(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM user_memorials WHERE channel_id = $1 AND user_id = $2 ORDER BY month, day, created_at"
    )))
    .bind(channel_id)
    .bind(user_id)
    .fetch_all(&db.pool)
    .await
}

pub async fn find(db: &Db, channel_id: &ChannelId, user_id: &UserId, id: &str) -> sqlx::Result<Option<MemorialRow>> {
    sqlx::query_as::<_, MemorialRow>(sqlx::AssertSqlSafe(format!("SELECT {COLUMNS} FROM user_memorials WHERE channel_id = $1 AND user_id = $2 AND id = $3")))
        .bind(channel_id)
        .bind(user_id)
        .bind(id)
        .fetch_optional(&db.pool)
        .await
}

pub async fn count(tx: &mut Tx, channel_id: &ChannelId, user_id: &UserId) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COUNT(*) FROM user_memorials WHERE channel_id = $1 AND user_id = $2").bind(channel_id).bind(user_id).fetch_one(&mut **tx).await
}

pub struct Fields<'a> {
    pub target_user_name: &'a str,
    pub division_ct: i64,
    pub name: &'a str,
    pub month: i64,
    pub day: i64,
    pub call_name: &'a str,
    pub link_origin: &'a str,
}

pub async fn insert(tx: &mut Tx, id: &str, channel_id: &ChannelId, user_id: &UserId, f: &Fields<'_>, now: i64) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO user_memorials (id, channel_id, user_id, target_user_name, division_ct, name, month, day, call_name, link_origin, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $11, $10, $10)",
    )
    .bind(id)
    .bind(channel_id)
    .bind(user_id)
    .bind(f.target_user_name)
    .bind(f.division_ct)
    .bind(f.name)
    .bind(f.month)
    .bind(f.day)
    .bind(f.call_name)
    .bind(now)
    .bind(f.link_origin)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Rewrites a memorial; a changed date forgets the reminder, so the new date is reminded of.
pub async fn update(tx: &mut Tx, id: &str, channel_id: &ChannelId, user_id: &UserId, f: &Fields<'_>, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE user_memorials SET target_user_name = $4, division_ct = $5, name = $6, \
         reminded_for = CASE WHEN month = $7 AND day = $8 THEN reminded_for ELSE NULL END, \
         month = $7, day = $8, call_name = $9, updated_at = $10, link_origin = $11 WHERE id = $1 AND channel_id = $2 AND user_id = $3",
    )
    .bind(id)
    .bind(channel_id)
    .bind(user_id)
    .bind(f.target_user_name)
    .bind(f.division_ct)
    .bind(f.name)
    .bind(f.month)
    .bind(f.day)
    .bind(f.call_name)
    .bind(now)
    .bind(f.link_origin)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() > 0)
}

pub async fn delete(tx: &mut Tx, channel_id: &ChannelId, user_id: &UserId, id: &str) -> sqlx::Result<bool> {
    let done = sqlx::query("DELETE FROM user_memorials WHERE channel_id = $1 AND user_id = $2 AND id = $3")
        .bind(channel_id)
        .bind(user_id)
        .bind(id)
        .execute(&mut **tx)
        .await?;
    Ok(done.rows_affected() > 0)
}

/// Memorials of every shop whose month is one of `months`, for the reminder pass (a pass
/// looks at most a couple of months ahead).
pub async fn list_in_months(db: &Db, months: &[i64]) -> sqlx::Result<Vec<MemorialRow>> {
    let mut rows = Vec::new();
    for month in months {
        let mut found = sqlx::query_as::<_, MemorialRow>(sqlx::AssertSqlSafe(format!("SELECT {COLUMNS} FROM user_memorials WHERE month = $1 ORDER BY id")))
            .bind(month)
            .fetch_all(&db.pool)
            .await?;
        rows.append(&mut found);
    }
    Ok(rows)
}

/// Marks the occurrence `date` reminded of, unless another pass already did: true when this
/// call claimed it (then the mail is this pass's to send).
pub async fn claim_reminder(db: &Db, id: &str, date: &str) -> sqlx::Result<bool> {
    let done = sqlx::query("UPDATE user_memorials SET reminded_for = $2 WHERE id = $1 AND (reminded_for IS NULL OR reminded_for <> $2)")
        .bind(id)
        .bind(date)
        .execute(&db.pool)
        .await?;
    Ok(done.rows_affected() > 0)
}

/// Gives a claimed reminder back when its mail could not be sent, so the next pass retries.
pub async fn release_reminder(db: &Db, id: &str, date: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE user_memorials SET reminded_for = NULL WHERE id = $1 AND reminded_for = $2").bind(id).bind(date).execute(&db.pool).await?;
    Ok(())
}
