//! The business-day calendar the storefront draws: for each day of a range, whether it is a
//! Japanese public holiday (and which) and whether the shop is closed (its weekly closed
//! days, public holidays unless it opens on them, and its explicit closed dates such as
//! 年末年始). [`ClosedDays`] is the one reading of the shop's calendar: the delivery dates and
//! the settings desk ask it too.
use std::collections::HashMap;

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use time::{Date, Duration, Month};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::holidays::{self, FIRST_YEAR, LAST_YEAR};
use super::store;
use crate::channel::Channel;
use crate::channel::holiday_rule::{self, HolidayRule};
use crate::infra::db::Db;
use crate::infra::error::{ApiError, ApiResult, ErrorBody, FieldErrors};
use crate::infra::extract::ApiQuery;
use crate::infra::ids::ChannelId;
use crate::infra::pagination::ListBody;
use crate::state::AppState;

/// Most days one answer covers: a leap year.
pub const MAX_DAYS: i64 = 366;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(show_calendar))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CalendarQuery {
    /// First day, `YYYY-MM-DD`.
    #[serde(rename = "startDate")]
    #[param(rename = "startDate", required = true, format = Date)]
    pub start_date: Option<String>,
    /// Last day (inclusive), `YYYY-MM-DD`; at most 366 days from the first.
    #[serde(rename = "endDate")]
    #[param(rename = "endDate", required = true, format = Date)]
    pub end_date: Option<String>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct CalendarDay {
    /// `YYYY-MM-DD`.
    pub date: String,
    /// 0 = Sunday … 6 = Saturday.
    pub weekday: u8,
    pub is_holiday: bool,
    /// e.g. 元日, 振替休日, 国民の休日.
    pub holiday_name: Option<String>,
    /// The shop is closed (no shipping, no replies) that day: a weekly closed day, a public
    /// holiday when the shop closes on them, or one of its closed dates.
    pub is_closed: bool,
}

/// The shop's closed days over a range: its weekly closed days, whether it closes on public
/// holidays, and its own closed dates with their reasons.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClosedDays {
    /// 0 = Sunday … 6 = Saturday.
    pub weekly: Vec<i64>,
    pub holidays_closed: bool,
    /// `YYYY-MM-DD` → the reason ("" when none was given).
    pub dates: HashMap<String, String>,
    /// The calendar's version (its holiday setting's; every desk save moves it), 0 when never saved.
    pub version: i64,
}

impl ClosedDays {
    /// The calendar as stored, with the closed dates from `first` to `last`.
    pub async fn load(db: &Db, channel_id: &ChannelId, first: Date, last: Date) -> sqlx::Result<ClosedDays> {
        let weekly = store::list_weekly_closures(db, channel_id).await?;
        let setting = crate::channel::store::find_versioned_setting(db, channel_id, holiday_rule::SETTING).await?;
        let dates = store::list_closed_dates(db, channel_id, &iso(first), &iso(last)).await?.into_iter().collect();
        Ok(ClosedDays { weekly, holidays_closed: HolidayRule::parse(setting.value.as_deref()).holidays_closed, dates, version: setting.version })
    }

    pub fn is_weekly_closed(&self, date: Date) -> bool {
        self.weekly.contains(&i64::from(date.weekday().number_days_from_sunday()))
    }

    pub fn is_closed(&self, date: Date) -> bool {
        self.is_weekly_closed(date) || (self.holidays_closed && holidays::holiday_name(date).is_some()) || self.dates.contains_key(&iso(date))
    }

    /// The reason of the shop's own closed date; none when the day is not one.
    pub fn reason(&self, date: Date) -> Option<&str> {
        self.dates.get(&iso(date)).map(String::as_str)
    }
}

/// A checked range: both dates valid, in order, inside the holiday table's years, and at
/// most [`MAX_DAYS`] days long.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DateRange {
    pub first: Date,
    pub last: Date,
}

impl DateRange {
    pub fn parse(query: &CalendarQuery) -> Result<DateRange, ApiError> {
        let mut errors = FieldErrors::new();
        let first = parse_field(&mut errors, "startDate", "開始日", query.start_date.as_deref());
        let last = parse_field(&mut errors, "endDate", "終了日", query.end_date.as_deref());
        if let (Some(first), Some(last)) = (first, last) {
            if last < first {
                errors.insert("endDate".into(), vec!["終了日は開始日以降の日付を入力してください。".into()]);
            } else if (last - first).whole_days() + 1 > MAX_DAYS {
                errors.insert("endDate".into(), vec![format!("期間は{MAX_DAYS}日以内で指定してください。")]);
            }
        }
        match (first, last) {
            (Some(first), Some(last)) if errors.is_empty() => Ok(DateRange { first, last }),
            _ => Err(ApiError::Invalid(errors)),
        }
    }

