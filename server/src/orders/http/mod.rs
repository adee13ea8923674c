//! Handlers of the order history, receipts, quotations, memos and the guest receipt. A
//! member's calls reach only their own orders of this channel: another's is a 404, the same as
//! a missing one; a guest's only with the order's `t`.
pub mod admin;
mod admin_bank;
mod admin_documents;
mod admin_refunds;
mod fraud_notifications;

use std::collections::HashMap;

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use time::{Duration, PrimitiveDateTime, Time, UtcOffset};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::pdf_response::{PdfFile, pdf_response};
use super::receipt::{self, ADDRESSEE_MAX, NOTE_MAX};
use super::status::Status;
use super::store::{self, OrderRow, Search};
use super::view::{self, Order};
use super::{RECEIPT_CODE, cancel, orders_answer};
use crate::auth::Member;
use crate::channel::Channel;
use crate::documents::{self, Kind};
use crate::infra::error::{ApiError, ApiResult, ErrorBody, FieldErrors};
use crate::infra::extract::{ApiJson, ApiPath, ApiQuery};
use crate::infra::pagination::{AllowAll, DEFAULT_PER, Page, PageQuery, pagination_headers};
use crate::infra::time::Timestamp;
use crate::state::AppState;
use crate::validation::{REQUIRED, parse_date, today_jst};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(fraud_notifications::routes())
        .merge(admin::routes())
        .merge(admin_documents::routes())
        .merge(admin_bank::routes())
        .merge(admin_refunds::routes())
        .routes(routes!(list_orders))
        .routes(routes!(show_order))
        .routes(routes!(cancel_order))
        .routes(routes!(download_receipt, update_receipt))
        .routes(routes!(download_quotation))
        .routes(routes!(create_memo))
        .routes(routes!(update_memo, delete_memo))
        .routes(routes!(check_guest_receipt))
        .routes(routes!(show_guest_receipt, update_guest_receipt))
        .routes(routes!(download_guest_receipt))
}

pub const CANCEL_REASON_MAX: usize = 500;
pub const MEMO_MAX: usize = 1000;
const ORDER_NO_MAX: usize = 50;

fn jst() -> UtcOffset {
    UtcOffset::from_hms(9, 0, 0).expect("valid offset")
}

/// Settings of the channel (bank account, issuer).
async fn settings(state: &AppState, channel: &Channel) -> ApiResult<HashMap<String, String>> {
    Ok(crate::channel::store::list_settings(&state.db, &channel.id).await?)
}

async fn order_answer(state: &AppState, channel: &Channel, row: OrderRow) -> ApiResult<Order> {
    let mut orders = orders_answer(state, channel, vec![row]).await?;
    orders.pop().ok_or_else(|| ApiError::Internal(anyhow::anyhow!("an order went missing while answering it")))
}

async fn member_order(state: &AppState, channel: &Channel, member: &Member, id: &str) -> ApiResult<OrderRow> {
    store::find_member_order(&state.db.pool, &channel.id, &member.user_id, id).await?.ok_or_else(ApiError::not_found)
}

// --- the history -----------------------------------------------------------------------------

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct OrderSearchQuery {
    /// 1-based page number.
    #[param(schema_with = crate::infra::pagination::page_schema)]
    pub page: Option<String>,
    /// Page size (default 10, at most 100).
    #[param(schema_with = crate::infra::pagination::per_schema)]
    pub per: Option<String>,
    /// Part of the order number.
    #[param(max_length = 50)]
    pub order_no: Option<String>,
    /// Ordered on or after this day (`YYYY-MM-DD`, Japan).
    #[param(schema_with = crate::infra::extract::date_or_blank_schema)]
    pub from: Option<String>,
    /// Ordered on or before this day (`YYYY-MM-DD`, Japan).
    #[param(schema_with = crate::infra::extract::date_or_blank_schema)]
    pub to: Option<String>,
    /// accepted, awaiting_payment, paid, preparing, shipped, delivered or cancelled.
    #[param(pattern = "^\\s*(accepted|awaiting_payment|paid|preparing|shipped|delivered|cancelled)?\\s*$")]
    pub status: Option<String>,
}

