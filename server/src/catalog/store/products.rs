//! Products as the storefront reads them: lists (from the checked [`ProductFilter`]), the
//! detail, its images, variations, links, size chart and pictures.
use crate::infra::ids::ChannelId;

use super::super::filter::{ProductFilter, Sort};
use super::sql::Sql;
use crate::infra::db::{Db, Tx};

use crate::infra::pagination::Page;

// Products

/// What a product card shows; the detail adds its description.
#[derive(Debug, sqlx::FromRow)]
pub struct ProductRow {
    pub id: String,
    pub product_key: String,
    pub code: String,
    pub name: String,
    pub price: i64,
    pub before_price: Option<i64>,
    pub tax_rate: i64,
    pub sale_start: Option<i64>,
    pub sale_end: Option<i64>,
    pub maker_key: Option<String>,
    pub maker_name: Option<String>,
    pub brand_key: Option<String>,
    pub brand_name: Option<String>,
    /// Units left over all the product's variations.
    pub stock: i64,
    /// The main image (the first by position), when the product has one.
    pub image_url: Option<String>,
    pub image_alt: Option<String>,
}

#[derive(Debug, sqlx::FromRow)]
pub struct ProductDetailRow {
    #[sqlx(flatten)]
    pub card: ProductRow,
    pub description: String,
    /// The page's <title> and meta description set on the product desk ("": derived).
    pub seo_title: String,
    pub seo_description: String,
    pub takes_noshi: i64,
    pub takes_wrapping: i64,
}

pub(crate) const PRODUCT_COLUMNS: &str = "p.id, p.product_key, p.code, p.name, p.price, p.before_price, p.tax_rate, \
     p.sale_start, p.sale_end, m.maker_key, m.name AS maker_name, b.brand_key, b.name AS brand_name, \
     (SELECT CAST(COALESCE(SUM(v.stock_quantity), 0) AS BIGINT) FROM product_variations v \
      WHERE v.product_id = p.id) AS stock, \
     (SELECT i.url FROM product_images i WHERE i.product_id = p.id ORDER BY i.position LIMIT 1) AS image_url, \
     (SELECT i.alt FROM product_images i WHERE i.product_id = p.id ORDER BY i.position LIMIT 1) AS image_alt";

/// The channel test of a query that names its products by id, followed by the channel's id.
/// `|| ''` keeps SQLite from answering it through an index that starts with the channel (it
/// guesses an equality is selective), which walked every product of the channel to find 20
/// ids: 41 ms at 100k products, the whole cost of a first-time keyword search. The ids' own
/// index answers instead, as PostgreSQL's planner chooses anyway.
pub(crate) const CHANNEL_OF_IDS: &str = "p.channel_id || '' = ";

pub(crate) const PRODUCT_FROM: &str = "products p LEFT JOIN makers m ON m.id = p.maker_id LEFT JOIN brands b ON b.id = p.brand_id";

/// Published and inside the sale period at `now`: what lists may show.
fn push_listable(sql: &mut Sql, channel_id: &ChannelId, now: i64) {
    sql.push("p.channel_id = ").text(channel_id);
    sql.push(" AND p.is_published = 1 AND (p.sale_start IS NULL OR p.sale_start <= ").int(now);
    sql.push(") AND (p.sale_end IS NULL OR p.sale_end > ").int(now).push(")");
}

/// The filtered page of listable products and how many there are in all. `category_ids` are
/// the ids the category filter resolved to (see [`list_category_ids`]). Keyword lists are
/// answered by `search_index` instead, which hands their page's ids to [`list_products_in_order`].
pub async fn list_products(
    db: &Db,
    channel_id: &ChannelId,
    filter: &ProductFilter,
    category_ids: Option<&[String]>,
    page: Page,
    now: i64,
) -> sqlx::Result<(Vec<ProductRow>, i64)> {
    if category_ids.is_some_and(<[String]>::is_empty) {
        return Ok((Vec::new(), 0));
    }
    let matching = |select: &str| {
        let mut sql = Sql::default();
        sql.push(select).push(" FROM products p WHERE ");
        push_listable(&mut sql, channel_id, now);
        push_filter(&mut sql, channel_id, filter, category_ids);
        sql
    };
    // The page's ids first, then the cards of those ids only: sorting whole cards made the
    // database compute every match's stock and joins before keeping 15 of them. The page
    // stops early on its index; the count is a separate index-only scan.
    let mut page_ids = matching("SELECT p.id");
    push_order(&mut page_ids, filter.sort);
    page_ids.push(" LIMIT ").int(page.per).push(" OFFSET ").int(page.offset());
    let ids: Vec<String> = page_ids.fetch_all::<(String,)>(db).await?.into_iter().map(|(id,)| id).collect();
    let total = if ids.is_empty() && page.offset() == 0 { 0 } else { matching("SELECT COUNT(*)").fetch_count(db).await? };
    Ok((list_products_in_order(db, channel_id, &ids).await?, total))
}

