//! Handlers of measurements.
use std::collections::BTreeMap;

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderName, HeaderValue, StatusCode};
use axum::response::IntoResponse;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::store::{self, MeasurementRow};
use super::{DEFAULT_LIMIT, LIMIT_SETTING};
use crate::auth::Member;
use crate::catalog::size_purpose::{self as purpose, Purpose};
use crate::channel::Channel;
use crate::channel::settings::load_setting;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::{ApiJson, ApiQuery};
use crate::infra::ids::new_id;
use crate::infra::pagination::ListBody;
use crate::infra::time::Timestamp;
use crate::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_measurements, add_measurement, clear_measurements))
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct Measurement {
    pub id: String,
    pub purpose: Purpose,
    /// Measure key (`head`, `hand`, `height`, `inseam`) → centimetres.
    pub values: BTreeMap<String, f64>,
    pub created_at: Timestamp,
}

impl Measurement {
    fn of(row: MeasurementRow) -> Option<Measurement> {
        let millimetres: BTreeMap<String, i64> = serde_json::from_str(&row.measures).ok()?;
        Some(Measurement {
            id: row.id,
            purpose: Purpose::parse(&row.purpose)?,
            values: millimetres.into_iter().map(|(k, mm)| (k, mm as f64 / 10.0)).collect(),
            created_at: Timestamp(row.created_at),
        })
    }
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PurposeQuery {
    /// helmet, glove or bicycle; every purpose when absent.
    #[param(pattern = "^\\s*(helmet|glove|bicycle)?\\s*$")]
    pub purpose: Option<String>,
}

fn parse_purpose(text: Option<&str>) -> ApiResult<Option<Purpose>> {
    match text.map(str::trim).filter(|t| !t.is_empty()) {
        None => Ok(None),
        Some(text) => Purpose::parse(text).map(Some).ok_or_else(|| ApiError::field("purpose", "purposeはhelmet, glove, bicycleのいずれかで指定してください。")),
    }
}

async fn limit_of(state: &AppState, channel: &Channel) -> ApiResult<i64> {
    Ok(load_setting(&state.db, &channel.id, LIMIT_SETTING, DEFAULT_LIMIT).await?.clamp(1, 50))
}

async fn listed(state: &AppState, channel: &Channel, member: &Member, purpose: Option<Purpose>) -> ApiResult<(HeaderMap, Json<ListBody<Measurement>>)> {
    let rows = store::list(&state.db, &channel.id, &member.user_id, purpose.map(Purpose::as_str)).await?;
    let mut headers = HeaderMap::new();
    headers.insert(HeaderName::from_static("x-limit"), HeaderValue::from(limit_of(state, channel).await?));
    Ok((headers, Json(ListBody { data: rows.into_iter().filter_map(Measurement::of).collect() })))
}

#[utoipa::path(get, path = "/v1/me/timeseries", tag = "measurements", params(PurposeQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, body = ListBody<Measurement>, description = "the member's measurements, newest first within each purpose",
            headers(("x-limit" = i64, description = "how many of one purpose are kept (MEMBER.TIMESERIES_LIMIT, default 1)"))),
        (status = 401, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "unknown purpose"),
    ))]
async fn list_measurements(
    State(state): State<AppState>,
    channel: Channel,
    member: Member,
    ApiQuery(query): ApiQuery<PurposeQuery>,
) -> ApiResult<impl IntoResponse> {
    let purpose = parse_purpose(query.purpose.as_deref())?;
    listed(&state, &channel, &member, purpose).await
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct MeasurementInput {
    /// helmet, glove or bicycle.
    #[schema(required = true, value_type = String, pattern = "^\\s*(helmet|glove|bicycle)\\s*$")]
    pub purpose: Option<String>,
    /// Every measure of the purpose in centimetres, at most one decimal place: helmet `head`
    /// 40–70; glove `hand` 10–30; bicycle `height` 100–220 and `inseam` 50–110.
    #[schema(value_type = Option<BTreeMap<String, f64>>, required = true)]
    pub values: Option<BTreeMap<String, serde_json::Value>>,
}

#[utoipa::path(post, path = "/v1/me/timeseries", tag = "measurements", request_body = MeasurementInput,
    security(("bearer" = [])),
    responses(
        (status = 201, body = ListBody<Measurement>, description = "the purpose's measurements: the new one in front, those beyond the limit dropped",
            headers(("x-limit" = i64))),
        (status = 401, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "`purpose` missing or unknown; `values.<measure>` missing, not a number, out of range or with more than one decimal"),
    ))]
async fn add_measurement(
    State(state): State<AppState>,
    channel: Channel,
    member: Member,
    ApiJson(input): ApiJson<MeasurementInput>,
) -> ApiResult<impl IntoResponse> {
    let purpose = parse_purpose(input.purpose.as_deref())?.ok_or_else(|| ApiError::field("purpose", "測る部位を選択してください。"))?;
    let millimetres = purpose::check(purpose, &input.values.unwrap_or_default()).map_err(ApiError::Invalid)?;
    let measures = serde_json::to_string(&millimetres).map_err(|e| ApiError::Internal(e.into()))?;
    let limit = limit_of(&state, &channel).await?;
    let mut tx = state.db.begin_write().await?;
    store::insert(&mut tx, &new_id(), &channel.id, &member.user_id, purpose.as_str(), &measures, Timestamp::now().0).await?;
    store::trim(&mut tx, &channel.id, &member.user_id, purpose.as_str(), limit).await?;
    tx.commit().await?;
    let (headers, body) = listed(&state, &channel, &member, Some(purpose)).await?;
    Ok((StatusCode::CREATED, headers, body))
}

#[utoipa::path(delete, path = "/v1/me/timeseries", tag = "measurements", params(PurposeQuery),
    security(("bearer" = [])),
    responses(
        (status = 204, description = "the purpose's measurements (every purpose's without `purpose`) are gone"),
        (status = 401, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "unknown purpose"),
    ))]
async fn clear_measurements(State(state): State<AppState>, channel: Channel, member: Member, ApiQuery(query): ApiQuery<PurposeQuery>) -> ApiResult<StatusCode> {
    let purpose = parse_purpose(query.purpose.as_deref())?;
    let mut tx = state.db.begin_write().await?;
    store::clear(&mut tx, &channel.id, &member.user_id, purpose.map(Purpose::as_str)).await?;
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}
