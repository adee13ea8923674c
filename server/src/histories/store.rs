//! Every SQL statement of histories and product requests.
use crate::infra::ids::{ChannelId, UserId};
use sqlx::Arguments;
use sqlx::any::AnyArguments;

use crate::catalog::store::{products::CHANNEL_OF_IDS, products::PRODUCT_COLUMNS, products::PRODUCT_FROM, products::ProductRow};
use crate::infra::db::{Db, Tx};
use crate::infra::ids::new_id;

/// Published and in their sale period at `$2` (the channel is `$1`).
const LISTABLE: &str = "p.channel_id = $1 AND p.is_published = 1 AND (p.sale_start IS NULL OR p.sale_start <= $2) AND (p.sale_end IS NULL OR p.sale_end > $2)";

pub async fn insert_search_word(tx: &mut Tx, channel_id: &ChannelId, user_id: &UserId, word: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO product_search_histories (id, channel_id, user_id, word, created_at) VALUES ($1, $2, $3, $4, $5)")
        .bind(new_id())
        .bind(channel_id)
        .bind(user_id)
        .bind(word)
        .bind(now)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// A member's search words, newest first (for tests today, the mypage list later).
pub async fn list_search_words(db: &Db, channel_id: &ChannelId, user_id: &UserId) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar("SELECT word FROM product_search_histories WHERE channel_id = $1 AND user_id = $2 ORDER BY created_at DESC, id DESC")
        .bind(channel_id)
        .bind(user_id)
        .fetch_all(&db.pool)
        .await
}

pub struct NewRequest<'a> {
    pub user_id: Option<&'a str>,
    pub product_id: Option<&'a str>,
    pub name: &'a str,
    pub email: &'a str,
    pub body: &'a str,
}

pub async fn insert_request(tx: &mut Tx, channel_id: &ChannelId, id: &str, request: &NewRequest<'_>, now: i64) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO product_requests (id, channel_id, user_id, product_id, name, email, body, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(id)
    .bind(channel_id)
    .bind(request.user_id)
    .bind(request.product_id)
    .bind(request.name)
    .bind(request.email)
    .bind(request.body)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

#[derive(Debug, sqlx::FromRow)]
pub struct RequestRow {
    pub product_id: Option<String>,
    pub user_id: Option<UserId>,
    pub name: String,
    pub email: String,
    pub body: String,
}

pub async fn find_request(db: &Db, channel_id: &ChannelId, id: &str) -> sqlx::Result<Option<RequestRow>> {
    sqlx::query_as::<_, RequestRow>("SELECT product_id, user_id, name, email, body FROM product_requests WHERE channel_id = $1 AND id = $2")
        .bind(channel_id)
        .bind(id)
        .fetch_optional(&db.pool)
        .await
}

/// The id of a published product of the channel, by key.
pub async fn find_product_id_by_key(db: &Db, channel_id: &ChannelId, key: &str) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("SELECT id FROM products WHERE channel_id = $1 AND product_key = $2 AND is_published = 1")
        .bind(channel_id)
        .bind(key)
        .fetch_optional(&db.pool)
        .await
}

/// Whether `id` is a published product of the channel.
pub async fn product_exists(db: &Db, channel_id: &ChannelId, id: &str) -> sqlx::Result<bool> {
    let found: Option<String> = sqlx::query_scalar("SELECT id FROM products WHERE channel_id = $1 AND id = $2 AND is_published = 1")
        .bind(channel_id)
        .bind(id)
        .fetch_optional(&db.pool)
        .await?;
    Ok(found.is_some())
}

