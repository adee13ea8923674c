//! Who is asking, for lockout, rate limits and the login history: the source address and
//! the browser's user agent. The address is the connection's peer; behind a reverse proxy
//! (`SHOP_TRUST_FORWARDED_FOR`) it is the last `X-Forwarded-For` entry, the one our own proxy
//! appended — earlier entries are whatever the client claimed. Requests that carry neither
//! (the in-process tests) share the source `unknown`.
use std::net::SocketAddr;

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use axum::http::{HeaderMap, header};

use crate::infra::error::ApiError;
use crate::state::AppState;

const USER_AGENT_MAX: usize = 500;

#[derive(Debug, Clone)]
pub struct Client {
    pub ip: String,
    pub user_agent: String,
    /// The request came over HTTPS (for the cookie's `Secure`).
    pub https: bool,
}

fn forwarded_for(headers: &HeaderMap) -> Option<String> {
    let last = headers.get_all("x-forwarded-for").iter().filter_map(|v| v.to_str().ok()).flat_map(|v| v.split(',')).map(str::trim).rfind(|v| !v.is_empty())?;
    last.parse::<std::net::IpAddr>().ok().map(|ip| ip.to_string())
}

pub fn source(headers: &HeaderMap, peer: Option<SocketAddr>, trust_forwarded_for: bool) -> String {
    let forwarded = if trust_forwarded_for { forwarded_for(headers) } else { None };
    forwarded.or_else(|| peer.map(|p| p.ip().to_string())).unwrap_or_else(|| "unknown".into())
}

impl FromRequestParts<AppState> for Client {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let peer = parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|c| c.0);
        let user_agent: String =
            parts.headers.get(axum::http::header::USER_AGENT).and_then(|v| v.to_str().ok()).unwrap_or("").chars().take(USER_AGENT_MAX).collect();
        Ok(Client { ip: source(&parts.headers, peer, state.config.trust_forwarded_for), user_agent, https: is_https(&parts.headers) })
    }
}

/// The request came over HTTPS (as the reverse proxy in front of us tells), so the cookie
/// may carry `Secure`. Without a proxy the server speaks plain HTTP (a laptop, the tests).
pub fn is_https(headers: &HeaderMap) -> bool {
    let forwarded_proto = headers
        .get("x-forwarded-proto")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(',').next())
        .is_some_and(|proto| proto.trim().eq_ignore_ascii_case("https"));
    let forwarded = headers
        .get(header::FORWARDED)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split([';', ',']).any(|pair| pair.trim().eq_ignore_ascii_case("proto=https")));
    forwarded_proto || forwarded
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(xff: &str) -> HeaderMap {
        let mut map = HeaderMap::new();
        map.insert("x-forwarded-for", xff.parse().unwrap());
        map
    }

    #[test]
    fn the_peer_address_counts_unless_a_proxy_is_trusted() {
        let peer: SocketAddr = "10.0.0.5:4321".parse().unwrap();
        assert_eq!(source(&headers("203.0.113.9"), Some(peer), false), "10.0.0.5");
        assert_eq!(source(&headers("198.51.100.1, 203.0.113.9"), Some(peer), true), "203.0.113.9");
        assert_eq!(source(&headers("not-an-ip"), Some(peer), true), "10.0.0.5");
        assert_eq!(source(&HeaderMap::new(), None, false), "unknown");
    }
}
