//! Every SQL statement of inquiries, their messages, staff notes and guests' thread tokens.
use crate::infra::ids::{ChannelId, UserId};
use sqlx::Arguments;
use sqlx::any::AnyArguments;

use super::form::ContactFields;
use crate::infra::db::{Db, Tx};

const INQUIRY_COLUMNS: &str = "i.id, i.channel_id, i.inquiry_key, i.number, i.user_id, i.topic_id, c.name AS topic_name, i.status, i.subject, \
     i.name, i.name_kana, i.email, i.phone, i.company, i.department, i.job, i.fax, \
     i.postal_code, i.prefecture, i.city, i.address1, i.address2, i.order_number, \
     i.link_origin, i.last_author, i.last_shop_message_at, i.customer_last_read_at, i.created_at, i.updated_at, i.last_message_at";
const INQUIRY_FROM: &str = "inquiries i LEFT JOIN categories c ON c.id = i.topic_id";

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct InquiryRow {
    pub id: String,
    pub channel_id: ChannelId,
    pub inquiry_key: String,
    pub number: String,
    pub user_id: Option<UserId>,
    pub topic_id: Option<String>,
    /// The topic's current name (joined).
    pub topic_name: Option<String>,
    pub status: String,
    pub subject: String,
    #[sqlx(flatten)]
    pub contact: ContactFields,
    pub link_origin: String,
    pub last_author: String,
    pub last_shop_message_at: Option<i64>,
    pub customer_last_read_at: i64,
    pub created_at: i64,
    pub updated_at: i64,
    pub last_message_at: i64,
}

/// The highest number of the day `prefix` names in this channel (longest first: 10000 sorts
/// after 9999 only by length).
pub async fn find_highest_number(tx: &mut Tx, channel_id: &ChannelId, prefix: &str) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("SELECT number FROM inquiries WHERE channel_id = $1 AND number LIKE $2 ORDER BY LENGTH(number) DESC, number DESC LIMIT 1")
        .bind(channel_id)
        .bind(format!("{prefix}%"))
        .fetch_optional(&mut **tx)
        .await
}

pub struct NewInquiry<'a> {
    pub id: &'a str,
    pub channel_id: &'a ChannelId,
    pub key: &'a str,
    pub number: &'a str,
    pub user_id: Option<&'a str>,
    pub topic_id: &'a str,
    pub subject: &'a str,
    pub contact: &'a ContactFields,
    pub link_origin: &'a str,
    pub now: i64,
}

/// Inserts the inquiry unless its number is taken (then false: take the next number).
pub async fn insert_inquiry(tx: &mut Tx, new: &NewInquiry<'_>) -> sqlx::Result<bool> {
    let c = new.contact;
    let done = sqlx::query(
        "INSERT INTO inquiries (id, channel_id, inquiry_key, number, user_id, topic_id, status, subject, \
         name, name_kana, email, phone, company, department, job, fax, postal_code, prefecture, city, address1, address2, order_number, \
         link_origin, last_author, created_at, updated_at, last_message_at) \
         VALUES ($1, $2, $3, $4, $5, $6, 'open', $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, 'customer', $23, $23, $23) \
         ON CONFLICT (channel_id, number) DO NOTHING",
    )
    .bind(new.id)
    .bind(new.channel_id)
    .bind(new.key)
    .bind(new.number)
    .bind(new.user_id)
    .bind(new.topic_id)
    .bind(new.subject)
    .bind(&c.name)
    .bind(&c.name_kana)
    .bind(&c.email)
    .bind(&c.phone)
    .bind(&c.company)
    .bind(&c.department)
    .bind(&c.job)
    .bind(&c.fax)
    .bind(&c.address.postal_code)
    .bind(&c.address.prefecture)
    .bind(&c.address.city)
    .bind(&c.address.address1)
    .bind(&c.address.address2)
    .bind(&c.order_number)
    .bind(new.link_origin)
    .bind(new.now)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() > 0)
}

pub async fn find_inquiry_by_key<'e, E: sqlx::Executor<'e, Database = sqlx::Any>>(
    executor: E,
    channel_id: &ChannelId,
    key: &str,
) -> sqlx::Result<Option<InquiryRow>> {
    sqlx::query_as::<_, InquiryRow>(sqlx::AssertSqlSafe(format!("SELECT {INQUIRY_COLUMNS} FROM {INQUIRY_FROM} WHERE i.channel_id = $1 AND i.inquiry_key = $2")))
        .bind(channel_id)
        .bind(key)
        .fetch_optional(executor)
        .await
}

