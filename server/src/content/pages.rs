//! Static pages at their own site paths (/law, /privacy, /guide/shipping …) and landing
//! pages by slug, whose answer may carry `x-redirect` — only ever to a same-site path.
use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderName, HeaderValue};
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::redirect::SameSitePath;
use super::{store, stored_json};
use crate::channel::Channel;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::ApiPath;
use crate::infra::pagination::ListBody;
use crate::infra::time::Timestamp;
use crate::state::AppState;

/// Longest static page path looked up; longer ones cannot exist.
const MAX_PATH_LEN: usize = 500;

pub fn routes() -> OpenApiRouter<AppState> {
    // A static page path may hold slashes, so it is served by a wildcard route; the document
    // shows it as one `{path}` parameter (OpenAPI has no wildcard), which clients may send
    // with its slashes encoded or not.
    let (_, documented) = OpenApiRouter::new().routes(routes!(show_static_page)).split_for_parts();
    OpenApiRouter::with_openapi(documented)
        .route("/v1/static-pages/url/{*path}", axum::routing::get(show_static_page))
        .routes(routes!(list_static_page_urls))
        .routes(routes!(list_landing_pages))
        .routes(routes!(show_landing_page))
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct StaticPageLink {
    /// Site path, e.g. `/law`.
    pub url: String,
    pub title: String,
}

#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Section {
    pub heading: String,
    /// Plain text; paragraphs are separated by blank lines.
    pub body: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct StaticPage {
    pub url: String,
    pub title: String,
    pub sections: Vec<Section>,
    pub updated_at: Timestamp,
}

#[utoipa::path(get, path = "/v1/static-pages/urls", tag = "content",
    responses((status = 200, body = ListBody<StaticPageLink>, description = "the shop's static pages and their paths")))]
async fn list_static_page_urls(State(state): State<AppState>, channel: Channel) -> ApiResult<Json<ListBody<StaticPageLink>>> {
    let rows = store::list_static_page_urls(&state.db, &channel.id).await?;
    Ok(Json(ListBody { data: rows.into_iter().map(|r| StaticPageLink { url: r.url, title: r.title }).collect() }))
}

#[utoipa::path(get, path = "/v1/static-pages/url/{path}", tag = "content",
    params(("path" = String, Path, description = "the page's site path without its leading slash, e.g. `law` or `guide/shipping`")),
    responses((status = 200, body = StaticPage), (status = 404, body = ErrorBody)))]
async fn show_static_page(State(state): State<AppState>, channel: Channel, ApiPath(path): ApiPath<String>) -> ApiResult<Json<StaticPage>> {
    let url = format!("/{}", path.trim_matches('/'));
    if url.len() > MAX_PATH_LEN {
        return Err(ApiError::not_found());
    }
    let row = store::find_static_page_by_url(&state.db, &channel.id, &url).await?.ok_or_else(ApiError::not_found)?;
    Ok(Json(StaticPage {
        sections: stored_json("static page sections", &row.sections)?,
        url: row.url,
        title: row.title,
        updated_at: Timestamp(row.updated_at),
    }))
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct LandingPageLink {
    pub slug: String,
    pub title: String,
}

/// One block of a landing page.
#[derive(Serialize, Deserialize, utoipa::ToSchema)]
pub struct LayoutItem {
    /// What the storefront draws: `hero`, `text`, `products`, `links` …
    pub kind: String,
    /// Free JSON for the kind. The first item's `props.coupon` lists the coupons offered on
    /// the page; it stays empty until the coupons feature (another issue) fills it.
    #[schema(value_type = std::collections::HashMap<String, serde_json::Value>)]
    pub props: serde_json::Value,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct LandingPageExtend {
    pub is_show_header: bool,
    pub is_show_footer: bool,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct LandingPage {
    pub slug: String,
    pub title: String,
    pub layout: Vec<LayoutItem>,
    pub extend: LandingPageExtend,
}

#[utoipa::path(get, path = "/v1/lp", tag = "content",
    responses((status = 200, body = ListBody<LandingPageLink>, description = "the shop's landing pages")))]
async fn list_landing_pages(State(state): State<AppState>, channel: Channel) -> ApiResult<Json<ListBody<LandingPageLink>>> {
    let rows = store::list_landing_pages(&state.db, &channel.id).await?;
    Ok(Json(ListBody { data: rows.into_iter().map(|r| LandingPageLink { slug: r.slug, title: r.title }).collect() }))
}

#[utoipa::path(get, path = "/v1/lp/{slug}", tag = "content",
    params(("slug" = String, Path)),
    responses(
        (status = 200, body = LandingPage, headers(("x-redirect" = String,
            description = "present when the page redirects: the same-site path to go to instead"))),
        (status = 404, body = ErrorBody),
    ))]
async fn show_landing_page(State(state): State<AppState>, channel: Channel, ApiPath(slug): ApiPath<String>) -> ApiResult<(HeaderMap, Json<LandingPage>)> {
    let row = store::find_landing_page(&state.db, &channel.id, &slug).await?.ok_or_else(ApiError::not_found)?;
    let mut headers = HeaderMap::new();
    if let Some(target) = row.redirect_to.as_deref() {
        match SameSitePath::parse(target).and_then(|path| HeaderValue::from_str(path.as_str()).ok()) {
            Some(value) => {
                headers.insert(HeaderName::from_static("x-redirect"), value);
            }
            // Served as an ordinary page: a visitor still sees content, never another site.
            None => tracing::warn!(slug = %row.slug, "landing page redirect is not a same-site path; not sent"),
        }
    }
    let page = LandingPage {
        layout: stored_json("landing page layout", &row.layout)?,
        extend: LandingPageExtend { is_show_header: row.is_show_header != 0, is_show_footer: row.is_show_footer != 0 },
        slug: row.slug,
        title: row.title,
    };
    Ok((headers, Json(page)))
}
