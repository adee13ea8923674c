//! Handlers of the channel feature: the SPA's runtime config and the channel's front settings
//! and colour scheme (staff's ショップ情報 and ご利用設定 are `shop_settings`'s).
use axum::Json;
use axum::extract::State;
use axum::http::HeaderMap;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::settings::FrontSettings;
use super::{Channel, store};
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::state::AppState;

/// `/public.json` lives outside `/v1`: it is read before the SPA knows its channel and
/// must answer even during maintenance.
pub fn public_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(public_config))
}

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(front_settings)).routes(routes!(selected_color_scheme))
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct PublicConfig {
    /// The channel code the SPA sends back as `X-Channel`.
    pub channel: String,
    pub name: String,
    pub theme: String,
    pub tenant: Option<String>,
    /// Base address of the API; empty means the same origin.
    pub api_base_url: String,
}

#[utoipa::path(get, path = "/public.json", tag = "channel",
    params(("X-Channel" = Option<String>, Header, description = "channel code; the host name decides when absent")),
    responses(
        (status = 200, body = PublicConfig),
        (status = 404, body = ErrorBody, description = "チャネルが存在しない"),
    ))]
async fn public_config(State(state): State<AppState>, headers: HeaderMap) -> ApiResult<Json<PublicConfig>> {
    let channel = super::find_for_request(&state, &headers).await?;
    Ok(Json(PublicConfig {
        channel: channel.code.clone(),
        name: channel.name.clone(),
        theme: channel.theme.clone(),
        tenant: channel.tenant.clone(),
        api_base_url: String::new(),
    }))
}

#[utoipa::path(get, path = "/v1/settings/front", tag = "channel",
    responses((status = 200, body = FrontSettings)))]
async fn front_settings(State(state): State<AppState>, channel: Channel) -> ApiResult<Json<FrontSettings>> {
    Ok(Json(FrontSettings::load(&state.db, &channel).await?))
}

/// The colours of the channel's theme; the storefront turns them into CSS variables.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Palette {
    pub primary: String,
    pub on_primary: String,
    pub secondary: String,
    pub accent: String,
    pub text: String,
    pub text_muted: String,
    pub background: String,
    pub surface: String,
    pub border: String,
    pub danger: String,
    pub success: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct ColorScheme {
    pub id: String,
    pub name: String,
    pub colors: Palette,
}

#[utoipa::path(get, path = "/v1/colorschemes/selected/front", tag = "channel",
    responses((status = 200, body = ColorScheme), (status = 404, body = ErrorBody)))]
async fn selected_color_scheme(State(state): State<AppState>, channel: Channel) -> ApiResult<Json<ColorScheme>> {
    let row = store::find_selected_color_scheme(&state.db, &channel.id).await?.ok_or_else(ApiError::not_found)?;
    let colors: Palette = serde_json::from_str(&row.colors).map_err(|e| ApiError::Internal(anyhow::anyhow!("colour scheme {} is malformed: {e}", row.id)))?;
    Ok(Json(ColorScheme { id: row.id, name: row.name, colors }))
}
