//! The taxonomy desk (分類管理, issue 31): the catalogue's categories (a tree of three levels,
//! ordered), makers, brands and tags (a tag may lock its product list with a password). Reading
//! needs `catalog_view`, writing `catalog_edit`; every edit and delete carries the row's
//! `version` (409 `catalog.taxonomy.stale`). The storefront follows within about a second, and a
//! rename reaches keyword search (the names are part of their products' search words).
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::catalog::photos;
use crate::catalog::store::taxonomy_desk::{self, BrandFields, DeskBrandRow, DeskCategoryRow, DeskMakerRow, DeskTagRow, MakerFields, Named, Written};
use crate::catalog::tag_password;
use crate::channel::Channel;
use crate::infra::db::Tx;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::{ApiJson, ApiPath, ApiQuery};
use crate::infra::ids::{ChannelId, new_id};
use crate::infra::pagination::ListBody;
use crate::infra::secret::random_hex;
use crate::infra::time::Timestamp;
use crate::staff::answer::VersionQuery;
use crate::staff::audit::{self, AuditAction};
use crate::staff::permission::{Can, CatalogEdit, CatalogView};
use crate::state::AppState;
use crate::validation::{FieldCheck, REQUIRED, is_blank, max_length};

pub const STALE_CODE: &str = "catalog.taxonomy.stale";
pub const STALE_MESSAGE: &str = "他のスタッフが先に更新しました。画面を読み込み直してから、もう一度操作してください。";
const NAME_MAX: usize = 100;
const DESCRIPTION_MAX: usize = 2_000;
const URL_MAX: usize = 500;
/// The tree's deepest level (the storefront's menus show three).
const DEPTH_MAX: i64 = 3;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_categories, create_category))
        .routes(routes!(update_category, delete_category))
        .routes(routes!(move_category))
        .routes(routes!(list_makers, create_maker))
        .routes(routes!(update_maker, delete_maker))
        .routes(routes!(list_brands, create_brand))
        .routes(routes!(update_brand, delete_brand))
        .routes(routes!(list_tags, create_tag))
        .routes(routes!(update_tag, delete_tag))
        .routes(routes!(set_tag_password))
}

fn stale() -> ApiError {
    ApiError::rule_with(StatusCode::CONFLICT, STALE_CODE, STALE_MESSAGE)
}

fn written(written: Written) -> ApiResult<()> {
    match written {
        Written::Done => Ok(()),
        Written::Stale => Err(stale()),
        Written::NotFound => Err(ApiError::not_found()),
    }
}

fn name_of(check: &mut FieldCheck, field: &str, value: &str) -> String {
    let value = value.trim().to_owned();
    check.field(field, if is_blank(&value) { Err(REQUIRED.to_owned()) } else { max_length(&value, NAME_MAX) });
    value
}

fn described(check: &mut FieldCheck, value: &str) -> String {
    let value = value.trim().to_owned();
    check.field("description", max_length(&value, DESCRIPTION_MAX));
    value
}

// ---- categories -------------------------------------------------------------------------------

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct AdminCategory {
    pub id: String,
    pub key: String,
    pub name: String,
    pub parent_id: Option<String>,
    pub depth: i64,
    pub position: i64,
    /// "家具 > ソファ".
    pub path: String,
    /// Products linked to exactly this category.
    pub product_count: i64,
    pub child_count: i64,
    /// The category's picture (a `/media/` photo), or null.
    pub image_url: Option<String>,
    /// Its variants for `<img srcset>`.
    pub image_srcset: Option<String>,
    pub version: i64,
}

