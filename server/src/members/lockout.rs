//! Failed-login lockout. Failures are counted per account and source address: five wrong
//! passwords from one source lock the account for that source, so an attacker elsewhere
//! cannot lock a member out of their own device. Twenty across all sources lock the account
//! everywhere (a spread-out guessing attack). Each new lock mails an unlock link; opening it
//! (or resetting the password) clears every count of the account.

/// Wrong passwords from one source before the account is locked for it.
pub const SOURCE_LIMIT: i64 = 5;
/// Wrong passwords from all sources together before the account is locked everywhere.
pub const ACCOUNT_LIMIT: i64 = 20;

/// The failure counts of one account as seen from one source.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Failures {
    /// From this source, since its last success or unlock.
    pub from_source: i64,
    /// From every source together.
    pub total: i64,
}

impl Failures {
    pub fn is_locked(self) -> bool {
        self.from_source >= SOURCE_LIMIT || self.total >= ACCOUNT_LIMIT
    }

    /// Whether the failure that produced these counts is the one that locked the account
    /// (the moment to mail the unlock link, once).
    pub fn just_locked(self) -> bool {
        self.from_source == SOURCE_LIMIT || self.total == ACCOUNT_LIMIT
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn five_failures_from_one_source_lock_it() {
        let four = Failures { from_source: 4, total: 4 };
        assert!(!four.is_locked());
        let five = Failures { from_source: 5, total: 5 };
        assert!(five.is_locked() && five.just_locked());
        let six = Failures { from_source: 6, total: 6 };
        assert!(six.is_locked() && !six.just_locked(), "the link is mailed once per lock");
    }

    #[test]
    fn failures_spread_over_sources_lock_the_whole_account() {
        assert!(!Failures { from_source: 0, total: 19 }.is_locked());
        let spread = Failures { from_source: 1, total: 20 };
        assert!(spread.is_locked() && spread.just_locked());
    }
}
