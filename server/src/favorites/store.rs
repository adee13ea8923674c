//! Every SQL statement of the favourites lists (`user_lists`, `user_list_items`).
use crate::catalog::store::{products::PRODUCT_COLUMNS, products::PRODUCT_FROM, products::ProductRow};
use crate::infra::db::{Db, Tx};
use crate::infra::ids::new_id;
use crate::infra::ids::{ChannelId, UserId};

/// The table name of products in a list (the only kind a list holds today).
pub const PRODUCTS: &str = "products";

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ListRow {
    pub id: String,
    pub name: String,
    pub is_default: i64,
    pub count: i64,
    pub created_at: i64,
}

const LIST_COLUMNS: &str = "l.id, l.name, l.is_default, \
     (SELECT COUNT(*) FROM user_list_items i WHERE i.list_id = l.id) AS count, l.created_at";

/// The member's lists, the default one first.
pub async fn list_lists(db: &Db, channel_id: &ChannelId, user_id: &UserId) -> sqlx::Result<Vec<ListRow>> {
    sqlx::query_as::<_, ListRow>(sqlx::AssertSqlSafe(format!(
        "SELECT {LIST_COLUMNS} FROM user_lists l WHERE l.channel_id = $1 AND l.user_id = $2 ORDER BY l.is_default DESC, l.created_at, l.id"
    )))
    .bind(channel_id)
    .bind(user_id)
    .fetch_all(&db.pool)
    .await
}

/// One of the member's lists (None for another member's or a missing one).
pub async fn find_list(db: &Db, channel_id: &ChannelId, user_id: &UserId, id: &str) -> sqlx::Result<Option<ListRow>> {
    sqlx::query_as::<_, ListRow>(sqlx::AssertSqlSafe(format!(
        "SELECT {LIST_COLUMNS} FROM user_lists l WHERE l.channel_id = $1 AND l.user_id = $2 AND l.id = $3"
    )))
    .bind(channel_id)
    .bind(user_id)
    .bind(id)
    .fetch_optional(&db.pool)
    .await
}

/// The id of the member's default list, made when missing. Two first requests at once meet
/// the unique index: the loser's insert does nothing and both read the one row.
pub async fn ensure_default_list(tx: &mut Tx, channel_id: &ChannelId, user_id: &UserId, name: &str, now: i64) -> sqlx::Result<String> {
    sqlx::query(
        "INSERT INTO user_lists (id, channel_id, user_id, name, is_default, created_at) VALUES ($1, $2, $3, $4, 1, $5) \
         ON CONFLICT (channel_id, user_id, is_default) WHERE is_default = 1 DO NOTHING",
    )
    .bind(new_id())
    .bind(channel_id)
    .bind(user_id)
    .bind(name)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    sqlx::query_scalar("SELECT id FROM user_lists WHERE channel_id = $1 AND user_id = $2 AND is_default = 1")
        .bind(channel_id)
        .bind(user_id)
        .fetch_one(&mut **tx)
        .await
}

/// The member's list `id`, inside a write (None for another member's or a missing one).
pub async fn own_list_id(tx: &mut Tx, channel_id: &ChannelId, user_id: &UserId, id: &str) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("SELECT id FROM user_lists WHERE channel_id = $1 AND user_id = $2 AND id = $3")
        .bind(channel_id)
        .bind(user_id)
        .bind(id)
        .fetch_optional(&mut **tx)
        .await
}

pub async fn count_items(tx: &mut Tx, list_id: &str) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COUNT(*) FROM user_list_items WHERE list_id = $1").bind(list_id).fetch_one(&mut **tx).await
}

/// Adds a product to a list; one already there keeps its place. Returns whether it was new.
pub async fn add_product(tx: &mut Tx, channel_id: &ChannelId, user_id: &UserId, list_id: &str, product_id: &str, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "INSERT INTO user_list_items (list_id, channel_id, user_id, table_name, item_id, added_id, added_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (list_id, table_name, item_id) DO NOTHING",
    )
    .bind(list_id)
    .bind(channel_id)
    .bind(user_id)
    .bind(PRODUCTS)
    .bind(product_id)
    .bind(new_id())
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() > 0)
}

/// Removes a product from one list, or from every list of the member when `list_id` is None.
pub async fn remove_product(tx: &mut Tx, channel_id: &ChannelId, user_id: &UserId, list_id: Option<&str>, product_id: &str) -> sqlx::Result<u64> {
    let done = sqlx::query(
        "DELETE FROM user_list_items WHERE channel_id = $1 AND user_id = $2 AND table_name = $3 AND item_id = $4 \
         AND ($5 IS NULL OR list_id = $5)",
    )
    .bind(channel_id)
    .bind(user_id)
    .bind(PRODUCTS)
    .bind(product_id)
    .bind(list_id)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected())
}

/// The ids of every product the member keeps in any list.
pub async fn favorite_product_ids(db: &Db, channel_id: &ChannelId, user_id: &UserId) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar("SELECT DISTINCT item_id FROM user_list_items WHERE channel_id = $1 AND user_id = $2 AND table_name = $3")
        .bind(channel_id)
        .bind(user_id)
        .bind(PRODUCTS)
        .fetch_all(&db.pool)
        .await
}

#[derive(Debug, sqlx::FromRow)]
pub struct EntryRow {
    #[sqlx(flatten)]
    pub product: ProductRow,
    pub added_at: i64,
}

/// A page of a list's products, newest addition first. `listable_only` keeps the products
/// in their sale period; published ones only either way.
pub async fn list_entries(db: &Db, list_id: &str, listable_only: bool, now: i64, limit: i64, offset: i64) -> sqlx::Result<(Vec<EntryRow>, i64)> {
    let filter = "i.list_id = $1 AND i.table_name = 'products' AND p.is_published = 1 \
         AND ($2 = 0 OR ((p.sale_start IS NULL OR p.sale_start <= $3) AND (p.sale_end IS NULL OR p.sale_end > $3)))";
    let rows = sqlx::query_as::<_, EntryRow>(sqlx::AssertSqlSafe(format!(
        "SELECT {PRODUCT_COLUMNS}, i.added_at FROM {PRODUCT_FROM} JOIN user_list_items i ON i.item_id = p.id \
         WHERE {filter} ORDER BY i.added_id DESC LIMIT $4 OFFSET $5"
    )))
    .bind(list_id)
    .bind(i64::from(listable_only))
    .bind(now)
    .bind(limit)
    .bind(offset)
    .fetch_all(&db.pool)
    .await?;
    let total: i64 =
        sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SELECT COUNT(*) FROM products p JOIN user_list_items i ON i.item_id = p.id WHERE {filter}")))
            .bind(list_id)
            .bind(i64::from(listable_only))
            .bind(now)
            .fetch_one(&db.pool)
            .await?;
    Ok((rows, total))
}
