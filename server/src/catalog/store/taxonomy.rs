//! Categories, makers, brands and tags, and their writes. The contact form's topics are a
//! category tree too (table `inquiries`), edited by the inquiries' staff screens through here.
use crate::infra::ids::ChannelId;

use sqlx::Any;

use crate::infra::db::{Db, Tx};

use crate::infra::pagination::Page;

/// The category trees a channel keeps.
pub const PRODUCTS_TABLE: &str = "products";

// Categories, makers, brands, tags

#[derive(Debug, sqlx::FromRow)]
pub struct CategoryRow {
    pub id: String,
    pub category_key: String,
    pub name: String,
    pub parent_id: Option<String>,
    pub position: i64,
    pub image_url: Option<String>,
}

/// A channel's whole tree for one table, parents before children, siblings in order.
pub async fn list_categories<'e, E: sqlx::Executor<'e, Database = Any>>(executor: E, channel_id: &ChannelId, table: &str) -> sqlx::Result<Vec<CategoryRow>> {
    sqlx::query_as::<_, CategoryRow>(
        "SELECT id, category_key, name, parent_id, position, image_url FROM categories \
         WHERE channel_id = $1 AND table_name = $2 ORDER BY depth, position, category_key",
    )
    .bind(channel_id)
    .bind(table)
    .fetch_all(executor)
    .await
}

/// The channel's category `id` of `table`.
pub async fn find_category<'e, E: sqlx::Executor<'e, Database = Any>>(
    executor: E,
    channel_id: &ChannelId,
    table: &str,
    id: &str,
) -> sqlx::Result<Option<CategoryRow>> {
    sqlx::query_as::<_, CategoryRow>(
        "SELECT id, category_key, name, parent_id, position, image_url FROM categories WHERE channel_id = $1 AND table_name = $2 AND id = $3",
    )
    .bind(channel_id)
    .bind(table)
    .bind(id)
    .fetch_optional(executor)
    .await
}

// The contact form's topics: a flat tree of table `inquiries`, which the inquiries feature's
// staff screens edit through these functions (one owner per table).

/// Adds a top-level category of `table` after the last one; returns its position.
pub async fn insert_top_category(tx: &mut Tx, channel_id: &ChannelId, table: &str, id: &str, key: &str, name: &str) -> sqlx::Result<i64> {
    let position: i64 =
        sqlx::query_scalar("SELECT COALESCE(MAX(position), 0) + 1 FROM categories WHERE channel_id = $1 AND table_name = $2 AND parent_id IS NULL")
            .bind(channel_id)
            .bind(table)
            .fetch_one(&mut **tx)
            .await?;
    insert_category(tx, channel_id, &NewCategory { id, table, key, name, parent_id: None, depth: 1, position }).await?;
    Ok(position)
}

/// Renames and/or moves the category; false when the channel has no such category of `table`.
pub async fn update_category(tx: &mut Tx, channel_id: &ChannelId, table: &str, id: &str, name: Option<&str>, position: Option<i64>) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE categories SET name = COALESCE($4, name), position = COALESCE($5, position) \
         WHERE channel_id = $1 AND table_name = $2 AND id = $3",
    )
    .bind(channel_id)
    .bind(table)
    .bind(id)
    .bind(name)
    .bind(position)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() > 0)
}

/// Deletes the category (and any below it); false when the channel has no such category.
pub async fn delete_category(tx: &mut Tx, channel_id: &ChannelId, table: &str, id: &str) -> sqlx::Result<bool> {
    let done = sqlx::query("DELETE FROM categories WHERE channel_id = $1 AND table_name = $2 AND id = $3")
        .bind(channel_id)
        .bind(table)
        .bind(id)
        .execute(&mut **tx)
        .await?;
    Ok(done.rows_affected() > 0)
}

/// The id of the product category `key`, with the ids of every category below it when asked;
/// empty when the channel has no such category.
pub async fn list_category_ids(db: &Db, channel_id: &ChannelId, key: &str, with_descendants: bool) -> sqlx::Result<Vec<String>> {
    let sql = if with_descendants {
        "WITH RECURSIVE tree (id) AS ( \
             SELECT id FROM categories WHERE channel_id = $1 AND table_name = $2 AND category_key = $3 \
             UNION ALL \
             SELECT c.id FROM categories c JOIN tree ON c.parent_id = tree.id \
         ) SELECT id FROM tree"
    } else {
        "SELECT id FROM categories WHERE channel_id = $1 AND table_name = $2 AND category_key = $3"
    };
    sqlx::query_scalar(sql).bind(channel_id).bind(PRODUCTS_TABLE).bind(key).fetch_all(&db.pool).await
}

#[derive(Debug, sqlx::FromRow)]
pub struct MakerRow {
    pub id: String,
    pub maker_key: String,
    pub name: String,
    pub name_kana: String,
    pub description: String,
    pub url: Option<String>,
}

const MAKER_COLUMNS: &str = "id, maker_key, name, name_kana, description, url";

pub async fn list_makers(db: &Db, channel_id: &ChannelId, page: Page) -> sqlx::Result<(Vec<MakerRow>, i64)> {
    let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM makers WHERE channel_id = $1").bind(channel_id).fetch_one(&db.pool).await?;
    let rows = sqlx::query_as::<_, MakerRow>(sqlx::AssertSqlSafe(format!(
        "SELECT {MAKER_COLUMNS} FROM makers WHERE channel_id = $1 ORDER BY position, maker_key LIMIT $2 OFFSET $3"
    )))
    .bind(channel_id)
    .bind(page.per)
    .bind(page.offset())
    .fetch_all(&db.pool)
    .await?;
    Ok((rows, total))
}