/// Records a view: a new row, or the existing one moved to the front.
pub async fn upsert_view(tx: &mut Tx, channel_id: &ChannelId, user_id: &UserId, product_id: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO product_histories (channel_id, user_id, product_id, view_id, viewed_at) VALUES ($1, $2, $3, $4, $5) \
         ON CONFLICT (channel_id, user_id, product_id) DO UPDATE SET view_id = excluded.view_id, viewed_at = excluded.viewed_at",
    )
    .bind(channel_id)
    .bind(user_id)
    .bind(product_id)
    .bind(new_id())
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Keeps a member's `keep` most recent views and forgets older ones, so the table stays small.
pub async fn delete_old_views(tx: &mut Tx, channel_id: &ChannelId, user_id: &UserId, keep: i64) -> sqlx::Result<()> {
    sqlx::query(
        "DELETE FROM product_histories WHERE channel_id = $1 AND user_id = $2 AND view_id NOT IN ( \
             SELECT view_id FROM product_histories WHERE channel_id = $1 AND user_id = $2 ORDER BY view_id DESC LIMIT $3)",
    )
    .bind(channel_id)
    .bind(user_id)
    .bind(keep)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// A member's most recently viewed listable products, newest first.
pub async fn list_viewed_products(db: &Db, channel_id: &ChannelId, user_id: &UserId, now: i64, limit: i64) -> sqlx::Result<Vec<ProductRow>> {
    sqlx::query_as::<_, ProductRow>(sqlx::AssertSqlSafe(format!(
        "SELECT {PRODUCT_COLUMNS} FROM {PRODUCT_FROM} JOIN product_histories h ON h.product_id = p.id \
         WHERE {LISTABLE} AND h.channel_id = $1 AND h.user_id = $3 ORDER BY h.view_id DESC LIMIT $4"
    )))
    .bind(channel_id)
    .bind(now)
    .bind(user_id)
    .bind(limit)
    .fetch_all(&db.pool)
    .await
}

/// The listable products of the channel among `ids`, in no particular order.
pub async fn list_listable_products_by_ids(db: &Db, channel_id: &ChannelId, ids: &[String], now: i64) -> sqlx::Result<Vec<ProductRow>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let placeholders: Vec<String> = (0..ids.len()).map(|i| format!("${}", i + 3)).collect();
    // The ids' own index, not the channel's (see CHANNEL_OF_IDS).
    let listable_by_id = LISTABLE.replacen("p.channel_id = ", CHANNEL_OF_IDS, 1);
    let sql = format!("SELECT {PRODUCT_COLUMNS} FROM {PRODUCT_FROM} WHERE {listable_by_id} AND p.id IN ({})", placeholders.join(", "));
    let mut arguments = AnyArguments::default();
    arguments.add(channel_id.to_owned()).map_err(sqlx::Error::Encode)?;
    arguments.add(now).map_err(sqlx::Error::Encode)?;
    for id in ids {
        arguments.add(id.clone()).map_err(sqlx::Error::Encode)?;
    }
    sqlx::query_as_with::<_, ProductRow, _>(sqlx::AssertSqlSafe(sql), arguments).fetch_all(&db.pool).await
}

/// How many products the member's history shows (at most `limit`).
pub async fn count_viewed_products(db: &Db, channel_id: &ChannelId, user_id: &UserId, now: i64, limit: i64) -> sqlx::Result<i64> {
    let listed: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "SELECT COUNT(*) FROM products p JOIN product_histories h ON h.product_id = p.id \
         WHERE {LISTABLE} AND h.channel_id = $1 AND h.user_id = $3"
    )))
    .bind(channel_id)
    .bind(now)
    .bind(user_id)
    .fetch_one(&db.pool)
    .await?;
    Ok(listed.min(limit))
}

/// Forgets one viewed product; false when it was not in the member's history.
pub async fn delete_view(tx: &mut Tx, channel_id: &ChannelId, user_id: &UserId, product_id: &str) -> sqlx::Result<bool> {
    let done = sqlx::query("DELETE FROM product_histories WHERE channel_id = $1 AND user_id = $2 AND product_id = $3")
        .bind(channel_id)
        .bind(user_id)
        .bind(product_id)
        .execute(&mut **tx)
        .await?;
    Ok(done.rows_affected() > 0)
}

#[derive(Debug, sqlx::FromRow)]
pub struct SearchWordRow {
    pub id: String,
    pub word: String,
    pub created_at: i64,
}

/// A page of the member's search words, newest first, and how many there are.
pub async fn page_search_words(db: &Db, channel_id: &ChannelId, user_id: &UserId, limit: i64, offset: i64) -> sqlx::Result<(Vec<SearchWordRow>, i64)> {
    let rows = sqlx::query_as::<_, SearchWordRow>(
        "SELECT id, word, created_at FROM product_search_histories WHERE channel_id = $1 AND user_id = $2 \
         ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4",
    )
    .bind(channel_id)
    .bind(user_id)
    .bind(limit)
    .bind(offset)
    .fetch_all(&db.pool)
    .await?;
    let total = sqlx::query_scalar("SELECT COUNT(*) FROM product_search_histories WHERE channel_id = $1 AND user_id = $2")
        .bind(channel_id)
        .bind(user_id)
        .fetch_one(&db.pool)
        .await?;
    Ok((rows, total))
}

