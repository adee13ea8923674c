//! Handlers of the checkout, split by action: `decision` (注文確定), `payment_options` (the
//! shop's payment methods and which a cart may use), `date_choices` (the delivery dates a
//! cart's shippings may choose), `quotation` (the cart as a PDF quotation) and `complete` (the
//! complete page's order). What they stand on lives outside this folder (decision.rs,
//! card_payment.rs, payment_availability.rs, quotation.rs …).
mod complete;
mod date_choices;
mod decision;
mod payment_options;
mod quotation;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(decision::decide))
        .routes(routes!(date_choices::cart_leadtimes))
        .routes(routes!(payment_options::list_payments))
        .routes(routes!(payment_options::list_cart_payments))
        .routes(routes!(payment_options::check_payment))
        .routes(routes!(complete::show_cart_order))
        .routes(routes!(quotation::download_cart_quotation))
}
