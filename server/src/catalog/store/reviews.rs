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

// ---- moderation (the review desk) -------------------------------------------------------------

/// Where a review stands: 承認待ち (never decided, unpublished), 公開中, 非公開 (hidden by staff).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Moderation {
    Pending,
    Published,
    Hidden,
}

impl Moderation {
    fn condition(self) -> &'static str {
        match self {
            Moderation::Pending => "r.is_published = 0 AND r.moderated_at IS NULL",
            Moderation::Published => "r.is_published = 1",
            Moderation::Hidden => "r.is_published = 0 AND r.moderated_at IS NOT NULL",
        }
    }

    pub fn of(is_published: bool, moderated: bool) -> Moderation {
        match (is_published, moderated) {
            (true, _) => Moderation::Published,
            (false, false) => Moderation::Pending,
            (false, true) => Moderation::Hidden,
        }
    }
}

#[derive(Debug, sqlx::FromRow)]
pub struct DeskReviewRow {
    pub id: String,
    pub product_id: String,
    pub product_key: String,
    pub product_code: String,
    pub product_name: String,
    pub rating: i64,
    pub title: String,
    pub body: String,
    pub nickname: String,
    pub is_purchaser: i64,
    pub created_at: i64,
    pub is_published: i64,
    pub moderated_at: Option<i64>,
    pub version: i64,
}

const DESK_REVIEW_COLUMNS: &str = "r.id, r.product_id, p.product_key, p.code AS product_code, p.name AS product_name, CAST(r.rating AS BIGINT) AS rating, \
     r.title, r.body, r.nickname, CAST(r.is_purchaser AS BIGINT) AS is_purchaser, r.created_at, CAST(r.is_published AS BIGINT) AS is_published, \
     r.moderated_at, CAST(r.version AS BIGINT) AS version";

/// A page of the channel's reviews in `state` (None: all), newest first, and how many match.
/// `like`: a LIKE pattern over product name and code, nickname, title and body.
pub async fn list_desk_reviews(
    db: &Db,
    channel_id: &ChannelId,
    state: Option<Moderation>,
    like: Option<&str>,
    page: Page,
) -> sqlx::Result<(Vec<DeskReviewRow>, i64)> {
    let mut clause = String::from("r.channel_id = $1");
    if let Some(state) = state {
        clause.push_str(" AND ");
        clause.push_str(state.condition());
    }
    if like.is_some() {
        clause.push_str(
            " AND (p.name LIKE $2 ESCAPE '\\' OR p.code LIKE $2 ESCAPE '\\' OR r.nickname LIKE $2 ESCAPE '\\' \
             OR r.title LIKE $2 ESCAPE '\\' OR r.body LIKE $2 ESCAPE '\\')",
        );
    }
    let next = if like.is_some() { 3 } else { 2 };
    let from = "product_reviews r JOIN products p ON p.id = r.product_id";
    let rows_sql = format!("SELECT {DESK_REVIEW_COLUMNS} FROM {from} WHERE {clause} ORDER BY r.created_at DESC, r.id DESC LIMIT ${next} OFFSET ${}", next + 1);
    let count_sql = format!("SELECT COUNT(*) FROM {from} WHERE {clause}");
    let mut rows = sqlx::query_as::<_, DeskReviewRow>(sqlx::AssertSqlSafe(rows_sql)).bind(channel_id);
    let mut total = sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(count_sql)).bind(channel_id);
    if let Some(like) = like {
        rows = rows.bind(like);
        total = total.bind(like);
    }
    Ok((rows.bind(page.per).bind(page.offset()).fetch_all(&db.pool).await?, total.fetch_one(&db.pool).await?))
}

pub async fn find_desk_review(db: &Db, channel_id: &ChannelId, id: &str) -> sqlx::Result<Option<DeskReviewRow>> {
    let sql = format!("SELECT {DESK_REVIEW_COLUMNS} FROM product_reviews r JOIN products p ON p.id = r.product_id WHERE r.channel_id = $1 AND r.id = $2");
    sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(channel_id).bind(id).fetch_optional(&db.pool).await
}

/// (承認待ち, 公開中, 非公開) counts of the channel's reviews.
pub async fn count_desk_reviews(db: &Db, channel_id: &ChannelId) -> sqlx::Result<(i64, i64, i64)> {
    sqlx::query_as(
        "SELECT CAST(COALESCE(SUM(CASE WHEN is_published = 0 AND moderated_at IS NULL THEN 1 ELSE 0 END), 0) AS BIGINT), \
           CAST(COALESCE(SUM(CASE WHEN is_published = 1 THEN 1 ELSE 0 END), 0) AS BIGINT), \
           CAST(COALESCE(SUM(CASE WHEN is_published = 0 AND moderated_at IS NOT NULL THEN 1 ELSE 0 END), 0) AS BIGINT) \
         FROM product_reviews WHERE channel_id = $1",
    )
    .bind(channel_id)
    .fetch_one(&db.pool)
    .await
}

/// Publishes or hides review `id` if it is still at `version`; None when the channel has no
/// such review, Some(false) when the version moved.
pub async fn update_review_published(tx: &mut Tx, channel_id: &ChannelId, id: &str, version: i64, publish: bool, now: i64) -> sqlx::Result<Option<bool>> {
    let done = sqlx::query(
        "UPDATE product_reviews SET is_published = $1, moderated_at = $2, version = version + 1 WHERE channel_id = $3 AND id = $4 AND version = $5",
    )
    .bind(flag(publish))
    .bind(now)
    .bind(channel_id)
    .bind(id)
    .bind(version)
    .execute(&mut **tx)
    .await?;
    review_outcome(tx, channel_id, id, done.rows_affected()).await
}

/// Deletes review `id` at `version` (the same answers as [`update_review_published`]).
pub async fn delete_review(tx: &mut Tx, channel_id: &ChannelId, id: &str, version: i64) -> sqlx::Result<Option<bool>> {
    let done = sqlx::query("DELETE FROM product_reviews WHERE channel_id = $1 AND id = $2 AND version = $3")
        .bind(channel_id)
        .bind(id)
        .bind(version)
        .execute(&mut **tx)
        .await?;
    review_outcome(tx, channel_id, id, done.rows_affected()).await
}

async fn review_outcome(tx: &mut Tx, channel_id: &ChannelId, id: &str, affected: u64) -> sqlx::Result<Option<bool>> {
    if affected > 0 {
        return Ok(Some(true));
    }
    let found: Option<i64> =
        sqlx::query_scalar("SELECT 1 FROM product_reviews WHERE channel_id = $1 AND id = $2").bind(channel_id).bind(id).fetch_optional(&mut **tx).await?;
    Ok(found.map(|_| false))
}