/// Deletes one of the member's search words; false when the member has no such entry.
pub async fn delete_search_word(tx: &mut Tx, channel_id: &ChannelId, user_id: &UserId, id: &str) -> sqlx::Result<bool> {
    let done = sqlx::query("DELETE FROM product_search_histories WHERE channel_id = $1 AND user_id = $2 AND id = $3")
        .bind(channel_id)
        .bind(user_id)
        .bind(id)
        .execute(&mut **tx)
        .await?;
    Ok(done.rows_affected() > 0)
}

#[derive(Debug, sqlx::FromRow)]
pub struct MemberRequestRow {
    pub id: String,
    pub product_id: Option<String>,
    pub name: String,
    pub email: String,
    pub body: String,
    pub created_at: i64,
}

/// A page of the requests the member sent while logged in, newest first, and how many.
pub async fn page_member_requests(db: &Db, channel_id: &ChannelId, user_id: &UserId, limit: i64, offset: i64) -> sqlx::Result<(Vec<MemberRequestRow>, i64)> {
    let rows = sqlx::query_as::<_, MemberRequestRow>(
        "SELECT id, product_id, name, email, body, created_at FROM product_requests WHERE channel_id = $1 AND user_id = $2 \
         ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4",
    )
    .bind(channel_id)
    .bind(user_id)
    .bind(limit)
    .bind(offset)
    .fetch_all(&db.pool)
    .await?;
    let total = sqlx::query_scalar("SELECT COUNT(*) FROM product_requests WHERE channel_id = $1 AND user_id = $2")
        .bind(channel_id)
        .bind(user_id)
        .fetch_one(&db.pool)
        .await?;
    Ok((rows, total))
}

/// Takes one request out of the member's history; false when there is none. The shop keeps
/// the request itself (it still has to answer it): only its link to the member goes.
pub async fn delete_member_request(tx: &mut Tx, channel_id: &ChannelId, user_id: &UserId, id: &str) -> sqlx::Result<bool> {
    let done = sqlx::query("UPDATE product_requests SET user_id = NULL WHERE channel_id = $1 AND user_id = $2 AND id = $3")
        .bind(channel_id)
        .bind(user_id)
        .bind(id)
        .execute(&mut **tx)
        .await?;
    Ok(done.rows_affected() > 0)
}

/// The 入荷リクエスト still waiting (not yet mailed) for each of these products of the channel:
/// (product id, how many). The stock desk shows them (handed down by state.rs).
pub async fn count_waiting_restock(db: &Db, channel_id: &ChannelId, product_ids: &[String]) -> sqlx::Result<Vec<(String, i64)>> {
    if product_ids.is_empty() {
        return Ok(Vec::new());
    }
    let placeholders: Vec<String> = (0..product_ids.len()).map(|i| format!("${}", i + 2)).collect();
    let sql = format!(
        "SELECT product_id, COUNT(*) FROM product_requests WHERE channel_id = $1 AND notified_at IS NULL AND product_id IN ({}) GROUP BY product_id",
        placeholders.join(", ")
    );
    let mut query = sqlx::query_as::<_, (String, i64)>(sqlx::AssertSqlSafe(sql)).bind(channel_id);
    for id in product_ids {
        query = query.bind(id);
    }
    query.fetch_all(&db.pool).await
}

/// A 入荷リクエスト waiting for its mail.
#[derive(Debug, sqlx::FromRow)]
pub struct WaitingRequest {
    pub id: String,
    pub name: String,
    pub email: String,
    pub created_at: i64,
}

/// The requests for product `product_id` of the channel made at or before `until` and not
/// mailed yet, oldest first.
pub async fn list_waiting_requests(db: &Db, channel_id: &ChannelId, product_id: &str, until: i64) -> sqlx::Result<Vec<WaitingRequest>> {
    sqlx::query_as(
        "SELECT id, name, email, created_at FROM product_requests \
         WHERE channel_id = $1 AND product_id = $2 AND notified_at IS NULL AND created_at <= $3 ORDER BY created_at, id",
    )
    .bind(channel_id)
    .bind(product_id)
    .bind(until)
    .fetch_all(&db.pool)
    .await
}

/// Marks a request as mailed at `now` (or, with `None`, gives the mark back); false when it was
/// already marked, by another instance or an earlier pass.
pub async fn update_request_notified(db: &Db, id: &str, now: Option<i64>) -> sqlx::Result<bool> {
    let sql = if now.is_some() {
        "UPDATE product_requests SET notified_at = $1 WHERE id = $2 AND notified_at IS NULL"
    } else {
        "UPDATE product_requests SET notified_at = $1 WHERE id = $2"
    };
    let done = sqlx::query(sql).bind(now).bind(id).execute(&db.pool).await?;
    Ok(done.rows_affected() == 1)
}
