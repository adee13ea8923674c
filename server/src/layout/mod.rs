//! Layouts and page compositions: which layout frames a page (header and footer navigation)
//! and which content blocks a page shows, for whom (member/guest) and on which device.
pub mod audience;
pub mod http;
pub mod store;

pub use http::routes;