/// The rows in tree order (each parent followed by its children), with their paths.
fn tree_order(rows: Vec<DeskCategoryRow>) -> Vec<AdminCategory> {
    fn walk(parent: Option<&str>, path: &str, rows: &[DeskCategoryRow], out: &mut Vec<AdminCategory>, level: usize) {
        if level > 8 {
            return;
        }
        for row in rows.iter().filter(|row| row.parent_id.as_deref() == parent) {
            let here = if path.is_empty() { row.name.clone() } else { format!("{path} > {}", row.name) };
            out.push(AdminCategory {
                id: row.id.clone(),
                key: row.category_key.clone(),
                name: row.name.clone(),
                parent_id: row.parent_id.clone(),
                depth: row.depth,
                position: row.position,
                path: here.clone(),
                product_count: row.product_count,
                child_count: row.child_count,
                image_srcset: row.image_url.as_deref().and_then(photos::srcset_of),
                image_url: row.image_url.clone(),
                version: row.version,
            });
            walk(Some(&row.id), &here, rows, out, level + 1);
        }
    }
    let mut out = Vec::with_capacity(rows.len());
    walk(None, "", &rows, &mut out, 1);
    out
}

async fn category_answer(state: &AppState, channel_id: &ChannelId, id: &str) -> ApiResult<AdminCategory> {
    let rows = taxonomy_desk::list_desk_categories(&state.db, channel_id).await?;
    tree_order(rows).into_iter().find(|c| c.id == id).ok_or_else(ApiError::not_found)
}

#[utoipa::path(get, path = "/v1/admin/categories", operation_id = "admin_list_categories", tag = "admin",
    responses((status = 200, body = ListBody<AdminCategory>, description = "in tree order"), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn list_categories(State(state): State<AppState>, channel: Channel, _can: Can<CatalogView>) -> ApiResult<Json<ListBody<AdminCategory>>> {
    let rows = taxonomy_desk::list_desk_categories(&state.db, &channel.id).await?;
    Ok(Json(ListBody { data: tree_order(rows) }))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CategoryInput {
    pub name: String,
    /// The parent category (null: top level).
    #[serde(default)]
    pub parent_id: Option<String>,
    /// Required to edit.
    #[serde(default)]
    pub version: Option<i64>,
    /// A `url` from `POST /v1/admin/catalog/photos`; null removes the picture; omitted leaves it
    /// as it is (none for a new category).
    #[serde(default, deserialize_with = "crate::infra::extract::present")]
    #[schema(value_type = Option<String>)]
    pub image_url: Option<Option<String>>,
}

/// The picture a category edit sets: None to leave it, Some(None) to remove it; a url the shop
/// holds no photo under is a field error.
async fn checked_image(
    state: &AppState,
    channel_id: &ChannelId,
    current: Option<&str>,
    input: &CategoryInput,
    check: &mut FieldCheck,
) -> ApiResult<Option<Option<String>>> {
    let Some(wanted) = &input.image_url else { return Ok(None) };
    let wanted = wanted.as_deref().map(str::trim).filter(|url| !url.is_empty());
    if let Some(url) = wanted
        && current != Some(url)
        && !(url.starts_with("/media/") && photos::is_stored(&state.storage, channel_id, url).await?)
    {
        check.field("image_url", Err(photos::MISSING_MESSAGE));
    }
    Ok(Some(wanted.map(str::to_owned)))
}

/// The parent a category may hang under: this shop's, with room for `levels_below` more levels.
async fn checked_parent(
    tx: &mut Tx,
    channel_id: &ChannelId,
    parent_id: Option<&str>,
    levels_below: i64,
    check: &mut FieldCheck,
) -> ApiResult<Option<(String, i64)>> {
    let Some(parent_id) = parent_id.map(str::trim).filter(|p| !p.is_empty()) else { return Ok(None) };
    let Some(parent) = taxonomy_desk::find_desk_category(tx, channel_id, parent_id).await? else {
        check.field("parent_id", Err("親カテゴリが見つかりません。画面を読み込み直してください。"));
        return Ok(None);
    };
    if parent.depth + 1 + levels_below > DEPTH_MAX {
        check.field("parent_id", Err(format!("カテゴリは{DEPTH_MAX}階層までです。")));
    }
    Ok(Some((parent.id, parent.depth)))
}

#[utoipa::path(post, path = "/v1/admin/categories", operation_id = "admin_create_category", tag = "admin", request_body = CategoryInput,
    responses((status = 201, body = AdminCategory, description = "last among its siblings"), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "`name`, or `parent_id` (unknown, or at the third level)")))]
