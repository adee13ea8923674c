//! Handlers of the points pages: the member's own balance and history only; staff's
//! ポイント設定 in `admin.rs`.
pub mod admin;

use axum::Json;
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::kind::PointKind;
use super::store::{self, HistoryRow};
use super::{EARN_RATE_SETTING, earn_rate_of};
use crate::auth::Member;
use crate::channel::Channel;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::ApiQuery;
use crate::infra::pagination::{AllowAll, DEFAULT_PER, ListBody, Page, PageQuery, Paginated};
use crate::infra::time::Timestamp;
use crate::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(show_points)).routes(routes!(list_point_histories)).merge(admin::routes())
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Points {
    /// Points the member holds; 1 point = 1 yen at checkout.
    pub balance: i64,
    /// Percent of the items subtotal (after coupon) an order earns (POINT.EARN_RATE).
    pub earn_rate: i64,
    /// False when the shop has points switched off (earn rate 0): the storefront hides them.
    pub is_enabled: bool,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PointHistory {
    pub id: String,
    /// earn, use, cancel_earn, cancel_use or grant.
    pub kind: String,
    /// 獲得, 利用, 取消（獲得分）, 取消（利用分）, 付与 or 減算 (the shop took points by hand).
    pub kind_label: String,
    /// What the balance changed by (negative for use and cancel_earn).
    pub points: i64,
    pub description: String,
    /// The order it came from, if any.
    pub order_no: Option<String>,
    pub created_at: Timestamp,
}

impl From<HistoryRow> for PointHistory {
    fn from(row: HistoryRow) -> Self {
        PointHistory {
            kind_label: PointKind::parse(&row.kind).map(|kind| kind.label_of(row.points)).unwrap_or("").to_owned(),
            id: row.id,
            kind: row.kind,
            points: row.points,
            description: row.description,
            order_no: row.order_no,
            created_at: Timestamp(row.created_at),
        }
    }
}

async fn member_of(state: &AppState, channel: &Channel, member: &Member) -> ApiResult<()> {
    crate::members::store::find_user(&state.db.pool, &channel.id, &member.user_id).await?.ok_or(ApiError::Unauthorized)?;
    Ok(())
}

#[utoipa::path(get, path = "/v1/me/points", tag = "points", security(("bearer" = [])),
    responses(
        (status = 200, body = Points),
        (status = 401, body = ErrorBody),
    ))]
async fn show_points(State(state): State<AppState>, channel: Channel, member: Member) -> ApiResult<Json<Points>> {
    member_of(&state, &channel, &member).await?;
    let stored = crate::channel::store::list_settings(&state.db, &channel.id).await?;
    let earn_rate = earn_rate_of(stored.get(EARN_RATE_SETTING).map(String::as_str));
    let balance = store::find_balance(&state.db, &channel.id, &member.user_id).await?;
    Ok(Json(Points { balance, earn_rate, is_enabled: earn_rate > 0 }))
}

#[utoipa::path(get, path = "/v1/me/point-histories", tag = "points", security(("bearer" = [])), params(PageQuery),
    responses(
        (status = 200, body = ListBody<PointHistory>, description = "newest first; x-total, x-per-page, x-last-page, x-current-page"),
        (status = 401, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "bad page or per"),
    ))]
async fn list_point_histories(State(state): State<AppState>, channel: Channel, member: Member, ApiQuery(query): ApiQuery<PageQuery>) -> ApiResult<Response> {
    let page = Page::parse(&query, DEFAULT_PER, AllowAll::No)?;
    member_of(&state, &channel, &member).await?;
    let (rows, total) = store::list_histories(&state.db, &channel.id, &member.user_id, page.per, page.offset()).await?;
    Ok(Paginated::new(rows.into_iter().map(PointHistory::from).collect(), total, page).into_response())
}
