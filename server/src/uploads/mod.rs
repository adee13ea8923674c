//! Uploaded files (issue 14; READING-NOTES, `POST /v1/upload-files`): a member, a guest or a
//! staff member uploads a file into one of a fixed set of folders; its type is read from its
//! bytes (sniff.rs), its size and the uploader's count of unattached files are limited, its
//! key is random and its stored name generated. A feature attaches files to what it owns
//! (an inquiry message) with [`attach`]; who may read a file is decided in http.rs. The bytes
//! live in the storage (infra/storage.rs) under [`storage_key`]; files from before it kept
//! them in the database and are moved there at start ([`move_into_storage`]).
pub mod http;
pub mod response;
pub mod store;

use std::collections::HashMap;

use serde::Serialize;

use crate::infra::db::{Db, Tx};
use crate::infra::error::{ApiError, ApiResult};
use crate::infra::ids::ChannelId;
use crate::infra::time::Timestamp;

pub use http::routes;

/// The path of the upload: its request body may be larger than others' (app.rs).
pub const UPLOAD_PATH: &str = "/v1/upload-files";
/// Whether a request to `path` may carry an upload's larger body ([`REQUEST_MAX`]).
pub fn takes_large_body(path: &str) -> bool {
    path == UPLOAD_PATH || path == ADMIN_UPLOAD_PATH
}

/// Staff's upload (their session cookie is scoped to /v1/admin).
pub const ADMIN_UPLOAD_PATH: &str = "/v1/admin/upload-files";
/// The largest file.
pub const FILE_MAX: usize = 5 * 1024 * 1024;
/// The largest upload request: the file and the multipart framing around it. Larger
/// requests are refused (413) before they are read.
pub const REQUEST_MAX: usize = 6 * 1024 * 1024;
/// Unattached files one uploader may hold from the last [`UNATTACHED_WINDOW_MS`].
pub const UNATTACHED_MAX: i64 = 10;
pub const UNATTACHED_WINDOW_MS: i64 = Timestamp::DAY_MS;
/// Files one message may carry.
pub const ATTACH_MAX: usize = 5;

pub const LIMIT_CODE: &str = "upload_files.limit_exceeded";
pub const TYPE_MESSAGE: &str = "画像(JPEG・PNG・GIF・WebP)またはPDFを選んでください。";
pub const SIZE_MESSAGE: &str = "ファイルは5MBまでです。";
pub const FILE_REQUIRED: &str = "ファイルを選んでください。";
pub const DIR_MESSAGE: &str = "保存先の指定が正しくありません。";
pub const ATTACH_MAX_MESSAGE: &str = "添付できるファイルは5件までです。";
pub const NOT_ATTACHABLE_MESSAGE: &str = "添付ファイルが見つかりません。もう一度アップロードしてください。";

/// The folders a file may go into.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dir {
    Inquiries,
}

impl Dir {
    pub fn parse(text: &str) -> Option<Dir> {
        match text.trim() {
            "inquiries" => Some(Dir::Inquiries),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Dir::Inquiries => "inquiries",
        }
    }
}

/// Who uploaded a file: a member, a guest (known by the source address), a staff member.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Uploader {
    Member(String),
    Guest(String),
    Staff(String),
}

impl Uploader {
    pub fn kind(&self) -> &'static str {
        match self {
            Uploader::Member(_) => "member",
            Uploader::Guest(_) => "guest",
            Uploader::Staff(_) => "staff",
        }
    }

    pub fn id(&self) -> &str {
        match self {
            Uploader::Member(id) | Uploader::Guest(id) | Uploader::Staff(id) => id,
        }
    }

    pub fn is(&self, row: &store::FileRow) -> bool {
        row.uploader_kind == self.kind() && row.uploader == self.id()
    }
}

/// A file as answers show it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct UploadedFile {
    pub key: String,
    /// The name the client gave (shown only; the stored name is generated).
    pub name: String,
    /// Read from the bytes: image/jpeg, image/png, image/gif, image/webp or application/pdf.
    pub content_type: String,
    pub size: i64,
    /// Where the file is read: `/v1/upload-files/{key}` (a guest's with the thread token
    /// `?t=`), or `/v1/admin/upload-files/{key}` in staff answers.
    pub url: String,
}

