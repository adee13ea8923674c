//! Registration, login (with its code step), refresh, logout, login sync and unlock.
use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};

use super::{Done, LoginAnswer, User, WithCookie, taken_error, unauthorized_clearing_cookie};
use crate::auth::password;
use crate::bot_check::BotChecked;
use crate::channel::Channel;
use crate::channel::settings::FrontSettings;
use crate::infra::client::Client;
use crate::infra::error::{ApiError, ApiResult, ErrorBody, FieldErrors};
use crate::infra::extract::{ApiJson, ApiPath};
use crate::infra::ids::UserId;
use crate::infra::rate_limit;
use crate::infra::secret::same_hash;
use crate::infra::time::Timestamp;
use crate::members::links::{link, link_origin, usable_link};
use crate::members::login::{self, LoginResponse};
use crate::members::mailed_secret::new_link_token;
use crate::members::mails::send_mail;
use crate::members::one_time_code::{self, Purpose};
use crate::members::profile::{self, Loose, Profile, ProfileInput};
use crate::members::refresh::Presented;
use crate::members::session_start::{Method, new_refresh_token, start_code_step, start_session};
use crate::members::session_store;
use crate::members::store::{self, NewUser, UserRow};
use crate::members::{EMAIL_TAKEN, USERNAME_TAKEN, mails, refresh, security_answer};
use crate::state::AppState;
use crate::validation::{self as rules, FieldCheck};

pub const LOGIN_FAILED_CODE: &str = "auth.login.failed";
pub const LOGIN_FAILED_MESSAGE: &str = "メールアドレスまたはパスワードが正しくありません";
pub const LOCKED_CODE: &str = "auth.login.locked";
pub const LOCKED_MESSAGE: &str = "アカウントがロックされています。メールでお送りしたリンクからロックを解除してください。";
pub const CODE_WRONG_MESSAGE: &str = "確認コードが正しくないか、有効期限が切れています。";
pub const SYNC_EXISTS_CODE: &str = "auth.sync.exists";

fn login_failed() -> ApiError {
    ApiError::rule(LOGIN_FAILED_CODE, LOGIN_FAILED_MESSAGE)
}

fn locked() -> ApiError {
    ApiError::rule(LOCKED_CODE, LOCKED_MESSAGE)
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct RegisterInput {
    #[serde(flatten)]
    pub profile: ProfileInput,
    /// Login id; the e-mail when absent.
    pub username: Option<String>,
    pub password: Option<String>,
    pub password_confirmation: Option<String>,
    /// Security question 1..4 (with `answer`).
    #[schema(value_type = Option<i64>)]
    pub question_ct: Option<Loose>,
    pub answer: Option<String>,
    /// Log in (or start the code step) right away; default true.
    pub is_login: Option<bool>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Registered {
    pub user: User,
    /// null when `is_login` was false.
    pub login: Option<LoginResponse>,
}

struct Registration {
    profile: Profile,
    username: String,
    password: String,
    question: Option<(i64, String)>,
}

fn check_registration(input: RegisterInput, corporate: bool) -> Result<Registration, ApiError> {
    let mut check = FieldCheck::default();
    let profile = Profile::check(input.profile, corporate, &mut check);
    if let Some(profile) = &profile {
        // A new company is not approved for invoices yet.
        profile.business.check_invoice(false, &mut check);
    }
    let username = match input.username.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(_) => profile::check_username(&mut check, "username", input.username),
    };
    let password = profile::check_new_password(&mut check, input.password, input.password_confirmation);
    let question = profile::check_question(&mut check, input.question_ct, input.answer);
    let (profile, password) = profile::checked(profile.zip(password), check)?;
    let username = username.unwrap_or_else(|| profile.email.clone());
    Ok(Registration { profile, username, password, question })
}

#[utoipa::path(post, path = "/v1/users", tag = "members", request_body = RegisterInput,
    params(("X-Bot-Check" = String, Header, description = "the bot-check proof: the base64 ALTCHA payload solving a challenge of `GET /v1/bot-check`, or a reCAPTCHA v3 token for the action `signup`; each proof counts once")),
    responses(
        (status = 201, body = Registered, description = "registered; `login` tells whether a code was mailed (`is_verify`) or the member is logged in (access token, refresh cookie set)"),
        (status = 422, body = ErrorBody, description = "field errors in Japanese (`errors` by field); e-mail or login id already taken; `bot_check.failed` (missing, wrong, expired or used proof)"),
        (status = 429, body = ErrorBody, description = "too many registrations from this address"),
    ))]
