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

/// Records a file whose bytes are in the storage (`super::storage_key`).
pub async fn insert_file(tx: &mut Tx, row: &FileRow) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO uploaded_files (file_key, channel_id, dir, uploader_kind, uploader, content_type, size, original_name, stored_name, bytes, message_id, created_at, in_storage) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, NULL, $11, 1)",
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
    .bind(Vec::<u8>::new())
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

/// The bytes a file kept in the database, or None when they are in the storage.
pub async fn find_bytes(db: &Db, key: &str) -> sqlx::Result<Option<Vec<u8>>> {
    let found: Option<(Vec<u8>, i64)> =
        sqlx::query_as("SELECT bytes, in_storage FROM uploaded_files WHERE file_key = $1").bind(key).fetch_optional(&db.pool).await?;
    Ok(found.filter(|(_, in_storage)| *in_storage == 0).map(|(bytes, _)| bytes))
}

/// Up to `limit` files still keeping their bytes in the database: (channel, key, bytes).
pub async fn list_kept_in_database(db: &Db, limit: i64) -> sqlx::Result<Vec<(ChannelId, String, Vec<u8>)>> {
    sqlx::query_as("SELECT channel_id, file_key, bytes FROM uploaded_files WHERE in_storage = 0 ORDER BY created_at LIMIT $1")
        .bind(limit)
        .fetch_all(&db.pool)
        .await
}

/// Marks a file as moved into the storage and drops its bytes from the database.
pub async fn update_moved_to_storage(db: &Db, key: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE uploaded_files SET in_storage = 1, bytes = $1 WHERE file_key = $2 AND in_storage = 0")
        .bind(Vec::<u8>::new())
        .bind(key)
        .execute(&db.pool)
        .await?;
    Ok(())
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
