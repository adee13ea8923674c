//! Every SQL statement of the address book. Rows are reached through the member's id only
//! (the handlers take it from the token, after checking the member belongs to the channel).
use crate::infra::ids::{ChannelId, UserId};
use sqlx::Any;

use super::entry::AddressFields;
use super::{OTHER, OWN};
use crate::infra::db::{Db, Tx};
use crate::infra::ids::new_id;

const COLUMNS: &str = "id, division_ct, is_default, is_sender_default, created_at, updated_at, shipping_last_name, \
     shipping_first_name, shipping_last_name_kana, shipping_first_name_kana, postal_code, prefecture, city, address1, \
     address2, phone_number, cell_phone_number";

/// The own entry (division_ct 1) first, then the others in the order they were added.
const ORDER: &str = "ORDER BY division_ct, created_at, id";

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct AddressRow {
    pub id: String,
    pub division_ct: i64,
    pub is_default: i64,
    pub is_sender_default: i64,
    pub created_at: i64,
    pub updated_at: i64,
    /// Empty for the own entry: its fields are the member's profile.
    #[sqlx(flatten)]
    pub fields: AddressFields,
}

/// Which of the two "exactly one" flags.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flag {
    Default,
    SenderDefault,
}

impl Flag {
    fn column(self) -> &'static str {
        match self {
            Flag::Default => "is_default",
            Flag::SenderDefault => "is_sender_default",
        }
    }
}

pub async fn find_own_id(db: &Db, user_id: &UserId) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("SELECT id FROM user_addresses WHERE user_id = $1 AND division_ct = $2").bind(user_id).bind(OWN).fetch_optional(&db.pool).await
}

/// The own entry, unless it exists already (a concurrent first visit made it). It becomes the
/// default and the sender default when no entry is either yet.
pub async fn insert_own(tx: &mut Tx, channel_id: &ChannelId, user_id: &UserId, now: i64) -> sqlx::Result<()> {
    // `WHERE 1 = 1` lets SQLite parse ON CONFLICT after INSERT … SELECT.
    sqlx::query(
        "INSERT INTO user_addresses (id, channel_id, user_id, division_ct, is_default, is_sender_default, created_at, updated_at) \
         SELECT $1, $2, $3, $4, \
           CASE WHEN EXISTS (SELECT 1 FROM user_addresses WHERE user_id = $3 AND is_default = 1) THEN 0 ELSE 1 END, \
           CASE WHEN EXISTS (SELECT 1 FROM user_addresses WHERE user_id = $3 AND is_sender_default = 1) THEN 0 ELSE 1 END, \
           $5, $5 WHERE 1 = 1 ON CONFLICT DO NOTHING",
    )
    .bind(new_id())
    .bind(channel_id)
    .bind(user_id)
    .bind(OWN)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Takes the member's address book for this transaction: on PostgreSQL the own entry's row
/// lock makes concurrent writes of one member queue (so the count limit and the single
/// defaults hold); on SQLite the write transaction already does. False without an own entry.
pub async fn lock_book(tx: &mut Tx, user_id: &UserId) -> sqlx::Result<bool> {
    let done = sqlx::query("UPDATE user_addresses SET updated_at = updated_at WHERE user_id = $1 AND division_ct = $2")
        .bind(user_id)
        .bind(OWN)
        .execute(&mut **tx)
        .await?;
    Ok(done.rows_affected() == 1)
}

pub async fn count_addresses<'e, E: sqlx::Executor<'e, Database = Any>>(executor: E, user_id: &UserId) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COUNT(*) FROM user_addresses WHERE user_id = $1").bind(user_id).fetch_one(executor).await
}

/// A page of the member's entries and their total.
pub async fn list_addresses(db: &Db, user_id: &UserId, limit: i64, offset: i64) -> sqlx::Result<(Vec<AddressRow>, i64)> {
    let rows =
        sqlx::query_as::<_, AddressRow>(sqlx::AssertSqlSafe(format!("SELECT {COLUMNS} FROM user_addresses WHERE user_id = $1 {ORDER} LIMIT $2 OFFSET $3")))
            .bind(user_id)
            .bind(limit)
            .bind(offset)
            .fetch_all(&db.pool)
            .await?;
    Ok((rows, count_addresses(&db.pool, user_id).await?))
}

/// Every entry of the member (the export; the count limit keeps it small).
pub async fn list_all_addresses(db: &Db, user_id: &UserId) -> sqlx::Result<Vec<AddressRow>> {
    sqlx::query_as::<_, AddressRow>(sqlx::AssertSqlSafe(format!("SELECT {COLUMNS} FROM user_addresses WHERE user_id = $1 {ORDER}")))
        .bind(user_id)
        .fetch_all(&db.pool)
        .await
}

/// The member's entry `id`; another member's is `None`, the same as a missing one.
pub async fn find_address<'e, E: sqlx::Executor<'e, Database = Any>>(executor: E, user_id: &UserId, id: &str) -> sqlx::Result<Option<AddressRow>> {
    sqlx::query_as::<_, AddressRow>(sqlx::AssertSqlSafe(format!("SELECT {COLUMNS} FROM user_addresses WHERE user_id = $1 AND id = $2")))
        .bind(user_id)
        .bind(id)
        .fetch_optional(executor)
        .await
}

