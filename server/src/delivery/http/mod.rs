//! Handlers of the delivery feature for staff: the settings desk's 送料設定 (`admin.rs`) and
//! 営業日カレンダー (`admin_calendar.rs`).
pub mod admin;
pub mod admin_calendar;

use utoipa_axum::router::OpenApiRouter;

use crate::state::AppState;

pub fn admin_routes() -> OpenApiRouter<AppState> {
    admin::routes().merge(admin_calendar::routes())
}
