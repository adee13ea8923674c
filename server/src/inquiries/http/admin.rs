//! The staff's side (/admin): the channel's inquiries with filters and counts, one inquiry
//! with its notes, replies (mailed to the customer), status changes, notes, and the contact
//! topics (owners only for changes). Every change is written to the audit log in the
//! transaction that makes it.
use crate::staff::permission::{Can, Inquiries, ShopSettings};
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};

use crate::catalog::store as catalog;
use crate::channel::Channel;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::{ApiJson, ApiPath, ApiQuery};
use crate::infra::ids::new_id;
use crate::infra::pagination::{AllowAll, DEFAULT_PER, ListBody, Page, PageQuery, Paginated};
use crate::infra::secret::random_hex;
use crate::infra::time::Timestamp;
use crate::inquiries::form;
use crate::inquiries::store::{self, AdminFilter, InquiryRow, MessageRow, NoteRow};
use crate::inquiries::view::{self, AdminInquiry, AdminInquirySummary, Inquiry, InquiryMessage, Note};
use crate::inquiries::{Author, Status, TOPICS_TABLE, access, notify, topic_order};
use crate::staff::Staff;
use crate::staff::audit::{self, AuditAction};
use crate::state::AppState;
use crate::uploads::{self, Uploader};
use crate::validation::FieldCheck;

/// 422 code of deleting a topic that inquiries name.
pub const TOPIC_IN_USE_CODE: &str = "inquiry_topics.in_use";
const TOPIC_NAME_MAX: usize = 50;

async fn find(state: &AppState, channel: &Channel, key: &str) -> ApiResult<InquiryRow> {
    store::find_inquiry_by_key(&state.db.pool, &channel.id, key).await?.ok_or_else(ApiError::not_found)
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AdminInquiryQuery {
    /// Only inquiries in this status.
    #[param(pattern = "^\\s*(open|in_progress|closed)?\\s*$")]
    pub status: Option<String>,
    /// Only inquiries of this topic.
    pub topic_id: Option<String>,
    /// Part of the number, the name, the e-mail or the subject.
    #[param(max_length = 100)]
    pub q: Option<String>,
    /// 1-based page number.
    #[param(schema_with = crate::infra::pagination::page_schema)]
    pub page: Option<String>,
    /// Page size (default 10, at most 100).
    #[param(schema_with = crate::infra::pagination::per_schema)]
    pub per: Option<String>,
}

fn blank_is_none(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|v| !v.is_empty())
}

#[utoipa::path(get, path = "/v1/admin/inquiries", tag = "admin", security(("staff_session" = [])), params(AdminInquiryQuery),
    responses(
        (status = 200, body = ListBody<AdminInquirySummary>, description = "the shop's inquiries, newest activity first", headers(
            ("x-total" = i64), ("x-per-page" = i64), ("x-last-page" = i64), ("x-current-page" = i64))),
        (status = 401, body = ErrorBody, description = "no staff session of this shop"),
        (status = 422, body = ErrorBody, description = "`status`, `q`, `page` or `per` is malformed"),
    ))]
pub async fn list_inquiries(
    State(state): State<AppState>,
    channel: Channel,
    _staff: Staff,
    ApiQuery(query): ApiQuery<AdminInquiryQuery>,
) -> ApiResult<Paginated<AdminInquirySummary>> {
    let page = Page::parse(&PageQuery { page: query.page.clone(), per: query.per.clone() }, DEFAULT_PER, AllowAll::No)?;
    let status = match blank_is_none(&query.status) {
        Some(text) => Some(Status::parse(text).ok_or_else(|| ApiError::field("status", "statusはopen, in_progress, closedのいずれかで指定してください。"))?),
        None => None,
    };
    // Counted as sent, spaces included, as the document's maxLength does.
    if query.q.as_deref().is_some_and(|q| q.chars().count() > 100) {
        return Err(ApiError::field("q", "検索語は100文字以内で入力してください。"));
    }
    let q = blank_is_none(&query.q);
    let filter = AdminFilter { status: status.map(Status::as_str), topic_id: blank_is_none(&query.topic_id), query: q };
    let (rows, total) = store::list_inquiries(&state.db, &channel.id, &filter, page.per, page.offset()).await?;
    Ok(Paginated::new(rows.iter().map(view::admin_summary).collect(), total, page))
}

#[derive(Debug, Default, Serialize, utoipa::ToSchema)]
#[schema(as = InquiryCounts)]
pub struct StatusCounts {
    pub open: i64,
    pub in_progress: i64,
    pub closed: i64,
}

#[utoipa::path(get, path = "/v1/admin/inquiries/counts", tag = "admin", security(("staff_session" = [])),
    responses((status = 200, body = StatusCounts, description = "how many inquiries are in each status"), (status = 401, body = ErrorBody)))]
