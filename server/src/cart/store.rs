//! Every SQL statement of the cart and of the decision that turns a cart into an order.
//! Stock and point balances change only through guarded UPDATEs (never below zero).
use sqlx::Any;

use crate::infra::db::{Db, Tx};
use crate::infra::ids::new_id;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CartRow {
    pub id: String,
    pub channel_id: String,
    pub user_id: Option<String>,
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
    pub expires_at: i64,
    pub created_at: i64,
    pub updated_at: i64,
}

const CART_COLUMNS: &str = "id, channel_id, user_id, payment_method_id, card_id, card_token, coupon_id, use_points, orderer_json, note, \
     transaction_error, payment_in_progress, order_id, expires_at, created_at, updated_at";

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
}

/// A sellable variation and its product.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct VariationRow {
    pub variation_id: String,
    pub variation_key: String,
    pub variation_name: String,
    pub price: i64,
    pub stock_quantity: i64,
    pub product_id: String,
    pub product_key: String,
    pub product_code: String,
    pub product_name: String,
    pub tax_rate: i64,
    pub sale_start: Option<i64>,
    pub sale_end: Option<i64>,
    pub is_published: i64,
    pub image_url: Option<String>,
}

const VARIATION_COLUMNS: &str = "v.id AS variation_id, v.variation_key, v.name AS variation_name, v.price, v.stock_quantity, \
     p.id AS product_id, p.product_key, p.code AS product_code, p.name AS product_name, p.tax_rate, p.sale_start, p.sale_end, \
     p.is_published, (SELECT i.url FROM product_images i WHERE i.product_id = p.id ORDER BY i.position LIMIT 1) AS image_url";

pub async fn find_cart_by_token<'e, E: sqlx::Executor<'e, Database = Any>>(executor: E, channel_id: &str, token_hash: &str) -> sqlx::Result<Option<CartRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("SELECT {CART_COLUMNS} FROM carts WHERE channel_id = $1 AND token_hash = $2")))
        .bind(channel_id)
        .bind(token_hash)
        .fetch_optional(executor)
        .await
}

pub async fn find_cart<'e, E: sqlx::Executor<'e, Database = Any>>(executor: E, id: &str) -> sqlx::Result<Option<CartRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("SELECT {CART_COLUMNS} FROM carts WHERE id = $1")))
        .bind(id)
        .fetch_optional(executor)
        .await
}

/// The member's newest cart that is neither ordered nor expired.
pub async fn find_open_member_cart<'e, E: sqlx::Executor<'e, Database = Any>>(
    executor: E,
    channel_id: &str,
    user_id: &str,
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

pub async fn insert_cart(tx: &mut Tx, channel_id: &str, token_hash: &str, user_id: Option<&str>, now: i64, expires_at: i64) -> sqlx::Result<String> {
    let id = new_id();
    sqlx::query(
        "INSERT INTO carts (id, channel_id, token_hash, user_id, expires_at, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6)",
    )
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

pub async fn update_cart_user(tx: &mut Tx, cart_id: &str, user_id: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE carts SET user_id = $1 WHERE id = $2").bind(user_id).bind(cart_id).execute(&mut **tx).await?;
    Ok(())
}

pub async fn delete_cart(tx: &mut Tx, cart_id: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM carts WHERE id = $1").bind(cart_id).execute(&mut **tx).await?;
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

// ---- shippings ----

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

pub async fn update_shipping_packing(tx: &mut Tx, shipping_id: &str, wrapping_key: Option<&str>, noshi_key: Option<&str>, noshi_name: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE cart_shippings SET wrapping_key = $1, noshi_key = $2, noshi_name = $3 WHERE id = $4")
        .bind(wrapping_key)
        .bind(noshi_key)
        .bind(noshi_name)
        .bind(shipping_id)
        .execute(&mut **tx)
        .await?;
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

// ---- lines ----

pub async fn list_lines<'e, E: sqlx::Executor<'e, Database = Any>>(executor: E, cart_id: &str) -> sqlx::Result<Vec<LineRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT c.id, c.shipping_id, c.parent_line_id, c.quantity, c.position, {VARIATION_COLUMNS} \
         FROM cart_products c JOIN product_variations v ON v.id = c.variation_id JOIN products p ON p.id = v.product_id \
         WHERE c.cart_id = $1 ORDER BY c.position, c.id"
    )))
    .bind(cart_id)
    .fetch_all(executor)
    .await
}

pub async fn find_variation_by_key<'e, E: sqlx::Executor<'e, Database = Any>>(executor: E, channel_id: &str, variation_key: &str) -> sqlx::Result<Option<VariationRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {VARIATION_COLUMNS} FROM product_variations v JOIN products p ON p.id = v.product_id \
         WHERE v.channel_id = $1 AND v.variation_key = $2"
    )))
    .bind(channel_id)
    .bind(variation_key)
    .fetch_optional(executor)
    .await
}

