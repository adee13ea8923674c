//! A cart that is a social gift (issue 15): the receiver's name and a message instead of an
//! address, which carts may be gifts, and `PATCH /v1/carts/social/receiver`. The order it
//! becomes and the recipient's side are `social_gift/`'s.
use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};

use super::loaded::Loaded;
use super::open_cart::*;
use super::settings::CheckoutSettings;
use super::shipping_store;
use super::store;
use super::view::CartBody;
use crate::infra::error::{ApiResult, ErrorBody};
use crate::state::AppState;
use crate::validation::{FieldCheck, max_length, required};

pub const UNAVAILABLE_CODE: &str = "cart.social_gift.unavailable";
pub const OFF_MESSAGE: &str = "ソーシャルギフトはこのショップでは利用できません。";
pub const ONE_SHIPPING_MESSAGE: &str = "ソーシャルギフトはお届け先が1か所のご注文でご利用いただけます。";
pub const NAME_MAX: usize = 30;
pub const MESSAGE_MAX: usize = 200;

/// What the cart answer says about social gift.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CartSocialGift {
    /// The shop offers social gift.
    pub offered: bool,
    /// This cart may be (or stay) a gift now.
    pub allowed: bool,
    /// Why not, in Japanese (products that cannot be gifted, several addresses …).
    pub unavailable_reason: Option<String>,
    /// Days the recipient has to choose the address, from the payment.
    pub days: i64,
    /// The carriage a gift pays (the address is unknown when the buyer pays).
    pub carriage: i64,
    /// Payment method codes a gift may use.
    pub payment_codes: Vec<String>,
    /// Set: this cart is a gift.
    pub receiver: Option<CartGiftReceiver>,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct CartGiftReceiver {
    pub receiver_name: String,
    /// Shown to the receiver; empty: the orderer's name.
    pub sender_name: String,
    pub message: String,
}

impl Loaded {
    pub fn is_gift(&self) -> bool {
        self.cart.gift_receiver_name.is_some()
    }

    /// Why this cart cannot be a gift now (None: it can).
    pub fn gift_problem(&self, settings: &CheckoutSettings) -> Option<String> {
        if !settings.gift.is_use {
            return Some(OFF_MESSAGE.into());
        }
        let mut excluded: Vec<&str> =
            self.lines.iter().filter(|l| !settings.gift.allows_product(&l.variation.product_code)).map(|l| l.variation.product_name.as_str()).collect();
        excluded.dedup();
        if !excluded.is_empty() {
            return Some(format!("{}はソーシャルギフトでお贈りいただけません。", excluded.iter().map(|n| format!("「{n}」")).collect::<String>()));
        }
        let used_shippings = self.shippings.iter().filter(|s| self.lines.iter().any(|l| l.shipping_id.as_deref() == Some(s.id.as_str()))).count();
        (used_shippings > 1).then(|| ONE_SHIPPING_MESSAGE.into())
    }

    pub fn gift_view(&self, settings: &CheckoutSettings) -> CartSocialGift {
        let problem = self.gift_problem(settings);
        CartSocialGift {
            offered: settings.gift.is_use,
            allowed: problem.is_none(),
            unavailable_reason: problem,
            days: settings.gift.days,
            carriage: settings.gift.carriage_rule(&settings.carriage).default,
            payment_codes: settings.gift.payment_codes(),
            receiver: self.cart.gift_receiver_name.as_ref().map(|name| CartGiftReceiver {
                receiver_name: name.clone(),
                sender_name: self.cart.gift_sender_name.clone(),
                message: self.cart.gift_message.clone(),
            }),
        }
    }
}

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
        return Err(rule(UNAVAILABLE_CODE, problem));
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

/// A gift's problem at the decision, as the decision's error.
pub fn check_gift_decidable(loaded: &Loaded, settings: &CheckoutSettings) -> ApiResult<()> {
    match loaded.is_gift().then(|| loaded.gift_problem(settings)).flatten() {
        Some(problem) => Err(rule(UNAVAILABLE_CODE, problem)),
        None => Ok(()),
    }
}
