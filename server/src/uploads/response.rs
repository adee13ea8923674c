//! A stored file as an HTTP answer, made safe to open in a browser.
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};

use super::store::FileRow;
use crate::infra::download::rfc5987_encode;
use crate::infra::error::{ApiError, ApiResult};
use crate::infra::sniff::FileType;
use crate::state::AppState;

/// The file's bytes with headers that keep a browser from running them: the stored type
/// (read from the bytes at upload), `nosniff`, a sandboxing CSP, and `attachment` unless it
/// is an image.
pub async fn file_response(state: &AppState, row: &FileRow) -> ApiResult<Response> {
    let bytes = super::read_bytes(&state.db, &state.storage, row).await?.ok_or_else(ApiError::not_found)?;
    let kind = FileType::from_content_type(&row.content_type);
    let disposition = if kind.is_some_and(FileType::is_image) { "inline" } else { "attachment" };
    let mut headers = HeaderMap::new();
    let content_type = kind.map_or("application/octet-stream", FileType::content_type);
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    // The stored name is ASCII; the client's name travels encoded (RFC 5987).
    let value = format!("{disposition}; filename=\"{}\"; filename*=UTF-8''{}", row.stored_name, rfc5987_encode(&row.original_name));
    if let Ok(value) = HeaderValue::from_str(&value) {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static("sandbox"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("private, no-store"));
    Ok((headers, bytes).into_response())
}
