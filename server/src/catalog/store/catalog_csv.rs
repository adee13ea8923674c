//! What the catalogue's CSV files read of the shop, in a few channel-wide queries (a file of a
//! hundred thousand products must not ask per product): every product as the products CSV
//! writes it, and the names the import resolves (codes, SKUs, category paths, makers, brands,
//! tags, pictures in use); and the import jobs' rows (catalog_imports).
use std::collections::{HashMap, HashSet};

use crate::catalog::product_csv::{CsvProduct, CsvVariation, Kept, PATH_SEPARATOR};
use crate::infra::db::{Db, Tx};
use crate::infra::ids::ChannelId;

use super::taxonomy::PRODUCTS_TABLE;

/// A product as the products CSV writes it, with its id, version and pictures' alt texts.
#[derive(Debug, Clone)]
pub struct ExportedProduct {
    pub id: String,
    pub version: i64,
    pub product: CsvProduct,
    pub image_alts: HashMap<String, String>,
    /// SKU (lower case) → variation id.
    pub variation_ids: HashMap<String, String>,
    /// What the file has no column for, kept by an import's update.
    pub kept: Kept,
}

#[derive(sqlx::FromRow)]
struct ProductLine {
    id: String,
    code: String,
    name: String,
    description: String,
    price: i64,
    before_price: Option<i64>,
    tax_rate: i64,
    maker: Option<String>,
    brand: Option<String>,
    is_published: i64,
    sale_start: Option<i64>,
    sale_end: Option<i64>,
    seo_title: String,
    seo_description: String,
    version: i64,
    embroidery_price: Option<i64>,
    embroidery_max_chars: Option<i64>,
    takes_noshi: i64,
    takes_wrapping: i64,
}

#[derive(sqlx::FromRow)]
struct VariationLine {
    id: String,
    product_id: String,
    sku: String,
    name: String,
    size_label: Option<String>,
    color_label: Option<String>,
    price: i64,
    jan_code: Option<String>,
}

/// Every category's path (`親>子>孫`) by id.
pub async fn category_paths(db: &Db, channel_id: &ChannelId) -> sqlx::Result<HashMap<String, String>> {
    let rows: Vec<(String, String, Option<String>)> = sqlx::query_as("SELECT id, name, parent_id FROM categories WHERE channel_id = $1 AND table_name = $2")
        .bind(channel_id)
        .bind(PRODUCTS_TABLE)
        .fetch_all(&db.pool)
        .await?;
    let by_id: HashMap<&str, (&str, Option<&str>)> = rows.iter().map(|(id, name, parent)| (id.as_str(), (name.as_str(), parent.as_deref()))).collect();
    let path_of = |id: &str| {
        let mut names = Vec::new();
        let mut at = by_id.get(id);
        // Three levels at most; the bound keeps a damaged tree from looping.
        for _ in 0..8 {
            let Some((name, parent)) = at else { break };
            names.push(*name);
            at = parent.and_then(|parent| by_id.get(parent));
        }
        names.reverse();
        names.join(&PATH_SEPARATOR.to_string())
    };
    Ok(rows.iter().map(|(id, _, _)| (id.clone(), path_of(id))).collect())
}

