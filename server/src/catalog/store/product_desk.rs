//! The product desk's SQL (issue 31): the staff list of products, one product with everything
//! its form edits, and the writes of a create, an edit (guarded by `version`), a duplicate and
//! a publication. Every write stamps the product for the keyword index and derives its search
//! words again ([`super::product_writes::update_search_words`]); stock itself is written only
//! through [`super::stock`].
use crate::catalog::product_form::{ImageDraft, ProductDraft, VariationDraft};
use crate::infra::db::{Db, Tx, flag};
use crate::infra::ids::{ChannelId, new_id};

use super::sql::{Arg, Sql, insert_rows, maybe_int, maybe_text, text};
use super::stock::{self, Cause};

/// Where a product stands for its visitors at a given instant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeskState {
    /// 公開中: published and inside its period.
    Published,
    /// 非公開.
    Unpublished,
    /// 公開予定: published, its period not begun.
    Scheduled,
    /// 公開終了: published, its period over.
    Ended,
}

impl DeskState {
    pub fn of(is_published: bool, from: Option<i64>, until: Option<i64>, now: i64) -> DeskState {
        if !is_published {
            DeskState::Unpublished
        } else if from.is_some_and(|from| now < from) {
            DeskState::Scheduled
        } else if until.is_some_and(|until| until <= now) {
            DeskState::Ended
        } else {
            DeskState::Published
        }
    }

    fn push_condition(self, sql: &mut Sql, now: i64) {
        match self {
            DeskState::Unpublished => {
                sql.push(" AND p.is_published = 0");
            }
            DeskState::Scheduled => {
                sql.push(" AND p.is_published = 1 AND p.sale_start > ").int(now);
            }
            DeskState::Ended => {
                sql.push(" AND p.is_published = 1 AND (p.sale_start IS NULL OR p.sale_start <= ").int(now);
                sql.push(") AND p.sale_end <= ").int(now);
            }
            DeskState::Published => {
                sql.push(" AND p.is_published = 1 AND (p.sale_start IS NULL OR p.sale_start <= ").int(now);
                sql.push(") AND (p.sale_end IS NULL OR p.sale_end > ").int(now).push(")");
            }
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DeskSort {
    #[default]
    Updated,
    Created,
    Code,
    Name,
    Price,
}

impl DeskSort {
    fn column(self) -> &'static str {
        match self {
            DeskSort::Updated => "p.updated_at",
            DeskSort::Created => "p.created_at",
            DeskSort::Code => "p.code",
            DeskSort::Name => "p.name",
            DeskSort::Price => "p.price",
        }
    }
}

#[derive(Debug, Default)]
pub struct DeskFilter<'a> {
    /// A LIKE pattern over the normalised name and 商品コード (`search_text`).
    pub words: Option<&'a str>,
    /// A LIKE pattern over the SKUs, in lower case.
    pub sku: Option<&'a str>,
    pub state: Option<DeskState>,
    /// The products in any of these categories.
    pub category_ids: Option<&'a [String]>,
    pub sort: DeskSort,
    pub descending: bool,
}

/// A product on the desk's list.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct DeskProductRow {
    pub id: String,
    pub product_key: String,
    pub code: String,
    pub name: String,
    pub price: i64,
    pub before_price: Option<i64>,
    pub tax_rate: i64,
    pub is_published: i64,
    pub sale_start: Option<i64>,
    pub sale_end: Option<i64>,
    pub updated_at: i64,
    pub version: i64,
    pub variation_count: i64,
    pub available: i64,
    pub image_url: Option<String>,
}

pub(super) const DESK_COLUMNS: &str = "p.id, p.product_key, p.code, p.name, p.price, p.before_price, CAST(p.tax_rate AS BIGINT) AS tax_rate, \
     CAST(p.is_published AS BIGINT) AS is_published, p.sale_start, p.sale_end, p.updated_at, CAST(p.version AS BIGINT) AS version, \
     (SELECT COUNT(*) FROM product_variations v WHERE v.product_id = p.id) AS variation_count, \
     (SELECT CAST(COALESCE(SUM(v.stock_quantity), 0) AS BIGINT) FROM product_variations v WHERE v.product_id = p.id) AS available, \
     (SELECT i.url FROM product_images i WHERE i.product_id = p.id ORDER BY i.position LIMIT 1) AS image_url";

