//! The review desk (レビュー管理, issue 31): the shop's reviews by state (承認待ち, 公開中,
//! 非公開), published, hidden or deleted by staff with the review's `version`; the product's
//! star average on the storefront follows at once (the catalogue's cached answers are dropped).
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::catalog::store::reviews::{self, DeskReviewRow, Moderation};
use crate::channel::Channel;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::{ApiJson, ApiPath, ApiQuery};
use crate::infra::pagination::{AllowAll, Page, PageQuery, Paginated};
use crate::infra::search_text::contains_pattern;
use crate::infra::time::Timestamp;
use crate::staff::answer::VersionQuery;
use crate::staff::audit::{self, AuditAction};
use crate::staff::permission::{Can, CatalogEdit, CatalogView};
use crate::state::AppState;
use crate::validation::FieldCheck;

pub const STALE_CODE: &str = "catalog.review.stale";
const STALE_MESSAGE: &str = "このレビューは他のスタッフが更新しました。画面を読み込み直してください。";
const SEARCH_MAX: usize = 100;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_reviews)).routes(routes!(review_counts)).routes(routes!(set_review_status)).routes(routes!(delete_review))
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ReviewState {
    Pending,
    Published,
    Hidden,
}

impl From<Moderation> for ReviewState {
    fn from(state: Moderation) -> Self {
        match state {
            Moderation::Pending => ReviewState::Pending,
            Moderation::Published => ReviewState::Published,
            Moderation::Hidden => ReviewState::Hidden,
        }
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct AdminReview {
    pub id: String,
    pub product_id: String,
    pub product_key: String,
    pub product_code: String,
    pub product_name: String,
    /// 1–5.
    pub rating: i64,
    pub title: String,
    pub body: String,
    pub nickname: String,
    /// The reviewer bought the product here.
    pub is_purchaser: bool,
    pub created_at: Timestamp,
    pub status: ReviewState,
    pub version: i64,
}

impl From<DeskReviewRow> for AdminReview {
    fn from(row: DeskReviewRow) -> Self {
        AdminReview {
            status: Moderation::of(row.is_published == 1, row.moderated_at.is_some()).into(),
            id: row.id,
            product_id: row.product_id,
            product_key: row.product_key,
            product_code: row.product_code,
            product_name: row.product_name,
            rating: row.rating,
            title: row.title,
            body: row.body,
            nickname: row.nickname,
            is_purchaser: row.is_purchaser == 1,
            created_at: Timestamp(row.created_at),
            version: row.version,
        }
    }
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ReviewListQuery {
    /// pending (default), published, hidden, all.
    #[param(value_type = Option<String>, pattern = "^(pending|published|hidden|all)$")]
    pub status: Option<String>,
    /// Part of the product's name or code, the nickname, the title or the body.
    pub q: Option<String>,
    pub page: Option<String>,
    pub per: Option<String>,
}

#[utoipa::path(get, path = "/v1/admin/reviews", operation_id = "admin_list_reviews", tag = "admin", params(ReviewListQuery),
    responses((status = 200, body = crate::infra::pagination::ListBody<AdminReview>, description = "newest first, with x-total and the other page headers"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody, description = "`errors.status` or `errors.q`")))]
pub async fn list_reviews(
    State(state): State<AppState>,
    channel: Channel,
    _can: Can<CatalogView>,
    ApiQuery(query): ApiQuery<ReviewListQuery>,
) -> ApiResult<Paginated<AdminReview>> {
    let page = Page::parse(&PageQuery { page: query.page.clone(), per: query.per.clone() }, 20, AllowAll::No)?;
    let mut check = FieldCheck::default();
    let status = match query.status.as_deref().unwrap_or("pending") {
        "pending" | "" => Some(Moderation::Pending),
        "published" => Some(Moderation::Published),
        "hidden" => Some(Moderation::Hidden),
        "all" => None,
        _ => {
            check.field("status", Err("pending、published、hidden、all のいずれかを指定してください。"));
            None
        }
    };
    let q = query.q.as_deref().map(str::trim).filter(|q| !q.is_empty());
    if q.is_some_and(|q| q.chars().count() > SEARCH_MAX) {
        check.field("q", Err(format!("{SEARCH_MAX}文字以内で入力してください。")));
    }
    check.finish()?;
    let like = q.map(contains_pattern);
    let (rows, total) = reviews::list_desk_reviews(&state.db, &channel.id, status, like.as_deref(), page).await?;
    Ok(Paginated::new(rows.into_iter().map(AdminReview::from).collect(), total, page))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ReviewCounts {
    pub pending: i64,
    pub published: i64,
    pub hidden: i64,
}

#[utoipa::path(get, path = "/v1/admin/reviews/counts", operation_id = "admin_review_counts", tag = "admin",
    responses((status = 200, body = ReviewCounts), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn review_counts(State(state): State<AppState>, channel: Channel, _can: Can<CatalogView>) -> ApiResult<Json<ReviewCounts>> {
    let (pending, published, hidden) = reviews::count_desk_reviews(&state.db, &channel.id).await?;
    Ok(Json(ReviewCounts { pending, published, hidden }))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ReviewStatusInput {
    /// published or hidden.
    pub status: ReviewState,
    pub version: i64,
}

fn outcome(found: Option<bool>) -> ApiResult<()> {
    match found {
        Some(true) => Ok(()),
        Some(false) => Err(ApiError::rule_with(StatusCode::CONFLICT, STALE_CODE, STALE_MESSAGE)),
        None => Err(ApiError::not_found()),
    }
}

#[utoipa::path(put, path = "/v1/admin/reviews/{id}/status", operation_id = "admin_set_review_status", tag = "admin", params(("id" = String, Path)),
    request_body = ReviewStatusInput,
    responses((status = 200, body = AdminReview), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "`catalog.review.stale`"), (status = 422, body = ErrorBody, description = "`errors.status`: pending is not a decision")))]
pub async fn set_review_status(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<CatalogEdit>,
    ApiPath(id): ApiPath<String>,
    ApiJson(input): ApiJson<ReviewStatusInput>,
) -> ApiResult<Json<AdminReview>> {
    let publish = match input.status {
        ReviewState::Published => true,
        ReviewState::Hidden => false,
        ReviewState::Pending => return Err(ApiError::field("status", "公開または非公開を選んでください。")),
    };
    let mut tx = state.db.begin_write().await?;
    outcome(reviews::update_review_published(&mut tx, &channel.id, &id, input.version, publish, Timestamp::now().0).await?)?;
    let shown = if publish { "公開" } else { "非公開" };
    audit::record_in(&mut tx, &staff, AuditAction::ReviewModerate, &format!("{id} {shown}")).await?;
    tx.commit().await?;
    // The product page's review summary is cached: show the new average at once.
    state.catalog_cache.invalidate_all();
    let row = reviews::find_desk_review(&state.db, &channel.id, &id).await?.ok_or_else(ApiError::not_found)?;
    Ok(Json(row.into()))
}

#[utoipa::path(delete, path = "/v1/admin/reviews/{id}", operation_id = "admin_delete_review", tag = "admin", params(("id" = String, Path), VersionQuery),
    responses((status = 204, description = "deleted"), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody), (status = 422, body = ErrorBody, description = "`errors.version`")))]
pub async fn delete_review(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<CatalogEdit>,
    ApiPath(id): ApiPath<String>,
    ApiQuery(query): ApiQuery<VersionQuery>,
) -> ApiResult<StatusCode> {
    let version = query.version()?;
    let mut tx = state.db.begin_write().await?;
    outcome(reviews::delete_review(&mut tx, &channel.id, &id, version).await?)?;
    audit::record_in(&mut tx, &staff, AuditAction::ReviewDelete, &id).await?;
    tx.commit().await?;
    state.catalog_cache.invalidate_all();
    Ok(StatusCode::NO_CONTENT)
}
