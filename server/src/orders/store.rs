//! Every SQL statement of orders, memos, receipts and the cancellation. A member's order is
//! always reached through channel and member together, so another's answers `None`.
use crate::infra::ids::{ChannelId, UserId, new_id};
use crate::infra::money::Yen;
use sqlx::Any;

use super::status::Status;
use crate::catalog::store::variations::VariationRow;
use crate::channel::PaymentKind;
use crate::infra::db::{Db, Tx};

pub(super) const ORDER_COLUMNS: &str = "o.id, o.channel_id, o.order_no, o.cart_id, o.user_id, o.guest_token_hash, o.status, o.payment_method_id, \
     o.payment_code, o.payment_name, o.card_masked_number, o.gateway_charge_id, o.orderer_json, o.orderer_email, o.subtotal, \
     o.total_carriage, o.payment_fee, o.packing_fee, o.coupon_discount, o.point_discount, o.total_payment, o.total_tax, \
     o.amount_by_tax_rate, o.coupon_code, o.used_points, o.earned_points, o.note, o.cancel_reason, o.cancelled_at, \
     o.receipt_addressee, o.receipt_note, o.receipt_issued_count, o.link_origin, o.delivery_option, o.purchase_order_no, o.ordered_at, o.updated_at, \
     o.lifecycle, o.payment_state, o.payment_due_at, o.paid_amount, o.paid_on, o.on_hold, o.hold_reason, o.needs_review, o.review_reason, \
     o.ship_progress, o.handled_at, o.version, o.payment_reminded_at, o.refunded_amount";

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct OrderRow {
    pub id: String,
    pub channel_id: ChannelId,
    pub order_no: String,
    /// The cart that made it (one order per cart).
    pub cart_id: String,
    pub user_id: Option<UserId>,
    /// SHA-256 of the guest's `t`; never shown.
    pub guest_token_hash: Option<String>,
    pub status: String,
    pub payment_method_id: Option<String>,
    pub payment_code: String,
    pub payment_name: String,
    pub card_masked_number: Option<String>,
    pub gateway_charge_id: Option<String>,
    pub orderer_json: String,
    pub orderer_email: String,
    pub subtotal: i64,
    pub total_carriage: i64,
    pub payment_fee: i64,
    pub packing_fee: i64,
    pub coupon_discount: i64,
    pub point_discount: i64,
    pub total_payment: i64,
    pub total_tax: i64,
    pub amount_by_tax_rate: String,
    pub coupon_code: Option<String>,
    pub used_points: i64,
    pub earned_points: i64,
    pub note: String,
    pub cancel_reason: Option<String>,
    pub cancelled_at: Option<i64>,
    pub receipt_addressee: String,
    pub receipt_note: String,
    pub receipt_issued_count: i64,
    /// Where mailed links of this order point (the storefront it was placed on).
    pub link_origin: String,
    /// Corporate: 配送方法 (members::business::DeliveryOption code); null elsewhere.
    pub delivery_option: Option<i64>,
    /// Corporate: the member's purchase-order reference (発注番号) when the order was placed.
    pub purchase_order_no: Option<String>,
    pub ordered_at: i64,
    pub updated_at: i64,
    /// The order desk's axes (orders::axes): their codes as stored.
    pub lifecycle: String,
    pub payment_state: String,
    /// 銀行振込's deadline (the end of its last day), ms.
    pub payment_due_at: Option<i64>,
    /// What staff recorded as received (入金確認), yen.
    pub paid_amount: i64,
    /// `YYYY-MM-DD` of the last 入金確認.
    pub paid_on: Option<String>,
    pub on_hold: i64,
    pub hold_reason: String,
    pub needs_review: i64,
    pub review_reason: String,
    pub ship_progress: String,
    pub handled_at: Option<i64>,
    /// Staff send it back with an edit; a stale one is a 409.
    pub version: i64,
    /// When 入金督促 was mailed.
    pub payment_reminded_at: Option<i64>,
    /// What 返品・返金 gave back so far, yen (pending and awaiting transfers included).
    pub refunded_amount: i64,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ShippingRow {
    pub id: String,
    pub order_id: String,
    pub address_json: String,
    pub delivery_date: Option<String>,
    pub delivery_timezone_label: Option<String>,
    pub wrapping_label: Option<String>,
    pub noshi_label: Option<String>,
    pub noshi_name: String,
    pub carriage: i64,
    /// orders::axes::ShipState's code.
    pub ship_state: String,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct LineRow {
    pub id: String,
    pub order_id: String,
    pub shipping_id: Option<String>,
    pub product_key: String,
    pub variation_key: String,
    pub code: String,
    pub product_name: String,
    pub variation_name: String,
    pub unit_price: i64,
    pub quantity: i64,
    pub tax_rate: i64,
    pub is_accessory: i64,
    /// The product's first picture today (the order keeps no picture of its own).
    pub image_url: Option<String>,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct MemoRow {
    pub id: String,
    pub order_id: String,
    pub body: String,
    pub updated_at: i64,
}

/// The search of the order history; dates are already instants (ms).
#[derive(Debug, Default, Clone)]
pub struct Search {
    /// Part of the order number.
    pub order_no: Option<String>,
    pub from_ms: Option<i64>,
    /// Exclusive.
    pub until_ms: Option<i64>,
    pub status: Option<&'static str>,
}

pub(super) use crate::infra::sql_filter::SqlValue as Bind;

/// `WHERE …` of a member's search and its values ($1 channel, $2 member, then the filters).
fn search_clause(channel_id: &ChannelId, user_id: &UserId, search: &Search) -> (String, Vec<Bind>) {
    let mut sql = String::from("WHERE o.channel_id = $1 AND o.user_id = $2");
    let mut binds = vec![Bind::Text(channel_id.to_string()), Bind::Text(user_id.to_string())];
    let mut add = |sql: &mut String, condition: &str, bind: Bind| {
        binds.push(bind);
        sql.push_str(&condition.replace('?', &format!("${}", binds.len())));
    };
    if let Some(no) = &search.order_no {
        add(&mut sql, " AND o.order_no LIKE ? ESCAPE '\\'", Bind::Text(crate::infra::search_text::contains_pattern(no)));
    }
    if let Some(from) = search.from_ms {
        add(&mut sql, " AND o.ordered_at >= ?", Bind::Int(from));
    }
    if let Some(until) = search.until_ms {
        add(&mut sql, " AND o.ordered_at < ?", Bind::Int(until));
    }
    if let Some(status) = search.status {
        add(&mut sql, " AND o.status = ?", Bind::Text(status.to_owned()));
    }
    (sql, binds)
}

/// A page of the member's orders, newest first, and how many match.
pub async fn list_member_orders(
    db: &Db,
    channel_id: &ChannelId,
    user_id: &UserId,
    search: &Search,
    limit: i64,
    offset: i64,
) -> sqlx::Result<(Vec<OrderRow>, i64)> {
    let (clause, binds) = search_clause(channel_id, user_id, search);
    let sql =
        format!("SELECT {ORDER_COLUMNS} FROM orders o {clause} ORDER BY o.ordered_at DESC, o.id DESC LIMIT ${} OFFSET ${}", binds.len() + 1, binds.len() + 2);
    let mut query = sqlx::query_as::<_, OrderRow>(sqlx::AssertSqlSafe(sql));
    for bind in &binds {
        query = match bind {
            Bind::Text(text) => query.bind(text.clone()),
            Bind::Int(n) => query.bind(*n),
        };
    }
    let rows = query.bind(limit).bind(offset).fetch_all(&db.pool).await?;
    let mut count = sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(format!("SELECT COUNT(*) FROM orders o {clause}")));
    for bind in &binds {
        count = match bind {
            Bind::Text(text) => count.bind(text.clone()),
            Bind::Int(n) => count.bind(*n),
        };
    }
    let total = count.fetch_one(&db.pool).await?;
    Ok((rows, total))
}

/// What the member has paid over every order not cancelled.
/// Whether the member has an order of the product (by key) that was not cancelled and is not
/// waiting for its money: a review of it is marked 購入者.
pub async fn has_bought(db: &Db, channel_id: &ChannelId, user_id: &UserId, product_key: &str) -> sqlx::Result<bool> {
    let found: Option<i64> = sqlx::query_scalar(
        "SELECT 1 FROM orders o JOIN order_lines l ON l.order_id = o.id \
         WHERE o.channel_id = $1 AND o.user_id = $2 AND l.product_key = $3 AND o.status NOT IN ('cancelled', 'awaiting_payment') LIMIT 1",
    )
    .bind(channel_id)
    .bind(user_id)
    .bind(product_key)
    .fetch_optional(&db.pool)
    .await?;
    Ok(found.is_some())
}

pub async fn sum_member_total_payment(db: &Db, channel_id: &ChannelId, user_id: &UserId) -> sqlx::Result<i64> {
    // CAST: PostgreSQL's SUM of BIGINT is NUMERIC, which the Any driver cannot decode.
    sqlx::query_scalar(
        "SELECT CAST(COALESCE(SUM(total_payment), 0) AS BIGINT) FROM orders \
         WHERE channel_id = $1 AND user_id = $2 AND status <> $3",
    )
    .bind(channel_id)
    .bind(user_id)
    .bind(Status::Cancelled.code())
    .fetch_one(&db.pool)
    .await
}

pub async fn find_member_order<'e, E: sqlx::Executor<'e, Database = Any>>(
    executor: E,
    channel_id: &ChannelId,
    user_id: &UserId,
    id: &str,
) -> sqlx::Result<Option<OrderRow>> {
    sqlx::query_as::<_, OrderRow>(sqlx::AssertSqlSafe(format!("SELECT {ORDER_COLUMNS} FROM orders o WHERE o.channel_id = $1 AND o.user_id = $2 AND o.id = $3")))
        .bind(channel_id)
        .bind(user_id)
        .bind(id)
        .fetch_optional(executor)
        .await
}

/// Any order of the channel (the cancel function, which also serves the gateway's notice).
pub async fn find_order<'e, E: sqlx::Executor<'e, Database = Any>>(executor: E, channel_id: &ChannelId, id: &str) -> sqlx::Result<Option<OrderRow>> {
    sqlx::query_as::<_, OrderRow>(sqlx::AssertSqlSafe(format!("SELECT {ORDER_COLUMNS} FROM orders o WHERE o.channel_id = $1 AND o.id = $2")))
        .bind(channel_id)
        .bind(id)
        .fetch_optional(executor)
        .await
}

pub async fn find_order_by_no<'e, E: sqlx::Executor<'e, Database = Any>>(
    executor: E,
    channel_id: &ChannelId,
    order_no: &str,
) -> sqlx::Result<Option<OrderRow>> {
    sqlx::query_as::<_, OrderRow>(sqlx::AssertSqlSafe(format!("SELECT {ORDER_COLUMNS} FROM orders o WHERE o.channel_id = $1 AND o.order_no = $2")))
        .bind(channel_id)
        .bind(order_no)
        .fetch_optional(executor)
        .await
}

/// `$1, $2, …` for `count` values.
pub(super) fn placeholders(count: usize) -> String {
    (1..=count).map(|i| format!("${i}")).collect::<Vec<_>>().join(", ")
}

pub async fn list_shippings(db: &Db, order_ids: &[String]) -> sqlx::Result<Vec<ShippingRow>> {
    if order_ids.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "SELECT id, order_id, address_json, delivery_date, delivery_timezone_label, wrapping_label, noshi_label, noshi_name, carriage, ship_state \
         FROM order_shippings WHERE order_id IN ({}) ORDER BY order_id, position, id",
        placeholders(order_ids.len())
    );
    let mut query = sqlx::query_as::<_, ShippingRow>(sqlx::AssertSqlSafe(sql));
    for id in order_ids {
        query = query.bind(id.clone());
    }
    query.fetch_all(&db.pool).await
}

pub async fn list_lines(db: &Db, order_ids: &[String]) -> sqlx::Result<Vec<LineRow>> {
    if order_ids.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "SELECT l.id, l.order_id, l.shipping_id, l.product_key, l.variation_key, l.code, l.product_name, l.variation_name, \
           l.unit_price, l.quantity, l.tax_rate, l.is_accessory, \
           (SELECT i.url FROM product_images i JOIN products p ON p.id = i.product_id \
             WHERE p.channel_id = o.channel_id AND p.product_key = l.product_key ORDER BY i.position LIMIT 1) AS image_url \
         FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE l.order_id IN ({}) ORDER BY l.order_id, l.position, l.id",
        placeholders(order_ids.len())
    );
    let mut query = sqlx::query_as::<_, LineRow>(sqlx::AssertSqlSafe(sql));
    for id in order_ids {
        query = query.bind(id.clone());
    }
    query.fetch_all(&db.pool).await
}

