//! Getting back in by mail: the password reminder (link, then the security question as a
//! second check), the username reminder, and e-mail verification (code or link). Requests
//! answer the same whether or not the address is registered.
use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use serde::{Deserialize, Serialize};

use super::session::{code_wrong, use_code};
use super::{Accepted, LoginAnswer, WithCookie, taken_error};
use crate::auth::{Member, OptionalMember, password};
use crate::bot_check::BotChecked;
use crate::channel::Channel;
use crate::channel::settings::FrontSettings;
use crate::infra::client::Client;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::ApiJson;
use crate::infra::mail::OutgoingMail;
use crate::infra::rate_limit;
use crate::infra::time::Timestamp;
use crate::members::email_change::{self, LinkTarget};
use crate::members::links::{link, link_origin, usable_link};
use crate::members::mailed_secret::{new_code, new_link_token};
use crate::members::mails::send_mail;
use crate::members::one_time_code::Purpose;
use crate::members::profile;
use crate::members::session_start::{Method, start_session};
use crate::members::session_store;
use crate::members::store::{self, UserRow};
use crate::members::{EMAIL_TAKEN, LINK_INVALID_MESSAGE, USERNAME_TAKEN, mails, security_answer};
use crate::state::AppState;
use crate::validation::FieldCheck;

pub const REMINDER_ACCEPTED: &str = "ご入力のメールアドレスが登録されている場合は、パスワード再設定のご案内をお送りしました。";
pub const USERNAME_REMINDER_ACCEPTED: &str = "ご入力のメールアドレスが登録されている場合は、ログインIDのご案内をお送りしました。";

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct EmailInput {
    #[schema(required = true, value_type = String, pattern = "\\S", max_length = 254)]
    pub email: Option<String>,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct TokenInput {
    /// The token of the mailed link.
    pub token: Option<String>,
}

/// Mails a link of `purpose` to the member with this address, if there is one (and the
/// address has not had too many already); the caller answers the same either way.
async fn mail_link_if_member(state: &AppState, channel: &Channel, headers: &HeaderMap, client: &Client, input: EmailInput, purpose: Purpose) -> ApiResult<()> {
    let now = Timestamp::now().0;
    rate_limit::enforce(state, rate_limit::REMINDER, &channel.id, &client.ip, now).await?;
    let mut check = FieldCheck::default();
    let email = profile::text(&mut check, "email", input.email, true, crate::validation::EMAIL_MAX).to_lowercase();
    check.finish()?;
    let Some(user) = store::find_user_by_email(&state.db, &channel.id, &email).await? else { return Ok(()) };
    if !rate_limit::is_allowed(&state.db, rate_limit::REMINDER_PER_EMAIL, &channel.id, &user.id, 1, now).await? {
        return Ok(());
    }
    let mut tx = state.db.begin_write().await?;
    let token = new_link_token(&mut tx, &user.id, purpose, &user.profile.email, now).await?;
    tx.commit().await?;
    let origin = link_origin(state, channel, &channel.id, headers, client.https).await?;
    let mail = match purpose {
        Purpose::UsernameLink => mails::username_reminder(&channel.name, &user.profile.email, &link(&origin, "/reminder/username/reset", &token)),
        _ => mails::reminder(&channel.name, &user.profile.email, &link(&origin, "/reminder/reset", &token)),
    };
    send_mail(state, mail).await
}

#[utoipa::path(post, path = "/v1/reminder/request", tag = "members", request_body = EmailInput,
    params(("X-Bot-Check" = String, Header, description = "the bot-check proof: the base64 ALTCHA payload solving a challenge of `GET /v1/bot-check`, or a reCAPTCHA v3 token for the action `password_reminder`; each proof counts once")),
    responses(
        (status = 202, body = Accepted, description = "always the same answer; a member with this address gets a reset link (/reminder/reset?token=…, 30 minutes)"),
        (status = 422, body = ErrorBody, description = "blank e-mail, or `bot_check.failed` (missing, wrong, expired or used proof)"),
        (status = 429, body = ErrorBody, description = "too many requests from this address"),
    ))]
