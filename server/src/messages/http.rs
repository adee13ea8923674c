//! Handlers of the messages feature.
use axum::Json;
use axum::extract::State;
use serde::Serialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::store::{self, MessageRow};
use crate::channel::Channel;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::{ApiPath, ApiQuery};
use crate::infra::pagination::{DEFAULT_PER, ListBody, Page, PageOrAllQuery, Paginated};
use crate::infra::time::Timestamp;
use crate::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_messages)).routes(routes!(show_message))
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct Message {
    /// The notice slot, e.g. `caution` or `cart_index`.
    pub code: String,
    pub title: Option<String>,
    /// Plain text; paragraphs are separated by blank lines.
    pub body: String,
    pub updated_at: Timestamp,
}

impl From<MessageRow> for Message {
    fn from(row: MessageRow) -> Self {
        Message { code: row.code, title: row.title, body: row.body, updated_at: Timestamp(row.updated_at) }
    }
}

#[utoipa::path(get, path = "/v1/messages", tag = "messages", params(PageOrAllQuery),
    responses(
        (status = 200, body = ListBody<Message>, headers(
            ("x-total" = i64), ("x-per-page" = i64), ("x-last-page" = i64), ("x-current-page" = i64))),
        (status = 422, body = ErrorBody),
    ))]
async fn list_messages(State(state): State<AppState>, channel: Channel, ApiQuery(query): ApiQuery<PageOrAllQuery>) -> ApiResult<Paginated<Message>> {
    let page = Page::parse_or_all(&query, DEFAULT_PER)?;
    let (rows, total) = store::list_messages(&state.db, &channel.id, page).await?;
    Ok(Paginated::new(rows.into_iter().map(Message::from).collect(), total, page))
}

#[utoipa::path(get, path = "/v1/messages/{code}", tag = "messages",
    params(("code" = String, Path)),
    responses((status = 200, body = Message), (status = 404, body = ErrorBody)))]
async fn show_message(State(state): State<AppState>, channel: Channel, ApiPath(code): ApiPath<String>) -> ApiResult<Json<Message>> {
    let row = store::find_message(&state.db, &channel.id, &code).await?.ok_or_else(ApiError::not_found)?;
    Ok(Json(row.into()))
}
