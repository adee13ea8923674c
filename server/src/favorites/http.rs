//! Handlers of likes and favourites lists.
use axum::Json;
use axum::extract::State;
use axum::response::IntoResponse;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::store::{self, EntryRow, ListRow, PRODUCTS};
use super::{DEFAULT_LIST_NAME, IDS_MAX, LIMIT_CODE, LIST_MAX};
use crate::auth::Member;
use crate::catalog::product_item::{ProductItem, product_items};
use crate::catalog::store as catalog_store;
use crate::channel::Channel;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::{ApiJson, ApiPath, ApiQuery};
use crate::infra::pagination::{AllowAll, ListBody, Page, PageQuery, pagination_headers};
use crate::infra::time::Timestamp;
use crate::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(like, unlike))
        .routes(routes!(list_user_lists))
        .routes(routes!(show_user_list))
        .routes(routes!(attach))
        .routes(routes!(detach_everywhere))
        .routes(routes!(detach_from_list))
}

/// A member's list.
#[derive(Serialize, utoipa::ToSchema)]
pub struct UserList {
    pub id: String,
    /// The list's key in URLs (`/mypage/list/{key}`); the same as `id`.
    pub key: String,
    pub name: String,
    pub is_default: bool,
    /// Products in the list (published or not).
    pub count: i64,
    pub created_at: Timestamp,
}

impl From<ListRow> for UserList {
    fn from(row: ListRow) -> Self {
        UserList { key: row.id.clone(), id: row.id, name: row.name, is_default: row.is_default == 1, count: row.count, created_at: Timestamp(row.created_at) }
    }
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct Liked {
    pub product_id: String,
    pub is_favorite: bool,
}

fn over_limit() -> ApiError {
    ApiError::rule(LIMIT_CODE, format!("お気に入りには{LIST_MAX}件まで登録できます。"))
}

async fn product_id_by_key(state: &AppState, channel: &Channel, key: &str) -> ApiResult<String> {
    let product = catalog_store::products::find_product_by_key(&state.db, &channel.id, key).await?.ok_or_else(ApiError::not_found)?;
    Ok(product.card.id)
}

#[utoipa::path(post, path = "/v1/products/{key}/likes", tag = "favorites",
    params(("key" = String, Path, description = "product key")),
    security(("bearer" = [])),
    responses(
        (status = 200, body = Liked, description = "the product is in the member's default list (adding twice changes nothing)"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "no such product in this shop"),
        (status = 422, body = ErrorBody, description = "code `user_lists.limit_exceeded`: the list is full"),
    ))]
async fn like(State(state): State<AppState>, channel: Channel, member: Member, ApiPath(key): ApiPath<String>) -> ApiResult<Json<Liked>> {
    let product_id = product_id_by_key(&state, &channel, &key).await?;
    let now = Timestamp::now().0;
    let mut tx = state.db.begin_write().await?;
    let list_id = store::ensure_default_list(&mut tx, &channel.id, &member.user_id, DEFAULT_LIST_NAME, now).await?;
    add_checked(&mut tx, &channel, &member, &list_id, std::slice::from_ref(&product_id), now).await?;
    tx.commit().await?;
    state.favorites.forget(&channel.id, &member.user_id).await;
    Ok(Json(Liked { product_id, is_favorite: true }))
}

#[utoipa::path(delete, path = "/v1/products/{key}/likes", tag = "favorites",
    params(("key" = String, Path, description = "product key")),
    security(("bearer" = [])),
    responses(
        (status = 200, body = Liked, description = "the product is in none of the member's lists"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "no such product in this shop"),
    ))]
async fn unlike(State(state): State<AppState>, channel: Channel, member: Member, ApiPath(key): ApiPath<String>) -> ApiResult<Json<Liked>> {
    let product_id = product_id_by_key(&state, &channel, &key).await?;
    let mut tx = state.db.begin_write().await?;
    store::remove_product(&mut tx, &channel.id, &member.user_id, None, &product_id).await?;
    tx.commit().await?;
    state.favorites.forget(&channel.id, &member.user_id).await;
    Ok(Json(Liked { product_id, is_favorite: false }))
}

/// Adds products to a list, refusing when the list would hold more than [`LIST_MAX`].
async fn add_checked(tx: &mut crate::infra::db::Tx, channel: &Channel, member: &Member, list_id: &str, product_ids: &[String], now: i64) -> ApiResult<()> {
    for product_id in product_ids {
        if store::add_product(tx, &channel.id, &member.user_id, list_id, product_id, now).await? && store::count_items(tx, list_id).await? > LIST_MAX {
            return Err(over_limit());
        }
    }
    Ok(())
}

