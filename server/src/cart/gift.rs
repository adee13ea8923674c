//! A cart that is a social gift (issue 15): the receiver's name and a message instead of an
//! address, and which carts may be gifts (`PATCH /v1/carts/social/receiver` is
//! `http/gift.rs`). The order it becomes and the recipient's side are `social_gift/`'s.
use serde::Serialize;

use super::loaded::Loaded;
use super::settings::CheckoutSettings;
use crate::infra::error::{ApiError, ApiResult};

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

/// A gift's problem at the decision, as the decision's error.
pub fn check_gift_decidable(loaded: &Loaded, settings: &CheckoutSettings) -> ApiResult<()> {
    match loaded.is_gift().then(|| loaded.gift_problem(settings)).flatten() {
        Some(problem) => Err(ApiError::rule(UNAVAILABLE_CODE, problem)),
        None => Ok(()),
    }
}
