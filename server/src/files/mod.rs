//! `GET /v1/files-contents?url=`: the bytes of a file from the shop's own storage, for the
//! storefront to embed or download. Only paths on an allow-list of our own folders are
//! resolved, inside the server; nothing is ever fetched from a URL (no SSRF).
pub mod allow_list;
pub mod http;

pub use http::routes;