pub async fn register(
    State(state): State<AppState>,
    channel: Channel,
    client: Client,
    _: BotChecked,
    ApiJson(input): ApiJson<RegisterInput>,
) -> ApiResult<WithCookie<Json<Registered>>> {
    let now = Timestamp::now().0;
    rate_limit::enforce(&state, rate_limit::REGISTER, &channel.id, &client.ip, now).await?;
    let settings = FrontSettings::load(&state.db, &channel).await?;
    let is_login = input.is_login.unwrap_or(true);
    let registration = check_registration(input, settings.is_corporate)?;
    let password_hash = password::hash_off_thread(&registration.password).await?;
    let answer_hash = match &registration.question {
        Some((_, answer)) => Some(security_answer::hash(answer).await?),
        None => None,
    };

    let mut tx = state.db.begin_write().await?;
    let (email_taken, username_taken) =
        store::find_taken(&mut tx, &channel.id, &registration.profile.email, &registration.username, &UserId::default()).await?;
    let mut check = FieldCheck::default();
    if email_taken {
        check.field("email", Err(EMAIL_TAKEN));
    }
    if username_taken {
        check.field("username", Err(USERNAME_TAKEN));
    }
    check.finish()?;
    let new_user = NewUser {
        channel_id: &channel.id,
        username: &registration.username,
        password_hash: &password_hash,
        is_registered_member: false,
        question_ct: registration.question.as_ref().map(|(q, _)| *q),
        answer_hash: answer_hash.as_deref(),
        synced_from_user_id: None,
        profile: &registration.profile,
    };
    let user = store::insert_user(&mut tx, &new_user, now).await.map_err(taken_error)?;
    let (login, cookie, mail) = if !is_login {
        (None, None, None)
    } else if login::registration_needs_code(&settings) {
        let (login, mail) = start_code_step(&mut tx, &channel, &settings, &user, now).await?;
        (Some(login), None, Some(mail))
    } else {
        let (login, cookie) = start_session(&state, &mut tx, &settings, &user, &client, Method::Password, now).await?;
        (Some(login), Some(cookie), None)
    };
    tx.commit().await?;
    if let Some(mail) = mail {
        send_mail(&state, mail).await?;
    }
    Ok(WithCookie { status: StatusCode::CREATED, cookie, body: Json(Registered { user: User::from(user), login }) })
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct LoginInput {
    /// The login id or the e-mail address.
    #[schema(required = true, value_type = String, pattern = "\\S", max_length = 254)]
    pub username: Option<String>,
    #[schema(required = true, value_type = String, pattern = "\\S")]
    pub password: Option<String>,
}

struct Credentials {
    login: String,
    password: String,
}

fn check_credentials(input: LoginInput) -> Result<Credentials, ApiError> {
    let mut check = FieldCheck::default();
    let login = profile::text(&mut check, "username", input.username, true, rules::EMAIL_MAX).to_lowercase();
    let password = input.password.unwrap_or_default();
    check.field("password", rules::required(&password));
    check.finish()?;
    Ok(Credentials { login, password })
}

/// Checks the password of `user` (or wastes the same time when there is none) with lockout:
/// a wrong one is counted (and may lock, mailing the unlock link); a right one on a locked
/// account is refused as locked; a right one clears this source's count.
async fn check_password(
    state: &AppState,
    channel: &Channel,
    headers: &HeaderMap,
    client: &Client,
    user: Option<&UserRow>,
    password: &str,
    now: i64,
) -> ApiResult<()> {
    let right = password::check(password, user.and_then(|u| u.password_hash.as_deref())).await?;
    let Some(user) = user else { return Err(login_failed()) };
    if !right {
        let mut tx = state.db.begin_write().await?;
        let failures = session_store::upsert_failure(&mut tx, &user.id, &client.ip, now).await?;
        let unlock_token = match failures.just_locked() {
            true => Some(new_link_token(&mut tx, &user.id, Purpose::UnlockLink, &user.profile.email, now).await?),
            false => None,
        };
        tx.commit().await?;
        if let Some(token) = unlock_token {
            let origin = link_origin(state, channel, &user.channel_id, headers, client.https).await?;
            let shop = user_channel_name(state, channel, user).await?;
            send_mail(state, mails::unlock(&shop, &user.profile.email, &link(&origin, "/login/unlock", &token))).await?;
        }
        return Err(login_failed());
    }
    if session_store::find_failures(&state.db, &user.id, &client.ip).await?.is_locked() {
        return Err(locked());
    }
    let mut tx = state.db.begin_write().await?;
    session_store::delete_failures_from(&mut tx, &user.id, &client.ip).await?;
    tx.commit().await?;
    Ok(())
}

/// The shop a member belongs to, for the sender name of their mails (login sync checks a
/// sibling channel's member from this one).
async fn user_channel_name(state: &AppState, channel: &Channel, user: &UserRow) -> ApiResult<String> {
    if user.channel_id == channel.id {
        return Ok(channel.name.clone());
    }
    let siblings = store::list_sibling_channels(&state.db, &channel.id, &channel.company_code).await?;
    Ok(siblings.into_iter().find(|c| c.id == user.channel_id).map_or_else(|| channel.name.clone(), |c| c.name))
}

/// After the password: the code step when the channel or the member needs it, else a session.
async fn finish_login(
    state: &AppState,
    channel: &Channel,
    settings: &FrontSettings,
    client: &Client,
    user: &UserRow,
    method: Method,
    now: i64,
) -> ApiResult<(LoginResponse, Option<axum::http::HeaderValue>)> {
    let mut tx = state.db.begin_write().await?;
    if login::needs_code(settings, user.is_registered()) {
        let (login, mail) = start_code_step(&mut tx, channel, settings, user, now).await?;
        tx.commit().await?;
        send_mail(state, mail).await?;
        return Ok((login, None));
    }
    let (login, cookie) = start_session(state, &mut tx, settings, user, client, method, now).await?;
    tx.commit().await?;
    Ok((login, Some(cookie)))
}

#[utoipa::path(post, path = "/v1/auth/login", tag = "members", request_body = LoginInput,
    params(("X-Bot-Check" = String, Header, description = "the bot-check proof: the base64 ALTCHA payload solving a challenge of `GET /v1/bot-check`, or a reCAPTCHA v3 token for the action `login`; each proof counts once")),
    responses(
        (status = 200, body = LoginResponse, description = "logged in (access token; refresh cookie set), or `is_verify` with a code mailed"),
        (status = 422, body = ErrorBody, description = "`auth.login.failed` (the same for an unknown account), `auth.login.locked` (right password, locked account), blank fields, or `bot_check.failed` (missing, wrong, expired or used proof)"),
        (status = 429, body = ErrorBody, description = "too many attempts from this address"),
    ))]
