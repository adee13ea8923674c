//! The one error type of the API and its mapping to HTTP: every failure becomes
//! `{message, code?, errors?}` with the status of ARCHITECTURE.md §4 (503 uses `{title, message}`).
use std::collections::BTreeMap;

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

/// Field name → Japanese messages, as the storefront's forms read them.
pub type FieldErrors = BTreeMap<String, Vec<String>>;

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("unauthenticated")]
    Unauthorized,
    #[error("forbidden")]
    Forbidden,
    #[error("not found: {0}")]
    NotFound(&'static str),
    #[error("invalid input")]
    Invalid(FieldErrors),
    /// A business rule refused the request; `code` is the spec's machine-readable code.
    #[error("rule {code:?}: {message}")]
    Rule { status: StatusCode, code: Option<&'static str>, message: String },
    #[error("maintenance")]
    Maintenance { title: String, message: String },
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

pub const NOT_FOUND_MESSAGE: &str = "お探しのページが見つかりませんでした。";
pub const CHANNEL_NOT_FOUND_MESSAGE: &str = "チャネルが存在しない";
pub const INTERNAL_MESSAGE: &str = "エラーが発生しました";
pub const INVALID_MESSAGE: &str = "入力内容に誤りがあります。";

#[derive(Serialize, utoipa::ToSchema)]
pub struct ErrorBody {
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub errors: Option<FieldErrors>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct MaintenanceBody {
    pub title: String,
    pub message: String,
}

impl ApiError {
    pub fn not_found() -> Self {
        ApiError::NotFound(NOT_FOUND_MESSAGE)
    }

    /// A business rule refused the request: 422 with the rule's code (a constant of its
    /// feature, such as `cart.common.is_expired`) and a Japanese message.
    pub fn rule(code: &'static str, message: impl Into<String>) -> Self {
        ApiError::Rule { status: StatusCode::UNPROCESSABLE_ENTITY, code: Some(code), message: message.into() }
    }

    /// A rule whose refusal has its own status: 403 (not allowed to this caller), 404, 409
    /// (in progress, conflicting), 429 (rate limited).
    pub fn rule_with(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        ApiError::Rule { status, code: Some(code), message: message.into() }
    }

    /// 413: the request body is larger than the endpoint takes.
    pub fn too_large(message: impl Into<String>) -> Self {
        ApiError::Rule { status: StatusCode::PAYLOAD_TOO_LARGE, code: None, message: message.into() }
    }

    /// The Japanese sentence a person reads for this error, for answers that report many
    /// results at once (a bulk action, an imported file's rows). An internal error is logged
    /// and reads as the generic message.
    pub fn user_message(&self) -> String {
        match self {
            ApiError::Unauthorized | ApiError::Forbidden => "この操作は行えません。".to_owned(),
            ApiError::NotFound(_) => NOT_FOUND_MESSAGE.to_owned(),
            ApiError::Invalid(errors) => errors.values().flatten().cloned().collect::<Vec<_>>().join(" "),
            ApiError::Rule { message, .. } => message.clone(),
            ApiError::Maintenance { message, .. } => message.clone(),
            ApiError::Internal(error) => {
                tracing::error!(error = format!("{error:#}"), "an internal error in a result of many");
                INTERNAL_MESSAGE.to_owned()
            }
        }
    }

    pub fn field(field: &str, message: impl Into<String>) -> Self {
        let mut errors = FieldErrors::new();
        errors.insert(field.to_owned(), vec![message.into()]);
        ApiError::Invalid(errors)
    }

    /// A copy for answering several waiters of one failed load (internal details stay in
    /// the log of the first).
    pub fn duplicate(&self) -> Self {
        match self {
            ApiError::Unauthorized => ApiError::Unauthorized,
            ApiError::Forbidden => ApiError::Forbidden,
            ApiError::NotFound(message) => ApiError::NotFound(message),
            ApiError::Invalid(errors) => ApiError::Invalid(errors.clone()),
            ApiError::Rule { status, code, message } => ApiError::Rule { status: *status, code: *code, message: message.clone() },
            ApiError::Maintenance { title, message } => ApiError::Maintenance { title: title.clone(), message: message.clone() },
            ApiError::Internal(error) => ApiError::Internal(anyhow::anyhow!("{error:#}")),
        }
    }

    fn body(message: &str, code: Option<&str>, errors: Option<FieldErrors>) -> Json<ErrorBody> {
        Json(ErrorBody { message: message.to_owned(), code: code.map(str::to_owned), errors })
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        match self {
            ApiError::Unauthorized => (StatusCode::UNAUTHORIZED, Self::body("ログインしてください。", None, None)).into_response(),
            ApiError::Forbidden => (StatusCode::FORBIDDEN, Self::body("この操作は許可されていません。", None, None)).into_response(),
            ApiError::NotFound(message) => (StatusCode::NOT_FOUND, Self::body(message, None, None)).into_response(),
            ApiError::Invalid(errors) => {
                let message = errors.values().flatten().next().map(String::as_str).unwrap_or(INVALID_MESSAGE).to_owned();
                (StatusCode::UNPROCESSABLE_ENTITY, Self::body(&message, None, Some(errors))).into_response()
            }
            ApiError::Rule { status, code, message } => (status, Self::body(&message, code, None)).into_response(),
            ApiError::Maintenance { title, message } => (StatusCode::SERVICE_UNAVAILABLE, Json(MaintenanceBody { title, message })).into_response(),
            ApiError::Internal(error) => {
                // Logged here once; the client only learns that something failed.
                tracing::error!(error = format!("{error:#}"), "internal error");
                (StatusCode::INTERNAL_SERVER_ERROR, Self::body(INTERNAL_MESSAGE, None, None)).into_response()
            }
        }
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(error: sqlx::Error) -> Self {
        ApiError::Internal(error.into())
    }
}

pub type ApiResult<T> = Result<T, ApiError>;
