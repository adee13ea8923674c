//! 送料設定 on the settings desk (docs/contracts/settings-carriage.md): an owner or 店長 reads
//! and saves the 47 prefectures' carriage, the remote-island surcharge and the free threshold.
//! A save carries the version it was made from (409 on a stale one) and is audited with what
//! it changed, in the same transaction. The checkout reads the setting at each quotation, so
//! the next cart on any instance pays the new fee.
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::channel::Channel;
use crate::channel::carriage::CarriageRule;
use crate::channel::store::{self, VersionedSetting};
use crate::delivery::carriage_desk::{self, CarriageSettings, CarriageSettingsInput};
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::ApiJson;
use crate::staff::answer::AdminAnswer;
use crate::staff::audit::{self, AuditAction};
use crate::staff::permission::{Can, ShopSettings};
use crate::state::AppState;

pub const STALE_CODE: &str = "settings.stale";
const STALE_MESSAGE: &str = "この設定は他の画面で更新されました。画面を読み込み直してください。";

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(carriage_settings, save_carriage_settings))
}

/// The stored rule (the built-in default when never stored, or unreadable) and its version.
fn stored_rule(setting: &VersionedSetting) -> CarriageRule {
    setting.value.as_deref().and_then(|json| serde_json::from_str(json).ok()).unwrap_or_default()
}

#[utoipa::path(get, path = "/v1/admin/settings/carriage", operation_id = "admin_carriage_settings", tag = "admin",
    responses((status = 200, body = CarriageSettings, description = "the 47 prefectures' carriage, the remote-island surcharge and the free threshold"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "`staff.forbidden`: owners and 店長 only")))]
pub async fn carriage_settings(State(state): State<AppState>, channel: Channel, _can: Can<ShopSettings>) -> ApiResult<AdminAnswer<Json<CarriageSettings>>> {
    let setting = store::find_versioned_setting(&state.db, &channel.id, carriage_desk::SETTING).await?;
    Ok(AdminAnswer::ok(Json(CarriageSettings::of(&stored_rule(&setting), setting.version))))
}

#[utoipa::path(put, path = "/v1/admin/settings/carriage", operation_id = "admin_save_carriage_settings", tag = "admin",
    request_body = CarriageSettingsInput,
    responses((status = 200, body = CarriageSettings, description = "saved: the next quotation on every instance charges it"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "`settings.stale`: saved elsewhere since the screen read it"),
        (status = 422, body = ErrorBody, description = "`errors.prefectures`, `errors[\"prefectures[i].fee\"]`, `errors.remote_island_surcharge`, `errors.free_threshold`, `errors.version`")))]
pub async fn save_carriage_settings(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<ShopSettings>,
    ApiJson(input): ApiJson<CarriageSettingsInput>,
) -> ApiResult<AdminAnswer<Json<CarriageSettings>>> {
    let version = input.version.ok_or_else(|| ApiError::field("version", "版番号がありません。画面を読み込み直してください。"))?;
    let rule = carriage_desk::check(&input).map_err(ApiError::Invalid)?;
    let before = store::find_versioned_setting(&state.db, &channel.id, carriage_desk::SETTING).await?;
    if before.version != version {
        return Err(ApiError::rule_with(StatusCode::CONFLICT, STALE_CODE, STALE_MESSAGE));
    }
    let json = serde_json::to_string(&rule).map_err(|error| ApiError::Internal(error.into()))?;
    let mut tx = state.db.begin_write().await?;
    if !store::put_versioned_setting(&mut tx, &channel.id, carriage_desk::SETTING, &json, version).await? {
        return Err(ApiError::rule_with(StatusCode::CONFLICT, STALE_CODE, STALE_MESSAGE));
    }
    audit::record_in(&mut tx, &staff, AuditAction::SettingsUpdate, &carriage_desk::describe_change(&stored_rule(&before), &rule)).await?;
    tx.commit().await?;
    Ok(AdminAnswer::ok(Json(CarriageSettings::of(&rule, version + 1))))
}
