//! `GET /v1/stylists`, `GET /v1/stylists/{key}` and the avatars at `/images/stylists/{key}.svg`.
use std::collections::HashMap;

use axum::Json;
use axum::extract::State;
use axum::http::HeaderMap;
use serde::Serialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{avatar, store};
use crate::auth::OptionalMember;
use crate::catalog::product_item::{ProductItem, product_items};
use crate::channel::Channel;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::{ApiPath, ApiQuery};
use crate::infra::pagination::{AllowAll, DEFAULT_PER, ListBody, Page, PageQuery, Paginated};
use crate::infra::svg::svg_headers;
use crate::infra::time::Timestamp;
use crate::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_stylists)).routes(routes!(show_stylist))
}

/// Avatars outside `/v1`: `<img>` requests name no channel, so the host decides (as for
/// product pictures).
pub fn picture_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(stylist_avatar))
}

pub fn avatar_path(key: &str) -> String {
    format!("/images/stylists/{key}.svg")
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct Stylist {
    pub key: String,
    pub name: String,
    /// Reading of the name in hiragana.
    pub name_kana: String,
    /// e.g. 整備士, ライダー, 店長.
    pub role: String,
    pub profile: String,
    /// How they ride (ツーリング, 街乗り, ロードバイク…).
    pub riding_style: String,
    /// Site path of the avatar picture.
    pub avatar: String,
}

impl From<store::StylistRow> for Stylist {
    fn from(row: store::StylistRow) -> Self {
        Stylist {
            avatar: avatar_path(&row.stylist_key),
            key: row.stylist_key,
            name: row.name,
            name_kana: row.name_kana,
            role: row.role,
            profile: row.profile,
            riding_style: row.riding_style,
        }
    }
}

/// A recommended product: the catalogue's product card and the stylist's comment on it.
#[derive(Serialize, utoipa::ToSchema)]
pub struct StylistPick {
    pub comment: String,
    pub product: ProductItem,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct StylistDetail {
    #[serde(flatten)]
    pub stylist: Stylist,
    /// Listable picks in the stylist's order.
    pub picks: Vec<StylistPick>,
}

#[utoipa::path(get, path = "/v1/stylists", tag = "content", params(PageQuery),
    responses(
        (status = 200, body = ListBody<Stylist>, description = "the shop's stylists in its order", headers(
            ("x-total" = i64), ("x-per-page" = i64), ("x-last-page" = i64), ("x-current-page" = i64))),
        (status = 422, body = ErrorBody),
    ))]
async fn list_stylists(State(state): State<AppState>, channel: Channel, ApiQuery(query): ApiQuery<PageQuery>) -> ApiResult<Paginated<Stylist>> {
    let page = Page::parse(&query, DEFAULT_PER, AllowAll::No)?;
    let (rows, total) = store::list_stylists(&state.db, &channel.id, page).await?;
    Ok(Paginated::new(rows.into_iter().map(Stylist::from).collect(), total, page))
}

#[utoipa::path(get, path = "/v1/stylists/{key}", tag = "content",
    params(("key" = String, Path, description = "stylist key")),
    responses(
        (status = 200, body = StylistDetail, description = "the profile with the listable picks"),
        (status = 404, body = ErrorBody, description = "no such stylist in this channel"),
    ))]
async fn show_stylist(
    State(state): State<AppState>,
    channel: Channel,
    OptionalMember(member): OptionalMember,
    ApiPath(key): ApiPath<String>,
) -> ApiResult<Json<StylistDetail>> {
    let row = store::find_stylist(&state.db, &channel.id, &key).await?.ok_or_else(ApiError::not_found)?;
    let now = Timestamp::now().0;
    let (products, comments) = store::list_picks(&state.db, &channel.id, &row.id, now).await?;
    let mut comments: HashMap<String, String> = comments.into_iter().map(|c| (c.product_id, c.comment)).collect();
    let mut items = product_items(&state.db, products, now).await?;
    crate::catalog::favorite_overlay::mark(&mut items, &state.favorites.ids(&state.db, &channel.id, member.as_ref()).await?);
    let picks = items.into_iter().map(|product| StylistPick { comment: comments.remove(&product.id).unwrap_or_default(), product }).collect();
    Ok(Json(StylistDetail { stylist: Stylist::from(row), picks }))
}

#[utoipa::path(get, path = "/images/stylists/{file}", tag = "content",
    params(("file" = String, Path, description = "`<stylist key>.svg`")),
    responses(
        (status = 200, content_type = "image/svg+xml", body = String, description = "the stylist's avatar"),
        (status = 404, body = ErrorBody),
    ))]
async fn stylist_avatar(State(state): State<AppState>, headers: HeaderMap, ApiPath(file): ApiPath<String>) -> ApiResult<(HeaderMap, String)> {
    let channel = crate::channel::find_for_request(&state, &headers).await?;
    let key = file.strip_suffix(".svg").ok_or_else(ApiError::not_found)?;
    let row = store::find_stylist(&state.db, &channel.id, key).await?.ok_or_else(ApiError::not_found)?;
    Ok((svg_headers(), avatar::render(&row.name, &row.initials, row.hue)))
}
