//! Refresh tokens and their cookie. The token is 256 random bits the browser keeps in an
//! httpOnly cookie scoped to `/v1/auth` (the SPA never sees it); the database keeps its
//! SHA-256. Each refresh rotates it; a rotated token presented again means it was copied,
//! so the whole family (every token descending from that login) is revoked — unless it was
//! rotated only moments ago (see [`REUSE_INTERVAL_MS`]).
use axum::http::{HeaderMap, HeaderValue};

use crate::infra::secret::{random_hex, sha256_hex};
use crate::infra::token_cookie::{SameSite, TokenCookie, is_hex_token};

pub const COOKIE_NAME: &str = "shop_refresh";
pub const COOKIE_PATH: &str = "/v1/auth";
/// A member who does not come back for this long logs in again.
pub const LIFETIME_SECONDS: i64 = 30 * 24 * 60 * 60;

/// How long a rotated token may still be presented without counting as reuse. Why: every tab
/// of a browser shares the one cookie, so when the access token runs out two tabs (or a tab
/// and a retried request) refresh at the same moment; the slower one presents the token the
/// faster one has just rotated and, without this, would revoke the family and log the member
/// out everywhere. Such a late request gets a fresh sibling token of the same family instead.
/// 20 s covers a slow mobile round trip; a copied cookie replayed any later than that still
/// revokes the family, and a later reuse of any sibling revokes them all.
pub const REUSE_INTERVAL_MS: i64 = 20_000;

/// What a presented refresh token is worth.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Presented {
    /// Unused so far: rotate it.
    Current,
    /// Rotated less than [`REUSE_INTERVAL_MS`] ago: a concurrent refresh of the same browser.
    JustRotated,
    /// Rotated earlier: a copy is in use somewhere; revoke the family.
    Reused,
    /// Revoked or expired: refused, nothing else happens.
    Dead,
}

pub fn judge(rotated_at: Option<i64>, revoked_at: Option<i64>, expires_at: i64, now: i64) -> Presented {
    if revoked_at.is_some() || expires_at <= now {
        return Presented::Dead;
    }
    match rotated_at {
        None => Presented::Current,
        Some(at) if now - at < REUSE_INTERVAL_MS => Presented::JustRotated,
        Some(_) => Presented::Reused,
    }
}

pub fn new_token() -> String {
    random_hex(32)
}

pub fn token_hash(token: &str) -> String {
    sha256_hex(token)
}

const COOKIE: TokenCookie = TokenCookie { name: COOKIE_NAME, path: COOKIE_PATH, same_site: SameSite::Lax, accepts: is_hex_token };

pub fn set_cookie(token: &str, secure: bool) -> HeaderValue {
    COOKIE.set(token, LIFETIME_SECONDS, secure)
}

pub fn clear_cookie(secure: bool) -> HeaderValue {
    COOKIE.clear(secure)
}

/// The refresh token from the request's `Cookie` headers, if one looks like ours.
pub fn from_cookies(headers: &HeaderMap) -> Option<String> {
    COOKIE.read(headers)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::infra::client::is_https;

    fn headers(pairs: &[(&str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(axum::http::HeaderName::from_bytes(name.as_bytes()).unwrap(), value.parse().unwrap());
        }
        map
    }

    #[test]
    fn the_cookie_is_http_only_lax_and_scoped_to_auth() {
        let token = new_token();
        let set = set_cookie(&token, false);
        let text = set.to_str().unwrap();
        assert!(text.starts_with(&format!("shop_refresh={token}; Path=/v1/auth; Max-Age=2592000; HttpOnly; SameSite=Lax")));
        assert!(!text.contains("Secure"));
        assert!(set_cookie(&token, true).to_str().unwrap().ends_with("; Secure"));
        assert!(clear_cookie(false).to_str().unwrap().starts_with("shop_refresh=; Path=/v1/auth; Max-Age=0"));
    }

    #[test]
    fn the_token_is_read_among_other_cookies() {
        let token = new_token();
        let found = from_cookies(&headers(&[("cookie", "a=1"), ("cookie", &format!("b=2; shop_refresh={token}; c=3"))]));
        assert_eq!(found.as_deref(), Some(token.as_str()));
        assert_eq!(from_cookies(&headers(&[("cookie", "shop_refresh=short")])), None);
        assert_eq!(from_cookies(&headers(&[])), None);
    }

    #[test]
    fn https_is_known_from_the_proxy_headers() {
        assert!(is_https(&headers(&[("x-forwarded-proto", "https")])));
        assert!(is_https(&headers(&[("forwarded", "for=1.2.3.4;proto=https")])));
        assert!(!is_https(&headers(&[("x-forwarded-proto", "http")])));
        assert!(!is_https(&headers(&[])));
    }

    #[test]
    fn a_token_rotated_moments_ago_is_a_concurrent_refresh_and_later_a_reuse() {
        let (now, expires) = (1_000_000, 2_000_000);
        assert_eq!(judge(None, None, expires, now), Presented::Current);
        assert_eq!(judge(Some(now), None, expires, now), Presented::JustRotated);
        assert_eq!(judge(Some(now - REUSE_INTERVAL_MS + 1), None, expires, now), Presented::JustRotated);
        assert_eq!(judge(Some(now - REUSE_INTERVAL_MS), None, expires, now), Presented::Reused);
        assert_eq!(judge(Some(now - 3_600_000), None, expires, now), Presented::Reused);
    }

    #[test]
    fn revoked_or_expired_tokens_are_dead_even_in_the_interval() {
        let now = 1_000_000;
        assert_eq!(judge(Some(now), Some(now), now + 1, now), Presented::Dead);
        assert_eq!(judge(None, Some(now - 1), now + 1, now), Presented::Dead);
        assert_eq!(judge(None, None, now, now), Presented::Dead, "expired at this very moment");
    }

    #[test]
    fn tokens_are_random_and_stored_hashed() {
        let token = new_token();
        assert_ne!(token, new_token());
        assert_eq!(token_hash(&token), token_hash(&token));
        assert_ne!(token_hash(&token), token);
    }
}
