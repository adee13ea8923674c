//! The checkout: turns an open cart into an order. The decision (`decision.rs`), the card
//! payment that survives a crash at any step (`card_payment.rs`) and the reconciler that
//! settles payments a crash or a gateway failure left open (`reconciler.rs`).
//! Delivery dates, the earliest day an order can arrive and the days a buyer may choose
//! (`delivery_date.rs`, with the remote islands of `remote_islands.rs`).
pub mod card_payment;
pub mod decision;
pub mod delivery_date;
pub mod mails;
pub mod reconciler;
pub mod remote_islands;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(decision::decide))
}
