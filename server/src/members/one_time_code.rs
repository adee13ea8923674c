//! Mailed secrets: 6-digit codes typed by the member and random link tokens. Only their
//! SHA-256 is stored. A code's hash is salted with its row id: the code space is small, so
//! the row id keeps one precomputed table from serving every row; expiry (10 minutes), single
//! use and five tries are what protect it. Link tokens carry 256 random bits and need no salt.
use crate::infra::secret::{random_hex, sha256_hex};

/// Wrong tries a code or a reminder link allows before it is dead.
pub const MAX_ATTEMPTS: i64 = 5;
const MINUTE_MS: i64 = 60 * 1000;

/// What a secret was mailed for; stored in `one_time_secrets.purpose`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    /// The second step of a password login (MFA, or a member not yet verified).
    LoginCode,
    /// Typed on /verify by a logged-in member not yet verified.
    EmailCode,
    /// The link of the same mail (/verify/email?token=…).
    EmailLink,
    /// /reminder/reset?token=…
    ReminderLink,
    /// /reminder/username/reset?token=…
    UsernameLink,
    /// /login/unlock?token=…
    UnlockLink,
    /// Typed to leave by a member who has no password (made by social login).
    LeaveCode,
}

impl Purpose {
    pub fn as_str(self) -> &'static str {
        match self {
            Purpose::LoginCode => "login_code",
            Purpose::EmailCode => "email_code",
            Purpose::EmailLink => "email_link",
            Purpose::ReminderLink => "reminder_link",
            Purpose::UsernameLink => "username_link",
            Purpose::UnlockLink => "unlock_link",
            Purpose::LeaveCode => "leave_code",
        }
    }

    /// How long the secret can be used: codes 10 minutes, reminders 30, links a day.
    pub fn lifetime_ms(self) -> i64 {
        match self {
            Purpose::LoginCode | Purpose::EmailCode | Purpose::LeaveCode => 10 * MINUTE_MS,
            Purpose::ReminderLink | Purpose::UsernameLink => 30 * MINUTE_MS,
            Purpose::EmailLink | Purpose::UnlockLink => 24 * 60 * MINUTE_MS,
        }
    }
}

/// Six decimal digits, uniformly drawn from the thread's CSPRNG.
pub fn new_code() -> String {
    format!("{:06}", rand::random_range(0..1_000_000u32))
}

/// 256 random bits, hex.
pub fn new_link_token() -> String {
    random_hex(32)
}

pub fn code_hash(secret_id: &str, code: &str) -> String {
    sha256_hex(&format!("{secret_id}:{code}"))
}

pub fn link_hash(token: &str) -> String {
    sha256_hex(token)
}

/// A stored secret can still be used: unused, unexpired, tries left.
pub fn is_usable(used_at: Option<i64>, expires_at: i64, attempts: i64, now: i64) -> bool {
    used_at.is_none() && now < expires_at && attempts < MAX_ATTEMPTS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_six_digits_and_vary() {
        let codes: Vec<String> = (0..50).map(|_| new_code()).collect();
        assert!(codes.iter().all(|c| c.len() == 6 && c.bytes().all(|b| b.is_ascii_digit())));
        let mut distinct = codes.clone();
        distinct.sort();
        distinct.dedup();
        assert!(distinct.len() > 40);
    }

    #[test]
    fn link_tokens_carry_256_bits() {
        let token = new_link_token();
        assert_eq!(token.len(), 64);
        assert_ne!(token, new_link_token());
    }

    #[test]
    fn a_code_hash_depends_on_its_row() {
        assert_ne!(code_hash("a", "123456"), code_hash("b", "123456"));
        assert_eq!(code_hash("a", "123456"), code_hash("a", "123456"));
        assert_eq!(link_hash("abc").len(), 64);
        assert_ne!(link_hash("abc"), link_hash("abd"));
    }

    #[test]
    fn a_secret_is_usable_once_in_time_with_tries_left() {
        assert!(is_usable(None, 1_000, 0, 999));
        assert!(!is_usable(None, 1_000, 0, 1_000), "expired");
        assert!(!is_usable(Some(5), 1_000, 0, 10), "used");
        assert!(!is_usable(None, 1_000, MAX_ATTEMPTS, 10), "too many tries");
        assert!(is_usable(None, 1_000, MAX_ATTEMPTS - 1, 10));
    }

    #[test]
    fn codes_expire_in_ten_minutes() {
        assert_eq!(Purpose::LoginCode.lifetime_ms(), 600_000);
        assert_eq!(Purpose::EmailCode.lifetime_ms(), 600_000);
        assert_eq!(Purpose::LeaveCode.lifetime_ms(), 600_000);
    }
}
