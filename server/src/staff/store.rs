//! Every SQL statement of staff: the staff table, the step between password and code, the
//! sessions, the audit log and the enrolment links.
use crate::infra::ids::ChannelId;
use crate::infra::search_text::contains_pattern;
use crate::infra::sql_filter::{SqlValue, numbered};
use sqlx::Any;

use super::enrolment::EnrolmentKind;
use super::{Staff, StaffRole};
use crate::infra::db::{Db, Tx};

const STAFF_COLUMNS: &str =
    "id, channel_id, email, name, password_hash, totp_secret, totp_last_step, desk_role, failed_count, locked_until, created_at, disabled_at, version";

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct StaffRow {
    pub id: String,
    pub channel_id: ChannelId,
    pub email: String,
    pub name: String,
    pub password_hash: String,
    /// Base32, as the authenticator app was given it.
    pub totp_secret: String,
    pub totp_last_step: i64,
    pub desk_role: String,
    pub failed_count: i64,
    pub locked_until: Option<i64>,
    pub created_at: i64,
    /// Set while an owner has disabled the account (スタッフ管理).
    pub disabled_at: Option<i64>,
    pub version: i64,
}

impl StaffRow {
    pub fn is_active(&self) -> bool {
        self.disabled_at.is_none()
    }

    pub fn staff(&self) -> anyhow::Result<Staff> {
        let role = StaffRole::parse(&self.desk_role).ok_or_else(|| anyhow::anyhow!("staff {} has the unknown role {:?}", self.id, self.desk_role))?;
        Ok(Staff { id: self.id.clone(), channel_id: self.channel_id.clone(), name: self.name.clone(), email: self.email.clone(), role })
    }
}

pub struct NewStaff<'a> {
    pub id: &'a str,
    pub channel_id: &'a ChannelId,
    pub email: &'a str,
    pub name: &'a str,
    pub password_hash: &'a str,
    pub totp_secret: &'a str,
    pub role: StaffRole,
}

pub async fn insert_staff(tx: &mut Tx, new: &NewStaff<'_>, now: i64) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO staff (id, channel_id, email, name, password_hash, totp_secret, totp_last_step, role, desk_role, failed_count, locked_until, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, 0, $9, $7, 0, NULL, $8)",
    )
    .bind(new.id)
    .bind(new.channel_id)
    .bind(new.email)
    .bind(new.name)
    .bind(new.password_hash)
    .bind(new.totp_secret)
    .bind(new.role.as_str())
    .bind(now)
    // The old column's two values (the migration 20261203000091 says why it stays).
    .bind(if new.role == StaffRole::Owner { "owner" } else { "staff" })
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// The staff member of `channel_id` with the (lower-cased) address `email`.
pub async fn find_staff_by_email(db: &Db, channel_id: &ChannelId, email: &str) -> sqlx::Result<Option<StaffRow>> {
    sqlx::query_as::<_, StaffRow>(sqlx::AssertSqlSafe(format!("SELECT {STAFF_COLUMNS} FROM staff WHERE channel_id = $1 AND email = $2")))
        .bind(channel_id)
        .bind(email)
        .fetch_optional(&db.pool)
        .await
}

pub async fn find_staff<'e, E: sqlx::Executor<'e, Database = Any>>(executor: E, id: &str) -> sqlx::Result<Option<StaffRow>> {
    sqlx::query_as::<_, StaffRow>(sqlx::AssertSqlSafe(format!("SELECT {STAFF_COLUMNS} FROM staff WHERE id = $1"))).bind(id).fetch_optional(executor).await
}

/// Counts a wrong password or code; the `limit`th in a row locks the
/// account until `lock_until` and starts the count again. Returns whether this one locked it.
pub async fn update_failed(tx: &mut Tx, id: &str, limit: i64, lock_until: i64) -> sqlx::Result<bool> {
    let count: i64 =
        sqlx::query_scalar("UPDATE staff SET failed_count = failed_count + 1 WHERE id = $1 RETURNING failed_count").bind(id).fetch_one(&mut **tx).await?;
    if count < limit {
        return Ok(false);
    }
    sqlx::query("UPDATE staff SET failed_count = 0, locked_until = $2 WHERE id = $1").bind(id).bind(lock_until).execute(&mut **tx).await?;
    Ok(true)
}

/// A right password and code: the count of failures starts again.
pub async fn update_login_succeeded(tx: &mut Tx, id: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE staff SET failed_count = 0, locked_until = NULL WHERE id = $1").bind(id).execute(&mut **tx).await?;
    Ok(())
}

