//! ポイント設定 on the settings desk (docs/contracts/settings-points.md): an owner or 店長 reads
//! and saves the earn rate (`POINT.EARN_RATE`, percent of the items after coupons; 0 switches
//! points off). A save carries the version it was made from (409 on a stale one) and is
//! audited with the rate before and after; the next quotation on every instance earns it.
//!
//! The member desk's points (docs/contracts/member-desk.md): a member's balance and ledger,
//! and a hand adjustment with its reason, made only from the balance the screen showed.
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::channel::Channel;
use crate::channel::store;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::{ApiJson, ApiPath, ApiQuery};
use crate::infra::ids::UserId;
use crate::infra::pagination::{AllowAll, Page, PageQuery, pagination_headers};
use crate::infra::time::Timestamp;
use crate::points::kind::PointKind;
use crate::points::ledger_store::{self, Adjusted, Entry};
use crate::points::{EARN_RATE_SETTING, earn_rate_of};
use crate::staff::answer::AdminAnswer;
use crate::staff::audit::{self, AuditAction};
use crate::staff::permission::{Can, MembersView, PointsAdjust, ShopSettings};
use crate::state::AppState;
use crate::validation::FieldCheck;

pub const STALE_CODE: &str = "settings.stale";
const STALE_MESSAGE: &str = "この設定は他の画面で更新されました。画面を読み込み直してください。";
/// A rate above this gives away more than a shop means to (a typo of 1 or 10).
pub const MAX_EARN_RATE: i64 = 50;
const RATE_MESSAGE: &str = "ポイント付与率は0から50までの整数（%）で入力してください。";

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(point_settings, save_point_settings)).routes(routes!(member_points, adjust_member_points))
}

/// ポイント設定 as the desk shows it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PointSettings {
    /// 0 while the shop runs on the built-in default.
    pub version: i64,
    /// Percent of the items subtotal after coupons an order earns (1 point = 1 yen); 0: points are off.
    pub earn_rate: i64,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct PointSettingsInput {
    /// The version the screen showed (0 for the built-in default).
    #[schema(required = true, value_type = i64)]
    pub version: Option<i64>,
    #[schema(required = true, value_type = i64)]
    pub earn_rate: Option<i64>,
}

/// The rate the form gives, or its message.
pub fn check_rate(rate: Option<i64>) -> Result<i64, &'static str> {
    rate.filter(|rate| (0..=MAX_EARN_RATE).contains(rate)).ok_or(RATE_MESSAGE)
}

/// `ポイント設定: 付与率 1%→3%` (`なし` for 0).
pub fn describe_change(before: i64, after: i64) -> String {
    let rate = |value: i64| if value == 0 { "なし".to_owned() } else { format!("{value}%") };
    if before == after { "ポイント設定: 変更なし".to_owned() } else { format!("ポイント設定: 付与率 {}→{}", rate(before), rate(after)) }
}

#[utoipa::path(get, path = "/v1/admin/settings/points", operation_id = "admin_point_settings", tag = "admin",
    responses((status = 200, body = PointSettings, description = "the earn rate"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "`staff.forbidden`: owners and 店長 only")))]
pub async fn point_settings(State(state): State<AppState>, channel: Channel, _can: Can<ShopSettings>) -> ApiResult<AdminAnswer<Json<PointSettings>>> {
    let setting = store::find_versioned_setting(&state.db, &channel.id, EARN_RATE_SETTING).await?;
    Ok(AdminAnswer::ok(Json(PointSettings { version: setting.version, earn_rate: earn_rate_of(setting.value.as_deref()) })))
}

#[utoipa::path(put, path = "/v1/admin/settings/points", operation_id = "admin_save_point_settings", tag = "admin",
    request_body = PointSettingsInput,
    responses((status = 200, body = PointSettings, description = "saved: the next order on every instance earns it"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "`settings.stale`: saved elsewhere since the screen read it"),
        (status = 422, body = ErrorBody, description = "`errors.earn_rate`, `errors.version`")))]
