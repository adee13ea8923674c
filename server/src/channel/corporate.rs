//! The corporate (B2B) shop's closed choices (spec 000 §3 "Constants lists"): 配送方法 and
//! 支払方法, as the member's profile stores them and the front settings list them.
use serde::Serialize;

use super::PaymentKind;

/// 配送方法 (spec 000 §3: 1 wholesaler pick-up, 2 direct to store, 3 direct to customer).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeliveryOption {
    /// 問屋引取り: the buyer collects the goods; no address.
    Pickup,
    /// 店舗直送: to the member's store (an address of the member).
    Store,
    /// お客様直送: to the member's end customer, whose name, address and phone are asked at checkout.
    Customer,
}

impl DeliveryOption {
    pub const ALL: [DeliveryOption; 3] = [DeliveryOption::Pickup, DeliveryOption::Store, DeliveryOption::Customer];

    pub fn code(self) -> i64 {
        match self {
            DeliveryOption::Pickup => 1,
            DeliveryOption::Store => 2,
            DeliveryOption::Customer => 3,
        }
    }

    pub fn parse(code: i64) -> Option<DeliveryOption> {
        Self::ALL.into_iter().find(|o| o.code() == code)
    }

    pub fn label(self) -> &'static str {
        match self {
            DeliveryOption::Pickup => "問屋引取り",
            DeliveryOption::Store => "店舗直送",
            DeliveryOption::Customer => "お客様直送",
        }
    }

    /// Whether the order needs a delivery address (not for a pick-up).
    pub fn needs_address(self) -> bool {
        self != DeliveryOption::Pickup
    }
}

/// 支払方法 (spec 000 §3: 1 advance bank transfer, 2 deferred invoice, 3 a deferred-payment
/// service), each one of the corporate shop's payment method kinds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PaymentOption {
    BankTransfer,
    /// Only for companies the shop approved (`users.is_invoice_approved`).
    Invoice,
    Deferred,
}

impl PaymentOption {
    pub const ALL: [PaymentOption; 3] = [PaymentOption::BankTransfer, PaymentOption::Invoice, PaymentOption::Deferred];

    pub fn code(self) -> i64 {
        match self {
            PaymentOption::BankTransfer => 1,
            PaymentOption::Invoice => 2,
            PaymentOption::Deferred => 3,
        }
    }

    pub fn parse(code: i64) -> Option<PaymentOption> {
        Self::ALL.into_iter().find(|o| o.code() == code)
    }

    pub fn label(self) -> &'static str {
        match self {
            PaymentOption::BankTransfer => "銀行振込（前払い）",
            PaymentOption::Invoice => "請求書払い（後払い）",
            PaymentOption::Deferred => "後払い決済サービス",
        }
    }

    /// The payment method kind this choice is paid with.
    pub fn kind(self) -> PaymentKind {
        match self {
            PaymentOption::BankTransfer => PaymentKind::BankTransfer,
            PaymentOption::Invoice => PaymentKind::Invoice,
            PaymentOption::Deferred => PaymentKind::Deferred,
        }
    }
}

/// One choice of a closed list as the storefront shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct CodeLabel {
    pub value: i64,
    pub label: String,
}

pub fn delivery_choices() -> Vec<CodeLabel> {
    DeliveryOption::ALL.into_iter().map(|o| CodeLabel { value: o.code(), label: o.label().to_owned() }).collect()
}

pub fn payment_choices() -> Vec<CodeLabel> {
    PaymentOption::ALL.into_iter().map(|o| CodeLabel { value: o.code(), label: o.label().to_owned() }).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_choice_reads_back_from_its_code_and_maps_to_a_corporate_method() {
        for option in DeliveryOption::ALL {
            assert_eq!(DeliveryOption::parse(option.code()), Some(option));
        }
        let kinds: Vec<_> = PaymentOption::ALL.into_iter().map(|o| o.kind().as_str()).collect();
        assert_eq!(kinds, ["bank_transfer", "invoice", "deferred"]);
        assert!(!DeliveryOption::Pickup.needs_address() && DeliveryOption::Customer.needs_address());
        assert_eq!(delivery_choices()[2], CodeLabel { value: 3, label: "お客様直送".into() });
    }
}
