//! The answer of every back-office call: never stored by a cache, and for the login steps the
//! session cookie set or cleared. The staff desk and the settings screens of other features
//! answer with it.
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

/// An admin answer: never stored by a cache; sets or clears the session cookie when asked.
pub struct AdminAnswer<T> {
    pub(crate) status: StatusCode,
    pub(crate) cookie: Option<HeaderValue>,
    pub(crate) body: T,
}

impl<T> AdminAnswer<T> {
    /// 200 without touching the session cookie.
    pub fn ok(body: T) -> Self {
        AdminAnswer { status: StatusCode::OK, cookie: None, body }
    }
}

impl<T: IntoResponse> IntoResponse for AdminAnswer<T> {
    fn into_response(self) -> Response {
        let mut response = (self.status, self.body).into_response();
        if let Some(cookie) = self.cookie {
            response.headers_mut().append(header::SET_COOKIE, cookie);
        }
        response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
        response
    }
}

/// `?version=N` of a staff delete: the version the desk showed (409 when stale).
#[derive(Debug, serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct VersionQuery {
    #[param(value_type = i64)]
    pub version: Option<String>,
}

impl VersionQuery {
    /// The version, or 422 `errors.version` when it is missing or not a number.
    pub fn version(&self) -> Result<i64, crate::infra::error::ApiError> {
        self.version
            .as_deref()
            .and_then(|v| v.trim().parse().ok())
            .ok_or_else(|| crate::infra::error::ApiError::field("version", "版番号がありません。画面を読み込み直してください。"))
    }
}
