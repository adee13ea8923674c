//! Every SQL statement of the members feature.
use crate::infra::ids::{ChannelId, UserId, new_id};
use sqlx::any::AnyArguments;
use sqlx::{Any, Arguments};

use super::profile::Profile;
use crate::channel::corporate::PaymentOption;
use crate::infra::db::{Db, Tx, flag};

const USER_COLUMNS: &str = "id, channel_id, code, email, username, password_hash, password_changed_at, \
     is_registered_member, is_receive_newsletter, last_name, first_name, last_name_kana, first_name_kana, \
     gender_ct, birthday, postal_code, prefecture, city, address1, address2, phone_number, cell_phone_number, \
     question_ct, answer_hash, corporation, department, business_type, store_name, url, establishment, capital, \
     annual_sale, employee_num, business_hours, business_holiday, delivery, delivery_company, payment, order_no, \
     is_invoice_approved, mail_error_count, synced_from_user_id, created_at, session_version, pending_email, pending_email_until";

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct UserRow {
    pub id: UserId,
    pub channel_id: ChannelId,
    pub code: String,
    pub username: String,
    pub password_hash: Option<String>,
    pub password_changed_at: i64,
    pub is_registered_member: i64,
    pub question_ct: Option<i64>,
    pub answer_hash: Option<String>,
    pub mail_error_count: i64,
    pub synced_from_user_id: Option<String>,
    pub created_at: i64,
    /// Access tokens issued under an older version are refused (auth/sessions.rs).
    pub session_version: i64,
    /// A new address waiting for its mailed link (email_change.rs).
    pub pending_email: Option<String>,
    pub pending_email_until: Option<i64>,
    /// Corporate: the shop approved the company for 請求書払い (CLI `shop member approve-invoice`).
    pub is_invoice_approved: i64,
    #[sqlx(flatten)]
    pub profile: Profile,
}

impl UserRow {
    pub fn is_registered(&self) -> bool {
        self.is_registered_member != 0
    }

    pub fn invoice_approved(&self) -> bool {
        self.is_invoice_approved != 0
    }

    /// Whether the member can log in with a password. An account made by social login has none
    /// (NULL, or "" where it was stored as an empty hash).
    pub fn has_password(&self) -> bool {
        self.password_hash.as_deref().is_some_and(|hash| !hash.is_empty())
    }
}

/// The next member number of the channel (1, 2, …), taken atomically on both databases.
async fn next_member_number(tx: &mut Tx, channel_id: &ChannelId) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO member_numbers (channel_id, last_number) VALUES ($1, 1) \
         ON CONFLICT (channel_id) DO UPDATE SET last_number = member_numbers.last_number + 1 RETURNING last_number",
    )
    .bind(channel_id)
    .fetch_one(&mut **tx)
    .await
}

pub struct NewUser<'a> {
    pub channel_id: &'a ChannelId,
    pub username: &'a str,
    pub password_hash: &'a str,
    pub is_registered_member: bool,
    pub question_ct: Option<i64>,
    pub answer_hash: Option<&'a str>,
    pub synced_from_user_id: Option<&'a str>,
    pub profile: &'a Profile,
}

/// A new member with the channel's next member number; returns the stored row.
pub async fn insert_user(tx: &mut Tx, user: &NewUser<'_>, now: i64) -> sqlx::Result<UserRow> {
    let id = UserId::from_text(new_id());
    let code = format!("{:08}", next_member_number(tx, user.channel_id).await?);
    sqlx::query(
        "INSERT INTO users (id, channel_id, code, email, username, password_hash, password_changed_at, is_registered_member, \
         question_ct, answer_hash, synced_from_user_id, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $7, $7)",
    )
    .bind(&id)
    .bind(user.channel_id)
    .bind(&code)
    .bind(&user.profile.email)
    .bind(user.username)
    .bind(user.password_hash)
    .bind(now)
    .bind(flag(user.is_registered_member))
    .bind(user.question_ct)
    .bind(user.answer_hash)
    .bind(user.synced_from_user_id)
    .execute(&mut **tx)
    .await?;
    update_profile(tx, &id, user.profile, now).await?;
    find_user(&mut **tx, user.channel_id, &id).await?.ok_or(sqlx::Error::RowNotFound)
}

