//! The SQL of a cart's shippings (`cart_shippings`): where each group of lines goes, when, and
//! in which packing. The table belongs to the cart (see `store.rs` for the cart and its lines).
use sqlx::Any;

use crate::infra::db::Tx;
use crate::infra::ids::new_id;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ShippingRow {
    pub id: String,
    pub position: i64,
    pub user_address_id: Option<String>,
    pub address_json: Option<String>,
    pub delivery_date: Option<String>,
    pub delivery_timezone_key: Option<String>,
    pub wrapping_key: Option<String>,
    pub noshi_key: Option<String>,
    pub noshi_name: String,
}

const SHIPPING_COLUMNS: &str = "id, position, user_address_id, address_json, delivery_date, delivery_timezone_key, wrapping_key, noshi_key, noshi_name";

pub async fn list_shippings<'e, E: sqlx::Executor<'e, Database = Any>>(executor: E, cart_id: &str) -> sqlx::Result<Vec<ShippingRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("SELECT {SHIPPING_COLUMNS} FROM cart_shippings WHERE cart_id = $1 ORDER BY position, id")))
        .bind(cart_id)
        .fetch_all(executor)
        .await
}

pub async fn insert_shipping(tx: &mut Tx, cart_id: &str) -> sqlx::Result<String> {
    let id = new_id();
    sqlx::query(
        "INSERT INTO cart_shippings (id, cart_id, position) \
         SELECT $1, $2, COALESCE(MAX(position), 0) + 1 FROM cart_shippings WHERE cart_id = $2",
    )
    .bind(&id)
    .bind(cart_id)
    .execute(&mut **tx)
    .await?;
    Ok(id)
}

pub async fn update_shipping_address(tx: &mut Tx, shipping_id: &str, user_address_id: Option<&str>, address_json: Option<&str>) -> sqlx::Result<()> {
    sqlx::query("UPDATE cart_shippings SET user_address_id = $1, address_json = $2 WHERE id = $3")
        .bind(user_address_id)
        .bind(address_json)
        .bind(shipping_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

pub async fn update_shipping_delivery(tx: &mut Tx, shipping_id: &str, date: Option<&str>, timezone_key: Option<&str>) -> sqlx::Result<()> {
    sqlx::query("UPDATE cart_shippings SET delivery_date = $1, delivery_timezone_key = $2 WHERE id = $3")
        .bind(date)
        .bind(timezone_key)
        .bind(shipping_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

pub async fn update_shipping_packing(
    tx: &mut Tx,
    shipping_id: &str,
    wrapping_key: Option<&str>,
    noshi_key: Option<&str>,
    noshi_name: &str,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE cart_shippings SET wrapping_key = $1, noshi_key = $2, noshi_name = $3 WHERE id = $4")
        .bind(wrapping_key)
        .bind(noshi_key)
        .bind(noshi_name)
        .bind(shipping_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// The shipping `shipping_id` is removed and its lines go to the shipping `to_id`.
pub async fn delete_shipping(tx: &mut Tx, cart_id: &str, shipping_id: &str, to_id: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE cart_products SET shipping_id = $1 WHERE cart_id = $2 AND shipping_id = $3")
        .bind(to_id)
        .bind(cart_id)
        .bind(shipping_id)
        .execute(&mut **tx)
        .await?;
    sqlx::query("DELETE FROM cart_shippings WHERE cart_id = $1 AND id = $2").bind(cart_id).bind(shipping_id).execute(&mut **tx).await?;
    Ok(())
}

/// Every shipping of the cart loses its date and time slot (a gift's are the recipient's to
/// choose; a pick-up has none).
pub async fn clear_delivery_dates(tx: &mut Tx, cart_id: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE cart_shippings SET delivery_date = NULL, delivery_timezone_key = NULL WHERE cart_id = $1").bind(cart_id).execute(&mut **tx).await?;
    Ok(())
}

/// One shipping is left (the first): every line goes to it, the others are deleted, its date
/// and time slot are cleared, and its address too when asked.
pub async fn update_shippings_reset(tx: &mut Tx, cart_id: &str, first_id: &str, remove_address: bool) -> sqlx::Result<()> {
    sqlx::query("UPDATE cart_products SET shipping_id = $1 WHERE cart_id = $2").bind(first_id).bind(cart_id).execute(&mut **tx).await?;
    sqlx::query("DELETE FROM cart_shippings WHERE cart_id = $1 AND id <> $2").bind(cart_id).bind(first_id).execute(&mut **tx).await?;
    sqlx::query("UPDATE cart_shippings SET delivery_date = NULL, delivery_timezone_key = NULL WHERE id = $1").bind(first_id).execute(&mut **tx).await?;
    if remove_address {
        update_shipping_address(tx, first_id, None, None).await?;
    }
    Ok(())
}
