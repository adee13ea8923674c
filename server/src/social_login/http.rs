//! `GET /v1/auth/providers`, `GET /v1/auth/{type}/redirect` and `GET /v1/auth/{type}/callback`.
//! The two last are browser navigations (no `X-Channel`: the host names the channel) and
//! answer redirects, never JSON errors once the provider is known: the callback always lands
//! on the storefront's `/oauth/callback` page, with `error=<code>` when the login failed.
use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::landing::{self, Failure};
use super::provider::{Identity, Provider};
use super::store::{self, NewState};
use crate::channel::Channel;
use crate::channel::settings::FrontSettings;
use crate::infra::client::Client;
use crate::infra::db::Tx;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::{ApiPath, ApiQuery};
use crate::infra::ids::{UserId, new_id};
use crate::infra::rate_limit::{self, Limit};
use crate::infra::secret::{same_hash, sha256_hex};
use crate::infra::time::Timestamp;
use crate::infra::token_cookie::{SameSite, TokenCookie};
use crate::members::address::Address;
use crate::members::links::link_origin;
use crate::members::login;
use crate::members::mails::send_mail;
use crate::members::profile::Profile;
use crate::members::session_start::{Method, start_code_step, start_session};
use crate::members::store::{self as members_store, NewUser, UserRow};
use crate::state::AppState;

/// How long a started login may take at the provider.
pub const STATE_LIFETIME_MS: i64 = 10 * 60 * 1000;
/// Binds a started login to the browser that started it: without it, someone could finish
/// their own login in another person's browser (login CSRF) by sending them the callback URL.
pub const STATE_COOKIE: &str = "shop_oauth_state";
const STATE_COOKIE_PATH: &str = "/v1/auth";
/// SameSite=Lax: the provider sends the browser back with a top-level GET, which carries it.
const STATE: TokenCookie = TokenCookie { name: STATE_COOKIE, path: STATE_COOKIE_PATH, same_site: SameSite::Lax, accepts: looks_like_state };
/// Logins started from one address (each keeps a row for ten minutes).
const START_LIMIT: Limit = Limit { name: "social-start", max: 30, window_ms: 10 * 60 * 1000 };

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_social_providers)).routes(routes!(social_redirect)).routes(routes!(social_callback))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ProviderItem {
    /// The `{type}` of `/v1/auth/{type}/redirect`.
    #[serde(rename = "type")]
    pub kind: String,
    /// The button label (Japanese).
    pub name: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ProviderList {
    pub data: Vec<ProviderItem>,
}

#[utoipa::path(get, path = "/v1/auth/providers", tag = "members",
    responses((status = 200, body = ProviderList, description = "the social login providers this shop offers (empty when none is configured)")))]
async fn list_social_providers(State(state): State<AppState>, channel: Channel) -> Json<ProviderList> {
    let data = state.social_providers.for_channel(&channel.code).map(|p| ProviderItem { kind: p.kind.clone(), name: p.name.clone() }).collect();
    Json(ProviderList { data })
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RedirectQuery {
    /// Where the storefront goes after the login: a path of this site (`/cart`); anything
    /// else (`//host`, `https://…`) is replaced by `/mypage`.
    pub redirect: Option<String>,
}

#[utoipa::path(get, path = "/v1/auth/{type}/redirect", tag = "members",
    params(("type" = String, Path, description = "a provider `type` from `GET /v1/auth/providers`"), RedirectQuery),
    responses(
        (status = 302, description = "to the provider's authorize URL (response_type=code, client_id, redirect_uri = this shop's callback, scope, state, PKCE S256 code_challenge); sets the httpOnly cookie `shop_oauth_state` that the callback checks",
            headers(("location" = String), ("set-cookie" = String))),
        (status = 404, body = ErrorBody, description = "no such provider for this shop"),
        (status = 429, body = ErrorBody, description = "too many logins started from this address"),
    ))]
