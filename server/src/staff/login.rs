//! The rules of a staff login: two steps (password, then the authenticator's code within
//! [`PENDING_MS`]), [`FAILURE_LIMIT`] wrong passwords or codes in a row lock the account for
//! [`LOCK_MS`], and every refusal has the same words, so an answer never tells which of
//! address, password or code was wrong, nor whether the account is locked.

use crate::infra::error::ApiError;
use crate::infra::rate_limit::Limit;

pub const FAILURE_LIMIT: i64 = 5;
pub const LOCK_MS: i64 = 15 * 60 * 1000;
/// How long the code step waits after the password.
pub const PENDING_MS: i64 = 5 * 60 * 1000;
/// Both steps from one address.
pub const RATE_LIMIT: Limit = Limit { name: "staff-login", max: 30, window_ms: 10 * 60 * 1000 };

pub const FAILED_CODE: &str = "admin.login.failed";
pub const FAILED_MESSAGE: &str = "メールアドレス、パスワードまたは確認コードが正しくありません。5回続けて間違えると15分間ログインできなくなります。";
pub const PENDING_EXPIRED_CODE: &str = "admin.login.expired";
pub const PENDING_EXPIRED_MESSAGE: &str = "確認コードの入力期限が切れました。もう一度メールアドレスとパスワードを入力してください。";

pub fn failed() -> ApiError {
    ApiError::rule(FAILED_CODE, FAILED_MESSAGE)
}

pub fn pending_expired() -> ApiError {
    ApiError::rule(PENDING_EXPIRED_CODE, PENDING_EXPIRED_MESSAGE)
}

pub fn is_locked(locked_until: Option<i64>, now: i64) -> bool {
    locked_until.is_some_and(|until| now < until)
}

/// When a lock made `now` ends.
pub fn lock_until(now: i64) -> i64 {
    now + LOCK_MS
}

/// The step a code may belong to: the seconds of `now` (epoch ms).
pub fn seconds(now: i64) -> u64 {
    u64::try_from(now / 1000).unwrap_or(0)
}

/// Staff addresses are kept lower-cased and trimmed.
pub fn normalize_email(email: &str) -> String {
    email.trim().to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::infra::time::Timestamp;

    #[test]
    fn a_lock_lasts_fifteen_minutes() {
        let now = 100 * Timestamp::HOUR_MS;
        assert!(!is_locked(None, now));
        assert!(is_locked(Some(lock_until(now)), now + LOCK_MS - 1));
        assert!(!is_locked(Some(lock_until(now)), now + LOCK_MS));
    }

    #[test]
    fn addresses_compare_without_case_or_spaces() {
        assert_eq!(normalize_email("  Owner@Example.JP "), "owner@example.jp");
    }
}
