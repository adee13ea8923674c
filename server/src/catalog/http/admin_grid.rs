//! The bulk grid editor (一括編集, issue 31): a page of the product desk's list with each
//! product's variations, categories and tags, and one edit of many products at once: a preview
//! that says in Japanese what would change, and an apply that writes it all or nothing. The
//! rules are [`crate::catalog::grid_edit`]; both calls read the products inside their
//! transaction, so what the preview shows is what the apply checks. Reading needs
//! `catalog_view`, editing `catalog_edit`, and a stock move also `stock`.
use std::collections::{HashMap, HashSet};

use axum::Json;
use axum::extract::State;
use serde::Serialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::admin_products::{OPTIONS_MAX, ParsedListQuery, ProductListQuery, ProductState, desk_page, stale_with};
use super::admin_stock::STOCK_MOVED_CODE;
use crate::catalog::grid_edit::{self, ChangeLine, GridChanges, Names, ProductEdit, Refusal, STOCK_NOTE};
use crate::catalog::store::grid::{self, GridProduct};
use crate::catalog::store::product_desk::{self, DeskState, Owned};
use crate::catalog::store::stock::{self, Cause, StockReason};
use crate::catalog::store::taxonomy::{self, PRODUCTS_TABLE};
use crate::channel::Channel;
use crate::infra::db::Tx;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::{ApiJson, ApiQuery};
use crate::infra::ids::ChannelId;
use crate::infra::pagination::{AllowAll, Page, PageQuery, Paginated};
use crate::infra::time::Timestamp;
use crate::staff::Staff;
use crate::staff::audit::{self, AuditAction};
use crate::staff::permission::{Can, CatalogEdit, CatalogView, Permission};
use crate::state::AppState;

const PER_MAX: i64 = 100;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_grid)).routes(routes!(preview_grid)).routes(routes!(apply_grid))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct GridVariation {
    pub id: String,
    pub sku: String,
    pub name: String,
    pub price: i64,
    /// 販売可能.
    pub available: i64,
    /// 引当中.
    pub reserved: i64,
    /// 実在庫.
    pub on_hand: i64,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct GridProductView {
    pub id: String,
    pub code: String,
    pub name: String,
    /// 販売価格.
    pub price: i64,
    /// 通常価格.
    pub before_price: Option<i64>,
    pub is_published: bool,
    pub state: ProductState,
    pub category_ids: Vec<String>,
    pub tag_ids: Vec<String>,
    pub image_url: Option<String>,
    pub version: i64,
    pub variations: Vec<GridVariation>,
}

fn view_of(product: GridProduct, now: i64) -> GridProductView {
    let row = product.row;
    GridProductView {
        state: DeskState::of(row.is_published == 1, row.sale_start, row.sale_end, now).into(),
        id: row.id,
        code: row.code,
        name: row.name,
        price: row.price,
        before_price: row.before_price,
        is_published: row.is_published == 1,
        category_ids: product.category_ids,
        tag_ids: product.tag_ids,
        image_url: row.image_url,
        version: row.version,
        variations: product
            .variations
            .into_iter()
            .map(|v| GridVariation {
                on_hand: v.available + v.reserved,
                id: v.id,
                sku: v.sku,
                name: v.name,
                price: v.price,
                available: v.available,
                reserved: v.reserved,
            })
            .collect(),
    }
}

#[utoipa::path(get, path = "/v1/admin/catalog/grid", operation_id = "admin_list_grid", tag = "admin", params(ProductListQuery),
    responses(
        (status = 200, body = crate::infra::pagination::ListBody<GridProductView>, description = "the desk list's page (per ≤ 100), each product with its variations; x-total and the other paging headers"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "as the desk list's"),
    ))]
