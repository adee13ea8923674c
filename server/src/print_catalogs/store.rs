//! Every SQL statement of the catalogues.
use crate::infra::db::{Db, Tx, flag};
use crate::infra::ids::ChannelId;

#[derive(Debug, sqlx::FromRow)]
pub struct CatalogRow {
    pub id: String,
    pub title: String,
    pub description: String,
    pub edition: String,
    pub published_at: i64,
    pub is_orderable: i64,
}

/// The channel's catalogues published at `now`, in the shop's order.
pub async fn list_catalogs(db: &Db, channel_id: &ChannelId, now: i64) -> sqlx::Result<Vec<CatalogRow>> {
    sqlx::query_as::<_, CatalogRow>(
        "SELECT id, title, description, edition, published_at, is_orderable FROM print_catalogs \
         WHERE channel_id = $1 AND published_at <= $2 ORDER BY position, published_at DESC, id",
    )
    .bind(channel_id)
    .bind(now)
    .fetch_all(&db.pool)
    .await
}

#[derive(Debug, sqlx::FromRow)]
pub struct PageRow {
    pub catalog_id: String,
    pub number: i64,
    pub heading: String,
}

/// The pages of the channel's catalogues, in page order.
pub async fn list_pages(db: &Db, channel_id: &ChannelId) -> sqlx::Result<Vec<PageRow>> {
    sqlx::query_as::<_, PageRow>("SELECT catalog_id, number, heading FROM print_catalog_pages WHERE channel_id = $1 ORDER BY catalog_id, number")
        .bind(channel_id)
        .fetch_all(&db.pool)
        .await
}

/// One published catalogue of the channel, for its pictures.
pub async fn find_catalog(db: &Db, channel_id: &ChannelId, id: &str, now: i64) -> sqlx::Result<Option<CatalogRow>> {
    sqlx::query_as::<_, CatalogRow>(
        "SELECT id, title, description, edition, published_at, is_orderable FROM print_catalogs \
         WHERE channel_id = $1 AND id = $2 AND published_at <= $3",
    )
    .bind(channel_id)
    .bind(id)
    .bind(now)
    .fetch_optional(&db.pool)
    .await
}

pub async fn find_page(db: &Db, catalog_id: &str, number: i64) -> sqlx::Result<Option<PageRow>> {
    sqlx::query_as::<_, PageRow>("SELECT catalog_id, number, heading FROM print_catalog_pages WHERE catalog_id = $1 AND number = $2")
        .bind(catalog_id)
        .bind(number)
        .fetch_optional(&db.pool)
        .await
}

pub async fn count_pages(db: &Db, catalog_id: &str) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COUNT(*) FROM print_catalog_pages WHERE catalog_id = $1").bind(catalog_id).fetch_one(&db.pool).await
}

pub struct NewCatalog<'a> {
    pub id: &'a str,
    pub title: &'a str,
    pub description: &'a str,
    pub edition: &'a str,
    pub published_at: i64,
    pub is_orderable: bool,
    pub position: i64,
    /// Page headings, page 1 first.
    pub pages: &'a [&'a str],
}

pub async fn insert_catalog(tx: &mut Tx, channel_id: &ChannelId, catalog: &NewCatalog<'_>) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO print_catalogs (id, channel_id, title, description, edition, published_at, is_orderable, position) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(catalog.id)
    .bind(channel_id)
    .bind(catalog.title)
    .bind(catalog.description)
    .bind(catalog.edition)
    .bind(catalog.published_at)
    .bind(flag(catalog.is_orderable))
    .bind(catalog.position)
    .execute(&mut **tx)
    .await?;
    for (index, heading) in catalog.pages.iter().enumerate() {
        sqlx::query("INSERT INTO print_catalog_pages (channel_id, catalog_id, number, heading) VALUES ($1, $2, $3, $4)")
            .bind(channel_id)
            .bind(catalog.id)
            .bind(index as i64 + 1)
            .bind(*heading)
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}
