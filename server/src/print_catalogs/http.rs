//! `GET /v1/catalog` and the catalogue pictures at `/images/catalogs/{file}`.
use std::collections::HashMap;

use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue};
use axum::Json;
use serde::Serialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{picture, store};
use crate::app::AppState;
use crate::channel::Channel;
use crate::infra::db::Db;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::ApiPath;
use crate::infra::pagination::ListBody;
use crate::infra::time::Timestamp;

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

/// `<catalog id>-cover.svg` or `<catalog id>-<page number>.svg`.
fn parse_file(file: &str) -> Option<(&str, Option<i64>)> {
    let (id, which) = file.strip_suffix(".svg")?.rsplit_once('-')?;
    match which {
        "cover" => Some((id, None)),
        number if !number.is_empty() && number.len() <= 4 && number.bytes().all(|b| b.is_ascii_digit()) => {
            Some((id, Some(number.parse().ok()?)))
        }
        _ => None,
    }
}

#[utoipa::path(get, path = "/images/catalogs/{file}", tag = "content",
    params(("file" = String, Path, description = "`<catalog id>-cover.svg` or `<catalog id>-<page>.svg`")),
    responses(
        (status = 200, content_type = "image/svg+xml", body = String, description = "a cover or page picture"),
        (status = 404, body = ErrorBody),
    ))]
async fn catalog_picture(State(state): State<AppState>, headers: HeaderMap, ApiPath(file): ApiPath<String>) -> ApiResult<(HeaderMap, String)> {
    let channel = crate::channel::find_for_request(&state, &headers).await?;
    let svg = picture_svg(&state.db, &channel.id, &file).await?.ok_or_else(ApiError::not_found)?;
    Ok((svg_headers(), svg))
}

/// The picture `/images/catalogs/{file}` of a published catalogue of the channel; also what
/// `/v1/files-contents` serves for that path.
pub(crate) async fn picture_svg(db: &Db, channel_id: &str, file: &str) -> sqlx::Result<Option<String>> {
    let Some((id, number)) = parse_file(file) else { return Ok(None) };
    let Some(catalog) = store::find_catalog(db, channel_id, id, Timestamp::now().0).await? else { return Ok(None) };
    Ok(match number {
        None => Some(picture::cover(&catalog.title, &catalog.edition, store::count_pages(db, &catalog.id).await?)),
        Some(number) => store::find_page(db, &catalog.id, number).await?.map(|page| picture::page(&catalog.title, page.number, &page.heading)),
    })
}

pub fn svg_headers() -> HeaderMap {
    let mut headers = HeaderMap::new();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("image/svg+xml; charset=utf-8"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=86400"));
    // Opened on its own, an SVG is a document: it may not run or load anything.
    headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static("default-src 'none'; style-src 'unsafe-inline'"));
    headers
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picture_files_name_a_catalogue_and_a_cover_or_page() {
        let id = "0194f1c2-7a00-7000-8000-000000000001";
        assert_eq!(parse_file(&format!("{id}-cover.svg")), Some((id, None)));
        assert_eq!(parse_file(&format!("{id}-12.svg")), Some((id, Some(12))));
        for bad in ["cover.svg", "x-.svg", "x-99999999999999999999.svg", "x-1.png", "x-1a.svg", "x-+1.svg"] {
            assert_eq!(parse_file(bad), None, "{bad}");
        }
    }
}
