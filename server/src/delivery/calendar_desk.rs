//! 営業日カレンダー on the settings desk (docs/contracts/settings-calendar.md): the shop's
//! weekly closed days, its holiday rule and one month's closed dates, as a month view, the
//! form checked (no day of the week left open means no shipping, so not every weekday can be
//! closed, nor every day of a month), and what a save changed, for the audit log.
use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};
use time::{Date, Duration, Month};

use super::calendar::{ClosedDays, iso};
use super::holidays::{self, FIRST_YEAR, LAST_YEAR};
use crate::infra::error::FieldErrors;

pub const REASON_MAX: usize = 40;

const MONTH_SHAPE: &str = "月はYYYY-MMの形式で入力してください。";
const MONTH_RANGE: &str = "月は2007年から2099年までで指定してください。";
const WEEKDAY_RANGE: &str = "曜日は0（日曜日）から6（土曜日）で指定してください。";
const EVERY_WEEKDAY: &str = "すべての曜日を定休日にはできません。";
const DATE_SHAPE: &str = "日付はYYYY-MM-DDの形式で入力してください。";
const DATE_REPEATED: &str = "同じ日付が重複しています。";
const REASON_LONG: &str = "理由は40文字以内で入力してください。";
const MONTH_ALL_CLOSED: &str = "ひと月すべてを休業日にはできません。営業日を1日以上残してください。";
const WEEKDAYS: [&str; 7] = ["日", "月", "火", "水", "木", "金", "土"];

/// One day of the month view.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct CalendarDeskDay {
    /// `YYYY-MM-DD`.
    pub date: String,
    /// 0 = Sunday … 6 = Saturday.
    pub weekday: u8,
    /// 元日, 振替休日 … when a public holiday.
    pub holiday_name: Option<String>,
    /// The reason of the shop's own closed date ("" when none was given); null: not one.
    pub closed_reason: Option<String>,
    /// Weekly closed, a holiday while the shop closes on them, or a closed date.
    pub is_closed: bool,
}

/// 営業日カレンダー as the desk shows it: the rules and one month.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct CalendarSettings {
    /// 0 while the calendar was never saved from the desk.
    pub version: i64,
    /// `YYYY-MM`: the month `days` covers.
    pub month: String,
    /// 0 = 日曜日 … 6 = 土曜日, ascending.
    pub weekly_closed: Vec<i64>,
    /// Closed on public holidays (振替休日 and 国民の休日 included).
    pub holidays_closed: bool,
    /// Every day of the month, in order.
    pub days: Vec<CalendarDeskDay>,
    /// `YYYY-MM-DD`: the first business day after today (Japan); null: none in the days read ahead.
    pub next_business_day: Option<String>,
}

impl CalendarSettings {
    pub fn of(month: CalendarMonth, closed: &ClosedDays, next_business_day: Option<Date>) -> Self {
        let days = month
            .days()
            .map(|date| CalendarDeskDay {
                date: iso(date),
                weekday: date.weekday().number_days_from_sunday(),
                holiday_name: holidays::holiday_name(date).map(str::to_owned),
                closed_reason: closed.reason(date).map(str::to_owned),
                is_closed: closed.is_closed(date),
            })
            .collect();
        CalendarSettings {
            version: closed.version,
            month: month.text(),
            weekly_closed: closed.weekly.clone(),
            holidays_closed: closed.holidays_closed,
            days,
            next_business_day: next_business_day.map(iso),
        }
    }
}

/// A month of the holiday table's years.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CalendarMonth {
    pub first: Date,
}

