//! お知らせ管理 (docs/contracts/news-desk.md): an owner or 店長 writes, schedules, publishes
//! and deletes the shop's news. A save carries the version it was made from (409 on a stale
//! one), is checked by `desk` (the body reduced to the safe markup, script removed) and is
//! audited with what changed. The storefront shows published items whose time has come
//! (`store::list_news`), so a scheduled item appears by itself.
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::catalog::{photos, rich_text};
use crate::channel::Channel;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::{ApiJson, ApiPath, ApiQuery};
use crate::infra::ids::new_id;
use crate::infra::pagination::{AllowAll, ListBody, Page, PageQuery, Paginated};
use crate::infra::search_text::contains_pattern;
use crate::infra::time::Timestamp;
use crate::news::desk::{self, NewsDraft, NewsForm, NewsStatus};
use crate::news::store::{self, DeskNewsFilter, DeskNewsRow, NewsFields};
use crate::staff::answer::{AdminAnswer, VersionQuery};
use crate::staff::audit::{self, AuditAction};
use crate::staff::permission::{Can, ShopSettings};
use crate::state::AppState;
use crate::validation::FieldCheck;

pub const STALE_CODE: &str = "news.stale";
const STALE_MESSAGE: &str = "このお知らせは他の画面で更新されました。最新の内容を読み込んでから編集してください。";
const PER_PAGE: i64 = 20;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_news, create_news)).routes(routes!(show_news, save_news, delete_news))
}

/// An item in the desk's list.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct NewsDeskSummary {
    pub id: String,
    /// The storefront URL is `/news/{key}`; set when the item is made, never changed.
    pub key: String,
    pub title: String,
    pub category: String,
    pub status: NewsStatus,
    pub is_published: bool,
    pub published_at: Timestamp,
    /// The picture's widest variant, or null.
    pub image_url: Option<String>,
    /// Every variant of the picture for `<img srcset>`, or null.
    pub image_srcset: Option<String>,
    pub version: i64,
    pub updated_at: Timestamp,
}

/// An item in the editor.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct NewsDesk {
    #[serde(flatten)]
    pub item: NewsDeskSummary,
    pub summary: String,
    /// As saved: markup reduced to the allowed tags, or plain text.
    pub body: String,
    /// What the storefront shows: safe HTML (plain text as `<p>` paragraphs).
    pub body_html: String,
}

/// An item's fields as the editor sends them, on a create and on a save.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct NewsDeskFields {
    #[schema(required = true, value_type = String)]
    pub title: Option<String>,
    /// Shown in the list; may be blank.
    #[schema(value_type = String)]
    pub summary: Option<String>,
    #[schema(value_type = String)]
    pub category: Option<String>,
    /// The product description's safe markup, or plain text.
    #[schema(required = true, value_type = String)]
    pub body: Option<String>,
    /// A `/media/…` URL from `POST /v1/admin/catalog/photos`, or null for none.
    pub image_url: Option<String>,
    /// `2026-12-01T10:00` (Japan time) or RFC 3339.
    #[schema(required = true, value_type = String)]
    pub published_at: Option<String>,
    #[schema(required = true, value_type = bool)]
    pub is_published: Option<bool>,
}

/// 作成 (POST): the fields and, optionally, the URL key.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct NewsDeskCreateInput {
    /// The URL key (`/news/{key}`): lowercase letters, digits and hyphens; blank or missing
    /// makes one from the publication day. Never changed afterwards.
    pub key: Option<String>,
    #[serde(flatten)]
    pub fields: NewsDeskFields,
}

/// 保存 (PUT): the fields with the version the editor read.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct NewsDeskSaveInput {
    #[schema(required = true, value_type = i64)]
    pub version: Option<i64>,
    #[serde(flatten)]
    pub fields: NewsDeskFields,
}

