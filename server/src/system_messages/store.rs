//! Every SQL statement of system messages and their recipients.
use super::{Recipients, Segment};
use crate::infra::db::{Db, Tx};
use crate::infra::ids::{ChannelId, UserId};

/// The members a message reaches, as a condition on `users u` whose first placeholder is
/// `$first` (the channel), and the member id at `$first + 1` when there is one.
fn recipients_condition(recipients: &Recipients, first: usize) -> String {
    let base = format!("u.channel_id = ${first} AND u.left_at IS NULL");
    // A purchase is an order that was not cancelled.
    let purchased = "EXISTS (SELECT 1 FROM orders o WHERE o.user_id = u.id AND o.status <> 'cancelled')";
    match recipients {
        Recipients::Member(_) => format!("{base} AND u.id = ${}", first + 1),
        Recipients::All => base,
        Recipients::Segment(Segment::Newsletter) => format!("{base} AND u.is_receive_newsletter = 1"),
        Recipients::Segment(Segment::Purchasers) => format!("{base} AND {purchased}"),
        Recipients::Segment(Segment::NoPurchase) => format!("{base} AND NOT {purchased}"),
    }
}

fn member_id(recipients: &Recipients) -> Option<&str> {
    match recipients {
        Recipients::Member(id) => Some(id),
        _ => None,
    }
}

/// How many members the message would reach now.
pub async fn count_recipients(db: &Db, channel_id: &ChannelId, recipients: &Recipients) -> sqlx::Result<i64> {
    let sql = format!("SELECT COUNT(*) FROM users u WHERE {}", recipients_condition(recipients, 1));
    let mut query = sqlx::query_scalar(sqlx::AssertSqlSafe(sql)).bind(channel_id);
    if let Some(id) = member_id(recipients) {
        query = query.bind(id);
    }
    query.fetch_one(&db.pool).await
}

pub struct NewMessage<'a> {
    pub id: &'a str,
    pub channel_id: &'a ChannelId,
    pub key: &'a str,
    pub title: &'a str,
    pub body: &'a str,
    pub recipients: &'a Recipients,
    pub staff_id: Option<&'a str>,
    pub staff_name: &'a str,
    pub now: i64,
}

/// Stores the message and fixes its recipients (one INSERT … SELECT); returns how many.
pub async fn insert_message(tx: &mut Tx, new: &NewMessage<'_>) -> sqlx::Result<i64> {
    sqlx::query(
        "INSERT INTO system_messages (id, channel_id, message_key, title, body, audience, segment, staff_id, staff_name, recipients, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 0, $10)",
    )
    .bind(new.id)
    .bind(new.channel_id)
    .bind(new.key)
    .bind(new.title)
    .bind(new.body)
    .bind(new.recipients.audience().as_str())
    .bind(new.recipients.segment().map(Segment::as_str))
    .bind(new.staff_id)
    .bind(new.staff_name)
    .bind(new.now)
    .execute(&mut **tx)
    .await?;
    let sql =
        format!("INSERT INTO system_message_recipients (message_id, user_id) SELECT $1, u.id FROM users u WHERE {}", recipients_condition(new.recipients, 2));
    let mut query = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(new.id).bind(new.channel_id);
    if let Some(id) = member_id(new.recipients) {
        query = query.bind(id);
    }
    let count = query.execute(&mut **tx).await?.rows_affected() as i64;
    sqlx::query("UPDATE system_messages SET recipients = $2 WHERE id = $1").bind(new.id).bind(count).execute(&mut **tx).await?;
    Ok(count)
}

/// A member's own copy of a message.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ReceivedRow {
    pub id: String,
    pub message_key: String,
    pub title: String,
    pub body: String,
    pub created_at: i64,
    pub read_at: Option<i64>,
}

const RECEIVED: &str = "SELECT m.id, m.message_key, m.title, m.body, m.created_at, r.read_at \
     FROM system_message_recipients r JOIN system_messages m ON m.id = r.message_id";

