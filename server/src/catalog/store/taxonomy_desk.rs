//! The taxonomy desk's SQL (issue 31): the catalogue's categories (a tree of three levels),
//! makers, brands and tags as staff edit them, each change guarded by the row's `version`. A
//! name is part of its products' search words, so a rename, a move or a delete derives them
//! again for every product it touches (and stamps them for every instance's keyword index).
use crate::infra::db::{Db, Tx};
use crate::infra::ids::ChannelId;

use super::product_writes::refresh_search_words;
use super::taxonomy::PRODUCTS_TABLE;

/// What a guarded write found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Written {
    Done,
    Stale,
    NotFound,
}

async fn missing_or_stale(tx: &mut Tx, table: Named, channel_id: &ChannelId, id: &str) -> sqlx::Result<Written> {
    let sql = format!("SELECT 1 FROM {} WHERE channel_id = $1 AND id = $2", table.table());
    let found: Option<i64> = sqlx::query_scalar(sqlx::AssertSqlSafe(sql)).bind(channel_id).bind(id).fetch_optional(&mut **tx).await?;
    Ok(if found.is_some() { Written::Stale } else { Written::NotFound })
}

// ---- categories -------------------------------------------------------------------------------

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct DeskCategoryRow {
    pub id: String,
    pub category_key: String,
    pub name: String,
    pub parent_id: Option<String>,
    pub depth: i64,
    pub position: i64,
    pub version: i64,
    /// Products linked to exactly this category.
    pub product_count: i64,
    pub child_count: i64,
    pub image_url: Option<String>,
}

const CATEGORY_COLUMNS: &str = "c.id, c.category_key, c.name, c.parent_id, CAST(c.depth AS BIGINT) AS depth, CAST(c.position AS BIGINT) AS position, c.image_url, \
     CAST(c.version AS BIGINT) AS version, (SELECT COUNT(*) FROM product_categories pc WHERE pc.category_id = c.id) AS product_count, \
     (SELECT COUNT(*) FROM categories k WHERE k.parent_id = c.id) AS child_count";

/// The channel's product categories, parents before children, siblings by position.
pub async fn list_desk_categories(db: &Db, channel_id: &ChannelId) -> sqlx::Result<Vec<DeskCategoryRow>> {
    let sql = format!("SELECT {CATEGORY_COLUMNS} FROM categories c WHERE c.channel_id = $1 AND c.table_name = $2 ORDER BY c.depth, c.position, c.id");
    sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(channel_id).bind(PRODUCTS_TABLE).fetch_all(&db.pool).await
}

pub async fn find_desk_category(tx: &mut Tx, channel_id: &ChannelId, id: &str) -> sqlx::Result<Option<DeskCategoryRow>> {
    let sql = format!("SELECT {CATEGORY_COLUMNS} FROM categories c WHERE c.channel_id = $1 AND c.table_name = $2 AND c.id = $3");
    sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(channel_id).bind(PRODUCTS_TABLE).bind(id).fetch_optional(&mut **tx).await
}

/// The ids of category `id` and every category below it.
async fn list_subtree(tx: &mut Tx, id: &str) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar(
        "WITH RECURSIVE down (id) AS (SELECT id FROM categories WHERE id = $1 UNION ALL SELECT c.id FROM categories c JOIN down ON c.parent_id = down.id) \
         SELECT id FROM down",
    )
    .bind(id)
    .fetch_all(&mut **tx)
    .await
}

/// How many levels hang below category `id` (0: none).
pub async fn count_levels_below(tx: &mut Tx, id: &str) -> sqlx::Result<i64> {
    let deepest: Option<i64> = sqlx::query_scalar(
        "WITH RECURSIVE down (id, level) AS (SELECT id, 0 FROM categories WHERE id = $1 \
           UNION ALL SELECT c.id, down.level + 1 FROM categories c JOIN down ON c.parent_id = down.id) \
         SELECT CAST(MAX(level) AS BIGINT) FROM down",
    )
    .bind(id)
    .fetch_one(&mut **tx)
    .await?;
    Ok(deepest.unwrap_or(0))
}