    pub fn days(&self) -> impl Iterator<Item = Date> + '_ {
        (0..=(self.last - self.first).whole_days()).map(|n| self.first + Duration::days(n))
    }
}

fn parse_field(errors: &mut FieldErrors, field: &str, label: &str, value: Option<&str>) -> Option<Date> {
    let value = value.unwrap_or_default();
    let message = if value.is_empty() {
        format!("{label}を入力してください。")
    } else {
        match parse_date(value) {
            Some(date) if (FIRST_YEAR..=LAST_YEAR).contains(&date.year()) => return Some(date),
            Some(_) => format!("{label}は{FIRST_YEAR}年から{LAST_YEAR}年までの日付で入力してください。"),
            None => format!("{label}はYYYY-MM-DDの形式で正しい日付を入力してください。"),
        }
    };
    errors.insert(field.to_owned(), vec![message]);
    None
}

/// Exactly `YYYY-MM-DD` naming a real day.
fn parse_date(text: &str) -> Option<Date> {
    let bytes = text.as_bytes();
    let shaped = bytes.len() == 10 && bytes[4] == b'-' && bytes[7] == b'-' && bytes.iter().enumerate().all(|(i, b)| i == 4 || i == 7 || b.is_ascii_digit());
    if !shaped {
        return None;
    }
    let year = text[0..4].parse().ok()?;
    let month = Month::try_from(text[5..7].parse::<u8>().ok()?).ok()?;
    Date::from_calendar_date(year, month, text[8..10].parse().ok()?).ok()
}

/// `YYYY-MM-DD`.
pub fn iso(date: Date) -> String {
    format!("{:04}-{:02}-{:02}", date.year(), u8::from(date.month()), date.day())
}

#[utoipa::path(get, path = "/v1/business-dates/monthly/calendar/front", tag = "content", params(CalendarQuery),
    responses(
        (status = 200, body = ListBody<CalendarDay>, description = "every day of the range, in order"),
        (status = 422, body = ErrorBody, description = "a date is missing or malformed, the end is before the start, or the range is longer than 366 days"),
    ))]
async fn show_calendar(State(state): State<AppState>, channel: Channel, ApiQuery(query): ApiQuery<CalendarQuery>) -> ApiResult<Json<ListBody<CalendarDay>>> {
    let range = DateRange::parse(&query)?;
    let closed = ClosedDays::load(&state.db, &channel.id, range.first, range.last).await?;
    let holidays = holidays::holidays_between(range.first, range.last);
    let data = range
        .days()
        .map(|date| {
            let weekday = date.weekday().number_days_from_sunday();
            let name = holidays.get(&date).copied();
            CalendarDay { is_closed: closed.is_closed(date), date: iso(date), weekday, is_holiday: name.is_some(), holiday_name: name.map(str::to_owned) }
        })
        .collect();
    Ok(Json(ListBody { data }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn query(start: &str, end: &str) -> CalendarQuery {
        CalendarQuery { start_date: Some(start.into()), end_date: Some(end.into()) }
    }

    fn errors_of(start: &str, end: &str) -> FieldErrors {
        match DateRange::parse(&query(start, end)) {
            Err(ApiError::Invalid(errors)) => errors,
            other => panic!("expected 422 for {start}..{end}, got {other:?}"),
        }
    }

    #[test]
    fn a_range_across_the_year_end_lists_every_day() {
        let range = DateRange::parse(&query("2026-12-01", "2027-01-31")).unwrap();
        let days: Vec<Date> = range.days().collect();
        assert_eq!(days.len(), 62);
        assert_eq!(iso(days[0]), "2026-12-01");
        assert_eq!(iso(days[61]), "2027-01-31");
    }

    #[test]
    fn only_real_days_in_the_exact_format_are_accepted() {
        for bad in ["2026-2-01", "2026/12/01", "2026-02-30", "２０２６-12-01", "+2026-12-0", "2026-13-01", "abcd-ef-gh"] {
            assert!(errors_of(bad, "2026-12-31").contains_key("startDate"), "{bad}");
        }
        assert_eq!(errors_of("", "")["startDate"][0], "開始日を入力してください。");
        assert_eq!(errors_of("2028-02-29", "2028-02-28")["endDate"][0], "終了日は開始日以降の日付を入力してください。");
        assert!(DateRange::parse(&query("2028-02-29", "2028-02-29")).is_ok(), "a leap day, one day long");
    }

    #[test]
    fn a_range_holds_at_most_366_days_inside_the_supported_years() {
        assert!(DateRange::parse(&query("2028-01-01", "2028-12-31")).is_ok(), "366 days");
        assert_eq!(errors_of("2027-01-01", "2028-01-02")["endDate"][0], "期間は366日以内で指定してください。");
        assert!(errors_of("2006-12-31", "2007-01-31").contains_key("startDate"));
        assert!(errors_of("2099-12-01", "2100-01-01").contains_key("endDate"));
    }
}
