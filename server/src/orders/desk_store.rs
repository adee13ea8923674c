//! Every SQL statement of the order desk: the axes' guarded writes, shipments as records,
//! tracking numbers, the timeline, the work queues and the staff's order search.
use sqlx::Any;

use super::store::{Bind, OrderRow, like_contains, placeholders};
use crate::infra::db::{Db, Tx};
use crate::infra::ids::ChannelId;

// ---- the axes -------------------------------------------------------------------------------

/// The axes as an edit leaves them; `status` is `axes::customer_status` of them.
pub struct AxesWrite<'a> {
    pub lifecycle: &'a str,
    pub payment_state: &'a str,
    pub paid_amount: i64,
    pub paid_on: Option<&'a str>,
    pub on_hold: bool,
    pub hold_reason: &'a str,
    pub needs_review: bool,
    pub review_reason: &'a str,
    pub ship_progress: &'a str,
    pub status: &'a str,
}

/// Writes the axes if the order is still at `version` (one more, and `handled_at` set on the
/// first staff edit). False: someone else changed it since it was read.
pub async fn update_axes(tx: &mut Tx, order_id: &str, version: i64, axes: &AxesWrite<'_>, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE orders SET lifecycle = $1, payment_state = $2, paid_amount = $3, paid_on = $4, on_hold = $5, hold_reason = $6, \
           needs_review = $7, review_reason = $8, ship_progress = $9, status = $10, updated_at = $11, handled_at = COALESCE(handled_at, $11), \
           version = version + 1 \
         WHERE id = $12 AND version = $13",
    )
    .bind(axes.lifecycle)
    .bind(axes.payment_state)
    .bind(axes.paid_amount)
    .bind(axes.paid_on)
    .bind(i64::from(axes.on_hold))
    .bind(axes.hold_reason)
    .bind(i64::from(axes.needs_review))
    .bind(axes.review_reason)
    .bind(axes.ship_progress)
    .bind(axes.status)
    .bind(now)
    .bind(order_id)
    .bind(version)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// A new order's axes (the checkout wrote its status): its payment, its deadline, what needs a
/// look, and the text the desk's search looks through.
pub async fn update_placed(
    tx: &mut Tx,
    order_id: &str,
    payment_state: &str,
    payment_due_at: Option<i64>,
    review_reason: &str,
    search_text: &str,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE orders SET payment_state = $1, payment_due_at = $2, needs_review = $3, review_reason = $4, search_text = $6 WHERE id = $5")
        .bind(payment_state)
        .bind(payment_due_at)
        .bind(i64::from(!review_reason.is_empty()))
        .bind(review_reason)
        .bind(order_id)
        .bind(search_text)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// A new order's shipments get their codes (`{order_no}-{position}`) and 出荷予定日.
pub async fn update_placed_shipments(tx: &mut Tx, channel_id: &ChannelId, order_id: &str, order_no: &str, planned_on: &str) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE order_shippings SET channel_id = $1, shipment_code = $2 || '-' || CAST(position AS TEXT), \
           ship_planned_on = COALESCE(ship_planned_on, $3) WHERE order_id = $4",
    )
    .bind(channel_id)
    .bind(order_no)
    .bind(planned_on)
    .bind(order_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

// ---- shipments ------------------------------------------------------------------------------

const SHIPMENT_COLUMNS: &str = "s.id, s.order_id, s.position, COALESCE(s.shipment_code, '') AS shipment_code, s.ship_state, s.carrier, s.ship_planned_on, \
     s.shipped_at, s.delivered_at, s.shipped_mail_at, s.address_json, s.delivery_date, s.delivery_timezone_label, s.wrapping_label, \
     s.noshi_label, s.noshi_name";

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ShipmentRow {
    pub id: String,
    pub order_id: String,
    pub position: i64,
    pub shipment_code: String,
    pub ship_state: String,
    pub carrier: Option<String>,
    pub ship_planned_on: Option<String>,
    pub shipped_at: Option<i64>,
    pub delivered_at: Option<i64>,
    pub shipped_mail_at: Option<i64>,
    pub address_json: String,
    pub delivery_date: Option<String>,
    pub delivery_timezone_label: Option<String>,
    pub wrapping_label: Option<String>,
    pub noshi_label: Option<String>,
    pub noshi_name: String,
}

/// The shipments of these orders, in each order's sequence.
pub async fn list_shipments(db: &Db, order_ids: &[String]) -> sqlx::Result<Vec<ShipmentRow>> {
    if order_ids.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "SELECT {SHIPMENT_COLUMNS} FROM order_shippings s WHERE s.order_id IN ({}) ORDER BY s.order_id, s.position, s.id",
        placeholders(order_ids.len())
    );
    let mut query = sqlx::query_as::<_, ShipmentRow>(sqlx::AssertSqlSafe(sql));
    for id in order_ids {
        query = query.bind(id.clone());
    }
    query.fetch_all(&db.pool).await
}

