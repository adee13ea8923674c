//! Handlers of the cart. A cart is reached by its token; a member's cart only with that
//! member's bearer token as well (otherwise it answers 404, like an unknown token). Every
//! change answers the whole cart, priced again.
use axum::extract::{RawQuery, State};
use axum::http::StatusCode;
use axum::Json;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::checkout::delivery_date::{self, DeliveryDate, DeliveryTimezone};
use super::settings::CheckoutSettings;
use super::store::{self, CartRow, PaymentMethodRow, VariationRow};
use super::view::{self, CartAddress, CartBody, Loaded, Orderer, MAX_QUANTITY};
use super::*;
use crate::addresses::entry::{AddressFields, AddressInput};
use crate::state::AppState;
use crate::auth::{Member, OptionalMember};
use crate::infra::secret::random_hex;
use crate::channel::Channel;
use crate::infra::db::Tx;
use crate::infra::error::{ApiError, ApiResult, ErrorBody, FieldErrors};
use crate::infra::extract::{ApiJson, ApiPath};
use crate::infra::time::Timestamp;
use crate::infra::secret::sha256_hex;
use crate::members::profile;
use crate::validation::{self as rules, FieldCheck};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(init_cart))
        .routes(routes!(show_cart))
        .routes(routes!(reset_cart))
        .routes(routes!(reset_shippings))
        .routes(routes!(add_product))
        .routes(routes!(add_product_set))
        .routes(routes!(modify_product))
        .routes(routes!(delete_product))
        .routes(routes!(divide_product))
        .routes(routes!(add_shipping))
        .routes(routes!(modify_shipping))
        .routes(routes!(add_packing))
        .routes(routes!(modify_packing))
        .routes(routes!(modify_order))
        .routes(routes!(modify_other))
        .routes(routes!(add_accessory))
        .routes(routes!(modify_accessory))
        .routes(routes!(delete_accessory))
        .routes(routes!(add_coupon))
        .routes(routes!(delete_coupon))
        .routes(routes!(use_points))
        .routes(routes!(delete_transaction_error))
        .routes(routes!(social_receiver))
        .routes(routes!(cart_leadtimes))
        .routes(routes!(input_leadtimes))
        .routes(routes!(list_payments))
        .routes(routes!(list_cart_payments))
        .routes(routes!(check_payment))
        .routes(routes!(super::order_view::show_cart_order))
        .routes(routes!(super::quotation::download_cart_quotation))
}

pub fn now_ms() -> i64 {
    Timestamp::now().0
}

pub fn rule(code: &'static str, message: impl Into<String>) -> ApiError {
    ApiError::Rule { status: StatusCode::UNPROCESSABLE_ENTITY, code: Some(code), message: message.into() }
}

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
        let now = now_ms();
        if cart.expires_at <= now {
            return Err(rule(EXPIRED_CODE, EXPIRED_MESSAGE));
        }
        let settings = CheckoutSettings::load(&state.db, channel).await?;
        Ok(Open { token: token.trim().to_owned(), cart, settings, member: member.0, now })
    }

    /// For a change: an ordered cart is finished (the storefront starts a new one).
    pub async fn for_change(state: &AppState, channel: &Channel, member: OptionalMember, token: &str) -> ApiResult<Open> {
        let open = Self::get(state, channel, member, token).await?;
        if open.cart.order_id.is_some() {
            return Err(rule(EXPIRED_CODE, EXPIRED_MESSAGE));
        }
        Ok(open)
    }

    pub async fn load(&self, state: &AppState) -> ApiResult<Loaded> {
        Ok(view::load(&state.db, &state.gateway, self.cart.clone()).await?)
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
        let loaded = view::load(&state.db, &state.gateway, cart).await?;
        Ok(Json(loaded.body(&self.token, &self.settings, self.now)))
    }
}

// ---- init, show, reset ----

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CartInitRequest {
    pub token: Option<String>,
    /// Drop lines that are gone, not on sale or sold out, and name them in `removed_products`.
    pub invalid_product: Option<bool>,
}

#[utoipa::path(post, path = "/v1/carts/init", tag = "cart", request_body = CartInitRequest,
    responses(
        (status = 200, body = CartBody, description = "the cart of the token, or a new one (no/unknown/expired/ordered token, or another member's). With a bearer token a guest cart becomes the member's; when the member already has an open cart the guest cart's lines merge into it and its token is answered. `reason` is `product_not_found` when lines were dropped"),
        (status = 401, body = ErrorBody, description = "a bearer token was sent but is not valid"),
    ))]
async fn init_cart(
    State(state): State<AppState>,
    channel: Channel,
    member: OptionalMember,
    ApiJson(input): ApiJson<CartInitRequest>,
) -> ApiResult<Json<CartBody>> {
    let now = now_ms();
    let member = member.0;
    let user_id = member.as_ref().map(|m| m.user_id.clone());
    // A member whose book is empty gets the own address entry (the profile) now.
    if let Some(user_id) = &user_id
        && crate::addresses::store::find_own_id(&state.db, user_id).await?.is_none()
    {
        let mut tx = state.db.begin_write().await?;
        crate::addresses::store::insert_own(&mut tx, &channel.id, user_id, now).await?;
        tx.commit().await?;
    }
    let given = match input.token.as_deref() {
        Some(token) => find_visible(&state, &channel, member.as_ref(), token).await?.filter(|c| c.order_id.is_none() && c.expires_at > now),
        None => None,
    };
    let mut tx = state.db.begin_write().await?;
    let (cart_id, token) = match (given, &user_id) {
        (Some(cart), None) => (cart.id, input.token.clone().unwrap_or_default()),
        (Some(cart), Some(user_id)) if cart.user_id.as_deref() == Some(user_id.as_str()) => (cart.id, input.token.clone().unwrap_or_default()),
        (Some(guest), Some(user_id)) => match store::find_open_member_cart(&mut *tx, &channel.id, user_id, &guest.id, now).await? {
            // The member already has a cart: the guest's lines join it, and its token is answered.
            Some(own) => {
                merge_lines(&mut tx, &guest.id, &own.id, now).await?;
                store::delete_cart(&mut tx, &guest.id).await?;
                let token = random_hex(16);
                sqlx::query("UPDATE carts SET token_hash = $1 WHERE id = $2").bind(sha256_hex(&token)).bind(&own.id).execute(&mut *tx).await?;
                (own.id, token)
            }
            None => {
                store::update_cart_user(&mut tx, &guest.id, user_id).await?;
                (guest.id, input.token.clone().unwrap_or_default())
            }
        },
        (None, Some(user_id)) => match store::find_open_member_cart(&mut *tx, &channel.id, user_id, "", now).await? {
            // The member's cart from another device: its token is replaced (only hashes are kept).
            Some(own) => {
                let token = random_hex(16);
                sqlx::query("UPDATE carts SET token_hash = $1 WHERE id = $2").bind(sha256_hex(&token)).bind(&own.id).execute(&mut *tx).await?;
                (own.id, token)
            }
            None => new_cart(&mut tx, &channel.id, Some(user_id), now).await?,
        },
        (None, None) => new_cart(&mut tx, &channel.id, None, now).await?,
    };
    let mut removed = Vec::new();
    if input.invalid_product.unwrap_or(false) {
        let settings = CheckoutSettings::load(&state.db, &channel).await?;
        for line in store::list_lines(&mut *tx, &cart_id).await? {
            let v = &line.variation;
            let unsellable = settings.front.is_selling_stopped() || view::line_problem(v, now).is_some() || v.stock_quantity <= 0;
            if unsellable {
                store::delete_line(&mut tx, &line.id).await?;
                removed.push(v.product_name.clone());
            }
        }
    }
    store::update_touched(&mut tx, &cart_id, now, now + LIFETIME_MS).await?;
    tx.commit().await?;
    let settings = CheckoutSettings::load(&state.db, &channel).await?;
    let cart = store::find_cart(&state.db.pool, &cart_id).await?.ok_or_else(ApiError::not_found)?;
    let loaded = view::load(&state.db, &state.gateway, cart).await?;
    let mut body = loaded.body(&token, &settings, now);
    body.reason = Some(if removed.is_empty() { String::new() } else { "product_not_found".to_owned() }).filter(|r| !r.is_empty());
    body.removed_products = removed;
    Ok(Json(body))
}