impl NewsDeskFields {
    fn form(&self) -> NewsForm {
        NewsForm {
            title: self.title.clone().unwrap_or_default(),
            summary: self.summary.clone().unwrap_or_default(),
            category: self.category.clone().unwrap_or_default(),
            body: self.body.clone().unwrap_or_default(),
            image_url: self.image_url.clone(),
            published_at: self.published_at.clone().unwrap_or_default(),
            is_published: self.is_published.unwrap_or(false),
        }
    }
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct NewsDeskQuery {
    /// `draft` (下書き), `scheduled` (公開予約) or `published` (公開中); all when missing.
    pub status: Option<String>,
    /// Words in the title or the summary.
    #[param(max_length = 100)]
    pub q: Option<String>,
    pub page: Option<String>,
    pub per: Option<String>,
}

fn draft_of(row: &DeskNewsRow) -> NewsDraft {
    NewsDraft {
        title: row.title.clone(),
        summary: row.summary.clone(),
        category: row.category.clone(),
        body: row.body.clone(),
        image_url: row.image_url.clone(),
        published_at: row.published_at,
        is_published: row.is_published != 0,
    }
}

fn summary_of(row: &DeskNewsRow, now: i64) -> NewsDeskSummary {
    NewsDeskSummary {
        id: row.id.clone(),
        key: row.news_key.clone(),
        title: row.title.clone(),
        category: row.category.clone(),
        status: NewsStatus::of(row.is_published != 0, row.published_at, now),
        is_published: row.is_published != 0,
        published_at: Timestamp(row.published_at),
        image_url: row.image_url.clone(),
        image_srcset: row.image_url.as_deref().and_then(photos::srcset_of),
        version: row.version,
        updated_at: Timestamp(row.updated_at),
    }
}

fn desk_of(row: DeskNewsRow) -> NewsDesk {
    let item = summary_of(&row, Timestamp::now().0);
    NewsDesk { item, body_html: rich_text::to_html(&row.body), summary: row.summary, body: row.body }
}

fn fields_of(draft: &NewsDraft) -> NewsFields<'_> {
    NewsFields {
        title: &draft.title,
        summary: &draft.summary,
        category: &draft.category,
        body: &draft.body,
        image_url: draft.image_url.as_deref(),
        published_at: draft.published_at,
        is_published: draft.is_published,
    }
}

/// The form's draft, with the picture checked against the shop's uploads (`kept`: the
/// picture the item already shows, which needs no check).
async fn checked_draft(
    state: &AppState,
    channel: &Channel,
    input: &NewsDeskFields,
    check: &mut FieldCheck,
    kept: Option<&str>,
) -> ApiResult<Option<NewsDraft>> {
    let draft = desk::check(input.form(), check);
    let picture = input.image_url.as_deref().map(str::trim).filter(|url| !url.is_empty());
    if let Some(url) = picture
        && Some(url) != kept
        && !photos::is_stored(&state.storage, &channel.id, url).await?
    {
        check.field("image_url", Err(photos::MISSING_MESSAGE));
    }
    Ok(draft.filter(|_| check.is_ok()))
}

#[utoipa::path(get, path = "/v1/admin/news", operation_id = "admin_list_news", tag = "admin", params(NewsDeskQuery),
    responses(
        (status = 200, body = ListBody<NewsDeskSummary>, description = "the shop's news, drafts and scheduled items included, newest publication first, with x-total, x-per-page, x-last-page, x-current-page"),
        (status = 401, body = ErrorBody, description = "no staff session of this shop"),
        (status = 403, body = ErrorBody, description = "`staff.forbidden`: owners and 店長 only"),
        (status = 422, body = ErrorBody, description = "`errors.status`, `errors.page`, `errors.per`"),
    ))]
pub async fn list_news(
    State(state): State<AppState>,
    channel: Channel,
    _can: Can<ShopSettings>,
    ApiQuery(query): ApiQuery<NewsDeskQuery>,
) -> ApiResult<AdminAnswer<Paginated<NewsDeskSummary>>> {
    let page = Page::parse(&PageQuery { page: query.page.clone(), per: query.per.clone() }, PER_PAGE, AllowAll::No)?;
    let status = match query.status.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        None => None,
        Some(text) => {
            Some(NewsStatus::parse(text).ok_or_else(|| ApiError::field("status", "状態は draft・scheduled・published のいずれかで指定してください。"))?)
        }
    };
    let words = query.q.as_deref().map(str::trim).filter(|q| !q.is_empty()).map(contains_pattern);
    let now = Timestamp::now().0;
    let filter = DeskNewsFilter { status: status.map(NewsStatus::as_str), pattern: words.as_deref(), now };
    let (rows, total) = store::list_desk_news(&state.db, &channel.id, &filter, page).await?;
    Ok(AdminAnswer::ok(Paginated::new(rows.iter().map(|row| summary_of(row, now)).collect(), total, page)))
}

#[utoipa::path(post, path = "/v1/admin/news", operation_id = "admin_create_news", tag = "admin", request_body = NewsDeskCreateInput,
    responses(
        (status = 201, body = NewsDesk, description = "made; published with a time that has come, it is on the storefront at once"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "`errors.title`, `errors.summary`, `errors.category`, `errors.body`, `errors.image_url`, `errors.published_at`, `errors.key`"),
    ))]
