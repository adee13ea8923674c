//! Stock (`product_variations.stock_quantity`, what can still be sold, and
//! `reserved_quantity`, what orders hold until their parcels leave) and its ledger
//! (`stock_movements`): their one owner. The checkout takes units into reserve (販売), a cancel
//! or a declined card gives them back (キャンセル戻し), a parcel's leaving releases its reserve
//! (出荷), staff add or take units (入荷, 調整, 返品戻し) and count the shelf (棚卸). Every
//! movement writes its ledger line in the same transaction, with both counts after it, so the
//! ledger always adds up to the variation. Every change of the sellable count stamps the
//! variation, so every instance's keyword index sees the stock move.
use serde::Serialize;

use crate::infra::db::{Db, Tx};
use crate::infra::ids::{ChannelId, new_id};
use crate::infra::time::Timestamp;

/// Why units moved: a closed set, stored by its code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum StockReason {
    /// 入荷: units came in.
    Arrival,
    /// 販売: an order took units into its reserve.
    Sale,
    /// 出荷: a parcel left with reserved units (or came back to the shelf, stepped back).
    Shipment,
    /// キャンセル戻し: a cancelled or refused order gave its units back.
    CancelReturn,
    /// 返品戻し: a returned item went back on sale.
    ReturnRestock,
    /// 調整: a correction by hand (damage, a miscount, a sample).
    Adjustment,
    /// 棚卸: the shelf was counted and the count set.
    Stocktake,
}

impl StockReason {
    pub const ALL: [StockReason; 7] = [
        StockReason::Arrival,
        StockReason::Sale,
        StockReason::Shipment,
        StockReason::CancelReturn,
        StockReason::ReturnRestock,
        StockReason::Adjustment,
        StockReason::Stocktake,
    ];

    pub fn code(self) -> &'static str {
        match self {
            StockReason::Arrival => "arrival",
            StockReason::Sale => "sale",
            StockReason::Shipment => "shipment",
            StockReason::CancelReturn => "cancel_return",
            StockReason::ReturnRestock => "return_restock",
            StockReason::Adjustment => "adjustment",
            StockReason::Stocktake => "stocktake",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            StockReason::Arrival => "入荷",
            StockReason::Sale => "販売",
            StockReason::Shipment => "出荷",
            StockReason::CancelReturn => "キャンセル戻し",
            StockReason::ReturnRestock => "返品戻し",
            StockReason::Adjustment => "調整",
            StockReason::Stocktake => "棚卸",
        }
    }

    pub fn parse(code: &str) -> Option<StockReason> {
        Self::ALL.into_iter().find(|reason| reason.code() == code)
    }

    /// The reasons staff give to a +/− adjustment (the others are the system's, or the 棚卸's).
    pub fn is_manual(self) -> bool {
        matches!(self, StockReason::Arrival | StockReason::Adjustment | StockReason::ReturnRestock)
    }
}

/// Who and what a movement is for, as its ledger line records it.
#[derive(Debug, Clone, Copy)]
pub struct Cause<'a> {
    pub reason: StockReason,
    /// (id, name) of the staff member; None for the checkout, a customer, the system.
    pub staff: Option<(&'a str, &'a str)>,
    pub order_no: Option<&'a str>,
    pub note: &'a str,
}

impl<'a> Cause<'a> {
    /// A movement an order caused, with no staff member behind it.
    pub fn order(reason: StockReason, order_no: &'a str) -> Self {
        Cause { reason, staff: None, order_no: Some(order_no), note: "" }
    }

    /// 入荷, by nobody yet (set `staff` and `note`).
    pub fn arrival() -> Self {
        Cause { reason: StockReason::Arrival, staff: None, order_no: None, note: "" }
    }
}

/// The first line of a variation just inserted with `quantity` units (the product desk's
/// 初期在庫).
pub async fn record_opening(tx: &mut Tx, variation_id: &str, quantity: i64, cause: &Cause<'_>, now: i64) -> sqlx::Result<()> {
    record(tx, variation_id, quantity, quantity, cause, now).await
}