/// The start of a Japanese day, in epoch milliseconds.
fn day_start_ms(date: time::Date) -> i64 {
    let at = PrimitiveDateTime::new(date, Time::MIDNIGHT).assume_offset(jst());
    (at.unix_timestamp_nanos() / 1_000_000) as i64
}

fn search_of(query: &OrderSearchQuery) -> ApiResult<Search> {
    let mut errors = FieldErrors::new();
    let text = |value: &Option<String>| value.as_deref().map(str::trim).filter(|v| !v.is_empty()).map(str::to_owned);
    let order_no = text(&query.order_no);
    // Counted as sent, spaces included, as the document's maxLength does.
    if query.order_no.as_deref().is_some_and(|no| no.chars().count() > ORDER_NO_MAX) {
        errors.insert("order_no".into(), vec![format!("注文番号は{ORDER_NO_MAX}文字以内で入力してください")]);
    }
    let mut date = |field: &str, value: Option<String>| -> Option<time::Date> {
        let value = value?;
        let parsed = parse_date(&value);
        if parsed.is_none() {
            errors.insert(field.into(), vec!["日付はYYYY-MM-DDの形式で入力してください".into()]);
        }
        parsed
    };
    // A date is exactly `YYYY-MM-DD` or blank, as documented: a padded one is refused.
    let exact = |value: &Option<String>| value.clone().filter(|v| !v.is_empty());
    let from = date("from", exact(&query.from));
    let to = date("to", exact(&query.to));
    if let (Some(from), Some(to)) = (from, to)
        && to < from
    {
        errors.insert("to".into(), vec![crate::validation::MIN_DATE.into()]);
    }
    let status = match text(&query.status) {
        None => None,
        Some(code) => match Status::parse(&code) {
            Some(status) => Some(status.code()),
            None => {
                errors.insert("status".into(), vec!["注文状況の指定が正しくありません".into()]);
                None
            }
        },
    };
    if !errors.is_empty() {
        return Err(ApiError::Invalid(errors));
    }
    Ok(Search { order_no, from_ms: from.map(day_start_ms), until_ms: to.map(|to| day_start_ms(to + Duration::days(1))), status })
}

/// A page of the order history.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct OrderList {
    pub data: Vec<Order>,
    /// What the member has paid over all their orders not cancelled (the search does not
    /// narrow it).
    pub user_order_total_payment: i64,
}

#[utoipa::path(get, path = "/v1/me/orders", tag = "orders", security(("bearer" = [])), params(OrderSearchQuery),
    responses(
        (status = 200, body = OrderList, description = "the member's orders, newest first; x-total, x-per-page, x-last-page, x-current-page"),
        (status = 401, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "bad page, per, date or status"),
    ))]
async fn list_orders(State(state): State<AppState>, channel: Channel, member: Member, ApiQuery(query): ApiQuery<OrderSearchQuery>) -> ApiResult<Response> {
    let page = Page::parse(&PageQuery { page: query.page.clone(), per: query.per.clone() }, DEFAULT_PER, AllowAll::No)?;
    let search = search_of(&query)?;
    let (rows, total) = store::list_member_orders(&state.db, &channel.id, &member.user_id, &search, page.per, page.offset()).await?;
    let user_order_total_payment = store::sum_member_total_payment(&state.db, &channel.id, &member.user_id).await?;
    let data = orders_answer(&state, &channel, rows).await?;
    Ok((pagination_headers(total, page), Json(OrderList { data, user_order_total_payment })).into_response())
}

#[utoipa::path(get, path = "/v1/me/orders/{id}", tag = "orders", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 200, body = Order),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "no such order of this member"),
    ))]