pub async fn list_memos(db: &Db, order_ids: &[String]) -> sqlx::Result<Vec<MemoRow>> {
    if order_ids.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!("SELECT id, order_id, body, updated_at FROM order_memos WHERE order_id IN ({})", placeholders(order_ids.len()));
    let mut query = sqlx::query_as::<_, MemoRow>(sqlx::AssertSqlSafe(sql));
    for id in order_ids {
        query = query.bind(id.clone());
    }
    query.fetch_all(&db.pool).await
}

pub async fn update_receipt_info(tx: &mut Tx, order_id: &str, addressee: &str, note: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE orders SET receipt_addressee = $1, receipt_note = $2, updated_at = $3 WHERE id = $4")
        .bind(addressee)
        .bind(note)
        .bind(now)
        .bind(order_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Counts one more download; returns how many there were before this one.
pub async fn update_receipt_issued(tx: &mut Tx, order_id: &str) -> sqlx::Result<i64> {
    let after: i64 = sqlx::query_scalar("UPDATE orders SET receipt_issued_count = receipt_issued_count + 1 WHERE id = $1 RETURNING receipt_issued_count")
        .bind(order_id)
        .fetch_one(&mut **tx)
        .await?;
    Ok(after - 1)
}

// --- card payments left unsettled ------------------------------------------------------

/// Card orders still awaiting payment that were placed before `placed_before` (oldest
/// first) and whose 3-D Secure challenge, if any, is past its deadline (`payment_due_at`) at
/// `now`: the payment reconciler asks the gateway about each.
pub async fn list_unsettled_card_orders(db: &Db, placed_before: i64, now: i64, limit: i64) -> sqlx::Result<Vec<OrderRow>> {
    sqlx::query_as::<_, OrderRow>(sqlx::AssertSqlSafe(format!(
        "SELECT {ORDER_COLUMNS} FROM orders o WHERE o.status = $1 AND o.payment_code = $2 AND o.ordered_at < $3 \
         AND (o.payment_due_at IS NULL OR o.payment_due_at < $4) ORDER BY o.ordered_at, o.id LIMIT $5"
    )))
    .bind(Status::AwaitingPayment.code())
    .bind(PaymentKind::CreditCard.as_str())
    .bind(placed_before)
    .bind(now)
    .bind(limit)
    .fetch_all(&db.pool)
    .await
}

/// A card order sent to its 3-D Secure challenge waits for the customer until `due_at`.
pub async fn update_authentication_due(db: &Db, order_id: &str, due_at: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE orders SET payment_due_at = $1 WHERE id = $2 AND status = $3")
        .bind(due_at)
        .bind(order_id)
        .bind(Status::AwaitingPayment.code())
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// A new guest token for an order whose first one never reached the buyer (the process died
/// before answering): only its hash is kept.
pub async fn update_guest_token_hash(tx: &mut Tx, order_id: &str, token_hash: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE orders SET guest_token_hash = $1 WHERE id = $2 AND user_id IS NULL").bind(token_hash).bind(order_id).execute(&mut **tx).await?;
    Ok(())
}

// --- cancellation -------------------------------------------------------------------------

/// Cancels the order if its status is still `from`, the status the caller read in this
/// transaction and decided from (one guarded UPDATE, so two concurrent cancels restore stock
/// once, and a payment that lands in between makes this write fail instead of being missed).
/// False: the status moved on.
pub async fn update_cancelled(tx: &mut Tx, channel_id: &ChannelId, order_id: &str, reason: &str, now: i64, from: Status, version: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE orders SET status = $5, lifecycle = 'cancelled', cancel_reason = $1, cancelled_at = $2, updated_at = $2, version = version + 1 \
         WHERE id = $3 AND channel_id = $4 AND status = $6 AND version = $7",
    )
    .bind(reason)
    .bind(now)
    .bind(order_id)
    .bind(channel_id)
    .bind(Status::Cancelled.code())
    .bind(from.code())
    .bind(version)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// (variation id, quantity) of every line whose variation still exists.
pub async fn list_line_quantities(tx: &mut Tx, order_id: &str) -> sqlx::Result<Vec<(String, i64)>> {
    sqlx::query_as("SELECT variation_id, quantity FROM order_lines WHERE order_id = $1 AND variation_id IS NOT NULL ORDER BY variation_id")
        .bind(order_id)
        .fetch_all(&mut **tx)
        .await
}

/// The units of one shipment, per variation (lines of a deleted variation have none).
pub async fn list_shipment_quantities(tx: &mut Tx, shipping_id: &str) -> sqlx::Result<Vec<(String, i64)>> {
    sqlx::query_as("SELECT variation_id, quantity FROM order_lines WHERE shipping_id = $1 AND variation_id IS NOT NULL ORDER BY variation_id")
        .bind(shipping_id)
        .fetch_all(&mut **tx)
        .await
}

/// How many lines a shipment carries.
pub async fn count_shipment_lines(tx: &mut Tx, shipping_id: &str) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COUNT(*) FROM order_lines WHERE shipping_id = $1").bind(shipping_id).fetch_one(&mut **tx).await
}

/// Moves `quantity` units of line `line_id` (of shipment `from`) to shipment `to`: the whole
/// line when it has no more, else a copy of the line with those units (and its share of the
/// line's coupon discount) while the line keeps the rest. False when the line is not
/// `from`'s or has fewer units.
pub async fn update_line_split(tx: &mut Tx, line_id: &str, from: &str, to: &str, quantity: i64) -> sqlx::Result<bool> {
    let line: Option<(i64, i64)> =
        sqlx::query_as("SELECT CAST(quantity AS BIGINT), CAST(coupon_discount AS BIGINT) FROM order_lines WHERE id = $1 AND shipping_id = $2")
            .bind(line_id)
            .bind(from)
            .fetch_optional(&mut **tx)
            .await?;
    let Some((units, discount)) = line else { return Ok(false) };
    if quantity <= 0 || quantity > units {
        return Ok(false);
    }
    if quantity == units {
        sqlx::query("UPDATE order_lines SET shipping_id = $1 WHERE id = $2").bind(to).bind(line_id).execute(&mut **tx).await?;
        return Ok(true);
    }
    let moved_discount = discount * quantity / units;
    sqlx::query(
        "INSERT INTO order_lines (id, order_id, shipping_id, position, variation_id, product_key, variation_key, code, product_name, variation_name,          unit_price, quantity, tax_rate, coupon_discount, is_accessory)          SELECT $1, order_id, $2, position, variation_id, product_key, variation_key, code, product_name, variation_name, unit_price, $3, tax_rate, $4,          is_accessory FROM order_lines WHERE id = $5",
    )
    .bind(new_id())
    .bind(to)
    .bind(quantity)
    .bind(moved_discount)
    .bind(line_id)
    .execute(&mut **tx)
    .await?;
    sqlx::query("UPDATE order_lines SET quantity = quantity - $1, coupon_discount = coupon_discount - $2 WHERE id = $3")
        .bind(quantity)
        .bind(moved_discount)
        .bind(line_id)
        .execute(&mut **tx)
        .await?;
    Ok(true)
}

// --- memos --------------------------------------------------------------------------------

/// The member's memo `id` (with its order's id); another member's is `None`.
pub async fn find_memo<'e, E: sqlx::Executor<'e, Database = Any>>(
    executor: E,
    channel_id: &ChannelId,
    user_id: &UserId,
    id: &str,
) -> sqlx::Result<Option<MemoRow>> {
    sqlx::query_as("SELECT id, order_id, body, updated_at FROM order_memos WHERE channel_id = $1 AND user_id = $2 AND id = $3")
        .bind(channel_id)
        .bind(user_id)
        .bind(id)
        .fetch_optional(executor)
        .await
}

/// The order's memo: made, or replaced when it has one (one memo per order).
pub async fn upsert_memo(tx: &mut Tx, channel_id: &ChannelId, user_id: &UserId, order_id: &str, body: &str, now: i64) -> sqlx::Result<String> {
    sqlx::query_scalar(
        "INSERT INTO order_memos (id, channel_id, order_id, user_id, body, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6) \
         ON CONFLICT (order_id) DO UPDATE SET body = excluded.body, updated_at = excluded.updated_at RETURNING id",
    )
    .bind(new_id())
    .bind(channel_id)
    .bind(order_id)
    .bind(user_id)
    .bind(body)
    .bind(now)
    .fetch_one(&mut **tx)
    .await
}

pub async fn update_memo(tx: &mut Tx, channel_id: &ChannelId, user_id: &UserId, id: &str, body: &str, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query("UPDATE order_memos SET body = $1, updated_at = $2 WHERE channel_id = $3 AND user_id = $4 AND id = $5")
        .bind(body)
        .bind(now)
        .bind(channel_id)
        .bind(user_id)
        .bind(id)
        .execute(&mut **tx)
        .await?;
    Ok(done.rows_affected() == 1)
}

pub async fn delete_memo(tx: &mut Tx, channel_id: &ChannelId, user_id: &UserId, id: &str) -> sqlx::Result<bool> {
    let done = sqlx::query("DELETE FROM order_memos WHERE channel_id = $1 AND user_id = $2 AND id = $3")
        .bind(channel_id)
        .bind(user_id)
        .bind(id)
        .execute(&mut **tx)
        .await?;
    Ok(done.rows_affected() == 1)
}

// ---- placing an order (the checkout decision) ----

/// The channel's next order number (1, 2, …).
pub async fn next_order_number(tx: &mut Tx, channel_id: &ChannelId) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO order_numbers (channel_id, last_number) VALUES ($1, 1) \
         ON CONFLICT (channel_id) DO UPDATE SET last_number = order_numbers.last_number + 1 RETURNING last_number",
    )
    .bind(channel_id)
    .fetch_one(&mut **tx)
    .await
}