/// A page of the member's inquiries, newest activity first, and how many they have.
pub async fn list_member_inquiries(db: &Db, channel_id: &ChannelId, user_id: &UserId, limit: i64, offset: i64) -> sqlx::Result<(Vec<InquiryRow>, i64)> {
    let rows = sqlx::query_as::<_, InquiryRow>(sqlx::AssertSqlSafe(format!(
        "SELECT {INQUIRY_COLUMNS} FROM {INQUIRY_FROM} WHERE i.channel_id = $1 AND i.user_id = $2 \
         ORDER BY i.last_message_at DESC, i.id DESC LIMIT $3 OFFSET $4"
    )))
    .bind(channel_id)
    .bind(user_id)
    .bind(limit)
    .bind(offset)
    .fetch_all(&db.pool)
    .await?;
    let total =
        sqlx::query_scalar("SELECT COUNT(*) FROM inquiries WHERE channel_id = $1 AND user_id = $2").bind(channel_id).bind(user_id).fetch_one(&db.pool).await?;
    Ok((rows, total))
}

/// What the staff list filters by; `query` is matched, lower-cased, against the number,
/// name, e-mail and subject.
pub struct AdminFilter<'a> {
    pub status: Option<&'a str>,
    pub topic_id: Option<&'a str>,
    pub query: Option<&'a str>,
}

/// `%text%` for LIKE … ESCAPE '\', lower-cased, with the wildcards of `text` escaped.
fn contains_pattern(text: &str) -> String {
    let escaped: String = text.to_lowercase().chars().flat_map(|c| if matches!(c, '%' | '_' | '\\') { vec!['\\', c] } else { vec![c] }).collect();
    format!("%{escaped}%")
}

const ADMIN_FILTER: &str = "i.channel_id = $1 AND ($2 IS NULL OR i.status = $2) AND ($3 IS NULL OR i.topic_id = $3) \
     AND ($4 IS NULL OR LOWER(i.number) LIKE $4 ESCAPE '\\' OR LOWER(i.name) LIKE $4 ESCAPE '\\' \
          OR LOWER(i.email) LIKE $4 ESCAPE '\\' OR LOWER(i.subject) LIKE $4 ESCAPE '\\')";

/// A page of the channel's inquiries for staff, newest activity first, and how many match.
pub async fn list_inquiries(db: &Db, channel_id: &ChannelId, filter: &AdminFilter<'_>, limit: i64, offset: i64) -> sqlx::Result<(Vec<InquiryRow>, i64)> {
    let pattern = filter.query.map(contains_pattern);
    let arguments = || -> sqlx::Result<AnyArguments> {
        let mut arguments = AnyArguments::default();
        arguments.add(channel_id.to_owned()).map_err(sqlx::Error::Encode)?;
        arguments.add(filter.status.map(str::to_owned)).map_err(sqlx::Error::Encode)?;
        arguments.add(filter.topic_id.map(str::to_owned)).map_err(sqlx::Error::Encode)?;
        arguments.add(pattern.clone()).map_err(sqlx::Error::Encode)?;
        Ok(arguments)
    };
    let mut page = arguments()?;
    page.add(limit).map_err(sqlx::Error::Encode)?;
    page.add(offset).map_err(sqlx::Error::Encode)?;
    let rows = sqlx::query_as_with::<_, InquiryRow, _>(
        sqlx::AssertSqlSafe(format!(
            "SELECT {INQUIRY_COLUMNS} FROM {INQUIRY_FROM} WHERE {ADMIN_FILTER} ORDER BY i.last_message_at DESC, i.id DESC LIMIT $5 OFFSET $6"
        )),
        page,
    )
    .fetch_all(&db.pool)
    .await?;
    let total = sqlx::query_scalar_with(sqlx::AssertSqlSafe(format!("SELECT COUNT(*) FROM inquiries i WHERE {ADMIN_FILTER}")), arguments()?)
        .fetch_one(&db.pool)
        .await?;
    Ok((rows, total))
}

/// (status, count) of the channel's inquiries.
pub async fn count_by_status(db: &Db, channel_id: &ChannelId) -> sqlx::Result<Vec<(String, i64)>> {
    sqlx::query_as("SELECT status, COUNT(*) FROM inquiries WHERE channel_id = $1 GROUP BY status").bind(channel_id).fetch_all(&db.pool).await
}

/// How many inquiries of the channel name the topic.
pub async fn count_with_topic<'e, E: sqlx::Executor<'e, Database = sqlx::Any>>(executor: E, channel_id: &ChannelId, topic_id: &str) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COUNT(*) FROM inquiries WHERE channel_id = $1 AND topic_id = $2").bind(channel_id).bind(topic_id).fetch_one(executor).await
}

/// After a new message: its time and author, and the status it leaves the inquiry in.
pub async fn update_after_message(tx: &mut Tx, inquiry_id: &str, author: &str, status: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE inquiries SET last_message_at = $2, last_author = $3, status = $4, updated_at = $2, \
         last_shop_message_at = CASE WHEN $3 = 'shop' THEN $2 ELSE last_shop_message_at END WHERE id = $1",
    )
    .bind(inquiry_id)
    .bind(now)
    .bind(author)
    .bind(status)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

