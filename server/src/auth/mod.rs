//! Access tokens and the extractors that read them. Tokens are short-lived HS256 JWTs bound
//! to one channel; the members feature issues them, every feature reads them through
//! [`Member`] / [`OptionalMember`].
pub mod password;
pub mod sessions;
mod store;
pub mod token;

use axum::extract::FromRequestParts;
use axum::http::request::Parts;

use crate::channel::Channel;
use crate::infra::error::ApiError;
use crate::infra::ids::UserId;
use crate::state::AppState;

/// A logged-in member of the request's channel, whose sessions were not ended since the token
/// was issued (password change or reset, leaving: see [`sessions`]). Use it for anything that
/// reads or changes the member's own data.
#[derive(Debug, Clone)]
pub struct Member {
    pub user_id: UserId,
}

/// A member when a token is sent, nobody when none is; a bad token is still a 401 so the
/// storefront refreshes it instead of silently browsing as a visitor. Only the token itself
/// is checked (no session-version lookup), so answers that merely personalise stay free of
/// database reads; a token issued before the member's sessions ended is taken until it
/// expires.
#[derive(Debug, Clone)]
pub struct OptionalMember(pub Option<Member>);

fn bearer(parts: &Parts) -> Option<&str> {
    let value = parts.headers.get(axum::http::header::AUTHORIZATION)?.to_str().ok()?;
    let token = value.strip_prefix("Bearer ").or_else(|| value.strip_prefix("bearer "))?.trim();
    (!token.is_empty()).then_some(token)
}

/// The claims of a valid access token of the request's channel.
fn claims_of(parts: &Parts, state: &AppState, token: &str) -> Result<token::Claims, ApiError> {
    let channel = parts.extensions.get::<Channel>().ok_or(ApiError::Unauthorized)?;
    let claims = state.tokens.verify(token).map_err(|_| ApiError::Unauthorized)?;
    if claims.chn != channel.id {
        return Err(ApiError::Unauthorized);
    }
    Ok(claims)
}

impl FromRequestParts<AppState> for Member {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let token = bearer(parts).ok_or(ApiError::Unauthorized)?;
        let claims = claims_of(parts, state, token)?;
        let user_id = UserId::from_text(claims.sub);
        let current = state.sessions.current(&state.db, &user_id).await?;
        if !sessions::is_current(claims.ver, current) {
            return Err(ApiError::Unauthorized);
        }
        Ok(Member { user_id })
    }
}

impl FromRequestParts<AppState> for OptionalMember {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        match bearer(parts) {
            None => Ok(OptionalMember(None)),
            Some(token) => claims_of(parts, state, token).map(|c| OptionalMember(Some(Member { user_id: UserId::from_text(c.sub) }))),
        }
    }
}
