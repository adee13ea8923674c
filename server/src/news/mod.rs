//! News: the shop's announcements, listed newest first with pagination, one by key, and
//! which of them a member has read.
pub mod http;
pub mod store;

pub use http::routes;
