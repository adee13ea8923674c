//! Handlers of memorials.
use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderName, HeaderValue, StatusCode};
use axum::response::IntoResponse;
use serde::Serialize;
use time::{Date, OffsetDateTime};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::calendar::next_occurrence;
use super::input::{Memorial as Checked, MemorialInput};
use super::store::{self, Fields, MemorialRow};
use super::{DEFAULT_LIMIT, Division, LIMIT_CODE, LIMIT_SETTING};
use crate::auth::Member;
use crate::channel::Channel;
use crate::channel::settings::load_setting;
use crate::delivery::delivery_date::jst;
use crate::infra::client::Client;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::{ApiJson, ApiPath};
use crate::infra::ids::new_id;
use crate::infra::pagination::ListBody;
use crate::infra::time::Timestamp;
use crate::members::links::link_origin;
use crate::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_memorials, create_memorial)).routes(routes!(show_memorial, update_memorial, delete_memorial))
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct Memorial {
    pub id: String,
    pub user_id: String,
    pub target_user_name: String,
    /// 1 誕生日, 2 結婚記念日, 3 その他の記念日.
    pub division_ct: i64,
    pub division_name: String,
    pub name: String,
    pub month: i64,
    pub date: i64,
    pub call: String,
    /// The next time it comes (Japan time; today counts), `YYYY-MM-DD`.
    pub next_date: String,
    /// Days until `next_date`; 0 on the day.
    pub days_until: i64,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
}

fn today() -> Date {
    jst(OffsetDateTime::now_utc()).date()
}

fn view(row: MemorialRow, today: Date) -> Memorial {
    let next = next_occurrence(today, row.month, row.day).unwrap_or(today);
    Memorial {
        division_name: Division::from_ct(row.division_ct).map(Division::label).unwrap_or_default().to_owned(),
        next_date: next.to_string(),
        days_until: (next - today).whole_days(),
        id: row.id,
        user_id: row.user_id.into_string(),
        target_user_name: row.target_user_name,
        division_ct: row.division_ct,
        name: row.name,
        month: row.month,
        date: row.day,
        call: row.call_name,
        created_at: Timestamp(row.created_at),
        updated_at: Timestamp(row.updated_at),
    }
}

async fn limit_of(state: &AppState, channel: &Channel) -> ApiResult<i64> {
    Ok(load_setting(&state.db, &channel.id, LIMIT_SETTING, DEFAULT_LIMIT).await?.clamp(1, 100))
}

#[utoipa::path(get, path = "/v1/me/user-memorials", tag = "memorials",
    security(("bearer" = [])),
    responses(
        (status = 200, body = ListBody<Memorial>, description = "the member's memorials, the next to come first",
            headers(("x-limit" = i64, description = "how many memorials a member may keep (MEMBER.MEMORIAL_LIMIT)"))),
        (status = 401, body = ErrorBody),
    ))]
async fn list_memorials(State(state): State<AppState>, channel: Channel, member: Member) -> ApiResult<impl IntoResponse> {
    let today = today();
    let mut data: Vec<Memorial> = store::list(&state.db, &channel.id, &member.user_id).await?.into_iter().map(|row| view(row, today)).collect();
    data.sort_by(|a, b| a.next_date.cmp(&b.next_date).then(a.created_at.0.cmp(&b.created_at.0)));
    let mut headers = HeaderMap::new();
    headers.insert(HeaderName::from_static("x-limit"), HeaderValue::from(limit_of(&state, &channel).await?));
    Ok((headers, Json(ListBody { data })))
}

#[utoipa::path(get, path = "/v1/me/user-memorials/{id}", tag = "memorials",
    params(("id" = String, Path, description = "the memorial's id")),
    security(("bearer" = [])),
    responses((status = 200, body = Memorial), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody, description = "no such memorial of this member")))]
async fn show_memorial(State(state): State<AppState>, channel: Channel, member: Member, ApiPath(id): ApiPath<String>) -> ApiResult<Json<Memorial>> {
    let row = store::find(&state.db, &channel.id, &member.user_id, &id).await?.ok_or_else(ApiError::not_found)?;
    Ok(Json(view(row, today())))
}