#[utoipa::path(get, path = "/v1/me/user-lists", tag = "favorites",
    security(("bearer" = [])),
    responses(
        (status = 200, body = ListBody<UserList>, description = "the member's lists, the default 「お気に入り」 first (made on first use)"),
        (status = 401, body = ErrorBody),
    ))]
async fn list_user_lists(State(state): State<AppState>, channel: Channel, member: Member) -> ApiResult<Json<ListBody<UserList>>> {
    let mut lists = store::list_lists(&state.db, &channel.id, &member.user_id).await?;
    if !lists.iter().any(|l| l.is_default == 1) {
        let mut tx = state.db.begin_write().await?;
        store::ensure_default_list(&mut tx, &channel.id, &member.user_id, DEFAULT_LIST_NAME, Timestamp::now().0).await?;
        tx.commit().await?;
        lists = store::list_lists(&state.db, &channel.id, &member.user_id).await?;
    }
    Ok(Json(ListBody { data: lists.into_iter().map(UserList::from).collect() }))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// `1` (default): only products that can be bought now; `0`: also those outside their sale period.
    #[param(pattern = "^\\s*[01]?\\s*$")]
    pub is_listables: Option<String>,
    /// 1-based page number.
    #[param(schema_with = crate::infra::pagination::page_schema)]
    pub page: Option<String>,
    /// Page size (default 10).
    #[param(schema_with = crate::infra::pagination::per_schema)]
    pub per: Option<String>,
}

/// One product of a list.
#[derive(Serialize, utoipa::ToSchema)]
pub struct ListEntry {
    /// Always `products` today.
    pub table: String,
    pub id: String,
    pub added_at: Timestamp,
    pub product: ProductItem,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct ListPage {
    pub list: UserList,
    pub data: Vec<ListEntry>,
}

#[utoipa::path(get, path = "/v1/me/user-lists/{key}", tag = "favorites",
    params(("key" = String, Path, description = "the list's key"), ListQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, body = ListPage, description = "the list and a page of its products, newest addition first", headers(
            ("x-total" = i64), ("x-per-page" = i64), ("x-last-page" = i64), ("x-current-page" = i64))),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "no such list of this member"),
        (status = 422, body = ErrorBody, description = "`is_listables`, `page` or `per` is malformed"),
    ))]
async fn show_user_list(
    State(state): State<AppState>,
    channel: Channel,
    member: Member,
    ApiPath(key): ApiPath<String>,
    ApiQuery(query): ApiQuery<ListQuery>,
) -> ApiResult<impl IntoResponse> {
    let page = Page::parse(&PageQuery { page: query.page, per: query.per }, 10, AllowAll::No)?;
    let listable_only = match query.is_listables.as_deref().map(str::trim) {
        None | Some("") | Some("1") => true,
        Some("0") => false,
        Some(_) => return Err(ApiError::field("is_listables", "is_listablesは0か1で指定してください。")),
    };
    let list = store::find_list(&state.db, &channel.id, &member.user_id, &key).await?.ok_or_else(ApiError::not_found)?;
    let now = Timestamp::now().0;
    let (rows, total) = store::list_entries(&state.db, &list.id, listable_only, now, page.per, page.offset()).await?;
    let data = entries(&state, rows, now).await?;
    Ok((pagination_headers(total, page), Json(ListPage { list: list.into(), data })))
}

async fn entries(state: &AppState, rows: Vec<EntryRow>, now: i64) -> ApiResult<Vec<ListEntry>> {
    let added: Vec<i64> = rows.iter().map(|r| r.added_at).collect();
    let items = product_items(&state.db, rows.into_iter().map(|r| r.product).collect(), now).await?;
    Ok(items
        .into_iter()
        .zip(added)
        .map(|(mut product, added_at)| {
            product.is_favorite = true;
            ListEntry { table: PRODUCTS.into(), id: product.id.clone(), added_at: Timestamp(added_at), product }
        })
        .collect())
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ItemsInput {
    /// `products` (the only kind a list holds).
    #[schema(required = true, value_type = String, pattern = "^\\s*products\\s*$")]
    pub table: Option<String>,
    /// Product ids, 1–100.
    #[schema(required = true, value_type = Vec<String>, min_items = 1, max_items = 100)]
    pub ids: Option<Vec<String>>,
    /// The list to add to (attach only); the default list when absent.
    pub key: Option<String>,
}

/// The product ids of a valid attach/detach body.
fn checked_ids(input: &ItemsInput) -> ApiResult<Vec<String>> {
    if input.table.as_deref().map(str::trim) != Some(PRODUCTS) {
        return Err(ApiError::field("table", "tableにはproductsを指定してください。"));
    }
    let ids = input.ids.clone().unwrap_or_default();
    if ids.is_empty() {
        return Err(ApiError::field("ids", "商品を指定してください。"));
    }
    if ids.len() > IDS_MAX {
        return Err(ApiError::field("ids", format!("一度に指定できる商品は{IDS_MAX}件までです。")));
    }
    let mut unique: Vec<String> = Vec::new();
    for id in ids {
        if !unique.contains(&id) {
            unique.push(id);
        }
    }
    Ok(unique)
}

#[utoipa::path(patch, path = "/v1/me/user-lists/attach", tag = "favorites", request_body = ItemsInput,
    security(("bearer" = [])),
    responses(
        (status = 200, body = UserList, description = "the list the products were added to"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "`key` names no list of this member"),
        (status = 422, body = ErrorBody, description = "`table` is not `products`, `ids` empty, too many or naming an unknown product; or code `user_lists.limit_exceeded`"),
    ))]
