//! The sender task: delivers the outbox's due mails through the transport. It wakes when this
//! process queues a mail and every few seconds otherwise (to find mails other instances queued
//! or left, and retries that fell due). Each mail is claimed by one guarded write before it is
//! handed over (store::claim), so two instances on one database never both send it; a claim
//! left by a process that died runs out after [`CLAIM_MS`]. A failed attempt is retried after
//! 30 s, 1 min, 2 min … at most an hour apart; after [`MAX_ATTEMPTS`], or when the mail server
//! refuses the mail for good, the mail is given up and logged at ERROR.
//!
//! Delivery is at least once: a process that dies between the mail server's acceptance and the
//! write that records it leaves the mail to be sent again when its claim runs out.
use std::time::{Duration, Instant};

use tokio::task::JoinHandle;

use super::store::{self, Status};
use super::{DeliveryError, Mailer};
use crate::infra::metrics;
use crate::infra::time::Timestamp;

/// How long a claim holds a mail: far longer than one SMTP exchange (lettre gives up on a
/// command after a minute).
pub const CLAIM_MS: i64 = 10 * 60 * 1000;
/// Attempts before a mail is given up: the retries span about three hours.
pub const MAX_ATTEMPTS: i64 = 10;
const FIRST_RETRY_MS: i64 = 30_000;
const LONGEST_RETRY_MS: i64 = Timestamp::HOUR_MS;
/// How often the sender looks for due mails without being woken.
const POLL: Duration = Duration::from_secs(5);
/// Mails claimed per look; a full batch is followed by another look at once.
const BATCH: i64 = 50;
/// Sent mails are kept (without their text) this long, failed ones (with it) longer, to be
/// looked into or queued again by hand.
const KEEP_SENT_MS: i64 = 7 * Timestamp::DAY_MS;
const KEEP_FAILED_MS: i64 = 30 * Timestamp::DAY_MS;
const PRUNE_EVERY: Duration = Duration::from_secs(60 * 60);

/// A mail this process holds a claim on, for one attempt.
pub struct Claimed<'a> {
    pub id: &'a str,
    pub sender: &'a str,
    pub recipient: &'a str,
    pub subject: &'a str,
    pub message: &'a str,
    /// Attempts so far, this one included.
    pub attempts: i64,
    /// The claim's end, which the writes after the attempt check.
    pub until: i64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Sent,
    /// Failed; due again later.
    Retrying,
    /// Given up.
    Failed,
    /// The claim ran out during the attempt and another sender took the mail over.
    TakenOver,
}

/// What one look did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Pass {
    /// Due mails this look found.
    pub due: usize,
    pub sent: usize,
    pub retrying: usize,
    pub failed: usize,
}

/// Starts this process's sender (the server does, at start); it runs until the runtime ends.
pub fn spawn(mailer: Mailer) -> JoinHandle<()> {
    tokio::spawn(async move {
        let mut pruned_at: Option<Instant> = None;
        loop {
            let full = match deliver_due(&mailer, Timestamp::now().0).await {
                Ok(pass) => pass.due as i64 >= BATCH,
                Err(error) => {
                    tracing::error!(error = format!("{error:#}"), "mail outbox: looking for due mails failed; trying again shortly");
                    false
                }
            };
            if pruned_at.is_none_or(|at| at.elapsed() >= PRUNE_EVERY) {
                pruned_at = Some(Instant::now());
                let now = Timestamp::now().0;
                match store::delete_old(mailer.db(), now - KEEP_SENT_MS, now - KEEP_FAILED_MS).await {
                    Ok(0) => {}
                    Ok(deleted) => tracing::info!(deleted, "mail outbox: old mails deleted"),
                    Err(error) => tracing::warn!(%error, "mail outbox: deleting old mails failed"),
                }
            }
            if full {
                continue;
            }
            // A mail queued during the look left a permit: the wait then ends at once.
            tokio::select! {
                _ = mailer.0.wake.notified() => {}
                _ = tokio::time::sleep(POLL) => {}
            }
        }
    })
}

