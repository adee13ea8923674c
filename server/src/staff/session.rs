//! Staff sessions and their cookie. The token is 256 random bits in the httpOnly cookie
//! `shop_staff`, scoped to `/v1/admin` and SameSite=Strict (no other site's page can make the
//! browser send it); the database keeps its SHA-256. A session ends after [`IDLE_MS`] without
//! a request, and at the latest [`LIFETIME_MS`] after login.
use axum::http::{HeaderMap, HeaderValue};

use crate::infra::secret::{random_hex, sha256_hex};
use crate::infra::time::Timestamp;
use crate::infra::token_cookie::{SameSite, TokenCookie, is_hex_token};

pub const COOKIE_NAME: &str = "shop_staff";
pub const COOKIE_PATH: &str = "/v1/admin";
/// A staff member away this long logs in again.
pub const IDLE_MS: i64 = 12 * Timestamp::HOUR_MS;
/// Even a session in constant use ends after a week.
pub const LIFETIME_MS: i64 = 7 * Timestamp::DAY_MS;
/// `last_seen_at` is written at most this often, not on every request.
pub const TOUCH_EVERY_MS: i64 = 60_000;

pub fn new_token() -> String {
    random_hex(32)
}

pub fn token_hash(token: &str) -> String {
    sha256_hex(token)
}

pub fn is_alive(last_seen_at: i64, expires_at: i64, now: i64) -> bool {
    now - last_seen_at < IDLE_MS && now < expires_at
}

pub fn needs_touch(last_seen_at: i64, now: i64) -> bool {
    now - last_seen_at >= TOUCH_EVERY_MS
}

const COOKIE: TokenCookie = TokenCookie { name: COOKIE_NAME, path: COOKIE_PATH, same_site: SameSite::Strict, accepts: is_hex_token };

/// Sets the session cookie; `secure` when the request came over HTTPS.
pub fn set_cookie(token: &str, secure: bool) -> HeaderValue {
    COOKIE.set(token, LIFETIME_MS / 1000, secure)
}

pub fn clear_cookie(secure: bool) -> HeaderValue {
    COOKIE.clear(secure)
}

/// The session token from the request's `Cookie` headers, if one looks like ours.
pub fn from_cookies(headers: &HeaderMap) -> Option<String> {
    COOKIE.read(headers)
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::header;

    #[test]
    fn the_cookie_is_http_only_strict_and_scoped_to_admin() {
        let token = new_token();
        let text = set_cookie(&token, false).to_str().unwrap().to_owned();
        assert_eq!(text, format!("shop_staff={token}; Path=/v1/admin; Max-Age=604800; HttpOnly; SameSite=Strict"));
        assert!(set_cookie(&token, true).to_str().unwrap().ends_with("; Secure"));
        assert!(clear_cookie(false).to_str().unwrap().starts_with("shop_staff=; Path=/v1/admin; Max-Age=0"));
    }

    #[test]
    fn a_session_dies_after_twelve_idle_hours_or_at_its_end() {
        let now = 10 * Timestamp::DAY_MS;
        assert!(is_alive(now - IDLE_MS + 1, now + 1, now));
        assert!(!is_alive(now - IDLE_MS, now + 1, now), "12 hours idle");
        assert!(!is_alive(now, now, now), "past its end");
    }

    #[test]
    fn the_token_is_read_among_other_cookies_and_hashed() {
        let token = new_token();
        let mut headers = HeaderMap::new();
        headers.append(header::COOKIE, format!("shop_refresh=x; {COOKIE_NAME}={token}").parse().unwrap());
        assert_eq!(from_cookies(&headers).as_deref(), Some(token.as_str()));
        headers.insert(header::COOKIE, "shop_staff=short".parse().unwrap());
        assert_eq!(from_cookies(&headers), None);
        assert_ne!(token_hash(&token), token);
    }
}
