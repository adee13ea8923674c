//! クーポン管理 (docs/contracts/coupon-desk.md): an owner or 店長 makes, changes and deletes
//! the shop's coupons. A save carries the version it was made from (409 on a stale one), is
//! checked by `desk` and audited with what changed. A coupon an order used is never deleted
//! (the orders name it); it is ended by its end time. The cart and the checkout read the
//! coupon at each quotation and decision, so a change reaches the next cart at once.
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::channel::Channel;
use crate::coupons::describe::discount_label;
use crate::coupons::desk::{self, CouponDeskFields, CouponDraft, CouponStatus, DiscountKind};
use crate::coupons::store::{self, CouponFields, DeskCouponFilter, DeskCouponRow};
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::{ApiJson, ApiPath, ApiQuery};
use crate::infra::ids::new_id;
use crate::infra::pagination::{AllowAll, ListBody, Page, PageQuery, Paginated};
use crate::infra::search_text::contains_pattern;
use crate::infra::time::Timestamp;
use crate::staff::answer::{AdminAnswer, VersionQuery};
use crate::staff::audit::{self, AuditAction};
use crate::staff::permission::{Can, ShopSettings};
use crate::state::AppState;
use crate::validation::FieldCheck;

pub const STALE_CODE: &str = "coupons.stale";
const STALE_MESSAGE: &str = "このクーポンは他の画面で更新されました。最新の内容を読み込んでから編集してください。";
pub const USED_CODE: &str = "coupons.used";
const USED_MESSAGE: &str = "このクーポンは注文で使われているため削除できません。終了日時を設定して終了してください。";
const VERSION_MESSAGE: &str = "版番号がありません。画面を読み込み直してください。";
const PER_PAGE: i64 = 20;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_coupons, create_coupon)).routes(routes!(show_coupon, save_coupon, delete_coupon))
}

/// A coupon as the desk shows it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CouponDesk {
    pub id: String,
    pub code: String,
    pub name: String,
    pub description: String,
    pub discount_kind: DiscountKind,
    pub discount_value: i64,
    /// 「500円引き」 / 「10%OFF」, as the storefront's coupon list says it.
    pub discount_label: String,
    pub minimum_amount: i64,
    pub starts_at: Option<Timestamp>,
    pub ends_at: Option<Timestamp>,
    pub is_public: bool,
    pub member_only: bool,
    pub requires_take: bool,
    pub uses_per_member: i64,
    pub max_uses: Option<i64>,
    /// Orders that used it (a cancelled order's use returns).
    pub used_count: i64,
    pub status: CouponStatus,
    pub version: i64,
    pub updated_at: Timestamp,
}

/// 保存 (PUT): the fields with the version the editor read.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CouponDeskSaveInput {
    #[schema(required = true, value_type = i64)]
    pub version: Option<i64>,
    #[serde(flatten)]
    pub fields: CouponDeskFields,
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CouponDeskQuery {
    /// `active` (利用中), `scheduled` (開始前), `ended` (終了) or `exhausted` (上限到達); all when missing.
    pub status: Option<String>,
    /// Words in the code or the name.
    #[param(max_length = 100)]
    pub q: Option<String>,
    pub page: Option<String>,
    pub per: Option<String>,
}

fn desk_of(row: DeskCouponRow, now: i64) -> CouponDesk {
    let kind = DiscountKind::of_stored(&row.discount_kind);
    CouponDesk {
        status: CouponStatus::of(row.starts_at, row.ends_at, row.max_uses, row.used_count, now),
        discount_label: discount_label(kind.as_str(), row.discount_value),
        id: row.id,
        code: row.code,
        name: row.name,
        description: row.description,
        discount_kind: kind,
        discount_value: row.discount_value,
        minimum_amount: row.minimum_amount,
        starts_at: row.starts_at.map(Timestamp),
        ends_at: row.ends_at.map(Timestamp),
        is_public: row.is_public != 0,
        member_only: row.member_only != 0,
        requires_take: row.requires_take != 0,
        uses_per_member: row.uses_per_member,
        max_uses: row.max_uses,
        used_count: row.used_count,
        version: row.version,
        updated_at: Timestamp(row.updated_at),
    }
}

fn draft_of(row: &DeskCouponRow) -> CouponDraft {
    CouponDraft {
        code: row.code.clone(),
        name: row.name.clone(),
        description: row.description.clone(),
        discount_kind: DiscountKind::of_stored(&row.discount_kind),
        discount_value: row.discount_value,
        minimum_amount: row.minimum_amount,
        starts_at: row.starts_at,
        ends_at: row.ends_at,
        is_public: row.is_public != 0,
        member_only: row.member_only != 0,
        requires_take: row.requires_take != 0,
        uses_per_member: row.uses_per_member,
        max_uses: row.max_uses,
    }
}

