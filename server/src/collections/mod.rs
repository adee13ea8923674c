//! Collections: curated, ordered lists of products (新着商品, スタッフおすすめ, 冬のメンテナンス…)
//! that home and landing pages show by alias. Items are the catalogue's own product cards.
pub mod http;
pub mod store;

pub use http::routes;
