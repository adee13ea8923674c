//! Handlers of the coupon lists and takes (the desk's, for staff, are `admin.rs`). Only coupons open now are listed; a member sees the
//! public ones and the ones they took, each with `is_taken`.
pub mod admin;

use axum::Json;
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::OUT_OF_PERIOD_CODE;
use super::describe::{discount_label, is_in_period};
use super::store::{self, CouponRow};
use crate::auth::{Member, OptionalMember};
use crate::channel::Channel;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::{ApiJson, ApiQuery};
use crate::infra::ids::UserId;
use crate::infra::pagination::{AllowAll, DEFAULT_PER, ListBody, Page, PageQuery, Paginated};
use crate::infra::time::Timestamp;
use crate::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_coupons)).routes(routes!(list_member_coupons, take_coupon)).merge(admin::routes())
}

/// A coupon as the /coupon page and landing pages show it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Coupon {
    pub id: String,
    /// What the buyer types in the cart (`WELCOME500`).
    pub code: String,
    pub name: String,
    pub description: String,
    /// `amount` (yen off) or `percent` (of the items subtotal).
    pub discount_kind: String,
    pub discount_value: i64,
    /// 「500円引き」 or 「10%OFF」.
    pub discount_label: String,
    /// The items subtotal (tax included) the cart needs; 0: none.
    pub minimum_amount: i64,
    pub starts_at: Option<Timestamp>,
    pub ends_at: Option<Timestamp>,
    /// The member takes it first (the take button); otherwise typing the code is enough.
    pub requires_take: bool,
    /// Only members may use it.
    pub member_only: bool,
    /// The asking member took it (always false for visitors).
    pub is_taken: bool,
}

impl From<CouponRow> for Coupon {
    fn from(row: CouponRow) -> Self {
        Coupon {
            discount_label: discount_label(&row.discount_kind, row.discount_value),
            id: row.id,
            code: row.code,
            name: row.name,
            description: row.description,
            discount_kind: row.discount_kind,
            discount_value: row.discount_value,
            minimum_amount: row.minimum_amount,
            starts_at: row.starts_at.map(Timestamp),
            ends_at: row.ends_at.map(Timestamp),
            requires_take: row.requires_take != 0,
            member_only: row.member_only != 0,
            is_taken: row.is_taken != 0,
        }
    }
}

async fn listed(state: &AppState, channel: &Channel, user_id: &UserId, query: &PageQuery) -> ApiResult<Response> {
    let page = Page::parse(query, DEFAULT_PER, AllowAll::No)?;
    let (rows, total) = store::list_coupons(&state.db, &channel.id, user_id, Timestamp::now().0, page.per, page.offset()).await?;
    Ok(Paginated::new(rows.into_iter().map(Coupon::from).collect(), total, page).into_response())
}

#[utoipa::path(get, path = "/v1/coupons", tag = "coupons", params(PageQuery),
    responses(
        (status = 200, body = ListBody<Coupon>, description = "the public coupons open now, in the shop's order; with a bearer token `is_taken` is the member's. x-total, x-per-page, x-last-page, x-current-page"),
        (status = 401, body = ErrorBody, description = "a bearer token was sent but is not valid"),
        (status = 422, body = ErrorBody, description = "bad page or per"),
    ))]
async fn list_coupons(
    State(state): State<AppState>,
    channel: Channel,
    OptionalMember(member): OptionalMember,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> ApiResult<Response> {
    let user_id = member.map(|m| m.user_id).unwrap_or_default();
    listed(&state, &channel, &user_id, &query).await
}

#[utoipa::path(get, path = "/v1/me/coupons", tag = "coupons", security(("bearer" = [])), params(PageQuery),
    responses(
        (status = 200, body = ListBody<Coupon>, description = "the public coupons and the ones the member took, open now, with `is_taken`"),
        (status = 401, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "bad page or per"),
    ))]
async fn list_member_coupons(State(state): State<AppState>, channel: Channel, member: Member, ApiQuery(query): ApiQuery<PageQuery>) -> ApiResult<Response> {
    listed(&state, &channel, &member.user_id, &query).await
}

/// The take button (the /coupon list or a landing page).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct TakeInput {
    #[schema(required = true, value_type = String, pattern = "\\S")]
    pub coupon_id: Option<String>,
    /// Where the button was (`coupon`, a landing page's slug); accepted, not stored.
    #[schema(value_type = Option<String>)]
    pub page: Option<serde_json::Value>,
}

#[utoipa::path(post, path = "/v1/me/coupons", tag = "coupons", security(("bearer" = [])), request_body = TakeInput,
    responses(
        (status = 200, body = Coupon, description = "taken (`is_taken` true); taking it again changes nothing"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "no such coupon in this shop"),
        (status = 422, body = ErrorBody, description = "`errors.coupon_id` (none sent), or code `coupons.take.out_of_period`"),
    ))]
async fn take_coupon(State(state): State<AppState>, channel: Channel, member: Member, ApiJson(input): ApiJson<TakeInput>) -> ApiResult<Json<Coupon>> {
    let id = input.coupon_id.as_deref().map(str::trim).unwrap_or("");
    if id.is_empty() {
        return Err(ApiError::field("coupon_id", "クーポンを選択してください。"));
    }
    if id.len() > 100 || id.contains('\0') {
        return Err(ApiError::not_found());
    }
    crate::members::store::find_user(&state.db.pool, &channel.id, &member.user_id).await?.ok_or(ApiError::Unauthorized)?;
    let coupon = store::find_coupon(&state.db, &channel.id, &member.user_id, id).await?.ok_or_else(ApiError::not_found)?;
    let now = Timestamp::now().0;
    if coupon.is_taken == 0 {
        if !is_in_period(coupon.starts_at, coupon.ends_at, now) {
            return Err(ApiError::rule(OUT_OF_PERIOD_CODE, "このクーポンは配布期間外です。"));
        }
        let mut tx = state.db.begin_write().await?;
        store::insert_user_coupon(&mut tx, &member.user_id, &coupon.id, now).await?;
        tx.commit().await?;
    }
    Ok(Json(Coupon::from(CouponRow { is_taken: 1, ..coupon })))
}
