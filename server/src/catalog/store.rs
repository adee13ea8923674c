//! Every SQL statement of the catalogue. Listing queries are assembled from the checked
//! [`ProductFilter`]: only fixed SQL fragments are concatenated, every value is a bound `$n`.
use sqlx::any::AnyArguments;
use sqlx::{Any, Arguments};

use super::filter::{ProductFilter, Sort};
use super::search_text;
use crate::infra::db::{Db, Tx, flag};
use crate::infra::ids::new_id;
use crate::infra::pagination::Page;

/// The category trees a channel keeps.
pub const PRODUCTS_TABLE: &str = "products";

// ---------------------------------------------------------------------------------------------
// Dynamic SQL: placeholders are numbered as values are added, because sqlx Any passes the
// text through unchanged and PostgreSQL needs `$n` (SQLite accepts it too).

#[derive(Clone)]
enum Arg {
    Text(String),
    Int(i64),
    NullText,
    NullInt,
}

#[derive(Default)]
struct Sql {
    text: String,
    args: Vec<Arg>,
}

impl Sql {
    fn push(&mut self, fragment: &str) -> &mut Self {
        self.text.push_str(fragment);
        self
    }

    fn text(&mut self, value: &str) -> &mut Self {
        self.args.push(Arg::Text(value.to_owned()));
        self.text.push_str(&format!("${}", self.args.len()));
        self
    }

    fn int(&mut self, value: i64) -> &mut Self {
        self.args.push(Arg::Int(value));
        self.text.push_str(&format!("${}", self.args.len()));
        self
    }

    fn value(&mut self, value: &Arg) -> &mut Self {
        self.args.push(value.clone());
        self.text.push_str(&format!("${}", self.args.len()));
        self
    }

    /// `$a, $b, …` for an `IN (…)` list.
    fn texts(&mut self, values: &[String]) -> &mut Self {
        for (index, value) in values.iter().enumerate() {
            if index > 0 {
                self.push(", ");
            }
            self.text(value);
        }
        self
    }

    fn arguments(&self) -> sqlx::Result<AnyArguments> {
        let mut arguments = AnyArguments::default();
        for arg in &self.args {
            match arg {
                Arg::Text(value) => arguments.add(value.clone()),
                Arg::Int(value) => arguments.add(*value),
                Arg::NullText => arguments.add(Option::<String>::None),
                Arg::NullInt => arguments.add(Option::<i64>::None),
            }
            .map_err(sqlx::Error::Encode)?;
        }
        Ok(arguments)
    }

    async fn fetch_all<O>(&self, db: &Db) -> sqlx::Result<Vec<O>>
    where
        O: for<'r> sqlx::FromRow<'r, sqlx::any::AnyRow> + Send + Unpin,
    {
        sqlx::query_as_with::<Any, O, _>(sqlx::AssertSqlSafe(self.text.clone()), self.arguments()?).fetch_all(&db.pool).await
    }

    async fn fetch_count(&self, db: &Db) -> sqlx::Result<i64> {
        sqlx::query_scalar_with::<Any, i64, _>(sqlx::AssertSqlSafe(self.text.clone()), self.arguments()?).fetch_one(&db.pool).await
    }
}

// ---------------------------------------------------------------------------------------------
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
}

#[derive(Debug, sqlx::FromRow)]
pub struct ProductDetailRow {
    #[sqlx(flatten)]
    pub card: ProductRow,
    pub description: String,
}

pub(crate) const PRODUCT_COLUMNS: &str = "p.id, p.product_key, p.code, p.name, p.price, p.before_price, p.tax_rate, \
     p.sale_start, p.sale_end, m.maker_key, m.name AS maker_name, b.brand_key, b.name AS brand_name, \
     (SELECT CAST(COALESCE(SUM(v.stock_quantity), 0) AS BIGINT) FROM product_variations v \
      WHERE v.product_id = p.id) AS stock";

