//! Every SQL statement of the order desk: the axes' guarded writes, shipments as records,
//! tracking numbers, the timeline, the work queues and the staff's order search.
use sqlx::Any;

use super::store::{Bind, OrderRow, placeholders};
use crate::infra::db::{Db, Tx};
use crate::infra::ids::ChannelId;
use crate::infra::search_text::contains_pattern;

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

/// The shipments of the channel with these codes (an unknown code is simply absent), by code;
/// a chunk of codes per query (sqlx binds a statement's parameters by name on SQLite, in time
/// that grows with the square of their number: 10,000 at once took a second).
pub async fn find_shipments_by_codes(db: &Db, channel_id: &ChannelId, codes: &[String]) -> sqlx::Result<Vec<ShipmentRow>> {
    let mut rows = Vec::with_capacity(codes.len());
    for chunk in codes.chunks(CHUNK) {
        let sql = format!("SELECT {SHIPMENT_COLUMNS} FROM order_shippings s WHERE s.channel_id = $1 AND s.shipment_code IN ({})", numbered(2, chunk.len()));
        let mut query = sqlx::query_as::<_, ShipmentRow>(sqlx::AssertSqlSafe(sql)).bind(channel_id);
        for code in chunk {
            query = query.bind(code.clone());
        }
        rows.extend(query.fetch_all(&db.pool).await?);
    }
    rows.sort_by(|a, b| a.shipment_code.cmp(&b.shipment_code));
    Ok(rows)
}

/// Moves a shipment; `shipped_at` (the given time: a carrier's 出荷日, else now) / `delivered_at` are set on the way forward and cleared on
/// the way back.
pub async fn update_ship_state(tx: &mut Tx, shipping_id: &str, state: &str, carrier: Option<&str>, shipped_at: i64, now: i64) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE order_shippings SET ship_state = $1, carrier = COALESCE($2, carrier), \
           shipped_at = CASE WHEN $1 IN ('shipped', 'delivered') THEN COALESCE(shipped_at, $3) ELSE NULL END, \
           delivered_at = CASE WHEN $1 = 'delivered' THEN COALESCE(delivered_at, $4) ELSE NULL END \
         WHERE id = $5",
    )
    .bind(state)
    .bind(carrier)
    .bind(shipped_at)
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