/// Takes the TOTP time step `step` as used; false when it (or a later one) already was — a
/// replayed code, also one replayed at the same moment on another instance.
pub async fn update_totp_step(tx: &mut Tx, id: &str, step: i64) -> sqlx::Result<bool> {
    let done = sqlx::query("UPDATE staff SET totp_last_step = $2 WHERE id = $1 AND totp_last_step < $2").bind(id).bind(step).execute(&mut **tx).await?;
    Ok(done.rows_affected() > 0)
}

/// Every staff member's TOTP secret as stored (staff/sealing.rs seals them at start).
pub async fn list_totp_secrets(db: &Db) -> sqlx::Result<Vec<(String, String)>> {
    sqlx::query_as("SELECT id, totp_secret FROM staff ORDER BY id").fetch_all(&db.pool).await
}

/// Stores `sealed` in place of `stored`; false when another instance replaced it first.
pub async fn replace_totp_secret(db: &Db, id: &str, stored: &str, sealed: &str) -> sqlx::Result<bool> {
    let done = sqlx::query("UPDATE staff SET totp_secret = $3 WHERE id = $1 AND totp_secret = $2").bind(id).bind(stored).bind(sealed).execute(&db.pool).await?;
    Ok(done.rows_affected() > 0)
}

// --- the step between password and code ---------------------------------------------------------

pub async fn insert_pending(tx: &mut Tx, token_hash: &str, staff_id: &str, expires_at: i64, now: i64) -> sqlx::Result<()> {
    // A staff member's abandoned steps go when they start another.
    sqlx::query("DELETE FROM staff_login_pending WHERE staff_id = $1 AND expires_at <= $2").bind(staff_id).bind(now).execute(&mut **tx).await?;
    sqlx::query("INSERT INTO staff_login_pending (token_hash, staff_id, expires_at) VALUES ($1, $2, $3)")
        .bind(token_hash)
        .bind(staff_id)
        .bind(expires_at)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// The staff member a pending step belongs to, while it has not expired.
pub async fn find_pending(db: &Db, token_hash: &str, now: i64) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("SELECT staff_id FROM staff_login_pending WHERE token_hash = $1 AND expires_at > $2")
        .bind(token_hash)
        .bind(now)
        .fetch_optional(&db.pool)
        .await
}

/// Ends every pending step of a staff member (they logged in).
pub async fn delete_pending(tx: &mut Tx, staff_id: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM staff_login_pending WHERE staff_id = $1").bind(staff_id).execute(&mut **tx).await?;
    Ok(())
}

// --- sessions -------------------------------------------------------------------------------------

pub struct NewSession<'a> {
    pub id: &'a str,
    pub token_hash: &'a str,
    pub staff_id: &'a str,
    pub channel_id: &'a ChannelId,
    pub expires_at: i64,
}

pub async fn insert_session(tx: &mut Tx, new: &NewSession<'_>, now: i64) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO staff_sessions (id, token_hash, staff_id, channel_id, created_at, last_seen_at, expires_at) VALUES ($1, $2, $3, $4, $5, $5, $6)")
        .bind(new.id)
        .bind(new.token_hash)
        .bind(new.staff_id)
        .bind(new.channel_id)
        .bind(now)
        .bind(new.expires_at)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// A session with its staff member.
#[derive(Debug)]
pub struct SessionRow {
    pub session_id: String,
    pub session_channel_id: ChannelId,
    pub last_seen_at: i64,
    pub expires_at: i64,
    pub staff: StaffRow,
}

#[derive(sqlx::FromRow)]
struct SessionColumns {
    session_id: String,
    session_channel_id: ChannelId,
    last_seen_at: i64,
    expires_at: i64,
    #[sqlx(flatten)]
    staff: StaffRow,
}

pub async fn find_session(db: &Db, token_hash: &str) -> sqlx::Result<Option<SessionRow>> {
    let row = sqlx::query_as::<_, SessionColumns>(
        "SELECT s.id AS session_id, s.channel_id AS session_channel_id, s.last_seen_at, s.expires_at, \
                t.id, t.channel_id, t.email, t.name, t.password_hash, t.totp_secret, t.totp_last_step, t.desk_role, t.failed_count, t.locked_until, t.created_at, \
                t.disabled_at, t.version \
         FROM staff_sessions s JOIN staff t ON t.id = s.staff_id WHERE s.token_hash = $1",
    )
    .bind(token_hash)
    .fetch_optional(&db.pool)
    .await?;
    Ok(row.map(|r| SessionRow {
        session_id: r.session_id,
        session_channel_id: r.session_channel_id,
        last_seen_at: r.last_seen_at,
        expires_at: r.expires_at,
        staff: r.staff,
    }))
}

pub async fn update_session_seen(db: &Db, session_id: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE staff_sessions SET last_seen_at = $2 WHERE id = $1 AND last_seen_at < $2").bind(session_id).bind(now).execute(&db.pool).await?;
    Ok(())
}

/// Ends the session of `token_hash` (logout); returns its staff id, if there was one.
pub async fn delete_session(tx: &mut Tx, token_hash: &str) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("DELETE FROM staff_sessions WHERE token_hash = $1 RETURNING staff_id").bind(token_hash).fetch_optional(&mut **tx).await
}

