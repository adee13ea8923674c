//! The member desk's SQL (docs/contracts/member-desk.md): the search, one member, and the
//! desk's own columns of `users` (`desk_caution`, `desk_note`, `desk_version`). Each member's
//! purchases are read from `orders` (the orders feature's table, read here and never written):
//! orders not cancelled, their totals less what was refunded.
//!
//! The purchases are subqueries per member over `orders_member` (shop, member, date), not a
//! join of the shop's whole order table: a page of 20 newest members reads those 20 members'
//! orders only, however many orders the shop has. A purchase filter reads them for each member
//! the other filters leave.
use crate::infra::db::{Db, Tx};
use crate::infra::ids::{ChannelId, UserId};
use crate::infra::search_text::contains_pattern;
use crate::infra::sql_filter::{SqlValue, numbered};

use super::desk::{kana_term, name_term};

/// A member as the desk reads them, with their purchases and failed logins.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct DeskMemberRow {
    pub id: String,
    pub code: String,
    pub email: String,
    pub last_name: String,
    pub first_name: String,
    pub last_name_kana: String,
    pub first_name_kana: String,
    pub phone_number: String,
    pub cell_phone_number: String,
    pub postal_code: String,
    pub prefecture: String,
    pub city: String,
    pub address1: String,
    pub address2: String,
    pub birthday: Option<String>,
    pub gender_ct: Option<i64>,
    pub corporation: Option<String>,
    pub department: Option<String>,
    pub is_receive_newsletter: i64,
    pub mail_error_count: i64,
    pub created_at: i64,
    pub desk_caution: i64,
    pub desk_note: String,
    pub desk_version: i64,
    pub order_count: i64,
    pub spent: i64,
    pub last_ordered_at: Option<i64>,
    /// The biggest count of failed logins from one source.
    pub failures_worst: i64,
    pub failures_total: i64,
}

/// A member's orders that count as purchases, as SQL over `u`.
const PURCHASES_OF_U: &str = "FROM orders o WHERE o.channel_id = u.channel_id AND o.user_id = u.id AND o.lifecycle <> 'cancelled'";

fn order_count() -> String {
    format!("(SELECT COUNT(*) {PURCHASES_OF_U})")
}

fn spent() -> String {
    // PostgreSQL sums BIGINTs into NUMERIC: cast back.
    format!("(SELECT CAST(COALESCE(SUM(o.total_payment - o.refunded_amount), 0) AS BIGINT) {PURCHASES_OF_U})")
}

fn last_ordered_at() -> String {
    format!("(SELECT MAX(o.ordered_at) {PURCHASES_OF_U})")
}

fn desk_select() -> String {
    format!(
        "SELECT u.id, u.code, u.email, u.last_name, u.first_name, u.last_name_kana, u.first_name_kana, \
         u.phone_number, u.cell_phone_number, u.postal_code, u.prefecture, u.city, u.address1, u.address2, u.birthday, u.gender_ct, \
         u.corporation, u.department, u.is_receive_newsletter, u.mail_error_count, u.created_at, u.desk_caution, u.desk_note, u.desk_version, \
         {} AS order_count, {} AS spent, {} AS last_ordered_at, \
         CAST(COALESCE((SELECT MAX(f.failures) FROM login_failures f WHERE f.user_id = u.id), 0) AS BIGINT) AS failures_worst, \
         CAST(COALESCE((SELECT SUM(f.failures) FROM login_failures f WHERE f.user_id = u.id), 0) AS BIGINT) AS failures_total \
         FROM users u",
        order_count(),
        spent(),
        last_ordered_at()
    )
}

/// The desk's filters, already checked.
#[derive(Debug, Default)]
pub struct MemberFilter {
    pub q: Option<String>,
    pub prefecture: Option<String>,
    pub orders_min: Option<i64>,
    pub orders_max: Option<i64>,
    pub spent_min: Option<i64>,
    pub spent_max: Option<i64>,
    /// Last purchase at or after, ms.
    pub last_order_from: Option<i64>,
    /// Last purchase before, ms.
    pub last_order_before: Option<i64>,
    /// 1–12.
    pub birth_month: Option<u8>,
    /// Some(true): 法人 (a company name); Some(false): 個人.
    pub corporate: Option<bool>,
    pub caution_only: bool,
}

