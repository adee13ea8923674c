//! Banners by display area, their pictures (SVG kept in the row) as a download with a
//! Japanese file name, and the public image path the `image` field points at.
use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, header};
use serde::Serialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::store;
use crate::channel::Channel;
use crate::infra::download::attachment_headers;
use crate::infra::error::{ApiError, ApiResult, ErrorBody, FieldErrors};
use crate::infra::extract::{ApiPath, ApiQuery};
use crate::infra::pagination::ListBody;
use crate::infra::time::Timestamp;
use crate::state::AppState;

/// The places of the storefront that show banners.
pub const AREAS: [&str; 4] = ["top_main", "top_sub", "sidebar", "footer"];
const SVG: &str = "image/svg+xml";

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_banners)).routes(routes!(download_banner))
}

pub fn public_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(banner_image))
}

/// The site path of a banner's picture.
pub fn image_path(id: &str) -> String {
    format!("/images/banners/{id}.svg")
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct Banner {
    pub id: String,
    /// `top_main`, `top_sub`, `sidebar` or `footer`.
    pub area: String,
    pub title: String,
    pub alt: String,
    /// Site path of the picture.
    pub image: String,
    /// Site path the banner leads to.
    pub link: String,
    pub position: i64,
    pub is_show: bool,
    pub starts_at: Option<Timestamp>,
    pub ends_at: Option<Timestamp>,
}

/// `area[]` (repeatable; `area` and `area[0]` forms too) and `is_show`.
#[derive(Debug, PartialEq, Eq)]
struct BannerFilter {
    areas: Vec<String>,
    only_current: bool,
}

impl BannerFilter {
    fn parse(pairs: &[(String, String)]) -> Result<BannerFilter, ApiError> {
        let mut errors = FieldErrors::new();
        let mut filter = BannerFilter { areas: Vec::new(), only_current: false };
        for (name, value) in pairs {
            let value = value.as_str();
            let is_area = name == "area"
                || name.strip_prefix("area[").and_then(|rest| rest.strip_suffix(']')).is_some_and(|index| index.chars().all(|c| c.is_ascii_digit()));
            if is_area {
                if !AREAS.contains(&value) {
                    errors.insert("area".into(), vec!["表示エリアの指定が正しくありません。".into()]);
                } else if !filter.areas.iter().any(|a| a == value) {
                    filter.areas.push(value.to_owned());
                }
            } else if name == "is_show" {
                match crate::infra::extract::query_switch(Some(value)) {
                    Some(only_current) => filter.only_current |= only_current,
                    None => {
                        errors.insert("is_show".into(), vec!["is_showは0または1で指定してください。".into()]);
                    }
                }
            }
        }
        if errors.is_empty() { Ok(filter) } else { Err(ApiError::Invalid(errors)) }
    }
}

/// The query of `GET /v1/banners` for the document; the handler reads the pairs itself, so
/// that `area[]`, `area[0]` and `area` all count.
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)]
struct BannerParams {
    /// Display areas; all when absent.
    #[param(rename = "area[]", inline)]
    area: Option<Vec<BannerArea>>,
    /// `1`: only banners showing now (inside their window).
    #[param(schema_with = crate::infra::extract::switch_schema)]
    is_show: Option<i64>,
}

/// One of [`AREAS`].
#[derive(utoipa::ToSchema)]
#[schema(rename_all = "snake_case")]
#[allow(dead_code)]
enum BannerArea {
    TopMain,
    TopSub,
    Sidebar,
    Footer,
}

#[utoipa::path(get, path = "/v1/banners", tag = "content", params(BannerParams),
    responses(
        (status = 200, body = ListBody<Banner>, description = "banners by area and position"),
        (status = 422, body = ErrorBody),
    ))]
async fn list_banners(State(state): State<AppState>, channel: Channel, ApiQuery(pairs): ApiQuery<Vec<(String, String)>>) -> ApiResult<Json<ListBody<Banner>>> {
    let filter = BannerFilter::parse(&pairs)?;
    let current_at = filter.only_current.then(|| Timestamp::now().0);
    let rows = store::list_banners(&state.db, &channel.id, &filter.areas, current_at).await?;
    let data = rows
        .into_iter()
        .map(|r| Banner {
            image: image_path(&r.id),
            id: r.id,
            area: r.area,
            title: r.title,
            alt: r.alt,
            link: r.link,
            position: r.position,
            is_show: r.is_show != 0,
            starts_at: r.starts_at.map(Timestamp),
            ends_at: r.ends_at.map(Timestamp),
        })
        .collect();
    Ok(Json(ListBody { data }))
}

#[utoipa::path(get, path = "/v1/banners/{id}/download", tag = "content",
    params(("id" = String, Path)),
    responses(
        (status = 200, content_type = "image/svg+xml", body = String, description = "the banner's picture as an attachment", headers(
            ("content-disposition" = String, description = "attachment; filename=\"…\"; filename*=UTF-8''<RFC 5987-encoded name>"),
            ("x-suggested-filename" = String, description = "the file name, percent-encoded UTF-8"))),
        (status = 404, body = ErrorBody),
    ))]
async fn download_banner(State(state): State<AppState>, channel: Channel, ApiPath(id): ApiPath<String>) -> ApiResult<(HeaderMap, String)> {
    let file = store::find_banner_file(&state.db, Some(&channel.id), &id).await?.ok_or_else(ApiError::not_found)?;
    Ok((attachment_headers(SVG, &file.file_name, &format!("banner-{id}.svg")), file.svg))
}

#[utoipa::path(get, path = "/images/banners/{file}", tag = "content",
    params(("file" = String, Path, description = "`<banner id>.svg`")),
    responses(
        (status = 200, content_type = "image/svg+xml", body = String, description = "the picture of a shown banner"),
        (status = 404, body = ErrorBody),
    ))]
async fn banner_image(State(state): State<AppState>, ApiPath(file): ApiPath<String>) -> ApiResult<(HeaderMap, String)> {
    // A browser loads pictures without naming its channel; the id alone (a random UUID)
    // picks the banner. Only shown banners have a public picture.
    let id = file.strip_suffix(".svg").ok_or_else(ApiError::not_found)?;
    let found = store::find_banner_file(&state.db, None, id).await?.ok_or_else(ApiError::not_found)?;
    let mut headers = HeaderMap::new();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(SVG));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=86400"));
    // Opened on its own, an SVG is a document: it may not run or load anything.
    headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static("default-src 'none'; style-src 'unsafe-inline'"));
    Ok((headers, found.svg))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    #[test]
    fn areas_come_in_every_array_form_once_each() {
        let filter = BannerFilter::parse(&pairs(&[("area[]", "top_main"), ("area[1]", "sidebar"), ("area", "top_main"), ("is_show", "1")])).unwrap();
        assert_eq!(filter, BannerFilter { areas: vec!["top_main".into(), "sidebar".into()], only_current: true });
        assert_eq!(BannerFilter::parse(&[]).unwrap(), BannerFilter { areas: vec![], only_current: false });
    }

    #[test]
    fn unknown_areas_and_flags_are_field_errors() {
        for bad in [("area[]", "everywhere"), ("is_show", "yes")] {
            assert!(matches!(BannerFilter::parse(&pairs(&[bad])), Err(ApiError::Invalid(_))), "{bad:?}");
        }
    }
}
