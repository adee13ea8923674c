//! Handlers of the address book. Every call is the token's member's: an entry id of another
//! member (or channel) answers 404, the same as a missing one.
use axum::Json;
use axum::extract::State;
use axum::extract::multipart::{Multipart, MultipartRejection};
use axum::http::{HeaderName, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::book_csv::{self, Encoding};
use super::entry::{self, AddressFields, AddressInput, label};
use super::store::{self, AddressRow, Flag};
use super::{EXPORT_DEFERRED_MESSAGE, EXPORT_SYNC_MAX, IMPORT_MAX_BYTES, LIMIT_CODE, MAX_LIMIT, OWN, OWN_CODE};
use crate::auth::Member;
use crate::channel::Channel;
use crate::channel::settings::FrontSettings;
use crate::infra::db::Tx;
use crate::infra::download::attachment_headers;
use crate::infra::error::{ApiError, ApiResult, ErrorBody, FieldErrors};
use crate::infra::extract::{ApiJson, ApiPath, ApiQuery};
use crate::infra::pagination::{DEFAULT_PER, ListBody, Page, PageQuery, Paginated};
use crate::infra::time::Timestamp;
use crate::members::address::Address;
use crate::members::store::{self as members, UserRow};
use crate::state::AppState;
use crate::validation::FieldCheck;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_addresses, create_address))
        .routes(routes!(show_address, update_address, delete_address))
        .routes(routes!(delete_all_addresses))
        .routes(routes!(use_address))
        .routes(routes!(use_sender_address))
        .routes(routes!(import_addresses))
        .routes(routes!(export_addresses))
}

/// One address-book entry as the storefront shows it (spec 001 §3).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct UserAddress {
    pub id: String,
    /// 1: the member's own address (its fields are the profile's; it cannot be deleted);
    /// 2: any other entry.
    pub division_ct: i64,
    /// The default delivery address (exactly one entry has it).
    pub is_default: bool,
    /// The default sender (exactly one entry has it).
    pub is_sender_default: bool,
    /// `山田 太郎`.
    pub shipping_name: String,
    pub shipping_last_name: String,
    pub shipping_first_name: String,
    /// `ヤマダ タロウ`.
    pub shipping_kana: String,
    pub shipping_last_name_kana: String,
    pub shipping_first_name_kana: String,
    #[serde(flatten)]
    pub address: Address,
    /// `150-0001`.
    pub formatted_postal_code: String,
    /// `東京都渋谷区神宮前1-2-3 ライドマンション101`.
    pub combined_address: String,
    /// `〒150-0001 東京都渋谷区神宮前1-2-3 ライドマンション101`.
    pub full_address: String,
    pub phone_number: String,
    pub cell_phone_number: String,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
}

fn answer(row: AddressRow, user: &UserRow) -> UserAddress {
    let f = if row.division_ct == OWN { AddressFields::of_profile(&user.profile) } else { row.fields };
    UserAddress {
        id: row.id,
        division_ct: row.division_ct,
        is_default: row.is_default != 0,
        is_sender_default: row.is_sender_default != 0,
        shipping_name: f.name(),
        shipping_kana: f.kana(),
        formatted_postal_code: f.address.formatted_postal_code(),
        combined_address: f.address.combined_address(),
        full_address: f.address.full_address(),
        created_at: Timestamp(row.created_at),
        updated_at: Timestamp(row.updated_at),
        shipping_last_name: f.shipping_last_name,
        shipping_first_name: f.shipping_first_name,
        shipping_last_name_kana: f.shipping_last_name_kana,
        shipping_first_name_kana: f.shipping_first_name_kana,
        address: f.address,
        phone_number: f.phone_number,
        cell_phone_number: f.cell_phone_number,
    }
}

/// The member, the channel's rules for them, and the guarantee that their own entry exists.
struct Book {
    user: UserRow,
    corporate: bool,
    limit: i64,
}

