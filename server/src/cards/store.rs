//! Every SQL statement of the saved cards. Rows are reached through the member's id and the
//! channel (the handlers take both from the token).
use crate::infra::ids::{ChannelId, UserId};
use sqlx::Any;

use crate::infra::db::Tx;
use crate::infra::ids::new_id;

const COLUMNS: &str = "id, card_ref, brand, masked_number, expiration, holder_name, is_main, created_at";

/// The main card first, then the others in the order they were added.
const ORDER: &str = "ORDER BY is_main DESC, created_at, id";

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CardRow {
    pub id: String,
    pub card_ref: String,
    pub brand: String,
    pub masked_number: String,
    pub expiration: String,
    pub holder_name: String,
    pub is_main: i64,
    pub created_at: i64,
}

/// What a new row holds (the gateway's answer).
pub struct NewCard<'a> {
    pub gateway: &'a str,
    pub card_ref: &'a str,
    pub brand: &'a str,
    pub masked_number: &'a str,
    pub expiration: &'a str,
    pub holder_name: &'a str,
}

/// Takes the member's cards for this transaction: on PostgreSQL the member's row lock makes
/// concurrent writes of one member queue (so the count limit and the single main card hold);
/// on SQLite the write transaction already does. False when the member is gone.
pub async fn lock_member(tx: &mut Tx, user_id: &UserId) -> sqlx::Result<bool> {
    let done = sqlx::query("UPDATE users SET updated_at = updated_at WHERE id = $1").bind(user_id).execute(&mut **tx).await?;
    Ok(done.rows_affected() == 1)
}

pub async fn count_cards<'e, E: sqlx::Executor<'e, Database = Any>>(executor: E, channel_id: &ChannelId, user_id: &UserId) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COUNT(*) FROM user_cards WHERE channel_id = $1 AND user_id = $2").bind(channel_id).bind(user_id).fetch_one(executor).await
}

/// A page of the member's cards and their total.
pub async fn list_cards(pool: &sqlx::AnyPool, channel_id: &ChannelId, user_id: &UserId, limit: i64, offset: i64) -> sqlx::Result<(Vec<CardRow>, i64)> {
    let rows = sqlx::query_as::<_, CardRow>(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM user_cards WHERE channel_id = $1 AND user_id = $2 {ORDER} LIMIT $3 OFFSET $4"
    )))
    .bind(channel_id)
    .bind(user_id)
    .bind(limit)
    .bind(offset)
    .fetch_all(pool)
    .await?;
    Ok((rows, count_cards(pool, channel_id, user_id).await?))
}

/// The member's card `id`; another member's is `None`, the same as a missing one.
pub async fn find_card<'e, E: sqlx::Executor<'e, Database = Any>>(
    executor: E,
    channel_id: &ChannelId,
    user_id: &UserId,
    id: &str,
) -> sqlx::Result<Option<CardRow>> {
    sqlx::query_as::<_, CardRow>(sqlx::AssertSqlSafe(format!("SELECT {COLUMNS} FROM user_cards WHERE channel_id = $1 AND user_id = $2 AND id = $3")))
        .bind(channel_id)
        .bind(user_id)
        .bind(id)
        .fetch_optional(executor)
        .await
}

/// A new card; it is the main card when the member has none yet. Returns its id.
pub async fn insert_card(tx: &mut Tx, channel_id: &ChannelId, user_id: &UserId, card: &NewCard<'_>, now: i64) -> sqlx::Result<String> {
    let id = new_id();
    sqlx::query(
        "INSERT INTO user_cards (id, channel_id, user_id, gateway, card_ref, brand, masked_number, expiration, holder_name, is_main, created_at) \
         SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, \
           CASE WHEN EXISTS (SELECT 1 FROM user_cards WHERE user_id = $3 AND is_main = 1) THEN 0 ELSE 1 END, $10",
    )
    .bind(&id)
    .bind(channel_id)
    .bind(user_id)
    .bind(card.gateway)
    .bind(card.card_ref)
    .bind(card.brand)
    .bind(card.masked_number)
    .bind(card.expiration)
    .bind(card.holder_name)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(id)
}

/// Deletes the member's card; false when it is not theirs.
pub async fn delete_card(tx: &mut Tx, channel_id: &ChannelId, user_id: &UserId, id: &str) -> sqlx::Result<bool> {
    let done = sqlx::query("DELETE FROM user_cards WHERE channel_id = $1 AND user_id = $2 AND id = $3")
        .bind(channel_id)
        .bind(user_id)
        .bind(id)
        .execute(&mut **tx)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Makes the member's newest card the main one when none is (after the main card left).
pub async fn update_main_to_newest(tx: &mut Tx, channel_id: &ChannelId, user_id: &UserId) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE user_cards SET is_main = 1 WHERE id = (SELECT id FROM user_cards WHERE channel_id = $1 AND user_id = $2 \
           ORDER BY created_at DESC, id DESC LIMIT 1) \
         AND NOT EXISTS (SELECT 1 FROM user_cards WHERE user_id = $2 AND is_main = 1)",
    )
    .bind(channel_id)
    .bind(user_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Makes `id` the member's only main card; false when it is not theirs (nothing changed then,
/// once the caller rolls back).
pub async fn update_main(tx: &mut Tx, channel_id: &ChannelId, user_id: &UserId, id: &str) -> sqlx::Result<bool> {
    // Clear first: the unique index allows one main card per member at every moment.
    sqlx::query("UPDATE user_cards SET is_main = 0 WHERE user_id = $1 AND is_main = 1 AND id <> $2").bind(user_id).bind(id).execute(&mut **tx).await?;
    let done = sqlx::query("UPDATE user_cards SET is_main = 1 WHERE channel_id = $1 AND user_id = $2 AND id = $3")
        .bind(channel_id)
        .bind(user_id)
        .bind(id)
        .execute(&mut **tx)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Deletes every card of the member (leaving); returns the gateway references to forget.
pub async fn delete_all_cards(tx: &mut Tx, user_id: &UserId) -> sqlx::Result<Vec<String>> {
    let refs = sqlx::query_scalar("SELECT card_ref FROM user_cards WHERE user_id = $1").bind(user_id).fetch_all(&mut **tx).await?;
    sqlx::query("DELETE FROM user_cards WHERE user_id = $1").bind(user_id).execute(&mut **tx).await?;
    Ok(refs)
}