/// Forgets sessions that can no longer be used (idle or past their end), now and then.
pub async fn delete_dead_sessions(tx: &mut Tx, idle_before: i64, now: i64) -> sqlx::Result<u64> {
    Ok(sqlx::query("DELETE FROM staff_sessions WHERE last_seen_at < $1 OR expires_at <= $2")
        .bind(idle_before)
        .bind(now)
        .execute(&mut **tx)
        .await?
        .rows_affected())
}

// --- the audit log ---------------------------------------------------------------------------------

pub struct NewAuditEntry<'a> {
    pub id: &'a str,
    pub channel_id: &'a ChannelId,
    pub staff_id: &'a str,
    pub action: &'a str,
    pub target: &'a str,
    pub at: i64,
}

pub async fn insert_audit<'e, E: sqlx::Executor<'e, Database = Any>>(executor: E, entry: &NewAuditEntry<'_>) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO staff_audit_log (id, channel_id, staff_id, action, target, at) VALUES ($1, $2, $3, $4, $5, $6)")
        .bind(entry.id)
        .bind(entry.channel_id)
        .bind(entry.staff_id)
        .bind(entry.action)
        .bind(entry.target)
        .bind(entry.at)
        .execute(executor)
        .await?;
    Ok(())
}

/// Many entries, a few hundred rows per statement, in the order given (a carrier export writes
/// one per shipment it moves: 5,000 written one by one were half of a 10,000-shipment export).
pub async fn insert_audit_many(tx: &mut crate::infra::db::Tx, entries: &[NewAuditEntry<'_>]) -> sqlx::Result<()> {
    const COLUMNS: usize = 6;
    for chunk in entries.chunks(200) {
        let rows: Vec<String> = (0..chunk.len())
            .map(|row| format!("({})", (1..=COLUMNS).map(|column| format!("${}", row * COLUMNS + column)).collect::<Vec<_>>().join(", ")))
            .collect();
        let sql = format!("INSERT INTO staff_audit_log (id, channel_id, staff_id, action, target, at) VALUES {}", rows.join(", "));
        let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
        for entry in chunk {
            query = query.bind(entry.id).bind(entry.channel_id).bind(entry.staff_id).bind(entry.action).bind(entry.target).bind(entry.at);
        }
        query.execute(&mut **tx).await?;
    }
    Ok(())
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct AuditRow {
    pub at: i64,
    pub staff_name: String,
    pub action: String,
    pub target: String,
}

/// The audit log's filters, already checked.
#[derive(Debug, Default)]
pub struct AuditFilter {
    pub staff_id: Option<String>,
    pub action: Option<&'static str>,
    /// Part of what was changed (an order number, a member, a setting's name …).
    pub target: Option<String>,
    /// At or after, ms.
    pub from: Option<i64>,
    /// Before, ms.
    pub before: Option<i64>,
}

impl AuditFilter {
    fn conditions(&self) -> Vec<(String, Vec<SqlValue>)> {
        let mut conditions = Vec::new();
        if let Some(staff_id) = &self.staff_id {
            conditions.push(("a.staff_id = ?".to_owned(), vec![SqlValue::Text(staff_id.clone())]));
        }
        if let Some(action) = self.action {
            conditions.push(("a.action = ?".to_owned(), vec![SqlValue::Text(action.to_owned())]));
        }
        if let Some(target) = &self.target {
            conditions.push(("a.target LIKE ? ESCAPE '\\'".to_owned(), vec![SqlValue::Text(contains_pattern(target))]));
        }
        if let Some(from) = self.from {
            conditions.push(("a.at >= ?".to_owned(), vec![SqlValue::Int(from)]));
        }
        if let Some(before) = self.before {
            conditions.push(("a.at < ?".to_owned(), vec![SqlValue::Int(before)]));
        }
        conditions
    }
}

/// A page of the channel's audit log matching `filter`, newest first, and how many entries match.
pub async fn list_audit(db: &Db, channel_id: &ChannelId, filter: &AuditFilter, limit: i64, offset: i64) -> sqlx::Result<(Vec<AuditRow>, i64)> {
    let (clause, values) = numbered("WHERE a.channel_id = $1", vec![SqlValue::Text(channel_id.to_string())], &filter.conditions());
    let sql = format!(
        "SELECT a.at, t.name AS staff_name, a.action, a.target FROM staff_audit_log a JOIN staff t ON t.id = a.staff_id \
         {clause} ORDER BY a.at DESC, a.id DESC LIMIT ${} OFFSET ${}",
        values.len() + 1,
        values.len() + 2
    );
    let mut query = sqlx::query_as::<_, AuditRow>(sqlx::AssertSqlSafe(sql));
    for value in &values {
        query = match value {
            SqlValue::Text(text) => query.bind(text.clone()),
            SqlValue::Int(n) => query.bind(*n),
        };
    }
    let rows = query.bind(limit).bind(offset).fetch_all(&db.pool).await?;
    let mut count = sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(format!("SELECT COUNT(*) FROM staff_audit_log a {clause}")));
    for value in &values {
        count = match value {
            SqlValue::Text(text) => count.bind(text.clone()),
            SqlValue::Int(n) => count.bind(*n),
        };
    }
    Ok((rows, count.fetch_one(&db.pool).await?))
}

// ---- the staff desk ----------------------------------------------------------------------------

/// A staff member of the desk's list, with their last login (from the audit log).
#[derive(Debug, sqlx::FromRow)]
pub struct DeskStaffRow {
    #[sqlx(flatten)]
    pub staff: StaffRow,
    pub last_login_at: Option<i64>,
}

/// The shop's staff, owners first, then by name.
pub async fn list_desk_staff(db: &Db, channel_id: &ChannelId) -> sqlx::Result<Vec<DeskStaffRow>> {
    sqlx::query_as::<_, DeskStaffRow>(sqlx::AssertSqlSafe(format!(
        "SELECT {STAFF_COLUMNS}, \
                (SELECT MAX(a.at) FROM staff_audit_log a WHERE a.staff_id = staff.id AND a.action = 'login') AS last_login_at \
         FROM staff WHERE channel_id = $1 \
         ORDER BY CASE WHEN desk_role = 'owner' THEN 0 ELSE 1 END, name, email"
    )))
    .bind(channel_id)
    .fetch_all(&db.pool)
    .await
}

/// One staff member of the shop for the desk.
pub async fn find_desk_staff(db: &Db, channel_id: &ChannelId, id: &str) -> sqlx::Result<Option<DeskStaffRow>> {
    sqlx::query_as::<_, DeskStaffRow>(sqlx::AssertSqlSafe(format!(
        "SELECT {STAFF_COLUMNS}, \
                (SELECT MAX(a.at) FROM staff_audit_log a WHERE a.staff_id = staff.id AND a.action = 'login') AS last_login_at \
         FROM staff WHERE channel_id = $1 AND id = $2"
    )))
    .bind(channel_id)
    .bind(id)
    .fetch_optional(&db.pool)
    .await
}

/// Disables (`disabled_at` set) or enables (None: also the lock and the count of failures
/// cleared) the staff member `id` of the shop at `version`. None: no such staff member here;
/// Some(false): the version moved. A disabled account's sessions and pending logins end in
/// the same transaction.
pub async fn update_staff_active(tx: &mut Tx, channel_id: &ChannelId, id: &str, version: i64, disabled_at: Option<i64>) -> sqlx::Result<Option<bool>> {
    let done = match disabled_at {
        Some(at) => {
            sqlx::query("UPDATE staff SET disabled_at = $4, version = version + 1 WHERE channel_id = $1 AND id = $2 AND version = $3")
                .bind(channel_id)
                .bind(id)
                .bind(version)
                .bind(at)
                .execute(&mut **tx)
                .await?
        }
        None => {
            sqlx::query(
                "UPDATE staff SET disabled_at = NULL, failed_count = 0, locked_until = NULL, version = version + 1 \
                 WHERE channel_id = $1 AND id = $2 AND version = $3",
            )
            .bind(channel_id)
            .bind(id)
            .bind(version)
            .execute(&mut **tx)
            .await?
        }
    };
    if done.rows_affected() == 0 {
        let exists: Option<i64> =
            sqlx::query_scalar("SELECT version FROM staff WHERE channel_id = $1 AND id = $2").bind(channel_id).bind(id).fetch_optional(&mut **tx).await?;
        return Ok(exists.map(|_| false));
    }
    if disabled_at.is_some() {
        sqlx::query("DELETE FROM staff_sessions WHERE staff_id = $1").bind(id).execute(&mut **tx).await?;
        delete_pending(tx, id).await?;
    }
    Ok(Some(true))
}

/// A login, logout or failed login of one staff member.
#[derive(Debug, sqlx::FromRow)]
pub struct LoginRow {
    pub action: String,
    pub target: String,
    pub at: i64,
}

/// The last `limit` logins, logouts and failed logins of `staff_id`, newest first.
pub async fn list_logins(db: &Db, channel_id: &ChannelId, staff_id: &str, limit: i64) -> sqlx::Result<Vec<LoginRow>> {
    sqlx::query_as::<_, LoginRow>(
        "SELECT action, target, at FROM staff_audit_log \
         WHERE staff_id = $1 AND channel_id = $2 AND action IN ('login', 'logout', 'login_failed') \
         ORDER BY at DESC, id DESC LIMIT $3",
    )
    .bind(staff_id)
    .bind(channel_id)
    .bind(limit)
    .fetch_all(&db.pool)
    .await
}

// ---- enrolment links (enrolment.rs) -------------------------------------------------------------

pub struct NewEnrolment<'a> {
    pub id: &'a str,
    pub channel_id: &'a ChannelId,
    pub token_hash: &'a str,
    pub kind: EnrolmentKind,
    /// The account a reset is for; None for an invitation.
    pub staff_id: Option<&'a str>,
    pub email: &'a str,
    pub name: &'a str,
    pub role: StaffRole,
    /// Sealed with the enrolment's id.
    pub totp_secret: &'a str,
    pub invited_by: &'a str,
    pub expires_at: i64,
}