/// A new cart: a random 128-bit token, only its hash stored.
pub async fn new_cart(tx: &mut Tx, channel_id: &str, user_id: Option<&str>, now: i64) -> ApiResult<(String, String)> {
    let token = random_hex(16);
    let id = store::insert_cart(tx, channel_id, &sha256_hex(&token), user_id, now, now + LIFETIME_MS).await?;
    Ok((id, token))
}

/// The guest cart's lines join the member's: the same variation adds up (at most 99),
/// others move over with their accessories.
async fn merge_lines(tx: &mut Tx, from: &str, to: &str, now: i64) -> ApiResult<()> {
    let target = store::list_lines(&mut **tx, to).await?;
    let mut shipping = store::list_shippings(&mut **tx, to).await?.first().map(|s| s.id.clone());
    for line in store::list_lines(&mut **tx, from).await?.into_iter().filter(|l| l.parent_line_id.is_none()) {
        let same = target.iter().find(|t| t.parent_line_id.is_none() && t.variation.variation_id == line.variation.variation_id);
        match same {
            Some(existing) => {
                store::update_line_quantity(tx, &existing.id, (existing.quantity + line.quantity).min(MAX_QUANTITY)).await?;
                sqlx::query("UPDATE cart_products SET cart_id = $1, parent_line_id = $2, shipping_id = $3 WHERE parent_line_id = $4")
                    .bind(to)
                    .bind(&existing.id)
                    .bind(&existing.shipping_id)
                    .bind(&line.id)
                    .execute(&mut **tx)
                    .await?;
                store::delete_line(tx, &line.id).await?;
            }
            None => {
                if shipping.is_none() {
                    shipping = Some(store::insert_shipping(tx, to).await?);
                }
                store::update_line_cart(tx, &line.id, to, shipping.as_deref()).await?;
                sqlx::query("UPDATE cart_products SET cart_id = $1, shipping_id = $2 WHERE parent_line_id = $3")
                    .bind(to)
                    .bind(shipping.as_deref())
                    .bind(&line.id)
                    .execute(&mut **tx)
                    .await?;
            }
        }
    }
    store::update_touched(tx, to, now, now + LIFETIME_MS).await?;
    Ok(())
}

#[utoipa::path(get, path = "/v1/carts/{token}", tag = "cart", params(("token" = String, Path)),
    responses(
        (status = 200, body = CartBody),
        (status = 404, body = ErrorBody, description = "unknown token, or another member's cart"),
        (status = 422, body = ErrorBody, description = "code `cart.common.is_expired`"),
    ))]
