//! Staff login and the audit log: `POST /v1/admin/auth/login` (password) →
//! `POST /v1/admin/auth/totp` (code; sets the session cookie), `GET /v1/admin/auth/me`,
//! `POST /v1/admin/auth/logout`, `GET /v1/admin/audit-log` (owner only); the staff desk
//! (スタッフ管理, owner only) in `admin.rs`; invitations and the enrolment link's steps in
//! `enrolment.rs`.
mod admin;
mod enrolment;
mod ip_allowlist_desk;

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use super::answer::AdminAnswer;
use super::audit::{self, AuditAction};
use super::permission::{AuditLog, Can, Permission};
use super::store::{self, NewSession, StaffRow};
use super::{Staff, StaffRole, ip_allowlist, login, session, totp};
use crate::auth::password;
use crate::channel::Channel;
use crate::channel::settings::FrontSettings;
use crate::infra::client::Client;
use crate::infra::error::{ApiResult, ErrorBody};
use crate::infra::extract::{ApiJson, ApiQuery};
use crate::infra::ids::new_id;
use crate::infra::pagination::{AllowAll, Page, PageQuery, Paginated};
use crate::infra::rate_limit;
use crate::infra::time::Timestamp;
use crate::state::AppState;
use crate::validation::{FieldCheck, jst_day_range, typed_code};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(log_in))
        .routes(routes!(confirm_code))
        .routes(routes!(me))
        .routes(routes!(log_out))
        .routes(routes!(audit_log))
        .merge(admin::routes())
        .merge(enrolment::routes())
        .merge(ip_allowlist_desk::routes())
}

/// A staff member as the admin screens show them.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = Staff)]
pub struct StaffAnswer {
    pub id: String,
    pub name: String,
    pub email: String,
    pub role: StaffRole,
    /// The role as the screens name it: オーナー, 店長, 受注担当, 出荷担当, 閲覧のみ.
    pub role_label: String,
    /// What the role may do: the screens hide menus and buttons it can't use.
    pub permissions: Vec<Permission>,
}

