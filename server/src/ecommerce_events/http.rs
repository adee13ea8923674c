//! Handlers of the ecommerce events. Posting never reveals whether a cart token exists (an
//! unknown one is simply not linked); reading back needs the event's owner (see `owner.rs`).
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::owner::{self, NamedCart, Owner};
use super::store::{self, NewEvent};
use super::{MAX_ARGS_BYTES, MAX_RCMD_CT_BYTES};
use crate::auth::OptionalMember;
use crate::channel::Channel;
use crate::content::popups::Popup;
use crate::infra::error::{ApiError, ApiResult, ErrorBody, FieldErrors};
use crate::infra::extract::{ApiJson, ApiPath, ApiQuery};
use crate::infra::ids::new_id;
use crate::infra::secret::sha256_hex;
use crate::infra::time::Timestamp;
use crate::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(create_event)).routes(routes!(show_event))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct EventInput {
    /// The event's name (`purchase`, `add_to_cart`, …), 1–100 characters.
    #[schema(required = true, value_type = String, pattern = "\\S", max_length = 100)]
    pub name: Option<String>,
    /// Whatever the storefront attaches (at most 16 KiB as JSON).
    pub args: Option<Value>,
    /// The cart token, linking the event to that cart. A guest cart's event then belongs to
    /// that token; a member's cart is linked only with that member's bearer token (anyone
    /// else's is ignored like an unknown token) and its event belongs to the member.
    pub token: Option<String>,
    /// The recommendation click that led to this event (the storefront sends the last click on
    /// an おすすめ商品 of this visit: `{source, target, clicked_at}`), any JSON up to 1 KiB;
    /// stored with the event so recommendation clicks can be counted. Null or absent: none.
    pub logreco_rcmd_ct: Option<Value>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct EventCreated {
    pub id: String,
    /// The shop's popup for this event (e.g. after `purchase`), to show at once; null when
    /// the shop has none whose window is open.
    pub popup: Option<Popup>,
}

/// The event's name, its `args` and its recommendation click (None for none), as JSON text.
struct Checked {
    name: String,
    args_json: String,
    rcmd_ct_json: Option<String>,
}

fn checked(input: &EventInput) -> ApiResult<Checked> {
    let mut errors = FieldErrors::new();
    let name = input.name.as_deref().map(str::trim).unwrap_or("");
    if name.is_empty() || name.chars().count() > 100 || name.contains('\0') {
        errors.insert("name".into(), vec!["イベント名は1〜100文字で指定してください。".into()]);
    }
    let args = input.args.clone().unwrap_or(Value::Null).to_string();
    if args.len() > MAX_ARGS_BYTES {
        errors.insert("args".into(), vec!["イベントの内容が大きすぎます。".into()]);
    }
    let rcmd_ct_json = input.logreco_rcmd_ct.as_ref().filter(|v| !v.is_null()).map(Value::to_string);
    if rcmd_ct_json.as_ref().is_some_and(|json| json.len() > MAX_RCMD_CT_BYTES) {
        errors.insert("logreco_rcmd_ct".into(), vec!["おすすめのクリック情報が大きすぎます。".into()]);
    }
    if errors.is_empty() { Ok(Checked { name: name.to_owned(), args_json: args, rcmd_ct_json }) } else { Err(ApiError::Invalid(errors)) }
}

fn usable_token(token: Option<&str>) -> Option<&str> {
    token.map(str::trim).filter(|t| !t.is_empty() && t.len() <= 200)
}

#[utoipa::path(post, path = "/v1/ecommerce_events", tag = "ecommerce_events", request_body = EventInput,
    responses(
        (status = 201, body = EventCreated, description = "stored; linked to the token's cart when it is a guest cart or the bearer's own cart, owned by that cart's member, else by the guest cart's token, else (no cart) by the bearer's member"),
        (status = 401, body = ErrorBody, description = "a bearer token was sent but is not valid"),
        (status = 422, body = ErrorBody, description = "`errors.name`, `errors.args`, `errors.logreco_rcmd_ct`"),
    ))]
