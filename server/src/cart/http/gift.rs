//! `PATCH /v1/carts/social/receiver`: a cart becomes a social gift (the receiver's name and a
//! message instead of an address), or an ordinary cart again. Which carts may be gifts is
//! `cart/gift.rs`.
use axum::Json;
use axum::extract::State;
use serde::Deserialize;

use crate::cart::gift::{MESSAGE_MAX, NAME_MAX, UNAVAILABLE_CODE};
use crate::cart::open_cart::OpenCart;
use crate::cart::view::CartBody;
use crate::cart::{shipping_store, store};
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::state::AppState;
use crate::validation::{FieldCheck, max_length, required};

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CartGiftReceiverRequest {
    pub token: String,
    /// false: an ordinary cart again (the other fields are ignored).
    pub is_social_gift: bool,
    /// The receiver's name or nickname (≤ 30).
    #[serde(default)]
    pub receiver_name: String,
    /// The sender's name shown to the receiver (≤ 30; empty: the orderer's name).
    #[serde(default)]
    pub sender_name: String,
    /// A message to the receiver (≤ 200).
    #[serde(default)]
    pub message: String,
}

#[utoipa::path(patch, path = "/v1/carts/social/receiver", tag = "cart", request_body = CartGiftReceiverRequest,
    responses((status = 200, body = CartBody, description = "the cart, a gift (its shippings' dates cleared: the recipient chooses them) or an ordinary cart again"),
        (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "fields `receiver_name`, `sender_name`, `message`; code `cart.social_gift.unavailable` (the shop has social gift off, products that cannot be gifted, several addresses)")))]
pub async fn social_receiver(State(state): State<AppState>, OpenCart { open, input, .. }: OpenCart<CartGiftReceiverRequest>) -> ApiResult<Json<CartBody>> {
    if !input.is_social_gift {
        let mut tx = open.begin(&state).await?;
        store::update_gift(&mut tx, &open.cart.id, None).await?;
        open.commit(tx).await?;
        return open.answer(&state).await;
    }
    let (receiver, sender, message) = (input.receiver_name.trim(), input.sender_name.trim(), input.message.trim());
    let mut check = FieldCheck::default();
    check.field("receiver_name", required(receiver).map_err(String::from).and_then(|_| max_length(receiver, NAME_MAX)));
    check.field("sender_name", max_length(sender, NAME_MAX));
    check.field("message", max_length(message, MESSAGE_MAX));
    check.finish()?;
    let loaded = open.load(&state).await?;
    if let Some(problem) = loaded.gift_problem(&open.settings) {
        return Err(ApiError::rule(UNAVAILABLE_CODE, problem));
    }
    let mut tx = open.begin(&state).await?;
    // The order needs a shipping for the recipient's address, though the buyer gives none.
    if loaded.shippings.is_empty() {
        shipping_store::insert_shipping(&mut tx, &open.cart.id).await?;
    }
    store::update_gift(&mut tx, &open.cart.id, Some((receiver, sender, message))).await?;
    open.commit(tx).await?;
    open.answer(&state).await
}
