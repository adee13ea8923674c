//! Every SQL statement of the coupon lists and takes.
use crate::infra::ids::{ChannelId, UserId};
use sqlx::Any;

use crate::infra::db::{Db, Tx};

const COLUMNS: &str = "c.id, c.code, c.name, c.description, c.discount_kind, c.discount_value, c.minimum_amount, \
     c.starts_at, c.ends_at, c.requires_take, c.member_only, c.uses_per_member, c.max_uses";

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
    /// How often it may be used by everyone together (先着N回); None: no limit.
    pub max_uses: Option<i64>,
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

/// The channel's coupon with this code (any period, any case: `normalised` is the typed code
/// as `desk::normalise_code` makes it), as the member (`""`: a guest) sees it.
pub async fn find_coupon_by_code(db: &Db, channel_id: &ChannelId, user_id: &UserId, normalised: &str) -> sqlx::Result<Option<CouponRow>> {
    sqlx::query_as::<_, CouponRow>(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS}, CAST(CASE WHEN EXISTS (SELECT 1 FROM user_coupons t WHERE t.coupon_id = c.id AND t.user_id = $2) THEN 1 ELSE 0 END AS BIGINT) AS is_taken \
         FROM coupons c WHERE c.channel_id = $1 AND UPPER(c.code) = $3 ORDER BY c.code LIMIT 1"
    )))
    .bind(channel_id)
    .bind(user_id)
    .bind(normalised)
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

/// How many orders used the coupon, everyone's together (its `max_uses` is counted against this).
pub async fn count_all_coupon_uses<'e, E: sqlx::Executor<'e, Database = Any>>(executor: E, coupon_id: &str) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COUNT(*) FROM coupon_uses WHERE coupon_id = $1").bind(coupon_id).fetch_one(executor).await
}

// ---- クーポン管理 (the desk) ----

/// A coupon as the desk shows it, with how often it was used.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct DeskCouponRow {
    pub id: String,
    pub code: String,
    pub name: String,
    pub description: String,
    pub discount_kind: String,
    pub discount_value: i64,
    pub minimum_amount: i64,
    pub starts_at: Option<i64>,
    pub ends_at: Option<i64>,
    pub is_public: i64,
    pub member_only: i64,
    pub requires_take: i64,
    pub uses_per_member: i64,
    pub max_uses: Option<i64>,
    pub used_count: i64,
    pub version: i64,
    pub updated_at: i64,
}

const DESK_COLUMNS: &str = "c.id, c.code, c.name, c.description, c.discount_kind, c.discount_value, c.minimum_amount, c.starts_at, c.ends_at, \
     c.is_public, c.member_only, c.requires_take, c.uses_per_member, c.max_uses, \
     (SELECT COUNT(*) FROM coupon_uses u WHERE u.coupon_id = c.id) AS used_count, c.version, c.updated_at";

/// What the desk's list asks for: `status` one of active, scheduled, ended, exhausted (all
/// when empty); `pattern` a `LIKE` pattern over the code and the name (all when empty).
pub struct DeskCouponFilter<'a> {
    pub status: &'a str,
    pub pattern: &'a str,
    pub now: i64,
}

// One statement for every filter: an unused one is an empty parameter. The SQL is made of
// constants only; what staff type is bound. Codes match in any case (PostgreSQL's LIKE is
// case-sensitive, SQLite's is not for ASCII).
const DESK_WHERE: &str = "WHERE c.channel_id = $1 \
     AND ($2 = '' OR UPPER(c.code) LIKE UPPER($3) ESCAPE '\\' OR c.name LIKE $3 ESCAPE '\\') \
     AND ($4 = '' \
          OR ($4 = 'ended' AND c.ends_at IS NOT NULL AND c.ends_at <= $5) \
          OR ($4 = 'scheduled' AND (c.ends_at IS NULL OR c.ends_at > $5) AND c.starts_at IS NOT NULL AND c.starts_at > $5) \
          OR ($4 IN ('active', 'exhausted') AND (c.ends_at IS NULL OR c.ends_at > $5) AND (c.starts_at IS NULL OR c.starts_at <= $5) \
              AND (CASE WHEN c.max_uses IS NOT NULL AND (SELECT COUNT(*) FROM coupon_uses u WHERE u.coupon_id = c.id) >= c.max_uses \
                        THEN 'exhausted' ELSE 'active' END) = $4))";

/// A shop's coupons for the desk, newest first.
pub async fn list_desk_coupons(
    db: &Db,
    channel_id: &ChannelId,
    filter: &DeskCouponFilter<'_>,
    limit: i64,
    offset: i64,
) -> sqlx::Result<(Vec<DeskCouponRow>, i64)> {
    let total: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SELECT COUNT(*) FROM coupons c {DESK_WHERE}")))
        .bind(channel_id)
        .bind(filter.pattern)
        .bind(filter.pattern)
        .bind(filter.status)
        .bind(filter.now)
        .fetch_one(&db.pool)
        .await?;
    let rows = sqlx::query_as::<_, DeskCouponRow>(sqlx::AssertSqlSafe(format!(
        "SELECT {DESK_COLUMNS} FROM coupons c {DESK_WHERE} ORDER BY c.created_at DESC, c.position DESC, c.id DESC LIMIT $6 OFFSET $7"
    )))
    .bind(channel_id)
    .bind(filter.pattern)
    .bind(filter.pattern)
    .bind(filter.status)
    .bind(filter.now)
    .bind(limit)
    .bind(offset)
    .fetch_all(&db.pool)
    .await?;
    Ok((rows, total))
}

