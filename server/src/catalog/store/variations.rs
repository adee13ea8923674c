//! The sellable variation of a product as the cart and the order read it (price, stock,
//! sale period, tax rate, first picture), and the accessories a product allows.
use crate::infra::ids::ChannelId;
use crate::infra::money::{TaxRate, Yen};
use sqlx::Any;

/// A sellable variation and its product.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct VariationRow {
    pub variation_id: String,
    pub variation_key: String,
    pub variation_name: String,
    pub price: Yen,
    pub stock_quantity: i64,
    pub product_id: String,
    pub product_key: String,
    pub product_code: String,
    pub product_name: String,
    pub tax_rate: TaxRate,
    pub sale_start: Option<i64>,
    pub sale_end: Option<i64>,
    pub is_published: i64,
    pub image_url: Option<String>,
    /// Whether the product takes のし and gift wrapping (1 or 0).
    pub takes_noshi: i64,
    pub takes_wrapping: i64,
}

pub const VARIATION_COLUMNS: &str = "v.id AS variation_id, v.variation_key, v.name AS variation_name, v.price, v.stock_quantity, \
     p.id AS product_id, p.product_key, p.code AS product_code, p.name AS product_name, p.tax_rate, p.sale_start, p.sale_end, \
     p.is_published, (SELECT i.url FROM product_images i WHERE i.product_id = p.id ORDER BY i.position LIMIT 1) AS image_url, \
     CAST(p.takes_noshi AS BIGINT) AS takes_noshi, CAST(p.takes_wrapping AS BIGINT) AS takes_wrapping";

pub async fn find_variation_by_key<'e, E: sqlx::Executor<'e, Database = Any>>(
    executor: E,
    channel_id: &ChannelId,
    variation_key: &str,
) -> sqlx::Result<Option<VariationRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {VARIATION_COLUMNS} FROM product_variations v JOIN products p ON p.id = v.product_id \
         WHERE v.channel_id = $1 AND v.variation_key = $2"
    )))
    .bind(channel_id)
    .bind(variation_key)
    .fetch_optional(executor)
    .await
}

/// The variations of a product (by its key), in their order.
pub async fn list_product_variations<'e, E: sqlx::Executor<'e, Database = Any>>(
    executor: E,
    channel_id: &ChannelId,
    product_key: &str,
) -> sqlx::Result<Vec<VariationRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {VARIATION_COLUMNS} FROM product_variations v JOIN products p ON p.id = v.product_id \
         WHERE p.channel_id = $1 AND p.product_key = $2 ORDER BY v.position, v.id"
    )))
    .bind(channel_id)
    .bind(product_key)
    .fetch_all(executor)
    .await
}

pub async fn is_accessory_of<'e, E: sqlx::Executor<'e, Database = Any>>(executor: E, product_id: &str, accessory_id: &str) -> sqlx::Result<bool> {
    let found: Option<i64> = sqlx::query_scalar("SELECT 1 FROM product_accessories WHERE product_id = $1 AND accessory_id = $2")
        .bind(product_id)
        .bind(accessory_id)
        .fetch_optional(executor)
        .await?;
    Ok(found.is_some())
}