pub async fn list_grid(
    State(state): State<AppState>,
    channel: Channel,
    _can: Can<CatalogView>,
    ApiQuery(query): ApiQuery<ProductListQuery>,
) -> ApiResult<Paginated<GridProductView>> {
    let mut page = Page::parse(&PageQuery { page: query.page.clone(), per: query.per.clone() }, 50, AllowAll::No)?;
    page.per = page.per.min(PER_MAX);
    let parsed = ParsedListQuery::parse(&state, &channel.id, &query).await?;
    let now = Timestamp::now().0;
    let (products, total) = desk_page(&state, &channel.id, &parsed, now, async |known| {
        grid::list_grid(&state.db, &channel.id, &parsed.filter(), (page.per, page.offset()), now, known).await
    })
    .await?;
    Ok(Paginated::new(products.into_iter().map(|p| view_of(p, now)).collect(), total, page))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct GridPreview {
    /// Products with at least one change.
    pub products: usize,
    pub changes: Vec<ChangeLine>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct GridApplied {
    pub products: usize,
    /// Variations whose stock moved.
    pub stock_moves: usize,
}

/// Checks the request and plans it against the products as the transaction reads them.
async fn planned(
    state: &AppState,
    tx: &mut Tx,
    channel_id: &ChannelId,
    staff: &Staff,
    changes: &GridChanges,
) -> ApiResult<(Vec<ProductEdit>, Vec<ChangeLine>)> {
    // Every error at once: the request's own, then (unless it names no product, or too many)
    // those that need the shop's products.
    let request_errors = grid_edit::check_request(changes).err().unwrap_or_default();
    if request_errors.contains_key("products") {
        return Err(ApiError::Invalid(request_errors));
    }
    if grid_edit::moves_stock(changes) {
        staff.require(Permission::Stock)?;
    }
    let ids: Vec<String> = changes.products.iter().map(|p| p.id.clone()).collect();
    let current = grid::load_for_edit(tx, channel_id, &ids).await?;
    let unknown = unknown_links(tx, channel_id, changes).await?;
    let names = names(state, channel_id).await?;
    match grid_edit::plan(changes, &current, &unknown, &names) {
        Err(Refusal::Stale(code)) => Err(stale_with(format!("他のスタッフが更新した商品があります（{code}）。読み込み直してから編集してください。"))),
        Err(Refusal::Invalid(mut errors)) => {
            errors.extend(request_errors);
            Err(ApiError::Invalid(errors))
        }
        Ok(_) if !request_errors.is_empty() => Err(ApiError::Invalid(request_errors)),
        Ok(planned) => Ok(planned),
    }
}

/// The category and tag ids of the request that are not the shop's.
async fn unknown_links(tx: &mut Tx, channel_id: &ChannelId, changes: &GridChanges) -> ApiResult<HashSet<String>> {
    let mut unknown = HashSet::new();
    let categories: HashSet<String> = changes.products.iter().filter_map(|p| p.category_ids.as_ref()).flatten().map(|id| id.trim().to_owned()).collect();
    let tags: HashSet<String> = changes.products.iter().filter_map(|p| p.tag_ids.as_ref()).flatten().map(|id| id.trim().to_owned()).collect();
    for (kind, ids) in [(Owned::Categories, categories), (Owned::Tags, tags)] {
        let ids: Vec<String> = ids.into_iter().collect();
        for chunk in ids.chunks(200) {
            unknown.extend(product_desk::list_unknown(tx, channel_id, kind, chunk).await?);
        }
    }
    Ok(unknown)
}

async fn names(state: &AppState, channel_id: &ChannelId) -> ApiResult<Names> {
    let categories = taxonomy::list_categories(&state.db.pool, channel_id, PRODUCTS_TABLE).await?;
    let (tags, _) = taxonomy::list_tags(&state.db, channel_id, Page { current: 1, per: OPTIONS_MAX }).await?;
    Ok(Names {
        categories: categories.into_iter().map(|c| (c.id, c.name)).collect::<HashMap<_, _>>(),
        tags: tags.into_iter().map(|t| (t.id, t.name)).collect(),
    })
}

#[utoipa::path(post, path = "/v1/admin/catalog/grid/preview", operation_id = "admin_preview_grid", tag = "admin", request_body = GridChanges,
    responses(
        (status = 200, body = GridPreview, description = "what apply would change; nothing is written"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "`staff.forbidden`: no `catalog_edit`, or a stock move without `stock`"),
        (status = 409, body = ErrorBody, description = "`catalog.product.stale`: a product changed since the grid read it"),
        (status = 422, body = ErrorBody, description = "field errors by path, e.g. `products[0].variations[1].stock_delta`"),
    ))]
