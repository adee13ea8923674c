//! The payment methods a channel offers now: its enabled methods, less card payment when no
//! gateway serves the channel (no `--demo` and nothing configured for it), so the checkout
//! never offers a card it could not charge.
use super::Gateways;
use super::store::{self, PaymentMethodRow};
use crate::channel::PaymentKind;
use crate::infra::db::Db;
use crate::infra::ids::ChannelId;

pub async fn list_offered(db: &Db, gateways: &Gateways, channel_id: &ChannelId) -> anyhow::Result<Vec<PaymentMethodRow>> {
    let mut methods = store::list_payment_methods(db, channel_id).await?;
    if !gateways.serves(channel_id).await? {
        methods.retain(|m| m.kind() != Some(PaymentKind::CreditCard));
    }
    Ok(methods)
}
