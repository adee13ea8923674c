//! The configured providers (`SHOP_OAUTH_PROVIDERS`, a JSON file read once at start) and the
//! two calls made to one: the code exchange at its token endpoint and the userinfo request.
//! Client secrets stay inside `oauth2::ClientSecret`, whose `Debug` prints `[redacted]`.
use std::path::Path;
use std::time::Duration;

use anyhow::{Context, bail};
use oauth2::basic::BasicClient;
use oauth2::url::Url;
use oauth2::{
    AuthType, AuthUrl, AuthorizationCode, ClientId, ClientSecret, CsrfToken, EndpointNotSet, EndpointSet, PkceCodeChallenge, PkceCodeVerifier, RedirectUrl,
    RequestTokenError, Scope, TokenResponse, TokenUrl,
};
use serde::Deserialize;

/// Every outbound call to a provider gives up after this long.
pub const CALL_TIMEOUT: Duration = Duration::from_secs(10);
/// A userinfo answer larger than this is not an identity.
const USERINFO_MAX_BYTES: usize = 64 * 1024;

/// One entry of the providers file.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProviderEntry {
    /// The `{type}` of the URLs: lower-case letters, digits, `-` and `_`.
    #[serde(rename = "type")]
    pub kind: String,
    /// The name the storefront shows on the button (Japanese).
    pub name: String,
    pub authorize_url: String,
    pub token_url: String,
    pub userinfo_url: String,
    pub client_id: String,
    pub client_secret: ClientSecret,
    #[serde(default)]
    pub scopes: Vec<String>,
    /// Channel codes this provider serves; absent: every channel.
    #[serde(default)]
    pub channels: Option<Vec<String>>,
    /// `client_secret_basic` (default, HTTP Basic) or `client_secret_post` (form fields).
    #[serde(default)]
    pub token_auth_method: TokenAuthMethod,
    /// The shop's public origin (`https://shop.example.jp`) for the callback URL registered at
    /// the provider; absent: the origin the browser used for the redirect step.
    #[serde(default)]
    pub public_base_url: Option<String>,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TokenAuthMethod {
    #[default]
    ClientSecretBasic,
    ClientSecretPost,
}

type ConfiguredClient = BasicClient<EndpointSet, EndpointNotSet, EndpointNotSet, EndpointNotSet, EndpointSet>;

/// A checked provider entry.
#[derive(Debug, Clone)]
pub struct Provider {
    pub kind: String,
    pub name: String,
    channels: Option<Vec<String>>,
    public_base_url: Option<String>,
    userinfo_url: Url,
    scopes: Vec<String>,
    client: ConfiguredClient,
}

/// The configured providers and the one HTTP client that calls them.
#[derive(Debug, Clone)]
pub struct Providers {
    list: Vec<Provider>,
    http: reqwest::Client,
}

impl Providers {
    /// No social login (the default).
    pub fn none() -> anyhow::Result<Providers> {
        Self::from_entries(Vec::new())
    }

    /// The providers file at `path`, or none when no file is configured.
    pub fn load(path: Option<&Path>) -> anyhow::Result<Providers> {
        let Some(path) = path else { return Self::none() };
        let text = std::fs::read_to_string(path).with_context(|| format!("reading SHOP_OAUTH_PROVIDERS ({})", path.display()))?;
        Self::from_json(&text).with_context(|| format!("in SHOP_OAUTH_PROVIDERS ({})", path.display()))
    }

    pub fn from_json(text: &str) -> anyhow::Result<Providers> {
        let entries: Vec<ProviderEntry> = serde_json::from_str(text).map_err(|error| {
            // "invalid type: integer `123`…" would print a mistyped secret: keep only the place.
            let message = error.to_string();
            if message.contains("invalid type") || message.contains("invalid value") {
                anyhow::anyhow!("a value of the wrong type at line {} column {}", error.line(), error.column())
            } else {
                anyhow::anyhow!("not a JSON array of providers: {message}")
            }
        })?;
        Self::from_entries(entries)
    }

