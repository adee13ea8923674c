//! Handlers of uploaded files: the upload, and reading a file back — by the member who
//! uploaded it or whose inquiry it belongs to, by a guest holding the thread token of its
//! inquiry; anyone else gets a 404, the same as for a missing file.
use axum::Json;
use axum::extract::State;
use axum::extract::multipart::{Multipart, MultipartError, MultipartRejection};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::sniff::{self, FileType};
use super::store::{self, FileRow};
use super::{DIR_MESSAGE, Dir, FILE_MAX, FILE_REQUIRED, SIZE_MESSAGE, TYPE_MESSAGE, UNATTACHED_MAX, UNATTACHED_WINDOW_MS, UploadedFile, Uploader};
use crate::auth::OptionalMember;
use crate::channel::Channel;
use crate::content::download::rfc5987_encode;
use crate::infra::error::{ApiError, ApiResult, ErrorBody, FieldErrors};
use crate::infra::extract::{ApiPath, ApiQuery};
use crate::infra::secret::random_hex;
use crate::infra::time::Timestamp;
use crate::inquiries::access;
use crate::members::client::Client;
use crate::staff::Staff;
use crate::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    // Their body limit is raised in app.rs (`takes_large_body`).
    OpenApiRouter::new().routes(routes!(upload_file)).routes(routes!(upload_staff_file)).routes(routes!(show_file)).routes(routes!(show_staff_file))
}

/// The upload form (documents the multipart body).
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
pub struct UploadForm {
    /// A JPEG, PNG, GIF, WebP or PDF file of at most 5 MB (the type is read from the bytes).
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
    /// The folder: `inquiries`.
    #[schema(value_type = String, pattern = "^\\s*inquiries\\s*$")]
    dir: String,
}

/// The two fields of the form, as read.
struct Form {
    dir: Option<String>,
    file: Option<(String, Vec<u8>)>,
}

/// The longest client file name kept (longer ones are cut).
const NAME_MAX: usize = 200;

/// The name to show: the last path segment of what the client sent, without control
/// characters, at most [`NAME_MAX`] characters; `file` when nothing is left.
fn shown_name(raw: Option<&str>) -> String {
    let raw = raw.unwrap_or("");
    let last = raw.rsplit(['/', '\\']).next().unwrap_or("");
    let name: String = last.chars().filter(|c| !c.is_control()).take(NAME_MAX).collect();
    let name = name.trim();
    if name.is_empty() { "file".into() } else { name.to_owned() }
}

async fn read_form(multipart: Result<Multipart, MultipartRejection>) -> ApiResult<Form> {
    let broken = |error: MultipartError| {
        if error.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::Rule { status: StatusCode::PAYLOAD_TOO_LARGE, code: None, message: "送信データが大きすぎます。".into() }
        } else {
            ApiError::field("file", FILE_REQUIRED)
        }
    };
    let mut multipart = multipart.map_err(|_| ApiError::field("file", FILE_REQUIRED))?;
    let mut form = Form { dir: None, file: None };
    while let Some(mut field) = multipart.next_field().await.map_err(broken)? {
        match field.name() {
            Some("file") if form.file.is_none() => {
                let name = shown_name(field.file_name());
                let mut bytes = Vec::new();
                while let Some(chunk) = field.chunk().await.map_err(broken)? {
                    if bytes.len() + chunk.len() > FILE_MAX {
                        return Err(ApiError::field("file", SIZE_MESSAGE));
                    }
                    bytes.extend_from_slice(&chunk);
                }
                form.file = Some((name, bytes));
            }
            Some("dir") if form.dir.is_none() => {
                let mut bytes = Vec::new();
                while let Some(chunk) = field.chunk().await.map_err(broken)? {
                    // A folder name is a word; anything longer is simply not one.
                    if bytes.len() + chunk.len() > 100 {
                        return Err(ApiError::field("dir", DIR_MESSAGE));
                    }
                    bytes.extend_from_slice(&chunk);
                }
                form.dir = Some(String::from_utf8_lossy(&bytes).into_owned());
            }
            _ => {}
        }
    }
    Ok(form)
}

