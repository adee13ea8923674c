//! The product photo upload of the product desk (issue 31): the photo is processed into its
//! variants and stored; it joins a product only when the product form is saved with its URL.
use axum::Json;
use axum::extract::State;
use axum::extract::multipart::{Multipart, MultipartError, MultipartRejection};
use axum::http::StatusCode;
use serde::Serialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::catalog::photos::{self, FILE_MAX, SIZE_MESSAGE};
use crate::channel::Channel;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::multipart::{read_limited, shown_name};
use crate::staff::permission::{Can, CatalogEdit};
use crate::state::AppState;

const FILE_REQUIRED: &str = "画像ファイルを選んでください。";

pub fn routes() -> OpenApiRouter<AppState> {
    // Its body limit is raised in edge.rs (`photos::takes_large_body`).
    OpenApiRouter::new().routes(routes!(upload_photo))
}

/// The upload form (documents the multipart body).
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
pub struct PhotoUploadForm {
    /// A JPEG, PNG or WebP photo of at most 10 MB (the type is read from the bytes).
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
}

/// An uploaded photo, ready to be put on a product (the form's `images[].url`).
#[derive(Serialize, utoipa::ToSchema)]
pub struct AdminPhoto {
    /// The widest variant: `/media/{hash}-{width}.webp`.
    pub url: String,
    /// Every variant, for `<img srcset>`.
    pub srcset: String,
    /// The widest variant's size in pixels.
    pub width: u32,
    pub height: u32,
    /// The name the file had on the uploader's computer.
    pub name: String,
}

async fn read_photo(multipart: Result<Multipart, MultipartRejection>) -> ApiResult<(String, Vec<u8>)> {
    let broken = |error: MultipartError| {
        if error.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::too_large("送信データが大きすぎます。")
        } else {
            ApiError::field("file", FILE_REQUIRED)
        }
    };
    let mut multipart = multipart.map_err(|_| ApiError::field("file", FILE_REQUIRED))?;
    while let Some(mut field) = multipart.next_field().await.map_err(broken)? {
        if field.name() == Some("file") {
            let name = shown_name(field.file_name());
            let bytes = read_limited(&mut field, FILE_MAX).await.map_err(broken)?.ok_or_else(|| ApiError::field("file", SIZE_MESSAGE))?;
            return Ok((name, bytes));
        }
    }
    Err(ApiError::field("file", FILE_REQUIRED))
}

#[utoipa::path(post, path = "/v1/admin/catalog/photos", operation_id = "admin_upload_photo", tag = "admin", security(("staff_session" = [])),
    request_body(content = PhotoUploadForm, content_type = "multipart/form-data"),
    responses(
        (status = 201, body = AdminPhoto, description = "stored as WebP variants; put its `url` in a product's `images` to show it"),
        (status = 401, body = ErrorBody, description = "no staff session of this shop"),
        (status = 403, body = ErrorBody, description = "no `catalog_edit`"),
        (status = 413, body = ErrorBody, description = "the request is larger than 11 MiB"),
        (status = 422, body = ErrorBody, description = "`errors.file`: missing, not JPEG/PNG/WebP by its bytes, over 10 MB, over 10000 pixels a side, or unreadable"),
    ))]
async fn upload_photo(
    State(state): State<AppState>,
    channel: Channel,
    _can: Can<CatalogEdit>,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<(StatusCode, Json<AdminPhoto>)> {
    let (name, bytes) = read_photo(multipart).await?;
    let photo = photos::process_off_thread(bytes).await?.map_err(|refusal| ApiError::field("file", refusal.message()))?;
    let answer = AdminPhoto { url: photo.url(), srcset: photos::srcset_of(&photo.url()).unwrap_or_default(), width: photo.width, height: photo.height, name };
    photos::store(&state.storage, &channel.id, &photo).await?;
    Ok((StatusCode::CREATED, Json(answer)))
}
