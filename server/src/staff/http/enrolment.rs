//! Invitations and the enrolment link (docs/contracts/staff-enrolment.md): an owner invites
//! someone (`staff_manage`), lists and cancels open invitations; the person opens the mailed
//! link, which needs no session (its token is the credential), reads what it is for with the
//! TOTP secret to add, and completes it with a password and the app's code — then they are
//! logged in. An owner's authenticator reset (in `admin.rs`) mails the same kind of link.
use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{AdminAnswer, StaffBody, open_session};
use crate::auth::password;
use crate::channel::Channel;
use crate::infra::client::Client;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::{ApiJson, ApiPath};
use crate::infra::ids::new_id;
use crate::infra::rate_limit;
use crate::infra::time::Timestamp;
use crate::staff::audit::{self, AuditAction};
use crate::staff::enrolment::{self, EnrolmentKind, InvitationDraft};
use crate::staff::permission::{Can, StaffManage};
use crate::staff::store::{self, EnrolmentRow, NewStaff};
use crate::staff::{StaffRole, ip_allowlist, login, session, totp};
use crate::state::AppState;
use crate::validation::typed_code;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(invite_staff, list_invitations))
        .routes(routes!(cancel_invitation))
        .routes(routes!(enrolment_lookup))
        .routes(routes!(enrolment_complete))
}

/// An invitation waiting for its person.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Invitation {
    pub id: String,
    pub email: String,
    pub name: String,
    pub role: StaffRole,
    pub role_label: String,
    /// The name of the owner who sent it.
    pub invited_by: String,
    pub created_at: Timestamp,
    pub expires_at: Timestamp,
}

impl Invitation {
    fn of(row: EnrolmentRow) -> ApiResult<Self> {
        let role = role_of(&row)?;
        Ok(Invitation {
            id: row.id,
            email: row.email,
            name: row.name,
            role,
            role_label: role.label().to_owned(),
            invited_by: row.invited_by_name,
            created_at: Timestamp(row.created_at),
            expires_at: Timestamp(row.expires_at),
        })
    }
}

fn role_of(row: &EnrolmentRow) -> ApiResult<StaffRole> {
    StaffRole::parse(&row.role).ok_or_else(|| ApiError::Internal(anyhow::anyhow!("enrolment {} has the unknown role {:?}", row.id, row.role)))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct InvitationList {
    pub data: Vec<Invitation>,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct InvitationInput {
    #[schema(required = true, value_type = String)]
    pub email: Option<String>,
    #[schema(required = true, value_type = String)]
    pub name: Option<String>,
    /// owner, manager, order_clerk, shipping_clerk or viewer.
    #[schema(required = true, value_type = StaffRole)]
    pub role: Option<String>,
}

#[utoipa::path(post, path = "/v1/admin/staff/invitations", operation_id = "admin_invite_staff", tag = "admin", request_body = InvitationInput,
    responses((status = 201, body = Invitation, description = "invited: the person is mailed a link valid for 72 hours (an earlier open one for the address ends)"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "`staff.forbidden`: owners only"),
        (status = 422, body = ErrorBody, description = "`errors.email` (not an address, or already staff of the shop), `errors.name`, `errors.role`")))]
pub async fn invite_staff(
    State(state): State<AppState>,
    channel: Channel,
    client: Client,
    headers: HeaderMap,
    Can { staff, .. }: Can<StaffManage>,
    ApiJson(input): ApiJson<InvitationInput>,
) -> ApiResult<AdminAnswer<Json<Invitation>>> {
    let draft = InvitationDraft { email: input.email.unwrap_or_default(), name: input.name.unwrap_or_default(), role: input.role };
    let person = enrolment::check_invitation(draft).map_err(ApiError::Invalid)?;
    if store::find_staff_by_email(&state.db, &channel.id, &person.email).await?.is_some() {
        return Err(ApiError::field("email", enrolment::EMAIL_TAKEN_MESSAGE));
    }
    let now = Timestamp::now().0;
    let origin = enrolment::link_origin(&state, &channel, &headers, client.https).await?;
    let mut tx = state.db.begin_write().await?;
    let issued = enrolment::issue(&state, &mut tx, EnrolmentKind::Invite, &staff, &person, None, now).await?;
    audit::record_in(&mut tx, &staff, AuditAction::StaffInvite, &format!("{} <{}> {}", person.name, person.email, person.role.label())).await?;
    tx.commit().await?;
    let mail = enrolment::mail(EnrolmentKind::Invite, &channel.name, &staff.name, &person, &enrolment::link(&origin, &issued.token), issued.expires_at);
    state.mailer.send(mail).await.map_err(ApiError::Internal)?;
    let row =
        store::find_open_enrolment(&state.db, &session::token_hash(&issued.token), now, enrolment::MAX_ATTEMPTS).await?.ok_or_else(ApiError::not_found)?;
    Ok(AdminAnswer { status: StatusCode::CREATED, cookie: None, body: Json(Invitation::of(row)?) })
}

