//! A file of an inquiry's message, for its member or a guest holding the thread's token (the
//! uploader always sees their own). The files themselves are the uploads feature's.
use axum::extract::State;
use axum::response::Response;
use serde::Deserialize;

use crate::auth::OptionalMember;
use crate::channel::Channel;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::{ApiPath, ApiQuery};
use crate::infra::time::Timestamp;
use crate::inquiries::access;
use crate::state::AppState;
use crate::uploads::Uploader;
use crate::uploads::response::file_response;
use crate::uploads::store;

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
pub async fn show_file(
    State(state): State<AppState>,
    channel: Channel,
    OptionalMember(member): OptionalMember,
    ApiPath(key): ApiPath<String>,
    ApiQuery(query): ApiQuery<ThreadTokenQuery>,
) -> ApiResult<Response> {
    let row = store::find_file(&state.db, &channel.id, &key).await?.ok_or_else(ApiError::not_found)?;
    let now = Timestamp::now().0;
    let allowed = match (&member, &row.message_id) {
        (Some(member), _) if Uploader::Member(member.user_id.to_string()).is(&row) => true,
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
