//! Analytics events the storefront posts (spec 000 §7 "Ecommerce events"): each is stored
//! with its cart, its poster and its owner; the purchase event's decision data (the order the
//! cart became) is read back only by its owner — a member's bearer token for a member's
//! event, the guest cart's token for a guest's (the rule in `owner.rs`). SQL in `store.rs`,
//! handlers in `http.rs`.
pub mod http;
pub mod owner;
pub mod store;

pub use http::routes;

/// Largest `args` (as JSON text) an event may carry.
pub const MAX_ARGS_BYTES: usize = 16 * 1024;

/// Largest `logreco_rcmd_ct` (as JSON text) an event may carry: a click's marker, not a payload.
pub const MAX_RCMD_CT_BYTES: usize = 1024;