pub struct NewOrder<'a> {
    pub id: &'a str,
    pub channel_id: &'a ChannelId,
    pub order_no: &'a str,
    pub cart_id: &'a str,
    pub user_id: Option<&'a UserId>,
    pub guest_token_hash: Option<&'a str>,
    pub status: Status,
    pub payment_method_id: &'a str,
    pub payment_code: &'a str,
    pub payment_name: &'a str,
    pub card_masked_number: Option<&'a str>,
    pub orderer_json: &'a str,
    pub orderer_email: &'a str,
    pub subtotal: Yen,
    pub total_carriage: Yen,
    pub payment_fee: Yen,
    pub packing_fee: Yen,
    pub coupon_discount: Yen,
    pub point_discount: Yen,
    pub total_payment: Yen,
    pub total_tax: Yen,
    pub amount_by_tax_rate: &'a str,
    pub coupon_id: Option<&'a str>,
    pub coupon_code: Option<&'a str>,
    pub used_points: i64,
    pub earned_points: i64,
    pub note: &'a str,
    /// The storefront origin the buyer ordered from: where mailed links point.
    pub link_origin: &'a str,
    pub delivery_option: Option<i64>,
    pub purchase_order_no: Option<&'a str>,
    pub now: i64,
}

pub async fn insert_order(tx: &mut Tx, o: &NewOrder<'_>) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO orders (id, channel_id, order_no, cart_id, user_id, guest_token_hash, status, payment_method_id, payment_code, \
         payment_name, card_masked_number, orderer_json, orderer_email, subtotal, total_carriage, payment_fee, packing_fee, \
         coupon_discount, point_discount, total_payment, total_tax, amount_by_tax_rate, coupon_id, coupon_code, used_points, \
         earned_points, note, link_origin, ordered_at, updated_at, delivery_option, purchase_order_no) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $28, $29, $29, $30, $31)",
    )
    .bind(o.id)
    .bind(o.channel_id)
    .bind(o.order_no)
    .bind(o.cart_id)
    .bind(o.user_id)
    .bind(o.guest_token_hash)
    .bind(o.status.code())
    .bind(o.payment_method_id)
    .bind(o.payment_code)
    .bind(o.payment_name)
    .bind(o.card_masked_number)
    .bind(o.orderer_json)
    .bind(o.orderer_email)
    .bind(o.subtotal)
    .bind(o.total_carriage)
    .bind(o.payment_fee)
    .bind(o.packing_fee)
    .bind(o.coupon_discount)
    .bind(o.point_discount)
    .bind(o.total_payment)
    .bind(o.total_tax)
    .bind(o.amount_by_tax_rate)
    .bind(o.coupon_id)
    .bind(o.coupon_code)
    .bind(o.used_points)
    .bind(o.earned_points)
    .bind(o.note)
    .bind(o.link_origin)
    .bind(o.now)
    .bind(o.delivery_option)
    .bind(o.purchase_order_no)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

