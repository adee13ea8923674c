//! The member's own histories in the mypage: viewed products, search words and product
//! requests, each listed and deletable one entry at a time.
use std::collections::HashMap;

use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{HistoryEntry, entries};
use crate::auth::Member;
use crate::catalog::product_item::{ProductItem, product_items};
use crate::channel::Channel;
use crate::histories::HISTORY_LIMIT;
use crate::histories::store;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::{ApiPath, ApiQuery};
use crate::infra::pagination::{AllowAll, DEFAULT_PER, Page, PageQuery, Paginated};
use crate::infra::time::Timestamp;
use crate::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_product_history))
        .routes(routes!(delete_product_history))
        .routes(routes!(list_search_history))
        .routes(routes!(delete_search_history))
        .routes(routes!(list_request_history))
        .routes(routes!(delete_request_history))
}

#[utoipa::path(get, path = "/v1/me/product-histories", tag = "histories",
    security(("bearer" = [])),
    responses(
        (status = 200, body = crate::infra::pagination::ListBody<HistoryEntry>, description = "the products the member viewed: newest first, each once, at most 10", headers(
            ("x-total" = i64), ("x-per-page" = i64), ("x-last-page" = i64), ("x-current-page" = i64))),
        (status = 401, body = ErrorBody),
    ))]
async fn list_product_history(State(state): State<AppState>, channel: Channel, member: Member) -> ApiResult<Paginated<HistoryEntry>> {
    let now = Timestamp::now().0;
    let limit = HISTORY_LIMIT as i64;
    let rows = store::list_viewed_products(&state.db, &channel.id, &member.user_id, now, limit).await?;
    let total = store::count_viewed_products(&state.db, &channel.id, &member.user_id, now, limit).await?;
    let mut items = product_items(&state.db, rows, now).await?;
    crate::catalog::favorite_overlay::mark(&mut items, &state.favorites.ids(&state.db, &channel.id, Some(&member)).await?);
    Ok(Paginated::new(entries(items), total, Page { current: 1, per: limit }))
}

#[utoipa::path(delete, path = "/v1/me/product-histories/{product_id}", tag = "histories",
    params(("product_id" = String, Path, description = "the viewed product's id")),
    security(("bearer" = [])),
    responses(
        (status = 204, description = "the product left the member's history"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "the product is not in the member's history"),
    ))]
async fn delete_product_history(
    State(state): State<AppState>,
    channel: Channel,
    member: Member,
    ApiPath(product_id): ApiPath<String>,
) -> ApiResult<StatusCode> {
    let mut tx = state.db.begin_write().await?;
    let deleted = store::delete_view(&mut tx, &channel.id, &member.user_id, &product_id).await?;
    tx.commit().await?;
    if deleted { Ok(StatusCode::NO_CONTENT) } else { Err(ApiError::not_found()) }
}

/// One search of the member.
#[derive(Serialize, utoipa::ToSchema)]
pub struct SearchHistory {
    pub id: String,
    pub word: String,
    pub created_at: Timestamp,
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct HistoryPageQuery {
    /// 1-based page number.
    #[param(schema_with = crate::infra::pagination::page_schema)]
    pub page: Option<String>,
    /// Page size (default 10, at most 100).
    #[param(schema_with = crate::infra::pagination::per_schema)]
    pub per: Option<String>,
}

impl HistoryPageQuery {
    fn page(self) -> ApiResult<Page> {
        Page::parse(&PageQuery { page: self.page, per: self.per }, DEFAULT_PER, AllowAll::No)
    }
}

#[utoipa::path(get, path = "/v1/me/product-search-histories", tag = "histories", params(HistoryPageQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, body = crate::infra::pagination::ListBody<SearchHistory>, description = "the member's searches, newest first", headers(
            ("x-total" = i64), ("x-per-page" = i64), ("x-last-page" = i64), ("x-current-page" = i64))),
        (status = 401, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "`page` or `per` is malformed"),
    ))]