async fn open_book(state: &AppState, channel: &Channel, member: &Member) -> ApiResult<Book> {
    let user = members::find_user(&state.db.pool, &channel.id, &member.user_id).await?.ok_or(ApiError::Unauthorized)?;
    let settings = FrontSettings::load(&state.db, channel).await?;
    if store::find_own_id(&state.db, &user.id).await?.is_none() {
        let mut tx = state.db.begin_write().await?;
        store::insert_own(&mut tx, &channel.id, &user.id, Timestamp::now().0).await?;
        tx.commit().await?;
    }
    Ok(Book { user, corporate: settings.is_corporate, limit: settings.address_limit.clamp(1, MAX_LIMIT) })
}

impl Book {
    /// A write transaction holding this member's book.
    async fn begin(&self, state: &AppState) -> ApiResult<Tx> {
        let mut tx = state.db.begin_write().await?;
        if !store::lock_book(&mut tx, &self.user.id).await? {
            // The own entry is made by open_book; only a member leaving meanwhile removes it.
            return Err(ApiError::Unauthorized);
        }
        Ok(tx)
    }

    fn over_limit(&self, detail: &str) -> ApiError {
        ApiError::rule(LIMIT_CODE, format!("お届け先は{}件まで登録できます。{detail}", self.limit))
    }
}

#[utoipa::path(get, path = "/v1/me/user-addresses", tag = "addresses", security(("bearer" = [])), params(PageQuery),
    responses(
        (status = 200, body = ListBody<UserAddress>,
            description = "the own address (division_ct 1) first, then the others in the order added; x-total, x-per-page, x-last-page, x-current-page",
            headers(("x-limit" = i64, description = "how many entries the book may hold, the own address included (MEMBER.ADDRESS_LIMIT)"))),
        (status = 401, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "bad page or per"),
    ))]
async fn list_addresses(State(state): State<AppState>, channel: Channel, member: Member, ApiQuery(query): ApiQuery<PageQuery>) -> ApiResult<Response> {
    let page = Page::parse(&query, DEFAULT_PER, crate::infra::pagination::AllowAll::No)?;
    let book = open_book(&state, &channel, &member).await?;
    let (rows, total) = store::list_addresses(&state.db, &book.user.id, page.per, page.offset()).await?;
    let items = rows.into_iter().map(|row| answer(row, &book.user)).collect();
    let mut response = Paginated::new(items, total, page).into_response();
    response.headers_mut().insert(HeaderName::from_static("x-limit"), HeaderValue::from(book.limit));
    Ok(response)
}

#[utoipa::path(post, path = "/v1/me/user-addresses", tag = "addresses", security(("bearer" = [])), request_body = AddressInput,
    responses(
        (status = 201, body = UserAddress, description = "added (not default: use PATCH …/use for that)"),
        (status = 401, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "field errors in Japanese, or code `user_addresses.limit_exceeded` with a message naming the limit"),
    ))]
async fn create_address(
    State(state): State<AppState>,
    channel: Channel,
    member: Member,
    ApiJson(input): ApiJson<AddressInput>,
) -> ApiResult<(StatusCode, Json<UserAddress>)> {
    let book = open_book(&state, &channel, &member).await?;
    let fields = entry::checked_entry(&state.db, input, book.corporate).await?;
    let mut tx = book.begin(&state).await?;
    if store::count_addresses(&mut *tx, &book.user.id).await? >= book.limit {
        return Err(book.over_limit(""));
    }
    let id = store::insert_address(&mut tx, &channel.id, &book.user.id, &fields, Timestamp::now().0).await?;
    let row = store::find_address(&mut *tx, &book.user.id, &id).await?.ok_or_else(ApiError::not_found)?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(answer(row, &book.user))))
}

#[utoipa::path(get, path = "/v1/me/user-addresses/{id}", tag = "addresses", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 200, body = UserAddress),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "no such entry of this member"),
    ))]
async fn show_address(State(state): State<AppState>, channel: Channel, member: Member, ApiPath(id): ApiPath<String>) -> ApiResult<Json<UserAddress>> {
    let book = open_book(&state, &channel, &member).await?;
    let row = store::find_address(&state.db.pool, &book.user.id, &id).await?.ok_or_else(ApiError::not_found)?;
    Ok(Json(answer(row, &book.user)))
}

