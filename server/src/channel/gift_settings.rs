//! Setting `SOCIAL_GIFT`: whether the shop offers social gift, which products and payment
//! methods may be gifted, how long the recipient has, and what happens at the deadline.
use std::collections::HashMap;

use serde::Deserialize;

use super::PaymentKind;
use super::carriage::CarriageRule;
use crate::infra::time::Timestamp;

pub const SETTING_KEY: &str = "SOCIAL_GIFT";

/// What happens to a gift whose recipient never chose an address.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OnExpiry {
    /// The order is cancelled: the card refunded, stock, coupon and points returned.
    Cancel,
    /// The parcel goes to the buyer's own address (the orderer's).
    SendToBuyer,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct GiftSettings {
    pub is_use: bool,
    /// Days the recipient has, counted from the payment.
    pub days: i64,
    /// The buyer is reminded this many days before the deadline (0: no reminder).
    pub reminder_days: i64,
    pub on_expiry: OnExpiry,
    /// Product codes that cannot be gifted; an entry ending in `*` is a prefix.
    pub excluded_products: Vec<String>,
    /// Payment method codes a gift may use (only kinds settled at the decision count).
    pub payment_codes: Vec<String>,
    /// Carriage of a gift (the address is unknown when the buyer pays); None: the highest of
    /// the shop's carriage rule.
    pub carriage: Option<i64>,
}

impl Default for GiftSettings {
    fn default() -> Self {
        GiftSettings {
            is_use: false,
            days: 7,
            reminder_days: 2,
            on_expiry: OnExpiry::Cancel,
            excluded_products: Vec::new(),
            payment_codes: vec![PaymentKind::CreditCard.as_str().to_owned()],
            carriage: None,
        }
    }
}

impl GiftSettings {
    /// The stored setting over the defaults; a malformed value turns social gift off.
    pub fn from_stored(stored: &HashMap<String, String>) -> GiftSettings {
        match stored.get(SETTING_KEY) {
            Some(raw) => serde_json::from_str(raw).unwrap_or_else(|error| {
                tracing::warn!(%error, "setting SOCIAL_GIFT is malformed: social gift is off");
                GiftSettings::default()
            }),
            None => GiftSettings::default(),
        }
    }

    pub fn allows_product(&self, code: &str) -> bool {
        !self.excluded_products.iter().any(|entry| match entry.strip_suffix('*') {
            Some(prefix) => code.starts_with(prefix),
            None => code == entry,
        })
    }

    /// Whether a gift may be paid with `code`: listed, and of a kind whose money is settled
    /// at the decision (a gift's link goes out with the payment; nothing here marks a bank
    /// transfer paid later).
    pub fn allows_payment(&self, code: &str) -> bool {
        self.payment_codes.iter().any(|c| c == code) && PaymentKind::parse(code) == Some(PaymentKind::CreditCard)
    }

    pub fn payment_codes(&self) -> Vec<String> {
        self.payment_codes.iter().filter(|c| self.allows_payment(c)).cloned().collect()
    }

    /// The carriage rule a gift is priced with: one flat price (free above the usual threshold).
    pub fn carriage_rule(&self, shop: &CarriageRule) -> CarriageRule {
        let highest = shop.by_prefecture.values().copied().chain([shop.default]).max().unwrap_or(shop.default);
        CarriageRule { default: self.carriage.unwrap_or(highest).max(0), free_threshold: shop.free_threshold, ..CarriageRule::free() }
    }

    /// The deadline of a gift paid at `paid_at`.
    pub fn deadline(&self, paid_at: i64) -> i64 {
        paid_at + Timestamp::DAY_MS * self.days.clamp(1, 60)
    }

    /// When the buyer is reminded of a gift ending at `deadline` (None: no reminder).
    pub fn reminder_at(&self, deadline: i64) -> Option<i64> {
        (self.reminder_days > 0).then(|| deadline - Timestamp::DAY_MS * self.reminder_days)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(json: &str) -> GiftSettings {
        GiftSettings::from_stored(&[(SETTING_KEY.to_owned(), json.to_owned())].into_iter().collect())
    }

    #[test]
    fn off_unless_the_shop_turns_it_on() {
        assert!(!GiftSettings::from_stored(&HashMap::new()).is_use);
        assert!(settings(r#"{"is_use": true}"#).is_use);
        assert!(!settings(r#"{"is_use": "yes"}"#).is_use, "a malformed setting turns it off");
    }

    #[test]
    fn excluded_products_match_exactly_or_by_prefix() {
        let s = settings(r#"{"is_use": true, "excluded_products": ["GY-12*", "DT-99501"]}"#);
        assert!(!s.allows_product("GY-1203"));
        assert!(!s.allows_product("DT-99501"));
        assert!(s.allows_product("DT-995011"), "an exact entry is not a prefix");
        assert!(s.allows_product("KT-80001"));
    }

    #[test]
    fn only_a_card_settles_a_gift_at_the_decision() {
        let s = settings(r#"{"is_use": true, "payment_codes": ["credit_card", "bank_transfer", "cod"]}"#);
        assert_eq!(s.payment_codes(), ["credit_card"]);
        assert!(!s.allows_payment("bank_transfer"));
        assert!(!settings(r#"{"is_use": true, "payment_codes": []}"#).allows_payment("credit_card"));
    }

    #[test]
    fn a_gift_pays_the_highest_carriage_unless_the_shop_sets_one() {
        let shop = CarriageRule::default();
        let rule = settings(r#"{"is_use": true}"#).carriage_rule(&shop);
        assert_eq!((rule.of(Some("東京都"), false), rule.of(None, false), rule.free_threshold), (1650, 1650, Some(11_000)));
        assert_eq!(settings(r#"{"is_use": true, "carriage": 990}"#).carriage_rule(&shop).of(Some("沖縄県"), false), 990);
    }

    #[test]
    fn the_deadline_and_the_reminder_count_days_from_the_payment() {
        let s = settings(r#"{"is_use": true, "days": 7, "reminder_days": 2}"#);
        assert_eq!(s.deadline(0), 7 * Timestamp::DAY_MS);
        assert_eq!(s.reminder_at(s.deadline(0)), Some(5 * Timestamp::DAY_MS));
        assert_eq!(settings(r#"{"is_use": true, "reminder_days": 0}"#).reminder_at(10), None);
    }
}
