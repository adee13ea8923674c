//! Shippings: the delivery address (from the address book or typed), the date and time
//! slot, gift wrapping and noshi.
use axum::Json;
use axum::extract::State;
use serde::Deserialize;

use crate::addresses::entry::{AddressFields, AddressInput};
use crate::cart::open_cart::{Open, OpenCart};
use crate::cart::view::{CartAddress, CartBody};
use crate::cart::{
    ADDRESS_NOT_FOUND_CODE, ADDRESS_NOT_FOUND_MESSAGE, MULTIPLE_SHIPPING_CODE, MULTIPLE_SHIPPING_MESSAGE, corporate, loaded, shipping_store, store,
};
use crate::channel::Channel;
use crate::channel::corporate::DeliveryOption;
use crate::delivery::calendar::iso;
use crate::delivery::delivery_date;
use crate::infra::error::{ApiError, ApiResult, ErrorBody, FieldErrors};
use crate::members::profile;
use crate::state::AppState;
use crate::validation::FieldCheck;

/// The address a shipping gets: a book entry of the member (the own one is the profile) or
/// one typed in.
async fn resolve_address(
    state: &AppState,
    open: &Open,
    user_address_id: Option<&str>,
    address: Option<AddressInput>,
) -> ApiResult<(Option<String>, CartAddress)> {
    if let Some(id) = user_address_id.map(str::trim).filter(|id| !id.is_empty()) {
        let not_data = || ApiError::rule(ADDRESS_NOT_FOUND_CODE, ADDRESS_NOT_FOUND_MESSAGE);
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
pub async fn add_shipping(State(state): State<AppState>, OpenCart { open, input, .. }: OpenCart<CartShippingAddRequest>) -> ApiResult<Json<CartBody>> {
    let (address_id, address) = resolve_address(&state, &open, input.user_address_id.as_deref(), input.address).await?;
    let json = serde_json::to_string(&address).map_err(anyhow::Error::from)?;
    let mut tx = open.begin(&state).await?;
    let shippings = shipping_store::list_shippings(&mut *tx, &open.cart.id).await?;
    let target = match shippings.as_slice() {
        [] => shipping_store::insert_shipping(&mut tx, &open.cart.id).await?,
        [only] if only.address_json.is_none() => only.id.clone(),
        _ if !open.settings.front.allow_multiple_shipping => return Err(ApiError::rule(MULTIPLE_SHIPPING_CODE, MULTIPLE_SHIPPING_MESSAGE)),
        _ => shipping_store::insert_shipping(&mut tx, &open.cart.id).await?,
    };
    shipping_store::update_shipping_address(&mut tx, &target, address_id.as_deref(), Some(&json)).await?;
    if shippings.is_empty() {
        store::update_unshipped_lines(&mut tx, &open.cart.id, &target).await?;
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
    responses((status = 200, body = CartBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody, description = "code `cart_detail.set_user_address.not_data`, or field errors (a date outside the choices, an unknown time slot, a date or time slot for a corporate pick-up)")))]
pub async fn modify_shipping(
    State(state): State<AppState>,
    OpenCart { open, input, channel }: OpenCart<CartShippingModifyRequest>,
) -> ApiResult<Json<CartBody>> {
    let shippings = shipping_store::list_shippings(&state.db.pool, &open.cart.id).await?;
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
    let chosen = |value: &Option<String>| value.as_deref().is_some_and(|v| !v.trim().is_empty());
    if (chosen(&input.delivery_date) || chosen(&input.delivery_timezone_key)) && is_pickup(&state, &open).await? {
        let field = if chosen(&input.delivery_date) { "delivery_date" } else { "delivery_timezone_key" };
        return Err(ApiError::field(field, corporate::PICKUP_TAKES_NO_DATE));
    }
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
        shipping_store::update_shipping_address(&mut tx, &shipping.id, address_id.as_deref(), Some(&json)).await?;
    }
    shipping_store::update_shipping_delivery(&mut tx, &shipping.id, date.as_deref(), timezone.as_deref()).await?;
    open.commit(tx).await?;
    open.answer(&state).await
}

/// Whether the cart is a corporate pick-up (its own choice, else the member's saved one).
async fn is_pickup(state: &AppState, open: &Open) -> ApiResult<bool> {
    if !open.settings.front.is_corporate {
        return Ok(false);
    }
    Ok(open.load(state).await?.delivery_option(&open.settings) == Some(DeliveryOption::Pickup))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CartShippingDeleteRequest {
    pub token: String,
    /// A shipping other than the first: the cart always keeps its first delivery address.
    pub key: String,
}

#[utoipa::path(patch, path = "/v1/carts/shippings/delete", tag = "cart", request_body = CartShippingDeleteRequest,
    responses(
        (status = 200, body = CartBody, description = "the shipping removed; its products (with their accessories) go back to the first shipping"),
        (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "`errors.key`: not a shipping of the cart, or its first one"),
    ))]
