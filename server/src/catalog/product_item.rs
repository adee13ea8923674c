//! A product as lists show it ([`ProductItem`]): the catalogue's lists and product page, and
//! the lists of other features (collections, histories, stylists' picks) build it the same
//! way, for a whole page of rows at once.
use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde::Serialize;

use super::availability::{StockStatus, is_on_sale};
use super::store::{self, products::ProductRow};
use crate::infra::db::Db;
use crate::infra::ids::ChannelId;

/// A maker, brand or category as a product names it.
#[derive(Clone, Serialize, utoipa::ToSchema)]
pub struct NamedRef {
    pub key: String,
    pub name: String,
}

#[derive(Clone, Serialize, utoipa::ToSchema)]
pub struct Image {
    /// Site-relative path of the picture (for a photo, its widest variant).
    pub url: String,
    pub alt: String,
    /// The photo's variants for `<img srcset>` (`/media/… 240w, …`); None for a drawn SVG.
    pub srcset: Option<String>,
}

impl Image {
    pub fn new(url: String, alt: String) -> Image {
        Image { srcset: super::photos::srcset_of(&url), url, alt }
    }
}

/// A product as lists show it.
#[derive(Clone, Serialize, utoipa::ToSchema)]
pub struct ProductItem {
    pub id: String,
    pub key: String,
    pub name: String,
    pub code: String,
    /// Tax-included price in yen (総額表示).
    pub product_price: i64,
    /// The former tax-included price, shown struck through.
    pub before_price: Option<i64>,
    /// Consumption tax rate in percent: 10, or 8 for reduced-rate items (food and drink).
    pub tax_rate: i64,
    pub brand: Option<NamedRef>,
    pub maker: Option<NamedRef>,
    pub categories: Vec<NamedRef>,
    /// The main picture.
    pub image: Option<Image>,
    /// Whether the logged-in member keeps the product in a favourites list (`favorite_overlay`); false for visitors.
    pub is_favorite: bool,
    pub stock_status: StockStatus,
    /// False before the sale starts and after it ends.
    pub is_on_sale: bool,
}

/// Product rows (which bring their main image) with their categories, fetched for the whole
/// page at once.
pub async fn product_items(db: &Db, rows: Vec<ProductRow>, now: i64) -> sqlx::Result<Vec<ProductItem>> {
    let ids: Vec<String> = rows.iter().map(|r| r.id.clone()).collect();
    let mut categories: HashMap<String, Vec<NamedRef>> = HashMap::new();
    for row in store::products::list_categories_of(db, &ids).await? {
        categories.entry(row.product_id).or_default().push(NamedRef { key: row.category_key, name: row.name });
    }
    Ok(rows
        .into_iter()
        .map(|row| ProductItem {
            categories: categories.remove(&row.id).unwrap_or_default(),
            // The main image comes with the row (PRODUCT_COLUMNS): one query fewer per list.
            image: row.image_url.zip(row.image_alt).map(|(url, alt)| Image::new(url, alt)),
            is_on_sale: is_on_sale(row.sale_start, row.sale_end, now),
            stock_status: StockStatus::of(row.stock),
            brand: NamedRef::of(row.brand_key, row.brand_name),
            maker: NamedRef::of(row.maker_key, row.maker_name),
            id: row.id,
            key: row.product_key,
            name: row.name,
            code: row.code,
            product_price: row.price,
            before_price: row.before_price,
            tax_rate: row.tax_rate,
            is_favorite: false,
        })
        .collect())
}

impl NamedRef {
    /// The reference when the row has both its key and its name (a left join may give neither).
    pub fn of(key: Option<String>, name: Option<String>) -> Option<Self> {
        Some(NamedRef { key: key?, name: name? })
    }
}

/// Products as lists show them, by id, each kept for `fresh_for` after it was read: a keyword
/// page names its products by id (the index answers the order), and the same popular products
/// head many pages (each keyword with its filters, sorts and page numbers), so most of a first-
/// time search's page is already here and the database reads only the rest. Half the read
/// cache's second, so that a page built from kept products is still at most about a second
/// behind the database, as the read cache promises.
#[derive(Clone)]
pub struct ItemCache {
    entries: Arc<quick_cache::sync::Cache<String, Arc<KeptItem>>>,
    fresh_for: Duration,
}

struct KeptItem {
    channel_id: ChannelId,
    item: ProductItem,
    /// The sale period, so that `is_on_sale` is decided at each use.
    sale: (Option<i64>, Option<i64>),
    loaded_at: Instant,
}

impl ItemCache {
    /// Holds about `capacity` products.
    pub fn new(capacity: usize, fresh_for: Duration) -> Self {
        ItemCache { entries: Arc::new(quick_cache::sync::Cache::new(capacity)), fresh_for }
    }

    /// The channel's products among `ids`, in the order of `ids` (an id that is not the
    /// channel's product is left out), as [`store::products::list_products_in_order`] and
    /// [`product_items`] would give them.
    pub async fn in_order(&self, db: &Db, channel_id: &ChannelId, ids: &[String], now: i64) -> sqlx::Result<Vec<ProductItem>> {
        let mut items: Vec<Option<ProductItem>> = ids.iter().map(|id| self.fresh(channel_id, id, now)).collect();
        let missing: Vec<String> = ids.iter().zip(&items).filter(|(_, item)| item.is_none()).map(|(id, _)| id.clone()).collect();
        if !missing.is_empty() {
            let rows = store::products::list_products_in_order(db, channel_id, &missing).await?;
            let sales: Vec<(Option<i64>, Option<i64>)> = rows.iter().map(|row| (row.sale_start, row.sale_end)).collect();
            let loaded_at = Instant::now();
            for (item, sale) in product_items(db, rows, now).await?.into_iter().zip(sales) {
                let kept = KeptItem { channel_id: channel_id.clone(), item: item.clone(), sale, loaded_at };
                self.entries.insert(item.id.clone(), Arc::new(kept));
                if let Some(slot) = ids.iter().position(|id| *id == item.id) {
                    items[slot] = Some(item);
                }
            }
        }
        Ok(items.into_iter().flatten().collect())
    }

    fn fresh(&self, channel_id: &ChannelId, id: &str, now: i64) -> Option<ProductItem> {
        let kept = self.entries.get(id)?;
        if kept.loaded_at.elapsed() >= self.fresh_for || kept.channel_id != *channel_id {
            return None;
        }
        Some(ProductItem { is_on_sale: is_on_sale(kept.sale.0, kept.sale.1, now), ..kept.item.clone() })
    }
}
