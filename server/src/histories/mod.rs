//! Browsing histories and requests: a member's search words, restock/stock requests from
//! anyone, the products a member viewed (newest first, de-duplicated), and the product cards
//! of a guest's history (kept in the browser, sent as ids).
pub mod http;
pub mod request;
pub mod restock_mail;
pub mod store;

pub use http::routes;

/// Histories show at most this many products (spec 001 §4).
pub const HISTORY_LIMIT: usize = 10;
