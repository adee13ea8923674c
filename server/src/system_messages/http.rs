//! Handlers of system messages: the member's message centre.
use crate::staff::permission::{Can, Inquiries};
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::store::{self, NewMessage, ReceivedRow, SentRow};
use super::{Audience, BODY_MAX, Recipients, Segment, TITLE_MAX};
use crate::auth::Member;
use crate::channel::Channel;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::{ApiJson, ApiPath, ApiQuery};
use crate::infra::ids::new_id;
use crate::infra::pagination::{AllowAll, DEFAULT_PER, ListBody, Page, PageQuery, Paginated};
use crate::infra::secret::random_hex;
use crate::infra::time::Timestamp;
use crate::members::profile::text;
use crate::staff::Staff;
use crate::staff::audit::{self, AuditAction};
use crate::state::AppState;
use crate::validation::FieldCheck;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_messages)).routes(routes!(show_message)).routes(routes!(preview_message)).routes(routes!(send_message, list_sent))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SystemMessage {
    pub key: String,
    pub title: String,
    pub body: String,
    pub created_at: Timestamp,
    pub is_read: bool,
}

impl From<ReceivedRow> for SystemMessage {
    fn from(row: ReceivedRow) -> Self {
        SystemMessage { key: row.message_key, title: row.title, body: row.body, created_at: Timestamp(row.created_at), is_read: row.read_at.is_some() }
    }
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MessageQuery {
    /// 1-based page number.
    #[param(schema_with = crate::infra::pagination::page_schema)]
    pub page: Option<String>,
    /// Page size (default 10, at most 100).
    #[param(schema_with = crate::infra::pagination::per_schema)]
    pub per: Option<String>,
    /// `1`: only unread messages (`x-total` of `?unread=1&per=1` is the header's count).
    #[param(schema_with = crate::infra::extract::switch_schema)]
    pub unread: Option<String>,
}

#[utoipa::path(get, path = "/v1/me/system-messages", operation_id = "list_system_messages", tag = "system_messages", params(MessageQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, body = ListBody<SystemMessage>, description = "the member's messages, newest first", headers(
            ("x-total" = i64), ("x-per-page" = i64), ("x-last-page" = i64), ("x-current-page" = i64))),
        (status = 401, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "`page`, `per` or `unread` is malformed"),
    ))]
async fn list_messages(
    State(state): State<AppState>,
    channel: Channel,
    member: Member,
    ApiQuery(query): ApiQuery<MessageQuery>,
) -> ApiResult<Paginated<SystemMessage>> {
    let page = Page::parse(&PageQuery { page: query.page, per: query.per }, DEFAULT_PER, AllowAll::No)?;
    let unread_only =
        crate::infra::extract::query_switch(query.unread.as_deref()).ok_or_else(|| ApiError::field("unread", "unreadは0または1で指定してください。"))?;
    let (rows, total) = store::list_received(&state.db, &channel.id, &member.user_id, unread_only, page.per, page.offset()).await?;
    Ok(Paginated::new(rows.into_iter().map(SystemMessage::from).collect(), total, page))
}

#[utoipa::path(get, path = "/v1/me/system-messages/{key}", operation_id = "show_system_message", tag = "system_messages",
    params(("key" = String, Path, description = "the message's key")),
    security(("bearer" = [])),
    responses(
        (status = 200, body = SystemMessage, description = "the message, now read"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "no such message for this member"),
    ))]
async fn show_message(State(state): State<AppState>, channel: Channel, member: Member, ApiPath(key): ApiPath<String>) -> ApiResult<Json<SystemMessage>> {
    let mut row = store::find_received(&state.db, &channel.id, &member.user_id, &key).await?.ok_or_else(ApiError::not_found)?;
    if row.read_at.is_none() {
        let now = Timestamp::now().0;
        store::update_read(&state.db.pool, &row.id, &member.user_id, now).await?;
        row.read_at = Some(now);
    }
    Ok(Json(row.into()))
}

// --- staff ------------------------------------------------------------------------------------

/// A message staff are about to send.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = SystemMessageInput)]
pub struct MessageInput {
    #[schema(required = true, value_type = Audience)]
    pub audience: Option<String>,
    /// The member's e-mail (audience `member`).
    #[schema(max_length = 254)]
    pub member_email: Option<String>,
    /// The segment (audience `segment`).
    #[schema(value_type = Option<Segment>)]
    pub segment: Option<String>,
    /// 1–100 characters.
    #[schema(required = true, value_type = String, pattern = "\\S", max_length = 100)]
    pub title: Option<String>,
    /// 1–4,000 characters.
    #[schema(required = true, value_type = String, pattern = "\\S", max_length = 4000)]
    pub body: Option<String>,
}

/// A checked message and whom it reaches.
struct Checked {
    recipients: Recipients,
    title: String,
    body: String,
}

const MEMBER_NOT_FOUND: &str = "このメールアドレスの会員が見つかりません。";

