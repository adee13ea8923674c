//! The cart's lines: adding products (one or a set), changing quantities, removing, and
//! dividing a line between shippings. Stock and sale rules (`line_rules.rs`) are checked at
//! every change.
use axum::Json;
use axum::extract::State;
use serde::Deserialize;

use crate::cart::line_rules::{check_quantity, check_sellable, check_stock, line_not_found};
use crate::cart::open_cart::{Open, OpenCart};
use crate::cart::view::CartBody;
use crate::cart::{MULTIPLE_SHIPPING_CODE, MULTIPLE_SHIPPING_MESSAGE, PRODUCT_NOT_FOUND_CODE, PRODUCT_NOT_FOUND_MESSAGE, shipping_store, store};
use crate::catalog::availability::MAX_QUANTITY;
use crate::catalog::store::variations::{self, VariationRow};
use crate::channel::Channel;
use crate::infra::db::Tx;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::state::AppState;
use crate::validation::{self as rules};

/// The variation a request names by its key, or by a product key when the product has only one.
pub(super) async fn find_variation(state: &AppState, channel: &Channel, variation_key: Option<&str>, product_key: Option<&str>) -> ApiResult<VariationRow> {
    let found = match (variation_key.map(str::trim).filter(|k| !k.is_empty()), product_key.map(str::trim).filter(|k| !k.is_empty())) {
        (Some(key), _) => variations::find_variation_by_key(&state.db.pool, &channel.id, key).await?,
        (None, Some(product_key)) => {
            let mut variations = variations::list_product_variations(&state.db.pool, &channel.id, product_key).await?;
            if variations.len() > 1 {
                return Err(ApiError::field("variation_key", "サイズ・カラーを選択してください"));
            }
            variations.pop()
        }
        (None, None) => return Err(ApiError::field("variation_key", rules::REQUIRED)),
    };
    found.ok_or_else(|| ApiError::rule(PRODUCT_NOT_FOUND_CODE, PRODUCT_NOT_FOUND_MESSAGE))
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
            let shippings = shipping_store::list_shippings(&mut **tx, &open.cart.id).await?;
            let shipping_id = match shippings.first() {
                Some(s) => s.id.clone(),
                None => shipping_store::insert_shipping(tx, &open.cart.id).await?,
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
    #[schema(required = true, value_type = i64, minimum = 1, maximum = 99)]
    pub quantity: Option<i64>,
}

#[utoipa::path(patch, path = "/v1/carts/products/add", tag = "cart", request_body = CartAddProductRequest,
    responses(
        (status = 200, body = CartBody),
        (status = 404, body = ErrorBody, description = "unknown cart"),
        (status = 422, body = ErrorBody, description = "codes `cart.update_products.not_sale` (not on sale, selling stopped), `cart.update_products.product_not_found`, `cart.common.is_expired`; field `quantity` 「在庫が不足しています（残り N 点）」"),
    ))]
pub async fn add_product(State(state): State<AppState>, OpenCart { open, input, channel }: OpenCart<CartAddProductRequest>) -> ApiResult<Json<CartBody>> {
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
    #[schema(required = true, value_type = i64, minimum = 1, maximum = 99)]
    pub quantity: Option<i64>,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CartAddSetRequest {
    pub token: String,
    pub items: Vec<CartSetItem>,
}

#[utoipa::path(patch, path = "/v1/carts/products/add-set", tag = "cart", request_body = CartAddSetRequest,
    responses((status = 200, body = CartBody, description = "every item added, or none"), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody, description = "as products/add, for the first item that cannot be added; its field errors are named `items.<index>.quantity`")))]