impl CalendarMonth {
    /// `YYYY-MM`, exactly.
    pub fn parse(text: &str) -> Result<CalendarMonth, &'static str> {
        let bytes = text.as_bytes();
        if !(bytes.len() == 7 && bytes[4] == b'-' && bytes.iter().enumerate().all(|(i, b)| i == 4 || b.is_ascii_digit())) {
            return Err(MONTH_SHAPE);
        }
        let year: i32 = text[0..4].parse().map_err(|_| MONTH_SHAPE)?;
        let month = text[5..7].parse::<u8>().ok().and_then(|m| Month::try_from(m).ok()).ok_or(MONTH_SHAPE)?;
        if !(FIRST_YEAR..=LAST_YEAR).contains(&year) {
            return Err(MONTH_RANGE);
        }
        Date::from_calendar_date(year, month, 1).map(|first| CalendarMonth { first }).map_err(|_| MONTH_SHAPE)
    }

    pub fn of(date: Date) -> CalendarMonth {
        CalendarMonth { first: date.replace_day(1).expect("every month has a first day") }
    }

    pub fn last(self) -> Date {
        self.first + Duration::days(i64::from(self.first.month().length(self.first.year())) - 1)
    }

    pub fn days(self) -> impl Iterator<Item = Date> {
        (0..i64::from(self.first.month().length(self.first.year()))).map(move |n| self.first + Duration::days(n))
    }

    pub fn contains(self, date: Date) -> bool {
        date.year() == self.first.year() && date.month() == self.first.month()
    }

    /// `2026-12`.
    pub fn text(self) -> String {
        format!("{:04}-{:02}", self.first.year(), u8::from(self.first.month()))
    }

    /// `2026年12月`.
    pub fn label(self) -> String {
        format!("{}年{}月", self.first.year(), u8::from(self.first.month()))
    }
}

#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
pub struct ClosedDateInput {
    #[schema(required = true, value_type = String)]
    pub date: Option<String>,
    /// May be empty; at most 40 characters.
    #[serde(default)]
    pub reason: Option<String>,
}

/// 保存する: the rules and the month's closed dates (replacing that month's), with the version read.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
pub struct CalendarInput {
    #[schema(required = true, value_type = i64)]
    pub version: Option<i64>,
    /// `YYYY-MM`.
    #[schema(required = true, value_type = String)]
    pub month: Option<String>,
    /// 0 = 日曜日 … 6 = 土曜日.
    #[serde(default)]
    pub weekly_closed: Vec<i64>,
    #[schema(required = true, value_type = bool)]
    pub holidays_closed: Option<bool>,
    /// Every closed date of the month, with its reason.
    #[serde(default)]
    pub closed_dates: Vec<ClosedDateInput>,
}

/// What a checked form saves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CalendarForm {
    pub month: CalendarMonth,
    pub weekly_closed: Vec<i64>,
    pub holidays_closed: bool,
    /// (date, reason), ascending.
    pub closed_dates: Vec<(String, String)>,
}

impl CalendarForm {
    /// The calendar as it would be for this month after the save.
    pub fn closed_days(&self, version: i64) -> ClosedDays {
        ClosedDays { weekly: self.weekly_closed.clone(), holidays_closed: self.holidays_closed, dates: self.closed_dates.iter().cloned().collect(), version }
    }
}

fn push(errors: &mut FieldErrors, field: &str, message: &str) {
    errors.entry(field.to_owned()).or_default().push(message.to_owned());
}

fn parse_date(text: &str) -> Option<Date> {
    let bytes = text.as_bytes();
    let shaped = bytes.len() == 10 && bytes[4] == b'-' && bytes[7] == b'-' && bytes.iter().enumerate().all(|(i, b)| i == 4 || i == 7 || b.is_ascii_digit());
    if !shaped {
        return None;
    }
    let month = Month::try_from(text[5..7].parse::<u8>().ok()?).ok()?;
    Date::from_calendar_date(text[0..4].parse().ok()?, month, text[8..10].parse().ok()?).ok()
}

/// The form as what is saved, or every field's message.
pub fn check(input: &CalendarInput) -> Result<CalendarForm, FieldErrors> {
    let mut errors = FieldErrors::new();
    let month = match CalendarMonth::parse(input.month.as_deref().unwrap_or("")) {
        Ok(month) => Some(month),
        Err(message) => {
            push(&mut errors, "month", message);
            None
        }
    };
    let weekly: BTreeSet<i64> = input.weekly_closed.iter().copied().collect();
    if weekly.len() != input.weekly_closed.len() || weekly.iter().any(|d| !(0..=6).contains(d)) {
        push(&mut errors, "weekly_closed", WEEKDAY_RANGE);
    } else if weekly.len() == 7 {
        push(&mut errors, "weekly_closed", EVERY_WEEKDAY);
    }
    let mut dates: BTreeMap<String, String> = BTreeMap::new();
    for (i, typed) in input.closed_dates.iter().enumerate() {
        let field = format!("closed_dates[{i}].date");
        match typed.date.as_deref().and_then(parse_date) {
            None => push(&mut errors, &field, DATE_SHAPE),
            Some(date) if month.is_some_and(|m| !m.contains(date)) => {
                push(&mut errors, &field, &format!("{}の日付を指定してください。", month.map(CalendarMonth::label).unwrap_or_default()))
            }
            Some(date) if dates.contains_key(&iso(date)) => push(&mut errors, &field, DATE_REPEATED),
            Some(date) => {
                let reason = typed.reason.as_deref().unwrap_or("").trim().to_owned();
                if reason.chars().count() > REASON_MAX {
                    push(&mut errors, &format!("closed_dates[{i}].reason"), REASON_LONG);
                }
                dates.insert(iso(date), reason);
            }
        }
    }
    let holidays_closed = input.holidays_closed.unwrap_or(true);
    let Some(month) = month.filter(|_| errors.is_empty()) else { return Err(errors) };
    let form = CalendarForm { month, weekly_closed: weekly.into_iter().collect(), holidays_closed, closed_dates: dates.into_iter().collect() };
    let closed = form.closed_days(0);
    if month.days().all(|date| closed.is_closed(date)) {
        push(&mut errors, "closed_dates", MONTH_ALL_CLOSED);
        return Err(errors);
    }
    Ok(form)
}

