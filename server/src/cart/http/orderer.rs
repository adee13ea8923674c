//! The buyer (ご注文者), the payment method and card, and the other order fields.
use axum::Json;
use axum::extract::State;
use serde::Deserialize;

use crate::cart::open_cart::OpenCart;
use crate::cart::view::{CartBody, Orderer};
use crate::cart::{corporate, shipping_store, store};
use crate::channel::corporate::DeliveryOption;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::members::address::{Address, AddressParts};
use crate::members::business::INVOICE_NOT_APPROVED;
use crate::members::profile;
use crate::state::AppState;
use crate::validation::{self as rules, FieldCheck};

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct OrdererInput {
    pub last_name: Option<String>,
    pub first_name: Option<String>,
    pub last_name_kana: Option<String>,
    pub first_name_kana: Option<String>,
    pub email: Option<String>,
    pub postal_code: Option<String>,
    pub prefecture: Option<String>,
    pub city: Option<String>,
    pub address1: Option<String>,
    pub address2: Option<String>,
    pub phone_number: Option<String>,
    pub company_name: Option<String>,
}

fn check_orderer(input: OrdererInput, corporate: bool) -> ApiResult<Orderer> {
    let mut check = FieldCheck::default();
    let last_name = profile::text(&mut check, "orderer.last_name", input.last_name, true, rules::NAME_MAX);
    let first_name = profile::text(&mut check, "orderer.first_name", input.first_name, true, rules::NAME_MAX);
    let last_name_kana = profile::text(&mut check, "orderer.last_name_kana", input.last_name_kana, !corporate, rules::NAME_MAX);
    let first_name_kana = profile::text(&mut check, "orderer.first_name_kana", input.first_name_kana, !corporate, rules::NAME_MAX);
    check.field("orderer.last_name_kana", rules::optional(&last_name_kana, rules::kana));
    check.field("orderer.first_name_kana", rules::optional(&first_name_kana, rules::kana));
    let email = profile::text(&mut check, "orderer.email", input.email, true, rules::EMAIL_MAX);
    check.field("orderer.email", rules::optional(&email, rules::email));
    let parts =
        AddressParts { postal_code: input.postal_code, prefecture: input.prefecture, city: input.city, address1: input.address1, address2: input.address2 };
    // The orderer's postal code takes `123-4567` on every channel (corporate ones included).
    let address = Address::check(&mut check, "orderer.", parts, true, rules::post);
    let phone_number = profile::text(&mut check, "orderer.phone_number", input.phone_number, true, profile::PHONE_MAX);
    check.field("orderer.phone_number", rules::optional(&phone_number, if corporate { rules::tsunagu_phone } else { rules::tel }));
    let company_name = profile::text(&mut check, "orderer.company_name", input.company_name, false, rules::COMPANY_MAX);
    check.finish()?;
    Ok(Orderer { last_name, first_name, last_name_kana, first_name_kana, email, address, phone_number, company_name })
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CartOrderModifyRequest {
    pub token: String,
    pub payment_method_id: Option<String>,
    /// A saved card of the member (`/v1/me/user-cards`).
    pub card_id: Option<String>,
    /// A one-off token from the gateway's tokeniser.
    pub card_token: Option<String>,
    pub orderer: Option<OrdererInput>,
    /// Corporate: 配送方法 1 問屋引取り (no address needed), 2 店舗直送, 3 お客様直送 (the
    /// shipping's address is the end customer's: name, address and phone).
    pub delivery_option: Option<i64>,
    /// Corporate: 発注番号 for this order (at most 50 characters; empty: none). Not sent: the
    /// member's default from the profile.
    pub purchase_order_no: Option<String>,
}

#[utoipa::path(patch, path = "/v1/carts/order/modify", tag = "cart", request_body = CartOrderModifyRequest,
    responses((status = 200, body = CartBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody, description = "unknown payment method or card, a members-only method for a guest, 請求書払い for a company the shop has not approved (`errors.payment_method_id`), an unknown `delivery_option` or one on a consumer shop, a `purchase_order_no` over 50 characters or on a consumer shop, orderer field errors (`orderer.<field>`)")))]
