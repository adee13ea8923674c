//! The gift as its two sides see it: the recipient (products without prices, then the
//! completion with the address they gave) and the sender (on the order: the state, and once
//! accepted only the prefecture and the date — never the address).
use serde::Serialize;

use crate::cart::view::CartAddress;
use crate::infra::time::Timestamp;
use crate::orders::store::{LineRow, ShippingRow};

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct GiftProductInfo {
    pub product_key: String,
    pub variation_key: String,
    pub name: String,
    pub variation_name: String,
    pub image_url: Option<String>,
    /// `/product/{key}`.
    pub url: String,
}

/// A product of the gift: no price.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct GiftProduct {
    pub product_info: GiftProductInfo,
    pub quantity: i64,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct GiftPacking {
    pub wrapping_label: Option<String>,
    pub noshi_label: Option<String>,
    pub noshi_name: String,
}

/// `GET /v1/social-gifts/{token}/products`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SocialGiftBody {
    /// waiting | accepted (then the screens show the completion).
    pub state: String,
    pub receiver_name: String,
    pub sender_name: String,
    pub message: String,
    pub expires_at: Option<Timestamp>,
    pub shop_name: String,
    pub packing: Option<GiftPacking>,
    pub products: Vec<GiftProduct>,
}

/// `GET /v1/social-gifts/{token}/shipping`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct GiftShippingBody {
    /// The order shipping the address goes to.
    pub id: String,
    pub state: String,
    pub expires_at: Option<Timestamp>,
    pub receiver_name: String,
}

/// The address the recipient gave, as the completion shows it back to them.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct GiftAddressView {
    /// `山田 花子`.
    pub name: String,
    pub postal_code: String,
    pub prefecture: String,
    pub city: String,
    pub address1: String,
    pub address2: String,
    pub phone_number: String,
    /// `〒150-0001 東京都渋谷区神宮前1-2-3 ライドマンション101`.
    pub full_address: String,
}

/// `GET /v1/social-gifts/{token}/complete` and the answer of `PUT /v1/social-gifts/{token}`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct GiftCompletion {
    pub state: String,
    pub receiver_name: String,
    pub sender_name: String,
    pub shop_name: String,
    pub address: GiftAddressView,
    /// `YYYY-MM-DD`, or null for the earliest.
    pub delivery_date: Option<String>,
    /// `12月2日(水)`.
    pub delivery_date_label: Option<String>,
    pub delivery_timezone_label: Option<String>,
    pub products: Vec<GiftProduct>,
}

pub fn products(lines: &[LineRow]) -> Vec<GiftProduct> {
    lines
        .iter()
        .map(|l| GiftProduct {
            product_info: GiftProductInfo {
                product_key: l.product_key.clone(),
                variation_key: l.variation_key.clone(),
                name: l.product_name.clone(),
                variation_name: l.variation_name.clone(),
                image_url: l.image_url.clone(),
                url: format!("/product/{}", l.product_key),
            },
            quantity: l.quantity,
        })
        .collect()
}

pub fn packing(shipping: &ShippingRow) -> Option<GiftPacking> {
    (shipping.wrapping_label.is_some() || shipping.noshi_label.is_some()).then(|| GiftPacking {
        wrapping_label: shipping.wrapping_label.clone(),
        noshi_label: shipping.noshi_label.clone(),
        noshi_name: shipping.noshi_name.clone(),
    })
}

pub fn address_view(address_json: &str) -> GiftAddressView {
    let a: CartAddress = serde_json::from_str(address_json).unwrap_or_default();
    GiftAddressView {
        name: crate::members::address::join(&a.shipping_last_name, &a.shipping_first_name),
        full_address: a.address.full_address(),
        postal_code: a.address.postal_code,
        prefecture: a.address.prefecture,
        city: a.address.city,
        address1: a.address.address1,
        address2: a.address.address2,
        phone_number: if a.phone_number.is_empty() { a.cell_phone_number } else { a.phone_number },
    }
}