/// Every number of these shipments, the removed ones too, oldest first (a chunk of shipments
/// per query, as find_shipments_by_codes).
pub async fn list_tracking(db: &Db, shipping_ids: &[String]) -> sqlx::Result<Vec<TrackingRow>> {
    let mut rows = Vec::new();
    for chunk in shipping_ids.chunks(CHUNK) {
        let sql = format!(
            "SELECT shipping_id, carrier, number, added_at, removed_at, id FROM order_tracking_numbers WHERE shipping_id IN ({})",
            placeholders(chunk.len())
        );
        let mut query = sqlx::query_as::<_, (String, String, String, i64, Option<i64>, String)>(sqlx::AssertSqlSafe(sql));
        for id in chunk {
            query = query.bind(id.clone());
        }
        rows.extend(query.fetch_all(&db.pool).await?);
    }
    rows.sort_by(|a, b| (a.3, &a.5).cmp(&(b.3, &b.5)));
    Ok(rows
        .into_iter()
        .map(|(shipping_id, carrier, number, added_at, removed_at, _)| TrackingRow { shipping_id, carrier, number, added_at, removed_at })
        .collect())
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

// ---- many at once (desk_batch.rs, the carriers' files) ------------------------------------------

/// How many values one chunked statement binds: far under SQLite's 32,766 and PostgreSQL's
/// 65,535 parameters, with room for a row's several columns.
const CHUNK: usize = 500;

/// `$from, $from+1, …` for `count` values.
fn numbered(from: usize, count: usize) -> String {
    (from..from + count).map(|i| format!("${i}")).collect::<Vec<_>>().join(", ")
}

/// The channel's orders with these numbers, read inside a change's transaction (unknown ones
/// are absent), a chunk of numbers per query.
pub async fn list_orders_by_nos_in(tx: &mut Tx, channel_id: &ChannelId, order_nos: &[String]) -> sqlx::Result<Vec<OrderRow>> {
    let mut rows = Vec::with_capacity(order_nos.len());
    for chunk in order_nos.chunks(CHUNK) {
        let sql = format!("SELECT {} FROM orders o WHERE o.channel_id = $1 AND o.order_no IN ({})", super::store::ORDER_COLUMNS, numbered(2, chunk.len()));
        let mut query = sqlx::query_as::<_, OrderRow>(sqlx::AssertSqlSafe(sql)).bind(channel_id);
        for no in chunk {
            query = query.bind(no.clone());
        }
        rows.extend(query.fetch_all(&mut **tx).await?);
    }
    Ok(rows)
}

/// The channel's orders with these ids (unknown ones are absent), a chunk of ids per query.
pub async fn list_orders_by_ids(db: &Db, channel_id: &ChannelId, ids: &[String]) -> sqlx::Result<Vec<OrderRow>> {
    let mut rows = Vec::with_capacity(ids.len());
    for chunk in ids.chunks(CHUNK) {
        let sql = format!("SELECT {} FROM orders o WHERE o.channel_id = $1 AND o.id IN ({})", super::store::ORDER_COLUMNS, numbered(2, chunk.len()));
        let mut query = sqlx::query_as::<_, OrderRow>(sqlx::AssertSqlSafe(sql)).bind(channel_id);
        for id in chunk {
            query = query.bind(id.clone());
        }
        rows.extend(query.fetch_all(&db.pool).await?);
    }
    Ok(rows)
}

/// The shipments of these orders read inside a change's transaction, in each order's sequence.
pub async fn list_shipments_of_orders_in(tx: &mut Tx, order_ids: &[String]) -> sqlx::Result<Vec<ShipmentRow>> {
    let mut rows = Vec::with_capacity(order_ids.len());
    for chunk in order_ids.chunks(CHUNK) {
        let sql = format!(
            "SELECT {SHIPMENT_COLUMNS} FROM order_shippings s WHERE s.order_id IN ({}) ORDER BY s.order_id, s.position, s.id",
            numbered(1, chunk.len())
        );
        let mut query = sqlx::query_as::<_, ShipmentRow>(sqlx::AssertSqlSafe(sql));
        for id in chunk {
            query = query.bind(id.clone());
        }
        rows.extend(query.fetch_all(&mut **tx).await?);
    }
    Ok(rows)
}

/// The product names each shipment of these orders carries (shipment id, name), in the order's
/// sequence of lines: what a carrier's label lists.
pub async fn list_item_names(db: &Db, order_ids: &[String]) -> sqlx::Result<Vec<(String, String)>> {
    let mut rows = Vec::with_capacity(order_ids.len());
    for chunk in order_ids.chunks(CHUNK) {
        let sql = format!(
            "SELECT l.shipping_id, l.product_name FROM order_lines l WHERE l.shipping_id IS NOT NULL AND l.order_id IN ({}) \
             ORDER BY l.order_id, l.position, l.id",
            numbered(1, chunk.len())
        );
        let mut query = sqlx::query_as::<_, (String, String)>(sqlx::AssertSqlSafe(sql));
        for id in chunk {
            query = query.bind(id.clone());
        }
        rows.extend(query.fetch_all(&db.pool).await?);
    }
    Ok(rows)
}

/// What a shipment's move leaves of its order's axes: the rest stay as they were read.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct MovedAxes {
    pub lifecycle: &'static str,
    pub ship_progress: &'static str,
    pub status: &'static str,
}