pub async fn request_reminder(
    State(state): State<AppState>,
    channel: Channel,
    client: Client,
    headers: HeaderMap,
    _: BotChecked,
    ApiJson(input): ApiJson<EmailInput>,
) -> ApiResult<(StatusCode, Json<Accepted>)> {
    mail_link_if_member(&state, &channel, &headers, &client, input, Purpose::ReminderLink).await?;
    Ok((StatusCode::ACCEPTED, Json(Accepted { message: REMINDER_ACCEPTED.into() })))
}

/// Link checks count against the reminder limit: each guess is a request.
async fn checked_link(
    state: &AppState,
    channel: &Channel,
    client: &Client,
    purpose: Purpose,
    token: Option<String>,
) -> ApiResult<(session_store::SecretRow, UserRow)> {
    let now = Timestamp::now().0;
    rate_limit::enforce(state, rate_limit::REMINDER, &channel.id, &client.ip, now).await?;
    usable_link(state, channel, purpose, token.as_deref().unwrap_or(""), now).await
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ReminderCheck {
    /// The member's security question (1..4), asked on the reset form; null when none is set.
    pub question_ct: Option<i64>,
}

#[utoipa::path(post, path = "/v1/reminder/check", tag = "members", request_body = TokenInput,
    responses(
        (status = 200, body = ReminderCheck, description = "the link is valid"),
        (status = 404, body = ErrorBody, description = "unknown, expired or used link"),
        (status = 429, body = ErrorBody),
    ))]
pub async fn check_reminder(
    State(state): State<AppState>,
    channel: Channel,
    client: Client,
    ApiJson(input): ApiJson<TokenInput>,
) -> ApiResult<Json<ReminderCheck>> {
    let (_, user) = checked_link(&state, &channel, &client, Purpose::ReminderLink, input.token).await?;
    Ok(Json(ReminderCheck { question_ct: user.question_ct }))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ResetInput {
    pub token: Option<String>,
    pub password: Option<String>,
    pub password_confirmation: Option<String>,
    /// The security question's answer, when the member set one.
    pub answer: Option<String>,
}

#[utoipa::path(post, path = "/v1/reminder/reset", tag = "members", request_body = ResetInput,
    responses(
        (status = 200, body = crate::members::login::LoginResponse, description = "the password is reset, other sessions ended (their access tokens stop working too), the member logged in (refresh cookie set)"),
        (status = 404, body = ErrorBody, description = "unknown, expired or used link (also after 5 wrong answers)"),
        (status = 422, body = ErrorBody, description = "password against the rule, not confirmed, or a wrong answer (`errors.answer`)"),
        (status = 429, body = ErrorBody),
    ))]