/// Whether `candidate` is category `id` or below it.
pub async fn is_within(tx: &mut Tx, id: &str, candidate: &str) -> sqlx::Result<bool> {
    Ok(list_subtree(tx, id).await?.iter().any(|inside| inside == candidate))
}

async fn next_position(tx: &mut Tx, channel_id: &ChannelId, parent_id: Option<&str>) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "SELECT CAST(COALESCE(MAX(position), 0) + 1 AS BIGINT) FROM categories \
         WHERE channel_id = $1 AND table_name = $2 AND COALESCE(parent_id, '') = COALESCE($3, '')",
    )
    .bind(channel_id)
    .bind(PRODUCTS_TABLE)
    .bind(parent_id)
    .fetch_one(&mut **tx)
    .await
}

/// Adds a product category as the last child of `parent` (id and depth; None: top level).
pub async fn insert_desk_category(tx: &mut Tx, channel_id: &ChannelId, id: &str, key: &str, name: &str, parent: Option<(&str, i64)>) -> sqlx::Result<()> {
    let position = next_position(tx, channel_id, parent.map(|(parent_id, _)| parent_id)).await?;
    let new = super::taxonomy::NewCategory {
        id,
        table: PRODUCTS_TABLE,
        key,
        name,
        parent_id: parent.map(|(parent_id, _)| parent_id),
        depth: parent.map_or(1, |(_, depth)| depth + 1),
        position,
    };
    super::taxonomy::insert_category(tx, channel_id, &new).await
}

/// Sets (or removes) category `id`'s picture, inside the edit that checked its version.
pub async fn update_category_image(tx: &mut Tx, channel_id: &ChannelId, id: &str, image_url: Option<&str>) -> sqlx::Result<()> {
    sqlx::query("UPDATE categories SET image_url = $1 WHERE channel_id = $2 AND id = $3").bind(image_url).bind(channel_id).bind(id).execute(&mut **tx).await?;
    Ok(())
}

/// Renames category `id` and hangs it under `parent` (id and depth; None: top level), its
/// subtree following it down or up; a new parent puts it last among its new siblings.
pub async fn update_desk_category(
    tx: &mut Tx,
    channel_id: &ChannelId,
    id: &str,
    version: i64,
    name: &str,
    parent: Option<(&str, i64)>,
    now: i64,
) -> sqlx::Result<Written> {
    let Some(current) = find_desk_category(tx, channel_id, id).await? else { return Ok(Written::NotFound) };
    let parent_id = parent.map(|(parent_id, _)| parent_id);
    let moved = current.parent_id.as_deref() != parent_id;
    let position = if moved { next_position(tx, channel_id, parent_id).await? } else { current.position };
    let depth = parent.map_or(1, |(_, depth)| depth + 1);
    let done = sqlx::query(
        "UPDATE categories SET name = $1, parent_id = $2, depth = $3, position = $4, version = version + 1 \
         WHERE channel_id = $5 AND table_name = $6 AND id = $7 AND version = $8",
    )
    .bind(name)
    .bind(parent_id)
    .bind(depth)
    .bind(position)
    .bind(channel_id)
    .bind(PRODUCTS_TABLE)
    .bind(id)
    .bind(version)
    .execute(&mut **tx)
    .await?;
    if done.rows_affected() == 0 {
        return missing_or_stale(tx, Named::Categories, channel_id, id).await;
    }
    let subtree = list_subtree(tx, id).await?;
    if depth != current.depth {
        for below in subtree.iter().filter(|below| *below != id) {
            sqlx::query("UPDATE categories SET depth = depth + $1 WHERE id = $2").bind(depth - current.depth).bind(below).execute(&mut **tx).await?;
        }
    }
    if moved || name != current.name {
        let products = products_in(tx, &subtree).await?;
        refresh_search_words(tx, &products, now).await?;
    }
    Ok(Written::Done)
}

