//! Handlers of search histories, product requests and product view histories; the member's
//! own lists of them are in [`me`].
mod me;
use std::collections::HashMap;

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::HISTORY_LIMIT;
use super::request::{ProductRequest, ProductRequestInput};
use super::store::{self, NewRequest};
use crate::auth::{Member, OptionalMember};
use crate::catalog::product_item::{ProductItem, product_items};
use crate::channel::Channel;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::{ApiJson, ApiQuery};
use crate::infra::ids::new_id;
use crate::infra::pagination::ListBody;
use crate::infra::time::Timestamp;
use crate::state::AppState;

/// Views kept per member; more than shown, so deleting one later still leaves ten.
const VIEWS_KEPT: i64 = 50;
const WORD_MAX: usize = 100;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(record_search_word))
        .routes(routes!(create_product_request))
        .routes(routes!(record_product_view))
        .routes(routes!(list_guest_history))
        .merge(me::routes())
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SearchWordQuery {
    /// The search word as typed.
    #[param(required = true, pattern = "\\S")]
    pub word: Option<String>,
}

#[utoipa::path(post, path = "/v1/product-search-histories", tag = "histories", params(SearchWordQuery),
    security((), ("bearer" = [])),
    responses(
        (status = 204, description = "kept in a logged-in member's history; nothing is stored for a visitor"),
        (status = 401, body = ErrorBody, description = "a token was sent but is invalid or expired"),
        (status = 422, body = ErrorBody, description = "blank after trimming, or too long"),
    ))]
async fn record_search_word(
    State(state): State<AppState>,
    channel: Channel,
    OptionalMember(member): OptionalMember,
    ApiQuery(query): ApiQuery<SearchWordQuery>,
) -> ApiResult<StatusCode> {
    let word = query.word.unwrap_or_default();
    let word = word.trim();
    if word.is_empty() {
        return Err(ApiError::field("word", "検索キーワードを入力してください。"));
    }
    if word.chars().count() > WORD_MAX {
        return Err(ApiError::field("word", format!("検索キーワードは{WORD_MAX}文字以内で入力してください。")));
    }
    if let Some(member) = member {
        let mut tx = state.db.begin_write().await?;
        store::insert_search_word(&mut tx, &channel.id, &member.user_id, word, Timestamp::now().0).await?;
        tx.commit().await?;
    }
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct CreatedRequest {
    pub id: String,
}

#[utoipa::path(post, path = "/v1/product-requests", tag = "histories", request_body = ProductRequestInput,
    security((), ("bearer" = [])),
    responses(
        (status = 201, body = CreatedRequest, description = "the request was stored"),
        (status = 422, body = ErrorBody, description = "a field is missing or malformed; `errors` names it"),
    ))]
async fn create_product_request(
    State(state): State<AppState>,
    channel: Channel,
    OptionalMember(member): OptionalMember,
    ApiJson(input): ApiJson<ProductRequestInput>,
) -> ApiResult<(StatusCode, Json<CreatedRequest>)> {
    let request = ProductRequest::try_from(input)?;
    let product_id = match &request.product_key {
        Some(key) => Some(
            store::find_product_id_by_key(&state.db, &channel.id, key)
                .await?
                .ok_or_else(|| ApiError::field("product_key", "指定された商品が見つかりません。"))?,
        ),
        None => None,
    };
    let id = new_id();
    let new = NewRequest {
        user_id: member.as_ref().map(|m| m.user_id.as_str()),
        product_id: product_id.as_deref(),
        name: &request.name,
        email: &request.email,
        body: &request.body,
    };
    let mut tx = state.db.begin_write().await?;
    store::insert_request(&mut tx, &channel.id, &id, &new, Timestamp::now().0).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(CreatedRequest { id })))
}

/// One view (`product_id`), or the browser's guest history flushed at login (`product_ids`,
/// newest first, at most 10).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ProductViewInput {
    pub product_id: Option<String>,
    pub product_ids: Option<Vec<String>>,
}

/// One entry of a product history.
#[derive(Serialize, utoipa::ToSchema)]
pub struct HistoryEntry {
    pub product_id: String,
    pub product: ProductItem,
}

pub(super) fn entries(items: Vec<ProductItem>) -> Vec<HistoryEntry> {
    items.into_iter().map(|product| HistoryEntry { product_id: product.id.clone(), product }).collect()
}

#[utoipa::path(post, path = "/v1/product-histories", tag = "histories", request_body = ProductViewInput,
    security(("bearer" = [])),
    responses(
        (status = 200, body = ListBody<HistoryEntry>, description = "the member's history after this view: newest first, each product once, at most 10"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "`product_id` names no product of this channel"),
        (status = 422, body = ErrorBody, description = "neither or both of `product_id` and `product_ids`, or more than 10 ids"),
    ))]
