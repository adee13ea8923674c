//! Every SQL statement of the sandbox gateway's books (`sandbox_card_tokens`,
//! `sandbox_charges`): the stand-in's own tables, which the shop's tables never join.
use sqlx::Any;

use crate::infra::db::Db;
use crate::infra::ids::ChannelId;
use crate::infra::money::Yen;

/// A one-off checkout token (`once`) or a saved card (`saved`, never expiring).
pub struct NewToken<'a> {
    pub token: &'a str,
    pub channel_id: &'a ChannelId,
    pub brand: &'a str,
    pub last4: &'a str,
    pub expiration: &'a str,
    pub holder_name: &'a str,
    /// approve, decline or insufficient: what a charge on it does.
    pub behaviour: &'a str,
    pub kind: TokenKind,
    pub expires_at: i64,
    pub created_at: i64,
}

/// A token is charged once, or kept as a member's saved card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenKind {
    Once,
    Saved,
}

impl TokenKind {
    fn as_str(self) -> &'static str {
        match self {
            TokenKind::Once => "once",
            TokenKind::Saved => "saved",
        }
    }
}

#[derive(sqlx::FromRow)]
pub struct TokenRow {
    pub brand: String,
    pub last4: String,
    pub expiration: String,
    pub holder_name: String,
    pub behaviour: String,
    pub kind: String,
}

impl TokenRow {
    pub fn is_once(&self) -> bool {
        self.kind == TokenKind::Once.as_str()
    }
}

pub async fn insert_token<'e, E: sqlx::Executor<'e, Database = Any>>(executor: E, token: &NewToken<'_>) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO sandbox_card_tokens (token, channel_id, brand, last4, expiration, holder_name, behaviour, kind, expires_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
    )
    .bind(token.token)
    .bind(token.channel_id)
    .bind(token.brand)
    .bind(token.last4)
    .bind(token.expiration)
    .bind(token.holder_name)
    .bind(token.behaviour)
    .bind(token.kind.as_str())
    .bind(token.expires_at)
    .bind(token.created_at)
    .execute(executor)
    .await?;
    Ok(())
}

/// The captured charge under an idempotency key: its id and the card's last four digits.
pub async fn find_captured_charge(db: &Db, channel_id: &ChannelId, idempotency_key: &str) -> sqlx::Result<Option<(String, String)>> {
    sqlx::query_as(
        "SELECT c.id, t.last4 FROM sandbox_charges c JOIN sandbox_card_tokens t ON t.token = c.token
         WHERE c.idempotency_key = $1 AND c.channel_id = $2 AND c.status = 'captured'",
    )
    .bind(idempotency_key)
    .bind(channel_id)
    .fetch_optional(&db.pool)
    .await
}

/// A refunded charge of an earlier attempt frees its key for a new one.
pub async fn forget_refunded_charge(db: &Db, idempotency_key: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM sandbox_charges WHERE idempotency_key = $1 AND status = 'refunded'").bind(idempotency_key).execute(&db.pool).await?;
    Ok(())
}

pub struct NewCharge<'a> {
    pub id: &'a str,
    pub channel_id: &'a ChannelId,
    pub token: &'a str,
    pub amount: Yen,
    pub idempotency_key: &'a str,
    pub created_at: i64,
}

pub async fn insert_captured_charge(db: &Db, charge: &NewCharge<'_>) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO sandbox_charges (id, channel_id, token, amount, status, idempotency_key, created_at)
         VALUES ($1, $2, $3, $4, 'captured', $5, $6)",
    )
    .bind(charge.id)
    .bind(charge.channel_id)
    .bind(charge.token)
    .bind(charge.amount)
    .bind(charge.idempotency_key)
    .bind(charge.created_at)
    .execute(&db.pool)
    .await?;
    Ok(())
}

pub async fn mark_token_used<'e, E: sqlx::Executor<'e, Database = Any>>(executor: E, token: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE sandbox_card_tokens SET used_at = $1 WHERE token = $2").bind(now).bind(token).execute(executor).await?;
    Ok(())
}

/// Brand and last four digits of a token issued for the channel.
pub async fn find_token_brand(db: &Db, channel_id: &ChannelId, token: &str) -> sqlx::Result<Option<(String, String)>> {
    sqlx::query_as("SELECT brand, last4 FROM sandbox_card_tokens WHERE channel_id = $1 AND token = $2")
        .bind(channel_id)
        .bind(token)
        .fetch_optional(&db.pool)
        .await
}

pub async fn mark_charge_refunded(db: &Db, channel_id: &ChannelId, charge_id: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE sandbox_charges SET status = 'refunded' WHERE id = $1 AND channel_id = $2").bind(charge_id).bind(channel_id).execute(&db.pool).await?;
    Ok(())
}

/// The refund made under an idempotency key, if any.
pub async fn find_refund(db: &Db, idempotency_key: &str) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("SELECT id FROM sandbox_refunds WHERE idempotency_key = $1").bind(idempotency_key).fetch_optional(&db.pool).await
}

/// A captured charge's amount and what its partial refunds gave back so far.
pub async fn charge_amounts(db: &Db, channel_id: &ChannelId, charge_id: &str) -> sqlx::Result<Option<(i64, i64)>> {
    sqlx::query_as(
        "SELECT c.amount, CAST(COALESCE((SELECT SUM(r.amount) FROM sandbox_refunds r WHERE r.charge_id = c.id), 0) AS BIGINT)
         FROM sandbox_charges c WHERE c.id = $1 AND c.channel_id = $2 AND c.status = 'captured'",
    )
    .bind(charge_id)
    .bind(channel_id)
    .fetch_optional(&db.pool)
    .await
}

