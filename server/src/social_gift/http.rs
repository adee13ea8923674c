//! The recipient's calls (spec 001 §7: by token, no login) and the sender's new link.
use axum::Json;
use axum::extract::State;
use axum::http::HeaderMap;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::link::{self, GiftLink};
use super::mails::{self, Registered};
use super::recipient::{self, GiftAddressInput, OpenGift, checked_address, checked_delivery, delivery_date_for};
use super::view::{self, GiftCompletion, GiftShippingBody, SocialGiftBody};
use crate::auth::Member;
use crate::channel::Channel;
use crate::delivery::choices::DateChoices;
use crate::delivery::delivery_date;
use crate::infra::client::Client;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::{ApiJson, ApiPath, ApiQuery};
use crate::infra::time::Timestamp;
use crate::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(show_gift))
        .routes(routes!(show_gift_shipping))
        .routes(routes!(show_gift_completion))
        .routes(routes!(check_shipping))
        .routes(routes!(check_delivery))
        .routes(routes!(input_leadtimes))
        .routes(routes!(register_destination))
        .routes(routes!(reissue_link))
        .routes(routes!(reissue_guest_link))
}

const GONE: &str = "code `social_gift.not_found` (wrong, replaced or unknown token), `social_gift.expired` (the deadline passed; the message names it), `social_gift.cancelled`";

#[utoipa::path(get, path = "/v1/social-gifts/{token}/products", tag = "social_gift", params(("token" = String, Path)),
    responses((status = 200, body = SocialGiftBody, description = "the gift without prices; state `accepted`: the address is registered (show the completion)"),
        (status = 404, body = ErrorBody, description = GONE)))]
async fn show_gift(State(state): State<AppState>, channel: Channel, ApiPath(token): ApiPath<String>) -> ApiResult<Json<SocialGiftBody>> {
    let open = recipient::open(&state, &channel, &token).await?;
    let (lines, shipping) = open.parts(&state).await?;
    Ok(Json(SocialGiftBody {
        state: open.gift.state.clone(),
        receiver_name: open.gift.receiver_name.clone(),
        sender_name: open.gift.sender_name.clone(),
        message: open.gift.message.clone(),
        expires_at: open.gift.expires_at.map(Timestamp),
        shop_name: open.settings.front.site_name.clone(),
        packing: view::packing(&shipping),
        products: view::products(&lines),
    }))
}

#[utoipa::path(get, path = "/v1/social-gifts/{token}/shipping", tag = "social_gift", params(("token" = String, Path)),
    responses((status = 200, body = GiftShippingBody, description = "the shipping the address goes to"), (status = 404, body = ErrorBody, description = GONE)))]
async fn show_gift_shipping(State(state): State<AppState>, channel: Channel, ApiPath(token): ApiPath<String>) -> ApiResult<Json<GiftShippingBody>> {
    let open = recipient::open(&state, &channel, &token).await?;
    let (_, shipping) = open.parts(&state).await?;
    Ok(Json(GiftShippingBody {
        id: shipping.id,
        state: open.gift.state.clone(),
        expires_at: open.gift.expires_at.map(Timestamp),
        receiver_name: open.gift.receiver_name.clone(),
    }))
}

#[utoipa::path(get, path = "/v1/social-gifts/{token}/complete", tag = "social_gift", params(("token" = String, Path)),
    responses((status = 200, body = GiftCompletion, description = "the registered address, date and slot, and the products"),
        (status = 404, body = ErrorBody, description = "as the other calls; `social_gift.not_found` also while no address is registered")))]
async fn show_gift_completion(State(state): State<AppState>, channel: Channel, ApiPath(token): ApiPath<String>) -> ApiResult<Json<GiftCompletion>> {
    let open = recipient::open(&state, &channel, &token).await?;
    if !open.is_accepted() {
        return Err(recipient::not_found());
    }
    completion(&state, &open).await.map(Json)
}

