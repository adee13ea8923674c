//! Delivery dates (issue 11), the rule the shops' guide states (「休業日のご注文は翌営業日に確認」
//! 「ご注文確認後2営業日以内に発送」):
//! - the order is confirmed on the day it is placed if that is a business day and it comes
//!   before 12:00 JST, else on the next business day;
//! - it ships on the 2nd business day after the confirmation;
//! - it can arrive after the transit: 1 day, 2 to 北海道 and 沖縄県, and a remote island's own
//!   days (`remote_islands.rs`) — or no date at all where the island's ship sails about weekly.
//!
//! A business day is not a closed day of the channel's calendar (weekly closed days, dates
//! such as 年末年始, and Japanese public holidays unless the shop opens on them); carriers
//! deliver every day. The buyer
//! may choose any of the 14 days from the earliest, and a time slot.
use serde::Serialize;
use time::{Date, Duration, OffsetDateTime, UtcOffset};

use super::calendar::ClosedDays;
use super::remote_islands::{IslandTransit, island_of};
use crate::infra::db::Db;
use crate::infra::ids::ChannelId;

pub const CUT_OFF_HOUR_JST: u8 = 12;
pub const SHIP_AFTER_BUSINESS_DAYS: usize = 2;
pub const CHOICE_DAYS: i64 = 14;
/// How far the channel's closed dates are read ahead of today: the longest closure plus the
/// choice window fits with room to spare.
const CALENDAR_DAYS_AHEAD: i64 = 120;

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