pub async fn create_category(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<CatalogEdit>,
    ApiJson(input): ApiJson<CategoryInput>,
) -> ApiResult<(StatusCode, Json<AdminCategory>)> {
    let mut check = FieldCheck::default();
    let name = name_of(&mut check, "name", &input.name);
    let image = checked_image(&state, &channel.id, None, &input, &mut check).await?;
    let mut tx = state.db.begin_write().await?;
    let parent = checked_parent(&mut tx, &channel.id, input.parent_id.as_deref(), 0, &mut check).await?;
    check.finish()?;
    let (id, key) = (new_id(), format!("c{}", random_hex(5)));
    taxonomy_desk::insert_desk_category(&mut tx, &channel.id, &id, &key, &name, parent.as_ref().map(|(p, d)| (p.as_str(), *d))).await?;
    if let Some(Some(url)) = &image {
        taxonomy_desk::update_category_image(&mut tx, &channel.id, &id, Some(url)).await?;
    }
    audit::record_in(&mut tx, &staff, AuditAction::TaxonomyCreate, &format!("カテゴリ {name}")).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(category_answer(&state, &channel.id, &id).await?)))
}

#[utoipa::path(put, path = "/v1/admin/categories/{id}", operation_id = "admin_update_category", tag = "admin", params(("id" = String, Path)),
    request_body = CategoryInput,
    responses((status = 200, body = AdminCategory), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "`catalog.taxonomy.stale`"),
        (status = 422, body = ErrorBody, description = "`name`, `version`, or `parent_id` (itself or below it, or too deep)")))]
pub async fn update_category(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<CatalogEdit>,
    ApiPath(id): ApiPath<String>,
    ApiJson(input): ApiJson<CategoryInput>,
) -> ApiResult<Json<AdminCategory>> {
    let version = input.version.ok_or_else(|| ApiError::field("version", "版番号がありません。画面を読み込み直してください。"))?;
    let mut check = FieldCheck::default();
    let name = name_of(&mut check, "name", &input.name);
    let mut tx = state.db.begin_write().await?;
    let Some(current) = taxonomy_desk::find_desk_category(&mut tx, &channel.id, &id).await? else {
        return Err(ApiError::not_found());
    };
    let image = checked_image(&state, &channel.id, current.image_url.as_deref(), &input, &mut check).await?;
    if let Some(parent_id) = input.parent_id.as_deref()
        && taxonomy_desk::is_within(&mut tx, &id, parent_id).await?
    {
        check.field("parent_id", Err("自分自身やその下のカテゴリには移動できません。"));
    }
    let below = taxonomy_desk::count_levels_below(&mut tx, &id).await?;
    let parent = if check.has("parent_id") { None } else { checked_parent(&mut tx, &channel.id, input.parent_id.as_deref(), below, &mut check).await? };
    check.finish()?;
    let parent = parent.as_ref().map(|(p, d)| (p.as_str(), *d));
    written(taxonomy_desk::update_desk_category(&mut tx, &channel.id, &id, version, &name, parent, Timestamp::now().0).await?)?;
    if let Some(image) = &image {
        taxonomy_desk::update_category_image(&mut tx, &channel.id, &id, image.as_deref()).await?;
    }
    audit::record_in(&mut tx, &staff, AuditAction::TaxonomyUpdate, &format!("カテゴリ {name}")).await?;
    tx.commit().await?;
    Ok(Json(category_answer(&state, &channel.id, &id).await?))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct MoveInput {
    /// up or down among its siblings.
    #[schema(pattern = "^(up|down)$")]
    pub direction: String,
    pub version: i64,
}

#[utoipa::path(put, path = "/v1/admin/categories/{id}/position", operation_id = "admin_move_category", tag = "admin", params(("id" = String, Path)),
    request_body = MoveInput,
    responses((status = 200, body = AdminCategory), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody), (status = 422, body = ErrorBody, description = "`direction` (unknown, or already first / last)")))]
