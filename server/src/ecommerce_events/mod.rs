//! Analytics events the storefront posts (spec 000 §7 "Ecommerce events"): each is stored
//! with its cart and member; the purchase event's decision data (the order the cart became)
//! is read back only by the same cart's token or the same member. SQL in `store.rs`, handlers
//! in `http.rs`.
pub mod http;
pub mod store;

pub use http::routes;

/// Largest `args` (as JSON text) an event may carry.
pub const MAX_ARGS_BYTES: usize = 16 * 1024;
