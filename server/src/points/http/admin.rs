//! ポイント設定 on the settings desk (docs/contracts/settings-points.md): an owner or 店長 reads
//! and saves the earn rate (`POINT.EARN_RATE`, percent of the items after coupons; 0 switches
//! points off). A save carries the version it was made from (409 on a stale one) and is
//! audited with the rate before and after; the next quotation on every instance earns it.
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::channel::Channel;
use crate::channel::store;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::ApiJson;
use crate::points::{EARN_RATE_SETTING, earn_rate_of};
use crate::staff::answer::AdminAnswer;
use crate::staff::audit::{self, AuditAction};
use crate::staff::permission::{Can, ShopSettings};
use crate::state::AppState;

pub const STALE_CODE: &str = "settings.stale";
const STALE_MESSAGE: &str = "この設定は他の画面で更新されました。画面を読み込み直してください。";
/// A rate above this gives away more than a shop means to (a typo of 1 or 10).
pub const MAX_EARN_RATE: i64 = 50;
const RATE_MESSAGE: &str = "ポイント付与率は0から50までの整数（%）で入力してください。";

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(point_settings, save_point_settings))
}

/// ポイント設定 as the desk shows it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PointSettings {
    /// 0 while the shop runs on the built-in default.
    pub version: i64,
    /// Percent of the items subtotal after coupons an order earns (1 point = 1 yen); 0: points are off.
    pub earn_rate: i64,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct PointSettingsInput {
    /// The version the screen showed (0 for the built-in default).
    #[schema(required = true, value_type = i64)]
    pub version: Option<i64>,
    #[schema(required = true, value_type = i64)]
    pub earn_rate: Option<i64>,
}

/// The rate the form gives, or its message.
pub fn check_rate(rate: Option<i64>) -> Result<i64, &'static str> {
    rate.filter(|rate| (0..=MAX_EARN_RATE).contains(rate)).ok_or(RATE_MESSAGE)
}

/// `ポイント設定: 付与率 1%→3%` (`なし` for 0).
pub fn describe_change(before: i64, after: i64) -> String {
    let rate = |value: i64| if value == 0 { "なし".to_owned() } else { format!("{value}%") };
    if before == after { "ポイント設定: 変更なし".to_owned() } else { format!("ポイント設定: 付与率 {}→{}", rate(before), rate(after)) }
}

#[utoipa::path(get, path = "/v1/admin/settings/points", operation_id = "admin_point_settings", tag = "admin",
    responses((status = 200, body = PointSettings, description = "the earn rate"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "`staff.forbidden`: owners and 店長 only")))]
pub async fn point_settings(State(state): State<AppState>, channel: Channel, _can: Can<ShopSettings>) -> ApiResult<AdminAnswer<Json<PointSettings>>> {
    let setting = store::find_versioned_setting(&state.db, &channel.id, EARN_RATE_SETTING).await?;
    Ok(AdminAnswer::ok(Json(PointSettings { version: setting.version, earn_rate: earn_rate_of(setting.value.as_deref()) })))
}

#[utoipa::path(put, path = "/v1/admin/settings/points", operation_id = "admin_save_point_settings", tag = "admin",
    request_body = PointSettingsInput,
    responses((status = 200, body = PointSettings, description = "saved: the next order on every instance earns it"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "`settings.stale`: saved elsewhere since the screen read it"),
        (status = 422, body = ErrorBody, description = "`errors.earn_rate`, `errors.version`")))]
pub async fn save_point_settings(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<ShopSettings>,
    ApiJson(input): ApiJson<PointSettingsInput>,
) -> ApiResult<AdminAnswer<Json<PointSettings>>> {
    let version = input.version.ok_or_else(|| ApiError::field("version", "版番号がありません。画面を読み込み直してください。"))?;
    let rate = check_rate(input.earn_rate).map_err(|message| ApiError::field("earn_rate", message))?;
    let before = store::find_versioned_setting(&state.db, &channel.id, EARN_RATE_SETTING).await?;
    let stale = || ApiError::rule_with(StatusCode::CONFLICT, STALE_CODE, STALE_MESSAGE);
    if before.version != version {
        return Err(stale());
    }
    let mut tx = state.db.begin_write().await?;
    if !store::put_versioned_setting(&mut tx, &channel.id, EARN_RATE_SETTING, &rate.to_string(), version).await? {
        return Err(stale());
    }
    audit::record_in(&mut tx, &staff, AuditAction::SettingsUpdate, &describe_change(earn_rate_of(before.value.as_deref()), rate)).await?;
    tx.commit().await?;
    Ok(AdminAnswer::ok(Json(PointSettings { version: version + 1, earn_rate: rate })))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rate_is_a_whole_percent_from_0_to_50() {
        assert_eq!(check_rate(Some(0)), Ok(0));
        assert_eq!(check_rate(Some(50)), Ok(50));
        for refused in [None, Some(-1), Some(51)] {
            assert_eq!(check_rate(refused), Err(RATE_MESSAGE), "{refused:?}");
        }
    }

    #[test]
    fn the_change_reads_before_and_after() {
        assert_eq!(describe_change(1, 3), "ポイント設定: 付与率 1%→3%");
        assert_eq!(describe_change(3, 0), "ポイント設定: 付与率 3%→なし");
        assert_eq!(describe_change(2, 2), "ポイント設定: 変更なし");
    }
}
