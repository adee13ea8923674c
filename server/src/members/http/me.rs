//! The logged-in member's own account: profile (with e-mail changes that wait for the new
//! address's link), password, security question, login history, leaving (with the password,
//! or a mailed code for members without one). Every query is scoped to the token's member and
//! channel, so another member's data is never reachable.
use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use serde::{Deserialize, Serialize};

use super::session::{code_wrong, use_code};
use super::{Accepted, User, WithCookie, taken_error};
use crate::auth::{Member, password};
use crate::channel::Channel;
use crate::channel::settings::FrontSettings;
use crate::infra::client::Client;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::{ApiJson, ApiQuery};
use crate::infra::ids::new_id;
use crate::infra::pagination::{AllowAll, DEFAULT_PER, ListBody, Page, PageQuery, Paginated};
use crate::infra::rate_limit;
use crate::infra::time::Timestamp;
use crate::members::links::{link, link_origin};
use crate::members::mailed_secret::{new_code, new_link_token};
use crate::members::mails::send_mail;
use crate::members::one_time_code::Purpose;
use crate::members::profile::{self, Loose, Profile, ProfileInput};
use crate::members::session_start::new_refresh_token;
use crate::members::session_store;
use crate::members::store::{self, UserRow};
use crate::members::{EMAIL_TAKEN, email_change, mails, refresh, security_answer};
use crate::state::AppState;
use crate::validation::{self as rules, FieldCheck};

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

/// The answer of `PUT /v1/me/user`: the User, and a message when an e-mail change now waits
/// for its link.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct UserUpdated {
    #[serde(flatten)]
    pub user: User,
    /// Present only when the e-mail was changed: the new address (`pending_email`) must be
    /// confirmed with the link mailed to it; `email` stays the old one until then.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

#[utoipa::path(put, path = "/v1/me/user", tag = "members", security(("bearer" = [])), request_body = ProfileInput,
    responses(
        (status = 200, body = UserUpdated, description = "the updated profile (login id, password and security question are changed elsewhere). A new `email` is not applied: it becomes `pending_email`, a link (/verify/email?token=…, 24 hours) is mailed to it and a notice to the old address, and `message` says so; the link (`POST /v1/email-verify/check {token}`) makes it the member's address"),
        (status = 401, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "field errors in Japanese (a new e-mail already registered: `errors.email`, the registration message); nothing was changed"),
        (status = 429, body = ErrorBody, description = "too many e-mail changes asked (the verification-mail limit)"),
    ))]
pub async fn update_user(
    State(state): State<AppState>,
    channel: Channel,
    member: Member,
    client: Client,
    headers: HeaderMap,
    ApiJson(input): ApiJson<ProfileInput>,
) -> ApiResult<Json<UserUpdated>> {
    let user = current_user(&state, &channel, &member).await?;
    let settings = FrontSettings::load(&state.db, &channel).await?;
    let mut check = FieldCheck::default();
    let profile = Profile::check(input, settings.is_corporate, &mut check);
    if let Some(profile) = &profile {
        profile.business.check_invoice(user.invoice_approved(), &mut check);
    }
    let profile = profile::checked(profile, check)?;
    let now = Timestamp::now().0;
    let new_email = (profile.email != user.profile.email).then(|| profile.email.clone());
    if new_email.is_some() {
        rate_limit::enforce(&state, rate_limit::EMAIL_VERIFY_MAIL, &channel.id, &user.id, now).await?;
    }
    let mut tx = state.db.begin_write().await?;
    let link_token = match &new_email {
        Some(email) => {
            if store::find_taken(&mut tx, &channel.id, email, "", &user.id).await?.0 {
                return Err(ApiError::field("email", EMAIL_TAKEN));
            }
            store::update_pending_email(&mut tx, &user.id, email, now + Purpose::EmailLink.lifetime_ms(), now).await?;
            Some(new_link_token(&mut tx, &user.id, Purpose::EmailLink, email, now).await?)
        }
        None => None,
    };
    // The address itself changes only when its link is opened.
    let kept = Profile { email: user.profile.email.clone(), ..profile };
    store::update_profile(&mut tx, &user.id, &kept, now).await.map_err(taken_error)?;
    let updated = store::find_user(&mut *tx, &channel.id, &user.id).await?.ok_or(ApiError::Unauthorized)?;
    tx.commit().await?;
    let message = match (new_email, link_token) {
        (Some(email), Some(token)) => {
            let origin = link_origin(&state, &channel, &channel.id, &headers, client.https).await?;
            send_mail(&state, mails::email_change(&channel.name, &email, &link(&origin, "/verify/email", &token))).await?;
            send_mail(&state, mails::email_change_notice(&channel.name, &user.profile.email)).await?;
            Some(email_change::PENDING_MESSAGE.to_owned())
        }
        _ => None,
    };
    Ok(Json(UserUpdated { user: User::from(updated), message }))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct LeaveInput {
    /// The member's password (members with `has_password`).
    pub password: Option<String>,
    /// The 6-digit code mailed by `POST /v1/me/leave-code` (members without a password).
    pub code: Option<String>,
    pub reason: Option<String>,
}

#[utoipa::path(delete, path = "/v1/me/user", tag = "members", security(("bearer" = [])), request_body = LeaveInput,
    responses(
        (status = 204, description = "left: sessions revoked (access tokens too), the refresh cookie cleared, the profile and address book emptied; the e-mail can register again"),
        (status = 401, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "wrong or missing password (`errors.password`); for a member without a password, a wrong, expired or missing code (`errors.code`)"),
        (status = 429, body = ErrorBody, description = "too many password tries"),
    ))]
