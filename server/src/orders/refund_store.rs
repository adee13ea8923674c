//! Every SQL statement of 返品・返金 (`order_refunds`, `order_refund_lines`, and the order's
//! `refunded_amount`).
use super::store::placeholders;
use crate::infra::db::{Db, Tx};
use crate::infra::ids::ChannelId;

/// An order line with what earlier refunds took back of it, and whether its parcel left.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct RefundableLine {
    pub id: String,
    pub variation_id: Option<String>,
    pub product_name: String,
    pub variation_name: String,
    pub unit_price: i64,
    pub quantity: i64,
    pub returned: i64,
    /// 1 when its shipment is 出荷済 or 配達完了.
    pub shipped: i64,
}

pub async fn list_refundable_lines(tx: &mut Tx, order_id: &str) -> sqlx::Result<Vec<RefundableLine>> {
    sqlx::query_as(
        "SELECT l.id, l.variation_id, l.product_name, l.variation_name, l.unit_price, CAST(l.quantity AS BIGINT) AS quantity,
                CAST(COALESCE((SELECT SUM(r.quantity) FROM order_refund_lines r WHERE r.line_id = l.id), 0) AS BIGINT) AS returned,
                CAST(CASE WHEN s.ship_state IN ('shipped', 'delivered') THEN 1 ELSE 0 END AS BIGINT) AS shipped
         FROM order_lines l LEFT JOIN order_shippings s ON s.id = l.shipping_id
         WHERE l.order_id = $1 ORDER BY l.position, l.id",
    )
    .bind(order_id)
    .fetch_all(&mut **tx)
    .await
}

/// Points given back and taken back by the order's refunds so far.
pub async fn points_totals<'e, E: sqlx::Executor<'e, Database = sqlx::Any>>(executor: E, order_id: &str) -> sqlx::Result<(i64, i64)> {
    sqlx::query_as(
        "SELECT CAST(COALESCE(SUM(points_returned), 0) AS BIGINT), CAST(COALESCE(SUM(points_revoked), 0) AS BIGINT)
         FROM order_refunds WHERE order_id = $1",
    )
    .bind(order_id)
    .fetch_one(executor)
    .await
}

pub async fn next_refund_no(tx: &mut Tx, order_id: &str) -> sqlx::Result<i64> {
    let last: Option<i64> =
        sqlx::query_scalar("SELECT CAST(MAX(refund_no) AS BIGINT) FROM order_refunds WHERE order_id = $1").bind(order_id).fetch_one(&mut **tx).await?;
    Ok(last.unwrap_or(0) + 1)
}

pub struct NewRefund<'a> {
    pub id: &'a str,
    pub channel_id: &'a ChannelId,
    pub order_id: &'a str,
    pub refund_no: i64,
    pub amount: i64,
    pub method: &'a str,
    pub state: &'a str,
    pub restocked: bool,
    pub points_returned: i64,
    pub points_revoked: i64,
    pub reason: &'a str,
    pub bank_account: &'a str,
    pub notify: bool,
    pub staff_id: &'a str,
    pub staff_name: &'a str,
    pub created_at: i64,
}

pub async fn insert_refund(tx: &mut Tx, refund: &NewRefund<'_>) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO order_refunds (id, channel_id, order_id, refund_no, amount, method, state, restocked, points_returned, points_revoked,
                                    reason, bank_account, notify, staff_id, staff_name, created_at, refunded_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, NULL)",
    )
    .bind(refund.id)
    .bind(refund.channel_id)
    .bind(refund.order_id)
    .bind(refund.refund_no)
    .bind(refund.amount)
    .bind(refund.method)
    .bind(refund.state)
    .bind(i64::from(refund.restocked))
    .bind(refund.points_returned)
    .bind(refund.points_revoked)
    .bind(refund.reason)
    .bind(refund.bank_account)
    .bind(i64::from(refund.notify))
    .bind(refund.staff_id)
    .bind(refund.staff_name)
    .bind(refund.created_at)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

pub async fn insert_refund_line(tx: &mut Tx, refund_id: &str, line_id: &str, quantity: i64, amount: i64) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO order_refund_lines (refund_id, line_id, quantity, amount) VALUES ($1, $2, $3, $4)")
        .bind(refund_id)
        .bind(line_id)
        .bind(quantity)
        .bind(amount)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Adds `amount` to what the order gave back, sets its payment state and bumps its version,
/// only at the version read; false: stale.
pub async fn update_order_refunded(tx: &mut Tx, order_id: &str, version: i64, amount: i64, payment_state: &str, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE orders SET refunded_amount = refunded_amount + $1, payment_state = $2, version = version + 1, updated_at = $3
         WHERE id = $4 AND version = $5",
    )
    .bind(amount)
    .bind(payment_state)
    .bind(now)
    .bind(order_id)
    .bind(version)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// A refund the gateway refused: its amount no longer counts as given back, the order's