fn fields_of(draft: &CouponDraft) -> CouponFields<'_> {
    CouponFields {
        code: &draft.code,
        name: &draft.name,
        description: &draft.description,
        discount_kind: draft.discount_kind.as_str(),
        discount_value: draft.discount_value,
        minimum_amount: draft.minimum_amount,
        starts_at: draft.starts_at,
        ends_at: draft.ends_at,
        is_public: draft.is_public,
        member_only: draft.member_only,
        requires_take: draft.requires_take,
        uses_per_member: draft.uses_per_member,
        max_uses: draft.max_uses,
    }
}

fn stale() -> ApiError {
    ApiError::rule_with(StatusCode::CONFLICT, STALE_CODE, STALE_MESSAGE)
}

fn code_taken() -> ApiError {
    ApiError::field("code", desk::CODE_TAKEN)
}

async fn saved(state: &AppState, channel: &Channel, id: &str) -> ApiResult<CouponDesk> {
    let row = store::find_desk_coupon(&state.db, &channel.id, id).await?.ok_or_else(ApiError::not_found)?;
    Ok(desk_of(row, Timestamp::now().0))
}

#[utoipa::path(get, path = "/v1/admin/coupons", operation_id = "admin_list_coupons", tag = "admin", params(CouponDeskQuery),
    responses(
        (status = 200, body = ListBody<CouponDesk>, description = "the shop's coupons, ended ones included, newest first, with x-total, x-per-page, x-last-page, x-current-page"),
        (status = 401, body = ErrorBody, description = "no staff session of this shop"),
        (status = 403, body = ErrorBody, description = "`staff.forbidden`: owners and 店長 only"),
        (status = 422, body = ErrorBody, description = "`errors.status`, `errors.page`, `errors.per`"),
    ))]
pub async fn list_coupons(
    State(state): State<AppState>,
    channel: Channel,
    _can: Can<ShopSettings>,
    ApiQuery(query): ApiQuery<CouponDeskQuery>,
) -> ApiResult<AdminAnswer<Paginated<CouponDesk>>> {
    let page = Page::parse(&PageQuery { page: query.page.clone(), per: query.per.clone() }, PER_PAGE, AllowAll::No)?;
    let status = match query.status.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        None => "",
        Some(text) => CouponStatus::parse(text)
            .ok_or_else(|| ApiError::field("status", "状態は active・scheduled・ended・exhausted のいずれかで指定してください。"))?
            .as_str(),
    };
    let pattern = query.q.as_deref().map(str::trim).filter(|q| !q.is_empty()).map(contains_pattern).unwrap_or_default();
    let now = Timestamp::now().0;
    let filter = DeskCouponFilter { status, pattern: &pattern, now };
    let (rows, total) = store::list_desk_coupons(&state.db, &channel.id, &filter, page.per, page.offset()).await?;
    Ok(AdminAnswer::ok(Paginated::new(rows.into_iter().map(|row| desk_of(row, now)).collect(), total, page)))
}

#[utoipa::path(post, path = "/v1/admin/coupons", operation_id = "admin_create_coupon", tag = "admin", request_body = CouponDeskFields,
    responses(
        (status = 201, body = CouponDesk, description = "made; in its period it can be used at once"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "`errors.code` (also taken), `errors.name`, `errors.description`, `errors.discount_kind`, `errors.discount_value`, `errors.minimum_amount`, `errors.starts_at`, `errors.ends_at`, `errors.uses_per_member`, `errors.max_uses`"),
    ))]
pub async fn create_coupon(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<ShopSettings>,
    ApiJson(input): ApiJson<CouponDeskFields>,
) -> ApiResult<(StatusCode, AdminAnswer<Json<CouponDesk>>)> {
    let mut check = FieldCheck::default();
    let draft = desk::check(&input, &mut check);
    check.finish()?;
    let draft = draft.ok_or_else(|| ApiError::Internal(anyhow::anyhow!("a checked coupon without its draft")))?;
    let id = new_id();
    let mut tx = state.db.begin_write().await?;
    if store::code_is_taken(&mut tx, &channel.id, &draft.code, &id).await?
        || !store::insert_desk_coupon(&mut tx, &channel.id, &id, &fields_of(&draft), Timestamp::now().0).await?
    {
        return Err(code_taken());
    }
    audit::record_in(&mut tx, &staff, AuditAction::CouponCreate, &desk::describe_creation(&draft)).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, AdminAnswer::ok(Json(saved(&state, &channel, &id).await?))))
}