pub async fn count_inquiries(State(state): State<AppState>, channel: Channel, _staff: Staff) -> ApiResult<Json<StatusCounts>> {
    let mut counts = StatusCounts::default();
    for (status, count) in store::count_by_status(&state.db, &channel.id).await? {
        match Status::parse(&status) {
            Some(Status::Open) => counts.open = count,
            Some(Status::InProgress) => counts.in_progress = count,
            Some(Status::Closed) => counts.closed = count,
            None => {}
        }
    }
    Ok(Json(counts))
}

async fn whole(state: &AppState, row: &InquiryRow) -> ApiResult<Inquiry> {
    crate::inquiries::load(&state.db, row, &|key: &str| uploads::admin_url(key)).await
}

#[utoipa::path(get, path = "/v1/admin/inquiries/{key}", tag = "admin", security(("staff_session" = [])),
    params(("key" = String, Path, description = "the inquiry's key")),
    responses(
        (status = 200, body = AdminInquiry, description = "the inquiry with its messages (files' URLs under /v1/admin) and the staff notes"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "no such inquiry of this shop"),
    ))]
pub async fn show_inquiry(State(state): State<AppState>, channel: Channel, _staff: Staff, ApiPath(key): ApiPath<String>) -> ApiResult<Json<AdminInquiry>> {
    let row = find(&state, &channel, &key).await?;
    let inquiry = whole(&state, &row).await?;
    let notes = store::list_notes(&state.db, &row.id).await?.into_iter().map(view::note).collect();
    Ok(Json(AdminInquiry { inquiry, notes }))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct StaffReplyInput {
    /// 1–4,000 characters.
    #[schema(required = true, value_type = String, pattern = "\\S", max_length = 4000)]
    pub body: Option<String>,
    /// Keys of this staff member's own unattached uploads (`POST /v1/admin/upload-files`), at most 5.
    #[schema(max_items = 5)]
    pub files: Option<Vec<String>>,
}

#[utoipa::path(post, path = "/v1/admin/inquiries/{key}/replies", operation_id = "admin_reply", tag = "admin", security(("staff_session" = [])), request_body = StaffReplyInput,
    params(("key" = String, Path, description = "the inquiry's key")),
    responses(
        (status = 201, body = InquiryMessage, description = "sent: an `open` inquiry is `in_progress`; the customer gets a mail (a member a link to the member area, a guest the reply and a fresh thread link)"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "no such inquiry of this shop"),
        (status = 422, body = ErrorBody, description = "`body` blank or longer than 4,000 characters; `files` not this staff member's unattached uploads or more than 5"),
    ))]
pub async fn reply(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<Inquiries>,
    ApiPath(key): ApiPath<String>,
    ApiJson(input): ApiJson<StaffReplyInput>,
) -> ApiResult<(StatusCode, Json<InquiryMessage>)> {
    let row = find(&state, &channel, &key).await?;
    let uploader = Uploader::Staff(staff.id.clone());
    let mut check = FieldCheck::default();
    let body = form::body(&mut check, input.body);
    let files = form::files(&mut check, input.files);
    if !files.is_empty()
        && !check.has("files")
        && let Some(problem) = uploads::attach_problem(&state.db, &channel.id, &uploader, &files).await?
    {
        check.field("files", Err(problem));
    }
    check.finish()?;

    let now = Timestamp::now().0;
    let status = Status::parse(&row.status).unwrap_or(Status::Open).after_shop_reply();
    let message = MessageRow {
        id: new_id(),
        inquiry_id: row.id.clone(),
        author: Author::Shop.as_str().to_owned(),
        staff_id: Some(staff.id.clone()),
        author_name: staff.name.clone(),
        body,
        created_at: now,
    };
    let mut tx = state.db.begin_write().await?;
    store::insert_message(&mut tx, &message).await?;
    uploads::attach(&mut tx, &channel.id, &uploader, &files, &message.id).await?;
    store::update_after_message(&mut tx, &row.id, Author::Shop.as_str(), status.as_str(), now).await?;
    // A guest reads the reply through a new link; a member in the member area.
    let guest_token = match row.user_id {
        None => Some(access::mint_token(&mut tx, &row.id, now).await?),
        Some(_) => None,
    };
    audit::record_in(&mut tx, &staff, AuditAction::InquiryReply, &row.number).await?;
    tx.commit().await?;
    notify::shop_replied(&state, &channel, &row, &message.body, guest_token.as_deref()).await?;
    let attached = uploads::files_of_messages(&state.db, std::slice::from_ref(&message.id)).await?.remove(&message.id).unwrap_or_default();
    Ok((StatusCode::CREATED, Json(view::message(message, &attached, &|key: &str| uploads::admin_url(key)))))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = InquiryStatusInput)]
