//! The product desk (商品管理, issue 31): the staff list of products, the product form (make,
//! edit with its `version`, duplicate, publish or withdraw) and the choices the form offers.
//! Reading needs `catalog_view`, writing `catalog_edit`. The form never writes stock: a new
//! variation's 初期在庫 is its ledger's first 入荷 line, and later moves go through the stock
//! desk. The storefront follows within a second (its caches' freshness and the keyword
//! index's poll of `updated_at`).
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::catalog::photos;
use crate::catalog::product_form::{self, ProductDraft, ProductForm};
use crate::catalog::store::product_desk::{self, CopyNames, DeskFilter, DeskProduct, DeskProductRow, DeskSort, DeskState, Edited, Editor, Owned};
use crate::catalog::store::taxonomy::{self, PRODUCTS_TABLE};
use crate::channel::Channel;
use crate::infra::db::Tx;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::{ApiJson, ApiPath, ApiQuery};
use crate::infra::ids::{ChannelId, new_id};
use crate::infra::pagination::{AllowAll, Page, PageQuery, Paginated};
use crate::infra::search_text::{self, contains_pattern};
use crate::infra::time::Timestamp;
use crate::staff::Staff;
use crate::staff::audit::{self, AuditAction};
use crate::staff::permission::{Can, CatalogEdit, CatalogView};
use crate::state::AppState;
use crate::validation::FieldCheck;

/// The 409 of an edit whose product changed since the form read it.
pub const STALE_CODE: &str = "catalog.product.stale";
pub const STALE_MESSAGE: &str = "この商品は他のスタッフが更新しました。画面を読み込み直してから、もう一度保存してください。";
const SEARCH_MAX: usize = 100;
/// Options the form lists at most per kind.
pub(super) const OPTIONS_MAX: i64 = 2_000;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_products, create_product))
        .routes(routes!(show_product, update_product))
        .routes(routes!(duplicate_product))
        .routes(routes!(set_product_publication))
        .routes(routes!(catalog_options))
}

/// 公開中, 非公開, 公開予定 or 公開終了 at the time of the answer.
#[derive(Debug, Clone, Copy, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ProductState {
    Published,
    Unpublished,
    Scheduled,
    Ended,
}

impl From<DeskState> for ProductState {
    fn from(state: DeskState) -> Self {
        match state {
            DeskState::Published => ProductState::Published,
            DeskState::Unpublished => ProductState::Unpublished,
            DeskState::Scheduled => ProductState::Scheduled,
            DeskState::Ended => ProductState::Ended,
        }
    }
}

/// A product on the desk's list.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct AdminProductSummary {
    pub id: String,
    pub key: String,
    pub code: String,
    pub name: String,
    pub price: i64,
    pub before_price: Option<i64>,
    pub tax_rate: i64,
    pub state: ProductState,
    pub publish_from: Option<Timestamp>,
    pub publish_until: Option<Timestamp>,
    pub variation_count: i64,
    /// 販売可能 over every variation.
    pub available: i64,
    pub image_url: Option<String>,
    pub updated_at: Timestamp,
    pub version: i64,
}

fn summary_of(row: DeskProductRow, now: i64) -> AdminProductSummary {
    AdminProductSummary {
        state: DeskState::of(row.is_published == 1, row.sale_start, row.sale_end, now).into(),
        id: row.id,
        key: row.product_key,
        code: row.code,
        name: row.name,
        price: row.price,
        before_price: row.before_price,
        tax_rate: row.tax_rate,
        publish_from: row.sale_start.map(Timestamp),
        publish_until: row.sale_end.map(Timestamp),
        variation_count: row.variation_count,
        available: row.available,
        image_url: row.image_url,
        updated_at: Timestamp(row.updated_at),
        version: row.version,
    }
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ProductListQuery {
    /// Part of a product name, 商品コード or SKU.
    pub q: Option<String>,
    /// all (default), published, unpublished, scheduled, ended.
    #[param(value_type = Option<String>, pattern = "^(all|published|unpublished|scheduled|ended)$")]
    pub status: Option<String>,
    /// A category id: the products of it and of every category below it.
    pub category: Option<String>,
    /// updated (default), created, code, name, price.
    #[param(value_type = Option<String>, pattern = "^(updated|created|code|name|price)$")]
    pub sort: Option<String>,
    /// desc (default) or asc.
    #[param(value_type = Option<String>, pattern = "^(asc|desc)$")]
    pub dir: Option<String>,
    pub page: Option<String>,
    pub per: Option<String>,
}

#[utoipa::path(get, path = "/v1/admin/products", operation_id = "admin_list_products", tag = "admin", params(ProductListQuery),
    responses(
        (status = 200, body = crate::infra::pagination::ListBody<AdminProductSummary>, description = "with x-total, x-per-page, x-last-page, x-current-page"),
        (status = 401, body = ErrorBody, description = "no staff session of this shop"),
        (status = 403, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "`errors.status`, `errors.sort`, `errors.dir` or `errors.q`"),
    ))]