pub async fn reset_password(State(state): State<AppState>, channel: Channel, client: Client, ApiJson(input): ApiJson<ResetInput>) -> ApiResult<LoginAnswer> {
    let (secret, user) = checked_link(&state, &channel, &client, Purpose::ReminderLink, input.token).await?;
    let mut check = FieldCheck::default();
    let new_password = profile::check_new_password(&mut check, input.password, input.password_confirmation);
    let answer = profile::text(&mut check, "answer", input.answer, user.answer_hash.is_some(), security_answer::ANSWER_MAX);
    let new_password = profile::checked(new_password, check)?;
    if let Some(stored) = &user.answer_hash
        && !security_answer::matches(&answer, stored).await?
    {
        session_store::update_secret_attempt(&state.db, &secret.id).await?;
        return Err(ApiError::field("answer", "秘密の質問の答えが正しくありません。"));
    }
    let hash = password::hash_off_thread(&new_password).await?;
    let now = Timestamp::now().0;
    let settings = FrontSettings::load(&state.db, &channel).await?;
    let mut tx = state.db.begin_write().await?;
    if !session_store::update_secret_used(&mut tx, &secret.id, now).await? {
        return Err(ApiError::NotFound(LINK_INVALID_MESSAGE));
    }
    session_store::update_secrets_used(&mut tx, &user.id, &[Purpose::ReminderLink], now).await?;
    store::update_password(&mut tx, &user.id, &hash, now).await?;
    session_store::update_sessions_ended(&mut tx, &user.id, now).await?;
    // The link proved the mailbox: that clears a lock and verifies the address.
    session_store::delete_failures(&mut tx, &user.id).await?;
    store::update_registered(&mut tx, &user.id, now).await?;
    let user = store::find_user(&mut *tx, &channel.id, &user.id).await?.ok_or_else(|| ApiError::NotFound(LINK_INVALID_MESSAGE))?;
    let (login, cookie) = start_session(&state, &mut tx, &settings, &user, &client, Method::Reminder, now).await?;
    tx.commit().await?;
    state.sessions.forget(&user.id).await;
    Ok(WithCookie { status: StatusCode::OK, cookie: Some(cookie), body: Json(login) })
}

#[utoipa::path(post, path = "/v1/reminder/username/request", tag = "members", request_body = EmailInput,
    params(("X-Bot-Check" = String, Header, description = "the bot-check proof: the base64 ALTCHA payload solving a challenge of `GET /v1/bot-check`, or a reCAPTCHA v3 token for the action `username_reminder`; each proof counts once")),
    responses(
        (status = 202, body = Accepted, description = "always the same answer; a member with this address gets a link (/reminder/username/reset?token=…, 30 minutes)"),
        (status = 422, body = ErrorBody, description = "blank e-mail, or `bot_check.failed` (missing, wrong, expired or used proof)"),
        (status = 429, body = ErrorBody),
    ))]
pub async fn request_username_reminder(
    State(state): State<AppState>,
    channel: Channel,
    client: Client,
    headers: HeaderMap,
    _: BotChecked,
    ApiJson(input): ApiJson<EmailInput>,
) -> ApiResult<(StatusCode, Json<Accepted>)> {
    mail_link_if_member(&state, &channel, &headers, &client, input, Purpose::UsernameLink).await?;
    Ok((StatusCode::ACCEPTED, Json(Accepted { message: USERNAME_REMINDER_ACCEPTED.into() })))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct UsernameAnswer {
    pub username: String,
}

#[utoipa::path(post, path = "/v1/reminder/username/check", tag = "members", request_body = TokenInput,
    responses(
        (status = 200, body = UsernameAnswer, description = "the member's login id"),
        (status = 404, body = ErrorBody, description = "unknown, expired or used link"),
        (status = 429, body = ErrorBody),
    ))]
pub async fn check_username_reminder(
    State(state): State<AppState>,
    channel: Channel,
    client: Client,
    ApiJson(input): ApiJson<TokenInput>,
) -> ApiResult<Json<UsernameAnswer>> {
    let (_, user) = checked_link(&state, &channel, &client, Purpose::UsernameLink, input.token).await?;
    Ok(Json(UsernameAnswer { username: user.username }))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct UsernameResetInput {
    pub token: Option<String>,
    /// The new login id.
    pub username: Option<String>,
}

#[utoipa::path(post, path = "/v1/reminder/username/reset", tag = "members", request_body = UsernameResetInput,
    responses(
        (status = 200, body = UsernameAnswer, description = "the new login id is set (the link is used up)"),
        (status = 404, body = ErrorBody, description = "unknown, expired or used link"),
        (status = 422, body = ErrorBody, description = "a login id against the rule or already taken (`errors.username`)"),
        (status = 429, body = ErrorBody),
    ))]