pub async fn add_product_set(State(state): State<AppState>, OpenCart { open, input, channel }: OpenCart<CartAddSetRequest>) -> ApiResult<Json<CartBody>> {
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
    #[schema(required = true, value_type = i64, minimum = 1, maximum = 99)]
    pub quantity: Option<i64>,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CartLineRequest {
    pub token: String,
    pub key: String,
}

/// Sets a line's quantity (product or accessory line, as `accessory` says).
pub(super) async fn set_line_quantity(state: &AppState, open: &Open, key: &str, quantity: Option<i64>, accessory: bool) -> ApiResult<()> {
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

pub(super) async fn remove_line(state: &AppState, open: &Open, key: &str, accessory: bool) -> ApiResult<()> {
    let mut tx = open.begin(state).await?;
    let lines = store::list_lines(&mut *tx, &open.cart.id).await?;
    let line = lines.iter().find(|l| l.id == key && l.parent_line_id.is_some() == accessory).ok_or_else(line_not_found)?;
    store::delete_line(&mut tx, &line.id).await?;
    open.commit(tx).await
}

#[utoipa::path(patch, path = "/v1/carts/products/modify", tag = "cart", request_body = CartLineQuantityRequest,
    responses((status = 200, body = CartBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody, description = "stock (field quantity) or the sale codes")))]
pub async fn modify_product(State(state): State<AppState>, OpenCart { open, input, .. }: OpenCart<CartLineQuantityRequest>) -> ApiResult<Json<CartBody>> {
    set_line_quantity(&state, &open, &input.key, input.quantity, false).await?;
    open.answer(&state).await
}

#[utoipa::path(patch, path = "/v1/carts/products/delete", tag = "cart", request_body = CartLineRequest,
    responses((status = 200, body = CartBody, description = "the line and its accessories removed"), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn delete_product(State(state): State<AppState>, OpenCart { open, input, .. }: OpenCart<CartLineRequest>) -> ApiResult<Json<CartBody>> {
    remove_line(&state, &open, &input.key, false).await?;
    open.answer(&state).await
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CartDivideRequest {
    pub token: String,
    pub key: String,
    /// Units moved to the other shipping (all of them moves the line).
    #[schema(required = true, value_type = i64, minimum = 1, maximum = 99)]
    pub quantity: Option<i64>,
    pub shipping_key: String,
}

#[utoipa::path(patch, path = "/v1/carts/products/divide", tag = "cart", request_body = CartDivideRequest,
    responses((status = 200, body = CartBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody, description = "code `cart.shippings.multiple_not_allowed` when the shop delivers to one address only")))]
pub async fn divide_product(State(state): State<AppState>, OpenCart { open, input, .. }: OpenCart<CartDivideRequest>) -> ApiResult<Json<CartBody>> {
    if !open.settings.front.allow_multiple_shipping {
        return Err(ApiError::rule(MULTIPLE_SHIPPING_CODE, MULTIPLE_SHIPPING_MESSAGE));
    }
    let quantity = check_quantity(input.quantity)?;
    let mut tx = open.begin(&state).await?;
    let lines = store::list_lines(&mut *tx, &open.cart.id).await?;
    let line = lines.iter().find(|l| l.id == input.key && l.parent_line_id.is_none()).ok_or_else(line_not_found)?;
    let shippings = shipping_store::list_shippings(&mut *tx, &open.cart.id).await?;
    let target = shippings.iter().find(|s| s.id == input.shipping_key).ok_or_else(|| ApiError::field("shipping_key", "お届け先が見つかりません"))?;
    if quantity > line.quantity {
        return Err(ApiError::field("quantity", "カートの数量を超えて分けることはできません"));
    }
    if line.shipping_id.as_deref() != Some(target.id.as_str()) {
        if quantity == line.quantity {
            store::update_line_shipping(&mut tx, &line.id, &target.id).await?;
        } else {
            store::update_line_quantity(&mut tx, &line.id, line.quantity - quantity).await?;
            let same = lines.iter().find(|l| {
                l.parent_line_id.is_none() && l.variation.variation_id == line.variation.variation_id && l.shipping_id.as_deref() == Some(target.id.as_str())
            });
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