pub async fn find_maker_by_key(db: &Db, channel_id: &ChannelId, key: &str) -> sqlx::Result<Option<MakerRow>> {
    sqlx::query_as::<_, MakerRow>(sqlx::AssertSqlSafe(format!("SELECT {MAKER_COLUMNS} FROM makers WHERE channel_id = $1 AND maker_key = $2")))
        .bind(channel_id)
        .bind(key)
        .fetch_optional(&db.pool)
        .await
}

#[derive(Debug, sqlx::FromRow)]
pub struct BrandRow {
    pub id: String,
    pub brand_key: String,
    pub name: String,
    pub description: String,
    pub maker_key: Option<String>,
    pub maker_name: Option<String>,
}

pub async fn list_brands(db: &Db, channel_id: &ChannelId, page: Page) -> sqlx::Result<(Vec<BrandRow>, i64)> {
    let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM brands WHERE channel_id = $1").bind(channel_id).fetch_one(&db.pool).await?;
    let rows = sqlx::query_as::<_, BrandRow>(
        "SELECT b.id, b.brand_key, b.name, b.description, m.maker_key, m.name AS maker_name \
         FROM brands b LEFT JOIN makers m ON m.id = b.maker_id \
         WHERE b.channel_id = $1 ORDER BY b.position, b.brand_key LIMIT $2 OFFSET $3",
    )
    .bind(channel_id)
    .bind(page.per)
    .bind(page.offset())
    .fetch_all(&db.pool)
    .await?;
    Ok((rows, total))
}

/// A tag; `password_hash` (argon2id PHC string) is set when its product list is protected.
#[derive(Debug, sqlx::FromRow)]
pub struct TagRow {
    pub id: String,
    pub tag_key: String,
    pub name: String,
    pub password_hash: Option<String>,
}

pub async fn list_tags(db: &Db, channel_id: &ChannelId, page: Page) -> sqlx::Result<(Vec<TagRow>, i64)> {
    let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM tags WHERE channel_id = $1").bind(channel_id).fetch_one(&db.pool).await?;
    let rows =
        sqlx::query_as::<_, TagRow>("SELECT id, tag_key, name, password_hash FROM tags WHERE channel_id = $1 ORDER BY position, tag_key LIMIT $2 OFFSET $3")
            .bind(channel_id)
            .bind(page.per)
            .bind(page.offset())
            .fetch_all(&db.pool)
            .await?;
    Ok((rows, total))
}

pub async fn find_tag_by_key(db: &Db, channel_id: &ChannelId, key: &str) -> sqlx::Result<Option<TagRow>> {
    sqlx::query_as::<_, TagRow>("SELECT id, tag_key, name, password_hash FROM tags WHERE channel_id = $1 AND tag_key = $2")
        .bind(channel_id)
        .bind(key)
        .fetch_optional(&db.pool)
        .await
}

// Writing the catalogue (the demo seed today, an import later). Callers make the ids.

pub struct NewCategory<'a> {
    pub id: &'a str,
    pub table: &'a str,
    pub key: &'a str,
    pub name: &'a str,
    pub parent_id: Option<&'a str>,
    pub depth: i64,
    pub position: i64,
}

pub async fn insert_category(tx: &mut Tx, channel_id: &ChannelId, category: &NewCategory<'_>) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO categories (id, channel_id, table_name, category_key, name, parent_id, depth, position) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(category.id)
    .bind(channel_id)
    .bind(category.table)
    .bind(category.key)
    .bind(category.name)
    .bind(category.parent_id)
    .bind(category.depth)
    .bind(category.position)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

pub struct NewMaker<'a> {
    pub id: &'a str,
    pub key: &'a str,
    pub name: &'a str,
    pub name_kana: &'a str,
    pub description: &'a str,
    pub url: Option<&'a str>,
    pub position: i64,
}

pub async fn insert_maker(tx: &mut Tx, channel_id: &ChannelId, maker: &NewMaker<'_>) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO makers (id, channel_id, maker_key, name, name_kana, description, url, position) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(maker.id)
    .bind(channel_id)
    .bind(maker.key)
    .bind(maker.name)
    .bind(maker.name_kana)
    .bind(maker.description)
    .bind(maker.url)
    .bind(maker.position)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

pub struct NewBrand<'a> {
    pub id: &'a str,
    pub key: &'a str,
    pub name: &'a str,
    pub maker_id: Option<&'a str>,
    pub description: &'a str,
    pub position: i64,
}

pub async fn insert_brand(tx: &mut Tx, channel_id: &ChannelId, brand: &NewBrand<'_>) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO brands (id, channel_id, brand_key, name, maker_id, description, position) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(brand.id)
    .bind(channel_id)
    .bind(brand.key)
    .bind(brand.name)
    .bind(brand.maker_id)
    .bind(brand.description)
    .bind(brand.position)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

pub async fn insert_tag(tx: &mut Tx, channel_id: &ChannelId, id: &str, key: &str, name: &str, position: i64) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO tags (id, channel_id, tag_key, name, position) VALUES ($1, $2, $3, $4, $5)")
        .bind(id)
        .bind(channel_id)
        .bind(key)
        .bind(name)
        .bind(position)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Protects a tag's product list with a password (`None` opens it again).
pub async fn update_tag_password(tx: &mut Tx, channel_id: &ChannelId, key: &str, password_hash: Option<&str>) -> sqlx::Result<()> {
    sqlx::query("UPDATE tags SET password_hash = $1 WHERE channel_id = $2 AND tag_key = $3")
        .bind(password_hash)
        .bind(channel_id)
        .bind(key)
        .execute(&mut **tx)
        .await?;
    Ok(())
}
