//! Every SQL statement of the ecommerce events, and the reads of the cart and order they
//! point at (those tables belong to the cart and orders features).
use super::owner::Owner;
use crate::infra::db::{Db, Tx};
use crate::infra::ids::{ChannelId, UserId};

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct EventRow {
    pub id: String,
    pub name: String,
    pub args_json: String,
    pub rcmd_ct_json: Option<String>,
    pub cart_id: Option<String>,
    pub owner_user_id: Option<String>,
    pub owner_token_hash: Option<String>,
}

impl EventRow {
    pub fn owner(&self) -> Owner {
        Owner::from_columns(self.owner_user_id.clone(), self.owner_token_hash.clone())
    }
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CartRef {
    pub id: String,
    /// The member whose cart it is (None for a guest cart).
    pub user_id: Option<UserId>,
    pub order_id: Option<String>,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct OrderSummaryRow {
    pub order_no: String,
    pub total_payment: i64,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct OrderLineRow {
    pub product_key: String,
    pub product_name: String,
    pub unit_price: i64,
    pub quantity: i64,
}

/// The channel's cart whose token hashes to `token_hash`.
pub async fn find_cart(db: &Db, channel_id: &ChannelId, token_hash: &str) -> sqlx::Result<Option<CartRef>> {
    sqlx::query_as::<_, CartRef>("SELECT id, user_id, order_id FROM carts WHERE channel_id = $1 AND token_hash = $2")
        .bind(channel_id)
        .bind(token_hash)
        .fetch_optional(&db.pool)
        .await
}

pub async fn find_cart_by_id(db: &Db, channel_id: &ChannelId, id: &str) -> sqlx::Result<Option<CartRef>> {
    sqlx::query_as::<_, CartRef>("SELECT id, user_id, order_id FROM carts WHERE channel_id = $1 AND id = $2")
        .bind(channel_id)
        .bind(id)
        .fetch_optional(&db.pool)
        .await
}

pub struct NewEvent<'a> {
    pub id: &'a str,
    pub name: &'a str,
    pub args_json: &'a str,
    /// The recommendation click that led to it (`logreco_rcmd_ct`), as JSON text.
    pub rcmd_ct_json: Option<&'a str>,
    pub cart_id: Option<&'a str>,
    /// The member who posted it (analytics), not necessarily its owner.
    pub user_id: Option<&'a str>,
    pub owner: &'a Owner,
}

pub async fn insert_event(tx: &mut Tx, channel_id: &ChannelId, event: &NewEvent<'_>, now: i64) -> sqlx::Result<()> {
    let (owner_user_id, owner_token_hash) = event.owner.columns();
    sqlx::query(
        "INSERT INTO ecommerce_events (id, channel_id, name, args_json, rcmd_ct_json, cart_id, user_id, owner_user_id, owner_token_hash, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
    )
    .bind(event.id)
    .bind(channel_id)
    .bind(event.name)
    .bind(event.args_json)
    .bind(event.rcmd_ct_json)
    .bind(event.cart_id)
    .bind(event.user_id)
    .bind(owner_user_id)
    .bind(owner_token_hash)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

pub async fn find_event(db: &Db, channel_id: &ChannelId, id: &str) -> sqlx::Result<Option<EventRow>> {
    sqlx::query_as::<_, EventRow>(
        "SELECT id, name, args_json, rcmd_ct_json, cart_id, owner_user_id, owner_token_hash FROM ecommerce_events WHERE channel_id = $1 AND id = $2",
    )
    .bind(channel_id)
    .bind(id)
    .fetch_optional(&db.pool)
    .await
}

pub async fn find_order_summary(db: &Db, channel_id: &ChannelId, order_id: &str) -> sqlx::Result<Option<OrderSummaryRow>> {
    sqlx::query_as::<_, OrderSummaryRow>("SELECT order_no, total_payment FROM orders WHERE channel_id = $1 AND id = $2")
        .bind(channel_id)
        .bind(order_id)
        .fetch_optional(&db.pool)
        .await
}

/// The order's lines in their order (accessories included).
pub async fn list_order_lines(db: &Db, order_id: &str) -> sqlx::Result<Vec<OrderLineRow>> {
    sqlx::query_as::<_, OrderLineRow>(
        "SELECT product_key, product_name, unit_price, CAST(quantity AS BIGINT) AS quantity FROM order_lines WHERE order_id = $1 ORDER BY position, id",
    )
    .bind(order_id)
    .fetch_all(&db.pool)
    .await
}
