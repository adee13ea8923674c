//! 会員管理, the member desk (docs/contracts/member-desk.md): staff search the shop's members
//! with EC-CUBE's filters, read one with their purchases, unlock a locked account, set
//! 要注意 with a note (shown by the order desk), and download the list as CSV. Reading needs
//! `MembersView`, changing `MembersEdit`, the CSV `PersonalDataExport` too; every change
//! carries the member's desk version and is audited in its transaction. Points are the points
//! feature's (`points/http/admin.rs`).
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::channel::Channel;
use crate::infra::download::attachment_headers;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::{ApiJson, ApiPath, ApiQuery};
use crate::infra::ids::UserId;
use crate::infra::pagination::{AllowAll, Page, PageQuery, Paginated};
use crate::infra::text_csv::{self, Encoding};
use crate::infra::time::Timestamp;
use crate::members::desk::{self, describe_caution, is_locked, jst_date};
use crate::members::desk_store::{self, DeskMemberRow, MemberFilter};
use crate::members::session_store;
use crate::staff::answer::AdminAnswer;
use crate::staff::audit::{self, AuditAction};
use crate::staff::permission::{Can, MembersEdit, MembersView, Permission, PersonalDataExport};
use crate::state::AppState;
use crate::validation::{FieldCheck, jst_day_range};

pub const STALE_CODE: &str = "members.stale";
const STALE_MESSAGE: &str = "この会員は他の画面で更新されました。画面を読み込み直してください。";
const VERSION_MESSAGE: &str = "版番号がありません。画面を読み込み直してください。";
const QUERY_MAX: usize = 100;
const NOTE_MAX: usize = 500;
/// The most rows one CSV holds; more asks for narrower filters.
pub const EXPORT_MAX: i64 = 10_000;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_members))
        .routes(routes!(export_members))
        .routes(routes!(show_member))
        .routes(routes!(unlock_member))
        .routes(routes!(set_member_caution))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MemberQuery {
    /// Part of the name (spaces ignored), the フリガナ (hiragana read as katakana), the e-mail or a phone number; or the whole 会員番号.
    #[param(max_length = 100)]
    pub q: Option<String>,
    /// One of the 47 (東京都 …).
    pub prefecture: Option<String>,
    /// 購入回数 at least (orders not cancelled).
    pub orders_min: Option<String>,
    pub orders_max: Option<String>,
    /// 購入金額 at least, yen (those orders less refunds).
    pub spent_min: Option<String>,
    pub spent_max: Option<String>,
    /// Last purchase on or after, `YYYY-MM-DD` (Japan).
    pub last_order_from: Option<String>,
    /// Last purchase on or before, `YYYY-MM-DD` (Japan).
    pub last_order_to: Option<String>,
    /// 誕生月, 1–12.
    pub birth_month: Option<String>,
    /// `personal` (個人) or `corporate` (法人).
    pub kind: Option<String>,
    /// `true`: only members flagged 要注意.
    pub caution: Option<String>,
    /// CSV only: `utf8` (with a BOM, the default) or `sjis`.
    pub encoding: Option<String>,
    pub page: Option<String>,
    pub per: Option<String>,
}

/// A member as the desk lists them.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct DeskMember {
    pub id: String,
    /// 会員番号.
    pub code: String,
    /// 姓 名.
    pub name: String,
    /// セイ メイ.
    pub kana: String,
    pub email: String,
    pub phone_number: String,
    pub prefecture: String,
    /// 会社名 (法人); null for a person.
    pub corporation: Option<String>,
    /// 購入回数: orders not cancelled.
    pub order_count: i64,
    /// 購入金額: those orders' totals less refunds, yen.
    pub spent: i64,
    pub last_ordered_at: Option<Timestamp>,
    pub registered_at: Timestamp,
    /// Too many failed logins: the member cannot log in until unlocked.
    pub locked: bool,
    /// 要注意.
    pub caution: bool,
}

