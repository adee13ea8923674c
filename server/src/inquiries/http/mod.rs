//! Handlers of inquiries: the customer's side (customer.rs) and the staff's (admin.rs).
mod admin;
mod customer;
mod files;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(customer::create_inquiry))
        .routes(routes!(customer::list_my_inquiries))
        .routes(routes!(customer::show_my_inquiry))
        .routes(routes!(customer::show_guest_inquiry))
        .routes(routes!(customer::reply))
        .routes(routes!(files::show_file))
        .routes(routes!(admin::list_inquiries))
        .routes(routes!(admin::count_inquiries))
        .routes(routes!(admin::show_inquiry, admin::update_status))
        .routes(routes!(admin::reply))
        .routes(routes!(admin::add_note))
        .routes(routes!(admin::list_topics, admin::create_topic))
        .routes(routes!(admin::update_topic, admin::delete_topic))
}
