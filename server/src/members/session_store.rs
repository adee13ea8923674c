//! Every SQL statement of the members' session tables: refresh tokens (`refresh_tokens`), the
//! mailed one-time secrets (`user_secrets`), the login history (`login_histories`) and the
//! failed-login counts (`login_failures`). The member rows (`users`) are `store.rs`'s, but for
//! `users.session_version`, which `update_sessions_ended` raises with the revocation of every
//! refresh token: ending a member's sessions is one act.
use sqlx::any::AnyArguments;
use sqlx::{Any, Arguments};

use super::lockout::Failures;
use super::one_time_code::Purpose;
use crate::infra::db::{Db, Tx};
use crate::infra::ids::{UserId, new_id};

// ---- refresh tokens

pub async fn insert_refresh_token(tx: &mut Tx, user_id: &UserId, family_id: &str, token_hash: &str, now: i64, expires_at: i64) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO refresh_tokens (id, user_id, family_id, token_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)")
        .bind(new_id())
        .bind(user_id)
        .bind(family_id)
        .bind(token_hash)
        .bind(now)
        .bind(expires_at)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

#[derive(Debug, sqlx::FromRow)]
pub struct RefreshRow {
    pub id: String,
    pub user_id: UserId,
    pub family_id: String,
    pub expires_at: i64,
    pub rotated_at: Option<i64>,
    pub revoked_at: Option<i64>,
}

/// `executor` is the pool or a transaction.
pub async fn find_refresh_token<'e, E: sqlx::Executor<'e, Database = Any>>(executor: E, token_hash: &str) -> sqlx::Result<Option<RefreshRow>> {
    sqlx::query_as::<_, RefreshRow>("SELECT id, user_id, family_id, expires_at, rotated_at, revoked_at FROM refresh_tokens WHERE token_hash = $1")
        .bind(token_hash)
        .fetch_optional(executor)
        .await
}

/// Marks the token rotated; false when it already was (or was revoked) — a concurrent use.
pub async fn update_refresh_rotated(tx: &mut Tx, id: &str, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query("UPDATE refresh_tokens SET rotated_at = $2 WHERE id = $1 AND rotated_at IS NULL AND revoked_at IS NULL")
        .bind(id)
        .bind(now)
        .execute(&mut **tx)
        .await?;
    Ok(done.rows_affected() == 1)
}

pub async fn update_family_revoked(tx: &mut Tx, family_id: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE refresh_tokens SET revoked_at = $2 WHERE family_id = $1 AND revoked_at IS NULL").bind(family_id).bind(now).execute(&mut **tx).await?;
    Ok(())
}

/// Ends every session of the member (password change or reset, leaving): the refresh tokens
/// are revoked and the session version raised, so access tokens issued before stop working.
pub async fn update_sessions_ended(tx: &mut Tx, user_id: &UserId, now: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE refresh_tokens SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL").bind(user_id).bind(now).execute(&mut **tx).await?;
    sqlx::query("UPDATE users SET session_version = session_version + 1 WHERE id = $1").bind(user_id).execute(&mut **tx).await?;
    Ok(())
}

// ---- one-time secrets

/// A mailed secret; `sent_to` is the address it goes to.
pub async fn insert_secret(tx: &mut Tx, id: &str, user_id: &UserId, purpose: Purpose, secret_hash: &str, sent_to: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO one_time_secrets (id, user_id, purpose, secret_hash, sent_to, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)")
        .bind(id)
        .bind(user_id)
        .bind(purpose.as_str())
        .bind(secret_hash)
        .bind(sent_to)
        .bind(now)
        .bind(now + purpose.lifetime_ms())
        .execute(&mut **tx)
        .await?;
    Ok(())
}

#[derive(Debug, sqlx::FromRow)]
pub struct SecretRow {
    pub id: String,
    pub user_id: UserId,
    pub secret_hash: String,
    pub sent_to: Option<String>,
    pub expires_at: i64,
    pub used_at: Option<i64>,
    pub attempts: i64,
}

/// The member's newest secret of this purpose (a new code makes older ones useless).
pub async fn find_latest_secret(db: &Db, user_id: &UserId, purpose: Purpose) -> sqlx::Result<Option<SecretRow>> {
    sqlx::query_as::<_, SecretRow>(
        "SELECT id, user_id, secret_hash, sent_to, expires_at, used_at, attempts FROM one_time_secrets \
         WHERE user_id = $1 AND purpose = $2 ORDER BY created_at DESC, id DESC LIMIT 1",
    )
    .bind(user_id)
    .bind(purpose.as_str())
    .fetch_optional(&db.pool)
    .await
}

pub async fn find_secret_by_hash(db: &Db, purpose: Purpose, secret_hash: &str) -> sqlx::Result<Option<SecretRow>> {
    sqlx::query_as::<_, SecretRow>(
        "SELECT id, user_id, secret_hash, sent_to, expires_at, used_at, attempts FROM one_time_secrets \
         WHERE purpose = $1 AND secret_hash = $2",
    )
    .bind(purpose.as_str())
    .bind(secret_hash)
    .fetch_optional(&db.pool)
    .await
}

/// One more wrong try; outside the caller's transaction so it counts even when the answer is
/// an error.
pub async fn update_secret_attempt(db: &Db, id: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE one_time_secrets SET attempts = attempts + 1 WHERE id = $1").bind(id).execute(&db.pool).await?;
    Ok(())
}

