//! 売上レポート (docs/contracts/reports.md): the sales over time and broken down, compared with
//! the stretch just before, as JSON for the screen and as CSV with the very same rows. Needs
//! `reports` (オーナー, 店長).
use std::collections::BTreeMap;

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::figures::{Dim, FIGURE_HEADERS, Grain, ReportFigures, format_day, jst_day, month_start, parse_day, previous_stretch};
use super::keep::{self, Live, Prepared};
use crate::channel::Channel;
use crate::infra::download::attachment_headers;
use crate::infra::error::{ApiError, ApiResult, ErrorBody, FieldErrors};
use crate::infra::extract::ApiQuery;
use crate::infra::text_csv::{self, Encoding};
use crate::infra::time::Timestamp;
use crate::staff::answer::AdminAnswer;
use crate::staff::permission::{Can, Reports};
use crate::state::AppState;

/// The longest stretch a report covers: three years (a leap day included).
const MAX_DAYS: i64 = 1096;
const COUNTING_CODE: &str = "reports.counting";
const COUNTING_MESSAGE: &str = "この期間の売上を集計しています（初めて開く期間のみ、1分ほどかかります）。しばらくしてから、もう一度表示してください。";
/// The most rows a breakdown answers (a shop of many SKUs): the rest is in the total.
const BREAKDOWN_MAX_ROWS: usize = 500;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(sales_report)).routes(routes!(breakdown_report)).routes(routes!(sales_report_csv)).routes(routes!(breakdown_report_csv))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SalesQuery {
    /// The first day (`YYYY-MM-DD`, Japan); default the first of this month.
    pub from: Option<String>,
    /// The last day, included; default today.
    pub to: Option<String>,
    /// `day` (default), `week`, `month`, `weekday` or `hour`.
    pub grain: Option<String>,
    /// For the CSV: `utf8` (with a BOM, the default) or `sjis`.
    pub encoding: Option<String>,
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct BreakdownQuery {
    pub from: Option<String>,
    pub to: Option<String>,
    /// `product`, `sku`, `category`, `payment`, `prefecture`, `customer`, `new_repeat` or `tax_rate`.
    pub by: Option<String>,
    /// For the CSV: `utf8` (with a BOM, the default) or `sjis`.
    pub encoding: Option<String>,
}

/// One row of a report: a period or a breakdown's key.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ReportRow {
    pub key: String,
    /// As the screen and the CSV name it: `11/1(日)`, `2026年11月`, `沖縄県`.
    pub label: String,
    pub figures: ReportFigures,
}

