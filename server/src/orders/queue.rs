//! The order desk's work queues: each a condition over the order's stored axes, so counting
//! all of them is one pass over the shop's open orders.
use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

use super::desk_store::{self, DaySales};
use crate::infra::db::Db;
use crate::infra::ids::ChannelId;
use crate::infra::time::Timestamp;

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
const SETTLED: &str = "('paid', 'authorized', 'captured', 'collected', 'partially_refunded', 'refunded')";

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

/// The open orders that share every fact a queue looks at but two, how many there are, and how
/// many of them have each of those two (no staff action yet; the payment deadline passed): the
/// counts group by these, in the order of the `orders_desk_open` index, so a count costs one
/// pass over it without a hash table. The cancelled orders of the キャンセル済 window come as one
/// more group with `lifecycle` "cancelled".
#[derive(Debug, Clone, Default)]
pub struct AxesGroup {
    pub lifecycle: String,
    pub payment_code: String,
    pub payment_state: String,
    pub ship_progress: String,
    pub on_hold: bool,
    pub needs_review: bool,
    pub count: i64,
    /// Of them, those no member of staff has acted on.
    pub unhandled: i64,
    /// Of them, those whose payment deadline has passed.
    pub overdue: i64,
}

impl Queue {
    /// How many of the group's orders are in the queue: [`Queue::condition`] in Rust (the list
    /// filters by that; the counts use this). 出荷待ち here still holds gifts waiting for their
    /// recipient; the counts take those off.
    pub fn count_in(self, g: &AxesGroup) -> i64 {
        let all = |holds: bool| if holds { g.count } else { 0 };
        if g.lifecycle != "open" {
            return all(self == Queue::Cancelled && g.lifecycle == "cancelled");
        }
        let awaited = g.payment_code == "bank_transfer" && matches!(g.payment_state.as_str(), "unpaid" | "partially_paid");
        let settled = matches!(g.payment_state.as_str(), "paid" | "authorized" | "captured" | "collected" | "partially_refunded" | "refunded");
        match self {
            Queue::New => g.unhandled,
            Queue::AwaitingPayment if awaited => g.count - g.overdue,
            Queue::AwaitingPayment => 0,
            Queue::PaymentOverdue if g.payment_state == "expired" => g.count,
            Queue::PaymentOverdue if awaited => g.overdue,
            Queue::PaymentOverdue => 0,
            Queue::ToShip => all(!g.on_hold && g.ship_progress == "none" && (!matches!(g.payment_code.as_str(), "credit_card" | "bank_transfer") || settled)),
            Queue::Preparing => all(g.ship_progress == "preparing"),
            Queue::PartlyShipped => all(g.ship_progress == "partial"),
            Queue::OnHold => all(g.on_hold),
            Queue::NeedsReview => all(g.needs_review),
            Queue::Cancelled => 0,
        }
    }
}

// ---- the dashboard's sales --------------------------------------------------------------------

/// Orders (not cancelled) and what they sum to.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Sales {
    pub orders: i64,
    pub amount: i64,
}

/// Japan's offset from UTC (no summer time).
pub const JST_OFFSET_MS: i64 = 9 * Timestamp::HOUR_MS;

/// The JST day of an instant, as days since 1970-01-01 in Japan.
pub fn jst_day(ms: i64) -> i64 {
    (ms + JST_OFFSET_MS).div_euclid(Timestamp::DAY_MS)
}

/// When a JST day starts, ms.
pub fn day_start(day: i64) -> i64 {
    day * Timestamp::DAY_MS - JST_OFFSET_MS
}

/// How long after its stamp (`ordered_at`, `cancelled_at`) an order's change may become visible
/// (a transaction that ran long, another instance's clock) and still be noticed by the kept days.
const LATE_MS: i64 = 2 * 60 * 1000;
/// A kept day is counted afresh after this in any case (orders loaded or changed by hand).
const KEEP_MS: i64 = 10 * 60 * 1000;

