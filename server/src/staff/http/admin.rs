//! The staff desk (スタッフ管理, docs/contracts/staff-desk.md): an owner lists the shop's staff,
//! disables an account and enables it again (each with the row's version), and reads an
//! account's login history. Everything needs [`StaffManage`].
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::AdminAnswer;
use crate::channel::Channel;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::{ApiJson, ApiPath};
use crate::infra::time::Timestamp;
use crate::staff::audit::{self, AuditAction};
use crate::staff::login;
use crate::staff::permission::{Can, StaffManage};
use crate::staff::store::{self, DeskStaffRow};
use crate::staff::{Staff, StaffRole};
use crate::state::AppState;

pub const STALE_CODE: &str = "staff.stale";
const STALE_MESSAGE: &str = "このスタッフは他の画面で更新されました。画面を読み込み直してください。";
/// How many entries the login history shows.
const LOGIN_HISTORY: i64 = 50;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_staff)).routes(routes!(disable_staff)).routes(routes!(enable_staff)).routes(routes!(staff_logins))
}

/// A staff member as the staff desk shows them.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct StaffMember {
    pub id: String,
    pub name: String,
    pub email: String,
    pub role: StaffRole,
    /// オーナー, 店長, 受注担当, 出荷担当, 閲覧のみ.
    pub role_label: String,
    /// False while disabled (無効).
    pub active: bool,
    /// Locked for a while after five wrong passwords or codes in a row.
    pub locked: bool,
    pub last_login_at: Option<Timestamp>,
    pub created_at: Timestamp,
    pub version: i64,
    /// The logged-in owner's own account (which they cannot disable).
    pub is_me: bool,
}

impl StaffMember {
    fn of(row: DeskStaffRow, me: &Staff, now: i64) -> ApiResult<Self> {
        let staff = row.staff.staff()?;
        Ok(StaffMember {
            is_me: staff.id == me.id,
            active: row.staff.is_active(),
            locked: login::is_locked(row.staff.locked_until, now),
            last_login_at: row.last_login_at.map(Timestamp),
            created_at: Timestamp(row.staff.created_at),
            version: row.staff.version,
            role_label: staff.role.label().to_owned(),
            id: staff.id,
            name: staff.name,
            email: staff.email,
            role: staff.role,
        })
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct StaffList {
    pub data: Vec<StaffMember>,
}

#[utoipa::path(get, path = "/v1/admin/staff", operation_id = "admin_list_staff", tag = "admin",
    responses((status = 200, body = StaffList, description = "the shop's staff, owners first, then by name"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "`staff.forbidden`: owners only")))]
pub async fn list_staff(State(state): State<AppState>, channel: Channel, Can { staff, .. }: Can<StaffManage>) -> ApiResult<AdminAnswer<Json<StaffList>>> {
    let now = Timestamp::now().0;
    let data = store::list_desk_staff(&state.db, &channel.id).await?.into_iter().map(|row| StaffMember::of(row, &staff, now)).collect::<ApiResult<Vec<_>>>()?;
    Ok(AdminAnswer::ok(Json(StaffList { data })))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct StaffVersionInput {
    /// The version the screen showed.
    #[schema(required = true, value_type = i64)]
    pub version: Option<i64>,
}

fn version_of(input: &StaffVersionInput) -> ApiResult<i64> {
    input.version.ok_or_else(|| ApiError::field("version", "版番号がありません。画面を読み込み直してください。"))
}

/// Disables (`disable`) or enables the staff member `id`, audited in the same transaction.
async fn set_active(state: &AppState, channel: &Channel, me: &Staff, id: &str, version: i64, disable: bool) -> ApiResult<StaffMember> {
    let now = Timestamp::now().0;
    let target = store::find_desk_staff(&state.db, &channel.id, id).await?.ok_or_else(ApiError::not_found)?;
    if disable && target.staff.id == me.id {
        return Err(ApiError::field("staff", "自分のアカウントは無効にできません。"));
    }
    let mut tx = state.db.begin_write().await?;
    match store::update_staff_active(&mut tx, &channel.id, id, version, disable.then_some(now)).await? {
        Some(true) => {}
        Some(false) => return Err(ApiError::rule_with(StatusCode::CONFLICT, STALE_CODE, STALE_MESSAGE)),
        None => return Err(ApiError::not_found()),
    }
    let action = if disable { AuditAction::StaffDisable } else { AuditAction::StaffEnable };
    audit::record_in(&mut tx, me, action, &format!("{} <{}>", target.staff.name, target.staff.email)).await?;
    tx.commit().await?;
    let row = store::find_desk_staff(&state.db, &channel.id, id).await?.ok_or_else(ApiError::not_found)?;
    StaffMember::of(row, me, now)
}

#[utoipa::path(post, path = "/v1/admin/staff/{id}/disable", operation_id = "admin_disable_staff", tag = "admin", params(("id" = String, Path)),
    request_body = StaffVersionInput,
    responses((status = 200, body = StaffMember, description = "disabled: its sessions ended, its logins refused as a wrong password is"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody, description = "no such staff member in this shop"),
        (status = 409, body = ErrorBody, description = "`staff.stale`"),
        (status = 422, body = ErrorBody, description = "`errors.staff`: one's own account; `errors.version`")))]
