//! The complete page's order (`GET /v1/carts/order/{order_no}`): the order as the order
//! history shows it (orders::order_json). Only the cart token that made the order, or the
//! order's member, may read it.
use axum::Json;
use axum::extract::State;
use serde::Deserialize;

use crate::auth::OptionalMember;
use crate::cart::open_cart::find_visible;
use crate::channel::Channel;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::{ApiPath, ApiQuery};
use crate::orders::view::Order;
use crate::state::AppState;

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CartOrderQuery {
    /// The cart token that made the order (not needed by the order's member).
    pub token: Option<String>,
}

#[utoipa::path(get, path = "/v1/carts/order/{order_no}", tag = "cart", params(("order_no" = String, Path), CartOrderQuery),
    responses(
        (status = 200, body = crate::orders::view::Order, description = "the order the cart made (complete page)"),
        (status = 404, body = ErrorBody, description = "no such order, or neither its cart token nor its member"),
    ))]
pub async fn show_cart_order(
    State(state): State<AppState>,
    channel: Channel,
    member: OptionalMember,
    ApiPath(order_no): ApiPath<String>,
    ApiQuery(query): ApiQuery<CartOrderQuery>,
) -> ApiResult<Json<Order>> {
    let order = crate::orders::store::find_order_by_no(&state.db.pool, &channel.id, order_no.trim()).await?.ok_or_else(ApiError::not_found)?;
    let by_member = matches!((&order.user_id, &member.0), (Some(owner), Some(m)) if *owner == m.user_id);
    let by_cart = match query.token.as_deref() {
        Some(token) => find_visible(&state, &channel, member.0.as_ref(), token).await?.is_some_and(|cart| cart.id == order.cart_id),
        None => false,
    };
    if !by_member && !by_cart {
        return Err(ApiError::not_found());
    }
    let answer = crate::orders::order_json(&state, &channel, &order.id).await?.ok_or_else(ApiError::not_found)?;
    Ok(Json(answer))
}
