//! The settings desk's screens for the settings no higher feature owns (docs/contracts/settings-store.md):
//! ショップ情報 and ご利用設定. The values, their rules and their versions are `channel`'s; this
//! folder only adds the staff-facing handlers, which need the staff extractor (`staff` sits on
//! `channel`'s floor and imports it, so `channel` cannot).
pub mod http;

pub use http::routes;
