//! ALTCHA's proof of work (the challenge format of the ALTCHA widget, v1): the server picks a
//! random number up to [`MAX_NUMBER`], sends `challenge = SHA-256(salt + number)` with an HMAC
//! `signature` of it, and the browser finds the number by trying them all. The salt carries its
//! expiry (`…?expires=<unix seconds>`, as ALTCHA's own libraries write it), so the signed
//! challenge also signs the expiry. The server keeps nothing until a proof comes back.
//!
//! Written here rather than taken from the `altcha-lib-rs` crate: that crate brings chrono
//! (we use `time`), compares signatures with `!=`, and accepts a salt without an expiry as
//! never expiring; the protocol itself is these few functions over the sha2/hmac crates the
//! server already uses.
use base64::Engine;
use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::infra::secret::{random_hex, same_hash};

pub const ALGORITHM: &str = "SHA-256";
/// About 25,000 hashes on average: a fraction of a second in a browser, work for a script
/// that wants to send thousands of forms.
pub const MAX_NUMBER: u64 = 50_000;
/// How long a challenge may be solved and sent.
pub const LIFETIME_SECONDS: i64 = 10 * 60;

/// A challenge as the ALTCHA widget reads it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = AltchaChallenge)]
pub struct Challenge {
    /// Always `SHA-256`.
    pub algorithm: String,
    /// SHA-256 (hex) of `salt` followed by the secret number in decimal.
    pub challenge: String,
    /// The largest number to try.
    pub maxnumber: u64,
    /// Random hex, then `?expires=<unix seconds>`.
    pub salt: String,
    /// HMAC-SHA256 (hex) of `challenge` under the server's key.
    pub signature: String,
}

/// What the browser sends back (base64 of this JSON in `X-Bot-Check`). ALTCHA's widget also
/// sends `took` and may send more; unknown fields are ignored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Payload {
    pub algorithm: String,
    pub challenge: String,
    pub number: u64,
    pub salt: String,
    pub signature: String,
}

/// Why a proof was refused (logged, never told to the client).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// Not base64, not JSON, or not a payload.
    Malformed,
    Algorithm,
    /// The salt has no (readable) expiry, or one further away than any challenge we make.
    NoExpiry,
    Expired,
    /// SHA-256(salt + number) is not the challenge.
    WrongNumber,
    /// The challenge was not signed by us.
    WrongSignature,
}

/// A proof that passed: its challenge (to be kept until it expires) and when that is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verified {
    pub challenge: String,
    pub expires_at_seconds: i64,
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn hash(salt: &str, number: u64) -> String {
    hex(&Sha256::digest(format!("{salt}{number}").as_bytes()))
}

fn sign(key: &[u8], challenge: &str) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(key).expect("HMAC takes a key of any length");
    mac.update(challenge.as_bytes());
    hex(&mac.finalize().into_bytes())
}

/// A new challenge expiring [`LIFETIME_SECONDS`] after `now_seconds`.
pub fn create(key: &[u8], now_seconds: i64) -> Challenge {
    let number = rand::random_range(0..=MAX_NUMBER);
    create_with(key, &random_hex(12), number, now_seconds + LIFETIME_SECONDS)
}

/// The challenge of a given salt, number and expiry (what [`create`] draws at random).
pub fn create_with(key: &[u8], random_salt: &str, number: u64, expires_at_seconds: i64) -> Challenge {
    let salt = format!("{random_salt}?expires={expires_at_seconds}");
    let challenge = hash(&salt, number);
    Challenge { algorithm: ALGORITHM.into(), signature: sign(key, &challenge), challenge, maxnumber: MAX_NUMBER, salt }
}

/// The expiry a salt carries (`expires=` among the parameters after `?`).
fn expiry(salt: &str) -> Option<i64> {
    let (_, params) = salt.split_once('?')?;
    params.split('&').find_map(|pair| pair.strip_prefix("expires=")).and_then(|v| v.parse().ok())
}

/// Reads the `X-Bot-Check` header: base64 (standard, padding optional) of the payload JSON.
pub fn decode(header: &str) -> Result<Payload, Refusal> {
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(header.trim())
        .or_else(|_| base64::engine::general_purpose::STANDARD_NO_PAD.decode(header.trim()))
        .map_err(|_| Refusal::Malformed)?;
    serde_json::from_slice(&bytes).map_err(|_| Refusal::Malformed)
}

/// Checks a proof: ours (signature), not expired, and the number solves it. Whether it was
/// used before is the caller's question (bot_check/store.rs).
pub fn verify(key: &[u8], payload: &Payload, now_seconds: i64) -> Result<Verified, Refusal> {
    if payload.algorithm != ALGORITHM {
        return Err(Refusal::Algorithm);
    }
    let expires = expiry(&payload.salt).ok_or(Refusal::NoExpiry)?;
    if expires > now_seconds + LIFETIME_SECONDS + 60 {
        return Err(Refusal::NoExpiry);
    }
    if expires <= now_seconds {
        return Err(Refusal::Expired);
    }
    if !same_hash(&sign(key, &payload.challenge), &payload.signature.to_ascii_lowercase()) {
        return Err(Refusal::WrongSignature);
    }
    if !same_hash(&hash(&payload.salt, payload.number), &payload.challenge.to_ascii_lowercase()) {
        return Err(Refusal::WrongNumber);
    }
    Ok(Verified { challenge: payload.challenge.to_ascii_lowercase(), expires_at_seconds: expires })
}

