//! The order statuses (READING-NOTES "Order statuses"), their labels, and which of them the
//! customer may still cancel or get a receipt for.
use crate::channel::PaymentKind;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Accepted,
    AwaitingPayment,
    Paid,
    Preparing,
    Shipped,
    Delivered,
    Cancelled,
}

pub const ALL: [Status; 7] =
    [Status::Accepted, Status::AwaitingPayment, Status::Paid, Status::Preparing, Status::Shipped, Status::Delivered, Status::Cancelled];

impl Status {
    pub fn parse(code: &str) -> Option<Status> {
        ALL.into_iter().find(|status| status.code() == code)
    }

    pub fn code(self) -> &'static str {
        match self {
            Status::Accepted => "accepted",
            Status::AwaitingPayment => "awaiting_payment",
            Status::Paid => "paid",
            Status::Preparing => "preparing",
            Status::Shipped => "shipped",
            Status::Delivered => "delivered",
            Status::Cancelled => "cancelled",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Status::Accepted => "ご注文受付",
            Status::AwaitingPayment => "お支払い待ち",
            Status::Paid => "入金済み",
            Status::Preparing => "発送準備中",
            Status::Shipped => "発送済み",
            Status::Delivered => "お届け済み",
            Status::Cancelled => "キャンセル済み",
        }
    }

    /// The customer may cancel until the shop starts preparing the parcel.
    pub fn can_cancel(self) -> bool {
        CANCELLABLE.contains(&self)
    }

    /// A receipt is issued once the payment is settled or promised (not while a bank transfer
    /// or card payment is awaited) and never for a cancelled order.
    pub fn receipt_refusal(self) -> Option<&'static str> {
        match self {
            Status::AwaitingPayment => Some(super::RECEIPT_AWAITING_PAYMENT),
            Status::Cancelled => Some(super::RECEIPT_CANCELLED),
            _ => None,
        }
    }
}

/// The statuses a cancel may start from (the guarded UPDATE in the store binds these).
pub const CANCELLABLE: [Status; 3] = [Status::Accepted, Status::AwaitingPayment, Status::Paid];

/// The status a new order paid by `kind` starts in: money still to come in advance means
/// awaiting payment; paid later (on delivery, by invoice) means accepted.
pub fn initial_status(kind: PaymentKind) -> Status {
    match kind {
        PaymentKind::CreditCard | PaymentKind::BankTransfer => Status::AwaitingPayment,
        PaymentKind::CashOnDelivery | PaymentKind::Invoice | PaymentKind::Deferred => Status::Accepted,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_status_reads_back_from_its_code() {
        for status in ALL {
            assert_eq!(Status::parse(status.code()), Some(status));
        }
        assert_eq!(Status::parse("shipping"), None);
    }

    #[test]
    fn cancel_is_allowed_only_before_preparing() {
        let allowed: Vec<_> = ALL.into_iter().filter(|s| s.can_cancel()).map(Status::label).collect();
        assert_eq!(allowed, ["ご注文受付", "お支払い待ち", "入金済み"]);
    }

    #[test]
    fn receipts_wait_for_the_payment() {
        assert!(Status::AwaitingPayment.receipt_refusal().is_some());
        assert!(Status::Cancelled.receipt_refusal().is_some());
        assert!(Status::Delivered.receipt_refusal().is_none());
        assert!(Status::Accepted.receipt_refusal().is_none());
    }

    #[test]
    fn only_money_in_advance_waits_for_payment() {
        use crate::channel::payment_kind::ALL;
        let waiting: Vec<_> = ALL.into_iter().filter(|k| initial_status(*k) == Status::AwaitingPayment).map(PaymentKind::as_str).collect();
        assert_eq!(waiting, ["credit_card", "bank_transfer"]);
    }
}