pub async fn login(
    State(state): State<AppState>,
    channel: Channel,
    client: Client,
    headers: HeaderMap,
    _: BotChecked,
    ApiJson(input): ApiJson<LoginInput>,
) -> ApiResult<LoginAnswer> {
    let now = Timestamp::now().0;
    rate_limit::enforce(&state, rate_limit::LOGIN, &channel.id, &client.ip, now).await?;
    let credentials = check_credentials(input)?;
    let user = store::find_user_by_login(&state.db, &channel.id, &credentials.login).await?;
    check_password(&state, &channel, &headers, &client, user.as_ref(), &credentials.password, now).await?;
    let user = user.ok_or_else(login_failed)?;
    let settings = FrontSettings::load(&state.db, &channel).await?;
    let (login, cookie) = finish_login(&state, &channel, &settings, &client, &user, Method::Password, now).await?;
    Ok(WithCookie { status: StatusCode::OK, cookie, body: Json(login) })
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct VerifyInput {
    /// The 6-digit code the member typed (from the mail).
    #[schema(required = true, value_type = String, pattern = "^[-\\s0-9０-９]*$")]
    pub verify_code: Option<String>,
    pub user_id: Option<String>,
    /// Echoed in the answer: the login came through login sync.
    pub is_sync_user_channel: Option<bool>,
}

#[utoipa::path(post, path = "/v1/auth/verify", tag = "members", request_body = VerifyInput,
    responses(
        (status = 200, body = LoginResponse, description = "the code was right: logged in (refresh cookie set), the member is now registered"),
        (status = 422, body = ErrorBody, description = "wrong, expired, used or too often tried code (`errors.verify_code`)"),
        (status = 429, body = ErrorBody, description = "too many attempts from this address"),
    ))]