async fn attach(State(state): State<AppState>, channel: Channel, member: Member, ApiJson(input): ApiJson<ItemsInput>) -> ApiResult<Json<UserList>> {
    let ids = checked_ids(&input)?;
    let known = catalog_store::products::list_published_products_by_ids(&state.db, &channel.id, &ids).await?;
    if known.len() != ids.len() {
        return Err(ApiError::field("ids", "存在しない商品が含まれています。"));
    }
    let now = Timestamp::now().0;
    let mut tx = state.db.begin_write().await?;
    let list_id = match input.key.as_deref() {
        Some(key) => store::own_list_id(&mut tx, &channel.id, &member.user_id, key).await?.ok_or_else(ApiError::not_found)?,
        None => store::ensure_default_list(&mut tx, &channel.id, &member.user_id, DEFAULT_LIST_NAME, now).await?,
    };
    add_checked(&mut tx, &channel, &member, &list_id, &ids, now).await?;
    tx.commit().await?;
    state.favorites.forget(&channel.id, &member.user_id).await;
    let list = store::find_list(&state.db, &channel.id, &member.user_id, &list_id).await?.ok_or_else(ApiError::not_found)?;
    Ok(Json(list.into()))
}

#[utoipa::path(patch, path = "/v1/me/user-lists/detach", tag = "favorites", request_body = ItemsInput,
    security(("bearer" = [])),
    responses(
        (status = 200, body = ListBody<UserList>, description = "the products are in none of the member's lists; the lists after it"),
        (status = 401, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "`table` is not `products`, or `ids` empty or too many"),
    ))]
async fn detach_everywhere(
    State(state): State<AppState>,
    channel: Channel,
    member: Member,
    ApiJson(input): ApiJson<ItemsInput>,
) -> ApiResult<Json<ListBody<UserList>>> {
    let ids = checked_ids(&input)?;
    let mut tx = state.db.begin_write().await?;
    for id in &ids {
        store::remove_product(&mut tx, &channel.id, &member.user_id, None, id).await?;
    }
    tx.commit().await?;
    state.favorites.forget(&channel.id, &member.user_id).await;
    let lists = store::list_lists(&state.db, &channel.id, &member.user_id).await?;
    Ok(Json(ListBody { data: lists.into_iter().map(UserList::from).collect() }))
}

#[utoipa::path(patch, path = "/v1/me/user-lists/{key}/detach", tag = "favorites", request_body = ItemsInput,
    params(("key" = String, Path, description = "the list's key")),
    security(("bearer" = [])),
    responses(
        (status = 200, body = UserList, description = "the list after removing the products"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "no such list of this member"),
        (status = 422, body = ErrorBody, description = "`table` is not `products`, or `ids` empty or too many"),
    ))]
async fn detach_from_list(
    State(state): State<AppState>,
    channel: Channel,
    member: Member,
    ApiPath(key): ApiPath<String>,
    ApiJson(input): ApiJson<ItemsInput>,
) -> ApiResult<Json<UserList>> {
    let ids = checked_ids(&input)?;
    let mut tx = state.db.begin_write().await?;
    let list_id = store::own_list_id(&mut tx, &channel.id, &member.user_id, &key).await?.ok_or_else(ApiError::not_found)?;
    for id in &ids {
        store::remove_product(&mut tx, &channel.id, &member.user_id, Some(&list_id), id).await?;
    }
    tx.commit().await?;
    state.favorites.forget(&channel.id, &member.user_id).await;
    let list = store::find_list(&state.db, &channel.id, &member.user_id, &list_id).await?.ok_or_else(ApiError::not_found)?;
    Ok(Json(list.into()))
}
