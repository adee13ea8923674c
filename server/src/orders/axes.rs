//! The order desk's three axes (issue 30) and their guarded state machines: the lifecycle,
//! the payment (by kind of payment) and each shipment's shipping state. The customer's label
//! (`status::Status`, the seven the storefront shows) is derived from them by
//! [`customer_status`], never set on its own.
use super::status::Status;
use crate::channel::PaymentKind;

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Lifecycle {
    Open,
    Closed,
    Cancelled,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum PaymentState {
    /// 未入金 (銀行振込, with a deadline), or a card not charged yet.
    Unpaid,
    /// 一部入金.
    PartiallyPaid,
    /// 入金済.
    Paid,
    /// 期限切れ.
    Expired,
    /// オーソリ済 (card, where the gateway separates authorising and capturing).
    Authorized,
    /// 売上確定済 (card).
    Captured,
    /// 請求予定 (代引, 請求書払い, 後払い).
    ToBill,
    /// 請求済.
    Billed,
    /// 回収済.
    Collected,
    /// 一部返金.
    PartiallyRefunded,
    /// 返金済.
    Refunded,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ShipState {
    /// 未出荷.
    Unshipped,
    /// 出荷準備中.
    Preparing,
    /// 出荷済.
    Shipped,
    /// 配達完了.
    Delivered,
}

/// The shipments of an order summed up, stored on the order for the queues.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ShipProgress {
    None,
    Preparing,
    Partial,
    Shipped,
    Delivered,
}

macro_rules! coded {
    ($name:ident { $($variant:ident => $code:literal, $label:literal;)* }) => {
        impl $name {
            pub const ALL: &[$name] = &[$($name::$variant),*];
            pub fn code(self) -> &'static str {
                match self { $($name::$variant => $code),* }
            }
            pub fn label(self) -> &'static str {
                match self { $($name::$variant => $label),* }
            }
            pub fn parse(code: &str) -> Option<$name> {
                Self::ALL.iter().copied().find(|value| value.code() == code)
            }
        }
    };
}

coded!(Lifecycle { Open => "open", "対応中"; Closed => "closed", "完了"; Cancelled => "cancelled", "キャンセル"; });
coded!(PaymentState {
    Unpaid => "unpaid", "未入金";
    PartiallyPaid => "partially_paid", "一部入金";
    Paid => "paid", "入金済";
    Expired => "expired", "期限切れ";
    Authorized => "authorized", "オーソリ済";
    Captured => "captured", "売上確定済";
    ToBill => "to_bill", "請求予定";
    Billed => "billed", "請求済";
    Collected => "collected", "回収済";
    PartiallyRefunded => "partially_refunded", "一部返金";
    Refunded => "refunded", "返金済";
});
coded!(ShipState { Unshipped => "unshipped", "未出荷"; Preparing => "preparing", "出荷準備中"; Shipped => "shipped", "出荷済"; Delivered => "delivered", "配達完了"; });
coded!(ShipProgress { None => "none", "未出荷"; Preparing => "preparing", "出荷準備中"; Partial => "partial", "一部出荷"; Shipped => "shipped", "出荷済"; Delivered => "delivered", "配達完了"; });

/// Whether money for this kind comes before the parcel leaves (card, bank transfer).
pub fn paid_in_advance(kind: PaymentKind) -> bool {
    matches!(kind, PaymentKind::CreditCard | PaymentKind::BankTransfer)
}

/// The payment state a new order starts in.
pub fn initial_payment(kind: PaymentKind) -> PaymentState {
    if paid_in_advance(kind) { PaymentState::Unpaid } else { PaymentState::ToBill }
}

impl PaymentState {
    /// The money is in (or promised by a gateway's authorisation).
    pub fn is_settled(self) -> bool {
        // A refund gives part or all of it back later: the order was paid all the same.
        matches!(
            self,
            PaymentState::Paid
                | PaymentState::Authorized
                | PaymentState::Captured
                | PaymentState::Collected
                | PaymentState::PartiallyRefunded
                | PaymentState::Refunded
        )
    }