/// The cards of the channel's products `ids`, in the order of `ids` (ids not found are left out).
pub async fn list_products_in_order(db: &Db, channel_id: &ChannelId, ids: &[String]) -> sqlx::Result<Vec<ProductRow>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let mut sql = Sql::default();
    sql.push(&format!("SELECT {PRODUCT_COLUMNS} FROM {PRODUCT_FROM} WHERE {CHANNEL_OF_IDS}"));
    sql.text(channel_id).push(" AND p.id IN (");
    sql.texts(ids).push(")");
    let mut rows: Vec<ProductRow> = sql.fetch_all(db).await?;
    let position: std::collections::HashMap<&str, usize> = ids.iter().enumerate().map(|(i, id)| (id.as_str(), i)).collect();
    rows.sort_by_key(|row| position.get(row.id.as_str()).copied().unwrap_or(usize::MAX));
    Ok(rows)
}

/// The published products of the channel among `ids`, in or out of their sale period, in no
/// particular order (a favourites list or a request may name one between sales).
pub async fn list_published_products_by_ids(db: &Db, channel_id: &ChannelId, ids: &[String]) -> sqlx::Result<Vec<ProductRow>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let mut sql = Sql::default();
    sql.push(&format!("SELECT {PRODUCT_COLUMNS} FROM {PRODUCT_FROM} WHERE p.is_published = 1 AND {CHANNEL_OF_IDS}"));
    sql.text(channel_id).push(" AND p.id IN (");
    sql.texts(ids).push(")");
    sql.fetch_all(db).await
}

fn push_filter(sql: &mut Sql, channel_id: &ChannelId, filter: &ProductFilter, category_ids: Option<&[String]>) {
    if let Some(ids) = category_ids {
        // IN (subquery) walks the category index once; a correlated EXISTS probed it for every
        // listable product (at 100k products: 110 ms instead of 620 ms for the count).
        sql.push(" AND p.id IN (SELECT pc.product_id FROM product_categories pc WHERE pc.category_id IN (");
        sql.texts(ids).push("))");
    }
    if let Some(maker) = &filter.maker {
        sql.push(" AND p.maker_id IN (SELECT id FROM makers WHERE channel_id = ").text(channel_id);
        sql.push(" AND maker_key = ").text(maker).push(")");
    }
    if let Some(brand) = &filter.brand {
        sql.push(" AND p.brand_id IN (SELECT id FROM brands WHERE channel_id = ").text(channel_id);
        sql.push(" AND brand_key = ").text(brand).push(")");
    }
    if let Some(tag) = &filter.tag {
        sql.push(" AND p.id IN (SELECT pt.product_id FROM product_tags pt JOIN tags t ON t.id = pt.tag_id WHERE");
        sql.push(" t.channel_id = ").text(channel_id).push(" AND t.tag_key = ").text(tag).push(")");
    }
    if let Some(min) = filter.price_min {
        sql.push(" AND p.price >= ").int(min);
    }
    if let Some(max) = filter.price_max {
        sql.push(" AND p.price <= ").int(max);
    }
    if filter.in_stock {
        sql.push(" AND EXISTS (SELECT 1 FROM product_variations v WHERE v.product_id = p.id AND v.stock_quantity > 0)");
    }
}

