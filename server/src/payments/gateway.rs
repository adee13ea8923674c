//! The gateway interface the checkout and the card list use. One enum, one variant per
//! gateway: adding a real one (SB Payment Service, GMO, Stripe) means adding a variant and
//! its module, and nothing in the cart changes.
use crate::infra::db::Db;

use super::sandbox::Sandbox;

#[derive(Clone)]
pub enum Gateway {
    Sandbox(Sandbox),
}

/// One charge: `source` is a one-off token from the tokeniser or a saved card's `card_ref`.
#[derive(Debug, Clone)]
pub struct ChargeRequest<'a> {
    pub channel_id: &'a str,
    pub source: &'a str,
    pub amount: i64,
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

impl Gateway {
    pub fn sandbox(db: Db) -> Gateway {
        Gateway::Sandbox(Sandbox::new(db))
    }

    /// The name stored with saved cards.
    pub fn code(&self) -> &'static str {
        match self {
            Gateway::Sandbox(_) => "sandbox",
        }
    }

    pub async fn charge(&self, request: ChargeRequest<'_>) -> anyhow::Result<Result<Charge, Declined>> {
        match self {
            Gateway::Sandbox(sandbox) => sandbox.charge(request).await,
        }
    }

    /// The captured charge made under `idempotency_key`, if any: how the reconciler learns
    /// whether a payment cut short by a crash went through.
    pub async fn find_charge(&self, channel_id: &str, idempotency_key: &str) -> anyhow::Result<Option<Charge>> {
        match self {
            Gateway::Sandbox(sandbox) => sandbox.find_charge(channel_id, idempotency_key).await,
        }
    }

    /// Gives a captured charge back (cancelled order, or an order that could not be placed
    /// after the charge).
    pub async fn refund(&self, channel_id: &str, charge_id: &str) -> anyhow::Result<()> {
        match self {
            Gateway::Sandbox(sandbox) => sandbox.refund(channel_id, charge_id).await,
        }
    }

    /// The card behind a one-off token of the channel, None when the gateway does not know it.
    pub async fn find_token_card(&self, channel_id: &str, token: &str) -> anyhow::Result<Option<TokenCard>> {
        match self {
            Gateway::Sandbox(sandbox) => sandbox.find_token_card(channel_id, token).await,
        }
    }

    /// Turns a one-off token into a card the gateway keeps for later charges.
    pub async fn save_card(&self, channel_id: &str, token: &str) -> anyhow::Result<Result<SavedCard, Declined>> {
        match self {
            Gateway::Sandbox(sandbox) => sandbox.save_card(channel_id, token).await,
        }
    }

    pub async fn forget_card(&self, channel_id: &str, card_ref: &str) -> anyhow::Result<()> {
        match self {
            Gateway::Sandbox(sandbox) => sandbox.forget_card(channel_id, card_ref).await,
        }
    }
}
