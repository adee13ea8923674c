//! Handlers of the content feature for staff: the page desk (`admin.rs`). The storefront's
//! content handlers are the resource files beside this folder (blogs.rs, pages.rs …).
pub mod admin;

pub use admin::routes as admin_routes;