/// An active (not left) member of the channel; `executor` is the pool or a transaction.
pub async fn find_user<'e, E: sqlx::Executor<'e, Database = Any>>(executor: E, channel_id: &ChannelId, user_id: &UserId) -> sqlx::Result<Option<UserRow>> {
    sqlx::query_as::<_, UserRow>(sqlx::AssertSqlSafe(format!("SELECT {USER_COLUMNS} FROM users WHERE channel_id = $1 AND id = $2 AND left_at IS NULL")))
        .bind(channel_id)
        .bind(user_id)
        .fetch_optional(executor)
        .await
}

/// The active member whose login id, else whose e-mail, is `login` (both stored lower-cased).
pub async fn find_user_by_login(db: &Db, channel_id: &ChannelId, login: &str) -> sqlx::Result<Option<UserRow>> {
    sqlx::query_as::<_, UserRow>(sqlx::AssertSqlSafe(format!(
        "SELECT {USER_COLUMNS} FROM users WHERE channel_id = $1 AND left_at IS NULL AND (username = $2 OR email = $2) \
         ORDER BY CASE WHEN username = $2 THEN 0 ELSE 1 END LIMIT 1"
    )))
    .bind(channel_id)
    .bind(login)
    .fetch_optional(&db.pool)
    .await
}

pub async fn find_user_by_email(db: &Db, channel_id: &ChannelId, email: &str) -> sqlx::Result<Option<UserRow>> {
    sqlx::query_as::<_, UserRow>(sqlx::AssertSqlSafe(format!("SELECT {USER_COLUMNS} FROM users WHERE channel_id = $1 AND email = $2 AND left_at IS NULL")))
        .bind(channel_id)
        .bind(email)
        .fetch_optional(&db.pool)
        .await
}

/// The account of this channel copied from `source_user_id` by login sync.
pub async fn find_user_synced_from(db: &Db, channel_id: &ChannelId, source_user_id: &UserId) -> sqlx::Result<Option<UserRow>> {
    sqlx::query_as::<_, UserRow>(sqlx::AssertSqlSafe(format!(
        "SELECT {USER_COLUMNS} FROM users WHERE channel_id = $1 AND synced_from_user_id = $2 AND left_at IS NULL"
    )))
    .bind(channel_id)
    .bind(source_user_id)
    .fetch_optional(&db.pool)
    .await
}

/// Which of the e-mail and the login id an active member other than `except_user_id` holds.
pub async fn find_taken(tx: &mut Tx, channel_id: &ChannelId, email: &str, username: &str, except_user_id: &UserId) -> sqlx::Result<(bool, bool)> {
    let rows: Vec<(String, String)> =
        sqlx::query_as("SELECT email, username FROM users WHERE channel_id = $1 AND left_at IS NULL AND id <> $4 AND (email = $2 OR username = $3)")
            .bind(channel_id)
            .bind(email)
            .bind(username)
            .bind(except_user_id)
            .fetch_all(&mut **tx)
            .await?;
    Ok((rows.iter().any(|(e, _)| e == email), rows.iter().any(|(_, u)| u == username)))
}