/// Every product of the shop as the products CSV writes it, ordered by 商品コード.
pub async fn load_products(db: &Db, channel_id: &ChannelId) -> sqlx::Result<Vec<ExportedProduct>> {
    let products: Vec<ProductLine> = sqlx::query_as(
        "SELECT p.id, p.code, p.name, p.description, p.price, p.before_price, CAST(p.tax_rate AS BIGINT) AS tax_rate, m.name AS maker, \
           b.name AS brand, CAST(p.is_published AS BIGINT) AS is_published, p.sale_start, p.sale_end, p.seo_title, p.seo_description, \
           CAST(p.version AS BIGINT) AS version, e.price AS embroidery_price, CAST(e.max_chars AS BIGINT) AS embroidery_max_chars, \
           CAST(p.takes_noshi AS BIGINT) AS takes_noshi, CAST(p.takes_wrapping AS BIGINT) AS takes_wrapping \
         FROM products p LEFT JOIN makers m ON m.id = p.maker_id LEFT JOIN brands b ON b.id = p.brand_id \
           LEFT JOIN product_embroidery e ON e.product_id = p.id \
         WHERE p.channel_id = $1 ORDER BY p.code",
    )
    .bind(channel_id)
    .fetch_all(&db.pool)
    .await?;
    let variations: Vec<VariationLine> = sqlx::query_as(
        "SELECT id, product_id, variation_key AS sku, name, size_label, color_label, price, jan_code FROM product_variations \
         WHERE channel_id = $1 ORDER BY product_id, position, id",
    )
    .bind(channel_id)
    .fetch_all(&db.pool)
    .await?;
    let paths = category_paths(db, channel_id).await?;
    let categories: Vec<(String, String)> =
        sqlx::query_as("SELECT product_id, category_id FROM product_categories WHERE channel_id = $1 ORDER BY product_id, position")
            .bind(channel_id)
            .fetch_all(&db.pool)
            .await?;
    let tags: Vec<(String, String)> = sqlx::query_as(
        "SELECT pt.product_id, t.name FROM product_tags pt JOIN tags t ON t.id = pt.tag_id WHERE pt.channel_id = $1 ORDER BY pt.product_id, t.position, t.name",
    )
    .bind(channel_id)
    .fetch_all(&db.pool)
    .await?;
    let images: Vec<(String, String, String)> =
        sqlx::query_as("SELECT product_id, url, alt FROM product_images WHERE channel_id = $1 ORDER BY product_id, position, id")
            .bind(channel_id)
            .fetch_all(&db.pool)
            .await?;

    let links = |sql: &'static str| sqlx::query_as::<_, (String, String)>(sql).bind(channel_id).fetch_all(&db.pool);
    let accessories = links("SELECT product_id, accessory_id FROM product_accessories WHERE channel_id = $1 ORDER BY product_id, position").await?;
    let recommendations = links("SELECT product_id, recommended_id FROM product_recommendations WHERE channel_id = $1 ORDER BY product_id, position").await?;

    let mut by_id: HashMap<String, ExportedProduct> = HashMap::with_capacity(products.len());
    let mut order = Vec::with_capacity(products.len());
    for p in products {
        order.push(p.id.clone());
        let product = CsvProduct {
            code: p.code,
            name: p.name,
            description: p.description,
            price: p.price,
            before_price: p.before_price,
            tax_rate: p.tax_rate,
            maker: p.maker,
            brand: p.brand,
            categories: Vec::new(),
            tags: Vec::new(),
            is_published: p.is_published == 1,
            publish_from: p.sale_start,
            publish_until: p.sale_end,
            seo_title: p.seo_title,
            seo_description: p.seo_description,
            images: Vec::new(),
            variations: Vec::new(),
        };
        let kept = Kept {
            embroidery: p.embroidery_price.zip(p.embroidery_max_chars),
            takes_noshi: p.takes_noshi == 1,
            takes_wrapping: p.takes_wrapping == 1,
            ..Kept::default()
        };
        by_id.insert(p.id.clone(), ExportedProduct { id: p.id, version: p.version, product, image_alts: HashMap::new(), variation_ids: HashMap::new(), kept });
    }
    for v in variations {
        if let Some(found) = by_id.get_mut(&v.product_id) {
            found.variation_ids.insert(v.sku.to_lowercase(), v.id);
            found.product.variations.push(CsvVariation {
                sku: v.sku,
                name: v.name,
                size: v.size_label,
                color: v.color_label,
                price: v.price,
                jan_code: v.jan_code,
                initial_stock: 0,
            });
        }
    }
    for (product_id, category_id) in categories {
        if let (Some(found), Some(path)) = (by_id.get_mut(&product_id), paths.get(&category_id)) {
            found.product.categories.push(path.clone());
        }
    }
    for (product_id, name) in tags {
        if let Some(found) = by_id.get_mut(&product_id) {
            found.product.tags.push(name);
        }
    }
    for (product_id, accessory) in accessories {
        if let Some(found) = by_id.get_mut(&product_id) {
            found.kept.accessory_ids.push(accessory);
        }
    }
    for (product_id, recommended) in recommendations {
        if let Some(found) = by_id.get_mut(&product_id) {
            found.kept.recommendation_ids.push(recommended);
        }
    }
    for (product_id, url, alt) in images {
        if let Some(found) = by_id.get_mut(&product_id) {
            found.product.images.push(url.clone());
            found.image_alts.insert(url, alt);
        }
    }
    Ok(order.into_iter().filter_map(|id| by_id.remove(&id)).collect())
}

/// The names an import resolves, each to its id.
#[derive(Debug, Default)]
pub struct NameIndex {
    pub category_paths: HashMap<String, String>,
    pub makers: HashMap<String, String>,
    pub brands: HashMap<String, String>,
    pub tags: HashMap<String, String>,
    /// Picture URLs the shop's products show.
    pub image_urls: HashSet<String>,
}