fn weekdays(days: &[i64]) -> String {
    if days.is_empty() { "なし".to_owned() } else { days.iter().map(|d| WEEKDAYS[*d as usize]).collect::<Vec<_>>().join("・") }
}

fn month_day(date: &str) -> String {
    parse_date(date).map_or_else(|| date.to_owned(), |d| format!("{}/{}", u8::from(d.month()), d.day()))
}

fn closed_date(date: &str, reason: &str) -> String {
    if reason.is_empty() { month_day(date) } else { format!("{}({reason})", month_day(date)) }
}

/// `営業日カレンダー: 定休日 日→日・土, 祝日 休業→営業, 2026年12月 休業日追加 12/29(年末年始休業)・12/30, 休業日解除 12/31`.
/// `before` is the stored calendar with the saved month's dates.
pub fn describe_change(before: &ClosedDays, after: &CalendarForm) -> String {
    let open_closed = |closed: bool| if closed { "休業" } else { "営業" };
    let mut changes = Vec::new();
    if before.weekly != after.weekly_closed {
        changes.push(format!("定休日 {}→{}", weekdays(&before.weekly), weekdays(&after.weekly_closed)));
    }
    if before.holidays_closed != after.holidays_closed {
        changes.push(format!("祝日 {}→{}", open_closed(before.holidays_closed), open_closed(after.holidays_closed)));
    }
    let after_dates: BTreeMap<&str, &str> = after.closed_dates.iter().map(|(d, r)| (d.as_str(), r.as_str())).collect();
    let before_dates: BTreeMap<&str, &str> = before.dates.iter().map(|(d, r)| (d.as_str(), r.as_str())).collect();
    let added: Vec<String> = after_dates.iter().filter(|(d, _)| !before_dates.contains_key(*d)).map(|(d, r)| closed_date(d, r)).collect();
    let renamed: Vec<String> = after_dates.iter().filter(|(d, r)| before_dates.get(*d).is_some_and(|old| old != *r)).map(|(d, r)| closed_date(d, r)).collect();
    let removed: Vec<String> = before_dates.keys().filter(|d| !after_dates.contains_key(*d)).map(|d| month_day(d)).collect();
    let mut month_changes = Vec::new();
    if !added.is_empty() {
        month_changes.push(format!("休業日追加 {}", added.join("・")));
    }
    if !renamed.is_empty() {
        month_changes.push(format!("理由変更 {}", renamed.join("・")));
    }
    if !removed.is_empty() {
        month_changes.push(format!("休業日解除 {}", removed.join("・")));
    }
    if !month_changes.is_empty() {
        changes.push(format!("{} {}", after.month.label(), month_changes.join(", ")));
    }
    if changes.is_empty() { "営業日カレンダー: 変更なし".to_owned() } else { format!("営業日カレンダー: {}", changes.join(", ")) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    fn closed(date: &str, reason: &str) -> ClosedDateInput {
        ClosedDateInput { date: Some(date.into()), reason: Some(reason.into()) }
    }

    fn input(month: &str, weekly: &[i64], holidays_closed: bool, dates: Vec<ClosedDateInput>) -> CalendarInput {
        CalendarInput {
            version: Some(1),
            month: Some(month.into()),
            weekly_closed: weekly.to_vec(),
            holidays_closed: Some(holidays_closed),
            closed_dates: dates,
        }
    }

    #[test]
    fn months_are_exact_and_inside_the_holiday_table() {
        assert_eq!(CalendarMonth::parse("2026-12").unwrap().first, date!(2026 - 12 - 01));
        assert_eq!(CalendarMonth::parse("2028-02").unwrap().last(), date!(2028 - 02 - 29));
        assert_eq!(CalendarMonth::parse("2028-02").unwrap().days().count(), 29);
        for bad in ["2026-13", "2026-1", "2026/12", "２０２６-12", "", "2026-00"] {
            assert_eq!(CalendarMonth::parse(bad), Err(MONTH_SHAPE), "{bad}");
        }
        assert_eq!(CalendarMonth::parse("2100-01"), Err(MONTH_RANGE));
        assert_eq!(CalendarMonth::of(date!(2026 - 12 - 31)).text(), "2026-12");
    }

    #[test]
    fn a_good_form_keeps_the_month_dates_sorted_with_trimmed_reasons() {
        let form = check(&input("2026-12", &[6, 0], false, vec![closed("2026-12-30", " 年末年始休業 "), closed("2026-12-29", "")])).unwrap();
        assert_eq!(form.weekly_closed, vec![0, 6]);
        assert!(!form.holidays_closed);
        assert_eq!(form.closed_dates, vec![("2026-12-29".into(), "".into()), ("2026-12-30".into(), "年末年始休業".into())]);
    }

    #[test]
    fn bad_fields_have_their_messages() {
        let errors = check(&input("2026-12", &[0, 0, 9], true, vec![closed("2027-01-02", ""), closed("12/30", ""), closed("2026-12-05", &"あ".repeat(41))]))
            .unwrap_err();
        assert_eq!(errors["weekly_closed"], vec![WEEKDAY_RANGE]);
        assert_eq!(errors["closed_dates[0].date"], vec!["2026年12月の日付を指定してください。"]);
        assert_eq!(errors["closed_dates[1].date"], vec![DATE_SHAPE]);
        assert_eq!(errors["closed_dates[2].reason"], vec![REASON_LONG]);
        let repeated = check(&input("2026-12", &[], true, vec![closed("2026-12-05", ""), closed("2026-12-05", "")])).unwrap_err();
        assert_eq!(repeated["closed_dates[1].date"], vec![DATE_REPEATED]);
        assert_eq!(check(&input("2026-12", &[0, 1, 2, 3, 4, 5, 6], true, vec![])).unwrap_err()["weekly_closed"], vec![EVERY_WEEKDAY]);
        assert_eq!(check(&input("12月", &[], true, vec![])).unwrap_err()["month"], vec![MONTH_SHAPE]);
    }

    #[test]
    fn a_month_must_keep_a_business_day() {
        // Closed Monday to Saturday, and the Sundays of February 2027 as dates.
        let sundays = ["2027-02-07", "2027-02-14", "2027-02-21", "2027-02-28"].map(|d| closed(d, "")).to_vec();
        assert_eq!(check(&input("2027-02", &[1, 2, 3, 4, 5, 6], true, sundays.clone())).unwrap_err()["closed_dates"], vec![MONTH_ALL_CLOSED]);
        assert!(check(&input("2027-02", &[1, 2, 3, 4, 5, 6], true, sundays[..3].to_vec())).is_ok());
    }

    #[test]
    fn the_audit_line_names_each_change() {
        let before = ClosedDays {
            weekly: vec![0],
            holidays_closed: true,
            dates: [("2026-12-31".to_owned(), "".to_owned()), ("2026-12-28".to_owned(), "棚卸".to_owned())].into_iter().collect(),
            version: 3,
        };
        let after =
            check(&input("2026-12", &[0, 6], false, vec![closed("2026-12-29", "年末年始休業"), closed("2026-12-30", ""), closed("2026-12-28", "棚卸し")]))
                .unwrap();
        assert_eq!(
            describe_change(&before, &after),
            "営業日カレンダー: 定休日 日→日・土, 祝日 休業→営業, 2026年12月 休業日追加 12/29(年末年始休業)・12/30, 理由変更 12/28(棚卸し), 休業日解除 12/31"
        );
        let same = CalendarForm { month: after.month, weekly_closed: vec![0], holidays_closed: true, closed_dates: before.dates.clone().into_iter().collect() };
        assert_eq!(describe_change(&before, &same), "営業日カレンダー: 変更なし");
    }
}
