//! The channel settings checkout reads (stored as JSON in channel_settings), with the defaults
//! a channel gets when a key was never stored.
use std::collections::HashMap;

use serde::de::DeserializeOwned;

use crate::channel::Channel;
use crate::channel::carriage::CarriageRule;
use crate::channel::gift_settings::GiftSettings;
use crate::channel::settings::{FrontSettings, Noshi, Wrapping};
use crate::infra::db::Db;

pub struct CheckoutSettings {
    pub front: FrontSettings,
    pub carriage: CarriageRule,
    /// The stored settings (key → JSON), for what other features read from them.
    pub stored: HashMap<String, String>,
    /// Percent of the items earned as points; 0 turns points off.
    pub earn_rate: i64,
    /// Order numbers are this prefix and eight digits (`ORDER.NO_PREFIX`).
    pub order_no_prefix: String,
    /// Social gift (`SOCIAL_GIFT`).
    pub gift: GiftSettings,
}

impl CheckoutSettings {
    pub fn from_stored(channel: &Channel, stored: &HashMap<String, String>) -> Self {
        fn get<T: DeserializeOwned>(stored: &HashMap<String, String>, key: &str) -> Option<T> {
            stored.get(key).and_then(|raw| serde_json::from_str(raw).ok())
        }
        CheckoutSettings {
            front: FrontSettings::from_stored(channel, stored),
            carriage: get(stored, "ORDER.CARRIAGE").unwrap_or_default(),
            stored: stored.clone(),
            // The rate the member's points page shows (its default included), so what a shop
            // promises is what an order earns.
            earn_rate: crate::points::earn_rate_of(stored.get(crate::points::EARN_RATE_SETTING).map(String::as_str)),
            order_no_prefix: get(stored, "ORDER.NO_PREFIX").unwrap_or_default(),
            gift: GiftSettings::from_stored(stored),
        }
    }

    pub async fn load(db: &Db, channel: &Channel) -> sqlx::Result<Self> {
        let stored = crate::channel::store::list_settings(db, &channel.id).await?;
        Ok(Self::from_stored(channel, &stored))
    }

    /// Where a bank transfer of an order placed at `ordered_at` goes, and by when.
    /// None when the shop has no account (then 銀行振込 is not offered).
    pub fn bank_account(&self, ordered_at: i64) -> Option<crate::channel::bank_account::BankAccount> {
        crate::channel::bank_account::bank_account(&self.stored, ordered_at)
    }

    pub fn wrapping(&self, key: &str) -> Option<&Wrapping> {
        self.front.packings.wrappings.iter().find(|w| w.key == key)
    }

    pub fn noshi(&self, key: &str) -> Option<&Noshi> {
        self.front.packings.noshi.iter().find(|n| n.key == key)
    }

    pub fn order_no(&self, number: i64) -> String {
        format!("{}{:08}", self.order_no_prefix, number)
    }
}
