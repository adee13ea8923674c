//! Handlers of the delivery feature for staff: the settings desk's 送料設定 (`admin.rs`).
pub mod admin;

pub use admin::routes as admin_routes;
