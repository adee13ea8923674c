//! Japanese public holidays (国民の祝日) from our own rule table, under the law as it stands
//! since 2007 (昭和の日, the current 振替休日 rule) with the later changes by year: 山の日 from
//! 2016, 天皇誕生日 on 2/23 from 2020 (12/23 until 2018), スポーツの日 named so from 2020,
//! and the one-off dates of 2019 (accession) and 2020/2021 (Olympic moves). 春分/秋分 use the
//! standard approximation, valid 1980–2099; the calendar therefore answers for
//! [`FIRST_YEAR`]..=[`LAST_YEAR`] only.
use time::{Date, Duration, Month, Weekday};

pub const FIRST_YEAR: i32 = 2007;
pub const LAST_YEAR: i32 = 2099;

const SUBSTITUTE: &str = "振替休日";
const CITIZENS: &str = "国民の休日";

/// The holiday name of `date`, if it is one (a 祝日, a 振替休日 or a 国民の休日).
pub fn holiday_name(date: Date) -> Option<&'static str> {
    holidays_between(date, date).remove(&date)
}

/// Every holiday from `first` to `last` inclusive, each year's table computed once.
pub fn holidays_between(first: Date, last: Date) -> std::collections::HashMap<Date, &'static str> {
    (first.year()..=last.year()).flat_map(holidays_of).filter(|(date, _)| (first..=last).contains(date)).collect()
}

/// Every holiday of `year`, in date order. Empty outside the supported years.
pub fn holidays_of(year: i32) -> Vec<(Date, &'static str)> {
    if !(FIRST_YEAR..=LAST_YEAR).contains(&year) {
        return Vec::new();
    }
    let mut days = national_holidays(year);
    days.sort_by_key(|(d, _)| *d);
    let is_national = |d: Date, days: &[(Date, &str)]| days.iter().any(|(x, _)| *x == d);

    // 国民の休日: a day between two national holidays that is not one itself.
    let mut extra = Vec::new();
    for pair in days.windows(2) {
        let between = pair[0].0 + Duration::days(1);
        if pair[1].0 == between + Duration::days(1) && between.weekday() != Weekday::Sunday {
            extra.push((between, CITIZENS));
        }
    }
    // 振替休日: a national holiday on a Sunday moves the rest to the next day that is not one.
    for (date, _) in &days {
        if date.weekday() == Weekday::Sunday {
            let mut next = *date + Duration::days(1);
            while is_national(next, &days) {
                next += Duration::days(1);
            }
            extra.push((next, SUBSTITUTE));
        }
    }
    days.extend(extra);
    days.sort_by_key(|(d, _)| *d);
    days
}

/// The 祝日 themselves, before substitutes.
fn national_holidays(year: i32) -> Vec<(Date, &'static str)> {
    let day = |month: Month, d: u8| Date::from_calendar_date(year, month, d).ok();
    let mut list: Vec<(Option<Date>, &'static str)> = vec![
        (day(Month::January, 1), "元日"),
        (nth_monday(year, Month::January, 2), "成人の日"),
        (day(Month::February, 11), "建国記念の日"),
        (day(Month::March, equinox_day(year, 20.8431)), "春分の日"),
        (day(Month::April, 29), "昭和の日"),
        (day(Month::May, 3), "憲法記念日"),
        (day(Month::May, 4), "みどりの日"),
        (day(Month::May, 5), "こどもの日"),
        (nth_monday(year, Month::September, 3), "敬老の日"),
        (day(Month::September, equinox_day(year, 23.2488)), "秋分の日"),
        (day(Month::November, 3), "文化の日"),
        (day(Month::November, 23), "勤労感謝の日"),
    ];
    // 海の日, スポーツの日 (体育の日 until 2019) and 山の日 moved for the Tokyo Olympics.
    let (marine, sports, mountain) = match year {
        2020 => (day(Month::July, 23), day(Month::July, 24), day(Month::August, 10)),
        2021 => (day(Month::July, 22), day(Month::July, 23), day(Month::August, 8)),
        _ => (nth_monday(year, Month::July, 3), nth_monday(year, Month::October, 2), day(Month::August, 11)),
    };
    list.push((marine, "海の日"));
    list.push((sports, if year >= 2020 { "スポーツの日" } else { "体育の日" }));
    if year >= 2016 {
        list.push((mountain, "山の日"));
    }
    match year {
        ..=2018 => list.push((day(Month::December, 23), "天皇誕生日")),
        2019 => {
            list.push((day(Month::May, 1), "天皇の即位の日"));
            list.push((day(Month::October, 22), "即位礼正殿の儀の行われる日"));
        }
        _ => list.push((day(Month::February, 23), "天皇誕生日")),
    }
    list.into_iter().filter_map(|(date, name)| Some((date?, name))).collect()
}

