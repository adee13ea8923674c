//! The member's saved payment cards (spec 001 §2–§4, issue 5): list with the channel's count
//! limit (`x-limit`, setting `MEMBER.CARD_LIMIT`), add from a gateway token, delete, and the
//! one main card. The shop keeps only what the gateway gives back (its card reference, brand,
//! masked number, expiry, holder): card numbers never reach this API. SQL in `store.rs`,
//! handlers in `http.rs`.
pub mod http;
pub mod store;

pub use http::routes;

/// The count limit when a channel sets none.
pub const DEFAULT_LIMIT: i64 = 5;
/// No channel may allow more than this.
pub const MAX_LIMIT: i64 = 100;
/// The setting that holds the limit (a JSON integer).
pub const LIMIT_SETTING: &str = "MEMBER.CARD_LIMIT";

/// 422 code of an add beyond the limit.
pub const LIMIT_CODE: &str = "user_cards.limit_exceeded";
/// 422 code of a token the gateway would not take (used, expired, unknown).
pub const TOKEN_CODE: &str = "user_cards.invalid_token";
/// 422 code of a card added where no gateway serves the shop.
pub const UNAVAILABLE_CODE: &str = "user_cards.unavailable";

/// After a member left (their rows deleted with `store::delete_all_cards` in the leaving
/// transaction): the gateway forgets the cards too. A failure leaves an orphan at the
/// gateway, never a card in the shop; it is logged.
pub async fn forget_at_gateway(state: &crate::state::AppState, channel_id: &crate::infra::ids::ChannelId, card_refs: &[String]) {
    for card_ref in card_refs {
        if let Err(error) = state.gateway.forget_card(channel_id, card_ref).await {
            tracing::warn!(error = format!("{error:#}"), "the gateway did not forget a card of a member who left");
        }
    }
}

/// The limit a stored setting gives (missing or malformed: the default), kept within 1..=MAX.
pub fn limit_of(stored: Option<&str>) -> i64 {
    stored.and_then(|raw| serde_json::from_str::<i64>(raw).ok()).unwrap_or(DEFAULT_LIMIT).clamp(1, MAX_LIMIT)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limit_defaults_to_five_and_stays_in_range() {
        assert_eq!(limit_of(None), 5);
        assert_eq!(limit_of(Some("3")), 3);
        assert_eq!(limit_of(Some("\"many\"")), 5);
        assert_eq!(limit_of(Some("0")), 1);
        assert_eq!(limit_of(Some("100000")), MAX_LIMIT);
    }
}
