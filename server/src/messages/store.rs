//! Every SQL statement of the messages feature.
use crate::infra::db::Db;
use crate::infra::ids::ChannelId;
use crate::infra::pagination::Page;

#[derive(Debug, sqlx::FromRow)]
pub struct MessageRow {
    pub code: String,
    pub title: Option<String>,
    pub body: String,
    pub updated_at: i64,
}

pub async fn list_messages(db: &Db, channel_id: &ChannelId, page: Page) -> sqlx::Result<(Vec<MessageRow>, i64)> {
    let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM messages WHERE channel_id = $1").bind(channel_id).fetch_one(&db.pool).await?;
    let rows = sqlx::query_as::<_, MessageRow>(
        "SELECT code, title, body, updated_at FROM messages WHERE channel_id = $1 \
         ORDER BY code LIMIT $2 OFFSET $3",
    )
    .bind(channel_id)
    .bind(page.per)
    .bind(page.offset())
    .fetch_all(&db.pool)
    .await?;
    Ok((rows, total))
}

pub async fn find_message(db: &Db, channel_id: &ChannelId, code: &str) -> sqlx::Result<Option<MessageRow>> {
    sqlx::query_as::<_, MessageRow>("SELECT code, title, body, updated_at FROM messages WHERE channel_id = $1 AND code = $2")
        .bind(channel_id)
        .bind(code)
        .fetch_optional(&db.pool)
        .await
}
