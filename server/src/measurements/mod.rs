//! Measurements (`timeseries`): the body sizes that choose products — head circumference
//! for a helmet, hand length for gloves, height and inseam for a bicycle frame — kept per
//! purpose, newest first, up to the shop's limit. Products with a size chart
//! (`product_size_charts`, read by the catalogue) show the member's size from them.
pub mod http;
pub mod store;

pub use http::routes;

/// Setting: how many measurements of one purpose a member keeps (spec 001 §9: default 1).
pub const LIMIT_SETTING: &str = "MEMBER.TIMESERIES_LIMIT";
pub const DEFAULT_LIMIT: i64 = 1;
