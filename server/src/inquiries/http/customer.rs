//! The customer's side: sending an inquiry (member or guest), the member's list and
//! threads, a guest's thread by its mailed token, and the customer's replies.
use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use serde::{Deserialize, Serialize};

use crate::auth::{Member, OptionalMember};
use crate::bot_check::BotChecked;
use crate::catalog::store as catalog;
use crate::channel::Channel;
use crate::channel::settings::FrontSettings;
use crate::infra::client::Client;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::{ApiJson, ApiPath, ApiQuery};
use crate::infra::ids::new_id;
use crate::infra::pagination::{AllowAll, DEFAULT_PER, ListBody, Page, PageQuery, Paginated};
use crate::infra::secret::random_hex;
use crate::infra::time::Timestamp;
use crate::inquiries::form::{self, InquiryInput};
use crate::inquiries::store::{self, InquiryRow, MessageRow, NewInquiry};
use crate::inquiries::view::{self, Inquiry, InquiryMessage, InquirySummary};
use crate::inquiries::{Author, NUMBER_ATTEMPTS, Status, TOPICS_TABLE, access, notify, number};
use crate::members::links::link_origin;
use crate::state::AppState;
use crate::uploads::{self, Uploader};
use crate::validation::FieldCheck;

/// The answer to a new inquiry.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct InquiryCreated {
    pub key: String,
    /// What people quote on the phone: `Q-20261126-0007`.
    pub number: String,
    pub status: Status,
}

/// Adds `files`' problem (not the sender's own unattached uploads) to `check`.
async fn check_files(state: &AppState, channel: &Channel, uploader: &Uploader, files: &[String], check: &mut FieldCheck) -> ApiResult<()> {
    if !files.is_empty()
        && !check.has("files")
        && let Some(problem) = uploads::attach_problem(&state.db, &channel.id, uploader, files).await?
    {
        check.field("files", Err(problem));
    }
    Ok(())
}

fn checked_away() -> ApiError {
    ApiError::Internal(anyhow::anyhow!("a form passed its checks without a value"))
}

#[utoipa::path(post, path = "/v1/inquiries", tag = "inquiries", request_body = InquiryInput,
    security((), ("bearer" = [])),
    params(("X-Bot-Check" = String, Header, description = "the bot-check proof: the base64 ALTCHA payload solving a challenge of `GET /v1/bot-check`, or a reCAPTCHA v3 token for the action `contact`; each proof counts once")),
    responses(
        (status = 201, body = InquiryCreated, description = "received (status `open`); the customer gets a receipt mail (a guest's with the thread link `/contact/thread/{key}?t=…`), the shop a notice"),
        (status = 401, body = ErrorBody, description = "a bearer token was sent and is not valid"),
        (status = 422, body = ErrorBody, description = "code `bot_check.failed` (missing, wrong, expired or used `X-Bot-Check`), or field errors in Japanese (`topic_id` not one of this shop's topics, `name`, `email`, `body` 1–4,000 characters, the postal address for `catalog`, `files` not the sender's own unattached uploads or more than 5); nothing was stored"),
    ))]