fn push_order(sql: &mut Sql, sort: Sort) {
    match sort {
        Sort::New => sql.push(" ORDER BY p.created_at DESC, p.id DESC"),
        Sort::PriceAsc => sql.push(" ORDER BY p.price ASC, p.created_at DESC, p.id DESC"),
        Sort::PriceDesc => sql.push(" ORDER BY p.price DESC, p.created_at DESC, p.id DESC"),
        // Relevance needs words, and lists with words are answered by the search index.
        Sort::Popular | Sort::Relevance => sql.push(" ORDER BY p.popularity DESC, p.id DESC"),
    };
}

/// How many products there are, every channel's: fewer than the index holds means some were
/// deleted, which leaves no stamp.
pub async fn count_products(db: &Db) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COUNT(*) FROM products").fetch_one(&db.pool).await
}

/// The id of the channel's maker `key`.
pub async fn find_maker_id(db: &Db, channel_id: &ChannelId, key: &str) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("SELECT id FROM makers WHERE channel_id = $1 AND maker_key = $2").bind(channel_id).bind(key).fetch_optional(&db.pool).await
}

/// The id of the channel's brand `key`.
pub async fn find_brand_id(db: &Db, channel_id: &ChannelId, key: &str) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("SELECT id FROM brands WHERE channel_id = $1 AND brand_key = $2").bind(channel_id).bind(key).fetch_optional(&db.pool).await
}

/// A published product of the channel by key, whatever its sale period (the detail page shows
/// upcoming and ended products, marked as not on sale).
/// The key of a published product of the channel, by id.
pub async fn find_product_key_by_id(db: &Db, channel_id: &ChannelId, id: &str) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("SELECT product_key FROM products WHERE channel_id = $1 AND id = $2 AND is_published = 1")
        .bind(channel_id)
        .bind(id)
        .fetch_optional(&db.pool)
        .await
}

pub async fn find_product_by_key(db: &Db, channel_id: &ChannelId, key: &str) -> sqlx::Result<Option<ProductDetailRow>> {
    sqlx::query_as::<_, ProductDetailRow>(sqlx::AssertSqlSafe(format!(
        "SELECT {PRODUCT_COLUMNS}, p.description, p.seo_title, p.seo_description, CAST(p.takes_noshi AS BIGINT) AS takes_noshi, \
           CAST(p.takes_wrapping AS BIGINT) AS takes_wrapping FROM {PRODUCT_FROM} \
         WHERE p.channel_id = $1 AND p.product_key = $2 AND p.is_published = 1"
    )))
    .bind(channel_id)
    .bind(key)
    .fetch_optional(&db.pool)
    .await
}

/// Which kind of link between two products to follow.
#[derive(Debug, Clone, Copy)]
pub enum Link {
    Accessories,
    Recommendations,
}

/// The listable products linked from `product_id`, in the shop's order.
pub async fn list_linked_products(db: &Db, channel_id: &ChannelId, product_id: &str, link: Link, now: i64) -> sqlx::Result<Vec<ProductRow>> {
    let (table, column) = match link {
        Link::Accessories => ("product_accessories", "accessory_id"),
        Link::Recommendations => ("product_recommendations", "recommended_id"),
    };
    let mut sql = Sql::default();
    sql.push(&format!("SELECT {PRODUCT_COLUMNS} FROM {PRODUCT_FROM} JOIN {table} l ON l.{column} = p.id WHERE l.product_id = "));
    sql.text(product_id).push(" AND l.channel_id = ").text(channel_id).push(" AND ");
    push_listable(&mut sql, channel_id, now);
    sql.push(" ORDER BY l.position, p.id");
    sql.fetch_all(db).await
}

#[derive(Debug, sqlx::FromRow)]
pub struct ProductCategoryRow {
    pub product_id: String,
    pub category_key: String,
    pub name: String,
}

/// The categories of each given product, in each product's order.
pub async fn list_categories_of(db: &Db, product_ids: &[String]) -> sqlx::Result<Vec<ProductCategoryRow>> {
    if product_ids.is_empty() {
        return Ok(Vec::new());
    }
    let mut sql = Sql::default();
    sql.push(
        "SELECT pc.product_id, c.category_key, c.name FROM product_categories pc \
              JOIN categories c ON c.id = pc.category_id WHERE pc.product_id IN (",
    );
    sql.texts(product_ids).push(") ORDER BY pc.product_id, pc.position");
    sql.fetch_all(db).await
}

