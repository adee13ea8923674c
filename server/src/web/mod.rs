//! Serving the built single-page app: files from `SHOP_WEB_DIR`; for every client route the
//! app's index.html with the page's `<head>` filled in by the server (see `seo`) and the right
//! HTTP status; long caching for content-hashed bundles and none for the HTML. The back office
//! (`/admin`, `/admin/*`) is its own page, admin.html, with headers of its own.
use std::path::Path;

use axum::Router;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use tower_http::services::ServeDir;

use crate::channel::settings::FrontSettings;
use crate::infra::csp::PageCsp;
use crate::seo;
use crate::state::AppState;

/// Vite puts content-hashed bundles under `/assets/`; they never change under one name.
const HASHED_ASSETS: &str = "/assets/";

pub fn spa_service(state: AppState, web_dir: &Path) -> Router {
    // "/" goes to the fallback too, so the home page gets its <head> filled like every page.
    // The build writes `.br` and `.gz` next to each bundle at the highest levels (web/scripts/
    // compress.mjs); they are sent as they are, smaller than on-the-fly compression and free.
    let files = ServeDir::new(web_dir)
        .precompressed_br()
        .precompressed_gzip()
        .append_index_html_on_directories(false)
        .fallback(axum::routing::get(index_page).with_state(state));
    Router::new().fallback_service(files).layer(axum::middleware::from_fn(cache_headers))
}

async fn index_page(State(state): State<AppState>, request: Request) -> Response {
    let path = request.uri().path().to_owned();
    // A missing file is a 404, not the app: a stale bundle name must not load HTML as script.
    if path.starts_with(HASHED_ASSETS) || path.rsplit('/').next().is_some_and(|last| last.contains('.')) {
        return StatusCode::NOT_FOUND.into_response();
    }
    let index_path = state.config.web_dir.join("index.html");
    let Ok(index) = tokio::fs::read_to_string(&index_path).await else {
        let message = "The storefront is not built: run `npm run build` in web/ (or `make run`).";
        return (StatusCode::NOT_FOUND, message).into_response();
    };
    // An unknown shop, or one in maintenance, still gets the app: it shows the right page.
    let channel = match crate::channel::find_for_request(&state, request.headers()).await {
        Ok(channel) if !channel.in_maintenance() => channel,
        _ => return Html(index).into_response(),
    };
    let mut response = match seo::page_meta(&state, &channel, request.headers(), &path, request.uri().query()).await {
        Ok((status, meta)) => (status, Html(seo::meta::inject(&index, &meta, &channel.name))).into_response(),
        Err(error) => {
            tracing::warn!(%error, path, "page meta failed; serving the plain app");
            Html(index).into_response()
        }
    };
    response.extensions_mut().insert(page_csp(&state, &channel).await);
    response
}

/// The third parties this shop's pages may reach: the card form posts to its gateway, its
/// Tag Manager loads when the shop turned analytics on, and reCAPTCHA when it checks its forms
/// with it (every page: the SPA reaches the login form without loading a page).
async fn page_csp(state: &AppState, channel: &crate::channel::Channel) -> PageCsp {
    let mut csp = PageCsp::default();
    if let Some(origin) = state.gateway.for_channel(channel).and_then(|gateway| gateway.browser(&channel.code).origin) {
        csp.allow_tokeniser(origin);
    }
    match FrontSettings::load(&state.db, channel).await {
        Ok(settings) if settings.tag_manager().is_some() => csp.allow_tag_manager(),
        Ok(_) => {}
        Err(error) => tracing::warn!(%error, "settings unreadable; the page's CSP allows no tag manager"),
    }
    match crate::bot_check::Method::for_channel(state, channel).await {
        Ok(crate::bot_check::Method::Recaptcha { .. }) => csp.allow_recaptcha(&state.config.recaptcha_script_url),
        Ok(crate::bot_check::Method::Altcha) => {}
        Err(error) => tracing::warn!(%error, "settings unreadable; the page's CSP allows no reCAPTCHA"),
    }
    csp
}

/// The back office's CSP: its own bundles and API only — no inline styles either, no third
/// party, no framing, and no `<base>` (contract: docs/inquiries-api.md, "/admin").
pub const ADMIN_CONTENT_SECURITY_POLICY: &str = "default-src 'self'; img-src 'self' blob: data:; style-src 'self'; script-src 'self'; \
     connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

/// `/admin`, `/admin/*` (and the file's own name): the back office's page.
pub fn admin_routes() -> Router<AppState> {
    Router::new()
        .route("/admin", get(admin_page))
        .route("/admin/", get(admin_page))
        .route("/admin/{*rest}", get(admin_page))
        .route("/admin.html", get(admin_page))
}

async fn admin_page(State(state): State<AppState>) -> Response {
    let mut response = match tokio::fs::read_to_string(state.config.web_dir.join("admin.html")).await {
        Ok(page) => Html(page).into_response(),
        Err(_) => (StatusCode::NOT_FOUND, "The back office is not built: run `npm run build` in web/ (or `make run`).").into_response(),
    };
    let headers = response.headers_mut();
    // Set here, so the storefront's CSP (app.rs, added only where none is set) stays out.
    headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(ADMIN_CONTENT_SECURITY_POLICY));
    headers.insert("x-robots-tag", HeaderValue::from_static("noindex, nofollow"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

async fn cache_headers(request: Request, next: Next) -> Response {
    let immutable = request.uri().path().starts_with(HASHED_ASSETS);
    let mut response = next.run(request).await;
    let value = if immutable && response.status().is_success() { "public, max-age=31536000, immutable" } else { "no-cache" };
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static(value));
    response
}