/// Where a customer reads a file (a guest with the thread token).
pub fn customer_url(key: &str, t: Option<&str>) -> String {
    match t {
        Some(t) => format!("{UPLOAD_PATH}/{key}?t={t}"),
        None => format!("{UPLOAD_PATH}/{key}"),
    }
}

/// Where staff read a file.
pub fn admin_url(key: &str) -> String {
    format!("/v1/admin/upload-files/{key}")
}

impl UploadedFile {
    pub fn of(row: &store::FileRow, url: String) -> UploadedFile {
        UploadedFile { key: row.file_key.clone(), name: row.original_name.clone(), content_type: row.content_type.clone(), size: row.size, url }
    }
}

/// Where a file's bytes are kept in the storage.
pub fn storage_key(channel_id: &ChannelId, file_key: &str) -> String {
    format!("uploads/{channel_id}/{file_key}")
}

/// The file's bytes, from the storage or (a file from before it) the database.
pub async fn read_bytes(db: &Db, storage: &crate::infra::storage::Storage, row: &store::FileRow) -> ApiResult<Option<axum::body::Bytes>> {
    if let Some(bytes) = store::find_bytes(db, &row.file_key).await? {
        return Ok(Some(bytes.into()));
    }
    Ok(storage.get(&storage_key(&row.channel_id, &row.file_key)).await?)
}

/// Moves the bytes of files kept in the database into the storage, a batch at a time. Every
/// instance may run it at once: each writes the same bytes under the same key.
pub async fn move_into_storage(db: &Db, storage: &crate::infra::storage::Storage) -> anyhow::Result<u64> {
    let mut moved = 0;
    loop {
        let batch = store::list_kept_in_database(db, 100).await?;
        if batch.is_empty() {
            return Ok(moved);
        }
        for (channel_id, key, bytes) in batch {
            storage.put(&storage_key(&channel_id, &key), bytes).await?;
            store::update_moved_to_storage(db, &key).await?;
            moved += 1;
        }
    }
}

/// Why `keys` cannot be attached by `uploader`, if they cannot: more than [`ATTACH_MAX`], a
/// key named twice, or one that is not the uploader's unattached file of this channel.
pub async fn attach_problem(db: &Db, channel_id: &ChannelId, uploader: &Uploader, keys: &[String]) -> ApiResult<Option<&'static str>> {
    if keys.len() > ATTACH_MAX {
        return Ok(Some(ATTACH_MAX_MESSAGE));
    }
    let mut distinct = keys.to_vec();
    distinct.sort();
    distinct.dedup();
    if distinct.len() != keys.len() {
        return Ok(Some(NOT_ATTACHABLE_MESSAGE));
    }
    let rows = store::list_files_by_keys(&db.pool, channel_id, keys).await?;
    let all_attachable = rows.len() == keys.len() && rows.iter().all(|row| uploader.is(row) && row.message_id.is_none());
    Ok((!all_attachable).then_some(NOT_ATTACHABLE_MESSAGE))
}

/// Attaches `keys` (checked with [`attach_problem`]) to `message_id` in the caller's
/// transaction; a file attached elsewhere meanwhile makes it a 422 and the caller's
/// transaction is dropped.
pub async fn attach(tx: &mut Tx, channel_id: &ChannelId, uploader: &Uploader, keys: &[String], message_id: &str) -> ApiResult<()> {
    let attached = store::update_attached(tx, channel_id, uploader.kind(), uploader.id(), keys, message_id).await?;
    if attached as usize != keys.len() {
        return Err(ApiError::field("files", NOT_ATTACHABLE_MESSAGE));
    }
    Ok(())
}

/// The files of each message, oldest first.
pub async fn files_of_messages(db: &Db, message_ids: &[String]) -> ApiResult<HashMap<String, Vec<store::FileRow>>> {
    let mut by_message: HashMap<String, Vec<store::FileRow>> = HashMap::new();
    for row in store::list_files_of_messages(db, message_ids).await? {
        if let Some(message_id) = row.message_id.clone() {
            by_message.entry(message_id).or_default().push(row);
        }
    }
    Ok(by_message)
}

/// The 422 of an uploader over the unattached-files limit.
pub fn over_limit() -> ApiError {
    ApiError::rule(LIMIT_CODE, format!("送信前のファイルが多すぎます（24時間で{UNATTACHED_MAX}件まで）。時間をおいてからもう一度お試しください。"))
}