/// When an order can arrive.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DeliveryDate {
    Earliest(Schedule),
    /// An island whose ship sails about weekly (小笠原村 …): no date nor time slot can be chosen.
    NoDateChoice {
        reason: String,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Schedule {
    pub confirmed_on: Date,
    pub ships_on: Date,
    pub earliest: Date,
}

impl DeliveryDate {
    pub fn earliest(&self) -> Option<Date> {
        match self {
            DeliveryDate::Earliest(schedule) => Some(schedule.earliest),
            DeliveryDate::NoDateChoice { .. } => None,
        }
    }

    /// The dates the buyer may choose: [`CHOICE_DAYS`] from the earliest, or none.
    pub fn choices(&self) -> Vec<Date> {
        self.earliest().map_or_else(Vec::new, |first| (0..CHOICE_DAYS).map(|n| first + Duration::days(n)).collect())
    }

    /// The time slots the buyer may choose: all of them, or none where no date can be chosen.
    pub fn timezones(&self) -> Vec<DeliveryTimezone> {
        match self {
            DeliveryDate::Earliest(_) => TIMEZONES.to_vec(),
            DeliveryDate::NoDateChoice { .. } => Vec::new(),
        }
    }
}

/// The delivery date of an order placed at `ordered_at` for an address in `prefecture` with
/// `postal_code` (either may be unknown yet: then the mainland's 1 day is assumed).
pub fn earliest(ordered_at: OffsetDateTime, is_business_day: impl Fn(Date) -> bool, prefecture: Option<&str>, postal_code: Option<&str>) -> DeliveryDate {
    let transit_days = match postal_code.and_then(island_of) {
        Some(island) => match island.transit {
            IslandTransit::Days(days) => days,
            IslandTransit::NoDateChoice => {
                return DeliveryDate::NoDateChoice {
                    reason: format!("{}へのお届けは船の運航日によって変わるため、お届け日時をご指定いただけません。", island.group),
                };
            }
        },
        None => match prefecture {
            Some("北海道" | "沖縄県") => 2,
            _ => 1,
        },
    };
    let local = jst(ordered_at);
    let today = local.date();
    let confirmed_on = if is_business_day(today) && local.hour() < CUT_OFF_HOUR_JST { today } else { next_business_day(today, &is_business_day) };
    let ships_on = (0..SHIP_AFTER_BUSINESS_DAYS).fold(confirmed_on, |day, _| next_business_day(day, &is_business_day));
    DeliveryDate::Earliest(Schedule { confirmed_on, ships_on, earliest: ships_on + Duration::days(transit_days) })
}

fn next_business_day(after: Date, is_business_day: &impl Fn(Date) -> bool) -> Date {
    // At most a year of closed days is looked through.
    (1..=366).map(|n| after + Duration::days(n)).find(|day| is_business_day(*day)).unwrap_or(after + Duration::days(366))
}

pub fn jst(now: OffsetDateTime) -> OffsetDateTime {
    now.to_offset(UtcOffset::from_hms(9, 0, 0).expect("a valid offset"))
}

const WEEKDAYS: [&str; 7] = ["日", "月", "火", "水", "木", "金", "土"];

/// `11月25日(水)`.
pub fn label(date: Date) -> String {
    format!("{}月{}日({})", u8::from(date.month()), date.day(), WEEKDAYS[usize::from(date.weekday().number_days_from_sunday())])
}

// ---- the channel's calendar ----

/// Whether a day is a business day of the channel: read from its calendar for the days ahead
/// of `now` that an order placed now can reach.
pub async fn business_days(db: &Db, channel_id: &ChannelId, now: OffsetDateTime) -> sqlx::Result<impl Fn(Date) -> bool + use<>> {
    let first = jst(now).date();
    let closed = ClosedDays::load(db, channel_id, first, first + Duration::days(CALENDAR_DAYS_AHEAD)).await?;
    Ok(move |date: Date| !closed.is_closed(date))
}

/// The first business day after today (Japan) within the days the calendar is read ahead.
pub fn next_business_day_after(today: Date, is_business_day: &impl Fn(Date) -> bool) -> Option<Date> {
    (1..=CALENDAR_DAYS_AHEAD).map(|n| today + Duration::days(n)).find(|day| is_business_day(*day))
}

/// The delivery date of an order placed now for an address in `prefecture` with
/// `postal_code` (none: not known yet), on the channel's calendar.
pub async fn for_place(db: &Db, channel_id: &ChannelId, prefecture: Option<&str>, postal_code: Option<&str>) -> sqlx::Result<DeliveryDate> {
    let now = OffsetDateTime::now_utc();
    let is_business_day = business_days(db, channel_id, now).await?;
    Ok(earliest(now, is_business_day, prefecture, postal_code))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::delivery::holidays::holiday_name;
    use time::Weekday;
    use time::macros::{date, datetime};

    const YEAR_END: [(Date, Date); 3] =
        [(date!(2025 - 12 - 29), date!(2026 - 01 - 04)), (date!(2026 - 12 - 29), date!(2027 - 01 - 04)), (date!(2027 - 12 - 29), date!(2028 - 01 - 04))];
    const SUMMER: [(Date, Date); 2] = [(date!(2026 - 08 - 13), date!(2026 - 08 - 16)), (date!(2027 - 08 - 13), date!(2027 - 08 - 16))];

    fn in_any(ranges: &[(Date, Date)], date: Date) -> bool {
        ranges.iter().any(|(first, last)| (*first..=*last).contains(&date))
    }

    /// The demo shop (ライドパーツ本舗) as `seed/content.rs` sets it up: closed on Sundays,
    /// public holidays, 年末年始 (12/29–1/4) and 夏季休業 (8/13–16); open on Saturdays.
    fn demo_calendar(date: Date) -> bool {
        date.weekday() != Weekday::Sunday && !in_any(&YEAR_END, date) && !in_any(&SUMMER, date) && holiday_name(date).is_none()
    }

    /// The corporate shop (瀧本商事): closed on Saturdays, Sundays, public holidays and 年末年始.
    fn corporate_calendar(date: Date) -> bool {
        !matches!(date.weekday(), Weekday::Saturday | Weekday::Sunday) && !in_any(&YEAR_END, date) && holiday_name(date).is_none()
    }

    fn demo(ordered_at: OffsetDateTime, prefecture: &str, postal_code: &str) -> Schedule {
        match earliest(ordered_at, demo_calendar, Some(prefecture), Some(postal_code)) {
            DeliveryDate::Earliest(schedule) => schedule,
            other => panic!("expected a date, got {other:?}"),
        }
    }

    const TOKYO: (&str, &str) = ("東京都", "150-0001");

    fn to_tokyo(ordered_at: OffsetDateTime) -> Schedule {
        demo(ordered_at, TOKYO.0, TOKYO.1)
    }

    #[test]
    fn a_weekday_morning_order_is_confirmed_the_same_day() {
        // Mon 11/16 09:00: confirmed Mon 16, ships Wed 18 (Tue 17, Wed 18), Tokyo +1 = Thu 19.
        let s = to_tokyo(datetime!(2026-11-16 09:00 +09:00));
        assert_eq!((s.confirmed_on, s.ships_on, s.earliest), (date!(2026 - 11 - 16), date!(2026 - 11 - 18), date!(2026 - 11 - 19)));
        assert_eq!(label(s.earliest), "11月19日(木)");
    }

    #[test]
    fn a_sunday_morning_order_is_confirmed_on_monday() {
        // Sun 11/15 09:00 (closed): confirmed Mon 16, ships Wed 18, Tokyo +1 = Thu 19 (not Wed 18).
        let s = to_tokyo(datetime!(2026-11-15 09:00 +09:00));
        assert_eq!((s.confirmed_on, s.ships_on, s.earliest), (date!(2026 - 11 - 16), date!(2026 - 11 - 18), date!(2026 - 11 - 19)));
    }

    #[test]
    fn one_minute_either_side_of_the_cut_off() {
        // Mon 11/16 11:59: before 12:00, confirmed Mon 16, ships Wed 18, arrives Thu 19.
        assert_eq!(to_tokyo(datetime!(2026-11-16 11:59 +09:00)).earliest, date!(2026 - 11 - 19));
        // 12:00 is past the cut-off: confirmed Tue 17, ships Thu 19, arrives Fri 20.
        let noon = to_tokyo(datetime!(2026-11-16 12:00 +09:00));
        assert_eq!((noon.confirmed_on, noon.ships_on, noon.earliest), (date!(2026 - 11 - 17), date!(2026 - 11 - 19), date!(2026 - 11 - 20)));
        // 12:01: the same as 12:00.
        assert_eq!(to_tokyo(datetime!(2026-11-16 12:01 +09:00)).earliest, date!(2026 - 11 - 20));
        // The cut-off is in JST whatever the offset of the instant: 02:59 UTC is 11:59 JST.
        assert_eq!(to_tokyo(datetime!(2026-11-16 02:59 UTC)).earliest, date!(2026 - 11 - 19));
        assert_eq!(to_tokyo(datetime!(2026-11-16 03:01 UTC)).earliest, date!(2026 - 11 - 20));
    }

    #[test]
    fn a_saturday_evening_order_before_coming_of_age_day() {
        // Sat 2027-01-09 18:00, after the cut-off; Sun 10 closed, Mon 11 成人の日: confirmed
        // Tue 12, ships Thu 14 (Wed 13, Thu 14), Tokyo +1 = Fri 15.
        let s = to_tokyo(datetime!(2027-01-09 18:00 +09:00));
        assert_eq!(holiday_name(date!(2027 - 01 - 11)), Some("成人の日"));
        assert_eq!((s.confirmed_on, s.ships_on, s.earliest), (date!(2027 - 01 - 12), date!(2027 - 01 - 14), date!(2027 - 01 - 15)));
    }

    #[test]
    fn a_friday_evening_order_before_a_three_day_weekend() {
        // Fri 2027-07-16 18:00, after the cut-off: the demo shop works on Saturdays, so confirmed
        // Sat 17; Sun 18 closed, Mon 19 海の日: ships Wed 21 (Tue 20, Wed 21), Tokyo +1 = Thu 22.
        let s = to_tokyo(datetime!(2027-07-16 18:00 +09:00));
        assert_eq!(holiday_name(date!(2027 - 07 - 19)), Some("海の日"));
        assert_eq!((s.confirmed_on, s.ships_on, s.earliest), (date!(2027 - 07 - 17), date!(2027 - 07 - 21), date!(2027 - 07 - 22)));
        // The corporate shop is closed on Saturdays too: confirmed Tue 20, ships Thu 22 (Wed
        // 21, Thu 22), Osaka +1 = Fri 23.
        let DeliveryDate::Earliest(corporate) = earliest(datetime!(2027-07-16 18:00 +09:00), corporate_calendar, Some("大阪府"), Some("530-0001")) else {
            panic!("a date")
        };
        assert_eq!((corporate.confirmed_on, corporate.ships_on, corporate.earliest), (date!(2027 - 07 - 20), date!(2027 - 07 - 22), date!(2027 - 07 - 23)));
    }

    #[test]
    fn the_afternoon_before_golden_week() {
        // Sat 2026-05-02 14:00, after the cut-off; Sun 3 closed, Mon 4 みどりの日, Tue 5 こどもの日,
        // Wed 6 振替休日 (for 憲法記念日 on Sunday): confirmed Thu 7, ships Sat 9 (Fri 8, Sat 9),
        // Tokyo +1 = Sun 10.
        let s = to_tokyo(datetime!(2026-05-02 14:00 +09:00));
        assert_eq!(holiday_name(date!(2026 - 05 - 06)), Some("振替休日"));
        assert_eq!((s.confirmed_on, s.ships_on, s.earliest), (date!(2026 - 05 - 07), date!(2026 - 05 - 09), date!(2026 - 05 - 10)));
    }

    #[test]
    fn around_the_new_year_closure() {
        // Sun 2026-12-27 10:00 (closed): confirmed Mon 28; 12/29–1/4 closed: ships Wed 1/6
        // (Tue 5, Wed 6), Tokyo +1 = Thu 1/7.
        let s = to_tokyo(datetime!(2026-12-27 10:00 +09:00));
        assert_eq!((s.confirmed_on, s.ships_on, s.earliest), (date!(2026 - 12 - 28), date!(2027 - 01 - 06), date!(2027 - 01 - 07)));
        // Wed 2026-12-30 10:00 (in the closure): confirmed Tue 1/5, ships Thu 1/7 (Wed 6, Thu 7),
        // Tokyo +1 = Fri 1/8.
        let s = to_tokyo(datetime!(2026-12-30 10:00 +09:00));
        assert_eq!((s.confirmed_on, s.ships_on, s.earliest), (date!(2027 - 01 - 05), date!(2027 - 01 - 07), date!(2027 - 01 - 08)));
    }

    #[test]
    fn hokkaido_and_okinawa_take_two_days_and_their_islands_more() {
        // Mon 11/16 09:00: confirmed Mon 16, ships Wed 18 in every case below.
        let at = datetime!(2026-11-16 09:00 +09:00);
        // 札幌: 北海道 +2 = Fri 20.
        assert_eq!(demo(at, "北海道", "060-0001").earliest, date!(2026 - 11 - 20));
        // 那覇 (沖縄本島): 沖縄県 +2 = Fri 20.
        assert_eq!(demo(at, "沖縄県", "900-0001").earliest, date!(2026 - 11 - 20));
        // 石垣市: 宮古島・石垣島 +3 = Sat 21.
        assert_eq!(demo(at, "沖縄県", "907-0004").earliest, date!(2026 - 11 - 21));
        // 竹富町 (西表島): a second hop from 石垣, +4 = Sun 22.
        assert_eq!(demo(at, "沖縄県", "907-1541").earliest, date!(2026 - 11 - 22));
        // 奥尻町: 北海道の離島 +4 = Sun 22.
        assert_eq!(demo(at, "北海道", "043-1401").earliest, date!(2026 - 11 - 22));
        // 八丈島 (東京都): 伊豆諸島 +3 = Sat 21, not Tokyo's Thu 19.
        assert_eq!(demo(at, "東京都", "100-1511").earliest, date!(2026 - 11 - 21));
    }

    #[test]
    fn ogasawara_has_no_date_to_choose() {
        // 父島 (小笠原村): おがさわら丸 sails about every six days, so no date nor time slot.
        let ogasawara = earliest(datetime!(2026-11-16 09:00 +09:00), demo_calendar, Some("東京都"), Some("100-2101"));
        let DeliveryDate::NoDateChoice { reason } = &ogasawara else { panic!("expected no date, got {ogasawara:?}") };
        assert_eq!(reason, "小笠原諸島へのお届けは船の運航日によって変わるため、お届け日時をご指定いただけません。");
        assert_eq!((ogasawara.earliest(), ogasawara.choices().len(), ogasawara.timezones().len()), (None, 0, 0));
        // 青ヶ島, 大東諸島 and トカラ列島 (十島村) likewise.
        for code in ["100-1701", "901-3801", "891-5201"] {
            assert!(matches!(earliest(datetime!(2026-11-16 09:00 +09:00), |_| true, None, Some(code)), DeliveryDate::NoDateChoice { .. }), "{code}");
        }
    }

    #[test]
    fn fourteen_dates_and_every_time_slot_from_the_earliest() {
        let mainland = earliest(datetime!(2026-11-16 09:00 +09:00), demo_calendar, None, None);
        let choices = mainland.choices();
        assert_eq!((choices.len(), choices[0], choices[13]), (14, date!(2026 - 11 - 19), date!(2026 - 12 - 02)));
        assert_eq!(mainland.timezones().len(), 5);
        assert_eq!(timezone_label("14-16"), Some("14時〜16時"));
    }
}