impl From<Staff> for StaffAnswer {
    fn from(staff: Staff) -> Self {
        let permissions = staff.role.permissions();
        StaffAnswer { id: staff.id, name: staff.name, email: staff.email, role: staff.role, role_label: staff.role.label().to_owned(), permissions }
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct StaffBody {
    pub staff: StaffAnswer,
    /// The shop is the corporate (B2B) variant: its back office also approves companies for
    /// 請求書払い (/v1/admin/companies).
    pub is_corporate_shop: bool,
}

impl StaffBody {
    async fn of(state: &AppState, channel: &Channel, staff: Staff) -> ApiResult<Self> {
        let settings = FrontSettings::load(&state.db, channel).await?;
        Ok(StaffBody { staff: staff.into(), is_corporate_shop: settings.is_corporate })
    }
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct StaffLoginInput {
    #[schema(required = true, value_type = String)]
    pub email: Option<String>,
    #[schema(required = true, value_type = String)]
    pub password: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct StaffPending {
    /// Opaque; send it with the code to `POST /v1/admin/auth/totp` within 5 minutes.
    pub pending: String,
}

/// Counts a failure (locking at the fifth in a row) and writes it to the audit log.
async fn count_failure(state: &AppState, row: &StaffRow, what: &str, now: i64) -> ApiResult<()> {
    let staff = row.staff()?;
    let mut tx = state.db.begin_write().await?;
    let locked = store::update_failed(&mut tx, &row.id, login::FAILURE_LIMIT, login::lock_until(now)).await?;
    let target = if locked { format!("{what} (locked)") } else { what.to_owned() };
    audit::record_in(&mut tx, &staff, AuditAction::LoginFailed, &target).await?;
    tx.commit().await?;
    if locked {
        tracing::warn!(staff = row.id, "a staff account is locked after repeated failures");
    }
    Ok(())
}

#[utoipa::path(post, path = "/v1/admin/auth/login", tag = "admin", request_body = StaffLoginInput,
    responses(
        (status = 200, body = StaffPending, description = "the password is right: now the code of the authenticator app"),
        (status = 422, body = ErrorBody, description = "`admin.login.failed`: the same answer for an unknown address, a wrong password and a locked account"),
        (status = 429, body = ErrorBody, description = "too many attempts from this address"),
    ))]
pub async fn log_in(
    State(state): State<AppState>,
    channel: Channel,
    client: Client,
    ApiJson(input): ApiJson<StaffLoginInput>,
) -> ApiResult<AdminAnswer<Json<StaffPending>>> {
    let now = Timestamp::now().0;
    rate_limit::enforce(&state, login::RATE_LIMIT, &channel.id, &client.ip, now).await?;
    ip_allowlist::enforce(&state, &channel, &client.ip).await?;
    let email = login::normalize_email(input.email.as_deref().unwrap_or(""));
    let password = input.password.unwrap_or_default();
    let row = match email.is_empty() {
        true => None,
        false => store::find_staff_by_email(&state.db, &channel.id, &email).await?,
    };
    // The hash is checked (or time wasted) whatever else is wrong: every refusal takes as long.
    let right = password::check(&password, row.as_ref().map(|r| r.password_hash.as_str())).await?;
    let Some(row) = row else { return Err(login::failed()) };
    // A disabled account answers as a wrong password does: nothing tells it exists.
    if !row.is_active() || login::is_locked(row.locked_until, now) {
        return Err(login::failed());
    }
    if !right {
        count_failure(&state, &row, "password", now).await?;
        return Err(login::failed());
    }
    let pending = session::new_token();
    let mut tx = state.db.begin_write().await?;
    store::insert_pending(&mut tx, &session::token_hash(&pending), &row.id, now + login::PENDING_MS, now).await?;
    tx.commit().await?;
    Ok(AdminAnswer { status: StatusCode::OK, cookie: None, body: Json(StaffPending { pending }) })
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct StaffCodeInput {
    #[schema(required = true, value_type = String)]
    pub pending: Option<String>,
    /// The 6 digits the authenticator app shows (full-width digits and spaces are fine).
    #[schema(required = true, value_type = String)]
    pub code: Option<String>,
}

#[utoipa::path(post, path = "/v1/admin/auth/totp", tag = "admin", request_body = StaffCodeInput,
    responses(
        (status = 200, body = StaffBody, description = "logged in: the cookie `shop_staff` is set (httpOnly, SameSite=Strict, Path=/v1/admin)"),
        (status = 422, body = ErrorBody, description = "`admin.login.failed` (wrong or already used code, locked account), or `admin.login.expired` (the 5 minutes after the password are over: start again)"),
        (status = 429, body = ErrorBody, description = "too many attempts from this address"),
    ))]
pub async fn confirm_code(
    State(state): State<AppState>,
    channel: Channel,
    client: Client,
    ApiJson(input): ApiJson<StaffCodeInput>,
) -> ApiResult<AdminAnswer<Json<StaffBody>>> {
    let now = Timestamp::now().0;
    rate_limit::enforce(&state, login::RATE_LIMIT, &channel.id, &client.ip, now).await?;
    ip_allowlist::enforce(&state, &channel, &client.ip).await?;
    let pending = input.pending.unwrap_or_default();
    let staff_id = store::find_pending(&state.db, &session::token_hash(pending.trim()), now).await?.ok_or_else(login::pending_expired)?;
    let row = store::find_staff(&state.db.pool, &staff_id).await?.filter(|row| row.channel_id == channel.id).ok_or_else(login::pending_expired)?;
    if !row.is_active() || login::is_locked(row.locked_until, now) {
        return Err(login::failed());
    }
    let step = match input.code.as_deref().and_then(typed_code) {
        Some(code) => {
            let secret = state.totp_keys.open(&row.id, &row.totp_secret).map_err(anyhow::Error::from)?;
            totp::matched_step(secret.secret(), &code, login::seconds(now))?
        }
        None => None,
    };
    let Some(step) = step else {
        count_failure(&state, &row, "code", now).await?;
        return Err(login::failed());
    };
    let staff = row.staff()?;
    let token = session::new_token();
    let mut tx = state.db.begin_write().await?;
    if !store::update_totp_step(&mut tx, &row.id, step).await? {
        // This code (or a later one) was already used: someone saw it.
        drop(tx);
        count_failure(&state, &row, "code (used before)", now).await?;
        return Err(login::failed());
    }
    store::update_login_succeeded(&mut tx, &row.id).await?;
    store::delete_pending(&mut tx, &row.id).await?;
    open_session(&mut tx, &token, &staff, now).await?;
    audit::record_in(&mut tx, &staff, AuditAction::Login, "").await?;
    tx.commit().await?;
    Ok(AdminAnswer {
        status: StatusCode::OK,
        cookie: Some(session::set_cookie(&token, client.https)),
        body: Json(StaffBody::of(&state, &channel, staff).await?),
    })
}

/// Writes the session of `token` for `staff` (and clears the shop's dead ones), in the
/// caller's transaction: a login's code step and an enrolment's last step.
async fn open_session(tx: &mut crate::infra::db::Tx, token: &str, staff: &Staff, now: i64) -> ApiResult<()> {
    let session_id = new_id();
    let new = NewSession {
        id: &session_id,
        token_hash: &session::token_hash(token),
        staff_id: &staff.id,
        channel_id: &staff.channel_id,
        expires_at: now + session::LIFETIME_MS,
    };
    store::insert_session(tx, &new, now).await?;
    store::delete_dead_sessions(tx, now - session::IDLE_MS, now).await?;
    Ok(())
}

#[utoipa::path(get, path = "/v1/admin/auth/me", tag = "admin", security(("staff_session" = [])),
    responses(
        (status = 200, body = StaffBody, description = "the logged-in staff member"),
        (status = 401, body = ErrorBody, description = "no session, or one that ended (12 hours idle) or belongs to another shop"),
    ))]