pub struct StatusInput {
    #[schema(required = true, value_type = Status)]
    pub status: Option<String>,
}

#[utoipa::path(patch, path = "/v1/admin/inquiries/{key}", tag = "admin", security(("staff_session" = [])), request_body = StatusInput,
    params(("key" = String, Path, description = "the inquiry's key")),
    responses(
        (status = 200, body = Inquiry, description = "the inquiry in its new status"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "no such inquiry of this shop"),
        (status = 422, body = ErrorBody, description = "`status` is not open, in_progress or closed"),
    ))]
pub async fn update_status(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<Inquiries>,
    ApiPath(key): ApiPath<String>,
    ApiJson(input): ApiJson<StatusInput>,
) -> ApiResult<Json<Inquiry>> {
    let mut row = find(&state, &channel, &key).await?;
    let status = input
        .status
        .as_deref()
        .and_then(Status::parse)
        .ok_or_else(|| ApiError::field("status", "対応状況は未対応・対応中・完了のいずれかを選んでください。"))?;
    let now = Timestamp::now().0;
    let mut tx = state.db.begin_write().await?;
    store::update_status(&mut tx, &row.id, status.as_str(), now).await?;
    audit::record_in(&mut tx, &staff, AuditAction::InquiryStatus, &format!("{} {}", row.number, status.as_str())).await?;
    tx.commit().await?;
    row.status = status.as_str().to_owned();
    row.updated_at = now;
    Ok(Json(whole(&state, &row).await?))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = InquiryNoteInput)]
pub struct NoteInput {
    /// 1–4,000 characters.
    #[schema(required = true, value_type = String, pattern = "\\S", max_length = 4000)]
    pub body: Option<String>,
}

#[utoipa::path(post, path = "/v1/admin/inquiries/{key}/notes", tag = "admin", security(("staff_session" = [])), request_body = NoteInput,
    params(("key" = String, Path, description = "the inquiry's key")),
    responses(
        (status = 201, body = Note, description = "kept with the inquiry; never shown to the customer"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "no such inquiry of this shop"),
        (status = 422, body = ErrorBody, description = "`body` blank or longer than 4,000 characters"),
    ))]
pub async fn add_note(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<Inquiries>,
    ApiPath(key): ApiPath<String>,
    ApiJson(input): ApiJson<NoteInput>,
) -> ApiResult<(StatusCode, Json<Note>)> {
    let row = find(&state, &channel, &key).await?;
    let mut check = FieldCheck::default();
    let body = form::body(&mut check, input.body);
    check.finish()?;
    let note =
        NoteRow { id: new_id(), inquiry_id: row.id.clone(), staff_id: staff.id.clone(), staff_name: staff.name.clone(), body, created_at: Timestamp::now().0 };
    let mut tx = state.db.begin_write().await?;
    store::insert_note(&mut tx, &note).await?;
    audit::record_in(&mut tx, &staff, AuditAction::InquiryNote, &row.number).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(view::note(note))))
}

// --- topics -----------------------------------------------------------------------------------

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = AdminInquiryTopic)]
pub struct Topic {
    pub id: String,
    pub key: String,
    pub name: String,
    /// The form lists topics by position.
    pub position: i64,
}

impl From<catalog::taxonomy::CategoryRow> for Topic {
    fn from(row: catalog::taxonomy::CategoryRow) -> Self {
        Topic { id: row.id, key: row.category_key, name: row.name, position: row.position }
    }
}

#[utoipa::path(get, path = "/v1/admin/inquiry-topics", tag = "admin", security(("staff_session" = [])),
    responses((status = 200, body = ListBody<Topic>, description = "the contact form's topics in their order"), (status = 401, body = ErrorBody)))]
pub async fn list_topics(State(state): State<AppState>, channel: Channel, _staff: Staff) -> ApiResult<Json<ListBody<Topic>>> {
    let rows = catalog::taxonomy::list_categories(&state.db.pool, &channel.id, TOPICS_TABLE).await?;
    Ok(Json(ListBody { data: rows.into_iter().map(Topic::from).collect() }))
}

fn topic_name(check: &mut FieldCheck, value: Option<String>, required: bool) -> String {
    crate::members::profile::text(check, "name", value, required, TOPIC_NAME_MAX)
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = InquiryTopicInput)]
pub struct TopicInput {
    /// 1–50 characters.
    #[schema(required = true, value_type = String, pattern = "\\S", max_length = 50)]
    pub name: Option<String>,
}