/// How a query tests the category filter: `List` reads the categories' products once (best
/// when few products match, and for counting), `Probe` asks per product (best when walking a
/// sort's index and most products match: it stops after the page).
#[derive(Clone, Copy, PartialEq, Eq)]
enum CategoryTest {
    List,
    Probe,
}

/// Above this many matches, a category page walks the sort's index and probes each product.
const PROBE_ABOVE: i64 = 2_000;

fn push_filter(sql: &mut Sql, channel_id: &ChannelId, filter: &DeskFilter<'_>, now: i64) {
    push_filter_as(sql, channel_id, filter, now, CategoryTest::List)
}

fn push_filter_as(sql: &mut Sql, channel_id: &ChannelId, filter: &DeskFilter<'_>, now: i64, test: CategoryTest) {
    sql.push(" FROM products p WHERE p.channel_id = ").text(channel_id);
    match (filter.words, filter.sku) {
        (Some(words), Some(sku)) => {
            // The SKUs' matches once (not a subquery per product): 30 ms less at 100k products.
            sql.push(" AND (p.search_text LIKE ").text(words).push(" ESCAPE '\\'");
            sql.push(" OR p.id IN (SELECT s.product_id FROM product_variations s WHERE s.channel_id = ").text(channel_id);
            sql.push(" AND LOWER(s.variation_key) LIKE ").text(sku).push(" ESCAPE '\\'))");
        }
        (Some(words), None) => {
            sql.push(" AND p.search_text LIKE ").text(words).push(" ESCAPE '\\'");
        }
        _ => {}
    }
    if let Some(state) = filter.state {
        state.push_condition(sql, now);
    }
    if let Some(ids) = filter.category_ids {
        if ids.is_empty() {
            sql.push(" AND 1 = 0");
        } else if test == CategoryTest::Probe {
            sql.push(" AND EXISTS (SELECT 1 FROM product_categories pc WHERE pc.product_id = p.id AND pc.category_id IN (");
            sql.texts(ids).push("))");
        } else {
            // Driven from the categories' own index, not probed once per product of the shop.
            sql.push(" AND p.id IN (SELECT pc.product_id FROM product_categories pc WHERE pc.category_id IN (");
            sql.texts(ids).push("))");
        }
    }
}

/// The newest `updated_at` of the channel's products: every write to a product (and to its
/// links, variations and stock) moves it on, so a count kept under it is still exact.
pub async fn catalogue_stamp(db: &Db, channel_id: &ChannelId) -> sqlx::Result<i64> {
    let stamp: Option<i64> = sqlx::query_scalar("SELECT MAX(updated_at) FROM products WHERE channel_id = $1").bind(channel_id).fetch_one(&db.pool).await?;
    Ok(stamp.unwrap_or(0))
}

/// A page of the channel's products and how many match (`known_total`: counted before, at the
/// same catalogue stamp).
pub async fn list_desk_products(
    db: &Db,
    channel_id: &ChannelId,
    filter: &DeskFilter<'_>,
    limit: i64,
    offset: i64,
    now: i64,
    known_total: Option<i64>,
) -> sqlx::Result<(Vec<DeskProductRow>, i64)> {
    let direction = if filter.descending { " DESC" } else { " ASC" };
    let page_query = |test: CategoryTest| {
        let mut page = Sql::default();
        page.push("SELECT p.id");
        push_filter_as(&mut page, channel_id, filter, now, test);
        page.push(" ORDER BY ").push(filter.sort.column()).push(direction).push(", p.id").push(direction);
        page
    };
    // The page's ids first, over the sort's index (migration 099), then the columns of those
    // ids only: with the columns' subqueries in the sorted query, SQLite computed them for every
    // product before sorting (0.5 s at 100k products).
    let (ids, total): (Vec<String>, i64) = if filter.words.is_some() && known_total.is_none() {
        // A keyword reads every product it finds anyway (to count them): one pass gives both
        // the count and the page, where a LIMIT and a COUNT would read them twice.
        let all: Vec<String> = page_query(CategoryTest::List).fetch_all::<(String,)>(db).await?.into_iter().map(|(id,)| id).collect();
        let total = all.len() as i64;
        (all.into_iter().skip(offset.max(0) as usize).take(limit.max(0) as usize).collect(), total)
    } else {
        let total = match known_total {
            Some(total) => total,
            None => count_desk_products(db, channel_id, filter, now).await?,
        };
        let test = if total > PROBE_ABOVE { CategoryTest::Probe } else { CategoryTest::List };
        let mut page = page_query(test);
        page.push(" LIMIT ").int(limit).push(" OFFSET ").int(offset);
        (page.fetch_all::<(String,)>(db).await?.into_iter().map(|(id,)| id).collect(), total)
    };
    let mut rows: Vec<DeskProductRow> = Vec::with_capacity(ids.len());
    if !ids.is_empty() {
        let mut sql = Sql::default();
        sql.push("SELECT ").push(DESK_COLUMNS).push(" FROM products p WHERE p.id IN (").texts(&ids).push(")");
        rows = sql.fetch_all(db).await?;
        rows.sort_by_key(|row| ids.iter().position(|id| *id == row.id));
    }
    Ok((rows, total))
}