/// One member on the desk.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct DeskMemberDetail {
    pub id: String,
    pub code: String,
    pub name: String,
    pub kana: String,
    pub email: String,
    pub phone_number: String,
    pub cell_phone_number: String,
    pub postal_code: String,
    pub prefecture: String,
    /// 市区町村 and the rest of the address.
    pub address: String,
    /// `YYYY-MM-DD`.
    pub birthday: Option<String>,
    pub gender_label: Option<String>,
    pub corporation: Option<String>,
    pub department: Option<String>,
    /// メールマガジンを受け取る.
    pub newsletter: bool,
    pub registered_at: Timestamp,
    pub order_count: i64,
    pub spent: i64,
    pub last_ordered_at: Option<Timestamp>,
    pub locked: bool,
    /// Failed logins counted now, all sources together.
    pub failed_logins: i64,
    /// Mails to the address that bounced.
    pub mail_error_count: i64,
    /// The storefront asks the member to fix the address.
    pub mail_error_over: bool,
    pub caution: bool,
    pub caution_note: String,
    /// The member's desk version: unlock and 要注意 carry it.
    pub version: i64,
}

fn name_of(last: &str, first: &str) -> String {
    format!("{last} {first}").trim().to_owned()
}

fn list_item(row: DeskMemberRow) -> DeskMember {
    DeskMember {
        locked: is_locked(row.failures_worst, row.failures_total),
        caution: row.desk_caution != 0,
        name: name_of(&row.last_name, &row.first_name),
        kana: name_of(&row.last_name_kana, &row.first_name_kana),
        corporation: row.corporation.filter(|c| !c.is_empty()),
        last_ordered_at: row.last_ordered_at.map(Timestamp),
        registered_at: Timestamp(row.created_at),
        id: row.id,
        code: row.code,
        email: row.email,
        phone_number: if row.phone_number.is_empty() { row.cell_phone_number } else { row.phone_number },
        prefecture: row.prefecture,
        order_count: row.order_count,
        spent: row.spent,
    }
}

fn detail(row: DeskMemberRow) -> DeskMemberDetail {
    DeskMemberDetail {
        locked: is_locked(row.failures_worst, row.failures_total),
        failed_logins: row.failures_total,
        caution: row.desk_caution != 0,
        name: name_of(&row.last_name, &row.first_name),
        kana: name_of(&row.last_name_kana, &row.first_name_kana),
        address: format!("{}{} {}", row.city, row.address1, row.address2).trim().to_owned(),
        gender_label: desk::gender_label(row.gender_ct).map(str::to_owned),
        corporation: row.corporation.filter(|c| !c.is_empty()),
        department: row.department.filter(|d| !d.is_empty()),
        newsletter: row.is_receive_newsletter != 0,
        mail_error_over: row.mail_error_count >= crate::members::login::MAIL_ERROR_LIMIT,
        last_ordered_at: row.last_ordered_at.map(Timestamp),
        registered_at: Timestamp(row.created_at),
        id: row.id,
        code: row.code,
        email: row.email,
        phone_number: row.phone_number,
        cell_phone_number: row.cell_phone_number,
        postal_code: row.postal_code,
        prefecture: row.prefecture,
        birthday: row.birthday.filter(|b| !b.is_empty()),
        order_count: row.order_count,
        spent: row.spent,
        mail_error_count: row.mail_error_count,
        caution_note: row.desk_note,
        version: row.desk_version,
    }
}

