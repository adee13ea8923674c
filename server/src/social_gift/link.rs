//! The recipient's link (READING-NOTES "Tokens in URLs"): 128 random bits, of which only the
//! SHA-256 is kept. It is issued with the payment — in the transaction that marks the order
//! paid — and the sender may have it issued again (the old one then stops working).
use serde::Serialize;

use super::settings::GiftSettings;
use super::store;
use crate::infra::db::Tx;
use crate::infra::secret::{random_hex, sha256_hex};
use crate::infra::time::Timestamp;

/// The link as the sender gets it: shown once (the decision's answer, the mail, a reissue).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct GiftLink {
    /// `https://<shop>/social-gift?token=<32 hex digits>`.
    pub url: String,
    /// The recipient's deadline.
    pub expires_at: Timestamp,
}

pub fn url(origin: &str, token: &str) -> String {
    format!("{origin}/social-gift?token={token}")
}

/// Issues the link of the order's gift as it is paid at `now`, its deadline counted from
/// then. None: the order is not a gift (or its gift no longer waits).
pub async fn issue_at_payment(tx: &mut Tx, order_id: &str, origin: &str, settings: &GiftSettings, now: i64) -> sqlx::Result<Option<GiftLink>> {
    let token = random_hex(16);
    let expires_at = settings.deadline(now);
    Ok(store::update_link(tx, order_id, &sha256_hex(&token), Some(expires_at), now)
        .await?
        .then(|| GiftLink { url: url(origin, &token), expires_at: Timestamp(expires_at) }))
}

/// A new link for a waiting gift, keeping its deadline. None: the gift no longer waits.
pub async fn reissue(tx: &mut Tx, order_id: &str, origin: &str, expires_at: i64, now: i64) -> sqlx::Result<Option<GiftLink>> {
    let token = random_hex(16);
    Ok(store::update_link(tx, order_id, &sha256_hex(&token), None, now)
        .await?
        .then(|| GiftLink { url: url(origin, &token), expires_at: Timestamp(expires_at) }))
}

/// The SHA-256 a token from a URL is looked up by; None for text that cannot be a token
/// (so that junk never reaches the database).
pub fn lookup_hash(token: &str) -> Option<String> {
    let token = token.trim();
    (token.len() == 32 && token.bytes().all(|b| b.is_ascii_hexdigit())).then(|| sha256_hex(&token.to_ascii_lowercase()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_32_hex_digits_are_looked_up() {
        assert!(lookup_hash("0123456789abcdef0123456789abcdef").is_some());
        assert_eq!(lookup_hash("0123456789ABCDEF0123456789ABCDEF"), lookup_hash("0123456789abcdef0123456789abcdef"));
        assert!(lookup_hash("0123456789abcdef").is_none());
        assert!(lookup_hash("../../etc/passwd0123456789abcdef0").is_none());
    }

    #[test]
    fn the_link_opens_the_first_screen_with_its_token() {
        assert_eq!(url("https://shop.example.jp", "ab"), "https://shop.example.jp/social-gift?token=ab");
    }
}