pub async fn list_products(
    State(state): State<AppState>,
    channel: Channel,
    _can: Can<CatalogView>,
    ApiQuery(query): ApiQuery<ProductListQuery>,
) -> ApiResult<Paginated<AdminProductSummary>> {
    let page = Page::parse(&PageQuery { page: query.page.clone(), per: query.per.clone() }, 50, AllowAll::No)?;
    let parsed = ParsedListQuery::parse(&state, &channel.id, &query).await?;
    let now = Timestamp::now().0;
    let (rows, total) = desk_page(&state, &channel.id, &parsed, now, async |known| {
        product_desk::list_desk_products(&state.db, &channel.id, &parsed.filter(), page.per, page.offset(), now, known).await
    })
    .await?;
    Ok(Paginated::new(rows.into_iter().map(|row| summary_of(row, now)).collect(), total, page))
}

/// A desk list page (the product list's or the grid's) with its count, which is kept a few
/// seconds per shop, filter and catalogue stamp: paging and re-sorting a filtered list count
/// once (a keyword or a large category counts tens of milliseconds at 100k products), and any
/// product write moves the stamp on, so a kept count is never one write behind.
pub(super) async fn desk_page<T>(
    state: &AppState,
    channel_id: &ChannelId,
    parsed: &ParsedListQuery,
    now: i64,
    list: impl AsyncFnOnce(Option<i64>) -> sqlx::Result<(Vec<T>, i64)>,
) -> ApiResult<(Vec<T>, i64)> {
    let stamp = product_desk::catalogue_stamp(&state.db, channel_id).await?;
    // A filter by state depends on the time as well (公開予定 becomes 公開中): by the minute.
    let minute = if parsed.status.is_some() { now / 60_000 } else { 0 };
    let key = format!("{channel_id}\u{1}{stamp}\u{1}{minute}\u{1}{:?}", parsed.filter());
    let known = state.desk_counts.get_fresh(key.as_str());
    let (rows, total) = list(known).await?;
    if known.is_none() {
        state.desk_counts.insert(key, total);
    }
    Ok((rows, total))
}

/// The desk list's query, checked and with its category's subtree.
pub(super) struct ParsedListQuery {
    status: Option<DeskState>,
    sort: DeskSort,
    descending: bool,
    words: Option<String>,
    sku: Option<String>,
    categories: Option<Vec<String>>,
}

