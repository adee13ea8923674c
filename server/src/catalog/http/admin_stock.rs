//! The stock desk (在庫管理, issue 31): every variation's 販売可能 / 引当中 / 実在庫 with its
//! 在庫アラート, +/− movements with their reason, the 棚卸 as a compare-and-set of what is on
//! the shelf, and each variation's ledger. Reading needs `catalog_view`, moving `stock`.
use std::collections::HashMap;

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::catalog::store::stock::{self, Cause, MovementRow, StockFilter, StockReason, StockRow};
use crate::channel::Channel;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::{ApiJson, ApiPath, ApiQuery};
use crate::infra::pagination::{AllowAll, Page, PageQuery, Paginated};
use crate::infra::search_text::contains_pattern;
use crate::infra::time::Timestamp;
use crate::staff::audit::{self, AuditAction};
use crate::staff::permission::{Can, CatalogView, Stock};
use crate::state::AppState;
use crate::validation::FieldCheck;

/// The 409 of a 棚卸 whose count moved since the staff member read it.
pub const STOCK_MOVED_CODE: &str = "stock.moved";
/// The most units one movement or count may name (a typo guard, not a business limit).
pub const QUANTITY_MAX: i64 = 1_000_000;
pub const NOTE_MAX: usize = 200;
const SEARCH_MAX: usize = 100;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_stock))
        .routes(routes!(show_stock))
        .routes(routes!(adjust_stock))
        .routes(routes!(set_stock_count))
        .routes(routes!(set_stock_threshold))
        .routes(routes!(list_stock_movements))
}

/// A variation's stock.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct StockItem {
    pub variation_id: String,
    pub product_key: String,
    pub product_name: String,
    pub product_code: String,
    pub sku: String,
    pub variation_name: String,
    /// 販売可能: what the storefront can still sell.
    pub available: i64,
    /// 引当中: held by orders whose parcels have not left.
    pub reserved: i64,
    /// 実在庫: on the shelf (available + reserved).
    pub on_hand: i64,
    /// 在庫アラート: at or under it the variation is in the low-stock queue (null: none).
    pub threshold: Option<i64>,
    /// At or under the threshold.
    pub low: bool,
    /// 入荷リクエスト of the product still waiting for their mail.
    pub restock_requests: i64,
}

fn item_of(row: StockRow, waiting: &HashMap<String, i64>) -> StockItem {
    StockItem {
        low: row.threshold.is_some_and(|threshold| row.available <= threshold),
        on_hand: row.available + row.reserved,
        restock_requests: waiting.get(&row.product_id).copied().unwrap_or(0),
        variation_id: row.variation_id,
        product_key: row.product_key,
        product_name: row.product_name,
        product_code: row.product_code,
        sku: row.sku,
        variation_name: row.variation_name,
        available: row.available,
        reserved: row.reserved,
        threshold: row.threshold,
    }
}

async fn items_of(state: &AppState, channel: &Channel, rows: Vec<StockRow>) -> ApiResult<Vec<StockItem>> {
    let mut products: Vec<String> = rows.iter().map(|row| row.product_id.clone()).collect();
    products.sort();
    products.dedup();
    let waiting: HashMap<String, i64> = (state.restock_waiting)(state.db.clone(), channel.id.clone(), products).await?.into_iter().collect();
    Ok(rows.into_iter().map(|row| item_of(row, &waiting)).collect())
}

async fn item(state: &AppState, channel: &Channel, variation_id: &str) -> ApiResult<StockItem> {
    let row = stock::find_stock(&state.db.pool, &channel.id, variation_id).await?.ok_or_else(ApiError::not_found)?;
    Ok(items_of(state, channel, vec![row]).await?.remove(0))
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct StockQuery {
    /// Part of a product name, 商品コード, SKU or variation name.
    pub q: Option<String>,
    /// all (default), low (在庫わずか: at or under the threshold), out (在庫切れ).
    #[param(value_type = Option<String>, pattern = "^(all|low|out)$")]
    pub filter: Option<String>,
    pub page: Option<String>,
    pub per: Option<String>,
}

#[utoipa::path(get, path = "/v1/admin/stock", operation_id = "admin_list_stock", tag = "admin", params(StockQuery),
    responses(
        (status = 200, body = crate::infra::pagination::ListBody<StockItem>, description = "by 商品コード, with x-total, x-per-page, x-last-page, x-current-page"),
        (status = 401, body = ErrorBody, description = "no staff session of this shop"),
        (status = 403, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "`errors.filter` or `errors.q`"),
    ))]
