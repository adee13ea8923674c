//! Every SQL statement of social login.
use crate::infra::db::Tx;
use crate::infra::ids::{ChannelId, UserId};

pub struct NewState<'a> {
    pub state_hash: &'a str,
    pub channel_id: &'a ChannelId,
    pub provider: &'a str,
    pub code_verifier: &'a str,
    pub redirect_uri: &'a str,
    pub redirect_path: &'a str,
}

/// Pending logins nobody came back for: the table only ever holds the last minutes of logins.
pub async fn delete_expired_states(tx: &mut Tx, now: i64) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM social_login_states WHERE expires_at < $1").bind(now).execute(&mut **tx).await?;
    Ok(())
}

pub async fn insert_state(tx: &mut Tx, state: &NewState<'_>, now: i64, expires_at: i64) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO social_login_states (state_hash, channel_id, provider, code_verifier, redirect_uri, redirect_path, created_at, expires_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(state.state_hash)
    .bind(state.channel_id)
    .bind(state.provider)
    .bind(state.code_verifier)
    .bind(state.redirect_uri)
    .bind(state.redirect_path)
    .bind(now)
    .bind(expires_at)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

#[derive(Debug, sqlx::FromRow)]
pub struct StateRow {
    pub channel_id: ChannelId,
    pub provider: String,
    pub code_verifier: String,
    pub redirect_uri: String,
    pub redirect_path: String,
    pub expires_at: i64,
}

/// Takes the pending login out (whatever its age): a state is good for one callback only,
/// even when two arrive at once.
pub async fn delete_state(tx: &mut Tx, state_hash: &str) -> sqlx::Result<Option<StateRow>> {
    sqlx::query_as::<_, StateRow>(
        "DELETE FROM social_login_states WHERE state_hash = $1 \
         RETURNING channel_id, provider, code_verifier, redirect_uri, redirect_path, expires_at",
    )
    .bind(state_hash)
    .fetch_optional(&mut **tx)
    .await
}

/// The member linked to the provider identity on this channel.
pub async fn find_linked_user_id(tx: &mut Tx, channel_id: &ChannelId, provider: &str, subject: &str) -> sqlx::Result<Option<UserId>> {
    sqlx::query_scalar("SELECT user_id FROM social_accounts WHERE channel_id = $1 AND provider = $2 AND subject = $3")
        .bind(channel_id)
        .bind(provider)
        .bind(subject)
        .fetch_optional(&mut **tx)
        .await
}

pub async fn insert_link(tx: &mut Tx, id: &str, channel_id: &ChannelId, user_id: &UserId, provider: &str, subject: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO social_accounts (id, channel_id, user_id, provider, subject, created_at, last_login_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $6)",
    )
    .bind(id)
    .bind(channel_id)
    .bind(user_id)
    .bind(provider)
    .bind(subject)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

pub async fn update_link_login(tx: &mut Tx, channel_id: &ChannelId, provider: &str, subject: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE social_accounts SET last_login_at = $4 WHERE channel_id = $1 AND provider = $2 AND subject = $3")
        .bind(channel_id)
        .bind(provider)
        .bind(subject)
        .bind(now)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Forgets a link whose member has left, so the identity can start a new account.
pub async fn delete_link(tx: &mut Tx, channel_id: &ChannelId, provider: &str, subject: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM social_accounts WHERE channel_id = $1 AND provider = $2 AND subject = $3")
        .bind(channel_id)
        .bind(provider)
        .bind(subject)
        .execute(&mut **tx)
        .await?;
    Ok(())
}
