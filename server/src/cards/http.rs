//! Handlers of the saved cards. Every call is the token's member's: a card id of another
//! member (or channel) answers 404, the same as a missing one.
use axum::Json;
use axum::extract::State;
use axum::http::{HeaderName, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::store::{self, CardRow, NewCard};
use super::{LIMIT_CODE, LIMIT_SETTING, TOKEN_CODE, UNAVAILABLE_CODE, limit_of};
use crate::auth::Member;
use crate::channel::Channel;
use crate::infra::db::Tx;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::{ApiJson, ApiPath, ApiQuery};
use crate::infra::ids::UserId;
use crate::infra::pagination::{AllowAll, DEFAULT_PER, ListBody, Page, PageQuery, Paginated};
use crate::infra::time::Timestamp;
use crate::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_cards, create_card)).routes(routes!(delete_card)).routes(routes!(use_card))
}

/// A saved card as the storefront shows it (spec 001 §3).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct UserCard {
    pub id: String,
    /// VISA, MASTER, JCB, AMEX, DINERS or OTHER.
    pub brand: String,
    /// `************4242`.
    pub masked_number: String,
    /// `YYYY-MM`.
    pub expiration: String,
    pub holder_name: String,
    /// The card the checkout offers first (exactly one card has it).
    pub is_main: bool,
}

impl From<CardRow> for UserCard {
    fn from(row: CardRow) -> Self {
        UserCard {
            id: row.id,
            brand: row.brand,
            masked_number: row.masked_number,
            expiration: row.expiration,
            holder_name: row.holder_name,
            is_main: row.is_main != 0,
        }
    }
}

/// The member (who must still exist in this channel) and the channel's limit.
struct Wallet {
    user_id: UserId,
    limit: i64,
}

async fn open_wallet(state: &AppState, channel: &Channel, member: &Member) -> ApiResult<Wallet> {
    crate::members::store::find_user(&state.db.pool, &channel.id, &member.user_id).await?.ok_or(ApiError::Unauthorized)?;
    let stored = crate::channel::store::list_settings(&state.db, &channel.id).await?;
    Ok(Wallet { user_id: member.user_id.clone(), limit: limit_of(stored.get(LIMIT_SETTING).map(String::as_str)) })
}

impl Wallet {
    /// A write transaction holding this member's cards.
    async fn begin(&self, state: &AppState) -> ApiResult<Tx> {
        let mut tx = state.db.begin_write().await?;
        if !store::lock_member(&mut tx, &self.user_id).await? {
            return Err(ApiError::Unauthorized);
        }
        Ok(tx)
    }

    fn over_limit(&self) -> ApiError {
        ApiError::rule(LIMIT_CODE, format!("カードは{}枚まで登録できます。不要なカードを削除してから登録してください。", self.limit))
    }
}

#[utoipa::path(get, path = "/v1/me/user-cards", tag = "cards", security(("bearer" = [])), params(PageQuery),
    responses(
        (status = 200, body = ListBody<UserCard>,
            description = "the main card first, then the others in the order added; x-total, x-per-page, x-last-page, x-current-page",
            headers(("x-limit" = i64, description = "how many cards a member may save (MEMBER.CARD_LIMIT, default 5)"))),
        (status = 401, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "bad page or per"),
    ))]
async fn list_cards(State(state): State<AppState>, channel: Channel, member: Member, ApiQuery(query): ApiQuery<PageQuery>) -> ApiResult<Response> {
    let page = Page::parse(&query, DEFAULT_PER, AllowAll::No)?;
    let wallet = open_wallet(&state, &channel, &member).await?;
    let (rows, total) = store::list_cards(&state.db.pool, &channel.id, &wallet.user_id, page.per, page.offset()).await?;
    let mut response = Paginated::new(rows.into_iter().map(UserCard::from).collect(), total, page).into_response();
    response.headers_mut().insert(HeaderName::from_static("x-limit"), HeaderValue::from(wallet.limit));
    Ok(response)
}

/// A card to save: the token the gateway's tokeniser gave the browser. The spec's form also
/// sends `token_key`, `name`, `masked_number` and `expiration`: they are accepted and ignored,
/// since what is stored comes from the gateway, not from the browser.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct NewCardInput {
    /// `tok_…` from the gateway's tokeniser (`tokenize_url` of `/v1/settings/payment-service/credit_card`).
    #[schema(required = true, value_type = String, pattern = "\\S")]
    pub token: Option<String>,
    #[schema(value_type = Option<String>)]
    pub token_key: Option<serde_json::Value>,
    #[schema(value_type = Option<String>)]
    pub name: Option<serde_json::Value>,
    #[schema(value_type = Option<String>)]
    pub masked_number: Option<serde_json::Value>,
    #[schema(value_type = Option<String>)]
    pub expiration: Option<serde_json::Value>,
}