/// The channel test of a query that names its products by id, followed by the channel's id.
/// `|| ''` keeps SQLite from answering it through an index that starts with the channel (it
/// guesses an equality is selective), which walked every product of the channel to find 20
/// ids: 41 ms at 100k products, the whole cost of a first-time keyword search. The ids' own
/// index answers instead, as PostgreSQL's planner chooses anyway.
pub(crate) const CHANNEL_OF_IDS: &str = "p.channel_id || '' = ";

pub(crate) const PRODUCT_FROM: &str = "products p LEFT JOIN makers m ON m.id = p.maker_id LEFT JOIN brands b ON b.id = p.brand_id";

/// Published and inside the sale period at `now`: what lists may show.
fn push_listable(sql: &mut Sql, channel_id: &str, now: i64) {
    sql.push("p.channel_id = ").text(channel_id);
    sql.push(" AND p.is_published = 1 AND (p.sale_start IS NULL OR p.sale_start <= ").int(now);
    sql.push(") AND (p.sale_end IS NULL OR p.sale_end > ").int(now).push(")");
}

/// The filtered page of listable products and how many there are in all. `category_ids` are
/// the ids the category filter resolved to (see [`list_category_ids`]). Keyword lists are
/// answered by `search_index` instead, which hands their page's ids to [`list_products_in_order`].
pub async fn list_products(
    db: &Db,
    channel_id: &str,
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
pub async fn list_products_in_order(db: &Db, channel_id: &str, ids: &[String]) -> sqlx::Result<Vec<ProductRow>> {
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
pub async fn list_published_products_by_ids(db: &Db, channel_id: &str, ids: &[String]) -> sqlx::Result<Vec<ProductRow>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let mut sql = Sql::default();
    sql.push(&format!("SELECT {PRODUCT_COLUMNS} FROM {PRODUCT_FROM} WHERE p.is_published = 1 AND {CHANNEL_OF_IDS}"));
    sql.text(channel_id).push(" AND p.id IN (");
    sql.texts(ids).push(")");
    sql.fetch_all(db).await
}

fn push_filter(sql: &mut Sql, channel_id: &str, filter: &ProductFilter, category_ids: Option<&[String]>) {
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

// ---------------------------------------------------------------------------------------------
// What the keyword index reads (search_index.rs). Every write that changes what a product's
// document holds stamps `updated_at`: the product's own columns and its category and tag links
// on `products`, stock on `product_variations` (orders/store.rs takes and returns stock, and
// stamps it too). A stamp only grows — `CASE WHEN updated_at < $now THEN $now ELSE
// updated_at + 1 END` — so that two writes in one millisecond, or a writer whose clock is
// behind, still move it. Each instance's index polls these stamps.

/// What the search index holds of a product, every channel's, listable or not (the index
/// applies the list rules itself): its words, what lists filter and sort by, and its stamps.
#[derive(Debug, Default, sqlx::FromRow)]
pub struct SearchDocumentRow {
    pub id: String,
    pub channel_id: String,
    pub search_name: String,
    pub search_text: String,
    pub popularity: i64,
    pub price: i64,
    pub created_at: i64,
    pub is_published: i64,
    pub sale_start: Option<i64>,
    pub sale_end: Option<i64>,
    pub maker_id: Option<String>,
    pub brand_id: Option<String>,
    /// 1 when a variation has stock (quantities are never negative).
    pub in_stock: i64,
    pub updated_at: i64,
    /// The sum of its variations' `updated_at`: moves when any of them moves.
    pub variations_stamp: i64,
    #[sqlx(skip)]
    pub category_ids: Vec<String>,
    #[sqlx(skip)]
    pub tag_ids: Vec<String>,
}

const SEARCH_DOCUMENT_COLUMNS: &str = "p.id, p.channel_id, p.search_name, p.search_text, p.popularity, p.price, p.created_at, p.is_published, \
     p.sale_start, p.sale_end, p.maker_id, p.brand_id, \
     CAST(CASE WHEN EXISTS (SELECT 1 FROM product_variations v WHERE v.product_id = p.id AND v.stock_quantity > 0) THEN 1 ELSE 0 END AS BIGINT) AS in_stock, \
     p.updated_at, (SELECT CAST(COALESCE(SUM(v.updated_at), 0) AS BIGINT) FROM product_variations v WHERE v.product_id = p.id) AS variations_stamp";

/// Ids per statement when documents are read by id.
const IDS_PER_SELECT: usize = 500;

/// Every product's search document.
pub async fn list_search_documents(db: &Db) -> sqlx::Result<Vec<SearchDocumentRow>> {
    let sql = format!("SELECT {SEARCH_DOCUMENT_COLUMNS} FROM products p");
    let mut documents: Vec<SearchDocumentRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql)).fetch_all(&db.pool).await?;
    let categories: Vec<(String, String)> = sqlx::query_as("SELECT product_id, category_id FROM product_categories").fetch_all(&db.pool).await?;
    let tags: Vec<(String, String)> = sqlx::query_as("SELECT product_id, tag_id FROM product_tags").fetch_all(&db.pool).await?;
    attach_links(&mut documents, categories, tags);
    Ok(documents)
}

