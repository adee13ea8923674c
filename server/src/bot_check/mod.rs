//! Bot check (issue 14): the forms anyone may send (registration, login, the reminders, the
//! contact form) carry a proof in `X-Bot-Check` that a person's browser sent them. By default
//! the proof is ALTCHA's proof of work (altcha.rs), made and checked here with no third party;
//! a channel whose setting `RECAPTCHA.SITE_KEY` is set, on a server with
//! `SHOP_RECAPTCHA_SECRET`, uses reCAPTCHA v3 instead (recaptcha.rs). A handler asks for the
//! check by taking [`BotChecked`]; the form's path must be listed in [`CHECKED`].
pub mod altcha;
pub mod http;
pub mod recaptcha;
pub mod store;

use std::sync::Arc;

use axum::extract::FromRequestParts;
use axum::http::StatusCode;
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use secrecy::SecretString;

use crate::channel::Channel;
use crate::channel::settings::load_setting;
use crate::infra::client::Client;
use crate::infra::error::{ApiError, FieldErrors};
use crate::infra::time::Timestamp;
use crate::state::AppState;

pub use http::routes;

/// The request header that carries the proof.
pub const HEADER: &str = "x-bot-check";
pub const FAILED_CODE: &str = "bot_check.failed";
pub const FAILED_MESSAGE: &str = "ロボットによる送信でないことを確認できませんでした。もう一度お試しください。";
/// The channel setting holding the reCAPTCHA v3 site key.
pub const SITE_KEY_SETTING: &str = "RECAPTCHA.SITE_KEY";

/// The checked forms (POST paths) and the reCAPTCHA action each one's token must be made for
/// (`grecaptcha.execute(siteKey, { action })`).
pub const CHECKED: &[(&str, &str)] = &[
    ("/v1/users", "signup"),
    ("/v1/auth/login", "login"),
    ("/v1/reminder/request", "password_reminder"),
    ("/v1/reminder/username/request", "username_reminder"),
    ("/v1/inquiries", "contact"),
];

/// The reCAPTCHA action of a checked path.
pub fn action_for(path: &str) -> Option<&'static str> {
    CHECKED.iter().find(|(checked, _)| *checked == path).map(|(_, action)| *action)
}

/// The bot check's keys: the HMAC key of ALTCHA challenges (shared by every instance) and the
/// HTTP client for reCAPTCHA's verify URL.
#[derive(Clone)]
pub struct Keys {
    altcha_key: Arc<[u8]>,
    http: reqwest::Client,
}

impl Keys {
    pub fn new(altcha_secret: &str) -> anyhow::Result<Keys> {
        let http = reqwest::Client::builder().timeout(recaptcha::VERIFY_TIMEOUT).redirect(reqwest::redirect::Policy::none()).build()?;
        Ok(Keys { altcha_key: Arc::from(altcha_secret.as_bytes()), http })
    }

    pub fn altcha_key(&self) -> &[u8] {
        &self.altcha_key
    }
}

/// How a channel checks its forms.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Method {
    Altcha,
    Recaptcha { site_key: String },
}

impl Method {
    /// reCAPTCHA when the channel has a site key and the server its secret; ALTCHA otherwise.
    pub async fn for_channel(state: &AppState, channel: &Channel) -> Result<Method, ApiError> {
        if state.config.recaptcha_secret.is_none() {
            return Ok(Method::Altcha);
        }
        let site_key: Option<String> = load_setting(&state.db, &channel.id, SITE_KEY_SETTING, None).await?;
        Ok(match site_key.map(|key| key.trim().to_owned()).filter(|key| !key.is_empty()) {
            Some(site_key) => Method::Recaptcha { site_key },
            None => Method::Altcha,
        })
    }
}

/// A handler that takes this was sent with a valid, unused proof. Missing, wrong, expired or
/// used proofs are answered 422 `bot_check.failed` before the handler runs.
#[derive(Debug, Clone, Copy)]
pub struct BotChecked;

/// The 422 of a refused proof: the contract's code, message and `errors.bot_check`.
pub fn failed() -> Response {
    let mut errors = FieldErrors::new();
    errors.insert("bot_check".into(), vec![FAILED_MESSAGE.into()]);
    let body = crate::infra::error::ErrorBody { message: FAILED_MESSAGE.into(), code: Some(FAILED_CODE.into()), errors: Some(errors) };
    (StatusCode::UNPROCESSABLE_ENTITY, axum::Json(body)).into_response()
}

impl FromRequestParts<AppState> for BotChecked {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let path = parts.uri.path().to_owned();
        let Some(action) = action_for(&path) else {
            return Err(ApiError::Internal(anyhow::anyhow!("bot check on {path}, which bot_check::CHECKED does not list")).into_response());
        };
        let channel = Channel::from_request_parts(parts, state).await.map_err(IntoResponse::into_response)?;
        let client = Client::from_request_parts(parts, state).await.map_err(IntoResponse::into_response)?;
        let proof = parts.headers.get(HEADER).and_then(|v| v.to_str().ok()).map(str::trim).filter(|v| !v.is_empty()).map(str::to_owned);
        let Some(proof) = proof else {
            tracing::info!(path, "bot check: no proof");
            return Err(failed());
        };
        match Method::for_channel(state, &channel).await.map_err(IntoResponse::into_response)? {
            Method::Altcha => check_altcha(state, &proof, &path).await,
            Method::Recaptcha { .. } => {
                let secret: &SecretString = state.config.recaptcha_secret.as_ref().expect("reCAPTCHA is chosen only with a secret");
                match recaptcha::verify(&state.bot_check.http, &state.config.recaptcha_verify_url, secret, &proof, &client.ip, action).await {
                    Ok(()) => Ok(BotChecked),
                    Err(recaptcha::Refusal::Unreachable(error)) => {
                        tracing::error!(error, "bot check: the reCAPTCHA verify URL failed");
                        Err(failed())
                    }
                    Err(refusal) => {
                        tracing::info!(path, ?refusal, "bot check: reCAPTCHA refused");
                        Err(failed())
                    }
                }
            }
        }
    }
}

async fn check_altcha(state: &AppState, proof: &str, path: &str) -> Result<BotChecked, Response> {
    let now = Timestamp::now().0;
    let verified = altcha::decode(proof).and_then(|payload| altcha::verify(state.bot_check.altcha_key(), &payload, now / 1000));
    let verified = match verified {
        Ok(verified) => verified,
        Err(refusal) => {
            tracing::info!(path, ?refusal, "bot check: ALTCHA proof refused");
            return Err(failed());
        }
    };
    let internal = |error: sqlx::Error| ApiError::from(error).into_response();
    if !store::insert_used(&state.db, &verified.challenge, verified.expires_at_seconds * 1000).await.map_err(internal)? {
        tracing::info!(path, "bot check: ALTCHA proof replayed");
        return Err(failed());
    }
    // Now and then, not on every form: the table only holds ten minutes of proofs.
    if rand::random_ratio(1, 16) {
        store::delete_expired(&state.db, now).await.map_err(internal)?;
    }
    Ok(BotChecked)
}