impl ParsedListQuery {
    pub(super) async fn parse(state: &AppState, channel_id: &ChannelId, query: &ProductListQuery) -> ApiResult<ParsedListQuery> {
        let mut check = FieldCheck::default();
        let status = match query.status.as_deref().unwrap_or("all") {
            "all" | "" => None,
            "published" => Some(DeskState::Published),
            "unpublished" => Some(DeskState::Unpublished),
            "scheduled" => Some(DeskState::Scheduled),
            "ended" => Some(DeskState::Ended),
            _ => {
                check.field("status", Err("all、published、unpublished、scheduled、ended のいずれかを指定してください。"));
                None
            }
        };
        let sort = match query.sort.as_deref().unwrap_or("updated") {
            "updated" | "" => DeskSort::Updated,
            "created" => DeskSort::Created,
            "code" => DeskSort::Code,
            "name" => DeskSort::Name,
            "price" => DeskSort::Price,
            _ => {
                check.field("sort", Err("updated、created、code、name、price のいずれかを指定してください。"));
                DeskSort::Updated
            }
        };
        let descending = match query.dir.as_deref().unwrap_or("desc") {
            "desc" | "" => true,
            "asc" => false,
            _ => {
                check.field("dir", Err("asc か desc を指定してください。"));
                true
            }
        };
        let q = query.q.as_deref().map(str::trim).filter(|q| !q.is_empty());
        if q.is_some_and(|q| q.chars().count() > SEARCH_MAX) {
            check.field("q", Err(format!("{SEARCH_MAX}文字以内で入力してください。")));
        }
        check.finish()?;
        let categories = match query.category.as_deref().map(str::trim).filter(|c| !c.is_empty()) {
            Some(id) => Some(product_desk::list_category_subtree(&state.db, channel_id, id).await?),
            None => None,
        };
        Ok(ParsedListQuery {
            status,
            sort,
            descending,
            words: q.map(|q| contains_pattern(&search_text::normalise(q))),
            // SKUs are ASCII (the form's code rule): a query with anything else cannot match one.
            sku: q.filter(|q| q.is_ascii()).map(|q| contains_pattern(&q.to_lowercase())),
            categories,
        })
    }

    pub(super) fn filter(&self) -> DeskFilter<'_> {
        DeskFilter {
            words: self.words.as_deref(),
            sku: self.sku.as_deref(),
            state: self.status,
            category_ids: self.categories.as_deref(),
            sort: self.sort,
            descending: self.descending,
        }
    }

    fn is_everything(&self) -> bool {
        self.status.is_none() && self.words.is_none() && self.categories.is_none()
    }
}