pub struct NewRefund<'a> {
    pub id: &'a str,
    pub charge_id: &'a str,
    pub channel_id: &'a ChannelId,
    pub amount: Yen,
    pub idempotency_key: &'a str,
    pub created_at: i64,
    /// It gives back what was left: the charge becomes refunded.
    pub whole: bool,
}

/// Records a refund (two calls under one key: the second finds the key taken and fails, and
/// is answered by `find_refund` when asked again).
pub async fn insert_refund(db: &Db, refund: &NewRefund<'_>) -> sqlx::Result<()> {
    let mut tx = db.begin_write().await?;
    sqlx::query("INSERT INTO sandbox_refunds (id, charge_id, channel_id, amount, idempotency_key, created_at) VALUES ($1, $2, $3, $4, $5, $6)")
        .bind(refund.id)
        .bind(refund.charge_id)
        .bind(refund.channel_id)
        .bind(refund.amount)
        .bind(refund.idempotency_key)
        .bind(refund.created_at)
        .execute(&mut *tx)
        .await?;
    if refund.whole {
        sqlx::query("UPDATE sandbox_charges SET status = 'refunded' WHERE id = $1").bind(refund.charge_id).execute(&mut *tx).await?;
    }
    tx.commit().await?;
    Ok(())
}

pub struct NewChallenge<'a> {
    pub id: &'a str,
    pub channel_id: &'a ChannelId,
    pub idempotency_key: &'a str,
    pub token: &'a str,
    pub amount: Yen,
    pub return_url: &'a str,
    pub created_at: i64,
}

pub async fn insert_challenge(db: &Db, challenge: &NewChallenge<'_>) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO sandbox_challenges (id, channel_id, idempotency_key, token, amount, return_url, status, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7)",
    )
    .bind(challenge.id)
    .bind(challenge.channel_id)
    .bind(challenge.idempotency_key)
    .bind(challenge.token)
    .bind(challenge.amount)
    .bind(challenge.return_url)
    .bind(challenge.created_at)
    .execute(&db.pool)
    .await?;
    Ok(())
}

/// The challenge under an idempotency key: its id and status.
pub async fn find_challenge_by_key(db: &Db, channel_id: &ChannelId, idempotency_key: &str) -> sqlx::Result<Option<(String, String)>> {
    sqlx::query_as("SELECT id, status FROM sandbox_challenges WHERE idempotency_key = $1 AND channel_id = $2")
        .bind(idempotency_key)
        .bind(channel_id)
        .fetch_optional(&db.pool)
        .await
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ChallengeRow {
    pub id: String,
    pub channel_id: ChannelId,
    pub idempotency_key: String,
    pub token: String,
    pub amount: i64,
    pub return_url: String,
    pub status: String,
    pub last4: String,
}

pub async fn find_challenge(db: &Db, channel_id: &ChannelId, id: &str) -> sqlx::Result<Option<ChallengeRow>> {
    sqlx::query_as(
        "SELECT c.id, c.channel_id, c.idempotency_key, c.token, c.amount, c.return_url, c.status, t.last4
         FROM sandbox_challenges c JOIN sandbox_card_tokens t ON t.token = c.token WHERE c.id = $1 AND c.channel_id = $2",
    )
    .bind(id)
    .bind(channel_id)
    .fetch_optional(&db.pool)
    .await
}

/// Ends a pending challenge: `charge_id` Some → passed, its charge captured and the one-off
/// token spent; None → failed. Guarded: a challenge no longer pending stays as it is.
pub async fn settle_challenge(db: &Db, challenge: &ChallengeRow, charge_id: Option<&str>, now: i64) -> sqlx::Result<()> {
    let mut tx = db.begin_write().await?;
    let status = if charge_id.is_some() { "passed" } else { "failed" };
    let moved = sqlx::query("UPDATE sandbox_challenges SET status = $1 WHERE id = $2 AND status = 'pending'")
        .bind(status)
        .bind(&challenge.id)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    if moved == 1
        && let Some(charge_id) = charge_id
    {
        sqlx::query(
            "INSERT INTO sandbox_charges (id, channel_id, token, amount, status, idempotency_key, created_at)
             VALUES ($1, $2, $3, $4, 'captured', $5, $6)",
        )
        .bind(charge_id)
        .bind(&challenge.channel_id)
        .bind(&challenge.token)
        .bind(challenge.amount)
        .bind(&challenge.idempotency_key)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        // A saved card stays usable; a one-off token is spent.
        sqlx::query("UPDATE sandbox_card_tokens SET used_at = $1 WHERE token = $2 AND kind = 'once'")
            .bind(now)
            .bind(&challenge.token)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await
}

pub async fn cancel_pending_challenge(db: &Db, channel_id: &ChannelId, idempotency_key: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE sandbox_challenges SET status = 'cancelled' WHERE idempotency_key = $1 AND channel_id = $2 AND status = 'pending'")
        .bind(idempotency_key)
        .bind(channel_id)
        .execute(&db.pool)
        .await?;
    Ok(())
}

pub async fn delete_saved_card(db: &Db, channel_id: &ChannelId, card_ref: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM sandbox_card_tokens WHERE token = $1 AND channel_id = $2 AND kind = 'saved'")
        .bind(card_ref)
        .bind(channel_id)
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// A token of this channel that can still be charged: a saved card, or a one-off token
/// neither used nor expired.
pub async fn find_usable_token(db: &Db, channel_id: &ChannelId, token: &str, now: i64) -> sqlx::Result<Option<TokenRow>> {
    sqlx::query_as(
        "SELECT brand, last4, expiration, holder_name, behaviour, kind FROM sandbox_card_tokens
         WHERE token = $1 AND channel_id = $2 AND used_at IS NULL AND expires_at > $3",
    )
    .bind(token)
    .bind(channel_id)
    .bind(now)
    .fetch_optional(&db.pool)
    .await
}