pub async fn find_desk_coupon(db: &Db, channel_id: &ChannelId, id: &str) -> sqlx::Result<Option<DeskCouponRow>> {
    sqlx::query_as::<_, DeskCouponRow>(sqlx::AssertSqlSafe(format!("SELECT {DESK_COLUMNS} FROM coupons c WHERE c.channel_id = $1 AND c.id = $2")))
        .bind(channel_id)
        .bind(id)
        .fetch_optional(&db.pool)
        .await
}

/// Whether another coupon of the shop has this code in any case (`except`: the one being saved).
pub async fn code_is_taken(tx: &mut Tx, channel_id: &ChannelId, code: &str, except: &str) -> sqlx::Result<bool> {
    let found: Option<String> = sqlx::query_scalar("SELECT id FROM coupons WHERE channel_id = $1 AND UPPER(code) = $2 AND id <> $3 LIMIT 1")
        .bind(channel_id)
        .bind(code)
        .bind(except)
        .fetch_optional(&mut **tx)
        .await?;
    Ok(found.is_some())
}

/// A coupon's fields as a desk save writes them.
pub struct CouponFields<'a> {
    pub code: &'a str,
    pub name: &'a str,
    pub description: &'a str,
    pub discount_kind: &'a str,
    pub discount_value: i64,
    pub minimum_amount: i64,
    pub starts_at: Option<i64>,
    pub ends_at: Option<i64>,
    pub is_public: bool,
    pub member_only: bool,
    pub requires_take: bool,
    pub uses_per_member: i64,
    pub max_uses: Option<i64>,
}

/// Adds a coupon last in the list's order; false when its code was taken meanwhile (the
/// table's unique key, on a race the check before did not see).
pub async fn insert_desk_coupon(tx: &mut Tx, channel_id: &ChannelId, id: &str, f: &CouponFields<'_>, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "INSERT INTO coupons (id, channel_id, code, name, description, discount_kind, discount_value, minimum_amount, starts_at, ends_at, \
         is_public, member_only, requires_take, uses_per_member, max_uses, position, version, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, \
                 (SELECT COALESCE(MAX(position), 0) + 1 FROM coupons WHERE channel_id = $2), 1, $16, $16) \
         ON CONFLICT (channel_id, code) DO NOTHING",
    )
    .bind(id)
    .bind(channel_id)
    .bind(f.code)
    .bind(f.name)
    .bind(f.description)
    .bind(f.discount_kind)
    .bind(f.discount_value)
    .bind(f.minimum_amount)
    .bind(f.starts_at)
    .bind(f.ends_at)
    .bind(i64::from(f.is_public))
    .bind(i64::from(f.member_only))
    .bind(i64::from(f.requires_take))
    .bind(f.uses_per_member)
    .bind(f.max_uses)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Saves a coupon at the version the editor read; false when it was saved since (or is gone).
pub async fn update_desk_coupon(tx: &mut Tx, channel_id: &ChannelId, id: &str, version: i64, f: &CouponFields<'_>, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE coupons SET code = $1, name = $2, description = $3, discount_kind = $4, discount_value = $5, minimum_amount = $6, \
                starts_at = $7, ends_at = $8, is_public = $9, member_only = $10, requires_take = $11, uses_per_member = $12, max_uses = $13, \
                version = version + 1, updated_at = $14 \
         WHERE channel_id = $15 AND id = $16 AND version = $17",
    )
    .bind(f.code)
    .bind(f.name)
    .bind(f.description)
    .bind(f.discount_kind)
    .bind(f.discount_value)
    .bind(f.minimum_amount)
    .bind(f.starts_at)
    .bind(f.ends_at)
    .bind(i64::from(f.is_public))
    .bind(i64::from(f.member_only))
    .bind(i64::from(f.requires_take))
    .bind(f.uses_per_member)
    .bind(f.max_uses)
    .bind(now)
    .bind(channel_id)
    .bind(id)
    .bind(version)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Deletes a coupon no order used, at the version the desk showed; false when stale, gone or used.
pub async fn delete_unused_coupon(tx: &mut Tx, channel_id: &ChannelId, id: &str, version: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "DELETE FROM coupons WHERE channel_id = $1 AND id = $2 AND version = $3 AND NOT EXISTS (SELECT 1 FROM coupon_uses u WHERE u.coupon_id = coupons.id)",
    )
    .bind(channel_id)
    .bind(id)
    .bind(version)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() == 1)
}
