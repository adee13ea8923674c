//! Handlers of a member's embroidery presets.
use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderName, HeaderValue, StatusCode};
use axum::response::IntoResponse;
use serde::Serialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::rules::{Embroidery, EmbroideryInput, Position, ThreadColor, Typeface, check};
use super::store::{self, Fields, PresetRow};
use super::{LIMIT_CODE, PRESET_MAX};
use crate::auth::Member;
use crate::channel::Channel;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::{ApiJson, ApiPath};
use crate::infra::ids::new_id;
use crate::infra::time::Timestamp;
use crate::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_presets, create_preset)).routes(routes!(update_preset, delete_preset))
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct EmbroideryPreset {
    pub id: String,
    pub text: String,
    pub typeface: Typeface,
    pub color: ThreadColor,
    pub position: Position,
    /// 「YAMADA（ブロック体・白・左胸）」, as the cart and the receipt show it.
    pub label: String,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
}

fn view(row: PresetRow) -> Option<EmbroideryPreset> {
    let embroidery =
        check(EmbroideryInput { text: Some(row.text), typeface: Some(row.typeface), color: Some(row.color), position: Some(row.position) }).ok()?;
    Some(EmbroideryPreset {
        id: row.id,
        label: embroidery.label(),
        text: embroidery.text,
        typeface: embroidery.typeface,
        color: embroidery.color,
        position: embroidery.position,
        created_at: Timestamp(row.created_at),
        updated_at: Timestamp(row.updated_at),
    })
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct Choice {
    pub value: String,
    pub label: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct EmbroideryOptions {
    pub typefaces: Vec<Choice>,
    pub colors: Vec<Choice>,
    pub positions: Vec<Choice>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct PresetList {
    pub data: Vec<EmbroideryPreset>,
    /// The choices of the form, with their Japanese labels.
    pub options: EmbroideryOptions,
}

fn options() -> EmbroideryOptions {
    fn choices<T: Copy>(all: &[T], value: fn(T) -> &'static str, label: fn(T) -> &'static str) -> Vec<Choice> {
        all.iter().map(|v| Choice { value: value(*v).into(), label: label(*v).into() }).collect()
    }
    EmbroideryOptions {
        typefaces: choices(Typeface::ALL, Typeface::as_str, Typeface::label),
        colors: choices(ThreadColor::ALL, ThreadColor::as_str, ThreadColor::label),
        positions: choices(Position::ALL, Position::as_str, Position::label),
    }
}

#[utoipa::path(get, path = "/v1/me/name-embroideries", tag = "embroidery",
    security(("bearer" = [])),
    responses(
        (status = 200, body = PresetList, description = "the member's presets, oldest first, and the form's choices",
            headers(("x-limit" = i64, description = "how many presets a member may keep"))),
        (status = 401, body = ErrorBody),
    ))]
async fn list_presets(State(state): State<AppState>, channel: Channel, member: Member) -> ApiResult<impl IntoResponse> {
    let data = store::list(&state.db, &channel.id, &member.user_id).await?.into_iter().filter_map(view).collect();
    let mut headers = HeaderMap::new();
    headers.insert(HeaderName::from_static("x-limit"), HeaderValue::from(PRESET_MAX));
    Ok((headers, Json(PresetList { data, options: options() })))
}

fn fields(e: &Embroidery) -> Fields<'_> {
    Fields { text: &e.text, typeface: e.typeface.as_str(), color: e.color.as_str(), position: e.position.as_str() }
}

#[utoipa::path(post, path = "/v1/me/name-embroideries", tag = "embroidery", request_body = EmbroideryInput,
    security(("bearer" = [])),
    responses(
        (status = 201, body = EmbroideryPreset),
        (status = 401, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "fields `text`, `typeface`, `color`, `position`; or code `name_embroideries.limit_exceeded`"),
    ))]
async fn create_preset(
    State(state): State<AppState>,
    channel: Channel,
    member: Member,
    ApiJson(input): ApiJson<EmbroideryInput>,
) -> ApiResult<(StatusCode, Json<EmbroideryPreset>)> {
    let embroidery = check(input)?;
    let id = new_id();
    let mut tx = state.db.begin_write().await?;
    if store::count(&mut tx, &channel.id, &member.user_id).await? >= PRESET_MAX {
        return Err(ApiError::rule(LIMIT_CODE, format!("名入れ刺繍は{PRESET_MAX}件まで登録できます。")));
    }
    store::insert(&mut tx, &id, &channel.id, &member.user_id, &fields(&embroidery), Timestamp::now().0).await?;
    tx.commit().await?;
    let row = store::find(&state.db, &channel.id, &member.user_id, &id).await?.ok_or_else(ApiError::not_found)?;
    Ok((StatusCode::CREATED, Json(view(row).ok_or_else(ApiError::not_found)?)))
}

#[utoipa::path(put, path = "/v1/me/name-embroideries/{id}", tag = "embroidery", request_body = EmbroideryInput,
    params(("id" = String, Path, description = "the preset's id")),
    security(("bearer" = [])),
    responses(
        (status = 200, body = EmbroideryPreset, description = "rewritten (carts that took it keep their copy)"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "no such preset of this member"),
        (status = 422, body = ErrorBody, description = "field errors"),
    ))]
async fn update_preset(
    State(state): State<AppState>,
    channel: Channel,
    member: Member,
    ApiPath(id): ApiPath<String>,
    ApiJson(input): ApiJson<EmbroideryInput>,
) -> ApiResult<Json<EmbroideryPreset>> {
    let embroidery = check(input)?;
    let mut tx = state.db.begin_write().await?;
    if !store::update(&mut tx, &id, &channel.id, &member.user_id, &fields(&embroidery), Timestamp::now().0).await? {
        return Err(ApiError::not_found());
    }
    tx.commit().await?;
    let row = store::find(&state.db, &channel.id, &member.user_id, &id).await?.ok_or_else(ApiError::not_found)?;
    Ok(Json(view(row).ok_or_else(ApiError::not_found)?))
}

#[utoipa::path(delete, path = "/v1/me/name-embroideries/{id}", tag = "embroidery",
    params(("id" = String, Path, description = "the preset's id")),
    security(("bearer" = [])),
    responses((status = 204, description = "the preset is gone (carts that took it keep their copy)"), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn delete_preset(State(state): State<AppState>, channel: Channel, member: Member, ApiPath(id): ApiPath<String>) -> ApiResult<StatusCode> {
    let mut tx = state.db.begin_write().await?;
    let deleted = store::delete(&mut tx, &channel.id, &member.user_id, &id).await?;
    tx.commit().await?;
    if deleted { Ok(StatusCode::NO_CONTENT) } else { Err(ApiError::not_found()) }
}
