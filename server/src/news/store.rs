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
    pub image_url: Option<String>,
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
    pub image_url: Option<String>,
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
                CASE WHEN r.user_id IS NULL THEN 0 ELSE 1 END AS is_read, n.image_url \
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
        "SELECT id, news_key, title, summary, category, published_at, body, image_url FROM news \
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

// --- お知らせ管理 (the staff's desk: drafts and scheduled items included) -------------------

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct DeskNewsRow {
    pub id: String,
    pub news_key: String,
    pub title: String,
    pub summary: String,
    pub category: String,
    pub body: String,
    pub image_url: Option<String>,
    pub published_at: i64,
    pub is_published: i64,
    pub version: i64,
    pub updated_at: i64,
}

const DESK_COLUMNS: &str = "id, news_key, title, summary, category, body, image_url, published_at, is_published, version, updated_at";

/// What the desk's list asks for: `status` one of draft, scheduled, published, or all when
/// `None`; `pattern` a `LIKE` pattern over the title and summary, or all when `None`.
pub struct DeskNewsFilter<'a> {
    pub status: Option<&'a str>,
    pub pattern: Option<&'a str>,
    pub now: i64,
}

// One statement for every filter: an unused one is an empty parameter. The SQL is made of
// constants only (`AssertSqlSafe`); what staff type is bound.
const DESK_WHERE: &str = "WHERE channel_id = $1 \
     AND ($2 = '' OR title LIKE $3 ESCAPE '\\' OR summary LIKE $3 ESCAPE '\\') \
     AND ($4 = '' OR ($4 = 'draft' AND is_published = 0) \
          OR ($4 = 'scheduled' AND is_published = 1 AND published_at > $5) \
          OR ($4 = 'published' AND is_published = 1 AND published_at <= $5))";

/// A shop's items for the desk, newest publication first.
pub async fn list_desk_news(db: &Db, channel_id: &ChannelId, filter: &DeskNewsFilter<'_>, page: Page) -> sqlx::Result<(Vec<DeskNewsRow>, i64)> {
    let pattern = filter.pattern.unwrap_or("");
    let status = filter.status.unwrap_or("");
    let total: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SELECT COUNT(*) FROM news {DESK_WHERE}")))
        .bind(channel_id)
        .bind(pattern)
        .bind(pattern)
        .bind(status)
        .bind(filter.now)
        .fetch_one(&db.pool)
        .await?;
    let rows = sqlx::query_as::<_, DeskNewsRow>(sqlx::AssertSqlSafe(format!(
        "SELECT {DESK_COLUMNS} FROM news {DESK_WHERE} ORDER BY published_at DESC, id DESC LIMIT $6 OFFSET $7"
    )))
    .bind(channel_id)
    .bind(pattern)
    .bind(pattern)
    .bind(status)
    .bind(filter.now)
    .bind(page.per)
    .bind(page.offset())
    .fetch_all(&db.pool)
    .await?;
    Ok((rows, total))
}

pub async fn find_desk_news(db: &Db, channel_id: &ChannelId, id: &str) -> sqlx::Result<Option<DeskNewsRow>> {
    sqlx::query_as::<_, DeskNewsRow>(sqlx::AssertSqlSafe(format!("SELECT {DESK_COLUMNS} FROM news WHERE channel_id = $1 AND id = $2")))
        .bind(channel_id)
        .bind(id)
        .fetch_optional(&db.pool)
        .await
}

pub async fn key_is_taken(tx: &mut Tx, channel_id: &ChannelId, key: &str) -> sqlx::Result<bool> {
    let found: Option<String> =
        sqlx::query_scalar("SELECT id FROM news WHERE channel_id = $1 AND news_key = $2").bind(channel_id).bind(key).fetch_optional(&mut **tx).await?;
    Ok(found.is_some())
}

/// An item's fields as a desk save writes them.
pub struct NewsFields<'a> {
    pub title: &'a str,
    pub summary: &'a str,
    pub category: &'a str,
    pub body: &'a str,
    pub image_url: Option<&'a str>,
    pub published_at: i64,
    pub is_published: bool,
}

/// Adds an item; false when its key was taken meanwhile (the table's unique key, on a race the
/// check before did not see).
pub async fn insert_desk_news(tx: &mut Tx, channel_id: &ChannelId, id: &str, key: &str, fields: &NewsFields<'_>, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "INSERT INTO news (id, channel_id, news_key, title, summary, body, category, image_url, published_at, is_published, version, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 1, $11) ON CONFLICT (channel_id, news_key) DO NOTHING",
    )
    .bind(id)
    .bind(channel_id)
    .bind(key)
    .bind(fields.title)
    .bind(fields.summary)
    .bind(fields.body)
    .bind(fields.category)
    .bind(fields.image_url)
    .bind(fields.published_at)
    .bind(i64::from(fields.is_published))
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Saves an item at the version the editor read; false when it was saved since (or is gone).
pub async fn update_desk_news(tx: &mut Tx, channel_id: &ChannelId, id: &str, version: i64, fields: &NewsFields<'_>, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE news SET title = $1, summary = $2, body = $3, category = $4, image_url = $5, published_at = $6, is_published = $7, \
                version = version + 1, updated_at = $8 \
         WHERE channel_id = $9 AND id = $10 AND version = $11",
    )
    .bind(fields.title)
    .bind(fields.summary)
    .bind(fields.body)
    .bind(fields.category)
    .bind(fields.image_url)
    .bind(fields.published_at)
    .bind(i64::from(fields.is_published))
    .bind(now)
    .bind(channel_id)
    .bind(id)
    .bind(version)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Deletes an item (who read it goes with it: `news_reads` cascades) at the version the desk showed; false when stale or gone.
pub async fn delete_desk_news(tx: &mut Tx, channel_id: &ChannelId, id: &str, version: i64) -> sqlx::Result<bool> {
    let done =
        sqlx::query("DELETE FROM news WHERE channel_id = $1 AND id = $2 AND version = $3").bind(channel_id).bind(id).bind(version).execute(&mut **tx).await?;
    Ok(done.rows_affected() == 1)
}