#[utoipa::path(post, path = "/v1/me/user-cards", tag = "cards", security(("bearer" = [])), request_body = NewCardInput,
    responses(
        (status = 201, body = UserCard, description = "saved; the member's first card becomes the main card"),
        (status = 401, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "`errors.token` (none sent), code `user_cards.limit_exceeded` (message names the limit), code `user_cards.invalid_token` with the gateway's message (used, expired or unknown token, or a card the gateway refused), or code `user_cards.unavailable` (no gateway serves this shop)"),
    ))]
async fn create_card(
    State(state): State<AppState>,
    channel: Channel,
    member: Member,
    ApiJson(input): ApiJson<NewCardInput>,
) -> ApiResult<(StatusCode, Json<UserCard>)> {
    let token = input.token.as_deref().map(str::trim).unwrap_or("");
    if token.is_empty() || token.len() > 200 || token.contains('\0') {
        return Err(ApiError::field("token", "カード情報を入力してください。"));
    }
    let Some(gateway) = state.gateway.for_channel(&channel) else {
        return Err(ApiError::rule(UNAVAILABLE_CODE, crate::payments::gateway::UNAVAILABLE_MESSAGE));
    };
    let wallet = open_wallet(&state, &channel, &member).await?;
    // Checked before the gateway is asked, so a member at the limit keeps their token.
    if store::count_cards(&state.db.pool, &channel.id, &wallet.user_id).await? >= wallet.limit {
        return Err(wallet.over_limit());
    }
    let saved = match gateway.save_card(&channel.id, token).await? {
        Ok(saved) => saved,
        Err(declined) => {
            return Err(ApiError::rule(TOKEN_CODE, declined.message));
        }
    };
    let mut tx = wallet.begin(&state).await?;
    if store::count_cards(&mut *tx, &channel.id, &wallet.user_id).await? >= wallet.limit {
        // Another tab filled the last place meanwhile: the gateway forgets this card again.
        drop(tx);
        gateway.forget_card(&channel.id, &saved.card_ref).await?;
        return Err(wallet.over_limit());
    }
    let card = NewCard {
        gateway: gateway.code(),
        card_ref: &saved.card_ref,
        brand: &saved.brand,
        masked_number: &saved.masked_number,
        expiration: &saved.expiration,
        holder_name: &saved.holder_name,
    };
    let id = store::insert_card(&mut tx, &channel.id, &wallet.user_id, &card, Timestamp::now().0).await?;
    let row = store::find_card(&mut *tx, &channel.id, &wallet.user_id, &id).await?.ok_or_else(ApiError::not_found)?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(row.into())))
}

#[utoipa::path(delete, path = "/v1/me/user-cards/{id}", tag = "cards", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 204, description = "deleted here and at the gateway; when it was the main card, the newest other card becomes main"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "no such card of this member"),
    ))]
async fn delete_card(State(state): State<AppState>, channel: Channel, member: Member, ApiPath(id): ApiPath<String>) -> ApiResult<StatusCode> {
    let wallet = open_wallet(&state, &channel, &member).await?;
    let row = store::find_card(&state.db.pool, &channel.id, &wallet.user_id, &id).await?.ok_or_else(ApiError::not_found)?;
    let mut tx = wallet.begin(&state).await?;
    if !store::delete_card(&mut tx, &channel.id, &wallet.user_id, &id).await? {
        return Err(ApiError::not_found());
    }
    store::update_main_to_newest(&mut tx, &channel.id, &wallet.user_id).await?;
    tx.commit().await?;
    // After the commit: a gateway failure leaves an orphan at the gateway, never a card in
    // the list that can no longer be charged.
    if let Err(error) = state.gateway.forget_card(&channel.id, &row.card_ref).await {
        tracing::warn!(error = format!("{error:#}"), "the gateway did not forget a deleted card");
    }
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(patch, path = "/v1/me/user-cards/{id}/use", tag = "cards", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 200, body = UserCard, description = "now the only main card"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "no such card of this member"),
    ))]
async fn use_card(State(state): State<AppState>, channel: Channel, member: Member, ApiPath(id): ApiPath<String>) -> ApiResult<Json<UserCard>> {
    let wallet = open_wallet(&state, &channel, &member).await?;
    let mut tx = wallet.begin(&state).await?;
    if !store::update_main(&mut tx, &channel.id, &wallet.user_id, &id).await? {
        return Err(ApiError::not_found());
    }
    let row = store::find_card(&mut *tx, &channel.id, &wallet.user_id, &id).await?.ok_or_else(ApiError::not_found)?;
    tx.commit().await?;
    Ok(Json(row.into()))
}