#[derive(Debug, sqlx::FromRow)]
pub struct ImageRow {
    pub product_id: String,
    pub url: String,
    pub alt: String,
}

/// The images of each given product, main image first.
pub async fn list_images_of(db: &Db, product_ids: &[String]) -> sqlx::Result<Vec<ImageRow>> {
    if product_ids.is_empty() {
        return Ok(Vec::new());
    }
    let mut sql = Sql::default();
    sql.push("SELECT product_id, url, alt FROM product_images WHERE product_id IN (");
    sql.texts(product_ids).push(") ORDER BY product_id, position");
    sql.fetch_all(db).await
}

#[derive(Debug, sqlx::FromRow)]
pub struct VariationRow {
    pub variation_key: String,
    pub name: String,
    pub size_label: Option<String>,
    pub color_label: Option<String>,
    pub price: i64,
    pub stock_quantity: i64,
}

pub async fn list_variations(db: &Db, product_id: &str) -> sqlx::Result<Vec<VariationRow>> {
    sqlx::query_as::<_, VariationRow>(
        "SELECT variation_key, name, size_label, color_label, price, stock_quantity \
         FROM product_variations WHERE product_id = $1 ORDER BY position, variation_key",
    )
    .bind(product_id)
    .fetch_all(&db.pool)
    .await
}

#[derive(Debug, sqlx::FromRow)]
pub struct SizeRow {
    pub purpose: String,
    pub measure: String,
    pub label: String,
    pub min_mm: i64,
    pub max_mm: i64,
}

/// A product's size chart, smallest first (empty: the product has none).
pub async fn list_size_chart(db: &Db, product_id: &str) -> sqlx::Result<Vec<SizeRow>> {
    sqlx::query_as::<_, SizeRow>("SELECT purpose, measure, label, min_mm, max_mm FROM product_size_charts WHERE product_id = $1 ORDER BY position")
        .bind(product_id)
        .fetch_all(&db.pool)
        .await
}

/// Writes a product's size chart: (label, min mm inclusive, max mm exclusive), smallest first.
pub async fn insert_size_chart(tx: &mut Tx, product_id: &str, purpose: &str, measure: &str, sizes: &[(&str, i64, i64)]) -> sqlx::Result<()> {
    for (position, (label, min, max)) in sizes.iter().enumerate() {
        sqlx::query("INSERT INTO product_size_charts (product_id, purpose, measure, position, label, min_mm, max_mm) VALUES ($1, $2, $3, $4, $5, $6, $7)")
            .bind(product_id)
            .bind(purpose)
            .bind(measure)
            .bind(position as i64)
            .bind(*label)
            .bind(*min)
            .bind(*max)
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

#[derive(Debug, sqlx::FromRow)]
pub struct PictureRow {
    pub product_key: String,
    pub name: String,
    pub maker_name: Option<String>,
    pub code: String,
    pub position: i64,
}

/// The product a stored image URL belongs to, within the channel.
pub async fn find_picture(db: &Db, channel_id: &ChannelId, url: &str) -> sqlx::Result<Option<PictureRow>> {
    sqlx::query_as::<_, PictureRow>(
        "SELECT p.product_key, p.name, m.name AS maker_name, p.code, i.position \
         FROM product_images i JOIN products p ON p.id = i.product_id LEFT JOIN makers m ON m.id = p.maker_id \
         WHERE i.channel_id = $1 AND i.url = $2 AND p.is_published = 1",
    )
    .bind(channel_id)
    .bind(url)
    .fetch_optional(&db.pool)
    .await
}

/// Keys of the products lists may show, newest first, for the sitemap.
pub async fn list_listable_product_keys(db: &Db, channel_id: &ChannelId, now: i64, limit: i64) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar(
        "SELECT product_key FROM products WHERE channel_id = $1 AND is_published = 1 \
         AND (sale_start IS NULL OR sale_start <= $2) AND (sale_end IS NULL OR sale_end > $2) \
         ORDER BY created_at DESC, id DESC LIMIT $3",
    )
    .bind(channel_id)
    .bind(now)
    .bind(limit)
    .fetch_all(&db.pool)
    .await
}
