//! A cart as every cart endpoint answers it: the contract's cart JSON (built from a
//! [`super::loaded::Loaded`] cart), and the address and orderer shapes it carries.
use serde::{Deserialize, Serialize};

use super::pricing::RateAmount;
use crate::addresses::entry::AddressFields;
use crate::catalog::availability::StockStatus;
use crate::infra::time::Timestamp;
use crate::members::address::{self, Address};
use crate::members::store::UserRow;

/// An address as a shipping (and an order) keeps it: the address book's field names.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct CartAddress {
    pub shipping_last_name: String,
    pub shipping_first_name: String,
    pub shipping_last_name_kana: String,
    pub shipping_first_name_kana: String,
    // All five fields are required in a stored shipping.
    #[serde(flatten)]
    pub address: Address,
    pub phone_number: String,
    #[serde(default)]
    pub cell_phone_number: String,
    /// `山田 太郎`.
    #[serde(default)]
    pub shipping_name: String,
    /// `〒150-0001 東京都渋谷区神宮前1-2-3 ライドマンション101`.
    #[serde(default)]
    pub full_address: String,
}

impl From<AddressFields> for CartAddress {
    fn from(f: AddressFields) -> Self {
        CartAddress {
            shipping_name: f.name(),
            full_address: f.address.full_address(),
            shipping_last_name: f.shipping_last_name,
            shipping_first_name: f.shipping_first_name,
            shipping_last_name_kana: f.shipping_last_name_kana,
            shipping_first_name_kana: f.shipping_first_name_kana,
            address: f.address,
            phone_number: f.phone_number,
            cell_phone_number: f.cell_phone_number,
        }
    }
}

/// The buyer (ご注文者).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Orderer {
    pub last_name: String,
    pub first_name: String,
    #[serde(default)]
    pub last_name_kana: String,
    #[serde(default)]
    pub first_name_kana: String,
    pub email: String,
    // The building (address2) may be absent in a stored orderer.
    #[serde(flatten, deserialize_with = "address::building_optional")]
    pub address: Address,
    pub phone_number: String,
    #[serde(default)]
    pub company_name: String,
}

impl Orderer {
    pub fn of_member(user: &UserRow) -> Orderer {
        let p = &user.profile;
        Orderer {
            last_name: p.last_name.clone(),
            first_name: p.first_name.clone(),
            last_name_kana: p.last_name_kana.clone(),
            first_name_kana: p.first_name_kana.clone(),
            email: p.email.clone(),
            address: p.address.clone(),
            phone_number: if p.phone_number.is_empty() { p.cell_phone_number.clone() } else { p.phone_number.clone() },
            company_name: p.corporation.clone().unwrap_or_default(),
        }
    }

    /// Enough to deliver and to reach the buyer.
    pub fn is_complete(&self) -> bool {
        [&self.last_name, &self.first_name, &self.email, &self.phone_number].iter().all(|v| !v.trim().is_empty()) && self.address.is_complete()
    }

    pub fn name(&self) -> String {
        format!("{} {}", self.last_name, self.first_name).trim().to_owned()
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CartProductInfo {
    pub product_key: String,
    pub variation_key: String,
    pub name: String,
    pub variation_name: String,
    pub code: String,
    pub image_url: Option<String>,
    pub url: String,
    /// in_stock | few | out_of_stock
    pub stock_status: StockStatus,
    /// Most units this line may hold now (stock, at most 99).
    pub max_quantity: i64,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CartProduct {
    pub key: String,
    pub shipping_key: Option<String>,
    /// Accessory lines name their product line.
    pub parent_key: Option<String>,
    pub product_info: CartProductInfo,
    pub unit_price: i64,
    pub quantity: i64,
    pub subtotal: i64,
    pub tax_rate: i64,
    /// Tax contained in this line after its coupon share (display; the order rounds per rate).
    pub tax_amount: i64,
    pub coupon_discount_parts: i64,
    /// The line's name embroidery (its price is in `unit_price`).
    pub embroidery: Option<super::embroidery::CartEmbroidery>,
    /// Set when the product can be embroidered.
    pub embroiderable: Option<super::embroidery::Embroiderable>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CartPacking {
    pub wrapping_key: Option<String>,
    pub noshi_key: Option<String>,
    pub noshi_name: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CartShipping {
    pub key: String,
    pub user_address_id: Option<String>,
    pub address: Option<CartAddress>,
    /// YYYY-MM-DD, null for the earliest.
    pub delivery_date: Option<String>,
    pub delivery_timezone_key: Option<String>,
    pub packing: CartPacking,
    pub carriage: i64,
    pub packing_fee: i64,
    /// False when a product on this shipping does not take gift wrapping (products' 「ラッピング対応」).
    pub wrapping_allowed: bool,
    /// False when a product on this shipping does not take のし.
    pub noshi_allowed: bool,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CartCoupon {
    pub id: String,
    pub code: String,
    pub name: String,
    /// 0 while the coupon's conditions are not met (see `problem`).
    pub discount: i64,
    /// Why the coupon does not apply now, if it does not.
    pub problem: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CartPaymentMethod {
    pub id: String,
    pub code: String,
    pub name: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CartCard {
    /// A saved card's id; null for a one-off token.
    pub id: Option<String>,
    pub masked_number: String,
    pub brand: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CartOrder {
    pub items_subtotal: i64,
    pub coupon_discount: i64,
    pub total_carriage: i64,
    pub payment_fee: i64,
    pub packing_fee: i64,
    pub use_points: i64,
    pub total_payment: i64,
    pub total_tax: i64,
    pub amount_by_tax_rate: Vec<RateAmount>,
    pub earn_points: i64,
    /// The member's balance; null for guests.
    pub point_balance: Option<i64>,
    pub payment_method: Option<CartPaymentMethod>,
    pub card: Option<CartCard>,
    pub orderer: Option<Orderer>,
    pub note: String,
    /// Corporate: 配送方法 the order follows (1 問屋引取り, 2 店舗直送, 3 お客様直送): the one
    /// chosen with `PATCH /v1/carts/order/modify`, else the member's saved one; null elsewhere.
    pub delivery_option: Option<i64>,
    /// Corporate: 発注番号 the order will carry — typed with `PATCH /v1/carts/order/modify`,
    /// else the member's default; null when none and outside the corporate variant.
    pub purchase_order_no: Option<String>,
    pub can_decide: bool,
    /// What is still needed: products, shipping_address (not for a pick-up), payment_method, card, orderer, payment_unavailable (also
    /// 請求書払い for a company the shop has not approved), coupon, delivery_option (corporate).
    pub missing: Vec<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CartDetail {
    pub products: Vec<CartProduct>,
    pub shippings: Vec<CartShipping>,
    pub coupons: Vec<CartCoupon>,
    pub order: CartOrder,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CartBody {
    pub token: String,
    pub order_no: Option<String>,
    pub expires_at: Timestamp,
    pub transaction_error: Option<String>,
    pub payment_in_progress: bool,
    /// Names of the products dropped at init (gone, not on sale, sold out).
    pub removed_products: Vec<String>,
    /// Init: `product_not_found` when products were dropped; otherwise null.
    pub reason: Option<String>,
    /// Social gift: whether the shop offers it, whether this cart may be one, and its receiver.
    pub social_gift: super::gift::CartSocialGift,
    pub detail: CartDetail,
}
