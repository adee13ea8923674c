//! The catalogue's CSV files on the desk (issue 31): the products and inventory exports, and
//! imports as background jobs (a dry run, then an apply staff confirm). Reading needs
//! `catalog_view`; importing products `catalog_edit`, importing stock `stock`.
use axum::Json;
use axum::extract::State;
use axum::extract::multipart::{Multipart, MultipartError, MultipartRejection};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::admin_products::{ProductListQuery, matching_product_ids};
use crate::catalog::import_bundle;
use crate::catalog::imports::{self, FILE_MAX, ImportKind, ImportSummary};
use crate::catalog::product_csv;
use crate::catalog::store::catalog_csv::{self, ImportRow};
use crate::channel::Channel;
use crate::infra::download::attachment_headers;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::{ApiJson, ApiPath, ApiQuery};
use crate::infra::ids::new_id;
use crate::infra::multipart::{read_limited, shown_name};
use crate::infra::text_csv::{self, Encoding, LineError};
use crate::infra::time::Timestamp;
use crate::staff::Staff;
use crate::staff::permission::{Can, CatalogView, Permission};
use crate::state::AppState;

/// Jobs the list shows.
const LIST_MAX: i64 = 20;
/// Errors a job answer carries in the list (the job's own answer carries all it kept).
const LIST_ERRORS_MAX: usize = 20;

pub fn routes() -> OpenApiRouter<AppState> {
    // The upload's body limit is raised in edge.rs (`imports::takes_large_body`).
    OpenApiRouter::new()
        .routes(routes!(export_products_csv))
        .routes(routes!(export_inventory_csv))
        .routes(routes!(list_catalog_imports, create_catalog_import))
        .routes(routes!(show_catalog_import))
        .routes(routes!(apply_catalog_import))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ExportQuery {
    /// `utf8` (UTF-8 with a BOM, the default) or `sjis` (Shift_JIS).
    pub encoding: Option<String>,
    /// As the desk's list: a word of the name or 商品コード, or a SKU.
    pub q: Option<String>,
    /// As the desk's list: all, published, unpublished, scheduled or ended.
    pub status: Option<String>,
    /// As the desk's list: a category id (its subcategories included).
    pub category: Option<String>,
}

fn encoding_of(value: Option<&str>) -> ApiResult<Encoding> {
    match value.map(str::trim).filter(|v| !v.is_empty()) {
        None => Ok(Encoding::Utf8),
        Some(value) => Encoding::parse(Some(value)).ok_or_else(|| ApiError::field("encoding", "utf8 か sjis を指定してください。")),
    }
}

fn csv_answer(bytes: Vec<u8>, encoding: Encoding, name: &str, ascii: &str) -> Response {
    let day: String = crate::validation::format_instant(Timestamp::now().0).chars().take(10).filter(|c| *c != '-').collect();
    (attachment_headers(encoding.content_type(), &format!("{name}_{day}.csv"), &format!("{ascii}_{day}.csv")), bytes).into_response()
}

#[utoipa::path(get, path = "/v1/admin/catalog/products.csv", operation_id = "admin_export_products_csv", tag = "admin", params(ExportQuery),
    responses(
        (status = 200, description = "the products CSV (one row per variation) of the products the desk's list filter finds", content_type = "text/csv"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "`errors.encoding` or a list filter's error"),
    ))]