async fn social_redirect(
    State(state): State<AppState>,
    channel: Channel,
    client: Client,
    headers: HeaderMap,
    ApiPath(kind): ApiPath<String>,
    ApiQuery(query): ApiQuery<RedirectQuery>,
) -> ApiResult<Response> {
    let provider = state.social_providers.find(&kind, &channel.code).ok_or_else(ApiError::not_found)?;
    let now = Timestamp::now().0;
    rate_limit::enforce(&state, START_LIMIT, &channel.id, &client.ip, now).await?;
    // The callback must come back to the host the storefront runs on: the refresh cookie it
    // sets belongs to that host. `link_origin` takes the request's host only when it is one of
    // the channel's host names (else the channel's own), so a forged Host header cannot choose it.
    let origin = match provider.public_base_url() {
        Some(origin) => origin.to_owned(),
        None => link_origin(&state, &channel, &channel.id, &headers, client.https).await?,
    };
    let redirect_uri = format!("{origin}/v1/auth/{}/callback", provider.kind);
    let authorization = provider.authorization(&redirect_uri)?;
    let pending = NewState {
        state_hash: &sha256_hex(&authorization.state),
        channel_id: &channel.id,
        provider: &provider.kind,
        code_verifier: &authorization.code_verifier,
        redirect_uri: &redirect_uri,
        redirect_path: &landing::same_site_path(query.redirect.as_deref()),
    };
    let mut tx = state.db.begin_write().await?;
    store::delete_expired_states(&mut tx, now).await?;
    store::insert_state(&mut tx, &pending, now, now + STATE_LIFETIME_MS).await?;
    tx.commit().await?;
    let mut response = found(authorization.url.as_str())?;
    response.headers_mut().append(header::SET_COOKIE, STATE.set(&authorization.state, STATE_LIFETIME_MS / 1000, client.https));
    Ok(response)
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CallbackQuery {
    /// The authorization code (on success).
    pub code: Option<String>,
    /// The `state` of the redirect step.
    pub state: Option<String>,
    /// The provider's error (`access_denied` when the person declined).
    pub error: Option<String>,
}

#[utoipa::path(get, path = "/v1/auth/{type}/callback", tag = "members",
    params(("type" = String, Path, description = "the provider `type`"), CallbackQuery,
        ("shop_oauth_state" = Option<String>, Cookie, description = "httpOnly, set by the redirect step and sent by the browser: without it, or with another `state`, the login fails with `invalid_state`")),
    responses(
        (status = 302, description = "to `/oauth/callback?redirect=<path>` when logged in (the refresh cookie `shop_refresh` is set; the storefront gets its access token from `POST /v1/auth/refresh` — no token in the URL); to `/oauth/callback#is_verify=true&user_id=…&redirect=<path>` (a fragment) when the shop asks for the mailed code (MFA), which `POST /v1/auth/verify` takes; to `/oauth/callback?error=<code>` on failure: `invalid_state` (unknown, used, expired or another browser's state), `provider_error` (declined, or the provider failed — details only in the server log), `account_exists` (the e-mail belongs to a member who has not linked this provider: log in with the password), `email_unverified` (a new account needs an e-mail the provider has verified), `server_error`",
            headers(("location" = String), ("set-cookie" = String))),
        (status = 404, body = ErrorBody, description = "no such provider for this shop"),
    ))]
async fn social_callback(
    State(state): State<AppState>,
    channel: Channel,
    client: Client,
    headers: HeaderMap,
    ApiPath(kind): ApiPath<String>,
    query: Result<ApiQuery<CallbackQuery>, ApiError>,
) -> ApiResult<Response> {
    let provider = state.social_providers.find(&kind, &channel.code).ok_or_else(ApiError::not_found)?;
    let query = query.ok().map(|ApiQuery(q)| q);
    let outcome = complete(&state, &channel, &client, provider, &headers, query).await;
    let (location, session) = match outcome {
        Ok(Landing::LoggedIn { cookie, path }) => (landing::logged_in(&path), Some(cookie)),
        Ok(Landing::CodeStep { user_id, path }) => (landing::code_step(&user_id, &path), None),
        Err(failure) => (landing::failed(failure), None),
    };
    let mut response = found(&location)?;
    if let Some(cookie) = session {
        response.headers_mut().append(header::SET_COOKIE, cookie);
    }
    // The state is spent whatever happened.
    response.headers_mut().append(header::SET_COOKIE, STATE.clear(client.https));
    Ok(response)
}