/// The orders (not cancelled) placed since each of `since` (the starts of JST days, ms) until
/// now, and what they sum to. Today is read from the orders; the finished days of the stretch
/// are kept counted (order_desk_daily_sales) and counted again only when one of their orders is
/// cancelled after that (nothing else changes a day's sales), or after KEEP_MS: summing a month
/// of a large shop's orders (80,000 at 1,000,000 a year) on every look at the desk took 50 ms.
pub async fn sales_since(db: &Db, channel_id: &ChannelId, since: &[i64], now: i64) -> sqlx::Result<Vec<Sales>> {
    let today = jst_day(now);
    let first = since.iter().map(|&ms| jst_day(ms)).min().unwrap_or(today).min(today);
    let mut days: BTreeMap<i64, Sales> = BTreeMap::new();
    if first < today {
        let kept: Vec<DaySales> =
            desk_store::list_kept_daily_sales(db, channel_id, first, today - 1).await?.into_iter().filter(|d| d.read_at > now - KEEP_MS).collect();
        let mut stale: BTreeSet<i64> = (first..today).filter(|day| !kept.iter().any(|d| d.day == *day)).collect();
        // A day counted before it was over (plus LATE_MS for an order committed late) is
        // counted again; so is one with an order cancelled since.
        stale.extend(kept.iter().filter(|d| d.read_at < day_start(d.day + 1) + LATE_MS).map(|d| d.day));
        if let Some(oldest) = kept.iter().map(|d| d.read_at).min() {
            for (day, cancelled_at) in desk_store::list_days_cancelled_since(db, channel_id, oldest - LATE_MS, day_start(first), day_start(today)).await? {
                if kept.iter().any(|d| d.day == day && cancelled_at > d.read_at - LATE_MS) {
                    stale.insert(day);
                }
            }
        }
        for d in kept.iter().filter(|d| !stale.contains(&d.day)) {
            days.insert(d.day, Sales { orders: d.orders, amount: d.amount });
        }
        let mut counted = Vec::with_capacity(stale.len());
        for (lo, hi) in runs(&stale) {
            let found = desk_store::count_daily_sales(db, channel_id, day_start(lo), day_start(hi + 1)).await?;
            for day in lo..=hi {
                let sales = found.iter().find(|d| d.day == day).map(|d| Sales { orders: d.orders, amount: d.amount }).unwrap_or_default();
                days.insert(day, sales);
                counted.push(DaySales { day, orders: sales.orders, amount: sales.amount, read_at: now });
            }
        }
        if !counted.is_empty() {
            // The days before last month's are forgotten.
            desk_store::upsert_daily_sales(db, channel_id, &counted, first - 62).await?;
        }
    }
    let (orders, amount) = desk_store::sum_orders_from(db, channel_id, day_start(today)).await?;
    let live = Sales { orders, amount };
    Ok(since
        .iter()
        .map(|&ms| days.range(jst_day(ms)..).fold(live, |sum, (_, day)| Sales { orders: sum.orders + day.orders, amount: sum.amount + day.amount }))
        .collect())
}

/// Consecutive days as (first, last) runs.
fn runs(days: &BTreeSet<i64>) -> Vec<(i64, i64)> {
    let mut runs: Vec<(i64, i64)> = Vec::new();
    for &day in days {
        match runs.last_mut() {
            Some((_, last)) if *last + 1 == day => *last = day,
            _ => runs.push((day, day)),
        }
    }
    runs
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

    fn queues_of(g: &AxesGroup) -> Vec<(&'static str, i64)> {
        Queue::ALL.into_iter().map(|q| (q.label(), q.count_in(g))).filter(|(_, n)| *n > 0).collect()
    }

    #[test]
    fn an_order_is_in_the_queues_its_axes_say() {
        assert_eq!(queues_of(&group("bank_transfer", "unpaid", "none")), [("入金待ち", 1)]);
        assert_eq!(queues_of(&AxesGroup { overdue: 1, ..group("bank_transfer", "partially_paid", "none") }), [("入金期限切れ", 1)]);
        assert_eq!(queues_of(&AxesGroup { unhandled: 1, ..group("bank_transfer", "paid", "none") }), [("新規", 1), ("出荷待ち", 1)]);
        assert_eq!(queues_of(&group("cod", "to_bill", "none")), [("出荷待ち", 1)]);
        assert_eq!(queues_of(&group("credit_card", "unpaid", "none")), []);
        assert_eq!(queues_of(&AxesGroup { on_hold: true, needs_review: true, ..group("cod", "to_bill", "none") }), [("保留", 1), ("要確認", 1)]);
        assert_eq!(queues_of(&group("cod", "to_bill", "partial")), [("一部出荷", 1)]);
        assert_eq!(queues_of(&group("bank_transfer", "expired", "none")), [("入金期限切れ", 1)]);
        let cancelled = AxesGroup { lifecycle: "cancelled".into(), unhandled: 1, ..group("cod", "to_bill", "none") };
        assert_eq!(queues_of(&cancelled), [("キャンセル済", 1)]);
    }

    #[test]
    fn a_group_splits_into_the_queues_by_its_two_counted_facts() {
        let transfers = AxesGroup { count: 10, unhandled: 4, overdue: 3, ..group("bank_transfer", "unpaid", "none") };
        assert_eq!(queues_of(&transfers), [("新規", 4), ("入金待ち", 7), ("入金期限切れ", 3)]);
    }

    #[test]
    fn a_day_starts_at_midnight_in_japan() {
        let day = jst_day(1_795_964_400_000); // 2026-11-30 00:00 JST
        assert_eq!(day_start(day), 1_795_964_400_000);
        assert_eq!(jst_day(1_795_964_400_000 - 1), day - 1);
        assert_eq!(jst_day(1_795_964_400_000 + Timestamp::DAY_MS - 1), day);
    }

    #[test]
    fn days_to_count_again_go_in_runs() {
        assert_eq!(runs(&BTreeSet::from([3, 4, 5, 9, 11, 12])), [(3, 5), (9, 9), (11, 12)]);
        assert_eq!(runs(&BTreeSet::new()), []);
    }

    #[test]
    fn only_the_cancelled_queue_looks_past_open_orders() {
        for queue in Queue::ALL {
            assert_eq!(queue.condition().starts_with("o.lifecycle = 'open'"), queue != Queue::Cancelled, "{queue:?}");
        }
    }
}
