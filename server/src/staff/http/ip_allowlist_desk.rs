//! IPアドレス制限 on the staff desk (staff/ip_allowlist.rs says what it does): the owner reads
//! and saves the list, with the version it was read at (409 on a stale one). A save is checked
//! line by line, refused when it would shut out the owner's own address, and audited with the
//! list before and after.
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::AdminAnswer;
use crate::channel::Channel;
use crate::channel::store;
use crate::infra::client::Client;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::ApiJson;
use crate::staff::audit::{self, AuditAction};
use crate::staff::ip_allowlist::{self, SETTING};
use crate::staff::permission::{Can, StaffManage};
use crate::state::AppState;

const STALE_CODE: &str = "settings.stale";
const STALE_MESSAGE: &str = "この設定は他の画面で更新されました。画面を読み込み直してください。";

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(ip_allowlist_settings, save_ip_allowlist))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct IpAllowlist {
    /// 0 while the shop never set one.
    pub version: i64,
    /// Addresses (`198.51.100.7`) and networks (`203.0.113.0/24`); empty: no restriction.
    pub entries: Vec<String>,
    /// The address this request came from, as the server sees it (behind a proxy: the one it
    /// appended to X-Forwarded-For), so the owner can add it.
    pub current_ip: String,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct IpAllowlistInput {
    #[schema(required = true, value_type = i64)]
    pub version: Option<i64>,
    /// One address or network per entry, as typed (empty entries are dropped).
    #[schema(required = true, value_type = Vec<String>)]
    pub entries: Option<Vec<String>>,
}

#[utoipa::path(get, path = "/v1/admin/settings/ip-allowlist", operation_id = "admin_ip_allowlist", tag = "admin",
    responses((status = 200, body = IpAllowlist, description = "the list, and the caller's own address"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "`staff.forbidden`: owners only; `staff.ip_denied`")))]
pub async fn ip_allowlist_settings(
    State(state): State<AppState>,
    channel: Channel,
    client: Client,
    _can: Can<StaffManage>,
) -> ApiResult<AdminAnswer<Json<IpAllowlist>>> {
    let stored = store::find_versioned_setting(&state.db, &channel.id, SETTING).await?;
    let entries = ip_allowlist::stored_entries(stored.value.as_deref());
    Ok(AdminAnswer::ok(Json(IpAllowlist { version: stored.version, entries, current_ip: client.ip })))
}

#[utoipa::path(put, path = "/v1/admin/settings/ip-allowlist", operation_id = "admin_save_ip_allowlist", tag = "admin",
    request_body = IpAllowlistInput,
    responses((status = 200, body = IpAllowlist, description = "saved: every back-office request on every instance is checked against it"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "`settings.stale`"),
        (status = 422, body = ErrorBody, description = "`errors[\"entries.N\"]` (not an address or network), `errors.entries` (over 50, or the caller's own address left out), `errors.version`")))]
pub async fn save_ip_allowlist(
    State(state): State<AppState>,
    channel: Channel,
    client: Client,
    Can { staff, .. }: Can<StaffManage>,
    ApiJson(input): ApiJson<IpAllowlistInput>,
) -> ApiResult<AdminAnswer<Json<IpAllowlist>>> {
    let version = input.version.ok_or_else(|| ApiError::field("version", "版番号がありません。画面を読み込み直してください。"))?;
    let entries = ip_allowlist::check(&input.entries.unwrap_or_default(), &client.ip).map_err(ApiError::Invalid)?;
    let before = store::find_versioned_setting(&state.db, &channel.id, SETTING).await?;
    let stale = || ApiError::rule_with(StatusCode::CONFLICT, STALE_CODE, STALE_MESSAGE);
    if before.version != version {
        return Err(stale());
    }
    let value = serde_json::to_string(&entries).map_err(|e| ApiError::Internal(e.into()))?;
    let mut tx = state.db.begin_write().await?;
    if !store::put_versioned_setting(&mut tx, &channel.id, SETTING, &value, version).await? {
        return Err(stale());
    }
    let change = ip_allowlist::describe_change(&ip_allowlist::stored_entries(before.value.as_deref()), &entries);
    audit::record_in(&mut tx, &staff, AuditAction::SettingsUpdate, &change).await?;
    tx.commit().await?;
    Ok(AdminAnswer::ok(Json(IpAllowlist { version: version + 1, entries, current_ip: client.ip })))
}
