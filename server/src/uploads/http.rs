//! Handlers of uploaded files: the upload, and reading a file back — by the member who
//! uploaded it or whose inquiry it belongs to, by a guest holding the thread token of its
//! inquiry; anyone else gets a 404, the same as for a missing file.
use crate::staff::permission::{Can, Inquiries};
use axum::Json;
use axum::extract::State;
use axum::extract::multipart::{Multipart, MultipartError, MultipartRejection};
use axum::http::StatusCode;
use axum::response::Response;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::response::file_response;
use super::store::{self, FileRow};
use super::{DIR_MESSAGE, Dir, FILE_MAX, FILE_REQUIRED, SIZE_MESSAGE, TYPE_MESSAGE, UNATTACHED_MAX, UNATTACHED_WINDOW_MS, UploadedFile, Uploader};
use crate::auth::OptionalMember;
use crate::channel::Channel;
use crate::infra::client::Client;
use crate::infra::error::{ApiError, ApiResult, ErrorBody, FieldErrors};
use crate::infra::extract::ApiPath;
use crate::infra::multipart::{read_limited, shown_name};
use crate::infra::secret::random_hex;
use crate::infra::sniff;
use crate::infra::time::Timestamp;
use crate::staff::Staff;
use crate::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    // Their body limit is raised in app.rs (`takes_large_body`).
    OpenApiRouter::new().routes(routes!(upload_file)).routes(routes!(upload_staff_file)).routes(routes!(show_staff_file))
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

async fn read_form(multipart: Result<Multipart, MultipartRejection>) -> ApiResult<Form> {
    let broken = |error: MultipartError| {
        if error.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::too_large("送信データが大きすぎます。")
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
                let bytes = read_limited(&mut field, FILE_MAX).await.map_err(broken)?.ok_or_else(|| ApiError::field("file", SIZE_MESSAGE))?;
                form.file = Some((name, bytes));
            }
            Some("dir") if form.dir.is_none() => {
                // A folder name is a word; anything longer is simply not one.
                let bytes = read_limited(&mut field, 100).await.map_err(broken)?.ok_or_else(|| ApiError::field("dir", DIR_MESSAGE))?;
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
        Some(member) => Uploader::Member(member.user_id.into_string()),
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
    // Stored before it is recorded: a file whose record is not written is never served.
    state.storage.put(&super::storage_key(&channel.id, &row.file_key), bytes).await?;
    let mut tx = state.db.begin_write().await?;
    if store::count_unattached(&mut *tx, &channel.id, uploader.kind(), uploader.id(), since).await? >= UNATTACHED_MAX {
        return Err(super::over_limit());
    }
    store::insert_file(&mut tx, &row).await?;
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
    Can { staff, .. }: Can<Inquiries>,
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