    /// Still waiting for the customer's transfer.
    pub fn is_awaited(self) -> bool {
        matches!(self, PaymentState::Unpaid | PaymentState::PartiallyPaid | PaymentState::Expired)
    }
}

pub const PAYMENT_NOT_CONFIRMABLE: &str = "この注文の入金は確認できません（お支払い方法または状態が対象外です）。";
pub const AMOUNT_NOT_POSITIVE: &str = "入金額は1円以上で入力してください。";

/// The payment after staff record `amount` yen received (入金確認), with the sum received so
/// far: short of the total is 一部入金, the total or more 入金済. 代引, 請求書払い and 後払い
/// go to 回収済 when the money comes in.
pub fn confirm_payment(kind: PaymentKind, current: PaymentState, paid_so_far: i64, amount: i64, total: i64) -> Result<(PaymentState, i64), &'static str> {
    if amount <= 0 {
        return Err(AMOUNT_NOT_POSITIVE);
    }
    let received = paid_so_far.saturating_add(amount);
    match kind {
        PaymentKind::BankTransfer if current.is_awaited() => Ok((if received >= total { PaymentState::Paid } else { PaymentState::PartiallyPaid }, received)),
        PaymentKind::CashOnDelivery | PaymentKind::Invoice | PaymentKind::Deferred if matches!(current, PaymentState::ToBill | PaymentState::Billed) => {
            Ok((if received >= total { PaymentState::Collected } else { current }, received))
        }
        _ => Err(PAYMENT_NOT_CONFIRMABLE),
    }
}

/// Which way a shipment moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    Forward,
    /// A step back: staff must give a reason.
    Back,
}

pub const SHIP_STEP_REFUSED: &str = "この出荷はその状態に変更できません。";
pub const SHIP_NEEDS_PAYMENT: &str = "入金が確認できていないため出荷できません。先に入金確認をしてください。";

/// Whether a shipment may move from `from` to `to`, and which way. Forward: 未出荷 → 出荷準備中
/// → 出荷済 → 配達完了 (出荷準備中 may be skipped); back one step at a time.
pub fn ship_step(from: ShipState, to: ShipState) -> Result<Step, &'static str> {
    use ShipState::*;
    match (from, to) {
        (Unshipped, Preparing) | (Unshipped, Shipped) | (Preparing, Shipped) | (Shipped, Delivered) => Ok(Step::Forward),
        (Preparing, Unshipped) | (Shipped, Preparing) | (Delivered, Shipped) => Ok(Step::Back),
        _ => Err(SHIP_STEP_REFUSED),
    }
}

/// A shipment may start (出荷準備中 or later) once the money paid in advance is in.
pub fn may_ship(kind: PaymentKind, payment: PaymentState) -> bool {
    !paid_in_advance(kind) || payment.is_settled()
}

/// The shipments summed up. No shipment (a pick-up with no parcel) counts as not shipped.
pub fn progress(states: &[ShipState]) -> ShipProgress {
    let all = |wanted: &[ShipState]| !states.is_empty() && states.iter().all(|s| wanted.contains(s));
    if all(&[ShipState::Delivered]) {
        ShipProgress::Delivered
    } else if all(&[ShipState::Shipped, ShipState::Delivered]) {
        ShipProgress::Shipped
    } else if states.iter().any(|s| matches!(s, ShipState::Shipped | ShipState::Delivered)) {
        ShipProgress::Partial
    } else if states.contains(&ShipState::Preparing) {
        ShipProgress::Preparing
    } else {
        ShipProgress::None
    }
}

/// An open order is done (closed) when every parcel is delivered, or every parcel left and the
/// money is in. A cancelled one stays cancelled.
pub fn lifecycle(current: Lifecycle, progress: ShipProgress, payment: PaymentState) -> Lifecycle {
    match current {
        Lifecycle::Cancelled => Lifecycle::Cancelled,
        _ if progress == ShipProgress::Delivered || (progress == ShipProgress::Shipped && payment.is_settled()) => Lifecycle::Closed,
        _ => Lifecycle::Open,
    }
}