#[utoipa::path(post, path = "/v1/upload-files", tag = "uploads",
    request_body(content = UploadForm, content_type = "multipart/form-data"),
    security((), ("bearer" = [])),
    responses(
        (status = 201, body = UploadedFile, description = "stored; attach it by its key (inquiries' `files`)"),
        (status = 401, body = ErrorBody, description = "a bearer token was sent and is not valid"),
        (status = 413, body = ErrorBody, description = "the request is larger than 6 MiB"),
        (status = 422, body = ErrorBody, description = "`errors.dir` (not a known folder), `errors.file` (missing, not JPEG/PNG/GIF/WebP/PDF by its bytes, larger than 5 MB), or code `upload_files.limit_exceeded` (10 unattached files in 24 hours)"),
    ))]
async fn upload_file(
    State(state): State<AppState>,
    channel: Channel,
    OptionalMember(member): OptionalMember,
    client: Client,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<(StatusCode, Json<UploadedFile>)> {
    let uploader = match member {
        Some(member) => Uploader::Member(member.user_id),
        None => Uploader::Guest(client.ip),
    };
    let row = store_upload(&state, &channel, &uploader, multipart).await?;
    Ok((StatusCode::CREATED, Json(UploadedFile::of(&row, super::customer_url(&row.file_key, None)))))
}

/// Checks the uploader's count, reads and checks the form, stores the file.
async fn store_upload(state: &AppState, channel: &Channel, uploader: &Uploader, multipart: Result<Multipart, MultipartRejection>) -> ApiResult<FileRow> {
    let now = Timestamp::now().0;
    let since = now - UNATTACHED_WINDOW_MS;
    // Counted before the bytes are read, and again in the transaction that stores them.
    if store::count_unattached(&state.db.pool, &channel.id, uploader.kind(), uploader.id(), since).await? >= UNATTACHED_MAX {
        return Err(super::over_limit());
    }
    let form = read_form(multipart).await?;
    let mut errors = FieldErrors::new();
    let dir = form.dir.as_deref().and_then(Dir::parse);
    if dir.is_none() {
        errors.insert("dir".into(), vec![DIR_MESSAGE.into()]);
    }
    let kind = match &form.file {
        None => {
            errors.insert("file".into(), vec![FILE_REQUIRED.into()]);
            None
        }
        Some((_, bytes)) => {
            let kind = sniff::sniff(bytes);
            if kind.is_none() {
                errors.insert("file".into(), vec![TYPE_MESSAGE.into()]);
            }
            kind
        }
    };
    let (Some(dir), Some(kind), Some((name, bytes))) = (dir, kind, form.file) else {
        return Err(ApiError::Invalid(errors));
    };
    let key = random_hex(16);
    let row = FileRow {
        stored_name: format!("{key}.{}", kind.extension()),
        file_key: key,
        channel_id: channel.id.clone(),
        dir: dir.as_str().to_owned(),
        uploader_kind: uploader.kind().to_owned(),
        uploader: uploader.id().to_owned(),
        content_type: kind.content_type().to_owned(),
        size: bytes.len() as i64,
        original_name: name,
        message_id: None,
        created_at: now,
    };
    let mut tx = state.db.begin_write().await?;
    if store::count_unattached(&mut *tx, &channel.id, uploader.kind(), uploader.id(), since).await? >= UNATTACHED_MAX {
        return Err(super::over_limit());
    }
    store::insert_file(&mut tx, &row, &bytes).await?;
    tx.commit().await?;
    Ok(row)
}

#[utoipa::path(post, path = "/v1/admin/upload-files", tag = "admin", security(("staff_session" = [])),
    request_body(content = UploadForm, content_type = "multipart/form-data"),
    responses(
        (status = 201, body = UploadedFile, description = "stored; attach it to a reply by its key (`url` under /v1/admin)"),
        (status = 401, body = ErrorBody, description = "no staff session of this shop"),
        (status = 413, body = ErrorBody, description = "the request is larger than 6 MiB"),
        (status = 422, body = ErrorBody, description = "as `POST /v1/upload-files`"),
    ))]
async fn upload_staff_file(
    State(state): State<AppState>,
    channel: Channel,
    staff: Staff,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<(StatusCode, Json<UploadedFile>)> {
    let row = store_upload(&state, &channel, &Uploader::Staff(staff.id), multipart).await?;
    Ok((StatusCode::CREATED, Json(UploadedFile::of(&row, super::admin_url(&row.file_key)))))
}

#[utoipa::path(get, path = "/v1/admin/upload-files/{key}", tag = "admin", security(("staff_session" = [])),
    params(("key" = String, Path, description = "the file's key")),
    responses(
        (status = 200, description = "the bytes, with the headers of `GET /v1/upload-files/{key}`",
            content(("image/jpeg"), ("image/png"), ("image/gif"), ("image/webp"), ("application/pdf"))),
        (status = 401, body = ErrorBody, description = "no staff session of this shop"),
        (status = 404, body = ErrorBody, description = "no such file of this shop"),
    ))]
