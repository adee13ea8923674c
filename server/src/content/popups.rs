//! Popups the storefront shows over its pages while their window is open; `display` says
//! whether a visitor sees one once or on every visit.
use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{store, stored_enum};
use crate::channel::Channel;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::{ApiPath, ApiQuery};
use crate::infra::ids::ChannelId;
use crate::infra::pagination::ListBody;
use crate::infra::time::Timestamp;
use crate::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_popups)).routes(routes!(show_popup))
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum PopupDisplay {
    /// Shown once; the storefront remembers it was seen.
    Once,
    /// Shown on every visit.
    Always,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct Popup {
    pub id: String,
    pub title: String,
    /// Plain text; paragraphs are separated by blank lines.
    pub body: String,
    /// Site-relative path of the picture.
    pub image: Option<String>,
    /// Site-relative path the popup leads to.
    pub link: String,
    pub starts_at: Option<Timestamp>,
    pub ends_at: Option<Timestamp>,
    pub display: PopupDisplay,
}

impl TryFrom<store::PopupRow> for Popup {
    type Error = ApiError;

    fn try_from(row: store::PopupRow) -> Result<Self, ApiError> {
        Ok(Popup {
            display: stored_enum("popup display", &row.display)?,
            id: row.id,
            title: row.title,
            body: row.body,
            image: row.image,
            link: row.link,
            starts_at: row.starts_at.map(Timestamp),
            ends_at: row.ends_at.map(Timestamp),
        })
    }
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PopupQuery {
    /// Only the popups an ecommerce event answers (e.g. `purchase`); without it, the popups
    /// shown over pages. Any text: an event no popup answers finds none.
    pub event: Option<String>,
}

#[utoipa::path(get, path = "/v1/popups", tag = "content", params(PopupQuery),
    responses((status = 200, body = ListBody<Popup>, description = "popups whose window is open now")))]
async fn list_popups(State(state): State<AppState>, channel: Channel, ApiQuery(query): ApiQuery<PopupQuery>) -> ApiResult<Json<ListBody<Popup>>> {
    let event = query.event.as_deref().map(str::trim).filter(|e| !e.is_empty());
    let rows = store::list_popups(&state.db, &channel.id, Timestamp::now().0, event).await?;
    Ok(Json(ListBody { data: rows.into_iter().map(Popup::try_from).collect::<ApiResult<_>>()? }))
}

/// The first popup of an ecommerce event whose window is open now, for the event's answer.
pub async fn for_event(db: &crate::infra::db::Db, channel_id: &ChannelId, event: &str) -> ApiResult<Option<Popup>> {
    let rows = store::list_popups(db, channel_id, Timestamp::now().0, Some(event)).await?;
    rows.into_iter().next().map(Popup::try_from).transpose()
}

#[utoipa::path(get, path = "/v1/popups/{id}", tag = "content",
    params(("id" = String, Path)),
    responses((status = 200, body = Popup), (status = 404, body = ErrorBody, description = "unknown, or its window is closed")))]
async fn show_popup(State(state): State<AppState>, channel: Channel, ApiPath(id): ApiPath<String>) -> ApiResult<Json<Popup>> {
    let row = store::find_popup(&state.db, &channel.id, &id, Timestamp::now().0).await?.ok_or_else(ApiError::not_found)?;
    Ok(Json(Popup::try_from(row)?))
}
