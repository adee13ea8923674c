//! The reports' SQL: the facts of a stretch of days read from the orders, their lines and their
//! refunds (owned by `orders`; read here, never written), and the kept days (`report_days`,
//! `report_daily`, owned here).
use super::counting::{Facts, LineFacts, OrderFacts, ReturnFacts, Rows};
use super::figures::{CustomerKind, Dim, ReportFigures};
use crate::infra::db::Db;
use crate::infra::ids::ChannelId;

/// How many rows one insert writes (13 values each: far under both databases' limits).
const ROWS_PER_INSERT: usize = 300;

// ---- the facts ------------------------------------------------------------------------------

/// An order's columns for the order-level breakdowns. 新規 / リピート: an earlier order of the
/// same member (by account) or of the same guest (by e-mail) in this shop.
const ORDER_COLUMNS: &str = "o.id, o.ordered_at, CAST(CASE WHEN o.user_id IS NULL THEN 0 ELSE 1 END AS BIGINT) AS has_account, \
     o.orderer_json, o.payment_code, o.payment_name, \
     (SELECT s.address_json FROM order_shippings s WHERE s.order_id = o.id ORDER BY s.position LIMIT 1) AS address_json, \
     CAST(CASE WHEN o.user_id IS NOT NULL THEN \
        CASE WHEN EXISTS (SELECT 1 FROM orders p WHERE p.channel_id = o.channel_id AND p.user_id = o.user_id AND p.ordered_at < o.ordered_at) THEN 1 ELSE 0 END \
      ELSE \
        CASE WHEN EXISTS (SELECT 1 FROM orders p WHERE p.channel_id = o.channel_id AND p.user_id IS NULL AND p.orderer_email = o.orderer_email AND p.ordered_at < o.ordered_at) THEN 1 ELSE 0 END \
      END AS BIGINT) AS is_repeat, \
     CAST((SELECT COALESCE(SUM(l.quantity), 0) FROM order_lines l WHERE l.order_id = o.id) AS BIGINT) AS items, \
     o.subtotal, o.coupon_discount, o.point_discount, o.total_payment, o.refunded_amount";

#[derive(sqlx::FromRow)]
struct OrderRow {
    id: String,
    ordered_at: i64,
    has_account: i64,
    orderer_json: String,
    payment_code: String,
    payment_name: String,
    address_json: Option<String>,
    is_repeat: i64,
    items: i64,
    subtotal: i64,
    coupon_discount: i64,
    point_discount: i64,
    total_payment: i64,
    refunded_amount: i64,
}

impl OrderRow {
    fn facts(&self) -> OrderFacts {
        let text_of = |json: &str, names: &[&str]| -> String {
            let value: serde_json::Value = serde_json::from_str(json).unwrap_or_default();
            names.iter().find_map(|name| value.get(*name).and_then(|v| v.as_str()).map(str::to_owned)).unwrap_or_default()
        };
        let company_name = text_of(&self.orderer_json, &["company_name"]);
        OrderFacts {
            id: self.id.clone(),
            ordered_at: self.ordered_at,
            customer: Some(CustomerKind::of(self.has_account == 1, &company_name)),
            payment_code: self.payment_code.clone(),
            payment_name: self.payment_name.clone(),
            prefecture: self.address_json.as_deref().map(|json| text_of(json, &["prefecture", "shipping_prefecture"])).unwrap_or_default(),
            repeat: self.is_repeat == 1,
            items: self.items,
            subtotal: self.subtotal,
            coupon_discount: self.coupon_discount,
            point_discount: self.point_discount,
            total_payment: self.total_payment,
        }
    }
}

/// A line's columns; its category is the product's first, `id\tname`.
const LINE_COLUMNS: &str = "l.order_id, l.product_key, l.product_name, l.code, l.variation_name, CAST(l.tax_rate AS BIGINT) AS tax_rate, \
     CAST(l.quantity AS BIGINT) AS quantity, l.unit_price * l.quantity AS gross, l.coupon_discount, \
     (SELECT c.id || '\t' || c.name FROM products pr JOIN product_categories pc ON pc.product_id = pr.id JOIN categories c ON c.id = pc.category_id \
       WHERE pr.channel_id = $1 AND pr.product_key = l.product_key ORDER BY pc.position, c.id LIMIT 1) AS category";