pub async fn move_category(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<CatalogEdit>,
    ApiPath(id): ApiPath<String>,
    ApiJson(input): ApiJson<MoveInput>,
) -> ApiResult<Json<AdminCategory>> {
    let up = match input.direction.as_str() {
        "up" => true,
        "down" => false,
        _ => return Err(ApiError::field("direction", "up か down を指定してください。")),
    };
    let rows = taxonomy_desk::list_desk_categories(&state.db, &channel.id).await?;
    let current = rows.iter().find(|row| row.id == id).ok_or_else(ApiError::not_found)?;
    let mut siblings: Vec<&DeskCategoryRow> = rows.iter().filter(|row| row.parent_id == current.parent_id).collect();
    siblings.sort_by_key(|row| (row.position, row.id.clone()));
    let at = siblings.iter().position(|row| row.id == id).unwrap_or(0);
    let other = if up { at.checked_sub(1).and_then(|i| siblings.get(i)) } else { siblings.get(at + 1) };
    let Some(other) = other else {
        return Err(ApiError::field("direction", if up { "すでに先頭です。" } else { "すでに末尾です。" }));
    };
    let mut tx = state.db.begin_write().await?;
    written(taxonomy_desk::swap_category_positions(&mut tx, &channel.id, &id, input.version, other).await?)?;
    audit::record_in(&mut tx, &staff, AuditAction::TaxonomyUpdate, &format!("カテゴリ {} の並び順", current.name)).await?;
    tx.commit().await?;
    Ok(Json(category_answer(&state, &channel.id, &id).await?))
}

#[utoipa::path(delete, path = "/v1/admin/categories/{id}", operation_id = "admin_delete_category", tag = "admin", params(("id" = String, Path), VersionQuery),
    responses((status = 204, description = "deleted"), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody), (status = 422, body = ErrorBody, description = "`category`: it still has child categories or products")))]
