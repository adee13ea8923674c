//! Every SQL statement of the desk's bulk jobs (`order_desk_jobs`, desk_bulk.rs).
use crate::infra::db::Db;
use crate::infra::ids::{ChannelId, new_id};

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct JobRow {
    pub id: String,
    pub staff_id: String,
    pub action: String,
    pub state: String,
    pub total: i64,
    pub done: i64,
    pub results_json: String,
    pub created_at: i64,
    pub finished_at: Option<i64>,
}

pub async fn insert_job(db: &Db, channel_id: &ChannelId, staff_id: &str, action: &str, total: i64, now: i64) -> sqlx::Result<JobRow> {
    let id = new_id();
    sqlx::query(
        "INSERT INTO order_desk_jobs (id, channel_id, staff_id, action, state, total, done, results_json, created_at) \
         VALUES ($1, $2, $3, $4, 'running', $5, 0, '[]', $6)",
    )
    .bind(&id)
    .bind(channel_id)
    .bind(staff_id)
    .bind(action)
    .bind(total)
    .bind(now)
    .execute(&db.pool)
    .await?;
    Ok(JobRow {
        id,
        staff_id: staff_id.to_owned(),
        action: action.to_owned(),
        state: "running".to_owned(),
        total,
        done: 0,
        results_json: "[]".to_owned(),
        created_at: now,
        finished_at: None,
    })
}

/// The job `id` of the channel (any of its staff may follow it).
pub async fn find_job(db: &Db, channel_id: &ChannelId, id: &str) -> sqlx::Result<Option<JobRow>> {
    sqlx::query_as(
        "SELECT id, staff_id, action, state, CAST(total AS BIGINT) AS total, CAST(done AS BIGINT) AS done, results_json, created_at, finished_at \
         FROM order_desk_jobs WHERE channel_id = $1 AND id = $2",
    )
    .bind(channel_id)
    .bind(id)
    .fetch_optional(&db.pool)
    .await
}

pub async fn update_job_progress(db: &Db, id: &str, done: i64, results_json: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE order_desk_jobs SET done = $1, results_json = $2 WHERE id = $3").bind(done).bind(results_json).bind(id).execute(&db.pool).await?;
    Ok(())
}

pub async fn update_job_done(db: &Db, id: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE order_desk_jobs SET state = 'done', finished_at = $1 WHERE id = $2 AND state = 'running'").bind(now).bind(id).execute(&db.pool).await?;
    Ok(())
}

pub async fn update_job_failed(db: &Db, id: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE order_desk_jobs SET state = 'failed', finished_at = $1 WHERE id = $2 AND state = 'running'")
        .bind(now)
        .bind(id)
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// Jobs left running by a server that stopped (called at start, before any job begins).
/// With several instances, one instance's start must not stop another's live job: only jobs
/// started over ten minutes ago (a job of 500 orders takes well under one) are taken as
/// interrupted.
pub async fn update_interrupted_failed(db: &Db, now: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE order_desk_jobs SET state = 'failed', finished_at = $1 WHERE state = 'running' AND created_at < $2")
        .bind(now)
        .bind(now - 10 * 60 * 1000)
        .execute(&db.pool)
        .await?;
    Ok(())
}