/// How many products the filter finds. A category alone is counted on its own index (a
/// category holds only its shop's products): 15 ms rather than 70 at 57,000 of 100,000.
async fn count_desk_products(db: &Db, channel_id: &ChannelId, filter: &DeskFilter<'_>, now: i64) -> sqlx::Result<i64> {
    let mut count = Sql::default();
    match filter.category_ids {
        Some(ids) if !ids.is_empty() && filter.state.is_none() && filter.words.is_none() => {
            count.push("SELECT COUNT(DISTINCT pc.product_id) FROM product_categories pc WHERE pc.category_id IN (").texts(ids).push(")");
        }
        _ => {
            count.push("SELECT COUNT(*)");
            push_filter(&mut count, channel_id, filter, now);
        }
    }
    count.fetch_count(db).await
}

/// The ids of every product the filter finds.
pub async fn list_desk_product_ids(db: &Db, channel_id: &ChannelId, filter: &DeskFilter<'_>, now: i64) -> sqlx::Result<Vec<String>> {
    let mut sql = Sql::default();
    sql.push("SELECT p.id");
    push_filter(&mut sql, channel_id, filter, now);
    let rows: Vec<(String,)> = sql.fetch_all(db).await?;
    Ok(rows.into_iter().map(|(id,)| id).collect())
}

/// The ids of the channel's product category `id` and every category below it (empty when
/// the channel has no such category).
pub async fn list_category_subtree(db: &Db, channel_id: &ChannelId, id: &str) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar(
        "WITH RECURSIVE down (id) AS ( \
             SELECT id FROM categories WHERE channel_id = $1 AND table_name = 'products' AND id = $2 \
             UNION ALL SELECT c.id FROM categories c JOIN down ON c.parent_id = down.id \
         ) SELECT id FROM down",
    )
    .bind(channel_id)
    .bind(id)
    .fetch_all(&db.pool)
    .await
}

/// One product with what its form edits.
#[derive(Debug, sqlx::FromRow)]
pub struct DeskProductDetailRow {
    pub id: String,
    pub product_key: String,
    pub code: String,
    pub name: String,
    pub description: String,
    pub price: i64,
    pub before_price: Option<i64>,
    pub tax_rate: i64,
    pub maker_id: Option<String>,
    pub brand_id: Option<String>,
    pub seo_title: String,
    pub seo_description: String,
    pub is_published: i64,
    pub sale_start: Option<i64>,
    pub sale_end: Option<i64>,
    pub created_at: i64,
    pub updated_at: i64,
    pub version: i64,
    pub embroidery_price: Option<i64>,
    pub embroidery_max_chars: Option<i64>,
    pub takes_noshi: i64,
    pub takes_wrapping: i64,
}

#[derive(Debug, sqlx::FromRow)]
pub struct DeskVariationRow {
    pub id: String,
    pub sku: String,
    pub name: String,
    pub size_label: Option<String>,
    pub color_label: Option<String>,
    pub price: i64,
    pub jan_code: Option<String>,
    pub available: i64,
    pub reserved: i64,
    pub position: i64,
}

#[derive(Debug, sqlx::FromRow)]
pub struct DeskImageRow {
    pub url: String,
    pub alt: String,
}

/// A product, its variations, pictures and links.
#[derive(Debug)]
pub struct DeskProduct {
    pub row: DeskProductDetailRow,
    pub variations: Vec<DeskVariationRow>,
    pub images: Vec<DeskImageRow>,
    pub category_ids: Vec<String>,
    pub tag_ids: Vec<String>,
    pub accessory_ids: Vec<String>,
    pub recommendation_ids: Vec<String>,
    /// (id, 商品コード, name) of the products its accessories and recommendations name.
    pub linked: Vec<(String, String, String)>,
}