/// The variations of a product (by its key), in their order.
pub async fn list_product_variations<'e, E: sqlx::Executor<'e, Database = Any>>(executor: E, channel_id: &str, product_key: &str) -> sqlx::Result<Vec<VariationRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {VARIATION_COLUMNS} FROM product_variations v JOIN products p ON p.id = v.product_id \
         WHERE p.channel_id = $1 AND p.product_key = $2 ORDER BY v.position, v.id"
    )))
    .bind(channel_id)
    .bind(product_key)
    .fetch_all(executor)
    .await
}

pub async fn is_accessory_of<'e, E: sqlx::Executor<'e, Database = Any>>(executor: E, product_id: &str, accessory_id: &str) -> sqlx::Result<bool> {
    let found: Option<i64> = sqlx::query_scalar("SELECT 1 FROM product_accessories WHERE product_id = $1 AND accessory_id = $2")
        .bind(product_id)
        .bind(accessory_id)
        .fetch_optional(executor)
        .await?;
    Ok(found.is_some())
}

pub async fn insert_line(tx: &mut Tx, cart_id: &str, shipping_id: Option<&str>, variation_id: &str, parent_line_id: Option<&str>, quantity: i64, now: i64) -> sqlx::Result<String> {
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
    sqlx::query("UPDATE cart_products SET shipping_id = $1 WHERE id = $2 OR parent_line_id = $2")
        .bind(shipping_id)
        .bind(line_id)
        .execute(&mut **tx)
        .await?;
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

/// Deletes a line; its accessory lines go with it (ON DELETE CASCADE).
pub async fn delete_line(tx: &mut Tx, line_id: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM cart_products WHERE parent_line_id = $1").bind(line_id).execute(&mut **tx).await?;
    sqlx::query("DELETE FROM cart_products WHERE id = $1").bind(line_id).execute(&mut **tx).await?;
    Ok(())
}

// ---- payment methods, coupons, points, cards ----

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PaymentMethodRow {
    pub id: String,
    pub code: String,
    pub name: String,
    pub description: String,
    pub fee: i64,
    pub member_only: i64,
}

pub async fn list_payment_methods(db: &Db, channel_id: &str) -> sqlx::Result<Vec<PaymentMethodRow>> {
    sqlx::query_as(
        "SELECT id, code, name, description, fee, member_only FROM payment_methods WHERE channel_id = $1 AND is_enabled = 1 ORDER BY position, id",
    )
    .bind(channel_id)
    .fetch_all(&db.pool)
    .await
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CouponRow {
    pub id: String,
    pub code: String,
    pub name: String,
    pub discount_kind: String,
    pub discount_value: i64,
    pub minimum_amount: i64,
    pub starts_at: Option<i64>,
    pub ends_at: Option<i64>,
    pub requires_take: i64,
    pub member_only: i64,
    pub uses_per_member: i64,
}

const COUPON_COLUMNS: &str = "id, code, name, discount_kind, discount_value, minimum_amount, starts_at, ends_at, requires_take, member_only, uses_per_member";

pub async fn find_coupon_by_code(db: &Db, channel_id: &str, code: &str) -> sqlx::Result<Option<CouponRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("SELECT {COUPON_COLUMNS} FROM coupons WHERE channel_id = $1 AND code = $2")))
        .bind(channel_id)
        .bind(code)
        .fetch_optional(&db.pool)
        .await
}

pub async fn find_coupon<'e, E: sqlx::Executor<'e, Database = Any>>(executor: E, channel_id: &str, id: &str) -> sqlx::Result<Option<CouponRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("SELECT {COUPON_COLUMNS} FROM coupons WHERE channel_id = $1 AND id = $2")))
        .bind(channel_id)
        .bind(id)
        .fetch_optional(executor)
        .await
}

pub async fn is_coupon_taken<'e, E: sqlx::Executor<'e, Database = Any>>(executor: E, user_id: &str, coupon_id: &str) -> sqlx::Result<bool> {
    let found: Option<i64> = sqlx::query_scalar("SELECT 1 FROM user_coupons WHERE user_id = $1 AND coupon_id = $2")
        .bind(user_id)
        .bind(coupon_id)
        .fetch_optional(executor)
        .await?;
    Ok(found.is_some())
}

pub async fn count_coupon_uses<'e, E: sqlx::Executor<'e, Database = Any>>(executor: E, coupon_id: &str, user_id: &str) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COUNT(*) FROM coupon_uses WHERE coupon_id = $1 AND user_id = $2").bind(coupon_id).bind(user_id).fetch_one(executor).await
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CardRow {
    pub id: String,
    pub card_ref: String,
    pub brand: String,
    pub masked_number: String,
}