pub async fn load_names(db: &Db, channel_id: &ChannelId) -> sqlx::Result<NameIndex> {
    let mut index = NameIndex::default();
    for (id, path) in category_paths(db, channel_id).await? {
        index.category_paths.entry(path).or_insert(id);
    }
    for (table, map) in [("makers", &mut index.makers), ("brands", &mut index.brands), ("tags", &mut index.tags)] {
        let rows: Vec<(String, String)> =
            sqlx::query_as(sqlx::AssertSqlSafe(format!("SELECT id, name FROM {table} WHERE channel_id = $1 ORDER BY position, id")))
                .bind(channel_id)
                .fetch_all(&db.pool)
                .await?;
        for (id, name) in rows {
            map.entry(name).or_insert(id);
        }
    }
    let urls: Vec<String> = sqlx::query_scalar("SELECT DISTINCT url FROM product_images WHERE channel_id = $1").bind(channel_id).fetch_all(&db.pool).await?;
    index.image_urls = urls.into_iter().collect();
    Ok(index)
}

/// A variation as the inventory CSV writes it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct InventoryLine {
    pub variation_id: String,
    pub sku: String,
    pub code: String,
    pub product_name: String,
    pub variation_name: String,
    /// 現在庫: what is on the shelf (can be sold + reserved for orders).
    pub on_hand: i64,
    pub reserved: i64,
}

pub async fn load_inventory(db: &Db, channel_id: &ChannelId) -> sqlx::Result<Vec<InventoryLine>> {
    sqlx::query_as(
        "SELECT v.id AS variation_id, v.variation_key AS sku, p.code, p.name AS product_name, v.name AS variation_name, \
           CAST(v.stock_quantity + v.reserved_quantity AS BIGINT) AS on_hand, CAST(v.reserved_quantity AS BIGINT) AS reserved \
         FROM product_variations v JOIN products p ON p.id = v.product_id WHERE v.channel_id = $1 ORDER BY p.code, v.position, v.id",
    )
    .bind(channel_id)
    .fetch_all(&db.pool)
    .await
}

// --- import jobs ---------------------------------------------------------------------------------

pub const IMPORT_COLUMNS: &str = "i.id, i.channel_id, i.staff_id, s.name AS staff_name, i.kind, i.file_name, i.encoding, i.state, \
     CAST(i.only_clean AS BIGINT) AS only_clean, CAST(i.total AS BIGINT) AS total, CAST(i.checked AS BIGINT) AS checked, \
     CAST(i.applied AS BIGINT) AS applied, CAST(i.to_apply AS BIGINT) AS to_apply, CAST(i.position AS BIGINT) AS position, \
     i.summary_json, i.errors_json, CAST(i.error_count AS BIGINT) AS error_count, i.message, i.created_at, i.finished_at";

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ImportRow {
    pub id: String,
    pub channel_id: ChannelId,
    pub staff_id: String,
    pub staff_name: String,
    pub kind: String,
    pub file_name: String,
    pub encoding: String,
    pub state: String,
    pub only_clean: i64,
    pub total: i64,
    pub checked: i64,
    pub applied: i64,
    pub to_apply: i64,
    pub position: i64,
    pub summary_json: String,
    pub errors_json: String,
    pub error_count: i64,
    pub message: Option<String>,
    pub created_at: i64,
    pub finished_at: Option<i64>,
}

/// A new job in `checking`, held by its maker for `lease_until`.
pub async fn insert_import(db: &Db, row: &ImportRow, lease_until: i64) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO catalog_imports (id, channel_id, staff_id, kind, file_name, encoding, state, created_at, lease_until) \
         VALUES ($1, $2, $3, $4, $5, $6, 'checking', $7, $8)",
    )
    .bind(&row.id)
    .bind(&row.channel_id)
    .bind(&row.staff_id)
    .bind(&row.kind)
    .bind(&row.file_name)
    .bind(&row.encoding)
    .bind(row.created_at)
    .bind(lease_until)
    .execute(&db.pool)
    .await?;
    Ok(())
}

pub async fn find_import(db: &Db, channel_id: &ChannelId, id: &str) -> sqlx::Result<Option<ImportRow>> {
    let sql = format!("SELECT {IMPORT_COLUMNS} FROM catalog_imports i JOIN staff s ON s.id = i.staff_id WHERE i.channel_id = $1 AND i.id = $2");
    sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(channel_id).bind(id).fetch_optional(&db.pool).await
}

