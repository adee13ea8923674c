//! Every SQL statement of the open cart: carts, their shippings and lines, and the claim a
//! decision (or a payment being settled) holds on a cart. The order itself is written by
//! `orders/store.rs`.
use crate::infra::ids::{ChannelId, UserId, new_id};
use sqlx::Any;

use crate::catalog::store::variations::{VARIATION_COLUMNS, VariationRow};
use crate::infra::db::{Db, Tx};

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CartRow {
    pub id: String,
    pub channel_id: ChannelId,
    pub user_id: Option<UserId>,
    pub payment_method_id: Option<String>,
    pub card_id: Option<String>,
    pub card_token: Option<String>,
    pub coupon_id: Option<String>,
    pub use_points: i64,
    pub orderer_json: Option<String>,
    pub note: String,
    pub transaction_error: Option<String>,
    pub payment_in_progress: i64,
    pub order_id: Option<String>,
    /// Social gift: the receiver's name or nickname (None: an ordinary cart).
    pub gift_receiver_name: Option<String>,
    /// The sender's name shown to the receiver (empty: the orderer's name).
    pub gift_sender_name: String,
    pub gift_message: String,
    /// Corporate: 配送方法 chosen at checkout (members::business::DeliveryOption code).
    pub delivery_option: Option<i64>,
    /// Corporate: 発注番号 typed for this order (None: the member's default; empty: none).
    pub purchase_order_no: Option<String>,
    pub expires_at: i64,
    pub created_at: i64,
    pub updated_at: i64,
}

const CART_COLUMNS: &str = "id, channel_id, user_id, payment_method_id, card_id, card_token, coupon_id, use_points, orderer_json, note, \
     transaction_error, payment_in_progress, order_id, gift_receiver_name, gift_sender_name, gift_message, delivery_option, purchase_order_no, expires_at, created_at, updated_at";

/// A cart line with what the catalogue says about its variation now.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct LineRow {
    pub id: String,
    pub shipping_id: Option<String>,
    pub parent_line_id: Option<String>,
    pub quantity: i64,
    pub position: i64,
    #[sqlx(flatten)]
    pub variation: VariationRow,
    /// The line's embroidery (JSON, `embroidery::Stored`), when it has one.
    pub embroidery: Option<String>,
    /// (price, longest text) when the product can be embroidered.
    pub embroidery_price: Option<i64>,
    pub embroidery_max_chars: Option<i64>,
}

pub async fn find_cart_by_token<'e, E: sqlx::Executor<'e, Database = Any>>(
    executor: E,
    channel_id: &ChannelId,
    token_hash: &str,
) -> sqlx::Result<Option<CartRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("SELECT {CART_COLUMNS} FROM carts WHERE channel_id = $1 AND token_hash = $2")))
        .bind(channel_id)
        .bind(token_hash)
        .fetch_optional(executor)
        .await
}

pub async fn find_cart<'e, E: sqlx::Executor<'e, Database = Any>>(executor: E, id: &str) -> sqlx::Result<Option<CartRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("SELECT {CART_COLUMNS} FROM carts WHERE id = $1"))).bind(id).fetch_optional(executor).await
}

/// The member's newest cart that is neither ordered nor expired.
pub async fn find_open_member_cart<'e, E: sqlx::Executor<'e, Database = Any>>(
    executor: E,
    channel_id: &ChannelId,
    user_id: &UserId,
    except_id: &str,
    now: i64,
) -> sqlx::Result<Option<CartRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {CART_COLUMNS} FROM carts WHERE channel_id = $1 AND user_id = $2 AND id <> $3 AND order_id IS NULL AND expires_at > $4 \
         ORDER BY updated_at DESC, id DESC LIMIT 1"
    )))
    .bind(channel_id)
    .bind(user_id)
    .bind(except_id)
    .bind(now)
    .fetch_optional(executor)
    .await
}

