//! Accessories added under a product's line.
use axum::Json;
use axum::extract::State;
use serde::Deserialize;

use super::lines::{CartLineQuantityRequest, CartLineRequest, find_variation, remove_line, set_line_quantity};
use crate::cart::line_rules::{check_quantity, check_sellable, check_stock, line_not_found};
use crate::cart::open_cart::OpenCart;
use crate::cart::store;
use crate::cart::view::CartBody;
use crate::catalog::availability::MAX_QUANTITY;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::state::AppState;

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CartAccessoryAddRequest {
    pub token: String,
    /// The product line the accessory belongs to.
    pub key: String,
    pub variation_key: String,
    #[schema(required = true, value_type = i64, minimum = 1, maximum = 99)]
    pub quantity: Option<i64>,
}

#[utoipa::path(patch, path = "/v1/carts/accessories/add", tag = "cart", request_body = CartAccessoryAddRequest,
    responses((status = 200, body = CartBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody, description = "not an accessory of that product, stock, or the sale codes")))]
pub async fn add_accessory(State(state): State<AppState>, OpenCart { open, input, channel }: OpenCart<CartAccessoryAddRequest>) -> ApiResult<Json<CartBody>> {
    let quantity = check_quantity(input.quantity)?;
    let v = find_variation(&state, &channel, Some(&input.variation_key), None).await?;
    check_sellable(&open.settings, &v, open.now)?;
    let mut tx = open.begin(&state).await?;
    let lines = store::list_lines(&mut *tx, &open.cart.id).await?;
    let parent = lines.iter().find(|l| l.id == input.key && l.parent_line_id.is_none()).ok_or_else(line_not_found)?;
    if !crate::catalog::store::variations::is_accessory_of(&mut *tx, &parent.variation.product_id, &v.product_id).await? {
        return Err(ApiError::field("variation_key", "この商品の付属品ではありません"));
    }
    let in_cart: i64 = lines.iter().filter(|l| l.variation.variation_id == v.variation_id).map(|l| l.quantity).sum();
    check_stock(&v, in_cart + quantity)?;
    match lines.iter().find(|l| l.parent_line_id.as_deref() == Some(parent.id.as_str()) && l.variation.variation_id == v.variation_id) {
        Some(existing) => store::update_line_quantity(&mut tx, &existing.id, (existing.quantity + quantity).min(MAX_QUANTITY)).await?,
        None => {
            store::insert_line(&mut tx, &open.cart.id, parent.shipping_id.as_deref(), &v.variation_id, Some(&parent.id), quantity, open.now).await?;
        }
    }
    open.commit(tx).await?;
    open.answer(&state).await
}

#[utoipa::path(patch, path = "/v1/carts/accessories/modify", tag = "cart", request_body = CartLineQuantityRequest,
    responses((status = 200, body = CartBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn modify_accessory(State(state): State<AppState>, OpenCart { open, input, .. }: OpenCart<CartLineQuantityRequest>) -> ApiResult<Json<CartBody>> {
    set_line_quantity(&state, &open, &input.key, input.quantity, true).await?;
    open.answer(&state).await
}

#[utoipa::path(patch, path = "/v1/carts/accessories/delete", tag = "cart", request_body = CartLineRequest,
    responses((status = 200, body = CartBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn delete_accessory(State(state): State<AppState>, OpenCart { open, input, .. }: OpenCart<CartLineRequest>) -> ApiResult<Json<CartBody>> {
    remove_line(&state, &open, &input.key, true).await?;
    open.answer(&state).await
}