async fn show_order(State(state): State<AppState>, channel: Channel, member: Member, ApiPath(id): ApiPath<String>) -> ApiResult<Json<Order>> {
    let row = member_order(&state, &channel, &member, &id).await?;
    Ok(Json(order_answer(&state, &channel, row).await?))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CancelInput {
    /// Why (1–500 characters); shown in the order and the mail.
    #[schema(required = true, value_type = String, pattern = "\\S", max_length = 500)]
    pub cancel_reason: Option<String>,
}

/// A required text of at most `max` characters, trimmed.
fn required_text(field: &str, value: Option<&str>, max: usize) -> ApiResult<String> {
    let value = value.map(str::trim).unwrap_or("");
    if value.is_empty() {
        return Err(ApiError::field(field, REQUIRED));
    }
    if value.chars().count() > max {
        return Err(ApiError::field(field, format!("{max}文字以内で入力してください")));
    }
    Ok(value.to_owned())
}

#[utoipa::path(put, path = "/v1/me/orders/{id}/cancel", tag = "orders", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = CancelInput,
    responses(
        (status = 200, body = Order, description = "cancelled: stock, coupon and used points returned, earned points taken back (never below zero), a card charge refunded, the cancellation mail sent"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "`errors.cancel_reason` (required, at most 500 characters), or code `orders.cancel.not_cancellable`: 「この注文はキャンセルできません（発送準備に入っています）」"),
    ))]
async fn cancel_order(
    State(state): State<AppState>,
    channel: Channel,
    member: Member,
    ApiPath(id): ApiPath<String>,
    ApiJson(input): ApiJson<CancelInput>,
) -> ApiResult<Json<Order>> {
    let row = member_order(&state, &channel, &member, &id).await?;
    let reason = required_text("cancel_reason", input.cancel_reason.as_deref(), CANCEL_REASON_MAX)?;
    cancel::cancel_order(&state, &channel, &row.id, &reason).await?;
    let row = member_order(&state, &channel, &member, &id).await?;
    Ok(Json(order_answer(&state, &channel, row).await?))
}

// --- receipts and quotations -------------------------------------------------------------------

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ReceiptInput {
    /// 宛名 (at most 60 characters); empty: the orderer's name (or company). 様 or 御中 is
    /// added when printed.
    #[schema(max_length = 60)]
    pub addressee: Option<String>,
    /// 但し書き (at most 60 characters); empty: 「お品代として」.
    #[schema(max_length = 60)]
    pub note: Option<String>,
}

fn receipt_fields(input: &ReceiptInput) -> ApiResult<(String, String)> {
    let mut errors = FieldErrors::new();
    let mut check = |field: &str, value: Option<&str>, max: usize| {
        let value = value.map(str::trim).unwrap_or("").to_owned();
        if value.chars().count() > max {
            errors.insert(field.into(), vec![format!("{max}文字以内で入力してください")]);
        } else if value.chars().any(char::is_control) {
            errors.insert(field.into(), vec!["改行や制御文字は使えません".into()]);
        }
        value
    };
    let addressee = check("addressee", input.addressee.as_deref(), ADDRESSEE_MAX);
    let note = check("note", input.note.as_deref(), NOTE_MAX);
    if errors.is_empty() { Ok((addressee, note)) } else { Err(ApiError::Invalid(errors)) }
}

fn refuse_receipt(row: &OrderRow) -> ApiResult<()> {
    match view::status_of(row).receipt_refusal() {
        Some(message) => Err(ApiError::rule(RECEIPT_CODE, message)),
        None => Ok(()),
    }
}

/// Counts the download and answers the receipt (再発行 from the second download on).
async fn receipt_response(state: &AppState, channel: &Channel, row: &OrderRow) -> ApiResult<Response> {
    refuse_receipt(row)?;
    let mut tx = state.db.begin_write().await?;
    let issued_before = store::update_receipt_issued(&mut tx, &row.id).await?;
    tx.commit().await?;
    let settings = settings(state, channel).await?;
    let document = receipt::receipt(row, channel, &settings, issued_before, today_jst());
    Ok(pdf_response(Kind::Receipt, &row.order_no, documents::render(&document)?))
}