pub async fn delete_shipping(State(state): State<AppState>, OpenCart { open, input, .. }: OpenCart<CartShippingDeleteRequest>) -> ApiResult<Json<CartBody>> {
    let mut tx = open.begin(&state).await?;
    let shippings = shipping_store::list_shippings(&mut *tx, &open.cart.id).await?;
    let key = input.key.trim();
    let (first, others) = shippings.split_first().ok_or_else(|| ApiError::field("key", "お届け先が見つかりません"))?;
    if first.id == key {
        return Err(ApiError::field("key", "最初のお届け先は削除できません。お届け先を変更してください"));
    }
    let shipping = others.iter().find(|s| s.id == key).ok_or_else(|| ApiError::field("key", "お届け先が見つかりません"))?;
    shipping_store::delete_shipping(&mut tx, &open.cart.id, &shipping.id, &first.id).await?;
    open.commit(tx).await?;
    open.answer(&state).await
}

pub const WRAPPING_REFUSED: &str = "この配送先には、ラッピングできない商品が含まれています。";
pub const NOSHI_REFUSED: &str = "この配送先には、のしを付けられない商品が含まれています。";

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
    let loaded = loaded::load(&state.db, &state.gateway, open.cart.clone()).await?;
    let index = loaded.shippings.iter().position(|s| s.id == input.shipping_key).ok_or_else(|| ApiError::field("shipping_key", "お届け先が見つかりません"))?;
    let shipping = &loaded.shippings[index];
    let (wrapping_allowed, noshi_allowed) = loaded.packing_allowed(index);
    let mut errors = FieldErrors::new();
    let wrapping = input.wrapping_key.map(|k| k.trim().to_owned()).filter(|k| !k.is_empty());
    if wrapping.as_deref().is_some_and(|k| open.settings.wrapping(k).is_none()) {
        errors.insert("wrapping_key".into(), vec!["ラッピングは選択肢の中から選んでください".into()]);
    } else if wrapping.is_some() && !wrapping_allowed {
        errors.insert("wrapping_key".into(), vec![WRAPPING_REFUSED.into()]);
    }
    let noshi = input.noshi_key.map(|k| k.trim().to_owned()).filter(|k| !k.is_empty());
    if noshi.as_deref().is_some_and(|k| open.settings.noshi(k).is_none()) {
        errors.insert("noshi_key".into(), vec!["のしは選択肢の中から選んでください".into()]);
    } else if noshi.is_some() && !noshi_allowed {
        errors.insert("noshi_key".into(), vec![NOSHI_REFUSED.into()]);
    }
    let name = input.noshi_name.unwrap_or_default().trim().to_owned();
    if name.chars().count() > 50 {
        errors.insert("noshi_name".into(), vec!["名入れは50文字以内で入力してください".into()]);
    }
    if !errors.is_empty() {
        return Err(ApiError::Invalid(errors));
    }
    let mut tx = open.begin(state).await?;
    shipping_store::update_shipping_packing(&mut tx, &shipping.id, wrapping.as_deref(), noshi.as_deref(), &name).await?;
    open.commit(tx).await
}

#[utoipa::path(patch, path = "/v1/carts/packings/add", tag = "cart", request_body = CartPackingRequest,
    responses((status = 200, body = CartBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn add_packing(State(state): State<AppState>, OpenCart { open, input, .. }: OpenCart<CartPackingRequest>) -> ApiResult<Json<CartBody>> {
    set_packing(&state, &open, input).await?;
    open.answer(&state).await
}

#[utoipa::path(patch, path = "/v1/carts/packings/modify", tag = "cart", request_body = CartPackingRequest,
    responses((status = 200, body = CartBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn modify_packing(State(state): State<AppState>, OpenCart { open, input, .. }: OpenCart<CartPackingRequest>) -> ApiResult<Json<CartBody>> {
    set_packing(&state, &open, input).await?;
    open.answer(&state).await
}

/// The dates `address` may choose (none for an island without date choice), as `YYYY-MM-DD`.
async fn date_choices(state: &AppState, channel: &Channel, address: Option<&CartAddress>) -> ApiResult<Vec<String>> {
    Ok(delivery_date::for_place(&state.db, &channel.id, address.map(|a| a.address.prefecture.as_str()), address.map(|a| a.address.postal_code.as_str()))
        .await?
        .choices()
        .into_iter()
        .map(iso)
        .collect())
}
