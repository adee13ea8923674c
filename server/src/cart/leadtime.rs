//! Delivery dates: the shop ships on the second business day after the order (orders after
//! 12:00 JST count from the next day), a business day being neither a closed day of the
//! channel's calendar nor a Japanese public holiday; the parcel then travels one day (two to
//! 北海道 and 沖縄県). The buyer may choose any of the 14 days from the earliest.
use serde::Serialize;
use time::{Date, Duration, OffsetDateTime, UtcOffset};

pub const SHIP_AFTER_BUSINESS_DAYS: i64 = 2;
pub const CUT_OFF_HOUR_JST: u8 = 12;
pub const CHOICE_DAYS: i64 = 14;

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct DeliveryTimezone {
    pub key: &'static str,
    pub label: &'static str,
}

pub const TIMEZONES: [DeliveryTimezone; 5] = [
    DeliveryTimezone { key: "am", label: "午前中" },
    DeliveryTimezone { key: "14-16", label: "14時〜16時" },
    DeliveryTimezone { key: "16-18", label: "16時〜18時" },
    DeliveryTimezone { key: "18-20", label: "18時〜20時" },
    DeliveryTimezone { key: "19-21", label: "19時〜21時" },
];

pub fn timezone_label(key: &str) -> Option<&'static str> {
    TIMEZONES.iter().find(|t| t.key == key).map(|t| t.label)
}

pub fn transit_days(prefecture: Option<&str>) -> i64 {
    match prefecture {
        Some("北海道" | "沖縄県") => 2,
        _ => 1,
    }
}

pub fn jst(now: OffsetDateTime) -> OffsetDateTime {
    now.to_offset(UtcOffset::from_hms(9, 0, 0).expect("a valid offset"))
}

/// The earliest delivery date for an order placed at `now`.
pub fn earliest_date(now: OffsetDateTime, is_business_day: impl Fn(Date) -> bool, prefecture: Option<&str>) -> Date {
    let local = jst(now);
    let mut day = local.date();
    if local.hour() >= CUT_OFF_HOUR_JST {
        day += Duration::days(1);
    }
    let mut counted = 0;
    // At most a year of closed days is looked through.
    for _ in 0..366 {
        day += Duration::days(1);
        if is_business_day(day) {
            counted += 1;
            if counted == SHIP_AFTER_BUSINESS_DAYS {
                break;
            }
        }
    }
    day + Duration::days(transit_days(prefecture))
}

const WEEKDAYS: [&str; 7] = ["日", "月", "火", "水", "木", "金", "土"];

/// `11月25日(水)`.
pub fn label(date: Date) -> String {
    format!("{}月{}日({})", u8::from(date.month()), date.day(), WEEKDAYS[usize::from(date.weekday().number_days_from_sunday())])
}

pub fn choices(earliest: Date) -> Vec<Date> {
    (0..CHOICE_DAYS).map(|n| earliest + Duration::days(n)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::datetime;

    fn weekdays_only(date: Date) -> bool {
        !date.weekday().number_days_from_sunday().is_multiple_of(6)
    }

    #[test]
    fn two_business_days_then_one_day_of_transit() {
        // Monday 2026-11-16 09:00 JST: ships Wed 18, arrives Thu 19.
        let earliest = earliest_date(datetime!(2026-11-16 00:00 UTC), weekdays_only, Some("東京都"));
        assert_eq!(calendar_iso(earliest), "2026-11-19");
        assert_eq!(label(earliest), "11月19日(木)");
    }

    #[test]
    fn after_noon_counts_from_tomorrow_and_weekends_are_skipped() {
        // Thursday 2026-11-19 13:00 JST: from Friday, ships Tue 24 (Sat, Sun skipped), 北海道 +2.
        let earliest = earliest_date(datetime!(2026-11-19 04:00 UTC), weekdays_only, Some("北海道"));
        assert_eq!(calendar_iso(earliest), "2026-11-26");
        assert_eq!(choices(earliest).len(), 14);
    }

    fn calendar_iso(date: Date) -> String {
        crate::content::calendar::iso(date)
    }
}