#[derive(sqlx::FromRow)]
struct LineRow {
    order_id: String,
    product_key: String,
    product_name: String,
    code: String,
    variation_name: String,
    tax_rate: i64,
    quantity: i64,
    gross: i64,
    coupon_discount: i64,
    category: Option<String>,
}

impl LineRow {
    fn facts(&self) -> LineFacts {
        LineFacts {
            order_id: self.order_id.clone(),
            product_key: self.product_key.clone(),
            product_name: self.product_name.clone(),
            code: self.code.clone(),
            variation_name: self.variation_name.clone(),
            tax_rate: self.tax_rate,
            category: self.category.as_deref().and_then(|c| c.split_once('\t')).map(|(id, name)| (id.to_owned(), name.to_owned())),
            quantity: self.quantity,
            gross: self.gross,
            coupon_discount: self.coupon_discount,
        }
    }
}

/// A line given back: by a refund (`refund_id`) or by its order's cancel (what was not refunded).
#[derive(sqlx::FromRow)]
struct ReturnedLineRow {
    owner_id: String,
    returned: i64,
    #[sqlx(flatten)]
    line: LineRow,
}

/// A cancelled order and when it was cancelled.
#[derive(sqlx::FromRow)]
struct CancelRow {
    cancelled_at: i64,
    #[sqlx(flatten)]
    order: OrderRow,
}

#[derive(sqlx::FromRow)]
struct RefundRow {
    id: String,
    order_id: String,
    amount: i64,
    created_at: i64,
    state: String,
}

/// The refunds of the stretch: not failed ones (a pending one counts; it is asked again until
/// it is settled, and the day stays uncounted until then).
const REFUNDS_OF_STRETCH: &str = "FROM order_refunds r WHERE r.channel_id = $1 AND r.created_at >= $2 AND r.created_at < $3 AND r.state <> 'failed'";
/// The cancels of the stretch.
const CANCELS_OF_STRETCH: &str = "FROM orders o WHERE o.channel_id = $1 AND o.lifecycle = 'cancelled' AND o.cancelled_at >= $2 AND o.cancelled_at < $3";

/// Everything that happened from `from` until `until` ms, and whether a refund of the stretch
/// is still pending (its day is then not final).
pub async fn read_facts(db: &Db, channel_id: &ChannelId, from: i64, until: i64) -> sqlx::Result<(Facts, Vec<i64>)> {
    let placed = "FROM orders o WHERE o.channel_id = $1 AND o.ordered_at >= $2 AND o.ordered_at < $3";
    let orders: Vec<OrderRow> = fetch(db, channel_id, from, until, format!("SELECT {ORDER_COLUMNS} {placed}")).await?;
    let lines: Vec<LineRow> =
        fetch(db, channel_id, from, until, format!("SELECT {LINE_COLUMNS} FROM order_lines l WHERE l.order_id IN (SELECT o.id {placed})")).await?;
    let refunds: Vec<RefundRow> =
        fetch(db, channel_id, from, until, format!("SELECT r.id, r.order_id, r.amount, r.created_at, r.state {REFUNDS_OF_STRETCH}")).await?;
    let refund_lines: Vec<ReturnedLineRow> = fetch(
        db,
        channel_id,
        from,
        until,
        format!(
            "SELECT rl.refund_id AS owner_id, rl.amount AS returned, {LINE_COLUMNS} FROM order_refund_lines rl JOIN order_lines l ON l.id = rl.line_id \
             WHERE rl.refund_id IN (SELECT r.id {REFUNDS_OF_STRETCH})"
        ),
    )
    .await?;
    let cancelled: Vec<CancelRow> = fetch(db, channel_id, from, until, format!("SELECT o.cancelled_at, {ORDER_COLUMNS} {CANCELS_OF_STRETCH}")).await?;
    let cancelled_lines: Vec<ReturnedLineRow> = fetch(
        db,
        channel_id,
        from,
        until,
        format!(
            "SELECT l.order_id AS owner_id, l.unit_price * l.quantity - CAST(COALESCE((SELECT SUM(rl.amount) FROM order_refund_lines rl \
               JOIN order_refunds r ON r.id = rl.refund_id WHERE rl.line_id = l.id AND r.state <> 'failed'), 0) AS BIGINT) AS returned, {LINE_COLUMNS} \
             FROM order_lines l WHERE l.order_id IN (SELECT o.id {CANCELS_OF_STRETCH})"
        ),
    )
    .await?;
    let refund_order_ids: Vec<&str> = refunds.iter().map(|r| r.order_id.as_str()).collect();
    let mut returned_orders: Vec<OrderFacts> = list_orders(db, channel_id, &refund_order_ids).await?.iter().map(OrderRow::facts).collect();
    returned_orders.extend(cancelled.iter().map(|c| c.order.facts()));
    let lines_of = |owner: &str, rows: &[ReturnedLineRow]| -> Vec<(LineFacts, i64)> {
        rows.iter().filter(|row| row.owner_id == owner).map(|row| (row.line.facts(), row.returned)).collect()
    };
    let mut returns: Vec<ReturnFacts> = refunds
        .iter()
        .map(|refund| ReturnFacts {
            order_id: refund.order_id.clone(),
            at: refund.created_at,
            amount: refund.amount,
            lines: lines_of(&refund.id, &refund_lines),
        })
        .collect();
    returns.extend(cancelled.iter().map(|CancelRow { cancelled_at, order }| ReturnFacts {
        order_id: order.id.clone(),
        at: *cancelled_at,
        amount: order.total_payment - order.refunded_amount,
        lines: lines_of(&order.id, &cancelled_lines),
    }));
    let pending_at = refunds.iter().filter(|r| r.state == "pending").map(|r| r.created_at).collect();
    let facts = Facts { orders: orders.iter().map(OrderRow::facts).collect(), lines: lines.iter().map(LineRow::facts).collect(), returned_orders, returns };
    Ok((facts, pending_at))
}