/// Swaps category `id` (at `version`) with its sibling `other` in their order.
pub async fn swap_category_positions(tx: &mut Tx, channel_id: &ChannelId, id: &str, version: i64, other: &DeskCategoryRow) -> sqlx::Result<Written> {
    let Some(current) = find_desk_category(tx, channel_id, id).await? else { return Ok(Written::NotFound) };
    let done = sqlx::query("UPDATE categories SET position = $1, version = version + 1 WHERE channel_id = $2 AND id = $3 AND version = $4")
        .bind(other.position)
        .bind(channel_id)
        .bind(id)
        .bind(version)
        .execute(&mut **tx)
        .await?;
    if done.rows_affected() == 0 {
        return missing_or_stale(tx, Named::Categories, channel_id, id).await;
    }
    sqlx::query("UPDATE categories SET position = $1, version = version + 1 WHERE id = $2").bind(current.position).bind(&other.id).execute(&mut **tx).await?;
    Ok(Written::Done)
}

/// The product ids linked to any of these categories.
async fn products_in(tx: &mut Tx, category_ids: &[String]) -> sqlx::Result<Vec<String>> {
    let mut products = Vec::new();
    for id in category_ids {
        let linked: Vec<String> = sqlx::query_scalar("SELECT product_id FROM product_categories WHERE category_id = $1").bind(id).fetch_all(&mut **tx).await?;
        products.extend(linked);
    }
    products.sort();
    products.dedup();
    Ok(products)
}

// ---- makers, brands, tags and the guarded delete ------------------------------------------------

/// A table of named rows the desk edits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Named {
    Categories,
    Makers,
    Brands,
    Tags,
}

impl Named {
    fn table(self) -> &'static str {
        match self {
            Named::Categories => "categories",
            Named::Makers => "makers",
            Named::Brands => "brands",
            Named::Tags => "tags",
        }
    }

    /// The products whose search words name a row of this table.
    fn products_of(self) -> &'static str {
        match self {
            Named::Categories => "SELECT product_id FROM product_categories WHERE category_id = $1",
            Named::Makers => "SELECT id FROM products WHERE maker_id = $1",
            Named::Brands => "SELECT id FROM products WHERE brand_id = $1",
            Named::Tags => "SELECT product_id FROM product_tags WHERE tag_id = $1",
        }
    }

    /// Whether a rename changes its products' search words (tags are not searched by name).
    fn is_searched(self) -> bool {
        self != Named::Tags
    }
}

async fn products_of(tx: &mut Tx, table: Named, id: &str) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar(table.products_of()).bind(id).fetch_all(&mut **tx).await
}

/// Deletes row `id` of `table` at `version`; its products lose the link and their search words
/// are derived again. A category must be checked empty by the caller.
pub async fn delete_named(tx: &mut Tx, table: Named, channel_id: &ChannelId, id: &str, version: i64, now: i64) -> sqlx::Result<Written> {
    let products = products_of(tx, table, id).await?;
    let sql = format!("DELETE FROM {} WHERE channel_id = $1 AND id = $2 AND version = $3", table.table());
    let done = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(channel_id).bind(id).bind(version).execute(&mut **tx).await?;
    if done.rows_affected() == 0 {
        return missing_or_stale(tx, table, channel_id, id).await;
    }
    if table.is_searched() {
        refresh_search_words(tx, &products, now).await?;
    }
    Ok(Written::Done)
}