    pub fn from_entries(entries: Vec<ProviderEntry>) -> anyhow::Result<Providers> {
        let mut list: Vec<Provider> = Vec::with_capacity(entries.len());
        for entry in entries {
            let provider = Provider::check(entry)?;
            if list.iter().any(|other| other.kind == provider.kind && other.overlaps(&provider)) {
                bail!("provider `{}` is configured twice for the same channel", provider.kind);
            }
            list.push(provider);
        }
        let http = reqwest::Client::builder()
            .timeout(CALL_TIMEOUT)
            .connect_timeout(CALL_TIMEOUT)
            // A token or userinfo endpoint that redirects is misconfigured; following it could
            // send the code or the token somewhere else.
            .redirect(reqwest::redirect::Policy::none())
            .user_agent(concat!("shop/", env!("CARGO_PKG_VERSION")))
            .build()
            .context("building the HTTP client for social login")?;
        Ok(Providers { list, http })
    }

    /// The providers the channel `channel_code` offers, in file order.
    pub fn for_channel<'a>(&'a self, channel_code: &'a str) -> impl Iterator<Item = &'a Provider> + 'a {
        self.list.iter().filter(move |p| p.serves(channel_code))
    }

    pub fn find(&self, kind: &str, channel_code: &str) -> Option<&Provider> {
        self.list.iter().find(|p| p.kind == kind && p.serves(channel_code))
    }

    pub fn http(&self) -> &reqwest::Client {
        &self.http
    }
}

/// What the redirect step hands to the browser and keeps for the callback.
pub struct Authorization {
    pub url: Url,
    pub state: String,
    pub code_verifier: String,
}

/// Who the provider says the person is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Identity {
    pub subject: String,
    /// Lower-cased; present only when the provider says it is verified.
    pub verified_email: Option<String>,
    pub family_name: String,
    pub given_name: String,
}

/// Why a call to the provider failed; logged, never shown.
#[derive(Debug, thiserror::Error)]
pub enum ProviderFailure {
    #[error("token endpoint refused the code: {0}")]
    Refused(String),
    #[error("token endpoint unreachable or failing: {0}")]
    Unreachable(String),
    #[error("unusable answer from the provider: {0}")]
    Unusable(String),
}

impl Provider {
    fn check(entry: ProviderEntry) -> anyhow::Result<Provider> {
        let kind = entry.kind.trim().to_owned();
        let valid_kind = !kind.is_empty() && kind.len() <= 32 && kind.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_');
        if !valid_kind {
            bail!("provider type `{kind}`: use 1 to 32 lower-case letters, digits, `-` or `_`");
        }
        if entry.name.trim().is_empty() {
            bail!("provider `{kind}`: `name` is empty");
        }
        if entry.client_id.trim().is_empty() {
            bail!("provider `{kind}`: `client_id` is empty");
        }
        let authorize_url = endpoint(&kind, "authorize_url", &entry.authorize_url)?;
        let token_url = endpoint(&kind, "token_url", &entry.token_url)?;
        let userinfo_url = endpoint(&kind, "userinfo_url", &entry.userinfo_url)?;
        let public_base_url = match entry.public_base_url.as_deref().map(str::trim).filter(|u| !u.is_empty()) {
            None => None,
            Some(text) => Some(origin_of(&kind, text)?),
        };
        let auth_type = match entry.token_auth_method {
            TokenAuthMethod::ClientSecretBasic => AuthType::BasicAuth,
            TokenAuthMethod::ClientSecretPost => AuthType::RequestBody,
        };
        let client = BasicClient::new(ClientId::new(entry.client_id.trim().to_owned()))
            .set_client_secret(entry.client_secret)
            .set_auth_uri(AuthUrl::from_url(authorize_url))
            .set_token_uri(TokenUrl::from_url(token_url))
            .set_auth_type(auth_type);
        Ok(Provider {
            kind,
            name: entry.name.trim().to_owned(),
            channels: entry.channels,
            public_base_url,
            userinfo_url,
            scopes: entry.scopes.into_iter().map(|s| s.trim().to_owned()).filter(|s| !s.is_empty()).collect(),
            client,
        })
    }

    fn serves(&self, channel_code: &str) -> bool {
        self.channels.as_ref().is_none_or(|codes| codes.iter().any(|c| c == channel_code))
    }

    fn overlaps(&self, other: &Provider) -> bool {
        match (&self.channels, &other.channels) {
            (Some(mine), Some(theirs)) => mine.iter().any(|c| theirs.contains(c)),
            _ => true,
        }
    }

    /// The configured public origin, if any (else the request's origin is used).
    pub fn public_base_url(&self) -> Option<&str> {
        self.public_base_url.as_deref()
    }

