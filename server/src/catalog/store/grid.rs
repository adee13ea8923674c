//! The bulk grid editor's SQL (一括編集, issue 31): a page of products with their variations,
//! categories and tags, the same read inside the editing transaction, and the narrow writes a
//! grid edit makes (price, 通常価格, 公開, the category and tag lists, a variation's price).
//! Each write stamps what it touched for the keyword index; stock moves go through
//! [`super::stock`] like every other.
use std::collections::HashMap;

use crate::infra::db::{Db, Tx, flag};
use crate::infra::ids::ChannelId;

use super::product_desk::{self, DeskFilter, DeskProductRow};
use super::sql::{Arg, Sql, insert_rows, text};

/// IN-list length per statement (SQLite binds slowly past a few hundred parameters).
const CHUNK: usize = 200;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct GridVariationRow {
    pub id: String,
    pub product_id: String,
    pub sku: String,
    pub name: String,
    pub price: i64,
    /// 販売可能.
    pub available: i64,
    /// 引当中.
    pub reserved: i64,
}

/// A product as the grid shows and edits it.
#[derive(Debug, Clone)]
pub struct GridProduct {
    pub row: DeskProductRow,
    pub variations: Vec<GridVariationRow>,
    pub category_ids: Vec<String>,
    pub tag_ids: Vec<String>,
}

/// A page of the desk list's products (the same filter and order), with their parts.
pub async fn list_grid(
    db: &Db,
    channel_id: &ChannelId,
    filter: &DeskFilter<'_>,
    (limit, offset): (i64, i64),
    now: i64,
    known_total: Option<i64>,
) -> sqlx::Result<(Vec<GridProduct>, i64)> {
    let (rows, total) = product_desk::list_desk_products(db, channel_id, filter, limit, offset, now, known_total).await?;
    let ids: Vec<String> = rows.iter().map(|row| row.id.clone()).collect();
    let mut conn = db.pool.acquire().await?;
    let mut parts = Parts::read(&mut conn, &ids).await?;
    Ok((rows.into_iter().map(|row| parts.product(row)).collect(), total))
}

/// The channel's products of `ids` as they stand inside the editing transaction (missing ids
/// are left out).
pub async fn load_for_edit(tx: &mut Tx, channel_id: &ChannelId, ids: &[String]) -> sqlx::Result<HashMap<String, GridProduct>> {
    let mut rows: Vec<DeskProductRow> = Vec::with_capacity(ids.len());
    for chunk in ids.chunks(CHUNK) {
        let mut sql = Sql::default();
        sql.push("SELECT ").push(product_desk::DESK_COLUMNS).push(" FROM products p WHERE p.channel_id = ").text(channel_id);
        sql.push(" AND p.id IN (").texts(chunk).push(")");
        rows.extend(sql.fetch_all_on::<DeskProductRow, _>(&mut **tx).await?);
    }
    let found: Vec<String> = rows.iter().map(|row| row.id.clone()).collect();
    let mut parts = Parts::read(tx, &found).await?;
    Ok(rows.into_iter().map(|row| (row.id.clone(), parts.product(row))).collect())
}

/// Variations, categories and tags of a set of products, by product.
struct Parts {
    variations: HashMap<String, Vec<GridVariationRow>>,
    categories: HashMap<String, Vec<String>>,
    tags: HashMap<String, Vec<String>>,
}

impl Parts {
    async fn read(conn: &mut sqlx::AnyConnection, ids: &[String]) -> sqlx::Result<Parts> {
        let mut parts = Parts { variations: HashMap::new(), categories: HashMap::new(), tags: HashMap::new() };
        for chunk in ids.chunks(CHUNK) {
            let mut sql = Sql::default();
            sql.push(
                "SELECT id, product_id, variation_key AS sku, name, price, CAST(stock_quantity AS BIGINT) AS available, \
                   CAST(reserved_quantity AS BIGINT) AS reserved FROM product_variations WHERE product_id IN (",
            );
            sql.texts(chunk).push(") ORDER BY product_id, position, id");
            for variation in sql.fetch_all_on::<GridVariationRow, _>(&mut *conn).await? {
                parts.variations.entry(variation.product_id.clone()).or_default().push(variation);
            }
            for (table, column, order, into) in
                [("product_categories", "category_id", "position", &mut parts.categories), ("product_tags", "tag_id", "tag_id", &mut parts.tags)]
            {
                let mut sql = Sql::default();
                sql.push("SELECT product_id, ").push(column).push(" FROM ").push(table).push(" WHERE product_id IN (");
                sql.texts(chunk).push(") ORDER BY product_id, ").push(order);
                for (product_id, id) in sql.fetch_all_on::<(String, String), _>(&mut *conn).await? {
                    into.entry(product_id).or_default().push(id);
                }
            }
        }
        Ok(parts)
    }