/// Every profile field except login id, password and security question.
pub async fn update_profile(tx: &mut Tx, user_id: &UserId, p: &Profile, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE users SET email = $2, is_receive_newsletter = $3, last_name = $4, first_name = $5, last_name_kana = $6, \
         first_name_kana = $7, gender_ct = $8, birthday = $9, postal_code = $10, prefecture = $11, city = $12, address1 = $13, \
         address2 = $14, phone_number = $15, cell_phone_number = $16, corporation = $17, department = $18, business_type = $19, \
         store_name = $20, url = $21, updated_at = $22, establishment = $23, capital = $24, annual_sale = $25, employee_num = $26, \
         business_hours = $27, business_holiday = $28, delivery = $29, delivery_company = $30, payment = $31, order_no = $32 \
         WHERE id = $1 AND left_at IS NULL",
    )
    .bind(user_id)
    .bind(&p.email)
    .bind(p.is_receive_newsletter)
    .bind(&p.last_name)
    .bind(&p.first_name)
    .bind(&p.last_name_kana)
    .bind(&p.first_name_kana)
    .bind(p.gender_ct)
    .bind(p.birthday.as_deref())
    .bind(&p.address.postal_code)
    .bind(&p.address.prefecture)
    .bind(&p.address.city)
    .bind(&p.address.address1)
    .bind(&p.address.address2)
    .bind(&p.phone_number)
    .bind(&p.cell_phone_number)
    .bind(p.corporation.as_deref())
    .bind(p.department.as_deref())
    .bind(p.business_type.as_deref())
    .bind(p.store_name.as_deref())
    .bind(p.url.as_deref())
    .bind(now)
    .bind(p.business.establishment.as_deref())
    .bind(p.business.capital)
    .bind(p.business.annual_sale)
    .bind(p.business.employee_num)
    .bind(p.business.business_hours.as_deref())
    .bind(p.business.business_holiday.as_deref())
    .bind(p.business.delivery)
    .bind(p.business.delivery_company.as_deref())
    .bind(p.business.payment)
    .bind(p.business.order_no.as_deref())
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Which member an approval names: the CLI names the e-mail, the back office the id.
#[derive(Debug, Clone, Copy)]
pub enum MemberRef<'a> {
    Email(&'a str),
    Id(&'a str),
}

/// The shop's approval of a member's company for 請求書払い; false when no active member of
/// the channel is named. Withdrawing it also drops 請求書払い as the member's preferred payment:
/// the profile form refuses that choice without the approval, so the member could not save
/// anything else until they changed it.
pub async fn update_invoice_approved<'e, E: sqlx::Executor<'e, Database = Any>>(
    executor: E,
    channel_id: &ChannelId,
    member: MemberRef<'_>,
    approved: bool,
    now: i64,
) -> sqlx::Result<bool> {
    let (column, value) = match member {
        MemberRef::Email(email) => ("email", email),
        MemberRef::Id(id) => ("id", id),
    };
    let done = sqlx::query(sqlx::AssertSqlSafe(format!(
        "UPDATE users SET is_invoice_approved = $3, updated_at = $4, \
         payment = CASE WHEN $3 = 0 AND payment = $5 THEN NULL ELSE payment END \
         WHERE channel_id = $1 AND {column} = $2 AND left_at IS NULL"
    )))
    .bind(channel_id)
    .bind(value)
    .bind(flag(approved))
    .bind(now)
    .bind(PaymentOption::Invoice.code())
    .execute(executor)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// The back office's narrowing of the corporate members' list.
#[derive(Debug, Default)]
pub struct CompanyFilter<'a> {
    /// Only approved (true) or not approved (false) companies.
    pub approved: Option<bool>,
    /// Part of the company name, the member's name, the e-mail or the member number.
    pub query: Option<&'a str>,
}

const COMPANY_FILTER: &str = "channel_id = $1 AND left_at IS NULL \
     AND ($2 IS NULL OR is_invoice_approved = $2) \
     AND ($3 IS NULL OR LOWER(COALESCE(corporation, '')) LIKE $3 ESCAPE '\\' OR LOWER(email) LIKE $3 ESCAPE '\\' \
          OR LOWER(last_name || first_name) LIKE $3 ESCAPE '\\' OR code LIKE $3 ESCAPE '\\')";

/// A page of the channel's members for the back office (a corporate shop's members are its
/// companies; also those whose e-mail is not confirmed yet), newest first, and how many match.
pub async fn list_companies(db: &Db, channel_id: &ChannelId, filter: &CompanyFilter<'_>, limit: i64, offset: i64) -> sqlx::Result<(Vec<UserRow>, i64)> {
    let pattern = filter.query.map(|q| crate::infra::search_text::contains_pattern(&q.to_lowercase()));
    let arguments = || -> sqlx::Result<AnyArguments> {
        let mut arguments = AnyArguments::default();
        arguments.add(channel_id.to_owned()).map_err(sqlx::Error::Encode)?;
        arguments.add(filter.approved.map(flag)).map_err(sqlx::Error::Encode)?;
        arguments.add(pattern.clone()).map_err(sqlx::Error::Encode)?;
        Ok(arguments)
    };
    let mut page = arguments()?;
    page.add(limit).map_err(sqlx::Error::Encode)?;
    page.add(offset).map_err(sqlx::Error::Encode)?;
    let rows = sqlx::query_as_with::<_, UserRow, _>(
        sqlx::AssertSqlSafe(format!("SELECT {USER_COLUMNS} FROM users WHERE {COMPANY_FILTER} ORDER BY created_at DESC, id DESC LIMIT $4 OFFSET $5")),
        page,
    )
    .fetch_all(&db.pool)
    .await?;
    let total =
        sqlx::query_scalar_with(sqlx::AssertSqlSafe(format!("SELECT COUNT(*) FROM users WHERE {COMPANY_FILTER}")), arguments()?).fetch_one(&db.pool).await?;
    Ok((rows, total))
}

pub async fn update_password(tx: &mut Tx, user_id: &UserId, password_hash: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE users SET password_hash = $2, password_changed_at = $3, updated_at = $3 WHERE id = $1")
        .bind(user_id)
        .bind(password_hash)
        .bind(now)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

pub async fn update_username(tx: &mut Tx, user_id: &UserId, username: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE users SET username = $2, updated_at = $3 WHERE id = $1").bind(user_id).bind(username).bind(now).execute(&mut **tx).await?;
    Ok(())
}

/// Replaces the security question and its hashed answer.
pub async fn update_security_question(tx: &mut Tx, user_id: &UserId, question_ct: i64, answer_hash: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE users SET question_ct = $2, answer_hash = $3, updated_at = $4 WHERE id = $1")
        .bind(user_id)
        .bind(question_ct)
        .bind(answer_hash)
        .bind(now)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Records the new address the member asked for (until its link expires).
pub async fn update_pending_email(tx: &mut Tx, user_id: &UserId, email: &str, until: i64, now: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE users SET pending_email = $2, pending_email_until = $3, updated_at = $4 WHERE id = $1")
        .bind(user_id)
        .bind(email)
        .bind(until)
        .bind(now)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

pub async fn delete_pending_email(tx: &mut Tx, user_id: &UserId, now: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE users SET pending_email = NULL, pending_email_until = NULL, updated_at = $2 WHERE id = $1")
        .bind(user_id)
        .bind(now)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// The proven new address replaces the old one (and the login id, when given); nothing is
/// pending any more.
pub async fn update_email(tx: &mut Tx, user_id: &UserId, email: &str, username: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE users SET email = $2, username = $3, pending_email = NULL, pending_email_until = NULL, updated_at = $4 \
         WHERE id = $1 AND left_at IS NULL",
    )
    .bind(user_id)
    .bind(email)
    .bind(username)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

pub async fn update_registered(tx: &mut Tx, user_id: &UserId, now: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE users SET is_registered_member = 1, updated_at = $2 WHERE id = $1").bind(user_id).bind(now).execute(&mut **tx).await?;
    Ok(())
}

/// Leaving: the row stays (orders refer to it) but nothing personal remains: the e-mail and
/// login id become unusable placeholders (so the address can register again), the password
/// and answer hashes and the profile are cleared.
pub async fn update_left(tx: &mut Tx, user_id: &UserId, reason: Option<&str>, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE users SET email = $2, username = $3, password_hash = NULL, answer_hash = NULL, question_ct = NULL, \
         pending_email = NULL, pending_email_until = NULL, last_name = '', first_name = '', last_name_kana = '', first_name_kana = '', gender_ct = NULL, birthday = NULL, \
         postal_code = '', prefecture = '', city = '', address1 = '', address2 = '', phone_number = '', cell_phone_number = '', \
         corporation = NULL, department = NULL, business_type = NULL, store_name = NULL, url = NULL, \
         establishment = NULL, capital = NULL, annual_sale = NULL, employee_num = NULL, business_hours = NULL, business_holiday = NULL, \
         delivery = NULL, delivery_company = NULL, payment = NULL, order_no = NULL, is_invoice_approved = 0, \
         left_at = $4, leave_reason = $5, updated_at = $4 WHERE id = $1 AND left_at IS NULL",
    )
    .bind(user_id)
    .bind(format!("left-{user_id}@invalid"))
    .bind(format!("left-{user_id}"))
    .bind(now)
    .bind(reason)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

// ---- channels (login sync, mail links)

#[derive(Debug, sqlx::FromRow)]
pub struct SiblingChannel {
    pub id: ChannelId,
    pub name: String,
}

/// The other channels of the same company: their members may log in here by login sync.
pub async fn list_sibling_channels(db: &Db, channel_id: &ChannelId, company_code: &str) -> sqlx::Result<Vec<SiblingChannel>> {
    sqlx::query_as::<_, SiblingChannel>("SELECT id, name FROM channels WHERE company_code = $1 AND id <> $2 ORDER BY created_at, id")
        .bind(company_code)
        .bind(channel_id)
        .fetch_all(&db.pool)
        .await
}

/// The channel's host names, in a stable order (the first one builds links by default).
pub async fn list_channel_hosts(db: &Db, channel_id: &ChannelId) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar("SELECT host FROM channel_hosts WHERE channel_id = $1 ORDER BY host").bind(channel_id).fetch_all(&db.pool).await
}

/// Whether the host name is one of ours (any channel's).
pub async fn find_host_known(db: &Db, host: &str) -> sqlx::Result<bool> {
    let found: Option<String> = sqlx::query_scalar("SELECT channel_id FROM channel_hosts WHERE host = $1").bind(host).fetch_optional(&db.pool).await?;
    Ok(found.is_some())
}
