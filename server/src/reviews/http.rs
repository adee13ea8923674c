//! The handler of a member's review.
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::rules::{self, ReviewFields};
use super::{ALREADY_POSTED_CODE, APPROVAL_SETTING, NG_WORDS_SETTING};
use crate::auth::Member;
use crate::catalog::store::{self as catalog_store, reviews::NewMemberReview};
use crate::channel::Channel;
use crate::channel::settings::setting;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::{ApiJson, ApiPath};
use crate::infra::ids::new_id;
use crate::infra::time::Timestamp;
use crate::members::store as member_store;
use crate::orders::store as order_store;
use crate::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(post_review))
}

/// The spec sends the review as a nested object.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ReviewInput {
    #[schema(required = true, value_type = ReviewFields)]
    pub review: Option<ReviewFields>,
}

#[derive(Debug, Clone, Copy, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ReviewStatus {
    /// Listed on the product page now.
    Published,
    /// Waiting for the shop's approval (REVIEW.IS_APPROVAL).
    Pending,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct PostedReview {
    pub id: String,
    pub product_id: String,
    pub rating: i64,
    pub title: String,
    pub body: String,
    pub nickname: String,
    /// The member bought the product (shown as 購入者).
    pub is_purchaser: bool,
    pub created_at: Timestamp,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct ReviewAnswer {
    pub review: PostedReview,
    pub status: ReviewStatus,
}

// The spec writes this path with `{product_id}` and the list's with `{key}`; one router
// cannot hold both names at one place, so the segment is `{key}` here and takes either.
#[utoipa::path(post, path = "/v1/products/{key}/reviews", tag = "catalog", request_body = ReviewInput,
    params(("key" = String, Path, description = "the product's id (the spec's `product_id`), or its key")),
    security(("bearer" = [])),
    responses(
        (status = 201, body = ReviewAnswer, description = "kept: listed at once, or after the shop approves it (`status`)"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "no such product in this shop"),
        (status = 422, body = ErrorBody, description = "field errors (rating 1–5, title 1–50, body 10–1000, nickname ≤ 20, NG words); or code `reviews.already_posted`"),
    ))]
async fn post_review(
    State(state): State<AppState>,
    channel: Channel,
    member: Member,
    ApiPath(id_or_key): ApiPath<String>,
    ApiJson(input): ApiJson<ReviewInput>,
) -> ApiResult<(StatusCode, Json<ReviewAnswer>)> {
    let (product_id, product_key) = match catalog_store::products::find_product_key_by_id(&state.db, &channel.id, &id_or_key).await? {
        Some(key) => (id_or_key, key),
        None => {
            let product = catalog_store::products::find_product_by_key(&state.db, &channel.id, &id_or_key).await?.ok_or_else(ApiError::not_found)?;
            (product.card.id, id_or_key)
        }
    };
    let user = member_store::find_user(&state.db.pool, &channel.id, &member.user_id).await?.ok_or(ApiError::Unauthorized)?;
    let stored = crate::channel::store::list_settings(&state.db, &channel.id).await?;
    let ng_words: Vec<String> = setting(&stored, NG_WORDS_SETTING, Vec::new());
    let needs_approval: bool = setting(&stored, APPROVAL_SETTING, false);
    let default_nickname =
        if user.profile.last_name.trim().is_empty() { "購入者さん".to_owned() } else { format!("{}さん", user.profile.last_name.trim()) };
    let review = rules::check(input.review.unwrap_or_default(), &default_nickname, &ng_words)?;
    let is_purchaser = order_store::has_bought(&state.db, &channel.id, &member.user_id, &product_key).await?;
    let id = new_id();
    let now = Timestamp::now().0;
    let new = NewMemberReview {
        id: &id,
        channel_id: &channel.id,
        product_id: &product_id,
        user_id: &member.user_id,
        rating: review.rating,
        title: &review.title,
        body: &review.body,
        nickname: &review.nickname,
        is_purchaser,
        is_published: !needs_approval,
    };
    let mut tx = state.db.begin_write().await?;
    if !catalog_store::reviews::insert_member_review(&mut tx, &new, now).await? {
        return Err(ApiError::rule(ALREADY_POSTED_CODE, "この商品のレビューは投稿済みです。"));
    }
    tx.commit().await?;
    if !needs_approval {
        // The product page (its review summary) is cached: show the new average at once here.
        state.catalog_cache.invalidate_all();
    }
    let status = if needs_approval { ReviewStatus::Pending } else { ReviewStatus::Published };
    let review = PostedReview {
        id,
        product_id,
        rating: review.rating,
        title: review.title,
        body: review.body,
        nickname: review.nickname,
        is_purchaser,
        created_at: Timestamp(now),
    };
    Ok((StatusCode::CREATED, Json(ReviewAnswer { review, status })))
}