/// How a callback that got through ends.
enum Landing {
    LoggedIn { cookie: HeaderValue, path: String },
    CodeStep { user_id: UserId, path: String },
}

/// Checks the state, asks the provider who this is, and logs the member in.
async fn complete(
    state: &AppState,
    channel: &Channel,
    client: &Client,
    provider: &Provider,
    headers: &HeaderMap,
    query: Option<CallbackQuery>,
) -> Result<Landing, Failure> {
    let now = Timestamp::now().0;
    let query = query.ok_or(Failure::InvalidState)?;
    let presented = query.state.as_deref().filter(|s| looks_like_state(s)).ok_or(Failure::InvalidState)?;
    let mut tx = state.db.begin_write().await.map_err(server_error)?;
    let pending = store::delete_state(&mut tx, &sha256_hex(presented)).await.map_err(server_error)?;
    tx.commit().await.map_err(server_error)?;
    let pending = pending.ok_or(Failure::InvalidState)?;
    let this_browser = STATE.read(headers).is_some_and(|cookie| same_hash(&cookie, presented));
    if !this_browser || pending.expires_at <= now || pending.channel_id != channel.id || pending.provider != provider.kind {
        return Err(Failure::InvalidState);
    }
    if let Some(error) = &query.error {
        let error: String = error.chars().filter(char::is_ascii_graphic).take(64).collect();
        tracing::info!(provider = provider.kind, error, "the provider ended the social login with an error");
        return Err(Failure::ProviderError);
    }
    let code = query.code.as_deref().map(str::trim).filter(|c| !c.is_empty() && c.len() <= 2048).ok_or(Failure::ProviderError)?;
    let identity = provider.identify(state.social_providers.http(), code, &pending.code_verifier, &pending.redirect_uri).await.map_err(|error| {
        tracing::warn!(provider = provider.kind, %error, "social login: the provider call failed");
        Failure::ProviderError
    })?;
    sign_in(state, channel, client, &provider.kind, identity, pending.redirect_path, now).await
}

/// The linked member, or a new one for an unknown identity whose verified e-mail no member
/// of this shop has; then the session (or the mailed code where the shop asks for it).
async fn sign_in(state: &AppState, channel: &Channel, client: &Client, provider: &str, identity: Identity, path: String, now: i64) -> Result<Landing, Failure> {
    let settings = FrontSettings::load(&state.db, channel).await.map_err(server_error)?;
    let mut tx = state.db.begin_write().await.map_err(server_error)?;
    let linked = match store::find_linked_user_id(&mut tx, &channel.id, provider, &identity.subject).await.map_err(server_error)? {
        None => None,
        Some(user_id) => match members_store::find_user(&mut *tx, &channel.id, &user_id).await.map_err(server_error)? {
            Some(user) => {
                store::update_link_login(&mut tx, &channel.id, provider, &identity.subject, now).await.map_err(server_error)?;
                Some(user)
            }
            // The member left: the identity is free to start a new account.
            None => {
                store::delete_link(&mut tx, &channel.id, provider, &identity.subject).await.map_err(server_error)?;
                None
            }
        },
    };
    let user = match linked {
        Some(user) => user,
        None => new_member(&mut tx, channel, provider, &identity, now).await?,
    };
    if login::needs_code(&settings, user.is_registered()) {
        let (_, mail) = start_code_step(&mut tx, channel, &settings, &user, now).await.map_err(server_error)?;
        tx.commit().await.map_err(server_error)?;
        send_mail(state, mail).await.map_err(server_error)?;
        return Ok(Landing::CodeStep { user_id: user.id, path });
    }
    let (_, cookie) = start_session(state, &mut tx, &settings, &user, client, Method::Social, now).await.map_err(server_error)?;
    tx.commit().await.map_err(server_error)?;
    Ok(Landing::LoggedIn { cookie, path })
}

