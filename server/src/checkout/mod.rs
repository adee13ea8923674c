//! The checkout: turns an open cart into an order. Handlers live in `http/`, by action:
//! `decision.rs` (注文確定), `payment_options.rs`, `date_choices.rs`, `quotation.rs` and
//! `complete.rs` (the complete page's order). Under them:
//! - `decision.rs`: the decision of a claimed cart, one transaction that makes the order;
//! - `card_payment.rs`: the card payment that survives a crash at any step (and the decision's
//!   answer), and `reconciler.rs`, which settles payments a crash or a gateway failure left open;
//! - `payment_availability.rs`: which payment methods a cart may use, and their fee for it;
//! - `quotation.rs`: the cart as a 御見積書 document; `mails.rs`: the order confirmation.
//!
//! Delivery dates (the earliest day, the days a buyer may choose, remote islands) are the
//! platform's `delivery/`; the cart itself is `cart/`.
pub mod card_payment;
pub mod decision;
pub mod http;
pub mod mails;
pub mod payment_availability;
pub mod quotation;
pub mod reconciler;

pub use http::routes;
