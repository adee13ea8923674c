//! The kinds of payment method a channel may offer. Each channel's `payment_methods` rows
//! carry one of these codes; what the checkout does with an order follows from the kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PaymentKind {
    /// クレジットカード, charged through the gateway at the decision.
    CreditCard,
    /// 代金引換: paid to the carrier on delivery.
    CashOnDelivery,
    /// 銀行振込（前払い）: shipped once the transfer arrives.
    BankTransfer,
    /// 請求書払い (corporate): invoiced after shipping.
    Invoice,
    /// 後払い決済サービス: a deferred-payment company collects after delivery.
    Deferred,
}

pub const ALL: [PaymentKind; 5] =
    [PaymentKind::CreditCard, PaymentKind::CashOnDelivery, PaymentKind::BankTransfer, PaymentKind::Invoice, PaymentKind::Deferred];

impl PaymentKind {
    /// The kind of a stored method code; None for a code this server does not know (the
    /// method is then never offered).
    pub fn parse(code: &str) -> Option<PaymentKind> {
        ALL.into_iter().find(|kind| kind.as_str() == code)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            PaymentKind::CreditCard => "credit_card",
            PaymentKind::CashOnDelivery => "cod",
            PaymentKind::BankTransfer => "bank_transfer",
            PaymentKind::Invoice => "invoice",
            PaymentKind::Deferred => "deferred",
        }
    }

    /// Whether the complete page and the mail show the shop's bank account.
    pub fn shows_bank_account(self) -> bool {
        self == PaymentKind::BankTransfer
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_reads_back_from_its_code() {
        for kind in ALL {
            assert_eq!(PaymentKind::parse(kind.as_str()), Some(kind));
        }
        assert_eq!(PaymentKind::parse("paypay"), None);
    }
}