#[utoipa::path(get, path = "/v1/admin/staff/invitations", operation_id = "admin_list_invitations", tag = "admin",
    responses((status = 200, body = InvitationList, description = "the open invitations, newest first"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn list_invitations(State(state): State<AppState>, channel: Channel, _can: Can<StaffManage>) -> ApiResult<AdminAnswer<Json<InvitationList>>> {
    let rows = store::list_open_invitations(&state.db, &channel.id, Timestamp::now().0, enrolment::MAX_ATTEMPTS).await?;
    let data = rows.into_iter().map(Invitation::of).collect::<ApiResult<Vec<_>>>()?;
    Ok(AdminAnswer::ok(Json(InvitationList { data })))
}

#[utoipa::path(delete, path = "/v1/admin/staff/invitations/{id}", operation_id = "admin_cancel_invitation", tag = "admin", params(("id" = String, Path)),
    responses((status = 204, description = "cancelled: the link no longer works"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody, description = "no open invitation of this shop")))]
pub async fn cancel_invitation(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<StaffManage>,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<AdminAnswer<()>> {
    let now = Timestamp::now().0;
    let open = store::list_open_invitations(&state.db, &channel.id, now, enrolment::MAX_ATTEMPTS).await?;
    let invitation = open.into_iter().find(|row| row.id == id).ok_or_else(ApiError::not_found)?;
    let mut tx = state.db.begin_write().await?;
    if !store::end_enrolment(&mut tx, &channel.id, &id, now).await? {
        return Err(ApiError::not_found());
    }
    audit::record_in(&mut tx, &staff, AuditAction::StaffInviteCancel, &format!("{} <{}>", invitation.name, invitation.email)).await?;
    tx.commit().await?;
    Ok(AdminAnswer { status: StatusCode::NO_CONTENT, cookie: None, body: () })
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct EnrolmentLookupInput {
    /// The `token` of the mailed link.
    #[schema(required = true, value_type = String)]
    pub token: Option<String>,
}

/// What an enrolment link is for, with the secret to add to the authenticator app.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Enrolment {
    pub kind: EnrolmentKind,
    pub shop_name: String,
    pub email: String,
    pub name: String,
    pub role_label: String,
    /// Base32, for typing into the app by hand.
    pub totp_secret: String,
    /// The same secret as an `otpauth://totp/` URI, for the QR code.
    pub otpauth_uri: String,
    pub expires_at: Timestamp,
}

/// The link's row when it is open and of this shop, and its secret unsealed.
async fn open_link(state: &AppState, channel: &Channel, token: Option<&str>, now: i64) -> ApiResult<(EnrolmentRow, String)> {
    let token = token.unwrap_or("").trim();
    if token.len() != 64 || !token.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(enrolment::invalid());
    }
    let row = store::find_open_enrolment(&state.db, &session::token_hash(token), now, enrolment::MAX_ATTEMPTS)
        .await?
        .filter(|row| row.channel_id == channel.id)
        .ok_or_else(enrolment::invalid)?;
    let secret = state.totp_keys.open(&row.id, &row.totp_secret).map_err(anyhow::Error::from)?.secret().to_owned();
    Ok((row, secret))
}

#[utoipa::path(post, path = "/v1/admin/enrolments/lookup", operation_id = "admin_enrolment_lookup", tag = "admin", request_body = EnrolmentLookupInput,
    responses((status = 200, body = Enrolment, description = "the link is open: what it is for, and the secret to add"),
        (status = 404, body = ErrorBody, description = "`admin.enrolment.invalid`: unknown, used, expired, cancelled, or another shop's"),
        (status = 429, body = ErrorBody)))]