pub async fn save_point_settings(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<ShopSettings>,
    ApiJson(input): ApiJson<PointSettingsInput>,
) -> ApiResult<AdminAnswer<Json<PointSettings>>> {
    let version = input.version.ok_or_else(|| ApiError::field("version", "版番号がありません。画面を読み込み直してください。"))?;
    let rate = check_rate(input.earn_rate).map_err(|message| ApiError::field("earn_rate", message))?;
    let before = store::find_versioned_setting(&state.db, &channel.id, EARN_RATE_SETTING).await?;
    let stale = || ApiError::rule_with(StatusCode::CONFLICT, STALE_CODE, STALE_MESSAGE);
    if before.version != version {
        return Err(stale());
    }
    let mut tx = state.db.begin_write().await?;
    if !store::put_versioned_setting(&mut tx, &channel.id, EARN_RATE_SETTING, &rate.to_string(), version).await? {
        return Err(stale());
    }
    audit::record_in(&mut tx, &staff, AuditAction::SettingsUpdate, &describe_change(earn_rate_of(before.value.as_deref()), rate)).await?;
    tx.commit().await?;
    Ok(AdminAnswer::ok(Json(PointSettings { version: version + 1, earn_rate: rate })))
}

// ---- the member desk's points -----------------------------------------------------------------

pub const POINTS_STALE_CODE: &str = "points.stale";
const POINTS_STALE_MESSAGE: &str = "ポイント残高が他の画面や注文で変わりました。画面を読み込み直してから調整してください。";
/// The most one hand adjustment moves.
pub const ADJUST_MAX: i64 = 1_000_000;
const REASON_MAX: usize = 200;

/// A member's balance and a page of their ledger (pagination in the headers).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct MemberPoints {
    pub balance: i64,
    /// Newest first.
    pub data: Vec<super::PointHistory>,
}

/// The member of this shop named by the path (and their member number), or 404.
async fn desk_member(state: &AppState, channel: &Channel, id: String) -> ApiResult<(UserId, String)> {
    let id = UserId::from_text(id);
    let row = crate::members::store::find_user(&state.db.pool, &channel.id, &id).await?.ok_or_else(ApiError::not_found)?;
    Ok((id, row.code))
}

async fn points_page(state: &AppState, channel: &Channel, user: &UserId, page: Page) -> ApiResult<Response> {
    let balance = crate::points::store::find_balance(&state.db, &channel.id, user).await?;
    let (rows, total) = crate::points::store::list_histories(&state.db, &channel.id, user, page.per, page.offset()).await?;
    let body = MemberPoints { balance, data: rows.into_iter().map(Into::into).collect() };
    Ok(AdminAnswer::ok((pagination_headers(total, page), Json(body))).into_response())
}

#[utoipa::path(get, path = "/v1/admin/members/{id}/points", operation_id = "admin_member_points", tag = "admin",
    params(("id" = String, Path), PageQuery),
    responses((status = 200, body = MemberPoints, description = "the balance and a page of the ledger, newest first, with x-total, x-per-page, x-last-page, x-current-page"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody, description = "no such member of this shop"),
        (status = 422, body = ErrorBody, description = "`errors.page` or `errors.per`")))]
pub async fn member_points(
    State(state): State<AppState>,
    channel: Channel,
    _can: Can<MembersView>,
    ApiPath(id): ApiPath<String>,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> ApiResult<Response> {
    let page = Page::parse(&query, 20, AllowAll::No)?;
    let (user, _) = desk_member(&state, &channel, id).await?;
    points_page(&state, &channel, &user, page).await
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct PointAdjustInput {
    /// Added (plus) or taken (minus); not 0, at most 1,000,000 either way.
    #[schema(required = true, value_type = i64)]
    pub points: Option<i64>,
    /// Why: the member's ledger and the audit log show it. At most 200 characters.
    #[schema(required = true, value_type = String, max_length = 200)]
    pub reason: Option<String>,
    /// The balance the screen showed.
    #[schema(required = true, value_type = i64)]
    pub balance: Option<i64>,
}

/// The adjustment the form gives (points, reason, balance shown), or its field messages.
pub fn check_adjustment(input: &PointAdjustInput) -> ApiResult<(i64, String, i64)> {
    let mut check = FieldCheck::default();
    let reason = input.reason.as_deref().map(str::trim).unwrap_or("").to_owned();
    let points = input.points.filter(|p| *p != 0 && (-ADJUST_MAX..=ADJUST_MAX).contains(p));
    check.field("points", points.map(|_| ()).ok_or("調整するポイントは0以外の整数（-1,000,000〜1,000,000）で入力してください。"));
    let reason_rule = if reason.is_empty() {
        Err("調整の理由を入力してください。")
    } else if reason.chars().count() > REASON_MAX {
        Err("理由は200文字以内で入力してください。")
    } else {
        Ok(())
    };
    check.field("reason", reason_rule);
    check.field("balance", input.balance.map(|_| ()).ok_or("画面の残高がありません。画面を読み込み直してください。"));
    check.finish()?;
    match (points, input.balance) {
        (Some(points), Some(balance)) => Ok((points, reason, balance)),
        _ => Err(ApiError::field("points", "調整するポイントを入力してください。")),
    }
}

#[utoipa::path(post, path = "/v1/admin/members/{id}/points", operation_id = "admin_adjust_member_points", tag = "admin",
    params(("id" = String, Path)), request_body = PointAdjustInput,
    responses((status = 200, body = MemberPoints, description = "adjusted: the new balance and the ledger's first page, the adjustment on top"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "`staff.forbidden`: owners and 店長 only"),
        (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "`points.stale`: the balance moved since the screen read it"),
        (status = 422, body = ErrorBody, description = "`errors.points` (0, too big, or below the balance), `errors.reason`, `errors.balance`")))]