/// A page of the member's messages, newest first (only unread ones when asked), and how many.
pub async fn list_received(
    db: &Db,
    channel_id: &ChannelId,
    user_id: &UserId,
    unread_only: bool,
    limit: i64,
    offset: i64,
) -> sqlx::Result<(Vec<ReceivedRow>, i64)> {
    let filter = if unread_only { " AND r.read_at IS NULL" } else { "" };
    let rows = sqlx::query_as::<_, ReceivedRow>(sqlx::AssertSqlSafe(format!(
        "{RECEIVED} WHERE m.channel_id = $1 AND r.user_id = $2{filter} ORDER BY m.created_at DESC, m.id DESC LIMIT $3 OFFSET $4"
    )))
    .bind(channel_id)
    .bind(user_id)
    .bind(limit)
    .bind(offset)
    .fetch_all(&db.pool)
    .await?;
    let total = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "SELECT COUNT(*) FROM system_message_recipients r JOIN system_messages m ON m.id = r.message_id \
         WHERE m.channel_id = $1 AND r.user_id = $2{filter}"
    )))
    .bind(channel_id)
    .bind(user_id)
    .fetch_one(&db.pool)
    .await?;
    Ok((rows, total))
}

pub async fn find_received(db: &Db, channel_id: &ChannelId, user_id: &UserId, key: &str) -> sqlx::Result<Option<ReceivedRow>> {
    sqlx::query_as::<_, ReceivedRow>(sqlx::AssertSqlSafe(format!("{RECEIVED} WHERE m.channel_id = $1 AND r.user_id = $2 AND m.message_key = $3")))
        .bind(channel_id)
        .bind(user_id)
        .bind(key)
        .fetch_optional(&db.pool)
        .await
}

/// Marks the member's copy read (the first reading's time is kept).
pub async fn update_read<'e, E: sqlx::Executor<'e, Database = sqlx::Any>>(executor: E, message_id: &str, user_id: &UserId, now: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE system_message_recipients SET read_at = $3 WHERE message_id = $1 AND user_id = $2 AND read_at IS NULL")
        .bind(message_id)
        .bind(user_id)
        .bind(now)
        .execute(executor)
        .await?;
    Ok(())
}

/// A sent message with how many of its recipients read it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct SentRow {
    pub id: String,
    pub message_key: String,
    pub title: String,
    pub body: String,
    pub audience: String,
    pub segment: Option<String>,
    pub staff_name: String,
    pub recipients: i64,
    pub read_count: i64,
    pub created_at: i64,
}

/// A page of the channel's sent messages, newest first, and how many there are.
pub async fn list_sent(db: &Db, channel_id: &ChannelId, limit: i64, offset: i64) -> sqlx::Result<(Vec<SentRow>, i64)> {
    let rows = sqlx::query_as::<_, SentRow>(
        "SELECT m.id, m.message_key, m.title, m.body, m.audience, m.segment, m.staff_name, m.recipients, \
         (SELECT COUNT(*) FROM system_message_recipients r WHERE r.message_id = m.id AND r.read_at IS NOT NULL) AS read_count, m.created_at \
         FROM system_messages m WHERE m.channel_id = $1 ORDER BY m.created_at DESC, m.id DESC LIMIT $2 OFFSET $3",
    )
    .bind(channel_id)
    .bind(limit)
    .bind(offset)
    .fetch_all(&db.pool)
    .await?;
    let total = sqlx::query_scalar("SELECT COUNT(*) FROM system_messages WHERE channel_id = $1").bind(channel_id).fetch_one(&db.pool).await?;
    Ok((rows, total))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_audience_is_a_fixed_condition_with_numbered_placeholders() {
        assert_eq!(recipients_condition(&Recipients::All, 1), "u.channel_id = $1 AND u.left_at IS NULL");
        assert_eq!(recipients_condition(&Recipients::Member("x".into()), 2), "u.channel_id = $2 AND u.left_at IS NULL AND u.id = $3");
        assert!(recipients_condition(&Recipients::Segment(Segment::NoPurchase), 1).contains("AND NOT EXISTS"));
        assert!(recipients_condition(&Recipients::Segment(Segment::Newsletter), 1).ends_with("u.is_receive_newsletter = 1"));
    }
}