pub struct NewOrderShipping<'a> {
    pub id: &'a str,
    pub order_id: &'a str,
    pub position: i64,
    pub address_json: &'a str,
    pub delivery_date: Option<&'a str>,
    pub delivery_timezone_key: Option<&'a str>,
    pub delivery_timezone_label: Option<&'a str>,
    pub wrapping_key: Option<&'a str>,
    pub wrapping_label: Option<&'a str>,
    pub noshi_key: Option<&'a str>,
    pub noshi_label: Option<&'a str>,
    pub noshi_name: &'a str,
    pub carriage: Yen,
}

pub async fn insert_order_shipping(tx: &mut Tx, s: &NewOrderShipping<'_>) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO order_shippings (id, order_id, position, address_json, delivery_date, delivery_timezone_key, delivery_timezone_label, \
         wrapping_key, wrapping_label, noshi_key, noshi_label, noshi_name, carriage) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)",
    )
    .bind(s.id)
    .bind(s.order_id)
    .bind(s.position)
    .bind(s.address_json)
    .bind(s.delivery_date)
    .bind(s.delivery_timezone_key)
    .bind(s.delivery_timezone_label)
    .bind(s.wrapping_key)
    .bind(s.wrapping_label)
    .bind(s.noshi_key)
    .bind(s.noshi_label)
    .bind(s.noshi_name)
    .bind(s.carriage)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

