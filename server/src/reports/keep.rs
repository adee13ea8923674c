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
use std::sync::{Arc, LazyLock};
use std::time::Duration;

use moka::future::Cache;

use super::counting::{self, Rows};
use super::figures::{DAY_MS, Dim, ReportFigures, day_start, jst_day};
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

/// Today up to its last finished hour (less LATE_MS) never changes either, so it is counted once
/// per hour and instance (a large shop's day, 2,900 orders, takes about 300 ms to count); only
/// the hour under way is counted on each look. Key: the shop, the block's start and end (ms).
static TODAYS_HOURS: LazyLock<Cache<(ChannelId, i64, i64), Arc<Rows>>> =
    LazyLock::new(|| Cache::builder().max_capacity(1_000).time_to_live(Duration::from_secs(2 * 60 * 60)).build());

/// Kept rows summed per key over a stretch (a year of 300 SKUs: 110,000 rows, 110 ms): the same
/// as long as the same days of the stretch are kept, which the key says (a day newly kept, or
/// forgotten by hand, makes another key); the time to live bounds a day counted again by hand.
type SumsKey = (ChannelId, Dim, i64, i64, Vec<i64>);
/// Per key: (key, label, figures).
type KeptSums = Arc<Vec<(String, String, ReportFigures)>>;
static KEPT_SUMS: LazyLock<Cache<SumsKey, KeptSums>> =
    LazyLock::new(|| Cache::builder().max_capacity(2_000).time_to_live(Duration::from_secs(10 * 60)).build());

/// The rows of the days not kept (today's, a pending refund's), counted now, and which days of
/// the looked-at stretch those are.
#[derive(Debug, Default)]
pub struct Live {
    rows: Rows,
    /// The days up to today not kept; every other day up to today is.
    unkept: BTreeSet<i64>,
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
    let mut days = missing_days(db, channel_id, first, last).await?;
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
    let mut rows = Rows::new();
    if finished > 0 {
        let _one_at_a_time = COUNTING.lock().await;
        let before_today: Vec<i64> = missing_days(db, channel_id, first, last).await?.into_iter().filter(|&day| day < today).collect();
        rows = count_days(db, channel_id, &before_today, now).await?;
        days = missing_days(db, channel_id, first, last).await?;
    }
    if days.contains(&today) {
        add_rows(&mut rows, &count_today(db, channel_id, now).await?);
    }
    Ok(Prepared::Ready(Live { rows, unkept: days.into_iter().collect() }))
}

/// Today's rows: its finished hours once per hour, the hour under way now.
async fn count_today(db: &Db, channel_id: &ChannelId, now: i64) -> sqlx::Result<Rows> {
    const HOUR_MS: i64 = 60 * 60 * 1000;
    let start = day_start(jst_day(now));
    let cut = (start + (now - LATE_MS - start).div_euclid(HOUR_MS) * HOUR_MS).max(start);
    let mut rows = Rows::new();
    if cut > start {
        let key = (channel_id.clone(), start, cut);
        let block = match TODAYS_HOURS.get(&key).await {
            Some(block) => block,
            None => {
                let (facts, pending_at) = store::read_facts(db, channel_id, start, cut).await?;
                let block = Arc::new(counting::count(&facts));
                // A refund still pending may yet fail: such a block is counted again next look.
                if pending_at.is_empty() {
                    TODAYS_HOURS.insert(key, block.clone()).await;
                }
                block
            }
        };
        add_rows(&mut rows, &block);
    }
    let (facts, _) = store::read_facts(db, channel_id, cut, start + DAY_MS).await?;
    add_rows(&mut rows, &counting::count(&facts));
    Ok(rows)
}

fn add_rows(into: &mut Rows, rows: &Rows) {
    for (key, (label, figures)) in rows {
        into.entry(key.clone()).or_insert_with(|| (label.clone(), ReportFigures::default())).1.add(figures);
    }
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

/// Counts these days (before today) and keeps the finished ones; the rows of the others.
async fn count_days(db: &Db, channel_id: &ChannelId, days: &[i64], now: i64) -> sqlx::Result<Rows> {
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
    Ok(live)
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
    let unkept: Vec<i64> = live.unkept.range(first..=last).copied().collect();
    let key = (channel_id.clone(), dim, first, last, unkept);
    let kept = match KEPT_SUMS.get(&key).await {
        Some(kept) => kept,
        None => {
            let kept = Arc::new(store::sum_kept_rows(db, channel_id, dim, first, last).await?);
            KEPT_SUMS.insert(key, kept.clone()).await;
            kept
        }
    };
    let mut sums: BTreeMap<String, (String, ReportFigures)> = BTreeMap::new();
    let live =
        live.rows.iter().filter(|((day, row_dim, _), _)| *row_dim == dim && (first..=last).contains(day)).map(|((_, _, key), (label, f))| (key, label, f));
    for (key, label, figures) in kept.iter().map(|(key, label, f)| (key, label, f)).chain(live) {
        let entry = sums.entry(key.clone()).or_insert_with(|| (label.clone(), ReportFigures::default()));
        entry.1.add(figures);
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
