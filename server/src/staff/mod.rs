//! Staff (issue 14): the people of a shop who answer inquiries and send messages in /admin.
//! A staff member belongs to one channel and logs in with a password and a TOTP code
//! (login.rs, totp.rs); the session is an httpOnly cookie (session.rs) that only reaches
//! `/v1/admin` of that channel. Handlers take [`Can<P>`] (permission.rs) for the permission
//! `P` they need (its role's, 403 otherwise), or [`Staff`] where any member of staff may; every
//! change is written to the audit log (audit.rs). Staff are made with `shop staff create` (create.rs)
//! or by an owner's invitation (enrolment.rs), never seeded.
pub mod answer;
pub mod audit;
pub mod create;
pub mod enrolment;
pub mod http;
pub mod ip_allowlist;
pub mod login;
pub mod permission;
pub mod sealing;
pub mod session;
pub mod store;
pub mod totp;

pub use http::routes;
pub use permission::{Can, Permission, StaffRole};

use axum::extract::FromRequestParts;
use axum::http::request::Parts;

use crate::channel::Channel;
use crate::infra::error::ApiError;
use crate::infra::ids::ChannelId;
use crate::infra::time::Timestamp;
use crate::state::AppState;

/// The logged-in staff member of the request's channel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Staff {
    pub id: String,
    pub channel_id: ChannelId,
    pub name: String,
    pub email: String,
    pub role: StaffRole,
}

/// The cookie `shop_staff` of a live session (not idle for 12 hours, not past its end) of a
/// staff member of the request's channel; anything else is 401. From outside the shop's IP
/// allow-list (ip_allowlist.rs), 403 whatever the cookie.
impl FromRequestParts<AppState> for Staff {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let channel = Channel::from_request_parts(parts, state).await?;
        let client = crate::infra::client::Client::from_request_parts(parts, state).await?;
        ip_allowlist::enforce(state, &channel, &client.ip).await?;
        let token = session::from_cookies(&parts.headers).ok_or(ApiError::Unauthorized)?;
        let now = Timestamp::now().0;
        let found = store::find_session(&state.db, &session::token_hash(&token)).await?.ok_or(ApiError::Unauthorized)?;
        if found.session_channel_id != channel.id
            || found.staff.channel_id != channel.id
            || !found.staff.is_active()
            || !session::is_alive(found.last_seen_at, found.expires_at, now)
        {
            return Err(ApiError::Unauthorized);
        }
        if session::needs_touch(found.last_seen_at, now) {
            store::update_session_seen(&state.db, &found.session_id, now).await?;
        }
        found.staff.staff().map_err(ApiError::Internal)
    }
}
