//! Delivery: when a parcel can arrive. The business calendar (the shop's weekly closures and
//! closed dates, Japanese public holidays), the earliest delivery date and the choices after
//! it, remote islands' transit, and the time slots. A platform floor (docs/architecture.md):
//! the cart, the checkout, social gifts and memorials all ask it; it asks none of them.
pub mod calendar;
pub mod calendar_desk;
pub mod carriage_desk;
pub mod choices;
pub mod delivery_date;
pub mod holidays;
pub mod http;
pub mod remote_islands;
pub mod store;

use utoipa_axum::router::OpenApiRouter;

pub use http::admin_routes;

use crate::state::AppState;

/// The channel-scoped `/v1` routes: the business calendar, and 送料設定 for staff.
pub fn routes() -> OpenApiRouter<AppState> {
    calendar::routes().merge(admin_routes())
}