pub async fn me(State(state): State<AppState>, channel: Channel, staff: Staff) -> ApiResult<AdminAnswer<Json<StaffBody>>> {
    Ok(AdminAnswer { status: StatusCode::OK, cookie: None, body: Json(StaffBody::of(&state, &channel, staff).await?) })
}

#[utoipa::path(post, path = "/v1/admin/auth/logout", tag = "admin", security((), ("staff_session" = [])),
    responses((status = 204, description = "the session is ended and the cookie cleared; answered even without a session")))]
pub async fn log_out(State(state): State<AppState>, channel: Channel, client: Client, headers: HeaderMap) -> ApiResult<AdminAnswer<()>> {
    if let Some(token) = session::from_cookies(&headers) {
        let mut tx = state.db.begin_write().await?;
        if let Some(staff_id) = store::delete_session(&mut tx, &session::token_hash(&token)).await?
            && let Some(row) = store::find_staff(&mut *tx, &staff_id).await?
            && row.channel_id == channel.id
        {
            audit::record_in(&mut tx, &row.staff()?, AuditAction::Logout, "").await?;
        }
        tx.commit().await?;
    }
    Ok(AdminAnswer { status: StatusCode::NO_CONTENT, cookie: Some(session::clear_cookie(client.https)), body: () })
}

/// One entry of the audit log.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct AuditEntry {
    pub at: Timestamp,
    pub staff_name: String,
    pub action: AuditAction,
    /// What was changed (an inquiry number, a topic id, …); empty for logins.
    pub target: String,
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AuditQuery {
    /// Only this staff member's entries (an id of the staff desk's list).
    #[param(max_length = 100)]
    pub staff_id: Option<String>,
    /// Only this action (`order_payment`, `member_caution`, …).
    pub action: Option<String>,
    /// Part of what was changed: an order number, a member, a setting's name …
    #[param(max_length = 100)]
    pub q: Option<String>,
    /// On or after, `YYYY-MM-DD` (Japan).
    pub from: Option<String>,
    /// On or before, `YYYY-MM-DD` (Japan).
    pub to: Option<String>,
    pub page: Option<String>,
    pub per: Option<String>,
}

/// The query's filters; a malformed one is a 422 naming its field.
fn audit_filter_of(query: &AuditQuery) -> ApiResult<store::AuditFilter> {
    let mut check = FieldCheck::default();
    let text = |v: &Option<String>| v.as_deref().map(str::trim).filter(|v| !v.is_empty()).map(str::to_owned);
    let mut filter = store::AuditFilter::default();
    for (field, value) in [("staff_id", text(&query.staff_id)), ("q", text(&query.q))] {
        if value.as_ref().is_some_and(|v| v.chars().count() > 100) {
            check.field(field, Err("100文字以内で指定してください。"));
        }
    }
    filter.staff_id = text(&query.staff_id);
    filter.target = text(&query.q);
    if let Some(action) = text(&query.action) {
        match AuditAction::parse(&action) {
            Some(action) => filter.action = Some(action.as_str()),
            None => {
                check.field("action", Err("操作の種類の指定が正しくありません。"));
            }
        }
    }
    (filter.from, filter.before) =
        jst_day_range(&mut check, ("from", query.from.as_deref()), ("to", query.to.as_deref()), "終了日は開始日以降の日付を指定してください。");
    check.finish()?;
    Ok(filter)
}

#[utoipa::path(get, path = "/v1/admin/audit-log", tag = "admin", params(AuditQuery),
    responses(
        (status = 200, body = crate::infra::pagination::ListBody<AuditEntry>, description = "the entries matching the filters, newest first, with x-total, x-per-page, x-last-page, x-current-page"),
        (status = 401, body = ErrorBody, description = "no staff session"),
        (status = 403, body = ErrorBody, description = "`staff.forbidden`: only the shop's owner reads the log"),
        (status = 422, body = ErrorBody, description = "a filter is malformed; `errors` names it"),
    ))]
pub async fn audit_log(
    State(state): State<AppState>,
    Can { staff, .. }: Can<AuditLog>,
    ApiQuery(query): ApiQuery<AuditQuery>,
) -> ApiResult<AdminAnswer<Paginated<AuditEntry>>> {
    let page = Page::parse(&PageQuery { page: query.page.clone(), per: query.per.clone() }, 20, AllowAll::No)?;
    let filter = audit_filter_of(&query)?;
    let (rows, total) = store::list_audit(&state.db, &staff.channel_id, &filter, page.per, page.offset()).await?;
    let entries = rows
        .into_iter()
        .map(|row| {
            let action = AuditAction::parse(&row.action).ok_or_else(|| anyhow::anyhow!("the audit log holds the unknown action {:?}", row.action))?;
            Ok(AuditEntry { at: Timestamp(row.at), staff_name: row.staff_name, action, target: row.target })
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    Ok(AdminAnswer { status: StatusCode::OK, cookie: None, body: Paginated::new(entries, total, page) })
}
