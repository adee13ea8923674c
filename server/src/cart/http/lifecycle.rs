//! Starting, showing and resetting a cart; a guest cart becoming the member's at login.
use axum::Json;
use axum::extract::State;
use serde::Deserialize;

use crate::auth::OptionalMember;
use crate::cart::open_cart::{Open, OpenCart, find_visible};
use crate::cart::settings::CheckoutSettings;
use crate::cart::view::CartBody;
use crate::cart::{LIFETIME_MS, loaded, merge, shipping_store, store};
use crate::channel::Channel;
use crate::infra::db::Tx;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::{ApiJson, ApiPath};
use crate::infra::ids::{ChannelId, UserId};
use crate::infra::secret::random_hex;
use crate::infra::secret::sha256_hex;
use crate::infra::time::Timestamp;
use crate::state::AppState;

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CartInitRequest {
    pub token: Option<String>,
    /// Drop lines that are gone, not on sale or sold out, and name them in `removed_products`.
    pub invalid_product: Option<bool>,
}

#[utoipa::path(post, path = "/v1/carts/init", tag = "cart", request_body = CartInitRequest,
    responses(
        (status = 200, body = CartBody, description = "the cart of the token, or a new one (no/unknown/expired/ordered token, or another member's). With a bearer token a guest cart becomes the member's; when the member already has an open cart the guest cart's lines merge into it and its token is answered. `reason` is `product_not_found` when lines were dropped"),
        (status = 401, body = ErrorBody, description = "a bearer token was sent but is not valid"),
    ))]
pub async fn init_cart(
    State(state): State<AppState>,
    channel: Channel,
    member: OptionalMember,
    ApiJson(input): ApiJson<CartInitRequest>,
) -> ApiResult<Json<CartBody>> {
    let now = Timestamp::now().0;
    let member = member.0;
    let user_id = member.as_ref().map(|m| m.user_id.clone());
    // A member whose book is empty gets the own address entry (the profile) now.
    if let Some(user_id) = &user_id
        && crate::addresses::store::find_own_id(&state.db, user_id).await?.is_none()
    {
        let mut tx = state.db.begin_write().await?;
        crate::addresses::store::insert_own(&mut tx, &channel.id, user_id, now).await?;
        tx.commit().await?;
    }
    let given = match input.token.as_deref() {
        Some(token) => match find_visible(&state, &channel, member.as_ref(), token).await?.filter(|c| c.expires_at > now) {
            Some(cart) if cart.order_id.is_none() || awaits_authentication(&state, &channel, cart.order_id.as_deref()).await? => Some(cart),
            _ => None,
        },
        None => None,
    };
    let mut tx = state.db.begin_write().await?;
    let (cart_id, token) = match (given, &user_id) {
        (Some(cart), None) => (cart.id, input.token.clone().unwrap_or_default()),
        (Some(cart), Some(user_id)) if cart.user_id.as_deref() == Some(user_id.as_str()) => (cart.id, input.token.clone().unwrap_or_default()),
        (Some(guest), Some(user_id)) => match store::find_open_member_cart(&mut *tx, &channel.id, user_id, &guest.id, now).await? {
            // The member already has a cart: the guest's lines join it, and its token is answered.
            Some(own) => {
                merge::merge_lines(&mut tx, &guest.id, &own.id, now).await?;
                store::delete_cart(&mut tx, &guest.id).await?;
                let token = renew_token(&mut tx, &own.id).await?;
                (own.id, token)
            }
            None => {
                store::update_cart_user(&mut tx, &guest.id, user_id).await?;
                (guest.id, input.token.clone().unwrap_or_default())
            }
        },
        (None, Some(user_id)) => match store::find_open_member_cart(&mut *tx, &channel.id, user_id, "", now).await? {
            // The member's cart from another device: its token is replaced (only hashes are kept).
            Some(own) => {
                let token = renew_token(&mut tx, &own.id).await?;
                (own.id, token)
            }
            None => new_cart(&mut tx, &channel.id, Some(user_id), now).await?,
        },
        (None, None) => new_cart(&mut tx, &channel.id, None, now).await?,
    };
    let mut removed = Vec::new();
    if input.invalid_product.unwrap_or(false) {
        let settings = CheckoutSettings::load(&state.db, &channel).await?;
        for line in store::list_lines(&mut *tx, &cart_id).await? {
            let v = &line.variation;
            let unsellable = settings.front.is_selling_stopped() || loaded::line_problem(v, now).is_some() || v.stock_quantity <= 0;
            if unsellable {
                store::delete_line(&mut tx, &line.id).await?;
                removed.push(v.product_name.clone());
            }
        }
    }
    store::update_touched(&mut tx, &cart_id, now, now + LIFETIME_MS).await?;
    tx.commit().await?;
    let settings = CheckoutSettings::load(&state.db, &channel).await?;
    let cart = store::find_cart(&state.db.pool, &cart_id).await?.ok_or_else(ApiError::not_found)?;
    let loaded = loaded::load(&state.db, &state.gateway, cart).await?;
    let mut body = loaded.body(&token, &settings, now);
    body.reason = Some(if removed.is_empty() { String::new() } else { "product_not_found".to_owned() }).filter(|r| !r.is_empty());
    body.removed_products = removed;
    Ok(Json(body))
}

