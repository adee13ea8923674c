//! Handlers of the catalogue: products (list, detail, links, reviews), the category tree,
//! makers, brands and tags (some protected by a password that opens their product list).
mod admin_csv;
mod admin_grid;
mod admin_photos;
mod admin_products;
mod admin_reviews;
mod admin_stock;
mod admin_taxonomy;

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::availability::StockStatus;
use super::category_tree::{self, CategoryNode, FlatCategory};
use super::filter::{ProductFilter, ProductListQuery};
use super::product_item::{Image, NamedRef, ProductItem, product_items};
use super::store::{self, products::Link, taxonomy::PRODUCTS_TABLE};
use super::tag_password::{self, GRANT_REQUIRED_CODE, GRANT_REQUIRED_MESSAGE, TagPasswordAttempt, TagPasswordInput, WRONG_PASSWORD};
use crate::auth::{Member, OptionalMember};
use crate::catalog::size_purpose::Purpose;
use crate::channel::Channel;
use crate::infra::client::Client;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::{ApiJson, ApiPath, ApiQuery};
use crate::infra::pagination::{AllowAll, DEFAULT_PER, ListBody, Page, PageOrAllQuery, PageQuery, Paginated};
use crate::infra::rate_limit;
use crate::infra::read_cache::CachedAnswer;
use crate::infra::time::Timestamp;
use crate::state::AppState;

/// Product pictures, outside `/v1`: `<img>` tags send no channel header, so the host decides.
pub fn picture_routes() -> axum::Router<AppState> {
    axum::Router::new().route("/images/products/{file}", axum::routing::get(product_picture)).route("/media/{name}", axum::routing::get(media_file))
}

/// A photo variant (catalog/photos.rs) of the shop: content-hashed, so cached for a year.
async fn media_file(State(state): State<AppState>, headers: axum::http::HeaderMap, ApiPath(name): ApiPath<String>) -> ApiResult<axum::response::Response> {
    use axum::http::header;
    use axum::response::IntoResponse;
    if super::photos::parse_name(&name).is_none() {
        return Err(ApiError::not_found());
    }
    let channel = crate::channel::find_for_request(&state, &headers).await?;
    let bytes = state.storage.get(&super::photos::media_key(&channel.id, &name)).await?.ok_or_else(ApiError::not_found)?;
    let headers =
        [(header::CONTENT_TYPE, "image/webp"), (header::CACHE_CONTROL, "public, max-age=31536000, immutable"), (header::X_CONTENT_TYPE_OPTIONS, "nosniff")];
    Ok((headers, bytes).into_response())
}

async fn product_picture(State(state): State<AppState>, headers: axum::http::HeaderMap, ApiPath(file): ApiPath<String>) -> ApiResult<axum::response::Response> {
    use axum::response::IntoResponse;
    let channel = crate::channel::find_for_request(&state, &headers).await?;
    let svg = super::picture::find_svg(&state.db, &channel.id, &file).await?.ok_or_else(ApiError::not_found)?;
    let headers = [(axum::http::header::CONTENT_TYPE, "image/svg+xml; charset=utf-8"), (axum::http::header::CACHE_CONTROL, "public, max-age=86400")];
    Ok((headers, svg).into_response())
}

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(admin_stock::routes())
        .merge(admin_products::routes())
        .merge(admin_taxonomy::routes())
        .merge(admin_reviews::routes())
        .merge(admin_photos::routes())
        .merge(admin_csv::routes())
        .merge(admin_grid::routes())
        .routes(routes!(list_products))
        .routes(routes!(show_product))
        .routes(routes!(list_recommendations))
        .routes(routes!(list_accessories))
        .routes(routes!(list_reviews))
        .routes(routes!(show_category_hierarchy))
        .routes(routes!(list_makers))
        .routes(routes!(show_maker))
        .routes(routes!(list_brands))
        .routes(routes!(list_tags))
        .routes(routes!(unlock_tag))
}

/// The header that carries a grant from `POST /v1/tags/password`.
pub const TAG_GRANT_HEADER: &str = "x-tag-grant";

/// One sellable item of a product (a size/colour, or the product itself when it has none).
#[derive(Serialize, utoipa::ToSchema)]
pub struct Variation {
    pub key: String,
    pub name: String,
    pub size: Option<String>,
    pub color: Option<String>,
    /// Tax-included price in yen.
    pub price: i64,
    pub stock_status: StockStatus,
    /// How many one order line may take now: the stock, at most the cart's 99 (0 when sold
    /// out). Up to a second old, like the rest of the page; the cart checks again.
    pub max_quantity: i64,
}

