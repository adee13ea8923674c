//! `GET /v1/postal-code` and `GET /v1/postal-codes/prefectures`.
use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::store;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::ApiQuery;
use crate::infra::pagination::ListBody;
use crate::state::AppState;
use crate::validation::postal_code::{FORMAT_MESSAGE, PostalCode};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(find_address)).routes(routes!(list_prefectures))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PostalQuery {
    /// `1000001` or `100-0001`.
    #[param(required = true, pattern = "^\\s*[0-9]{3}-?[0-9]{4}\\s*$")]
    pub code: Option<String>,
}

/// The address a postal code stands for.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Address {
    /// Seven digits.
    pub postal_code: String,
    /// `100-0001`.
    pub formatted_postal_code: String,
    pub prefecture: String,
    /// JIS code, `01`–`47`.
    pub prefecture_code: String,
    pub prefecture_kana: String,
    /// 市区町村.
    pub city: String,
    pub city_kana: String,
    /// 町域; empty when Japan Post lists none for the code.
    pub town: String,
    pub town_kana: String,
    /// Block and building of a business's own postal code; empty otherwise.
    pub street: String,
}

#[utoipa::path(get, path = "/v1/postal-code", tag = "postal", params(PostalQuery),
    responses(
        (status = 200, body = Address),
        (status = 404, body = ErrorBody, description = "no such postal code"),
        (status = 422, body = ErrorBody, description = "not seven half-width digits (optional hyphen)"),
    ))]
async fn find_address(State(state): State<AppState>, ApiQuery(query): ApiQuery<PostalQuery>) -> ApiResult<Json<Address>> {
    let text = query.code.unwrap_or_default();
    if text.trim().is_empty() {
        return Err(ApiError::field("code", "郵便番号を入力してください。"));
    }
    let code = PostalCode::parse(&text).ok_or_else(|| ApiError::field("code", FORMAT_MESSAGE))?;
    let row = store::find_address(&state.db, code.digits()).await?.ok_or_else(ApiError::not_found)?;
    Ok(Json(Address {
        formatted_postal_code: code.formatted(),
        postal_code: row.postal_code,
        prefecture: row.prefecture,
        prefecture_code: row.prefecture_code,
        prefecture_kana: row.prefecture_kana,
        city: row.city,
        city_kana: row.city_kana,
        town: row.town,
        town_kana: row.town_kana,
        street: row.street,
    }))
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct Prefecture {
    /// JIS code, `01`–`47`.
    pub code: String,
    pub name: String,
    pub kana: String,
}

#[utoipa::path(get, path = "/v1/postal-codes/prefectures", tag = "postal",
    responses((status = 200, body = ListBody<Prefecture>, description = "the 47 prefectures in JIS order")))]
async fn list_prefectures(State(state): State<AppState>) -> ApiResult<Json<ListBody<Prefecture>>> {
    let rows = store::list_prefectures(&state.db).await?;
    Ok(Json(ListBody { data: rows.into_iter().map(|r| Prefecture { code: r.code, name: r.name, kana: r.kana }).collect() }))
}
