//! Every SQL statement of the layout feature.
use crate::infra::db::Db;
use crate::infra::ids::ChannelId;

#[derive(Debug, sqlx::FromRow)]
pub struct LayoutRow {
    pub page: String,
    pub layout: String,
    pub header: String,
    pub footer: String,
}

/// The page's own layout, else the channel's `default` one.
pub async fn find_layout(db: &Db, channel_id: &ChannelId, page: &str) -> sqlx::Result<Option<LayoutRow>> {
    sqlx::query_as::<_, LayoutRow>(
        "SELECT page, layout, header, footer FROM page_layouts \
         WHERE channel_id = $1 AND page IN ($2, 'default') \
         ORDER BY CASE WHEN page = $2 THEN 0 ELSE 1 END LIMIT 1",
    )
    .bind(channel_id)
    .bind(page)
    .fetch_optional(&db.pool)
    .await
}

#[derive(Debug, sqlx::FromRow)]
pub struct PageRow {
    pub page: String,
    pub title: String,
    pub description: String,
}

#[derive(Debug, sqlx::FromRow)]
pub struct BlockRow {
    pub id: String,
    pub kind: String,
    pub title: Option<String>,
    pub props: String,
    pub visible_for: String,
    pub device: String,
}

pub async fn find_page(db: &Db, channel_id: &ChannelId, page: &str) -> sqlx::Result<Option<PageRow>> {
    sqlx::query_as::<_, PageRow>("SELECT page, title, description FROM pages WHERE channel_id = $1 AND page = $2")
        .bind(channel_id)
        .bind(page)
        .fetch_optional(&db.pool)
        .await
}

pub async fn list_blocks(db: &Db, channel_id: &ChannelId, page: &str) -> sqlx::Result<Vec<BlockRow>> {
    sqlx::query_as::<_, BlockRow>(
        "SELECT id, kind, title, props, visible_for, device FROM page_blocks \
         WHERE channel_id = $1 AND page = $2 ORDER BY position",
    )
    .bind(channel_id)
    .bind(page)
    .fetch_all(&db.pool)
    .await
}
