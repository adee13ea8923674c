//! The staff desk (スタッフ管理, docs/contracts/staff-desk.md and staff-enrolment.md): an owner
//! lists the shop's staff, disables an account and enables it again, changes its role, resets
//! its authenticator (each with the row's version), and reads an account's login history.
//! Everything needs [`StaffManage`]. Invitations are in `enrolment.rs`.
use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::AdminAnswer;
use crate::channel::Channel;
use crate::infra::client::Client;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::{ApiJson, ApiPath};
use crate::infra::time::Timestamp;
use crate::staff::audit::{self, AuditAction};
use crate::staff::enrolment::{self, EnrolmentKind};
use crate::staff::permission::{Can, StaffManage};
use crate::staff::store::{self, DeskStaffRow};
use crate::staff::{Staff, StaffRole};
use crate::staff::{login, totp};
use crate::state::AppState;

pub const STALE_CODE: &str = "staff.stale";
const STALE_MESSAGE: &str = "このスタッフは他の画面で更新されました。画面を読み込み直してください。";
/// How many entries the login history shows.
const LOGIN_HISTORY: i64 = 50;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_staff))
        .routes(routes!(disable_staff))
        .routes(routes!(enable_staff))
        .routes(routes!(change_staff_role))
        .routes(routes!(reset_staff_authenticator))
        .routes(routes!(staff_logins))
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
    /// An owner reset the authenticator and the mailed link is still waiting to be used (再設定待ち).
    pub enrolment_pending: bool,
}

impl StaffMember {
    fn of(row: DeskStaffRow, me: &Staff, pending_resets: &[String], now: i64) -> ApiResult<Self> {
        let staff = row.staff.staff()?;
        Ok(StaffMember {
            is_me: staff.id == me.id,
            enrolment_pending: pending_resets.contains(&staff.id),
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
    let pending = pending_resets(&state, &channel, now).await?;
    let rows = store::list_desk_staff(&state.db, &channel.id).await?;
    let data = rows.into_iter().map(|row| StaffMember::of(row, &staff, &pending, now)).collect::<ApiResult<Vec<_>>>()?;
    Ok(AdminAnswer::ok(Json(StaffList { data })))
}

async fn pending_resets(state: &AppState, channel: &Channel, now: i64) -> ApiResult<Vec<String>> {
    Ok(store::list_pending_resets(&state.db, &channel.id, now, enrolment::MAX_ATTEMPTS).await?)
}

/// The desk's row of `id` as it is now.
async fn member(state: &AppState, channel: &Channel, me: &Staff, id: &str, now: i64) -> ApiResult<StaffMember> {
    let row = store::find_desk_staff(&state.db, &channel.id, id).await?.ok_or_else(ApiError::not_found)?;
    StaffMember::of(row, me, &pending_resets(state, channel, now).await?, now)
}

fn stale() -> ApiError {
    ApiError::rule_with(StatusCode::CONFLICT, STALE_CODE, STALE_MESSAGE)
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
        Some(false) => return Err(stale()),
        None => return Err(ApiError::not_found()),
    }
    let action = if disable { AuditAction::StaffDisable } else { AuditAction::StaffEnable };
    audit::record_in(&mut tx, me, action, &format!("{} <{}>", target.staff.name, target.staff.email)).await?;
    tx.commit().await?;
    member(state, channel, me, id, now).await
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

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct StaffRoleInput {
    /// The version the screen showed.
    #[schema(required = true, value_type = i64)]
    pub version: Option<i64>,
    #[schema(required = true, value_type = StaffRole)]
    pub role: Option<String>,
}

#[utoipa::path(put, path = "/v1/admin/staff/{id}/role", operation_id = "admin_change_staff_role", tag = "admin", params(("id" = String, Path)),
    request_body = StaffRoleInput,
    responses((status = 200, body = StaffMember, description = "the new role: the person's next request has its permissions"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "`staff.stale`"),
        (status = 422, body = ErrorBody, description = "`errors.role`: one's own account, or no known role; `errors.version`")))]
pub async fn change_staff_role(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<StaffManage>,
    ApiPath(id): ApiPath<String>,
    ApiJson(input): ApiJson<StaffRoleInput>,
) -> ApiResult<AdminAnswer<Json<StaffMember>>> {
    let version = input.version.ok_or_else(|| ApiError::field("version", "版番号がありません。画面を読み込み直してください。"))?;
    let role = input.role.as_deref().and_then(StaffRole::parse).ok_or_else(|| ApiError::field("role", enrolment::ROLE_MESSAGE))?;
    let now = Timestamp::now().0;
    let target = store::find_desk_staff(&state.db, &channel.id, &id).await?.ok_or_else(ApiError::not_found)?;
    if target.staff.id == staff.id {
        // A shop must keep its owner: nobody demotes themselves by a slip.
        return Err(ApiError::field("role", "自分の権限は変更できません。"));
    }
    let before = target.staff.staff()?.role;
    let mut tx = state.db.begin_write().await?;
    match store::update_staff_role(&mut tx, &channel.id, &id, version, role).await? {
        Some(true) => {}
        Some(false) => return Err(stale()),
        None => return Err(ApiError::not_found()),
    }
    let what = format!("{} <{}>: {}→{}", target.staff.name, target.staff.email, before.label(), role.label());
    audit::record_in(&mut tx, &staff, AuditAction::StaffRoleChange, &what).await?;
    tx.commit().await?;
    Ok(AdminAnswer::ok(Json(member(&state, &channel, &staff, &id, now).await?)))
}

#[utoipa::path(post, path = "/v1/admin/staff/{id}/reset-authenticator", operation_id = "admin_reset_staff_authenticator", tag = "admin",
    params(("id" = String, Path)), request_body = StaffVersionInput,
    responses((status = 200, body = StaffMember, description = "reset: the account stops working at once and the person is mailed a link to choose a new password and authenticator"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "`staff.stale`"),
        (status = 422, body = ErrorBody, description = "`errors.staff`: one's own account; `errors.version`")))]