async fn fetch<T>(db: &Db, channel_id: &ChannelId, from: i64, until: i64, sql: String) -> sqlx::Result<Vec<T>>
where
    T: for<'r> sqlx::FromRow<'r, sqlx::any::AnyRow> + Send + Unpin,
{
    sqlx::query_as::<_, T>(sqlx::AssertSqlSafe(sql)).bind(channel_id).bind(from).bind(until).fetch_all(&db.pool).await
}

async fn list_orders(db: &Db, channel_id: &ChannelId, ids: &[&str]) -> sqlx::Result<Vec<OrderRow>> {
    let mut ids: Vec<&str> = ids.to_vec();
    ids.sort_unstable();
    ids.dedup();
    let mut rows = Vec::with_capacity(ids.len());
    for chunk in ids.chunks(ROWS_PER_INSERT) {
        let marks: Vec<String> = (0..chunk.len()).map(|i| format!("${}", i + 2)).collect();
        let sql = format!("SELECT {ORDER_COLUMNS} FROM orders o WHERE o.channel_id = $1 AND o.id IN ({})", marks.join(", "));
        let mut query = sqlx::query_as::<_, OrderRow>(sqlx::AssertSqlSafe(sql)).bind(channel_id);
        for id in chunk {
            query = query.bind(*id);
        }
        rows.extend(query.fetch_all(&db.pool).await?);
    }
    Ok(rows)
}

// ---- the kept days ---------------------------------------------------------------------------

/// The days from `first` to `last` already counted and kept.
pub async fn list_kept_days(db: &Db, channel_id: &ChannelId, first: i64, last: i64) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar("SELECT day FROM report_days WHERE channel_id = $1 AND day >= $2 AND day <= $3 ORDER BY day")
        .bind(channel_id)
        .bind(first)
        .bind(last)
        .fetch_all(&db.pool)
        .await
}