async fn create_event(
    State(state): State<AppState>,
    channel: Channel,
    OptionalMember(member): OptionalMember,
    ApiJson(input): ApiJson<EventInput>,
) -> ApiResult<(StatusCode, Json<EventCreated>)> {
    let Checked { name, args_json, rcmd_ct_json } = checked(&input)?;
    let poster = member.as_ref().map(|m| m.user_id.as_str());
    let token_hash = usable_token(input.token.as_deref()).map(sha256_hex);
    let cart = match &token_hash {
        Some(hash) => store::find_cart(&state.db, &channel.id, hash).await?,
        None => None,
    };
    let named = cart.as_ref().zip(token_hash.as_deref()).map(|(c, hash)| NamedCart { member: c.user_id.as_deref(), token_hash: hash });
    let linked = named.filter(|named| owner::may_link(*named, poster));
    let owner = Owner::of_post(linked, poster);
    let id = new_id();
    let event = NewEvent {
        id: &id,
        name: &name,
        args_json: &args_json,
        rcmd_ct_json: rcmd_ct_json.as_deref(),
        cart_id: linked.and(cart.as_ref()).map(|c| c.id.as_str()),
        user_id: poster,
        owner: &owner,
    };
    let mut tx = state.db.begin_write().await?;
    store::insert_event(&mut tx, &channel.id, &event, Timestamp::now().0).await?;
    tx.commit().await?;
    let popup = crate::content::popups::for_event(&state.db, &channel.id, &name).await?;
    Ok((StatusCode::CREATED, Json(EventCreated { id, popup })))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct EventQuery {
    /// The token of the guest cart the event was posted with. A member's event is read with
    /// that member's bearer token; their cart's token alone does not read it.
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
    /// The recommendation click it was posted with; null for none.
    pub logreco_rcmd_ct: Value,
    /// Null until the cart became an order (or for an event without a cart).
    pub order: Option<DecisionOrder>,
}

#[utoipa::path(get, path = "/v1/ecommerce_events/{id}", tag = "ecommerce_events", params(("id" = String, Path), EventQuery),
    responses(
        (status = 200, body = EventDetail, description = "the event with the decision data of its cart's order"),
        (status = 401, body = ErrorBody, description = "a bearer token was sent but is not valid (asked only for an event of this shop)"),
        (status = 404, body = ErrorBody, description = "unknown, another shop's (a member's token sent to the other shop included), or not the owner's: \
            a member's event without that member's bearer token (their cart's token alone is not enough) or with another member's, \
            a guest cart's event without that cart's token, or one whose cart a member has adopted since, without that member's bearer token"),
    ))]
async fn show_event(
    State(state): State<AppState>,
    channel: Channel,
    member: Result<OptionalMember, ApiError>,
    ApiPath(id): ApiPath<String>,
    ApiQuery(query): ApiQuery<EventQuery>,
) -> ApiResult<Json<EventDetail>> {
    // Looked up first: a member's token sent to the other shop meets no event there (404, like
    // any other stranger); a stale token of this shop is still a 401 so the storefront refreshes.
    let event = store::find_event(&state.db, &channel.id, &id).await?.ok_or_else(ApiError::not_found)?;
    let OptionalMember(member) = member?;
    let cart = match &event.cart_id {
        Some(cart_id) => store::find_cart_by_id(&state.db, &channel.id, cart_id).await?,
        None => None,
    };
    let reader = member.as_ref().map(|m| m.user_id.as_str());
    let token_hash = usable_token(query.token.as_deref()).map(sha256_hex);
    let cart_member = cart.as_ref().and_then(|c| c.user_id.as_deref());
    if !event.owner().may_read(reader, token_hash.as_deref(), cart_member) {
        return Err(ApiError::not_found());
    }
    let order_id = cart.and_then(|cart| cart.order_id);
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
    let logreco_rcmd_ct = event.rcmd_ct_json.as_deref().and_then(|json| serde_json::from_str(json).ok()).unwrap_or(Value::Null);
    Ok(Json(EventDetail { id: event.id, name: event.name, args, logreco_rcmd_ct, order }))
}