pub async fn insert_cart(tx: &mut Tx, channel_id: &ChannelId, token_hash: &str, user_id: Option<&UserId>, now: i64, expires_at: i64) -> sqlx::Result<String> {
    let id = new_id();
    sqlx::query("INSERT INTO carts (id, channel_id, token_hash, user_id, expires_at, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6)")
        .bind(&id)
        .bind(channel_id)
        .bind(token_hash)
        .bind(user_id)
        .bind(expires_at)
        .bind(now)
        .execute(&mut **tx)
        .await?;
    Ok(id)
}

/// Marks a change: the cart lives another lifetime from now.
pub async fn update_touched(tx: &mut Tx, cart_id: &str, now: i64, expires_at: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE carts SET updated_at = $1, expires_at = $2 WHERE id = $3").bind(now).bind(expires_at).bind(cart_id).execute(&mut **tx).await?;
    Ok(())
}

/// A new token for the cart (only its hash is kept): the old one stops reaching it.
pub async fn update_token_hash(tx: &mut Tx, cart_id: &str, token_hash: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE carts SET token_hash = $1 WHERE id = $2").bind(token_hash).bind(cart_id).execute(&mut **tx).await?;
    Ok(())
}

pub async fn update_cart_user(tx: &mut Tx, cart_id: &str, user_id: &UserId) -> sqlx::Result<()> {
    sqlx::query("UPDATE carts SET user_id = $1 WHERE id = $2").bind(user_id).bind(cart_id).execute(&mut **tx).await?;
    Ok(())
}

pub async fn delete_cart(tx: &mut Tx, cart_id: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM carts WHERE id = $1").bind(cart_id).execute(&mut **tx).await?;
    Ok(())
}

/// Makes the cart a social gift to `receiver` (name, sender name, message), or an ordinary
/// cart again (None). A gift's dates are the recipient's to choose: the shippings' are cleared.
pub async fn update_gift(tx: &mut Tx, cart_id: &str, receiver: Option<(&str, &str, &str)>) -> sqlx::Result<()> {
    let (name, sender, message) = receiver.map_or((None, "", ""), |(n, s, m)| (Some(n), s, m));
    sqlx::query("UPDATE carts SET gift_receiver_name = $1, gift_sender_name = $2, gift_message = $3 WHERE id = $4")
        .bind(name)
        .bind(sender)
        .bind(message)
        .bind(cart_id)
        .execute(&mut **tx)
        .await?;
    if receiver.is_some() {
        super::shipping_store::clear_delivery_dates(tx, cart_id).await?;
    }
    Ok(())
}