pub async fn reset_username(
    State(state): State<AppState>,
    channel: Channel,
    client: Client,
    ApiJson(input): ApiJson<UsernameResetInput>,
) -> ApiResult<Json<UsernameAnswer>> {
    let (secret, user) = checked_link(&state, &channel, &client, Purpose::UsernameLink, input.token).await?;
    let mut check = FieldCheck::default();
    let username = profile::checked(profile::check_username(&mut check, "username", input.username), check)?;
    let now = Timestamp::now().0;
    let mut tx = state.db.begin_write().await?;
    if store::find_taken(&mut tx, &channel.id, "", &username, &user.id).await?.1 {
        return Err(ApiError::field("username", USERNAME_TAKEN));
    }
    if !session_store::update_secret_used(&mut tx, &secret.id, now).await? {
        return Err(ApiError::NotFound(LINK_INVALID_MESSAGE));
    }
    store::update_username(&mut tx, &user.id, &username, now).await.map_err(taken_error)?;
    tx.commit().await?;
    Ok(Json(UsernameAnswer { username }))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct EmailVerified {
    pub result: bool,
    pub is_registered_member: bool,
    /// true when the link confirmed a change: the new address replaced the old one (and the
    /// login id, when it was the old address).
    pub email_changed: bool,
}

#[utoipa::path(post, path = "/v1/email-verify/request", tag = "members", security(("bearer" = [])),
    responses(
        (status = 202, body = Accepted, description = "a code and a link (/verify/email?token=…) were mailed to the member's address (nothing when already verified)"),
        (status = 401, body = ErrorBody),
        (status = 429, body = ErrorBody, description = "too many mails asked"),
    ))]
pub async fn request_email_verify(
    State(state): State<AppState>,
    channel: Channel,
    member: Member,
    client: Client,
    headers: HeaderMap,
) -> ApiResult<(StatusCode, Json<Accepted>)> {
    let user = store::find_user(&state.db.pool, &channel.id, &member.user_id).await?.ok_or(ApiError::Unauthorized)?;
    let now = Timestamp::now().0;
    rate_limit::enforce(&state, rate_limit::EMAIL_VERIFY_MAIL, &channel.id, &user.id, now).await?;
    if !user.is_registered() {
        let mail = email_verify_mail(&state, &channel, &headers, &client, &user, now).await?;
        send_mail(&state, mail).await?;
    }
    Ok((StatusCode::ACCEPTED, Json(Accepted { message: "確認コードをメールでお送りしました。".into() })))
}

async fn email_verify_mail(state: &AppState, channel: &Channel, headers: &HeaderMap, client: &Client, user: &UserRow, now: i64) -> ApiResult<OutgoingMail> {
    let mut tx = state.db.begin_write().await?;
    let (_, code) = new_code(&mut tx, &user.id, Purpose::EmailCode, &user.profile.email, now).await?;
    let token = new_link_token(&mut tx, &user.id, Purpose::EmailLink, &user.profile.email, now).await?;
    tx.commit().await?;
    let origin = link_origin(state, channel, &channel.id, headers, client.https).await?;
    Ok(mails::email_verify(&channel.name, &user.profile.email, &code, &link(&origin, "/verify/email", &token)))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct EmailVerifyInput {
    /// The 6-digit code from the mail (needs the member's access token).
    pub code: Option<String>,
    /// The token of the mailed link (no login needed).
    pub token: Option<String>,
}

#[utoipa::path(post, path = "/v1/email-verify/check", tag = "members", security((), ("bearer" = [])), request_body = EmailVerifyInput,
    responses(
        (status = 200, body = EmailVerified, description = "the address is verified: the member is registered; `email_changed` when the link was the one of an e-mail change (the new address is now the member's)"),
        (status = 401, body = ErrorBody, description = "a code without the member's access token"),
        (status = 404, body = ErrorBody, description = "unknown, expired or used link, or the link of a change replaced by a newer one"),
        (status = 422, body = ErrorBody, description = "wrong or expired code (`errors.code`); the new address of a change was registered by someone else meanwhile (`errors.email`, the change is dropped)"),
        (status = 429, body = ErrorBody),
    ))]
