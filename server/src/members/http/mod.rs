//! Handlers of the members feature and what they share: starting a session (access token,
//! refresh cookie, login history), starting the code step, mailing a link, the User answer.
mod me;
mod recovery;
mod session;

use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::client::Client;
use super::login::{self, LoginResponse};
use super::one_time_code::{self, Purpose};
use super::profile::Profile;
use super::store::{self, NewLogin, UserRow};
use super::{email_change, refresh, LINK_INVALID_MESSAGE};
use crate::app::AppState;
use crate::channel::settings::FrontSettings;
use crate::channel::Channel;
use crate::infra::db::Tx;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::ids::new_id;
use crate::infra::mail::OutgoingMail;
use crate::infra::time::Timestamp;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(session::register))
        .routes(routes!(session::login))
        .routes(routes!(session::verify))
        .routes(routes!(session::refresh_session))
        .routes(routes!(session::logout))
        .routes(routes!(session::login_sync_channel))
        .routes(routes!(session::unlock))
        .routes(routes!(me::show_user, me::update_user, me::leave))
        .routes(routes!(me::request_leave_code))
        .routes(routes!(me::change_password))
        .routes(routes!(me::change_security_question))
        .routes(routes!(me::list_login_histories))
        .routes(routes!(recovery::request_reminder))
        .routes(routes!(recovery::check_reminder))
        .routes(routes!(recovery::reset_password))
        .routes(routes!(recovery::request_username_reminder))
        .routes(routes!(recovery::check_username_reminder))
        .routes(routes!(recovery::reset_username))
        .routes(routes!(recovery::request_email_verify))
        .routes(routes!(recovery::check_email_verify))
}

/// A member as the storefront shows it (GET /v1/me/user, `user` of POST /v1/users).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct User {
    pub id: String,
    /// The member number.
    pub code: String,
    pub username: String,
    pub is_registered_member: bool,
    /// The security question (1..4), if one is set.
    pub question_ct: Option<i64>,
    /// A new e-mail address waiting for the member to open the link mailed to it; `email`
    /// stays the old address until then. null when no change is pending (or its link expired).
    pub pending_email: Option<String>,
    /// false for an account made by social login: it leaves with a mailed code
    /// (`POST /v1/me/leave-code`) and cannot change password or security question.
    pub has_password: bool,
    pub created_at: Timestamp,
    #[serde(flatten)]
    pub profile: Profile,
}

impl From<UserRow> for User {
    fn from(row: UserRow) -> Self {
        User {
            is_registered_member: row.is_registered(),
            has_password: row.has_password(),
            pending_email: email_change::visible_pending(row.pending_email.as_deref(), row.pending_email_until, now_ms()),
            id: row.id,
            code: row.code,
            username: row.username,
            question_ct: row.question_ct,
            created_at: Timestamp(row.created_at),
            profile: row.profile,
        }
    }
}

/// `{result: true}`: the answer of calls that only succeed or fail.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Done {
    pub result: bool,
}

/// `{message}`: the answer of calls whose outcome must not be told (reminder requests).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Accepted {
    pub message: String,
}

/// An answer that also sets (or clears) the refresh cookie.
pub struct WithCookie<T> {
    pub status: StatusCode,
    pub cookie: Option<HeaderValue>,
    pub body: T,
}

impl<T: IntoResponse> IntoResponse for WithCookie<T> {
    fn into_response(self) -> Response {
        let mut response = (self.status, self.body).into_response();
        if let Some(cookie) = self.cookie {
            response.headers_mut().append(header::SET_COOKIE, cookie);
        }
        // An answer that carries a session must never be stored by a cache.
        response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
        response
    }
}

pub type LoginAnswer = WithCookie<Json<LoginResponse>>;

/// 401 that also drops a dead refresh cookie from the browser.
fn unauthorized_clearing_cookie(https: bool) -> Response {
    let body = ErrorBody { message: "ログインしてください。".into(), code: None, errors: None };
    WithCookie { status: StatusCode::UNAUTHORIZED, cookie: Some(refresh::clear_cookie(https)), body: Json(body) }.into_response()
}

pub async fn settings_of(state: &AppState, channel: &Channel) -> ApiResult<FrontSettings> {
    let stored = crate::channel::store::list_settings(&state.db, &channel.id).await?;
    Ok(FrontSettings::from_stored(channel, &stored))
}

pub fn now_ms() -> i64 {
    Timestamp::now().0
}

/// How the member got in, as the login history shows it.
#[derive(Debug, Clone, Copy)]
pub enum Method {
    Password,
    Code,
    Reminder,
    Social,
    Sync,
}

impl Method {
    fn as_str(self) -> &'static str {
        match self {
            Method::Password => "password",
            Method::Code => "code",
            Method::Reminder => "reminder",
            Method::Social => "social",
            Method::Sync => "sync",
        }
    }
}

/// Logs the member in inside `tx`: a new refresh-token family (returned as the cookie), an
/// access token and a login-history row.
pub async fn start_session(
    state: &AppState,
    tx: &mut Tx,
    settings: &FrontSettings,
    user: &UserRow,
    client: &Client,
    method: Method,
    now: i64,
) -> ApiResult<(LoginResponse, HeaderValue)> {
    let token = new_refresh_token(tx, &user.id, &new_id(), now).await?;
    let login = NewLogin { user_id: &user.id, ip_address: &client.ip, user_agent: &client.user_agent, method: method.as_str() };
    store::insert_login_history(tx, &login, now).await?;
    let issued = state.tokens.issue(&user.id, &user.channel_id, user.session_version, now / 1000)?;
    Ok((login::base(user, settings, now).with_token(issued), refresh::set_cookie(&token, client.https)))
}