async fn record_product_view(
    State(state): State<AppState>,
    channel: Channel,
    member: Member,
    ApiJson(input): ApiJson<ProductViewInput>,
) -> ApiResult<Json<ListBody<HistoryEntry>>> {
    let viewed = viewed_ids(&state, &channel, input).await?;
    let now = Timestamp::now().0;
    let mut tx = state.db.begin_write().await?;
    // Oldest first, so the newest view ends at the front.
    for product_id in viewed.iter().rev() {
        store::upsert_view(&mut tx, &channel.id, &member.user_id, product_id, now).await?;
    }
    store::delete_old_views(&mut tx, &channel.id, &member.user_id, VIEWS_KEPT).await?;
    tx.commit().await?;
    let rows = store::list_viewed_products(&state.db, &channel.id, &member.user_id, now, HISTORY_LIMIT as i64).await?;
    let mut items = product_items(&state.db, rows, now).await?;
    crate::catalog::favorite_overlay::mark(&mut items, &state.favorites.ids(&state.db, &channel.id, Some(&member)).await?);
    Ok(Json(ListBody { data: entries(items) }))
}

/// The products a view body names, newest first: one that must exist, or a flushed list
/// whose unknown entries are skipped.
async fn viewed_ids(state: &AppState, channel: &Channel, input: ProductViewInput) -> ApiResult<Vec<String>> {
    match (input.product_id, input.product_ids) {
        (Some(id), None) => {
            if !store::product_exists(&state.db, &channel.id, &id).await? {
                return Err(ApiError::not_found());
            }
            Ok(vec![id])
        }
        (None, Some(ids)) => {
            if ids.len() > HISTORY_LIMIT {
                return Err(ApiError::field("product_ids", format!("閲覧履歴は{HISTORY_LIMIT}件まで送れます。")));
            }
            let mut known = Vec::new();
            for id in ids {
                if !known.contains(&id) && store::product_exists(&state.db, &channel.id, &id).await? {
                    known.push(id);
                }
            }
            Ok(known)
        }
        _ => Err(ApiError::field("product_id", "product_idかproduct_idsのどちらか一方を指定してください。")),
    }
}

/// `ids[]` (also `ids` and `ids[0]`), each kept once in the order given, at most 10.
fn parse_ids(pairs: &[(String, String)]) -> Vec<String> {
    let mut ids: Vec<String> = Vec::new();
    for (name, value) in pairs {
        let is_id = name == "ids" || name.strip_prefix("ids[").and_then(|rest| rest.strip_suffix(']')).is_some_and(|i| i.bytes().all(|b| b.is_ascii_digit()));
        let value = value.trim();
        if is_id && !value.is_empty() && value.len() <= 64 && !ids.iter().any(|id| id == value) {
            ids.push(value.to_owned());
            if ids.len() == HISTORY_LIMIT {
                break;
            }
        }
    }
    ids
}

#[utoipa::path(get, path = "/v1/guest/product-histories", tag = "histories",
    params(("ids[]" = Option<Vec<String>>, Query, description = "product ids from the browser's history, newest first")),
    responses(
        (status = 200, body = ListBody<HistoryEntry>, description = "those products in the given order, unknown or unlistable ones skipped, at most 10"),
        (status = 422, body = ErrorBody),
    ))]
async fn list_guest_history(
    State(state): State<AppState>,
    channel: Channel,
    ApiQuery(pairs): ApiQuery<Vec<(String, String)>>,
) -> ApiResult<Json<ListBody<HistoryEntry>>> {
    let ids = parse_ids(&pairs);
    let now = Timestamp::now().0;
    let rows = store::list_listable_products_by_ids(&state.db, &channel.id, &ids, now).await?;
    let mut by_id: HashMap<String, ProductItem> = product_items(&state.db, rows, now).await?.into_iter().map(|item| (item.id.clone(), item)).collect();
    let ordered = ids.iter().filter_map(|id| by_id.remove(id)).collect();
    Ok(Json(ListBody { data: entries(ordered) }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    #[test]
    fn ids_keep_their_order_once_each_and_stop_at_ten() {
        assert_eq!(parse_ids(&pairs(&[("ids[]", "b"), ("ids[1]", "a"), ("ids", "b"), ("other", "c")])), ["b", "a"]);
        let many: Vec<(String, String)> = (0..30).map(|i| ("ids[]".to_string(), i.to_string())).collect();
        assert_eq!(parse_ids(&many).len(), 10);
        assert!(parse_ids(&pairs(&[("ids[]", " "), ("ids[x]", "a")])).is_empty());
    }
}