pub async fn enrolment_lookup(
    State(state): State<AppState>,
    channel: Channel,
    client: Client,
    ApiJson(input): ApiJson<EnrolmentLookupInput>,
) -> ApiResult<AdminAnswer<Json<Enrolment>>> {
    let now = Timestamp::now().0;
    rate_limit::enforce(&state, login::RATE_LIMIT, &channel.id, &client.ip, now).await?;
    ip_allowlist::enforce(&state, &channel, &client.ip).await?;
    let (row, secret) = open_link(&state, &channel, input.token.as_deref(), now).await?;
    let kind =
        EnrolmentKind::parse(&row.kind).ok_or_else(|| ApiError::Internal(anyhow::anyhow!("enrolment {} has the unknown kind {:?}", row.id, row.kind)))?;
    Ok(AdminAnswer::ok(Json(Enrolment {
        kind,
        shop_name: channel.name.clone(),
        otpauth_uri: totp::otpauth_uri(&secret, &channel.name, &row.email)?,
        totp_secret: secret,
        role_label: role_of(&row)?.label().to_owned(),
        email: row.email,
        name: row.name,
        expires_at: Timestamp(row.expires_at),
    })))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct EnrolmentCompleteInput {
    #[schema(required = true, value_type = String)]
    pub token: Option<String>,
    /// 12–128 characters.
    #[schema(required = true, value_type = String)]
    pub password: Option<String>,
    /// The 6 digits the app shows for the link's secret.
    #[schema(required = true, value_type = String)]
    pub code: Option<String>,
}

#[utoipa::path(post, path = "/v1/admin/enrolments/complete", operation_id = "admin_enrolment_complete", tag = "admin", request_body = EnrolmentCompleteInput,
    responses((status = 200, body = StaffBody, description = "enrolled and logged in: the cookie `shop_staff` is set"),
        (status = 404, body = ErrorBody, description = "`admin.enrolment.invalid` (also after 10 wrong codes, or when the address became staff meanwhile)"),
        (status = 422, body = ErrorBody, description = "`errors.password`, `errors.code`"),
        (status = 429, body = ErrorBody)))]
pub async fn enrolment_complete(
    State(state): State<AppState>,
    channel: Channel,
    client: Client,
    ApiJson(input): ApiJson<EnrolmentCompleteInput>,
) -> ApiResult<AdminAnswer<Json<StaffBody>>> {
    let now = Timestamp::now().0;
    rate_limit::enforce(&state, login::RATE_LIMIT, &channel.id, &client.ip, now).await?;
    ip_allowlist::enforce(&state, &channel, &client.ip).await?;
    let (row, secret) = open_link(&state, &channel, input.token.as_deref(), now).await?;
    let password = input.password.unwrap_or_default();
    enrolment::check_password(&password).map_err(|message| ApiError::field("password", message))?;
    let step = match input.code.as_deref().and_then(typed_code) {
        Some(code) => totp::matched_step(&secret, &code, login::seconds(now))?,
        None => None,
    };
    let Some(step) = step else {
        store::count_enrolment_attempt(&state.db, &row.id).await?;
        return Err(ApiError::field("code", enrolment::WRONG_CODE_MESSAGE));
    };
    let password_hash = password::hash_off_thread(&password).await?;
    let kind = EnrolmentKind::parse(&row.kind);
    let mut tx = state.db.begin_write().await?;
    if !store::end_enrolment(&mut tx, &channel.id, &row.id, now).await? {
        return Err(enrolment::invalid());
    }
    let staff_id = match (kind, row.staff_id.as_deref()) {
        (Some(EnrolmentKind::Reset), Some(staff_id)) => {
            store::update_staff_enrolled(&mut tx, staff_id, &password_hash, &state.totp_keys.seal(staff_id, &secret), step).await?;
            staff_id.to_owned()
        }
        (Some(EnrolmentKind::Invite), None) => {
            if store::find_staff_by_email(&state.db, &channel.id, &row.email).await?.is_some() {
                return Err(enrolment::invalid());
            }
            let id = new_id();
            let new = NewStaff {
                id: &id,
                channel_id: &channel.id,
                email: &row.email,
                name: &row.name,
                password_hash: &password_hash,
                totp_secret: &state.totp_keys.seal(&id, &secret),
                role: role_of(&row)?,
            };
            store::insert_staff(&mut tx, &new, now).await?;
            store::update_totp_step(&mut tx, &id, step).await?;
            id
        }
        _ => return Err(ApiError::Internal(anyhow::anyhow!("enrolment {} is a {:?} with staff {:?}", row.id, row.kind, row.staff_id))),
    };
    let staff = store::find_staff(&mut *tx, &staff_id).await?.ok_or_else(enrolment::invalid)?.staff()?;
    let token = session::new_token();
    open_session(&mut tx, &token, &staff, now).await?;
    let what = if kind == Some(EnrolmentKind::Reset) { "認証アプリを再設定" } else { "招待から登録" };
    audit::record_in(&mut tx, &staff, AuditAction::StaffEnrol, what).await?;
    tx.commit().await?;
    Ok(AdminAnswer {
        status: StatusCode::OK,
        cookie: Some(session::set_cookie(&token, client.https)),
        body: Json(StaffBody::of(&state, &channel, staff).await?),
    })
}