/// Stores a new refresh token of `family_id` and returns the token for the cookie.
pub async fn new_refresh_token(tx: &mut Tx, user_id: &str, family_id: &str, now: i64) -> ApiResult<String> {
    let token = refresh::new_token();
    let expires_at = now + refresh::LIFETIME_SECONDS * 1000;
    store::insert_refresh_token(tx, user_id, family_id, &refresh::token_hash(&token), now, expires_at).await?;
    Ok(token)
}

/// A fresh code of `purpose` inside `tx`, to mail to `sent_to` after the commit: returns the
/// pending id and the code. Older codes of the purpose stop counting (only the newest is
/// checked).
pub async fn new_code(tx: &mut Tx, user_id: &str, purpose: Purpose, sent_to: &str, now: i64) -> ApiResult<(String, String)> {
    let id = new_id();
    let code = one_time_code::new_code();
    store::insert_secret(tx, &id, user_id, purpose, &one_time_code::code_hash(&id, &code), sent_to, now).await?;
    Ok((id, code))
}

/// A fresh link token of `purpose` inside `tx`, to mail to `sent_to` after the commit.
pub async fn new_link_token(tx: &mut Tx, user_id: &str, purpose: Purpose, sent_to: &str, now: i64) -> ApiResult<String> {
    let token = one_time_code::new_link_token();
    store::insert_secret(tx, &new_id(), user_id, purpose, &one_time_code::link_hash(&token), sent_to, now).await?;
    Ok(token)
}

/// The code step of a login: the answer with the pending id, and the mail to send.
pub async fn start_code_step(
    tx: &mut Tx,
    channel: &Channel,
    settings: &FrontSettings,
    user: &UserRow,
    now: i64,
) -> ApiResult<(LoginResponse, OutgoingMail)> {
    let (pending_id, code) = new_code(tx, &user.id, Purpose::LoginCode, &user.profile.email, now).await?;
    let mail = super::mails::login_code(&channel.name, &user.profile.email, &code);
    Ok((login::base(user, settings, now).with_pending_code(pending_id), mail))
}

pub async fn send_mail(state: &AppState, mail: OutgoingMail) -> ApiResult<()> {
    state.mailer.send(mail).await.map_err(ApiError::Internal)
}

/// The storefront address that mailed links point at, for a member of `target_channel_id`:
/// the request's host when it is one of ours and the member belongs to the request's shop (so
/// links open where the member is, port included), else the member's shop's first host name
/// (with the request's port). Never an arbitrary Host header: a forged one would send reset
/// links to another site.
pub async fn link_origin(state: &AppState, channel: &Channel, target_channel_id: &str, headers: &HeaderMap, https: bool) -> ApiResult<String> {
    let scheme = if https { "https" } else { "http" };
    let requested = headers.get(header::HOST).and_then(|v| v.to_str().ok()).map(str::trim).unwrap_or("");
    let valid = !requested.is_empty() && requested.bytes().all(|b| b.is_ascii_alphanumeric() || b"-.:[]".contains(&b));
    let (name, port) = match requested.rsplit_once(':') {
        Some((name, port)) if !port.is_empty() && port.bytes().all(|b| b.is_ascii_digit()) => (name, Some(port)),
        _ => (requested, None),
    };
    let name = name.trim_matches(['[', ']']).to_ascii_lowercase();
    if valid && target_channel_id == channel.id && store::find_host_known(&state.db, &name).await? {
        return Ok(format!("{scheme}://{requested}"));
    }
    let hosts = store::list_channel_hosts(&state.db, target_channel_id).await?;
    let host = hosts.into_iter().find(|h| h.parse::<std::net::IpAddr>().is_err()).unwrap_or_else(|| "localhost".into());
    Ok(match port.filter(|_| valid) {
        Some(port) => format!("{scheme}://{host}:{port}"),
        None => format!("{scheme}://{host}"),
    })
}

/// `origin` + `path?token=…` (the token is hex: nothing to escape).
pub fn link(origin: &str, path: &str, token: &str) -> String {
    format!("{origin}{path}?token={token}")
}

/// The secret behind a mailed link, if it is still usable and its member is of this channel.
pub async fn usable_link(state: &AppState, channel: &Channel, purpose: Purpose, token: &str, now: i64) -> ApiResult<(store::SecretRow, UserRow)> {
    let invalid = || ApiError::NotFound(LINK_INVALID_MESSAGE);
    let token = token.trim();
    if token.len() != 64 || !token.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(invalid());
    }
    let secret = store::find_secret_by_hash(&state.db, purpose, &one_time_code::link_hash(token)).await?.ok_or_else(invalid)?;
    if !one_time_code::is_usable(secret.used_at, secret.expires_at, secret.attempts, now) {
        return Err(invalid());
    }
    let user = store::find_user(&state.db.pool, &channel.id, &secret.user_id).await?.ok_or_else(invalid)?;
    Ok((secret, user))
}

/// Maps a unique-index violation on the users table (a concurrent registration or change
/// that passed the check) to the field error the form shows. Matched by the column in the
/// message: SQLite names columns, PostgreSQL names the index (`users_active_email`).
pub fn taken_error(error: sqlx::Error) -> ApiError {
    if let sqlx::Error::Database(db) = &error {
        if db.kind() == sqlx::error::ErrorKind::UniqueViolation {
            let text = format!("{} {}", db.message(), db.constraint().unwrap_or(""));
            if text.contains("email") {
                return ApiError::field("email", super::EMAIL_TAKEN);
            }
            if text.contains("username") {
                return ApiError::field("username", super::USERNAME_TAKEN);
            }
        }
    }
    ApiError::from(error)
}