    /// The provider's authorize URL for one login: a fresh `state` (256 random bits) and a
    /// fresh PKCE verifier whose S256 challenge goes into the URL.
    pub fn authorization(&self, redirect_uri: &str) -> anyhow::Result<Authorization> {
        let redirect = RedirectUrl::new(redirect_uri.to_owned()).context("the callback URL")?;
        let (challenge, verifier) = PkceCodeChallenge::new_random_sha256();
        let (url, state) = self
            .client
            .authorize_url(|| CsrfToken::new_random_len(32))
            .set_redirect_uri(std::borrow::Cow::Owned(redirect))
            .add_scopes(self.scopes.iter().cloned().map(Scope::new))
            .set_pkce_challenge(challenge)
            .url();
        Ok(Authorization { url, state: state.secret().clone(), code_verifier: verifier.secret().clone() })
    }

    /// Exchanges the code (with the PKCE verifier and the client's credentials) for an
    /// access token and asks the userinfo endpoint who it belongs to.
    pub async fn identify(&self, http: &reqwest::Client, code: &str, code_verifier: &str, redirect_uri: &str) -> Result<Identity, ProviderFailure> {
        let redirect = RedirectUrl::new(redirect_uri.to_owned()).map_err(|e| ProviderFailure::Unusable(format!("stored callback URL: {e}")))?;
        let token = self
            .client
            .exchange_code(AuthorizationCode::new(code.to_owned()))
            .set_pkce_verifier(PkceCodeVerifier::new(code_verifier.to_owned()))
            .set_redirect_uri(std::borrow::Cow::Owned(redirect))
            .request_async(http)
            .await
            .map_err(|error| match error {
                RequestTokenError::ServerResponse(response) => ProviderFailure::Refused(response.error().to_string()),
                RequestTokenError::Request(error) => ProviderFailure::Unreachable(error.to_string()),
                // The body may hold a token: only say that it could not be read.
                RequestTokenError::Parse(error, _) => ProviderFailure::Unusable(format!("token answer: {}", error.path())),
                RequestTokenError::Other(message) => ProviderFailure::Unusable(message),
            })?;
        let response = http
            .get(self.userinfo_url.clone())
            .bearer_auth(token.access_token().secret())
            .header(reqwest::header::ACCEPT, "application/json")
            .send()
            .await
            .map_err(|e| ProviderFailure::Unreachable(format!("userinfo: {e}")))?;
        if !response.status().is_success() {
            return Err(ProviderFailure::Refused(format!("userinfo answered {}", response.status())));
        }
        if response.content_length().is_some_and(|n| n > USERINFO_MAX_BYTES as u64) {
            return Err(ProviderFailure::Unusable("userinfo answer too large".into()));
        }
        let bytes = response.bytes().await.map_err(|e| ProviderFailure::Unreachable(format!("userinfo: {e}")))?;
        if bytes.len() > USERINFO_MAX_BYTES {
            return Err(ProviderFailure::Unusable("userinfo answer too large".into()));
        }
        identity_from_userinfo(&bytes)
    }
}

/// A provider endpoint: HTTPS, or plain HTTP to this machine only (a provider run locally or
/// by the tests). Without query-less checks: some providers need fixed query parameters.
fn endpoint(kind: &str, field: &str, text: &str) -> anyhow::Result<Url> {
    let url = Url::parse(text.trim()).with_context(|| format!("provider `{kind}`: `{field}` is not a URL"))?;
    let loopback = matches!(url.host_str(), Some("localhost" | "127.0.0.1" | "[::1]"));
    match url.scheme() {
        "https" => {}
        "http" if loopback => {}
        _ => bail!("provider `{kind}`: `{field}` must be an https:// URL (http:// only to localhost)"),
    }
    if url.host_str().is_none_or(str::is_empty) || url.fragment().is_some() || !url.username().is_empty() || url.password().is_some() {
        bail!("provider `{kind}`: `{field}` must name a host and have no fragment or credentials");
    }
    Ok(url)
}