/// One order's shipments read inside a change's transaction.
pub async fn list_shipments_in(tx: &mut Tx, order_id: &str) -> sqlx::Result<Vec<ShipmentRow>> {
    sqlx::query_as::<_, ShipmentRow>(sqlx::AssertSqlSafe(format!(
        "SELECT {SHIPMENT_COLUMNS} FROM order_shippings s WHERE s.order_id = $1 ORDER BY s.position, s.id"
    )))
    .bind(order_id)
    .fetch_all(&mut **tx)
    .await
}

/// The shipments of the channel with these codes (an unknown code is simply absent).
pub async fn find_shipments_by_codes(db: &Db, channel_id: &ChannelId, codes: &[String]) -> sqlx::Result<Vec<ShipmentRow>> {
    if codes.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "SELECT {SHIPMENT_COLUMNS} FROM order_shippings s WHERE s.channel_id = $1 AND s.shipment_code IN ({}) ORDER BY s.shipment_code",
        (2..codes.len() + 2).map(|i| format!("${i}")).collect::<Vec<_>>().join(", ")
    );
    let mut query = sqlx::query_as::<_, ShipmentRow>(sqlx::AssertSqlSafe(sql)).bind(channel_id);
    for code in codes {
        query = query.bind(code.clone());
    }
    query.fetch_all(&db.pool).await
}

/// Moves a shipment; `shipped_at` / `delivered_at` are set on the way forward and cleared on
/// the way back.
pub async fn update_ship_state(tx: &mut Tx, shipping_id: &str, state: &str, carrier: Option<&str>, now: i64) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE order_shippings SET ship_state = $1, carrier = COALESCE($2, carrier), \
           shipped_at = CASE WHEN $1 IN ('shipped', 'delivered') THEN COALESCE(shipped_at, $3) ELSE NULL END, \
           delivered_at = CASE WHEN $1 = 'delivered' THEN COALESCE(delivered_at, $3) ELSE NULL END \
         WHERE id = $4",
    )
    .bind(state)
    .bind(carrier)
    .bind(now)
    .bind(shipping_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

pub async fn update_shipped_mail_at(db: &Db, shipping_id: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE order_shippings SET shipped_mail_at = $1 WHERE id = $2").bind(now).bind(shipping_id).execute(&db.pool).await?;
    Ok(())
}

// ---- tracking numbers -----------------------------------------------------------------------

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct TrackingRow {
    pub shipping_id: String,
    pub carrier: String,
    pub number: String,
    pub added_at: i64,
    pub removed_at: Option<i64>,
}

/// The shipment's numbers become these: ones no longer given are kept, marked removed (the
/// history), new ones are added. Returns whether anything changed.
pub async fn replace_tracking(tx: &mut Tx, channel_id: &ChannelId, shipping_id: &str, carrier: &str, numbers: &[String], now: i64) -> sqlx::Result<bool> {
    let current: Vec<(String, String)> = sqlx::query_as("SELECT id, number FROM order_tracking_numbers WHERE shipping_id = $1 AND removed_at IS NULL")
        .bind(shipping_id)
        .fetch_all(&mut **tx)
        .await?;
    let mut changed = false;
    for (id, number) in &current {
        if !numbers.contains(number) {
            sqlx::query("UPDATE order_tracking_numbers SET removed_at = $1 WHERE id = $2").bind(now).bind(id).execute(&mut **tx).await?;
            changed = true;
        }
    }
    for number in numbers {
        if current.iter().any(|(_, kept)| kept == number) {
            continue;
        }
        sqlx::query("INSERT INTO order_tracking_numbers (id, channel_id, shipping_id, carrier, number, added_at) VALUES ($1, $2, $3, $4, $5, $6)")
            .bind(crate::infra::ids::new_id())
            .bind(channel_id)
            .bind(shipping_id)
            .bind(carrier)
            .bind(number)
            .bind(now)
            .execute(&mut **tx)
            .await?;
        changed = true;
    }
    Ok(changed)
}

/// Every number of these shipments, the removed ones too, oldest first.
pub async fn list_tracking(db: &Db, shipping_ids: &[String]) -> sqlx::Result<Vec<TrackingRow>> {
    if shipping_ids.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "SELECT shipping_id, carrier, number, added_at, removed_at FROM order_tracking_numbers WHERE shipping_id IN ({}) ORDER BY added_at, id",
        placeholders(shipping_ids.len())
    );
    let mut query = sqlx::query_as::<_, TrackingRow>(sqlx::AssertSqlSafe(sql));
    for id in shipping_ids {
        query = query.bind(id.clone());
    }
    query.fetch_all(&db.pool).await
}

