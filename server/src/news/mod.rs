//! News: the shop's announcements, listed newest first with pagination, one by key, and
//! which of them a member has read; and staff's お知らせ管理 (`desk.rs`, `http/admin.rs`).
pub mod desk;
pub mod http;
pub mod store;

pub use http::routes;