/// [`update_axes`] for orders whose only change is a shipment's move, all read at `version`:
/// the derived axes written, the version one more, `handled_at` set on the first staff edit.
/// Returns the ids written; an order missing from them changed since it was read.
pub async fn update_moved_axes(tx: &mut Tx, order_ids: &[&str], version: i64, axes: &MovedAxes, now: i64) -> sqlx::Result<Vec<String>> {
    let mut written = Vec::with_capacity(order_ids.len());
    for chunk in order_ids.chunks(CHUNK) {
        let sql = format!(
            "UPDATE orders SET lifecycle = $1, ship_progress = $2, status = $3, updated_at = $4, handled_at = COALESCE(handled_at, $4), \
               version = version + 1 \
             WHERE version = $5 AND id IN ({}) RETURNING id",
            numbered(6, chunk.len())
        );
        let mut query =
            sqlx::query_scalar::<_, String>(sqlx::AssertSqlSafe(sql)).bind(axes.lifecycle).bind(axes.ship_progress).bind(axes.status).bind(now).bind(version);
        for id in chunk {
            query = query.bind(*id);
        }
        written.extend(query.fetch_all(&mut **tx).await?);
    }
    Ok(written)
}

/// [`update_ship_state`] for many shipments moving to the same state.
pub async fn update_ship_states(tx: &mut Tx, shipping_ids: &[&str], state: &str, carrier: Option<&str>, shipped_at: i64, now: i64) -> sqlx::Result<()> {
    for chunk in shipping_ids.chunks(CHUNK) {
        let sql = format!(
            "UPDATE order_shippings SET ship_state = $1, carrier = COALESCE($2, carrier), \
               shipped_at = CASE WHEN $1 IN ('shipped', 'delivered') THEN COALESCE(shipped_at, $3) ELSE NULL END, \
               delivered_at = CASE WHEN $1 = 'delivered' THEN COALESCE(delivered_at, $4) ELSE NULL END \
             WHERE id IN ({})",
            numbered(5, chunk.len())
        );
        let mut query = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(state).bind(carrier).bind(shipped_at).bind(now);
        for id in chunk {
            query = query.bind(*id);
        }
        query.execute(&mut **tx).await?;
    }
    Ok(())
}

/// Timeline entries, many rows per statement, in the order given.
pub async fn insert_events(tx: &mut Tx, events: &[NewEvent<'_>]) -> sqlx::Result<()> {
    const COLUMNS: usize = 8;
    for chunk in events.chunks(CHUNK / 4) {
        let rows: Vec<String> = (0..chunk.len()).map(|row| format!("({})", numbered(row * COLUMNS + 1, COLUMNS))).collect();
        let sql = format!("INSERT INTO order_events (id, channel_id, order_id, at, staff_id, staff_name, kind, detail) VALUES {}", rows.join(", "));
        let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
        for event in chunk {
            query = query
                .bind(event.id)
                .bind(event.channel_id)
                .bind(event.order_id)
                .bind(event.at)
                .bind(event.staff_id)
                .bind(event.staff_name)
                .bind(event.kind)
                .bind(event.detail);
        }
        query.execute(&mut **tx).await?;
    }
    Ok(())
}

/// A tracking number in use (not removed).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CurrentTracking {
    pub id: String,
    pub shipping_id: String,
    pub number: String,
}

/// The numbers in use of these shipments, read inside a change's transaction.
pub async fn list_current_tracking_in(tx: &mut Tx, shipping_ids: &[&str]) -> sqlx::Result<Vec<CurrentTracking>> {
    let mut rows = Vec::new();
    for chunk in shipping_ids.chunks(CHUNK) {
        let sql =
            format!("SELECT id, shipping_id, number FROM order_tracking_numbers WHERE removed_at IS NULL AND shipping_id IN ({})", numbered(1, chunk.len()));
        let mut query = sqlx::query_as::<_, CurrentTracking>(sqlx::AssertSqlSafe(sql));
        for id in chunk {
            query = query.bind(*id);
        }
        rows.extend(query.fetch_all(&mut **tx).await?);
    }
    Ok(rows)
}

