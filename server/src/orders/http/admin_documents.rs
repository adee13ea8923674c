//! Printing from the order desk (issue 30): `POST /v1/admin/orders/documents` answers one PDF
//! of packing slips, a picking list or receipts for the orders the staff selected
//! (`orders::desk_documents` fills them in). Every desk role prints; printing changes nothing.
use axum::extract::State;
use axum::http::{HeaderName, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::channel::Channel;
use crate::infra::download::attachment_headers;
use crate::infra::error::{ApiResult, ErrorBody};
use crate::infra::extract::ApiJson;
use crate::orders::desk_documents::{self, Batch, ORDERS_MAX};
use crate::orders::pdf_response::PdfFile;
use crate::staff::permission::{Can, OrdersView};
use crate::state::AppState;
use crate::validation::{FieldCheck, today_jst};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(print_documents))
}

/// What to print (documents the body's `kind`).
#[derive(utoipa::ToSchema)]
#[schema(rename_all = "snake_case")]
#[allow(dead_code)]
pub enum DocumentKind {
    /// 納品書: one per shipment of each order not cancelled (shipped ones too); a present's
    /// (social gift, のし, wrapping, another recipient) without prices.
    PackingSlip,
    /// ピッキングリスト: the lines of the shipments not yet gone (未出荷, 出荷準備中) summed
    /// by product, sorted by 品番.
    PickingList,
    /// 領収書: the member's receipt of each paid order not cancelled.
    Receipt,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct DocumentsInput {
    #[schema(required = true, value_type = DocumentKind)]
    pub kind: Option<String>,
    /// The orders' numbers, 1 to 500; printed in this order.
    #[serde(default)]
    #[schema(min_items = 1, max_items = 500)]
    pub order_nos: Vec<String>,
}

#[utoipa::path(post, path = "/v1/admin/orders/documents", operation_id = "admin_print_order_documents", tag = "admin", request_body = DocumentsInput,
    responses(
        (status = 200, content_type = "application/pdf", body = PdfFile,
            description = "one PDF (`packing-slips-YYYYMMDD.pdf`, `picking-list-…`, `receipts-…`); nothing is written",
            headers(
                ("x-skipped" = i64, description = "how many of the orders gave nothing: not found in this shop, cancelled, unpaid (a receipt), nothing left to pick"),
                ("x-skipped-orders" = String, description = "their numbers, each percent-encoded, comma-separated"),
            )),
        (status = 401, body = ErrorBody, description = "no staff session of this shop"),
        (status = 422, body = ErrorBody,
            description = "`errors.kind` (no or an unknown kind), `errors.order_nos` (none, or over 500); or `orders.documents.nothing`: none of the orders gives a document"),
    ))]
pub async fn print_documents(
    State(state): State<AppState>,
    channel: Channel,
    _can: Can<OrdersView>,
    ApiJson(input): ApiJson<DocumentsInput>,
) -> ApiResult<Response> {
    let mut check = FieldCheck::default();
    let batch = input.kind.as_deref().map(str::trim).and_then(Batch::parse);
    if batch.is_none() {
        check.field("kind", Err("帳票の種類を選んでください。"));
    }
    let order_nos = desk_documents::distinct(&input.order_nos);
    if order_nos.is_empty() {
        check.field("order_nos", Err("印刷する注文を選んでください。"));
    } else if input.order_nos.len() > ORDERS_MAX {
        check.field("order_nos", Err(format!("一度に印刷できるのは{ORDERS_MAX}件までです。")));
    }
    check.finish()?;
    let batch = batch.unwrap_or(Batch::PackingSlips);
    let today = today_jst();
    let printed = desk_documents::print(&state, &channel, batch, &order_nos, today).await?;
    let name = batch.file_name(today);
    let mut headers = attachment_headers("application/pdf", &name, &name);
    // Names, addresses and amounts: no shared cache may keep them.
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(HeaderName::from_static("x-skipped"), HeaderValue::from(printed.skipped.len()));
    if let Ok(value) = HeaderValue::from_str(&desk_documents::skipped_header(&printed.skipped)) {
        headers.insert(HeaderName::from_static("x-skipped-orders"), value);
    }
    Ok((headers, printed.pdf).into_response())
}