pub async fn modify_order(State(state): State<AppState>, OpenCart { open, input, channel }: OpenCart<CartOrderModifyRequest>) -> ApiResult<Json<CartBody>> {
    let methods = crate::payments::methods::list_offered(&state.db, &state.gateway, &channel.id).await?;
    let orderer = match input.orderer {
        Some(orderer) => Some(check_orderer(orderer, open.settings.front.is_corporate)?),
        None => None,
    };
    let mut method_id = open.cart.payment_method_id.clone();
    if let Some(id) = input.payment_method_id.as_deref() {
        let method = methods.iter().find(|m| m.id == id).ok_or_else(|| ApiError::field("payment_method_id", "お支払い方法を選択してください"))?;
        if method.member_only != 0 && open.member.is_none() {
            return Err(ApiError::field("payment_method_id", "このお支払い方法は会員の方のみご利用いただけます"));
        }
        if method.kind() == Some(crate::channel::PaymentKind::Invoice) {
            let user = match &open.member {
                Some(member) => crate::members::store::find_user(&state.db.pool, &channel.id, &member.user_id).await?,
                None => None,
            };
            if corporate::invoice_refused(method, user.as_ref()) {
                return Err(ApiError::field("payment_method_id", INVOICE_NOT_APPROVED));
            }
        }
        method_id = Some(method.id.clone());
    }
    let is_card = method_id.as_deref().and_then(|id| methods.iter().find(|m| m.id == id)).is_some_and(|m| m.code == "credit_card");
    let (mut card_id, mut card_token) = (open.cart.card_id.clone(), open.cart.card_token.clone());
    if let Some(id) = input.card_id.as_deref().map(str::trim).filter(|id| !id.is_empty()) {
        let member = open.member.as_ref().ok_or_else(|| ApiError::field("card_id", "カードが見つかりません"))?;
        let card = crate::cards::store::find_card(&state.db.pool, &channel.id, &member.user_id, id)
            .await?
            .ok_or_else(|| ApiError::field("card_id", "カードが見つかりません"))?;
        (card_id, card_token) = (Some(card.id), None);
    }
    if let Some(token) = input.card_token.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
        if token.len() > 200 {
            return Err(ApiError::field("card_token", "カード情報を確認できませんでした"));
        }
        (card_id, card_token) = (None, Some(token.to_owned()));
    }
    if !is_card {
        (card_id, card_token) = (None, None);
    }
    let delivery_option = match input.delivery_option {
        None => None,
        Some(_) if !open.settings.front.is_corporate => return Err(ApiError::field("delivery_option", corporate::DELIVERY_OPTION_NOT_OFFERED)),
        Some(code) => Some(DeliveryOption::parse(code).ok_or_else(|| ApiError::field("delivery_option", corporate::DELIVERY_OPTION_MESSAGE))?),
    };
    let purchase_order_no = match input.purchase_order_no {
        None => None,
        Some(_) if !open.settings.front.is_corporate => {
            return Err(ApiError::field("purchase_order_no", corporate::PURCHASE_ORDER_NO_NOT_OFFERED));
        }
        Some(no) => {
            let mut check = FieldCheck::default();
            let no = profile::text(&mut check, "purchase_order_no", Some(no), false, crate::members::business::ORDER_NO_MAX);
            check.finish()?;
            Some(no)
        }
    };
    let mut tx = open.begin(&state).await?;
    if let Some(no) = &purchase_order_no {
        store::update_purchase_order_no(&mut tx, &open.cart.id, no).await?;
    }
    if let Some(option) = delivery_option {
        store::update_delivery_option(&mut tx, &open.cart.id, Some(option.code())).await?;
        if option == DeliveryOption::Pickup {
            shipping_store::clear_delivery_dates(&mut tx, &open.cart.id).await?;
        }
    }
    store::update_payment(&mut tx, &open.cart.id, method_id.as_deref(), card_id.as_deref(), card_token.as_deref()).await?;
    if let Some(orderer) = orderer {
        store::update_orderer(&mut tx, &open.cart.id, &serde_json::to_string(&orderer).map_err(anyhow::Error::from)?).await?;
    }
    open.commit(tx).await?;
    open.answer(&state).await
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CartOtherModifyRequest {
    pub token: String,
    /// 備考 (at most 1000 characters).
    pub note: Option<String>,
}

#[utoipa::path(patch, path = "/v1/carts/other/modify", tag = "cart", request_body = CartOtherModifyRequest,
    responses((status = 200, body = CartBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn modify_other(State(state): State<AppState>, OpenCart { open, input, .. }: OpenCart<CartOtherModifyRequest>) -> ApiResult<Json<CartBody>> {
    let note = input.note.unwrap_or_default().trim().to_owned();
    if note.chars().count() > 1000 {
        return Err(ApiError::field("note", "備考は1000文字以内で入力してください"));
    }
    let mut tx = open.begin(&state).await?;
    store::update_note(&mut tx, &open.cart.id, &note).await?;
    open.commit(tx).await?;
    open.answer(&state).await
}
