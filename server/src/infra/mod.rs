//! Cross-cutting pieces every feature uses, each written once: configuration, the database,
//! mail, metrics, the error type and its HTTP mapping, pagination, request extractors, time,
//! ids and secrets.
pub mod client;
pub mod config;
pub mod csp;
pub mod db;
pub mod download;
pub mod error;
pub mod escape;
pub mod extract;
pub mod fault;
pub mod fresh_cache;
pub mod ids;
pub mod mail;
pub mod metrics;
pub mod money;
pub mod multipart;
pub mod pagination;
pub mod picture_fetch;
pub mod rate_limit;
pub mod read_cache;
pub mod sealed;
pub mod search_text;
pub mod secret;
pub mod shared_secrets;
pub mod sniff;
pub mod sql_filter;
pub mod storage;
pub mod svg;
pub mod text_csv;
pub mod time;
pub mod token_cookie;