/// `https://shop.example.jp[:port]` without a trailing slash; no path, query or fragment.
fn origin_of(kind: &str, text: &str) -> anyhow::Result<String> {
    let url = Url::parse(text).with_context(|| format!("provider `{kind}`: `public_base_url` is not a URL"))?;
    let plain = matches!(url.scheme(), "http" | "https")
        && url.host_str().is_some_and(|h| !h.is_empty())
        && (url.path().is_empty() || url.path() == "/")
        && url.query().is_none()
        && url.fragment().is_none()
        && url.username().is_empty();
    if !plain {
        bail!("provider `{kind}`: `public_base_url` must be an origin such as https://shop.example.jp");
    }
    Ok(url.origin().ascii_serialization())
}

#[derive(Deserialize)]
struct UserInfo {
    sub: Option<serde_json::Value>,
    email: Option<String>,
    email_verified: Option<serde_json::Value>,
    family_name: Option<String>,
    given_name: Option<String>,
    name: Option<String>,
}

/// The OpenID Connect claims we use: `sub` (required, the identity), `email` when
/// `email_verified` is true (some providers send the string "true"), and the names.
pub fn identity_from_userinfo(bytes: &[u8]) -> Result<Identity, ProviderFailure> {
    let info: UserInfo = serde_json::from_slice(bytes).map_err(|e| ProviderFailure::Unusable(format!("userinfo is not a JSON object: {e}")))?;
    let subject = match info.sub {
        Some(serde_json::Value::String(s)) => s,
        Some(serde_json::Value::Number(n)) => n.to_string(),
        _ => String::new(),
    };
    let subject = subject.trim().to_owned();
    if subject.is_empty() || subject.len() > 255 || subject.chars().any(char::is_control) {
        return Err(ProviderFailure::Unusable("userinfo has no usable `sub`".into()));
    }
    let verified = match info.email_verified {
        Some(serde_json::Value::Bool(b)) => b,
        Some(serde_json::Value::String(s)) => s.eq_ignore_ascii_case("true"),
        _ => false,
    };
    let email = info.email.map(|e| e.trim().to_lowercase()).filter(|e| plausible_email(e));
    let (family_name, given_name) = match (clean_name(info.family_name), clean_name(info.given_name)) {
        (family, given) if !family.is_empty() || !given.is_empty() => (family, given),
        // Only a display name: kept whole as the family name for the member to split later.
        _ => (clean_name(info.name), String::new()),
    };
    Ok(Identity { subject, verified_email: email.filter(|_| verified), family_name, given_name })
}

/// The shape the registration form accepts at most: one `@`, a dot in the domain, no spaces.
fn plausible_email(email: &str) -> bool {
    let Some((local, domain)) = email.split_once('@') else { return false };
    email.len() <= 254
        && !local.is_empty()
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !domain.contains('@')
        && !email.chars().any(|c| c.is_whitespace() || c.is_control())
}