/// Empties the cart: lines, shippings, coupon, points, payment.
pub async fn update_reset(tx: &mut Tx, cart_id: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM cart_products WHERE cart_id = $1").bind(cart_id).execute(&mut **tx).await?;
    sqlx::query("DELETE FROM cart_shippings WHERE cart_id = $1").bind(cart_id).execute(&mut **tx).await?;
    sqlx::query(
        "UPDATE carts SET coupon_id = NULL, use_points = 0, payment_method_id = NULL, card_id = NULL, card_token = NULL, transaction_error = NULL WHERE id = $1",
    )
    .bind(cart_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

pub async fn update_payment(tx: &mut Tx, cart_id: &str, payment_method_id: Option<&str>, card_id: Option<&str>, card_token: Option<&str>) -> sqlx::Result<()> {
    sqlx::query("UPDATE carts SET payment_method_id = $1, card_id = $2, card_token = $3 WHERE id = $4")
        .bind(payment_method_id)
        .bind(card_id)
        .bind(card_token)
        .bind(cart_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

pub async fn update_delivery_option(tx: &mut Tx, cart_id: &str, delivery_option: Option<i64>) -> sqlx::Result<()> {
    sqlx::query("UPDATE carts SET delivery_option = $1 WHERE id = $2").bind(delivery_option).bind(cart_id).execute(&mut **tx).await?;
    Ok(())
}

pub async fn update_purchase_order_no(tx: &mut Tx, cart_id: &str, purchase_order_no: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE carts SET purchase_order_no = $1 WHERE id = $2").bind(purchase_order_no).bind(cart_id).execute(&mut **tx).await?;
    Ok(())
}

pub async fn update_orderer(tx: &mut Tx, cart_id: &str, orderer_json: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE carts SET orderer_json = $1 WHERE id = $2").bind(orderer_json).bind(cart_id).execute(&mut **tx).await?;
    Ok(())
}

pub async fn update_note(tx: &mut Tx, cart_id: &str, note: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE carts SET note = $1 WHERE id = $2").bind(note).bind(cart_id).execute(&mut **tx).await?;
    Ok(())
}

pub async fn update_coupon(tx: &mut Tx, cart_id: &str, coupon_id: Option<&str>) -> sqlx::Result<()> {
    sqlx::query("UPDATE carts SET coupon_id = $1 WHERE id = $2").bind(coupon_id).bind(cart_id).execute(&mut **tx).await?;
    Ok(())
}

pub async fn update_use_points(tx: &mut Tx, cart_id: &str, points: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE carts SET use_points = $1 WHERE id = $2").bind(points).bind(cart_id).execute(&mut **tx).await?;
    Ok(())
}

pub async fn update_transaction_error<'e, E: sqlx::Executor<'e, Database = Any>>(executor: E, cart_id: &str, error: Option<&str>) -> sqlx::Result<()> {
    sqlx::query("UPDATE carts SET transaction_error = $1 WHERE id = $2").bind(error).bind(cart_id).execute(executor).await?;
    Ok(())
}

/// Claims the cart for one decision (the payment-in-progress flag). A claim older than
/// `stale_before` (a crashed attempt) may be taken over. False: another decision holds it or
/// the cart is already ordered.
pub async fn update_claim_decision(db: &Db, cart_id: &str, now: i64, stale_before: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE carts SET payment_in_progress = 1, updated_at = $1 WHERE id = $2 AND order_id IS NULL \
         AND (payment_in_progress = 0 OR updated_at < $3)",
    )
    .bind(now)
    .bind(cart_id)
    .bind(stale_before)
    .execute(&db.pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Claims an ordered cart to settle its order's card payment (a resumed decision or the
/// reconciler), unless a live attempt holds it; a claim older than `stale_before` belongs to
/// a process that died and is taken over.
pub async fn update_claim_payment(db: &Db, cart_id: &str, now: i64, stale_before: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE carts SET payment_in_progress = 1, updated_at = $1 WHERE id = $2 AND order_id IS NOT NULL \
         AND (payment_in_progress = 0 OR updated_at < $3)",
    )
    .bind(now)
    .bind(cart_id)
    .bind(stale_before)
    .execute(&db.pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

pub async fn update_release_decision<'e, E: sqlx::Executor<'e, Database = Any>>(executor: E, cart_id: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE carts SET payment_in_progress = 0 WHERE id = $1").bind(cart_id).execute(executor).await?;
    Ok(())
}

pub async fn update_cart_ordered(tx: &mut Tx, cart_id: &str, order_id: Option<&str>, transaction_error: Option<&str>) -> sqlx::Result<()> {
    sqlx::query("UPDATE carts SET order_id = $1, transaction_error = $2 WHERE id = $3")
        .bind(order_id)
        .bind(transaction_error)
        .bind(cart_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

// ---- lines ----

/// The cart's lines as stored: each at its variation's price (`embroidery::priced` adds an
/// embroidery's, as `loaded.rs` does for the cart answer and the decision).
pub async fn list_lines<'e, E: sqlx::Executor<'e, Database = Any>>(executor: E, cart_id: &str) -> sqlx::Result<Vec<LineRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT c.id, c.shipping_id, c.parent_line_id, c.quantity, c.position, {VARIATION_COLUMNS}, \
         c.embroidery, e.price AS embroidery_price, CAST(e.max_chars AS BIGINT) AS embroidery_max_chars \
         FROM cart_products c JOIN product_variations v ON v.id = c.variation_id JOIN products p ON p.id = v.product_id \
         LEFT JOIN product_embroidery e ON e.product_id = p.id \
         WHERE c.cart_id = $1 ORDER BY c.position, c.id"
    )))
    .bind(cart_id)
    .fetch_all(executor)
    .await
}

/// Sets or clears (None) a line's embroidery (JSON).
pub async fn update_line_embroidery(tx: &mut Tx, line_id: &str, embroidery: Option<&str>) -> sqlx::Result<()> {
    sqlx::query("UPDATE cart_products SET embroidery = $2 WHERE id = $1").bind(line_id).bind(embroidery).execute(&mut **tx).await?;
    Ok(())
}

pub async fn insert_line(
    tx: &mut Tx,
    cart_id: &str,
    shipping_id: Option<&str>,
    variation_id: &str,
    parent_line_id: Option<&str>,
    quantity: i64,
    now: i64,
) -> sqlx::Result<String> {
    let id = new_id();
    sqlx::query(
        "INSERT INTO cart_products (id, cart_id, shipping_id, variation_id, parent_line_id, quantity, position, added_at) \
         SELECT $1, $2, $3, $4, $5, $6, COALESCE(MAX(position), 0) + 1, $7 FROM cart_products WHERE cart_id = $2",
    )
    .bind(&id)
    .bind(cart_id)
    .bind(shipping_id)
    .bind(variation_id)
    .bind(parent_line_id)
    .bind(quantity)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(id)
}

pub async fn update_line_quantity(tx: &mut Tx, line_id: &str, quantity: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE cart_products SET quantity = $1 WHERE id = $2").bind(quantity).bind(line_id).execute(&mut **tx).await?;
    Ok(())
}

/// Moves a line (and its accessories) to another shipping.
pub async fn update_line_shipping(tx: &mut Tx, line_id: &str, shipping_id: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE cart_products SET shipping_id = $1 WHERE id = $2 OR parent_line_id = $2").bind(shipping_id).bind(line_id).execute(&mut **tx).await?;
    Ok(())
}

pub async fn update_line_parent(tx: &mut Tx, line_id: &str, parent_line_id: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE cart_products SET parent_line_id = $1 WHERE id = $2").bind(parent_line_id).bind(line_id).execute(&mut **tx).await?;
    Ok(())
}

/// Moves a line to another cart (the guest → member merge).
pub async fn update_line_cart(tx: &mut Tx, line_id: &str, cart_id: &str, shipping_id: Option<&str>) -> sqlx::Result<()> {
    sqlx::query("UPDATE cart_products SET cart_id = $1, shipping_id = $2 WHERE id = $3")
        .bind(cart_id)
        .bind(shipping_id)
        .bind(line_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Lines of the cart that have no shipping yet go to `shipping_id` (its first shipping).
pub async fn update_unshipped_lines(tx: &mut Tx, cart_id: &str, shipping_id: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE cart_products SET shipping_id = $1 WHERE cart_id = $2 AND shipping_id IS NULL")
        .bind(shipping_id)
        .bind(cart_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// The accessory lines of `parent_line_id` move to another cart with their product line.
pub async fn update_accessories_cart(tx: &mut Tx, parent_line_id: &str, cart_id: &str, shipping_id: Option<&str>) -> sqlx::Result<()> {
    sqlx::query("UPDATE cart_products SET cart_id = $1, shipping_id = $2 WHERE parent_line_id = $3")
        .bind(cart_id)
        .bind(shipping_id)
        .bind(parent_line_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// The accessory lines of `parent_line_id` move to another cart under the line `to_parent_id`
/// (which holds the same variation there), in that line's shipping.
pub async fn update_accessories_parent(tx: &mut Tx, parent_line_id: &str, cart_id: &str, to_parent_id: &str, shipping_id: Option<&str>) -> sqlx::Result<()> {
    sqlx::query("UPDATE cart_products SET cart_id = $1, parent_line_id = $2, shipping_id = $3 WHERE parent_line_id = $4")
        .bind(cart_id)
        .bind(to_parent_id)
        .bind(shipping_id)
        .bind(parent_line_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Deletes a line; its accessory lines go with it (ON DELETE CASCADE).
pub async fn delete_line(tx: &mut Tx, line_id: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM cart_products WHERE parent_line_id = $1").bind(line_id).execute(&mut **tx).await?;
    sqlx::query("DELETE FROM cart_products WHERE id = $1").bind(line_id).execute(&mut **tx).await?;
    Ok(())
}
