//! The inquiry number people quote on the phone: `Q-YYYYMMDD-NNNN`, the day in Japan time and
//! a sequence per channel and day from 0001 (a five-digit one after 9999). The store takes the
//! next one; the unique index of (channel, number) settles a race, and the loser takes the next.
use time::{OffsetDateTime, UtcOffset};

/// `Q-20261126-` for an instant (epoch milliseconds) on that day in Japan.
pub fn day_prefix(at_ms: i64) -> String {
    let jst = UtcOffset::from_hms(9, 0, 0).expect("a valid offset");
    let at = OffsetDateTime::from_unix_timestamp_nanos(i128::from(at_ms) * 1_000_000).unwrap_or(OffsetDateTime::UNIX_EPOCH).to_offset(jst);
    format!("Q-{:04}{:02}{:02}-", at.year(), u8::from(at.month()), at.day())
}

/// The `sequence`-th number of the day of `prefix`.
pub fn format(prefix: &str, sequence: i64) -> String {
    format!("{prefix}{sequence:04}")
}

/// The sequence of a number of the day of `prefix` (None for another day's or a malformed one).
pub fn sequence_of(prefix: &str, number: &str) -> Option<i64> {
    let digits = number.strip_prefix(prefix)?;
    if digits.len() < 4 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

/// The number after the day's highest so far (`None`: the day's first).
pub fn next(prefix: &str, highest: Option<&str>) -> String {
    let sequence = highest.and_then(|n| sequence_of(prefix, n)).unwrap_or(0) + 1;
    format(prefix, sequence)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_day_is_japans() {
        // 2026-11-25T15:00:00Z is 2026-11-26 00:00 in Japan.
        assert_eq!(day_prefix(1_795_618_800_000), "Q-20261126-");
        assert_eq!(day_prefix(1_795_618_800_000 - 1), "Q-20261125-", "a millisecond before midnight in Japan");
    }

    #[test]
    fn numbers_count_up_from_one_with_four_digits() {
        assert_eq!(next("Q-20261126-", None), "Q-20261126-0001");
        assert_eq!(next("Q-20261126-", Some("Q-20261126-0007")), "Q-20261126-0008");
        assert_eq!(next("Q-20261126-", Some("Q-20261126-9999")), "Q-20261126-10000");
        assert_eq!(format("Q-20261126-", 42), "Q-20261126-0042");
    }

    #[test]
    fn another_days_number_starts_the_count_again() {
        assert_eq!(next("Q-20261127-", Some("Q-20261126-0031")), "Q-20261127-0001");
        assert_eq!(sequence_of("Q-20261126-", "Q-20261126-12"), None, "too short");
        assert_eq!(sequence_of("Q-20261126-", "Q-20261126-00a1"), None);
        assert_eq!(sequence_of("Q-20261126-", "Q-20261126-0031"), Some(31));
    }
}