impl From<store::products::VariationRow> for Variation {
    fn from(row: store::products::VariationRow) -> Self {
        Variation {
            key: row.variation_key,
            name: row.name,
            size: row.size_label,
            color: row.color_label,
            price: row.price,
            stock_status: StockStatus::of(row.stock_quantity),
            max_quantity: row.stock_quantity.clamp(0, super::availability::MAX_QUANTITY),
        }
    }
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct ProductModel {
    pub products: Vec<Variation>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct ReviewSummary {
    /// Published reviews.
    pub count: i64,
    /// Mean rating to one decimal; null without reviews.
    pub average: Option<f64>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct ProductDetail {
    #[serde(flatten)]
    pub item: ProductItem,
    /// As staff wrote it: plain text (paragraphs separated by blank lines) or safe markup.
    pub description: String,
    /// The description as safe HTML to show as it is (plain text made into `<p>` paragraphs).
    pub description_html: String,
    /// Whether the product takes のし and gift wrapping at checkout.
    pub takes_noshi: bool,
    pub takes_wrapping: bool,
    pub images: Vec<Image>,
    pub product_model: ProductModel,
    pub sale_start: Option<Timestamp>,
    pub sale_end: Option<Timestamp>,
    pub review: ReviewSummary,
    /// The sizes by one body measure, for products sold in sizes that have a chart.
    pub size_chart: Option<SizeChart>,
    /// Set when the product can be name-embroidered (名入れ刺繍).
    pub embroidery: Option<ProductEmbroidery>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct ProductEmbroidery {
    /// Tax-included yen per item.
    pub price: i64,
    /// The longest text.
    pub max_chars: i64,
}

/// A product's sizes by one body measure (`measurements::purpose`): the member's latest
/// measurement of `purpose` picks the size whose range holds it.
#[derive(Serialize, utoipa::ToSchema)]
pub struct SizeChart {
    pub purpose: Purpose,
    /// `head`, `hand`, `height` or `inseam`.
    pub measure: String,
    /// 頭囲, 手の長さ …
    pub measure_name: String,
    /// Always `cm`.
    pub unit: String,
    /// Smallest first; `min` inclusive, `max` exclusive, in centimetres.
    pub sizes: Vec<SizeRange>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct SizeRange {
    pub label: String,
    pub min: f64,
    pub max: f64,
}

impl SizeChart {
    fn of(rows: Vec<store::products::SizeRow>) -> Option<SizeChart> {
        let first = rows.first()?;
        let purpose = Purpose::parse(&first.purpose)?;
        let measure = first.measure.clone();
        Some(SizeChart {
            purpose,
            measure_name: Purpose::measure_name(&measure).unwrap_or_default().to_owned(),
            measure,
            unit: "cm".into(),
            sizes: rows.into_iter().map(|r| SizeRange { label: r.label, min: r.min_mm as f64 / 10.0, max: r.max_mm as f64 / 10.0 }).collect(),
        })
    }
}

#[utoipa::path(get, path = "/v1/products", tag = "catalog", params(ProductListQuery,
        ("X-Tag-Grant" = Option<String>, Header, description = "a grant from `POST /v1/tags/password`; needed when `tag` is a protected tag")),
    responses(
        (status = 200, body = ListBody<ProductItem>, description = "published products in their sale period", headers(
            ("x-total" = i64), ("x-per-page" = i64), ("x-last-page" = i64), ("x-current-page" = i64))),
        (status = 403, body = ErrorBody, description = "`tag` is a protected tag and no valid grant for it was sent"),
        (status = 422, body = ErrorBody, description = "a parameter is malformed; `errors` names it"),
    ))]
async fn list_products(
    State(state): State<AppState>,
    channel: Channel,
    uri: axum::http::Uri,
    grant: GrantHeader,
    OptionalMember(member): OptionalMember,
    ApiQuery(query): ApiQuery<ProductListQuery>,
) -> ApiResult<CachedAnswer> {
    // Bad input is answered before the cache, so only real pages are kept.
    let (filter, page) = ProductFilter::parse(&query)?;
    // The cache answers everyone alike: a protected tag's page is shown only after the grant
    // is checked here, so the cached page reaches grant holders only.
    if let Some(tag) = &filter.tag {
        check_tag_grant(&state, &channel, &grant, tag).await?;
    }
    let key = format!("{}|list|{}", channel.id, uri.query().unwrap_or(""));
    let cache = state.catalog_cache.clone();
    let (db, favorites, channel_id) = (state.db.clone(), state.favorites.clone(), channel.id.clone());
    let answer = cache
        .get_or_load(key, move || {
            let (state, channel, filter) = (state.clone(), channel.clone(), filter.clone());
            async move { CachedAnswer::capture(load_product_list(&state, &channel, &filter, page).await?).await }
        })
        .await?;
    favorites.personalise(&db, &channel_id, member.as_ref(), answer).await
}

/// Passes when `tag_key` is not protected (or unknown: its list is empty anyway), or when the
/// request carries a valid grant for exactly this tag of this channel.
/// The `X-Tag-Grant` header alone: extracting the whole `HeaderMap` copied every header of
/// every list request, though only tag pages read this one.
struct GrantHeader(Option<axum::http::HeaderValue>);

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for GrantHeader {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut axum::http::request::Parts, _state: &S) -> Result<Self, Self::Rejection> {
        Ok(GrantHeader(parts.headers.get(TAG_GRANT_HEADER).cloned()))
    }
}

async fn check_tag_grant(state: &AppState, channel: &Channel, grant: &GrantHeader, tag_key: &str) -> ApiResult<()> {
    let Some(tag) = store::taxonomy::find_tag_by_key(&state.db, &channel.id, tag_key).await? else { return Ok(()) };
    if tag.password_hash.is_none() {
        return Ok(());
    }
    let granted = grant
        .0
        .as_ref()
        .and_then(|v| v.to_str().ok())
        .and_then(|token| state.tokens.verify_tag_grant(token.trim()).ok())
        .is_some_and(|claims| claims.chn == channel.id && claims.tag == tag.id);
    if granted { Ok(()) } else { Err(ApiError::rule_with(StatusCode::FORBIDDEN, GRANT_REQUIRED_CODE, GRANT_REQUIRED_MESSAGE)) }
}

async fn load_product_list(state: &AppState, channel: &Channel, filter: &ProductFilter, page: Page) -> ApiResult<Paginated<ProductItem>> {
    let now = Timestamp::now().0;
    let category_ids = match &filter.category {
        Some(key) => Some(store::taxonomy::list_category_ids(&state.db, &channel.id, key, filter.include_descendants).await?),
        None => None,
    };
    if filter.terms.is_empty() {
        let (rows, total) = store::products::list_products(&state.db, &channel.id, filter, category_ids.as_deref(), page, now).await?;
        return Ok(Paginated::new(product_items(&state.db, rows, now).await?, total, page));
    }
    // The index answers the whole list; the page's products come from the item cache, or the
    // database for those it does not hold.
    let found = state.search.find(&state.db, &channel.id, filter, category_ids, page, now).await?;
    Ok(Paginated::new(state.items.in_order(&state.db, &channel.id, &found.ids, now).await?, found.total, page))
}

#[utoipa::path(get, path = "/v1/products/{key}", tag = "catalog",
    params(("key" = String, Path, description = "product key")),
    responses((status = 200, body = ProductDetail), (status = 404, body = ErrorBody)))]
