//! The order desk's work queues: each a condition over the order's stored axes, so counting
//! all of them is one pass over the shop's open orders.
use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Queue {
    /// 新規: no member of staff has acted on it yet.
    New,
    /// 入金待ち: a bank transfer not (fully) in, before its deadline.
    AwaitingPayment,
    /// 入金期限切れ.
    PaymentOverdue,
    /// 出荷待ち: ready to ship (paid, or paid later), nothing started, not held.
    ToShip,
    /// 出荷準備中.
    Preparing,
    /// 一部出荷.
    PartlyShipped,
    /// 保留.
    OnHold,
    /// 要確認.
    NeedsReview,
    /// キャンセル済 within the last 30 days (to refund, restock or answer).
    Cancelled,
}

/// How far back the キャンセル済 queue looks.
pub const CANCELLED_WINDOW_MS: i64 = 30 * 24 * 60 * 60 * 1000;

/// Payment states in which the money is in (axes::PaymentState::is_settled), as SQL.
const SETTLED: &str = "('paid', 'authorized', 'captured', 'collected')";

impl Queue {
    pub const ALL: [Queue; 9] = [
        Queue::New,
        Queue::AwaitingPayment,
        Queue::PaymentOverdue,
        Queue::ToShip,
        Queue::Preparing,
        Queue::PartlyShipped,
        Queue::OnHold,
        Queue::NeedsReview,
        Queue::Cancelled,
    ];

    pub fn code(self) -> &'static str {
        match self {
            Queue::New => "new",
            Queue::AwaitingPayment => "awaiting_payment",
            Queue::PaymentOverdue => "payment_overdue",
            Queue::ToShip => "to_ship",
            Queue::Preparing => "preparing",
            Queue::PartlyShipped => "partly_shipped",
            Queue::OnHold => "on_hold",
            Queue::NeedsReview => "needs_review",
            Queue::Cancelled => "cancelled",
        }
    }

    pub fn parse(code: &str) -> Option<Queue> {
        Self::ALL.into_iter().find(|queue| queue.code() == code)
    }

    pub fn label(self) -> &'static str {
        match self {
            Queue::New => "新規",
            Queue::AwaitingPayment => "入金待ち",
            Queue::PaymentOverdue => "入金期限切れ",
            Queue::ToShip => "出荷待ち",
            Queue::Preparing => "出荷準備中",
            Queue::PartlyShipped => "一部出荷",
            Queue::OnHold => "保留",
            Queue::NeedsReview => "要確認",
            Queue::Cancelled => "キャンセル済",
        }
    }

    /// The condition over `o` (orders); `$2` is now in ms. A gift still waiting for its
    /// recipient's address is not ready to ship.
    pub fn condition(self) -> String {
        let open = "o.lifecycle = 'open'";
        let awaited = "o.payment_code = 'bank_transfer' AND o.payment_state IN ('unpaid', 'partially_paid')";
        match self {
            Queue::New => format!("{open} AND o.handled_at IS NULL"),
            Queue::AwaitingPayment => format!("{open} AND {awaited} AND (o.payment_due_at IS NULL OR o.payment_due_at >= $2)"),
            Queue::PaymentOverdue => format!("{open} AND (o.payment_state = 'expired' OR ({awaited} AND o.payment_due_at < $2))"),
            Queue::ToShip => format!(
                "{open} AND o.on_hold = 0 AND o.ship_progress = 'none' \
                 AND (o.payment_code NOT IN ('credit_card', 'bank_transfer') OR o.payment_state IN {SETTLED}) \
                 AND NOT EXISTS (SELECT 1 FROM social_gifts g WHERE g.order_id = o.id AND g.state <> 'accepted')"
            ),
            Queue::Preparing => format!("{open} AND o.ship_progress = 'preparing'"),
            Queue::PartlyShipped => format!("{open} AND o.ship_progress = 'partial'"),
            Queue::OnHold => format!("{open} AND o.on_hold = 1"),
            Queue::NeedsReview => format!("{open} AND o.needs_review = 1"),
            Queue::Cancelled => format!("o.lifecycle = 'cancelled' AND o.cancelled_at >= $2 - {CANCELLED_WINDOW_MS}"),
        }
    }
}

/// 出荷待ち without its gift clause: the counts take gifts still waiting for their recipient
/// off separately (`$2` is now).
pub fn to_ship_before_gifts() -> String {
    let condition = Queue::ToShip.condition();
    condition.split(" AND NOT EXISTS (SELECT 1 FROM social_gifts").next().unwrap_or(&condition).to_owned()
}