pub async fn delete_category(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<CatalogEdit>,
    ApiPath(id): ApiPath<String>,
    ApiQuery(query): ApiQuery<VersionQuery>,
) -> ApiResult<StatusCode> {
    let version = query.version()?;
    let mut tx = state.db.begin_write().await?;
    let row = taxonomy_desk::find_desk_category(&mut tx, &channel.id, &id).await?.ok_or_else(ApiError::not_found)?;
    if row.child_count > 0 {
        return Err(ApiError::field(
            "category",
            format!("「{}」の下にカテゴリが{}件あります。先にそれらを移動または削除してください。", row.name, row.child_count),
        ));
    }
    if row.product_count > 0 {
        return Err(ApiError::field(
            "category",
            format!("「{}」に商品が{}件登録されています。商品のカテゴリを変更してから削除してください。", row.name, row.product_count),
        ));
    }
    written(taxonomy_desk::delete_named(&mut tx, Named::Categories, &channel.id, &id, version, Timestamp::now().0).await?)?;
    audit::record_in(&mut tx, &staff, AuditAction::TaxonomyDelete, &format!("カテゴリ {}", row.name)).await?;
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

async fn delete_named(
    state: &AppState,
    channel: &Channel,
    staff: &crate::staff::Staff,
    table: Named,
    id: &str,
    version: i64,
    label: String,
) -> ApiResult<StatusCode> {
    let mut tx = state.db.begin_write().await?;
    written(taxonomy_desk::delete_named(&mut tx, table, &channel.id, id, version, Timestamp::now().0).await?)?;
    audit::record_in(&mut tx, staff, AuditAction::TaxonomyDelete, &label).await?;
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

// ---- makers -----------------------------------------------------------------------------------

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct AdminMaker {
    pub id: String,
    pub key: String,
    pub name: String,
    pub name_kana: String,
    pub description: String,
    pub url: Option<String>,
    pub product_count: i64,
    pub version: i64,
}

impl From<DeskMakerRow> for AdminMaker {
    fn from(row: DeskMakerRow) -> Self {
        AdminMaker {
            id: row.id,
            key: row.maker_key,
            name: row.name,
            name_kana: row.name_kana,
            description: row.description,
            url: row.url,
            product_count: row.product_count,
            version: row.version,
        }
    }
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct MakerInput {
    pub name: String,
    /// よみがな (hiragana or katakana), for the 50-on order of the storefront's maker list.
    #[serde(default)]
    pub name_kana: String,
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub url: Option<String>,
    #[serde(default)]
    pub version: Option<i64>,
}

/// Hiragana, katakana, the long-vowel mark, spaces and the middle dot.
fn reading_rule(text: &str) -> Result<(), String> {
    let ok = text.chars().all(|c| matches!(c, '\u{3041}'..='\u{3096}' | '\u{30A1}'..='\u{30FA}' | 'ー' | '・' | ' ' | '　'));
    if ok { max_length(text, NAME_MAX) } else { Err("ひらがなまたはカタカナで入力してください。".to_owned()) }
}

fn url_rule(url: &str) -> Result<(), String> {
    max_length(url, URL_MAX)?;
    let rest = url.strip_prefix("https://").or_else(|| url.strip_prefix("http://")).unwrap_or("");
    let host = rest.split(['/', '?', '#']).next().unwrap_or("");
    let well_formed = !host.is_empty() && url.chars().all(|c| c.is_ascii_graphic()) && !host.contains('@');
    if well_formed { Ok(()) } else { Err("http:// または https:// で始まるURLを入力してください。".to_owned()) }
}

struct CheckedMaker {
    name: String,
    name_kana: String,
    description: String,
    url: Option<String>,
}

fn checked_maker(input: &MakerInput) -> ApiResult<CheckedMaker> {
    let mut check = FieldCheck::default();
    let name = name_of(&mut check, "name", &input.name);
    let name_kana = input.name_kana.trim().to_owned();
    check.field("name_kana", if name_kana.is_empty() { Ok(()) } else { reading_rule(&name_kana) });
    let description = described(&mut check, &input.description);
    let url = input.url.as_deref().map(str::trim).filter(|u| !u.is_empty()).map(str::to_owned);
    check.field("url", url.as_deref().map_or(Ok(()), url_rule));
    check.finish()?;
    Ok(CheckedMaker { name, name_kana, description, url })
}

impl CheckedMaker {
    fn fields(&self) -> MakerFields<'_> {
        MakerFields { name: &self.name, name_kana: &self.name_kana, description: &self.description, url: self.url.as_deref() }
    }
}

#[utoipa::path(get, path = "/v1/admin/makers", operation_id = "admin_list_makers", tag = "admin",
    responses((status = 200, body = ListBody<AdminMaker>), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn list_makers(State(state): State<AppState>, channel: Channel, _can: Can<CatalogView>) -> ApiResult<Json<ListBody<AdminMaker>>> {
    let rows = taxonomy_desk::list_desk_makers(&state.db, &channel.id).await?;
    Ok(Json(ListBody { data: rows.into_iter().map(AdminMaker::from).collect() }))
}

async fn maker_answer(state: &AppState, channel_id: &ChannelId, id: &str) -> ApiResult<AdminMaker> {
    Ok(taxonomy_desk::find_desk_maker(&state.db, channel_id, id).await?.ok_or_else(ApiError::not_found)?.into())
}

#[utoipa::path(post, path = "/v1/admin/makers", operation_id = "admin_create_maker", tag = "admin", request_body = MakerInput,
    responses((status = 201, body = AdminMaker), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "`name`, `name_kana`, `description` or `url`")))]
pub async fn create_maker(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<CatalogEdit>,
    ApiJson(input): ApiJson<MakerInput>,
) -> ApiResult<(StatusCode, Json<AdminMaker>)> {
    let maker = checked_maker(&input)?;
    let (id, key) = (new_id(), format!("m{}", random_hex(5)));
    let mut tx = state.db.begin_write().await?;
    taxonomy_desk::insert_desk_maker(&mut tx, &channel.id, &id, &key, &maker.fields()).await?;
    audit::record_in(&mut tx, &staff, AuditAction::TaxonomyCreate, &format!("メーカー {}", maker.name)).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(maker_answer(&state, &channel.id, &id).await?)))
}

