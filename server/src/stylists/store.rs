//! Every SQL statement of stylists.
use crate::catalog::store::{products::PRODUCT_COLUMNS, products::PRODUCT_FROM, products::ProductRow};
use crate::infra::db::{Db, Tx};
use crate::infra::ids::ChannelId;
use crate::infra::pagination::Page;

const STYLIST_COLUMNS: &str = "id, stylist_key, name, name_kana, role, profile, riding_style, hue, initials";

#[derive(Debug, sqlx::FromRow)]
pub struct StylistRow {
    pub id: String,
    pub stylist_key: String,
    pub name: String,
    pub name_kana: String,
    pub role: String,
    pub profile: String,
    pub riding_style: String,
    pub hue: i64,
    pub initials: String,
}

/// One page of the channel's stylists in the shop's order, and how many there are.
pub async fn list_stylists(db: &Db, channel_id: &ChannelId, page: Page) -> sqlx::Result<(Vec<StylistRow>, i64)> {
    let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM stylists WHERE channel_id = $1").bind(channel_id).fetch_one(&db.pool).await?;
    if total == 0 {
        return Ok((Vec::new(), 0));
    }
    let rows = sqlx::query_as::<_, StylistRow>(sqlx::AssertSqlSafe(format!(
        "SELECT {STYLIST_COLUMNS} FROM stylists WHERE channel_id = $1 ORDER BY position, stylist_key LIMIT $2 OFFSET $3"
    )))
    .bind(channel_id)
    .bind(page.per)
    .bind(page.offset())
    .fetch_all(&db.pool)
    .await?;
    Ok((rows, total))
}

pub async fn find_stylist(db: &Db, channel_id: &ChannelId, key: &str) -> sqlx::Result<Option<StylistRow>> {
    sqlx::query_as::<_, StylistRow>(sqlx::AssertSqlSafe(format!("SELECT {STYLIST_COLUMNS} FROM stylists WHERE channel_id = $1 AND stylist_key = $2")))
        .bind(channel_id)
        .bind(key)
        .fetch_optional(&db.pool)
        .await
}

#[derive(Debug, sqlx::FromRow)]
pub struct PickCommentRow {
    pub product_id: String,
    pub comment: String,
}

/// The stylist's listable picks (published, inside their sale period at `now`) in their
/// order, with the comments beside them (same order).
pub async fn list_picks(db: &Db, channel_id: &ChannelId, stylist_id: &str, now: i64) -> sqlx::Result<(Vec<ProductRow>, Vec<PickCommentRow>)> {
    const LISTABLE: &str = "sp.stylist_id = $1 AND p.channel_id = $2 AND p.is_published = 1 \
         AND (p.sale_start IS NULL OR p.sale_start <= $3) AND (p.sale_end IS NULL OR p.sale_end > $3)";
    let products = sqlx::query_as::<_, ProductRow>(sqlx::AssertSqlSafe(format!(
        "SELECT {PRODUCT_COLUMNS} FROM {PRODUCT_FROM} JOIN stylist_picks sp ON sp.product_id = p.id \
         WHERE {LISTABLE} ORDER BY sp.position, p.id"
    )))
    .bind(stylist_id)
    .bind(channel_id)
    .bind(now)
    .fetch_all(&db.pool)
    .await?;
    let comments = sqlx::query_as::<_, PickCommentRow>(sqlx::AssertSqlSafe(format!(
        "SELECT sp.product_id, sp.comment FROM stylist_picks sp JOIN products p ON p.id = sp.product_id \
         WHERE {LISTABLE} ORDER BY sp.position, p.id"
    )))
    .bind(stylist_id)
    .bind(channel_id)
    .bind(now)
    .fetch_all(&db.pool)
    .await?;
    Ok((products, comments))
}

pub struct NewStylist<'a> {
    pub key: &'a str,
    pub name: &'a str,
    pub name_kana: &'a str,
    pub role: &'a str,
    pub profile: &'a str,
    pub riding_style: &'a str,
    pub hue: i64,
    pub initials: &'a str,
    pub position: i64,
}

/// A stylist with their picks (product id, comment) in the given order (the demo seed today,
/// an admin later).
pub async fn insert_stylist(tx: &mut Tx, channel_id: &ChannelId, id: &str, s: &NewStylist<'_>, picks: &[(String, &str)]) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO stylists (id, channel_id, stylist_key, name, name_kana, role, profile, riding_style, hue, initials, position) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
    )
    .bind(id)
    .bind(channel_id)
    .bind(s.key)
    .bind(s.name)
    .bind(s.name_kana)
    .bind(s.role)
    .bind(s.profile)
    .bind(s.riding_style)
    .bind(s.hue)
    .bind(s.initials)
    .bind(s.position)
    .execute(&mut **tx)
    .await?;
    for (position, (product_id, comment)) in picks.iter().enumerate() {
        sqlx::query("INSERT INTO stylist_picks (channel_id, stylist_id, product_id, position, comment) VALUES ($1, $2, $3, $4, $5)")
            .bind(channel_id)
            .bind(id)
            .bind(product_id)
            .bind(position as i64)
            .bind(*comment)
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}