async fn export_products_csv(
    State(state): State<AppState>,
    channel: Channel,
    _can: Can<CatalogView>,
    ApiQuery(query): ApiQuery<ExportQuery>,
) -> ApiResult<Response> {
    let encoding = encoding_of(query.encoding.as_deref())?;
    let filter = ProductListQuery { q: query.q, status: query.status, category: query.category, sort: None, dir: None, page: None, per: None };
    let ids = matching_product_ids(&state, &channel.id, &filter).await?;
    let products = catalog_csv::load_products(&state.db, &channel.id).await?;
    let rows: Vec<Vec<String>> =
        products.iter().filter(|p| ids.as_ref().is_none_or(|ids| ids.contains(&p.id))).flat_map(|p| product_csv::rows_of(&p.product)).collect();
    Ok(csv_answer(text_csv::write_rows(&product_csv::headers(), &rows, encoding), encoding, "商品一覧", "products"))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct InventoryExportQuery {
    /// `utf8` (UTF-8 with a BOM, the default) or `sjis` (Shift_JIS).
    pub encoding: Option<String>,
}

#[utoipa::path(get, path = "/v1/admin/catalog/inventory.csv", operation_id = "admin_export_inventory_csv", tag = "admin", params(InventoryExportQuery),
    responses(
        (status = 200, description = "the inventory CSV: SKU, 商品コード, 商品名, バリエーション名, 現在庫(参照), 新在庫, 増減 (the last two empty)", content_type = "text/csv"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody, description = "`errors.encoding`"),
    ))]
async fn export_inventory_csv(
    State(state): State<AppState>,
    channel: Channel,
    _can: Can<CatalogView>,
    ApiQuery(query): ApiQuery<InventoryExportQuery>,
) -> ApiResult<Response> {
    let encoding = encoding_of(query.encoding.as_deref())?;
    let rows: Vec<Vec<String>> = catalog_csv::load_inventory(&state.db, &channel.id)
        .await?
        .into_iter()
        .map(|l| vec![l.sku, l.code, l.product_name, l.variation_name, l.on_hand.to_string(), String::new(), String::new()])
        .collect();
    Ok(csv_answer(text_csv::write_rows(&imports::INVENTORY_HEADERS, &rows, encoding), encoding, "在庫一覧", "inventory"))
}

/// 取り込み確認中, 確認済み, 反映中, 完了 or 失敗.
#[derive(Debug, Clone, Copy, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum CatalogImportState {
    Checking,
    Checked,
    Applying,
    Done,
    Failed,
}

impl CatalogImportState {
    fn of(text: &str) -> CatalogImportState {
        match text {
            "checking" => CatalogImportState::Checking,
            "checked" => CatalogImportState::Checked,
            "applying" => CatalogImportState::Applying,
            "done" => CatalogImportState::Done,
            _ => CatalogImportState::Failed,
        }
    }
}

/// A CSV import: its dry run's findings and its apply's progress.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CatalogImport {
    pub id: String,
    pub kind: ImportKind,
    pub file_name: String,
    /// `UTF-8` or `Shift_JIS`, as detected.
    pub encoding: String,
    pub state: CatalogImportState,
    /// Data rows in the file.
    pub total: i64,
    pub checked: i64,
    /// Units written so far (products, or inventory lines).
    pub applied: i64,
    /// Units the apply writes (new or changed, without errors).
    pub to_apply: i64,
    pub summary: ImportSummary,
    /// The errors by line and column (the first 1,000).
    pub errors: Vec<LineError>,
    pub error_count: i64,
    /// Why it failed, in Japanese.
    pub message: Option<String>,
    pub staff_name: String,
    pub created_at: Timestamp,
    pub finished_at: Option<Timestamp>,
}

