//! Payments through one gateway interface (ARCHITECTURE.md §2). The default `sandbox` gateway
//! runs inside the server and behaves like a card tokenising service: the browser sends card
//! data to the gateway's tokenise endpoint, never to the shop's own API, and the shop keeps
//! only the token, the masked number and the expiry.
//!
//! `http.rs` serves the sandbox's tokeniser (`/sandbox-gateway/tokens`, outside `/v1`), the
//! card payment settings and the gateway's signed notification (`notification.rs`).
pub mod gateway;
pub mod http;
pub mod kind;
pub mod notification;
pub mod sandbox;
pub mod store;

pub use gateway::{Charge, ChargeRequest, Declined, Gateway, SavedCard, TokenCard};
pub use http::routes;
pub use kind::PaymentKind;
pub use notification::GatewaySecret;
