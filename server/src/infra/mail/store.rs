//! The only SQL on `mail_outbox`.
use crate::infra::db::Db;

/// Where a mail of the outbox stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Waiting for its next attempt (or being attempted, while claimed).
    Pending,
    Sent,
    /// Given up: the last attempt failed, or the mail server refused it for good.
    Failed,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Pending => "pending",
            Status::Sent => "sent",
            Status::Failed => "failed",
        }
    }
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct OutboxRow {
    pub id: String,
    pub sender: String,
    pub recipient: String,
    pub subject: String,
    pub message: String,
    pub status: String,
    pub attempts: i64,
    pub next_attempt_at: i64,
    pub claimed_until: Option<i64>,
    pub last_error: Option<String>,
    pub created_at: i64,
    pub sent_at: Option<i64>,
}

const COLUMNS: &str = "id, sender, recipient, subject, message, status, attempts, next_attempt_at, claimed_until, last_error, created_at, sent_at";

pub struct NewMail<'a> {
    pub id: &'a str,
    pub sender: &'a str,
    pub recipient: &'a str,
    pub subject: &'a str,
    pub message: &'a str,
}

/// Adds a pending mail, due at once. `claimed_until`: the inserting instance attempts it
/// itself right away and holds it until then (attempts counts that attempt).
pub async fn insert(db: &Db, mail: &NewMail<'_>, claimed_until: Option<i64>, now: i64) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO mail_outbox (id, sender, recipient, subject, message, status, attempts, next_attempt_at, claimed_until, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $8)",
    )
    .bind(mail.id)
    .bind(mail.sender)
    .bind(mail.recipient)
    .bind(mail.subject)
    .bind(mail.message)
    .bind(Status::Pending.as_str())
    .bind(i64::from(claimed_until.is_some()))
    .bind(now)
    .bind(claimed_until)
    .execute(&db.pool)
    .await?;
    Ok(())
}

/// Pending mails due at `now` that no live claim holds, oldest due first.
pub async fn list_due(db: &Db, now: i64, limit: i64) -> sqlx::Result<Vec<OutboxRow>> {
    sqlx::query_as::<_, OutboxRow>(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM mail_outbox WHERE status = $1 AND next_attempt_at <= $2 AND (claimed_until IS NULL OR claimed_until < $2) \
         ORDER BY next_attempt_at, id LIMIT $3"
    )))
    .bind(Status::Pending.as_str())
    .bind(now)
    .bind(limit)
    .fetch_all(&db.pool)
    .await
}

/// Takes a due mail for one attempt until `until`, counting the attempt: false when another
/// instance (or pass) took it first. A claim left by a process that died runs out and the
/// mail is due again.
pub async fn claim(db: &Db, id: &str, now: i64, until: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE mail_outbox SET claimed_until = $3, attempts = attempts + 1 \
         WHERE id = $1 AND status = $4 AND next_attempt_at <= $2 AND (claimed_until IS NULL OR claimed_until < $2)",
    )
    .bind(id)
    .bind(now)
    .bind(until)
    .bind(Status::Pending.as_str())
    .execute(&db.pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Records a delivered mail and forgets its text. `claimed_until` is the caller's claim: a
/// caller whose claim ran out and was taken over changes nothing.
pub async fn mark_sent(db: &Db, id: &str, claimed_until: i64, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE mail_outbox SET status = $3, sent_at = $4, message = '', claimed_until = NULL, last_error = NULL \
         WHERE id = $1 AND status = $5 AND claimed_until = $2",
    )
    .bind(id)
    .bind(claimed_until)
    .bind(Status::Sent.as_str())
    .bind(now)
    .bind(Status::Pending.as_str())
    .execute(&db.pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Releases a claimed mail after a failed attempt: due again at `next_attempt_at`, or given up
/// (`Failed`, with `next_attempt_at` unused).
pub async fn mark_attempt_failed(db: &Db, id: &str, claimed_until: i64, status: Status, next_attempt_at: i64, error: &str) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE mail_outbox SET status = $3, next_attempt_at = $4, last_error = $5, claimed_until = NULL \
         WHERE id = $1 AND status = $6 AND claimed_until = $2",
    )
    .bind(id)
    .bind(claimed_until)
    .bind(status.as_str())
    .bind(next_attempt_at)
    .bind(error)
    .bind(Status::Pending.as_str())
    .execute(&db.pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Deletes sent mails sent before `sent_before` and failed ones created before `failed_before`.
pub async fn delete_old(db: &Db, sent_before: i64, failed_before: i64) -> sqlx::Result<u64> {
    let done = sqlx::query("DELETE FROM mail_outbox WHERE (status = $1 AND sent_at < $2) OR (status = $3 AND created_at < $4)")
        .bind(Status::Sent.as_str())
        .bind(sent_before)
        .bind(Status::Failed.as_str())
        .bind(failed_before)
        .execute(&db.pool)
        .await?;
    Ok(done.rows_affected())
}

pub async fn find(db: &Db, id: &str) -> sqlx::Result<Option<OutboxRow>> {
    sqlx::query_as::<_, OutboxRow>(sqlx::AssertSqlSafe(format!("SELECT {COLUMNS} FROM mail_outbox WHERE id = $1"))).bind(id).fetch_optional(&db.pool).await
}

/// Every mail to `recipient`, oldest first (for tests and inspection).
pub async fn list_to(db: &Db, recipient: &str) -> sqlx::Result<Vec<OutboxRow>> {
    sqlx::query_as::<_, OutboxRow>(sqlx::AssertSqlSafe(format!("SELECT {COLUMNS} FROM mail_outbox WHERE recipient = $1 ORDER BY created_at, id")))
        .bind(recipient)
        .fetch_all(&db.pool)
        .await
}
