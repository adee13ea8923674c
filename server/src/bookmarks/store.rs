//! Every SQL statement of bookmarks.
use crate::infra::db::{Db, Tx};
use crate::infra::ids::{ChannelId, UserId};

#[derive(Debug, sqlx::FromRow)]
pub struct BookmarkRow {
    pub id: String,
    pub url: String,
    pub title: String,
    pub kind: String,
    pub created_at: i64,
}

pub struct Filter<'a> {
    pub url: Option<&'a str>,
    pub kind: Option<&'a str>,
}

const FILTER: &str = "channel_id = $1 AND user_id = $2 AND ($3 IS NULL OR url = $3) AND ($4 IS NULL OR kind = $4)";

/// A page of the member's bookmarks, newest first, and how many match.
pub async fn page(db: &Db, channel_id: &ChannelId, user_id: &UserId, filter: &Filter<'_>, limit: i64, offset: i64) -> sqlx::Result<(Vec<BookmarkRow>, i64)> {
    let rows = sqlx::query_as::<_, BookmarkRow>(sqlx::AssertSqlSafe(format!(
        "SELECT id, url, title, kind, created_at FROM bookmarks WHERE {FILTER} ORDER BY created_at DESC, id DESC LIMIT $5 OFFSET $6"
    )))
    .bind(channel_id)
    .bind(user_id)
    .bind(filter.url)
    .bind(filter.kind)
    .bind(limit)
    .bind(offset)
    .fetch_all(&db.pool)
    .await?;
    let total = sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SELECT COUNT(*) FROM bookmarks WHERE {FILTER}")))
        .bind(channel_id)
        .bind(user_id)
        .bind(filter.url)
        .bind(filter.kind)
        .fetch_one(&db.pool)
        .await?;
    Ok((rows, total))
}

pub async fn find(db: &Db, channel_id: &ChannelId, user_id: &UserId, id: &str) -> sqlx::Result<Option<BookmarkRow>> {
    sqlx::query_as::<_, BookmarkRow>("SELECT id, url, title, kind, created_at FROM bookmarks WHERE channel_id = $1 AND user_id = $2 AND id = $3")
        .bind(channel_id)
        .bind(user_id)
        .bind(id)
        .fetch_optional(&db.pool)
        .await
}

pub async fn find_by_url(tx: &mut Tx, channel_id: &ChannelId, user_id: &UserId, url: &str) -> sqlx::Result<Option<BookmarkRow>> {
    sqlx::query_as::<_, BookmarkRow>("SELECT id, url, title, kind, created_at FROM bookmarks WHERE channel_id = $1 AND user_id = $2 AND url = $3")
        .bind(channel_id)
        .bind(user_id)
        .bind(url)
        .fetch_optional(&mut **tx)
        .await
}

pub async fn count(tx: &mut Tx, channel_id: &ChannelId, user_id: &UserId) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COUNT(*) FROM bookmarks WHERE channel_id = $1 AND user_id = $2").bind(channel_id).bind(user_id).fetch_one(&mut **tx).await
}

/// Inserts unless the member already keeps that url (then nothing changes: false).
pub async fn insert(tx: &mut Tx, channel_id: &ChannelId, user_id: &UserId, row: &BookmarkRow) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "INSERT INTO bookmarks (id, channel_id, user_id, url, title, kind, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7) \
         ON CONFLICT (channel_id, user_id, url) DO NOTHING",
    )
    .bind(&row.id)
    .bind(channel_id)
    .bind(user_id)
    .bind(&row.url)
    .bind(&row.title)
    .bind(&row.kind)
    .bind(row.created_at)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() > 0)
}

pub async fn delete(tx: &mut Tx, channel_id: &ChannelId, user_id: &UserId, id: &str) -> sqlx::Result<bool> {
    let done = sqlx::query("DELETE FROM bookmarks WHERE channel_id = $1 AND user_id = $2 AND id = $3")
        .bind(channel_id)
        .bind(user_id)
        .bind(id)
        .execute(&mut **tx)
        .await?;
    Ok(done.rows_affected() > 0)
}