async fn next_named_position(tx: &mut Tx, table: Named, channel_id: &ChannelId) -> sqlx::Result<i64> {
    let sql = format!("SELECT CAST(COALESCE(MAX(position), 0) + 1 AS BIGINT) FROM {} WHERE channel_id = $1", table.table());
    sqlx::query_scalar(sqlx::AssertSqlSafe(sql)).bind(channel_id).fetch_one(&mut **tx).await
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct DeskMakerRow {
    pub id: String,
    pub maker_key: String,
    pub name: String,
    pub name_kana: String,
    pub description: String,
    pub url: Option<String>,
    pub version: i64,
    pub product_count: i64,
}

const MAKER_COLUMNS: &str = "m.id, m.maker_key, m.name, m.name_kana, m.description, m.url, CAST(m.version AS BIGINT) AS version, \
     (SELECT COUNT(*) FROM products p WHERE p.maker_id = m.id) AS product_count";

pub async fn list_desk_makers(db: &Db, channel_id: &ChannelId) -> sqlx::Result<Vec<DeskMakerRow>> {
    let sql = format!("SELECT {MAKER_COLUMNS} FROM makers m WHERE m.channel_id = $1 ORDER BY m.position, m.id");
    sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(channel_id).fetch_all(&db.pool).await
}

pub async fn find_desk_maker(db: &Db, channel_id: &ChannelId, id: &str) -> sqlx::Result<Option<DeskMakerRow>> {
    let sql = format!("SELECT {MAKER_COLUMNS} FROM makers m WHERE m.channel_id = $1 AND m.id = $2");
    sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(channel_id).bind(id).fetch_optional(&db.pool).await
}

/// A maker's fields as the desk writes them.
#[derive(Debug)]
pub struct MakerFields<'a> {
    pub name: &'a str,
    pub name_kana: &'a str,
    pub description: &'a str,
    pub url: Option<&'a str>,
}

pub async fn insert_desk_maker(tx: &mut Tx, channel_id: &ChannelId, id: &str, key: &str, fields: &MakerFields<'_>) -> sqlx::Result<()> {
    let position = next_named_position(tx, Named::Makers, channel_id).await?;
    let new = super::taxonomy::NewMaker { id, key, name: fields.name, name_kana: fields.name_kana, description: fields.description, url: fields.url, position };
    super::taxonomy::insert_maker(tx, channel_id, &new).await
}

pub async fn update_desk_maker(tx: &mut Tx, channel_id: &ChannelId, id: &str, version: i64, fields: &MakerFields<'_>, now: i64) -> sqlx::Result<Written> {
    let done = sqlx::query(
        "UPDATE makers SET name = $1, name_kana = $2, description = $3, url = $4, version = version + 1 \
         WHERE channel_id = $5 AND id = $6 AND version = $7",
    )
    .bind(fields.name)
    .bind(fields.name_kana)
    .bind(fields.description)
    .bind(fields.url)
    .bind(channel_id)
    .bind(id)
    .bind(version)
    .execute(&mut **tx)
    .await?;
    if done.rows_affected() == 0 {
        return missing_or_stale(tx, Named::Makers, channel_id, id).await;
    }
    let products = products_of(tx, Named::Makers, id).await?;
    refresh_search_words(tx, &products, now).await?;
    Ok(Written::Done)
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct DeskBrandRow {
    pub id: String,
    pub brand_key: String,
    pub name: String,
    pub maker_id: Option<String>,
    pub description: String,
    pub version: i64,
    pub product_count: i64,
}

const BRAND_COLUMNS: &str = "b.id, b.brand_key, b.name, b.maker_id, b.description, CAST(b.version AS BIGINT) AS version, \
     (SELECT COUNT(*) FROM products p WHERE p.brand_id = b.id) AS product_count";

pub async fn list_desk_brands(db: &Db, channel_id: &ChannelId) -> sqlx::Result<Vec<DeskBrandRow>> {
    let sql = format!("SELECT {BRAND_COLUMNS} FROM brands b WHERE b.channel_id = $1 ORDER BY b.position, b.id");
    sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(channel_id).fetch_all(&db.pool).await
}

pub async fn find_desk_brand(db: &Db, channel_id: &ChannelId, id: &str) -> sqlx::Result<Option<DeskBrandRow>> {
    let sql = format!("SELECT {BRAND_COLUMNS} FROM brands b WHERE b.channel_id = $1 AND b.id = $2");
    sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(channel_id).bind(id).fetch_optional(&db.pool).await
}

#[derive(Debug)]
pub struct BrandFields<'a> {
    pub name: &'a str,
    pub maker_id: Option<&'a str>,
    pub description: &'a str,
}