/// A new cart: a random 128-bit token, only its hash stored.
async fn new_cart(tx: &mut Tx, channel_id: &ChannelId, user_id: Option<&UserId>, now: i64) -> ApiResult<(String, String)> {
    let token = random_hex(16);
    let id = store::insert_cart(tx, channel_id, &sha256_hex(&token), user_id, now, now + LIFETIME_MS).await?;
    Ok((id, token))
}

/// A new random token for an existing cart (only its hash is stored).
async fn renew_token(tx: &mut Tx, cart_id: &str) -> ApiResult<String> {
    let token = random_hex(16);
    store::update_token_hash(tx, cart_id, &sha256_hex(&token)).await?;
    Ok(token)
}

#[utoipa::path(get, path = "/v1/carts/{token}", tag = "cart", params(("token" = String, Path)),
    responses(
        (status = 200, body = CartBody),
        (status = 404, body = ErrorBody, description = "unknown token, or another member's cart"),
        (status = 422, body = ErrorBody, description = "code `cart.common.is_expired`"),
    ))]
pub async fn show_cart(State(state): State<AppState>, channel: Channel, member: OptionalMember, ApiPath(token): ApiPath<String>) -> ApiResult<Json<CartBody>> {
    let open = Open::get(&state, &channel, member, &token).await?;
    open.answer(&state).await
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CartTokenRequest {
    pub token: String,
}

#[utoipa::path(patch, path = "/v1/carts/reset", tag = "cart", request_body = CartTokenRequest,
    responses((status = 200, body = CartBody, description = "lines, shippings, coupon, points and payment removed"), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn reset_cart(State(state): State<AppState>, OpenCart { open, .. }: OpenCart<CartTokenRequest>) -> ApiResult<Json<CartBody>> {
    let mut tx = open.begin(&state).await?;
    store::update_reset(&mut tx, &open.cart.id).await?;
    open.commit(tx).await?;
    open.answer(&state).await
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CartShippingsResetRequest {
    pub token: String,
    pub is_removing_address: Option<bool>,
}

#[utoipa::path(patch, path = "/v1/carts/shippings/reset", tag = "cart", request_body = CartShippingsResetRequest,
    responses((status = 200, body = CartBody, description = "one shipping left holding every line, its date cleared (and its address when is_removing_address)"), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn reset_shippings(State(state): State<AppState>, OpenCart { open, input, .. }: OpenCart<CartShippingsResetRequest>) -> ApiResult<Json<CartBody>> {
    let mut tx = open.begin(&state).await?;
    let shippings = shipping_store::list_shippings(&mut *tx, &open.cart.id).await?;
    if let Some(first) = shippings.first() {
        shipping_store::update_shippings_reset(&mut tx, &open.cart.id, &first.id, input.is_removing_address.unwrap_or(false)).await?;
    }
    open.commit(tx).await?;
    open.answer(&state).await
}

/// The cart's order waits for its customer to come back from a 3-D Secure challenge: the cart
/// stays the browser's (its token is what `/cart/authentication` decides with, and a failed
/// challenge opens it again with its lines).
async fn awaits_authentication(state: &AppState, channel: &Channel, order_id: Option<&str>) -> ApiResult<bool> {
    let Some(order_id) = order_id else { return Ok(false) };
    let order = crate::orders::store::find_order(&state.db.pool, &channel.id, order_id).await?;
    Ok(order
        .is_some_and(|o| o.status == crate::orders::status::Status::AwaitingPayment.code() && o.payment_due_at.is_some() && o.payment_code == "credit_card"))
}