/// A new entry (division_ct 2, no default flag); returns its id.
pub async fn insert_address(tx: &mut Tx, channel_id: &ChannelId, user_id: &UserId, f: &AddressFields, now: i64) -> sqlx::Result<String> {
    let id = new_id();
    sqlx::query(
        "INSERT INTO user_addresses (id, channel_id, user_id, division_ct, shipping_last_name, shipping_first_name, \
         shipping_last_name_kana, shipping_first_name_kana, postal_code, prefecture, city, address1, address2, phone_number, \
         cell_phone_number, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $16)",
    )
    .bind(&id)
    .bind(channel_id)
    .bind(user_id)
    .bind(OTHER)
    .bind(&f.shipping_last_name)
    .bind(&f.shipping_first_name)
    .bind(&f.shipping_last_name_kana)
    .bind(&f.shipping_first_name_kana)
    .bind(&f.address.postal_code)
    .bind(&f.address.prefecture)
    .bind(&f.address.city)
    .bind(&f.address.address1)
    .bind(&f.address.address2)
    .bind(&f.phone_number)
    .bind(&f.cell_phone_number)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(id)
}

/// Replaces the fields of one of the member's other entries (not the own one: its fields
/// live in the profile); false when there is no such entry.
pub async fn update_address(tx: &mut Tx, user_id: &UserId, id: &str, f: &AddressFields, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE user_addresses SET shipping_last_name = $3, shipping_first_name = $4, shipping_last_name_kana = $5, \
         shipping_first_name_kana = $6, postal_code = $7, prefecture = $8, city = $9, address1 = $10, address2 = $11, \
         phone_number = $12, cell_phone_number = $13, updated_at = $14 WHERE user_id = $1 AND id = $2 AND division_ct = $15",
    )
    .bind(user_id)
    .bind(id)
    .bind(&f.shipping_last_name)
    .bind(&f.shipping_first_name)
    .bind(&f.shipping_last_name_kana)
    .bind(&f.shipping_first_name_kana)
    .bind(&f.address.postal_code)
    .bind(&f.address.prefecture)
    .bind(&f.address.city)
    .bind(&f.address.address1)
    .bind(&f.address.address2)
    .bind(&f.phone_number)
    .bind(&f.cell_phone_number)
    .bind(now)
    .bind(OTHER)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Marks the entry changed (the own entry, whose fields were written to the profile).
pub async fn update_touched(tx: &mut Tx, user_id: &UserId, id: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE user_addresses SET updated_at = $3 WHERE user_id = $1 AND id = $2").bind(user_id).bind(id).bind(now).execute(&mut **tx).await?;
    Ok(())
}

/// Makes `id` the member's only entry with `flag`; false when the member has no such entry
/// (nothing changed then). The old holder is cleared first: the unique index allows one.
pub async fn update_flag(tx: &mut Tx, user_id: &UserId, id: &str, flag: Flag, now: i64) -> sqlx::Result<bool> {
    let column = flag.column();
    if find_address(&mut **tx, user_id, id).await?.is_none() {
        return Ok(false);
    }
    sqlx::query(sqlx::AssertSqlSafe(format!("UPDATE user_addresses SET {column} = 0, updated_at = $3 WHERE user_id = $1 AND {column} = 1 AND id <> $2")))
        .bind(user_id)
        .bind(id)
        .bind(now)
        .execute(&mut **tx)
        .await?;
    sqlx::query(sqlx::AssertSqlSafe(format!("UPDATE user_addresses SET {column} = 1, updated_at = $3 WHERE user_id = $1 AND id = $2")))
        .bind(user_id)
        .bind(id)
        .bind(now)
        .execute(&mut **tx)
        .await?;
    Ok(true)
}

/// After a deletion: a flag nobody holds any more goes back to the own entry, so the member
/// always has exactly one default and one sender default.
pub async fn update_flags_to_own(tx: &mut Tx, user_id: &UserId) -> sqlx::Result<()> {
    for flag in [Flag::Default, Flag::SenderDefault] {
        let column = flag.column();
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "UPDATE user_addresses SET {column} = 1 WHERE user_id = $1 AND division_ct = $2 \
             AND NOT EXISTS (SELECT 1 FROM user_addresses held WHERE held.user_id = $1 AND held.{column} = 1)"
        )))
        .bind(user_id)
        .bind(OWN)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

/// Deletes one of the member's other entries (never the own one); false when none matched.
pub async fn delete_address(tx: &mut Tx, user_id: &UserId, id: &str) -> sqlx::Result<bool> {
    let done = sqlx::query("DELETE FROM user_addresses WHERE user_id = $1 AND id = $2 AND division_ct = $3")
        .bind(user_id)
        .bind(id)
        .bind(OTHER)
        .execute(&mut **tx)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Deletes every entry but the own one; returns how many.
pub async fn delete_other_addresses(tx: &mut Tx, user_id: &UserId) -> sqlx::Result<u64> {
    let done = sqlx::query("DELETE FROM user_addresses WHERE user_id = $1 AND division_ct = $2").bind(user_id).bind(OTHER).execute(&mut **tx).await?;
    Ok(done.rows_affected())
}

/// Deletes the whole book, own entry included (the member leaves: nothing personal stays).
pub async fn delete_book(tx: &mut Tx, user_id: &UserId) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM user_addresses WHERE user_id = $1").bind(user_id).execute(&mut **tx).await?;
    Ok(())
}
