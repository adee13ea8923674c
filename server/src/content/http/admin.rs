//! ページ管理 (docs/contracts/pages-desk.md): an owner or 店長 edits a static page's title and
//! sections and publishes it or keeps it a draft. A save carries the version it was made from
//! (409 on a stale one), is checked by `page_rules` (a page holding a template's `【要入力：…】`
//! is never published) and is audited with what changed. The storefront shows published pages
//! only (`pages.rs`).
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::channel::Channel;
use crate::content::page_rules::{self, PageDraft, PageSection};
use crate::content::pages::Section;
use crate::content::store::{self, DeskPageRow, NewStaticPage};
use crate::content::stored_json;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::{ApiJson, ApiPath};
use crate::infra::pagination::ListBody;
use crate::infra::time::Timestamp;
use crate::staff::answer::AdminAnswer;
use crate::staff::audit::{self, AuditAction};
use crate::staff::permission::{Can, ShopSettings};
use crate::state::AppState;

pub const STALE_CODE: &str = "pages.stale";
const STALE_MESSAGE: &str = "このページは他の画面で更新されました。最新の内容を読み込んでから編集してください。";

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_pages)).routes(routes!(show_page, save_page))
}

/// A static page in the desk's list.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct AdminStaticPageSummary {
    pub id: String,
    /// The storefront path, e.g. `/law` (not editable: the footer and links name it).
    pub url: String,
    pub title: String,
    /// False: a draft, which customers do not see (its path answers 404).
    pub is_published: bool,
    /// The title or a section still holds a template's `【要入力：…】`: it cannot be published.
    pub needs_input: bool,
    pub version: i64,
    pub updated_at: Timestamp,
}

/// A static page in the editor.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct AdminStaticPage {
    #[serde(flatten)]
    pub summary: AdminStaticPageSummary,
    pub sections: Vec<Section>,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct AdminStaticPageSectionInput {
    #[schema(required = true, value_type = String)]
    pub heading: Option<String>,
    /// Plain text; paragraphs separated by blank lines.
    #[schema(required = true, value_type = String)]
    pub body: Option<String>,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct AdminStaticPageInput {
    /// The version the editor read.
    #[schema(required = true, value_type = i64)]
    pub version: Option<i64>,
    #[schema(required = true, value_type = String)]
    pub title: Option<String>,
    #[schema(required = true, value_type = Vec<AdminStaticPageSectionInput>)]
    pub sections: Option<Vec<AdminStaticPageSectionInput>>,
    #[schema(required = true, value_type = bool)]
    pub is_published: Option<bool>,
}

impl AdminStaticPageInput {
    fn into_draft(self) -> PageDraft {
        PageDraft {
            title: self.title.unwrap_or_default(),
            sections: self
                .sections
                .unwrap_or_default()
                .into_iter()
                .map(|s| PageSection { heading: s.heading.unwrap_or_default(), body: s.body.unwrap_or_default() })
                .collect(),
            is_published: self.is_published.unwrap_or(false),
        }
    }
}

fn draft_of(row: &DeskPageRow) -> ApiResult<PageDraft> {
    let sections: Vec<Section> = stored_json("static page sections", &row.sections)?;
    Ok(PageDraft {
        title: row.title.clone(),
        sections: sections.into_iter().map(|s| PageSection { heading: s.heading, body: s.body }).collect(),
        is_published: row.is_published != 0,
    })
}

fn summary_of(row: &DeskPageRow, draft: &PageDraft) -> AdminStaticPageSummary {
    AdminStaticPageSummary {
        id: row.id.clone(),
        url: row.url.clone(),
        title: row.title.clone(),
        is_published: draft.is_published,
        needs_input: draft.needs_input(),
        version: row.version,
        updated_at: Timestamp(row.updated_at),
    }
}

fn page_of(row: &DeskPageRow) -> ApiResult<AdminStaticPage> {
    let draft = draft_of(row)?;
    let summary = summary_of(row, &draft);
    let sections = draft.sections.into_iter().map(|s| Section { heading: s.heading, body: s.body }).collect();
    Ok(AdminStaticPage { summary, sections })
}

#[utoipa::path(get, path = "/v1/admin/pages", operation_id = "admin_static_pages", tag = "admin",
    responses((status = 200, body = ListBody<AdminStaticPageSummary>, description = "the shop's static pages, drafts included"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "`staff.forbidden`: owners and 店長 only")))]