/// The ids of the products the desk's list query finds; None when it finds every product.
pub async fn matching_product_ids(state: &AppState, channel_id: &ChannelId, query: &ProductListQuery) -> ApiResult<Option<std::collections::HashSet<String>>> {
    let parsed = ParsedListQuery::parse(state, channel_id, query).await?;
    if parsed.is_everything() {
        return Ok(None);
    }
    let ids = product_desk::list_desk_product_ids(&state.db, channel_id, &parsed.filter(), Timestamp::now().0).await?;
    Ok(Some(ids.into_iter().collect()))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct AdminVariation {
    pub id: String,
    pub sku: String,
    pub name: String,
    pub size_label: Option<String>,
    pub color_label: Option<String>,
    pub price: i64,
    pub jan_code: Option<String>,
    /// 販売可能.
    pub available: i64,
    /// 引当中.
    pub reserved: i64,
    pub position: i64,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct AdminProductImage {
    pub url: String,
    pub alt: String,
    /// The photo's variants for `<img srcset>`; null for a drawn SVG.
    pub srcset: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct EmbroideryTerms {
    pub price: i64,
    pub max_chars: i64,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct LinkedProduct {
    pub id: String,
    pub code: String,
    pub name: String,
}

/// A product with everything its form edits.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct AdminProduct {
    pub id: String,
    pub key: String,
    pub code: String,
    pub name: String,
    pub description: String,
    pub price: i64,
    pub before_price: Option<i64>,
    pub tax_rate: i64,
    pub maker_id: Option<String>,
    pub brand_id: Option<String>,
    pub category_ids: Vec<String>,
    pub tag_ids: Vec<String>,
    pub accessory_ids: Vec<String>,
    pub recommendation_ids: Vec<String>,
    /// The accessories named, in order.
    pub accessories: Vec<LinkedProduct>,
    /// The recommendations named, in order.
    pub recommendations: Vec<LinkedProduct>,
    pub seo_title: String,
    pub seo_description: String,
    pub embroidery: Option<EmbroideryTerms>,
    /// のし対応.
    pub takes_noshi: bool,
    /// ギフトラッピング対応.
    pub takes_wrapping: bool,
    pub is_published: bool,
    pub publish_from: Option<Timestamp>,
    pub publish_until: Option<Timestamp>,
    pub state: ProductState,
    pub variations: Vec<AdminVariation>,
    pub images: Vec<AdminProductImage>,
    /// The product's page on the storefront.
    pub storefront_path: String,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
    pub version: i64,
}

fn product_of(product: DeskProduct, now: i64) -> AdminProduct {
    let DeskProduct { row, variations, images, category_ids, tag_ids, accessory_ids, recommendation_ids, linked } = product;
    let named = |ids: &[String]| -> Vec<LinkedProduct> {
        ids.iter()
            .filter_map(|id| linked.iter().find(|(linked_id, _, _)| linked_id == id))
            .map(|(id, code, name)| LinkedProduct { id: id.clone(), code: code.clone(), name: name.clone() })
            .collect()
    };
    AdminProduct {
        accessories: named(&accessory_ids),
        recommendations: named(&recommendation_ids),
        takes_noshi: row.takes_noshi == 1,
        takes_wrapping: row.takes_wrapping == 1,
        state: DeskState::of(row.is_published == 1, row.sale_start, row.sale_end, now).into(),
        storefront_path: format!("/product/{}", row.product_key),
        embroidery: row.embroidery_price.zip(row.embroidery_max_chars).map(|(price, max_chars)| EmbroideryTerms { price, max_chars }),
        id: row.id,
        key: row.product_key,
        code: row.code,
        name: row.name,
        description: row.description,
        price: row.price,
        before_price: row.before_price,
        tax_rate: row.tax_rate,
        maker_id: row.maker_id,
        brand_id: row.brand_id,
        category_ids,
        tag_ids,
        accessory_ids,
        recommendation_ids,
        seo_title: row.seo_title,
        seo_description: row.seo_description,
        is_published: row.is_published == 1,
        publish_from: row.sale_start.map(Timestamp),
        publish_until: row.sale_end.map(Timestamp),
        variations: variations
            .into_iter()
            .map(|v| AdminVariation {
                id: v.id,
                sku: v.sku,
                name: v.name,
                size_label: v.size_label,
                color_label: v.color_label,
                price: v.price,
                jan_code: v.jan_code,
                available: v.available,
                reserved: v.reserved,
                position: v.position,
            })
            .collect(),
        images: images.into_iter().map(|image| AdminProductImage { srcset: photos::srcset_of(&image.url), url: image.url, alt: image.alt }).collect(),
        created_at: Timestamp(row.created_at),
        updated_at: Timestamp(row.updated_at),
        version: row.version,
    }
}

async fn answer(state: &AppState, channel_id: &ChannelId, id: &str) -> ApiResult<AdminProduct> {
    let product = product_desk::find_desk_product(&state.db, channel_id, id).await?.ok_or_else(ApiError::not_found)?;
    Ok(product_of(product, Timestamp::now().0))
}

#[utoipa::path(get, path = "/v1/admin/products/{id}", operation_id = "admin_show_product", tag = "admin", params(("id" = String, Path)),
    responses((status = 200, body = AdminProduct), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn show_product(
    State(state): State<AppState>,
    channel: Channel,
    _can: Can<CatalogView>,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<Json<AdminProduct>> {
    Ok(Json(answer(&state, &channel.id, &id).await?))
}

/// Field errors for what the draft names that the shop lacks or holds elsewhere.
async fn check_against_shop(tx: &mut Tx, channel_id: &ChannelId, draft: &ProductDraft, product_id: Option<&str>) -> ApiResult<()> {
    let mut check = FieldCheck::default();
    if product_desk::find_code_holder(tx, channel_id, &draft.code, product_id).await?.is_some() {
        check.field("code", Err("この商品コードは他の商品で使われています。"));
    }
    let singles = [("maker_id", Owned::Makers, &draft.maker_id), ("brand_id", Owned::Brands, &draft.brand_id)];
    for (field, kind, id) in singles {
        if let Some(id) = id
            && !product_desk::list_unknown(tx, channel_id, kind, std::slice::from_ref(id)).await?.is_empty()
        {
            check.field(field, Err("選択肢にありません。画面を読み込み直してください。"));
        }
    }
    let lists = [
        ("category_ids", Owned::Categories, &draft.category_ids),
        ("tag_ids", Owned::Tags, &draft.tag_ids),
        ("accessory_ids", Owned::Products, &draft.accessory_ids),
        ("recommendation_ids", Owned::Products, &draft.recommendation_ids),
    ];
    for (field, kind, ids) in lists {
        let unknown = product_desk::list_unknown(tx, channel_id, kind, ids).await?;
        if !unknown.is_empty() {
            check.field(field, Err(format!("選択肢にないものが含まれています（{}）。画面を読み込み直してください。", unknown.join("、"))));
        }
    }
    if let Some(id) = product_id
        && (draft.accessory_ids.iter().any(|a| a == id) || draft.recommendation_ids.iter().any(|r| r == id))
    {
        check.field("accessory_ids", Err("商品自身は関連商品にできません。"));
    }
    let skus: Vec<String> = draft.variations.iter().map(|v| v.sku.clone()).collect();
    let held = product_desk::list_skus_held_elsewhere(tx, channel_id, &skus, product_id).await?;
    for (index, sku) in skus.iter().enumerate() {
        if held.contains(&sku.to_lowercase()) {
            check.field(&format!("variations[{index}].sku"), Err("このSKUは他の商品で使われています。"));
        }
    }
    check.finish()
}

/// Field errors for pictures the shop does not hold: each must be one of the product's own or
/// an uploaded photo in the shop's storage.
async fn check_images(state: &AppState, channel_id: &ChannelId, draft: &ProductDraft, product_id: Option<&str>) -> ApiResult<()> {
    let Some(images) = &draft.images else { return Ok(()) };
    let current = match product_id {
        Some(id) => product_desk::list_image_urls(&state.db, id).await?,
        None => Vec::new(),
    };
    let mut check = FieldCheck::default();
    for (index, image) in images.iter().enumerate() {
        if !current.contains(&image.url) && !photos::is_stored(&state.storage, channel_id, &image.url).await? {
            check.field(&format!("images[{index}].url"), Err(photos::MISSING_MESSAGE));
        }
    }
    check.finish()
}

fn checked(form: &ProductForm) -> ApiResult<ProductDraft> {
    let mut check = FieldCheck::default();
    let draft = product_form::check(form, &mut check);
    check.finish()?;
    Ok(draft)
}

fn editor(staff: &Staff) -> Editor<'_> {
    Editor { staff_id: &staff.id, staff_name: &staff.name }
}

/// The storefront key of a new product: its 商品コード in lower case when that is free, else
/// a fresh id (the key never changes, so the page's URL survives a new code).
async fn new_key(tx: &mut Tx, channel_id: &ChannelId, code: &str) -> ApiResult<String> {
    let key = code.to_lowercase();
    Ok(if product_desk::key_is_taken(tx, channel_id, &key).await? { new_id() } else { key })
}

#[utoipa::path(post, path = "/v1/admin/products", operation_id = "admin_create_product", tag = "admin", request_body = ProductForm,
    responses((status = 201, body = AdminProduct), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "field errors, e.g. `errors.code`, `errors[\"variations[0].sku\"]`")))]
pub async fn create_product(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<CatalogEdit>,
    ApiJson(form): ApiJson<ProductForm>,
) -> ApiResult<(StatusCode, Json<AdminProduct>)> {
    let draft = checked(&form)?;
    check_images(&state, &channel.id, &draft, None).await?;
    let mut tx = state.db.begin_write().await?;
    check_against_shop(&mut tx, &channel.id, &draft, None).await?;
    let id = new_id();
    let key = new_key(&mut tx, &channel.id, &draft.code).await?;
    let now = Timestamp::now().0;
    product_desk::insert_desk_product(&mut tx, &channel.id, &id, &key, &draft, editor(&staff), now).await?;
    audit::record_in(&mut tx, &staff, AuditAction::ProductCreate, &format!("{} {}", draft.code, draft.name)).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(answer(&state, &channel.id, &id).await?)))
}