/// Numbers no longer given: kept, marked removed (the history), as [`replace_tracking`] does.
pub async fn update_tracking_removed(tx: &mut Tx, ids: &[&str], now: i64) -> sqlx::Result<()> {
    for chunk in ids.chunks(CHUNK) {
        let sql = format!("UPDATE order_tracking_numbers SET removed_at = $1 WHERE id IN ({})", numbered(2, chunk.len()));
        let mut query = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(now);
        for id in chunk {
            query = query.bind(*id);
        }
        query.execute(&mut **tx).await?;
    }
    Ok(())
}

pub struct NewTracking<'a> {
    pub id: String,
    pub shipping_id: &'a str,
    pub carrier: &'a str,
    pub number: &'a str,
}

/// New numbers of the channel's shipments, added at `now`, many rows per statement.
pub async fn insert_tracking(tx: &mut Tx, channel_id: &ChannelId, numbers: &[NewTracking<'_>], now: i64) -> sqlx::Result<()> {
    const COLUMNS: usize = 4;
    for chunk in numbers.chunks(CHUNK / 2) {
        let rows: Vec<String> = (0..chunk.len()).map(|row| format!("($1, $2, {})", numbered(row * COLUMNS + 3, COLUMNS))).collect();
        let sql = format!("INSERT INTO order_tracking_numbers (channel_id, added_at, id, shipping_id, carrier, number) VALUES {}", rows.join(", "));
        let mut query = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(channel_id).bind(now);
        for number in chunk {
            query = query.bind(number.id.as_str()).bind(number.shipping_id).bind(number.carrier).bind(number.number);
        }
        query.execute(&mut **tx).await?;
    }
    Ok(())
}

// ---- queues and search ----------------------------------------------------------------------

/// The shop's open orders grouped by the facts a work queue looks at (queue::AxesGroup), as of
/// `now` ms, and one more group: those cancelled within the キャンセル済 window. Two index-only
/// passes over partial indexes (20261205000093_order_desk_speed.sql): one holding only the open
/// orders, in the order grouped by (so no hash table), one the cancelled ones by when — years of
/// closed orders are never read.
pub async fn count_axes_groups(db: &Db, channel_id: &ChannelId, now: i64) -> sqlx::Result<Vec<super::queue::AxesGroup>> {
    use sqlx::Row;
    let rows = sqlx::query(
        "SELECT o.payment_code, o.payment_state, o.ship_progress, o.on_hold, o.needs_review, COUNT(*) AS n, \
           CAST(SUM(CASE WHEN o.handled_at IS NULL THEN 1 ELSE 0 END) AS BIGINT) AS unhandled, \
           CAST(SUM(CASE WHEN o.payment_due_at < $2 THEN 1 ELSE 0 END) AS BIGINT) AS overdue \
         FROM orders o WHERE o.channel_id = $1 AND o.lifecycle = 'open' \
         GROUP BY o.payment_code, o.payment_state, o.ship_progress, o.on_hold, o.needs_review",
    )
    .bind(channel_id)
    .bind(now)
    .fetch_all(&db.pool)
    .await?;
    let mut groups = rows
        .iter()
        .map(|row| {
            Ok(super::queue::AxesGroup {
                lifecycle: "open".into(),
                payment_code: row.try_get(0)?,
                payment_state: row.try_get(1)?,
                ship_progress: row.try_get(2)?,
                on_hold: row.try_get::<i64, _>(3)? != 0,
                needs_review: row.try_get::<i64, _>(4)? != 0,
                count: row.try_get(5)?,
                unhandled: row.try_get(6)?,
                overdue: row.try_get(7)?,
            })
        })
        .collect::<sqlx::Result<Vec<_>>>()?;
    let cancelled: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "SELECT COUNT(*) FROM orders o WHERE o.channel_id = $1 AND o.lifecycle = 'cancelled' AND o.cancelled_at >= $2 - {}",
        super::queue::CANCELLED_WINDOW_MS
    )))
    .bind(channel_id)
    .bind(now)
    .fetch_one(&db.pool)
    .await?;
    groups.push(super::queue::AxesGroup { lifecycle: "cancelled".into(), count: cancelled, ..Default::default() });
    Ok(groups)
}