#[utoipa::path(put, path = "/v1/me/user-addresses/{id}", tag = "addresses", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = AddressInput,
    responses(
        (status = 200, body = UserAddress, description = "updated; for division_ct 1 the member's own name, kana, postal code, address and phones (the profile) are updated too"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "field errors in Japanese; nothing was changed"),
    ))]
async fn update_address(
    State(state): State<AppState>,
    channel: Channel,
    member: Member,
    ApiPath(id): ApiPath<String>,
    ApiJson(input): ApiJson<AddressInput>,
) -> ApiResult<Json<UserAddress>> {
    let book = open_book(&state, &channel, &member).await?;
    let user_id = &book.user.id;
    let row = store::find_address(&state.db.pool, user_id, &id).await?.ok_or_else(ApiError::not_found)?;
    let fields = entry::checked_entry(&state.db, input, book.corporate).await?;
    let now = Timestamp::now().0;
    let mut tx = book.begin(&state).await?;
    if row.division_ct == OWN {
        let profile = fields.into_profile(&book.user.profile);
        members::update_profile(&mut tx, user_id, &profile, now).await?;
        store::update_touched(&mut tx, user_id, &id, now).await?;
    } else if !store::update_address(&mut tx, user_id, &id, &fields, now).await? {
        return Err(ApiError::not_found());
    }
    let row = store::find_address(&mut *tx, user_id, &id).await?.ok_or_else(ApiError::not_found)?;
    let user = members::find_user(&mut *tx, &channel.id, user_id).await?.ok_or(ApiError::Unauthorized)?;
    tx.commit().await?;
    Ok(Json(answer(row, &user)))
}

#[utoipa::path(delete, path = "/v1/me/user-addresses/{id}", tag = "addresses", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 204, description = "deleted; a default or sender default it held goes back to the own address"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "code `user_addresses.own_address`: the own address (division_ct 1) cannot be deleted"),
    ))]
async fn delete_address(State(state): State<AppState>, channel: Channel, member: Member, ApiPath(id): ApiPath<String>) -> ApiResult<StatusCode> {
    let book = open_book(&state, &channel, &member).await?;
    let row = store::find_address(&state.db.pool, &book.user.id, &id).await?.ok_or_else(ApiError::not_found)?;
    if row.division_ct == OWN {
        return Err(ApiError::rule(OWN_CODE, "ご本人の住所は削除できません。会員情報から変更してください。"));
    }
    let mut tx = book.begin(&state).await?;
    if !store::delete_address(&mut tx, &book.user.id, &id).await? {
        return Err(ApiError::not_found());
    }
    store::update_flags_to_own(&mut tx, &book.user.id).await?;
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

/// How many entries a call removed or added.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Counted {
    pub count: u64,
}

#[utoipa::path(delete, path = "/v1/me/user-addresses-all", tag = "addresses", security(("bearer" = [])),
    responses(
        (status = 200, body = Counted, description = "every entry except the own address (division_ct 1) deleted; the own address becomes the default and the sender default"),
        (status = 401, body = ErrorBody),
    ))]
async fn delete_all_addresses(State(state): State<AppState>, channel: Channel, member: Member) -> ApiResult<Json<Counted>> {
    let book = open_book(&state, &channel, &member).await?;
    let mut tx = book.begin(&state).await?;
    let count = store::delete_other_addresses(&mut tx, &book.user.id).await?;
    store::update_flags_to_own(&mut tx, &book.user.id).await?;
    tx.commit().await?;
    Ok(Json(Counted { count }))
}

async fn set_flag(state: AppState, channel: Channel, member: Member, id: String, flag: Flag) -> ApiResult<Json<UserAddress>> {
    let book = open_book(&state, &channel, &member).await?;
    let mut tx = book.begin(&state).await?;
    if !store::update_flag(&mut tx, &book.user.id, &id, flag, Timestamp::now().0).await? {
        return Err(ApiError::not_found());
    }
    let row = store::find_address(&mut *tx, &book.user.id, &id).await?.ok_or_else(ApiError::not_found)?;
    tx.commit().await?;
    Ok(Json(answer(row, &book.user)))
}