async fn show_cart(State(state): State<AppState>, channel: Channel, member: OptionalMember, ApiPath(token): ApiPath<String>) -> ApiResult<Json<CartBody>> {
    let open = Open::get(&state, &channel, member, &token).await?;
    open.answer(&state).await
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CartTokenRequest {
    pub token: String,
}

#[utoipa::path(patch, path = "/v1/carts/reset", tag = "cart", request_body = CartTokenRequest,
    responses((status = 200, body = CartBody, description = "lines, shippings, coupon, points and payment removed"), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn reset_cart(State(state): State<AppState>, channel: Channel, member: OptionalMember, ApiJson(input): ApiJson<CartTokenRequest>) -> ApiResult<Json<CartBody>> {
    let open = Open::for_change(&state, &channel, member, &input.token).await?;
    let mut tx = open.begin(&state).await?;
    store::update_reset(&mut tx, &open.cart.id).await?;
    open.commit(tx).await?;
    open.answer(&state).await
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CartShippingsResetRequest {
    pub token: String,
    pub is_removing_address: Option<bool>,
}

#[utoipa::path(patch, path = "/v1/carts/shippings/reset", tag = "cart", request_body = CartShippingsResetRequest,
    responses((status = 200, body = CartBody, description = "one shipping left holding every line, its date cleared (and its address when is_removing_address)"), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn reset_shippings(State(state): State<AppState>, channel: Channel, member: OptionalMember, ApiJson(input): ApiJson<CartShippingsResetRequest>) -> ApiResult<Json<CartBody>> {
    let open = Open::for_change(&state, &channel, member, &input.token).await?;
    let mut tx = open.begin(&state).await?;
    let shippings = store::list_shippings(&mut *tx, &open.cart.id).await?;
    if let Some(first) = shippings.first() {
        store::update_shippings_reset(&mut tx, &open.cart.id, &first.id, input.is_removing_address.unwrap_or(false)).await?;
    }
    open.commit(tx).await?;
    open.answer(&state).await
}

// ---- products ----

fn check_quantity(quantity: Option<i64>) -> ApiResult<i64> {
    match quantity {
        Some(q) if (1..=MAX_QUANTITY).contains(&q) => Ok(q),
        _ => Err(ApiError::field("quantity", format!("数量は1〜{MAX_QUANTITY}の整数で入力してください"))),
    }
}

/// The catalogue still sells this variation now (the shop is selling, the product is
/// published and in its sale period).
pub fn check_sellable(settings: &CheckoutSettings, v: &VariationRow, now: i64) -> ApiResult<()> {
    if settings.front.is_selling_stopped() {
        return Err(rule(NOT_SALE_CODE, SELLING_STOPPED_MESSAGE));
    }
    match view::line_problem(v, now) {
        Some(code) if code == PRODUCT_NOT_FOUND_CODE => Err(rule(PRODUCT_NOT_FOUND_CODE, PRODUCT_NOT_FOUND_MESSAGE)),
        Some(_) => Err(rule(NOT_SALE_CODE, NOT_SALE_MESSAGE)),
        None => Ok(()),
    }
}

/// `quantity` units of `v` in the whole cart (every line of that variation) fit the stock.
fn check_stock(v: &VariationRow, in_cart: i64) -> ApiResult<()> {
    if in_cart > v.stock_quantity {
        return Err(ApiError::field("quantity", short_stock_message(v.stock_quantity)));
    }
    Ok(())
}

async fn find_variation(state: &AppState, channel: &Channel, variation_key: Option<&str>, product_key: Option<&str>) -> ApiResult<VariationRow> {
    let found = match (variation_key.map(str::trim).filter(|k| !k.is_empty()), product_key.map(str::trim).filter(|k| !k.is_empty())) {
        (Some(key), _) => store::find_variation_by_key(&state.db.pool, &channel.id, key).await?,
        (None, Some(product_key)) => {
            let mut variations = store::list_product_variations(&state.db.pool, &channel.id, product_key).await?;
            if variations.len() > 1 {
                return Err(ApiError::field("variation_key", "サイズ・カラーを選択してください"));
            }
            variations.pop()
        }
        (None, None) => return Err(ApiError::field("variation_key", rules::REQUIRED)),
    };
    found.ok_or_else(|| rule(PRODUCT_NOT_FOUND_CODE, PRODUCT_NOT_FOUND_MESSAGE))
}

/// Adds `quantity` of `v` as a product line (to the line of the same variation if there is one).
async fn put_line(tx: &mut Tx, open: &Open, v: &VariationRow, quantity: i64) -> ApiResult<()> {
    check_sellable(&open.settings, v, open.now)?;
    let lines = store::list_lines(&mut **tx, &open.cart.id).await?;
    let in_cart: i64 = lines.iter().filter(|l| l.variation.variation_id == v.variation_id).map(|l| l.quantity).sum();
    check_stock(v, in_cart + quantity)?;
    let existing = lines.iter().find(|l| l.parent_line_id.is_none() && l.variation.variation_id == v.variation_id);
    match existing {
        Some(line) => {
            if line.quantity + quantity > MAX_QUANTITY {
                return Err(ApiError::field("quantity", format!("1つの商品は{MAX_QUANTITY}点までご注文いただけます")));
            }
            store::update_line_quantity(tx, &line.id, line.quantity + quantity).await?;
        }
        None => {
            let shippings = store::list_shippings(&mut **tx, &open.cart.id).await?;
            let shipping_id = match shippings.first() {
                Some(s) => s.id.clone(),
                None => store::insert_shipping(tx, &open.cart.id).await?,
            };
            store::insert_line(tx, &open.cart.id, Some(&shipping_id), &v.variation_id, None, quantity, open.now).await?;
        }
    }
    Ok(())
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CartAddProductRequest {
    pub token: String,
    pub variation_key: Option<String>,
    /// Instead of variation_key, for a product with a single variation.
    pub product_key: Option<String>,
    pub quantity: Option<i64>,
}

#[utoipa::path(patch, path = "/v1/carts/products/add", tag = "cart", request_body = CartAddProductRequest,
    responses(
        (status = 200, body = CartBody),
        (status = 404, body = ErrorBody, description = "unknown cart"),
        (status = 422, body = ErrorBody, description = "codes `cart.update_products.not_sale` (not on sale, selling stopped), `cart.update_products.product_not_found`, `cart.common.is_expired`; field `quantity` 「在庫が不足しています（残り N 点）」"),
    ))]
async fn add_product(State(state): State<AppState>, channel: Channel, member: OptionalMember, ApiJson(input): ApiJson<CartAddProductRequest>) -> ApiResult<Json<CartBody>> {
    let open = Open::for_change(&state, &channel, member, &input.token).await?;
    let quantity = check_quantity(input.quantity)?;
    let v = find_variation(&state, &channel, input.variation_key.as_deref(), input.product_key.as_deref()).await?;
    let mut tx = open.begin(&state).await?;
    put_line(&mut tx, &open, &v, quantity).await?;
    open.commit(tx).await?;
    open.answer(&state).await
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CartSetItem {
    pub variation_key: Option<String>,
    pub product_key: Option<String>,
    pub quantity: Option<i64>,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CartAddSetRequest {
    pub token: String,
    pub items: Vec<CartSetItem>,
}

#[utoipa::path(patch, path = "/v1/carts/products/add-set", tag = "cart", request_body = CartAddSetRequest,
    responses((status = 200, body = CartBody, description = "every item added, or none"), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody, description = "as products/add, for the first item that cannot be added; its field errors are named `items.<index>.quantity`")))]
async fn add_product_set(State(state): State<AppState>, channel: Channel, member: OptionalMember, ApiJson(input): ApiJson<CartAddSetRequest>) -> ApiResult<Json<CartBody>> {
    let open = Open::for_change(&state, &channel, member, &input.token).await?;
    if input.items.is_empty() || input.items.len() > 50 {
        return Err(ApiError::field("items", "商品を選択してください"));
    }
    let mut found = Vec::new();
    for (index, item) in input.items.iter().enumerate() {
        let quantity = check_quantity(item.quantity).map_err(|e| of_item(index, e))?;
        found.push((find_variation(&state, &channel, item.variation_key.as_deref(), item.product_key.as_deref()).await?, quantity));
    }
    // One transaction: dropped (rolled back) on the first item that fails.
    let mut tx = open.begin(&state).await?;
    for (index, (v, quantity)) in found.iter().enumerate() {
        put_line(&mut tx, &open, v, *quantity).await.map_err(|e| of_item(index, e))?;
    }
    open.commit(tx).await?;
    open.answer(&state).await
}

/// A set item's field errors are named `items.<index>.<field>`, so the order sheet can point
/// at the entry that was refused.
fn of_item(index: usize, error: ApiError) -> ApiError {
    match error {
        ApiError::Invalid(errors) => ApiError::Invalid(errors.into_iter().map(|(field, messages)| (format!("items.{index}.{field}"), messages)).collect()),
        other => other,
    }
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CartLineQuantityRequest {
    pub token: String,
    /// The line's key.
    pub key: String,
    pub quantity: Option<i64>,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CartLineRequest {
    pub token: String,
    pub key: String,
}

/// Sets a line's quantity (product or accessory line, as `accessory` says).
async fn set_line_quantity(state: &AppState, open: &Open, key: &str, quantity: Option<i64>, accessory: bool) -> ApiResult<()> {
    let quantity = check_quantity(quantity)?;
    let mut tx = open.begin(state).await?;
    let lines = store::list_lines(&mut *tx, &open.cart.id).await?;
    let line = lines.iter().find(|l| l.id == key && l.parent_line_id.is_some() == accessory).ok_or_else(line_not_found)?;
    if quantity > line.quantity {
        check_sellable(&open.settings, &line.variation, open.now)?;
    }
    let others: i64 = lines.iter().filter(|l| l.id != line.id && l.variation.variation_id == line.variation.variation_id).map(|l| l.quantity).sum();
    check_stock(&line.variation, others + quantity)?;
    store::update_line_quantity(&mut tx, &line.id, quantity).await?;
    open.commit(tx).await
}

fn line_not_found() -> ApiError {
    rule(PRODUCT_NOT_FOUND_CODE, "カートに該当する商品がありません。")
}

async fn remove_line(state: &AppState, open: &Open, key: &str, accessory: bool) -> ApiResult<()> {
    let mut tx = open.begin(state).await?;
    let lines = store::list_lines(&mut *tx, &open.cart.id).await?;
    let line = lines.iter().find(|l| l.id == key && l.parent_line_id.is_some() == accessory).ok_or_else(line_not_found)?;
    store::delete_line(&mut tx, &line.id).await?;
    open.commit(tx).await
}

#[utoipa::path(patch, path = "/v1/carts/products/modify", tag = "cart", request_body = CartLineQuantityRequest,
    responses((status = 200, body = CartBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody, description = "stock (field quantity) or the sale codes")))]
async fn modify_product(State(state): State<AppState>, channel: Channel, member: OptionalMember, ApiJson(input): ApiJson<CartLineQuantityRequest>) -> ApiResult<Json<CartBody>> {
    let open = Open::for_change(&state, &channel, member, &input.token).await?;
    set_line_quantity(&state, &open, &input.key, input.quantity, false).await?;
    open.answer(&state).await
}

#[utoipa::path(patch, path = "/v1/carts/products/delete", tag = "cart", request_body = CartLineRequest,
    responses((status = 200, body = CartBody, description = "the line and its accessories removed"), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn delete_product(State(state): State<AppState>, channel: Channel, member: OptionalMember, ApiJson(input): ApiJson<CartLineRequest>) -> ApiResult<Json<CartBody>> {
    let open = Open::for_change(&state, &channel, member, &input.token).await?;
    remove_line(&state, &open, &input.key, false).await?;
    open.answer(&state).await
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CartDivideRequest {
    pub token: String,
    pub key: String,
    /// Units moved to the other shipping (all of them moves the line).
    pub quantity: Option<i64>,
    pub shipping_key: String,
}

#[utoipa::path(patch, path = "/v1/carts/products/divide", tag = "cart", request_body = CartDivideRequest,
    responses((status = 200, body = CartBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody, description = "code `cart.shippings.multiple_not_allowed` when the shop delivers to one address only")))]
async fn divide_product(State(state): State<AppState>, channel: Channel, member: OptionalMember, ApiJson(input): ApiJson<CartDivideRequest>) -> ApiResult<Json<CartBody>> {
    let open = Open::for_change(&state, &channel, member, &input.token).await?;
    if !open.settings.front.allow_multiple_shipping {
        return Err(rule(MULTIPLE_SHIPPING_CODE, MULTIPLE_SHIPPING_MESSAGE));
    }
    let quantity = check_quantity(input.quantity)?;
    let mut tx = open.begin(&state).await?;
    let lines = store::list_lines(&mut *tx, &open.cart.id).await?;
    let line = lines.iter().find(|l| l.id == input.key && l.parent_line_id.is_none()).ok_or_else(line_not_found)?;
    let shippings = store::list_shippings(&mut *tx, &open.cart.id).await?;
    let target = shippings.iter().find(|s| s.id == input.shipping_key).ok_or_else(|| ApiError::field("shipping_key", "お届け先が見つかりません"))?;
    if quantity > line.quantity {
        return Err(ApiError::field("quantity", "カートの数量を超えて分けることはできません"));
    }
    if line.shipping_id.as_deref() != Some(target.id.as_str()) {
        if quantity == line.quantity {
            store::update_line_shipping(&mut tx, &line.id, &target.id).await?;
        } else {
            store::update_line_quantity(&mut tx, &line.id, line.quantity - quantity).await?;
            let same = lines.iter().find(|l| l.parent_line_id.is_none() && l.variation.variation_id == line.variation.variation_id && l.shipping_id.as_deref() == Some(target.id.as_str()));
            match same {
                Some(other) => store::update_line_quantity(&mut tx, &other.id, other.quantity + quantity).await?,
                None => {
                    store::insert_line(&mut tx, &open.cart.id, Some(&target.id), &line.variation.variation_id, None, quantity, open.now).await?;
                }
            }
        }
    }
    open.commit(tx).await?;
    open.answer(&state).await
}

// ---- shippings and packing ----

/// The address a shipping gets: a book entry of the member (the own one is the profile) or
/// one typed in.
async fn resolve_address(state: &AppState, open: &Open, user_address_id: Option<&str>, address: Option<AddressInput>) -> ApiResult<(Option<String>, CartAddress)> {
    if let Some(id) = user_address_id.map(str::trim).filter(|id| !id.is_empty()) {
        let not_data = || rule(ADDRESS_NOT_FOUND_CODE, ADDRESS_NOT_FOUND_MESSAGE);
        let member = open.member.as_ref().ok_or_else(not_data)?;
        let row = crate::addresses::store::find_address(&state.db.pool, &member.user_id, id).await?.ok_or_else(not_data)?;
        let fields = if row.division_ct == crate::addresses::OWN {
            let user = crate::members::store::find_user(&state.db.pool, &open.cart.channel_id, &member.user_id).await?.ok_or(ApiError::Unauthorized)?;
            AddressFields::of_profile(&user.profile)
        } else {
            row.fields
        };
        return Ok((Some(row.id), CartAddress::from(fields)));
    }
    let Some(input) = address else {
        return Err(ApiError::field("user_address_id", "お届け先を選択してください"));
    };
    let mut check = FieldCheck::default();
    let fields = profile::checked(AddressFields::check(input, open.settings.front.is_corporate, &mut check), check)?;
    Ok((None, CartAddress::from(fields)))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CartShippingAddRequest {
    pub token: String,
    /// An entry of the member's address book (`/v1/me/user-addresses`).
    pub user_address_id: Option<String>,
    /// An address typed in (guests, or a one-off address).
    pub address: Option<AddressInput>,
}

#[utoipa::path(patch, path = "/v1/carts/shippings/add", tag = "cart", request_body = CartShippingAddRequest,
    responses(
        (status = 200, body = CartBody, description = "the address set on the cart's only shipping while it has none, else a new shipping"),
        (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "code `cart_detail.set_user_address.not_data` (not the member's entry), `cart.shippings.multiple_not_allowed`, or address field errors"),
    ))]
async fn add_shipping(State(state): State<AppState>, channel: Channel, member: OptionalMember, ApiJson(input): ApiJson<CartShippingAddRequest>) -> ApiResult<Json<CartBody>> {
    let open = Open::for_change(&state, &channel, member, &input.token).await?;
    let (address_id, address) = resolve_address(&state, &open, input.user_address_id.as_deref(), input.address).await?;
    let json = serde_json::to_string(&address).map_err(anyhow::Error::from)?;
    let mut tx = open.begin(&state).await?;
    let shippings = store::list_shippings(&mut *tx, &open.cart.id).await?;
    let target = match shippings.as_slice() {
        [] => store::insert_shipping(&mut tx, &open.cart.id).await?,
        [only] if only.address_json.is_none() => only.id.clone(),
        _ if !open.settings.front.allow_multiple_shipping => return Err(rule(MULTIPLE_SHIPPING_CODE, MULTIPLE_SHIPPING_MESSAGE)),
        _ => store::insert_shipping(&mut tx, &open.cart.id).await?,
    };
    store::update_shipping_address(&mut tx, &target, address_id.as_deref(), Some(&json)).await?;
    if shippings.is_empty() {
        sqlx::query("UPDATE cart_products SET shipping_id = $1 WHERE cart_id = $2 AND shipping_id IS NULL").bind(&target).bind(&open.cart.id).execute(&mut *tx).await?;
    }
    open.commit(tx).await?;
    open.answer(&state).await
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CartShippingModifyRequest {
    pub token: String,
    pub key: String,
    pub user_address_id: Option<String>,
    pub address: Option<AddressInput>,
    /// YYYY-MM-DD from the lead-time choices; "" for the earliest.
    pub delivery_date: Option<String>,
    /// A time slot key; "" for none.
    pub delivery_timezone_key: Option<String>,
}

#[utoipa::path(patch, path = "/v1/carts/shippings/modify", tag = "cart", request_body = CartShippingModifyRequest,
    responses((status = 200, body = CartBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody, description = "code `cart_detail.set_user_address.not_data`, or field errors (a date outside the choices, an unknown time slot)")))]