/// Finds the number by trying them all, as the widget does (tests, benchmarks, scripts).
pub fn solve(challenge: &Challenge) -> Option<u64> {
    (0..=challenge.maxnumber).find(|&n| hash(&challenge.salt, n) == challenge.challenge)
}

/// The `X-Bot-Check` value proving `number` solves `challenge`.
pub fn header_value(challenge: &Challenge, number: u64) -> String {
    let payload = Payload {
        algorithm: challenge.algorithm.clone(),
        challenge: challenge.challenge.clone(),
        number,
        salt: challenge.salt.clone(),
        signature: challenge.signature.clone(),
    };
    let json = serde_json::to_vec(&payload).expect("a payload is plain JSON");
    base64::engine::general_purpose::STANDARD.encode(json)
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEY: &[u8] = b"bot-check-key-for-the-unit-tests";
    const NOW: i64 = 1_795_000_000;

    fn solved(challenge: &Challenge) -> Payload {
        decode(&header_value(challenge, solve(challenge).expect("solvable"))).unwrap()
    }

    #[test]
    fn a_challenge_is_sha256_of_salt_and_number_signed_with_hmac() {
        // Computed independently: printf '%s' 'abc?expires=1795000600''42' | sha256sum, and
        // the HMAC with openssl dgst -sha256 -hmac.
        let challenge = create_with(KEY, "abc", 42, NOW + 600);
        assert_eq!(challenge.salt, "abc?expires=1795000600");
        assert_eq!(challenge.challenge, "4624c8dcf2fc4f3704d7635f5940ad6f67ce4f2582859061092a9f0410aaf3eb");
        assert_eq!(challenge.signature, "a7d706607128ae1f22809b9bb9e024108bf9283b52f219ba6fb00afc4ca2565d");
        assert_eq!(challenge.maxnumber, MAX_NUMBER);
        assert_eq!(challenge.signature.len(), 64);
    }

    #[test]
    fn a_solved_challenge_passes_once_checked_and_carries_its_expiry() {
        let challenge = create(KEY, NOW);
        let verified = verify(KEY, &solved(&challenge), NOW + 1).unwrap();
        assert_eq!(verified, Verified { challenge: challenge.challenge.clone(), expires_at_seconds: NOW + LIFETIME_SECONDS });
    }

    #[test]
    fn a_wrong_number_expired_salt_or_foreign_signature_is_refused() {
        let challenge = create_with(KEY, "feed", 7, NOW + 600);
        let mut wrong = solved(&challenge);
        wrong.number = 8;
        assert_eq!(verify(KEY, &wrong, NOW), Err(Refusal::WrongNumber));
        assert_eq!(verify(KEY, &solved(&challenge), NOW + 600), Err(Refusal::Expired));
        assert_eq!(verify(b"another-key", &solved(&challenge), NOW), Err(Refusal::WrongSignature));

        // A challenge of our own making with a longer life, as a forger would need: unsigned.
        let forged = create_with(b"attacker", "feed", 7, NOW + 600);
        assert_eq!(verify(KEY, &solved(&forged), NOW), Err(Refusal::WrongSignature));
        let mut other_algorithm = solved(&challenge);
        other_algorithm.algorithm = "SHA-1".into();
        assert_eq!(verify(KEY, &other_algorithm, NOW), Err(Refusal::Algorithm));
    }

    #[test]
    fn a_salt_without_an_expiry_or_with_a_far_one_is_refused() {
        let mut payload = solved(&create_with(KEY, "feed", 3, NOW + 600));
        payload.salt = "feed".into();
        assert_eq!(verify(KEY, &payload, NOW), Err(Refusal::NoExpiry));
        let far = solved(&create_with(KEY, "feed", 3, NOW + 86_400));
        assert_eq!(verify(KEY, &far, NOW), Err(Refusal::NoExpiry));
    }

    #[test]
    fn the_header_is_base64_json_and_anything_else_is_malformed() {
        let challenge = create_with(KEY, "feed", 3, NOW + 600);
        let header = header_value(&challenge, 3);
        let json = String::from_utf8(base64::engine::general_purpose::STANDARD.decode(&header).unwrap()).unwrap();
        assert!(json.contains("\"number\":3") && json.contains("\"algorithm\":\"SHA-256\""), "{json}");
        assert_eq!(decode(&header).unwrap().number, 3);
        assert_eq!(decode("not base64!"), Err(Refusal::Malformed));
        assert_eq!(decode(&base64::engine::general_purpose::STANDARD.encode("{\"number\":1}")), Err(Refusal::Malformed));
        // As the widget sends it, with `took` beside the fields.
        let with_took = json.replacen('{', "{\"took\":1234,", 1);
        assert!(decode(&base64::engine::general_purpose::STANDARD.encode(with_took)).is_ok());
    }
}