// ---- the timeline ---------------------------------------------------------------------------

pub struct NewEvent<'a> {
    pub id: &'a str,
    pub channel_id: &'a ChannelId,
    pub order_id: &'a str,
    pub at: i64,
    pub staff_id: Option<&'a str>,
    pub staff_name: &'a str,
    pub kind: &'a str,
    pub detail: &'a str,
}

pub async fn insert_event<'e, E: sqlx::Executor<'e, Database = Any>>(executor: E, event: &NewEvent<'_>) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO order_events (id, channel_id, order_id, at, staff_id, staff_name, kind, detail) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)")
        .bind(event.id)
        .bind(event.channel_id)
        .bind(event.order_id)
        .bind(event.at)
        .bind(event.staff_id)
        .bind(event.staff_name)
        .bind(event.kind)
        .bind(event.detail)
        .execute(executor)
        .await?;
    Ok(())
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct EventRow {
    pub at: i64,
    pub staff_name: String,
    pub kind: String,
    pub detail: String,
}

/// The order's timeline, oldest first.
pub async fn list_events(db: &Db, order_id: &str) -> sqlx::Result<Vec<EventRow>> {
    sqlx::query_as::<_, EventRow>("SELECT at, staff_name, kind, detail FROM order_events WHERE order_id = $1 ORDER BY at, id")
        .bind(order_id)
        .fetch_all(&db.pool)
        .await
}

// ---- queues and search ----------------------------------------------------------------------

/// The shop's open orders (and those cancelled within the キャンセル済 window) grouped by every
/// fact a work queue looks at (queue::AxesGroup), as of `now` ms: one pass over the
/// `orders_desk_counts` index.
pub async fn count_axes_groups(db: &Db, channel_id: &ChannelId, now: i64) -> sqlx::Result<Vec<super::queue::AxesGroup>> {
    use sqlx::Row;
    let window = super::queue::CANCELLED_WINDOW_MS;
    let sql = format!(
        "SELECT o.lifecycle, o.payment_code, o.payment_state, o.ship_progress, o.on_hold, o.needs_review, \
           CASE WHEN o.handled_at IS NULL THEN 1 ELSE 0 END AS unhandled, CASE WHEN o.payment_due_at < $2 THEN 1 ELSE 0 END AS overdue, \
           CASE WHEN o.cancelled_at >= $2 - {window} THEN 1 ELSE 0 END AS recent, COUNT(*) AS n \
         FROM orders o WHERE o.channel_id = $1 AND o.lifecycle IN ('open', 'cancelled') AND (o.lifecycle = 'open' OR o.cancelled_at >= $2 - {window}) \
         GROUP BY o.lifecycle, o.payment_code, o.payment_state, o.ship_progress, o.on_hold, o.needs_review, 7, 8, 9"
    );
    let rows = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(channel_id).bind(now).fetch_all(&db.pool).await?;
    rows.iter()
        .map(|row| {
            Ok(super::queue::AxesGroup {
                lifecycle: row.try_get(0)?,
                payment_code: row.try_get(1)?,
                payment_state: row.try_get(2)?,
                ship_progress: row.try_get(3)?,
                on_hold: row.try_get::<i64, _>(4)? != 0,
                needs_review: row.try_get::<i64, _>(5)? != 0,
                unhandled: row.try_get::<i32, _>(6).map(i64::from).or_else(|_| row.try_get::<i64, _>(6))? != 0,
                overdue: row.try_get::<i32, _>(7).map(i64::from).or_else(|_| row.try_get::<i64, _>(7))? != 0,
                recently_cancelled: row.try_get::<i32, _>(8).map(i64::from).or_else(|_| row.try_get::<i64, _>(8))? != 0,
                count: row.try_get(9)?,
            })
        })
        .collect()
}

/// Of the orders matching `to_ship` (an SQL condition over `o`; `$2` is now), those whose gift
/// still waits for its recipient, and those with a parcel whose 出荷予定日 is `today` or past.
pub async fn count_to_ship_exceptions(db: &Db, channel_id: &ChannelId, to_ship: &str, now: i64, today: &str) -> sqlx::Result<(i64, i64)> {
    let gifts =
        format!("SELECT COUNT(*) FROM orders o JOIN social_gifts g ON g.order_id = o.id WHERE o.channel_id = $1 AND g.state <> 'accepted' AND {to_ship}");
    let waiting: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(gifts)).bind(channel_id).bind(now).fetch_one(&db.pool).await?;
    let due = format!(
        "SELECT COUNT(DISTINCT o.id) FROM order_shippings s JOIN orders o ON o.id = s.order_id \
         WHERE s.channel_id = $1 AND s.ship_state = 'unshipped' AND s.ship_planned_on <= $3 AND {to_ship} \
           AND NOT EXISTS (SELECT 1 FROM social_gifts g WHERE g.order_id = o.id AND g.state <> 'accepted')"
    );
    let due_today: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(due)).bind(channel_id).bind(now).bind(today).fetch_one(&db.pool).await?;
    Ok((waiting, due_today))
}

