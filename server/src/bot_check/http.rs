//! `GET /v1/bot-check`: the challenge (or the reCAPTCHA site key) a form needs before posting.
use axum::Json;
use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{Method, altcha};
use crate::channel::Channel;
use crate::infra::error::ApiResult;
use crate::infra::time::Timestamp;
use crate::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(bot_check))
}

/// What the form must prove, by kind.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum BotCheck {
    /// Solve the proof of work (the ALTCHA widget's format) and send the base64 payload.
    Altcha { challenge: altcha::Challenge },
    /// Run reCAPTCHA v3 with this site key and the form's action, and send the token.
    Recaptcha {
        site_key: String,
        /// Always 3.
        version: i64,
        /// The script to load, with `?render=<site_key>` added (Google's, or the server's stand-in).
        script_url: String,
    },
}

#[utoipa::path(get, path = "/v1/bot-check", tag = "bot_check",
    responses((status = 200, body = BotCheck, description = "a fresh ALTCHA challenge (signed, 10 minutes), or the channel's reCAPTCHA v3 site key; the proof goes in `X-Bot-Check` of the checked form's POST, and counts once")))]
pub async fn bot_check(State(state): State<AppState>, channel: Channel) -> ApiResult<Response> {
    let body = match Method::for_channel(&state, &channel).await? {
        Method::Altcha => BotCheck::Altcha { challenge: altcha::create(state.bot_check.altcha_key(), Timestamp::now().0 / 1000) },
        Method::Recaptcha { site_key } => BotCheck::Recaptcha { site_key, version: 3, script_url: state.config.recaptcha_script_url.clone() },
    };
    let mut response = Json(body).into_response();
    // Each challenge is for one submission: never from a cache.
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(response)
}
