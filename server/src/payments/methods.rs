//! The payment methods a channel offers now: its enabled methods, less those the shop lacks
//! what they need for. Card payment needs a gateway serving the channel (none without `--demo`
//! or a configured one), 銀行振込 needs a saved bank account (`channel::bank_account`), so the
//! checkout never offers a card it could not charge or a transfer with nowhere to go.
use super::Gateways;
use super::method_desk::{BANK_UNREADY_NOTE, CARD_UNREADY_NOTE};
use super::store::{self, PaymentMethodRow};
use crate::channel::PaymentKind;
use crate::channel::bank_account::{SETTING as BANK_ACCOUNT, StoredBankAccount};
use crate::infra::db::Db;
use crate::infra::ids::ChannelId;

/// What the shop has that some kinds of payment need.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Readiness {
    pub card_gateway: bool,
    pub bank_account: bool,
}

impl Readiness {
    pub async fn of(db: &Db, gateways: &Gateways, channel_id: &ChannelId) -> anyhow::Result<Readiness> {
        Ok(Readiness { card_gateway: gateways.serves(channel_id).await?, bank_account: has_bank_account(db, channel_id).await? })
    }

    /// Why the checkout cannot offer a method of this kind now; none when it can.
    pub fn unready_reason(self, kind: Option<PaymentKind>) -> Option<&'static str> {
        match kind {
            Some(PaymentKind::CreditCard) if !self.card_gateway => Some(CARD_UNREADY_NOTE),
            Some(PaymentKind::BankTransfer) if !self.bank_account => Some(BANK_UNREADY_NOTE),
            _ => None,
        }
    }
}

async fn has_bank_account(db: &Db, channel_id: &ChannelId) -> sqlx::Result<bool> {
    let setting = crate::channel::store::find_versioned_setting(db, channel_id, BANK_ACCOUNT).await?;
    Ok(StoredBankAccount::parse(setting.value.as_deref()).is_some())
}

pub async fn list_offered(db: &Db, gateways: &Gateways, channel_id: &ChannelId) -> anyhow::Result<Vec<PaymentMethodRow>> {
    let mut methods = store::list_payment_methods(db, channel_id).await?;
    if !gateways.serves(channel_id).await? {
        methods.retain(|m| m.kind() != Some(PaymentKind::CreditCard));
    }
    // Read only where a transfer is enabled: most carts never pay one.
    if methods.iter().any(|m| m.kind() == Some(PaymentKind::BankTransfer)) && !has_bank_account(db, channel_id).await? {
        methods.retain(|m| m.kind() != Some(PaymentKind::BankTransfer));
    }
    Ok(methods)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_names_what_the_shop_lacks_for_it() {
        let bare = Readiness { card_gateway: false, bank_account: false };
        assert_eq!(bare.unready_reason(Some(PaymentKind::CreditCard)), Some(CARD_UNREADY_NOTE));
        assert_eq!(bare.unready_reason(Some(PaymentKind::BankTransfer)), Some(BANK_UNREADY_NOTE));
        assert_eq!(bare.unready_reason(Some(PaymentKind::CashOnDelivery)), None, "cash on delivery needs nothing set up");
        let ready = Readiness { card_gateway: true, bank_account: true };
        assert_eq!(ready.unready_reason(Some(PaymentKind::CreditCard)), None);
        assert_eq!(ready.unready_reason(Some(PaymentKind::BankTransfer)), None);
    }
}