pub async fn find_desk_product(db: &Db, channel_id: &ChannelId, id: &str) -> sqlx::Result<Option<DeskProduct>> {
    let row: Option<DeskProductDetailRow> = sqlx::query_as(
        "SELECT p.id, p.product_key, p.code, p.name, p.description, p.price, p.before_price, CAST(p.tax_rate AS BIGINT) AS tax_rate, \
           p.maker_id, p.brand_id, p.seo_title, p.seo_description, CAST(p.is_published AS BIGINT) AS is_published, p.sale_start, p.sale_end, \
           p.created_at, p.updated_at, CAST(p.version AS BIGINT) AS version, e.price AS embroidery_price, \
           CAST(e.max_chars AS BIGINT) AS embroidery_max_chars, CAST(p.takes_noshi AS BIGINT) AS takes_noshi, \
           CAST(p.takes_wrapping AS BIGINT) AS takes_wrapping \
         FROM products p LEFT JOIN product_embroidery e ON e.product_id = p.id WHERE p.channel_id = $1 AND p.id = $2",
    )
    .bind(channel_id)
    .bind(id)
    .fetch_optional(&db.pool)
    .await?;
    let Some(row) = row else { return Ok(None) };
    let variations = sqlx::query_as(
        "SELECT id, variation_key AS sku, name, size_label, color_label, price, jan_code, CAST(stock_quantity AS BIGINT) AS available, \
           CAST(reserved_quantity AS BIGINT) AS reserved, CAST(position AS BIGINT) AS position \
         FROM product_variations WHERE product_id = $1 ORDER BY position, id",
    )
    .bind(id)
    .fetch_all(&db.pool)
    .await?;
    let images = sqlx::query_as("SELECT url, alt FROM product_images WHERE product_id = $1 ORDER BY position, id").bind(id).fetch_all(&db.pool).await?;
    let ids = |sql: &'static str| sqlx::query_scalar::<_, String>(sql).bind(id).fetch_all(&db.pool);
    Ok(Some(DeskProduct {
        row,
        variations,
        images,
        category_ids: ids("SELECT category_id FROM product_categories WHERE product_id = $1 ORDER BY position, category_id").await?,
        tag_ids: ids("SELECT t.id FROM product_tags pt JOIN tags t ON t.id = pt.tag_id WHERE pt.product_id = $1 ORDER BY t.position, t.id").await?,
        accessory_ids: ids("SELECT accessory_id FROM product_accessories WHERE product_id = $1 ORDER BY position").await?,
        recommendation_ids: ids("SELECT recommended_id FROM product_recommendations WHERE product_id = $1 ORDER BY position").await?,
        linked: sqlx::query_as(
            "SELECT id, code, name FROM products WHERE id IN (SELECT accessory_id FROM product_accessories WHERE product_id = $1 \
               UNION SELECT recommended_id FROM product_recommendations WHERE product_id = $1)",
        )
        .bind(id)
        .fetch_all(&db.pool)
        .await?,
    }))
}

pub async fn product_exists(db: &Db, channel_id: &ChannelId, id: &str) -> sqlx::Result<bool> {
    let found: Option<i64> =
        sqlx::query_scalar("SELECT 1 FROM products WHERE channel_id = $1 AND id = $2").bind(channel_id).bind(id).fetch_optional(&db.pool).await?;
    Ok(found.is_some())
}

/// What a draft names that the channel does not have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Owned {
    Makers,
    Brands,
    Categories,
    Tags,
    Products,
}

/// The ones of `ids` the channel has no row of in `kind`'s table.
pub async fn list_unknown(tx: &mut Tx, channel_id: &ChannelId, kind: Owned, ids: &[String]) -> sqlx::Result<Vec<String>> {
    if ids.is_empty() {
        return Ok(vec![]);
    }
    let from = match kind {
        Owned::Makers => "makers WHERE",
        Owned::Brands => "brands WHERE",
        Owned::Categories => "categories WHERE table_name = 'products' AND",
        Owned::Tags => "tags WHERE",
        Owned::Products => "products WHERE",
    };
    let mut sql = Sql::default();
    sql.push("SELECT id FROM ").push(from).push(" channel_id = ").text(channel_id).push(" AND id IN (").texts(ids).push(")");
    let found: Vec<String> = sqlx::query_scalar_with(sqlx::AssertSqlSafe(sql.text.clone()), sql.arguments()?).fetch_all(&mut **tx).await?;
    Ok(ids.iter().filter(|id| !found.contains(id)).cloned().collect())
}

