//! Fault points that only tests turn on, in `SHOP_FAULT_POINT`, a comma-separated list:
//! - `step:count` (count defaults to 1): the process aborts — like `kill -9`, no destructors,
//!   no graceful shutdown — the count-th time it reaches that step (a crash test);
//! - `step:sleep=MS`: every time the step is reached, the request waits MS milliseconds there
//!   (a race test holds one attempt at the step so that another overtakes it, every time).
//!
//! Unset (always, in production), a fault point is one relaxed atomic load.
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// The steps a test may crash or pause at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FaultPoint {
    /// The gateway captured a card charge; the order is not yet marked paid.
    AfterCharge,
    /// A card order awaits payment; its charge is about to be asked of the gateway.
    BeforeCharge,
    /// A retried decision has read its cart's order; it has not yet claimed the cart.
    PlacedOrderRead,
    /// A card refund is recorded; the gateway has not been asked yet.
    BeforeRefund,
    /// The gateway gave a card refund's money back; the refund is not yet marked refunded.
    AfterRefund,
}

impl FaultPoint {
    fn parse(name: &str) -> Option<FaultPoint> {
        match name {
            "after_charge" => Some(FaultPoint::AfterCharge),
            "before_charge" => Some(FaultPoint::BeforeCharge),
            "placed_order_read" => Some(FaultPoint::PlacedOrderRead),
            "before_refund" => Some(FaultPoint::BeforeRefund),
            "after_refund" => Some(FaultPoint::AfterRefund),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Action {
    /// Abort the process the `at`-th time.
    Abort { at: u64 },
    /// Wait this long, every time.
    Sleep(Duration),
}

struct Armed {
    point: FaultPoint,
    action: Action,
    reached: AtomicU64,
}

static ARMED: OnceLock<Vec<Armed>> = OnceLock::new();

/// Reads the setting. Refuses what it does not know, so a mistyped test setting fails loudly
/// instead of never firing.
pub fn arm(setting: Option<&str>) -> anyhow::Result<()> {
    let armed = parse(setting.unwrap_or(""))?;
    for armed in &armed {
        tracing::warn!(point = ?armed.point, action = ?armed.action, "fault point armed (tests only)");
    }
    let _ = ARMED.set(armed);
    Ok(())
}

fn parse(setting: &str) -> anyhow::Result<Vec<Armed>> {
    let mut armed = Vec::new();
    for item in setting.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let (name, action) = item.split_once(':').unwrap_or((item, "1"));
        let point = FaultPoint::parse(name).ok_or_else(|| anyhow::anyhow!("unknown fault point {name:?}"))?;
        let action = match action.strip_prefix("sleep=") {
            Some(ms) => Action::Sleep(Duration::from_millis(ms.parse().map_err(|_| anyhow::anyhow!("fault point pause {ms:?} is not milliseconds"))?)),
            None => Action::Abort { at: action.parse::<u64>().map_err(|_| anyhow::anyhow!("fault point count {action:?} is not a number"))?.max(1) },
        };
        armed.push(Armed { point, action, reached: AtomicU64::new(0) });
    }
    Ok(armed)
}

fn armed(point: FaultPoint) -> impl Iterator<Item = &'static Armed> {
    ARMED.get().into_iter().flatten().filter(move |armed| armed.point == point)
}

/// Aborts the process when `point` is armed to abort and reached for the configured time.
pub fn reach(point: FaultPoint) {
    for armed in armed(point) {
        if let Action::Abort { at } = armed.action
            && armed.reached.fetch_add(1, Ordering::SeqCst) + 1 >= at
        {
            eprintln!("fault point {point:?} reached: aborting");
            std::process::abort();
        }
    }
}

/// Waits at `point` when it is armed to pause.
pub async fn pause(point: FaultPoint) {
    for armed in armed(point) {
        if let Action::Sleep(duration) = armed.action {
            tokio::time::sleep(duration).await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_of_crashes_and_pauses_is_read_and_mistakes_are_refused() {
        let armed = parse(" after_charge:5 , before_charge:sleep=300,placed_order_read").unwrap();
        let read: Vec<_> = armed.iter().map(|a| (a.point, a.action)).collect();
        assert_eq!(
            read,
            [
                (FaultPoint::AfterCharge, Action::Abort { at: 5 }),
                (FaultPoint::BeforeCharge, Action::Sleep(Duration::from_millis(300))),
                (FaultPoint::PlacedOrderRead, Action::Abort { at: 1 }),
            ]
        );
        assert!(parse("").unwrap().is_empty());
        assert!(parse("after_chrage:1").is_err());
        assert!(parse("after_charge:sleep=soon").is_err());
        assert!(parse("after_charge:x").is_err());
    }
}