/// Writes the ledger line of a movement just made to `variation_id` (in `tx`): the deltas, and
/// the counts the variation holds now.
async fn record(tx: &mut Tx, variation_id: &str, available_delta: i64, on_hand_delta: i64, cause: &Cause<'_>, now: i64) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO stock_movements (id, channel_id, variation_id, reason, available_delta, on_hand_delta, available_after, on_hand_after, \
           staff_id, staff_name, order_no, note, at) \
         SELECT $1, channel_id, id, $2, $3, $4, stock_quantity, stock_quantity + reserved_quantity, $5, $6, $7, $8, $9 \
         FROM product_variations WHERE id = $10",
    )
    .bind(new_id())
    .bind(cause.reason.code())
    .bind(available_delta)
    .bind(on_hand_delta)
    .bind(cause.staff.map(|(id, _)| id))
    .bind(cause.staff.map(|(_, name)| name))
    .bind(cause.order_no)
    .bind(cause.note)
    .bind(now)
    .bind(variation_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// The stamp the keyword index follows: later than the last, taken as late as possible before
/// the commit (the index's poll allows a margin for transactions that commit after it).
const STAMP: &str = "updated_at = CASE WHEN updated_at < $3 THEN $3 ELSE updated_at + 1 END";

/// Takes `quantity` units into the orders' reserve; false (nothing changed) when fewer are
/// left. The ledger's 販売 line follows with [`record_sale`], once the order has its number.
pub async fn update_take_stock(tx: &mut Tx, variation_id: &str, quantity: i64) -> sqlx::Result<bool> {
    let sql = format!(
        "UPDATE product_variations SET stock_quantity = stock_quantity - $1, reserved_quantity = reserved_quantity + $1, {STAMP} \
         WHERE id = $2 AND stock_quantity >= $1"
    );
    let done = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(quantity).bind(variation_id).bind(Timestamp::now().0).execute(&mut **tx).await?;
    Ok(done.rows_affected() == 1)
}

/// The 販売 line of units [`update_take_stock`] took for order `order_no`.
pub async fn record_sale(tx: &mut Tx, variation_id: &str, quantity: i64, order_no: &str, now: i64) -> sqlx::Result<()> {
    record(tx, variation_id, -quantity, 0, &Cause::order(StockReason::Sale, order_no), now).await
}

/// Gives back `quantity` units an order held and never shipped (a cancel, a declined card):
/// a キャンセル戻し line with `cause`'s order and staff member.
pub async fn update_stock_returned(tx: &mut Tx, variation_id: &str, quantity: i64, cause: &Cause<'_>) -> sqlx::Result<()> {
    let sql = format!(
        "UPDATE product_variations SET stock_quantity = stock_quantity + $1, \
           reserved_quantity = CASE WHEN reserved_quantity > $1 THEN reserved_quantity - $1 ELSE 0 END, {STAMP} WHERE id = $2"
    );
    let now = Timestamp::now().0;
    sqlx::query(sqlx::AssertSqlSafe(sql)).bind(quantity).bind(variation_id).bind(now).execute(&mut **tx).await?;
    record(tx, variation_id, quantity, 0, &Cause { reason: StockReason::CancelReturn, ..*cause }, now).await
}

/// Moves `quantity` units of the reserve out (`leaving`: a parcel left, 出荷済) or back in (a
/// shipment stepped back from 出荷済): an 出荷 line of order `order_no`. The sellable count does
/// not change, so no stamp.
pub async fn update_reserve_shipped(tx: &mut Tx, variation_id: &str, quantity: i64, leaving: bool, order_no: &str, now: i64) -> sqlx::Result<()> {
    let sql = if leaving {
        "UPDATE product_variations SET reserved_quantity = CASE WHEN reserved_quantity > $1 THEN reserved_quantity - $1 ELSE 0 END WHERE id = $2"
    } else {
        "UPDATE product_variations SET reserved_quantity = reserved_quantity + $1 WHERE id = $2"
    };
    sqlx::query(sql).bind(quantity).bind(variation_id).execute(&mut **tx).await?;
    let (delta, note) = if leaving { (-quantity, "") } else { (quantity, "出荷済から戻しました") };
    record(tx, variation_id, 0, delta, &Cause { note, ..Cause::order(StockReason::Shipment, order_no) }, now).await
}

// ---- the stock desk -------------------------------------------------------------------------

/// A variation's stock as the desk shows it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct StockRow {
    pub variation_id: String,
    pub product_id: String,
    pub product_key: String,
    pub product_name: String,
    pub product_code: String,
    pub sku: String,
    pub variation_name: String,
    pub available: i64,
    pub reserved: i64,
    pub threshold: Option<i64>,
}

const STOCK_COLUMNS: &str = "v.id AS variation_id, p.id AS product_id, p.product_key, p.name AS product_name, p.code AS product_code, \
     v.variation_key AS sku, v.name AS variation_name, CAST(v.stock_quantity AS BIGINT) AS available, \
     CAST(v.reserved_quantity AS BIGINT) AS reserved, CAST(v.stock_alert_threshold AS BIGINT) AS threshold";