/// The customer's label from the axes. 一部出荷 reads 発送準備中 here; the order JSON shows it
/// as 一部発送済み from the shipments.
pub fn customer_status(kind: PaymentKind, lifecycle: Lifecycle, payment: PaymentState, progress: ShipProgress) -> Status {
    match (lifecycle, progress) {
        (Lifecycle::Cancelled, _) => Status::Cancelled,
        (_, ShipProgress::Delivered) => Status::Delivered,
        (_, ShipProgress::Shipped) => Status::Shipped,
        (_, ShipProgress::Partial | ShipProgress::Preparing) => Status::Preparing,
        _ if paid_in_advance(kind) && !payment.is_settled() => Status::AwaitingPayment,
        _ if payment.is_settled() && paid_in_advance(kind) => Status::Paid,
        _ => Status::Accepted,
    }
}

/// Staff may cancel until a parcel has left.
pub fn staff_may_cancel(lifecycle: Lifecycle, progress: ShipProgress) -> bool {
    lifecycle == Lifecycle::Open && matches!(progress, ShipProgress::None | ShipProgress::Preparing)
}

/// Why a new order needs a look before it ships (要確認): a customer's note, a gift, のし, several
/// addresses. Empty: nothing to look at.
pub fn review_reasons(has_note: bool, is_gift: bool, has_noshi: bool, shipments: usize) -> Vec<&'static str> {
    let mut reasons = Vec::new();
    if has_note {
        reasons.push("お客様の備考あり");
    }
    if is_gift {
        reasons.push("ギフト");
    }
    if has_noshi {
        reasons.push("のし指定");
    }
    if shipments > 1 {
        reasons.push("複数のお届け先");
    }
    reasons
}

#[cfg(test)]
mod tests {
    use super::*;
    use ShipState::*;

    #[test]
    fn every_code_reads_back() {
        for value in PaymentState::ALL {
            assert_eq!(PaymentState::parse(value.code()), Some(*value));
        }
        for value in ShipState::ALL {
            assert_eq!(ShipState::parse(value.code()), Some(*value));
        }
        for value in ShipProgress::ALL {
            assert_eq!(ShipProgress::parse(value.code()), Some(*value));
        }
        for value in Lifecycle::ALL {
            assert_eq!(Lifecycle::parse(value.code()), Some(*value));
        }
    }

    #[test]
    fn a_short_transfer_is_partly_paid_and_the_rest_completes_it() {
        let (state, received) = confirm_payment(PaymentKind::BankTransfer, PaymentState::Unpaid, 0, 3000, 5000).unwrap();
        assert_eq!((state, received), (PaymentState::PartiallyPaid, 3000));
        let (state, received) = confirm_payment(PaymentKind::BankTransfer, state, received, 2000, 5000).unwrap();
        assert_eq!((state, received), (PaymentState::Paid, 5000));
        assert_eq!(confirm_payment(PaymentKind::BankTransfer, PaymentState::Paid, 5000, 1, 5000), Err(PAYMENT_NOT_CONFIRMABLE));
    }

    #[test]
    fn a_transfer_after_its_deadline_is_still_taken() {
        assert_eq!(confirm_payment(PaymentKind::BankTransfer, PaymentState::Expired, 0, 5000, 5000).unwrap().0, PaymentState::Paid);
    }

    #[test]
    fn cards_are_not_confirmed_by_hand_and_amounts_are_positive() {
        assert_eq!(confirm_payment(PaymentKind::CreditCard, PaymentState::Unpaid, 0, 100, 100), Err(PAYMENT_NOT_CONFIRMABLE));
        assert_eq!(confirm_payment(PaymentKind::BankTransfer, PaymentState::Unpaid, 0, 0, 100), Err(AMOUNT_NOT_POSITIVE));
        assert_eq!(confirm_payment(PaymentKind::CashOnDelivery, PaymentState::ToBill, 0, 100, 100).unwrap().0, PaymentState::Collected);
    }

