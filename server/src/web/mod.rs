//! Serving the built single-page app: files from `SHOP_WEB_DIR`, `index.html` for every client
//! route, long caching for content-hashed bundles and none for `index.html`.
use std::path::Path;

use axum::extract::Request;
use axum::http::{header, HeaderValue};
use axum::middleware::Next;
use axum::response::Response;
use axum::Router;
use tower_http::services::{ServeDir, ServeFile};

/// Vite puts content-hashed bundles under `/assets/`; they never change under one name.
const HASHED_ASSETS: &str = "/assets/";

pub fn spa_service(web_dir: &Path) -> Router {
    let index = web_dir.join("index.html");
    let files = ServeDir::new(web_dir).fallback(ServeFile::new(index));
    Router::new().fallback_service(files).layer(axum::middleware::from_fn(cache_headers))
}

async fn cache_headers(request: Request, next: Next) -> Response {
    let immutable = request.uri().path().starts_with(HASHED_ASSETS);
    let mut response = next.run(request).await;
    let value = if immutable && response.status().is_success() {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    };
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static(value));
    response
}
