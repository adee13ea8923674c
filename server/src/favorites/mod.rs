//! Favourites (お気に入り): a member's lists of products, the heart on a product
//! (`/v1/products/{key}/likes` adds to the default list), and the `is_favorite` flag every
//! product answer carries for the member who liked the product.
//!
//! Product answers are cached for everyone alike (`infra::read_cache`), so the flag is laid
//! over a copy of the cached answer for a member with favourites (`catalog::favorite_overlay`); visitors and
//! members without favourites get the cached bytes untouched.
pub mod http;
pub mod store;

pub use http::routes;

/// The name of the list every member has.
pub const DEFAULT_LIST_NAME: &str = "お気に入り";
/// Products one list may hold.
pub const LIST_MAX: i64 = 500;
/// Ids one attach or detach may name.
pub const IDS_MAX: usize = 100;
pub const LIMIT_CODE: &str = "user_lists.limit_exceeded";
