//! 振込先口座 on the settings desk (docs/contracts/settings-bank-account.md): an owner or 店長
//! reads and saves where 銀行振込 is paid and the days customers have. A save carries the
//! version it was made from (409 on a stale one) and is audited with what it changed, in the
//! same transaction. Orders read the account when shown, so the next page, mail and reminder
//! name the new one; a shop without one does not offer 銀行振込 (`payments::methods`).
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::channel::Channel;
use crate::channel::bank_account::{SETTING, StoredBankAccount};
use crate::channel::store;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::ApiJson;
use crate::payments::bank_account_desk::{self, BankAccountInput, BankAccountSettings};
use crate::staff::answer::AdminAnswer;
use crate::staff::audit::{self, AuditAction};
use crate::staff::permission::{Can, ShopSettings};
use crate::state::AppState;

const STALE_CODE: &str = "settings.stale";
const STALE_MESSAGE: &str = "この設定は他の画面で更新されました。画面を読み込み直してください。";
const VERSION_MESSAGE: &str = "版番号がありません。画面を読み込み直してください。";

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(bank_account_settings, save_bank_account))
}

#[utoipa::path(get, path = "/v1/admin/settings/bank-account", operation_id = "admin_bank_account_settings", tag = "admin",
    responses((status = 200, body = BankAccountSettings, description = "the account 銀行振込 is paid into (null: none yet, so 銀行振込 is not offered) and the days customers have"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "`staff.forbidden`: owners and 店長 only")))]
pub async fn bank_account_settings(
    State(state): State<AppState>,
    channel: Channel,
    _can: Can<ShopSettings>,
) -> ApiResult<AdminAnswer<Json<BankAccountSettings>>> {
    let setting = store::find_versioned_setting(&state.db, &channel.id, SETTING).await?;
    let stored = StoredBankAccount::parse(setting.value.as_deref());
    Ok(AdminAnswer::ok(Json(BankAccountSettings::of(stored.as_ref(), setting.version))))
}

#[utoipa::path(put, path = "/v1/admin/settings/bank-account", operation_id = "admin_save_bank_account", tag = "admin",
    request_body = BankAccountInput,
    responses((status = 200, body = BankAccountSettings, description = "saved: the next order page, mail and reminder name it; 銀行振込 can be enabled"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "`settings.stale`: saved elsewhere since the screen read it"),
        (status = 422, body = ErrorBody, description = "`errors.bank_name`, `errors.branch_name`, `errors.account_type`, `errors.account_number`, `errors.account_holder`, `errors.due_days`, `errors.version`")))]
pub async fn save_bank_account(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<ShopSettings>,
    ApiJson(input): ApiJson<BankAccountInput>,
) -> ApiResult<AdminAnswer<Json<BankAccountSettings>>> {
    let version = input.version.ok_or_else(|| ApiError::field("version", VERSION_MESSAGE))?;
    let account = bank_account_desk::check(&input).map_err(ApiError::Invalid)?;
    let before = store::find_versioned_setting(&state.db, &channel.id, SETTING).await?;
    if before.version != version {
        return Err(ApiError::rule_with(StatusCode::CONFLICT, STALE_CODE, STALE_MESSAGE));
    }
    let json = serde_json::to_string(&account).map_err(|error| ApiError::Internal(error.into()))?;
    let mut tx = state.db.begin_write().await?;
    if !store::put_versioned_setting(&mut tx, &channel.id, SETTING, &json, version).await? {
        return Err(ApiError::rule_with(StatusCode::CONFLICT, STALE_CODE, STALE_MESSAGE));
    }
    let previous = StoredBankAccount::parse(before.value.as_deref());
    audit::record_in(&mut tx, &staff, AuditAction::SettingsUpdate, &bank_account_desk::describe_change(previous.as_ref(), &account)).await?;
    tx.commit().await?;
    Ok(AdminAnswer::ok(Json(BankAccountSettings::of(Some(&account), version + 1))))
}