async fn show_product(
    State(state): State<AppState>,
    channel: Channel,
    OptionalMember(member): OptionalMember,
    ApiPath(key): ApiPath<String>,
) -> ApiResult<CachedAnswer> {
    let cache_key = format!("{}|product|{key}", channel.id);
    let cache = state.catalog_cache.clone();
    let (db, favorites, channel_id) = (state.db.clone(), state.favorites.clone(), channel.id.clone());
    let answer = cache
        .get_or_load(cache_key, move || {
            let (state, channel, key) = (state.clone(), channel.clone(), key.clone());
            async move { CachedAnswer::capture(load_product(&state, &channel, &key).await?).await }
        })
        .await?;
    favorites.personalise(&db, &channel_id, member.as_ref(), answer).await
}

async fn load_product(state: &AppState, channel: &Channel, key: &str) -> ApiResult<Json<ProductDetail>> {
    let row = store::products::find_product_by_key(&state.db, &channel.id, key).await?.ok_or_else(ApiError::not_found)?;
    let now = Timestamp::now().0;
    let id = row.card.id.clone();
    let (sale_start, sale_end) = (row.card.sale_start, row.card.sale_end);
    let images = store::products::list_images_of(&state.db, std::slice::from_ref(&id)).await?;
    let variations = store::products::list_variations(&state.db, &id).await?;
    let (count, rating_sum) = store::reviews::find_review_totals(&state.db, &id).await?;
    let size_chart = SizeChart::of(store::products::list_size_chart(&state.db, &id).await?);
    let embroidery = crate::embroidery::store::find_product_embroidery(&state.db, &id).await?.map(|(price, max_chars)| ProductEmbroidery { price, max_chars });
    let item = product_items(&state.db, vec![row.card], now).await?.remove(0);
    Ok(Json(ProductDetail {
        item,
        description_html: super::rich_text::to_html(&row.description),
        description: row.description,
        takes_noshi: row.takes_noshi == 1,
        takes_wrapping: row.takes_wrapping == 1,
        images: images.into_iter().map(|i| Image::new(i.url, i.alt)).collect(),
        product_model: ProductModel { products: variations.into_iter().map(Variation::from).collect() },
        sale_start: sale_start.map(Timestamp),
        sale_end: sale_end.map(Timestamp),
        review: ReviewSummary { count, average: average(count, rating_sum) },
        size_chart,
        embroidery,
    }))
}

