//! The member's address book (issue 5, spec 001 §3–§9): list with the channel's count limit
//! (`x-limit`), add, show, edit, delete, delete all, the default and the sender default (one
//! of each), CSV import and export in Shift_JIS or UTF-8.
//!
//! Entry division_ct 1 is the member's own address: its fields are the profile's, read from
//! and written to `users` through the members store, so the profile form and this book never
//! disagree. It is made on the member's first visit to the book (default and sender default
//! then) and cannot be deleted. Rules: `entry.rs` (fields), `book_csv.rs` (the file); SQL in
//! `store.rs`; handlers in `http.rs`.
pub mod book_csv;
pub mod entry;
pub mod http;
pub mod store;

pub use http::routes;

/// division_ct of the member's own address.
pub const OWN: i64 = 1;
/// division_ct of every other entry.
pub const OTHER: i64 = 2;

/// The count limit when a channel sets none (`MEMBER.ADDRESS_LIMIT`).
pub const DEFAULT_LIMIT: i64 = 20;
/// No channel may allow more than this: it keeps every export synchronous (below).
pub const MAX_LIMIT: i64 = 1000;
/// A book larger than this would be exported later, answering the spec's delayed-processing
/// message (001 §8). No export queue exists yet, so the limit above keeps books below it.
pub const EXPORT_SYNC_MAX: i64 = 1000;

/// 422 code of an add or import beyond the limit.
pub const LIMIT_CODE: &str = "user_addresses.limit_exceeded";
/// 422 code of deleting the own address.
pub const OWN_CODE: &str = "user_addresses.own_address";
pub const EXPORT_DEFERRED_MESSAGE: &str = "遅延処理中なのでしばらくお待ちください";
/// Largest CSV file the import reads.
pub const IMPORT_MAX_BYTES: usize = 1024 * 1024;
