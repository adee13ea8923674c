//! Every SQL statement of the bot check: the challenges whose proof was accepted.
use crate::infra::db::Db;

/// Marks `challenge` used until `expires_at` (epoch ms). False when it already was: a replay,
/// also when the first use was on another instance.
pub async fn insert_used(db: &Db, challenge: &str, expires_at: i64) -> sqlx::Result<bool> {
    let done = sqlx::query("INSERT INTO bot_check_used (challenge, expires_at) VALUES ($1, $2) ON CONFLICT (challenge) DO NOTHING")
        .bind(challenge)
        .bind(expires_at)
        .execute(&db.pool)
        .await?;
    Ok(done.rows_affected() > 0)
}

/// Forgets challenges that expired before `now` (a proof of one is refused as expired anyway).
pub async fn delete_expired(db: &Db, now: i64) -> sqlx::Result<u64> {
    Ok(sqlx::query("DELETE FROM bot_check_used WHERE expires_at < $1").bind(now).execute(&db.pool).await?.rows_affected())
}