#[utoipa::path(get, path = "/v1/products/{key}/recommend", tag = "catalog",
    params(("key" = String, Path, description = "product key")),
    responses((status = 200, body = ListBody<ProductItem>, description = "products suggested with this one"),
        (status = 404, body = ErrorBody)))]
async fn list_recommendations(
    State(state): State<AppState>,
    channel: Channel,
    OptionalMember(member): OptionalMember,
    ApiPath(key): ApiPath<String>,
) -> ApiResult<Json<ListBody<ProductItem>>> {
    linked_products(&state, &channel, member.as_ref(), &key, Link::Recommendations).await
}

/// An accessory with its items, so the product page can offer one without opening it.
#[derive(Serialize, utoipa::ToSchema)]
pub struct AccessoryItem {
    #[serde(flatten)]
    pub item: ProductItem,
    pub product_model: ProductModel,
}

#[utoipa::path(get, path = "/v1/products/{key}/accessories", tag = "catalog",
    params(("key" = String, Path, description = "product key")),
    responses((status = 200, body = ListBody<AccessoryItem>, description = "items bought together with this one, each with its variations"),
        (status = 404, body = ErrorBody)))]
async fn list_accessories(
    State(state): State<AppState>,
    channel: Channel,
    OptionalMember(member): OptionalMember,
    ApiPath(key): ApiPath<String>,
) -> ApiResult<Json<ListBody<AccessoryItem>>> {
    let Json(ListBody { data }) = linked_products(&state, &channel, member.as_ref(), &key, Link::Accessories).await?;
    let mut accessories = Vec::with_capacity(data.len());
    // A product has a handful of accessories at most: one query each stays cheap.
    for item in data {
        let variations = store::products::list_variations(&state.db, &item.id).await?;
        accessories.push(AccessoryItem { item, product_model: ProductModel { products: variations.into_iter().map(Variation::from).collect() } });
    }
    Ok(Json(ListBody { data: accessories }))
}

async fn linked_products(state: &AppState, channel: &Channel, member: Option<&Member>, key: &str, link: Link) -> ApiResult<Json<ListBody<ProductItem>>> {
    let db = &state.db;
    let product = store::products::find_product_by_key(db, &channel.id, key).await?.ok_or_else(ApiError::not_found)?;
    let now = Timestamp::now().0;
    let rows = store::products::list_linked_products(db, &channel.id, &product.card.id, link, now).await?;
    let mut data = product_items(db, rows, now).await?;
    crate::catalog::favorite_overlay::mark(&mut data, &state.favorites.ids(db, &channel.id, member).await?);
    Ok(Json(ListBody { data }))
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct Review {
    pub id: String,
    /// 1 to 5.
    pub rating: i64,
    pub title: String,
    pub body: String,
    pub nickname: String,
    /// The writer bought the product (購入者).
    pub is_purchaser: bool,
    pub created_at: Timestamp,
}

impl From<store::reviews::ReviewRow> for Review {
    fn from(row: store::reviews::ReviewRow) -> Self {
        Review {
            id: row.id,
            rating: row.rating,
            title: row.title,
            body: row.body,
            nickname: row.nickname,
            is_purchaser: row.is_purchaser == 1,
            created_at: Timestamp(row.created_at),
        }
    }
}

#[utoipa::path(get, path = "/v1/products/{key}/reviews", tag = "catalog",
    params(("key" = String, Path, description = "product key"), PageQuery),
    responses(
        (status = 200, body = ListBody<Review>, description = "published reviews, newest first", headers(
            ("x-total" = i64), ("x-per-page" = i64), ("x-last-page" = i64), ("x-current-page" = i64))),
        (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody),
    ))]