pub async fn update_status(tx: &mut Tx, inquiry_id: &str, status: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE inquiries SET status = $2, updated_at = $3 WHERE id = $1").bind(inquiry_id).bind(status).bind(now).execute(&mut **tx).await?;
    Ok(())
}

/// The customer has now seen every reply.
pub async fn update_customer_read(db: &Db, inquiry_id: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE inquiries SET customer_last_read_at = $2 WHERE id = $1 AND customer_last_read_at < $2")
        .bind(inquiry_id)
        .bind(now)
        .execute(&db.pool)
        .await?;
    Ok(())
}

// --- messages ---------------------------------------------------------------------------------

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct MessageRow {
    pub id: String,
    pub inquiry_id: String,
    pub author: String,
    pub staff_id: Option<String>,
    pub author_name: String,
    pub body: String,
    pub created_at: i64,
}

pub async fn insert_message(tx: &mut Tx, row: &MessageRow) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO inquiry_messages (id, inquiry_id, author, staff_id, author_name, body, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)")
        .bind(&row.id)
        .bind(&row.inquiry_id)
        .bind(&row.author)
        .bind(&row.staff_id)
        .bind(&row.author_name)
        .bind(&row.body)
        .bind(row.created_at)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// The inquiry's messages, oldest first.
pub async fn list_messages(db: &Db, inquiry_id: &str) -> sqlx::Result<Vec<MessageRow>> {
    sqlx::query_as::<_, MessageRow>(
        "SELECT id, inquiry_id, author, staff_id, author_name, body, created_at FROM inquiry_messages WHERE inquiry_id = $1 ORDER BY created_at, id",
    )
    .bind(inquiry_id)
    .fetch_all(&db.pool)
    .await
}

/// The member (if any) of the channel's inquiry that holds the message; None when no inquiry
/// of the channel does.
pub async fn find_message_owner(db: &Db, channel_id: &ChannelId, message_id: &str) -> sqlx::Result<Option<(String, Option<String>)>> {
    sqlx::query_as("SELECT i.id, i.user_id FROM inquiry_messages m JOIN inquiries i ON i.id = m.inquiry_id WHERE m.id = $1 AND i.channel_id = $2")
        .bind(message_id)
        .bind(channel_id)
        .fetch_optional(&db.pool)
        .await
}

// --- notes ------------------------------------------------------------------------------------

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct NoteRow {
    pub id: String,
    pub inquiry_id: String,
    pub staff_id: String,
    pub staff_name: String,
    pub body: String,
    pub created_at: i64,
}

pub async fn insert_note(tx: &mut Tx, row: &NoteRow) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO inquiry_notes (id, inquiry_id, staff_id, staff_name, body, created_at) VALUES ($1, $2, $3, $4, $5, $6)")
        .bind(&row.id)
        .bind(&row.inquiry_id)
        .bind(&row.staff_id)
        .bind(&row.staff_name)
        .bind(&row.body)
        .bind(row.created_at)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// The inquiry's notes, oldest first.
pub async fn list_notes(db: &Db, inquiry_id: &str) -> sqlx::Result<Vec<NoteRow>> {
    sqlx::query_as::<_, NoteRow>(
        "SELECT id, inquiry_id, staff_id, staff_name, body, created_at FROM inquiry_notes WHERE inquiry_id = $1 ORDER BY created_at, id",
    )
    .bind(inquiry_id)
    .fetch_all(&db.pool)
    .await
}

// --- guests' thread tokens --------------------------------------------------------------------

pub async fn insert_access_token(tx: &mut Tx, inquiry_id: &str, token_hash: &str, now: i64, expires_at: i64) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO inquiry_access_tokens (token_hash, inquiry_id, created_at, expires_at) VALUES ($1, $2, $3, $4)")
        .bind(token_hash)
        .bind(inquiry_id)
        .bind(now)
        .bind(expires_at)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Whether an unexpired token of the inquiry has this hash.
pub async fn find_access_token(db: &Db, inquiry_id: &str, token_hash: &str, now: i64) -> sqlx::Result<bool> {
    let found: Option<i64> = sqlx::query_scalar("SELECT expires_at FROM inquiry_access_tokens WHERE token_hash = $1 AND inquiry_id = $2 AND expires_at > $3")
        .bind(token_hash)
        .bind(inquiry_id)
        .bind(now)
        .fetch_optional(&db.pool)
        .await?;
    Ok(found.is_some())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn search_text_is_matched_literally() {
        assert_eq!(contains_pattern("Q-2026"), "%q-2026%");
        assert_eq!(contains_pattern("100%_a\\"), "%100\\%\\_a\\\\%");
    }
}