/// Which variations the desk lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum StockFilter {
    #[default]
    All,
    /// 在庫わずか: at or under the threshold (out of stock included).
    Low,
    /// 在庫切れ: nothing left to sell.
    Out,
}

/// A page of the channel's variations, by 商品コード and position, and how many match. `like`:
/// a LIKE pattern (already escaped with `\`) over product name, 商品コード and SKU.
pub async fn list_stock(
    db: &Db,
    channel_id: &ChannelId,
    like: Option<&str>,
    filter: StockFilter,
    limit: i64,
    offset: i64,
) -> sqlx::Result<(Vec<StockRow>, i64)> {
    let mut clause = String::from("v.channel_id = $1");
    if like.is_some() {
        clause.push_str(" AND (p.name LIKE $2 ESCAPE '\\' OR p.code LIKE $2 ESCAPE '\\' OR v.variation_key LIKE $2 ESCAPE '\\' OR v.name LIKE $2 ESCAPE '\\')");
    }
    clause.push_str(match filter {
        StockFilter::All => "",
        StockFilter::Low => " AND v.stock_alert_threshold IS NOT NULL AND v.stock_quantity <= v.stock_alert_threshold",
        StockFilter::Out => " AND v.stock_quantity = 0",
    });
    let next = if like.is_some() { 3 } else { 2 };
    let page = format!(
        "SELECT {STOCK_COLUMNS} FROM product_variations v JOIN products p ON p.id = v.product_id WHERE {clause} \
         ORDER BY p.code, p.id, v.position LIMIT ${next} OFFSET ${}",
        next + 1
    );
    let count = format!("SELECT COUNT(*) FROM product_variations v JOIN products p ON p.id = v.product_id WHERE {clause}");
    let mut rows = sqlx::query_as::<_, StockRow>(sqlx::AssertSqlSafe(page)).bind(channel_id);
    let mut total = sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(count)).bind(channel_id);
    if let Some(like) = like {
        rows = rows.bind(like);
        total = total.bind(like);
    }
    Ok((rows.bind(limit).bind(offset).fetch_all(&db.pool).await?, total.fetch_one(&db.pool).await?))
}

/// The channel's variation `variation_id` (None: not this channel's).
pub async fn find_stock<'e, E: sqlx::Executor<'e, Database = sqlx::Any>>(
    executor: E,
    channel_id: &ChannelId,
    variation_id: &str,
) -> sqlx::Result<Option<StockRow>> {
    let sql = format!("SELECT {STOCK_COLUMNS} FROM product_variations v JOIN products p ON p.id = v.product_id WHERE v.channel_id = $1 AND v.id = $2");
    sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(channel_id).bind(variation_id).fetch_optional(executor).await
}

/// Adds `delta` units (taken away when negative) to what can be sold, unless that would leave
/// fewer than none; false: nothing changed (the caller tells why from the row).
pub async fn update_adjust(tx: &mut Tx, channel_id: &ChannelId, variation_id: &str, delta: i64, cause: &Cause<'_>, now: i64) -> sqlx::Result<bool> {
    let sql = format!(
        "UPDATE product_variations SET stock_quantity = stock_quantity + $1, {STAMP} \
         WHERE id = $2 AND channel_id = $4 AND stock_quantity + $1 >= 0"
    );
    let done = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(delta).bind(variation_id).bind(now).bind(channel_id).execute(&mut **tx).await?;
    if done.rows_affected() != 1 {
        return Ok(false);
    }
    record(tx, variation_id, delta, delta, cause, now).await?;
    Ok(true)
}

/// The 棚卸: sets what is on the shelf from `from` to `to` (what can be sold becomes `to` less
/// the reserve), only while the shelf still holds `from` and `to` covers the reserve; false:
/// nothing changed (the caller tells why from the row).
pub async fn update_count(tx: &mut Tx, channel_id: &ChannelId, variation_id: &str, from: i64, to: i64, cause: &Cause<'_>, now: i64) -> sqlx::Result<bool> {
    let sql = format!(
        "UPDATE product_variations SET stock_quantity = $1 - reserved_quantity, {STAMP} \
         WHERE id = $2 AND channel_id = $4 AND stock_quantity + reserved_quantity = $5 AND reserved_quantity <= $1"
    );
    let done = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(to).bind(variation_id).bind(now).bind(channel_id).bind(from).execute(&mut **tx).await?;
    if done.rows_affected() != 1 {
        return Ok(false);
    }
    record(tx, variation_id, to - from, to - from, &Cause { reason: StockReason::Stocktake, ..*cause }, now).await?;
    Ok(true)
}