fn import_of(row: ImportRow, errors_max: usize) -> CatalogImport {
    let mut errors: Vec<LineError> = serde_json::from_str(&row.errors_json).unwrap_or_default();
    errors.truncate(errors_max);
    CatalogImport {
        kind: ImportKind::parse(&row.kind).unwrap_or(ImportKind::Products),
        state: CatalogImportState::of(&row.state),
        summary: serde_json::from_str(&row.summary_json).unwrap_or_default(),
        errors,
        id: row.id,
        file_name: row.file_name,
        encoding: row.encoding,
        total: row.total,
        checked: row.checked,
        applied: row.applied,
        to_apply: row.to_apply,
        error_count: row.error_count,
        message: row.message,
        staff_name: row.staff_name,
        created_at: Timestamp(row.created_at),
        finished_at: row.finished_at.map(Timestamp),
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CatalogImportList {
    pub data: Vec<CatalogImport>,
}

#[utoipa::path(get, path = "/v1/admin/catalog/imports", operation_id = "admin_list_catalog_imports", tag = "admin",
    responses((status = 200, body = CatalogImportList, description = "the shop's last 20 imports, newest first"), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn list_catalog_imports(State(state): State<AppState>, channel: Channel, _can: Can<CatalogView>) -> ApiResult<Json<CatalogImportList>> {
    let rows = catalog_csv::list_imports(&state.db, &channel.id, LIST_MAX).await?;
    Ok(Json(CatalogImportList { data: rows.into_iter().map(|row| import_of(row, LIST_ERRORS_MAX)).collect() }))
}

#[utoipa::path(get, path = "/v1/admin/catalog/imports/{id}", operation_id = "admin_show_catalog_import", tag = "admin", params(("id" = String, Path)),
    responses((status = 200, body = CatalogImport), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn show_catalog_import(
    State(state): State<AppState>,
    channel: Channel,
    _can: Can<CatalogView>,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<Json<CatalogImport>> {
    let row = catalog_csv::find_import(&state.db, &channel.id, &id).await?.ok_or_else(ApiError::not_found)?;
    Ok(Json(import_of(row, usize::MAX)))
}

/// The upload form (documents the multipart body).
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
pub struct CatalogImportUpload {
    /// The CSV (UTF-8 with or without a BOM, or Shift_JIS), or a ZIP of one CSV and the photos
    /// its 画像 column names by file name; at most 50 MB.
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
    /// `products` or `inventory`.
    kind: ImportKind,
}

const FILE_REQUIRED: &str = "CSVファイル（画像と一緒に取り込むときは、CSVと画像をまとめたZIP）を選んでください。";
const KIND_MESSAGE: &str = "取り込む種類（products か inventory）を指定してください。";

async fn read_upload(multipart: Result<Multipart, MultipartRejection>) -> ApiResult<(Option<String>, Option<(String, Vec<u8>)>)> {
    let broken = |error: MultipartError| {
        if error.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::too_large("送信データが大きすぎます。")
        } else {
            ApiError::field("file", FILE_REQUIRED)
        }
    };
    let mut multipart = multipart.map_err(|_| ApiError::field("file", FILE_REQUIRED))?;
    let (mut kind, mut file) = (None, None);
    while let Some(mut field) = multipart.next_field().await.map_err(broken)? {
        match field.name() {
            Some("file") if file.is_none() => {
                let name = shown_name(field.file_name());
                let bytes = read_limited(&mut field, FILE_MAX).await.map_err(broken)?.ok_or_else(|| ApiError::field("file", "CSVファイルは50MBまでです。"))?;
                file = Some((name, bytes));
            }
            Some("kind") if kind.is_none() => {
                let bytes = read_limited(&mut field, 100).await.map_err(broken)?.ok_or_else(|| ApiError::field("kind", KIND_MESSAGE))?;
                kind = Some(String::from_utf8_lossy(&bytes).into_owned());
            }
            _ => {}
        }
    }
    Ok((kind, file))
}

#[utoipa::path(post, path = "/v1/admin/catalog/imports", operation_id = "admin_create_catalog_import", tag = "admin",
    request_body(content = CatalogImportUpload, content_type = "multipart/form-data"),
    responses(
        (status = 202, body = CatalogImport, description = "the dry run has started (`checking`); nothing is written until it is applied"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "no `catalog_edit` (products) or `stock` (inventory)"),
        (status = 413, body = ErrorBody, description = "the request is larger than 51 MiB"),
        (status = 422, body = ErrorBody, description = "`errors.file` (missing, empty, over 50 MB, not UTF-8 or Shift_JIS text, a ZIP without exactly one CSV) or `errors.kind`"),
    ))]
async fn create_catalog_import(
    State(state): State<AppState>,
    channel: Channel,
    staff: Staff,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<(StatusCode, Json<CatalogImport>)> {
    staff.require(Permission::CatalogView)?;
    let (kind, file) = read_upload(multipart).await?;
    let kind = kind.as_deref().and_then(ImportKind::parse).ok_or_else(|| ApiError::field("kind", KIND_MESSAGE))?;
    staff.require(match kind {
        ImportKind::Products => Permission::CatalogEdit,
        ImportKind::Inventory => Permission::Stock,
    })?;
    let (name, bytes) = file.filter(|(_, bytes)| !bytes.is_empty()).ok_or_else(|| ApiError::field("file", FILE_REQUIRED))?;
    let bundle = import_bundle::open(&bytes).map_err(|message| ApiError::field("file", message))?;
    let (_, encoding) = text_csv::decode_detecting(&bundle.csv).map_err(|message| ApiError::field("file", message))?;
    drop(bundle);
    let id = new_id();
    state.storage.put(&imports::file_key(&channel.id, &id), bytes).await?;
    let now = Timestamp::now().0;
    let row = ImportRow {
        id: id.clone(),
        channel_id: channel.id.clone(),
        staff_id: staff.id.clone(),
        staff_name: staff.name.clone(),
        kind: kind.as_str().to_owned(),
        file_name: name,
        encoding: encoding.label().to_owned(),
        state: "checking".into(),
        only_clean: 0,
        total: 0,
        checked: 0,
        applied: 0,
        to_apply: 0,
        position: 0,
        summary_json: "{}".into(),
        errors_json: "[]".into(),
        error_count: 0,
        message: None,
        created_at: now,
        finished_at: None,
    };
    catalog_csv::insert_import(&state.db, &row, imports::lease_from(now)).await?;
    tokio::spawn(imports::run(state.clone(), id));
    Ok((StatusCode::ACCEPTED, Json(import_of(row, usize::MAX))))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ApplyImportInput {
    /// true: write only the units without errors (when the dry run found some).
    #[serde(default)]
    pub only_clean: bool,
}

#[utoipa::path(post, path = "/v1/admin/catalog/imports/{id}/apply", operation_id = "admin_apply_catalog_import", tag = "admin", params(("id" = String, Path)),
    request_body = ApplyImportInput,
    responses(
        (status = 202, body = CatalogImport, description = "applying (`applying`), in batches; poll the job"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "`catalog.import.state`: not waiting to be applied"),
        (status = 422, body = ErrorBody, description = "`errors.only_clean`: the dry run found errors and `only_clean` is false"),
    ))]
async fn apply_catalog_import(
    State(state): State<AppState>,
    channel: Channel,
    staff: Staff,
    ApiPath(id): ApiPath<String>,
    ApiJson(input): ApiJson<ApplyImportInput>,
) -> ApiResult<(StatusCode, Json<CatalogImport>)> {
    staff.require(Permission::CatalogView)?;
    let job = catalog_csv::find_import(&state.db, &channel.id, &id).await?.ok_or_else(ApiError::not_found)?;
    staff.require(if job.kind == "inventory" { Permission::Stock } else { Permission::CatalogEdit })?;
    if job.state != "checked" {
        return Err(ApiError::rule_with(
            StatusCode::CONFLICT,
            "catalog.import.state",
            "この取り込みは反映できる状態ではありません。画面を読み込み直してください。",
        ));
    }
    if job.error_count > 0 && !input.only_clean {
        return Err(ApiError::field("only_clean", "エラーのある行があります。修正したファイルを取り込み直すか、エラーのない行だけを反映してください。"));
    }
    if !catalog_csv::update_start_apply(&state.db, &channel.id, &id, input.only_clean, imports::lease_from(Timestamp::now().0)).await? {
        return Err(ApiError::rule_with(
            StatusCode::CONFLICT,
            "catalog.import.state",
            "この取り込みは反映できる状態ではありません。画面を読み込み直してください。",
        ));
    }
    tokio::spawn(imports::run(state.clone(), id.clone()));
    let row = catalog_csv::find_import(&state.db, &channel.id, &id).await?.ok_or_else(ApiError::not_found)?;
    Ok((StatusCode::ACCEPTED, Json(import_of(row, usize::MAX))))
}
