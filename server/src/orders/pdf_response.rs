//! A receipt or quotation PDF as a download: the file name (領収書_<order_no>.pdf, with an
//! ASCII fallback) and headers no shared cache may keep. Orders and the cart's quotation answer
//! with it.
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};

use super::receipt;
use crate::documents::Kind;
use crate::infra::download::attachment_headers;

/// A PDF file (documents the binary answer).
#[derive(utoipa::ToSchema)]
#[schema(value_type = String, format = Binary)]
#[allow(dead_code)]
pub struct PdfFile(Vec<u8>);

pub fn pdf_response(kind: Kind, order_no: &str, bytes: Vec<u8>) -> Response {
    let (name, fallback) = receipt::file_names(kind, order_no);
    let mut headers = attachment_headers("application/pdf", &name, &fallback);
    // Names, addresses and amounts: no shared cache may keep them.
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    (headers, bytes).into_response()
}
