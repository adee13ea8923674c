//! Handlers of the news feature: the storefront's list, item and read marks here; staff's
//! お知らせ管理 in `admin.rs`.
pub mod admin;

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::{Member, OptionalMember};
use crate::catalog::{photos, rich_text};
use crate::channel::Channel;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::{ApiJson, ApiPath, ApiQuery};
use crate::infra::pagination::{AllowAll, DEFAULT_PER, ListBody, Page, PageQuery, Paginated};
use crate::infra::time::Timestamp;
use crate::news::store;
use crate::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_news)).routes(routes!(show_news)).routes(routes!(mark_read)).merge(admin::routes())
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct NewsItem {
    pub id: String,
    pub key: String,
    pub title: String,
    pub summary: String,
    pub category: String,
    pub published_at: Timestamp,
    /// Whether the logged-in member has read it (always false for visitors).
    pub is_read: bool,
    /// The item's picture (its widest variant), or null.
    pub image_url: Option<String>,
    /// Every variant of the picture for `<img srcset>`, or null.
    pub image_srcset: Option<String>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct NewsDetail {
    pub id: String,
    pub key: String,
    pub title: String,
    pub summary: String,
    pub category: String,
    pub published_at: Timestamp,
    /// As staff saved it: safe markup, or plain text whose paragraphs are separated by blank lines.
    pub body: String,
    /// The body as safe HTML to show (plain text as `<p>` paragraphs; script and unknown tags removed).
    pub body_html: String,
    /// The item's picture (its widest variant), or null.
    pub image_url: Option<String>,
    /// Every variant of the picture for `<img srcset>`, or null.
    pub image_srcset: Option<String>,
}

#[utoipa::path(get, path = "/v1/news", tag = "news", params(PageQuery),
    responses(
        (status = 200, body = ListBody<NewsItem>, headers(
            ("x-total" = i64), ("x-per-page" = i64), ("x-last-page" = i64), ("x-current-page" = i64))),
        (status = 422, body = ErrorBody),
    ))]
async fn list_news(
    State(state): State<AppState>,
    channel: Channel,
    OptionalMember(member): OptionalMember,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> ApiResult<Paginated<NewsItem>> {
    let page = Page::parse(&query, DEFAULT_PER, AllowAll::No)?;
    let reader = member.as_ref().map(|m| m.user_id.as_str());
    let (rows, total) = store::list_news(&state.db, &channel.id, reader, page).await?;
    let items = rows
        .into_iter()
        .map(|row| NewsItem {
            id: row.id,
            key: row.news_key,
            title: row.title,
            summary: row.summary,
            category: row.category,
            published_at: Timestamp(row.published_at),
            is_read: row.is_read != 0,
            image_srcset: row.image_url.as_deref().and_then(photos::srcset_of),
            image_url: row.image_url,
        })
        .collect();
    Ok(Paginated::new(items, total, page))
}

#[utoipa::path(get, path = "/v1/news/{key}", tag = "news",
    params(("key" = String, Path)),
    responses((status = 200, body = NewsDetail), (status = 404, body = ErrorBody)))]
async fn show_news(State(state): State<AppState>, channel: Channel, ApiPath(key): ApiPath<String>) -> ApiResult<Json<NewsDetail>> {
    let row = store::find_news_by_key(&state.db, &channel.id, &key).await?.ok_or_else(ApiError::not_found)?;
    Ok(Json(NewsDetail {
        id: row.id,
        key: row.news_key,
        title: row.title,
        summary: row.summary,
        category: row.category,
        published_at: Timestamp(row.published_at),
        body_html: rich_text::to_html(&row.body),
        body: row.body,
        image_srcset: row.image_url.as_deref().and_then(photos::srcset_of),
        image_url: row.image_url,
    }))
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct ReadableInput {
    /// The id of the news item that was read.
    #[schema(required = true, value_type = String, pattern = "\\S")]
    pub readable_id: Option<String>,
}

#[utoipa::path(post, path = "/v1/news/readables", tag = "news",
    request_body = ReadableInput,
    security(("bearer" = [])),
    responses(
        (status = 204, description = "recorded as read"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody),
    ))]
async fn mark_read(State(state): State<AppState>, channel: Channel, member: Member, ApiJson(input): ApiJson<ReadableInput>) -> ApiResult<StatusCode> {
    let readable_id = input
        .readable_id
        .map(|id| id.trim().to_owned())
        .filter(|id| !id.is_empty())
        .ok_or_else(|| ApiError::field("readable_id", "お知らせを指定してください。"))?;
    let mut tx = state.db.begin_write().await?;
    let news_id = store::find_news_id(&mut tx, &channel.id, &readable_id).await?.ok_or_else(ApiError::not_found)?;
    store::insert_news_read(&mut tx, &news_id, &member.user_id).await?;
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}
