//! Every SQL statement of uploaded files.
use crate::infra::ids::ChannelId;
use sqlx::Arguments;
use sqlx::any::AnyArguments;

use crate::infra::db::{Db, Tx};

const FILE_COLUMNS: &str = "file_key, channel_id, dir, uploader_kind, uploader, content_type, size, original_name, stored_name, message_id, created_at";

/// A file without its bytes (read them with [`find_bytes`]).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct FileRow {
    pub file_key: String,
    pub channel_id: ChannelId,
    pub dir: String,
    pub uploader_kind: String,
    pub uploader: String,
    pub content_type: String,
    pub size: i64,
    pub original_name: String,
    pub stored_name: String,
    pub message_id: Option<String>,
    pub created_at: i64,
}

pub async fn insert_file(tx: &mut Tx, row: &FileRow, bytes: &[u8]) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO uploaded_files (file_key, channel_id, dir, uploader_kind, uploader, content_type, size, original_name, stored_name, bytes, message_id, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, NULL, $11)",
    )
    .bind(&row.file_key)
    .bind(&row.channel_id)
    .bind(&row.dir)
    .bind(&row.uploader_kind)
    .bind(&row.uploader)
    .bind(&row.content_type)
    .bind(row.size)
    .bind(&row.original_name)
    .bind(&row.stored_name)
    .bind(bytes.to_vec())
    .bind(row.created_at)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// How many of the uploader's files made since `since` are not attached to anything.
pub async fn count_unattached<'e, E: sqlx::Executor<'e, Database = sqlx::Any>>(
    executor: E,
    channel_id: &ChannelId,
    uploader_kind: &str,
    uploader: &str,
    since: i64,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "SELECT COUNT(*) FROM uploaded_files \
         WHERE channel_id = $1 AND uploader_kind = $2 AND uploader = $3 AND created_at > $4 AND message_id IS NULL",
    )
    .bind(channel_id)
    .bind(uploader_kind)
    .bind(uploader)
    .bind(since)
    .fetch_one(executor)
    .await
}

pub async fn find_file(db: &Db, channel_id: &ChannelId, key: &str) -> sqlx::Result<Option<FileRow>> {
    sqlx::query_as::<_, FileRow>(sqlx::AssertSqlSafe(format!("SELECT {FILE_COLUMNS} FROM uploaded_files WHERE channel_id = $1 AND file_key = $2")))
        .bind(channel_id)
        .bind(key)
        .fetch_optional(&db.pool)
        .await
}

pub async fn find_bytes(db: &Db, key: &str) -> sqlx::Result<Option<Vec<u8>>> {
    sqlx::query_scalar("SELECT bytes FROM uploaded_files WHERE file_key = $1").bind(key).fetch_optional(&db.pool).await
}

/// `SELECT … WHERE <fixed> AND <column> IN (…)` with `fixed`'s values first, then `values`.
async fn list_in<'e, E: sqlx::Executor<'e, Database = sqlx::Any>>(
    executor: E,
    fixed_sql: &str,
    fixed: &[&str],
    column: &str,
    values: &[String],
) -> sqlx::Result<Vec<FileRow>> {
    if values.is_empty() {
        return Ok(Vec::new());
    }
    let placeholders: Vec<String> = (0..values.len()).map(|i| format!("${}", fixed.len() + i + 1)).collect();
    let sql = format!("SELECT {FILE_COLUMNS} FROM uploaded_files WHERE {fixed_sql} {column} IN ({}) ORDER BY created_at, file_key", placeholders.join(", "));
    let mut arguments = AnyArguments::default();
    for value in fixed {
        arguments.add(value.to_string()).map_err(sqlx::Error::Encode)?;
    }
    for value in values {
        arguments.add(value.clone()).map_err(sqlx::Error::Encode)?;
    }
    sqlx::query_as_with::<_, FileRow, _>(sqlx::AssertSqlSafe(sql), arguments).fetch_all(executor).await
}

/// The channel's files among `keys`.
pub async fn list_files_by_keys<'e, E: sqlx::Executor<'e, Database = sqlx::Any>>(
    executor: E,
    channel_id: &ChannelId,
    keys: &[String],
) -> sqlx::Result<Vec<FileRow>> {
    list_in(executor, "channel_id = $1 AND", &[channel_id], "file_key", keys).await
}

/// The files attached to the given messages, oldest first.
pub async fn list_files_of_messages(db: &Db, message_ids: &[String]) -> sqlx::Result<Vec<FileRow>> {
    list_in(&db.pool, "", &[], "message_id", message_ids).await
}

/// Attaches the channel's unattached `keys` of this uploader to `message_id`; returns how many
/// were attached (fewer than asked: one was taken meanwhile).
pub async fn update_attached(tx: &mut Tx, channel_id: &ChannelId, uploader_kind: &str, uploader: &str, keys: &[String], message_id: &str) -> sqlx::Result<u64> {
    if keys.is_empty() {
        return Ok(0);
    }
    let placeholders: Vec<String> = (0..keys.len()).map(|i| format!("${}", i + 5)).collect();
    let sql = format!(
        "UPDATE uploaded_files SET message_id = $1 \
         WHERE channel_id = $2 AND uploader_kind = $3 AND uploader = $4 AND message_id IS NULL AND file_key IN ({})",
        placeholders.join(", ")
    );
    let mut arguments = AnyArguments::default();
    for value in [message_id, channel_id, uploader_kind, uploader] {
        arguments.add(value.to_owned()).map_err(sqlx::Error::Encode)?;
    }
    for key in keys {
        arguments.add(key.clone()).map_err(sqlx::Error::Encode)?;
    }
    let done = sqlx::query_with(sqlx::AssertSqlSafe(sql), arguments).execute(&mut **tx).await?;
    Ok(done.rows_affected())
}