/// A registered member (the provider verified the address) without a password, linked to
/// the identity. An address that already has an account is never linked by e-mail alone.
async fn new_member(tx: &mut Tx, channel: &Channel, provider: &str, identity: &Identity, now: i64) -> Result<UserRow, Failure> {
    let email = identity.verified_email.clone().ok_or(Failure::EmailUnverified)?;
    let (email_taken, username_taken) = members_store::find_taken(tx, &channel.id, &email, &email, &UserId::default()).await.map_err(server_error)?;
    if email_taken || username_taken {
        return Err(Failure::AccountExists);
    }
    let profile = Profile {
        email: email.clone(),
        is_receive_newsletter: 0,
        last_name: identity.family_name.clone(),
        first_name: identity.given_name.clone(),
        last_name_kana: String::new(),
        first_name_kana: String::new(),
        gender_ct: None,
        birthday: None,
        address: Address::default(),
        phone_number: String::new(),
        cell_phone_number: String::new(),
        corporation: None,
        department: None,
        business_type: None,
        store_name: None,
        url: None,
        business: Default::default(),
    };
    let new_user = NewUser {
        channel_id: &channel.id,
        username: &email,
        // No password: an empty hash matches none, so only this provider logs the member in
        // until they set one through the password reminder.
        password_hash: "",
        is_registered_member: true,
        question_ct: None,
        answer_hash: None,
        synced_from_user_id: None,
        profile: &profile,
    };
    let user = members_store::insert_user(tx, &new_user, now).await.map_err(|error| match is_unique_violation(&error) {
        // A concurrent registration took the address between the check and the insert.
        true => Failure::AccountExists,
        false => server_error(error),
    })?;
    store::insert_link(tx, &new_id(), &channel.id, &user.id, provider, &identity.subject, now).await.map_err(server_error)?;
    Ok(user)
}

fn is_unique_violation(error: &sqlx::Error) -> bool {
    matches!(error, sqlx::Error::Database(db) if db.kind() == sqlx::error::ErrorKind::UniqueViolation)
}

/// Our own failure during a callback: logged here (the browser only learns `server_error`).
fn server_error(error: impl Into<ApiError>) -> Failure {
    match error.into() {
        ApiError::Internal(error) => tracing::error!(error = format!("{error:#}"), "social login failed"),
        other => tracing::error!(error = %other, "social login failed"),
    }
    Failure::ServerError
}

/// A state as we make them: 32 random bytes in unpadded base64url.
fn looks_like_state(value: &str) -> bool {
    (40..=64).contains(&value.len()) && value.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// 302 to `location`; never stored by a cache (it carries a one-time state or a session).
fn found(location: &str) -> ApiResult<Response> {
    let location = HeaderValue::from_str(location).map_err(|e| ApiError::Internal(anyhow::anyhow!("redirect location: {e}")))?;
    let mut response = StatusCode::FOUND.into_response();
    response.headers_mut().insert(header::LOCATION, location);
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(response)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_state_cookie_is_read_only_in_our_shape() {
        let state = "a".repeat(43);
        let mut headers = HeaderMap::new();
        headers.insert(header::COOKIE, format!("x=1; {STATE_COOKIE}={state}; y=2").parse().unwrap());
        assert_eq!(STATE.read(&headers).as_deref(), Some(state.as_str()));
        headers.insert(header::COOKIE, format!("{STATE_COOKIE}=short").parse().unwrap());
        assert_eq!(STATE.read(&headers), None);
        assert!(!looks_like_state(&format!("{}!", "a".repeat(42))));
    }

    #[test]
    fn the_state_cookie_is_http_only_lax_and_scoped_to_auth() {
        let cookie = STATE.set("abc", 600, true);
        assert_eq!(cookie.to_str().unwrap(), "shop_oauth_state=abc; Path=/v1/auth; Max-Age=600; HttpOnly; SameSite=Lax; Secure");
    }
}
