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

/// Of 出荷待ち, those whose 出荷予定日 is today or past (`$3` is today): today's cut-off.
pub fn due_today_condition() -> String {
    format!(
        "{} AND EXISTS (SELECT 1 FROM order_shippings s WHERE s.order_id = o.id AND s.ship_state = 'unshipped' AND s.ship_planned_on <= $3)",
        Queue::ToShip.condition()
    )
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

    #[test]
    fn only_the_cancelled_queue_looks_past_open_orders() {
        for queue in Queue::ALL {
            assert_eq!(queue.condition().starts_with("o.lifecycle = 'open'"), queue != Queue::Cancelled, "{queue:?}");
        }
    }
}
