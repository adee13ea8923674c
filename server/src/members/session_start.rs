//! Starting a member's session: a new refresh-token family (the cookie), an access token and
//! a login-history row, or first the mailed-code step. Shared by every way in: password,
//! code, reminder, login sync and social login.
use axum::http::HeaderValue;

use super::login::{self, LoginResponse};
use super::mailed_secret::new_code;
use super::one_time_code::Purpose;
use super::refresh;
use super::session_store::{self, NewLogin};
use super::store::UserRow;
use crate::channel::Channel;
use crate::channel::settings::FrontSettings;
use crate::infra::client::Client;
use crate::infra::db::Tx;
use crate::infra::error::ApiResult;
use crate::infra::ids::{UserId, new_id};
use crate::infra::mail::OutgoingMail;
use crate::state::AppState;

/// How the member got in, as the login history shows it.
#[derive(Debug, Clone, Copy)]
pub enum Method {
    Password,
    Code,
    Reminder,
    Social,
    Sync,
}

impl Method {
    fn as_str(self) -> &'static str {
        match self {
            Method::Password => "password",
            Method::Code => "code",
            Method::Reminder => "reminder",
            Method::Social => "social",
            Method::Sync => "sync",
        }
    }
}

/// Logs the member in inside `tx`: a new refresh-token family (returned as the cookie), an
/// access token and a login-history row.
pub async fn start_session(
    state: &AppState,
    tx: &mut Tx,
    settings: &FrontSettings,
    user: &UserRow,
    client: &Client,
    method: Method,
    now: i64,
) -> ApiResult<(LoginResponse, HeaderValue)> {
    let token = new_refresh_token(tx, &user.id, &new_id(), now).await?;
    let login = NewLogin { user_id: &user.id, ip_address: &client.ip, user_agent: &client.user_agent, method: method.as_str() };
    session_store::insert_login_history(tx, &login, now).await?;
    let issued = state.tokens.issue(&user.id, &user.channel_id, user.session_version, now / 1000)?;
    Ok((login::base(user, settings, now).with_token(issued), refresh::set_cookie(&token, client.https)))
}

/// Stores a new refresh token of `family_id` and returns the token for the cookie.
pub async fn new_refresh_token(tx: &mut Tx, user_id: &UserId, family_id: &str, now: i64) -> ApiResult<String> {
    let token = refresh::new_token();
    let expires_at = now + refresh::LIFETIME_SECONDS * 1000;
    session_store::insert_refresh_token(tx, user_id, family_id, &refresh::token_hash(&token), now, expires_at).await?;
    Ok(token)
}

/// The code step of a login: the answer with the pending id, and the mail to send.
pub async fn start_code_step(tx: &mut Tx, channel: &Channel, settings: &FrontSettings, user: &UserRow, now: i64) -> ApiResult<(LoginResponse, OutgoingMail)> {
    let (pending_id, code) = new_code(tx, &user.id, Purpose::LoginCode, &user.profile.email, now).await?;
    let mail = super::mails::login_code(&channel.name, &user.profile.email, &code);
    Ok((login::base(user, settings, now).with_pending_code(pending_id), mail))
}