/// Sets (or clears) the variation's 在庫アラート threshold; false: not this channel's.
pub async fn update_threshold(db: &Db, channel_id: &ChannelId, variation_id: &str, threshold: Option<i64>) -> sqlx::Result<bool> {
    let done = sqlx::query("UPDATE product_variations SET stock_alert_threshold = $1 WHERE id = $2 AND channel_id = $3")
        .bind(threshold)
        .bind(variation_id)
        .bind(channel_id)
        .execute(&db.pool)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// A ledger line.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct MovementRow {
    pub id: String,
    pub reason: String,
    pub available_delta: i64,
    pub on_hand_delta: i64,
    pub available_after: i64,
    pub on_hand_after: i64,
    pub staff_name: Option<String>,
    pub order_no: Option<String>,
    pub note: String,
    pub at: i64,
}

/// A page of the variation's ledger, newest first, and how many lines it has.
pub async fn list_movements(db: &Db, channel_id: &ChannelId, variation_id: &str, limit: i64, offset: i64) -> sqlx::Result<(Vec<MovementRow>, i64)> {
    let rows = sqlx::query_as(
        "SELECT id, reason, CAST(available_delta AS BIGINT) AS available_delta, CAST(on_hand_delta AS BIGINT) AS on_hand_delta, \
           CAST(available_after AS BIGINT) AS available_after, CAST(on_hand_after AS BIGINT) AS on_hand_after, staff_name, order_no, note, at \
         FROM stock_movements WHERE channel_id = $1 AND variation_id = $2 ORDER BY at DESC, id DESC LIMIT $3 OFFSET $4",
    )
    .bind(channel_id)
    .bind(variation_id)
    .bind(limit)
    .bind(offset)
    .fetch_all(&db.pool)
    .await?;
    let total = sqlx::query_scalar("SELECT COUNT(*) FROM stock_movements WHERE channel_id = $1 AND variation_id = $2")
        .bind(channel_id)
        .bind(variation_id)
        .fetch_one(&db.pool)
        .await?;
    Ok((rows, total))
}

// ---- restocks and the low-stock queue, for the mails -----------------------------------------

/// A product that can be bought again: listable now, with units to sell, whose sellable
/// count last went up (入荷, a cancel's return, an adjustment, a count) at `restocked_at`.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct RestockedProduct {
    pub product_id: String,
    pub channel_id: ChannelId,
    pub product_key: String,
    pub product_name: String,
    pub restocked_at: i64,
}

/// The products restocked at or after `since` that a visitor can buy at `now`.
pub async fn list_restocked_since(db: &Db, since: i64, now: i64) -> sqlx::Result<Vec<RestockedProduct>> {
    sqlx::query_as(
        "SELECT p.id AS product_id, p.channel_id, p.product_key, p.name AS product_name, MAX(m.at) AS restocked_at \
         FROM stock_movements m JOIN product_variations v ON v.id = m.variation_id JOIN products p ON p.id = v.product_id \
         WHERE m.at >= $1 AND m.available_delta > 0 AND p.is_published = 1 \
           AND (p.sale_start IS NULL OR p.sale_start <= $2) AND (p.sale_end IS NULL OR p.sale_end > $2) \
           AND EXISTS (SELECT 1 FROM product_variations s WHERE s.product_id = p.id AND s.stock_quantity > 0) \
         GROUP BY p.id, p.channel_id, p.product_key, p.name",
    )
    .bind(since)
    .bind(now)
    .fetch_all(&db.pool)
    .await
}

/// The shops with a variation at or under its 在庫アラート.
pub async fn list_channels_with_low_stock(db: &Db) -> sqlx::Result<Vec<ChannelId>> {
    sqlx::query_scalar("SELECT DISTINCT channel_id FROM product_variations WHERE stock_alert_threshold IS NOT NULL AND stock_quantity <= stock_alert_threshold")
        .fetch_all(&db.pool)
        .await
}

/// Claims the shop's low-stock mail of `day` (Japan time, `YYYY-MM-DD`); false when an
/// instance claimed it already.
pub async fn claim_low_stock_mail(db: &Db, channel_id: &ChannelId, day: &str, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query("INSERT INTO stock_alert_mails (channel_id, day, sent_at) VALUES ($1, $2, $3) ON CONFLICT (channel_id, day) DO NOTHING")
        .bind(channel_id)
        .bind(day)
        .bind(now)
        .execute(&db.pool)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Gives a claim back (its mail could not be queued), for the next pass.
pub async fn release_low_stock_mail(db: &Db, channel_id: &ChannelId, day: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM stock_alert_mails WHERE channel_id = $1 AND day = $2").bind(channel_id).bind(day).execute(&db.pool).await?;
    Ok(())
}
