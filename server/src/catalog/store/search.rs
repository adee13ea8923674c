//! What the keyword index reads (`catalog/search_index.rs`).
use crate::infra::ids::ChannelId;

use super::sql::Sql;
use crate::infra::db::Db;

// Every write that changes what a product's
// document holds stamps `updated_at`: the product's own columns and its category and tag links
// on `products`, stock on `product_variations` (stock.rs). A stamp only grows — `CASE WHEN updated_at < $now THEN $now ELSE
// updated_at + 1 END` — so that two writes in one millisecond, or a writer whose clock is
// behind, still move it. Each instance's index polls these stamps.

/// What the search index holds of a product, every channel's, listable or not (the index
/// applies the list rules itself): its words, what lists filter and sort by, and its stamps.
#[derive(Debug, Default, sqlx::FromRow)]
pub struct SearchDocumentRow {
    pub id: String,
    pub channel_id: ChannelId,
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