pub async fn leave(
    State(state): State<AppState>,
    channel: Channel,
    member: Member,
    client: Client,
    ApiJson(input): ApiJson<LeaveInput>,
) -> ApiResult<WithCookie<()>> {
    let user = current_user(&state, &channel, &member).await?;
    let now = Timestamp::now().0;
    if user.has_password() {
        let typed = input.password.unwrap_or_default();
        if typed.is_empty() {
            return Err(ApiError::field("password", rules::REQUIRED));
        }
        rate_limit::enforce(&state, rate_limit::CURRENT_PASSWORD, &channel.id, &user.id, now).await?;
        if !password::check(&typed, user.password_hash.as_deref()).await? {
            return Err(ApiError::field("password", "パスワードが正しくありません"));
        }
    } else {
        // No password to ask (social login): the mailed code proves the mailbox instead.
        let typed = input.code.unwrap_or_default();
        if typed.trim().is_empty() {
            return Err(ApiError::field("code", rules::REQUIRED));
        }
        let code = crate::validation::typed_code(&typed).ok_or_else(|| code_wrong("code"))?;
        use_code(&state, &user, Purpose::LeaveCode, &code, now, "code").await?;
    }
    let reason = input.reason.map(|r| r.trim().chars().take(LEAVE_REASON_MAX).collect::<String>()).filter(|r| !r.is_empty());
    let mut tx = state.db.begin_write().await?;
    store::update_left(&mut tx, &user.id, reason.as_deref(), now).await?;
    let erase = state.leave_erasers;
    (erase.address_book)(&mut tx, &user.id).await?;
    let card_refs = (erase.cards)(&mut tx, &user.id).await?;
    session_store::update_sessions_ended(&mut tx, &user.id, now).await?;
    tx.commit().await?;
    (erase.forget_cards)(&state, &channel.id, &card_refs).await;
    state.sessions.forget(&user.id).await;
    Ok(WithCookie { status: StatusCode::NO_CONTENT, cookie: Some(refresh::clear_cookie(client.https)), body: () })
}

pub const LEAVE_WITH_PASSWORD_CODE: &str = "members.leave.password";

#[utoipa::path(post, path = "/v1/me/leave-code", tag = "members", security(("bearer" = [])),
    responses(
        (status = 202, body = Accepted, description = "a 6-digit code (10 minutes) was mailed to the member's address; send it as `code` with `DELETE /v1/me/user`"),
        (status = 401, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "`members.leave.password`: the member has a password and leaves with it"),
        (status = 429, body = ErrorBody, description = "too many mails asked"),
    ))]