pub async fn insert_enrolment(tx: &mut Tx, new: &NewEnrolment<'_>, now: i64) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO staff_enrolments (id, channel_id, token_hash, kind, staff_id, email, name, role, totp_secret, invited_by, attempts, created_at, expires_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 0, $11, $12)",
    )
    .bind(new.id)
    .bind(new.channel_id)
    .bind(new.token_hash)
    .bind(new.kind.as_str())
    .bind(new.staff_id)
    .bind(new.email)
    .bind(new.name)
    .bind(new.role.as_str())
    .bind(new.totp_secret)
    .bind(new.invited_by)
    .bind(now)
    .bind(new.expires_at)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Ends every open link for the address in the shop (a newer one replaces it).
pub async fn end_open_enrolments_for(tx: &mut Tx, channel_id: &ChannelId, email: &str, now: i64) -> sqlx::Result<u64> {
    let done = sqlx::query("UPDATE staff_enrolments SET ended_at = $3 WHERE channel_id = $1 AND email = $2 AND ended_at IS NULL")
        .bind(channel_id)
        .bind(email)
        .bind(now)
        .execute(&mut **tx)
        .await?;
    Ok(done.rows_affected())
}

#[derive(Debug, sqlx::FromRow)]
pub struct EnrolmentRow {
    pub id: String,
    pub channel_id: ChannelId,
    pub kind: String,
    pub staff_id: Option<String>,
    pub email: String,
    pub name: String,
    pub role: String,
    pub totp_secret: String,
    pub created_at: i64,
    pub expires_at: i64,
    pub invited_by_name: String,
}

