//! Who may read an inquiry: its member, or a guest holding a thread token. Tokens are 128
//! random bits, minted for every mail to a guest, valid [`THREAD_TOKEN_DAYS`] days; only their
//! SHA-256 is stored. The uploads feature asks here whether a file's message is the caller's.
use super::store;
use crate::infra::db::{Db, Tx};
use crate::infra::ids::{ChannelId, UserId};
use crate::infra::secret::{random_hex, sha256_hex};
use crate::infra::time::Timestamp;

pub const THREAD_TOKEN_DAYS: i64 = 90;

/// A new thread token of the inquiry (the caller mails it).
pub async fn mint_token(tx: &mut Tx, inquiry_id: &str, now: i64) -> sqlx::Result<String> {
    let token = random_hex(16);
    store::insert_access_token(tx, inquiry_id, &sha256_hex(&token), now, now + THREAD_TOKEN_DAYS * Timestamp::DAY_MS).await?;
    Ok(token)
}

/// The shape of a token: 32 hex digits.
fn well_formed(t: &str) -> bool {
    t.len() == 32 && t.bytes().all(|b| b.is_ascii_hexdigit())
}

/// Whether `t` is an unexpired thread token of the inquiry.
pub async fn token_opens(db: &Db, inquiry_id: &str, t: &str, now: i64) -> sqlx::Result<bool> {
    let t = t.trim();
    if !well_formed(t) {
        return Ok(false);
    }
    store::find_access_token(db, inquiry_id, &sha256_hex(&t.to_ascii_lowercase()), now).await
}

/// Whether the message is on an inquiry of this member in this channel.
pub async fn member_owns_message(db: &Db, channel_id: &ChannelId, message_id: &str, user_id: &UserId) -> sqlx::Result<bool> {
    Ok(store::find_message_owner(db, channel_id, message_id).await?.is_some_and(|(_, owner)| owner.as_deref() == Some(user_id)))
}

/// Whether `t` is a thread token of the channel's inquiry that holds the message.
pub async fn token_opens_message(db: &Db, channel_id: &ChannelId, message_id: &str, t: &str, now: i64) -> sqlx::Result<bool> {
    match store::find_message_owner(db, channel_id, message_id).await? {
        Some((inquiry_id, _)) => token_opens(db, &inquiry_id, t, now).await,
        None => Ok(false),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_32_hex_digits_are_looked_up() {
        assert!(well_formed(&random_hex(16)));
        assert!(!well_formed("0123"));
        assert!(!well_formed(&"g".repeat(32)));
    }
}