pub(super) fn stale_with(message: String) -> ApiError {
    ApiError::rule_with(StatusCode::CONFLICT, STALE_CODE, message)
}

fn stale() -> ApiError {
    ApiError::rule_with(StatusCode::CONFLICT, STALE_CODE, STALE_MESSAGE)
}

/// The answer to an edit that did not happen.
fn refusal(edited: Edited) -> ApiError {
    match edited {
        Edited::Done => unreachable!("a done edit is not refused"),
        Edited::Stale => stale(),
        Edited::NotFound => ApiError::not_found(),
        Edited::StockLeft(skus) => ApiError::field(
            "variations",
            format!("在庫が残っているバリエーション（{}）は削除できません。在庫管理で在庫を0にしてから削除してください。", skus.join("、")),
        ),
        Edited::UnknownVariations(_) => ApiError::field("variations", "この商品にないバリエーションが含まれています。画面を読み込み直してください。"),
    }
}

#[utoipa::path(put, path = "/v1/admin/products/{id}", operation_id = "admin_update_product", tag = "admin", params(("id" = String, Path)),
    request_body = ProductForm,
    responses((status = 200, body = AdminProduct), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "`catalog.product.stale`: changed since read"),
        (status = 422, body = ErrorBody, description = "field errors; `errors.version` when it is missing")))]
