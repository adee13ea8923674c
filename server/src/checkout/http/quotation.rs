//! `GET /v1/carts/{token}/download/quotation`: the cart as it would be ordered now, as a
//! 御見積書 PDF (the document: `checkout/quotation.rs`).
use axum::extract::State;
use axum::response::Response;

use crate::auth::OptionalMember;
use crate::cart::open_cart::Open;
use crate::channel::Channel;
use crate::checkout::quotation::quotation_of;
use crate::documents::{self, Kind};
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::ApiPath;
use crate::state::AppState;
use crate::validation::today_jst;

#[utoipa::path(get, path = "/v1/carts/{token}/download/quotation", tag = "cart", params(("token" = String, Path)),
    responses(
        (status = 200, content_type = "application/pdf", body = crate::orders::pdf_response::PdfFile,
            description = "御見積書_<number>.pdf: the cart's lines, charges, total and the per-rate tax breakdown",
            headers(("x-suggested-filename" = String, description = "the RFC 5987-encoded file name"))),
        (status = 404, body = ErrorBody, description = "unknown cart, or another member's"),
        (status = 422, body = ErrorBody, description = "an empty cart has nothing to quote; code `cart.common.is_expired`"),
    ))]
pub async fn download_cart_quotation(
    State(state): State<AppState>,
    channel: Channel,
    member: OptionalMember,
    ApiPath(token): ApiPath<String>,
) -> ApiResult<Response> {
    let open = Open::get(&state, &channel, member, &token).await?;
    let loaded = open.load(&state).await?;
    let body = loaded.body(&open.token, &open.settings, open.now);
    if body.detail.products.is_empty() {
        return Err(ApiError::field("token", "カートに商品がないため見積書を発行できません。"));
    }
    let today = today_jst();
    let number = format!("Q{}-{}", today.to_string().replace('-', ""), &open.cart.id[open.cart.id.len() - 6..]);
    let document = quotation_of(&body, number.clone(), &channel, &open.settings.stored, today);
    Ok(crate::orders::pdf_response::pdf_response(Kind::Quotation, &number, documents::render(&document)?))
}
