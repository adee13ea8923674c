//! Every SQL statement of the news feature.
use crate::infra::db::{Db, Tx};
use crate::infra::ids::{ChannelId, UserId};
use crate::infra::pagination::Page;
use crate::infra::time::Timestamp;

#[derive(Debug, sqlx::FromRow)]
pub struct NewsRow {
    pub id: String,
    pub news_key: String,
    pub title: String,
    pub summary: String,
    pub category: String,
    pub published_at: i64,
    pub is_read: i64,
}

#[derive(Debug, sqlx::FromRow)]
pub struct NewsDetailRow {
    pub id: String,
    pub news_key: String,
    pub title: String,
    pub summary: String,
    pub category: String,
    pub published_at: i64,
    pub body: String,
}

/// Published news of a channel, newest first; `reader` marks what that member has read.
pub async fn list_news(db: &Db, channel_id: &ChannelId, reader: Option<&str>, page: Page) -> sqlx::Result<(Vec<NewsRow>, i64)> {
    let now = Timestamp::now().0;
    let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM news WHERE channel_id = $1 AND is_published = 1 AND published_at <= $2")
        .bind(channel_id)
        .bind(now)
        .fetch_one(&db.pool)
        .await?;
    let rows = sqlx::query_as::<_, NewsRow>(
        "SELECT n.id, n.news_key, n.title, n.summary, n.category, n.published_at, \
                CASE WHEN r.user_id IS NULL THEN 0 ELSE 1 END AS is_read \
         FROM news n LEFT JOIN news_reads r ON r.news_id = n.id AND r.user_id = $3 \
         WHERE n.channel_id = $1 AND n.is_published = 1 AND n.published_at <= $2 \
         ORDER BY n.published_at DESC, n.id DESC LIMIT $4 OFFSET $5",
    )
    .bind(channel_id)
    .bind(now)
    .bind(reader.unwrap_or(""))
    .bind(page.per)
    .bind(page.offset())
    .fetch_all(&db.pool)
    .await?;
    Ok((rows, total))
}

pub async fn find_news_by_key(db: &Db, channel_id: &ChannelId, key: &str) -> sqlx::Result<Option<NewsDetailRow>> {
    sqlx::query_as::<_, NewsDetailRow>(
        "SELECT id, news_key, title, summary, category, published_at, body FROM news \
         WHERE channel_id = $1 AND news_key = $2 AND is_published = 1 AND published_at <= $3",
    )
    .bind(channel_id)
    .bind(key)
    .bind(Timestamp::now().0)
    .fetch_optional(&db.pool)
    .await
}

pub async fn find_news_id(tx: &mut Tx, channel_id: &ChannelId, id: &str) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("SELECT id FROM news WHERE channel_id = $1 AND id = $2 AND is_published = 1").bind(channel_id).bind(id).fetch_optional(&mut **tx).await
}

/// Reading twice keeps the first time.
pub async fn insert_news_read(tx: &mut Tx, news_id: &str, user_id: &UserId) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO news_reads (news_id, user_id, read_at) VALUES ($1, $2, $3) \
         ON CONFLICT (news_id, user_id) DO NOTHING",
    )
    .bind(news_id)
    .bind(user_id)
    .bind(Timestamp::now().0)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Keys of the published news, newest first, for the sitemap.
pub async fn list_news_keys(db: &Db, channel_id: &ChannelId, limit: i64) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar(
        "SELECT news_key FROM news WHERE channel_id = $1 AND is_published = 1 AND published_at <= $2 \
         ORDER BY published_at DESC, id DESC LIMIT $3",
    )
    .bind(channel_id)
    .bind(Timestamp::now().0)
    .bind(limit)
    .fetch_all(&db.pool)
    .await
}
