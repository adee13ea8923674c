//! The handler of `/v1/files-contents`.
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::allow_list::{self, Folder};
use crate::channel::Channel;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::ApiQuery;
use crate::infra::svg::svg_headers;
use crate::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(file_contents))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct FileQuery {
    /// Site path of one of the shop's own files: `/media/…` (a product photo),
    /// `/images/products/…`, `/images/banners/…` or `/images/catalogs/…`. Absolute URLs are
    /// not fetched.
    pub url: Option<String>,
}

#[utoipa::path(get, path = "/v1/files-contents", tag = "content", params(FileQuery),
    responses(
        (status = 200, content(("image/svg+xml"), ("image/webp")), description = "the file's bytes with its content type"),
        (status = 404, body = ErrorBody, description = "not one of this shop's files (other URLs are never fetched)"),
    ))]
async fn file_contents(State(state): State<AppState>, channel: Channel, ApiQuery(query): ApiQuery<FileQuery>) -> ApiResult<Response> {
    let url = query.url.unwrap_or_default();
    let (folder, file) = allow_list::resolve(url.trim()).ok_or_else(ApiError::not_found)?;
    let svg = match folder {
        Folder::Media => {
            crate::catalog::photos::parse_name(file).ok_or_else(ApiError::not_found)?;
            let key = crate::catalog::photos::media_key(&channel.id, file);
            let bytes = state.storage.get(&key).await?.ok_or_else(ApiError::not_found)?;
            let headers = [(header::CONTENT_TYPE, "image/webp"), (header::X_CONTENT_TYPE_OPTIONS, "nosniff")];
            return Ok((headers, bytes).into_response());
        }
        Folder::Products => crate::catalog::picture::find_svg(&state.db, &channel.id, file).await?,
        Folder::Catalogs => crate::print_catalogs::picture::find_svg(&state.db, &channel.id, file).await?,
        Folder::Banners => match file.strip_suffix(".svg") {
            Some(id) => crate::content::store::find_banner_file(&state.db, Some(&channel.id), id).await?.map(|f| f.svg),
            None => None,
        },
    };
    // Every stored file today is an SVG picture; its headers forbid script when opened alone.
    Ok((svg_headers(), svg.ok_or_else(ApiError::not_found)?).into_response())
}