/// The query's filters; a malformed one is a 422 naming its field.
fn filter_of(query: &MemberQuery) -> ApiResult<MemberFilter> {
    let mut check = FieldCheck::default();
    let text = |v: &Option<String>| v.as_deref().map(str::trim).filter(|v| !v.is_empty()).map(str::to_owned);
    let mut filter = MemberFilter::default();
    if let Some(q) = text(&query.q) {
        if q.chars().count() > QUERY_MAX {
            check.field("q", Err("検索語は100文字以内で入力してください。"));
        }
        filter.q = Some(q);
    }
    if let Some(prefecture) = text(&query.prefecture) {
        if !crate::postal::import::is_prefecture(&prefecture) {
            check.field("prefecture", Err("都道府県の指定が正しくありません。"));
        }
        filter.prefecture = Some(prefecture);
    }
    let mut whole = |field: &str, value: &Option<String>, message: &str| -> Option<i64> {
        let value = text(value)?;
        match value.parse::<i64>() {
            Ok(n) if n >= 0 => Some(n),
            _ => {
                check.field(field, Err(message.to_owned()));
                None
            }
        }
    };
    const COUNT_MESSAGE: &str = "購入回数は0以上の整数で入力してください。";
    const AMOUNT_MESSAGE: &str = "購入金額は0以上の整数（円）で入力してください。";
    filter.orders_min = whole("orders_min", &query.orders_min, COUNT_MESSAGE);
    filter.orders_max = whole("orders_max", &query.orders_max, COUNT_MESSAGE);
    filter.spent_min = whole("spent_min", &query.spent_min, AMOUNT_MESSAGE);
    filter.spent_max = whole("spent_max", &query.spent_max, AMOUNT_MESSAGE);
    (filter.last_order_from, filter.last_order_before) = jst_day_range(
        &mut check,
        ("last_order_from", query.last_order_from.as_deref()),
        ("last_order_to", query.last_order_to.as_deref()),
        "最終購入日の終わりは始まり以降の日付にしてください。",
    );
    if let Some(month) = text(&query.birth_month) {
        match month.parse::<u8>() {
            Ok(month @ 1..=12) => filter.birth_month = Some(month),
            _ => {
                check.field("birth_month", Err("誕生月は1から12の数字で指定してください。"));
            }
        }
    }
    match text(&query.kind).as_deref() {
        None => {}
        Some("personal") => filter.corporate = Some(false),
        Some("corporate") => filter.corporate = Some(true),
        Some(_) => {
            check.field("kind", Err("区分は personal（個人）か corporate（法人）で指定してください。"));
        }
    }
    match text(&query.caution).as_deref() {
        None | Some("false") => {}
        Some("true") => filter.caution_only = true,
        Some(_) => {
            check.field("caution", Err("要注意の指定は true か false にしてください。"));
        }
    }
    check.finish()?;
    Ok(filter)
}

#[utoipa::path(get, path = "/v1/admin/members", operation_id = "admin_list_members", tag = "admin", params(MemberQuery),
    responses(
        (status = 200, body = crate::infra::pagination::ListBody<DeskMember>, description = "the shop's members, newest registration first, with x-total, x-per-page, x-last-page, x-current-page"),
        (status = 401, body = ErrorBody, description = "no staff session of this shop"),
        (status = 403, body = ErrorBody, description = "`staff.forbidden`"),
        (status = 422, body = ErrorBody, description = "a filter is malformed; `errors` names it"),
    ))]
pub async fn list_members(
    State(state): State<AppState>,
    channel: Channel,
    _can: Can<MembersView>,
    ApiQuery(query): ApiQuery<MemberQuery>,
) -> ApiResult<Paginated<DeskMember>> {
    let page = Page::parse(&PageQuery { page: query.page.clone(), per: query.per.clone() }, 20, AllowAll::No)?;
    let filter = filter_of(&query)?;
    let (rows, total) = desk_store::search_members(&state.db, &channel.id, &filter, page.per, page.offset()).await?;
    Ok(Paginated::new(rows.into_iter().map(list_item).collect(), total, page))
}

const CSV_HEADERS: [&str; 17] = [
    "会員番号",
    "氏名",
    "フリガナ",
    "メールアドレス",
    "電話番号",
    "携帯電話番号",
    "郵便番号",
    "都道府県",
    "住所",
    "生年月日",
    "会社名",
    "購入回数",
    "購入金額",
    "最終購入日",
    "登録日",
    "メルマガ",
    "要注意",
];

