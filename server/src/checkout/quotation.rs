//! The cart's quotation (`GET /v1/carts/{token}/download/quotation`): the cart as it would be
//! ordered now, as a 御見積書 PDF — for companies that need one before they may buy. It is
//! drawn by the same renderer as the order documents (documents::render).
use axum::extract::State;
use axum::response::Response;

use crate::auth::OptionalMember;
use crate::cart::open_cart::Open;
use crate::cart::view::CartBody;
use crate::channel::Channel;
use crate::documents::{self, Document, Kind, Line, TaxPart, TotalRow};
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::ApiPath;
use crate::orders::receipt::{issuer, line_name};
use crate::state::AppState;
use crate::validation::today_jst;

/// How long the quoted prices hold, printed on the quotation.
pub const VALID_DAYS: i64 = 14;

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

fn quotation_of(body: &CartBody, number: String, channel: &Channel, settings: &std::collections::HashMap<String, String>, today: time::Date) -> Document {
    let order = &body.detail.order;
    let lines = body
        .detail
        .products
        .iter()
        .map(|p| Line {
            name: match &p.embroidery {
                Some(e) => line_name(&p.product_info.name, &crate::cart::embroidery::with_label(&p.product_info.variation_name, &e.label)),
                None => line_name(&p.product_info.name, &p.product_info.variation_name),
            },
            quantity: p.quantity,
            unit_price: p.unit_price,
            amount: p.subtotal,
            tax_rate: p.tax_rate,
        })
        .collect();
    let mut totals = vec![TotalRow { label: "小計".into(), amount: order.items_subtotal }];
    for (label, amount) in
        [("クーポン割引", -order.coupon_discount), ("送料", order.total_carriage), ("手数料", order.payment_fee), ("ラッピング", order.packing_fee)]
    {
        if amount != 0 {
            totals.push(TotalRow { label: label.into(), amount });
        }
    }
    let addressee = order.orderer.as_ref().map(|o| if o.company_name.trim().is_empty() { o.name() } else { o.company_name.clone() }).unwrap_or_default();
    Document {
        kind: Kind::Quotation,
        number,
        issued_on: today,
        addressee: if addressee.trim().is_empty() { "お客様 様".into() } else { documents::with_honorific(&addressee) },
        note: String::new(),
        total: order.amount_by_tax_rate.iter().map(|a| a.amount).sum(),
        lines,
        totals,
        tax_breakdown: order.amount_by_tax_rate.iter().map(|a| TaxPart { tax_rate: a.tax_rate, amount: a.amount, tax: a.tax }).collect(),
        issuer: issuer(channel, settings),
        reissued: false,
        remarks: vec![format!("本見積書の有効期限は発行日より{VALID_DAYS}日間です。"), "在庫・価格はご注文時点のものが適用されます。".into()],
    }
}
