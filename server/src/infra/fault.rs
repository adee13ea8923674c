//! Fault points that only tests turn on: a crash test names a step and a count in
//! `SHOP_FAULT_POINT` (e.g. `after_charge:5`), and the process aborts — like `kill -9`, no
//! destructors, no graceful shutdown — the 5th time it reaches that step. Unset (always, in
//! production), a fault point is one relaxed atomic load.
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};

/// The steps a test may crash at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FaultPoint {
    /// The gateway captured a card charge; the order is not yet marked paid.
    AfterCharge,
}

impl FaultPoint {
    fn parse(name: &str) -> Option<FaultPoint> {
        match name {
            "after_charge" => Some(FaultPoint::AfterCharge),
            _ => None,
        }
    }
}

struct Armed {
    point: FaultPoint,
    at: u64,
    reached: AtomicU64,
}

static ARMED: OnceLock<Option<Armed>> = OnceLock::new();

/// Reads `step:count` (count defaults to 1). Refuses what it does not know, so a mistyped
/// test setting fails loudly instead of never crashing.
pub fn arm(setting: Option<&str>) -> anyhow::Result<()> {
    let armed = match setting.map(str::trim).filter(|s| !s.is_empty()) {
        None => None,
        Some(setting) => {
            let (name, count) = setting.split_once(':').unwrap_or((setting, "1"));
            let point = FaultPoint::parse(name).ok_or_else(|| anyhow::anyhow!("unknown fault point {name:?}"))?;
            let at: u64 = count.parse().map_err(|_| anyhow::anyhow!("fault point count {count:?} is not a number"))?;
            tracing::warn!(?point, at, "fault point armed: this process will abort (tests only)");
            Some(Armed { point, at: at.max(1), reached: AtomicU64::new(0) })
        }
    };
    let _ = ARMED.set(armed);
    Ok(())
}

/// Aborts the process when `point` is armed and reached for the configured time.
pub fn reach(point: FaultPoint) {
    if let Some(Some(armed)) = ARMED.get()
        && armed.point == point
        && armed.reached.fetch_add(1, Ordering::SeqCst) + 1 >= armed.at
    {
        eprintln!("fault point {point:?} reached: aborting");
        std::process::abort();
    }
}
