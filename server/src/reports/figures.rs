//! What a report row holds and how periods and breakdowns are named (docs/contracts/reports.md).
//! Pure: the days, the grains and the dimensions, their Japanese labels, and the sums.
use serde::Serialize;
use time::{Date, Weekday};

/// Japan's offset from UTC (no summer time).
pub const JST_OFFSET_MS: i64 = 9 * 60 * 60 * 1000;
pub const DAY_MS: i64 = 24 * 60 * 60 * 1000;
/// Days since 1970-01-01 are Julian day numbers minus this.
const UNIX_EPOCH_JULIAN_DAY: i32 = 2_440_588;

/// The JST day of an instant, as days since 1970-01-01 in Japan.
pub fn jst_day(ms: i64) -> i64 {
    (ms + JST_OFFSET_MS).div_euclid(DAY_MS)
}

/// When a JST day starts, ms.
pub fn day_start(day: i64) -> i64 {
    day * DAY_MS - JST_OFFSET_MS
}

/// The JST hour (0–23) of an instant.
pub fn jst_hour(ms: i64) -> i64 {
    (ms + JST_OFFSET_MS).rem_euclid(DAY_MS) / (60 * 60 * 1000)
}

pub fn date_of(day: i64) -> Date {
    Date::from_julian_day(day as i32 + UNIX_EPOCH_JULIAN_DAY).unwrap_or(Date::MIN)
}

pub fn day_of(date: Date) -> i64 {
    i64::from(date.to_julian_day() - UNIX_EPOCH_JULIAN_DAY)
}

/// `2026-11-01` as a day, or None.
pub fn parse_day(text: &str) -> Option<i64> {
    let format = time::macros::format_description!("[year]-[month]-[day]");
    Date::parse(text.trim(), format).ok().map(day_of)
}

pub fn format_day(day: i64) -> String {
    let date = date_of(day);
    format!("{:04}-{:02}-{:02}", date.year(), u8::from(date.month()), date.day())
}

/// 月 … 日, Monday first.
pub const WEEKDAY_LABELS: [&str; 7] = ["月", "火", "水", "木", "金", "土", "日"];

fn weekday_label(weekday: Weekday) -> &'static str {
    WEEKDAY_LABELS[usize::from(weekday.number_days_from_monday())]
}

/// The money of a row: counts, then yen (tax included).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct ReportFigures {
    /// 注文数: orders placed.
    pub orders: i64,
    /// 点数: units sold in those orders.
    pub items: i64,
    /// 総売上（商品）: the items' price × quantity.
    pub gross: i64,
    /// クーポン値引.
    pub discounts: i64,
    /// ポイント利用.
    pub points: i64,
    /// 送料・手数料: carriage, payment and packing fees.
    pub fees: i64,
    /// 返品・返金・キャンセル: money given back on this row's days.
    pub returns: i64,
    /// 純売上: gross − discounts − points + fees − returns.
    pub net: i64,
}

impl ReportFigures {
    /// A sale: what an order (or an item of it) brought in.
    pub fn sale(orders: i64, items: i64, gross: i64, discounts: i64, points: i64, fees: i64) -> ReportFigures {
        ReportFigures { orders, items, gross, discounts, points, fees, returns: 0, net: gross - discounts - points + fees }
    }

    /// Money given back.
    pub fn returned(amount: i64) -> ReportFigures {
        ReportFigures { returns: amount, net: -amount, ..ReportFigures::default() }
    }

    pub fn add(&mut self, other: &ReportFigures) {
        self.orders += other.orders;
        self.items += other.items;
        self.gross += other.gross;
        self.discounts += other.discounts;
        self.points += other.points;
        self.fees += other.fees;
        self.returns += other.returns;
        self.net += other.net;
    }

    pub fn sum<'a>(all: impl IntoIterator<Item = &'a ReportFigures>) -> ReportFigures {
        let mut total = ReportFigures::default();
        for figures in all {
            total.add(figures);
        }
        total
    }

    /// The CSV's number columns, in the contract's order.
    pub fn cells(&self) -> [i64; 8] {
        [self.orders, self.items, self.gross, self.discounts, self.points, self.fees, self.returns, self.net]
    }
}

/// The CSV's columns after the label.
pub const FIGURE_HEADERS: [&str; 8] = ["注文数", "点数", "総売上", "クーポン値引", "ポイント利用", "送料・手数料", "返品・返金・キャンセル", "純売上"];

/// How the sales over time are cut.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Grain {
    Day,
    Week,
    Month,
    Weekday,
    Hour,
}

