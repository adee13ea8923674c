//! Handlers of bookmarks.
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::page::{self, Kind};
use super::store::{self, BookmarkRow, Filter};
use super::{BOOKMARK_MAX, LIMIT_CODE};
use crate::auth::Member;
use crate::channel::Channel;
use crate::infra::error::{ApiError, ApiResult, ErrorBody, FieldErrors};
use crate::infra::extract::{ApiJson, ApiPath, ApiQuery};
use crate::infra::ids::new_id;
use crate::infra::pagination::{AllowAll, DEFAULT_PER, Page, PageQuery, Paginated};
use crate::infra::time::Timestamp;
use crate::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_bookmarks, create_bookmark)).routes(routes!(show_bookmark, delete_bookmark))
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct Bookmark {
    pub id: String,
    /// A site path, e.g. `/news/winter-sale` or `/product?keyword=ヘルメット`.
    pub url: String,
    pub title: String,
    pub kind: Kind,
    pub created_at: Timestamp,
}

impl From<BookmarkRow> for Bookmark {
    fn from(row: BookmarkRow) -> Self {
        Bookmark { kind: Kind::parse(&row.kind).unwrap_or(Kind::Page), id: row.id, url: row.url, title: row.title, created_at: Timestamp(row.created_at) }
    }
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct BookmarkQuery {
    /// Only the bookmark of this site path (whether a page is bookmarked).
    pub url: Option<String>,
    /// Only bookmarks of this kind: news, blog, product, product_search, page.
    #[param(pattern = "^\\s*(news|blog|product|product_search|page)?\\s*$")]
    pub kind: Option<String>,
    /// 1-based page number.
    #[param(schema_with = crate::infra::pagination::page_schema)]
    pub page: Option<String>,
    /// Page size (default 10, at most 100).
    #[param(schema_with = crate::infra::pagination::per_schema)]
    pub per: Option<String>,
}

#[utoipa::path(get, path = "/v1/me/bookmarks", tag = "bookmarks", params(BookmarkQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, body = crate::infra::pagination::ListBody<Bookmark>, description = "the member's bookmarks, newest first", headers(
            ("x-total" = i64), ("x-per-page" = i64), ("x-last-page" = i64), ("x-current-page" = i64))),
        (status = 401, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "`kind`, `page` or `per` is malformed"),
    ))]
async fn list_bookmarks(
    State(state): State<AppState>,
    channel: Channel,
    member: Member,
    ApiQuery(query): ApiQuery<BookmarkQuery>,
) -> ApiResult<Paginated<Bookmark>> {
    let page = Page::parse(&PageQuery { page: query.page, per: query.per }, DEFAULT_PER, AllowAll::No)?;
    let kind = match query.kind.as_deref().map(str::trim).filter(|k| !k.is_empty()) {
        Some(text) => {
            Some(Kind::parse(text).ok_or_else(|| ApiError::field("kind", "kindはnews, blog, product, product_search, pageのいずれかで指定してください。"))?)
        }
        None => None,
    };
    let filter = Filter { url: query.url.as_deref().map(str::trim), kind: kind.map(Kind::as_str) };
    let (rows, total) = store::page(&state.db, &channel.id, &member.user_id, &filter, page.per, page.offset()).await?;
    Ok(Paginated::new(rows.into_iter().map(Bookmark::from).collect(), total, page))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct BookmarkInput {
    /// A site path of this shop.
    #[schema(required = true, value_type = String, pattern = "\\S", max_length = 500)]
    pub url: Option<String>,
    /// What the member sees in the list, 1–100 characters.
    #[schema(required = true, value_type = String, pattern = "\\S", max_length = 100)]
    pub title: Option<String>,
}

#[utoipa::path(post, path = "/v1/me/bookmarks", tag = "bookmarks", request_body = BookmarkInput,
    security(("bearer" = [])),
    responses(
        (status = 201, body = Bookmark, description = "bookmarked"),
        (status = 200, body = Bookmark, description = "the page was already bookmarked: the existing bookmark, unchanged"),
        (status = 401, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "`url` not a public path of this shop or `title` blank or too long; or code `bookmarks.limit_exceeded`"),
    ))]
async fn create_bookmark(
    State(state): State<AppState>,
    channel: Channel,
    member: Member,
    ApiJson(input): ApiJson<BookmarkInput>,
) -> ApiResult<(StatusCode, Json<Bookmark>)> {
    let target = page::check(input.url.as_deref().unwrap_or(""), input.title.as_deref().unwrap_or("")).map_err(|errors| {
        let mut fields = FieldErrors::new();
        for (field, message) in errors {
            fields.entry(field.to_owned()).or_default().push(message);
        }
        ApiError::Invalid(fields)
    })?;
    let mut tx = state.db.begin_write().await?;
    if let Some(existing) = store::find_by_url(&mut tx, &channel.id, &member.user_id, &target.url).await? {
        return Ok((StatusCode::OK, Json(existing.into())));
    }
    if store::count(&mut tx, &channel.id, &member.user_id).await? >= BOOKMARK_MAX {
        return Err(ApiError::rule(LIMIT_CODE, format!("ブックマークは{BOOKMARK_MAX}件まで登録できます。不要なブックマークを削除してください。")));
    }
    let row = BookmarkRow { id: new_id(), url: target.url, title: target.title, kind: target.kind.as_str().to_owned(), created_at: Timestamp::now().0 };
    let inserted = store::insert(&mut tx, &channel.id, &member.user_id, &row).await?;
    let answer = if inserted {
        (StatusCode::CREATED, row)
    } else {
        (StatusCode::OK, store::find_by_url(&mut tx, &channel.id, &member.user_id, &row.url).await?.unwrap_or(row))
    };
    tx.commit().await?;
    Ok((answer.0, Json(answer.1.into())))
}

#[utoipa::path(get, path = "/v1/me/bookmarks/{id}", tag = "bookmarks",
    params(("id" = String, Path, description = "the bookmark's id")),
    security(("bearer" = [])),
    responses((status = 200, body = Bookmark), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody, description = "no such bookmark of this member")))]
async fn show_bookmark(State(state): State<AppState>, channel: Channel, member: Member, ApiPath(id): ApiPath<String>) -> ApiResult<Json<Bookmark>> {
    let row = store::find(&state.db, &channel.id, &member.user_id, &id).await?.ok_or_else(ApiError::not_found)?;
    Ok(Json(row.into()))
}

#[utoipa::path(delete, path = "/v1/me/bookmarks/{id}", tag = "bookmarks",
    params(("id" = String, Path, description = "the bookmark's id")),
    security(("bearer" = [])),
    responses((status = 204, description = "the bookmark is gone"), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody, description = "no such bookmark of this member")))]
async fn delete_bookmark(State(state): State<AppState>, channel: Channel, member: Member, ApiPath(id): ApiPath<String>) -> ApiResult<StatusCode> {
    let mut tx = state.db.begin_write().await?;
    let deleted = store::delete(&mut tx, &channel.id, &member.user_id, &id).await?;
    tx.commit().await?;
    if deleted { Ok(StatusCode::NO_CONTENT) } else { Err(ApiError::not_found()) }
}