async fn show_staff_file(State(state): State<AppState>, channel: Channel, _staff: Staff, ApiPath(key): ApiPath<String>) -> ApiResult<Response> {
    let row = store::find_file(&state.db, &channel.id, &key).await?.ok_or_else(ApiError::not_found)?;
    file_response(&state, &row).await
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ThreadTokenQuery {
    /// A guest's thread token (from the link in the inquiry's mails).
    pub t: Option<String>,
}

#[utoipa::path(get, path = "/v1/upload-files/{key}", tag = "uploads",
    params(("key" = String, Path, description = "the file's key"), ThreadTokenQuery),
    security((), ("bearer" = [])),
    responses(
        (status = 200, description = "the bytes, with the stored content type; `Content-Disposition: inline` for images, `attachment` for PDF; `X-Content-Type-Options: nosniff`, `Content-Security-Policy: sandbox`",
            content(("image/jpeg"), ("image/png"), ("image/gif"), ("image/webp"), ("application/pdf"))),
        (status = 401, body = ErrorBody, description = "a bearer token was sent and is not valid"),
        (status = 404, body = ErrorBody, description = "no such file, or not the caller's: the member did not upload it and it is not on their inquiry, or `t` is not a valid thread token of its inquiry"),
    ))]
async fn show_file(
    State(state): State<AppState>,
    channel: Channel,
    OptionalMember(member): OptionalMember,
    ApiPath(key): ApiPath<String>,
    ApiQuery(query): ApiQuery<ThreadTokenQuery>,
) -> ApiResult<Response> {
    let row = store::find_file(&state.db, &channel.id, &key).await?.ok_or_else(ApiError::not_found)?;
    let now = Timestamp::now().0;
    let allowed = match (&member, &row.message_id) {
        (Some(member), _) if Uploader::Member(member.user_id.clone()).is(&row) => true,
        (Some(member), Some(message_id)) => access::member_owns_message(&state.db, &channel.id, message_id, &member.user_id).await?,
        (None, Some(message_id)) => match query.t.as_deref() {
            Some(t) => access::token_opens_message(&state.db, &channel.id, message_id, t, now).await?,
            None => false,
        },
        _ => false,
    };
    if !allowed {
        return Err(ApiError::not_found());
    }
    file_response(&state, &row).await
}

/// The file's bytes with headers that keep a browser from running them: the stored type
/// (read from the bytes at upload), `nosniff`, a sandboxing CSP, and `attachment` unless it
/// is an image.
pub async fn file_response(state: &AppState, row: &FileRow) -> ApiResult<Response> {
    let bytes = store::find_bytes(&state.db, &row.file_key).await?.ok_or_else(ApiError::not_found)?;
    let kind = FileType::from_content_type(&row.content_type);
    let disposition = if kind.is_some_and(FileType::is_image) { "inline" } else { "attachment" };
    let mut headers = HeaderMap::new();
    let content_type = kind.map_or("application/octet-stream", FileType::content_type);
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    // The stored name is ASCII; the client's name travels encoded (RFC 5987).
    let value = format!("{disposition}; filename=\"{}\"; filename*=UTF-8''{}", row.stored_name, rfc5987_encode(&row.original_name));
    if let Ok(value) = HeaderValue::from_str(&value) {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static("sandbox"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("private, no-store"));
    Ok((headers, bytes).into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_last_segment_of_a_name_is_kept() {
        assert_eq!(shown_name(Some("C:\\Users\\taro\\写真.jpg")), "写真.jpg");
        assert_eq!(shown_name(Some("../../etc/passwd")), "passwd");
        assert_eq!(shown_name(Some("a\u{0}b\r\n.png")), "ab.png");
        assert_eq!(shown_name(Some("   ")), "file");
        assert_eq!(shown_name(None), "file");
        assert_eq!(shown_name(Some(&"あ".repeat(300))).chars().count(), NAME_MAX);
    }
}
