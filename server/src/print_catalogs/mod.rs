//! The shop's catalogues (総合カタログ): what `/catalog-order` offers to post and `/flip-book`
//! pages through. Cover and page pictures are SVGs drawn from the stored text.
pub mod http;
pub mod picture;
pub mod store;

pub use http::{picture_routes, routes};