/// Another product of the channel with this 商品コード.
pub async fn find_code_holder(tx: &mut Tx, channel_id: &ChannelId, code: &str, except: Option<&str>) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("SELECT id FROM products WHERE channel_id = $1 AND LOWER(code) = LOWER($2) AND id <> $3 LIMIT 1")
        .bind(channel_id)
        .bind(code)
        .bind(except.unwrap_or(""))
        .fetch_optional(&mut **tx)
        .await
}

/// The SKUs of `skus` (compared in lower case) that another product of the channel holds.
pub async fn list_skus_held_elsewhere(tx: &mut Tx, channel_id: &ChannelId, skus: &[String], product_id: Option<&str>) -> sqlx::Result<Vec<String>> {
    if skus.is_empty() {
        return Ok(vec![]);
    }
    let lower: Vec<String> = skus.iter().map(|sku| sku.to_lowercase()).collect();
    let mut sql = Sql::default();
    sql.push("SELECT LOWER(variation_key) FROM product_variations WHERE channel_id = ").text(channel_id);
    sql.push(" AND product_id <> ").text(product_id.unwrap_or("")).push(" AND LOWER(variation_key) IN (").texts(&lower).push(")");
    sqlx::query_scalar_with(sqlx::AssertSqlSafe(sql.text.clone()), sql.arguments()?).fetch_all(&mut **tx).await
}

/// Whether the channel has a product with this key (the storefront's URL).
pub async fn key_is_taken(tx: &mut Tx, channel_id: &ChannelId, key: &str) -> sqlx::Result<bool> {
    let found: Option<i64> =
        sqlx::query_scalar("SELECT 1 FROM products WHERE channel_id = $1 AND product_key = $2").bind(channel_id).bind(key).fetch_optional(&mut **tx).await?;
    Ok(found.is_some())
}

/// Whether the channel holds this 商品コード or SKU already (the duplicate's numbering).
pub async fn code_or_sku_is_taken(tx: &mut Tx, channel_id: &ChannelId, code: &str, is_sku: bool) -> sqlx::Result<bool> {
    let sql = if is_sku {
        "SELECT 1 FROM product_variations WHERE channel_id = $1 AND LOWER(variation_key) = LOWER($2) LIMIT 1"
    } else {
        "SELECT 1 FROM products WHERE channel_id = $1 AND LOWER(code) = LOWER($2) LIMIT 1"
    };
    let found: Option<i64> = sqlx::query_scalar(sql).bind(channel_id).bind(code).fetch_optional(&mut **tx).await?;
    Ok(found.is_some())
}

pub(super) const STAMP: &str = "updated_at = CASE WHEN updated_at < $1 THEN $1 ELSE updated_at + 1 END";

/// Who made or edited a product, for the ledger's first lines.
#[derive(Debug, Clone, Copy)]
pub struct Editor<'a> {
    pub staff_id: &'a str,
    pub staff_name: &'a str,
}

/// Makes the product `id` (its storefront key `key`) from `draft`, with its links and
/// variations; each variation's initial stock is its ledger's first 入荷 line.
pub async fn insert_desk_product(
    tx: &mut Tx,
    channel_id: &ChannelId,
    id: &str,
    key: &str,
    draft: &ProductDraft,
    editor: Editor<'_>,
    now: i64,
) -> sqlx::Result<()> {
    insert_rows(
        tx,
        "products (id, channel_id, product_key, code, name, description, maker_id, brand_id, tax_rate, price, before_price, sale_start, sale_end, \
         is_published, popularity, created_at, search_name, search_text, updated_at, seo_title, seo_description, takes_noshi, takes_wrapping)",
        vec![vec![
            text(id),
            text(channel_id),
            text(key),
            text(&draft.code),
            text(&draft.name),
            text(&draft.description),
            maybe_text(draft.maker_id.as_ref()),
            maybe_text(draft.brand_id.as_ref()),
            Arg::Int(draft.tax_rate),
            Arg::Int(draft.price),
            maybe_int(draft.before_price),
            maybe_int(draft.publish_from),
            maybe_int(draft.publish_until),
            Arg::Int(flag(draft.is_published)),
            Arg::Int(0),
            Arg::Int(now),
            text(""),
            text(""),
            Arg::Int(now),
            text(&draft.seo_title),
            text(&draft.seo_description),
            Arg::Int(flag(draft.takes_noshi)),
            Arg::Int(flag(draft.takes_wrapping)),
        ]],
    )
    .await?;
    write_links(tx, channel_id, id, draft).await?;
    if let Some(images) = &draft.images {
        write_images(tx, channel_id, id, images).await?;
    }
    write_variations(tx, channel_id, id, &draft.variations, &[], editor, now).await?;
    super::product_writes::update_search_words(tx, id).await
}