pub async fn reset_staff_authenticator(
    State(state): State<AppState>,
    channel: Channel,
    client: Client,
    headers: HeaderMap,
    Can { staff, .. }: Can<StaffManage>,
    ApiPath(id): ApiPath<String>,
    ApiJson(input): ApiJson<StaffVersionInput>,
) -> ApiResult<AdminAnswer<Json<StaffMember>>> {
    let version = version_of(&input)?;
    let now = Timestamp::now().0;
    let target = store::find_desk_staff(&state.db, &channel.id, &id).await?.ok_or_else(ApiError::not_found)?;
    if target.staff.id == staff.id {
        return Err(ApiError::field("staff", "自分のアカウントはここでは再設定できません。"));
    }
    let person = enrolment::Invitation { email: target.staff.email.clone(), name: target.staff.name.clone(), role: target.staff.staff()?.role };
    let origin = enrolment::link_origin(&state, &channel, &headers, client.https).await?;
    let mut tx = state.db.begin_write().await?;
    match store::update_staff_active(&mut tx, &channel.id, &id, version, Some(now)).await? {
        Some(true) => {}
        Some(false) => return Err(stale()),
        None => return Err(ApiError::not_found()),
    }
    store::replace_staff_secret(&mut tx, &id, &state.totp_keys.seal(&id, &totp::new_secret())).await?;
    let issued = enrolment::issue(&state, &mut tx, EnrolmentKind::Reset, &staff, &person, Some(&id), now).await?;
    audit::record_in(&mut tx, &staff, AuditAction::StaffResetAuthenticator, &format!("{} <{}>", person.name, person.email)).await?;
    tx.commit().await?;
    let mail = enrolment::mail(EnrolmentKind::Reset, &channel.name, &staff.name, &person, &enrolment::link(&origin, &issued.token), issued.expires_at);
    state.mailer.send(mail).await.map_err(ApiError::Internal)?;
    Ok(AdminAnswer::ok(Json(member(&state, &channel, &staff, &id, now).await?)))
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