pub async fn request_leave_code(State(state): State<AppState>, channel: Channel, member: Member) -> ApiResult<(StatusCode, Json<Accepted>)> {
    let user = current_user(&state, &channel, &member).await?;
    if user.has_password() {
        return Err(ApiError::rule(LEAVE_WITH_PASSWORD_CODE, "パスワードを入力して退会手続きを行ってください。"));
    }
    let now = Timestamp::now().0;
    rate_limit::enforce(&state, rate_limit::EMAIL_VERIFY_MAIL, &channel.id, &user.id, now).await?;
    let mut tx = state.db.begin_write().await?;
    let (_, code) = new_code(&mut tx, &user.id, Purpose::LeaveCode, &user.profile.email, now).await?;
    tx.commit().await?;
    send_mail(&state, mails::leave_code(&channel.name, &user.profile.email, &code)).await?;
    Ok((StatusCode::ACCEPTED, Json(Accepted { message: "退会手続きの確認コードをメールでお送りしました。".into() })))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct PasswordInput {
    #[schema(required = true, value_type = String, pattern = "\\S")]
    pub current_password: Option<String>,
    pub password: Option<String>,
    pub password_confirmation: Option<String>,
}

#[utoipa::path(put, path = "/v1/me/password", tag = "members", security(("bearer" = [])), request_body = PasswordInput,
    responses(
        (status = 204, description = "changed; every session is ended, access tokens included — this one too: this browser gets a new refresh cookie, so refresh (`POST /v1/auth/refresh`) before the next member call (or let its 401 do it)"),
        (status = 401, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "wrong current password (`errors.current_password`) or a new password against the rule"),
        (status = 429, body = ErrorBody, description = "too many current-password tries"),
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
    let now = Timestamp::now().0;
    check_current_password(&state, &channel, &user, &current, now).await?;
    let hash = password::hash_off_thread(&new_password).await?;
    let mut tx = state.db.begin_write().await?;
    store::update_password(&mut tx, &user.id, &hash, now).await?;
    // Sessions elsewhere may belong to whoever knew the old password. The refresh cookie
    // (scoped to /v1/auth) is not sent here, so this browser simply gets a new one.
    session_store::update_sessions_ended(&mut tx, &user.id, now).await?;
    let token = new_refresh_token(&mut tx, &user.id, &new_id(), now).await?;
    tx.commit().await?;
    state.sessions.forget(&user.id).await;
    Ok(WithCookie { status: StatusCode::NO_CONTENT, cookie: Some(refresh::set_cookie(&token, client.https)), body: () })
}

pub const CURRENT_PASSWORD_WRONG: &str = "現在のパスワードが正しくありません";

/// The member's own password, typed again before a sensitive change (counted per account).
async fn check_current_password(state: &AppState, channel: &Channel, user: &UserRow, typed: &str, now: i64) -> ApiResult<()> {
    rate_limit::enforce(state, rate_limit::CURRENT_PASSWORD, &channel.id, &user.id, now).await?;
    if !password::check(typed, user.password_hash.as_deref()).await? {
        return Err(ApiError::field("current_password", CURRENT_PASSWORD_WRONG));
    }
    Ok(())
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct SecurityQuestionInput {
    #[schema(required = true, value_type = String, pattern = "\\S")]
    pub current_password: Option<String>,
    /// The new question, 1..4.
    #[schema(required = true, value_type = i64, minimum = 1, maximum = 4)]
    pub question_ct: Option<Loose>,
    /// Its answer (compared later ignoring width, kana and case).
    #[schema(required = true, value_type = String, pattern = "\\S")]
    pub answer: Option<String>,
}

#[utoipa::path(put, path = "/v1/me/security-question", tag = "members", security(("bearer" = [])), request_body = SecurityQuestionInput,
    responses(
        (status = 200, body = User, description = "the question and answer are replaced (the answer is stored hashed, normalised as at registration)"),
        (status = 401, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "missing question or answer (`errors.question_ct`, `errors.answer`), wrong current password or a member without one (`errors.current_password`)"),
        (status = 429, body = ErrorBody, description = "too many current-password tries"),
    ))]
pub async fn change_security_question(
    State(state): State<AppState>,
    channel: Channel,
    member: Member,
    ApiJson(input): ApiJson<SecurityQuestionInput>,
) -> ApiResult<Json<User>> {
    let user = current_user(&state, &channel, &member).await?;
    let mut check = FieldCheck::default();
    let current = input.current_password.unwrap_or_default();
    check.field("current_password", rules::required(&current));
    let question = profile::check_new_question(&mut check, input.question_ct, input.answer);
    let (question_ct, answer) = profile::checked(question, check)?;
    if !user.has_password() {
        return Err(ApiError::field("current_password", "パスワードが設定されていないため、秘密の質問は変更できません。"));
    }
    let now = Timestamp::now().0;
    check_current_password(&state, &channel, &user, &current, now).await?;
    let answer_hash = security_answer::hash(&answer).await?;
    let mut tx = state.db.begin_write().await?;
    store::update_security_question(&mut tx, &user.id, question_ct, &answer_hash, now).await?;
    let updated = store::find_user(&mut *tx, &channel.id, &user.id).await?.ok_or(ApiError::Unauthorized)?;
    tx.commit().await?;
    Ok(Json(User::from(updated)))
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
    let (rows, total) = session_store::list_login_histories(&state.db, &user.id, page.per, page.offset()).await?;
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