pub async fn update_product(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<CatalogEdit>,
    ApiPath(id): ApiPath<String>,
    ApiJson(form): ApiJson<ProductForm>,
) -> ApiResult<Json<AdminProduct>> {
    let Some(version) = form.version else {
        return Err(ApiError::field("version", "版番号がありません。画面を読み込み直してください。"));
    };
    let draft = checked(&form)?;
    if !product_desk::product_exists(&state.db, &channel.id, &id).await? {
        return Err(ApiError::not_found());
    }
    check_images(&state, &channel.id, &draft, Some(&id)).await?;
    let mut tx = state.db.begin_write().await?;
    check_against_shop(&mut tx, &channel.id, &draft, Some(&id)).await?;
    match product_desk::update_desk_product(&mut tx, &channel.id, &id, version, &draft, editor(&staff), Timestamp::now().0).await? {
        Edited::Done => {}
        refused => return Err(refusal(refused)),
    }
    audit::record_in(&mut tx, &staff, AuditAction::ProductUpdate, &format!("{} {}", draft.code, draft.name)).await?;
    tx.commit().await?;
    Ok(Json(answer(&state, &channel.id, &id).await?))
}

/// `base` with `-copy`, then `-copy2`, `-copy3`… until the shop does not hold it.
async fn free_copy_name(tx: &mut Tx, channel_id: &ChannelId, base: &str, is_sku: bool, taken_here: &[String]) -> ApiResult<String> {
    for n in 1..1_000 {
        let candidate = if n == 1 { format!("{base}-copy") } else { format!("{base}-copy{n}") };
        let used_here = taken_here.iter().any(|t| t.eq_ignore_ascii_case(&candidate));
        if !used_here && !product_desk::code_or_sku_is_taken(tx, channel_id, &candidate, is_sku).await? {
            return Ok(candidate);
        }
    }
    Err(ApiError::field("code", "複製の商品コードを作れませんでした。元の商品コードを変えてから複製してください。"))
}

#[utoipa::path(post, path = "/v1/admin/products/{id}/duplicate", operation_id = "admin_duplicate_product", tag = "admin", params(("id" = String, Path)),
    responses((status = 201, body = AdminProduct, description = "an unpublished copy: code and SKUs with -copy, no stock"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn duplicate_product(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<CatalogEdit>,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<(StatusCode, Json<AdminProduct>)> {
    let source = product_desk::find_desk_product(&state.db, &channel.id, &id).await?.ok_or_else(ApiError::not_found)?;
    let mut tx = state.db.begin_write().await?;
    let code = free_copy_name(&mut tx, &channel.id, &source.row.code, false, &[]).await?;
    let mut skus: Vec<String> = Vec::with_capacity(source.variations.len());
    for variation in &source.variations {
        let sku = free_copy_name(&mut tx, &channel.id, &variation.sku, true, &skus).await?;
        skus.push(sku);
    }
    let copy_id = new_id();
    let key = new_key(&mut tx, &channel.id, &code).await?;
    let names = CopyNames { id: &copy_id, key: &key, code: &code, skus: &skus };
    product_desk::insert_duplicate(&mut tx, &channel.id, &source, &names, editor(&staff), Timestamp::now().0).await?;
    audit::record_in(&mut tx, &staff, AuditAction::ProductDuplicate, &format!("{} → {code}", source.row.code)).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(answer(&state, &channel.id, &copy_id).await?)))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct PublicationInput {
    pub is_published: bool,
    pub version: i64,
}

#[utoipa::path(put, path = "/v1/admin/products/{id}/publication", operation_id = "admin_set_product_publication", tag = "admin",
    params(("id" = String, Path)), request_body = PublicationInput,
    responses((status = 200, body = AdminProduct), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "`catalog.product.stale`")))]
