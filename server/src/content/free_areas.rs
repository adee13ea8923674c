//! Free areas: blocks of text the shop places by code, each saying for whom (all, members,
//! guests) and on which screens (all, phone, desktop) the storefront shows it.
use axum::Json;
use axum::extract::State;
use serde::Serialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{store, stored_enum};
use crate::channel::Channel;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::{ApiPath, ApiQuery};
use crate::infra::pagination::{DEFAULT_PER, ListBody, Page, PageOrAllQuery, Paginated};
use crate::state::AppState;
// The same audience and device vocabulary as the page blocks of the layout feature.
use crate::layout::audience::{Audience, Device};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_free_areas)).routes(routes!(show_free_area))
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct FreeArea {
    pub code: String,
    pub title: String,
    /// Plain text; paragraphs are separated by blank lines.
    pub body: String,
    pub visible_for: Audience,
    pub device: Device,
}

impl TryFrom<store::FreeAreaRow> for FreeArea {
    type Error = ApiError;

    fn try_from(row: store::FreeAreaRow) -> Result<Self, ApiError> {
        Ok(FreeArea {
            visible_for: stored_enum("free area audience", &row.visible_for)?,
            device: stored_enum("free area device", &row.device)?,
            code: row.code,
            title: row.title,
            body: row.body,
        })
    }
}

#[utoipa::path(get, path = "/v1/free-areas", tag = "content", params(PageOrAllQuery),
    responses(
        (status = 200, body = ListBody<FreeArea>, description = "free areas in the shop's order; `per=all` gives every one", headers(
            ("x-total" = i64), ("x-per-page" = i64), ("x-last-page" = i64), ("x-current-page" = i64))),
        (status = 422, body = ErrorBody),
    ))]
async fn list_free_areas(State(state): State<AppState>, channel: Channel, ApiQuery(query): ApiQuery<PageOrAllQuery>) -> ApiResult<Paginated<FreeArea>> {
    let page = Page::parse_or_all(&query, DEFAULT_PER)?;
    let (rows, total) = store::list_free_areas(&state.db, &channel.id, page).await?;
    let areas = rows.into_iter().map(FreeArea::try_from).collect::<ApiResult<Vec<_>>>()?;
    Ok(Paginated::new(areas, total, page))
}

#[utoipa::path(get, path = "/v1/free-areas/{code}", tag = "content",
    params(("code" = String, Path)),
    responses((status = 200, body = FreeArea), (status = 404, body = ErrorBody)))]
async fn show_free_area(State(state): State<AppState>, channel: Channel, ApiPath(code): ApiPath<String>) -> ApiResult<Json<FreeArea>> {
    let row = store::find_free_area(&state.db, &channel.id, &code).await?.ok_or_else(ApiError::not_found)?;
    Ok(Json(FreeArea::try_from(row)?))
}