/// One look as of `now`: claims and attempts every due mail no other sender holds.
pub async fn deliver_due(mailer: &Mailer, now: i64) -> anyhow::Result<Pass> {
    let db = mailer.db();
    let due = store::list_due(db, now, BATCH).await?;
    let mut pass = Pass { due: due.len(), ..Pass::default() };
    for row in &due {
        let until = now + CLAIM_MS;
        if !store::claim(db, &row.id, now, until).await? {
            continue;
        }
        let claimed = Claimed {
            id: &row.id,
            sender: &row.sender,
            recipient: &row.recipient,
            subject: &row.subject,
            message: &row.message,
            attempts: row.attempts + 1,
            until,
        };
        match attempt(mailer, &claimed, now).await? {
            Outcome::Sent => pass.sent += 1,
            Outcome::Retrying => pass.retrying += 1,
            Outcome::Failed => pass.failed += 1,
            Outcome::TakenOver => {}
        }
    }
    Ok(pass)
}

/// Hands a claimed mail to the transport and records what came of it.
pub async fn attempt(mailer: &Mailer, mail: &Claimed<'_>, now: i64) -> anyhow::Result<Outcome> {
    let db = mailer.db();
    let (id, subject, attempts) = (mail.id, mail.subject, mail.attempts);
    let outcome = match mailer.deliver(mail).await {
        Ok(how) => {
            if !store::mark_sent(db, id, mail.until, Timestamp::now().0.max(now)).await? {
                return Ok(taken_over(id));
            }
            metrics::mail_sent();
            // The body (which may hold a code or a link token) is not logged.
            tracing::info!(id, subject, attempts, how, "mail delivered");
            Outcome::Sent
        }
        Err(DeliveryError { permanent, message }) if permanent || attempts >= MAX_ATTEMPTS => {
            if !store::mark_attempt_failed(db, id, mail.until, Status::Failed, now, &message).await? {
                return Ok(taken_over(id));
            }
            metrics::mail_failed();
            tracing::error!(id, subject, attempts, permanent, error = message, "mail given up: it stays in mail_outbox as failed");
            Outcome::Failed
        }
        Err(DeliveryError { message, .. }) => {
            let delay = retry_delay_ms(attempts);
            if !store::mark_attempt_failed(db, id, mail.until, Status::Pending, now + delay, &message).await? {
                return Ok(taken_over(id));
            }
            metrics::mail_retried();
            tracing::warn!(id, subject, attempts, retry_in_secs = delay / 1000, error = message, "mail delivery failed; it will be retried");
            Outcome::Retrying
        }
    };
    Ok(outcome)
}

fn taken_over(id: &str) -> Outcome {
    tracing::warn!(id, "mail outbox: a claim ran out during its attempt and another sender took the mail");
    Outcome::TakenOver
}

/// The wait after the `attempts`-th failed attempt: 30 s, doubling, at most an hour.
pub fn retry_delay_ms(attempts: i64) -> i64 {
    let doublings = attempts.saturating_sub(1).clamp(0, 20) as u32;
    FIRST_RETRY_MS.saturating_mul(1_i64 << doublings).min(LONGEST_RETRY_MS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retries_double_from_thirty_seconds_up_to_an_hour() {
        let delays: Vec<i64> = (1..=9).map(retry_delay_ms).collect();
        assert_eq!(delays, [30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000, 3_600_000]);
        assert_eq!(retry_delay_ms(1_000), 3_600_000);
        assert_eq!(retry_delay_ms(0), 30_000);
    }

    #[test]
    fn the_retries_span_hours_before_a_mail_is_given_up() {
        let total: i64 = (1..MAX_ATTEMPTS).map(retry_delay_ms).sum();
        assert!((2 * Timestamp::HOUR_MS..6 * Timestamp::HOUR_MS).contains(&total), "{total}");
    }
}
