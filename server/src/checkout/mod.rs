//! The checkout: turns an open cart into an order.
//! - `decision.rs`: the decision (注文確定), one transaction that makes the order;
//! - `card_payment.rs`: the card payment that survives a crash at any step, and
//!   `reconciler.rs`, which settles payments a crash or a gateway failure left open;
//! - `delivery_date.rs`: the earliest day an order can arrive and the days a buyer may
//!   choose (with the remote islands of `remote_islands.rs`); `date_choices.rs` answers them;
//! - `payment_options.rs`: the shop's payment methods and which a cart may use;
//! - `quotation.rs` (the cart as a PDF quotation) and `complete.rs` (the complete page's
//!   order summary); `mails.rs`: the order confirmation.
pub mod card_payment;
pub mod complete;
pub mod date_choices;
pub mod decision;
pub mod delivery_date;
pub mod mails;
pub mod payment_options;
pub mod quotation;
pub mod reconciler;
pub mod remote_islands;

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
