//! The httpOnly cookies that carry our own tokens (a member's refresh token, a staff session,
//! a social login's state), each with its own name, path, SameSite rule and value shape.
//! Written once so every one of them is read and written the same way.
use axum::http::{HeaderMap, HeaderValue, header};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SameSite {
    /// No other site's page makes the browser send it (the back office).
    Strict,
    /// Sent on top-level navigations from other sites too (a member following a mail link).
    Lax,
}

impl SameSite {
    fn as_str(self) -> &'static str {
        match self {
            Self::Strict => "Strict",
            Self::Lax => "Lax",
        }
    }
}

#[derive(Debug, Clone, Copy)]
pub struct TokenCookie {
    pub name: &'static str,
    pub path: &'static str,
    pub same_site: SameSite,
    /// Whether a presented value has the shape of ours; anything else is not read at all.
    pub accepts: fn(&str) -> bool,
}

/// 256 random bits as 64 hex digits: our session tokens.
pub fn is_hex_token(value: &str) -> bool {
    value.len() == 64 && value.bytes().all(|b| b.is_ascii_hexdigit())
}

impl TokenCookie {
    /// Sets the cookie for `max_age_seconds`; `secure` when the request came over HTTPS.
    pub fn set(&self, token: &str, max_age_seconds: i64, secure: bool) -> HeaderValue {
        let secure = if secure { "; Secure" } else { "" };
        let text = format!("{}={token}; Path={}; Max-Age={max_age_seconds}; HttpOnly; SameSite={}{secure}", self.name, self.path, self.same_site.as_str());
        // Our own tokens (hex, base64url) and fixed attributes only: always a valid header value.
        HeaderValue::from_str(&text).expect("a cookie of token characters and fixed attributes")
    }

    /// Tells the browser to forget the cookie.
    pub fn clear(&self, secure: bool) -> HeaderValue {
        self.set("", 0, secure)
    }

    /// The token from the request's `Cookie` headers, if one looks like ours.
    pub fn read(&self, headers: &HeaderMap) -> Option<String> {
        headers
            .get_all(header::COOKIE)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(';'))
            .filter_map(|pair| pair.trim().split_once('='))
            .find(|(name, _)| *name == self.name)
            .map(|(_, value)| value.trim().trim_matches('"').to_owned())
            .filter(|value| (self.accepts)(value))
    }
}