/// The stretch of as many days just before the report's.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PreviousPeriod {
    pub from: String,
    pub to: String,
    pub total: ReportFigures,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SalesReport {
    pub from: String,
    pub to: String,
    pub grain: String,
    /// Every period of the stretch, zeros included, in order.
    pub rows: Vec<ReportRow>,
    pub total: ReportFigures,
    pub previous: PreviousPeriod,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct BreakdownReport {
    pub from: String,
    pub to: String,
    pub by: String,
    /// By 純売上, largest first; at most 500.
    pub rows: Vec<ReportRow>,
    /// More rows than were answered (the total still counts them all).
    pub truncated: bool,
    pub total: ReportFigures,
    pub previous: PreviousPeriod,
}

/// The stretch asked for, as days; field errors in Japanese.
fn stretch_of(from: Option<&str>, to: Option<&str>, now: i64) -> Result<(i64, i64), FieldErrors> {
    const NOT_A_DAY: &str = "日付はYYYY-MM-DDの形で入力してください。";
    let today = jst_day(now);
    let mut errors = FieldErrors::new();
    let mut day = |field: &str, value: Option<&str>, default: i64| match value.map(str::trim).filter(|v| !v.is_empty()) {
        None => Some(default),
        Some(text) => parse_day(text).or_else(|| {
            errors.insert(field.to_owned(), vec![NOT_A_DAY.to_owned()]);
            None
        }),
    };
    let (first, last) = (day("from", from, month_start(today)), day("to", to, today));
    if let (Some(first), Some(last)) = (first, last) {
        if last < first {
            errors.insert("to".to_owned(), vec!["終了日は開始日以降の日付を指定してください。".to_owned()]);
        } else if last - first + 1 > MAX_DAYS {
            errors.insert("to".to_owned(), vec![format!("期間は3年（{MAX_DAYS}日）以内で指定してください。")]);
        }
        if errors.is_empty() {
            return Ok((first, last));
        }
    }
    Err(errors)
}

fn grain_of(value: Option<&str>) -> Result<Grain, FieldErrors> {
    match value.map(str::trim).filter(|v| !v.is_empty()) {
        None => Ok(Grain::Day),
        Some(text) => Grain::parse(text).ok_or_else(|| one_error("grain", "集計単位は day, week, month, weekday, hour のいずれかです。")),
    }
}

fn dim_of(value: Option<&str>) -> Result<Dim, FieldErrors> {
    let text = value.map(str::trim).unwrap_or_default();
    Dim::parse_breakdown(text)
        .ok_or_else(|| one_error("by", "内訳は product, sku, category, payment, prefecture, customer, new_repeat, tax_rate のいずれかです。"))
}

fn encoding_of(value: Option<&str>) -> Result<Encoding, FieldErrors> {
    match value.map(str::trim).filter(|v| !v.is_empty()) {
        None => Ok(Encoding::Utf8),
        Some(value) => Encoding::parse(Some(value)).ok_or_else(|| one_error("encoding", "utf8 か sjis を指定してください。")),
    }
}

fn one_error(field: &str, message: &str) -> FieldErrors {
    FieldErrors::from([(field.to_owned(), vec![message.to_owned()])])
}

/// Every field's errors at once, or the values.
fn all_of<A, B, C>(a: Result<A, FieldErrors>, b: Result<B, FieldErrors>, c: Result<C, FieldErrors>) -> ApiResult<(A, B, C)> {
    match (a, b, c) {
        (Ok(a), Ok(b), Ok(c)) => Ok((a, b, c)),
        (a, b, c) => {
            let mut errors = FieldErrors::new();
            errors.extend(a.err().unwrap_or_default());
            errors.extend(b.err().unwrap_or_default());
            errors.extend(c.err().unwrap_or_default());
            Err(ApiError::Invalid(errors))
        }
    }
}

/// The stretch and the one before it, counted; 503 `reports.counting` while a long stretch not
/// counted before is being counted in the background.
async fn prepared(state: &AppState, channel: &Channel, first: i64, last: i64, now: i64) -> ApiResult<Live> {
    let (previous_first, _) = previous_stretch(first, last);
    match keep::prepare(&state.db, &channel.id, previous_first, last, now).await? {
        Prepared::Ready(live) => Ok(live),
        Prepared::Counting => Err(ApiError::rule_with(StatusCode::SERVICE_UNAVAILABLE, COUNTING_CODE, COUNTING_MESSAGE)),
    }
}

async fn previous_period(state: &AppState, channel: &Channel, dim: Dim, first: i64, last: i64, live: &Live) -> ApiResult<PreviousPeriod> {
    let (previous_first, previous_last) = previous_stretch(first, last);
    let sums = keep::sums(&state.db, &channel.id, dim, previous_first, previous_last, live).await?;
    Ok(PreviousPeriod { from: format_day(previous_first), to: format_day(previous_last), total: ReportFigures::sum(sums.values().map(|(_, f)| f)) })
}

async fn build_sales(state: &AppState, channel: &Channel, query: &SalesQuery) -> ApiResult<SalesReport> {
    let now = Timestamp::now().0;
    let ((first, last), grain, _) = all_of(stretch_of(query.from.as_deref(), query.to.as_deref(), now), grain_of(query.grain.as_deref()), Ok(()))?;
    let live = prepared(state, channel, first, last, now).await?;
    let rows: Vec<ReportRow> = if grain == Grain::Hour {
        let hours = keep::sums(&state.db, &channel.id, Dim::Hour, first, last, &live).await?;
        grain
            .periods(first, last)
            .into_iter()
            .map(|p| ReportRow { figures: hours.get(&p.key).map(|(_, f)| *f).unwrap_or_default(), key: p.key, label: p.label })
            .collect()
    } else {
        let days = keep::rows_per_day(&state.db, &channel.id, Dim::Total, first, last, &live).await?;
        let day_total = |day: &i64| ReportFigures::sum(days.get(day).into_iter().flatten().map(|(_, _, f)| f));
        grain
            .periods(first, last)
            .into_iter()
            .map(|p| {
                let figures = ReportFigures::sum(&p.days.iter().map(day_total).collect::<Vec<_>>());
                ReportRow { key: p.key, label: p.label, figures }
            })
            .collect()
    };
    let total = ReportFigures::sum(rows.iter().map(|row| &row.figures));
    let previous = previous_period(state, channel, Dim::Total, first, last, &live).await?;
    Ok(SalesReport { from: format_day(first), to: format_day(last), grain: grain.code().to_owned(), rows, total, previous })
}

async fn build_breakdown(state: &AppState, channel: &Channel, query: &BreakdownQuery) -> ApiResult<BreakdownReport> {
    let now = Timestamp::now().0;
    let ((first, last), dim, _) = all_of(stretch_of(query.from.as_deref(), query.to.as_deref(), now), dim_of(query.by.as_deref()), Ok(()))?;
    let live = prepared(state, channel, first, last, now).await?;
    let sums: BTreeMap<String, (String, ReportFigures)> = keep::sums(&state.db, &channel.id, dim, first, last, &live).await?;
    let total = ReportFigures::sum(sums.values().map(|(_, f)| f));
    let mut rows: Vec<ReportRow> = sums.into_iter().map(|(key, (label, figures))| ReportRow { key, label, figures }).collect();
    rows.sort_by(|a, b| b.figures.net.cmp(&a.figures.net).then_with(|| a.key.cmp(&b.key)));
    let truncated = rows.len() > BREAKDOWN_MAX_ROWS;
    rows.truncate(BREAKDOWN_MAX_ROWS);
    let previous = previous_period(state, channel, dim, first, last, &live).await?;
    Ok(BreakdownReport { from: format_day(first), to: format_day(last), by: dim.code().to_owned(), rows, truncated, total, previous })
}

#[utoipa::path(get, path = "/v1/admin/reports/sales", operation_id = "admin_sales_report", tag = "admin", params(SalesQuery),
    responses(
        (status = 200, body = SalesReport, description = "the sales per period of the stretch, its total and the previous stretch's"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "`errors.from`, `errors.to` or `errors.grain`"),
        (status = 503, body = ErrorBody, description = "`reports.counting`: a long stretch not counted before is being counted; ask again later"),
    ))]