/// Of the orders matching `to_ship` (an SQL condition over `o`; `$2` is now), those whose gift
/// still waits for its recipient, and those with a parcel whose 出荷予定日 is `today` or past.
pub async fn count_to_ship_exceptions(db: &Db, channel_id: &ChannelId, to_ship: &str, now: i64, today: &str) -> sqlx::Result<(i64, i64)> {
    let gifts =
        format!("SELECT COUNT(*) FROM orders o JOIN social_gifts g ON g.order_id = o.id WHERE o.channel_id = $1 AND g.state <> 'accepted' AND {to_ship}");
    let waiting: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(gifts)).bind(channel_id).bind(now).fetch_one(&db.pool).await?;
    // The parcels due come from their own partial index (none due: nothing read), matched
    // against the open orders'.
    let due = format!(
        "SELECT COUNT(*) FROM orders o WHERE o.channel_id = $1 AND {to_ship} \
           AND o.id IN (SELECT s.order_id FROM order_shippings s WHERE s.channel_id = $1 AND s.ship_state = 'unshipped' AND s.ship_planned_on <= $3) \
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
    /// A LIKE pattern over the search column: the list is then counted newest first.
    Search(String),
}

impl DeskValue {
    pub fn contains(text: &str) -> DeskValue {
        DeskValue::Text(contains_pattern(text))
    }

    /// `o.search_text LIKE ?` for a folded search term (desk::fold_search).
    pub fn search_text(folded: &str) -> DeskValue {
        DeskValue::Search(contains_pattern(folded))
    }
}

fn clause(channel_id: &ChannelId, filter: &DeskFilter) -> (String, Vec<Bind>) {
    let conditions: Vec<(String, Vec<Bind>)> = filter
        .conditions
        .iter()
        .map(|(condition, values)| {
            let values = values
                .iter()
                .map(|value| match value {
                    DeskValue::Text(text) | DeskValue::Search(text) => Bind::Text(text.clone()),
                    DeskValue::Int(n) => Bind::Int(*n),
                })
                .collect();
            (condition.clone(), values)
        })
        .collect();
    crate::infra::sql_filter::numbered("WHERE o.channel_id = $1", vec![Bind::Text(channel_id.to_string())], &conditions)
}

