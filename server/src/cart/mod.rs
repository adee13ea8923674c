//! The open cart (issue 5, spec 000 §3–§4, §7 Cart): a cart reached by a random token (only
//! its SHA-256 is stored), its lines, shippings, gift packing, coupon, points and payment
//! method. Turning it into an order is the checkout's (`checkout/`).
//!
//! Handlers live in `http/`, by what they change: `lifecycle.rs` (init, show, reset),
//! `lines.rs`, `shippings.rs`, `orderer.rs` (buyer and payment), `accessories.rs`,
//! `discounts.rs` (coupons, points), `gift.rs` (a cart that is a social gift),
//! `embroidery.rs` (a line's name embroidery) — each around the [`open_cart::OpenCart`]
//! extractor. Under them, what the checkout and other features also use:
//! - `open_cart.rs`: the cart a request may see and change ([`open_cart::Open`]);
//! - `loaded.rs`: a cart loaded with everything its answer and checks need, and its coupon,
//!   fee and line rules; `view.rs`: the cart JSON; `settings.rs`: the settings it reads;
//! - rules: `pricing.rs` (money, pure), `line_rules.rs` (quantity, sale, stock),
//!   `corporate.rs` (the B2B shop's delivery option and invoice rule), `gift.rs` (which cart
//!   may be a social gift), `embroidery.rs` (a line's embroidery, its price and label),
//!   `merge.rs` (a guest cart's lines joining the member's);
//! - SQL: `store.rs` (carts, lines), `shipping_store.rs` (shippings).
pub mod corporate;
pub mod coupon_rule;
pub mod embroidery;
pub mod gift;
pub mod http;
pub mod line_rules;
pub mod loaded;
pub mod merge;
pub mod open_cart;
pub mod pricing;
pub mod settings;
pub mod shipping_store;
pub mod store;
pub mod view;

pub use http::routes;

/// A cart lives this long after its last change.
pub const LIFETIME_MS: i64 = 30 * 24 * 60 * 60 * 1000;

pub const EXPIRED_CODE: &str = "cart.common.is_expired";
pub const EXPIRED_MESSAGE: &str = "カートの有効期限が切れました。もう一度商品をお選びください。";
pub const NOT_SALE_CODE: &str = "cart.update_products.not_sale";
pub const NOT_SALE_MESSAGE: &str = "この商品は現在販売しておりません。";
pub const SELLING_STOPPED_MESSAGE: &str = "ただいま販売を一時停止しております。";
pub const PRODUCT_NOT_FOUND_CODE: &str = "cart.update_products.product_not_found";
pub const PRODUCT_NOT_FOUND_MESSAGE: &str = "商品が見つかりませんでした。";
pub const ADDRESS_NOT_FOUND_CODE: &str = "cart_detail.set_user_address.not_data";
pub const ADDRESS_NOT_FOUND_MESSAGE: &str = "お届け先が見つかりませんでした。";
pub const MULTIPLE_SHIPPING_CODE: &str = "cart.shippings.multiple_not_allowed";
pub const MULTIPLE_SHIPPING_MESSAGE: &str = "このショップでは複数のお届け先を指定できません。";
pub const OUT_OF_STOCK_CODE: &str = "cart.decision.out_of_stock";
pub const OUT_OF_STOCK_MESSAGE: &str = "在庫が不足しているため注文できませんでした";
pub const DECLINED_CODE: &str = "cart.payment.declined";
pub const INCOMPLETE_CODE: &str = "cart.decision.incomplete";
pub const IN_PROGRESS_CODE: &str = "cart.decision.in_progress";
pub const IN_PROGRESS_MESSAGE: &str = "ただいまお支払いの処理中です。しばらくしてからご確認ください。";
pub const DELIVERY_DATE_CODE: &str = "cart.decision.delivery_date";
pub const DELIVERY_DATE_MESSAGE: &str = "ご指定のお届け希望日にはお届けできなくなりました。お届け日を選び直してください。";
pub const COUPON_INVALID_CODE: &str = "cart.coupons.invalid";
pub const PAYMENT_UNAVAILABLE_CODE: &str = "cart.payment.unavailable";

/// 「在庫が不足しています（残り N 点）」.
pub fn short_stock_message(left: i64) -> String {
    format!("在庫が不足しています（残り {} 点）", left.max(0))
}