const ENROLMENT_COLUMNS: &str =
    "e.id, e.channel_id, e.kind, e.staff_id, e.email, e.name, e.role, e.totp_secret, e.created_at, e.expires_at, i.name AS invited_by_name";

/// The link with this hash while it can still be used: not ended, not expired, not past its
/// wrong codes.
pub async fn find_open_enrolment(db: &Db, token_hash: &str, now: i64, max_attempts: i64) -> sqlx::Result<Option<EnrolmentRow>> {
    sqlx::query_as::<_, EnrolmentRow>(sqlx::AssertSqlSafe(format!(
        "SELECT {ENROLMENT_COLUMNS} FROM staff_enrolments e JOIN staff i ON i.id = e.invited_by \
         WHERE e.token_hash = $1 AND e.ended_at IS NULL AND e.expires_at > $2 AND e.attempts < $3"
    )))
    .bind(token_hash)
    .bind(now)
    .bind(max_attempts)
    .fetch_optional(&db.pool)
    .await
}

/// The shop's open invitations (not resets), newest first.
pub async fn list_open_invitations(db: &Db, channel_id: &ChannelId, now: i64, max_attempts: i64) -> sqlx::Result<Vec<EnrolmentRow>> {
    sqlx::query_as::<_, EnrolmentRow>(sqlx::AssertSqlSafe(format!(
        "SELECT {ENROLMENT_COLUMNS} FROM staff_enrolments e JOIN staff i ON i.id = e.invited_by \
         WHERE e.channel_id = $1 AND e.kind = 'invite' AND e.ended_at IS NULL AND e.expires_at > $2 AND e.attempts < $3 \
         ORDER BY e.created_at DESC, e.id DESC"
    )))
    .bind(channel_id)
    .bind(now)
    .bind(max_attempts)
    .fetch_all(&db.pool)
    .await
}