pub async fn check_email_verify(
    State(state): State<AppState>,
    channel: Channel,
    OptionalMember(member): OptionalMember,
    client: Client,
    ApiJson(input): ApiJson<EmailVerifyInput>,
) -> ApiResult<Json<EmailVerified>> {
    let now = Timestamp::now().0;
    rate_limit::enforce(&state, rate_limit::VERIFY, &channel.id, &client.ip, now).await?;
    let user = match (input.token.filter(|t| !t.trim().is_empty()), input.code) {
        (Some(token), _) => {
            let (secret, user) = usable_link(&state, &channel, Purpose::EmailLink, &token, now).await?;
            match email_change::link_target(secret.sent_to.as_deref(), &user.profile.email, user.pending_email.as_deref()) {
                LinkTarget::Current => {}
                LinkTarget::Stale => return Err(ApiError::NotFound(LINK_INVALID_MESSAGE)),
                LinkTarget::Pending(new_email) => return confirm_email_change(&state, &channel, &secret, &user, &new_email, now).await,
            }
            let mut tx = state.db.begin_write().await?;
            if !session_store::update_secret_used(&mut tx, &secret.id, now).await? {
                return Err(ApiError::NotFound(LINK_INVALID_MESSAGE));
            }
            tx.commit().await?;
            user
        }
        (None, code) => {
            let member = member.ok_or(ApiError::Unauthorized)?;
            let user = store::find_user(&state.db.pool, &channel.id, &member.user_id).await?.ok_or(ApiError::Unauthorized)?;
            let code = code.as_deref().and_then(crate::validation::typed_code).ok_or_else(|| code_wrong("code"))?;
            use_code(&state, &user, Purpose::EmailCode, &code, now, "code").await?;
            user
        }
    };
    let mut tx = state.db.begin_write().await?;
    // The code and link of the verification mail are used up; a pending change's link is not.
    session_store::update_email_secrets_used_to(&mut tx, &user.id, &user.profile.email, now).await?;
    store::update_registered(&mut tx, &user.id, now).await?;
    tx.commit().await?;
    Ok(Json(EmailVerified { result: true, is_registered_member: true, email_changed: false }))
}

/// The link mailed to a pending new address was opened: the address is proven and replaces
/// the old one, unless another member registered it meanwhile (then the change is dropped).
async fn confirm_email_change(
    state: &AppState,
    channel: &Channel,
    secret: &session_store::SecretRow,
    user: &UserRow,
    new_email: &str,
    now: i64,
) -> ApiResult<Json<EmailVerified>> {
    let mut tx = state.db.begin_write().await?;
    if !session_store::update_secret_used(&mut tx, &secret.id, now).await? {
        return Err(ApiError::NotFound(LINK_INVALID_MESSAGE));
    }
    let (email_taken, username_taken) = store::find_taken(&mut tx, &channel.id, new_email, new_email, &user.id).await?;
    if email_taken {
        store::delete_pending_email(&mut tx, &user.id, now).await?;
        tx.commit().await?;
        return Err(ApiError::field("email", EMAIL_TAKEN));
    }
    let username = email_change::username_after_change(&user.username, &user.profile.email, new_email, username_taken);
    store::update_email(&mut tx, &user.id, new_email, &username, now).await.map_err(taken_error)?;
    // Every open verification code or link is moot now (the new address is the proven one).
    session_store::update_secrets_used(&mut tx, &user.id, &[Purpose::EmailCode, Purpose::EmailLink], now).await?;
    store::update_registered(&mut tx, &user.id, now).await?;
    tx.commit().await?;
    Ok(Json(EmailVerified { result: true, is_registered_member: true, email_changed: true }))
}
