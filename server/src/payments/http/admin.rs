//! 支払方法設定 on the settings desk (docs/contracts/settings-payments.md): an owner or 店長
//! reads the shop's payment methods with the totals none of them can pay, saves one method
//! (name, description, enabled, members only, fee tiers, lowest and highest total) and the
//! order the checkout lists them in. A save carries the version it was made from (409 on a
//! stale one), is checked by `method_desk` and audited with what it changed. The checkout reads
//! the methods at each quotation, so the next cart on every instance pays the new fee.
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::channel::Channel;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::{ApiJson, ApiPath};
use crate::payments::fee_rule::FeeTier;
use crate::payments::method_desk::{self, Coverage, MethodForm, PaymentGap, PaymentMethodInput};
use crate::payments::methods::Readiness;
use crate::payments::store::{self, DeskMethodRow, MethodChange};
use crate::staff::answer::AdminAnswer;
use crate::staff::audit::{self, AuditAction};
use crate::staff::permission::{Can, ShopSettings};
use crate::state::AppState;

pub const STALE_CODE: &str = "settings.stale";
const STALE_MESSAGE: &str = "この支払方法は他の画面で更新されました。画面を読み込み直してください。";
const ORDER_STALE_MESSAGE: &str = "支払方法の並び順が他の画面で変更されました。画面を読み込み直してください。";
const ORDER_MISMATCH: &str = "支払方法をすべて1回ずつ並べてください。";
const VERSION_MESSAGE: &str = "版番号がありません。画面を読み込み直してください。";

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(payment_settings)).routes(routes!(save_payment_method)).routes(routes!(save_payment_order))
}

/// One method as the desk shows it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PaymentMethodSettings {
    pub id: String,
    /// credit_card | cod | bank_transfer | invoice | deferred (what the method does; not editable).
    pub code: String,
    pub name: String,
    pub description: String,
    pub is_enabled: bool,
    pub member_only: bool,
    /// Ascending; the last is open (`up_to` null). A fixed fee is one open tier.
    pub fee_tiers: Vec<FeeTier>,
    /// Lowest total (before the fee) the method takes; null: none.
    pub min_total: Option<i64>,
    /// Highest total (before the fee) the method takes; null: none.
    pub max_total: Option<i64>,
    /// 1 = listed first at checkout.
    pub position: i64,
    pub version: i64,
    /// Why the checkout does not offer the method even when enabled (card payment without a
    /// gateway, 銀行振込 without a bank account); such a method cannot be enabled. Null: it can.
    pub unready_reason: Option<String>,
}

/// 支払方法設定: every method, enabled or not, in the checkout's order, and the totals no
/// enabled method can pay.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PaymentSettings {
    pub data: Vec<PaymentMethodSettings>,
    pub gaps: Vec<PaymentGap>,
}

/// The order the checkout lists the methods in.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct PaymentOrderInput {
    /// Every method's id once, in the new order.
    pub ids: Vec<String>,
    /// The order the screen showed (ids): refused with 409 when it changed since.
    pub was: Vec<String>,
}

fn stale(message: &str) -> ApiError {
    ApiError::rule_with(StatusCode::CONFLICT, STALE_CODE, message)
}

/// What the shop has that card payment and bank transfer need.
async fn readiness(state: &AppState, channel: &Channel) -> ApiResult<Readiness> {
    Ok(Readiness::of(&state.db, &state.gateway, &channel.id).await?)
}

fn form_of(row: &DeskMethodRow) -> MethodForm {
    MethodForm {
        name: row.method.name.clone(),
        description: row.method.description.clone(),
        is_enabled: row.is_enabled != 0,
        member_only: row.method.member_only != 0,
        rule: row.method.fee_rule(),
    }
}

/// Whether the checkout can offer the method: enabled, of a known kind, and nothing it needs
/// missing.
fn offered(row: &DeskMethodRow, ready: Readiness) -> bool {
    row.is_enabled != 0 && row.method.kind().is_some() && ready.unready_reason(row.method.kind()).is_none()
}

fn answer(rows: &[DeskMethodRow], ready: Readiness) -> PaymentSettings {
    let coverage: Vec<Coverage> = rows
        .iter()
        .filter(|row| offered(row, ready))
        .map(|row| Coverage { member_only: row.method.member_only != 0, min_total: row.method.min_total, max_total: row.method.max_total })
        .collect();
    let data = rows
        .iter()
        .map(|row| {
            let rule = row.method.fee_rule();
            PaymentMethodSettings {
                id: row.method.id.clone(),
                code: row.method.code.clone(),
                name: row.method.name.clone(),
                description: row.method.description.clone(),
                is_enabled: row.is_enabled != 0,
                member_only: row.method.member_only != 0,
                fee_tiers: rule.tiers,
                min_total: rule.min_total,
                max_total: rule.max_total,
                position: row.position,
                version: row.version,
                unready_reason: ready.unready_reason(row.method.kind()).map(str::to_owned),
            }
        })
        .collect();
    PaymentSettings { data, gaps: method_desk::gaps(&coverage) }
}

async fn current(state: &AppState, channel: &Channel) -> ApiResult<PaymentSettings> {
    let rows = store::list_desk_methods(&state.db, &channel.id).await?;
    Ok(answer(&rows, readiness(state, channel).await?))
}