#[utoipa::path(post, path = "/v1/admin/inquiry-topics", tag = "admin", security(("staff_session" = [])), request_body = TopicInput,
    responses(
        (status = 201, body = Topic, description = "added after the last topic"),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "`staff.forbidden`: owners and managers only"),
        (status = 422, body = ErrorBody, description = "`name` blank or longer than 50 characters"),
    ))]
pub async fn create_topic(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<ShopSettings>,
    ApiJson(input): ApiJson<TopicInput>,
) -> ApiResult<(StatusCode, Json<Topic>)> {
    let mut check = FieldCheck::default();
    let name = topic_name(&mut check, input.name, true);
    check.finish()?;
    let (id, key) = (new_id(), format!("topic-{}", random_hex(4)));
    let mut tx = state.db.begin_write().await?;
    let position = catalog::taxonomy::insert_top_category(&mut tx, &channel.id, TOPICS_TABLE, &id, &key, &name).await?;
    audit::record_in(&mut tx, &staff, AuditAction::TopicCreate, &name).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(Topic { id, key, name, position })))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = InquiryTopicChange)]
pub struct TopicChange {
    /// 1–50 characters.
    #[schema(pattern = "\\S", max_length = 50)]
    pub name: Option<String>,
    #[schema(minimum = 1, maximum = 1000)]
    pub position: Option<i64>,
}

#[utoipa::path(patch, path = "/v1/admin/inquiry-topics/{id}", tag = "admin", security(("staff_session" = [])), request_body = TopicChange,
    params(("id" = String, Path, description = "the topic's id")),
    responses(
        (status = 200, body = Topic, description = "renamed and/or moved (the others close up: positions stay 1, 2, 3 …)"),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "`staff.forbidden`: owners and managers only"),
        (status = 404, body = ErrorBody, description = "no such topic of this shop"),
        (status = 422, body = ErrorBody, description = "`name` blank or too long, `position` not 1–1000"),
    ))]
pub async fn update_topic(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<ShopSettings>,
    ApiPath(id): ApiPath<String>,
    ApiJson(input): ApiJson<TopicChange>,
) -> ApiResult<Json<Topic>> {
    let mut check = FieldCheck::default();
    let name = input.name.is_some().then(|| topic_name(&mut check, input.name, true));
    if input.position.is_some_and(|p| !(1..=1000).contains(&p)) {
        check.field("position", Err("表示順は1〜1000の整数で指定してください。"));
    }
    check.finish()?;
    let mut tx = state.db.begin_write().await?;
    if !catalog::taxonomy::update_category(&mut tx, &channel.id, TOPICS_TABLE, &id, name.as_deref(), None).await? {
        return Err(ApiError::not_found());
    }
    if let Some(position) = input.position {
        let ids: Vec<String> = catalog::taxonomy::list_categories(&mut *tx, &channel.id, TOPICS_TABLE).await?.into_iter().map(|row| row.id).collect();
        for (topic, position) in topic_order::reorder(&ids, &id, position) {
            catalog::taxonomy::update_category(&mut tx, &channel.id, TOPICS_TABLE, &topic, None, Some(position)).await?;
        }
    }
    let row = catalog::taxonomy::find_category(&mut *tx, &channel.id, TOPICS_TABLE, &id).await?.ok_or_else(ApiError::not_found)?;
    audit::record_in(&mut tx, &staff, AuditAction::TopicUpdate, &row.name).await?;
    tx.commit().await?;
    Ok(Json(row.into()))
}

#[utoipa::path(delete, path = "/v1/admin/inquiry-topics/{id}", tag = "admin", security(("staff_session" = [])),
    params(("id" = String, Path, description = "the topic's id")),
    responses(
        (status = 204, description = "deleted"),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "`staff.forbidden`: owners and managers only"),
        (status = 404, body = ErrorBody, description = "no such topic of this shop"),
        (status = 422, body = ErrorBody, description = "code `inquiry_topics.in_use`: inquiries name the topic (rename it instead)"),
    ))]
pub async fn delete_topic(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<ShopSettings>,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<StatusCode> {
    let mut tx = state.db.begin_write().await?;
    let row = catalog::taxonomy::find_category(&mut *tx, &channel.id, TOPICS_TABLE, &id).await?.ok_or_else(ApiError::not_found)?;
    let used = store::count_with_topic(&mut *tx, &channel.id, &id).await?;
    if used > 0 {
        return Err(ApiError::rule(TOPIC_IN_USE_CODE, format!("この種別のお問い合わせが{used}件あるため削除できません。名前の変更をご検討ください。")));
    }
    catalog::taxonomy::delete_category(&mut tx, &channel.id, TOPICS_TABLE, &id).await?;
    audit::record_in(&mut tx, &staff, AuditAction::TopicDelete, &row.name).await?;
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}
