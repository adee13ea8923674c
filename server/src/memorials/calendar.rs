//! When a memorial next comes, in Japan time. 2/29 comes on 2/28 in a common year, so a
//! birthday on a leap day is still remembered every year.
use time::{Date, Month};

/// Whether `month`/`day` is a day of some year (2/29 counts).
pub fn is_real_day(month: i64, day: i64) -> bool {
    let Ok(month) = u8::try_from(month).map_err(|_| ()).and_then(|m| Month::try_from(m).map_err(|_| ())) else { return false };
    (1..=i64::from(month.length(2024))).contains(&day)
}

/// The memorial's day in `year` (2/29 moves to 2/28 in a common year).
pub fn in_year(year: i32, month: i64, day: i64) -> Option<Date> {
    let month = Month::try_from(u8::try_from(month).ok()?).ok()?;
    let last = i64::from(month.length(year));
    Date::from_calendar_date(year, month, u8::try_from(day.min(last)).ok()?).ok()
}

/// The next time the memorial comes, `today` included.
pub fn next_occurrence(today: Date, month: i64, day: i64) -> Option<Date> {
    let this_year = in_year(today.year(), month, day)?;
    if this_year >= today { Some(this_year) } else { in_year(today.year() + 1, month, day) }
}

#[cfg(test)]
mod tests {
    use time::macros::date;

    use super::*;

    #[test]
    fn today_counts_and_past_days_move_to_next_year() {
        assert_eq!(next_occurrence(date!(2026 - 11 - 25), 11, 25), Some(date!(2026 - 11 - 25)));
        assert_eq!(next_occurrence(date!(2026 - 11 - 25), 12, 24), Some(date!(2026 - 12 - 24)));
        assert_eq!(next_occurrence(date!(2026 - 11 - 25), 1, 3), Some(date!(2027 - 01 - 03)));
    }

    #[test]
    fn a_leap_day_comes_on_the_28th_in_common_years() {
        assert_eq!(next_occurrence(date!(2026 - 11 - 25), 2, 29), Some(date!(2027 - 02 - 28)));
        assert_eq!(next_occurrence(date!(2027 - 03 - 01), 2, 29), Some(date!(2028 - 02 - 29)));
    }

    #[test]
    fn only_real_days() {
        assert!(is_real_day(2, 29));
        assert!(!is_real_day(2, 30));
        assert!(!is_real_day(4, 31));
        assert!(!is_real_day(13, 1));
        assert!(!is_real_day(0, 1));
        assert!(is_real_day(12, 31));
    }
}