#[utoipa::path(get, path = "/v1/admin/settings/payments", operation_id = "admin_payment_settings", tag = "admin",
    responses((status = 200, body = PaymentSettings, description = "every payment method in the checkout's order, and the totals none can pay"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "`staff.forbidden`: owners and 店長 only")))]
pub async fn payment_settings(State(state): State<AppState>, channel: Channel, _can: Can<ShopSettings>) -> ApiResult<AdminAnswer<Json<PaymentSettings>>> {
    Ok(AdminAnswer::ok(Json(current(&state, &channel).await?)))
}

#[utoipa::path(put, path = "/v1/admin/settings/payments/{id}", operation_id = "admin_save_payment_method", tag = "admin",
    params(("id" = String, Path)), request_body = PaymentMethodInput,
    responses((status = 200, body = PaymentSettings, description = "saved: every method and the gaps as they are now; the next quotation on every instance uses it"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody, description = "not a method of this shop"),
        (status = 409, body = ErrorBody, description = "`settings.stale`: saved elsewhere since the screen read it"),
        (status = 422, body = ErrorBody, description = "`errors.name`, `errors.description`, `errors.fee_tiers`, `errors[\"fee_tiers[i].up_to\"]`, `errors[\"fee_tiers[i].fee\"]`, `errors.min_total`, `errors.max_total`, `errors.is_enabled`, `errors.version`")))]
pub async fn save_payment_method(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<ShopSettings>,
    ApiPath(id): ApiPath<String>,
    ApiJson(input): ApiJson<PaymentMethodInput>,
) -> ApiResult<AdminAnswer<Json<PaymentSettings>>> {
    let rows = store::list_desk_methods(&state.db, &channel.id).await?;
    let before = rows.iter().find(|row| row.method.id == id).ok_or_else(ApiError::not_found)?;
    let version = input.version.ok_or_else(|| ApiError::field("version", VERSION_MESSAGE))?;
    let ready = readiness(&state, &channel).await?;
    // Turning on what cannot be offered is refused; one already on (its gateway or account
    // gone since) keeps its other fields editable.
    let enabling_unready = before.is_enabled == 0 && ready.unready_reason(before.method.kind()).is_some();
    let form = method_desk::check(&input, before.method.kind(), enabling_unready).map_err(ApiError::Invalid)?;
    if before.version != version {
        return Err(stale(STALE_MESSAGE));
    }
    let others_offered = rows.iter().any(|row| row.method.id != id && offered(row, ready));
    if !form.is_enabled && offered(before, ready) && !others_offered {
        return Err(ApiError::field("is_enabled", method_desk::LAST_ENABLED));
    }
    let change =
        MethodChange { name: &form.name, description: &form.description, is_enabled: form.is_enabled, member_only: form.member_only, rule: &form.rule };
    let mut tx = state.db.begin_write().await?;
    if !store::update_method_at_version(&mut tx, &channel.id, &id, version, &change).await? {
        return Err(stale(STALE_MESSAGE));
    }
    audit::record_in(&mut tx, &staff, AuditAction::SettingsUpdate, &method_desk::describe_change(&before.method.name, &form_of(before), &form)).await?;
    tx.commit().await?;
    Ok(AdminAnswer::ok(Json(current(&state, &channel).await?)))
}

#[utoipa::path(put, path = "/v1/admin/settings/payments/order", operation_id = "admin_save_payment_order", tag = "admin",
    request_body = PaymentOrderInput,
    responses((status = 200, body = PaymentSettings, description = "the methods in their new order"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "`settings.stale`: the order changed since the screen read it"),
        (status = 422, body = ErrorBody, description = "`errors.ids`: not every method once")))]
pub async fn save_payment_order(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<ShopSettings>,
    ApiJson(input): ApiJson<PaymentOrderInput>,
) -> ApiResult<AdminAnswer<Json<PaymentSettings>>> {
    let rows = store::list_desk_methods(&state.db, &channel.id).await?;
    let mut given = input.ids.clone();
    given.sort();
    let mut known: Vec<String> = rows.iter().map(|row| row.method.id.clone()).collect();
    known.sort();
    if given != known {
        return Err(ApiError::field("ids", ORDER_MISMATCH));
    }
    let shown: Vec<&str> = rows.iter().map(|row| row.method.id.as_str()).collect();
    if input.was.iter().map(String::as_str).ne(shown.iter().copied()) {
        return Err(stale(ORDER_STALE_MESSAGE));
    }
    let mut tx = state.db.begin_write().await?;
    for (index, id) in input.ids.iter().enumerate() {
        let row = rows.iter().find(|row| &row.method.id == id).ok_or_else(ApiError::not_found)?;
        if !store::move_method(&mut tx, &channel.id, id, row.position, index as i64 + 1).await? {
            return Err(stale(ORDER_STALE_MESSAGE));
        }
    }
    let names: Vec<&str> = input.ids.iter().filter_map(|id| rows.iter().find(|row| &row.method.id == id)).map(|row| row.method.name.as_str()).collect();
    audit::record_in(&mut tx, &staff, AuditAction::SettingsUpdate, &format!("支払方法の表示順: {}", names.join(" → "))).await?;
    tx.commit().await?;
    Ok(AdminAnswer::ok(Json(current(&state, &channel).await?)))
}