/// The accounts of the shop waiting for their reset link to be used.
pub async fn list_pending_resets(db: &Db, channel_id: &ChannelId, now: i64, max_attempts: i64) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar(
        "SELECT staff_id FROM staff_enrolments \
         WHERE channel_id = $1 AND kind = 'reset' AND staff_id IS NOT NULL AND ended_at IS NULL AND expires_at > $2 AND attempts < $3",
    )
    .bind(channel_id)
    .bind(now)
    .bind(max_attempts)
    .fetch_all(&db.pool)
    .await
}

/// Ends the link `id` of the shop if it is still open (used or cancelled now): false when it
/// was not (another request ended it first, or it expired).
pub async fn end_enrolment(tx: &mut Tx, channel_id: &ChannelId, id: &str, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query("UPDATE staff_enrolments SET ended_at = $3 WHERE channel_id = $1 AND id = $2 AND ended_at IS NULL AND expires_at > $3")
        .bind(channel_id)
        .bind(id)
        .bind(now)
        .execute(&mut **tx)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Counts a wrong code against the link.
pub async fn count_enrolment_attempt(db: &Db, id: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE staff_enrolments SET attempts = attempts + 1 WHERE id = $1").bind(id).execute(&db.pool).await?;
    Ok(())
}

/// A new role for the staff member `id` of the shop at `version`: None when there is no such
/// staff member here, Some(false) when the version moved.
pub async fn update_staff_role(tx: &mut Tx, channel_id: &ChannelId, id: &str, version: i64, role: StaffRole) -> sqlx::Result<Option<bool>> {
    let done = sqlx::query("UPDATE staff SET desk_role = $4, role = $5, version = version + 1 WHERE channel_id = $1 AND id = $2 AND version = $3")
        .bind(channel_id)
        .bind(id)
        .bind(version)
        .bind(role.as_str())
        // The old column's two values (the migration 20261203000091 says why it stays).
        .bind(if role == StaffRole::Owner { "owner" } else { "staff" })
        .execute(&mut **tx)
        .await?;
    if done.rows_affected() == 1 {
        return Ok(Some(true));
    }
    let exists: Option<i64> =
        sqlx::query_scalar("SELECT version FROM staff WHERE channel_id = $1 AND id = $2").bind(channel_id).bind(id).fetch_optional(&mut **tx).await?;
    Ok(exists.map(|_| false))
}

/// A reset's first half, after `update_staff_active` disabled the account: its TOTP secret is
/// replaced by one nobody was shown, so the lost authenticator never works again (even if an
/// owner enables the account before the link is used).
pub async fn replace_staff_secret(tx: &mut Tx, id: &str, sealed: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE staff SET totp_secret = $2 WHERE id = $1").bind(id).bind(sealed).execute(&mut **tx).await?;
    Ok(())
}

/// A reset's second half: the new password and secret, the account active and unlocked, the
/// code just used spent.
pub async fn update_staff_enrolled(tx: &mut Tx, id: &str, password_hash: &str, sealed: &str, step: i64) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE staff SET password_hash = $2, totp_secret = $3, totp_last_step = $4, disabled_at = NULL, failed_count = 0, locked_until = NULL, \
                version = version + 1 WHERE id = $1",
    )
    .bind(id)
    .bind(password_hash)
    .bind(sealed)
    .bind(step)
    .execute(&mut **tx)
    .await?;
    Ok(())
}
