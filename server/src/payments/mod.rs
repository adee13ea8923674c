//! Payments through one gateway interface (ARCHITECTURE.md §2). The default `sandbox` gateway
//! runs inside the server and behaves like a card tokenising service: the browser sends card
//! data to the gateway's tokenise endpoint, never to the shop's own API, and the shop keeps
//! only the token, the masked number and the expiry.
pub mod gateway;
pub mod sandbox;

pub use gateway::{Charge, ChargeRequest, Declined, Gateway, SavedCard};