pub async fn find_member_card<'e, E: sqlx::Executor<'e, Database = Any>>(executor: E, user_id: &str, card_id: &str) -> sqlx::Result<Option<CardRow>> {
    sqlx::query_as("SELECT id, card_ref, brand, masked_number FROM user_cards WHERE user_id = $1 AND id = $2")
        .bind(user_id)
        .bind(card_id)
        .fetch_optional(executor)
        .await
}

/// Brand and last four digits of a one-off token, as the sandbox gateway issued it (the
/// checkout shows which card will be charged; nothing else of the card is known here).
pub async fn find_token_card(db: &Db, channel_id: &str, token: &str) -> sqlx::Result<Option<(String, String)>> {
    sqlx::query_as("SELECT brand, last4 FROM sandbox_card_tokens WHERE channel_id = $1 AND token = $2")
        .bind(channel_id)
        .bind(token)
        .fetch_optional(&db.pool)
        .await
}

// ---- the decision ----

/// Takes `quantity` units; false (nothing changed) when fewer are left.
pub async fn update_take_stock(tx: &mut Tx, variation_id: &str, quantity: i64) -> sqlx::Result<bool> {
    let done = sqlx::query("UPDATE product_variations SET stock_quantity = stock_quantity - $1 WHERE id = $2 AND stock_quantity >= $1")
        .bind(quantity)
        .bind(variation_id)
        .execute(&mut **tx)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// The channel's next order number (1, 2, …).
pub async fn next_order_number(tx: &mut Tx, channel_id: &str) -> sqlx::Result<i64> {
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
    pub channel_id: &'a str,
    pub order_no: &'a str,
    pub cart_id: &'a str,
    pub user_id: Option<&'a str>,
    pub guest_token_hash: Option<&'a str>,
    pub status: &'a str,
    pub payment_method_id: &'a str,
    pub payment_code: &'a str,
    pub payment_name: &'a str,
    pub card_masked_number: Option<&'a str>,
    pub orderer_json: &'a str,
    pub orderer_email: &'a str,
    pub subtotal: i64,
    pub total_carriage: i64,
    pub payment_fee: i64,
    pub packing_fee: i64,
    pub coupon_discount: i64,
    pub point_discount: i64,
    pub total_payment: i64,
    pub total_tax: i64,
    pub amount_by_tax_rate: &'a str,
    pub coupon_id: Option<&'a str>,
    pub coupon_code: Option<&'a str>,
    pub used_points: i64,
    pub earned_points: i64,
    pub note: &'a str,
    pub now: i64,
}

pub async fn insert_order(tx: &mut Tx, o: &NewOrder<'_>) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO orders (id, channel_id, order_no, cart_id, user_id, guest_token_hash, status, payment_method_id, payment_code, \
         payment_name, card_masked_number, orderer_json, orderer_email, subtotal, total_carriage, payment_fee, packing_fee, \
         coupon_discount, point_discount, total_payment, total_tax, amount_by_tax_rate, coupon_id, coupon_code, used_points, \
         earned_points, note, ordered_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $28, $28)",
    )
    .bind(o.id)
    .bind(o.channel_id)
    .bind(o.order_no)
    .bind(o.cart_id)
    .bind(o.user_id)
    .bind(o.guest_token_hash)
    .bind(o.status)
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
    .bind(o.now)
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
    pub carriage: i64,
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
    pub coupon_discount: i64,
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

/// Holds the coupon for this transaction (PostgreSQL: its row lock), so that two orders of
/// one member cannot both pass the per-member use count.
pub async fn lock_coupon(tx: &mut Tx, coupon_id: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE coupons SET position = position WHERE id = $1").bind(coupon_id).execute(&mut **tx).await?;
    Ok(())
}

pub async fn insert_coupon_use(tx: &mut Tx, order_id: &str, coupon_id: &str, user_id: Option<&str>, now: i64) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO coupon_uses (order_id, coupon_id, user_id, used_at) VALUES ($1, $2, $3, $4)")
        .bind(order_id)
        .bind(coupon_id)
        .bind(user_id)
        .bind(now)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Marks a reserved card order paid. False when it is no longer awaiting payment (the buyer
/// cancelled it while the gateway was charging): the caller refunds the charge.
pub async fn update_order_paid(tx: &mut Tx, order_id: &str, charge_id: Option<&str>, masked_number: Option<&str>, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE orders SET status = 'paid', gateway_charge_id = $1, card_masked_number = COALESCE($2, card_masked_number), updated_at = $3 \
         WHERE id = $4 AND status = 'awaiting_payment'",
    )
    .bind(charge_id)
    .bind(masked_number)
    .bind(now)
    .bind(order_id)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Deletes an order that was never placed (its lines, shippings and coupon use go with it).
pub async fn delete_order(tx: &mut Tx, order_id: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM orders WHERE id = $1").bind(order_id).execute(&mut **tx).await?;
    Ok(())
}

// ---- reading an order back (the order itself: orders::store) ----

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