#[utoipa::path(get, path = "/v1/me/orders/{id}/download/receipt", tag = "orders", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 200, content_type = "application/pdf", body = PdfFile,
            description = "領収書_<order_no>.pdf (Content-Disposition with filename*=UTF-8''…): addressee, amount, 但し書き, the per-rate tax breakdown, the shop's registration number; 再発行 from the second download on",
            headers(("x-suggested-filename" = String, description = "the RFC 5987-encoded file name"))),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "code `orders.receipt.not_issuable`: awaiting payment (「お支払いの確認後に発行できます」) or cancelled"),
    ))]
async fn download_receipt(State(state): State<AppState>, channel: Channel, member: Member, ApiPath(id): ApiPath<String>) -> ApiResult<Response> {
    let row = member_order(&state, &channel, &member, &id).await?;
    receipt_response(&state, &channel, &row).await
}

#[utoipa::path(put, path = "/v1/me/orders/{id}/download/receipt", tag = "orders", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = ReceiptInput,
    responses(
        (status = 200, body = Order, description = "the receipt's addressee and 但し書き stored (order.receipt)"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "`errors.addressee` / `errors.note`: at most 60 characters, no line breaks"),
    ))]
async fn update_receipt(
    State(state): State<AppState>,
    channel: Channel,
    member: Member,
    ApiPath(id): ApiPath<String>,
    ApiJson(input): ApiJson<ReceiptInput>,
) -> ApiResult<Json<Order>> {
    let row = member_order(&state, &channel, &member, &id).await?;
    let (addressee, note) = receipt_fields(&input)?;
    let mut tx = state.db.begin_write().await?;
    store::update_receipt_info(&mut tx, &row.id, &addressee, &note, Timestamp::now().0).await?;
    tx.commit().await?;
    let row = member_order(&state, &channel, &member, &id).await?;
    Ok(Json(order_answer(&state, &channel, row).await?))
}

#[utoipa::path(get, path = "/v1/me/orders/{id}/download/quotation", tag = "orders", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 200, content_type = "application/pdf", body = PdfFile,
            description = "御見積書_<order_no>.pdf: the lines (name, quantity, unit price, amount), charges, total and the per-rate tax breakdown",
            headers(("x-suggested-filename" = String, description = "the RFC 5987-encoded file name"))),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
    ))]
async fn download_quotation(State(state): State<AppState>, channel: Channel, member: Member, ApiPath(id): ApiPath<String>) -> ApiResult<Response> {
    let row = member_order(&state, &channel, &member, &id).await?;
    let lines = store::list_lines(&state.db, std::slice::from_ref(&row.id)).await?;
    let settings = settings(&state, &channel).await?;
    let document = receipt::quotation(&row, &lines, &channel, &settings, today_jst());
    Ok(pdf_response(Kind::Quotation, &row.order_no, documents::render(&document)?))
}

// --- memos -------------------------------------------------------------------------------------

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct MemoCreate {
    /// One of the member's orders.
    #[schema(required = true, value_type = String, pattern = "\\S")]
    pub order_id: Option<String>,
    /// 1–1000 characters.
    #[schema(required = true, value_type = String, pattern = "\\S", max_length = 1000)]
    pub body: Option<String>,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct MemoUpdate {
    /// 1–1000 characters.
    #[schema(required = true, value_type = String, pattern = "\\S", max_length = 1000)]
    pub body: Option<String>,
}

/// A memo and the order it is on.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct OrderMemo {
    pub id: String,
    pub order_id: String,
    pub body: String,
    pub updated_at: Timestamp,
}

impl From<store::MemoRow> for OrderMemo {
    fn from(row: store::MemoRow) -> Self {
        OrderMemo { id: row.id, order_id: row.order_id, body: row.body, updated_at: Timestamp(row.updated_at) }
    }
}