async fn list_search_history(
    State(state): State<AppState>,
    channel: Channel,
    member: Member,
    ApiQuery(query): ApiQuery<HistoryPageQuery>,
) -> ApiResult<Paginated<SearchHistory>> {
    let page = query.page()?;
    let (rows, total) = store::page_search_words(&state.db, &channel.id, &member.user_id, page.per, page.offset()).await?;
    let items = rows.into_iter().map(|r| SearchHistory { id: r.id, word: r.word, created_at: Timestamp(r.created_at) }).collect();
    Ok(Paginated::new(items, total, page))
}

#[utoipa::path(delete, path = "/v1/me/product-search-histories/{id}", tag = "histories",
    params(("id" = String, Path, description = "the search history entry's id")),
    security(("bearer" = [])),
    responses(
        (status = 204, description = "the entry is gone"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "no such entry of this member"),
    ))]
async fn delete_search_history(State(state): State<AppState>, channel: Channel, member: Member, ApiPath(id): ApiPath<String>) -> ApiResult<StatusCode> {
    let mut tx = state.db.begin_write().await?;
    let deleted = store::delete_search_word(&mut tx, &channel.id, &member.user_id, &id).await?;
    tx.commit().await?;
    if deleted { Ok(StatusCode::NO_CONTENT) } else { Err(ApiError::not_found()) }
}

/// A request the member sent about a product (restock, stock, a product the shop lacks).
#[derive(Serialize, utoipa::ToSchema)]
pub struct RequestHistory {
    pub id: String,
    /// The product asked about, while it is published; null for a free request or one no
    /// longer sold.
    pub product: Option<ProductItem>,
    pub name: String,
    pub email: String,
    pub body: String,
    pub created_at: Timestamp,
}

#[utoipa::path(get, path = "/v1/me/product-request-histories", tag = "histories", params(HistoryPageQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, body = crate::infra::pagination::ListBody<RequestHistory>, description = "requests the member sent while logged in, newest first", headers(
            ("x-total" = i64), ("x-per-page" = i64), ("x-last-page" = i64), ("x-current-page" = i64))),
        (status = 401, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "`page` or `per` is malformed"),
    ))]
async fn list_request_history(
    State(state): State<AppState>,
    channel: Channel,
    member: Member,
    ApiQuery(query): ApiQuery<HistoryPageQuery>,
) -> ApiResult<Paginated<RequestHistory>> {
    let page = query.page()?;
    let (rows, total) = store::page_member_requests(&state.db, &channel.id, &member.user_id, page.per, page.offset()).await?;
    let product_ids: Vec<String> = rows.iter().filter_map(|r| r.product_id.clone()).collect();
    let now = Timestamp::now().0;
    let mut products =
        product_items(&state.db, crate::catalog::store::products::list_published_products_by_ids(&state.db, &channel.id, &product_ids).await?, now).await?;
    crate::catalog::favorite_overlay::mark(&mut products, &state.favorites.ids(&state.db, &channel.id, Some(&member)).await?);
    let by_id: HashMap<String, ProductItem> = products.into_iter().map(|p| (p.id.clone(), p)).collect();
    let items = rows
        .into_iter()
        .map(|r| RequestHistory {
            product: r.product_id.as_ref().and_then(|id| by_id.get(id)).cloned(),
            id: r.id,
            name: r.name,
            email: r.email,
            body: r.body,
            created_at: Timestamp(r.created_at),
        })
        .collect();
    Ok(Paginated::new(items, total, page))
}

#[utoipa::path(delete, path = "/v1/me/product-request-histories/{id}", tag = "histories",
    params(("id" = String, Path, description = "the request's id")),
    security(("bearer" = [])),
    responses(
        (status = 204, description = "the request left the member's history"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "no such request of this member"),
    ))]
async fn delete_request_history(State(state): State<AppState>, channel: Channel, member: Member, ApiPath(id): ApiPath<String>) -> ApiResult<StatusCode> {
    let mut tx = state.db.begin_write().await?;
    let deleted = store::delete_member_request(&mut tx, &channel.id, &member.user_id, &id).await?;
    tx.commit().await?;
    if deleted { Ok(StatusCode::NO_CONTENT) } else { Err(ApiError::not_found()) }
}