/// The search documents of those products among `ids` that still exist.
pub async fn list_search_documents_by_ids(db: &Db, ids: &[String]) -> sqlx::Result<Vec<SearchDocumentRow>> {
    let mut documents = Vec::with_capacity(ids.len());
    for chunk in ids.chunks(IDS_PER_SELECT) {
        let of_chunk = |select: &str| {
            let mut sql = Sql::default();
            sql.push(select).push(" (");
            sql.texts(chunk).push(")");
            sql
        };
        let mut found: Vec<SearchDocumentRow> = of_chunk(&format!("SELECT {SEARCH_DOCUMENT_COLUMNS} FROM products p WHERE p.id IN")).fetch_all(db).await?;
        let categories = of_chunk("SELECT product_id, category_id FROM product_categories WHERE product_id IN").fetch_all(db).await?;
        let tags = of_chunk("SELECT product_id, tag_id FROM product_tags WHERE product_id IN").fetch_all(db).await?;
        attach_links(&mut found, categories, tags);
        documents.append(&mut found);
    }
    Ok(documents)
}

fn attach_links(documents: &mut [SearchDocumentRow], categories: Vec<(String, String)>, tags: Vec<(String, String)>) {
    let position: std::collections::HashMap<String, usize> = documents.iter().enumerate().map(|(i, d)| (d.id.clone(), i)).collect();
    for (product_id, category_id) in categories {
        if let Some(&i) = position.get(&product_id) {
            documents[i].category_ids.push(category_id);
        }
    }
    for (product_id, tag_id) in tags {
        if let Some(&i) = position.get(&product_id) {
            documents[i].tag_ids.push(tag_id);
        }
    }
}

/// A product's stamps, as [`SearchDocumentRow`] holds them.
#[derive(Debug, sqlx::FromRow)]
pub struct SearchStampRow {
    pub id: String,
    pub updated_at: i64,
    pub variations_stamp: i64,
}

/// The stamps of every product, or with `since` of those whose row or a variation of which
/// was stamped after it (an index on each `updated_at` finds them).
pub async fn list_search_stamps(db: &Db, since: Option<i64>) -> sqlx::Result<Vec<SearchStampRow>> {
    let mut sql = Sql::default();
    sql.push("SELECT p.id, p.updated_at, CAST(COALESCE(SUM(v.updated_at), 0) AS BIGINT) AS variations_stamp FROM ");
    if let Some(since) = since {
        sql.push("(SELECT id FROM products WHERE updated_at > ").int(since);
        sql.push(" UNION SELECT product_id FROM product_variations WHERE updated_at > ").int(since);
        sql.push(") c JOIN products p ON p.id = c.id");
    } else {
        sql.push("products p");
    }
    sql.push(" LEFT JOIN product_variations v ON v.product_id = p.id GROUP BY p.id, p.updated_at");
    sql.fetch_all(db).await
}