pub async fn disable_staff(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<StaffManage>,
    ApiPath(id): ApiPath<String>,
    ApiJson(input): ApiJson<StaffVersionInput>,
) -> ApiResult<AdminAnswer<Json<StaffMember>>> {
    let version = version_of(&input)?;
    Ok(AdminAnswer::ok(Json(set_active(&state, &channel, &staff, &id, version, true).await?)))
}

#[utoipa::path(post, path = "/v1/admin/staff/{id}/enable", operation_id = "admin_enable_staff", tag = "admin", params(("id" = String, Path)),
    request_body = StaffVersionInput,
    responses((status = 200, body = StaffMember, description = "enabled, and unlocked (the count of failures cleared)"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "`staff.stale`"), (status = 422, body = ErrorBody, description = "`errors.version`")))]
pub async fn enable_staff(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<StaffManage>,
    ApiPath(id): ApiPath<String>,
    ApiJson(input): ApiJson<StaffVersionInput>,
) -> ApiResult<AdminAnswer<Json<StaffMember>>> {
    let version = version_of(&input)?;
    Ok(AdminAnswer::ok(Json(set_active(&state, &channel, &staff, &id, version, false).await?)))
}

/// The login events the history shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum LoginAction {
    Login,
    Logout,
    LoginFailed,
}

impl LoginAction {
    fn of(action: AuditAction) -> Option<Self> {
        match action {
            AuditAction::Login => Some(LoginAction::Login),
            AuditAction::Logout => Some(LoginAction::Logout),
            AuditAction::LoginFailed => Some(LoginAction::LoginFailed),
            _ => None,
        }
    }

    fn label(self) -> &'static str {
        match self {
            LoginAction::Login => "ログイン",
            LoginAction::Logout => "ログアウト",
            LoginAction::LoginFailed => "ログイン失敗",
        }
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct LoginEntry {
    pub at: Timestamp,
    pub action: LoginAction,
    /// ログイン, ログアウト or ログイン失敗.
    pub label: String,
    /// What failed: `password`, `code`, `code (used before)`, with ` (locked)` when it locked the account; empty otherwise.
    pub detail: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct LoginHistory {
    pub data: Vec<LoginEntry>,
}

#[utoipa::path(get, path = "/v1/admin/staff/{id}/logins", operation_id = "admin_staff_logins", tag = "admin", params(("id" = String, Path)),
    responses((status = 200, body = LoginHistory, description = "the last 50 logins, logouts and failed logins, newest first"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn staff_logins(
    State(state): State<AppState>,
    channel: Channel,
    _can: Can<StaffManage>,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<AdminAnswer<Json<LoginHistory>>> {
    store::find_desk_staff(&state.db, &channel.id, &id).await?.ok_or_else(ApiError::not_found)?;
    let data = store::list_logins(&state.db, &channel.id, &id, LOGIN_HISTORY)
        .await?
        .into_iter()
        .filter_map(|row| {
            let action = AuditAction::parse(&row.action).and_then(LoginAction::of)?;
            Some(LoginEntry { at: Timestamp(row.at), action, label: action.label().to_owned(), detail: row.target })
        })
        .collect();
    Ok(AdminAnswer::ok(Json(LoginHistory { data })))
}