pub async fn list_stock(
    State(state): State<AppState>,
    channel: Channel,
    _can: Can<CatalogView>,
    ApiQuery(query): ApiQuery<StockQuery>,
) -> ApiResult<Paginated<StockItem>> {
    let page = Page::parse(&PageQuery { page: query.page.clone(), per: query.per.clone() }, 50, AllowAll::No)?;
    let mut check = FieldCheck::default();
    let filter = match query.filter.as_deref().unwrap_or("all") {
        "all" | "" => StockFilter::All,
        "low" => StockFilter::Low,
        "out" => StockFilter::Out,
        _ => {
            check.field("filter", Err("all、low、out のいずれかを指定してください。"));
            StockFilter::All
        }
    };
    let q = query.q.as_deref().map(str::trim).filter(|q| !q.is_empty());
    if q.is_some_and(|q| q.chars().count() > SEARCH_MAX) {
        check.field("q", Err(format!("{SEARCH_MAX}文字以内で入力してください。")));
    }
    check.finish()?;
    let like = q.map(contains_pattern);
    let (rows, total) = stock::list_stock(&state.db, &channel.id, like.as_deref(), filter, page.per, page.offset()).await?;
    Ok(Paginated::new(items_of(&state, &channel, rows).await?, total, page))
}

#[utoipa::path(get, path = "/v1/admin/stock/{variation_id}", operation_id = "admin_show_stock", tag = "admin", params(("variation_id" = String, Path)),
    responses((status = 200, body = StockItem), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn show_stock(
    State(state): State<AppState>,
    channel: Channel,
    _can: Can<CatalogView>,
    ApiPath(variation_id): ApiPath<String>,
) -> ApiResult<Json<StockItem>> {
    Ok(Json(item(&state, &channel, &variation_id).await?))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct AdjustInput {
    /// Units added (taken away when negative); not zero.
    #[schema(required = true, value_type = i64)]
    pub delta: Option<i64>,
    /// arrival (入荷), adjustment (調整) or return_restock (返品戻し).
    #[schema(required = true, value_type = StockReason)]
    pub reason: Option<String>,
    #[schema(max_length = 200)]
    pub note: Option<String>,
}

fn note_of(check: &mut FieldCheck, note: Option<String>) -> String {
    let note = note.unwrap_or_default().trim().to_owned();
    if note.chars().count() > NOTE_MAX {
        check.field("note", Err(format!("メモは{NOTE_MAX}文字以内で入力してください。")));
    }
    note
}

fn quantity_of(check: &mut FieldCheck, field: &str, value: Option<i64>, label: &str) -> i64 {
    match value {
        None => {
            check.field(field, Err(format!("{label}を入力してください。")));
            0
        }
        Some(value) if !(0..=QUANTITY_MAX).contains(&value) => {
            check.field(field, Err(format!("{label}は0以上{QUANTITY_MAX}以下の整数で入力してください。")));
            0
        }
        Some(value) => value,
    }
}

#[utoipa::path(post, path = "/v1/admin/stock/{variation_id}/adjustments", operation_id = "admin_adjust_stock", tag = "admin",
    params(("variation_id" = String, Path)), request_body = AdjustInput,
    responses((status = 200, body = StockItem, description = "the variation after the movement"), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 422, body = ErrorBody, description = "`errors.delta` (zero, too large, or below zero after), `errors.reason`, `errors.note`")))]
