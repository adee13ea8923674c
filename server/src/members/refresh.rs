//! Refresh tokens and their cookie. The token is 256 random bits the browser keeps in an
//! httpOnly cookie scoped to `/v1/auth` (the SPA never sees it); the database keeps its
//! SHA-256. Each refresh rotates it; a rotated token presented again means it was copied,
//! so the whole family (every token descending from that login) is revoked.
use axum::http::{header, HeaderMap, HeaderValue};

use super::one_time_code::sha256_hex;
use crate::auth::token::random_hex;

pub const COOKIE_NAME: &str = "shop_refresh";
pub const COOKIE_PATH: &str = "/v1/auth";
/// A member who does not come back for this long logs in again.
pub const LIFETIME_SECONDS: i64 = 30 * 24 * 60 * 60;

pub fn new_token() -> String {
    random_hex(32)
}

pub fn token_hash(token: &str) -> String {
    sha256_hex(token)
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

fn cookie(value: &str, max_age: i64, secure: bool) -> HeaderValue {
    let secure = if secure { "; Secure" } else { "" };
    let text = format!("{COOKIE_NAME}={value}; Path={COOKIE_PATH}; Max-Age={max_age}; HttpOnly; SameSite=Lax{secure}");
    // Hex tokens and fixed attributes only: always a valid header value.
    HeaderValue::from_str(&text).expect("a cookie of hex and fixed attributes")
}

pub fn set_cookie(token: &str, secure: bool) -> HeaderValue {
    cookie(token, LIFETIME_SECONDS, secure)
}

pub fn clear_cookie(secure: bool) -> HeaderValue {
    cookie("", 0, secure)
}

/// The refresh token from the request's `Cookie` headers, if one looks like ours.
pub fn from_cookies(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == COOKIE_NAME)
        .map(|(_, value)| value.trim().trim_matches('"').to_owned())
        .filter(|value| value.len() == 64 && value.bytes().all(|b| b.is_ascii_hexdigit()))
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn tokens_are_random_and_stored_hashed() {
        let token = new_token();
        assert_ne!(token, new_token());
        assert_eq!(token_hash(&token), token_hash(&token));
        assert_ne!(token_hash(&token), token);
    }
}