/// Keeps these finished days: their rows (of `rows`, every day of `days` marked counted, a day
/// without rows included). Counting twice writes the same figures, so two instances counting
/// one day at once agree.
pub async fn keep_days(db: &Db, channel_id: &ChannelId, days: &[i64], rows: &Rows, now: i64) -> sqlx::Result<()> {
    let mut tx = db.begin_write().await?;
    let kept: Vec<_> = rows.iter().filter(|((day, _, _), _)| days.contains(day)).collect();
    for chunk in kept.chunks(ROWS_PER_INSERT) {
        let values: Vec<String> = (0..chunk.len())
            .map(|row| {
                let at = 2 + row * 12;
                format!("($1, {})", (at..at + 12).map(|i| format!("${i}")).collect::<Vec<_>>().join(", "))
            })
            .collect();
        let sql = format!(
            "INSERT INTO report_daily (channel_id, dim, day, row_key, label, orders, items, gross, discounts, points, fees, returns, net) VALUES {} \
             ON CONFLICT (channel_id, dim, day, row_key) DO UPDATE SET label = excluded.label, orders = excluded.orders, items = excluded.items, \
             gross = excluded.gross, discounts = excluded.discounts, points = excluded.points, fees = excluded.fees, returns = excluded.returns, net = excluded.net",
            values.join(", ")
        );
        let mut query = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(channel_id);
        for ((day, dim, key), (label, f)) in chunk {
            query = query.bind(dim.code()).bind(*day).bind(key.as_str()).bind(label.as_str());
            for value in f.cells() {
                query = query.bind(value);
            }
        }
        query.execute(&mut *tx).await?;
    }
    for chunk in days.chunks(ROWS_PER_INSERT) {
        let values: Vec<String> = (0..chunk.len()).map(|i| format!("($1, ${}, $2)", i + 3)).collect();
        let sql = format!("INSERT INTO report_days (channel_id, day, counted_at) VALUES {} ON CONFLICT (channel_id, day) DO NOTHING", values.join(", "));
        let mut query = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(channel_id).bind(now);
        for day in chunk {
            query = query.bind(*day);
        }
        query.execute(&mut *tx).await?;
    }
    tx.commit().await
}

#[derive(sqlx::FromRow)]
struct KeptRow {
    day: i64,
    row_key: String,
    label: String,
    orders: i64,
    items: i64,
    gross: i64,
    discounts: i64,
    points: i64,
    fees: i64,
    returns: i64,
    net: i64,
}

impl KeptRow {
    fn figures(&self) -> ReportFigures {
        ReportFigures {
            orders: self.orders,
            items: self.items,
            gross: self.gross,
            discounts: self.discounts,
            points: self.points,
            fees: self.fees,
            returns: self.returns,
            net: self.net,
        }
    }
}

const SUMS: &str = "CAST(SUM(orders) AS BIGINT) AS orders, CAST(SUM(items) AS BIGINT) AS items, CAST(SUM(gross) AS BIGINT) AS gross, \
     CAST(SUM(discounts) AS BIGINT) AS discounts, CAST(SUM(points) AS BIGINT) AS points, CAST(SUM(fees) AS BIGINT) AS fees, \
     CAST(SUM(returns) AS BIGINT) AS returns, CAST(SUM(net) AS BIGINT) AS net";

/// The kept rows of `dim` from `first` to `last`, one per day and key.
pub async fn list_kept_rows(db: &Db, channel_id: &ChannelId, dim: Dim, first: i64, last: i64) -> sqlx::Result<Vec<(i64, String, String, ReportFigures)>> {
    let rows: Vec<KeptRow> = sqlx::query_as(
        "SELECT day, row_key, label, orders, items, gross, discounts, points, fees, returns, net FROM report_daily \
         WHERE channel_id = $1 AND dim = $2 AND day >= $3 AND day <= $4 ORDER BY day, row_key",
    )
    .bind(channel_id)
    .bind(dim.code())
    .bind(first)
    .bind(last)
    .fetch_all(&db.pool)
    .await?;
    Ok(rows.into_iter().map(|row| (row.day, row.row_key.clone(), row.label.clone(), row.figures())).collect())
}

/// The kept rows of `dim` from `first` to `last` summed per key (its latest label).
pub async fn sum_kept_rows(db: &Db, channel_id: &ChannelId, dim: Dim, first: i64, last: i64) -> sqlx::Result<Vec<(String, String, ReportFigures)>> {
    let rows: Vec<KeptRow> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT CAST(MAX(day) AS BIGINT) AS day, row_key, MAX(label) AS label, {SUMS} FROM report_daily \
         WHERE channel_id = $1 AND dim = $2 AND day >= $3 AND day <= $4 GROUP BY row_key"
    )))
    .bind(channel_id)
    .bind(dim.code())
    .bind(first)
    .bind(last)
    .fetch_all(&db.pool)
    .await?;
    Ok(rows.into_iter().map(|row| (row.row_key.clone(), row.label.clone(), row.figures())).collect())
}

/// The channels (for the pass that keeps every shop's days counted).
pub async fn list_channel_ids(db: &Db) -> sqlx::Result<Vec<ChannelId>> {
    sqlx::query_scalar("SELECT id FROM channels ORDER BY id").fetch_all(&db.pool).await
}