pub async fn adjust_stock(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<Stock>,
    ApiPath(variation_id): ApiPath<String>,
    ApiJson(input): ApiJson<AdjustInput>,
) -> ApiResult<Json<StockItem>> {
    let mut check = FieldCheck::default();
    let delta = input.delta.unwrap_or(0);
    if input.delta.is_none() || delta == 0 {
        check.field("delta", Err("増減する数を入力してください（0以外）。"));
    } else if delta.abs() > QUANTITY_MAX {
        check.field("delta", Err(format!("増減は{QUANTITY_MAX}個以内で入力してください。")));
    }
    let reason = input.reason.as_deref().and_then(StockReason::parse).filter(|reason| reason.is_manual());
    if reason.is_none() {
        check.field("reason", Err("理由を「入荷」「調整」「返品戻し」から選んでください。"));
    }
    let note = note_of(&mut check, input.note);
    check.finish()?;
    let reason = reason.unwrap_or(StockReason::Adjustment);
    let now = Timestamp::now().0;
    let mut tx = state.db.begin_write().await?;
    let cause = Cause { reason, staff: Some((&staff.id, &staff.name)), order_no: None, note: &note };
    if !stock::update_adjust(&mut tx, &channel.id, &variation_id, delta, &cause, now).await? {
        let row = stock::find_stock(&mut *tx, &channel.id, &variation_id).await?.ok_or_else(ApiError::not_found)?;
        return Err(ApiError::field("delta", format!("販売可能在庫が0未満になります（現在 {}）。", row.available)));
    }
    let row = stock::find_stock(&mut *tx, &channel.id, &variation_id).await?.ok_or_else(ApiError::not_found)?;
    let signed = if delta > 0 { format!("+{delta}") } else { delta.to_string() };
    audit::record_in(&mut tx, &staff, AuditAction::StockAdjust, &format!("{} {} {signed}", row.sku, reason.label())).await?;
    tx.commit().await?;
    Ok(Json(item(&state, &channel, &variation_id).await?))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CountInput {
    /// 実在庫 as the staff member saw it: the count is refused (409) when it has moved since.
    #[schema(required = true, value_type = i64)]
    pub from: Option<i64>,
    /// 実在庫 counted on the shelf; not under what orders hold (引当中).
    #[schema(required = true, value_type = i64)]
    pub to: Option<i64>,
    #[schema(max_length = 200)]
    pub note: Option<String>,
}

#[utoipa::path(put, path = "/v1/admin/stock/{variation_id}/count", operation_id = "admin_set_stock_count", tag = "admin",
    params(("variation_id" = String, Path)), request_body = CountInput,
    responses((status = 200, body = StockItem, description = "the variation after the 棚卸"), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody, description = "`stock.moved`: 実在庫 is no longer `from`"),
        (status = 422, body = ErrorBody, description = "`errors.from`, `errors.to` (not a count, or under the reserve), `errors.note`")))]
pub async fn set_stock_count(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<Stock>,
    ApiPath(variation_id): ApiPath<String>,
    ApiJson(input): ApiJson<CountInput>,
) -> ApiResult<Json<StockItem>> {
    let mut check = FieldCheck::default();
    let from = quantity_of(&mut check, "from", input.from, "元の実在庫");
    let to = quantity_of(&mut check, "to", input.to, "実在庫");
    let note = note_of(&mut check, input.note);
    check.finish()?;
    let now = Timestamp::now().0;
    let mut tx = state.db.begin_write().await?;
    let cause = Cause { reason: StockReason::Stocktake, staff: Some((&staff.id, &staff.name)), order_no: None, note: &note };
    if !stock::update_count(&mut tx, &channel.id, &variation_id, from, to, &cause, now).await? {
        return Err(count_refusal(&mut tx, &channel, &variation_id, from).await);
    }
    let sku = sku_of(&mut tx, &channel, &variation_id).await?;
    audit::record_in(&mut tx, &staff, AuditAction::StockCount, &format!("{sku} {from} → {to}")).await?;
    tx.commit().await?;
    Ok(Json(item(&state, &channel, &variation_id).await?))
}

