//! Finished days are counted once and kept (`report_days`, `report_daily`): what happened on a
//! day never changes once it is over (a sale stays on its day; a later refund or cancel is an
//! event of its own day), so a year's report sums 365 kept rows instead of a year's orders.
//! Today, the last LATE_MS of yesterday and a day with a refund still pending are counted afresh
//! on each look. A pass keeps every shop's last 400 days counted, so the first look at a year
//! after an upgrade does not count it. A look that finds more than IN_REQUEST_DAYS finished
//! days uncounted (a year of a large shop takes about 40 s on 2 cores at 1,000,000 orders)
//! starts counting them in the background and answers `Counting`: a request would be cut at
//! 30 s, and the counting must not be.
use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use super::counting::{self, Rows};
use super::figures::{Dim, ReportFigures, day_start, jst_day};
use super::store;
use crate::infra::db::Db;
use crate::infra::ids::ChannelId;
use crate::infra::time::Timestamp;
use crate::state::AppState;

/// How long after its stamp an event may still be committed (a long transaction, another
/// instance's clock) and belong to a day thought over.
const LATE_MS: i64 = 2 * 60 * 1000;
/// Days read from the orders at once while counting.
const DAYS_PER_READ: i64 = 14;
/// The pass: first after start (so that a restart is not slowed), then every PERIOD, over the
/// last KEEP_DAYS days.
const FIRST_PASS_AFTER: Duration = Duration::from_secs(10 * 60);
const PERIOD: Duration = Duration::from_secs(30 * 60);
const KEEP_DAYS: i64 = 400;

/// Finished days a look counts itself (two months of a large shop: about 7 s); more are counted
/// in the background.
const IN_REQUEST_DAYS: usize = 62;

/// One counting at a time in this instance: two looks at a cold year count it once.
static COUNTING: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// The rows of the days not kept (today's, a pending refund's), counted now.
#[derive(Debug, Default)]
pub struct Live {
    rows: Rows,
}

/// What a look finds.
#[derive(Debug)]
pub enum Prepared {
    /// Every day of the stretch is counted: the kept ones in the table, these in memory.
    Ready(Live),
    /// Too many days were uncounted; they are being counted in the background.
    Counting,
}

/// Makes every finished day of `first..=last` kept, and counts the others (up to today); or,
/// with more than IN_REQUEST_DAYS finished days uncounted, starts counting them in the
/// background.
pub async fn prepare(db: &Db, channel_id: &ChannelId, first: i64, last: i64, now: i64) -> sqlx::Result<Prepared> {
    let today = jst_day(now);
    let last = last.min(today);
    if first > last {
        return Ok(Prepared::Ready(Live::default()));
    }
    let days = missing_days(db, channel_id, first, last).await?;
    let finished = days.iter().filter(|&&day| day < today).count();
    if finished > IN_REQUEST_DAYS {
        let (db, channel_id) = (db.clone(), channel_id.clone());
        tokio::spawn(async move {
            if let Err(error) = count_missing(&db, &channel_id, first, last).await {
                tracing::error!(error = format!("{error:#}"), "counting the sales reports' days failed; the next look tries again");
            }
        });
        return Ok(Prepared::Counting);
    }
    if finished > 0 {
        let _one_at_a_time = COUNTING.lock().await;
        let days = missing_days(db, channel_id, first, last).await?;
        return Ok(Prepared::Ready(count_days(db, channel_id, &days, now).await?));
    }
    Ok(Prepared::Ready(count_days(db, channel_id, &days, now).await?))
}

/// The days of `first..=last` not kept.
async fn missing_days(db: &Db, channel_id: &ChannelId, first: i64, last: i64) -> sqlx::Result<Vec<i64>> {
    let kept: BTreeSet<i64> = store::list_kept_days(db, channel_id, first, last).await?.into_iter().collect();
    Ok((first..=last).filter(|day| !kept.contains(day)).collect())
}

/// Counts and keeps the finished days of `first..=last` not kept yet (one counting at a time).
async fn count_missing(db: &Db, channel_id: &ChannelId, first: i64, last: i64) -> sqlx::Result<()> {
    let _one_at_a_time = COUNTING.lock().await;
    let now = Timestamp::now().0;
    let days: Vec<i64> = missing_days(db, channel_id, first, last.min(jst_day(now) - 1)).await?;
    count_days(db, channel_id, &days, now).await.map(|_| ())
}

