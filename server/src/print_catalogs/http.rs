//! `GET /v1/catalog` and the catalogue pictures at `/images/catalogs/{file}`.
use std::collections::HashMap;

use axum::Json;
use axum::extract::State;
use axum::http::HeaderMap;
use serde::Serialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{picture, store};
use crate::channel::Channel;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::ApiPath;
use crate::infra::pagination::ListBody;
use crate::infra::svg::svg_headers;
use crate::infra::time::Timestamp;
use crate::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_catalogs))
}

/// Pictures outside `/v1`: `<img>` requests name no channel, so the host decides (as for
/// product pictures).
pub fn picture_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(catalog_picture))
}

pub fn cover_path(catalog_id: &str) -> String {
    format!("/images/catalogs/{catalog_id}-cover.svg")
}

pub fn page_path(catalog_id: &str, number: i64) -> String {
    format!("/images/catalogs/{catalog_id}-{number}.svg")
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct CatalogPage {
    /// 1-based.
    pub number: i64,
    /// Site path of the page picture.
    pub image: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct Catalog {
    pub id: String,
    pub title: String,
    pub description: String,
    /// Site path of the cover picture.
    pub cover_image: String,
    pub page_count: i64,
    pub published_at: Timestamp,
    /// Whether a printed copy can be ordered.
    pub is_orderable: bool,
    /// The pages of the flip-book viewer, in order.
    pub pages: Vec<CatalogPage>,
}

#[utoipa::path(get, path = "/v1/catalog", tag = "content",
    responses((status = 200, body = ListBody<Catalog>, description = "published catalogues in the shop's order")))]
async fn list_catalogs(State(state): State<AppState>, channel: Channel) -> ApiResult<Json<ListBody<Catalog>>> {
    let catalogs = store::list_catalogs(&state.db, &channel.id, Timestamp::now().0).await?;
    let mut pages: HashMap<String, Vec<CatalogPage>> = HashMap::new();
    for row in store::list_pages(&state.db, &channel.id).await? {
        pages.entry(row.catalog_id.clone()).or_default().push(CatalogPage { image: page_path(&row.catalog_id, row.number), number: row.number });
    }
    let data = catalogs
        .into_iter()
        .map(|c| {
            let pages = pages.remove(&c.id).unwrap_or_default();
            Catalog {
                cover_image: cover_path(&c.id),
                page_count: pages.len() as i64,
                pages,
                id: c.id,
                title: c.title,
                description: c.description,
                published_at: Timestamp(c.published_at),
                is_orderable: c.is_orderable != 0,
            }
        })
        .collect();
    Ok(Json(ListBody { data }))
}

#[utoipa::path(get, path = "/images/catalogs/{file}", tag = "content",
    params(("file" = String, Path, description = "`<catalog id>-cover.svg` or `<catalog id>-<page>.svg`")),
    responses(
        (status = 200, content_type = "image/svg+xml", body = String, description = "a cover or page picture"),
        (status = 404, body = ErrorBody),
    ))]
async fn catalog_picture(State(state): State<AppState>, headers: HeaderMap, ApiPath(file): ApiPath<String>) -> ApiResult<(HeaderMap, String)> {
    let channel = crate::channel::find_for_request(&state, &headers).await?;
    let svg = picture::find_svg(&state.db, &channel.id, &file).await?.ok_or_else(ApiError::not_found)?;
    Ok((svg_headers(), svg))
}
