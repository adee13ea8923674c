//! Notice messages: the shop's text for the notice slots of spec 000 §2 (caution, cart,
//! reminder, …). `updated_at` lets the storefront show a hidden notice again once it changes.
pub mod http;
pub mod store;

pub use http::routes;

/// The notice slots the storefront has a place for (spec 000 §2, 001 §2).
pub const SLOTS: &[&str] = &[
    "caution",
    "mypage_leave_1",
    "mypage_leave_2",
    "logout",
    "point",
    "memorial",
    "mail_verify",
    "address",
    "product",
    "cart_index",
    "cart_index_note",
    "cart_index_links",
    "cart_payment",
    "cart_confirm_1",
    "cart_confirm_2",
    "cart_complete",
    "contact_complete",
    "contact_complete_shop_info",
    "contact_info",
    "pre_order_info_1",
    "pre_order_info_2",
    "reminder",
    "reminder_reset",
    "reminder_username",
    "reminder_username_reset",
    "reminder_username_confirm",
];
