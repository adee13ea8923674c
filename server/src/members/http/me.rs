//! The logged-in member's own account: profile, password, login history, leaving. Every query
//! is scoped to the token's member and channel, so another member's data is never reachable.
use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use serde::{Deserialize, Serialize};

use super::{new_refresh_token, now_ms, settings_of, taken_error, User, WithCookie};
use crate::app::AppState;
use crate::auth::{password, Member};
use crate::channel::Channel;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::{ApiJson, ApiQuery};
use crate::infra::ids::new_id;
use crate::infra::pagination::{AllowAll, ListBody, Page, PageQuery, Paginated, DEFAULT_PER};
use crate::infra::time::Timestamp;
use crate::members::client::Client;
use crate::members::profile::{self, Profile, ProfileInput};
use crate::validation::{self as rules, FieldCheck};
use crate::members::store::{self, UserRow};
use crate::members::{refresh, EMAIL_TAKEN};

const LEAVE_REASON_MAX: usize = 1000;

/// The member of the token, or 401 (a token of a member who left no longer opens anything).
async fn current_user(state: &AppState, channel: &Channel, member: &Member) -> ApiResult<UserRow> {
    store::find_user(&state.db.pool, &channel.id, &member.user_id).await?.ok_or(ApiError::Unauthorized)
}

#[utoipa::path(get, path = "/v1/me/user", tag = "members", security(("bearer" = [])),
    responses(
        (status = 200, body = User),
        (status = 401, body = ErrorBody, description = "no, invalid or expired token"),
    ))]
pub async fn show_user(State(state): State<AppState>, channel: Channel, member: Member) -> ApiResult<Json<User>> {
    Ok(Json(User::from(current_user(&state, &channel, &member).await?)))
}

#[utoipa::path(put, path = "/v1/me/user", tag = "members", security(("bearer" = [])), request_body = ProfileInput,
    responses(
        (status = 200, body = User, description = "the updated profile (login id and password are changed elsewhere)"),
        (status = 401, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "field errors in Japanese; nothing was changed"),
    ))]
pub async fn update_user(
    State(state): State<AppState>,
    channel: Channel,
    member: Member,
    ApiJson(input): ApiJson<ProfileInput>,
) -> ApiResult<Json<User>> {
    let user = current_user(&state, &channel, &member).await?;
    let settings = settings_of(&state, &channel).await?;
    let mut check = FieldCheck::default();
    let profile = profile::checked(Profile::check(input, settings.is_corporate, &mut check), check)?;
    let now = now_ms();
    let mut tx = state.db.begin_write().await?;
    if store::find_taken(&mut tx, &channel.id, &profile.email, "", &user.id).await?.0 {
        return Err(ApiError::field("email", EMAIL_TAKEN));
    }
    store::update_profile(&mut tx, &user.id, &profile, now).await.map_err(taken_error)?;
    let updated = store::find_user(&mut *tx, &channel.id, &user.id).await?.ok_or(ApiError::Unauthorized)?;
    tx.commit().await?;
    Ok(Json(User::from(updated)))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct LeaveInput {
    pub password: Option<String>,
    pub reason: Option<String>,
}

#[utoipa::path(delete, path = "/v1/me/user", tag = "members", security(("bearer" = [])), request_body = LeaveInput,
    responses(
        (status = 204, description = "left: sessions revoked, the refresh cookie cleared, the profile and address book emptied; the e-mail can register again"),
        (status = 401, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "wrong password (`errors.password`)"),
    ))]
