//! Stripe's refusals in the buyer's words. A card error (HTTP 402, `type: card_error`) names
//! a `code` and, for declines, a `decline_code` (docs/payments-stripe.md, "Errors"); the buyer
//! reads one of the shop's Japanese messages, never Stripe's English one.
use serde::Deserialize;

use crate::payments::gateway::{
    AUTHENTICATION_MESSAGE, DECLINED_MESSAGE, EXPIRED_CARD_MESSAGE, GATEWAY_ERROR_MESSAGE, LIMIT_MESSAGE, SECURITY_CODE_MESSAGE, TOKEN_GONE_MESSAGE,
};

/// The `error` object of a Stripe error answer.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct StripeError {
    #[serde(rename = "type", default)]
    pub kind: String,
    pub code: Option<String>,
    pub decline_code: Option<String>,
    #[serde(default)]
    pub message: String,
    #[serde(skip)]
    pub status: u16,
}

impl StripeError {
    pub fn is_card_error(&self) -> bool {
        self.kind == "card_error"
    }

    pub fn code_is(&self, code: &str) -> bool {
        self.code.as_deref() == Some(code)
    }

    /// The card or token the call named does not exist (any more) at this account.
    pub fn is_missing(&self) -> bool {
        self.status == 404 || self.code_is("resource_missing")
    }
}

impl std::fmt::Display for StripeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Stripe answered {} {} {}: {}", self.status, self.kind, self.code.as_deref().unwrap_or("-"), self.message)
    }
}

/// The buyer's message for a refusal that is about the card (None: the shop's own problem,
/// such as a wrong key, which must not be shown as the buyer's fault).
pub fn buyer_message(error: &StripeError) -> Option<&'static str> {
    if error.is_card_error() {
        return Some(card_message(error.decline_code.as_deref().or(error.code.as_deref()).unwrap_or("")));
    }
    // A token is single use and expires; a saved card may have been removed at Stripe.
    if error.is_missing() || error.code_is("token_already_used") || error.code_is("payment_method_unexpected_state") {
        return Some(TOKEN_GONE_MESSAGE);
    }
    None
}

fn card_message(reason: &str) -> &'static str {
    match reason {
        "insufficient_funds" | "card_velocity_exceeded" | "withdrawal_count_limit_exceeded" => LIMIT_MESSAGE,
        "expired_card" => EXPIRED_CARD_MESSAGE,
        "incorrect_cvc" | "invalid_cvc" => SECURITY_CODE_MESSAGE,
        "processing_error" | "issuer_not_available" | "try_again_later" | "reenter_transaction" => GATEWAY_ERROR_MESSAGE,
        "authentication_required" => AUTHENTICATION_MESSAGE,
        _ => DECLINED_MESSAGE,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(kind: &str, code: &str, decline: Option<&str>, status: u16) -> StripeError {
        StripeError { kind: kind.into(), code: Some(code.into()), decline_code: decline.map(String::from), message: "English".into(), status }
    }

    #[test]
    fn declines_read_as_the_shops_japanese_messages() {
        assert_eq!(buyer_message(&error("card_error", "card_declined", Some("generic_decline"), 402)), Some(DECLINED_MESSAGE));
        assert_eq!(buyer_message(&error("card_error", "card_declined", Some("insufficient_funds"), 402)), Some(LIMIT_MESSAGE));
        assert_eq!(buyer_message(&error("card_error", "expired_card", None, 402)), Some(EXPIRED_CARD_MESSAGE));
        assert_eq!(buyer_message(&error("card_error", "incorrect_cvc", None, 402)), Some(SECURITY_CODE_MESSAGE));
        assert_eq!(buyer_message(&error("card_error", "card_declined", Some("fraudulent"), 402)), Some(DECLINED_MESSAGE), "the reason is not told");
    }

    #[test]
    fn a_spent_or_unknown_token_asks_for_the_card_again_and_a_wrong_key_is_the_shops_problem() {
        assert_eq!(buyer_message(&error("invalid_request_error", "resource_missing", None, 404)), Some(TOKEN_GONE_MESSAGE));
        assert_eq!(buyer_message(&error("invalid_request_error", "token_already_used", None, 400)), Some(TOKEN_GONE_MESSAGE));
        assert_eq!(buyer_message(&error("invalid_request_error", "api_key_expired", None, 401)), None);
        assert_eq!(buyer_message(&error("invalid_request_error", "parameter_invalid_integer", None, 400)), None);
    }
}