pub async fn sales_report(
    State(state): State<AppState>,
    channel: Channel,
    _can: Can<Reports>,
    ApiQuery(query): ApiQuery<SalesQuery>,
) -> ApiResult<AdminAnswer<Json<SalesReport>>> {
    Ok(AdminAnswer::ok(Json(build_sales(&state, &channel, &query).await?)))
}

#[utoipa::path(get, path = "/v1/admin/reports/breakdown", operation_id = "admin_breakdown_report", tag = "admin", params(BreakdownQuery),
    responses(
        (status = 200, body = BreakdownReport, description = "the stretch's sales per product, SKU, category, payment, prefecture, customer kind, new or repeat, or tax rate"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "`errors.from`, `errors.to` or `errors.by`"),
        (status = 503, body = ErrorBody, description = "`reports.counting`: a long stretch not counted before is being counted; ask again later"),
    ))]
pub async fn breakdown_report(
    State(state): State<AppState>,
    channel: Channel,
    _can: Can<Reports>,
    ApiQuery(query): ApiQuery<BreakdownQuery>,
) -> ApiResult<AdminAnswer<Json<BreakdownReport>>> {
    Ok(AdminAnswer::ok(Json(build_breakdown(&state, &channel, &query).await?)))
}

#[utoipa::path(get, path = "/v1/admin/reports/sales.csv", operation_id = "admin_sales_report_csv", tag = "admin", params(SalesQuery),
    responses(
        (status = 200, description = "the sales report's rows as CSV, then 合計", content_type = "text/csv"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "`errors.from`, `errors.to`, `errors.grain` or `errors.encoding`"),
        (status = 503, body = ErrorBody, description = "`reports.counting`, as the JSON's"),
    ))]