#[utoipa::path(patch, path = "/v1/me/user-addresses/{id}/use", tag = "addresses", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 200, body = UserAddress, description = "now the only default delivery address"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
    ))]
async fn use_address(State(state): State<AppState>, channel: Channel, member: Member, ApiPath(id): ApiPath<String>) -> ApiResult<Json<UserAddress>> {
    set_flag(state, channel, member, id, Flag::Default).await
}

#[utoipa::path(patch, path = "/v1/me/user-addresses/{id}/use-sender", tag = "addresses", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 200, body = UserAddress, description = "now the only default sender"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
    ))]
async fn use_sender_address(State(state): State<AppState>, channel: Channel, member: Member, ApiPath(id): ApiPath<String>) -> ApiResult<Json<UserAddress>> {
    set_flag(state, channel, member, id, Flag::SenderDefault).await
}

/// The import form (documents the multipart body).
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
pub struct ImportForm {
    /// A CSV file (Shift_JIS, or UTF-8 with or without BOM) of at most 1 MiB whose first row
    /// names the columns: お届け先名(姓), お届け先名(名), フリガナ(姓), フリガナ(名), 郵便番号,
    /// 都道府県, 市区町村, 番地, 建物名, 電話番号, 携帯電話番号 (any order; more are ignored).
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
}

const FILE_REQUIRED: &str = "CSVファイルを選択してください";

async fn uploaded_file(multipart: Result<Multipart, MultipartRejection>) -> ApiResult<Vec<u8>> {
    let too_large = || ApiError::too_large(format!("ファイルサイズは{}MB以内にしてください。", IMPORT_MAX_BYTES / (1024 * 1024)));
    let broken = |error: axum::extract::multipart::MultipartError| {
        if error.status() == StatusCode::PAYLOAD_TOO_LARGE { too_large() } else { ApiError::field("file", FILE_REQUIRED) }
    };
    let mut multipart = multipart.map_err(|_| ApiError::field("file", FILE_REQUIRED))?;
    while let Some(mut field) = multipart.next_field().await.map_err(broken)? {
        if field.name() != Some("file") {
            continue;
        }
        let mut bytes = Vec::new();
        while let Some(chunk) = field.chunk().await.map_err(broken)? {
            if bytes.len() + chunk.len() > IMPORT_MAX_BYTES {
                return Err(too_large());
            }
            bytes.extend_from_slice(&chunk);
        }
        return Ok(bytes);
    }
    Err(ApiError::field("file", FILE_REQUIRED))
}

#[utoipa::path(post, path = "/v1/me/user-addresses/import", tag = "addresses", security(("bearer" = [])),
    request_body(content = ImportForm, content_type = "multipart/form-data"),
    responses(
        (status = 200, body = Counted, description = "every row added (none becomes a default)"),
        (status = 401, body = ErrorBody),
        (status = 413, body = ErrorBody, description = "the file is larger than 1 MiB"),
        (status = 422, body = ErrorBody, description = "nothing was added: `errors.file` (not a readable CSV, header missing a column, no rows), `errors[\"rows.3.postal_code\"]` (row 3 of the file, as a spreadsheet numbers it, with the message `3行目「郵便番号」: …`), or code `user_addresses.limit_exceeded`"),
    ))]