/// The `n`th Monday of the month (Happy Monday rules).
fn nth_monday(year: i32, month: Month, n: u8) -> Option<Date> {
    let first = Date::from_calendar_date(year, month, 1).ok()?;
    let offset = (7 + 1 - first.weekday().number_days_from_sunday() as i64) % 7;
    Some(first + Duration::days(offset + 7 * (n as i64 - 1)))
}

/// Day of the month of the vernal (base 20.8431) or autumnal (23.2488) equinox.
fn equinox_day(year: i32, base: f64) -> u8 {
    let y = (year - 1980) as f64;
    (base + 0.242194 * y - (y / 4.0).floor()).floor() as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    fn listed(year: i32) -> Vec<String> {
        holidays_of(year).into_iter().map(|(d, name)| format!("{:02}/{:02} {name}", u8::from(d.month()), d.day())).collect()
    }

    /// The Cabinet Office's published lists (内閣府「国民の祝日について」).
    #[test]
    fn matches_the_published_list_for_2025() {
        assert_eq!(
            listed(2025),
            [
                "01/01 元日",
                "01/13 成人の日",
                "02/11 建国記念の日",
                "02/23 天皇誕生日",
                "02/24 振替休日",
                "03/20 春分の日",
                "04/29 昭和の日",
                "05/03 憲法記念日",
                "05/04 みどりの日",
                "05/05 こどもの日",
                "05/06 振替休日",
                "07/21 海の日",
                "08/11 山の日",
                "09/15 敬老の日",
                "09/23 秋分の日",
                "10/13 スポーツの日",
                "11/03 文化の日",
                "11/23 勤労感謝の日",
                "11/24 振替休日",
            ]
        );
    }

    #[test]
    fn matches_the_published_list_for_2026() {
        assert_eq!(
            listed(2026),
            [
                "01/01 元日",
                "01/12 成人の日",
                "02/11 建国記念の日",
                "02/23 天皇誕生日",
                "03/20 春分の日",
                "04/29 昭和の日",
                "05/03 憲法記念日",
                "05/04 みどりの日",
                "05/05 こどもの日",
                "05/06 振替休日",
                "07/20 海の日",
                "08/11 山の日",
                "09/21 敬老の日",
                "09/22 国民の休日",
                "09/23 秋分の日",
                "10/12 スポーツの日",
                "11/03 文化の日",
                "11/23 勤労感謝の日",
            ]
        );
    }

    #[test]
    fn matches_the_published_list_for_2027() {
        assert_eq!(
            listed(2027),
            [
                "01/01 元日",
                "01/11 成人の日",
                "02/11 建国記念の日",
                "02/23 天皇誕生日",
                "03/21 春分の日",
                "03/22 振替休日",
                "04/29 昭和の日",
                "05/03 憲法記念日",
                "05/04 みどりの日",
                "05/05 こどもの日",
                "07/19 海の日",
                "08/11 山の日",
                "09/20 敬老の日",
                "09/23 秋分の日",
                "10/11 スポーツの日",
                "11/03 文化の日",
                "11/23 勤労感謝の日",
            ]
        );
    }

    #[test]
    fn the_one_off_years_follow_their_special_laws() {
        let y2019 = listed(2019);
        for day in ["04/30 国民の休日", "05/01 天皇の即位の日", "05/02 国民の休日", "10/22 即位礼正殿の儀の行われる日", "10/14 体育の日"]
        {
            assert!(y2019.contains(&day.to_owned()), "{day} in {y2019:?}");
        }
        assert!(!y2019.iter().any(|d| d.contains("天皇誕生日")), "no emperor's birthday in 2019");
        let y2021 = listed(2021);
        for day in ["07/22 海の日", "07/23 スポーツの日", "08/08 山の日", "08/09 振替休日"] {
            assert!(y2021.contains(&day.to_owned()), "{day} in {y2021:?}");
        }
    }

    #[test]
    fn names_single_days_and_knows_ordinary_ones() {
        let date = |y, m, d| Date::from_calendar_date(y, Month::try_from(m).unwrap(), d).unwrap();
        assert_eq!(holiday_name(date(2027, 1, 1)), Some("元日"));
        assert_eq!(holiday_name(date(2026, 12, 31)), None);
        assert_eq!(holiday_name(date(2015, 8, 11)), None, "山の日 starts in 2016");
        assert!(holidays_of(2100).is_empty());
    }
}
