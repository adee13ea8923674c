//! Channels (tenants): which shop a request is for, its settings, colour scheme and
//! maintenance state. Every `/v1` request passes through [`resolve`] first.
pub mod bank_account;
pub mod carriage;
pub mod corporate;
pub mod gift_settings;
pub mod holiday_rule;
pub mod http;
pub mod maintenance;
pub mod payment_kind;
pub mod settings;
pub mod settings_group;
pub mod shop_info;
pub mod store;
pub mod switches;

pub use payment_kind::PaymentKind;

use std::borrow::Cow;
use std::sync::Arc;

use axum::extract::{FromRequestParts, Request, State};
use axum::http::HeaderMap;
use axum::http::request::Parts;
use axum::middleware::Next;
use axum::response::Response;

use crate::infra::error::{ApiError, CHANNEL_NOT_FOUND_MESSAGE};
use crate::infra::fresh_cache::FreshCache;
use crate::infra::ids::ChannelId;
use crate::state::AppState;

pub use http::routes;

/// The shop a request is addressed to. Cloning it is one reference count: every `/v1`
/// request takes it from the cache into the request and out again in its handler.
#[derive(Debug, Clone)]
pub struct Channel(Arc<ChannelRecord>);

impl std::ops::Deref for Channel {
    type Target = ChannelRecord;

    fn deref(&self) -> &ChannelRecord {
        &self.0
    }
}

impl From<ChannelRecord> for Channel {
    fn from(record: ChannelRecord) -> Self {
        Channel(Arc::new(record))
    }
}

/// A channel's row.
#[derive(Debug, sqlx::FromRow)]
pub struct ChannelRecord {
    pub id: ChannelId,
    pub code: String,
    pub name: String,
    pub theme: String,
    pub tenant: Option<String>,
    pub company_code: String,
    pub maintenance_on: i64,
    pub maintenance_title: String,
    pub maintenance_message: String,
}

impl ChannelRecord {
    pub fn in_maintenance(&self) -> bool {
        self.maintenance_on != 0
    }
}

/// How long a looked-up channel (or the fact that a host has none) is reused. Every request
/// needs its channel; a change (maintenance on/off) reaches every instance within this time.
pub const CHANNEL_FRESH_FOR: std::time::Duration = std::time::Duration::from_secs(1);

/// Channels by code (`X-Channel`) and by host name, including misses, so that requests for
/// unknown hosts cannot make every request a database query either.
#[derive(Clone)]
pub struct ChannelCache {
    by_code: FreshCache<String, Option<Channel>>,
    by_host: FreshCache<String, Option<Channel>>,
}

const CHANNELS_KEPT: usize = 10_000;

impl ChannelCache {
    pub fn new() -> Self {
        ChannelCache { by_code: FreshCache::new(CHANNELS_KEPT, CHANNEL_FRESH_FOR), by_host: FreshCache::new(CHANNELS_KEPT, CHANNEL_FRESH_FOR) }
    }

    pub fn invalidate_all(&self) {
        self.by_code.forget_all();
        self.by_host.forget_all();
    }
}

impl Default for ChannelCache {
    fn default() -> Self {
        Self::new()
    }
}

/// `X-Channel` names the channel; without it the host name (port stripped) is looked up.
pub async fn find_for_request(state: &AppState, headers: &HeaderMap) -> Result<Channel, ApiError> {
    let by_header = headers.get("x-channel").and_then(|v| v.to_str().ok()).map(str::trim).filter(|v| !v.is_empty());
    let found = match by_header {
        Some(code) => state.channels.by_code.get_or_try_load(code, || store::find_channel_by_code(&state.db, code)).await,
        None => {
            let host = host_name(headers).ok_or(ApiError::NotFound(CHANNEL_NOT_FOUND_MESSAGE))?;
            state.channels.by_host.get_or_try_load(host.as_ref(), || store::find_channel_by_host(&state.db, &host)).await
        }
    };
    let found = found.map_err(|error| ApiError::Internal(anyhow::anyhow!("looking up the channel: {error}")))?;
    found.ok_or(ApiError::NotFound(CHANNEL_NOT_FOUND_MESSAGE))
}

/// Switches maintenance mode; this process sees it at once, other instances within
/// [`CHANNEL_FRESH_FOR`]. Returns false when no channel has that code.
pub async fn set_maintenance(state: &AppState, code: &str, on: bool, title: &str, message: &str) -> Result<bool, ApiError> {
    let changed = store::update_maintenance(&state.db, code, on, title, message).await?;
    state.channels.invalidate_all();
    Ok(changed)
}

/// The request's host name without its port, in lower case (borrowed when it already is).
fn host_name(headers: &HeaderMap) -> Option<Cow<'_, str>> {
    let host = headers.get(axum::http::header::HOST)?.to_str().ok()?;
    let without_port = match host.rsplit_once(':') {
        Some((name, port)) if port.chars().all(|c| c.is_ascii_digit()) && !name.ends_with(']') || name.starts_with('[') => name,
        _ => host,
    };
    let name = without_port.trim_start_matches('[').trim_end_matches(']');
    Some(if name.bytes().any(|b| b.is_ascii_uppercase()) { Cow::Owned(name.to_ascii_lowercase()) } else { Cow::Borrowed(name) })
}

/// The back office's API: open during maintenance.
const BACK_OFFICE_PREFIX: &str = "/v1/admin/";

/// Middleware for `/v1`: unknown channel → 404, maintenance → 503 (but for the back office's
/// `/v1/admin/`), otherwise the channel is put into the request for handlers to extract.
pub async fn resolve(State(state): State<AppState>, mut request: Request, next: Next) -> Result<Response, ApiError> {
    let channel = find_for_request(&state, request.headers()).await?;
    // Maintenance closes the shop to customers, not to its staff: the back office is where
    // they work while it is closed (orders to ship, a catalogue to fix).
    if channel.in_maintenance() && !request.uri().path().starts_with(BACK_OFFICE_PREFIX) {
        return Err(ApiError::Maintenance { title: channel.maintenance_title.clone(), message: channel.maintenance_message.clone() });
    }
    request.extensions_mut().insert(channel.clone());
    let mut response = next.run(request).await;
    // The access log (observe.rs) names the shop that answered.
    response.extensions_mut().insert(channel);
    Ok(response)
}

impl<S: Send + Sync> FromRequestParts<S> for Channel {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        parts.extensions.get::<Channel>().cloned().ok_or_else(|| ApiError::Internal(anyhow::anyhow!("channel middleware missing on this route")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with_host(host: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(axum::http::header::HOST, host.parse().unwrap());
        headers
    }

    #[test]
    fn host_names_lose_their_port_and_case() {
        assert_eq!(host_name(&with_host("Corporate.localhost:8080")).as_deref(), Some("corporate.localhost"));
        assert_eq!(host_name(&with_host("127.0.0.1")).as_deref(), Some("127.0.0.1"));
        assert_eq!(host_name(&with_host("[::1]:8080")).as_deref(), Some("::1"));
    }
}