async fn completion(state: &AppState, open: &OpenGift) -> ApiResult<GiftCompletion> {
    let (lines, shipping) = open.parts(state).await?;
    Ok(GiftCompletion {
        state: open.gift.state.clone(),
        receiver_name: open.gift.receiver_name.clone(),
        sender_name: open.gift.sender_name.clone(),
        shop_name: open.settings.front.site_name.clone(),
        address: view::address_view(&shipping.address_json),
        delivery_date_label: shipping.delivery_date.as_deref().and_then(crate::validation::parse_date).map(delivery_date::label),
        delivery_date: shipping.delivery_date,
        delivery_timezone_label: shipping.delivery_timezone_label,
        products: view::products(&lines),
    })
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct GiftShippingCheck {
    pub token: String,
    pub shipping: GiftAddressInput,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct GiftCheckAnswer {
    pub ok: bool,
}

#[utoipa::path(post, path = "/v1/social-gifts/check/shipping", tag = "social_gift", request_body = GiftShippingCheck,
    responses((status = 200, body = GiftCheckAnswer), (status = 404, body = ErrorBody, description = "as the token calls, and `social_gift.accepted`"),
        (status = 422, body = ErrorBody, description = "field errors under the address book's field names, and `email`")))]
async fn check_shipping(State(state): State<AppState>, channel: Channel, ApiJson(input): ApiJson<GiftShippingCheck>) -> ApiResult<Json<GiftCheckAnswer>> {
    let open = recipient::open(&state, &channel, &input.token).await?;
    open.waiting()?;
    checked_address(&state, input.shipping, open.settings.front.is_corporate).await?;
    Ok(Json(GiftCheckAnswer { ok: true }))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct GiftDeliveryCheck {
    pub token: String,
    /// The recipient's postal code and prefecture (the date depends on them).
    #[serde(default)]
    pub postal_code: String,
    #[serde(default)]
    pub prefecture: String,
    /// `YYYY-MM-DD`; null or empty: the earliest.
    pub delivery_at: Option<String>,
    /// A time slot key; null or empty: none.
    pub delivery_timezone: Option<String>,
}

#[utoipa::path(post, path = "/v1/social-gifts/check/delivery", tag = "social_gift", request_body = GiftDeliveryCheck,
    responses((status = 200, body = GiftCheckAnswer), (status = 404, body = ErrorBody, description = "as the token calls, and `social_gift.accepted`"),
        (status = 422, body = ErrorBody, description = "fields `delivery_at` (not among the dates offered now), `delivery_timezone`")))]
async fn check_delivery(State(state): State<AppState>, channel: Channel, ApiJson(input): ApiJson<GiftDeliveryCheck>) -> ApiResult<Json<GiftCheckAnswer>> {
    let open = recipient::open(&state, &channel, &input.token).await?;
    open.waiting()?;
    let when = delivery_date_for(&state, &channel.id, Some(&input.postal_code), Some(&input.prefecture)).await?;
    checked_delivery(&when, input.delivery_at.as_deref(), input.delivery_timezone.as_deref())?;
    Ok(Json(GiftCheckAnswer { ok: true }))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct InputLeadtimeQuery {
    /// The recipient's postal code.
    pub postal: Option<String>,
    /// The recipient's prefecture.
    pub pref: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct InputLeadtime {
    pub order_shipping_id: String,
    #[serde(flatten)]
    pub choices: DateChoices,
}

#[utoipa::path(get, path = "/v1/shipping-leadtime/input/{token}", tag = "social_gift", params(("token" = String, Path), InputLeadtimeQuery),
    responses((status = 200, body = Vec<InputLeadtime>, description = "the dates and slots a parcel sent now can arrive at the recipient's address (the checkout's rule)"),
        (status = 404, body = ErrorBody, description = "as the token calls, and `social_gift.accepted`")))]
async fn input_leadtimes(
    State(state): State<AppState>,
    channel: Channel,
    ApiPath(token): ApiPath<String>,
    ApiQuery(query): ApiQuery<InputLeadtimeQuery>,
) -> ApiResult<Json<Vec<InputLeadtime>>> {
    let open = recipient::open(&state, &channel, &token).await?;
    open.waiting()?;
    let (_, shipping) = open.parts(&state).await?;
    let when = delivery_date_for(&state, &channel.id, query.postal.as_deref(), query.pref.as_deref()).await?;
    Ok(Json(vec![InputLeadtime { order_shipping_id: shipping.id, choices: when.into() }]))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct GiftDestination {
    pub shipping: GiftAddressInput,
    pub delivery_at: Option<String>,
    pub delivery_timezone: Option<String>,
}

#[utoipa::path(put, path = "/v1/social-gifts/{token}", tag = "social_gift", params(("token" = String, Path)), request_body = GiftDestination,
    responses((status = 200, body = GiftCompletion, description = "registered (once); everything checked again: the date must still be offered"),
        (status = 404, body = ErrorBody, description = "as the token calls, and `social_gift.accepted` (a link accepts one address)"),
        (status = 422, body = ErrorBody, description = "the address fields, `email`, `delivery_at`, `delivery_timezone`")))]
