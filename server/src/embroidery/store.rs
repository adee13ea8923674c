//! Every SQL statement of embroidery presets and the products that take an embroidery.
use crate::infra::db::{Db, Tx};
use crate::infra::ids::{ChannelId, UserId};

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PresetRow {
    pub id: String,
    pub text: String,
    pub typeface: String,
    pub color: String,
    pub position: String,
    pub created_at: i64,
    pub updated_at: i64,
}

const COLUMNS: &str = "id, text, typeface, color, position, created_at, updated_at";

pub async fn list(db: &Db, channel_id: &ChannelId, user_id: &UserId) -> sqlx::Result<Vec<PresetRow>> {
    sqlx::query_as::<_, PresetRow>(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM name_embroidery_presets WHERE channel_id = $1 AND user_id = $2 ORDER BY created_at, id"
    )))
    .bind(channel_id)
    .bind(user_id)
    .fetch_all(&db.pool)
    .await
}

pub async fn find(db: &Db, channel_id: &ChannelId, user_id: &UserId, id: &str) -> sqlx::Result<Option<PresetRow>> {
    sqlx::query_as::<_, PresetRow>(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM name_embroidery_presets WHERE channel_id = $1 AND user_id = $2 AND id = $3"
    )))
    .bind(channel_id)
    .bind(user_id)
    .bind(id)
    .fetch_optional(&db.pool)
    .await
}

pub async fn count(tx: &mut Tx, channel_id: &ChannelId, user_id: &UserId) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COUNT(*) FROM name_embroidery_presets WHERE channel_id = $1 AND user_id = $2")
        .bind(channel_id)
        .bind(user_id)
        .fetch_one(&mut **tx)
        .await
}

pub struct Fields<'a> {
    pub text: &'a str,
    pub typeface: &'a str,
    pub color: &'a str,
    pub position: &'a str,
}

pub async fn insert(tx: &mut Tx, id: &str, channel_id: &ChannelId, user_id: &UserId, f: &Fields<'_>, now: i64) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO name_embroidery_presets (id, channel_id, user_id, text, typeface, color, position, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)",
    )
    .bind(id)
    .bind(channel_id)
    .bind(user_id)
    .bind(f.text)
    .bind(f.typeface)
    .bind(f.color)
    .bind(f.position)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

pub async fn update(tx: &mut Tx, id: &str, channel_id: &ChannelId, user_id: &UserId, f: &Fields<'_>, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE name_embroidery_presets SET text = $4, typeface = $5, color = $6, position = $7, updated_at = $8 \
         WHERE id = $1 AND channel_id = $2 AND user_id = $3",
    )
    .bind(id)
    .bind(channel_id)
    .bind(user_id)
    .bind(f.text)
    .bind(f.typeface)
    .bind(f.color)
    .bind(f.position)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() > 0)
}

pub async fn delete(tx: &mut Tx, channel_id: &ChannelId, user_id: &UserId, id: &str) -> sqlx::Result<bool> {
    let done = sqlx::query("DELETE FROM name_embroidery_presets WHERE channel_id = $1 AND user_id = $2 AND id = $3")
        .bind(channel_id)
        .bind(user_id)
        .bind(id)
        .execute(&mut **tx)
        .await?;
    Ok(done.rows_affected() > 0)
}

/// (price, longest text) when the product can be embroidered.
pub async fn find_product_embroidery(db: &Db, product_id: &str) -> sqlx::Result<Option<(i64, i64)>> {
    sqlx::query_as::<_, (i64, i64)>("SELECT price, CAST(max_chars AS BIGINT) FROM product_embroidery WHERE product_id = $1")
        .bind(product_id)
        .fetch_optional(&db.pool)
        .await
}

/// Lets a product be embroidered (seed and shop setup).
pub async fn set_product_embroidery(tx: &mut Tx, product_id: &str, price: i64, max_chars: i64) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO product_embroidery (product_id, price, max_chars) VALUES ($1, $2, $3) \
         ON CONFLICT (product_id) DO UPDATE SET price = excluded.price, max_chars = excluded.max_chars",
    )
    .bind(product_id)
    .bind(price)
    .bind(max_chars)
    .execute(&mut **tx)
    .await?;
    Ok(())
}