pub async fn insert_desk_brand(tx: &mut Tx, channel_id: &ChannelId, id: &str, key: &str, fields: &BrandFields<'_>) -> sqlx::Result<()> {
    let position = next_named_position(tx, Named::Brands, channel_id).await?;
    let new = super::taxonomy::NewBrand { id, key, name: fields.name, maker_id: fields.maker_id, description: fields.description, position };
    super::taxonomy::insert_brand(tx, channel_id, &new).await
}

pub async fn update_desk_brand(tx: &mut Tx, channel_id: &ChannelId, id: &str, version: i64, fields: &BrandFields<'_>, now: i64) -> sqlx::Result<Written> {
    let done =
        sqlx::query("UPDATE brands SET name = $1, maker_id = $2, description = $3, version = version + 1 WHERE channel_id = $4 AND id = $5 AND version = $6")
            .bind(fields.name)
            .bind(fields.maker_id)
            .bind(fields.description)
            .bind(channel_id)
            .bind(id)
            .bind(version)
            .execute(&mut **tx)
            .await?;
    if done.rows_affected() == 0 {
        return missing_or_stale(tx, Named::Brands, channel_id, id).await;
    }
    let products = products_of(tx, Named::Brands, id).await?;
    refresh_search_words(tx, &products, now).await?;
    Ok(Written::Done)
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct DeskTagRow {
    pub id: String,
    pub tag_key: String,
    pub name: String,
    pub has_password: i64,
    pub version: i64,
    pub product_count: i64,
}

const TAG_COLUMNS: &str = "t.id, t.tag_key, t.name, CASE WHEN t.password_hash IS NULL THEN 0 ELSE 1 END AS has_password, \
     CAST(t.version AS BIGINT) AS version, (SELECT COUNT(*) FROM product_tags pt WHERE pt.tag_id = t.id) AS product_count";

pub async fn list_desk_tags(db: &Db, channel_id: &ChannelId) -> sqlx::Result<Vec<DeskTagRow>> {
    let sql = format!("SELECT {TAG_COLUMNS} FROM tags t WHERE t.channel_id = $1 ORDER BY t.position, t.id");
    sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(channel_id).fetch_all(&db.pool).await
}

pub async fn find_desk_tag(db: &Db, channel_id: &ChannelId, id: &str) -> sqlx::Result<Option<DeskTagRow>> {
    let sql = format!("SELECT {TAG_COLUMNS} FROM tags t WHERE t.channel_id = $1 AND t.id = $2");
    sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(channel_id).bind(id).fetch_optional(&db.pool).await
}

pub async fn insert_desk_tag(tx: &mut Tx, channel_id: &ChannelId, id: &str, key: &str, name: &str) -> sqlx::Result<()> {
    let position = next_named_position(tx, Named::Tags, channel_id).await?;
    super::taxonomy::insert_tag(tx, channel_id, id, key, name, position).await
}

/// Renames tag `id`, or with `password` (Some(None): none) sets its password hash.
pub async fn update_desk_tag(
    tx: &mut Tx,
    channel_id: &ChannelId,
    id: &str,
    version: i64,
    name: Option<&str>,
    password: Option<Option<&str>>,
) -> sqlx::Result<Written> {
    let (set_password, hash) = match password {
        Some(hash) => (1, hash),
        None => (0, None),
    };
    let done = sqlx::query(
        "UPDATE tags SET name = COALESCE($1, name), password_hash = CASE WHEN $2 = 1 THEN $3 ELSE password_hash END, version = version + 1 \
         WHERE channel_id = $4 AND id = $5 AND version = $6",
    )
    .bind(name)
    .bind(set_password)
    .bind(hash)
    .bind(channel_id)
    .bind(id)
    .bind(version)
    .execute(&mut **tx)
    .await?;
    if done.rows_affected() == 0 {
        return missing_or_stale(tx, Named::Tags, channel_id, id).await;
    }
    Ok(Written::Done)
}
