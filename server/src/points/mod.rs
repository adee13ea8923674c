//! The member's points (spec 001 §2 /mypage/point): the balance with the channel's earn rate,
//! and the history of every change. The balance is changed only by the cart's decision and
//! the order cancellation (one guarded UPDATE each, never below zero); this feature reads it.
//! Every change of a balance goes through `ledger_store.rs`. Kinds and their Japanese labels in
//! `kind.rs`; the pages' SQL in `store.rs`; handlers in `http.rs`.
pub mod http;
pub mod kind;
pub mod ledger_store;
pub mod store;

pub use http::routes;

/// The setting holding the earn rate in percent of the items subtotal (a JSON integer).
pub const EARN_RATE_SETTING: &str = "POINT.EARN_RATE";
/// The rate of a channel that sets none.
pub const DEFAULT_EARN_RATE: i64 = 1;

/// The rate a stored setting gives (missing or malformed: the default; never negative).
pub fn earn_rate_of(stored: Option<&str>) -> i64 {
    stored.and_then(|raw| serde_json::from_str::<i64>(raw).ok()).unwrap_or(DEFAULT_EARN_RATE).clamp(0, 100)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rate_defaults_to_one_percent_and_zero_switches_points_off() {
        assert_eq!(earn_rate_of(None), 1);
        assert_eq!(earn_rate_of(Some("0")), 0);
        assert_eq!(earn_rate_of(Some("5")), 5);
        assert_eq!(earn_rate_of(Some("-3")), 0);
        assert_eq!(earn_rate_of(Some("\"x\"")), 1);
    }
}
