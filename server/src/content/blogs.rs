//! Blogs: published articles newest first (optionally of one category) and one by key with
//! the keys of its neighbours.
use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::store::{self, BlogRow};
use crate::channel::Channel;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::{ApiPath, ApiQuery};
use crate::infra::pagination::{AllowAll, DEFAULT_PER, ListBody, Page, PageQuery, Paginated};
use crate::infra::time::Timestamp;
use crate::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_blogs)).routes(routes!(show_blog))
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct BlogCategory {
    pub key: String,
    pub name: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct BlogItem {
    pub id: String,
    pub key: String,
    pub title: String,
    /// The first paragraph of the body.
    pub excerpt: String,
    pub category: BlogCategory,
    pub author: String,
    pub published_at: Timestamp,
    /// Site-relative path of the eye-catch picture.
    pub eyecatch: Option<String>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct BlogDetail {
    #[serde(flatten)]
    pub item: BlogItem,
    /// Plain text; paragraphs are separated by blank lines.
    pub body: String,
    /// The next older article's key.
    pub prev_key: Option<String>,
    /// The next newer article's key.
    pub next_key: Option<String>,
}

impl From<BlogRow> for BlogDetail {
    fn from(row: BlogRow) -> Self {
        let item = BlogItem {
            excerpt: row.body.split("\n\n").next().unwrap_or_default().trim().to_owned(),
            id: row.id,
            key: row.blog_key,
            title: row.title,
            category: BlogCategory { key: row.category_key, name: row.category_name },
            author: row.author,
            published_at: Timestamp(row.published_at),
            eyecatch: row.eyecatch,
        };
        BlogDetail { item, body: row.body, prev_key: None, next_key: None }
    }
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct BlogListQuery {
    /// 1-based page number.
    #[param(schema_with = crate::infra::pagination::page_schema)]
    pub page: Option<String>,
    /// Page size, 1–100 (default 10).
    #[param(schema_with = crate::infra::pagination::per_schema)]
    pub per: Option<String>,
    /// Category key (e.g. `maintenance`); unknown keys give an empty list.
    pub category: Option<String>,
}

#[utoipa::path(get, path = "/v1/blogs", tag = "content", params(BlogListQuery),
    responses(
        (status = 200, body = ListBody<BlogItem>, description = "published articles, newest first", headers(
            ("x-total" = i64), ("x-per-page" = i64), ("x-last-page" = i64), ("x-current-page" = i64))),
        (status = 422, body = ErrorBody),
    ))]
async fn list_blogs(State(state): State<AppState>, channel: Channel, ApiQuery(query): ApiQuery<BlogListQuery>) -> ApiResult<Paginated<BlogItem>> {
    let page = Page::parse(&PageQuery { page: query.page, per: query.per }, DEFAULT_PER, AllowAll::No)?;
    let category = query.category.as_deref().map(str::trim).filter(|c| !c.is_empty());
    let (rows, total) = store::list_blogs(&state.db, &channel.id, category, page, Timestamp::now().0).await?;
    Ok(Paginated::new(rows.into_iter().map(|row| BlogDetail::from(row).item).collect(), total, page))
}

#[utoipa::path(get, path = "/v1/blogs/{key}", tag = "content",
    params(("key" = String, Path, description = "article key")),
    responses((status = 200, body = BlogDetail), (status = 404, body = ErrorBody)))]
async fn show_blog(State(state): State<AppState>, channel: Channel, ApiPath(key): ApiPath<String>) -> ApiResult<Json<BlogDetail>> {
    let now = Timestamp::now().0;
    let row = store::find_blog_by_key(&state.db, &channel.id, &key, now).await?.ok_or_else(ApiError::not_found)?;
    let (prev_key, next_key) = store::find_adjacent_blog_keys(&state.db, &channel.id, &row, now).await?;
    Ok(Json(BlogDetail { prev_key, next_key, ..BlogDetail::from(row) }))
}
