//! The order desk's benchmark orders (`shop seed --demo --orders N`, bench/orders.sh): N orders
//! of the demo shop made by the database itself in batches, shaped like a shop's history — most
//! delivered and closed (with a tracking number), one in thirty cancelled (an hour after it was
//! placed), and the newest 30,000 spread over the work queues (awaiting a transfer, overdue,
//! ready to ship, preparing, held, to review). Names, phones and products vary so searches have
//! something to find. The overdue transfers are already 期限切れ and the awaited ones due in a
//! week, as payment_deadlines.rs would leave them, so that its background work (expiring,
//! 入金督促) does not run beside the measurements.
use crate::infra::db::Db;
use crate::infra::ids::ChannelId;
use crate::infra::time::Timestamp;

const BATCH: i64 = 50_000;
/// The newest orders are still open; the rest are history.
const OPEN: i64 = 30_000;

/// `i` from `first` to `last` as rows: a recursive CTE, which both databases run.
fn numbers(first: i64, last: i64) -> String {
    format!("WITH RECURSIVE n(i) AS (SELECT CAST({first} AS BIGINT) UNION ALL SELECT i + 1 FROM n WHERE i < {last})")
}

const LAST_NAMES: &str = "CASE i % 8 WHEN 0 THEN '山田' WHEN 1 THEN '佐藤' WHEN 2 THEN '鈴木' WHEN 3 THEN '高橋' WHEN 4 THEN '田中' WHEN 5 THEN '伊藤' WHEN 6 THEN '渡辺' ELSE '中村' END";
const LAST_KANA: &str = "CASE i % 8 WHEN 0 THEN 'ヤマダ' WHEN 1 THEN 'サトウ' WHEN 2 THEN 'スズキ' WHEN 3 THEN 'タカハシ' WHEN 4 THEN 'タナカ' WHEN 5 THEN 'イトウ' WHEN 6 THEN 'ワタナベ' ELSE 'ナカムラ' END";
const FIRST_NAMES: &str = "CASE i % 5 WHEN 0 THEN '太郎' WHEN 1 THEN '花子' WHEN 2 THEN '一郎' WHEN 3 THEN '美咲' ELSE '健' END";
const PREFECTURES: &str =
    "CASE i % 6 WHEN 0 THEN '東京都' WHEN 1 THEN '大阪府' WHEN 2 THEN '北海道' WHEN 3 THEN '福岡県' WHEN 4 THEN '愛知県' ELSE '沖縄県' END";
/// 0 delivered, 1 cancelled, then (open orders only) 2 awaiting a transfer, 3 overdue, 4 ready
/// to ship, 5 preparing, 6 held.
const KIND: &str = "CASE WHEN i > {open} AND i % 30 = 0 THEN 1 WHEN i > {open} THEN 0 ELSE 2 + i % 5 END";

/// Adds `count` orders to the demo shop.
pub async fn insert_into_demo(db: &Db, count: i64) -> anyhow::Result<()> {
    let id: String = sqlx::query_scalar("SELECT id FROM channels WHERE code = $1").bind(super::DEMO).fetch_one(&db.pool).await?;
    insert(db, &ChannelId::from_text(&id), count).await
}