/// What an edit found.
#[derive(Debug, PartialEq, Eq)]
pub enum Edited {
    Done,
    /// The version moved since the form was read.
    Stale,
    NotFound,
    /// These variations (their SKUs) are left out of the form but still hold stock.
    StockLeft(Vec<String>),
    /// These ids are not variations of the product.
    UnknownVariations(Vec<String>),
}

/// Replaces what the form edits of product `id`, if it is still at `version`. Variations left
/// out are removed (refused while they hold stock); a kept one keeps its stock.
pub async fn update_desk_product(
    tx: &mut Tx,
    channel_id: &ChannelId,
    id: &str,
    version: i64,
    draft: &ProductDraft,
    editor: Editor<'_>,
    now: i64,
) -> sqlx::Result<Edited> {
    let sql = format!(
        "UPDATE products SET code = $2, name = $3, description = $4, maker_id = $5, brand_id = $6, tax_rate = $7, price = $8, \
           before_price = $9, sale_start = $10, sale_end = $11, is_published = $12, seo_title = $13, seo_description = $14, \
           takes_noshi = $18, takes_wrapping = $19, version = version + 1, {STAMP} WHERE channel_id = $15 AND id = $16 AND version = $17"
    );
    let done = sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(now)
        .bind(&draft.code)
        .bind(&draft.name)
        .bind(&draft.description)
        .bind(draft.maker_id.as_deref())
        .bind(draft.brand_id.as_deref())
        .bind(draft.tax_rate)
        .bind(draft.price)
        .bind(draft.before_price)
        .bind(draft.publish_from)
        .bind(draft.publish_until)
        .bind(flag(draft.is_published))
        .bind(&draft.seo_title)
        .bind(&draft.seo_description)
        .bind(channel_id)
        .bind(id)
        .bind(version)
        .bind(flag(draft.takes_noshi))
        .bind(flag(draft.takes_wrapping))
        .execute(&mut **tx)
        .await?;
    if done.rows_affected() == 0 {
        return missing_or_stale(tx, channel_id, id).await;
    }
    let existing: Vec<(String, String, i64)> =
        sqlx::query_as("SELECT id, variation_key, CAST(stock_quantity + reserved_quantity AS BIGINT) FROM product_variations WHERE product_id = $1")
            .bind(id)
            .fetch_all(&mut **tx)
            .await?;
    let unknown: Vec<String> =
        draft.variations.iter().filter_map(|v| v.id.clone()).filter(|vid| !existing.iter().any(|(existing_id, _, _)| existing_id == vid)).collect();
    if !unknown.is_empty() {
        return Ok(Edited::UnknownVariations(unknown));
    }
    let kept = |vid: &str| draft.variations.iter().any(|v| v.id.as_deref() == Some(vid));
    let removed: Vec<&(String, String, i64)> = existing.iter().filter(|(vid, _, _)| !kept(vid)).collect();
    let stock_left: Vec<String> = removed.iter().filter(|(_, _, on_hand)| *on_hand > 0).map(|(_, sku, _)| sku.clone()).collect();
    if !stock_left.is_empty() {
        return Ok(Edited::StockLeft(stock_left));
    }
    for (vid, _, _) in &removed {
        sqlx::query("DELETE FROM product_variations WHERE id = $1").bind(vid).execute(&mut **tx).await?;
    }
    for table in ["product_categories", "product_tags", "product_accessories", "product_recommendations", "product_embroidery"] {
        sqlx::query(sqlx::AssertSqlSafe(format!("DELETE FROM {table} WHERE product_id = $1"))).bind(id).execute(&mut **tx).await?;
    }
    write_links(tx, channel_id, id, draft).await?;
    if let Some(images) = &draft.images {
        write_images(tx, channel_id, id, images).await?;
    }
    let kept_ids: Vec<String> = existing.iter().filter(|(vid, _, _)| kept(vid)).map(|(vid, _, _)| vid.clone()).collect();
    write_variations(tx, channel_id, id, &draft.variations, &kept_ids, editor, now).await?;
    super::product_writes::update_search_words(tx, id).await?;
    Ok(Edited::Done)
}

