//! Our own JSON, query and path extractors: malformed input becomes a 422 (404 for paths)
//! in the API's error shape instead of axum's plain-text rejections.
use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use serde::de::DeserializeOwned;

use super::error::ApiError;

pub const MALFORMED_BODY: &str = "リクエストの形式が正しくありません。";
pub const MALFORMED_QUERY: &str = "検索条件の形式が正しくありません。";

/// PostgreSQL refuses text holding a NUL character (SQLite stores it), so a `%00` in a path
/// or query would fail in the database as a 500. No key or search word holds one: such
/// input is refused here, on both databases alike.
fn has_encoded_nul(encoded: &str) -> bool {
    encoded.as_bytes().windows(3).any(|w| w == b"%00")
}

pub struct ApiJson<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for ApiJson<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let is_json = req
            .headers()
            .get(axum::http::header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with("application/json") || v.contains("+json"));
        if !is_json {
            return Err(ApiError::field("body", MALFORMED_BODY));
        }
        let bytes = axum::body::Bytes::from_request(req, state).await.map_err(|rejection| {
            if rejection.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
                ApiError::Rule { status: axum::http::StatusCode::PAYLOAD_TOO_LARGE, code: None, message: "送信データが大きすぎます。".into() }
            } else {
                ApiError::field("body", MALFORMED_BODY)
            }
        })?;
        // The same NUL rule as for paths and queries, for JSON's escaped form.
        if bytes.windows(6).any(|w| w == b"\\u0000") {
            return Err(ApiError::field("body", MALFORMED_BODY));
        }
        match axum::Json::<T>::from_bytes(&bytes) {
            Ok(axum::Json(value)) => Ok(ApiJson(value)),
            Err(rejection) => Err(json_rejection(rejection)),
        }
    }
}

fn json_rejection(rejection: JsonRejection) -> ApiError {
    tracing::debug!(%rejection, "rejected request body");
    ApiError::field("body", MALFORMED_BODY)
}

pub struct ApiQuery<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequestParts<S> for ApiQuery<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        if parts.uri.query().is_some_and(has_encoded_nul) {
            return Err(ApiError::field("query", MALFORMED_QUERY));
        }
        match axum::extract::Query::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Query(value)) => Ok(ApiQuery(value)),
            Err(rejection) => Err(query_rejection(rejection)),
        }
    }
}

fn query_rejection(rejection: QueryRejection) -> ApiError {
    tracing::debug!(%rejection, "rejected query");
    ApiError::field("query", MALFORMED_QUERY)
}

pub struct ApiPath<T>(pub T);

impl<T: DeserializeOwned + Send, S: Send + Sync> FromRequestParts<S> for ApiPath<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        if has_encoded_nul(parts.uri.path()) {
            return Err(ApiError::not_found());
        }
        match axum::extract::Path::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Path(value)) => Ok(ApiPath(value)),
            Err(rejection) => Err(path_rejection(rejection)),
        }
    }
}

fn path_rejection(rejection: PathRejection) -> ApiError {
    tracing::debug!(%rejection, "rejected path");
    ApiError::not_found()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_an_encoded_nul_counts_as_one() {
        assert!(has_encoded_nul("keyword=a%00b"));
        assert!(!has_encoded_nul("keyword=100%2500"), "an encoded percent sign followed by 00");
        assert!(!has_encoded_nul("/v1/products/rp0001"));
    }
}
