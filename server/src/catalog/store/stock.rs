//! Stock (`product_variations.stock_quantity`, what can still be sold, and
//! `reserved_quantity`, what orders hold until their parcels leave): its one owner. The
//! checkout takes units into reserve, a cancel or a declined card gives them back, a parcel's
//! leaving (出荷済) releases its reserve, a stocktake sets a count. Every change of the sellable
//! count stamps the variation, so every instance's keyword index sees the stock move.
use crate::infra::ids::ChannelId;

use crate::infra::db::Tx;
use crate::infra::time::Timestamp;

/// Sets the stock of the channel's variation `variation_key` (a stocktake's correction);
/// false when the channel has no such variation.
pub async fn update_variation_stock(tx: &mut Tx, channel_id: &ChannelId, variation_key: &str, quantity: i64, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE product_variations SET stock_quantity = $1, updated_at = CASE WHEN updated_at < $2 THEN $2 ELSE updated_at + 1 END \
         WHERE channel_id = $3 AND variation_key = $4",
    )
    .bind(quantity)
    .bind(now)
    .bind(channel_id)
    .bind(variation_key)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Takes `quantity` units into the orders' reserve; false (nothing changed) when fewer are left.
pub async fn update_take_stock(tx: &mut Tx, variation_id: &str, quantity: i64) -> sqlx::Result<bool> {
    // The stamp is taken here, as late as possible before the commit: the index's poll
    // allows a margin for transactions that commit after their stamp.
    let done = sqlx::query(
        "UPDATE product_variations SET stock_quantity = stock_quantity - $1, reserved_quantity = reserved_quantity + $1, \
         updated_at = CASE WHEN updated_at < $3 THEN $3 ELSE updated_at + 1 END WHERE id = $2 AND stock_quantity >= $1",
    )
    .bind(quantity)
    .bind(variation_id)
    .bind(Timestamp::now().0)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Gives back `quantity` units an order held and never shipped (a cancel, a declined card). Like [`update_take_stock`], it stamps the variation so that
/// every instance's keyword index sees the product's stock move (catalog/search_index.rs).
pub async fn update_stock_returned(tx: &mut Tx, variation_id: &str, quantity: i64) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE product_variations SET stock_quantity = stock_quantity + $1, \
         reserved_quantity = CASE WHEN reserved_quantity > $1 THEN reserved_quantity - $1 ELSE 0 END, updated_at = CASE WHEN updated_at < $3 THEN $3 ELSE updated_at + 1 END WHERE id = $2",
    )
    .bind(quantity)
    .bind(variation_id)
    .bind(Timestamp::now().0)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Moves `quantity` units of the reserve out (`leaving`: a parcel left, 出荷済) or back in (a
/// shipment stepped back from 出荷済). The sellable count does not change, so no stamp.
pub async fn update_reserve_shipped(tx: &mut Tx, variation_id: &str, quantity: i64, leaving: bool) -> sqlx::Result<()> {
    let sql = if leaving {
        "UPDATE product_variations SET reserved_quantity = CASE WHEN reserved_quantity > $1 THEN reserved_quantity - $1 ELSE 0 END WHERE id = $2"
    } else {
        "UPDATE product_variations SET reserved_quantity = reserved_quantity + $1 WHERE id = $2"
    };
    sqlx::query(sql).bind(quantity).bind(variation_id).execute(&mut **tx).await?;
    Ok(())
}