async fn list_reviews(
    State(state): State<AppState>,
    channel: Channel,
    ApiPath(key): ApiPath<String>,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> ApiResult<Paginated<Review>> {
    let page = Page::parse(&query, DEFAULT_PER, AllowAll::No)?;
    let product = store::products::find_product_by_key(&state.db, &channel.id, &key).await?.ok_or_else(ApiError::not_found)?;
    let (rows, total) = store::reviews::list_reviews(&state.db, &product.card.id, page).await?;
    let reviews = rows.into_iter().map(Review::from).collect();
    Ok(Paginated::new(reviews, total, page))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct HierarchyQuery {
    /// `products` (default) or `inquiries`.
    #[param(pattern = "^\\s*(products|inquiries)?\\s*$")]
    pub table: Option<String>,
}

#[utoipa::path(get, path = "/v1/categories/hierarchy", tag = "catalog", params(HierarchyQuery),
    responses((status = 200, body = ListBody<CategoryNode>, description = "the category tree, top level first"),
        (status = 422, body = ErrorBody, description = "unknown table")))]
async fn show_category_hierarchy(
    State(state): State<AppState>,
    channel: Channel,
    ApiQuery(query): ApiQuery<HierarchyQuery>,
) -> ApiResult<Json<ListBody<CategoryNode>>> {
    let table = match query.table.as_deref().map(str::trim) {
        None | Some("") | Some("products") => PRODUCTS_TABLE,
        // The contact form's topics (the inquiries feature edits them; a flat list).
        Some("inquiries") => "inquiries",
        Some(_) => return Err(ApiError::field("table", "種別はproductsまたはinquiriesで指定してください。")),
    };
    let rows = store::taxonomy::list_categories(&state.db.pool, &channel.id, table).await?;
    let flat = rows.into_iter().map(|r| FlatCategory { id: r.id, key: r.category_key, name: r.name, parent_id: r.parent_id, image_url: r.image_url }).collect();
    Ok(Json(ListBody { data: category_tree::build(flat) }))
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct Maker {
    pub id: String,
    pub key: String,
    pub name: String,
    /// Reading in kana.
    pub name_kana: String,
    pub description: String,
    /// The maker's own site.
    pub url: Option<String>,
}

impl From<store::taxonomy::MakerRow> for Maker {
    fn from(row: store::taxonomy::MakerRow) -> Self {
        Maker { id: row.id, key: row.maker_key, name: row.name, name_kana: row.name_kana, description: row.description, url: row.url }
    }
}

#[utoipa::path(get, path = "/v1/makers", tag = "catalog", params(PageOrAllQuery),
    responses(
        (status = 200, body = ListBody<Maker>, description = "makers in the shop's order; `per=all` gives every one", headers(
            ("x-total" = i64), ("x-per-page" = i64), ("x-last-page" = i64), ("x-current-page" = i64))),
        (status = 422, body = ErrorBody),
    ))]
async fn list_makers(State(state): State<AppState>, channel: Channel, ApiQuery(query): ApiQuery<PageOrAllQuery>) -> ApiResult<Paginated<Maker>> {
    let page = Page::parse_or_all(&query, DEFAULT_PER)?;
    let (rows, total) = store::taxonomy::list_makers(&state.db, &channel.id, page).await?;
    Ok(Paginated::new(rows.into_iter().map(Maker::from).collect(), total, page))
}

#[utoipa::path(get, path = "/v1/makers/{key}", tag = "catalog",
    params(("key" = String, Path, description = "maker key")),
    responses((status = 200, body = Maker), (status = 404, body = ErrorBody)))]
async fn show_maker(State(state): State<AppState>, channel: Channel, ApiPath(key): ApiPath<String>) -> ApiResult<Json<Maker>> {
    let row = store::taxonomy::find_maker_by_key(&state.db, &channel.id, &key).await?.ok_or_else(ApiError::not_found)?;
    Ok(Json(Maker::from(row)))
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct Brand {
    pub id: String,
    pub key: String,
    pub name: String,
    pub description: String,
    pub maker: Option<NamedRef>,
}

#[utoipa::path(get, path = "/v1/brands", tag = "catalog", params(PageOrAllQuery),
    responses(
        (status = 200, body = ListBody<Brand>, description = "brands in the shop's order; `per=all` gives every one", headers(
            ("x-total" = i64), ("x-per-page" = i64), ("x-last-page" = i64), ("x-current-page" = i64))),
        (status = 422, body = ErrorBody),
    ))]