/// A name as the profile keeps it: trimmed, no control characters, at most 50 characters.
fn clean_name(name: Option<String>) -> String {
    name.unwrap_or_default().chars().filter(|c| !c.is_control()).collect::<String>().trim().chars().take(50).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry_json(kind: &str, extra: &str) -> String {
        format!(
            r#"{{"type":"{kind}","name":"テスト","authorize_url":"https://id.example.jp/authorize",
            "token_url":"https://id.example.jp/token","userinfo_url":"https://id.example.jp/userinfo",
            "client_id":"shop","client_secret":"s3cret"{extra}}}"#
        )
    }

    #[test]
    fn a_providers_file_is_read_and_filtered_by_channel() {
        let text = format!("[{}, {}]", entry_json("google", ""), entry_json("line", r#","channels":["corporate"],"scopes":["openid","email"]"#));
        let providers = Providers::from_json(&text).unwrap();
        let demo: Vec<&str> = providers.for_channel("demo").map(|p| p.kind.as_str()).collect();
        assert_eq!(demo, ["google"]);
        assert!(providers.find("line", "corporate").is_some());
        assert!(providers.find("line", "demo").is_none());
    }

    #[test]
    fn bad_entries_are_refused_at_start_without_showing_the_secret() {
        for (text, expected) in [
            (format!("[{}]", entry_json("Google!", "")), "provider type"),
            (format!("[{}]", entry_json("g", "").replace("https://id.example.jp/token", "http://id.example.jp/token")), "https://"),
            (format!("[{}]", entry_json("g", r#","public_base_url":"https://shop.example.jp/path""#)), "origin"),
            (format!("[{}, {}]", entry_json("g", ""), entry_json("g", r#","channels":["demo"]"#)), "twice"),
            (format!("[{}]", entry_json("g", r#","client_secrets":"x""#)), "unknown field"),
        ] {
            let error = format!("{:#}", Providers::from_json(&text).unwrap_err());
            assert!(error.contains(expected), "{error}");
            assert!(!error.contains("s3cret"), "{error}");
        }
        let debug = format!("{:?}", Providers::from_json(&format!("[{}]", entry_json("g", ""))).unwrap());
        assert!(!debug.contains("s3cret"), "Debug never prints the client secret");
    }

    #[test]
    fn the_same_type_may_serve_different_channels_with_their_own_origin() {
        let text = format!(
            "[{}, {}]",
            entry_json("google", r#","channels":["demo"],"public_base_url":"https://demo.example.jp/""#),
            entry_json("google", r#","channels":["corporate"]"#)
        );
        let providers = Providers::from_json(&text).unwrap();
        assert_eq!(providers.find("google", "demo").unwrap().public_base_url(), Some("https://demo.example.jp"));
        assert_eq!(providers.find("google", "corporate").unwrap().public_base_url(), None);
    }

    #[test]
    fn plain_http_endpoints_are_allowed_to_this_machine_only() {
        assert!(endpoint("g", "token_url", "http://127.0.0.1:4000/token").is_ok());
        assert!(endpoint("g", "token_url", "http://localhost/token").is_ok());
        assert!(endpoint("g", "token_url", "http://10.0.0.1/token").is_err());
        assert!(endpoint("g", "token_url", "ftp://id.example.jp/token").is_err());
    }

    #[test]
    fn the_authorize_url_carries_state_and_an_s256_challenge() {
        let providers = Providers::from_json(&format!("[{}]", entry_json("g", r#","scopes":["openid","email"]"#))).unwrap();
        let provider = providers.find("g", "demo").unwrap();
        let auth = provider.authorization("https://shop.example.jp/v1/auth/g/callback").unwrap();
        let query: std::collections::HashMap<String, String> = auth.url.query_pairs().into_owned().collect();
        assert_eq!(query["response_type"], "code");
        assert_eq!(query["client_id"], "shop");
        assert_eq!(query["redirect_uri"], "https://shop.example.jp/v1/auth/g/callback");
        assert_eq!(query["scope"], "openid email");
        assert_eq!(query["state"], auth.state);
        assert_eq!(query["code_challenge_method"], "S256");
        assert_eq!(query["code_challenge"], PkceCodeChallenge::from_code_verifier_sha256(&PkceCodeVerifier::new(auth.code_verifier.clone())).as_str());
        assert!(auth.state.len() >= 43, "at least 256 bits, base64url");
        assert!(!auth.url.as_str().contains("s3cret"));
        assert_ne!(auth.state, provider.authorization("https://shop.example.jp/cb").unwrap().state);
    }

    #[test]
    fn userinfo_gives_the_subject_and_only_a_verified_email() {
        let id = identity_from_userinfo(r#"{"sub":"abc","email":"Taro@Example.JP","email_verified":true,"family_name":"山田","given_name":"太郎"}"#.as_bytes())
            .unwrap();
        assert_eq!(id.subject, "abc");
        assert_eq!(id.verified_email.as_deref(), Some("taro@example.jp"));
        assert_eq!((id.family_name.as_str(), id.given_name.as_str()), ("山田", "太郎"));
        let unverified = identity_from_userinfo(br#"{"sub":"abc","email":"taro@example.jp","email_verified":false}"#).unwrap();
        assert_eq!(unverified.verified_email, None);
        let stringly = identity_from_userinfo(r#"{"sub":123,"email":"taro@example.jp","email_verified":"true","name":"山田 太郎"}"#.as_bytes()).unwrap();
        assert_eq!(stringly.subject, "123");
        assert_eq!(stringly.verified_email.as_deref(), Some("taro@example.jp"));
        assert_eq!(stringly.family_name, "山田 太郎");
        assert!(identity_from_userinfo(br#"{"email":"taro@example.jp"}"#).is_err());
        assert!(identity_from_userinfo(b"not json").is_err());
        let odd = identity_from_userinfo(br#"{"sub":"x","email":"no-at-sign","email_verified":true}"#).unwrap();
        assert_eq!(odd.verified_email, None);
    }
}