/// A page of the channel's orders matching the filter, newest first, and how many match.
pub async fn list_desk_orders(db: &Db, channel_id: &ChannelId, filter: &DeskFilter, limit: i64, offset: i64) -> sqlx::Result<(Vec<OrderRow>, i64)> {
    let (clause, binds) = clause(channel_id, filter);
    // The page's ids first, then their rows: the filter and the order run over an index that
    // holds what they read (orders_desk_newest for a search, orders_desk_open for a queue), and
    // only the page's 20 orders are read whole, instead of every match before the sort.
    let sql = format!(
        "SELECT {} FROM orders o WHERE o.id IN (SELECT o.id FROM orders o {clause} ORDER BY o.ordered_at DESC, o.id DESC LIMIT ${} OFFSET ${}) \
         ORDER BY o.ordered_at DESC, o.id DESC",
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
    // A search is counted newest first, as its page is listed: the count walks the newest
    // orders through orders_desk_newest (which holds the search column) and stops at the cap,
    // instead of starting wherever the planner likes (the oldest, or the table's first row).
    // Other filters are counted in any order (a queue: an index-only pass over the open orders).
    let searched = filter.conditions.iter().flat_map(|(_, values)| values).any(|value| matches!(value, DeskValue::Search(_)));
    let order = if searched { "ORDER BY o.ordered_at DESC " } else { "" };
    let mut count = sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(format!(
        "SELECT COUNT(*) FROM (SELECT 1 AS one FROM orders o {clause} {order}LIMIT {COUNT_CAP}) AS capped"
    )));
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

// ---- the dashboard's sales (queue::sales_since) ------------------------------------------------

/// An order's JST day (days since 1970-01-01 in Japan: queue::jst_day), as SQL over `o`.
const JST_DAY: &str = "(o.ordered_at + 32400000) / 86400000";

/// Orders (not cancelled) placed at or after `from` ms, and what they sum to.
pub async fn sum_orders_from(db: &Db, channel_id: &ChannelId, from: i64) -> sqlx::Result<(i64, i64)> {
    // PostgreSQL sums BIGINTs into NUMERIC: cast back.
    sqlx::query_as(
        "SELECT COUNT(*), CAST(COALESCE(SUM(o.total_payment), 0) AS BIGINT) FROM orders o \
         WHERE o.channel_id = $1 AND o.ordered_at >= $2 AND o.lifecycle <> 'cancelled'",
    )
    .bind(channel_id)
    .bind(from)
    .fetch_one(&db.pool)
    .await
}

/// A finished day's orders (not cancelled) and what they sum to, as counted at `read_at` ms.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct DaySales {
    pub day: i64,
    pub orders: i64,
    pub amount: i64,
    pub read_at: i64,
}

/// Per JST day of the orders placed from `from` until `until` ms: the orders (not cancelled) and
/// their sum, counted now (`read_at` is 0: the caller stamps it). Days without orders are absent.
pub async fn count_daily_sales(db: &Db, channel_id: &ChannelId, from: i64, until: i64) -> sqlx::Result<Vec<DaySales>> {
    sqlx::query_as::<_, DaySales>(sqlx::AssertSqlSafe(format!(
        "SELECT {JST_DAY} AS day, COUNT(*) AS orders, CAST(COALESCE(SUM(o.total_payment), 0) AS BIGINT) AS amount, CAST(0 AS BIGINT) AS read_at \
         FROM orders o WHERE o.channel_id = $1 AND o.ordered_at >= $2 AND o.ordered_at < $3 AND o.lifecycle <> 'cancelled' GROUP BY 1"
    )))
    .bind(channel_id)
    .bind(from)
    .bind(until)
    .fetch_all(&db.pool)
    .await
}

/// The JST days of the orders placed from `from` until `until` ms cancelled after `since` ms,
/// each with its latest cancel: all that changes a finished day's sales (an order's amount and
/// day never change, and only a cancel takes it out), read from the cancelled orders' index.
pub async fn list_days_cancelled_since(db: &Db, channel_id: &ChannelId, since: i64, from: i64, until: i64) -> sqlx::Result<Vec<(i64, i64)>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {JST_DAY} AS day, MAX(o.cancelled_at) FROM orders o \
         WHERE o.channel_id = $1 AND o.lifecycle = 'cancelled' AND o.cancelled_at > $2 AND o.ordered_at >= $3 AND o.ordered_at < $4 GROUP BY 1"
    )))
    .bind(channel_id)
    .bind(since)
    .bind(from)
    .bind(until)
    .fetch_all(&db.pool)
    .await
}

/// The kept days from `first` to `last` (order_desk_daily_sales).
pub async fn list_kept_daily_sales(db: &Db, channel_id: &ChannelId, first: i64, last: i64) -> sqlx::Result<Vec<DaySales>> {
    sqlx::query_as::<_, DaySales>(
        "SELECT day, orders, amount, read_at FROM order_desk_daily_sales WHERE channel_id = $1 AND day >= $2 AND day <= $3 ORDER BY day",
    )
    .bind(channel_id)
    .bind(first)
    .bind(last)
    .fetch_all(&db.pool)
    .await
}

