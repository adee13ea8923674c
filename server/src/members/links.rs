//! Mailed links: the storefront address they point at (never taken from a forged Host
//! header) and whether a presented link token is still usable. Used by the members' handlers,
//! social login and the checkout's order mails.
use axum::http::{HeaderMap, header};

use super::LINK_INVALID_MESSAGE;
use super::one_time_code::{self, Purpose};
use super::session_store;
use super::store::{self, UserRow};
use crate::channel::Channel;
use crate::infra::error::{ApiError, ApiResult};
use crate::infra::ids::ChannelId;
use crate::state::AppState;

/// The storefront address that mailed links point at, for a member of `target_channel_id`:
/// the request's host when it is one of ours and the member belongs to the request's shop (so
/// links open where the member is, port included), else the member's shop's first host name
/// (with the request's port). Never an arbitrary Host header: a forged one would send reset
/// links to another site.
pub async fn link_origin(state: &AppState, channel: &Channel, target_channel_id: &ChannelId, headers: &HeaderMap, https: bool) -> ApiResult<String> {
    let scheme = if https { "https" } else { "http" };
    let requested = headers.get(header::HOST).and_then(|v| v.to_str().ok()).map(str::trim).unwrap_or("");
    let valid = !requested.is_empty() && requested.bytes().all(|b| b.is_ascii_alphanumeric() || b"-.:[]".contains(&b));
    let (name, port) = match requested.rsplit_once(':') {
        Some((name, port)) if !port.is_empty() && port.bytes().all(|b| b.is_ascii_digit()) => (name, Some(port)),
        _ => (requested, None),
    };
    let name = name.trim_matches(['[', ']']).to_ascii_lowercase();
    if valid && *target_channel_id == channel.id && store::find_host_known(&state.db, &name).await? {
        return Ok(format!("{scheme}://{requested}"));
    }
    let hosts = store::list_channel_hosts(&state.db, target_channel_id).await?;
    let host = hosts.into_iter().find(|h| h.parse::<std::net::IpAddr>().is_err()).unwrap_or_else(|| "localhost".into());
    Ok(match port.filter(|_| valid) {
        Some(port) => format!("{scheme}://{host}:{port}"),
        None => format!("{scheme}://{host}"),
    })
}

/// `origin` + `path?token=…` (the token is hex: nothing to escape).
pub fn link(origin: &str, path: &str, token: &str) -> String {
    format!("{origin}{path}?token={token}")
}

/// The secret behind a mailed link, if it is still usable and its member is of this channel.
pub async fn usable_link(state: &AppState, channel: &Channel, purpose: Purpose, token: &str, now: i64) -> ApiResult<(session_store::SecretRow, UserRow)> {
    let invalid = || ApiError::NotFound(LINK_INVALID_MESSAGE);
    let token = token.trim();
    if token.len() != 64 || !token.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(invalid());
    }
    let secret = session_store::find_secret_by_hash(&state.db, purpose, &one_time_code::link_hash(token)).await?.ok_or_else(invalid)?;
    if !one_time_code::is_usable(secret.used_at, secret.expires_at, secret.attempts, now) {
        return Err(invalid());
    }
    let user = store::find_user(&state.db.pool, &channel.id, &secret.user_id).await?.ok_or_else(invalid)?;
    Ok((secret, user))
}