fn csv_line(row: &DeskMemberRow) -> Vec<String> {
    let cell = |text: &str| text_csv::neutral_text(text);
    vec![
        cell(&row.code),
        cell(&name_of(&row.last_name, &row.first_name)),
        cell(&name_of(&row.last_name_kana, &row.first_name_kana)),
        cell(&row.email),
        cell(&row.phone_number),
        cell(&row.cell_phone_number),
        cell(&row.postal_code),
        cell(&row.prefecture),
        cell(format!("{}{} {}", row.city, row.address1, row.address2).trim()),
        cell(row.birthday.as_deref().unwrap_or("")),
        cell(row.corporation.as_deref().unwrap_or("")),
        row.order_count.to_string(),
        row.spent.to_string(),
        row.last_ordered_at.map(jst_date).unwrap_or_default(),
        jst_date(row.created_at),
        if row.is_receive_newsletter != 0 { "受け取る" } else { "受け取らない" }.to_owned(),
        if row.desk_caution != 0 { "要注意" } else { "" }.to_owned(),
    ]
}

#[utoipa::path(get, path = "/v1/admin/members.csv", operation_id = "admin_export_members", tag = "admin", params(MemberQuery),
    responses(
        (status = 200, description = "the members matching the filters as CSV (UTF-8 with a BOM, or Shift_JIS), newest registration first", content_type = "text/csv"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "`staff.forbidden`: personal data export, or the member desk, not granted"),
        (status = 422, body = ErrorBody, description = "a filter or `encoding` is malformed; `errors.q` when more than 10,000 members match"),
    ))]
pub async fn export_members(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<PersonalDataExport>,
    ApiQuery(query): ApiQuery<MemberQuery>,
) -> ApiResult<Response> {
    staff.require(Permission::MembersView)?;
    let encoding = match query.encoding.as_deref().map(str::trim).filter(|v| !v.is_empty()) {
        None => Encoding::Utf8,
        Some(value) => Encoding::parse(Some(value)).ok_or_else(|| ApiError::field("encoding", "utf8 か sjis を指定してください。"))?,
    };
    let filter = filter_of(&query)?;
    let (rows, total) = desk_store::search_members(&state.db, &channel.id, &filter, EXPORT_MAX, 0).await?;
    if total > EXPORT_MAX {
        return Err(ApiError::field("q", "該当する会員が10,000件を超えています。条件を絞り込んでください。"));
    }
    let lines: Vec<Vec<String>> = rows.iter().map(csv_line).collect();
    let bytes = text_csv::write_rows(&CSV_HEADERS, &lines, encoding);
    audit::record(&state.db, &staff, AuditAction::MemberExport, &format!("会員CSV {}件（{}）", rows.len(), encoding.label())).await?;
    let day = jst_date(Timestamp::now().0);
    Ok((attachment_headers(encoding.content_type(), &format!("会員_{day}.csv"), &format!("members_{day}.csv")), bytes).into_response())
}

async fn member_detail(state: &AppState, channel: &Channel, id: &UserId) -> ApiResult<DeskMemberDetail> {
    let row = desk_store::find_desk_member(&state.db, &channel.id, id).await?.ok_or_else(ApiError::not_found)?;
    Ok(detail(row))
}

#[utoipa::path(get, path = "/v1/admin/members/{id}", operation_id = "admin_show_member", tag = "admin", params(("id" = String, Path)),
    responses(
        (status = 200, body = DeskMemberDetail, description = "the member with their purchases, lock and 要注意"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "no such member of this shop (or they left)"),
    ))]
pub async fn show_member(
    State(state): State<AppState>,
    channel: Channel,
    _can: Can<MembersView>,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<AdminAnswer<Json<DeskMemberDetail>>> {
    Ok(AdminAnswer::ok(Json(member_detail(&state, &channel, &UserId::from_text(id)).await?)))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct MemberVersionInput {
    /// The version the screen showed.
    #[schema(required = true, value_type = i64)]
    pub version: Option<i64>,
}

fn stale() -> ApiError {
    ApiError::rule_with(StatusCode::CONFLICT, STALE_CODE, STALE_MESSAGE)
}

/// Moves the member's version on from `version` inside `tx`: 404 for no such member, 409 for a stale version.
async fn claim(tx: &mut crate::infra::db::Tx, channel: &Channel, id: &UserId, version: i64) -> ApiResult<()> {
    match desk_store::bump_desk_version(tx, &channel.id, id, version).await? {
        Some(true) => Ok(()),
        Some(false) => Err(stale()),
        None => Err(ApiError::not_found()),
    }
}

fn who(row: &DeskMemberRow) -> String {
    format!("会員{} {}", row.code, name_of(&row.last_name, &row.first_name))
}

#[utoipa::path(post, path = "/v1/admin/members/{id}/unlock", operation_id = "admin_unlock_member", tag = "admin", params(("id" = String, Path)),
    request_body = MemberVersionInput,
    responses(
        (status = 200, body = DeskMemberDetail, description = "every failed login of the account forgotten: the member can log in again"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "`members.stale`"),
        (status = 422, body = ErrorBody, description = "`errors.version`"),
    ))]
