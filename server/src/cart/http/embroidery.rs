//! `PATCH /v1/carts/products/embroidery`: a cart line's name embroidery, a copy of one of the
//! member's presets (the rule and the line's price: `cart/embroidery.rs`).
use axum::Json;
use axum::extract::State;
use serde::Deserialize;

use crate::auth::Member;
use crate::cart::open_cart::OpenCart;
use crate::cart::view::CartBody;
use crate::cart::{embroidery, store};
use crate::embroidery::store as preset_store;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::state::AppState;

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CartEmbroideryRequest {
    pub token: String,
    /// The cart line (`CartProduct.key`).
    pub key: String,
    /// One of the member's presets; null takes the embroidery off.
    pub preset_id: Option<String>,
}

#[utoipa::path(patch, path = "/v1/carts/products/embroidery", tag = "cart", request_body = CartEmbroideryRequest,
    security(("bearer" = [])),
    responses((status = 200, body = CartBody, description = "the cart; the line carries a copy of the preset and its price is raised by the product's embroidery price"),
        (status = 401, body = ErrorBody, description = "embroidery presets are a member's: log in"),
        (status = 404, body = ErrorBody, description = "no such cart, line, or preset of this member"),
        (status = 422, body = ErrorBody, description = "`preset_id`: the product cannot be embroidered, or the text is longer than the product allows")))]
pub async fn set_embroidery(
    State(state): State<AppState>,
    // Before the cart: without a member the answer is 401, whatever the body names.
    member: Member,
    OpenCart { open, input, .. }: OpenCart<CartEmbroideryRequest>,
) -> ApiResult<Json<CartBody>> {
    let loaded = open.load(&state).await?;
    let line = loaded.lines.iter().find(|l| l.id == input.key).ok_or_else(ApiError::not_found)?;
    let stored = match input.preset_id.as_deref() {
        None => None,
        Some(preset_id) => {
            let preset = preset_store::find(&state.db, &open.cart.channel_id, &member.user_id, preset_id).await?.ok_or_else(ApiError::not_found)?;
            Some(embroidery::stored_for(line, preset)?)
        }
    };
    let mut tx = open.begin(&state).await?;
    store::update_line_embroidery(&mut tx, &line.id, stored.as_deref()).await?;
    open.commit(tx).await?;
    open.answer(&state).await
}
