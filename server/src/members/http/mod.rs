//! Handlers of the members feature (split by action: session, recovery, me, and the back
//! office's companies) and the answer shapes they share: the User answer, `{result}`,
//! `{message}` and answers that set the refresh cookie. What other modules also use lives outside this folder (session_start.rs, links.rs,
//! mailed_secret.rs, mails.rs).
mod admin;
mod companies;
mod me;
mod reminder;
mod session;

use axum::Json;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::login::LoginResponse;
use super::profile::Profile;
use super::store::UserRow;
use super::{email_change, refresh};
use crate::infra::error::{ApiError, ErrorBody};
use crate::infra::time::Timestamp;
use crate::state::AppState;

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
        .routes(routes!(reminder::request_reminder))
        .routes(routes!(reminder::check_reminder))
        .routes(routes!(reminder::reset_password))
        .routes(routes!(reminder::request_username_reminder))
        .routes(routes!(reminder::check_username_reminder))
        .routes(routes!(reminder::reset_username))
        .routes(routes!(reminder::request_email_verify))
        .routes(routes!(reminder::check_email_verify))
        .routes(routes!(companies::list_companies))
        .routes(routes!(companies::update_invoice_approval))
        .merge(admin::routes())
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
    /// Corporate: the shop approved the company for 請求書払い（後払い）; false elsewhere.
    pub is_invoice_approved: bool,
    pub created_at: Timestamp,
    #[serde(flatten)]
    pub profile: Profile,
}

impl From<UserRow> for User {
    fn from(row: UserRow) -> Self {
        User {
            is_registered_member: row.is_registered(),
            has_password: row.has_password(),
            is_invoice_approved: row.invoice_approved(),
            pending_email: email_change::visible_pending(row.pending_email.as_deref(), row.pending_email_until, Timestamp::now().0),
            id: row.id.into_string(),
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

/// Maps a unique-index violation on the users table (a concurrent registration or change
/// that passed the check) to the field error the form shows. Matched by the column in the
/// message: SQLite names columns, PostgreSQL names the index (`users_active_email`).
pub fn taken_error(error: sqlx::Error) -> ApiError {
    if let sqlx::Error::Database(db) = &error
        && db.kind() == sqlx::error::ErrorKind::UniqueViolation
    {
        let text = format!("{} {}", db.message(), db.constraint().unwrap_or(""));
        if text.contains("email") {
            return ApiError::field("email", super::EMAIL_TAKEN);
        }
        if text.contains("username") {
            return ApiError::field("username", super::USERNAME_TAKEN);
        }
    }
    ApiError::from(error)
}