/// A job of any shop (the runner's own read).
pub async fn find_import_any(db: &Db, id: &str) -> sqlx::Result<Option<ImportRow>> {
    let sql = format!("SELECT {IMPORT_COLUMNS} FROM catalog_imports i JOIN staff s ON s.id = i.staff_id WHERE i.id = $1");
    sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(&db.pool).await
}

pub async fn list_imports(db: &Db, channel_id: &ChannelId, limit: i64) -> sqlx::Result<Vec<ImportRow>> {
    let sql = format!(
        "SELECT {IMPORT_COLUMNS} FROM catalog_imports i JOIN staff s ON s.id = i.staff_id WHERE i.channel_id = $1 ORDER BY i.created_at DESC, i.id DESC LIMIT $2"
    );
    sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(channel_id).bind(limit).fetch_all(&db.pool).await
}

/// Takes a job whose runner stopped (its lease ran out) in `checking` or `applying`, for
/// `lease_until`; None when there is none. One guarded write, so one instance wins.
pub async fn claim_stalled_import(db: &Db, now: i64, lease_until: i64) -> sqlx::Result<Option<String>> {
    let candidate: Option<String> =
        sqlx::query_scalar("SELECT id FROM catalog_imports WHERE state IN ('checking', 'applying') AND lease_until < $1 ORDER BY created_at LIMIT 1")
            .bind(now)
            .fetch_optional(&db.pool)
            .await?;
    let Some(id) = candidate else { return Ok(None) };
    let done = sqlx::query("UPDATE catalog_imports SET lease_until = $1 WHERE id = $2 AND state IN ('checking', 'applying') AND lease_until < $3")
        .bind(lease_until)
        .bind(&id)
        .bind(now)
        .execute(&db.pool)
        .await?;
    Ok((done.rows_affected() == 1).then_some(id))
}

/// Records the check's progress and renews the lease.
pub async fn update_checked(db: &Db, id: &str, total: i64, checked: i64, lease_until: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE catalog_imports SET total = $1, checked = $2, lease_until = $3 WHERE id = $4")
        .bind(total)
        .bind(checked)
        .bind(lease_until)
        .bind(id)
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// The dry run's outcome: the job waits in `checked` for staff to apply it.
pub async fn update_check_finished(db: &Db, id: &str, total: i64, to_apply: i64, summary_json: &str, errors_json: &str, error_count: i64) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE catalog_imports SET state = 'checked', total = $1, checked = $1, to_apply = $2, summary_json = $3, errors_json = $4, \
           error_count = $5, lease_until = 0 WHERE id = $6 AND state = 'checking'",
    )
    .bind(total)
    .bind(to_apply)
    .bind(summary_json)
    .bind(errors_json)
    .bind(error_count)
    .bind(id)
    .execute(&db.pool)
    .await?;
    Ok(())
}

/// `checked` → `applying`, for the caller until `lease_until`; false when it was not `checked`.
pub async fn update_start_apply(db: &Db, channel_id: &ChannelId, id: &str, only_clean: bool, lease_until: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE catalog_imports SET state = 'applying', only_clean = $1, applied = 0, position = 0, lease_until = $2 \
         WHERE channel_id = $3 AND id = $4 AND state = 'checked'",
    )
    .bind(i64::from(only_clean))
    .bind(lease_until)
    .bind(channel_id)
    .bind(id)
    .execute(&db.pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// A batch applied, in the batch's own transaction so a restart resumes exactly after it;
/// false when the job is no longer at `from` (another runner took it).
pub async fn update_applied(tx: &mut Tx, id: &str, from: i64, applied: i64, position: i64, lease_until: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE catalog_imports SET applied = applied + $1, position = $2, lease_until = $3 WHERE id = $4 AND position = $5 AND state = 'applying'",
    )
    .bind(applied)
    .bind(position)
    .bind(lease_until)
    .bind(id)
    .bind(from)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// The job's end: `done` or `failed`, with the errors met while applying added.
pub async fn update_finished(db: &Db, id: &str, state: &str, errors_json: &str, error_count: i64, message: Option<&str>, now: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE catalog_imports SET state = $1, errors_json = $2, error_count = $3, message = $4, finished_at = $5, lease_until = 0 WHERE id = $6")
        .bind(state)
        .bind(errors_json)
        .bind(error_count)
        .bind(message)
        .bind(now)
        .bind(id)
        .execute(&db.pool)
        .await?;
    Ok(())
}