/// Keeps these days' counts (replacing what was kept), and forgets the channel's days before
/// `forget_before`.
pub async fn upsert_daily_sales(db: &Db, channel_id: &ChannelId, days: &[DaySales], forget_before: i64) -> sqlx::Result<()> {
    const COLUMNS: usize = 4;
    let mut tx = db.begin_write().await?;
    for chunk in days.chunks(CHUNK / COLUMNS) {
        let rows: Vec<String> = (0..chunk.len()).map(|row| format!("($1, {})", numbered(row * COLUMNS + 2, COLUMNS))).collect();
        let sql = format!(
            "INSERT INTO order_desk_daily_sales (channel_id, day, orders, amount, read_at) VALUES {} \
             ON CONFLICT (channel_id, day) DO UPDATE SET orders = excluded.orders, amount = excluded.amount, read_at = excluded.read_at",
            rows.join(", ")
        );
        let mut query = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(channel_id);
        for day in chunk {
            query = query.bind(day.day).bind(day.orders).bind(day.amount).bind(day.read_at);
        }
        query.execute(&mut *tx).await?;
    }
    sqlx::query("DELETE FROM order_desk_daily_sales WHERE channel_id = $1 AND day < $2").bind(channel_id).bind(forget_before).execute(&mut *tx).await?;
    tx.commit().await
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

/// The shop's bank transfers still waiting for (the rest of) their money, oldest first: what a
/// bank statement's lines may pay (入金消込). At most `limit`.
pub async fn list_open_transfers(db: &Db, channel_id: &ChannelId, limit: i64) -> sqlx::Result<Vec<OrderRow>> {
    sqlx::query_as::<_, OrderRow>(sqlx::AssertSqlSafe(format!(
        "SELECT {} FROM orders o WHERE o.channel_id = $1 AND o.status = 'awaiting_payment' AND o.payment_code = 'bank_transfer' \
           AND o.payment_state IN ('unpaid', 'partially_paid') ORDER BY o.ordered_at, o.id LIMIT $2",
        super::store::ORDER_COLUMNS
    )))
    .bind(channel_id)
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

// ---- a shipment split (desk::split_shipment) --------------------------------------------------

/// A new, empty shipment copied from `from` (address, date and slot, wrapping, のし, carrier,
/// 出荷予定日), 未出荷, without carriage (the customer paid it once), at the order's next
/// position and with its code. Returns its id.
pub async fn insert_split_shipment(tx: &mut Tx, from: &str, order_no: &str) -> sqlx::Result<(String, String)> {
    let id = crate::infra::ids::new_id();
    let position: i64 = sqlx::query_scalar(
        "SELECT CAST(COALESCE(MAX(position), 0) + 1 AS BIGINT) FROM order_shippings WHERE order_id = (SELECT order_id FROM order_shippings WHERE id = $1)",
    )
    .bind(from)
    .fetch_one(&mut **tx)
    .await?;
    let code = format!("{order_no}-{position}");
    sqlx::query(
        "INSERT INTO order_shippings (id, order_id, position, address_json, delivery_date, delivery_timezone_key, delivery_timezone_label, \
         wrapping_key, wrapping_label, noshi_key, noshi_label, noshi_name, carriage, shipment_code, ship_state, carrier, ship_planned_on, channel_id) \
         SELECT $1, order_id, $2, address_json, delivery_date, delivery_timezone_key, delivery_timezone_label, wrapping_key, wrapping_label, \
         noshi_key, noshi_label, noshi_name, 0, $3, 'unshipped', carrier, ship_planned_on, channel_id FROM order_shippings WHERE id = $4",
    )
    .bind(&id)
    .bind(position)
    .bind(&code)
    .bind(from)
    .execute(&mut **tx)
    .await?;
    Ok((id, code))
}