pub async fn leave(
    State(state): State<AppState>,
    channel: Channel,
    member: Member,
    client: Client,
    ApiJson(input): ApiJson<LeaveInput>,
) -> ApiResult<WithCookie<()>> {
    let user = current_user(&state, &channel, &member).await?;
    let typed = input.password.unwrap_or_default();
    if typed.is_empty() {
        return Err(ApiError::field("password", rules::REQUIRED));
    }
    if !password::check(&typed, user.password_hash.as_deref()).await? {
        return Err(ApiError::field("password", "パスワードが正しくありません"));
    }
    let reason = input.reason.map(|r| r.trim().chars().take(LEAVE_REASON_MAX).collect::<String>()).filter(|r| !r.is_empty());
    let now = now_ms();
    let mut tx = state.db.begin_write().await?;
    store::update_left(&mut tx, &user.id, reason.as_deref(), now).await?;
    crate::addresses::store::delete_book(&mut tx, &user.id).await?;
    store::update_user_tokens_revoked(&mut tx, &user.id, now).await?;
    tx.commit().await?;
    Ok(WithCookie { status: StatusCode::NO_CONTENT, cookie: Some(refresh::clear_cookie(client.https)), body: () })
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct PasswordInput {
    pub current_password: Option<String>,
    pub password: Option<String>,
    pub password_confirmation: Option<String>,
}

#[utoipa::path(put, path = "/v1/me/password", tag = "members", security(("bearer" = [])), request_body = PasswordInput,
    responses(
        (status = 204, description = "changed; every other session is ended and this browser gets a new refresh cookie"),
        (status = 401, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "wrong current password (`errors.current_password`) or a new password against the rule"),
    ))]
pub async fn change_password(
    State(state): State<AppState>,
    channel: Channel,
    member: Member,
    client: Client,
    ApiJson(input): ApiJson<PasswordInput>,
) -> ApiResult<WithCookie<()>> {
    let user = current_user(&state, &channel, &member).await?;
    let mut check = FieldCheck::default();
    let current = input.current_password.unwrap_or_default();
    check.field("current_password", rules::required(&current));
    let new_password = profile::check_new_password(&mut check, input.password, input.password_confirmation);
    let new_password = profile::checked(new_password, check)?;
    if !password::check(&current, user.password_hash.as_deref()).await? {
        return Err(ApiError::field("current_password", "現在のパスワードが正しくありません"));
    }
    let hash = password::hash_off_thread(&new_password).await?;
    let now = now_ms();
    let mut tx = state.db.begin_write().await?;
    store::update_password(&mut tx, &user.id, &hash, now).await?;
    // Sessions elsewhere may belong to whoever knew the old password. The refresh cookie
    // (scoped to /v1/auth) is not sent here, so this browser simply gets a new one.
    store::update_user_tokens_revoked(&mut tx, &user.id, now).await?;
    let token = new_refresh_token(&mut tx, &user.id, &new_id(), now).await?;
    tx.commit().await?;
    Ok(WithCookie { status: StatusCode::NO_CONTENT, cookie: Some(refresh::set_cookie(&token, client.https)), body: () })
}

/// One login of the member.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct LoginHistoryItem {
    pub id: String,
    pub logged_in_at: Timestamp,
    pub ip_address: String,
    pub user_agent: String,
    /// `password`, `code`, `reminder`, `social` or `sync`.
    pub method: String,
}

#[utoipa::path(get, path = "/v1/me/login-histories", tag = "members", security(("bearer" = [])), params(PageQuery),
    responses(
        (status = 200, body = ListBody<LoginHistoryItem>, description = "newest first; x-total, x-per-page, x-last-page, x-current-page headers"),
        (status = 401, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "bad page or per"),
    ))]
pub async fn list_login_histories(
    State(state): State<AppState>,
    channel: Channel,
    member: Member,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> ApiResult<Paginated<LoginHistoryItem>> {
    let page = Page::parse(&query, DEFAULT_PER, AllowAll::No)?;
    let user = current_user(&state, &channel, &member).await?;
    let (rows, total) = store::list_login_histories(&state.db, &user.id, page.per, page.offset()).await?;
    let items = rows
        .into_iter()
        .map(|row| LoginHistoryItem {
            id: row.id,
            logged_in_at: Timestamp(row.logged_in_at),
            ip_address: row.ip_address,
            user_agent: row.user_agent,
            method: row.method,
        })
        .collect();
    Ok(Paginated::new(items, total, page))
}