pub async fn list_pages(
    State(state): State<AppState>,
    channel: Channel,
    _can: Can<ShopSettings>,
) -> ApiResult<AdminAnswer<Json<ListBody<AdminStaticPageSummary>>>> {
    let rows = store::list_desk_pages(&state.db, &channel.id).await?;
    let data = rows.iter().map(|row| Ok(summary_of(row, &draft_of(row)?))).collect::<ApiResult<Vec<_>>>()?;
    Ok(AdminAnswer::ok(Json(ListBody { data })))
}

#[utoipa::path(get, path = "/v1/admin/pages/{id}", operation_id = "admin_static_page", tag = "admin",
    params(("id" = String, Path)),
    responses((status = 200, body = AdminStaticPage), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "no such page in this shop")))]
pub async fn show_page(
    State(state): State<AppState>,
    channel: Channel,
    _can: Can<ShopSettings>,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<AdminAnswer<Json<AdminStaticPage>>> {
    let row = store::find_desk_page(&state.db, &channel.id, &id).await?.ok_or_else(ApiError::not_found)?;
    Ok(AdminAnswer::ok(Json(page_of(&row)?)))
}

#[utoipa::path(put, path = "/v1/admin/pages/{id}", operation_id = "admin_save_static_page", tag = "admin",
    params(("id" = String, Path)), request_body = AdminStaticPageInput,
    responses((status = 200, body = AdminStaticPage, description = "saved; published pages are on the storefront at once"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "`pages.stale`: saved elsewhere since the editor read it"),
        (status = 422, body = ErrorBody, description = "`errors.title`, `errors.sections`, `errors[\"sections.N.heading\"]`, `errors[\"sections.N.body\"]`, `errors.is_published` (a `【要入力：…】` left), `errors.version`")))]
pub async fn save_page(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<ShopSettings>,
    ApiPath(id): ApiPath<String>,
    ApiJson(input): ApiJson<AdminStaticPageInput>,
) -> ApiResult<AdminAnswer<Json<AdminStaticPage>>> {
    let before = store::find_desk_page(&state.db, &channel.id, &id).await?.ok_or_else(ApiError::not_found)?;
    let version = input.version.ok_or_else(|| ApiError::field("version", "版番号がありません。画面を読み込み直してください。"))?;
    let after = page_rules::check(input.into_draft()).map_err(ApiError::Invalid)?;
    let stale = || ApiError::rule_with(StatusCode::CONFLICT, STALE_CODE, STALE_MESSAGE);
    if before.version != version {
        return Err(stale());
    }
    let sections: Vec<Section> = after.sections.iter().map(|s| Section { heading: s.heading.clone(), body: s.body.clone() }).collect();
    let sections = serde_json::to_string(&sections).map_err(|e| ApiError::Internal(e.into()))?;
    let page = NewStaticPage { url: &before.url, title: &after.title, sections: &sections, position: 0, is_published: after.is_published };
    let mut tx = state.db.begin_write().await?;
    if !store::update_desk_page(&mut tx, &channel.id, &id, version, &page, Timestamp::now().0).await? {
        return Err(stale());
    }
    audit::record_in(&mut tx, &staff, AuditAction::PageUpdate, &page_rules::describe_change(&before.url, &draft_of(&before)?, &after)).await?;
    tx.commit().await?;
    let saved = store::find_desk_page(&state.db, &channel.id, &id).await?.ok_or_else(ApiError::not_found)?;
    Ok(AdminAnswer::ok(Json(page_of(&saved)?)))
}
