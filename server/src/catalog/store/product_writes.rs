//! Writing products (the demo seed today, an import later; callers make the ids), editing
//! one, and their links.
use crate::infra::ids::ChannelId;

use super::products::Link;
use super::sql::{Arg, insert_rows, maybe_int, maybe_text, text};
use crate::infra::db::{Tx, flag};
use crate::infra::ids::new_id;

use crate::infra::search_text;

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

/// Products with their category, tags, variations, images and reviews; the caller made the
/// product ids, the rest get theirs here. `now` stamps them for the search index.
pub async fn insert_products(tx: &mut Tx, channel_id: &ChannelId, products: &[NewProduct], now: i64) -> sqlx::Result<()> {
    let channel = || text(channel_id);
    let mut product_rows = Vec::new();
    let (mut category_rows, mut tag_rows, mut variation_rows, mut image_rows, mut review_rows) = (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
    // Each variation's first stock is its ledger's first line (入荷 初期在庫).
    let mut movement_rows = Vec::new();
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
            let variation_id = new_id();
            movement_rows.push(vec![
                text(&new_id()),
                channel(),
                text(&variation_id),
                text(super::stock::StockReason::Arrival.code()),
                Arg::Int(v.stock_quantity),
                Arg::Int(v.stock_quantity),
                Arg::Int(v.stock_quantity),
                Arg::Int(v.stock_quantity),
                text("初期在庫"),
                Arg::Int(p.created_at),
            ]);
            variation_rows.push(vec![
                text(&variation_id),
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
    insert_rows(
        tx,
        "stock_movements (id, channel_id, variation_id, reason, available_delta, on_hand_delta, available_after, on_hand_after, note, at)",
        movement_rows,
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
pub async fn update_product(tx: &mut Tx, channel_id: &ChannelId, id: &str, edit: &ProductEdit, now: i64) -> sqlx::Result<bool> {
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

/// Derives each product's search words again and stamps it, so every instance's keyword index
/// reads it anew (after a maker, brand or category it names was renamed, moved or deleted).
pub(super) async fn refresh_search_words(tx: &mut Tx, ids: &[String], now: i64) -> sqlx::Result<()> {
    for id in ids {
        update_search_words(tx, id).await?;
        sqlx::query("UPDATE products SET updated_at = CASE WHEN updated_at < $1 THEN $1 ELSE updated_at + 1 END WHERE id = $2")
            .bind(now)
            .bind(id)
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
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
pub(super) async fn update_search_words(tx: &mut Tx, id: &str) -> sqlx::Result<()> {
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

/// Links of one kind, as (product id, linked product id); their order is kept per product.
pub async fn insert_links(tx: &mut Tx, channel_id: &ChannelId, link: Link, links: &[(String, String)]) -> sqlx::Result<()> {
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