async fn count_days(db: &Db, channel_id: &ChannelId, days: &[i64], now: i64) -> sqlx::Result<Live> {
    let mut live = Rows::new();
    for (lo, hi) in runs(days, DAYS_PER_READ) {
        let (facts, pending_at) = store::read_facts(db, channel_id, day_start(lo), day_start(hi + 1)).await?;
        let rows = counting::count(&facts);
        let pending: BTreeSet<i64> = pending_at.into_iter().map(jst_day).collect();
        let finished: Vec<i64> = (lo..=hi).filter(|&day| day_start(day + 1) + LATE_MS <= now && !pending.contains(&day)).collect();
        if !finished.is_empty() {
            store::keep_days(db, channel_id, &finished, &rows, now).await?;
        }
        live.extend(rows.into_iter().filter(|((day, _, _), _)| !finished.contains(day)));
    }
    Ok(Live { rows: live })
}

/// Consecutive days as (first, last) runs of at most `longest` days.
fn runs(days: &[i64], longest: i64) -> Vec<(i64, i64)> {
    let mut runs: Vec<(i64, i64)> = Vec::new();
    for &day in days {
        match runs.last_mut() {
            Some((first, last)) if *last + 1 == day && day - *first < longest => *last = day,
            _ => runs.push((day, day)),
        }
    }
    runs
}

/// `dim`'s rows of `first..=last`, per day: (key, label, figures) in key order.
pub async fn rows_per_day(
    db: &Db,
    channel_id: &ChannelId,
    dim: Dim,
    first: i64,
    last: i64,
    live: &Live,
) -> sqlx::Result<BTreeMap<i64, Vec<(String, String, ReportFigures)>>> {
    let mut days: BTreeMap<i64, Vec<(String, String, ReportFigures)>> = BTreeMap::new();
    for (day, key, label, figures) in store::list_kept_rows(db, channel_id, dim, first, last).await? {
        days.entry(day).or_default().push((key, label, figures));
    }
    for ((day, row_dim, key), (label, figures)) in &live.rows {
        if *row_dim == dim && (first..=last).contains(day) {
            days.entry(*day).or_default().push((key.clone(), label.clone(), *figures));
        }
    }
    Ok(days)
}

/// `dim`'s rows of `first..=last` summed per key: key → (label, figures).
pub async fn sums(db: &Db, channel_id: &ChannelId, dim: Dim, first: i64, last: i64, live: &Live) -> sqlx::Result<BTreeMap<String, (String, ReportFigures)>> {
    let mut sums: BTreeMap<String, (String, ReportFigures)> = BTreeMap::new();
    let kept = store::sum_kept_rows(db, channel_id, dim, first, last).await?;
    let live = live
        .rows
        .iter()
        .filter(|((day, row_dim, _), _)| *row_dim == dim && (first..=last).contains(day))
        .map(|((_, _, key), (label, f))| (key.clone(), label.clone(), *f));
    for (key, label, figures) in kept.into_iter().chain(live) {
        let entry = sums.entry(key).or_insert_with(|| (label, ReportFigures::default()));
        entry.1.add(&figures);
    }
    Ok(sums)
}

/// Keeps every shop's last KEEP_DAYS days counted, in the background.
pub fn spawn(state: AppState) {
    tokio::spawn(async move {
        tokio::time::sleep(FIRST_PASS_AFTER).await;
        loop {
            if let Err(error) = keep_recent_days(&state.db, Timestamp::now().0).await {
                tracing::error!(error = format!("{error:#}"), "counting the sales reports' days failed; trying again next period");
            }
            tokio::time::sleep(PERIOD).await;
        }
    });
}

pub async fn keep_recent_days(db: &Db, now: i64) -> sqlx::Result<()> {
    let today = jst_day(now);
    for channel_id in store::list_channel_ids(db).await? {
        count_missing(db, &channel_id, today - KEEP_DAYS, today - 1).await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_are_consecutive_and_bounded() {
        assert_eq!(runs(&[1, 2, 3, 5, 6, 9], 14), [(1, 3), (5, 6), (9, 9)]);
        assert_eq!(runs(&(1..=30).collect::<Vec<_>>(), 14), [(1, 14), (15, 28), (29, 30)]);
        assert!(runs(&[], 14).is_empty());
    }
}