/// payment state is set again, and the order is flagged 要確認 with `why`.
pub async fn update_order_refund_failed(tx: &mut Tx, order_id: &str, amount: i64, payment_state: &str, why: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE orders SET refunded_amount = refunded_amount - $1, payment_state = $2, needs_review = 1,
                review_reason = CASE WHEN review_reason = '' THEN $3 ELSE review_reason || '、' || $3 END,
                version = version + 1, updated_at = $4
         WHERE id = $5",
    )
    .bind(amount)
    .bind(payment_state)
    .bind(why)
    .bind(now)
    .bind(order_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Bumps the order's version at the version read (a change of one of its refunds); false: stale.
pub async fn update_order_touched(tx: &mut Tx, order_id: &str, version: i64, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query("UPDATE orders SET version = version + 1, updated_at = $1 WHERE id = $2 AND version = $3")
        .bind(now)
        .bind(order_id)
        .bind(version)
        .execute(&mut **tx)
        .await?;
    Ok(done.rows_affected() == 1)
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct RefundRow {
    pub id: String,
    pub channel_id: ChannelId,
    pub order_id: String,
    pub refund_no: i64,
    pub amount: i64,
    pub method: String,
    pub state: String,
    pub restocked: i64,
    pub points_returned: i64,
    pub points_revoked: i64,
    pub reason: String,
    pub bank_account: String,
    pub notify: i64,
    pub gateway_refund_id: Option<String>,
    pub failure: String,
    pub staff_name: String,
    pub created_at: i64,
    pub refunded_at: Option<i64>,
}

const REFUND_COLUMNS: &str = "id, channel_id, order_id, CAST(refund_no AS BIGINT) AS refund_no, amount, method, state, CAST(restocked AS BIGINT) AS restocked, \
     points_returned, points_revoked, reason, bank_account, CAST(notify AS BIGINT) AS notify, gateway_refund_id, failure, staff_name, created_at, refunded_at";

/// The refunds of these orders, each order's oldest first.
pub async fn list_refunds(db: &Db, order_ids: &[String]) -> sqlx::Result<Vec<RefundRow>> {
    if order_ids.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!("SELECT {REFUND_COLUMNS} FROM order_refunds WHERE order_id IN ({}) ORDER BY order_id, refund_no", placeholders(order_ids.len()));
    let mut query = sqlx::query_as::<_, RefundRow>(sqlx::AssertSqlSafe(sql));
    for id in order_ids {
        query = query.bind(id.clone());
    }
    query.fetch_all(&db.pool).await
}

pub async fn find_refund(tx: &mut Tx, order_id: &str, refund_id: &str) -> sqlx::Result<Option<RefundRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("SELECT {REFUND_COLUMNS} FROM order_refunds WHERE id = $1 AND order_id = $2")))
        .bind(refund_id)
        .bind(order_id)
        .fetch_optional(&mut **tx)
        .await
}

/// Card refunds still waiting for the gateway's answer, made before `before`.
pub async fn list_pending_card_refunds(db: &Db, before: i64, limit: i64) -> sqlx::Result<Vec<RefundRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {REFUND_COLUMNS} FROM order_refunds WHERE state = 'pending' AND method = 'card' AND created_at < $1 ORDER BY created_at LIMIT $2"
    )))
    .bind(before)
    .bind(limit)
    .fetch_all(&db.pool)
    .await
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct RefundLineRow {
    pub refund_id: String,
    pub line_id: String,
    pub product_name: String,
    pub variation_name: String,
    pub quantity: i64,
    pub amount: i64,
}

/// The units the refunds of these orders took back.
pub async fn list_refund_lines(db: &Db, order_ids: &[String]) -> sqlx::Result<Vec<RefundLineRow>> {
    if order_ids.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "SELECT r.refund_id, r.line_id, l.product_name, l.variation_name, CAST(r.quantity AS BIGINT) AS quantity, r.amount
         FROM order_refund_lines r JOIN order_lines l ON l.id = r.line_id JOIN order_refunds f ON f.id = r.refund_id
         WHERE f.order_id IN ({}) ORDER BY f.refund_no, l.position, l.id",
        placeholders(order_ids.len())
    );
    let mut query = sqlx::query_as::<_, RefundLineRow>(sqlx::AssertSqlSafe(sql));
    for id in order_ids {
        query = query.bind(id.clone());
    }
    query.fetch_all(&db.pool).await
}

/// The gateway gave the money back: a pending refund becomes refunded, once (false: it was
/// settled already, by another attempt).
pub async fn update_refunded(tx: &mut Tx, refund_id: &str, gateway_refund_id: Option<&str>, from_state: &str, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query("UPDATE order_refunds SET state = 'refunded', gateway_refund_id = $1, refunded_at = $2 WHERE id = $3 AND state = $4")
        .bind(gateway_refund_id)
        .bind(now)
        .bind(refund_id)
        .bind(from_state)
        .execute(&mut **tx)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// The gateway refused: a pending refund becomes failed, once.
pub async fn update_failed(tx: &mut Tx, refund_id: &str, failure: &str) -> sqlx::Result<bool> {
    let done = sqlx::query("UPDATE order_refunds SET state = 'failed', failure = $1 WHERE id = $2 AND state = 'pending'")
        .bind(failure)
        .bind(refund_id)
        .execute(&mut **tx)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// What the shop's refunds (failed ones not) gave back since each of `since` (ms), counted on
/// the day each refund was made.
pub async fn sum_refunded_since(db: &Db, channel_id: &ChannelId, since: &[i64]) -> sqlx::Result<Vec<i64>> {
    let Some(&first) = since.iter().min() else { return Ok(Vec::new()) };
    let rows: Vec<(i64, i64)> = sqlx::query_as("SELECT created_at, amount FROM order_refunds WHERE channel_id = $1 AND created_at >= $2 AND state <> 'failed'")
        .bind(channel_id)
        .bind(first)
        .fetch_all(&db.pool)
        .await?;
    Ok(since.iter().map(|&from| rows.iter().filter(|(at, _)| *at >= from).map(|(_, amount)| amount).sum()).collect())
}