pub async fn create_news(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<ShopSettings>,
    ApiJson(input): ApiJson<NewsDeskCreateInput>,
) -> ApiResult<(StatusCode, AdminAnswer<Json<NewsDesk>>)> {
    let mut check = FieldCheck::default();
    let typed_key = desk::typed_key(input.key.as_deref().unwrap_or_default());
    check.field("key", typed_key.clone().map(|_| ()));
    let draft = checked_draft(&state, &channel, &input.fields, &mut check, None).await?;
    let mut tx = state.db.begin_write().await?;
    let id = new_id();
    let key = match (&draft, typed_key) {
        (_, Ok(Some(key))) => Some(key),
        (Some(draft), Ok(None)) => Some(desk::made_key(draft.published_at, &id)),
        _ => None,
    };
    if let Some(key) = &key
        && store::key_is_taken(&mut tx, &channel.id, key).await?
    {
        check.field("key", Err(desk::KEY_TAKEN));
    }
    check.finish()?;
    let (Some(draft), Some(key)) = (draft, key) else { return Err(ApiError::Internal(anyhow::anyhow!("a checked news item without its draft or key"))) };
    if !store::insert_desk_news(&mut tx, &channel.id, &id, &key, &fields_of(&draft), Timestamp::now().0).await? {
        return Err(ApiError::field("key", desk::KEY_TAKEN));
    }
    audit::record_in(&mut tx, &staff, AuditAction::NewsCreate, &desk::describe_creation(&key, &draft)).await?;
    tx.commit().await?;
    let saved = store::find_desk_news(&state.db, &channel.id, &id).await?.ok_or_else(ApiError::not_found)?;
    Ok((StatusCode::CREATED, AdminAnswer::ok(Json(desk_of(saved)))))
}

#[utoipa::path(get, path = "/v1/admin/news/{id}", operation_id = "admin_show_news", tag = "admin", params(("id" = String, Path)),
    responses((status = 200, body = NewsDesk), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "no such item in this shop")))]
pub async fn show_news(
    State(state): State<AppState>,
    channel: Channel,
    _can: Can<ShopSettings>,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<AdminAnswer<Json<NewsDesk>>> {
    let row = store::find_desk_news(&state.db, &channel.id, &id).await?.ok_or_else(ApiError::not_found)?;
    Ok(AdminAnswer::ok(Json(desk_of(row))))
}

fn stale() -> ApiError {
    ApiError::rule_with(StatusCode::CONFLICT, STALE_CODE, STALE_MESSAGE)
}

#[utoipa::path(put, path = "/v1/admin/news/{id}", operation_id = "admin_save_news", tag = "admin", params(("id" = String, Path)), request_body = NewsDeskSaveInput,
    responses((status = 200, body = NewsDesk, description = "saved (version + 1)"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "`news.stale`: saved elsewhere since the editor read it"),
        (status = 422, body = ErrorBody, description = "`errors.title`, `errors.summary`, `errors.category`, `errors.body`, `errors.image_url`, `errors.published_at`, `errors.version`")))]
pub async fn save_news(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<ShopSettings>,
    ApiPath(id): ApiPath<String>,
    ApiJson(input): ApiJson<NewsDeskSaveInput>,
) -> ApiResult<AdminAnswer<Json<NewsDesk>>> {
    let before = store::find_desk_news(&state.db, &channel.id, &id).await?.ok_or_else(ApiError::not_found)?;
    let mut check = FieldCheck::default();
    if input.version.is_none() {
        check.field("version", Err("版番号がありません。画面を読み込み直してください。"));
    }
    let draft = checked_draft(&state, &channel, &input.fields, &mut check, before.image_url.as_deref()).await?;
    check.finish()?;
    let (Some(after), Some(version)) = (draft, input.version) else { return Err(ApiError::Internal(anyhow::anyhow!("a checked news item without its draft"))) };
    if before.version != version {
        return Err(stale());
    }
    let mut tx = state.db.begin_write().await?;
    if !store::update_desk_news(&mut tx, &channel.id, &id, version, &fields_of(&after), Timestamp::now().0).await? {
        return Err(stale());
    }
    audit::record_in(&mut tx, &staff, AuditAction::NewsUpdate, &desk::describe_change(&before.news_key, &draft_of(&before), &after)).await?;
    tx.commit().await?;
    let saved = store::find_desk_news(&state.db, &channel.id, &id).await?.ok_or_else(ApiError::not_found)?;
    Ok(AdminAnswer::ok(Json(desk_of(saved))))
}

#[utoipa::path(delete, path = "/v1/admin/news/{id}", operation_id = "admin_delete_news", tag = "admin", params(("id" = String, Path), VersionQuery),
    responses((status = 204, description = "deleted, with who had read it"), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody, description = "`news.stale`"),
        (status = 422, body = ErrorBody, description = "`errors.version`")))]
pub async fn delete_news(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<ShopSettings>,
    ApiPath(id): ApiPath<String>,
    ApiQuery(query): ApiQuery<VersionQuery>,
) -> ApiResult<StatusCode> {
    let version = query.version()?;
    let before = store::find_desk_news(&state.db, &channel.id, &id).await?.ok_or_else(ApiError::not_found)?;
    let mut tx = state.db.begin_write().await?;
    if !store::delete_desk_news(&mut tx, &channel.id, &id, version).await? {
        return Err(stale());
    }
    audit::record_in(&mut tx, &staff, AuditAction::NewsDelete, &format!("お知らせ「{}」(/news/{})を削除", before.title, before.news_key)).await?;
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}