async fn modify_shipping(State(state): State<AppState>, channel: Channel, member: OptionalMember, ApiJson(input): ApiJson<CartShippingModifyRequest>) -> ApiResult<Json<CartBody>> {
    let open = Open::for_change(&state, &channel, member, &input.token).await?;
    let shippings = store::list_shippings(&state.db.pool, &open.cart.id).await?;
    let shipping = shippings.iter().find(|s| s.id == input.key).ok_or_else(|| ApiError::field("key", "お届け先が見つかりません"))?;
    let new_address = if input.user_address_id.as_deref().is_some_and(|id| !id.trim().is_empty()) || input.address.is_some() {
        Some(resolve_address(&state, &open, input.user_address_id.as_deref(), input.address).await?)
    } else {
        None
    };
    let address = match &new_address {
        Some((_, a)) => Some(a.clone()),
        None => shipping.address_json.as_deref().and_then(|j| serde_json::from_str::<CartAddress>(j).ok()),
    };
    let date = match input.delivery_date.as_deref().map(str::trim) {
        None => shipping.delivery_date.clone(),
        Some("") => None,
        Some(date) => {
            let choices = date_choices(&state, &channel, address.as_ref()).await?;
            if !choices.iter().any(|d| d == date) {
                return Err(ApiError::field("delivery_date", "お届け日は選択肢の中から選んでください"));
            }
            Some(date.to_owned())
        }
    };
    let timezone = match input.delivery_timezone_key.as_deref().map(str::trim) {
        None => shipping.delivery_timezone_key.clone(),
        Some("") => None,
        Some(key) if delivery_date::timezone_label(key).is_some() => Some(key.to_owned()),
        Some(_) => return Err(ApiError::field("delivery_timezone_key", "お届け時間帯は選択肢の中から選んでください")),
    };
    let mut tx = open.begin(&state).await?;
    if let Some((address_id, address)) = &new_address {
        let json = serde_json::to_string(address).map_err(anyhow::Error::from)?;
        store::update_shipping_address(&mut tx, &shipping.id, address_id.as_deref(), Some(&json)).await?;
    }
    store::update_shipping_delivery(&mut tx, &shipping.id, date.as_deref(), timezone.as_deref()).await?;
    open.commit(tx).await?;
    open.answer(&state).await
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CartPackingRequest {
    pub token: String,
    pub shipping_key: String,
    /// A key of ORDER.PACKINGS wrappings; null or "" for none.
    pub wrapping_key: Option<String>,
    pub noshi_key: Option<String>,
    pub noshi_name: Option<String>,
}

async fn set_packing(state: &AppState, open: &Open, input: CartPackingRequest) -> ApiResult<()> {
    let shippings = store::list_shippings(&state.db.pool, &open.cart.id).await?;
    let shipping = shippings.iter().find(|s| s.id == input.shipping_key).ok_or_else(|| ApiError::field("shipping_key", "お届け先が見つかりません"))?;
    let mut errors = FieldErrors::new();
    let wrapping = input.wrapping_key.map(|k| k.trim().to_owned()).filter(|k| !k.is_empty());
    if wrapping.as_deref().is_some_and(|k| open.settings.wrapping(k).is_none()) {
        errors.insert("wrapping_key".into(), vec!["ラッピングは選択肢の中から選んでください".into()]);
    }
    let noshi = input.noshi_key.map(|k| k.trim().to_owned()).filter(|k| !k.is_empty());
    if noshi.as_deref().is_some_and(|k| open.settings.noshi(k).is_none()) {
        errors.insert("noshi_key".into(), vec!["のしは選択肢の中から選んでください".into()]);
    }
    let name = input.noshi_name.unwrap_or_default().trim().to_owned();
    if name.chars().count() > 50 {
        errors.insert("noshi_name".into(), vec!["名入れは50文字以内で入力してください".into()]);
    }
    if !errors.is_empty() {
        return Err(ApiError::Invalid(errors));
    }
    let mut tx = open.begin(state).await?;
    store::update_shipping_packing(&mut tx, &shipping.id, wrapping.as_deref(), noshi.as_deref(), &name).await?;
    open.commit(tx).await
}

#[utoipa::path(patch, path = "/v1/carts/packings/add", tag = "cart", request_body = CartPackingRequest,
    responses((status = 200, body = CartBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn add_packing(State(state): State<AppState>, channel: Channel, member: OptionalMember, ApiJson(input): ApiJson<CartPackingRequest>) -> ApiResult<Json<CartBody>> {
    let open = Open::for_change(&state, &channel, member, &input.token).await?;
    set_packing(&state, &open, input).await?;
    open.answer(&state).await
}

#[utoipa::path(patch, path = "/v1/carts/packings/modify", tag = "cart", request_body = CartPackingRequest,
    responses((status = 200, body = CartBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn modify_packing(State(state): State<AppState>, channel: Channel, member: OptionalMember, ApiJson(input): ApiJson<CartPackingRequest>) -> ApiResult<Json<CartBody>> {
    let open = Open::for_change(&state, &channel, member, &input.token).await?;
    set_packing(&state, &open, input).await?;
    open.answer(&state).await
}

// ---- order, other ----

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct OrdererInput {
    pub last_name: Option<String>,
    pub first_name: Option<String>,
    pub last_name_kana: Option<String>,
    pub first_name_kana: Option<String>,
    pub email: Option<String>,
    pub postal_code: Option<String>,
    pub prefecture: Option<String>,
    pub city: Option<String>,
    pub address1: Option<String>,
    pub address2: Option<String>,
    pub phone_number: Option<String>,
    pub company_name: Option<String>,
}

fn check_orderer(input: OrdererInput, corporate: bool) -> ApiResult<Orderer> {
    let mut check = FieldCheck::default();
    let last_name = profile::text(&mut check, "orderer.last_name", input.last_name, true, rules::NAME_MAX);
    let first_name = profile::text(&mut check, "orderer.first_name", input.first_name, true, rules::NAME_MAX);
    let last_name_kana = profile::text(&mut check, "orderer.last_name_kana", input.last_name_kana, !corporate, rules::NAME_MAX);
    let first_name_kana = profile::text(&mut check, "orderer.first_name_kana", input.first_name_kana, !corporate, rules::NAME_MAX);
    check.field("orderer.last_name_kana", rules::optional(&last_name_kana, rules::kana));
    check.field("orderer.first_name_kana", rules::optional(&first_name_kana, rules::kana));
    let email = profile::text(&mut check, "orderer.email", input.email, true, rules::EMAIL_MAX);
    check.field("orderer.email", rules::optional(&email, rules::email));
    let postal_code = profile::text(&mut check, "orderer.postal_code", input.postal_code, true, 8);
    check.field("orderer.postal_code", rules::optional(&postal_code, rules::post));
    let prefecture = profile::text(&mut check, "orderer.prefecture", input.prefecture, true, profile::PREFECTURE_MAX);
    let city = profile::text(&mut check, "orderer.city", input.city, true, profile::ADDRESS_MAX);
    let address1 = profile::text(&mut check, "orderer.address1", input.address1, true, profile::ADDRESS_MAX);
    let address2 = profile::text(&mut check, "orderer.address2", input.address2, false, profile::ADDRESS_MAX);
    let phone_number = profile::text(&mut check, "orderer.phone_number", input.phone_number, true, profile::PHONE_MAX);
    check.field("orderer.phone_number", rules::optional(&phone_number, if corporate { rules::tsunagu_phone } else { rules::tel }));
    let company_name = profile::text(&mut check, "orderer.company_name", input.company_name, false, rules::COMPANY_MAX);
    check.finish()?;
    Ok(Orderer {
        last_name,
        first_name,
        last_name_kana,
        first_name_kana,
        email,
        postal_code: postal_code.replace('-', ""),
        prefecture,
        city,
        address1,
        address2,
        phone_number,
        company_name,
    })
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CartOrderModifyRequest {
    pub token: String,
    pub payment_method_id: Option<String>,
    /// A saved card of the member (`/v1/me/user-cards`).
    pub card_id: Option<String>,
    /// A one-off token from the gateway's tokeniser.
    pub card_token: Option<String>,
    pub orderer: Option<OrdererInput>,
}

#[utoipa::path(patch, path = "/v1/carts/order/modify", tag = "cart", request_body = CartOrderModifyRequest,
    responses((status = 200, body = CartBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody, description = "unknown payment method or card, a members-only method for a guest, orderer field errors (`orderer.<field>`)")))]
async fn modify_order(State(state): State<AppState>, channel: Channel, member: OptionalMember, ApiJson(input): ApiJson<CartOrderModifyRequest>) -> ApiResult<Json<CartBody>> {
    let open = Open::for_change(&state, &channel, member, &input.token).await?;
    let methods = store::list_payment_methods(&state.db, &channel.id).await?;
    let orderer = match input.orderer {
        Some(orderer) => Some(check_orderer(orderer, open.settings.front.is_corporate)?),
        None => None,
    };
    let mut method_id = open.cart.payment_method_id.clone();
    if let Some(id) = input.payment_method_id.as_deref() {
        let method = methods.iter().find(|m| m.id == id).ok_or_else(|| ApiError::field("payment_method_id", "お支払い方法を選択してください"))?;
        if method.member_only != 0 && open.member.is_none() {
            return Err(ApiError::field("payment_method_id", "このお支払い方法は会員の方のみご利用いただけます"));
        }
        method_id = Some(method.id.clone());
    }
    let is_card = method_id.as_deref().and_then(|id| methods.iter().find(|m| m.id == id)).is_some_and(|m| m.code == "credit_card");
    let (mut card_id, mut card_token) = (open.cart.card_id.clone(), open.cart.card_token.clone());
    if let Some(id) = input.card_id.as_deref().map(str::trim).filter(|id| !id.is_empty()) {
        let member = open.member.as_ref().ok_or_else(|| ApiError::field("card_id", "カードが見つかりません"))?;
        let card = crate::cards::store::find_card(&state.db.pool, &channel.id, &member.user_id, id).await?.ok_or_else(|| ApiError::field("card_id", "カードが見つかりません"))?;
        (card_id, card_token) = (Some(card.id), None);
    }
    if let Some(token) = input.card_token.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
        if token.len() > 200 {
            return Err(ApiError::field("card_token", "カード情報を確認できませんでした"));
        }
        (card_id, card_token) = (None, Some(token.to_owned()));
    }
    if !is_card {
        (card_id, card_token) = (None, None);
    }
    let mut tx = open.begin(&state).await?;
    store::update_payment(&mut tx, &open.cart.id, method_id.as_deref(), card_id.as_deref(), card_token.as_deref()).await?;
    if let Some(orderer) = orderer {
        store::update_orderer(&mut tx, &open.cart.id, &serde_json::to_string(&orderer).map_err(anyhow::Error::from)?).await?;
    }
    open.commit(tx).await?;
    open.answer(&state).await
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CartOtherModifyRequest {
    pub token: String,
    /// 備考 (at most 1000 characters).
    pub note: Option<String>,
}

#[utoipa::path(patch, path = "/v1/carts/other/modify", tag = "cart", request_body = CartOtherModifyRequest,
    responses((status = 200, body = CartBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn modify_other(State(state): State<AppState>, channel: Channel, member: OptionalMember, ApiJson(input): ApiJson<CartOtherModifyRequest>) -> ApiResult<Json<CartBody>> {
    let open = Open::for_change(&state, &channel, member, &input.token).await?;
    let note = input.note.unwrap_or_default().trim().to_owned();
    if note.chars().count() > 1000 {
        return Err(ApiError::field("note", "備考は1000文字以内で入力してください"));
    }
    let mut tx = open.begin(&state).await?;
    store::update_note(&mut tx, &open.cart.id, &note).await?;
    open.commit(tx).await?;
    open.answer(&state).await
}

// ---- accessories ----

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CartAccessoryAddRequest {
    pub token: String,
    /// The product line the accessory belongs to.
    pub key: String,
    pub variation_key: String,
    pub quantity: Option<i64>,
}

#[utoipa::path(patch, path = "/v1/carts/accessories/add", tag = "cart", request_body = CartAccessoryAddRequest,
    responses((status = 200, body = CartBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody, description = "not an accessory of that product, stock, or the sale codes")))]
async fn add_accessory(State(state): State<AppState>, channel: Channel, member: OptionalMember, ApiJson(input): ApiJson<CartAccessoryAddRequest>) -> ApiResult<Json<CartBody>> {
    let open = Open::for_change(&state, &channel, member, &input.token).await?;
    let quantity = check_quantity(input.quantity)?;
    let v = find_variation(&state, &channel, Some(&input.variation_key), None).await?;
    check_sellable(&open.settings, &v, open.now)?;
    let mut tx = open.begin(&state).await?;
    let lines = store::list_lines(&mut *tx, &open.cart.id).await?;
    let parent = lines.iter().find(|l| l.id == input.key && l.parent_line_id.is_none()).ok_or_else(line_not_found)?;
    if !store::is_accessory_of(&mut *tx, &parent.variation.product_id, &v.product_id).await? {
        return Err(ApiError::field("variation_key", "この商品の付属品ではありません"));
    }
    let in_cart: i64 = lines.iter().filter(|l| l.variation.variation_id == v.variation_id).map(|l| l.quantity).sum();
    check_stock(&v, in_cart + quantity)?;
    match lines.iter().find(|l| l.parent_line_id.as_deref() == Some(parent.id.as_str()) && l.variation.variation_id == v.variation_id) {
        Some(existing) => store::update_line_quantity(&mut tx, &existing.id, (existing.quantity + quantity).min(MAX_QUANTITY)).await?,
        None => {
            store::insert_line(&mut tx, &open.cart.id, parent.shipping_id.as_deref(), &v.variation_id, Some(&parent.id), quantity, open.now).await?;
        }
    }
    open.commit(tx).await?;
    open.answer(&state).await
}

#[utoipa::path(patch, path = "/v1/carts/accessories/modify", tag = "cart", request_body = CartLineQuantityRequest,
    responses((status = 200, body = CartBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn modify_accessory(State(state): State<AppState>, channel: Channel, member: OptionalMember, ApiJson(input): ApiJson<CartLineQuantityRequest>) -> ApiResult<Json<CartBody>> {
    let open = Open::for_change(&state, &channel, member, &input.token).await?;
    set_line_quantity(&state, &open, &input.key, input.quantity, true).await?;
    open.answer(&state).await
}

#[utoipa::path(patch, path = "/v1/carts/accessories/delete", tag = "cart", request_body = CartLineRequest,
    responses((status = 200, body = CartBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn delete_accessory(State(state): State<AppState>, channel: Channel, member: OptionalMember, ApiJson(input): ApiJson<CartLineRequest>) -> ApiResult<Json<CartBody>> {
    let open = Open::for_change(&state, &channel, member, &input.token).await?;
    remove_line(&state, &open, &input.key, true).await?;
    open.answer(&state).await
}

// ---- coupons, points, errors ----

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CartCouponRequest {
    pub token: String,
    pub code: String,
}

#[utoipa::path(patch, path = "/v1/carts/coupons/add", tag = "cart", request_body = CartCouponRequest,
    responses((status = 200, body = CartBody, description = "the coupon replaces any other"), (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "field `code`: クーポンが存在しません / 利用期間外 / 会員限定 / 取得が必要 / 利用済み / 最低金額")))]
async fn add_coupon(State(state): State<AppState>, channel: Channel, member: OptionalMember, ApiJson(input): ApiJson<CartCouponRequest>) -> ApiResult<Json<CartBody>> {
    let open = Open::for_change(&state, &channel, member, &input.token).await?;
    let code = input.code.trim();
    if code.is_empty() {
        return Err(ApiError::field("code", "クーポンコードを入力してください"));
    }
    let user_id = open.member.as_ref().map_or("", |m| m.user_id.as_str());
    let coupon = crate::coupons::store::find_coupon_by_code(&state.db, &channel.id, user_id, code).await?.ok_or_else(|| ApiError::field("code", view::COUPON_NOT_FOUND))?;
    let loaded = open.load(&state).await?;
    let (taken, uses) = match &open.member {
        Some(m) => (coupon.is_taken == 1, crate::coupons::store::count_coupon_uses(&state.db.pool, &coupon.id, &m.user_id).await?),
        None => (false, 0),
    };
    if let Some(problem) = view::coupon_problem(&coupon, open.member.is_some(), taken, uses, loaded.items_subtotal(), open.now) {
        return Err(ApiError::field("code", problem));
    }
    let mut tx = open.begin(&state).await?;
    store::update_coupon(&mut tx, &open.cart.id, Some(&coupon.id)).await?;
    open.commit(tx).await?;
    open.answer(&state).await
}

#[utoipa::path(patch, path = "/v1/carts/coupons/delete", tag = "cart", request_body = CartCouponRequest,
    responses((status = 200, body = CartBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn delete_coupon(State(state): State<AppState>, channel: Channel, member: OptionalMember, ApiJson(input): ApiJson<CartCouponRequest>) -> ApiResult<Json<CartBody>> {
    let open = Open::for_change(&state, &channel, member, &input.token).await?;
    let mut tx = open.begin(&state).await?;
    store::update_coupon(&mut tx, &open.cart.id, None).await?;
    open.commit(tx).await?;
    open.answer(&state).await
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CartPointRequest {
    pub token: String,
    pub use_points: Option<i64>,
}

#[utoipa::path(patch, path = "/v1/carts/point", tag = "cart", request_body = CartPointRequest,
    responses((status = 200, body = CartBody), (status = 401, body = ErrorBody, description = "members only"), (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "field `use_points`: over the balance, negative, or points are off in this shop")))]
async fn use_points(State(state): State<AppState>, channel: Channel, member: OptionalMember, ApiJson(input): ApiJson<CartPointRequest>) -> ApiResult<Json<CartBody>> {
    if member.0.is_none() {
        return Err(ApiError::Unauthorized);
    }
    let open = Open::for_change(&state, &channel, member, &input.token).await?;
    let Some(user_id) = open.member.as_ref().map(|m| m.user_id.clone()) else {
        return Err(ApiError::Unauthorized);
    };
    let points = input.use_points.unwrap_or(0);
    if points < 0 {
        return Err(ApiError::field("use_points", "ポイントは0以上で入力してください"));
    }
    if points > 0 && open.settings.earn_rate == 0 {
        return Err(ApiError::field("use_points", "このショップではポイントをご利用いただけません"));
    }
    let balance = crate::points::ledger::balance(&state.db.pool, &user_id).await?;
    if points > balance {
        return Err(ApiError::field("use_points", format!("保有ポイント（{} ポイント）を超えて利用することはできません", view::yen(balance))));
    }
    let mut tx = open.begin(&state).await?;
    store::update_use_points(&mut tx, &open.cart.id, points).await?;
    open.commit(tx).await?;
    open.answer(&state).await
}

#[utoipa::path(patch, path = "/v1/carts/transaction/error/delete", tag = "cart", request_body = CartTokenRequest,
    responses((status = 200, body = CartBody, description = "transaction_error cleared"), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn delete_transaction_error(State(state): State<AppState>, channel: Channel, member: OptionalMember, ApiJson(input): ApiJson<CartTokenRequest>) -> ApiResult<Json<CartBody>> {
    let open = Open::get(&state, &channel, member, &input.token).await?;
    store::update_transaction_error(&state.db.pool, &open.cart.id, None).await?;
    open.answer(&state).await
}

#[utoipa::path(patch, path = "/v1/carts/social/receiver", tag = "cart", request_body = serde_json::Value,
    responses((status = 422, body = ErrorBody, description = "social gift is not offered by this shop")))]
async fn social_receiver(ApiJson(_input): ApiJson<serde_json::Value>) -> ApiResult<Json<CartBody>> {
    Err(ApiError::Rule { status: StatusCode::UNPROCESSABLE_ENTITY, code: Some("cart.social_gift.unavailable"), message: SOCIAL_GIFT_MESSAGE.into() })
}

// ---- delivery dates ----

/// The dates `address` may choose (none for an island without date choice), as `YYYY-MM-DD`.
async fn date_choices(state: &AppState, channel: &Channel, address: Option<&CartAddress>) -> ApiResult<Vec<String>> {
    Ok(delivery_date::for_address(&state.db, &channel.id, address).await?.choices().into_iter().map(crate::content::calendar::iso).collect())
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CartDateChoice {
    pub date: String,
    /// `11月25日(水)`.
    pub label: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CartLeadtime {
    pub shipping_key: String,
    /// `YYYY-MM-DD`; null where no date can be chosen (see `no_date_reason`).
    pub earliest_date: Option<String>,
    /// 14 days from the earliest; empty where no date can be chosen.
    pub dates: Vec<CartDateChoice>,
    /// Empty where no date can be chosen.
    pub timezones: Vec<DeliveryTimezone>,
    /// Why neither a date nor a time slot can be chosen (a remote island whose ship sails about
    /// weekly, such as 小笠原村); null otherwise.
    pub no_date_reason: Option<String>,
}

#[utoipa::path(get, path = "/v1/shipping-leadtime/carts/{token}", tag = "cart",
    params(("token" = String, Path), ("keys[]" = Option<Vec<String>>, Query, description = "shipping keys (all when absent)"), ("choiceMode" = Option<String>, Query, description = "`date`")),
    responses((status = 200, body = Vec<CartLeadtime>, description = "per shipping: the earliest date (confirmed the same business day before 12:00 JST, else the next business day; shipped 2 business days later; then the transit of the prefecture or remote island), 14 choices and the time slots. For a remote island where no date can be promised (小笠原村 …) `earliest_date` is null, `dates` and `timezones` are empty and `no_date_reason` says why"), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn cart_leadtimes(
    State(state): State<AppState>,
    channel: Channel,
    member: OptionalMember,
    ApiPath(token): ApiPath<String>,
    RawQuery(query): RawQuery,
) -> ApiResult<Json<Vec<CartLeadtime>>> {
    let open = Open::get(&state, &channel, member, &token).await?;
    let keys: Vec<String> = query
        .unwrap_or_default()
        .split('&')
        .filter_map(|pair| pair.split_once('='))
        .filter(|(name, _)| matches!(name.to_ascii_lowercase().as_str(), "keys[]" | "keys%5b%5d" | "keys"))
        .map(|(_, value)| value.to_owned())
        .collect();
    let loaded = open.load(&state).await?;
    let now = time::OffsetDateTime::now_utc();
    let business = delivery_date::business_days(&state.db, &channel.id, now).await?;
    let mut answer = Vec::new();
    for shipping in &loaded.shippings {
        if !keys.is_empty() && !keys.contains(&shipping.id) {
            continue;
        }
        let address = loaded.shipping_address(shipping);
        let when = delivery_date::earliest(now, &business, address.as_ref().map(|a| a.prefecture.as_str()), address.as_ref().map(|a| a.postal_code.as_str()));
        answer.push(CartLeadtime {
            shipping_key: shipping.id.clone(),
            earliest_date: when.earliest().map(crate::content::calendar::iso),
            dates: when.choices().into_iter().map(|d| CartDateChoice { date: crate::content::calendar::iso(d), label: delivery_date::label(d) }).collect(),
            timezones: when.timezones(),
            no_date_reason: match when {
                DeliveryDate::NoDateChoice { reason } => Some(reason),
                DeliveryDate::Earliest(_) => None,
            },
        });
    }
    Ok(Json(answer))
}

#[utoipa::path(get, path = "/v1/shipping-leadtime/input/{token}", tag = "cart", params(("token" = String, Path)),
    responses((status = 404, body = ErrorBody, description = "social gift (a recipient choosing the date) is not offered by this shop")))]
async fn input_leadtimes(ApiPath(_token): ApiPath<String>) -> ApiResult<Json<Vec<CartLeadtime>>> {
    Err(ApiError::NotFound("ソーシャルギフトはこのショップでは利用できません。"))
}

// ---- payment methods ----

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PaymentMethod {
    pub id: String,
    /// credit_card | cod | bank_transfer | invoice | deferred
    pub code: String,
    pub name: String,
    pub description: String,
    /// Fixed fee (cash on delivery: the lowest tier; its fee for a cart is in /payments/carts).
    pub fee: i64,
    pub member_only: bool,
}

fn method_json(m: &PaymentMethodRow) -> PaymentMethod {
    PaymentMethod {
        id: m.id.clone(),
        code: m.code.clone(),
        name: m.name.clone(),
        description: m.description.clone(),
        fee: if m.code == "cod" { super::pricing::cod_fee(0).unwrap_or(0) } else { m.fee },
        member_only: m.member_only != 0,
    }
}

#[utoipa::path(get, path = "/v1/payments", tag = "cart",
    responses((status = 200, body = Vec<PaymentMethod>, description = "the channel's enabled payment methods in order")))]
async fn list_payments(State(state): State<AppState>, channel: Channel) -> ApiResult<Json<Vec<PaymentMethod>>> {
    let methods = store::list_payment_methods(&state.db, &channel.id).await?;
    Ok(Json(methods.iter().map(method_json).collect()))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CartPaymentOption {
    #[serde(flatten)]
    pub method: PaymentMethod,
    pub is_available: bool,
    pub unavailable_reason: Option<String>,
}

/// Whether `method` can pay this cart, and its fee for it.
pub fn availability(loaded: &Loaded, settings: &CheckoutSettings, method: &PaymentMethodRow, now: i64) -> (bool, Option<String>, i64) {
    if method.member_only != 0 && loaded.user.is_none() {
        return (false, Some("会員の方のみご利用いただけます".into()), method.fee);
    }
    let priced = loaded.price(settings, Some(view::fee_of(method)), now);
    if !priced.fee_available {
        return (false, Some(format!("代金引換はお支払い合計{}円までご利用いただけます", view::yen(super::pricing::COD_MAX_TOTAL))), 0);
    }
    (true, None, priced.payment_fee)
}

#[utoipa::path(get, path = "/v1/payments/carts/{token}", tag = "cart", params(("token" = String, Path)),
    responses((status = 200, body = Vec<CartPaymentOption>, description = "every enabled method with whether it can pay this cart and its fee for it"), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn list_cart_payments(State(state): State<AppState>, channel: Channel, member: OptionalMember, ApiPath(token): ApiPath<String>) -> ApiResult<Json<Vec<CartPaymentOption>>> {
    let open = Open::get(&state, &channel, member, &token).await?;
    let loaded = open.load(&state).await?;
    let methods = store::list_payment_methods(&state.db, &channel.id).await?;
    Ok(Json(
        methods
            .iter()
            .map(|m| {
                let (is_available, unavailable_reason, fee) = availability(&loaded, &open.settings, m, open.now);
                let mut method = method_json(m);
                method.fee = fee;
                CartPaymentOption { method, is_available, unavailable_reason }
            })
            .collect(),
    ))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CartPaymentCheck {
    pub is_available: bool,
    pub message: Option<String>,
}

#[utoipa::path(get, path = "/v1/carts/{token}/payment/{payment_id}/check", tag = "cart", params(("token" = String, Path), ("payment_id" = String, Path)),
    responses((status = 200, body = CartPaymentCheck), (status = 404, body = ErrorBody, description = "unknown cart or payment method"), (status = 422, body = ErrorBody)))]
async fn check_payment(State(state): State<AppState>, channel: Channel, member: OptionalMember, ApiPath((token, payment_id)): ApiPath<(String, String)>) -> ApiResult<Json<CartPaymentCheck>> {
    let open = Open::get(&state, &channel, member, &token).await?;
    let loaded = open.load(&state).await?;
    let methods = store::list_payment_methods(&state.db, &channel.id).await?;
    let method = methods.iter().find(|m| m.id == payment_id).ok_or_else(ApiError::not_found)?;
    let (is_available, message, _) = availability(&loaded, &open.settings, method, open.now);
    Ok(Json(CartPaymentCheck { is_available, message }))
}