pub async fn create_inquiry(
    State(state): State<AppState>,
    channel: Channel,
    _checked: BotChecked,
    OptionalMember(member): OptionalMember,
    client: Client,
    headers: HeaderMap,
    ApiJson(input): ApiJson<InquiryInput>,
) -> ApiResult<(StatusCode, Json<InquiryCreated>)> {
    let settings = FrontSettings::load(&state.db, &channel).await?;
    let topic = match input.topic_id.as_deref().map(str::trim).filter(|id| !id.is_empty()) {
        Some(id) => catalog::taxonomy::find_category(&state.db.pool, &channel.id, TOPICS_TABLE, id).await?,
        None => None,
    };
    let uploader = match &member {
        Some(member) => Uploader::Member(member.user_id.to_string()),
        None => Uploader::Guest(client.ip.clone()),
    };
    let mut check = FieldCheck::default();
    let checked = form::check(input, settings.is_corporate, topic.as_ref(), &mut check);
    if let Some(checked) = &checked {
        check_files(&state, &channel, &uploader, &checked.files, &mut check).await?;
    }
    check.finish()?;
    let (checked, topic) = checked.zip(topic).ok_or_else(checked_away)?;

    let origin = link_origin(&state, &channel, &channel.id, &headers, client.https).await?;
    let now = Timestamp::now().0;
    let (id, key) = (new_id(), random_hex(16));
    let prefix = number::day_prefix(now);
    let subject = form::subject_of(&checked.body);
    let mut tx = state.db.begin_write().await?;
    let mut taken = None;
    for _ in 0..NUMBER_ATTEMPTS {
        let candidate = number::next(&prefix, store::find_highest_number(&mut tx, &channel.id, &prefix).await?.as_deref());
        let new = NewInquiry {
            id: &id,
            channel_id: &channel.id,
            key: &key,
            number: &candidate,
            user_id: member.as_ref().map(|m| m.user_id.as_str()),
            topic_id: &topic.id,
            subject: &subject,
            contact: &checked.contact,
            link_origin: &origin,
            now,
        };
        if store::insert_inquiry(&mut tx, &new).await? {
            taken = Some(candidate);
            break;
        }
    }
    let number = taken.ok_or_else(|| ApiError::Internal(anyhow::anyhow!("no free inquiry number after {NUMBER_ATTEMPTS} tries")))?;
    let message = MessageRow {
        id: new_id(),
        inquiry_id: id.clone(),
        author: Author::Customer.as_str().to_owned(),
        staff_id: None,
        author_name: checked.contact.name.clone(),
        body: checked.body.clone(),
        created_at: now,
    };
    store::insert_message(&mut tx, &message).await?;
    uploads::attach(&mut tx, &channel.id, &uploader, &checked.files, &message.id).await?;
    let guest_token = match &member {
        None => Some(access::mint_token(&mut tx, &id, now).await?),
        Some(_) => None,
    };
    let row = store::find_inquiry_by_key(&mut *tx, &channel.id, &key).await?.ok_or_else(ApiError::not_found)?;
    tx.commit().await?;
    notify::inquiry_received(&state, &channel, &row, &checked.body, guest_token.as_deref()).await?;
    Ok((StatusCode::CREATED, Json(InquiryCreated { key, number, status: Status::Open })))
}

#[utoipa::path(get, path = "/v1/me/inquiries", tag = "inquiries", params(PageQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, body = ListBody<InquirySummary>, description = "the member's inquiries, newest activity first", headers(
            ("x-total" = i64), ("x-per-page" = i64), ("x-last-page" = i64), ("x-current-page" = i64))),
        (status = 401, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "`page` or `per` is malformed"),
    ))]
pub async fn list_my_inquiries(
    State(state): State<AppState>,
    channel: Channel,
    member: Member,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> ApiResult<Paginated<InquirySummary>> {
    let page = Page::parse(&query, DEFAULT_PER, AllowAll::No)?;
    let (rows, total) = store::list_member_inquiries(&state.db, &channel.id, &member.user_id, page.per, page.offset()).await?;
    Ok(Paginated::new(rows.iter().map(view::summary).collect(), total, page))
}

/// The whole inquiry for its customer, now marked read.
async fn opened(state: &AppState, mut row: InquiryRow, t: Option<&str>) -> ApiResult<Inquiry> {
    let now = Timestamp::now().0;
    store::update_customer_read(&state.db, &row.id, now).await?;
    row.customer_last_read_at = row.customer_last_read_at.max(now);
    crate::inquiries::load(&state.db, &row, &|key: &str| uploads::customer_url(key, t)).await
}

#[utoipa::path(get, path = "/v1/me/inquiries/{key}", tag = "inquiries",
    params(("key" = String, Path, description = "the inquiry's key")),
    security(("bearer" = [])),
    responses(
        (status = 200, body = Inquiry, description = "the inquiry with its messages; the shop's replies are now read"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "no such inquiry of this member"),
    ))]
pub async fn show_my_inquiry(State(state): State<AppState>, channel: Channel, member: Member, ApiPath(key): ApiPath<String>) -> ApiResult<Json<Inquiry>> {
    let row = store::find_inquiry_by_key(&state.db.pool, &channel.id, &key).await?.filter(|row| row.user_id.as_deref() == Some(member.user_id.as_str()));
    let row = row.ok_or_else(ApiError::not_found)?;
    Ok(Json(opened(&state, row, None).await?))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ThreadQuery {
    /// The thread token of the mailed link.
    pub t: Option<String>,
}

#[utoipa::path(get, path = "/v1/inquiries/{key}", tag = "inquiries",
    params(("key" = String, Path, description = "the inquiry's key"), ThreadQuery),
    responses(
        (status = 200, body = Inquiry, description = "the inquiry with its messages (files' URLs carry the token); the shop's replies are now read"),
        (status = 404, body = ErrorBody, description = "no such inquiry, or `t` is not one of its unexpired thread tokens"),
    ))]
