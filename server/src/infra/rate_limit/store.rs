//! The `rate_limit_hits` table: one counter per bucket and window.
use crate::infra::db::Db;

/// Counts one hit in the bucket's window and returns the window's count. A new window also
/// sweeps windows that ended before `stale_before`, of every bucket.
pub async fn upsert_rate_limit_hit(db: &Db, bucket: &str, window_start: i64, stale_before: i64) -> sqlx::Result<i64> {
    let hits: i64 = sqlx::query_scalar(
        "INSERT INTO rate_limit_hits (bucket, window_start, hits) VALUES ($1, $2, 1) \
         ON CONFLICT (bucket, window_start) DO UPDATE SET hits = rate_limit_hits.hits + 1 RETURNING hits",
    )
    .bind(bucket)
    .bind(window_start)
    .fetch_one(&db.pool)
    .await?;
    if hits == 1 {
        sqlx::query("DELETE FROM rate_limit_hits WHERE window_start < $1").bind(stale_before).execute(&db.pool).await?;
    }
    Ok(hits)
}

/// The count a bucket's window ended with (0 when it had none).
pub async fn find_rate_limit_hits(db: &Db, bucket: &str, window_start: i64) -> sqlx::Result<i64> {
    let hits: Option<i64> = sqlx::query_scalar("SELECT hits FROM rate_limit_hits WHERE bucket = $1 AND window_start = $2")
        .bind(bucket)
        .bind(window_start)
        .fetch_optional(&db.pool)
        .await?;
    Ok(hits.unwrap_or(0))
}