    #[test]
    fn shipments_move_forward_or_one_step_back() {
        assert_eq!(ship_step(Unshipped, Preparing), Ok(Step::Forward));
        assert_eq!(ship_step(Unshipped, Shipped), Ok(Step::Forward));
        assert_eq!(ship_step(Shipped, Preparing), Ok(Step::Back));
        assert_eq!(ship_step(Unshipped, Delivered), Err(SHIP_STEP_REFUSED));
        assert_eq!(ship_step(Delivered, Unshipped), Err(SHIP_STEP_REFUSED));
        assert_eq!(ship_step(Shipped, Shipped), Err(SHIP_STEP_REFUSED));
    }

    #[test]
    fn a_bank_transfer_ships_only_once_paid_but_cod_at_once() {
        assert!(!may_ship(PaymentKind::BankTransfer, PaymentState::PartiallyPaid));
        assert!(may_ship(PaymentKind::BankTransfer, PaymentState::Paid));
        assert!(may_ship(PaymentKind::CashOnDelivery, PaymentState::ToBill));
    }

    #[test]
    fn progress_sums_the_shipments() {
        assert_eq!(progress(&[Unshipped, Unshipped]), ShipProgress::None);
        assert_eq!(progress(&[Preparing, Unshipped]), ShipProgress::Preparing);
        assert_eq!(progress(&[Shipped, Preparing]), ShipProgress::Partial);
        assert_eq!(progress(&[Shipped, Delivered]), ShipProgress::Shipped);
        assert_eq!(progress(&[Delivered, Delivered]), ShipProgress::Delivered);
        assert_eq!(progress(&[]), ShipProgress::None);
    }

    #[test]
    fn the_customer_label_follows_the_axes() {
        let bank = PaymentKind::BankTransfer;
        assert_eq!(customer_status(bank, Lifecycle::Open, PaymentState::Unpaid, ShipProgress::None), Status::AwaitingPayment);
        assert_eq!(customer_status(bank, Lifecycle::Open, PaymentState::PartiallyPaid, ShipProgress::None), Status::AwaitingPayment);
        assert_eq!(customer_status(bank, Lifecycle::Open, PaymentState::Paid, ShipProgress::None), Status::Paid);
        assert_eq!(customer_status(bank, Lifecycle::Open, PaymentState::Paid, ShipProgress::Preparing), Status::Preparing);
        assert_eq!(customer_status(bank, Lifecycle::Closed, PaymentState::Paid, ShipProgress::Shipped), Status::Shipped);
        assert_eq!(customer_status(bank, Lifecycle::Closed, PaymentState::Paid, ShipProgress::Delivered), Status::Delivered);
        assert_eq!(customer_status(bank, Lifecycle::Cancelled, PaymentState::Paid, ShipProgress::None), Status::Cancelled);
        assert_eq!(customer_status(PaymentKind::CashOnDelivery, Lifecycle::Open, PaymentState::ToBill, ShipProgress::None), Status::Accepted);
    }

    #[test]
    fn an_order_closes_when_its_parcels_left_and_the_money_is_in() {
        assert_eq!(lifecycle(Lifecycle::Open, ShipProgress::Shipped, PaymentState::Paid), Lifecycle::Closed);
        assert_eq!(lifecycle(Lifecycle::Open, ShipProgress::Shipped, PaymentState::ToBill), Lifecycle::Open);
        assert_eq!(lifecycle(Lifecycle::Open, ShipProgress::Delivered, PaymentState::ToBill), Lifecycle::Closed);
        assert_eq!(lifecycle(Lifecycle::Closed, ShipProgress::Preparing, PaymentState::Paid), Lifecycle::Open);
        assert_eq!(lifecycle(Lifecycle::Cancelled, ShipProgress::None, PaymentState::Paid), Lifecycle::Cancelled);
    }

    #[test]
    fn staff_cancel_stops_once_a_parcel_left() {
        assert!(staff_may_cancel(Lifecycle::Open, ShipProgress::Preparing));
        assert!(!staff_may_cancel(Lifecycle::Open, ShipProgress::Partial));
        assert!(!staff_may_cancel(Lifecycle::Cancelled, ShipProgress::None));
    }

    #[test]
    fn review_reasons_name_what_to_look_at() {
        assert_eq!(review_reasons(true, false, true, 2), ["お客様の備考あり", "のし指定", "複数のお届け先"]);
        assert!(review_reasons(false, false, false, 1).is_empty());
    }
}
