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
/// A card that asks for 3-D Secure where no browser can take the challenge (a charge without
/// a return URL): refused rather than charged without it.
pub const AUTHENTICATION_MESSAGE: &str = "このカードは本人認証（3Dセキュア）が必要なため、ご利用いただけません。別のカードをお使いください。";
/// The customer failed (or cancelled) the 3-D Secure challenge.
pub const AUTHENTICATION_FAILED_MESSAGE: &str =
    "本人認証（3Dセキュア）に失敗したため、カードをご利用いただけませんでした。もう一度お試しいただくか、別のカードをお使いください。";
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
    /// Where the gateway sends the browser back after a 3-D Secure challenge (the storefront's
    /// `/cart/authentication`); None when no browser waits, and a card asking for the
    /// challenge is then refused.
    pub return_url: Option<&'a str>,
}

/// What a charge the gateway accepted came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Charged {
    Captured(Charge),
    /// The card asks for 3-D Secure: the browser goes to `redirect_url` for the challenge and
    /// comes back to the request's `return_url`; the same charge asked again (same key) then
    /// answers what came of it.
    NeedsAuthentication {
        redirect_url: String,
    },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Charge {
    pub id: String,
    pub masked_number: String,
}

/// Part (or all) of a captured charge given back. The same key always answers the same refund,
/// so a refund asked again after a crash or a lost answer never gives the money twice.
#[derive(Debug, Clone)]
pub struct RefundRequest<'a> {
    pub channel_id: &'a ChannelId,
    pub charge_id: &'a str,
    pub amount: Yen,
    pub idempotency_key: &'a str,
}

/// The gateway's record of a refund.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refund {
    pub id: String,
}

/// Shown to staff when a gateway refuses a refund for more than the charge has left.
pub const REFUND_EXCEEDS_MESSAGE: &str = "返金額が決済の残額を超えているため、決済会社が返金を受け付けませんでした。";

/// Shown to staff when a gateway refuses a refund for another reason.
pub const GATEWAY_REFUND_FAILED_MESSAGE: &str = "決済会社が返金を受け付けませんでした。決済会社の管理画面で状況をご確認ください。";

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
    /// Sent to the 3-D Secure challenge.
    Authentication,
    Declined,
    /// No answer we could read: charged or not is settled later under the same key.
    Error,
}

impl ChargeOutcome {
    fn as_str(self) -> &'static str {
        match self {
            ChargeOutcome::Captured => "captured",
            ChargeOutcome::Authentication => "authentication",
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

    pub async fn charge(&self, request: ChargeRequest<'_>) -> anyhow::Result<Result<Charged, Declined>> {
        let charged = match self {
            Gateway::Sandbox(sandbox) => sandbox.charge(request).await,
            Gateway::Stripe(stripe) => stripe.charge(request).await,
        };
        let outcome = match &charged {
            Ok(Ok(Charged::Captured(_))) => ChargeOutcome::Captured,
            Ok(Ok(Charged::NeedsAuthentication { .. })) => ChargeOutcome::Authentication,
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

    /// Ends a 3-D Secure challenge still waiting under `idempotency_key` (the customer never
    /// came back), so it can no longer charge the card; a charge already made is untouched
    /// (ask `find_charge` again afterwards).
    pub async fn abandon_authentication(&self, channel_id: &ChannelId, idempotency_key: &str) -> anyhow::Result<()> {
        match self {
            Gateway::Sandbox(sandbox) => sandbox.abandon_authentication(channel_id, idempotency_key).await,
            Gateway::Stripe(stripe) => stripe.abandon_authentication(channel_id, idempotency_key).await,
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

    /// Gives back `amount` of a captured charge (staff's 返品・返金). `Err(Declined)`: the
    /// gateway refused (its reason in Japanese, for staff); `Err` of the outer result: no
    /// answer we could read, so the same request is asked again later under the same key.
    pub async fn refund_part(&self, request: RefundRequest<'_>) -> anyhow::Result<Result<Refund, Declined>> {
        match self {
            Gateway::Sandbox(sandbox) => sandbox.refund_part(request).await,
            Gateway::Stripe(stripe) => stripe.refund_part(request).await,
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
