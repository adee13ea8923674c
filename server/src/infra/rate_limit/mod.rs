//! Request limits per source address (and per account where it matters), counted in the
//! database in windows (a sliding window approximated from two fixed ones) so every instance
//! sees the same counts. Over the limit the
//! answer is 429 with a Japanese message. The limits allow a person typing, not a script;
//! `SHOP_RATE_LIMIT_FACTOR` multiplies them (browser test runs come from one address).
use axum::http::StatusCode;

mod store;

use crate::infra::db::Db;
use crate::infra::error::ApiError;
use crate::state::AppState;

pub const RATE_LIMITED_CODE: &str = "auth.rate_limited";
pub const RATE_LIMITED_MESSAGE: &str = "試行回数が多すぎます。しばらく時間をおいてから再度お試しください。";

const MINUTE_MS: i64 = 60 * 1000;
/// Windows are swept once this old: twice the longest window (REGISTER's hour), so no limit
/// loses its current or previous window to another limit's sweep.
const SWEEP_AFTER_MS: i64 = 2 * 60 * MINUTE_MS;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    /// Names the counter; part of the bucket key.
    pub name: &'static str,
    pub max: i64,
    pub window_ms: i64,
}

/// Password logins (and login-sync) from one address.
pub const LOGIN: Limit = Limit { name: "login", max: 30, window_ms: 10 * MINUTE_MS };
/// Code checks (login codes and e-mail codes) from one address.
pub const VERIFY: Limit = Limit { name: "verify", max: 30, window_ms: 10 * MINUTE_MS };
/// Reminder mails asked from one address (both reminders, and their link checks).
pub const REMINDER: Limit = Limit { name: "reminder", max: 10, window_ms: 10 * MINUTE_MS };
/// Reminder mails to one address: more are silently not sent (the answer must not differ).
pub const REMINDER_PER_EMAIL: Limit = Limit { name: "reminder-mail", max: 3, window_ms: 10 * MINUTE_MS };
/// New accounts from one address.
pub const REGISTER: Limit = Limit { name: "register", max: 10, window_ms: 60 * MINUTE_MS };
/// Token refreshes from one address (every open tab refreshes every 15 minutes).
pub const REFRESH: Limit = Limit { name: "refresh", max: 120, window_ms: 10 * MINUTE_MS };
/// Verification mails a logged-in member can ask for (first verification, e-mail changes,
/// leave codes: each counts).
pub const EMAIL_VERIFY_MAIL: Limit = Limit { name: "email-verify-mail", max: 5, window_ms: 10 * MINUTE_MS };
/// Current-password checks of one logged-in member (password and security-question changes,
/// leaving): a stolen session must not become a password-guessing oracle.
pub const CURRENT_PASSWORD: Limit = Limit { name: "current-password", max: 10, window_ms: 10 * MINUTE_MS };

/// Password attempts on protected tag pages from one address: the tag password is shared by
/// every holder, so guessing it must be slow.
pub const TAG_PASSWORD: Limit = Limit { name: "tag-password", max: 20, window_ms: 10 * MINUTE_MS };

impl Limit {
    pub fn window_start(self, now: i64) -> i64 {
        now - now.rem_euclid(self.window_ms)
    }

    /// Whether the `hits`-th request of the window is over the limit.
    pub fn is_exceeded(self, hits: i64, factor: u32) -> bool {
        hits > self.max * i64::from(factor.max(1))
    }

    /// The hits of a sliding window ending at `now`: this window's, plus the previous window's
    /// share that still overlaps it (rounded up). Fixed windows alone let twice the maximum
    /// through around a boundary, and forgot a burst the moment a window turned.
    pub fn sliding_hits(self, previous: i64, current: i64, now: i64) -> i64 {
        let overlap = self.window_ms - (now - self.window_start(now));
        current + (previous * overlap + self.window_ms - 1) / self.window_ms
    }
}

/// Counts one request of `key` (an address, an account) in this channel; errors with 429 when
/// the window is full. `key` may be any text: it only names a counter.
pub async fn enforce(state: &AppState, limit: Limit, channel_id: &str, key: &str, now: i64) -> Result<(), ApiError> {
    if is_allowed(&state.db, limit, channel_id, key, state.config.rate_limit_factor, now).await? {
        Ok(())
    } else {
        Err(ApiError::rule_with(StatusCode::TOO_MANY_REQUESTS, RATE_LIMITED_CODE, RATE_LIMITED_MESSAGE))
    }
}

/// Counts one request and tells whether it is within the limit.
pub async fn is_allowed(db: &Db, limit: Limit, channel_id: &str, key: &str, factor: u32, now: i64) -> Result<bool, ApiError> {
    let bucket = format!("{}:{channel_id}:{key}", limit.name);
    let start = limit.window_start(now);
    let previous_start = start - limit.window_ms;
    let current = store::upsert_rate_limit_hit(db, &bucket, start, now - SWEEP_AFTER_MS).await?;
    let previous = store::find_rate_limit_hits(db, &bucket, previous_start).await?;
    Ok(!limit.is_exceeded(limit.sliding_hits(previous, current, now), factor))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_start_on_their_boundary() {
        let limit = Limit { name: "t", max: 3, window_ms: 1_000 };
        assert_eq!(limit.window_start(12_345), 12_000);
        assert_eq!(limit.window_start(12_000), 12_000);
    }

    #[test]
    fn the_previous_window_counts_for_the_part_that_still_overlaps() {
        let limit = Limit { name: "t", max: 30, window_ms: 600_000 };
        // Just after a boundary the previous window counts almost whole (rounded up).
        assert_eq!(limit.sliding_hits(20, 11, 600_001), 31);
        assert_eq!(limit.sliding_hits(20, 1, 900_000), 11, "half-way: half of it");
        assert_eq!(limit.sliding_hits(20, 1, 1_199_999), 2, "at the end: its last share");
        assert_eq!(limit.sliding_hits(0, 5, 900_000), 5);
    }

    #[test]
    fn the_request_after_the_maximum_is_refused_and_the_factor_widens_it() {
        let limit = Limit { name: "t", max: 3, window_ms: 1_000 };
        assert!(!limit.is_exceeded(3, 1));
        assert!(limit.is_exceeded(4, 1));
        assert!(!limit.is_exceeded(6, 2));
        assert!(limit.is_exceeded(4, 0), "a factor of zero counts as one");
    }
}