fn fields<'a>(checked: &'a Checked, origin: &'a str) -> Fields<'a> {
    Fields {
        target_user_name: &checked.target_user_name,
        division_ct: checked.division as i64,
        name: &checked.name,
        month: checked.month,
        day: checked.day,
        call_name: &checked.call,
        link_origin: origin,
    }
}

#[utoipa::path(post, path = "/v1/me/user-memorials", tag = "memorials", request_body = MemorialInput,
    security(("bearer" = [])),
    responses(
        (status = 201, body = Memorial, description = "kept; a reminder mail goes out before the date (MEMORIAL.REMIND_DAYS)"),
        (status = 401, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "field errors in Japanese, or code `user_memorials.limit_exceeded` with a message naming the limit"),
    ))]
async fn create_memorial(
    State(state): State<AppState>,
    channel: Channel,
    member: Member,
    client: Client,
    headers: HeaderMap,
    ApiJson(input): ApiJson<MemorialInput>,
) -> ApiResult<(StatusCode, Json<Memorial>)> {
    let checked = Checked::try_from(input)?;
    let limit = limit_of(&state, &channel).await?;
    let origin = link_origin(&state, &channel, &channel.id, &headers, client.https).await?;
    let id = new_id();
    let mut tx = state.db.begin_write().await?;
    if store::count(&mut tx, &channel.id, &member.user_id).await? >= limit {
        return Err(ApiError::rule(LIMIT_CODE, format!("記念日は{limit}件まで登録できます。")));
    }
    store::insert(&mut tx, &id, &channel.id, &member.user_id, &fields(&checked, &origin), Timestamp::now().0).await?;
    tx.commit().await?;
    let row = store::find(&state.db, &channel.id, &member.user_id, &id).await?.ok_or_else(ApiError::not_found)?;
    Ok((StatusCode::CREATED, Json(view(row, today()))))
}

#[utoipa::path(put, path = "/v1/me/user-memorials/{id}", tag = "memorials", request_body = MemorialInput,
    params(("id" = String, Path, description = "the memorial's id")),
    security(("bearer" = [])),
    responses(
        (status = 200, body = Memorial, description = "rewritten; a changed date is reminded of anew"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "no such memorial of this member"),
        (status = 422, body = ErrorBody, description = "field errors in Japanese"),
    ))]
async fn update_memorial(
    State(state): State<AppState>,
    channel: Channel,
    member: Member,
    client: Client,
    headers: HeaderMap,
    ApiPath(id): ApiPath<String>,
    ApiJson(input): ApiJson<MemorialInput>,
) -> ApiResult<Json<Memorial>> {
    let checked = Checked::try_from(input)?;
    let origin = link_origin(&state, &channel, &channel.id, &headers, client.https).await?;
    let mut tx = state.db.begin_write().await?;
    if !store::update(&mut tx, &id, &channel.id, &member.user_id, &fields(&checked, &origin), Timestamp::now().0).await? {
        return Err(ApiError::not_found());
    }
    tx.commit().await?;
    let row = store::find(&state.db, &channel.id, &member.user_id, &id).await?.ok_or_else(ApiError::not_found)?;
    Ok(Json(view(row, today())))
}

#[utoipa::path(delete, path = "/v1/me/user-memorials/{id}", tag = "memorials",
    params(("id" = String, Path, description = "the memorial's id")),
    security(("bearer" = [])),
    responses((status = 204, description = "the memorial is gone"), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody, description = "no such memorial of this member")))]
async fn delete_memorial(State(state): State<AppState>, channel: Channel, member: Member, ApiPath(id): ApiPath<String>) -> ApiResult<StatusCode> {
    let mut tx = state.db.begin_write().await?;
    let deleted = store::delete(&mut tx, &channel.id, &member.user_id, &id).await?;
    tx.commit().await?;
    if deleted { Ok(StatusCode::NO_CONTENT) } else { Err(ApiError::not_found()) }
}