pub async fn preview_grid(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<CatalogEdit>,
    ApiJson(changes): ApiJson<GridChanges>,
) -> ApiResult<Json<GridPreview>> {
    let mut tx = state.db.begin_write().await?;
    let (edits, lines) = planned(&state, &mut tx, &channel.id, &staff, &changes).await?;
    tx.rollback().await?;
    Ok(Json(GridPreview { products: edits.len(), changes: lines }))
}

#[utoipa::path(post, path = "/v1/admin/catalog/grid/apply", operation_id = "admin_apply_grid", tag = "admin", request_body = GridChanges,
    responses(
        (status = 200, body = GridApplied, description = "every change written, in one transaction"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "`catalog.product.stale`, or `stock.moved` when a stock changed while writing; nothing is written"),
        (status = 422, body = ErrorBody),
    ))]
pub async fn apply_grid(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<CatalogEdit>,
    ApiJson(changes): ApiJson<GridChanges>,
) -> ApiResult<Json<GridApplied>> {
    let mut tx = state.db.begin_write().await?;
    let (edits, lines) = planned(&state, &mut tx, &channel.id, &staff, &changes).await?;
    let now = Timestamp::now().0;
    let mut stock_moves = 0;
    for edit in &edits {
        write(&mut tx, &channel.id, &staff, edit, now).await?;
        stock_moves += edit.stock.len();
    }
    let targets: Vec<String> = lines
        .iter()
        .map(|l| format!("{}{} {}: {} → {}", l.code, l.sku.as_ref().map(|s| format!(" {s}")).unwrap_or_default(), l.label, l.before, l.after))
        .collect();
    audit::record_many_in(&mut tx, &staff, AuditAction::CatalogGrid, &targets).await?;
    tx.commit().await?;
    Ok(Json(GridApplied { products: edits.len(), stock_moves }))
}

async fn write(tx: &mut Tx, channel_id: &ChannelId, staff: &Staff, edit: &ProductEdit, now: i64) -> ApiResult<()> {
    // Any change moves the product's version on, so an open form or grid sees it is stale.
    let moved = match edit.fields.as_ref() {
        Some(fields) => grid::update_product_fields(tx, channel_id, &edit.id, edit.version, fields, now).await?,
        None => grid::update_version(tx, channel_id, &edit.id, edit.version, now).await?,
    };
    if !moved {
        return Err(stale_with("他のスタッフが同時に更新しました。読み込み直してから編集してください。".into()));
    }
    if let Some(ids) = &edit.category_ids {
        grid::replace_categories(tx, channel_id, &edit.id, ids).await?;
    }
    if let Some(ids) = &edit.tag_ids {
        grid::replace_tags(tx, channel_id, &edit.id, ids).await?;
    }
    for (variation_id, price) in &edit.prices {
        grid::update_variation_price(tx, &edit.id, variation_id, *price, now).await?;
    }
    let cause = Cause { reason: StockReason::Adjustment, staff: Some((staff.id.as_str(), staff.name.as_str())), order_no: None, note: STOCK_NOTE };
    for (variation_id, delta) in &edit.stock {
        if !stock::update_adjust(tx, channel_id, variation_id, *delta, &cause, now).await? {
            return Err(ApiError::rule_with(
                axum::http::StatusCode::CONFLICT,
                STOCK_MOVED_CODE,
                "編集中に在庫が動きました。読み込み直してから編集してください。",
            ));
        }
    }
    Ok(())
}