pub async fn verify(State(state): State<AppState>, channel: Channel, client: Client, ApiJson(input): ApiJson<VerifyInput>) -> ApiResult<LoginAnswer> {
    let now = Timestamp::now().0;
    rate_limit::enforce(&state, rate_limit::VERIFY, &channel.id, &client.ip, now).await?;
    let code = input.verify_code.as_deref().and_then(crate::validation::typed_code);
    let Some(code) = code else {
        return Err(ApiError::field("verify_code", "確認コードは6桁の数字で入力してください。"));
    };
    let user_id = input.user_id.unwrap_or_default();
    let user = store::find_user(&state.db.pool, &channel.id, &UserId::from_text(user_id.trim())).await?;
    let Some(user) = user else { return Err(code_wrong("verify_code")) };
    use_code(&state, &user, Purpose::LoginCode, &code, now, "verify_code").await?;
    let synced = input.is_sync_user_channel.unwrap_or(false);
    let settings = FrontSettings::load(&state.db, &channel).await?;
    let mut tx = state.db.begin_write().await?;
    if !user.is_registered() {
        // The code arrived at the address: it is verified.
        store::update_registered(&mut tx, &user.id, now).await?;
    }
    let user = store::find_user(&mut *tx, &channel.id, &user.id).await?.ok_or_else(|| code_wrong("verify_code"))?;
    let method = if synced { Method::Sync } else { Method::Code };
    let (login, cookie) = start_session(&state, &mut tx, &settings, &user, &client, method, now).await?;
    tx.commit().await?;
    Ok(WithCookie { status: StatusCode::OK, cookie: Some(cookie), body: Json(login.synced(synced)) })
}

pub fn code_wrong(field: &str) -> ApiError {
    let mut errors = FieldErrors::new();
    errors.insert(field.into(), vec![CODE_WRONG_MESSAGE.into()]);
    ApiError::Invalid(errors)
}

/// Checks `code` against the member's newest code of `purpose` and uses it up; a wrong one
/// costs one of its tries.
pub async fn use_code(state: &AppState, user: &UserRow, purpose: Purpose, code: &str, now: i64, field: &str) -> ApiResult<()> {
    let secret = session_store::find_latest_secret(&state.db, &user.id, purpose).await?.ok_or_else(|| code_wrong(field))?;
    if !one_time_code::is_usable(secret.used_at, secret.expires_at, secret.attempts, now) {
        return Err(code_wrong(field));
    }
    if !same_hash(&one_time_code::code_hash(&secret.id, code), &secret.secret_hash) {
        session_store::update_secret_attempt(&state.db, &secret.id).await?;
        return Err(code_wrong(field));
    }
    let mut tx = state.db.begin_write().await?;
    let first = session_store::update_secret_used(&mut tx, &secret.id, now).await?;
    tx.commit().await?;
    if first { Ok(()) } else { Err(code_wrong(field)) }
}

#[utoipa::path(post, path = "/v1/auth/refresh", tag = "members",
    params(("shop_refresh" = String, Cookie, description = "the refresh token (httpOnly cookie set at login)")),
    responses(
        (status = 200, body = LoginResponse, description = "a new access token; the cookie is rotated. A token rotated less than 20 s ago (a second tab refreshing at the same moment) also gets a new token of the same session"),
        (status = 401, body = ErrorBody, description = "no, expired or revoked token, or one rotated more than 20 s ago (that reuse revokes the whole session family); the cookie is cleared"),
        (status = 429, body = ErrorBody, description = "too many refreshes from this address"),
    ))]