async fn missing_or_stale(tx: &mut Tx, channel_id: &ChannelId, id: &str) -> sqlx::Result<Edited> {
    let found: Option<i64> =
        sqlx::query_scalar("SELECT 1 FROM products WHERE channel_id = $1 AND id = $2").bind(channel_id).bind(id).fetch_optional(&mut **tx).await?;
    Ok(if found.is_some() { Edited::Stale } else { Edited::NotFound })
}

/// Publishes or withdraws product `id` if it is still at `version`.
pub async fn update_publication(tx: &mut Tx, channel_id: &ChannelId, id: &str, version: i64, publish: bool, now: i64) -> sqlx::Result<Edited> {
    let sql = format!("UPDATE products SET is_published = $2, version = version + 1, {STAMP} WHERE channel_id = $3 AND id = $4 AND version = $5");
    let done = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(now).bind(flag(publish)).bind(channel_id).bind(id).bind(version).execute(&mut **tx).await?;
    if done.rows_affected() == 0 { missing_or_stale(tx, channel_id, id).await } else { Ok(Edited::Done) }
}

/// The categories, tags, related products and embroidery of a draft (the caller cleared the
/// old ones).
async fn write_links(tx: &mut Tx, channel_id: &ChannelId, id: &str, draft: &ProductDraft) -> sqlx::Result<()> {
    let channel = || text(channel_id);
    let positioned = |ids: &[String]| -> Vec<Vec<Arg>> {
        ids.iter().enumerate().map(|(position, other)| vec![channel(), text(id), text(other), Arg::Int(position as i64)]).collect()
    };
    insert_rows(tx, "product_categories (channel_id, product_id, category_id, position)", positioned(&draft.category_ids)).await?;
    insert_rows(tx, "product_accessories (channel_id, product_id, accessory_id, position)", positioned(&draft.accessory_ids)).await?;
    insert_rows(tx, "product_recommendations (channel_id, product_id, recommended_id, position)", positioned(&draft.recommendation_ids)).await?;
    let tags = draft.tag_ids.iter().map(|tag| vec![channel(), text(id), text(tag)]).collect();
    insert_rows(tx, "product_tags (channel_id, product_id, tag_id)", tags).await?;
    if let Some((price, max_chars)) = draft.embroidery {
        sqlx::query("INSERT INTO product_embroidery (product_id, price, max_chars) VALUES ($1, $2, $3)")
            .bind(id)
            .bind(price)
            .bind(max_chars)
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

/// Writes the draft's variations in its order: `kept` ones are updated (never their stock),
/// new ones inserted with their initial stock and its 入荷 line. SKUs that change move through
/// a placeholder first, so two variations may swap theirs in one edit.
async fn write_variations(
    tx: &mut Tx,
    channel_id: &ChannelId,
    product_id: &str,
    variations: &[VariationDraft],
    kept: &[String],
    editor: Editor<'_>,
    now: i64,
) -> sqlx::Result<()> {
    for vid in kept {
        sqlx::query("UPDATE product_variations SET variation_key = $1 WHERE id = $2").bind(format!("~{vid}")).bind(vid).execute(&mut **tx).await?;
    }
    let mut arrivals = Vec::new();
    for (position, v) in variations.iter().enumerate() {
        match &v.id {
            Some(vid) => {
                let sql = format!(
                    "UPDATE product_variations SET variation_key = $2, name = $3, size_label = $4, color_label = $5, price = $6, \
                       jan_code = $7, position = $8, {STAMP} WHERE id = $9"
                );
                sqlx::query(sqlx::AssertSqlSafe(sql))
                    .bind(now)
                    .bind(&v.sku)
                    .bind(&v.name)
                    .bind(v.size_label.as_deref())
                    .bind(v.color_label.as_deref())
                    .bind(v.price)
                    .bind(v.jan_code.as_deref())
                    .bind(position as i64)
                    .bind(vid)
                    .execute(&mut **tx)
                    .await?;
            }
            None => {
                let vid = new_id();
                sqlx::query(
                    "INSERT INTO product_variations (id, channel_id, product_id, variation_key, name, size_label, color_label, price, \
                       stock_quantity, position, updated_at, jan_code) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
                )
                .bind(&vid)
                .bind(channel_id)
                .bind(product_id)
                .bind(&v.sku)
                .bind(&v.name)
                .bind(v.size_label.as_deref())
                .bind(v.color_label.as_deref())
                .bind(v.price)
                .bind(v.initial_stock)
                .bind(position as i64)
                .bind(now)
                .bind(v.jan_code.as_deref())
                .execute(&mut **tx)
                .await?;
                if v.initial_stock > 0 {
                    arrivals.push((vid, v.initial_stock));
                }
            }
        }
    }
    let cause = Cause { staff: Some((editor.staff_id, editor.staff_name)), note: "商品登録時の初期在庫", ..Cause::arrival() };
    for (vid, quantity) in arrivals {
        stock::record_opening(tx, &vid, quantity, &cause, now).await?;
    }
    Ok(())
}

/// What a duplicate is called: its id, storefront key and 商品コード, and its variations' SKUs
/// in the source's order.
#[derive(Debug)]
pub struct CopyNames<'a> {
    pub id: &'a str,
    pub key: &'a str,
    pub code: &'a str,
    pub skus: &'a [String],
}

/// A copy of product `source` under `names`: unpublished, with its links, pictures and
/// embroidery, and its variations with no stock.
pub async fn insert_duplicate(
    tx: &mut Tx,
    channel_id: &ChannelId,
    source: &DeskProduct,
    names: &CopyNames<'_>,
    editor: Editor<'_>,
    now: i64,
) -> sqlx::Result<()> {
    let CopyNames { id, key, code, skus } = *names;
    let row = &source.row;
    let draft = ProductDraft {
        code: code.to_owned(),
        name: row.name.clone(),
        description: row.description.clone(),
        price: row.price,
        before_price: row.before_price,
        tax_rate: row.tax_rate,
        maker_id: row.maker_id.clone(),
        brand_id: row.brand_id.clone(),
        category_ids: source.category_ids.clone(),
        tag_ids: source.tag_ids.clone(),
        accessory_ids: source.accessory_ids.clone(),
        recommendation_ids: source.recommendation_ids.clone(),
        seo_title: row.seo_title.clone(),
        seo_description: row.seo_description.clone(),
        embroidery: row.embroidery_price.zip(row.embroidery_max_chars),
        takes_noshi: row.takes_noshi == 1,
        takes_wrapping: row.takes_wrapping == 1,
        is_published: false,
        publish_from: row.sale_start,
        publish_until: row.sale_end,
        images: Some(source.images.iter().map(|image| ImageDraft { url: image.url.clone(), alt: image.alt.clone() }).collect()),
        variations: source
            .variations
            .iter()
            .zip(skus)
            .map(|(v, sku)| VariationDraft {
                id: None,
                sku: sku.clone(),
                name: v.name.clone(),
                size_label: v.size_label.clone(),
                color_label: v.color_label.clone(),
                price: v.price,
                jan_code: v.jan_code.clone(),
                initial_stock: 0,
            })
            .collect(),
    };
    insert_desk_product(tx, channel_id, id, key, &draft, editor, now).await
}

/// Replaces the product's pictures with `images`, in their order.
async fn write_images(tx: &mut Tx, channel_id: &ChannelId, id: &str, images: &[ImageDraft]) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM product_images WHERE product_id = $1").bind(id).execute(&mut **tx).await?;
    let rows = images
        .iter()
        .enumerate()
        .map(|(position, image)| vec![text(&new_id()), text(channel_id), text(id), text(&image.url), text(&image.alt), Arg::Int(position as i64)]);
    insert_rows(tx, "product_images (id, channel_id, product_id, url, alt, position)", rows.collect()).await
}

/// The URLs of the product's pictures.
pub async fn list_image_urls(db: &Db, id: &str) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar("SELECT url FROM product_images WHERE product_id = $1").bind(id).fetch_all(&db.pool).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_product_is_scheduled_before_its_period_and_ended_after_it() {
        assert_eq!(DeskState::of(false, None, None, 10), DeskState::Unpublished);
        assert_eq!(DeskState::of(true, Some(11), None, 10), DeskState::Scheduled);
        assert_eq!(DeskState::of(true, Some(5), Some(10), 10), DeskState::Ended);
        assert_eq!(DeskState::of(true, Some(10), Some(11), 10), DeskState::Published);
    }
}
