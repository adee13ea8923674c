//! The payment methods of the shop, and which of them a cart may use (with the fee and
//! the reason when one is not available).
use axum::Json;
use axum::extract::State;
use serde::Serialize;

use crate::auth::OptionalMember;
use crate::cart::open_cart::Open;
use crate::channel::Channel;
use crate::checkout::payment_availability::availability;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::ApiPath;
use crate::payments::methods;
use crate::payments::store::PaymentMethodRow;
use crate::state::AppState;

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PaymentMethod {
    pub id: String,
    /// credit_card | cod | bank_transfer | invoice | deferred
    pub code: String,
    pub name: String,
    pub description: String,
    /// The lowest fee of the method's tiers (its fee for a cart is in /payments/carts).
    pub fee: i64,
    pub member_only: bool,
}

fn method_json(m: &PaymentMethodRow) -> PaymentMethod {
    PaymentMethod {
        id: m.id.clone(),
        code: m.code.clone(),
        name: m.name.clone(),
        description: m.description.clone(),
        fee: crate::cart::loaded::fee_of(m).lowest_fee(),
        member_only: m.member_only != 0,
    }
}

#[utoipa::path(get, path = "/v1/payments", tag = "cart",
    responses((status = 200, body = Vec<PaymentMethod>, description = "the channel's enabled payment methods in order; card payment only where a gateway serves the shop")))]
pub async fn list_payments(State(state): State<AppState>, channel: Channel) -> ApiResult<Json<Vec<PaymentMethod>>> {
    let methods = methods::list_offered(&state.db, &state.gateway, &channel.id).await?;
    Ok(Json(methods.iter().map(method_json).collect()))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CartPaymentOption {
    #[serde(flatten)]
    pub method: PaymentMethod,
    pub is_available: bool,
    pub unavailable_reason: Option<String>,
}

#[utoipa::path(get, path = "/v1/payments/carts/{token}", tag = "cart", params(("token" = String, Path)),
    responses((status = 200, body = Vec<CartPaymentOption>, description = "every enabled method with whether it can pay this cart and its fee for it"), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn list_cart_payments(
    State(state): State<AppState>,
    channel: Channel,
    member: OptionalMember,
    ApiPath(token): ApiPath<String>,
) -> ApiResult<Json<Vec<CartPaymentOption>>> {
    let open = Open::get(&state, &channel, member, &token).await?;
    let loaded = open.load(&state).await?;
    let methods = methods::list_offered(&state.db, &state.gateway, &channel.id).await?;
    Ok(Json(
        methods
            .iter()
            .map(|m| {
                let (is_available, unavailable_reason, fee) = availability(&loaded, &open.settings, m, open.now);
                let mut method = method_json(m);
                method.fee = fee;
                CartPaymentOption { method, is_available, unavailable_reason }
            })
            .collect(),
    ))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CartPaymentCheck {
    pub is_available: bool,
    pub message: Option<String>,
}

#[utoipa::path(get, path = "/v1/carts/{token}/payment/{payment_id}/check", tag = "cart", params(("token" = String, Path), ("payment_id" = String, Path)),
    responses((status = 200, body = CartPaymentCheck), (status = 404, body = ErrorBody, description = "unknown cart or payment method"), (status = 422, body = ErrorBody)))]
pub async fn check_payment(
    State(state): State<AppState>,
    channel: Channel,
    member: OptionalMember,
    ApiPath((token, payment_id)): ApiPath<(String, String)>,
) -> ApiResult<Json<CartPaymentCheck>> {
    let open = Open::get(&state, &channel, member, &token).await?;
    let loaded = open.load(&state).await?;
    let methods = methods::list_offered(&state.db, &state.gateway, &channel.id).await?;
    let method = methods.iter().find(|m| m.id == payment_id).ok_or_else(ApiError::not_found)?;
    let (is_available, message, _) = availability(&loaded, &open.settings, method, open.now);
    Ok(Json(CartPaymentCheck { is_available, message }))
}