/// The open (and recently cancelled) orders that share every fact a queue looks at, and how
/// many there are: the counts group by these, so a count costs one pass over an index.
#[derive(Debug, Clone, Default)]
pub struct AxesGroup {
    pub lifecycle: String,
    pub payment_code: String,
    pub payment_state: String,
    pub ship_progress: String,
    pub on_hold: bool,
    pub needs_review: bool,
    /// No member of staff has acted on it.
    pub unhandled: bool,
    /// Its payment deadline has passed.
    pub overdue: bool,
    /// Cancelled within the キャンセル済 window.
    pub recently_cancelled: bool,
    pub count: i64,
}

impl Queue {
    /// Whether the group's orders are in the queue: [`Queue::condition`] in Rust (the list
    /// filters by that; the counts use this). 出荷待ち here still holds gifts waiting for their
    /// recipient; the counts take those off.
    pub fn holds(self, g: &AxesGroup) -> bool {
        let open = g.lifecycle == "open";
        let awaited = g.payment_code == "bank_transfer" && matches!(g.payment_state.as_str(), "unpaid" | "partially_paid");
        let settled = matches!(g.payment_state.as_str(), "paid" | "authorized" | "captured" | "collected");
        match self {
            Queue::New => open && g.unhandled,
            Queue::AwaitingPayment => open && awaited && !g.overdue,
            Queue::PaymentOverdue => open && (g.payment_state == "expired" || (awaited && g.overdue)),
            Queue::ToShip => {
                open && !g.on_hold && g.ship_progress == "none" && (!matches!(g.payment_code.as_str(), "credit_card" | "bank_transfer") || settled)
            }
            Queue::Preparing => open && g.ship_progress == "preparing",
            Queue::PartlyShipped => open && g.ship_progress == "partial",
            Queue::OnHold => open && g.on_hold,
            Queue::NeedsReview => open && g.needs_review,
            Queue::Cancelled => g.lifecycle == "cancelled" && g.recently_cancelled,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_queue_reads_back_and_is_named_in_japanese() {
        for queue in Queue::ALL {
            assert_eq!(Queue::parse(queue.code()), Some(queue));
            assert!(!queue.label().is_ascii());
        }
    }

    fn group(payment_code: &str, payment_state: &str, ship_progress: &str) -> AxesGroup {
        AxesGroup {
            lifecycle: "open".into(),
            payment_code: payment_code.into(),
            payment_state: payment_state.into(),
            ship_progress: ship_progress.into(),
            count: 1,
            ..AxesGroup::default()
        }
    }

    fn queues_of(g: &AxesGroup) -> Vec<&'static str> {
        Queue::ALL.into_iter().filter(|q| q.holds(g)).map(Queue::label).collect()
    }

    #[test]
    fn an_order_is_in_the_queues_its_axes_say() {
        assert_eq!(queues_of(&group("bank_transfer", "unpaid", "none")), ["入金待ち"]);
        assert_eq!(queues_of(&AxesGroup { overdue: true, ..group("bank_transfer", "partially_paid", "none") }), ["入金期限切れ"]);
        assert_eq!(queues_of(&AxesGroup { unhandled: true, ..group("bank_transfer", "paid", "none") }), ["新規", "出荷待ち"]);
        assert_eq!(queues_of(&group("cod", "to_bill", "none")), ["出荷待ち"]);
        assert_eq!(queues_of(&group("credit_card", "unpaid", "none")), Vec::<&str>::new());
        assert_eq!(queues_of(&AxesGroup { on_hold: true, needs_review: true, ..group("cod", "to_bill", "none") }), ["保留", "要確認"]);
        assert_eq!(queues_of(&group("cod", "to_bill", "partial")), ["一部出荷"]);
        let cancelled = AxesGroup { lifecycle: "cancelled".into(), recently_cancelled: true, unhandled: true, ..group("cod", "to_bill", "none") };
        assert_eq!(queues_of(&cancelled), ["キャンセル済"]);
    }

    #[test]
    fn only_the_cancelled_queue_looks_past_open_orders() {
        for queue in Queue::ALL {
            assert_eq!(queue.condition().starts_with("o.lifecycle = 'open'"), queue != Queue::Cancelled, "{queue:?}");
        }
    }
}
