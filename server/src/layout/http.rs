//! Handlers of the layout feature.
use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::audience::{Audience, Device};
use super::store;
use crate::channel::Channel;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::ApiPath;
use crate::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(show_layout)).routes(routes!(show_page_layout))
}

#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct NavLink {
    pub label: String,
    pub path: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct HeaderPart {
    pub navigation: Vec<NavLink>,
}

#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct FooterPart {
    pub navigation: Vec<NavLink>,
    pub copyright: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct Layout {
    pub page: String,
    /// One of default, invalidChannel, maintenance, sample, simple.
    pub layout: String,
    pub header: HeaderPart,
    pub footer: FooterPart,
}

fn malformed(what: &str, error: serde_json::Error) -> ApiError {
    ApiError::Internal(anyhow::anyhow!("stored {what} is malformed: {error}"))
}

#[utoipa::path(get, path = "/v1/layouts/{page}", tag = "layout",
    params(("page" = String, Path, description = "page name; unknown pages get the default layout")),
    responses((status = 200, body = Layout), (status = 404, body = ErrorBody)))]
async fn show_layout(State(state): State<AppState>, channel: Channel, ApiPath(page): ApiPath<String>) -> ApiResult<Json<Layout>> {
    let row = store::find_layout(&state.db, &channel.id, &page).await?.ok_or_else(ApiError::not_found)?;
    Ok(Json(Layout {
        page,
        layout: row.layout,
        header: serde_json::from_str(&row.header).map_err(|e| malformed("header", e))?,
        footer: serde_json::from_str(&row.footer).map_err(|e| malformed("footer", e))?,
    }))
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct PageBlock {
    pub id: String,
    pub kind: BlockKind,
    pub title: Option<String>,
    /// hero: {heading, body, link_label, link_path}; news: {count}; text: {body}; links: {links: [{label, path}]}
    #[schema(value_type = std::collections::HashMap<String, serde_json::Value>)]
    pub props: serde_json::Value,
    pub visible_for: Audience,
    pub device: Device,
}

/// The block kinds the storefront knows how to draw.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum BlockKind {
    Hero,
    News,
    Text,
    Links,
}

fn parse_stored<T: serde::de::DeserializeOwned>(what: &str, raw: &str) -> ApiResult<T> {
    serde_json::from_value(serde_json::Value::String(raw.to_owned())).map_err(|e| malformed(what, e))
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct PageLayout {
    pub page: String,
    pub title: String,
    pub description: String,
    pub blocks: Vec<PageBlock>,
}

#[utoipa::path(get, path = "/v1/pages/front/layout/{page}", tag = "layout",
    params(("page" = String, Path)),
    responses((status = 200, body = PageLayout), (status = 404, body = ErrorBody)))]
async fn show_page_layout(State(state): State<AppState>, channel: Channel, ApiPath(page): ApiPath<String>) -> ApiResult<Json<PageLayout>> {
    let found = store::find_page(&state.db, &channel.id, &page).await?.ok_or_else(ApiError::not_found)?;
    let blocks = store::list_blocks(&state.db, &channel.id, &page)
        .await?
        .into_iter()
        .map(|row| {
            Ok(PageBlock {
                props: serde_json::from_str(&row.props).map_err(|e| malformed("block props", e))?,
                kind: parse_stored("block kind", &row.kind)?,
                visible_for: parse_stored("block audience", &row.visible_for)?,
                device: parse_stored("block device", &row.device)?,
                id: row.id,
                title: row.title,
            })
        })
        .collect::<ApiResult<Vec<_>>>()?;
    Ok(Json(PageLayout { page: found.page, title: found.title, description: found.description, blocks }))
}