pub async fn adjust_member_points(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<PointsAdjust>,
    ApiPath(id): ApiPath<String>,
    ApiJson(input): ApiJson<PointAdjustInput>,
) -> ApiResult<Response> {
    let (points, reason, shown) = check_adjustment(&input)?;
    let (user, code) = desk_member(&state, &channel, id).await?;
    let now = Timestamp::now().0;
    let mut tx = state.db.begin_write().await?;
    match ledger_store::adjust_from(&mut tx, &channel.id, &user, shown, points, now).await? {
        Adjusted::Done => {}
        Adjusted::Moved => return Err(ApiError::rule_with(StatusCode::CONFLICT, POINTS_STALE_CODE, POINTS_STALE_MESSAGE)),
        Adjusted::BelowZero => return Err(ApiError::field("points", "保有ポイントを超えて減算できません。")),
    }
    let description = format!("ショップによる調整: {reason}");
    let entry = Entry { channel_id: &channel.id, user_id: &user, order_id: None, kind: PointKind::Grant, points, description };
    ledger_store::record(&mut tx, &entry, now).await?;
    let line = format!("会員{code} ポイント {points:+}（{shown}→{}） 理由: {reason}", shown + points);
    audit::record_in(&mut tx, &staff, AuditAction::PointsAdjust, &line).await?;
    tx.commit().await?;
    points_page(&state, &channel, &user, Page { current: 1, per: 20 }).await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn adjustment(points: Option<i64>, reason: &str, balance: Option<i64>) -> PointAdjustInput {
        PointAdjustInput { points, reason: Some(reason.to_owned()), balance }
    }

    #[test]
    fn an_adjustment_moves_some_points_for_a_reason_from_the_balance_shown() {
        assert_eq!(check_adjustment(&adjustment(Some(-300), " お詫び ", Some(1200))).unwrap(), (-300, "お詫び".to_owned(), 1200));
        for bad in [
            adjustment(Some(0), "x", Some(0)),
            adjustment(Some(ADJUST_MAX + 1), "x", Some(0)),
            adjustment(Some(i64::MIN), "x", Some(0)),
            adjustment(None, "x", Some(0)),
        ] {
            let Err(ApiError::Invalid(errors)) = check_adjustment(&bad) else { panic!("expected 422") };
            assert!(errors.contains_key("points"));
        }
        let Err(ApiError::Invalid(errors)) = check_adjustment(&adjustment(Some(5), "  ", None)) else { panic!("expected 422") };
        assert!(errors.contains_key("reason") && errors.contains_key("balance"));
    }

    #[test]
    fn the_rate_is_a_whole_percent_from_0_to_50() {
        assert_eq!(check_rate(Some(0)), Ok(0));
        assert_eq!(check_rate(Some(50)), Ok(50));
        for refused in [None, Some(-1), Some(51)] {
            assert_eq!(check_rate(refused), Err(RATE_MESSAGE), "{refused:?}");
        }
    }

    #[test]
    fn the_change_reads_before_and_after() {
        assert_eq!(describe_change(1, 3), "ポイント設定: 付与率 1%→3%");
        assert_eq!(describe_change(3, 0), "ポイント設定: 付与率 3%→なし");
        assert_eq!(describe_change(2, 2), "ポイント設定: 変更なし");
    }
}