/// The staff's search: conditions already in SQL with `?` for each value, in order.
pub struct DeskFilter {
    pub conditions: Vec<(String, Vec<DeskValue>)>,
}

pub enum DeskValue {
    Text(String),
    Int(i64),
}

impl DeskValue {
    pub fn contains(text: &str) -> DeskValue {
        DeskValue::Text(like_contains(text))
    }
}

fn clause(channel_id: &ChannelId, filter: &DeskFilter) -> (String, Vec<Bind>) {
    let mut sql = String::from("WHERE o.channel_id = $1");
    let mut binds = vec![Bind::Text(channel_id.to_string())];
    for (condition, values) in &filter.conditions {
        let mut part = String::new();
        let mut values = values.iter();
        for piece in condition.split_inclusive('?') {
            match piece.strip_suffix('?') {
                Some(before) => {
                    let value = values.next().map(|v| match v {
                        DeskValue::Text(text) => Bind::Text(text.clone()),
                        DeskValue::Int(n) => Bind::Int(*n),
                    });
                    binds.extend(value);
                    part.push_str(before);
                    part.push_str(&format!("${}", binds.len()));
                }
                None => part.push_str(piece),
            }
        }
        sql.push_str(" AND (");
        sql.push_str(&part);
        sql.push(')');
    }
    (sql, binds)
}

/// A page of the channel's orders matching the filter, newest first, and how many match.
pub async fn list_desk_orders(db: &Db, channel_id: &ChannelId, filter: &DeskFilter, limit: i64, offset: i64) -> sqlx::Result<(Vec<OrderRow>, i64)> {
    let (clause, binds) = clause(channel_id, filter);
    let sql = format!(
        "SELECT {} FROM orders o {clause} ORDER BY o.ordered_at DESC, o.id DESC LIMIT ${} OFFSET ${}",
        super::store::ORDER_COLUMNS,
        binds.len() + 1,
        binds.len() + 2
    );
    let mut query = sqlx::query_as::<_, OrderRow>(sqlx::AssertSqlSafe(sql));
    for bind in &binds {
        query = match bind {
            Bind::Text(text) => query.bind(text.clone()),
            Bind::Int(n) => query.bind(*n),
        };
    }
    let rows = query.bind(limit).bind(offset).fetch_all(&db.pool).await?;
    // Counted up to COUNT_CAP: a search matching a large part of years of orders stops there
    // (the screen says 「1,000件以上」) instead of reading every match for the total.
    let mut count =
        sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(format!("SELECT COUNT(*) FROM (SELECT 1 AS one FROM orders o {clause} LIMIT {COUNT_CAP}) AS capped")));
    for bind in &binds {
        count = match bind {
            Bind::Text(text) => count.bind(text.clone()),
            Bind::Int(n) => count.bind(*n),
        };
    }
    Ok((rows, count.fetch_one(&db.pool).await?))
}

/// The most the order list counts (its x-total); more matches still page, up to it.
pub const COUNT_CAP: i64 = 1_000;

