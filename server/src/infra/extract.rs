//! Our own JSON, query and path extractors: malformed input becomes a 422 (404 for paths)
//! in the API's error shape instead of axum's plain-text rejections.
use axum::extract::rejection::{PathRejection, QueryRejection};
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
                ApiError::too_large("送信データが大きすぎます。")
            } else {
                ApiError::field("body", MALFORMED_BODY)
            }
        })?;
        // The same NUL rule as for paths and queries, for JSON's escaped form.
        if bytes.windows(6).any(|w| w == b"\\u0000") {
            return Err(ApiError::field("body", MALFORMED_BODY));
        }
        let mut value: serde_json::Value = serde_json::from_slice(&bytes).map_err(malformed_body)?;
        // Every body of this API is an object; serde would also read a struct from an array
        // of its fields in order (`[null, null]`), which no client means.
        if !value.is_object() {
            return Err(ApiError::field("body", MALFORMED_BODY));
        }
        integral_numbers_as_integers(&mut value);
        serde_json::from_value(value).map(ApiJson).map_err(malformed_body)
    }
}

fn malformed_body(error: serde_json::Error) -> ApiError {
    tracing::debug!(%error, "rejected request body");
    ApiError::field("body", MALFORMED_BODY)
}

/// JSON has one number type: `2.0` is the integer 2 to JSON Schema and to JavaScript, so an
/// integer field takes it (serde would refuse it for an i64).
fn integral_numbers_as_integers(value: &mut serde_json::Value) {
    // Integers beyond 2^53 have no exact f64 twin; such a float stays a float.
    const EXACT: f64 = 9_007_199_254_740_992.0;
    match value {
        serde_json::Value::Number(number) => {
            if let Some(float) = number.as_f64().filter(|_| number.is_f64())
                && float.fract() == 0.0
                && float.abs() <= EXACT
            {
                *number = serde_json::Number::from(float as i64);
            }
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(integral_numbers_as_integers),
        serde_json::Value::Object(fields) => fields.values_mut().for_each(integral_numbers_as_integers),
        _ => {}
    }
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

/// A query switch read exactly as [`switch_schema`] documents it: `Some(true)` for `1`/`true`,
/// `Some(false)` for `0`/`false`, blank or absent, `None` for anything else. A padded ` 1` is
/// not a switch: the document promises to refuse what it does not describe.
pub fn query_switch(value: Option<&str>) -> Option<bool> {
    match value {
        None | Some("" | "0" | "false") => Some(false),
        Some("1" | "true") => Some(true),
        Some(_) => None,
    }
}

/// The schema of a query switch as the handlers read it: `1`/`true` on, `0`/`false`/blank off.
pub fn switch_schema() -> utoipa::openapi::schema::Schema {
    use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Schema, Type};
    Schema::OneOf(
        OneOfBuilder::new()
            .item(ObjectBuilder::new().schema_type(Type::Integer).enum_values(Some([0, 1])))
            .item(ObjectBuilder::new().schema_type(Type::Boolean))
            .item(ObjectBuilder::new().schema_type(Type::String).enum_values(Some([""])))
            .build(),
    )
}

/// The schema of an optional `YYYY-MM-DD` query parameter, where blank means absent.
pub fn date_or_blank_schema() -> utoipa::openapi::schema::Schema {
    use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, OneOfBuilder, Schema, SchemaFormat, Type};
    Schema::OneOf(
        OneOfBuilder::new()
            .item(ObjectBuilder::new().schema_type(Type::String).format(Some(SchemaFormat::KnownFormat(KnownFormat::Date))))
            .item(ObjectBuilder::new().schema_type(Type::String).max_length(Some(0)))
            .build(),
    )
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

/// `#[serde(default, deserialize_with = "present")]` on an `Option<Option<T>>`: an omitted field
/// is `None` (leave it as it is), a field sent as null is `Some(None)` (clear it).
pub fn present<'de, D, T>(deserializer: D) -> Result<Option<Option<T>>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: serde::Deserialize<'de>,
{
    <Option<T> as serde::Deserialize>::deserialize(deserializer).map(Some)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integral_floats_read_as_integers() {
        let mut value = serde_json::json!({"a": 2.0, "b": [-3.0, 1.5], "c": {"d": 1e300}, "e": 7});
        integral_numbers_as_integers(&mut value);
        assert_eq!(value, serde_json::json!({"a": 2, "b": [-3, 1.5], "c": {"d": 1e300}, "e": 7}));
        assert!(value["a"].is_i64());
    }

    #[test]
    fn only_an_encoded_nul_counts_as_one() {
        assert!(has_encoded_nul("keyword=a%00b"));
        assert!(!has_encoded_nul("keyword=100%2500"), "an encoded percent sign followed by 00");
        assert!(!has_encoded_nul("/v1/products/rp0001"));
    }

    #[test]
    fn a_switch_is_exactly_one_of_the_documented_words() {
        for (value, read) in [(None, Some(false)), (Some(""), Some(false)), (Some("0"), Some(false)), (Some("false"), Some(false))] {
            assert_eq!(query_switch(value), read, "{value:?}");
        }
        assert_eq!(query_switch(Some("1")), Some(true));
        assert_eq!(query_switch(Some("true")), Some(true));
        // What the document does not describe is refused, blank-looking or padded alike.
        for value in ["\u{b}", " ", " 1", "1 ", "yes", "TRUE", "2"] {
            assert_eq!(query_switch(Some(value)), None, "{value:?}");
        }
    }
}