pub async fn refresh_session(State(state): State<AppState>, channel: Channel, client: Client, headers: HeaderMap) -> ApiResult<Response> {
    let now = Timestamp::now().0;
    rate_limit::enforce(&state, rate_limit::REFRESH, &channel.id, &client.ip, now).await?;
    let Some(token) = refresh::from_cookies(&headers) else { return Ok(unauthorized_clearing_cookie(client.https)) };
    let hash = refresh::token_hash(&token);
    // Read inside the write transaction: on SQLite it serialises concurrent refreshes; on
    // PostgreSQL a lost race is seen by the re-read below.
    let mut tx = state.db.begin_write().await?;
    let Some(row) = session_store::find_refresh_token(&mut *tx, &hash).await? else {
        return Ok(unauthorized_clearing_cookie(client.https));
    };
    let mut presented = refresh::judge(row.rotated_at, row.revoked_at, row.expires_at, now);
    if presented == Presented::Current && !session_store::update_refresh_rotated(&mut tx, &row.id, now).await? {
        // A concurrent refresh rotated (or a logout revoked) it since our read: judge it as it is now.
        let now_row = session_store::find_refresh_token(&mut *tx, &hash).await?;
        presented = match now_row {
            Some(r) => match refresh::judge(r.rotated_at, r.revoked_at, r.expires_at, now) {
                Presented::Current => Presented::Dead,
                other => other,
            },
            None => Presented::Dead,
        };
    }
    match presented {
        Presented::Current | Presented::JustRotated => {}
        Presented::Dead => return Ok(unauthorized_clearing_cookie(client.https)),
        Presented::Reused => {
            // Rotated a while ago and presented again: a copy exists somewhere; end every
            // session of this login.
            session_store::update_family_revoked(&mut tx, &row.family_id, now).await?;
            tx.commit().await?;
            tracing::warn!(family = row.family_id, "a rotated refresh token was reused; its family is revoked");
            return Ok(unauthorized_clearing_cookie(client.https));
        }
    }
    let Some(user) = store::find_user(&mut *tx, &channel.id, &row.user_id).await? else {
        return Ok(unauthorized_clearing_cookie(client.https));
    };
    // A rotated token (JustRotated) keeps its first rotation time, so the interval never
    // stretches; the new token is a sibling in the same family.
    let next = new_refresh_token(&mut tx, &user.id, &row.family_id, now).await?;
    tx.commit().await?;
    let settings = FrontSettings::load(&state.db, &channel).await?;
    let issued = state.tokens.issue(&user.id, &channel.id, user.session_version, now / 1000)?;
    let body = login::base(&user, &settings, now).with_token(issued);
    Ok(WithCookie { status: StatusCode::OK, cookie: Some(refresh::set_cookie(&next, client.https)), body: Json(body) }.into_response())
}

#[utoipa::path(post, path = "/v1/auth/logout", tag = "members",
    params(("shop_refresh" = Option<String>, Cookie, description = "the refresh token, when there is one")),
    responses((status = 204, description = "the session (refresh-token family) is revoked and the cookie cleared; answered even without a session")))]
pub async fn logout(State(state): State<AppState>, client: Client, headers: HeaderMap) -> ApiResult<WithCookie<()>> {
    if let Some(token) = refresh::from_cookies(&headers)
        && let Some(row) = session_store::find_refresh_token(&state.db.pool, &refresh::token_hash(&token)).await?
    {
        let mut tx = state.db.begin_write().await?;
        session_store::update_family_revoked(&mut tx, &row.family_id, Timestamp::now().0).await?;
        tx.commit().await?;
    }
    Ok(WithCookie { status: StatusCode::NO_CONTENT, cookie: Some(refresh::clear_cookie(client.https)), body: () })
}

#[utoipa::path(post, path = "/v1/auth/login-sync-channel", tag = "members", request_body = LoginInput,
    responses(
        (status = 200, body = LoginResponse, description = "logged in to this shop's account linked to the sibling shop's account (made on first use as a copy of its profile); `is_sync_user_channel` true"),
        (status = 422, body = ErrorBody, description = "`auth.login.failed` (no such sibling account or wrong password), `auth.login.locked`, or `auth.sync.exists` (the address already has an account here: log in to it)"),
        (status = 429, body = ErrorBody, description = "too many attempts from this address"),
    ))]
