//! 営業日カレンダー on the settings desk (docs/contracts/settings-calendar.md): an owner or 店長
//! reads a month of the shop's calendar and saves the weekly closed days, the holiday rule and
//! that month's closed dates at once. A save carries the calendar's version (its holiday
//! setting's, moved by every save; 409 on a stale one) and is audited with what it changed, in
//! the same transaction. The delivery dates and the storefront's calendar read the tables at
//! each request, so the next cart on every instance counts the new days.
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use time::OffsetDateTime;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::channel::Channel;
use crate::channel::holiday_rule::{self, HolidayRule};
use crate::delivery::calendar::{ClosedDays, iso};
use crate::delivery::calendar_desk::{self, CalendarInput, CalendarMonth, CalendarSettings};
use crate::delivery::delivery_date;
use crate::delivery::store;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::{ApiJson, ApiQuery};
use crate::staff::answer::AdminAnswer;
use crate::staff::audit::{self, AuditAction};
use crate::staff::permission::{Can, ShopSettings};
use crate::state::AppState;

const STALE_CODE: &str = "settings.stale";
const STALE_MESSAGE: &str = "この設定は他の画面で更新されました。画面を読み込み直してください。";
const VERSION_MESSAGE: &str = "版番号がありません。画面を読み込み直してください。";

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(calendar_settings, save_calendar_settings))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CalendarMonthQuery {
    /// `YYYY-MM`; omitted: this month in Japan time.
    pub month: Option<String>,
}

fn stale() -> ApiError {
    ApiError::rule_with(StatusCode::CONFLICT, STALE_CODE, STALE_MESSAGE)
}

/// The month view as stored now, with the next business day after today.
async fn month_view(state: &AppState, channel: &Channel, month: CalendarMonth) -> ApiResult<CalendarSettings> {
    let closed = ClosedDays::load(&state.db, &channel.id, month.first, month.last()).await?;
    let now = OffsetDateTime::now_utc();
    let is_business_day = delivery_date::business_days(&state.db, &channel.id, now).await?;
    let next = delivery_date::next_business_day_after(delivery_date::jst(now).date(), &is_business_day);
    Ok(CalendarSettings::of(month, &closed, next))
}

#[utoipa::path(get, path = "/v1/admin/settings/calendar", operation_id = "admin_calendar_settings", tag = "admin", params(CalendarMonthQuery),
    responses((status = 200, body = CalendarSettings, description = "the weekly closed days, the holiday rule and every day of the month"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "`staff.forbidden`: owners and 店長 only"),
        (status = 422, body = ErrorBody, description = "`errors.month`: not `YYYY-MM`, or outside 2007–2099")))]
pub async fn calendar_settings(
    State(state): State<AppState>,
    channel: Channel,
    _can: Can<ShopSettings>,
    ApiQuery(query): ApiQuery<CalendarMonthQuery>,
) -> ApiResult<AdminAnswer<Json<CalendarSettings>>> {
    let month = match query.month.as_deref() {
        None | Some("") => CalendarMonth::of(delivery_date::jst(OffsetDateTime::now_utc()).date()),
        Some(text) => CalendarMonth::parse(text).map_err(|message| ApiError::field("month", message))?,
    };
    Ok(AdminAnswer::ok(Json(month_view(&state, &channel, month).await?)))
}

#[utoipa::path(put, path = "/v1/admin/settings/calendar", operation_id = "admin_save_calendar_settings", tag = "admin",
    request_body = CalendarInput,
    responses((status = 200, body = CalendarSettings, description = "saved: the month as it is now; the next delivery date on every instance counts it"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "`settings.stale`: the calendar was saved elsewhere since the screen read it"),
        (status = 422, body = ErrorBody, description = "`errors.month`, `errors.weekly_closed`, `errors[\"closed_dates[i].date\"]`, `errors[\"closed_dates[i].reason\"]`, `errors.closed_dates`, `errors.version`")))]
pub async fn save_calendar_settings(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<ShopSettings>,
    ApiJson(input): ApiJson<CalendarInput>,
) -> ApiResult<AdminAnswer<Json<CalendarSettings>>> {
    let version = input.version.ok_or_else(|| ApiError::field("version", VERSION_MESSAGE))?;
    let form = calendar_desk::check(&input).map_err(ApiError::Invalid)?;
    let (first, last) = (form.month.first, form.month.last());
    let before = ClosedDays::load(&state.db, &channel.id, first, last).await?;
    if before.version != version {
        return Err(stale());
    }
    let rule = serde_json::to_string(&HolidayRule { holidays_closed: form.holidays_closed }).map_err(|error| ApiError::Internal(error.into()))?;
    let mut tx = state.db.begin_write().await?;
    // The holiday setting's version guards the whole calendar: written first, it is the one
    // compare-and-set every save passes.
    if !crate::channel::store::put_versioned_setting(&mut tx, &channel.id, holiday_rule::SETTING, &rule, version).await? {
        return Err(stale());
    }
    store::replace_weekly_closures(&mut tx, &channel.id, &form.weekly_closed).await?;
    store::replace_closed_dates(&mut tx, &channel.id, &iso(first), &iso(last), &form.closed_dates).await?;
    audit::record_in(&mut tx, &staff, AuditAction::SettingsUpdate, &calendar_desk::describe_change(&before, &form)).await?;
    tx.commit().await?;
    Ok(AdminAnswer::ok(Json(month_view(&state, &channel, form.month).await?)))
}