pub async fn sales_report_csv(
    State(state): State<AppState>,
    channel: Channel,
    _can: Can<Reports>,
    ApiQuery(query): ApiQuery<SalesQuery>,
) -> ApiResult<Response> {
    let encoding = encoding_of(query.encoding.as_deref()).map_err(ApiError::Invalid)?;
    let report = build_sales(&state, &channel, &query).await?;
    let name = format!("売上_{}_{}_{}", report.from, report.to, report.grain);
    let ascii = format!("sales_{}_{}_{}", report.from, report.to, report.grain);
    Ok(csv_answer("期間", &report.rows, &report.total, encoding, &name, &ascii))
}

#[utoipa::path(get, path = "/v1/admin/reports/breakdown.csv", operation_id = "admin_breakdown_report_csv", tag = "admin", params(BreakdownQuery),
    responses(
        (status = 200, description = "the breakdown's rows as CSV, then 合計", content_type = "text/csv"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "`errors.from`, `errors.to`, `errors.by` or `errors.encoding`"),
        (status = 503, body = ErrorBody, description = "`reports.counting`, as the JSON's"),
    ))]
pub async fn breakdown_report_csv(
    State(state): State<AppState>,
    channel: Channel,
    _can: Can<Reports>,
    ApiQuery(query): ApiQuery<BreakdownQuery>,
) -> ApiResult<Response> {
    let encoding = encoding_of(query.encoding.as_deref()).map_err(ApiError::Invalid)?;
    let report = build_breakdown(&state, &channel, &query).await?;
    let name = format!("売上内訳_{}_{}_{}", report.from, report.to, report.by);
    let ascii = format!("sales_breakdown_{}_{}_{}", report.from, report.to, report.by);
    Ok(csv_answer("内訳", &report.rows, &report.total, encoding, &name, &ascii))
}

/// The rows and 合計 as the screen's table has them.
fn csv_answer(first_header: &str, rows: &[ReportRow], total: &ReportFigures, encoding: Encoding, name: &str, ascii: &str) -> Response {
    let headers: Vec<&str> = std::iter::once(first_header).chain(FIGURE_HEADERS).collect();
    let line = |label: &str, figures: &ReportFigures| -> Vec<String> {
        std::iter::once(text_csv::neutral_text(label)).chain(figures.cells().iter().map(i64::to_string)).collect()
    };
    let mut lines: Vec<Vec<String>> = rows.iter().map(|row| line(&row.label, &row.figures)).collect();
    lines.push(line("合計", total));
    let bytes = text_csv::write_rows(&headers, &lines, encoding);
    (attachment_headers(encoding.content_type(), &format!("{name}.csv"), &format!("{ascii}.csv")), bytes).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: i64 = 1_796_000_000_000; // 2026-11-30 (JST)

    #[test]
    fn the_stretch_defaults_to_this_month_and_is_checked() {
        let (first, last) = stretch_of(None, None, NOW).unwrap();
        assert_eq!((format_day(first), format_day(last)), ("2026-11-01".to_owned(), format_day(jst_day(NOW))));
        assert!(stretch_of(Some("2026/11/01"), None, NOW).unwrap_err().contains_key("from"));
        assert_eq!(stretch_of(Some("2026-11-02"), Some("2026-11-01"), NOW).unwrap_err()["to"], ["終了日は開始日以降の日付を指定してください。"]);
        assert!(stretch_of(Some("2023-01-01"), Some("2026-11-01"), NOW).unwrap_err()["to"][0].contains("3年"));
        assert!(stretch_of(Some("2025-12-01"), Some("2026-11-30"), NOW).is_ok());
        assert!(grain_of(Some("year")).is_err());
        assert!(dim_of(None).is_err());
        assert_eq!(dim_of(Some("tax_rate")), Ok(Dim::TaxRate));
    }
}