async fn register_destination(
    State(state): State<AppState>,
    channel: Channel,
    ApiPath(token): ApiPath<String>,
    ApiJson(input): ApiJson<GiftDestination>,
) -> ApiResult<Json<GiftCompletion>> {
    let open = recipient::open(&state, &channel, &token).await?;
    open.waiting()?;
    let (address, email) = checked_address(&state, input.shipping, open.settings.front.is_corporate).await?;
    let when = delivery_date_for(&state, &channel.id, Some(&address.address.postal_code), Some(&address.address.prefecture)).await?;
    let (date, timezone) = checked_delivery(&when, input.delivery_at.as_deref(), input.delivery_timezone.as_deref())?;
    let (_, shipping) = open.parts(&state).await?;
    recipient::accept(&state, &open, &shipping, address, &email, date, timezone).await?;
    let open = recipient::open(&state, &channel, &token).await?;
    let answer = completion(&state, &open).await?;
    send_registered_mails(&state, &open, &answer, &email).await;
    Ok(Json(answer))
}

/// The recipient's confirmation and the sender's notice (prefecture and date only). A mail
/// that fails is logged: the registration stands.
async fn send_registered_mails(state: &AppState, open: &OpenGift, answer: &GiftCompletion, email: &str) {
    let registered = Registered {
        shop: &answer.shop_name,
        order_no: &open.order.order_no,
        sender_name: &answer.sender_name,
        receiver_name: &answer.receiver_name,
        address: &answer.address,
        when: mails::when_label(answer.delivery_date_label.as_deref(), answer.delivery_timezone_label.as_deref()),
        products: &answer.products,
    };
    let orderer = crate::orders::view::orderer_of(&open.order);
    let mut outgoing = vec![mails::to_recipient(email, &registered)];
    if !open.order.orderer_email.is_empty() {
        outgoing.push(mails::to_sender_registered(&open.order.orderer_email, &orderer.name(), &answer.address.prefecture, &registered));
    }
    for mail in outgoing {
        if let Err(error) = state.mailer.send(mail).await {
            tracing::warn!(order_no = %open.order.order_no, error = format!("{error:#}"), "a social gift mail was not sent");
        }
    }
}

#[utoipa::path(post, path = "/v1/me/orders/{id}/social-gift/link", tag = "social_gift", security(("bearer" = [])), params(("id" = String, Path)),
    responses((status = 200, body = GiftLink, description = "a new link for the recipient; the old one stops working; the deadline stays"),
        (status = 401, body = ErrorBody), (status = 404, body = ErrorBody, description = "not the member's order, or not a gift"),
        (status = 422, body = ErrorBody, description = "code `social_gift.not_waiting`: the gift is accepted, expired or cancelled")))]
async fn reissue_link(
    State(state): State<AppState>,
    channel: Channel,
    member: Member,
    client: Client,
    headers: HeaderMap,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<Json<GiftLink>> {
    let order = crate::orders::store::find_member_order(&state.db.pool, &channel.id, &member.user_id, &id).await?.ok_or_else(ApiError::not_found)?;
    let origin = crate::members::links::link_origin(&state, &channel, &channel.id, &headers, client.https).await?;
    link::reissue_for(&state, &order, &origin).await.map(Json)
}

#[utoipa::path(post, path = "/v1/orders/{no}/guest/social-gift/link", tag = "social_gift", params(("no" = String, Path), GuestQuery),
    responses((status = 200, body = GiftLink, description = "a guest's new link (order number and the order's `t`); the old one stops working"),
        (status = 404, body = ErrorBody, description = "wrong number or `t`, or not a gift"),
        (status = 422, body = ErrorBody, description = "code `social_gift.not_waiting`")))]
async fn reissue_guest_link(
    State(state): State<AppState>,
    channel: Channel,
    client: Client,
    headers: HeaderMap,
    ApiPath(no): ApiPath<String>,
    ApiQuery(query): ApiQuery<GuestQuery>,
) -> ApiResult<Json<GiftLink>> {
    let order = crate::orders::find_guest_order(&state, &channel, &no, query.t.as_deref()).await?;
    let origin = crate::members::links::link_origin(&state, &channel, &channel.id, &headers, client.https).await?;
    link::reissue_for(&state, &order, &origin).await.map(Json)
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct GuestQuery {
    /// The order's guest token (the receipt link's `t`).
    pub t: Option<String>,
}