    fn product(&mut self, row: DeskProductRow) -> GridProduct {
        GridProduct {
            variations: self.variations.remove(&row.id).unwrap_or_default(),
            category_ids: self.categories.remove(&row.id).unwrap_or_default(),
            tag_ids: self.tags.remove(&row.id).unwrap_or_default(),
            row,
        }
    }
}

/// What a grid edit sets on the product row (each the new value, or the current one).
#[derive(Debug, Clone, PartialEq)]
pub struct ProductFields {
    pub price: i64,
    pub before_price: Option<i64>,
    pub is_published: bool,
}

/// Sets the row's fields and moves its version on, if it is still at `version`; false: it
/// moved meanwhile.
pub async fn update_product_fields(tx: &mut Tx, channel_id: &ChannelId, id: &str, version: i64, fields: &ProductFields, now: i64) -> sqlx::Result<bool> {
    let sql = format!(
        "UPDATE products SET price = $2, before_price = $3, is_published = $4, version = version + 1, {} \
         WHERE channel_id = $5 AND id = $6 AND version = $7",
        product_desk::STAMP
    );
    let done = sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(now)
        .bind(fields.price)
        .bind(fields.before_price)
        .bind(flag(fields.is_published))
        .bind(channel_id)
        .bind(id)
        .bind(version)
        .execute(&mut **tx)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Moves the product's version on (and stamps it), if it is still at `version`; false: it
/// moved meanwhile.
pub async fn update_version(tx: &mut Tx, channel_id: &ChannelId, id: &str, version: i64, now: i64) -> sqlx::Result<bool> {
    let sql = format!("UPDATE products SET version = version + 1, {} WHERE channel_id = $2 AND id = $3 AND version = $4", product_desk::STAMP);
    let done = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(now).bind(channel_id).bind(id).bind(version).execute(&mut **tx).await?;
    Ok(done.rows_affected() == 1)
}

/// Replaces the product's categories (in this order) and derives its search words again (they
/// hold the categories' names).
pub async fn replace_categories(tx: &mut Tx, channel_id: &ChannelId, id: &str, category_ids: &[String]) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM product_categories WHERE product_id = $1").bind(id).execute(&mut **tx).await?;
    let rows =
        category_ids.iter().enumerate().map(|(position, category)| vec![text(channel_id), text(id), text(category), Arg::Int(position as i64)]).collect();
    insert_rows(tx, "product_categories (channel_id, product_id, category_id, position)", rows).await?;
    super::product_writes::update_search_words(tx, id).await
}

pub async fn replace_tags(tx: &mut Tx, channel_id: &ChannelId, id: &str, tag_ids: &[String]) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM product_tags WHERE product_id = $1").bind(id).execute(&mut **tx).await?;
    let rows = tag_ids.iter().map(|tag| vec![text(channel_id), text(id), text(tag)]).collect();
    insert_rows(tx, "product_tags (channel_id, product_id, tag_id)", rows).await
}

pub async fn update_variation_price(tx: &mut Tx, product_id: &str, variation_id: &str, price: i64, now: i64) -> sqlx::Result<()> {
    let sql = format!("UPDATE product_variations SET price = $2, {} WHERE id = $3 AND product_id = $4", product_desk::STAMP);
    sqlx::query(sqlx::AssertSqlSafe(sql)).bind(now).bind(price).bind(variation_id).bind(product_id).execute(&mut **tx).await?;
    Ok(())
}