/// Uses the secret; false when another request used it first.
pub async fn update_secret_used(tx: &mut Tx, id: &str, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query("UPDATE one_time_secrets SET used_at = $2 WHERE id = $1 AND used_at IS NULL").bind(id).bind(now).execute(&mut **tx).await?;
    Ok(done.rows_affected() == 1)
}

/// Uses up every open secret of these purposes (the code and the link of one mail).
pub async fn update_secrets_used(tx: &mut Tx, user_id: &UserId, purposes: &[Purpose], now: i64) -> sqlx::Result<()> {
    let mut args = AnyArguments::default();
    args.add(user_id).map_err(sqlx::Error::Encode)?;
    args.add(now).map_err(sqlx::Error::Encode)?;
    let mut placeholders = Vec::new();
    for purpose in purposes {
        args.add(purpose.as_str()).map_err(sqlx::Error::Encode)?;
        placeholders.push(format!("${}", placeholders.len() + 3));
    }
    let sql = format!("UPDATE one_time_secrets SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL AND purpose IN ({})", placeholders.join(", "));
    sqlx::query_with(sqlx::AssertSqlSafe(sql), args).execute(&mut **tx).await?;
    Ok(())
}

/// Uses up the open e-mail codes and links mailed to `address` (and those older than
/// `sent_to`): the address is verified, but a link to a pending new address stays usable.
pub async fn update_email_secrets_used_to(tx: &mut Tx, user_id: &UserId, address: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE one_time_secrets SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL \
         AND purpose IN ($4, $5) AND (sent_to IS NULL OR sent_to = $3)",
    )
    .bind(user_id)
    .bind(now)
    .bind(address)
    .bind(Purpose::EmailCode.as_str())
    .bind(Purpose::EmailLink.as_str())
    .execute(&mut **tx)
    .await?;
    Ok(())
}

// ---- login history

pub struct NewLogin<'a> {
    pub user_id: &'a UserId,
    pub ip_address: &'a str,
    pub user_agent: &'a str,
    pub method: &'a str,
}

pub async fn insert_login_history(tx: &mut Tx, login: &NewLogin<'_>, now: i64) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO login_histories (id, user_id, logged_in_at, ip_address, user_agent, method) VALUES ($1, $2, $3, $4, $5, $6)")
        .bind(new_id())
        .bind(login.user_id)
        .bind(now)
        .bind(login.ip_address)
        .bind(login.user_agent)
        .bind(login.method)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

#[derive(Debug, sqlx::FromRow)]
pub struct LoginHistoryRow {
    pub id: String,
    pub logged_in_at: i64,
    pub ip_address: String,
    pub user_agent: String,
    pub method: String,
}

/// A page of the member's logins, newest first, and their total.
pub async fn list_login_histories(db: &Db, user_id: &UserId, limit: i64, offset: i64) -> sqlx::Result<(Vec<LoginHistoryRow>, i64)> {
    let rows = sqlx::query_as::<_, LoginHistoryRow>(
        "SELECT id, logged_in_at, ip_address, user_agent, method FROM login_histories WHERE user_id = $1 \
         ORDER BY logged_in_at DESC, id DESC LIMIT $2 OFFSET $3",
    )
    .bind(user_id)
    .bind(limit)
    .bind(offset)
    .fetch_all(&db.pool)
    .await?;
    let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM login_histories WHERE user_id = $1").bind(user_id).fetch_one(&db.pool).await?;
    Ok((rows, total))
}

// ---- lockout

/// The account's failures from `$2` and from every source.
const FAILURE_COUNTS: &str = "SELECT COALESCE(SUM(CASE WHEN source = $2 THEN failures ELSE 0 END), 0), \
     COALESCE(SUM(failures), 0) FROM login_failures WHERE user_id = $1";

pub async fn find_failures(db: &Db, user_id: &UserId, source: &str) -> sqlx::Result<Failures> {
    let (from_source, total): (i64, i64) = sqlx::query_as(FAILURE_COUNTS).bind(user_id).bind(source).fetch_one(&db.pool).await?;
    Ok(Failures { from_source, total })
}

/// Counts one wrong password and returns the counts after it.
pub async fn upsert_failure(tx: &mut Tx, user_id: &UserId, source: &str, now: i64) -> sqlx::Result<Failures> {
    sqlx::query(
        "INSERT INTO login_failures (user_id, source, failures, updated_at) VALUES ($1, $2, 1, $3) \
         ON CONFLICT (user_id, source) DO UPDATE SET failures = login_failures.failures + 1, updated_at = $3",
    )
    .bind(user_id)
    .bind(source)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    let (from_source, total): (i64, i64) = sqlx::query_as(FAILURE_COUNTS).bind(user_id).bind(source).fetch_one(&mut **tx).await?;
    Ok(Failures { from_source, total })
}

pub async fn delete_failures_from(tx: &mut Tx, user_id: &UserId, source: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM login_failures WHERE user_id = $1 AND source = $2").bind(user_id).bind(source).execute(&mut **tx).await?;
    Ok(())
}

pub async fn delete_failures(tx: &mut Tx, user_id: &UserId) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM login_failures WHERE user_id = $1").bind(user_id).execute(&mut **tx).await?;
    Ok(())
}