/// Adds `count` orders to the shop `channel_id`.
pub async fn insert(db: &Db, channel_id: &ChannelId, count: i64) -> anyhow::Result<()> {
    let now = Timestamp::now().0;
    let mut first = 1;
    while first <= count {
        let last = (first + BATCH - 1).min(count);
        let mut tx = db.begin_write().await?;
        let kind = KIND.replace("{open}", &OPEN.to_string());
        let orderer = format!(
            "'{{\"last_name\":\"' || {LAST_NAMES} || '\",\"first_name\":\"' || {FIRST_NAMES} || '\",\"last_name_kana\":\"' || {LAST_KANA} || \
             '\",\"first_name_kana\":\"\",\"email\":\"buyer' || CAST(i AS TEXT) || '@example.jp\",\"postal_code\":\"1500001\",\
             \"prefecture\":\"' || {PREFECTURES} || '\",\"city\":\"渋谷区\",\"address1\":\"神宮前1-2-' || CAST(i % 50 AS TEXT) || '\",\"address2\":\"\",\
             \"phone_number\":\"090' || CAST(10000000 + i AS TEXT) || '\",\"company_name\":\"\"}}'"
        );
        let shipping = orderer.replace("\"last_name\"", "\"shipping_last_name\"").replace("\"first_name\"", "\"shipping_first_name\"");
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "{numbers} INSERT INTO orders (id, channel_id, order_no, cart_id, user_id, status, payment_method_id, payment_code, payment_name, \
               orderer_json, orderer_email, subtotal, total_carriage, payment_fee, packing_fee, coupon_discount, point_discount, total_payment, \
               total_tax, amount_by_tax_rate, used_points, earned_points, note, ordered_at, updated_at, lifecycle, payment_state, payment_due_at, \
               paid_amount, on_hold, hold_reason, needs_review, review_reason, ship_progress, handled_at, version, search_text, cancelled_at) \
             SELECT 'bench-o-' || CAST(i AS TEXT), $1, 'BN' || CAST(10000000 + i AS TEXT), 'bench-c-' || CAST(i AS TEXT), NULL, \
               CASE k WHEN 0 THEN 'delivered' WHEN 1 THEN 'cancelled' WHEN 2 THEN 'awaiting_payment' WHEN 3 THEN 'awaiting_payment' \
                 WHEN 5 THEN 'preparing' ELSE 'paid' END, \
               NULL, CASE WHEN k IN (2, 3) OR i % 3 = 0 THEN 'bank_transfer' ELSE 'cod' END, \
               CASE WHEN k IN (2, 3) OR i % 3 = 0 THEN '銀行振込' ELSE '代金引換' END, \
               j, 'buyer' || CAST(i AS TEXT) || '@example.jp', 3000 + (i % 40) * 500, 880, 0, 0, 0, 0, 3880 + (i % 40) * 500, \
               (3880 + (i % 40) * 500) / 11, '[]', 0, 0, CASE WHEN i % 7 = 0 THEN '午前中に届けてください' ELSE '' END, \
               $2 - i * 30000, $2 - i * 30000, \
               CASE k WHEN 0 THEN 'closed' WHEN 1 THEN 'cancelled' ELSE 'open' END, \
               CASE WHEN k = 2 THEN 'unpaid' WHEN k = 3 THEN 'expired' WHEN i % 3 = 0 THEN 'paid' WHEN k = 0 THEN 'collected' ELSE 'to_bill' END, \
               CASE k WHEN 2 THEN $2 + 7 * 86400000 WHEN 3 THEN $2 - 86400000 ELSE NULL END, \
               CASE WHEN k IN (2, 3) THEN 0 ELSE 3880 + (i % 40) * 500 END, \
               CASE WHEN k = 6 THEN 1 ELSE 0 END, CASE WHEN k = 6 THEN '住所確認中' ELSE '' END, \
               CASE WHEN i % 7 = 0 THEN 1 ELSE 0 END, CASE WHEN i % 7 = 0 THEN 'お客様の備考あり' ELSE '' END, \
               CASE k WHEN 0 THEN 'delivered' WHEN 5 THEN 'preparing' ELSE 'none' END, \
               CASE WHEN k IN (0, 1, 5) OR i % 2 = 0 THEN $2 - i * 30000 ELSE NULL END, 1, \
               LOWER(REPLACE('bn' || CAST(10000000 + i AS TEXT) || '|buyer' || CAST(i AS TEXT) || '@example.jp|' || {LAST_NAMES} || {FIRST_NAMES} || '|' \
                 || {LAST_KANA} || '|090' || CAST(10000000 + i AS TEXT) || '|〒1500001' || {PREFECTURES} || '渋谷区神宮前1-2-' || CAST(i % 50 AS TEXT), '-', '')), \
               CASE k WHEN 1 THEN $2 - i * 30000 + 3600000 ELSE NULL END \
             FROM (SELECT i, {kind} AS k, {orderer} AS j FROM n) AS g",
            numbers = numbers(first, last)
        )))
        .bind(channel_id)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "{numbers} INSERT INTO order_shippings (id, order_id, position, address_json, carriage, channel_id, shipment_code, ship_state, \
               carrier, ship_planned_on, shipped_at, delivered_at) \
             SELECT 'bench-s-' || CAST(i AS TEXT), 'bench-o-' || CAST(i AS TEXT), 1, {shipping}, 880, $1, 'BN' || CAST(10000000 + i AS TEXT) || '-1', \
               CASE k WHEN 0 THEN 'delivered' WHEN 5 THEN 'preparing' ELSE 'unshipped' END, \
               CASE WHEN k IN (0, 5) THEN 'yamato_b2' ELSE NULL END, '2026-12-01', \
               CASE k WHEN 0 THEN $2 - i * 30000 + 86400000 ELSE NULL END, CASE k WHEN 0 THEN $2 - i * 30000 + 172800000 ELSE NULL END \
             FROM (SELECT i, {kind} AS k FROM n) AS g",
            numbers = numbers(first, last)
        )))
        .bind(channel_id)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "{numbers} INSERT INTO order_lines (id, order_id, shipping_id, position, product_key, variation_key, code, product_name, variation_name, \
               unit_price, quantity, tax_rate) \
             SELECT 'bench-l-' || CAST(i AS TEXT), 'bench-o-' || CAST(i AS TEXT), 'bench-s-' || CAST(i AS TEXT), 1, 'bench', 'bench', \
               'RP-' || CAST(1000 + i % 300 AS TEXT), CASE i % 4 WHEN 0 THEN 'ウインターグローブ' WHEN 1 THEN 'エナジージェル' WHEN 2 THEN 'サイクルジャージ' \
               ELSE 'ヘルメット' END, '', 3000 + (i % 40) * 500, 1, 10 FROM n",
            numbers = numbers(first, last)
        )))
        .execute(&mut *tx)
        .await?;
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "{numbers} INSERT INTO order_tracking_numbers (id, channel_id, shipping_id, carrier, number, added_at) \
             SELECT 'bench-t-' || CAST(i AS TEXT), $1, 'bench-s-' || CAST(i AS TEXT), 'yamato_b2', CAST(400000000000 + i AS TEXT), $2 - i * 30000 \
             FROM (SELECT i, {kind} AS k FROM n) AS g WHERE k = 0",
            numbers = numbers(first, last)
        )))
        .bind(channel_id)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        tracing::info!(orders = last, "bench orders seeded");
        first = last + 1;
    }
    Ok(())
}