pub async fn unlock_member(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<MembersEdit>,
    ApiPath(id): ApiPath<String>,
    ApiJson(input): ApiJson<MemberVersionInput>,
) -> ApiResult<AdminAnswer<Json<DeskMemberDetail>>> {
    let version = input.version.ok_or_else(|| ApiError::field("version", VERSION_MESSAGE))?;
    let id = UserId::from_text(id);
    let before = desk_store::find_desk_member(&state.db, &channel.id, &id).await?.ok_or_else(ApiError::not_found)?;
    let mut tx = state.db.begin_write().await?;
    claim(&mut tx, &channel, &id, version).await?;
    session_store::delete_failures(&mut tx, &id).await?;
    audit::record_in(&mut tx, &staff, AuditAction::MemberUnlock, &format!("{} ロック解除（失敗{}回を消去）", who(&before), before.failures_total)).await?;
    tx.commit().await?;
    Ok(AdminAnswer::ok(Json(member_detail(&state, &channel, &id).await?)))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct MemberCautionInput {
    /// The version the screen showed.
    #[schema(required = true, value_type = i64)]
    pub version: Option<i64>,
    /// 要注意.
    #[schema(required = true, value_type = bool)]
    pub caution: Option<bool>,
    /// Why (the order desk shows it), at most 500 characters.
    #[schema(max_length = 500)]
    pub note: Option<String>,
}

#[utoipa::path(put, path = "/v1/admin/members/{id}/caution", operation_id = "admin_set_member_caution", tag = "admin", params(("id" = String, Path)),
    request_body = MemberCautionInput,
    responses(
        (status = 200, body = DeskMemberDetail, description = "要注意 and its note saved; the order desk shows them on the member's orders"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "`members.stale`"),
        (status = 422, body = ErrorBody, description = "`errors.version`, `errors.caution` or `errors.note`"),
    ))]
pub async fn set_member_caution(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<MembersEdit>,
    ApiPath(id): ApiPath<String>,
    ApiJson(input): ApiJson<MemberCautionInput>,
) -> ApiResult<AdminAnswer<Json<DeskMemberDetail>>> {
    let mut check = FieldCheck::default();
    let note = input.note.as_deref().map(str::trim).unwrap_or("").to_owned();
    check.field("version", input.version.map(|_| ()).ok_or(VERSION_MESSAGE));
    check.field("caution", input.caution.map(|_| ()).ok_or("要注意にするかどうかを選んでください。"));
    check.field("note", if note.chars().count() > NOTE_MAX { Err("メモは500文字以内で入力してください。") } else { Ok(()) });
    check.finish()?;
    let (Some(version), Some(caution)) = (input.version, input.caution) else { return Err(ApiError::field("version", VERSION_MESSAGE)) };
    let id = UserId::from_text(id);
    let before = desk_store::find_desk_member(&state.db, &channel.id, &id).await?.ok_or_else(ApiError::not_found)?;
    let mut tx = state.db.begin_write().await?;
    claim(&mut tx, &channel, &id, version).await?;
    desk_store::update_caution(&mut tx, &channel.id, &id, caution, &note).await?;
    let line = describe_caution(&who(&before), (before.desk_caution != 0, &before.desk_note), (caution, &note));
    audit::record_in(&mut tx, &staff, AuditAction::MemberCaution, &line).await?;
    tx.commit().await?;
    Ok(AdminAnswer::ok(Json(member_detail(&state, &channel, &id).await?)))
}