async fn list_brands(State(state): State<AppState>, channel: Channel, ApiQuery(query): ApiQuery<PageOrAllQuery>) -> ApiResult<Paginated<Brand>> {
    let page = Page::parse_or_all(&query, DEFAULT_PER)?;
    let (rows, total) = store::taxonomy::list_brands(&state.db, &channel.id, page).await?;
    let brands = rows
        .into_iter()
        .map(|r| Brand { id: r.id, key: r.brand_key, name: r.name, description: r.description, maker: NamedRef::of(r.maker_key, r.maker_name) })
        .collect();
    Ok(Paginated::new(brands, total, page))
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct Tag {
    pub id: String,
    pub key: String,
    pub name: String,
    /// True when the tag's product list needs a password (`POST /v1/tags/password`).
    pub is_protected: bool,
}

#[utoipa::path(get, path = "/v1/tags", tag = "catalog", params(PageOrAllQuery),
    responses(
        (status = 200, body = ListBody<Tag>, headers(
            ("x-total" = i64), ("x-per-page" = i64), ("x-last-page" = i64), ("x-current-page" = i64))),
        (status = 422, body = ErrorBody),
    ))]
async fn list_tags(State(state): State<AppState>, channel: Channel, ApiQuery(query): ApiQuery<PageOrAllQuery>) -> ApiResult<Paginated<Tag>> {
    let page = Page::parse_or_all(&query, DEFAULT_PER)?;
    let (rows, total) = store::taxonomy::list_tags(&state.db, &channel.id, page).await?;
    let tags = rows.into_iter().map(|r| Tag { is_protected: r.password_hash.is_some(), id: r.id, key: r.tag_key, name: r.name }).collect();
    Ok(Paginated::new(tags, total, page))
}

/// What the right password of a protected tag gives.
#[derive(Serialize, utoipa::ToSchema)]
pub struct TagGrant {
    pub tag: NamedRef,
    /// Send it as `X-Tag-Grant` with `/v1/products?tag=<key>`. It opens only this tag and
    /// is not an access token.
    pub grant_token: String,
    pub expires_at: Timestamp,
}

#[utoipa::path(post, path = "/v1/tags/password", tag = "catalog", request_body = TagPasswordInput,
    responses(
        (status = 200, body = TagGrant, description = "the password is right: a short-lived grant for the tag's product list"),
        (status = 404, body = ErrorBody, description = "no such tag, or the tag has no password"),
        (status = 422, body = ErrorBody, description = "a field is blank, or the password is wrong (`errors.password`)"),
        (status = 429, body = ErrorBody, description = "too many attempts from this address (code `auth.rate_limited`)"),
    ))]
async fn unlock_tag(State(state): State<AppState>, channel: Channel, client: Client, ApiJson(input): ApiJson<TagPasswordInput>) -> ApiResult<Json<TagGrant>> {
    let attempt = TagPasswordAttempt::try_from(input)?;
    rate_limit::enforce(&state, rate_limit::TAG_PASSWORD, &channel.id, &client.ip, Timestamp::now().0).await?;
    let tag = store::taxonomy::find_tag_by_key(&state.db, &channel.id, &attempt.tag_key).await?.ok_or_else(ApiError::not_found)?;
    let stored = tag.password_hash.ok_or_else(ApiError::not_found)?;
    // argon2 is deliberately slow: keep it off the async workers.
    let right = tokio::task::spawn_blocking(move || tag_password::matches(&attempt.password, &stored)).await.map_err(|e| ApiError::Internal(e.into()))?;
    if !right {
        return Err(ApiError::field("password", WRONG_PASSWORD));
    }
    let issued = state.tokens.issue_tag_grant(&tag.id, &channel.id, Timestamp::now().0 / 1000)?;
    Ok(Json(TagGrant { tag: NamedRef { key: tag.tag_key, name: tag.name }, grant_token: issued.access_token, expires_at: Timestamp(issued.expires_at * 1000) }))
}

/// Mean rating rounded to one decimal, as review stars are shown.
fn average(count: i64, sum: i64) -> Option<f64> {
    (count > 0).then(|| (sum as f64 / count as f64 * 10.0).round() / 10.0)
}