#[utoipa::path(get, path = "/v1/admin/coupons/{id}", operation_id = "admin_show_coupon", tag = "admin", params(("id" = String, Path)),
    responses((status = 200, body = CouponDesk), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "no such coupon in this shop")))]
pub async fn show_coupon(
    State(state): State<AppState>,
    channel: Channel,
    _can: Can<ShopSettings>,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<AdminAnswer<Json<CouponDesk>>> {
    Ok(AdminAnswer::ok(Json(saved(&state, &channel, &id).await?)))
}

#[utoipa::path(put, path = "/v1/admin/coupons/{id}", operation_id = "admin_save_coupon", tag = "admin", params(("id" = String, Path)), request_body = CouponDeskSaveInput,
    responses((status = 200, body = CouponDesk, description = "saved (version + 1); the next cart reads it"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "`coupons.stale`: saved elsewhere since the editor read it"),
        (status = 422, body = ErrorBody, description = "as on POST, and `errors.version`")))]
pub async fn save_coupon(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<ShopSettings>,
    ApiPath(id): ApiPath<String>,
    ApiJson(input): ApiJson<CouponDeskSaveInput>,
) -> ApiResult<AdminAnswer<Json<CouponDesk>>> {
    let before = store::find_desk_coupon(&state.db, &channel.id, &id).await?.ok_or_else(ApiError::not_found)?;
    let mut check = FieldCheck::default();
    if input.version.is_none() {
        check.field("version", Err(VERSION_MESSAGE));
    }
    let draft = desk::check(&input.fields, &mut check);
    check.finish()?;
    let (Some(after), Some(version)) = (draft, input.version) else { return Err(ApiError::Internal(anyhow::anyhow!("a checked coupon without its draft"))) };
    if before.version != version {
        return Err(stale());
    }
    let mut tx = state.db.begin_write().await?;
    if store::code_is_taken(&mut tx, &channel.id, &after.code, &id).await? {
        return Err(code_taken());
    }
    // A code only this shop's other coupon has in the same case trips the unique key: the
    // check above sees every case, so this error is a race lost, told as the same field.
    match store::update_desk_coupon(&mut tx, &channel.id, &id, version, &fields_of(&after), Timestamp::now().0).await {
        Ok(true) => {}
        Ok(false) => return Err(stale()),
        Err(sqlx::Error::Database(error)) if error.is_unique_violation() => return Err(code_taken()),
        Err(error) => return Err(error.into()),
    }
    audit::record_in(&mut tx, &staff, AuditAction::CouponUpdate, &desk::describe_change(&draft_of(&before), &after)).await?;
    tx.commit().await?;
    Ok(AdminAnswer::ok(Json(saved(&state, &channel, &id).await?)))
}

#[utoipa::path(delete, path = "/v1/admin/coupons/{id}", operation_id = "admin_delete_coupon", tag = "admin", params(("id" = String, Path), VersionQuery),
    responses((status = 204, description = "deleted, with who had taken it"), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "`coupons.used`: an order used it (end it instead); `coupons.stale`"),
        (status = 422, body = ErrorBody, description = "`errors.version`")))]
pub async fn delete_coupon(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<ShopSettings>,
    ApiPath(id): ApiPath<String>,
    ApiQuery(query): ApiQuery<VersionQuery>,
) -> ApiResult<StatusCode> {
    let version = query.version()?;
    let before = store::find_desk_coupon(&state.db, &channel.id, &id).await?.ok_or_else(ApiError::not_found)?;
    if before.used_count > 0 {
        return Err(ApiError::rule_with(StatusCode::CONFLICT, USED_CODE, USED_MESSAGE));
    }
    let mut tx = state.db.begin_write().await?;
    if !store::delete_unused_coupon(&mut tx, &channel.id, &id, version).await? {
        drop(tx);
        // Stale, or an order used it since the check above.
        let now = store::find_desk_coupon(&state.db, &channel.id, &id).await?;
        return Err(match now {
            Some(row) if row.used_count > 0 => ApiError::rule_with(StatusCode::CONFLICT, USED_CODE, USED_MESSAGE),
            _ => stale(),
        });
    }
    audit::record_in(&mut tx, &staff, AuditAction::CouponDelete, &format!("クーポン「{}」({})を削除", before.code, before.name)).await?;
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}
