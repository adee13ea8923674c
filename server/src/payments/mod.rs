//! Payments through one gateway interface (ARCHITECTURE.md §2), chosen per channel by
//! configuration (`gateways.rs`): the in-process `sandbox` (demo shops, or where configured)
//! or Stripe (`stripe/`). The sandbox keeps its books through `sandbox_store.rs`. The browser sends card data to the gateway's tokeniser, never to
//! the shop's own API, and the shop keeps only the token, the masked number and the expiry.
//!
//! `http/admin.rs` is the settings desk's 支払方法 (fees by tiers, the range of totals, the
//! order; the rules in `fee_rule.rs` and `method_desk.rs`). `http/mod.rs` serves the sandbox's tokeniser (`/sandbox-gateway/tokens`, outside `/v1`), the
//! card payment settings, the gateway's signed fraud-detection notification
//! (`notification.rs`) and Stripe's signed webhook.
pub mod bank_account_desk;
pub mod fee_rule;
pub mod gateway;
pub mod gateways;
pub mod http;
pub mod method_desk;
pub mod methods;
pub mod notification;
pub mod sandbox;
pub mod sandbox_store;
pub mod store;
pub mod stripe;

pub use gateway::{Charge, ChargeRequest, Charged, Declined, Gateway, SavedCard, TokenCard};
pub use gateways::Gateways;
pub use http::routes;
pub use notification::GatewaySecret;
