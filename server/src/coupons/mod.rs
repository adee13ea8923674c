//! Coupons as the storefront lists them (spec 001 §2–§4): the public list, the member's list
//! with `is_taken`, and taking one (`/coupon`, landing pages). How a coupon is described is
//! `describe.rs` (pure); whether one applies to a cart is the cart's rule (cart::pricing).
//! SQL in `store.rs`, handlers in `http/`; クーポン管理 (the desk) is `desk.rs` and
//! `http/admin.rs`.
pub mod describe;
pub mod desk;
pub mod http;
pub mod store;

pub use http::routes;

/// 422 code of taking a coupon outside its period.
pub const OUT_OF_PERIOD_CODE: &str = "coupons.take.out_of_period";