pub async fn show_guest_inquiry(
    State(state): State<AppState>,
    channel: Channel,
    ApiPath(key): ApiPath<String>,
    ApiQuery(query): ApiQuery<ThreadQuery>,
) -> ApiResult<Json<Inquiry>> {
    let t = query.t.as_deref().map(str::trim).unwrap_or("");
    let row = store::find_inquiry_by_key(&state.db.pool, &channel.id, &key).await?.ok_or_else(ApiError::not_found)?;
    if !access::token_opens(&state.db, &row.id, t, Timestamp::now().0).await? {
        return Err(ApiError::not_found());
    }
    Ok(Json(opened(&state, row, Some(t)).await?))
}

/// A reply of the customer.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = InquiryReplyInput)]
pub struct ReplyInput {
    #[schema(required = true, value_type = String)]
    pub inquiry_key: Option<String>,
    /// 1–4,000 characters.
    #[schema(required = true, value_type = String, pattern = "\\S", max_length = 4000)]
    pub body: Option<String>,
    /// Keys of the sender's own files, not yet attached (at most 5).
    #[schema(max_items = 5)]
    pub files: Option<Vec<String>>,
    /// A guest's thread token (members send their bearer token instead).
    pub t: Option<String>,
}

#[utoipa::path(post, path = "/v1/inquiry-comments/reply", tag = "inquiries", operation_id = "reply_as_customer", request_body = ReplyInput,
    security((), ("bearer" = [])),
    responses(
        (status = 201, body = InquiryMessage, description = "added; a `closed` inquiry is `open` again; the shop gets a notice"),
        (status = 401, body = ErrorBody, description = "a bearer token was sent and is not valid"),
        (status = 404, body = ErrorBody, description = "no such inquiry of this member, and `t` is not one of its thread tokens"),
        (status = 422, body = ErrorBody, description = "`body` blank or longer than 4,000 characters, `files` not the sender's own unattached uploads or more than 5"),
    ))]
pub async fn reply(
    State(state): State<AppState>,
    channel: Channel,
    OptionalMember(member): OptionalMember,
    client: Client,
    ApiJson(input): ApiJson<ReplyInput>,
) -> ApiResult<(StatusCode, Json<InquiryMessage>)> {
    let key = input.inquiry_key.as_deref().map(str::trim).unwrap_or("");
    let row = store::find_inquiry_by_key(&state.db.pool, &channel.id, key).await?.ok_or_else(ApiError::not_found)?;
    let now = Timestamp::now().0;
    let owned = member.as_ref().is_some_and(|m| row.user_id.as_deref() == Some(m.user_id.as_str()));
    let token = input.t.as_deref().map(str::trim).filter(|t| !t.is_empty());
    let guest_token = match token {
        Some(t) if !owned && access::token_opens(&state.db, &row.id, t, now).await? => Some(t),
        _ => None,
    };
    if !owned && guest_token.is_none() {
        return Err(ApiError::not_found());
    }
    let uploader = match &member {
        Some(member) => Uploader::Member(member.user_id.to_string()),
        None => Uploader::Guest(client.ip.clone()),
    };
    let mut check = FieldCheck::default();
    let body = form::body(&mut check, input.body);
    let files = form::files(&mut check, input.files);
    check_files(&state, &channel, &uploader, &files, &mut check).await?;
    check.finish()?;

    let status = Status::parse(&row.status).unwrap_or(Status::Open).after_customer_message();
    let message = MessageRow {
        id: new_id(),
        inquiry_id: row.id.clone(),
        author: Author::Customer.as_str().to_owned(),
        staff_id: None,
        author_name: row.contact.name.clone(),
        body,
        created_at: now,
    };
    let mut tx = state.db.begin_write().await?;
    store::insert_message(&mut tx, &message).await?;
    uploads::attach(&mut tx, &channel.id, &uploader, &files, &message.id).await?;
    store::update_after_message(&mut tx, &row.id, Author::Customer.as_str(), status.as_str(), now).await?;
    tx.commit().await?;
    notify::customer_replied(&state, &channel, &row, &message.body).await?;
    let attached = uploads::files_of_messages(&state.db, std::slice::from_ref(&message.id)).await?.remove(&message.id).unwrap_or_default();
    Ok((StatusCode::CREATED, Json(view::message(message, &attached, &|key: &str| uploads::customer_url(key, guest_token)))))
}
