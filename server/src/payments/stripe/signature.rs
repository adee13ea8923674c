//! Stripe's webhook signature (docs/payments-stripe.md, "Webhooks"): the `Stripe-Signature`
//! header is `t=<unix seconds>,v1=<hex HMAC-SHA256>[,v1=…][,v0=…]`, the MAC taken under the
//! endpoint's signing secret (`whsec_…`, used as it is) over `<t>.<raw body>`. A signature
//! is accepted when any `v1` matches and `t` is within five minutes of now, so a captured
//! event cannot be replayed later; `v0` (test-mode scheme) is never accepted.
use hmac::{Hmac, Mac};
use sha2::Sha256;

type HmacSha256 = Hmac<Sha256>;

/// How far the signed time may be from now, either way (Stripe's libraries use the same).
pub const TOLERANCE_SECS: i64 = 300;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// No `t` or no `v1` in the header.
    Malformed,
    /// Signed too long ago (or in the future).
    Stale,
    /// No `v1` matches the body.
    Mismatch,
}

fn mac(secret: &[u8], timestamp: i64, body: &[u8]) -> HmacSha256 {
    let mut mac = HmacSha256::new_from_slice(secret).expect("HMAC takes a key of any length");
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(body);
    mac
}

/// The header value Stripe would send for `body` at `timestamp` (the tests' stand-in signs with it).
pub fn sign(secret: &[u8], timestamp: i64, body: &[u8]) -> String {
    let hex: String = mac(secret, timestamp, body).finalize().into_bytes().iter().map(|b| format!("{b:02x}")).collect();
    format!("t={timestamp},v1={hex}")
}

/// Checks `header` against `body` at `now` (unix seconds); MACs are compared in constant time.
pub fn verify(secret: &[u8], header: &str, body: &[u8], now: i64) -> Result<(), Refused> {
    let mut timestamp = None;
    let mut signatures = Vec::new();
    for part in header.split(',') {
        match part.trim().split_once('=') {
            Some(("t", value)) => timestamp = value.parse::<i64>().ok(),
            Some(("v1", value)) => signatures.push(value),
            _ => {}
        }
    }
    let Some(timestamp) = timestamp else { return Err(Refused::Malformed) };
    if signatures.is_empty() {
        return Err(Refused::Malformed);
    }
    if (now - timestamp).abs() > TOLERANCE_SECS {
        return Err(Refused::Stale);
    }
    let expected = mac(secret, timestamp, body);
    let matches = signatures.iter().filter_map(|s| decode_hex(s)).any(|bytes| expected.clone().verify_slice(&bytes).is_ok());
    if matches { Ok(()) } else { Err(Refused::Mismatch) }
}

fn decode_hex(text: &str) -> Option<Vec<u8>> {
    if text.is_empty() || !text.len().is_multiple_of(2) || !text.is_ascii() {
        return None;
    }
    (0..text.len()).step_by(2).map(|i| u8::from_str_radix(&text[i..i + 2], 16).ok()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &[u8] = b"whsec_test_secret";
    const BODY: &[u8] = br#"{"id":"evt_1","type":"radar.early_fraud_warning.created"}"#;
    const AT: i64 = 1_700_000_000;
    /// HMAC-SHA256("whsec_test_secret", "1700000000." + BODY), computed outside this code (Python's hmac).
    const KNOWN: &str = "abf267fe8a7b2e176feb4c2d60c5de39edceaf1111e3b8d701e41e95570206dc";

    #[test]
    fn the_signature_is_the_hmac_of_the_time_a_dot_and_the_body() {
        assert_eq!(sign(SECRET, AT, BODY), format!("t={AT},v1={KNOWN}"));
        assert_eq!(verify(SECRET, &format!("t={AT},v1={KNOWN}"), BODY, AT + 10), Ok(()));
    }

    #[test]
    fn any_v1_may_match_and_v0_or_other_parts_are_ignored() {
        let rolled = format!("t={AT}, v1={}, v1={KNOWN}, v0={KNOWN}", "00".repeat(32));
        assert_eq!(verify(SECRET, &rolled, BODY, AT), Ok(()));
        assert_eq!(verify(SECRET, &format!("t={AT},v0={KNOWN}"), BODY, AT), Err(Refused::Malformed), "v0 alone is not accepted");
    }

    #[test]
    fn a_changed_body_another_secret_or_garbage_is_refused() {
        let header = sign(SECRET, AT, BODY);
        assert_eq!(verify(SECRET, &header, br#"{"id":"evt_2"}"#, AT), Err(Refused::Mismatch));
        assert_eq!(verify(b"whsec_other", &header, BODY, AT), Err(Refused::Mismatch));
        for garbage in ["", "t=", "v1=abc", &format!("t=x,v1={KNOWN}"), &format!("t={AT},v1=zz"), &format!("t={AT},v1={}", &KNOWN[..62])] {
            assert!(verify(SECRET, garbage, BODY, AT).is_err(), "{garbage:?}");
        }
    }

    #[test]
    fn an_old_or_future_timestamp_is_refused_even_when_signed() {
        let header = sign(SECRET, AT, BODY);
        assert_eq!(verify(SECRET, &header, BODY, AT + TOLERANCE_SECS), Ok(()));
        assert_eq!(verify(SECRET, &header, BODY, AT + TOLERANCE_SECS + 1), Err(Refused::Stale));
        assert_eq!(verify(SECRET, &header, BODY, AT - TOLERANCE_SECS - 1), Err(Refused::Stale));
    }
}