/// Why a 棚卸 changed nothing: no such variation (404), the shelf moved (409), or the count
/// is under the reserve (422).
async fn count_refusal(tx: &mut crate::infra::db::Tx, channel: &Channel, variation_id: &str, from: i64) -> ApiError {
    let row = match stock::find_stock(&mut **tx, &channel.id, variation_id).await {
        Ok(Some(row)) => row,
        Ok(None) => return ApiError::not_found(),
        Err(error) => return error.into(),
    };
    let on_hand = row.available + row.reserved;
    if on_hand != from {
        return ApiError::rule_with(
            StatusCode::CONFLICT,
            STOCK_MOVED_CODE,
            format!("在庫数が変わりました（現在 {on_hand}）。最新の在庫数を確認してからやり直してください。"),
        );
    }
    ApiError::field("to", format!("注文で引当中の{}個より少なくはできません。", row.reserved))
}

async fn sku_of(tx: &mut crate::infra::db::Tx, channel: &Channel, variation_id: &str) -> ApiResult<String> {
    Ok(stock::find_stock(&mut **tx, &channel.id, variation_id).await?.map(|row| row.sku).unwrap_or_default())
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ThresholdInput {
    /// 在庫アラート: null clears it.
    #[schema(value_type = Option<i64>)]
    pub threshold: Option<i64>,
}

#[utoipa::path(put, path = "/v1/admin/stock/{variation_id}/threshold", operation_id = "admin_set_stock_threshold", tag = "admin",
    params(("variation_id" = String, Path)), request_body = ThresholdInput,
    responses((status = 200, body = StockItem), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "`errors.threshold`")))]
pub async fn set_stock_threshold(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<Stock>,
    ApiPath(variation_id): ApiPath<String>,
    ApiJson(input): ApiJson<ThresholdInput>,
) -> ApiResult<Json<StockItem>> {
    let mut check = FieldCheck::default();
    if let Some(threshold) = input.threshold {
        quantity_of(&mut check, "threshold", Some(threshold), "しきい値");
    }
    check.finish()?;
    if !stock::update_threshold(&state.db, &channel.id, &variation_id, input.threshold).await? {
        return Err(ApiError::not_found());
    }
    let answer = item(&state, &channel, &variation_id).await?;
    let shown = input.threshold.map_or_else(|| "なし".to_owned(), |t| t.to_string());
    audit::record(&state.db, &staff, AuditAction::StockThreshold, &format!("{} {shown}", answer.sku)).await?;
    Ok(Json(answer))
}

/// Why units moved, as the ledger shows it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ReasonLabel {
    pub code: StockReason,
    pub label: &'static str,
}

/// A line of the stock ledger.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Movement {
    pub id: String,
    #[schema(value_type = String, format = DateTime)]
    pub at: Timestamp,
    pub reason: ReasonLabel,
    pub available_delta: i64,
    pub on_hand_delta: i64,
    pub available_after: i64,
    pub on_hand_after: i64,
    pub staff_name: Option<String>,
    pub order_no: Option<String>,
    pub note: String,
}

fn movement_of(row: MovementRow) -> Movement {
    let reason = StockReason::parse(&row.reason).unwrap_or(StockReason::Adjustment);
    Movement {
        id: row.id,
        at: Timestamp(row.at),
        reason: ReasonLabel { code: reason, label: reason.label() },
        available_delta: row.available_delta,
        on_hand_delta: row.on_hand_delta,
        available_after: row.available_after,
        on_hand_after: row.on_hand_after,
        staff_name: row.staff_name,
        order_no: row.order_no,
        note: row.note,
    }
}

#[utoipa::path(get, path = "/v1/admin/stock/{variation_id}/movements", operation_id = "admin_list_stock_movements", tag = "admin",
    params(("variation_id" = String, Path), PageQuery),
    responses((status = 200, body = crate::infra::pagination::ListBody<Movement>, description = "newest first, with the pagination headers"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn list_stock_movements(
    State(state): State<AppState>,
    channel: Channel,
    _can: Can<CatalogView>,
    ApiPath(variation_id): ApiPath<String>,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> ApiResult<Paginated<Movement>> {
    let page = Page::parse(&query, 50, AllowAll::No)?;
    stock::find_stock(&state.db.pool, &channel.id, &variation_id).await?.ok_or_else(ApiError::not_found)?;
    let (rows, total) = stock::list_movements(&state.db, &channel.id, &variation_id, page.per, page.offset()).await?;
    Ok(Paginated::new(rows.into_iter().map(movement_of).collect(), total, page))
}