/// Checks the input (the member named by e-mail must be one of this shop's) and that the
/// staff member may send it: `all` is the owner's.
async fn checked(state: &AppState, channel: &Channel, staff: &Staff, input: MessageInput) -> ApiResult<Checked> {
    let mut check = FieldCheck::default();
    let audience = input.audience.as_deref().and_then(Audience::parse);
    if audience.is_none() {
        check.field("audience", Err("送信先を選んでください。"));
    }
    let title = text(&mut check, "title", input.title, true, TITLE_MAX);
    let body = text(&mut check, "body", input.body, true, BODY_MAX);
    let recipients = match audience {
        Some(Audience::Member) => {
            let email = input.member_email.unwrap_or_default().trim().to_lowercase();
            let user = if email.is_empty() { None } else { crate::members::store::find_user_by_email(&state.db, &channel.id, &email).await? };
            match user {
                Some(user) => Some(Recipients::Member(user.id.into_string())),
                None => {
                    check.field("member_email", Err(if email.is_empty() { crate::validation::REQUIRED } else { MEMBER_NOT_FOUND }));
                    None
                }
            }
        }
        Some(Audience::Segment) => match input.segment.as_deref().and_then(Segment::parse) {
            Some(segment) => Some(Recipients::Segment(segment)),
            None => {
                check.field("segment", Err("対象の会員を選んでください。"));
                None
            }
        },
        Some(Audience::All) => Some(Recipients::All),
        None => None,
    };
    check.finish()?;
    let recipients = recipients.ok_or_else(|| ApiError::Internal(anyhow::anyhow!("a message passed its checks without recipients")))?;
    if recipients == Recipients::All {
        staff.require(crate::staff::Permission::ShopSettings)?;
    }
    Ok(Checked { recipients, title, body })
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = SystemMessagePreview)]
pub struct MessagePreview {
    /// How many members it would reach now.
    pub recipients: i64,
    pub title: String,
    pub body: String,
}

#[utoipa::path(post, path = "/v1/admin/system-messages/preview", tag = "admin", security(("staff_session" = [])), request_body = MessageInput,
    responses(
        (status = 200, body = MessagePreview, description = "what would be sent, and to how many members"),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "audience `all` is for owners only"),
        (status = 422, body = ErrorBody, description = "field errors: `audience`, `member_email` (not a member of this shop), `segment`, `title`, `body`"),
    ))]
async fn preview_message(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<Inquiries>,
    ApiJson(input): ApiJson<MessageInput>,
) -> ApiResult<Json<MessagePreview>> {
    let checked = checked(&state, &channel, &staff, input).await?;
    let recipients = store::count_recipients(&state.db, &channel.id, &checked.recipients).await?;
    Ok(Json(MessagePreview { recipients, title: checked.title, body: checked.body }))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = SystemMessageSent)]
pub struct MessageSent {
    pub key: String,
    /// How many members got it (fixed now: later members do not).
    pub recipients: i64,
}

#[utoipa::path(post, path = "/v1/admin/system-messages", tag = "admin", security(("staff_session" = [])), request_body = MessageInput,
    responses(
        (status = 201, body = MessageSent, description = "sent: each recipient finds it in the message centre"),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "audience `all` is for owners only"),
        (status = 422, body = ErrorBody, description = "field errors as for the preview, or code `system_messages.no_recipients`"),
    ))]
async fn send_message(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<Inquiries>,
    ApiJson(input): ApiJson<MessageInput>,
) -> ApiResult<(StatusCode, Json<MessageSent>)> {
    let checked = checked(&state, &channel, &staff, input).await?;
    let (id, key) = (new_id(), random_hex(16));
    let new = NewMessage {
        id: &id,
        channel_id: &channel.id,
        key: &key,
        title: &checked.title,
        body: &checked.body,
        recipients: &checked.recipients,
        staff_id: Some(&staff.id),
        staff_name: &staff.name,
        now: Timestamp::now().0,
    };
    let mut tx = state.db.begin_write().await?;
    let recipients = store::insert_message(&mut tx, &new).await?;
    if recipients == 0 {
        return Err(ApiError::rule(super::NO_RECIPIENTS_CODE, "送信先の会員がいません。"));
    }
    audit::record_in(&mut tx, &staff, AuditAction::SystemMessageSend, &checked.title).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(MessageSent { key, recipients })))
}

/// A sent message as the staff list shows it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = SentSystemMessage)]
pub struct SentMessage {
    pub key: String,
    pub title: String,
    pub body: String,
    pub audience: Audience,
    pub segment: Option<Segment>,
    /// Who sent it.
    pub staff_name: String,
    pub recipients: i64,
    /// How many recipients opened it.
    pub read_count: i64,
    pub created_at: Timestamp,
}

impl From<SentRow> for SentMessage {
    fn from(row: SentRow) -> Self {
        SentMessage {
            audience: Audience::parse(&row.audience).unwrap_or(Audience::Member),
            segment: row.segment.as_deref().and_then(Segment::parse),
            key: row.message_key,
            title: row.title,
            body: row.body,
            staff_name: row.staff_name,
            recipients: row.recipients,
            read_count: row.read_count,
            created_at: Timestamp(row.created_at),
        }
    }
}

#[utoipa::path(get, path = "/v1/admin/system-messages", tag = "admin", security(("staff_session" = [])), params(PageQuery),
    responses(
        (status = 200, body = ListBody<SentMessage>, description = "the shop's sent messages, newest first", headers(
            ("x-total" = i64), ("x-per-page" = i64), ("x-last-page" = i64), ("x-current-page" = i64))),
        (status = 401, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "`page` or `per` is malformed"),
    ))]
async fn list_sent(State(state): State<AppState>, channel: Channel, _staff: Staff, ApiQuery(query): ApiQuery<PageQuery>) -> ApiResult<Paginated<SentMessage>> {
    let page = Page::parse(&query, DEFAULT_PER, AllowAll::No)?;
    let (rows, total) = store::list_sent(&state.db, &channel.id, page.per, page.offset()).await?;
    Ok(Paginated::new(rows.into_iter().map(SentMessage::from).collect(), total, page))
}