#[utoipa::path(post, path = "/v1/memos", tag = "orders", security(("bearer" = [])), request_body = MemoCreate,
    responses(
        (status = 201, body = OrderMemo, description = "the order's memo (an order has one: a second POST replaces its text)"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "no such order of this member"),
        (status = 422, body = ErrorBody, description = "`errors.body`: required, at most 1000 characters; `errors.order_id`: required"),
    ))]
async fn create_memo(
    State(state): State<AppState>,
    channel: Channel,
    member: Member,
    ApiJson(input): ApiJson<MemoCreate>,
) -> ApiResult<(StatusCode, Json<OrderMemo>)> {
    let order_id = required_text("order_id", input.order_id.as_deref(), 100)?;
    let body = required_text("body", input.body.as_deref(), MEMO_MAX)?;
    let row = member_order(&state, &channel, &member, &order_id).await?;
    let mut tx = state.db.begin_write().await?;
    let id = store::upsert_memo(&mut tx, &channel.id, &member.user_id, &row.id, &body, Timestamp::now().0).await?;
    let memo = store::find_memo(&mut *tx, &channel.id, &member.user_id, &id).await?.ok_or_else(ApiError::not_found)?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(memo.into())))
}

#[utoipa::path(patch, path = "/v1/memos/{id}", tag = "orders", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = MemoUpdate,
    responses(
        (status = 200, body = OrderMemo),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "no such memo of this member"),
        (status = 422, body = ErrorBody, description = "`errors.body`: required, at most 1000 characters"),
    ))]
async fn update_memo(
    State(state): State<AppState>,
    channel: Channel,
    member: Member,
    ApiPath(id): ApiPath<String>,
    ApiJson(input): ApiJson<MemoUpdate>,
) -> ApiResult<Json<OrderMemo>> {
    store::find_memo(&state.db.pool, &channel.id, &member.user_id, &id).await?.ok_or_else(ApiError::not_found)?;
    let body = required_text("body", input.body.as_deref(), MEMO_MAX)?;
    let mut tx = state.db.begin_write().await?;
    if !store::update_memo(&mut tx, &channel.id, &member.user_id, &id, &body, Timestamp::now().0).await? {
        return Err(ApiError::not_found());
    }
    let memo = store::find_memo(&mut *tx, &channel.id, &member.user_id, &id).await?.ok_or_else(ApiError::not_found)?;
    tx.commit().await?;
    Ok(Json(memo.into()))
}

#[utoipa::path(delete, path = "/v1/memos/{id}", tag = "orders", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 204, description = "deleted"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "no such memo of this member"),
    ))]
async fn delete_memo(State(state): State<AppState>, channel: Channel, member: Member, ApiPath(id): ApiPath<String>) -> ApiResult<StatusCode> {
    let mut tx = state.db.begin_write().await?;
    if !store::delete_memo(&mut tx, &channel.id, &member.user_id, &id).await? {
        return Err(ApiError::not_found());
    }
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

// --- guests ------------------------------------------------------------------------------------

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct GuestQuery {
    /// The random token given with the order (on the complete page and in the mail).
    pub t: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct GuestReceiptCheck {
    /// Always true (a wrong `t` answers 404).
    pub is_valid: bool,
    /// Whether the receipt can be downloaded now (not while awaiting payment, never once
    /// cancelled).
    pub can_issue: bool,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct GuestReceipt {
    pub order_no: String,
    /// Empty: the orderer's name.
    pub addressee: String,
    /// Empty: 「お品代として」.
    pub note: String,
    pub issued_count: i64,
    pub total_payment: i64,
    pub ordered_at: Timestamp,
    /// A social gift: its receiver and state (never the recipient's address).
    pub social_gift: Option<crate::orders::gift_view::OrderGift>,
}

impl GuestReceipt {
    async fn of(state: &AppState, row: &OrderRow) -> ApiResult<GuestReceipt> {
        Ok(GuestReceipt {
            order_no: row.order_no.clone(),
            addressee: row.receipt_addressee.clone(),
            note: row.receipt_note.clone(),
            issued_count: row.receipt_issued_count,
            total_payment: row.total_payment,
            ordered_at: Timestamp(row.ordered_at),
            social_gift: crate::orders::gift_view::order_gift_of(&state.db, row).await?,
        })
    }
}

#[utoipa::path(get, path = "/v1/orders/{no}/check/receipt", tag = "orders", params(("no" = String, Path), GuestQuery),
    responses(
        (status = 200, body = GuestReceiptCheck),
        (status = 404, body = ErrorBody, description = "no such order, or `t` missing or not the order's"),
    ))]
async fn check_guest_receipt(
    State(state): State<AppState>,
    channel: Channel,
    ApiPath(no): ApiPath<String>,
    ApiQuery(query): ApiQuery<GuestQuery>,
) -> ApiResult<Json<GuestReceiptCheck>> {
    let row = super::find_guest_order(&state, &channel, &no, query.t.as_deref()).await?;
    Ok(Json(GuestReceiptCheck { is_valid: true, can_issue: view::status_of(&row).receipt_refusal().is_none() }))
}

#[utoipa::path(get, path = "/v1/orders/{no}/guest/receipt", tag = "orders", params(("no" = String, Path), GuestQuery),
    responses(
        (status = 200, body = GuestReceipt),
        (status = 404, body = ErrorBody, description = "no such order, or `t` missing or not the order's"),
    ))]