#[utoipa::path(put, path = "/v1/admin/makers/{id}", operation_id = "admin_update_maker", tag = "admin", params(("id" = String, Path)), request_body = MakerInput,
    responses((status = 200, body = AdminMaker), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn update_maker(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<CatalogEdit>,
    ApiPath(id): ApiPath<String>,
    ApiJson(input): ApiJson<MakerInput>,
) -> ApiResult<Json<AdminMaker>> {
    let version = input.version.ok_or_else(|| ApiError::field("version", "版番号がありません。画面を読み込み直してください。"))?;
    let maker = checked_maker(&input)?;
    let mut tx = state.db.begin_write().await?;
    written(taxonomy_desk::update_desk_maker(&mut tx, &channel.id, &id, version, &maker.fields(), Timestamp::now().0).await?)?;
    audit::record_in(&mut tx, &staff, AuditAction::TaxonomyUpdate, &format!("メーカー {}", maker.name)).await?;
    tx.commit().await?;
    Ok(Json(maker_answer(&state, &channel.id, &id).await?))
}

#[utoipa::path(delete, path = "/v1/admin/makers/{id}", operation_id = "admin_delete_maker", tag = "admin", params(("id" = String, Path), VersionQuery),
    responses((status = 204, description = "deleted; its products and brands keep no maker"), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn delete_maker(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<CatalogEdit>,
    ApiPath(id): ApiPath<String>,
    ApiQuery(query): ApiQuery<VersionQuery>,
) -> ApiResult<StatusCode> {
    let version = query.version()?;
    let row = taxonomy_desk::find_desk_maker(&state.db, &channel.id, &id).await?.ok_or_else(ApiError::not_found)?;
    delete_named(&state, &channel, &staff, Named::Makers, &id, version, format!("メーカー {}", row.name)).await
}

// ---- brands -----------------------------------------------------------------------------------

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct AdminBrand {
    pub id: String,
    pub key: String,
    pub name: String,
    pub maker_id: Option<String>,
    pub description: String,
    pub product_count: i64,
    pub version: i64,
}

impl From<DeskBrandRow> for AdminBrand {
    fn from(row: DeskBrandRow) -> Self {
        AdminBrand {
            id: row.id,
            key: row.brand_key,
            name: row.name,
            maker_id: row.maker_id,
            description: row.description,
            product_count: row.product_count,
            version: row.version,
        }
    }
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct BrandInput {
    pub name: String,
    #[serde(default)]
    pub maker_id: Option<String>,
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub version: Option<i64>,
}

async fn checked_brand(state: &AppState, channel_id: &ChannelId, input: &BrandInput) -> ApiResult<(String, Option<String>, String)> {
    let mut check = FieldCheck::default();
    let name = name_of(&mut check, "name", &input.name);
    let description = described(&mut check, &input.description);
    let maker_id = input.maker_id.as_deref().map(str::trim).filter(|m| !m.is_empty()).map(str::to_owned);
    if let Some(maker_id) = &maker_id
        && taxonomy_desk::find_desk_maker(&state.db, channel_id, maker_id).await?.is_none()
    {
        check.field("maker_id", Err("メーカーが見つかりません。画面を読み込み直してください。"));
    }
    check.finish()?;
    Ok((name, maker_id, description))
}

#[utoipa::path(get, path = "/v1/admin/brands", operation_id = "admin_list_brands", tag = "admin",
    responses((status = 200, body = ListBody<AdminBrand>), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn list_brands(State(state): State<AppState>, channel: Channel, _can: Can<CatalogView>) -> ApiResult<Json<ListBody<AdminBrand>>> {
    let rows = taxonomy_desk::list_desk_brands(&state.db, &channel.id).await?;
    Ok(Json(ListBody { data: rows.into_iter().map(AdminBrand::from).collect() }))
}

async fn brand_answer(state: &AppState, channel_id: &ChannelId, id: &str) -> ApiResult<AdminBrand> {
    Ok(taxonomy_desk::find_desk_brand(&state.db, channel_id, id).await?.ok_or_else(ApiError::not_found)?.into())
}

#[utoipa::path(post, path = "/v1/admin/brands", operation_id = "admin_create_brand", tag = "admin", request_body = BrandInput,
    responses((status = 201, body = AdminBrand), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn create_brand(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<CatalogEdit>,
    ApiJson(input): ApiJson<BrandInput>,
) -> ApiResult<(StatusCode, Json<AdminBrand>)> {
    let (name, maker_id, description) = checked_brand(&state, &channel.id, &input).await?;
    let (id, key) = (new_id(), format!("b{}", random_hex(5)));
    let mut tx = state.db.begin_write().await?;
    let fields = BrandFields { name: &name, maker_id: maker_id.as_deref(), description: &description };
    taxonomy_desk::insert_desk_brand(&mut tx, &channel.id, &id, &key, &fields).await?;
    audit::record_in(&mut tx, &staff, AuditAction::TaxonomyCreate, &format!("ブランド {name}")).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(brand_answer(&state, &channel.id, &id).await?)))
}

#[utoipa::path(put, path = "/v1/admin/brands/{id}", operation_id = "admin_update_brand", tag = "admin", params(("id" = String, Path)), request_body = BrandInput,
    responses((status = 200, body = AdminBrand), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn update_brand(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<CatalogEdit>,
    ApiPath(id): ApiPath<String>,
    ApiJson(input): ApiJson<BrandInput>,
) -> ApiResult<Json<AdminBrand>> {
    let version = input.version.ok_or_else(|| ApiError::field("version", "版番号がありません。画面を読み込み直してください。"))?;
    let (name, maker_id, description) = checked_brand(&state, &channel.id, &input).await?;
    let mut tx = state.db.begin_write().await?;
    let fields = BrandFields { name: &name, maker_id: maker_id.as_deref(), description: &description };
    written(taxonomy_desk::update_desk_brand(&mut tx, &channel.id, &id, version, &fields, Timestamp::now().0).await?)?;
    audit::record_in(&mut tx, &staff, AuditAction::TaxonomyUpdate, &format!("ブランド {name}")).await?;
    tx.commit().await?;
    Ok(Json(brand_answer(&state, &channel.id, &id).await?))
}

#[utoipa::path(delete, path = "/v1/admin/brands/{id}", operation_id = "admin_delete_brand", tag = "admin", params(("id" = String, Path), VersionQuery),
    responses((status = 204, description = "deleted; its products keep no brand"), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn delete_brand(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<CatalogEdit>,
    ApiPath(id): ApiPath<String>,
    ApiQuery(query): ApiQuery<VersionQuery>,
) -> ApiResult<StatusCode> {
    let version = query.version()?;
    let row = taxonomy_desk::find_desk_brand(&state.db, &channel.id, &id).await?.ok_or_else(ApiError::not_found)?;
    delete_named(&state, &channel, &staff, Named::Brands, &id, version, format!("ブランド {}", row.name)).await
}

// ---- tags -------------------------------------------------------------------------------------

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct AdminTag {
    pub id: String,
    pub key: String,
    pub name: String,
    /// Its product list opens on the storefront only with the password.
    pub has_password: bool,
    pub product_count: i64,
    pub version: i64,
}

impl From<DeskTagRow> for AdminTag {
    fn from(row: DeskTagRow) -> Self {
        AdminTag { id: row.id, key: row.tag_key, name: row.name, has_password: row.has_password == 1, product_count: row.product_count, version: row.version }
    }
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct TagInput {
    pub name: String,
    #[serde(default)]
    pub version: Option<i64>,
}

#[utoipa::path(get, path = "/v1/admin/tags", operation_id = "admin_list_tags", tag = "admin",
    responses((status = 200, body = ListBody<AdminTag>), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn list_tags(State(state): State<AppState>, channel: Channel, _can: Can<CatalogView>) -> ApiResult<Json<ListBody<AdminTag>>> {
    let rows = taxonomy_desk::list_desk_tags(&state.db, &channel.id).await?;
    Ok(Json(ListBody { data: rows.into_iter().map(AdminTag::from).collect() }))
}

async fn tag_answer(state: &AppState, channel_id: &ChannelId, id: &str) -> ApiResult<AdminTag> {
    Ok(taxonomy_desk::find_desk_tag(&state.db, channel_id, id).await?.ok_or_else(ApiError::not_found)?.into())
}

#[utoipa::path(post, path = "/v1/admin/tags", operation_id = "admin_create_tag", tag = "admin", request_body = TagInput,
    responses((status = 201, body = AdminTag), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn create_tag(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<CatalogEdit>,
    ApiJson(input): ApiJson<TagInput>,
) -> ApiResult<(StatusCode, Json<AdminTag>)> {
    let mut check = FieldCheck::default();
    let name = name_of(&mut check, "name", &input.name);
    check.finish()?;
    let (id, key) = (new_id(), format!("t{}", random_hex(5)));
    let mut tx = state.db.begin_write().await?;
    taxonomy_desk::insert_desk_tag(&mut tx, &channel.id, &id, &key, &name).await?;
    audit::record_in(&mut tx, &staff, AuditAction::TaxonomyCreate, &format!("タグ {name}")).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(tag_answer(&state, &channel.id, &id).await?)))
}

#[utoipa::path(put, path = "/v1/admin/tags/{id}", operation_id = "admin_update_tag", tag = "admin", params(("id" = String, Path)), request_body = TagInput,
    responses((status = 200, body = AdminTag), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn update_tag(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<CatalogEdit>,
    ApiPath(id): ApiPath<String>,
    ApiJson(input): ApiJson<TagInput>,
) -> ApiResult<Json<AdminTag>> {
    let version = input.version.ok_or_else(|| ApiError::field("version", "版番号がありません。画面を読み込み直してください。"))?;
    let mut check = FieldCheck::default();
    let name = name_of(&mut check, "name", &input.name);
    check.finish()?;
    let mut tx = state.db.begin_write().await?;
    written(taxonomy_desk::update_desk_tag(&mut tx, &channel.id, &id, version, Some(&name), None).await?)?;
    audit::record_in(&mut tx, &staff, AuditAction::TaxonomyUpdate, &format!("タグ {name}")).await?;
    tx.commit().await?;
    Ok(Json(tag_answer(&state, &channel.id, &id).await?))
}

#[utoipa::path(delete, path = "/v1/admin/tags/{id}", operation_id = "admin_delete_tag", tag = "admin", params(("id" = String, Path), VersionQuery),
    responses((status = 204, description = "deleted; its products lose the tag"), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn delete_tag(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<CatalogEdit>,
    ApiPath(id): ApiPath<String>,
    ApiQuery(query): ApiQuery<VersionQuery>,
) -> ApiResult<StatusCode> {
    let version = query.version()?;
    let row = taxonomy_desk::find_desk_tag(&state.db, &channel.id, &id).await?.ok_or_else(ApiError::not_found)?;
    delete_named(&state, &channel, &staff, Named::Tags, &id, version, format!("タグ {}", row.name)).await
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct TagPasswordChange {
    /// 8–64 characters; null opens the tag's list to everyone again.
    pub password: Option<String>,
    pub version: i64,
}

#[utoipa::path(put, path = "/v1/admin/tags/{id}/password", operation_id = "admin_set_tag_password", tag = "admin", params(("id" = String, Path)),
    request_body = TagPasswordChange,
    responses((status = 200, body = AdminTag), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody), (status = 422, body = ErrorBody, description = "`password`: 8–64 characters")))]
pub async fn set_tag_password(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<CatalogEdit>,
    ApiPath(id): ApiPath<String>,
    ApiJson(input): ApiJson<TagPasswordChange>,
) -> ApiResult<Json<AdminTag>> {
    let hash = match input.password.as_deref() {
        None => None,
        Some(password) => {
            let length = password.chars().count();
            if !(8..=64).contains(&length) {
                return Err(ApiError::field("password", "パスワードは8〜64文字で入力してください。"));
            }
            Some(tag_password::hash(password)?)
        }
    };
    let mut tx = state.db.begin_write().await?;
    written(taxonomy_desk::update_desk_tag(&mut tx, &channel.id, &id, input.version, None, Some(hash.as_deref())).await?)?;
    let row = taxonomy_desk::find_desk_tag(&state.db, &channel.id, &id).await?;
    let shown = if hash.is_some() { "パスワード設定" } else { "パスワード解除" };
    audit::record_in(&mut tx, &staff, AuditAction::TaxonomyUpdate, &format!("タグ {} {shown}", row.map(|r| r.name).unwrap_or_default())).await?;
    tx.commit().await?;
    Ok(Json(tag_answer(&state, &channel.id, &id).await?))
}
