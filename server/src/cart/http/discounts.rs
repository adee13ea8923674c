//! Coupons and points on the cart, and the payment error shown after a declined card.
use axum::Json;
use axum::extract::State;
use serde::Deserialize;

use super::lifecycle::CartTokenRequest;
use crate::auth::OptionalMember;
use crate::cart::coupon_rule;
use crate::cart::loaded;
use crate::cart::open_cart::{Open, OpenCart};
use crate::cart::store;
use crate::cart::view::CartBody;
use crate::channel::Channel;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::ApiJson;
use crate::infra::ids::UserId;
use crate::state::AppState;

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CartCouponRequest {
    pub token: String,
    pub code: String,
}

#[utoipa::path(patch, path = "/v1/carts/coupons/add", tag = "cart", request_body = CartCouponRequest,
    responses((status = 200, body = CartBody, description = "the coupon replaces any other"), (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "field `code`: クーポンが存在しません / 利用期間外 / 会員限定 / 取得が必要 / 利用済み / 最低金額")))]
pub async fn add_coupon(State(state): State<AppState>, OpenCart { open, input, channel }: OpenCart<CartCouponRequest>) -> ApiResult<Json<CartBody>> {
    let code = input.code.trim();
    if code.is_empty() {
        return Err(ApiError::field("code", "クーポンコードを入力してください"));
    }
    let guest = UserId::default();
    let user_id = open.member.as_ref().map_or(&guest, |m| &m.user_id);
    let coupon = crate::coupons::store::find_coupon_by_code(&state.db, &channel.id, user_id, &crate::coupons::desk::normalise_code(code))
        .await?
        .ok_or_else(|| ApiError::field("code", coupon_rule::COUPON_NOT_FOUND))?;
    let loaded = open.load(&state).await?;
    let standing = coupon_rule::CouponStanding::of(&state.db, &coupon, open.member.as_ref().map(|m| &m.user_id)).await?;
    if let Some(problem) = coupon_rule::coupon_problem(&coupon, standing, loaded.items_subtotal(), open.now) {
        return Err(ApiError::field("code", problem));
    }
    let mut tx = open.begin(&state).await?;
    store::update_coupon(&mut tx, &open.cart.id, Some(&coupon.id)).await?;
    open.commit(tx).await?;
    open.answer(&state).await
}

#[utoipa::path(patch, path = "/v1/carts/coupons/delete", tag = "cart", request_body = CartCouponRequest,
    responses((status = 200, body = CartBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn delete_coupon(State(state): State<AppState>, OpenCart { open, .. }: OpenCart<CartCouponRequest>) -> ApiResult<Json<CartBody>> {
    let mut tx = open.begin(&state).await?;
    store::update_coupon(&mut tx, &open.cart.id, None).await?;
    open.commit(tx).await?;
    open.answer(&state).await
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CartPointRequest {
    pub token: String,
    pub use_points: Option<i64>,
}

#[utoipa::path(patch, path = "/v1/carts/point", tag = "cart", request_body = CartPointRequest,
    responses((status = 200, body = CartBody), (status = 401, body = ErrorBody, description = "members only"), (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "field `use_points`: over the balance, negative, or points are off in this shop")))]
pub async fn use_points(
    State(state): State<AppState>,
    channel: Channel,
    member: OptionalMember,
    ApiJson(input): ApiJson<CartPointRequest>,
) -> ApiResult<Json<CartBody>> {
    if member.0.is_none() {
        return Err(ApiError::Unauthorized);
    }
    let open = Open::for_change(&state, &channel, member, &input.token).await?;
    let Some(user_id) = open.member.as_ref().map(|m| m.user_id.clone()) else {
        return Err(ApiError::Unauthorized);
    };
    let points = input.use_points.unwrap_or(0);
    if points < 0 {
        return Err(ApiError::field("use_points", "ポイントは0以上で入力してください"));
    }
    if points > 0 && open.settings.earn_rate == 0 {
        return Err(ApiError::field("use_points", "このショップではポイントをご利用いただけません"));
    }
    let balance = crate::points::ledger_store::balance(&state.db.pool, &user_id).await?;
    if points > balance {
        return Err(ApiError::field("use_points", format!("保有ポイント（{} ポイント）を超えて利用することはできません", loaded::yen(balance))));
    }
    let mut tx = open.begin(&state).await?;
    store::update_use_points(&mut tx, &open.cart.id, points).await?;
    open.commit(tx).await?;
    open.answer(&state).await
}

#[utoipa::path(patch, path = "/v1/carts/transaction/error/delete", tag = "cart", request_body = CartTokenRequest,
    responses((status = 200, body = CartBody, description = "transaction_error cleared"), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn delete_transaction_error(
    State(state): State<AppState>,
    channel: Channel,
    member: OptionalMember,
    ApiJson(input): ApiJson<CartTokenRequest>,
) -> ApiResult<Json<CartBody>> {
    let open = Open::get(&state, &channel, member, &input.token).await?;
    store::update_transaction_error(&state.db.pool, &open.cart.id, None).await?;
    open.answer(&state).await
}
