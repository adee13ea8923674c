//! `POST /v1/carts/{token}/decision` (注文確定): claims the cart for one decision, places the
//! order (`checkout/decision.rs`), counts how it ended, and releases the cart when it failed. A
//! retried decision answers the order the cart already made.
use axum::Json;
use axum::extract::State;
use axum::http::HeaderMap;

use crate::auth::OptionalMember;
use crate::cart::open_cart::Open;
use crate::cart::store;
use crate::cart::{DECLINED_CODE, OUT_OF_STOCK_CODE};
use crate::channel::Channel;
use crate::checkout::card_payment::{self, DecisionBody, in_progress};
use crate::checkout::decision::place;
use crate::infra::client::Client;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::ApiPath;
use crate::infra::metrics;
use crate::state::AppState;

#[utoipa::path(post, path = "/v1/carts/{token}/decision", tag = "cart", params(("token" = String, Path)), request_body = serde_json::Value,
    responses(
        (status = 200, body = DecisionBody, description = "the order (a retry answers the same order)"),
        (status = 404, body = ErrorBody, description = "unknown cart, or another member's"),
        (status = 409, body = ErrorBody, description = "code `cart.decision.in_progress`: another decision of this cart is paying"),
        (status = 422, body = ErrorBody, description = "codes `cart.decision.out_of_stock`, `cart.decision.delivery_date` (the chosen date has passed: choose again; or the address is a remote island where no date nor time slot can be chosen, with the reason as message), `cart.update_products.not_sale`, `cart.update_products.product_not_found`, `cart.payment.declined` (the gateway's message; the cart is kept), `cart.decision.incomplete`, `cart.coupons.invalid`, `cart.payment.unavailable`, `cart.common.is_expired`, `cart.social_gift.unavailable` (a gift the shop no longer allows: products, several addresses, social gift off)"),
    ))]
pub async fn decide(
    State(state): State<AppState>,
    channel: Channel,
    member: OptionalMember,
    client: Client,
    headers: HeaderMap,
    ApiPath(token): ApiPath<String>,
) -> ApiResult<Json<DecisionBody>> {
    let open = Open::get(&state, &channel, member, &token).await?;
    // Where the guest's receipt link in the mail points (only our own host names).
    let origin = crate::members::links::link_origin(&state, &channel, &channel.id, &headers, client.https).await?;
    if let Some(order_id) = &open.cart.order_id {
        return card_payment::answer_placed(&state, &channel, &open, order_id).await.map(Json);
    }
    let stale_before = open.now - state.config.payment_settle_after_ms();
    if !store::update_claim_decision(&state.db, &open.cart.id, open.now, stale_before).await? {
        // Another decision of this cart finished or is running.
        let cart = store::find_cart(&state.db.pool, &open.cart.id).await?.ok_or_else(ApiError::not_found)?;
        if let Some(order_id) = &cart.order_id
            && cart.payment_in_progress == 0
        {
            return card_payment::answer_placed(&state, &channel, &open, order_id).await.map(Json);
        }
        return Err(in_progress());
    }
    let outcome = place(&state, &channel, &open, &origin).await;
    metrics::checkout_order(DecisionOutcome::of(&outcome).as_str());
    if outcome.is_err() {
        // The cart stays the buyer's to fix and retry (or, with an order awaiting its card
        // payment, to resume).
        let _ = store::update_release_decision(&state.db.pool, &open.cart.id).await;
    }
    outcome.map(Json)
}

/// How a decision that ran ended (the `checkout_orders_total` metric; a retry answered with
/// the order the cart already made is not counted again).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum DecisionOutcome {
    /// The order is placed (and its card, if any, charged).
    Placed,
    OutOfStock,
    /// The card gateway declined the charge.
    Declined,
    /// The gateway did not answer: the order waits for a retry or the reconciler.
    Unconfirmed,
    /// Another rule refused it (incomplete cart, coupon, delivery date …).
    Refused,
    /// An internal error.
    Failed,
}

impl DecisionOutcome {
    fn of(outcome: &ApiResult<DecisionBody>) -> Self {
        match outcome {
            Ok(_) => DecisionOutcome::Placed,
            Err(ApiError::Rule { code: Some(code), .. }) if *code == OUT_OF_STOCK_CODE => DecisionOutcome::OutOfStock,
            Err(ApiError::Rule { code: Some(code), .. }) if *code == DECLINED_CODE => DecisionOutcome::Declined,
            Err(ApiError::Rule { code: Some(code), .. }) if *code == card_payment::UNCONFIRMED_CODE => DecisionOutcome::Unconfirmed,
            Err(ApiError::Internal(_)) => DecisionOutcome::Failed,
            Err(_) => DecisionOutcome::Refused,
        }
    }

    fn as_str(self) -> &'static str {
        match self {
            DecisionOutcome::Placed => "placed",
            DecisionOutcome::OutOfStock => "out_of_stock",
            DecisionOutcome::Declined => "declined",
            DecisionOutcome::Unconfirmed => "unconfirmed",
            DecisionOutcome::Refused => "refused",
            DecisionOutcome::Failed => "failed",
        }
    }
}