async fn import_addresses(
    State(state): State<AppState>,
    channel: Channel,
    member: Member,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<Json<Counted>> {
    let book = open_book(&state, &channel, &member).await?;
    let bytes = uploaded_file(multipart).await?;
    let text = book_csv::decode(&bytes).map_err(|message| ApiError::field("file", message))?;
    let rows = book_csv::parse(&text).map_err(|message| ApiError::field("file", message))?;
    if rows.is_empty() {
        return Err(ApiError::field("file", "取り込むお届け先がありません"));
    }
    // The limit first: a file far too long is refused before any row is checked.
    let held = store::count_addresses(&state.db.pool, &book.user.id).await?;
    let adding = rows.len();
    let over = |held: i64| book.over_limit(&format!("（登録済み{held}件、取り込み{adding}件）"));
    if held + adding as i64 > book.limit {
        return Err(over(held));
    }
    let postal_loaded = crate::postal::store::has_postal_codes(&state.db).await?;
    let mut errors = FieldErrors::new();
    let mut entries = Vec::with_capacity(rows.len());
    for row in rows {
        let mut check = FieldCheck::default();
        let checked = AddressFields::check(row.input, book.corporate, &mut check);
        let row_errors = match check.finish() {
            Err(ApiError::Invalid(errors)) => errors,
            Err(other) => return Err(other),
            Ok(()) => {
                let fields = checked.ok_or_else(|| ApiError::Internal(anyhow::anyhow!("a row passed its checks without a value")))?;
                match entry::postal_problem(&state.db, postal_loaded, &fields).await? {
                    None => {
                        entries.push(fields);
                        continue;
                    }
                    Some(message) => FieldErrors::from([("postal_code".to_owned(), vec![message.to_owned()])]),
                }
            }
        };
        let line = row.line;
        for (field, messages) in row_errors {
            let shown = messages.into_iter().map(|m| format!("{line}行目「{}」: {m}", label(&field))).collect();
            errors.insert(format!("rows.{line}.{field}"), shown);
        }
    }
    if !errors.is_empty() {
        return Err(ApiError::Invalid(errors));
    }
    let now = Timestamp::now().0;
    let mut tx = book.begin(&state).await?;
    let held = store::count_addresses(&mut *tx, &book.user.id).await?;
    if held + adding as i64 > book.limit {
        return Err(over(held));
    }
    for fields in &entries {
        store::insert_address(&mut tx, &channel.id, &book.user.id, fields, now).await?;
    }
    tx.commit().await?;
    Ok(Json(Counted { count: entries.len() as u64 }))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ExportQuery {
    /// `sjis` (default: what Excel opens in Japan) or `utf8` (with a BOM).
    #[param(pattern = "^\\s*(sjis|shift_jis|utf8|utf-8)?\\s*$")]
    pub encoding: Option<String>,
}

/// The answer instead of a file when the export would be produced later.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ExportDeferred {
    pub message: String,
}

#[utoipa::path(get, path = "/v1/me/user-addresses/export", tag = "addresses", security(("bearer" = [])), params(ExportQuery),
    responses(
        (status = 200, content_type = "text/csv", body = String,
            description = "アドレス帳.csv (Content-Disposition with filename*=UTF-8''…, x-suggested-filename): every entry, the own address first, in the import's columns",
            headers(("x-suggested-filename" = String, description = "the RFC 5987-encoded file name"))),
        (status = 202, body = ExportDeferred, description = "the book is larger than an export made at once (1000 entries; the count limit keeps books below it): `遅延処理中なのでしばらくお待ちください`. No file follows yet: there is no export queue"),
        (status = 401, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "unknown encoding"),
    ))]
async fn export_addresses(State(state): State<AppState>, channel: Channel, member: Member, ApiQuery(query): ApiQuery<ExportQuery>) -> ApiResult<Response> {
    let encoding = Encoding::parse(query.encoding.as_deref()).ok_or_else(|| ApiError::field("encoding", "文字コードは sjis または utf8 を指定してください"))?;
    let book = open_book(&state, &channel, &member).await?;
    if store::count_addresses(&state.db.pool, &book.user.id).await? > EXPORT_SYNC_MAX {
        return Ok((StatusCode::ACCEPTED, Json(ExportDeferred { message: EXPORT_DEFERRED_MESSAGE.into() })).into_response());
    }
    let rows = store::list_all_addresses(&state.db, &book.user.id).await?;
    let entries: Vec<AddressFields> =
        rows.into_iter().map(|row| if row.division_ct == OWN { AddressFields::of_profile(&book.user.profile) } else { row.fields }).collect();
    let mut headers = attachment_headers(encoding.content_type(), "アドレス帳.csv", "address-book.csv");
    // Names and addresses: no shared cache may keep them.
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok((headers, book_csv::encode(&entries, encoding)).into_response())
}
