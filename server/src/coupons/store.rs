//! Every SQL statement of the coupon lists and takes.
use crate::infra::ids::{ChannelId, UserId};
use sqlx::Any;

use crate::infra::db::{Db, Tx};

const COLUMNS: &str = "c.id, c.code, c.name, c.description, c.discount_kind, c.discount_value, c.minimum_amount, \
     c.starts_at, c.ends_at, c.requires_take, c.member_only, c.uses_per_member";

/// Open at $2: started and not ended.
const IN_PERIOD: &str = "(c.starts_at IS NULL OR c.starts_at <= $2) AND (c.ends_at IS NULL OR c.ends_at > $2)";

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CouponRow {
    pub id: String,
    pub code: String,
    pub name: String,
    pub description: String,
    pub discount_kind: String,
    pub discount_value: i64,
    pub minimum_amount: i64,
    pub starts_at: Option<i64>,
    pub ends_at: Option<i64>,
    pub requires_take: i64,
    pub member_only: i64,
    /// How often one member may use it.
    pub uses_per_member: i64,
    /// 1 when the asking member took it (0 for visitors).
    pub is_taken: i64,
}

/// What a new coupon holds (the demo seed).
pub struct NewCoupon<'a> {
    pub code: &'a str,
    pub name: &'a str,
    pub description: &'a str,
    pub discount_kind: &'a str,
    pub discount_value: i64,
    pub minimum_amount: i64,
    pub starts_at: Option<i64>,
    pub ends_at: Option<i64>,
    pub is_public: bool,
    pub requires_take: bool,
    pub member_only: bool,
    pub position: i64,
}

/// A page of the coupons open at `now` that the member (`""`: a visitor) may see: the public
/// ones and the ones they took; with the total.
pub async fn list_coupons(db: &Db, channel_id: &ChannelId, user_id: &UserId, now: i64, limit: i64, offset: i64) -> sqlx::Result<(Vec<CouponRow>, i64)> {
    let visible = "c.channel_id = $1 AND (c.is_public = 1 OR EXISTS (SELECT 1 FROM user_coupons t WHERE t.coupon_id = c.id AND t.user_id = $3))";
    let rows = sqlx::query_as::<_, CouponRow>(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS}, CAST(CASE WHEN EXISTS (SELECT 1 FROM user_coupons t WHERE t.coupon_id = c.id AND t.user_id = $3) THEN 1 ELSE 0 END AS BIGINT) AS is_taken \
         FROM coupons c WHERE {visible} AND {IN_PERIOD} ORDER BY c.position, c.id LIMIT $4 OFFSET $5"
    )))
    .bind(channel_id)
    .bind(now)
    .bind(user_id)
    .bind(limit)
    .bind(offset)
    .fetch_all(&db.pool)
    .await?;
    let total = sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SELECT COUNT(*) FROM coupons c WHERE {visible} AND {IN_PERIOD}")))
        .bind(channel_id)
        .bind(now)
        .bind(user_id)
        .fetch_one(&db.pool)
        .await?;
    Ok((rows, total))
}

/// The channel's coupon `id` (any period), as the member sees it.
pub async fn find_coupon(db: &Db, channel_id: &ChannelId, user_id: &UserId, id: &str) -> sqlx::Result<Option<CouponRow>> {
    sqlx::query_as::<_, CouponRow>(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS}, CAST(CASE WHEN EXISTS (SELECT 1 FROM user_coupons t WHERE t.coupon_id = c.id AND t.user_id = $2) THEN 1 ELSE 0 END AS BIGINT) AS is_taken \
         FROM coupons c WHERE c.channel_id = $1 AND c.id = $3"
    )))
    .bind(channel_id)
    .bind(user_id)
    .bind(id)
    .fetch_optional(&db.pool)
    .await
}

/// The member takes the coupon (again: nothing changes).
pub async fn insert_user_coupon(tx: &mut Tx, user_id: &UserId, coupon_id: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO user_coupons (user_id, coupon_id, taken_at) VALUES ($1, $2, $3) ON CONFLICT (user_id, coupon_id) DO NOTHING")
        .bind(user_id)
        .bind(coupon_id)
        .bind(now)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

pub async fn insert_coupon(tx: &mut Tx, id: &str, channel_id: &ChannelId, c: &NewCoupon<'_>) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO coupons (id, channel_id, code, name, description, discount_kind, discount_value, minimum_amount, starts_at, ends_at, \
         is_public, requires_take, member_only, uses_per_member, position) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 1, $14)",
    )
    .bind(id)
    .bind(channel_id)
    .bind(c.code)
    .bind(c.name)
    .bind(c.description)
    .bind(c.discount_kind)
    .bind(c.discount_value)
    .bind(c.minimum_amount)
    .bind(c.starts_at)
    .bind(c.ends_at)
    .bind(i64::from(c.is_public))
    .bind(i64::from(c.requires_take))
    .bind(i64::from(c.member_only))
    .bind(c.position)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// The channel's coupon with this code (any period), as the member (`""`: a guest) sees it.
pub async fn find_coupon_by_code(db: &Db, channel_id: &ChannelId, user_id: &UserId, code: &str) -> sqlx::Result<Option<CouponRow>> {
    sqlx::query_as::<_, CouponRow>(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS}, CAST(CASE WHEN EXISTS (SELECT 1 FROM user_coupons t WHERE t.coupon_id = c.id AND t.user_id = $2) THEN 1 ELSE 0 END AS BIGINT) AS is_taken \
         FROM coupons c WHERE c.channel_id = $1 AND c.code = $3"
    )))
    .bind(channel_id)
    .bind(user_id)
    .bind(code)
    .fetch_optional(&db.pool)
    .await
}

/// How many orders of the member used the coupon.
pub async fn count_coupon_uses<'e, E: sqlx::Executor<'e, Database = Any>>(executor: E, coupon_id: &str, user_id: &UserId) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COUNT(*) FROM coupon_uses WHERE coupon_id = $1 AND user_id = $2").bind(coupon_id).bind(user_id).fetch_one(executor).await
}

/// Holds the coupon for this transaction (PostgreSQL: its row lock), so that two orders of
/// one member cannot both pass the per-member use count.
pub async fn lock_coupon(tx: &mut Tx, coupon_id: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE coupons SET position = position WHERE id = $1").bind(coupon_id).execute(&mut **tx).await?;
    Ok(())
}

pub async fn insert_coupon_use(tx: &mut Tx, order_id: &str, coupon_id: &str, user_id: Option<&UserId>, now: i64) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO coupon_uses (order_id, coupon_id, user_id, used_at) VALUES ($1, $2, $3, $4)")
        .bind(order_id)
        .bind(coupon_id)
        .bind(user_id)
        .bind(now)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

pub async fn delete_coupon_use(tx: &mut Tx, order_id: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM coupon_uses WHERE order_id = $1").bind(order_id).execute(&mut **tx).await?;
    Ok(())
}