pub async fn login_sync_channel(
    State(state): State<AppState>,
    channel: Channel,
    client: Client,
    headers: HeaderMap,
    ApiJson(input): ApiJson<LoginInput>,
) -> ApiResult<LoginAnswer> {
    let now = Timestamp::now().0;
    rate_limit::enforce(&state, rate_limit::LOGIN, &channel.id, &client.ip, now).await?;
    let credentials = check_credentials(input)?;
    let mut source = None;
    for sibling in store::list_sibling_channels(&state.db, &channel.id, &channel.company_code).await? {
        source = store::find_user_by_login(&state.db, &sibling.id, &credentials.login).await?;
        if source.is_some() {
            break;
        }
    }
    // The sibling account's own password: an e-mail match alone never links accounts.
    check_password(&state, &channel, &headers, &client, source.as_ref(), &credentials.password, now).await?;
    let source = source.ok_or_else(login_failed)?;
    let user = match store::find_user_synced_from(&state.db, &channel.id, &source.id).await? {
        Some(user) => user,
        None => copy_synced_user(&state, &channel, &source, now).await?,
    };
    let settings = FrontSettings::load(&state.db, &channel).await?;
    let (login, cookie) = finish_login(&state, &channel, &settings, &client, &user, Method::Sync, now).await?;
    Ok(WithCookie { status: StatusCode::OK, cookie, body: Json(login.synced(true)) })
}

/// This channel's copy of a sibling account: same profile, password and question, linked by
/// `synced_from_user_id`. Refused when the address already has its own account here.
async fn copy_synced_user(state: &AppState, channel: &Channel, source: &UserRow, now: i64) -> ApiResult<UserRow> {
    let exists = || ApiError::rule(SYNC_EXISTS_CODE, "このメールアドレスは既にこのショップに登録されています。ログインしてください。");
    let profile = source.profile.clone();
    let mut tx = state.db.begin_write().await?;
    let (email_taken, username_taken) = store::find_taken(&mut tx, &channel.id, &profile.email, &source.username, &UserId::default()).await?;
    if email_taken {
        return Err(exists());
    }
    let username = if username_taken { profile.email.clone() } else { source.username.clone() };
    if username_taken && store::find_taken(&mut tx, &channel.id, "", &username, &UserId::default()).await?.1 {
        return Err(exists());
    }
    let new_user = NewUser {
        channel_id: &channel.id,
        username: &username,
        password_hash: source.password_hash.as_deref().unwrap_or(""),
        is_registered_member: source.is_registered(),
        question_ct: source.question_ct,
        answer_hash: source.answer_hash.as_deref(),
        synced_from_user_id: Some(&source.id),
        profile: &profile,
    };
    let user = store::insert_user(&mut tx, &new_user, now).await.map_err(taken_error)?;
    tx.commit().await?;
    Ok(user)
}

#[utoipa::path(get, path = "/v1/auth/unlock/{token}", tag = "members",
    params(("token" = String, Path, description = "the token of the mailed unlock link")),
    responses(
        (status = 200, body = Done, description = "the account is unlocked (every failure count cleared)"),
        (status = 404, body = ErrorBody, description = "unknown, expired or used link"),
    ))]
pub async fn unlock(State(state): State<AppState>, channel: Channel, ApiPath(token): ApiPath<String>) -> ApiResult<Json<Done>> {
    let now = Timestamp::now().0;
    let (secret, user) = usable_link(&state, &channel, Purpose::UnlockLink, &token, now).await?;
    let mut tx = state.db.begin_write().await?;
    if !session_store::update_secret_used(&mut tx, &secret.id, now).await? {
        return Err(ApiError::NotFound(crate::members::LINK_INVALID_MESSAGE));
    }
    session_store::delete_failures(&mut tx, &user.id).await?;
    tx.commit().await?;
    Ok(Json(Done { result: true }))
}
