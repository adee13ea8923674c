//! Handlers of the ecommerce events. Posting never reveals whether a cart token exists (an
//! unknown one is simply not linked); reading back needs the same cart's token or member.
use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::store::{self, NewEvent};
use super::MAX_ARGS_BYTES;
use crate::app::AppState;
use crate::auth::OptionalMember;
use crate::channel::Channel;
use crate::content::popups::Popup;
use crate::infra::error::{ApiError, ApiResult, ErrorBody, FieldErrors};
use crate::infra::extract::{ApiJson, ApiPath, ApiQuery};
use crate::infra::ids::new_id;
use crate::infra::time::Timestamp;
use crate::members::one_time_code::sha256_hex;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(create_event)).routes(routes!(show_event))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct EventInput {
    /// The event's name (`purchase`, `add_to_cart`, …), 1–100 characters.
    pub name: Option<String>,
    /// Whatever the storefront attaches (at most 16 KiB as JSON).
    pub args: Option<Value>,
    /// The cart token, linking the event to that cart (an unknown token is ignored).
    pub token: Option<String>,
    /// The recommendation engine's click-through marker; accepted, not stored (no engine).
    #[schema(value_type = Option<String>)]
    pub logreco_rcmd_ct: Option<Value>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct EventCreated {
    pub id: String,
    /// A popup configured for this event, to show at once. Popups are not tied to events yet
    /// (they have no event setting), so it is always null.
    pub popup: Option<Popup>,
}

fn checked(input: &EventInput) -> ApiResult<(String, String)> {
    let mut errors = FieldErrors::new();
    let name = input.name.as_deref().map(str::trim).unwrap_or("");
    if name.is_empty() || name.chars().count() > 100 || name.contains('\0') {
        errors.insert("name".into(), vec!["イベント名は1〜100文字で指定してください。".into()]);
    }
    let args = input.args.clone().unwrap_or(Value::Null).to_string();
    if args.len() > MAX_ARGS_BYTES {
        errors.insert("args".into(), vec!["イベントの内容が大きすぎます。".into()]);
    }
    if errors.is_empty() { Ok((name.to_owned(), args)) } else { Err(ApiError::Invalid(errors)) }
}

fn usable_token(token: Option<&str>) -> Option<&str> {
    token.map(str::trim).filter(|t| !t.is_empty() && t.len() <= 200)
}

#[utoipa::path(post, path = "/v1/ecommerce_events", tag = "ecommerce_events", request_body = EventInput,
    responses(
        (status = 201, body = EventCreated, description = "stored, linked to the token's cart and to the member of a bearer token"),
        (status = 401, body = ErrorBody, description = "a bearer token was sent but is not valid"),
        (status = 422, body = ErrorBody, description = "`errors.name`, `errors.args`"),
    ))]
async fn create_event(
    State(state): State<AppState>,
    channel: Channel,
    OptionalMember(member): OptionalMember,
    ApiJson(input): ApiJson<EventInput>,
) -> ApiResult<(StatusCode, Json<EventCreated>)> {
    let (name, args_json) = checked(&input)?;
    let cart = match usable_token(input.token.as_deref()) {
        Some(token) => store::find_cart(&state.db, &channel.id, &sha256_hex(token)).await?,
        None => None,
    };
    let id = new_id();
    let event = NewEvent {
        id: &id,
        name: &name,
        args_json: &args_json,
        cart_id: cart.as_ref().map(|c| c.id.as_str()),
        user_id: member.as_ref().map(|m| m.user_id.as_str()),
    };
    let mut tx = state.db.begin_write().await?;
    store::insert_event(&mut tx, &channel.id, &event, Timestamp::now().0).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(EventCreated { id, popup: None })))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct EventQuery {
    /// The token of the cart the event was posted with.
    pub token: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct DecisionProduct {
    pub product_key: String,
    pub name: String,
    pub unit_price: i64,
    pub quantity: i64,
}

/// The order the event's cart became.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct DecisionOrder {
    pub order_no: String,
    pub total_payment: i64,
    pub products: Vec<DecisionProduct>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct EventDetail {
    pub id: String,
    pub name: String,
    pub args: Value,
    /// Null until the cart became an order (or for an event without a cart).
    pub order: Option<DecisionOrder>,
}

#[utoipa::path(get, path = "/v1/ecommerce_events/{id}", tag = "ecommerce_events", params(("id" = String, Path), EventQuery),
    responses(
        (status = 200, body = EventDetail, description = "the event with the decision data of its cart's order"),
        (status = 401, body = ErrorBody, description = "a bearer token was sent but is not valid"),
        (status = 404, body = ErrorBody, description = "unknown, or neither the token of the event's cart nor its member's bearer token"),
    ))]
async fn show_event(
    State(state): State<AppState>,
    channel: Channel,
    OptionalMember(member): OptionalMember,
    ApiPath(id): ApiPath<String>,
    ApiQuery(query): ApiQuery<EventQuery>,
) -> ApiResult<Json<EventDetail>> {
    let event = store::find_event(&state.db, &channel.id, &id).await?.ok_or_else(ApiError::not_found)?;
    let by_member = matches!((&member, &event.user_id), (Some(m), Some(owner)) if &m.user_id == owner);
    let by_cart = match (usable_token(query.token.as_deref()), &event.cart_id) {
        (Some(token), Some(cart_id)) => {
            store::find_cart(&state.db, &channel.id, &sha256_hex(token)).await?.is_some_and(|cart| &cart.id == cart_id)
        }
        _ => false,
    };
    if !by_member && !by_cart {
        return Err(ApiError::not_found());
    }
    let order_id = match &event.cart_id {
        Some(cart_id) => store::find_cart_by_id(&state.db, &channel.id, cart_id).await?.and_then(|cart| cart.order_id),
        None => None,
    };
    let order = match order_id {
        Some(order_id) => match store::find_order_summary(&state.db, &channel.id, &order_id).await? {
            Some(summary) => {
                let products = store::list_order_lines(&state.db, &order_id)
                    .await?
                    .into_iter()
                    .map(|l| DecisionProduct { product_key: l.product_key, name: l.product_name, unit_price: l.unit_price, quantity: l.quantity })
                    .collect();
                Some(DecisionOrder { order_no: summary.order_no, total_payment: summary.total_payment, products })
            }
            None => None,
        },
        None => None,
    };
    let args = serde_json::from_str(&event.args_json).unwrap_or(Value::Null);
    Ok(Json(EventDetail { id: event.id, name: event.name, args, order }))
}