pub struct NewOrderLine<'a> {
    pub order_id: &'a str,
    pub shipping_id: &'a str,
    pub position: i64,
    pub variation: &'a VariationRow,
    pub quantity: i64,
    pub coupon_discount: Yen,
    pub is_accessory: bool,
}

pub async fn insert_order_line(tx: &mut Tx, l: &NewOrderLine<'_>) -> sqlx::Result<()> {
    let v = l.variation;
    sqlx::query(
        "INSERT INTO order_lines (id, order_id, shipping_id, position, variation_id, product_key, variation_key, code, product_name, \
         variation_name, unit_price, quantity, tax_rate, coupon_discount, is_accessory) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)",
    )
    .bind(new_id())
    .bind(l.order_id)
    .bind(l.shipping_id)
    .bind(l.position)
    .bind(&v.variation_id)
    .bind(&v.product_key)
    .bind(&v.variation_key)
    .bind(&v.product_code)
    .bind(&v.product_name)
    .bind(&v.variation_name)
    .bind(v.price)
    .bind(l.quantity)
    .bind(v.tax_rate)
    .bind(l.coupon_discount)
    .bind(i64::from(l.is_accessory))
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Marks a reserved card order paid. False when it is no longer awaiting payment: another
/// attempt paid it already, or it was cancelled while the gateway was charging. The caller
/// reads the order again in the same transaction to tell which.
pub async fn update_order_paid(tx: &mut Tx, order_id: &str, charge_id: Option<&str>, masked_number: Option<&str>, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE orders SET status = $5, gateway_charge_id = $1, card_masked_number = COALESCE($2, card_masked_number), updated_at = $3, \
           payment_state = 'captured', paid_amount = total_payment, version = version + 1 \
         WHERE id = $4 AND status = $6",
    )
    .bind(charge_id)
    .bind(masked_number)
    .bind(now)
    .bind(order_id)
    .bind(Status::Paid.code())
    .bind(Status::AwaitingPayment.code())
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// A paid order goes to preparing (a social gift whose recipient gave the address). False:
/// it is no longer paid (cancelled meanwhile).
pub async fn update_order_preparing(tx: &mut Tx, order_id: &str, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query("UPDATE orders SET status = $1, updated_at = $2, ship_progress = 'preparing', version = version + 1 WHERE id = $3 AND status = $4")
        .bind(Status::Preparing.code())
        .bind(now)
        .bind(order_id)
        .bind(Status::Paid.code())
        .execute(&mut **tx)
        .await?;
    if done.rows_affected() != 1 {
        return Ok(false);
    }
    sqlx::query("UPDATE order_shippings SET ship_state = 'preparing' WHERE order_id = $1 AND ship_state = 'unshipped'")
        .bind(order_id)
        .execute(&mut **tx)
        .await?;
    Ok(true)
}

/// Where a social gift goes, once known: the address snapshot and the chosen date and slot.
pub async fn update_shipping_destination(
    tx: &mut Tx,
    shipping_id: &str,
    address_json: &str,
    delivery_date: Option<&str>,
    timezone: Option<(&str, &str)>,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE order_shippings SET address_json = $1, delivery_date = $2, delivery_timezone_key = $3, delivery_timezone_label = $4 WHERE id = $5")
        .bind(address_json)
        .bind(delivery_date)
        .bind(timezone.map(|t| t.0))
        .bind(timezone.map(|t| t.1))
        .bind(shipping_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Deletes an order that was never placed (its lines, shippings and coupon use go with it).
/// Deletes an order whose card was declined, if it is still awaiting its payment (its lines,
/// shippings and coupon use go with it). False: it was paid or cancelled meanwhile, and stays.
pub async fn delete_unpaid_order(tx: &mut Tx, order_id: &str) -> sqlx::Result<bool> {
    let done = sqlx::query("DELETE FROM orders WHERE id = $1 AND status = $2").bind(order_id).bind(Status::AwaitingPayment.code()).execute(&mut **tx).await?;
    Ok(done.rows_affected() == 1)
}

// ---- an order's lines as placed ----

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct OrderLineRow {
    pub id: String,
    pub shipping_id: Option<String>,
    pub variation_id: Option<String>,
    pub product_key: String,
    pub variation_key: String,
    pub code: String,
    pub product_name: String,
    pub variation_name: String,
    pub unit_price: i64,
    pub quantity: i64,
    pub tax_rate: i64,
    pub is_accessory: i64,
}

pub async fn list_order_lines<'e, E: sqlx::Executor<'e, Database = Any>>(executor: E, order_id: &str) -> sqlx::Result<Vec<OrderLineRow>> {
    sqlx::query_as(
        "SELECT id, shipping_id, variation_id, product_key, variation_key, code, product_name, variation_name, unit_price, quantity, tax_rate, is_accessory \
         FROM order_lines WHERE order_id = $1 ORDER BY position, id",
    )
    .bind(order_id)
    .fetch_all(executor)
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn like_patterns_take_wildcards_literally() {
        assert_eq!(crate::infra::search_text::contains_pattern("RP0_1%"), "%RP0\\_1\\%%");
    }

    #[test]
    fn filters_number_their_placeholders_after_channel_and_member() {
        let search = Search { order_no: Some("12".into()), from_ms: Some(1), until_ms: Some(2), status: Some("paid") };
        let (sql, binds) = search_clause(&ChannelId::from_text("c"), &UserId::from_text("u"), &search);
        assert!(sql.ends_with("o.order_no LIKE $3 ESCAPE '\\' AND o.ordered_at >= $4 AND o.ordered_at < $5 AND o.status = $6"), "{sql}");
        assert_eq!(binds.len(), 6);
    }
}