pub async fn set_product_publication(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<CatalogEdit>,
    ApiPath(id): ApiPath<String>,
    ApiJson(input): ApiJson<PublicationInput>,
) -> ApiResult<Json<AdminProduct>> {
    let mut tx = state.db.begin_write().await?;
    match product_desk::update_publication(&mut tx, &channel.id, &id, input.version, input.is_published, Timestamp::now().0).await? {
        Edited::Done => {}
        refused => return Err(refusal(refused)),
    }
    let shown = if input.is_published { "公開" } else { "非公開" };
    audit::record_in(&mut tx, &staff, AuditAction::ProductPublication, &format!("{id} {shown}")).await?;
    tx.commit().await?;
    Ok(Json(answer(&state, &channel.id, &id).await?))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CategoryOption {
    pub id: String,
    pub name: String,
    /// "家具 > ソファ".
    pub path: String,
    pub depth: i64,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct NamedOption {
    pub id: String,
    pub name: String,
}

/// What the product form offers to choose from.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CatalogOptions {
    /// In tree order.
    pub categories: Vec<CategoryOption>,
    pub makers: Vec<NamedOption>,
    pub brands: Vec<NamedOption>,
    pub tags: Vec<NamedOption>,
}

/// The categories in tree order (each followed by its children), with their paths.
fn category_options(rows: Vec<taxonomy::CategoryRow>) -> Vec<CategoryOption> {
    fn walk(parent: Option<&str>, path: &str, depth: i64, rows: &[taxonomy::CategoryRow], out: &mut Vec<CategoryOption>) {
        if depth > 8 {
            return;
        }
        let mut children: Vec<&taxonomy::CategoryRow> = rows.iter().filter(|row| row.parent_id.as_deref() == parent).collect();
        children.sort_by_key(|row| row.position);
        for row in children {
            let here = if path.is_empty() { row.name.clone() } else { format!("{path} > {}", row.name) };
            out.push(CategoryOption { id: row.id.clone(), name: row.name.clone(), path: here.clone(), depth });
            walk(Some(&row.id), &here, depth + 1, rows, out);
        }
    }
    let mut out = Vec::with_capacity(rows.len());
    walk(None, "", 1, &rows, &mut out);
    out
}

#[utoipa::path(get, path = "/v1/admin/catalog/options", operation_id = "admin_catalog_options", tag = "admin",
    responses((status = 200, body = CatalogOptions), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn catalog_options(State(state): State<AppState>, channel: Channel, _can: Can<CatalogView>) -> ApiResult<Json<CatalogOptions>> {
    let all = Page { current: 1, per: OPTIONS_MAX };
    let categories = taxonomy::list_categories(&state.db.pool, &channel.id, PRODUCTS_TABLE).await?;
    let (makers, _) = taxonomy::list_makers(&state.db, &channel.id, all).await?;
    let (brands, _) = taxonomy::list_brands(&state.db, &channel.id, all).await?;
    let (tags, _) = taxonomy::list_tags(&state.db, &channel.id, all).await?;
    Ok(Json(CatalogOptions {
        categories: category_options(categories),
        makers: makers.into_iter().map(|m| NamedOption { id: m.id, name: m.name }).collect(),
        brands: brands.into_iter().map(|b| NamedOption { id: b.id, name: b.name }).collect(),
        tags: tags.into_iter().map(|t| NamedOption { id: t.id, name: t.name }).collect(),
    }))
}
