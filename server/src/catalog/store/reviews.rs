//! `product_reviews`: the published reviews a product page lists, and a member's new review
//! (the `reviews` feature checks it first).
use crate::infra::ids::{ChannelId, UserId};

use crate::infra::db::{Db, Tx, flag};

use crate::infra::pagination::Page;

// Reviews

#[derive(Debug, sqlx::FromRow)]
pub struct ReviewRow {
    pub id: String,
    pub rating: i64,
    pub title: String,
    pub body: String,
    pub nickname: String,
    pub is_purchaser: i64,
    pub created_at: i64,
}

/// Published reviews of a product, newest first.
pub async fn list_reviews(db: &Db, product_id: &str, page: Page) -> sqlx::Result<(Vec<ReviewRow>, i64)> {
    let total: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM product_reviews WHERE product_id = $1 AND is_published = 1").bind(product_id).fetch_one(&db.pool).await?;
    let rows = sqlx::query_as::<_, ReviewRow>(
        "SELECT id, rating, title, body, nickname, is_purchaser, created_at FROM product_reviews \
         WHERE product_id = $1 AND is_published = 1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3",
    )
    .bind(product_id)
    .bind(page.per)
    .bind(page.offset())
    .fetch_all(&db.pool)
    .await?;
    Ok((rows, total))
}

pub struct NewMemberReview<'a> {
    pub id: &'a str,
    pub channel_id: &'a ChannelId,
    pub product_id: &'a str,
    pub user_id: &'a UserId,
    pub rating: i64,
    pub title: &'a str,
    pub body: &'a str,
    pub nickname: &'a str,
    pub is_purchaser: bool,
    pub is_published: bool,
}

/// A member's review; false when the member already reviewed the product (nothing changes).
pub async fn insert_member_review(tx: &mut Tx, review: &NewMemberReview<'_>, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "INSERT INTO product_reviews (id, channel_id, product_id, user_id, rating, title, body, nickname, is_purchaser, is_published, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (product_id, user_id) DO NOTHING",
    )
    .bind(review.id)
    .bind(review.channel_id)
    .bind(review.product_id)
    .bind(review.user_id)
    .bind(review.rating)
    .bind(review.title)
    .bind(review.body)
    .bind(review.nickname)
    .bind(flag(review.is_purchaser))
    .bind(flag(review.is_published))
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() > 0)
}

/// (count, sum of ratings) of a product's published reviews. The average is taken in Rust:
/// PostgreSQL's AVG answers NUMERIC, which sqlx Any cannot decode.
pub async fn find_review_totals(db: &Db, product_id: &str) -> sqlx::Result<(i64, i64)> {
    sqlx::query_as::<_, (i64, i64)>(
        "SELECT COUNT(*), CAST(COALESCE(SUM(rating), 0) AS BIGINT) FROM product_reviews \
         WHERE product_id = $1 AND is_published = 1",
    )
    .bind(product_id)
    .fetch_one(&db.pool)
    .await
}
