//! The recipient's link (READING-NOTES "Tokens in URLs"): 128 random bits, of which only the
//! SHA-256 is kept. It is issued with the payment — in the transaction that marks the order
//! paid — and the sender may have it issued again (the old one then stops working).
use serde::Serialize;

use crate::channel::gift_settings::GiftSettings;
use crate::infra::db::Tx;
use crate::infra::error::{ApiError, ApiResult};
use crate::infra::secret::{random_hex, sha256_hex};
use crate::infra::time::Timestamp;
use crate::orders::gift_state::GiftState;
use crate::orders::gift_store as store;
use crate::orders::status::Status;
use crate::orders::store::OrderRow;
use crate::state::AppState;

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

/// A new link for the gift of `order` (the caller checked who asks), keeping its deadline.
/// 404 when the order is no gift; 422 `social_gift.not_waiting` when its gift no longer waits.
pub async fn reissue_for(state: &AppState, order: &OrderRow, origin: &str) -> ApiResult<GiftLink> {
    let not_waiting = || ApiError::rule(super::NOT_WAITING_CODE, super::NOT_WAITING_MESSAGE);
    let gift = store::find_gift_by_order(&state.db.pool, &order.id).await?.ok_or_else(ApiError::not_found)?;
    let now = Timestamp::now().0;
    let waiting = crate::orders::gift_view::state_of(&gift) == GiftState::Waiting && order.status == Status::Paid.code();
    let expires_at = gift.expires_at.filter(|at| *at > now && waiting).ok_or_else(not_waiting)?;
    let token = random_hex(16);
    let mut tx = state.db.begin_write().await?;
    if !store::update_link(&mut tx, &order.id, &sha256_hex(&token), None, now).await? {
        return Err(not_waiting());
    }
    tx.commit().await?;
    Ok(GiftLink { url: url(origin, &token), expires_at: Timestamp(expires_at) })
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
