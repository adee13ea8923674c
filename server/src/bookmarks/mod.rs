//! Bookmarks (ブックマーク): pages of the shop a member keeps to come back to — a news item,
//! a blog post, a product, a product search, a static or landing page.
pub mod http;
pub mod page;
pub mod store;

pub use http::routes;

/// Bookmarks one member may keep.
pub const BOOKMARK_MAX: i64 = 200;
pub const LIMIT_CODE: &str = "bookmarks.limit_exceeded";
