//! The open cart (issue 5, spec 000 §3–§4, §7 Cart): a cart reached by a random token (only
//! its SHA-256 is stored), its lines, shippings, gift packing, coupon, points and payment
//! method. Turning it into an order is the checkout's (`checkout/`).
//!
//! Handlers by what they change: `lifecycle.rs` (init, show, reset), `lines.rs`,
//! `shippings.rs`, `orderer.rs` (buyer and payment), `accessories.rs`, `discounts.rs`
//! (coupons, points), `gift.rs` (a cart that is a social gift), `corporate.rs` (the B2B shop's delivery option and invoice rule) — each around the [`open_cart::OpenCart`] extractor. Money rules:
//! `pricing.rs` (pure). Settings: `settings.rs`. The cart JSON: `view.rs`. SQL: `store.rs` (carts, lines), `shipping_store.rs`.
pub mod accessories;
pub mod corporate;
pub mod discounts;
pub mod embroidery;
pub mod gift;
pub mod lifecycle;
pub mod lines;
pub mod loaded;
pub mod open_cart;
pub mod orderer;
pub mod pricing;
pub mod settings;
pub mod shipping_store;
pub mod shippings;
pub mod store;
pub mod view;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(lifecycle::init_cart))
        .routes(routes!(lifecycle::show_cart))
        .routes(routes!(lifecycle::reset_cart))
        .routes(routes!(lifecycle::reset_shippings))
        .routes(routes!(lines::add_product))
        .routes(routes!(lines::add_product_set))
        .routes(routes!(lines::modify_product))
        .routes(routes!(lines::delete_product))
        .routes(routes!(lines::divide_product))
        .routes(routes!(shippings::add_shipping))
        .routes(routes!(shippings::modify_shipping))
        .routes(routes!(shippings::delete_shipping))
        .routes(routes!(shippings::add_packing))
        .routes(routes!(shippings::modify_packing))
        .routes(routes!(orderer::modify_order))
        .routes(routes!(orderer::modify_other))
        .routes(routes!(accessories::add_accessory))
        .routes(routes!(accessories::modify_accessory))
        .routes(routes!(accessories::delete_accessory))
        .routes(routes!(discounts::add_coupon))
        .routes(routes!(discounts::delete_coupon))
        .routes(routes!(discounts::use_points))
        .routes(routes!(discounts::delete_transaction_error))
        .routes(routes!(gift::social_receiver))
        .routes(routes!(embroidery::set_embroidery))
}

crate::cart_token_bodies!(
    accessories::CartAccessoryAddRequest,
    lines::CartAddProductRequest,
    lines::CartAddSetRequest,
    discounts::CartCouponRequest,
    discounts::CartPointRequest,
    lines::CartDivideRequest,
    lines::CartLineQuantityRequest,
    lines::CartLineRequest,
    orderer::CartOrderModifyRequest,
    orderer::CartOtherModifyRequest,
    shippings::CartPackingRequest,
    shippings::CartShippingAddRequest,
    shippings::CartShippingModifyRequest,
    shippings::CartShippingDeleteRequest,
    lifecycle::CartShippingsResetRequest,
    lifecycle::CartTokenRequest,
    gift::CartGiftReceiverRequest,
    embroidery::CartEmbroideryRequest,
);

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