/// Orders (not cancelled) placed since each of the instants (ms, oldest first) and what they
/// sum to, in one pass from the oldest.
pub async fn sum_orders_since(db: &Db, channel_id: &ChannelId, since: [i64; 3]) -> sqlx::Result<[(i64, i64); 3]> {
    use sqlx::Row;
    let oldest = since.iter().copied().min().unwrap_or(0);
    let sums: Vec<String> = (0..3)
        // PostgreSQL sums BIGINTs into NUMERIC: cast back.
        .map(|i| {
            format!(
                "CAST(COALESCE(SUM(CASE WHEN ordered_at >= ${n} THEN 1 ELSE 0 END), 0) AS BIGINT), \
                 CAST(COALESCE(SUM(CASE WHEN ordered_at >= ${n} THEN total_payment ELSE 0 END), 0) AS BIGINT)",
                n = i + 3
            )
        })
        .collect();
    let sql = format!("SELECT {} FROM orders WHERE channel_id = $1 AND ordered_at >= $2 AND lifecycle <> 'cancelled'", sums.join(", "));
    let row = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(channel_id).bind(oldest).bind(since[0]).bind(since[1]).bind(since[2]).fetch_one(&db.pool).await?;
    Ok([(row.try_get(0)?, row.try_get(1)?), (row.try_get(2)?, row.try_get(3)?), (row.try_get(4)?, row.try_get(5)?)])
}

// ---- saved views ----------------------------------------------------------------------------

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ViewRow {
    pub id: String,
    pub name: String,
    pub query: String,
}

pub async fn list_views(db: &Db, staff_id: &str) -> sqlx::Result<Vec<ViewRow>> {
    sqlx::query_as::<_, ViewRow>("SELECT id, name, query FROM order_desk_views WHERE staff_id = $1 ORDER BY created_at, id")
        .bind(staff_id)
        .fetch_all(&db.pool)
        .await
}

pub async fn insert_view(db: &Db, channel_id: &ChannelId, staff_id: &str, name: &str, query: &str, now: i64) -> sqlx::Result<String> {
    let id = crate::infra::ids::new_id();
    sqlx::query("INSERT INTO order_desk_views (id, channel_id, staff_id, name, query, created_at) VALUES ($1, $2, $3, $4, $5, $6)")
        .bind(&id)
        .bind(channel_id)
        .bind(staff_id)
        .bind(name)
        .bind(query)
        .bind(now)
        .execute(&db.pool)
        .await?;
    Ok(id)
}

/// False: the staff member has no such view.
pub async fn delete_view(db: &Db, staff_id: &str, id: &str) -> sqlx::Result<bool> {
    let done = sqlx::query("DELETE FROM order_desk_views WHERE id = $1 AND staff_id = $2").bind(id).bind(staff_id).execute(&db.pool).await?;
    Ok(done.rows_affected() == 1)
}

// ---- bank transfers' deadlines ----------------------------------------------------------------

/// Bank-transfer orders still waiting for (the rest of) their money whose deadline is before
/// `until` ms, earliest deadline first.
pub async fn list_transfers_due_before(db: &Db, until: i64, limit: i64) -> sqlx::Result<Vec<OrderRow>> {
    sqlx::query_as::<_, OrderRow>(sqlx::AssertSqlSafe(format!(
        "SELECT {} FROM orders o WHERE o.status = 'awaiting_payment' AND o.payment_code = 'bank_transfer' \
           AND o.payment_state IN ('unpaid', 'partially_paid') AND o.payment_due_at < $1 ORDER BY o.payment_due_at, o.id LIMIT $2",
        super::store::ORDER_COLUMNS
    )))
    .bind(until)
    .bind(limit)
    .fetch_all(&db.pool)
    .await
}

/// Claims the order's 入金督促 (false: already sent, by this instance or another).
pub async fn update_payment_reminded(db: &Db, order_id: &str, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query("UPDATE orders SET payment_reminded_at = $1 WHERE id = $2 AND payment_reminded_at IS NULL")
        .bind(now)
        .bind(order_id)
        .execute(&db.pool)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// A transfer past its deadline becomes 期限切れ (false: it was paid or moved meanwhile).
pub async fn update_payment_expired(tx: &mut Tx, order_id: &str, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE orders SET payment_state = 'expired', updated_at = $1, version = version + 1 WHERE id = $2 AND payment_state IN ('unpaid', 'partially_paid')",
    )
    .bind(now)
    .bind(order_id)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() == 1)
}
