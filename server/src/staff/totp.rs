//! TOTP codes of the authenticator app (RFC 6238: HMAC-SHA-1, 6 digits, 30-second steps, one
//! step either side for a clock that is a little off), computed by the totp-rs crate. The
//! crate answers which time step a code matched; that a step is accepted only once is ours
//! (staff/store.rs, `totp_last_step`).
use totp_rs::{Builder, Secret, Totp};

/// 160 bits, the size RFC 4226 recommends for HMAC-SHA-1.
const SECRET_BYTES: usize = 20;

/// A new secret, base32 as authenticator apps take it.
pub fn new_secret() -> String {
    let mut bytes = [0u8; SECRET_BYTES];
    rand::fill(&mut bytes[..]);
    Secret::from(bytes).to_base32()
}

/// The issuer and account name may not hold `:` (it separates them in the URI label).
fn label_part(text: &str) -> String {
    text.replace(':', " ").trim().to_owned()
}

fn totp(secret_base32: &str, issuer: &str, account: &str) -> anyhow::Result<Totp> {
    let secret = Secret::try_from_base32(secret_base32).map_err(|e| anyhow::anyhow!("a stored TOTP secret is not base32: {e:?}"))?;
    let mut builder = Builder::new().with_secret(secret).with_account_name(label_part(account));
    if !issuer.is_empty() {
        builder = builder.with_issuer(Some(label_part(issuer)));
    }
    builder.build().map_err(|e| anyhow::anyhow!("building the TOTP: {e:?}"))
}

/// The time step `code` (6 ASCII digits) belongs to at `now_seconds`, if it is right for it,
/// the step before or the step after.
pub fn matched_step(secret_base32: &str, code: &str, now_seconds: u64) -> anyhow::Result<Option<i64>> {
    Ok(totp(secret_base32, "", "")?.check(code, now_seconds).and_then(|step| i64::try_from(step).ok()))
}

/// The code of `now_seconds` (tests, and the e2e journeys through the CLI's secret).
pub fn code_at(secret_base32: &str, now_seconds: u64) -> anyhow::Result<String> {
    Ok(totp(secret_base32, "", "")?.generate(now_seconds).to_string())
}

/// The `otpauth://totp/…` URI an authenticator app reads (usually as a QR code).
pub fn otpauth_uri(secret_base32: &str, issuer: &str, account: &str) -> anyhow::Result<String> {
    totp(secret_base32, issuer, account)?.to_url().map_err(|e| anyhow::anyhow!("the otpauth URI: {e:?}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 6238 Appendix B's SHA-1 key, "12345678901234567890", in base32.
    const RFC_KEY: &str = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";

    #[test]
    fn the_codes_are_rfc_6238s_test_vectors_cut_to_six_digits() {
        // Appendix B: 94287082, 07081804, 14050471, 89005924 (8 digits) at these times.
        assert_eq!(code_at(RFC_KEY, 59).unwrap(), "287082");
        assert_eq!(code_at(RFC_KEY, 1_111_111_109).unwrap(), "081804");
        assert_eq!(code_at(RFC_KEY, 1_111_111_111).unwrap(), "050471");
        assert_eq!(code_at(RFC_KEY, 1_234_567_890).unwrap(), "005924");
    }

    #[test]
    fn a_code_matches_its_step_and_one_either_side_only() {
        let now = 1_234_567_890;
        let step = (now / 30) as i64;
        assert_eq!(matched_step(RFC_KEY, "005924", now).unwrap(), Some(step));
        assert_eq!(matched_step(RFC_KEY, &code_at(RFC_KEY, now - 30).unwrap(), now).unwrap(), Some(step - 1));
        assert_eq!(matched_step(RFC_KEY, &code_at(RFC_KEY, now + 30).unwrap(), now).unwrap(), Some(step + 1));
        assert_eq!(matched_step(RFC_KEY, &code_at(RFC_KEY, now - 60).unwrap(), now).unwrap(), None, "two steps old");
        assert_eq!(matched_step(RFC_KEY, "00592", now).unwrap(), None);
        assert_eq!(matched_step(RFC_KEY, "+05924", now).unwrap(), None);
    }

    #[test]
    fn new_secrets_are_160_random_bits_and_the_uri_names_shop_and_account() {
        let secret = new_secret();
        assert_eq!(secret.len(), 32, "20 bytes in base32 without padding");
        assert_ne!(secret, new_secret());
        let uri = otpauth_uri(&secret, "デモ:ショップ", "owner@example.jp").unwrap();
        assert!(uri.starts_with("otpauth://totp/"), "{uri}");
        assert!(uri.contains(&format!("secret={secret}")) && uri.contains("issuer="), "{uri}");
        assert!(uri.contains("owner%40example.jp") || uri.contains("owner@example.jp"), "{uri}");
    }
}