impl Grain {
    pub const ALL: [Grain; 5] = [Grain::Day, Grain::Week, Grain::Month, Grain::Weekday, Grain::Hour];

    pub fn code(self) -> &'static str {
        match self {
            Grain::Day => "day",
            Grain::Week => "week",
            Grain::Month => "month",
            Grain::Weekday => "weekday",
            Grain::Hour => "hour",
        }
    }

    pub fn parse(text: &str) -> Option<Grain> {
        Self::ALL.into_iter().find(|grain| grain.code() == text)
    }

    /// The rows of the stretch `first..=last`, in order, each with its key, its label and the
    /// days (or, for `Hour`, nothing: its rows are the 24 hours) it covers.
    pub fn periods(self, first: i64, last: i64) -> Vec<Period> {
        match self {
            Grain::Day => (first..=last).map(|day| Period { key: format_day(day), label: day_label(day), days: vec![day] }).collect(),
            Grain::Week => {
                let monday = |day: i64| day - i64::from(date_of(day).weekday().number_days_from_monday());
                let mut periods: Vec<Period> = Vec::new();
                for day in first..=last {
                    let start = monday(day);
                    match periods.last_mut() {
                        Some(period) if period.key == format_day(start) => period.days.push(day),
                        _ => periods.push(Period { key: format_day(start), label: format!("{}〜", day_label(start)), days: vec![day] }),
                    }
                }
                periods
            }
            Grain::Month => {
                let mut periods: Vec<Period> = Vec::new();
                for day in first..=last {
                    let date = date_of(day);
                    let key = format!("{:04}-{:02}", date.year(), u8::from(date.month()));
                    match periods.last_mut() {
                        Some(period) if period.key == key => period.days.push(day),
                        _ => periods.push(Period { key, label: format!("{}年{}月", date.year(), u8::from(date.month())), days: vec![day] }),
                    }
                }
                periods
            }
            Grain::Weekday => (0..7u8)
                .map(|n| Period {
                    key: (n + 1).to_string(),
                    label: WEEKDAY_LABELS[usize::from(n)].to_owned(),
                    days: (first..=last).filter(|&day| date_of(day).weekday().number_days_from_monday() == n).collect(),
                })
                .collect(),
            Grain::Hour => (0..24).map(|hour| Period { key: hour.to_string(), label: format!("{hour}時"), days: Vec::new() }).collect(),
        }
    }
}

/// One row of the sales over time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Period {
    pub key: String,
    pub label: String,
    pub days: Vec<i64>,
}

/// `11/1(日)`.
pub fn day_label(day: i64) -> String {
    let date = date_of(day);
    format!("{}/{}({})", u8::from(date.month()), date.day(), weekday_label(date.weekday()))
}

/// What a breakdown cuts by. `Total` and `Hour` are kept per day too but are not breakdowns a
/// person picks: they make the sales over time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dim {
    Total,
    Hour,
    Product,
    Sku,
    Category,
    Payment,
    Prefecture,
    Customer,
    NewRepeat,
    TaxRate,
}

impl Dim {
    pub const ALL: [Dim; 10] =
        [Dim::Total, Dim::Hour, Dim::Product, Dim::Sku, Dim::Category, Dim::Payment, Dim::Prefecture, Dim::Customer, Dim::NewRepeat, Dim::TaxRate];
    /// The breakdowns a person picks.
    pub const BREAKDOWNS: [Dim; 8] = [Dim::Product, Dim::Sku, Dim::Category, Dim::Payment, Dim::Prefecture, Dim::Customer, Dim::NewRepeat, Dim::TaxRate];

    pub fn code(self) -> &'static str {
        match self {
            Dim::Total => "total",
            Dim::Hour => "hour",
            Dim::Product => "product",
            Dim::Sku => "sku",
            Dim::Category => "category",
            Dim::Payment => "payment",
            Dim::Prefecture => "prefecture",
            Dim::Customer => "customer",
            Dim::NewRepeat => "new_repeat",
            Dim::TaxRate => "tax_rate",
        }
    }

    pub fn parse(text: &str) -> Option<Dim> {
        Self::ALL.into_iter().find(|dim| dim.code() == text)
    }

    pub fn parse_breakdown(text: &str) -> Option<Dim> {
        Self::BREAKDOWNS.into_iter().find(|dim| dim.code() == text)
    }
}

/// The customer kinds of the `customer` breakdown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CustomerKind {
    Member,
    Guest,
    Company,
}

impl CustomerKind {
    /// A company name on the order makes it a company's, whether a member's or a guest's.
    pub fn of(has_account: bool, company_name: &str) -> CustomerKind {
        if !company_name.trim().is_empty() {
            CustomerKind::Company
        } else if has_account {
            CustomerKind::Member
        } else {
            CustomerKind::Guest
        }
    }

