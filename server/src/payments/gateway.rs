//! The gateway interface the checkout and the card list use. One enum, one variant per
//! gateway (the in-process sandbox, Stripe): adding another (SB Payment Service, GMO) means
//! adding a variant and its module, and nothing in the cart changes. Which gateway serves a
//! channel is `gateways.rs`.
use super::sandbox::Sandbox;
use super::stripe::Stripe;
use crate::infra::ids::ChannelId;
use crate::infra::money::Yen;

#[derive(Clone, Debug)]
pub enum Gateway {
    Sandbox(Sandbox),
    Stripe(Stripe),
}

/// What the buyer reads when a card is refused; every gateway maps its own reasons onto these.
pub const DECLINED_MESSAGE: &str = "カードが承認されませんでした。別のカードをお使いいただくか、カード会社にお問い合わせください。";
pub const LIMIT_MESSAGE: &str = "カードのご利用可能額を超えています。別のカードをお使いください。";
pub const TOKEN_GONE_MESSAGE: &str = "カード情報の有効期限が切れました。もう一度カード情報を入力してください。";
pub const EXPIRED_CARD_MESSAGE: &str = "カードの有効期限が切れています。別のカードをお使いください。";
pub const SECURITY_CODE_MESSAGE: &str = "セキュリティコードが正しくありません。カード情報を入力し直してください。";
pub const GATEWAY_ERROR_MESSAGE: &str = "カード会社との通信でエラーが発生しました。しばらくしてからもう一度お試しください。";
/// The adapters do not run the 3-D Secure challenge (README, "Payment gateway"): a card that
/// asks for it is refused rather than charged without it.
pub const AUTHENTICATION_MESSAGE: &str = "このカードは本人認証（3Dセキュア）が必要なため、ご利用いただけません。別のカードをお使いください。";
/// A channel that no gateway serves.
pub const UNAVAILABLE_MESSAGE: &str = "このショップでは現在クレジットカード決済をご利用いただけません。";

/// One charge: `source` is a one-off token from the tokeniser or a saved card's `card_ref`.
#[derive(Debug, Clone)]
pub struct ChargeRequest<'a> {
    pub channel_id: &'a ChannelId,
    pub source: &'a str,
    pub amount: Yen,
    /// The same key (the order id) always answers the same charge, so a resumed payment
    /// never charges twice.
    pub idempotency_key: &'a str,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Charge {
    pub id: String,
    pub masked_number: String,
}

/// The gateway refused: `message` is Japanese and safe to show the buyer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct Declined {
    pub message: String,
}

/// What the checkout may show of a one-off card token: which card will be charged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenCard {
    pub brand: String,
    pub masked_number: String,
}

/// What the gateway keeps for a member's saved card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SavedCard {
    pub card_ref: String,
    pub brand: String,
    pub masked_number: String,
    /// YYYY-MM
    pub expiration: String,
    pub holder_name: String,
}

/// What the card form needs to reach the gateway's tokeniser from the browser.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Browser {
    /// Where the browser posts the card: a path of this server (sandbox) or the gateway's URL.
    pub tokenize_url: String,
    /// The key the browser presents to the tokeniser (never a secret one).
    pub public_key: String,
    /// The origin the page must be allowed to connect to (CSP connect-src); None: this server.
    pub origin: Option<String>,
    /// Whether the gateway runs in test mode, where its published test cards apply.
    pub test_mode: bool,
}

/// How a charge asked of a gateway ended (the `payments_total` metric).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ChargeOutcome {
    Captured,
    Declined,
    /// No answer we could read: charged or not is settled later under the same key.
    Error,
}

impl ChargeOutcome {
    fn as_str(self) -> &'static str {
        match self {
            ChargeOutcome::Captured => "captured",
            ChargeOutcome::Declined => "declined",
            ChargeOutcome::Error => "error",
        }
    }
}

impl Gateway {
    /// The name stored with saved cards and shown to the card form.
    pub fn code(&self) -> &'static str {
        match self {
            Gateway::Sandbox(_) => "sandbox",
            Gateway::Stripe(_) => "stripe",
        }
    }

    pub fn browser(&self, channel_code: &str) -> Browser {
        match self {
            Gateway::Sandbox(_) => {
                Browser { tokenize_url: super::sandbox::TOKENIZE_PATH.into(), public_key: format!("pk_sandbox_{channel_code}"), origin: None, test_mode: true }
            }
            Gateway::Stripe(stripe) => stripe.browser(),
        }
    }

    pub async fn charge(&self, request: ChargeRequest<'_>) -> anyhow::Result<Result<Charge, Declined>> {
        let charged = match self {
            Gateway::Sandbox(sandbox) => sandbox.charge(request).await,
            Gateway::Stripe(stripe) => stripe.charge(request).await,
        };
        let outcome = match &charged {
            Ok(Ok(_)) => ChargeOutcome::Captured,
            Ok(Err(_)) => ChargeOutcome::Declined,
            Err(_) => ChargeOutcome::Error,
        };
        crate::infra::metrics::payment(self.code(), outcome.as_str());
        charged
    }

    /// The captured charge made under `idempotency_key`, if any: how the reconciler learns
    /// whether a payment cut short by a crash went through.
    pub async fn find_charge(&self, channel_id: &ChannelId, idempotency_key: &str) -> anyhow::Result<Option<Charge>> {
        match self {
            Gateway::Sandbox(sandbox) => sandbox.find_charge(channel_id, idempotency_key).await,
            Gateway::Stripe(stripe) => stripe.find_charge(channel_id, idempotency_key).await,
        }
    }

    /// Gives a captured charge back (cancelled order, or an order that could not be placed
    /// after the charge).
    pub async fn refund(&self, channel_id: &ChannelId, charge_id: &str) -> anyhow::Result<()> {
        match self {
            Gateway::Sandbox(sandbox) => sandbox.refund(channel_id, charge_id).await,
            Gateway::Stripe(stripe) => stripe.refund(channel_id, charge_id).await,
        }
    }

    /// The card behind a one-off token of the channel, None when the gateway does not know it.
    pub async fn find_token_card(&self, channel_id: &ChannelId, token: &str) -> anyhow::Result<Option<TokenCard>> {
        match self {
            Gateway::Sandbox(sandbox) => sandbox.find_token_card(channel_id, token).await,
            Gateway::Stripe(stripe) => stripe.find_token_card(channel_id, token).await,
        }
    }

    /// Turns a one-off token into a card the gateway keeps for later charges.
    pub async fn save_card(&self, channel_id: &ChannelId, token: &str) -> anyhow::Result<Result<SavedCard, Declined>> {
        match self {
            Gateway::Sandbox(sandbox) => sandbox.save_card(channel_id, token).await,
            Gateway::Stripe(stripe) => stripe.save_card(channel_id, token).await,
        }
    }

    pub async fn forget_card(&self, channel_id: &ChannelId, card_ref: &str) -> anyhow::Result<()> {
        match self {
            Gateway::Sandbox(sandbox) => sandbox.forget_card(channel_id, card_ref).await,
            Gateway::Stripe(stripe) => stripe.forget_card(channel_id, card_ref).await,
        }
    }
}
