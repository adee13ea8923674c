//! The gateway's notifications (`POST /v1/sbpayment/receive/fraud-detection`) are authenticated
//! with an HMAC-SHA256 of the raw body under a secret shared with the gateway, sent hex-encoded
//! in `x-sbps-signature`. Anyone can reach the URL, so an unsigned or wrongly signed call must
//! never cancel an order (READING-NOTES, security readings).
use std::sync::Arc;

use hmac::{Hmac, Mac};
use sha2::Sha256;

type HmacSha256 = Hmac<Sha256>;

/// The header carrying the signature.
pub const SIGNATURE_HEADER: &str = "x-sbps-signature";

#[derive(Clone)]
pub struct GatewaySecret(Arc<Vec<u8>>);

impl std::fmt::Debug for GatewaySecret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("GatewaySecret(…)")
    }
}

impl GatewaySecret {
    pub fn from_secret(secret: &[u8]) -> Self {
        GatewaySecret(Arc::new(secret.to_vec()))
    }

    fn mac(&self, body: &[u8]) -> HmacSha256 {
        let mut mac = HmacSha256::new_from_slice(&self.0).expect("HMAC takes a key of any length");
        mac.update(body);
        mac
    }

    /// The hex signature of `body` (what the gateway sends; the sandbox and tests sign with it).
    pub fn sign(&self, body: &[u8]) -> String {
        self.mac(body).finalize().into_bytes().iter().map(|b| format!("{b:02x}")).collect()
    }

    /// Whether `signature` (hex, either case) is the body's; compared in constant time.
    pub fn verify(&self, body: &[u8], signature: &str) -> bool {
        match decode_hex(signature.trim()) {
            Some(bytes) => self.mac(body).verify_slice(&bytes).is_ok(),
            None => false,
        }
    }
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

    #[test]
    fn signatures_match_the_rfc_4231_vector() {
        let secret = GatewaySecret::from_secret(b"Jefe");
        let body = b"what do ya want for nothing?";
        let expected = "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843";
        assert_eq!(secret.sign(body), expected);
        assert!(secret.verify(body, expected));
        assert!(secret.verify(body, &expected.to_uppercase()));
    }

    #[test]
    fn a_changed_body_a_wrong_key_or_garbage_fail() {
        let secret = GatewaySecret::from_secret(b"a-secret-of-the-gateway-and-shop");
        let signature = secret.sign(br#"{"event_id":"e1","result":"ok"}"#);
        assert!(!secret.verify(br#"{"event_id":"e1","result":"fraud"}"#, &signature));
        assert!(!GatewaySecret::from_secret(b"another").verify(br#"{"event_id":"e1","result":"ok"}"#, &signature));
        for garbage in ["", "zz", "abc", &signature[..62], "ｆｆ"] {
            assert!(!secret.verify(br#"{"event_id":"e1","result":"ok"}"#, garbage), "{garbage:?}");
        }
    }
}