    pub fn key_and_label(self) -> (&'static str, &'static str) {
        match self {
            CustomerKind::Member => ("member", "会員"),
            CustomerKind::Guest => ("guest", "ゲスト"),
            CustomerKind::Company => ("company", "法人"),
        }
    }
}

pub fn new_repeat_key_and_label(repeat: bool) -> (&'static str, &'static str) {
    if repeat { ("repeat", "リピート") } else { ("new", "新規") }
}

pub fn tax_rate_key_and_label(rate: i64) -> (String, String) {
    let label = if rate == 8 { "8%（軽減税率）".to_owned() } else { format!("{rate}%") };
    (rate.to_string(), label)
}

/// The first day of the month of `day`.
pub fn month_start(day: i64) -> i64 {
    let date = date_of(day);
    Date::from_calendar_date(date.year(), date.month(), 1).map(day_of).unwrap_or(day)
}

/// The stretch of as many days just before `first..=last`.
pub fn previous_stretch(first: i64, last: i64) -> (i64, i64) {
    let length = last - first + 1;
    (first - length, first - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(text: &str) -> i64 {
        parse_day(text).unwrap()
    }

    #[test]
    fn days_are_japan_days() {
        // 2026-11-01 00:00 JST is 2026-10-31 15:00 UTC.
        let start = day_start(day("2026-11-01"));
        assert_eq!(jst_day(start), day("2026-11-01"));
        assert_eq!(jst_day(start - 1), day("2026-10-31"));
        assert_eq!(jst_hour(start), 0);
        assert_eq!(jst_hour(start + 13 * 3_600_000 + 59_000), 13);
        assert_eq!(format_day(day("2026-11-01")), "2026-11-01");
        assert_eq!(day_label(day("2026-11-01")), "11/1(日)");
        assert_eq!(parse_day("2026-02-30"), None);
        assert_eq!(parse_day("20261101"), None);
    }

    #[test]
    fn net_is_gross_less_discounts_and_points_plus_fees_less_returns() {
        let mut figures = ReportFigures::sale(1, 2, 10_000, 500, 100, 880);
        assert_eq!(figures.net, 10_280);
        figures.add(&ReportFigures::returned(3_000));
        assert_eq!((figures.returns, figures.net), (3_000, 7_280));
        assert_eq!(ReportFigures::sum([&figures, &figures]).net, 14_560);
    }

    #[test]
    fn weeks_start_on_monday_and_months_on_the_first() {
        // 2026-11-01 is a Sunday.
        let weeks = Grain::Week.periods(day("2026-11-01"), day("2026-11-09"));
        assert_eq!(weeks.iter().map(|p| (p.key.as_str(), p.days.len())).collect::<Vec<_>>(), [("2026-10-26", 1), ("2026-11-02", 7), ("2026-11-09", 1)]);
        assert_eq!(weeks[1].label, "11/2(月)〜");
        let months = Grain::Month.periods(day("2026-10-30"), day("2026-12-01"));
        assert_eq!(months.iter().map(|p| (p.label.as_str(), p.days.len())).collect::<Vec<_>>(), [("2026年10月", 2), ("2026年11月", 30), ("2026年12月", 1)]);
        let weekdays = Grain::Weekday.periods(day("2026-11-01"), day("2026-11-08"));
        assert_eq!(weekdays.len(), 7);
        assert_eq!((weekdays[6].label.as_str(), weekdays[6].days.len()), ("日", 2));
        assert_eq!(Grain::Hour.periods(0, 0).len(), 24);
    }

    #[test]
    fn the_previous_stretch_is_as_long_and_just_before() {
        assert_eq!(previous_stretch(day("2026-11-01"), day("2026-11-30")), (day("2026-10-02"), day("2026-10-31")));
        assert_eq!(month_start(day("2026-11-18")), day("2026-11-01"));
    }

    #[test]
    fn a_company_name_makes_a_company_order_and_codes_read_back() {
        assert_eq!(CustomerKind::of(true, "株式会社ライド"), CustomerKind::Company);
        assert_eq!(CustomerKind::of(false, " "), CustomerKind::Guest);
        assert_eq!(CustomerKind::of(true, ""), CustomerKind::Member);
        for dim in Dim::ALL {
            assert_eq!(Dim::parse(dim.code()), Some(dim));
        }
        assert_eq!(Dim::parse_breakdown("total"), None);
        assert_eq!(tax_rate_key_and_label(8).1, "8%（軽減税率）");
    }
}