async fn show_guest_receipt(
    State(state): State<AppState>,
    channel: Channel,
    ApiPath(no): ApiPath<String>,
    ApiQuery(query): ApiQuery<GuestQuery>,
) -> ApiResult<Json<GuestReceipt>> {
    let row = super::find_guest_order(&state, &channel, &no, query.t.as_deref()).await?;
    Ok(Json(GuestReceipt::of(&state, &row).await?))
}

#[utoipa::path(put, path = "/v1/orders/{no}/guest/receipt", tag = "orders", params(("no" = String, Path), GuestQuery),
    request_body = ReceiptInput,
    responses(
        (status = 200, body = GuestReceipt, description = "addressee and 但し書き stored"),
        (status = 404, body = ErrorBody, description = "no such order, or `t` missing or not the order's"),
        (status = 422, body = ErrorBody, description = "`errors.addressee` / `errors.note`: at most 60 characters, no line breaks"),
    ))]
async fn update_guest_receipt(
    State(state): State<AppState>,
    channel: Channel,
    ApiPath(no): ApiPath<String>,
    ApiQuery(query): ApiQuery<GuestQuery>,
    ApiJson(input): ApiJson<ReceiptInput>,
) -> ApiResult<Json<GuestReceipt>> {
    let row = super::find_guest_order(&state, &channel, &no, query.t.as_deref()).await?;
    let (addressee, note) = receipt_fields(&input)?;
    let mut tx = state.db.begin_write().await?;
    store::update_receipt_info(&mut tx, &row.id, &addressee, &note, Timestamp::now().0).await?;
    let row = store::find_order(&mut *tx, &channel.id, &row.id).await?.ok_or_else(ApiError::not_found)?;
    tx.commit().await?;
    Ok(Json(GuestReceipt::of(&state, &row).await?))
}

#[utoipa::path(get, path = "/v1/orders/{no}/download/receipt", tag = "orders", params(("no" = String, Path), GuestQuery),
    responses(
        (status = 200, content_type = "application/pdf", body = PdfFile, description = "領収書_<order_no>.pdf, as for members",
            headers(("x-suggested-filename" = String, description = "the RFC 5987-encoded file name"))),
        (status = 404, body = ErrorBody, description = "no such order, or `t` missing or not the order's"),
        (status = 422, body = ErrorBody, description = "code `orders.receipt.not_issuable`"),
    ))]
async fn download_guest_receipt(
    State(state): State<AppState>,
    channel: Channel,
    ApiPath(no): ApiPath<String>,
    ApiQuery(query): ApiQuery<GuestQuery>,
) -> ApiResult<Response> {
    let row = super::find_guest_order(&state, &channel, &no, query.t.as_deref()).await?;
    receipt_response(&state, &channel, &row).await
}