/// How many products there are, every channel's: fewer than the index holds means some were
/// deleted, which leaves no stamp.
pub async fn count_products(db: &Db) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COUNT(*) FROM products").fetch_one(&db.pool).await
}

/// The id of the channel's maker `key`.
pub async fn find_maker_id(db: &Db, channel_id: &str, key: &str) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("SELECT id FROM makers WHERE channel_id = $1 AND maker_key = $2").bind(channel_id).bind(key).fetch_optional(&db.pool).await
}

/// The id of the channel's brand `key`.
pub async fn find_brand_id(db: &Db, channel_id: &str, key: &str) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("SELECT id FROM brands WHERE channel_id = $1 AND brand_key = $2").bind(channel_id).bind(key).fetch_optional(&db.pool).await
}

/// A published product of the channel by key, whatever its sale period (the detail page shows
/// upcoming and ended products, marked as not on sale).
/// The key of a published product of the channel, by id.
pub async fn find_product_key_by_id(db: &Db, channel_id: &str, id: &str) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("SELECT product_key FROM products WHERE channel_id = $1 AND id = $2 AND is_published = 1")
        .bind(channel_id)
        .bind(id)
        .fetch_optional(&db.pool)
        .await
}

pub async fn find_product_by_key(db: &Db, channel_id: &str, key: &str) -> sqlx::Result<Option<ProductDetailRow>> {
    sqlx::query_as::<_, ProductDetailRow>(sqlx::AssertSqlSafe(format!(
        "SELECT {PRODUCT_COLUMNS}, p.description FROM {PRODUCT_FROM} \
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
pub async fn list_linked_products(db: &Db, channel_id: &str, product_id: &str, link: Link, now: i64) -> sqlx::Result<Vec<ProductRow>> {
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

// ---------------------------------------------------------------------------------------------
// Reviews

#[derive(Debug, sqlx::FromRow)]
pub struct ReviewRow {
    pub id: String,
    pub rating: i64,
    pub title: String,
    pub body: String,
    pub nickname: String,
    pub is_purchaser: i64,
    pub created_at: i64,
}

/// Published reviews of a product, newest first.
pub async fn list_reviews(db: &Db, product_id: &str, page: Page) -> sqlx::Result<(Vec<ReviewRow>, i64)> {
    let total: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM product_reviews WHERE product_id = $1 AND is_published = 1").bind(product_id).fetch_one(&db.pool).await?;
    let rows = sqlx::query_as::<_, ReviewRow>(
        "SELECT id, rating, title, body, nickname, is_purchaser, created_at FROM product_reviews \
         WHERE product_id = $1 AND is_published = 1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3",
    )
    .bind(product_id)
    .bind(page.per)
    .bind(page.offset())
    .fetch_all(&db.pool)
    .await?;
    Ok((rows, total))
}

pub struct NewMemberReview<'a> {
    pub id: &'a str,
    pub channel_id: &'a str,
    pub product_id: &'a str,
    pub user_id: &'a str,
    pub rating: i64,
    pub title: &'a str,
    pub body: &'a str,
    pub nickname: &'a str,
    pub is_purchaser: bool,
    pub is_published: bool,
}

/// A member's review; false when the member already reviewed the product (nothing changes).
pub async fn insert_member_review(tx: &mut Tx, review: &NewMemberReview<'_>, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "INSERT INTO product_reviews (id, channel_id, product_id, user_id, rating, title, body, nickname, is_purchaser, is_published, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (product_id, user_id) DO NOTHING",
    )
    .bind(review.id)
    .bind(review.channel_id)
    .bind(review.product_id)
    .bind(review.user_id)
    .bind(review.rating)
    .bind(review.title)
    .bind(review.body)
    .bind(review.nickname)
    .bind(flag(review.is_purchaser))
    .bind(flag(review.is_published))
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() > 0)
}

/// (count, sum of ratings) of a product's published reviews. The average is taken in Rust:
/// PostgreSQL's AVG answers NUMERIC, which sqlx Any cannot decode.
pub async fn find_review_totals(db: &Db, product_id: &str) -> sqlx::Result<(i64, i64)> {
    sqlx::query_as::<_, (i64, i64)>(
        "SELECT COUNT(*), CAST(COALESCE(SUM(rating), 0) AS BIGINT) FROM product_reviews \
         WHERE product_id = $1 AND is_published = 1",
    )
    .bind(product_id)
    .fetch_one(&db.pool)
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

// ---------------------------------------------------------------------------------------------
// Categories, makers, brands, tags

#[derive(Debug, sqlx::FromRow)]
pub struct CategoryRow {
    pub id: String,
    pub category_key: String,
    pub name: String,
    pub parent_id: Option<String>,
    pub position: i64,
}

/// A channel's whole tree for one table, parents before children, siblings in order.
pub async fn list_categories<'e, E: sqlx::Executor<'e, Database = Any>>(executor: E, channel_id: &str, table: &str) -> sqlx::Result<Vec<CategoryRow>> {
    sqlx::query_as::<_, CategoryRow>(
        "SELECT id, category_key, name, parent_id, position FROM categories \
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
    channel_id: &str,
    table: &str,
    id: &str,
) -> sqlx::Result<Option<CategoryRow>> {
    sqlx::query_as::<_, CategoryRow>("SELECT id, category_key, name, parent_id, position FROM categories WHERE channel_id = $1 AND table_name = $2 AND id = $3")
        .bind(channel_id)
        .bind(table)
        .bind(id)
        .fetch_optional(executor)
        .await
}

// The contact form's topics: a flat tree of table `inquiries`, which the inquiries feature's
// staff screens edit through these functions (one owner per table).

/// Adds a top-level category of `table` after the last one; returns its position.
pub async fn insert_top_category(tx: &mut Tx, channel_id: &str, table: &str, id: &str, key: &str, name: &str) -> sqlx::Result<i64> {
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
pub async fn update_category(tx: &mut Tx, channel_id: &str, table: &str, id: &str, name: Option<&str>, position: Option<i64>) -> sqlx::Result<bool> {
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
pub async fn delete_category(tx: &mut Tx, channel_id: &str, table: &str, id: &str) -> sqlx::Result<bool> {
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
pub async fn list_category_ids(db: &Db, channel_id: &str, key: &str, with_descendants: bool) -> sqlx::Result<Vec<String>> {
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

pub async fn list_makers(db: &Db, channel_id: &str, page: Page) -> sqlx::Result<(Vec<MakerRow>, i64)> {
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

pub async fn find_maker_by_key(db: &Db, channel_id: &str, key: &str) -> sqlx::Result<Option<MakerRow>> {
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

pub async fn list_brands(db: &Db, channel_id: &str, page: Page) -> sqlx::Result<(Vec<BrandRow>, i64)> {
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

pub async fn list_tags(db: &Db, channel_id: &str, page: Page) -> sqlx::Result<(Vec<TagRow>, i64)> {
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

pub async fn find_tag_by_key(db: &Db, channel_id: &str, key: &str) -> sqlx::Result<Option<TagRow>> {
    sqlx::query_as::<_, TagRow>("SELECT id, tag_key, name, password_hash FROM tags WHERE channel_id = $1 AND tag_key = $2")
        .bind(channel_id)
        .bind(key)
        .fetch_optional(&db.pool)
        .await
}

// ---------------------------------------------------------------------------------------------
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

pub async fn insert_category(tx: &mut Tx, channel_id: &str, category: &NewCategory<'_>) -> sqlx::Result<()> {
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

pub async fn insert_maker(tx: &mut Tx, channel_id: &str, maker: &NewMaker<'_>) -> sqlx::Result<()> {
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

pub async fn insert_brand(tx: &mut Tx, channel_id: &str, brand: &NewBrand<'_>) -> sqlx::Result<()> {
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

pub async fn insert_tag(tx: &mut Tx, channel_id: &str, id: &str, key: &str, name: &str, position: i64) -> sqlx::Result<()> {
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
pub async fn update_tag_password(tx: &mut Tx, channel_id: &str, key: &str, password_hash: Option<&str>) -> sqlx::Result<()> {
    sqlx::query("UPDATE tags SET password_hash = $1 WHERE channel_id = $2 AND tag_key = $3")
        .bind(password_hash)
        .bind(channel_id)
        .bind(key)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// A product row; many are written at once by [`insert_products`].
pub struct NewProduct {
    pub id: String,
    pub key: String,
    pub code: String,
    pub name: String,
    pub description: String,
    pub maker_id: Option<String>,
    pub brand_id: Option<String>,
    pub tax_rate: i64,
    pub price: i64,
    pub before_price: Option<i64>,
    pub sale_start: Option<i64>,
    pub sale_end: Option<i64>,
    pub is_published: bool,
    pub popularity: i64,
    pub created_at: i64,
    /// Normalised by [`super::search_text::normalise`].
    pub search_name: String,
    /// Normalised by [`super::search_text::product_search_text`].
    pub search_text: String,
    /// The category the product hangs from (a leaf).
    pub category_id: String,
    pub tag_ids: Vec<String>,
    pub variations: Vec<NewVariation>,
    /// (url, alt), main picture first.
    pub images: Vec<(String, String)>,
    pub reviews: Vec<NewReview>,
}

pub struct NewVariation {
    pub key: String,
    pub name: String,
    pub size: Option<String>,
    pub color: Option<String>,
    pub price: i64,
    pub stock_quantity: i64,
}

pub struct NewReview {
    pub rating: i64,
    pub title: String,
    pub body: String,
    pub nickname: String,
    pub created_at: i64,
    pub is_published: bool,
}

/// Rows per INSERT statement: each batch is one round trip, and 200 rows stay far below
/// both databases' limits on bound values.
const ROWS_PER_INSERT: usize = 200;

/// `INSERT INTO <table> (<columns>) VALUES (…), (…)`, in batches.
async fn insert_rows(tx: &mut Tx, into: &str, rows: Vec<Vec<Arg>>) -> sqlx::Result<()> {
    for batch in rows.chunks(ROWS_PER_INSERT) {
        let mut sql = Sql::default();
        sql.push("INSERT INTO ").push(into).push(" VALUES ");
        for (index, row) in batch.iter().enumerate() {
            sql.push(if index == 0 { "(" } else { ", (" });
            for (column, value) in row.iter().enumerate() {
                if column > 0 {
                    sql.push(", ");
                }
                sql.value(value);
            }
            sql.push(")");
        }
        sqlx::query_with(sqlx::AssertSqlSafe(sql.text.clone()), sql.arguments()?).execute(&mut **tx).await?;
    }
    Ok(())
}

fn text(value: &str) -> Arg {
    Arg::Text(value.to_owned())
}

fn maybe_text(value: Option<&String>) -> Arg {
    value.map_or(Arg::NullText, |v| text(v))
}

fn maybe_int(value: Option<i64>) -> Arg {
    value.map_or(Arg::NullInt, Arg::Int)
}

/// Products with their category, tags, variations, images and reviews; the caller made the
/// product ids, the rest get theirs here. `now` stamps them for the search index.
pub async fn insert_products(tx: &mut Tx, channel_id: &str, products: &[NewProduct], now: i64) -> sqlx::Result<()> {
    let channel = || text(channel_id);
    let mut product_rows = Vec::new();
    let (mut category_rows, mut tag_rows, mut variation_rows, mut image_rows, mut review_rows) = (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for p in products {
        product_rows.push(vec![
            text(&p.id),
            channel(),
            text(&p.key),
            text(&p.code),
            text(&p.name),
            text(&p.description),
            maybe_text(p.maker_id.as_ref()),
            maybe_text(p.brand_id.as_ref()),
            Arg::Int(p.tax_rate),
            Arg::Int(p.price),
            maybe_int(p.before_price),
            maybe_int(p.sale_start),
            maybe_int(p.sale_end),
            Arg::Int(flag(p.is_published)),
            Arg::Int(p.popularity),
            Arg::Int(p.created_at),
            text(&p.search_name),
            text(&p.search_text),
            Arg::Int(now),
        ]);
        category_rows.push(vec![channel(), text(&p.id), text(&p.category_id), Arg::Int(0)]);
        for tag_id in &p.tag_ids {
            tag_rows.push(vec![channel(), text(&p.id), text(tag_id)]);
        }
        for (position, v) in p.variations.iter().enumerate() {
            variation_rows.push(vec![
                text(&new_id()),
                channel(),
                text(&p.id),
                text(&v.key),
                text(&v.name),
                maybe_text(v.size.as_ref()),
                maybe_text(v.color.as_ref()),
                Arg::Int(v.price),
                Arg::Int(v.stock_quantity),
                Arg::Int(position as i64),
                Arg::Int(now),
            ]);
        }
        for (position, (url, alt)) in p.images.iter().enumerate() {
            image_rows.push(vec![text(&new_id()), channel(), text(&p.id), text(url), text(alt), Arg::Int(position as i64)]);
        }
        for r in &p.reviews {
            review_rows.push(vec![
                text(&new_id()),
                channel(),
                text(&p.id),
                Arg::Int(r.rating),
                text(&r.title),
                text(&r.body),
                text(&r.nickname),
                Arg::Int(r.created_at),
                Arg::Int(flag(r.is_published)),
            ]);
        }
    }
    insert_rows(
        tx,
        "products (id, channel_id, product_key, code, name, description, maker_id, brand_id, tax_rate, \
         price, before_price, sale_start, sale_end, is_published, popularity, created_at, search_name, search_text, updated_at)",
        product_rows,
    )
    .await?;
    insert_rows(tx, "product_categories (channel_id, product_id, category_id, position)", category_rows).await?;
    insert_rows(tx, "product_tags (channel_id, product_id, tag_id)", tag_rows).await?;
    insert_rows(
        tx,
        "product_variations (id, channel_id, product_id, variation_key, name, size_label, color_label, \
         price, stock_quantity, position, updated_at)",
        variation_rows,
    )
    .await?;
    insert_rows(tx, "product_images (id, channel_id, product_id, url, alt, position)", image_rows).await?;
    insert_rows(tx, "product_reviews (id, channel_id, product_id, rating, title, body, nickname, created_at, is_published)", review_rows).await
}

/// What an edit of a product may change; `None` keeps the stored value. No back office calls
/// this yet: it is the one way to edit a product, so that the search words and the stamp the
/// search index follows are never forgotten.
#[derive(Debug, Default)]
pub struct ProductEdit {
    pub name: Option<String>,
    pub description: Option<String>,
    /// Tax-included yen.
    pub price: Option<i64>,
    pub popularity: Option<i64>,
    pub is_published: Option<bool>,
}

/// Edits the channel's product `id` and derives its search words again; false when the
/// channel has no such product.
pub async fn update_product(tx: &mut Tx, channel_id: &str, id: &str, edit: &ProductEdit, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE products SET name = COALESCE($1, name), description = COALESCE($2, description), price = COALESCE($3, price), \
         popularity = COALESCE($4, popularity), is_published = COALESCE($5, is_published), \
         updated_at = CASE WHEN updated_at < $6 THEN $6 ELSE updated_at + 1 END WHERE channel_id = $7 AND id = $8",
    )
    .bind(edit.name.as_deref())
    .bind(edit.description.as_deref())
    .bind(edit.price)
    .bind(edit.popularity)
    .bind(edit.is_published.map(flag))
    .bind(now)
    .bind(channel_id)
    .bind(id)
    .execute(&mut **tx)
    .await?;
    if done.rows_affected() == 0 {
        return Ok(false);
    }
    update_search_words(tx, id).await?;
    Ok(true)
}

#[derive(sqlx::FromRow)]
struct SearchPartsRow {
    name: String,
    code: String,
    maker_name: Option<String>,
    brand_name: Option<String>,
}

/// `search_name` and `search_text` from what they are made of (as the seed makes them): the
/// name, code, maker and brand, the product's categories with every category above them, and
/// its variations' colours.
async fn update_search_words(tx: &mut Tx, id: &str) -> sqlx::Result<()> {
    let parts: SearchPartsRow = sqlx::query_as(
        "SELECT p.name, p.code, m.name AS maker_name, b.name AS brand_name \
         FROM products p LEFT JOIN makers m ON m.id = p.maker_id LEFT JOIN brands b ON b.id = p.brand_id WHERE p.id = $1",
    )
    .bind(id)
    .fetch_one(&mut **tx)
    .await?;
    let mut more: Vec<String> = sqlx::query_scalar(
        "WITH RECURSIVE up (id, parent_id, name, depth) AS ( \
             SELECT c.id, c.parent_id, c.name, 0 FROM product_categories pc JOIN categories c ON c.id = pc.category_id WHERE pc.product_id = $1 \
             UNION ALL \
             SELECT c.id, c.parent_id, c.name, up.depth + 1 FROM categories c JOIN up ON c.id = up.parent_id \
         ) SELECT name FROM up ORDER BY depth",
    )
    .bind(id)
    .fetch_all(&mut **tx)
    .await?;
    let colours: Vec<String> =
        sqlx::query_scalar("SELECT color_label FROM product_variations WHERE product_id = $1 AND color_label IS NOT NULL ORDER BY position")
            .bind(id)
            .fetch_all(&mut **tx)
            .await?;
    more.extend(colours);
    let more: Vec<&str> = more.iter().map(String::as_str).collect();
    let text = search_text::product_search_text(&parts.name, &parts.code, parts.maker_name.as_deref(), parts.brand_name.as_deref(), &more);
    sqlx::query("UPDATE products SET search_name = $1, search_text = $2 WHERE id = $3")
        .bind(search_text::normalise(&parts.name))
        .bind(text)
        .bind(id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Sets the stock of the channel's variation `variation_key` (a stocktake's correction);
/// false when the channel has no such variation.
pub async fn update_variation_stock(tx: &mut Tx, channel_id: &str, variation_key: &str, quantity: i64, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE product_variations SET stock_quantity = $1, updated_at = CASE WHEN updated_at < $2 THEN $2 ELSE updated_at + 1 END \
         WHERE channel_id = $3 AND variation_key = $4",
    )
    .bind(quantity)
    .bind(now)
    .bind(channel_id)
    .bind(variation_key)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Links of one kind, as (product id, linked product id); their order is kept per product.
pub async fn insert_links(tx: &mut Tx, channel_id: &str, link: Link, links: &[(String, String)]) -> sqlx::Result<()> {
    let into = match link {
        Link::Accessories => "product_accessories (channel_id, product_id, accessory_id, position)",
        Link::Recommendations => "product_recommendations (channel_id, product_id, recommended_id, position)",
    };
    let mut position = 0;
    let mut rows = Vec::with_capacity(links.len());
    for (index, (from, to)) in links.iter().enumerate() {
        position = if index > 0 && links[index - 1].0 == *from { position + 1 } else { 0 };
        rows.push(vec![text(channel_id), text(from), text(to), Arg::Int(position)]);
    }
    insert_rows(tx, into, rows).await
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
pub async fn find_picture(db: &Db, channel_id: &str, url: &str) -> sqlx::Result<Option<PictureRow>> {
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
pub async fn list_listable_product_keys(db: &Db, channel_id: &str, now: i64, limit: i64) -> sqlx::Result<Vec<String>> {
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
