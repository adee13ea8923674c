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
