//! 返品・返金 on the order desk (issue 32, docs/contracts/refunds.md): the proposal for some
//! returned units, recording a refund, and a manual refund's transfer done. All need
//! [`Refund`] (オーナー, 店長).
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::admin::{Coded, DeskOrder, VersionInput, desk_order};
use crate::channel::Channel;
use crate::infra::error::{ApiResult, ErrorBody};
use crate::infra::extract::{ApiJson, ApiPath};
use crate::infra::time::Timestamp;
use crate::orders::desk::Edit;
use crate::orders::refund_store::{RefundLineRow, RefundRow};
use crate::orders::refunds::{self, RefundAsk, RefundMethod, RefundState};
use crate::staff::permission::{Can, Refund};
use crate::state::AppState;
use crate::validation::{FieldCheck, REQUIRED};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(preview_refund)).routes(routes!(record_refund)).routes(routes!(complete_refund))
}

const REASON_MAX: usize = 500;
const BANK_ACCOUNT_MAX: usize = 200;
const LINES_MAX: usize = 200;

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct RefundLineInput {
    /// An order line's id (`shipments[].lines[].id`).
    #[schema(required = true, value_type = String)]
    pub line_id: Option<String>,
    /// Units of it coming back (0: none).
    #[schema(required = true, value_type = i64)]
    pub quantity: Option<i64>,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct RefundLinesInput {
    #[serde(default)]
    pub lines: Vec<RefundLineInput>,
    /// Add the carriage, payment fee and packing fee to the proposal.
    #[serde(default)]
    pub include_fees: bool,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ProposalLine {
    pub line_id: String,
    pub name: String,
    pub variation_name: String,
    pub unit_price: i64,
    pub ordered: i64,
    pub returned: i64,
    /// Units that may still come back: 0 until the line's parcel has left.
    pub returnable: i64,
    /// Its parcel has left (出荷済 or 配達完了).
    pub shipped: bool,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct RefundProposal {
    pub lines: Vec<ProposalLine>,
    pub goods_amount: i64,
    pub coupon_share: i64,
    pub points_share: i64,
    pub fees_amount: i64,
    pub suggested_amount: i64,
    /// Received less what earlier refunds gave back.
    pub refundable: i64,
    pub points_returned: i64,
    pub points_returnable: i64,
    pub points_revoked: i64,
    pub points_revocable: i64,
    /// card (クレジットカード返金) or manual (振込返金).
    pub method: Coded,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct RefundInput {
    #[schema(required = true, value_type = i64)]
    pub version: Option<i64>,
    #[serde(default)]
    pub lines: Vec<RefundLineInput>,
    /// 在庫に戻す (true) or not (false); required when units come back.
    pub restock: Option<bool>,
    /// Yen to give back, 0 allowed.
    #[schema(required = true, value_type = i64)]
    pub amount: Option<i64>,
    pub points_returned: Option<i64>,
    pub points_revoked: Option<i64>,
    #[schema(required = true, value_type = String)]
    pub reason: Option<String>,
    /// 振込先 the customer gave (manual refunds).
    pub bank_account: Option<String>,
    /// Mail 返品受付 (and 返金完了) to the customer; true unless false.
    pub notify: Option<bool>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct DeskRefundLine {
    pub line_id: String,
    pub name: String,
    pub variation_name: String,
    pub quantity: i64,
    pub amount: i64,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct DeskRefund {
    pub id: String,
    pub refund_no: i64,
    pub created_at: Timestamp,
    pub refunded_at: Option<Timestamp>,
    pub amount: i64,
    /// card, manual or none.
    pub method: Coded,
    /// pending 返金処理中, awaiting_transfer 振込待ち, refunded 返金済, failed 返金失敗, none 返金なし.
    pub state: Coded,
    pub restocked: bool,
    pub points_returned: i64,
    pub points_revoked: i64,
    pub reason: String,
    pub bank_account: String,
    pub failure: String,
    pub staff_name: String,
    pub lines: Vec<DeskRefundLine>,
}

fn coded_method(code: &str) -> Coded {
    let label = RefundMethod::parse(code).map_or_else(|| code.to_owned(), |m| m.label().to_owned());
    Coded { code: code.to_owned(), label }
}

fn coded_state(code: &str) -> Coded {
    let label = RefundState::parse(code).map_or_else(|| code.to_owned(), |s| s.label().to_owned());
    Coded { code: code.to_owned(), label }
}

/// The order's refunds as the desk shows them, oldest first.
pub fn desk_refunds(rows: Vec<RefundRow>, lines: &[RefundLineRow]) -> Vec<DeskRefund> {
    rows.into_iter()
        .map(|r| DeskRefund {
            lines: lines
                .iter()
                .filter(|l| l.refund_id == r.id)
                .map(|l| DeskRefundLine {
                    line_id: l.line_id.clone(),
                    name: l.product_name.clone(),
                    variation_name: l.variation_name.clone(),
                    quantity: l.quantity,
                    amount: l.amount,
                })
                .collect(),
            method: coded_method(&r.method),
            state: coded_state(&r.state),
            id: r.id,
            refund_no: r.refund_no,
            created_at: Timestamp(r.created_at),
            refunded_at: r.refunded_at.map(Timestamp),
            amount: r.amount,
            restocked: r.restocked != 0,
            points_returned: r.points_returned,
            points_revoked: r.points_revoked,
            reason: r.reason,
            bank_account: r.bank_account,
            failure: r.failure,
            staff_name: r.staff_name,
        })
        .collect()
}

/// The units asked for; a line without its id or quantity is a field error.
fn asked_lines(check: &mut FieldCheck, lines: Vec<RefundLineInput>) -> Vec<(String, i64)> {
    if lines.len() > LINES_MAX {
        check.field("lines", Err(format!("明細は{LINES_MAX}件までです。")));
        return Vec::new();
    }
    lines
        .into_iter()
        .filter_map(|line| match (line.line_id, line.quantity) {
            (Some(id), Some(quantity)) => Some((id, quantity)),
            _ => {
                check.field("lines", Err("数量は0以上の整数で入力してください。"));
                None
            }
        })
        .collect()
}

fn text(check: &mut FieldCheck, field: &str, value: Option<String>, max: usize) -> String {
    let value = value.unwrap_or_default().trim().to_owned();
    if value.chars().count() > max {
        check.field(field, Err(format!("{max}文字以内で入力してください。")));
    }
    value
}

#[utoipa::path(post, path = "/v1/admin/orders/{order_no}/refunds/preview", tag = "admin", params(("order_no" = String, Path)), request_body = RefundLinesInput,
    responses((status = 200, body = RefundProposal, description = "what the units propose to give back; every line of the order with what it has left"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "the role may not refund"), (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "`errors.lines`: a unit the order cannot give back")))]
pub async fn preview_refund(
    State(state): State<AppState>,
    channel: Channel,
    _can: Can<Refund>,
    ApiPath(order_no): ApiPath<String>,
    ApiJson(input): ApiJson<RefundLinesInput>,
) -> ApiResult<Json<RefundProposal>> {
    let mut check = FieldCheck::default();
    let asked = asked_lines(&mut check, input.lines);
    check.finish()?;
    let proposed = refunds::preview(&state, &channel, &order_no, &asked, input.include_fees).await?;
    let (p, facts) = (&proposed.proposal, &proposed.facts);
    Ok(Json(RefundProposal {
        lines: proposed
            .lines
            .iter()
            .map(|l| {
                let shipped = l.shipped != 0;
                ProposalLine {
                    line_id: l.id.clone(),
                    name: l.product_name.clone(),
                    variation_name: l.variation_name.clone(),
                    unit_price: l.unit_price,
                    ordered: l.quantity,
                    returned: l.returned,
                    returnable: if shipped { (l.quantity - l.returned).max(0) } else { 0 },
                    shipped,
                }
            })
            .collect(),
        goods_amount: p.goods_amount,
        coupon_share: p.coupon_share,
        points_share: p.points_share,
        fees_amount: p.fees_amount,
        suggested_amount: p.suggested_amount,
        refundable: facts.refundable(),
        points_returned: p.points_returned,
        points_returnable: facts.points_returnable(),
        points_revoked: p.points_revoked,
        points_revocable: facts.points_revocable(),
        method: Coded { code: proposed.method.code().to_owned(), label: proposed.method.label().to_owned() },
    }))
}

#[utoipa::path(post, path = "/v1/admin/orders/{order_no}/refunds", tag = "admin", params(("order_no" = String, Path)), request_body = RefundInput,
    responses((status = 201, body = DeskOrder, description = "recorded: units, stock, points, the order's payment state; a card refund made through the gateway; 返品受付 mailed"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "the role may not refund"), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "`orders.desk.stale`"),
        (status = 422, body = ErrorBody, description = "field errors, or `orders.refund.cancelled`")))]
pub async fn record_refund(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<Refund>,
    ApiPath(order_no): ApiPath<String>,
    ApiJson(input): ApiJson<RefundInput>,
) -> ApiResult<(StatusCode, Json<DeskOrder>)> {
    let mut check = FieldCheck::default();
    if input.version.is_none() {
        check.field("version", Err(REQUIRED));
    }
    let lines = asked_lines(&mut check, input.lines);
    let reason = text(&mut check, "reason", input.reason, REASON_MAX);
    let bank_account = text(&mut check, "bank_account", input.bank_account, BANK_ACCOUNT_MAX);
    check.finish()?;
    let ask = RefundAsk {
        lines,
        restock: input.restock,
        amount: input.amount,
        points_returned: input.points_returned,
        points_revoked: input.points_revoked,
        reason,
        bank_account,
        notify: input.notify.unwrap_or(true),
    };
    let edit = Edit { state: &state, channel: &channel, staff: &staff, order_no: &order_no, version: input.version.unwrap_or(0) };
    refunds::record(&edit, &ask).await?;
    Ok((StatusCode::CREATED, Json(desk_order(&state, &channel, &staff, &order_no).await?)))
}

#[utoipa::path(post, path = "/v1/admin/orders/{order_no}/refunds/{refund_id}/complete", tag = "admin",
    params(("order_no" = String, Path), ("refund_id" = String, Path)), request_body = VersionInput,
    responses((status = 200, body = DeskOrder, description = "the manual refund is 返金済; 返金完了 mailed when the refund was recorded with notify"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "`orders.refund.not_awaiting`")))]
pub async fn complete_refund(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<Refund>,
    ApiPath((order_no, refund_id)): ApiPath<(String, String)>,
    ApiJson(input): ApiJson<VersionInput>,
) -> ApiResult<Json<DeskOrder>> {
    let mut check = FieldCheck::default();
    if input.version.is_none() {
        check.field("version", Err(REQUIRED));
    }
    check.finish()?;
    let edit = Edit { state: &state, channel: &channel, staff: &staff, order_no: &order_no, version: input.version.unwrap_or(0) };
    refunds::complete_transfer(&edit, &refund_id).await?;
    Ok(Json(desk_order(&state, &channel, &staff, &order_no).await?))
}
