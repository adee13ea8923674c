//! Serving SVG pictures (products, catalogues, banners, stylists): the headers every SVG
//! answer carries.
use axum::http::{HeaderMap, HeaderValue, header};

/// Content type, a day of caching, and a policy that keeps an SVG opened on its own inert.
pub fn svg_headers() -> HeaderMap {
    let mut headers = HeaderMap::new();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("image/svg+xml; charset=utf-8"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=86400"));
    // Opened on its own, an SVG is a document: it may not run or load anything.
    headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static("default-src 'none'; style-src 'unsafe-inline'"));
    headers
}
