//! The open cart a request works on. A cart is reached by its token; a member's cart only
//! with that member's bearer token as well (otherwise it answers 404, like an unknown token).
//! [`OpenCart`] is the extractor of every change: the JSON body with its `token`, the
//! channel and the member, and the cart opened for a change.
use super::loaded::{self, Loaded};
use super::settings::CheckoutSettings;
use super::store::{self, CartRow};
use super::view::CartBody;
use super::{EXPIRED_CODE, EXPIRED_MESSAGE, LIFETIME_MS};
use crate::auth::{Member, OptionalMember};
use crate::channel::Channel;
use crate::infra::db::Tx;
use crate::infra::error::{ApiError, ApiResult};
use crate::infra::extract::ApiJson;
use crate::infra::secret::sha256_hex;
use crate::infra::time::Timestamp;
use crate::state::AppState;
use axum::Json;
use axum::extract::{FromRequest, FromRequestParts, Request};
use serde::de::DeserializeOwned;

/// The cart of `token` as this request may see it: unknown, another channel's, another
/// member's → None.
pub async fn find_visible(state: &AppState, channel: &Channel, member: Option<&Member>, token: &str) -> ApiResult<Option<CartRow>> {
    let token = token.trim();
    if token.is_empty() || token.len() > 128 {
        return Ok(None);
    }
    let Some(cart) = store::find_cart_by_token(&state.db.pool, &channel.id, &sha256_hex(token)).await? else {
        return Ok(None);
    };
    match (&cart.user_id, member) {
        (Some(owner), Some(member)) if *owner == member.user_id => Ok(Some(cart)),
        (Some(_), _) => Ok(None),
        (None, _) => Ok(Some(cart)),
    }
}

/// A cart a request is about to read or change: visible, and neither expired nor ordered.
pub struct Open {
    pub token: String,
    pub cart: CartRow,
    pub settings: CheckoutSettings,
    pub member: Option<Member>,
    pub now: i64,
}

impl Open {
    pub async fn get(state: &AppState, channel: &Channel, member: OptionalMember, token: &str) -> ApiResult<Open> {
        let cart = find_visible(state, channel, member.0.as_ref(), token).await?.ok_or_else(ApiError::not_found)?;
        let now = Timestamp::now().0;
        if cart.expires_at <= now {
            return Err(ApiError::rule(EXPIRED_CODE, EXPIRED_MESSAGE));
        }
        let settings = CheckoutSettings::load(&state.db, channel).await?;
        Ok(Open { token: token.trim().to_owned(), cart, settings, member: member.0, now })
    }

    /// For a change: an ordered cart is finished (the storefront starts a new one).
    pub async fn for_change(state: &AppState, channel: &Channel, member: OptionalMember, token: &str) -> ApiResult<Open> {
        let open = Self::get(state, channel, member, token).await?;
        if open.cart.order_id.is_some() {
            return Err(ApiError::rule(EXPIRED_CODE, EXPIRED_MESSAGE));
        }
        Ok(open)
    }

    pub async fn load(&self, state: &AppState) -> ApiResult<Loaded> {
        loaded::load(&state.db, &state.gateway, self.cart.clone()).await
    }

    pub async fn begin(&self, state: &AppState) -> ApiResult<Tx> {
        Ok(state.db.begin_write().await?)
    }

    /// Commits a change: the cart lives another lifetime.
    pub async fn commit(&self, mut tx: Tx) -> ApiResult<()> {
        store::update_touched(&mut tx, &self.cart.id, self.now, self.now + LIFETIME_MS).await?;
        tx.commit().await?;
        Ok(())
    }

    pub async fn answer(&self, state: &AppState) -> ApiResult<Json<CartBody>> {
        let cart = store::find_cart(&state.db.pool, &self.cart.id).await?.ok_or_else(ApiError::not_found)?;
        let loaded = loaded::load(&state.db, &state.gateway, cart).await?;
        Ok(Json(loaded.body(&self.token, &self.settings, self.now)))
    }
}

/// Request bodies that name their cart by `token`.
pub trait CartToken {
    fn token(&self) -> &str;
}

/// Implements [`CartToken`] for request bodies with a `token: String` field.
#[macro_export]
macro_rules! cart_token_bodies {
    ($($body:ty),* $(,)?) => {$(
        impl $crate::cart::open_cart::CartToken for $body {
            fn token(&self) -> &str {
                &self.token
            }
        }
    )*};
}

/// A change request's cart: its JSON body `input` (malformed → 422), the request's channel,
/// and `open`, the cart that body names, visible to this member, opened for a change (an
/// unknown or another member's cart → 404, expired or ordered → `cart.common.is_expired`).
pub struct OpenCart<T> {
    pub open: Open,
    pub input: T,
    pub channel: Channel,
}

impl<T: DeserializeOwned + CartToken + Send> FromRequest<AppState> for OpenCart<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &AppState) -> Result<Self, ApiError> {
        let (mut parts, body) = request.into_parts();
        let channel = Channel::from_request_parts(&mut parts, state).await?;
        let member = OptionalMember::from_request_parts(&mut parts, state).await?;
        let ApiJson(input) = ApiJson::<T>::from_request(Request::from_parts(parts, body), state).await?;
        let open = Open::for_change(state, &channel, member, input.token()).await?;
        Ok(OpenCart { open, input, channel })
    }
}
