//! Every SQL statement of collections.
use crate::catalog::store::{products::PRODUCT_COLUMNS, products::PRODUCT_FROM, products::ProductRow};
use crate::infra::db::{Db, Tx};
use crate::infra::ids::ChannelId;
use crate::infra::pagination::Page;

#[derive(Debug, sqlx::FromRow)]
pub struct CollectionRow {
    pub id: String,
    pub alias: String,
    pub title: String,
    pub description: String,
}

pub async fn find_collection(db: &Db, channel_id: &ChannelId, alias: &str) -> sqlx::Result<Option<CollectionRow>> {
    sqlx::query_as::<_, CollectionRow>("SELECT id, alias, title, description FROM collections WHERE channel_id = $1 AND alias = $2")
        .bind(channel_id)
        .bind(alias)
        .fetch_optional(&db.pool)
        .await
}

/// The collection's listable products (published, inside their sale period at `now`) in the
/// curated order, and how many there are.
pub async fn list_collection_products(db: &Db, channel_id: &ChannelId, collection_id: &str, page: Page, now: i64) -> sqlx::Result<(Vec<ProductRow>, i64)> {
    const LISTABLE: &str = "cp.collection_id = $1 AND p.channel_id = $2 AND p.is_published = 1 \
         AND (p.sale_start IS NULL OR p.sale_start <= $3) AND (p.sale_end IS NULL OR p.sale_end > $3)";
    let total: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "SELECT COUNT(*) FROM collection_products cp JOIN products p ON p.id = cp.product_id WHERE {LISTABLE}"
    )))
    .bind(collection_id)
    .bind(channel_id)
    .bind(now)
    .fetch_one(&db.pool)
    .await?;
    if total == 0 {
        return Ok((Vec::new(), 0));
    }
    let rows = sqlx::query_as::<_, ProductRow>(sqlx::AssertSqlSafe(format!(
        "SELECT {PRODUCT_COLUMNS} FROM {PRODUCT_FROM} JOIN collection_products cp ON cp.product_id = p.id \
         WHERE {LISTABLE} ORDER BY cp.position, p.id LIMIT $4 OFFSET $5"
    )))
    .bind(collection_id)
    .bind(channel_id)
    .bind(now)
    .bind(page.per)
    .bind(page.offset())
    .fetch_all(&db.pool)
    .await?;
    Ok((rows, total))
}

/// A collection with its products in the given order (the demo seed today, an admin later).
pub async fn insert_collection(
    tx: &mut Tx,
    channel_id: &ChannelId,
    id: &str,
    alias: &str,
    title: &str,
    description: &str,
    product_ids: &[String],
) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO collections (id, channel_id, alias, title, description) VALUES ($1, $2, $3, $4, $5)")
        .bind(id)
        .bind(channel_id)
        .bind(alias)
        .bind(title)
        .bind(description)
        .execute(&mut **tx)
        .await?;
    for (position, product_id) in product_ids.iter().enumerate() {
        sqlx::query("INSERT INTO collection_products (channel_id, collection_id, product_id, position) VALUES ($1, $2, $3, $4)")
            .bind(channel_id)
            .bind(id)
            .bind(product_id)
            .bind(position as i64)
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}
