//! Stylists (スタッフのおすすめ): shop staff with a profile, an avatar drawn from their initials
//! and an ordered list of recommended products, each with a one-line comment. Picks are the
//! catalogue's own product cards.
pub mod avatar;
pub mod http;
pub mod store;

pub use http::{picture_routes, routes};
