//! Ending access tokens together with the sessions. A password change or reset and leaving
//! revoke the member's refresh tokens and raise `users.session_version`; every access token
//! carries the version it was issued under (`ver`), and [`super::Member`] refuses one older
//! than the member's current version.
//!
//! Cost: the version is read through a per-instance cache that keeps it for
//! [`VERSION_FRESH_FOR`], so a member's requests cost at most one primary-key read per
//! instance per that time (concurrent misses share one read); a hit is a hash lookup. Every
//! handler behind `Member` queries the database anyway. `OptionalMember` (news, search words,
//! product requests and, later, catalogue personalisation) does not look: visitors and
//! catalogue answers pay nothing, and a token issued before the change can still personalise
//! those answers until it expires (at most 15 minutes).
//!
//! The instance that ends the sessions forgets its cached version at once; other instances
//! see the new one within [`VERSION_FRESH_FOR`].
use std::time::Duration;

use super::store;
use crate::infra::db::Db;
use crate::infra::error::ApiError;
use crate::infra::ids::UserId;

/// How long an instance trusts the version it read: the delay before an ended session's
/// access tokens stop working on the other instances.
pub const VERSION_FRESH_FOR: Duration = Duration::from_secs(2);

/// A token issued under `token_version` still opens the member's data. A newer token than the
/// cached version is fine: it was issued after the change this instance has not seen yet.
pub fn is_current(token_version: i64, member_version: i64) -> bool {
    token_version >= member_version
}

/// Session versions by user id, fresh for [`VERSION_FRESH_FOR`].
#[derive(Clone)]
pub struct SessionVersions(moka::future::Cache<UserId, i64>);

impl SessionVersions {
    pub fn new() -> Self {
        SessionVersions(moka::future::Cache::builder().max_capacity(100_000).time_to_live(VERSION_FRESH_FOR).build())
    }

    /// The member's current session version; 0 for a user id with no row (nothing was ever
    /// ended for it: member rows are kept when members leave).
    pub async fn current(&self, db: &Db, user_id: &UserId) -> Result<i64, ApiError> {
        let db = db.clone();
        let id = user_id.clone();
        self.0
            .try_get_with(user_id.clone(), async move { store::find_session_version(&db, &id).await.map(Option::unwrap_or_default) })
            .await
            .map_err(|error| ApiError::Internal(anyhow::anyhow!("reading a session version: {error}")))
    }

    /// Called after ending the member's sessions, so this instance refuses old tokens at once.
    pub async fn forget(&self, user_id: &UserId) {
        self.0.invalidate(user_id).await;
    }
}

impl Default for SessionVersions {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_of_an_older_session_version_are_refused() {
        assert!(is_current(0, 0));
        assert!(is_current(3, 3));
        assert!(!is_current(2, 3), "issued before the password change");
        assert!(is_current(4, 3), "issued after a change this instance has not read yet");
    }
}