impl MemberFilter {
    fn conditions(&self) -> Vec<(String, Vec<SqlValue>)> {
        let mut conditions = Vec::new();
        if let Some(q) = &self.q {
            let text = |pattern: String| SqlValue::Text(contains_pattern(&pattern));
            let phone: String = name_term(q).chars().filter(|c| *c != '-').collect();
            conditions.push((
                "(u.last_name || u.first_name) LIKE ? ESCAPE '\\' OR (u.last_name_kana || u.first_name_kana) LIKE ? ESCAPE '\\' \
                 OR u.email LIKE ? ESCAPE '\\' OR (? <> '' AND (u.phone_number LIKE ? ESCAPE '\\' OR u.cell_phone_number LIKE ? ESCAPE '\\')) OR u.code = ?"
                    .to_owned(),
                vec![
                    text(name_term(q)),
                    text(kana_term(q)),
                    text(q.to_lowercase()),
                    SqlValue::Text(phone.clone()),
                    text(phone.clone()),
                    text(phone),
                    SqlValue::Text(q.clone()),
                ],
            ));
        }
        if let Some(prefecture) = &self.prefecture {
            conditions.push(("u.prefecture = ?".to_owned(), vec![SqlValue::Text(prefecture.clone())]));
        }
        let bounds = [
            (order_count(), ">=", self.orders_min),
            (order_count(), "<=", self.orders_max),
            (spent(), ">=", self.spent_min),
            (spent(), "<=", self.spent_max),
            (last_ordered_at(), ">=", self.last_order_from),
            (last_ordered_at(), "<", self.last_order_before),
        ];
        for (figure, comparison, value) in bounds {
            if let Some(value) = value {
                conditions.push((format!("{figure} {comparison} ?"), vec![SqlValue::Int(value)]));
            }
        }
        if let Some(month) = self.birth_month {
            conditions.push(("SUBSTR(u.birthday, 6, 2) = ?".to_owned(), vec![SqlValue::Text(format!("{month:02}"))]));
        }
        match self.corporate {
            Some(true) => conditions.push(("COALESCE(u.corporation, '') <> ''".to_owned(), vec![])),
            Some(false) => conditions.push(("COALESCE(u.corporation, '') = ''".to_owned(), vec![])),
            None => {}
        }
        if self.caution_only {
            conditions.push(("u.desk_caution = 1".to_owned(), vec![]));
        }
        conditions
    }

    fn clause(&self, channel_id: &ChannelId) -> (String, Vec<SqlValue>) {
        numbered("WHERE u.channel_id = $1 AND u.left_at IS NULL", vec![SqlValue::Text(channel_id.to_string())], &self.conditions())
    }
}

/// A page of the shop's members matching `filter`, newest registration first, and how many match.
pub async fn search_members(db: &Db, channel_id: &ChannelId, filter: &MemberFilter, limit: i64, offset: i64) -> sqlx::Result<(Vec<DeskMemberRow>, i64)> {
    let (clause, values) = filter.clause(channel_id);
    let sql = format!("{} {clause} ORDER BY u.created_at DESC, u.id DESC LIMIT ${} OFFSET ${}", desk_select(), values.len() + 1, values.len() + 2);
    let mut query = sqlx::query_as::<_, DeskMemberRow>(sqlx::AssertSqlSafe(sql));
    for value in &values {
        query = match value {
            SqlValue::Text(text) => query.bind(text.clone()),
            SqlValue::Int(n) => query.bind(*n),
        };
    }
    let rows = query.bind(limit).bind(offset).fetch_all(&db.pool).await?;
    let mut count = sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(format!("SELECT COUNT(*) FROM users u {clause}")));
    for value in &values {
        count = match value {
            SqlValue::Text(text) => count.bind(text.clone()),
            SqlValue::Int(n) => count.bind(*n),
        };
    }
    Ok((rows, count.fetch_one(&db.pool).await?))
}

/// One active member of the shop, as the desk reads them.
pub async fn find_desk_member(db: &Db, channel_id: &ChannelId, user_id: &UserId) -> sqlx::Result<Option<DeskMemberRow>> {
    sqlx::query_as::<_, DeskMemberRow>(sqlx::AssertSqlSafe(format!("{} WHERE u.channel_id = $1 AND u.id = $2 AND u.left_at IS NULL", desk_select())))
        .bind(channel_id)
        .bind(user_id)
        .fetch_optional(&db.pool)
        .await
}

/// Moves the member's desk version on from `version`; None: no such member of the shop,
/// Some(false): the version is stale.
pub async fn bump_desk_version(tx: &mut Tx, channel_id: &ChannelId, user_id: &UserId, version: i64) -> sqlx::Result<Option<bool>> {
    let done = sqlx::query("UPDATE users SET desk_version = desk_version + 1 WHERE channel_id = $1 AND id = $2 AND left_at IS NULL AND desk_version = $3")
        .bind(channel_id)
        .bind(user_id)
        .bind(version)
        .execute(&mut **tx)
        .await?;
    if done.rows_affected() == 1 {
        return Ok(Some(true));
    }
    let exists: Option<i64> = sqlx::query_scalar("SELECT desk_version FROM users WHERE channel_id = $1 AND id = $2 AND left_at IS NULL")
        .bind(channel_id)
        .bind(user_id)
        .fetch_optional(&mut **tx)
        .await?;
    Ok(exists.map(|_| false))
}

/// Sets 要注意 and its note (after [`bump_desk_version`] in the same transaction).
pub async fn update_caution(tx: &mut Tx, channel_id: &ChannelId, user_id: &UserId, caution: bool, note: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE users SET desk_caution = $1, desk_note = $2 WHERE channel_id = $3 AND id = $4")
        .bind(i64::from(caution))
        .bind(note)
        .bind(channel_id)
        .bind(user_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// The note of a member flagged 要注意 (None when not flagged, or no such member).
pub async fn find_caution(db: &Db, channel_id: &ChannelId, user_id: &UserId) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("SELECT desk_note FROM users WHERE channel_id = $1 AND id = $2 AND desk_caution = 1")
        .bind(channel_id)
        .bind(user_id)
        .fetch_optional(&db.pool)
        .await
}
