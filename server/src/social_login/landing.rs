//! Where the browser goes: the same-site path asked for at the start (`redirect`), and the
//! storefront's `/oauth/callback` page the callback sends the browser to. No token ever
//! travels in these URLs: the session is the refresh cookie, which the page trades for an
//! access token with `POST /v1/auth/refresh`.
use crate::infra::ids::UserId;
use oauth2::url::form_urlencoded;

/// Where a login without a (usable) `redirect` ends.
pub const DEFAULT_PATH: &str = "/mypage";
/// The storefront page that finishes a social login.
pub const LANDING_PAGE: &str = "/oauth/callback";
const PATH_MAX: usize = 1024;

/// Why a social login failed, as the `error` of the landing page's query.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Failure {
    /// The state is unknown, used, expired, of another channel or provider, or not this browser's.
    InvalidState,
    /// The provider refused, failed, or answered something unusable (details only in the log).
    ProviderError,
    /// The provider's e-mail belongs to a member who has not linked this provider: they log in
    /// with their password first (linking from the member's page is not built yet).
    AccountExists,
    /// A new account needs an e-mail the provider says is verified.
    EmailUnverified,
    /// Our own failure (database, mail); logged.
    ServerError,
}

impl Failure {
    pub fn code(self) -> &'static str {
        match self {
            Failure::InvalidState => "invalid_state",
            Failure::ProviderError => "provider_error",
            Failure::AccountExists => "account_exists",
            Failure::EmailUnverified => "email_unverified",
            Failure::ServerError => "server_error",
        }
    }
}

/// `redirect` if it is a path of this site, else [`DEFAULT_PATH`]: one leading `/` (a second
/// one, or a backslash that browsers read as one, would name another host), no control
/// characters or spaces, not absurdly long.
pub fn same_site_path(redirect: Option<&str>) -> String {
    let Some(path) = redirect else { return DEFAULT_PATH.into() };
    let acceptable = path.starts_with('/')
        && !path.starts_with("//")
        && !path.contains('\\')
        && path.len() <= PATH_MAX
        && !path.chars().any(|c| c.is_control() || c.is_whitespace());
    if acceptable { path.to_owned() } else { DEFAULT_PATH.into() }
}

fn encoded(pairs: &[(&str, &str)]) -> String {
    let mut query = form_urlencoded::Serializer::new(String::new());
    for (name, value) in pairs {
        query.append_pair(name, value);
    }
    query.finish()
}

/// Logged in: the refresh cookie is set; the page goes on to `path`.
pub fn logged_in(path: &str) -> String {
    format!("{LANDING_PAGE}?{}", encoded(&[("redirect", path)]))
}

/// The channel asks for the mailed code (MFA): the page continues with `POST /v1/auth/verify`.
/// In the fragment, as the storefront reads a pending login there (and it stays out of logs).
pub fn code_step(user_id: &UserId, path: &str) -> String {
    format!("{LANDING_PAGE}#{}", encoded(&[("is_verify", "true"), ("user_id", user_id), ("redirect", path)]))
}

pub fn failed(failure: Failure) -> String {
    format!("{LANDING_PAGE}?{}", encoded(&[("error", failure.code())]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_same_site_paths_are_kept() {
        for good in ["/mypage", "/cart?step=2", "/product/abc#reviews", "/", "/検索"] {
            assert_eq!(same_site_path(Some(good)), good);
        }
        for bad in ["//evil.example", "/\\evil.example", "https://evil.example/", "evil", "", "/a b", "/a\r\nSet-Cookie: x", "/a\u{0}", "\\\\evil"] {
            assert_eq!(same_site_path(Some(bad)), DEFAULT_PATH, "{bad:?}");
        }
        assert_eq!(same_site_path(Some(&format!("/{}", "a".repeat(2000)))), DEFAULT_PATH);
        assert_eq!(same_site_path(None), DEFAULT_PATH);
    }

    #[test]
    fn the_landing_page_gets_the_path_encoded_and_never_a_token() {
        assert_eq!(logged_in("/cart?step=2&x=1"), "/oauth/callback?redirect=%2Fcart%3Fstep%3D2%26x%3D1");
        assert_eq!(failed(Failure::AccountExists), "/oauth/callback?error=account_exists");
        assert_eq!(code_step(&UserId::from_text("u-1"), "/mypage"), "/oauth/callback#is_verify=true&user_id=u-1&redirect=%2Fmypage");
    }
}
