//! Name embroidery (名入れ刺繍): a member's presets (text, typeface, colour, position), and the
//! embroidery a cart line takes on a product that allows it (`product_embroidery`: price,
//! longest text). The cart adds the price to the line and the order keeps the label in the
//! line's snapshot.
pub mod http;
pub mod rules;
pub mod store;

pub use http::routes;

/// Presets one member may keep.
pub const PRESET_MAX: i64 = 5;
pub const LIMIT_CODE: &str = "name_embroideries.limit_exceeded";
