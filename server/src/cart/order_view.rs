//! The complete page's order summary (`GET /v1/carts/order/{order_no}`): the order in the
//! contract's order shape, read back from its snapshots. Only the cart token that made the
//! order (or the order's member) may read it.
use axum::extract::State;
use axum::Json;
use serde::{Deserialize, Serialize};

use super::decision::{bank_account_body, BankAccountBody};
use super::http::find_visible;
use super::pricing::RateAmount;
use super::settings::CheckoutSettings;
use super::store::{self, OrderRow};
use super::view::{CartAddress, Orderer};
use crate::app::AppState;
use crate::auth::OptionalMember;
use crate::channel::Channel;
use crate::infra::db::Db;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::{ApiPath, ApiQuery};
use crate::infra::time::Timestamp;

pub fn status_label(status: &str) -> &'static str {
    match status {
        "accepted" => "ご注文受付",
        "awaiting_payment" => "お支払い待ち",
        "paid" => "入金済み",
        "preparing" => "発送準備中",
        "shipped" => "発送済み",
        "delivered" => "お届け済み",
        "cancelled" => "キャンセル済み",
        _ => "",
    }
}

pub fn can_cancel(status: &str) -> bool {
    matches!(status, "accepted" | "awaiting_payment" | "paid")
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CartOrderProduct {
    pub id: String,
    pub product_key: String,
    pub variation_key: String,
    pub code: String,
    pub name: String,
    pub variation_name: String,
    pub unit_price: i64,
    pub quantity: i64,
    pub subtotal: i64,
    pub tax_rate: i64,
    pub image_url: Option<String>,
    pub is_accessory: bool,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CartOrderShipping {
    pub id: String,
    pub address: CartAddress,
    pub delivery_date: Option<String>,
    pub delivery_timezone_label: Option<String>,
    pub wrapping_label: Option<String>,
    pub noshi_label: Option<String>,
    pub noshi_name: String,
    pub carriage: i64,
    pub products: Vec<CartOrderProduct>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CartOrderReceipt {
    pub addressee: String,
    pub note: String,
    pub issued_count: i64,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CartOrderSummary {
    pub id: String,
    pub order_no: String,
    pub status: String,
    pub status_label: String,
    pub ordered_at: Timestamp,
    pub user_id: Option<String>,
    pub payment_id: Option<String>,
    pub payment_code: String,
    pub payment_name: String,
    pub card_masked_number: Option<String>,
    pub items_subtotal: i64,
    pub coupon_discount: i64,
    pub total_carriage: i64,
    pub payment_fee: i64,
    pub packing_fee: i64,
    pub use_points: i64,
    pub earned_points: i64,
    pub total_payment: i64,
    pub total_tax: i64,
    pub amount_by_tax_rate: Vec<RateAmount>,
    pub coupon_code: Option<String>,
    pub note: String,
    pub orderer: Orderer,
    pub shippings: Vec<CartOrderShipping>,
    pub can_cancel: bool,
    pub cancel_reason: Option<String>,
    pub cancelled_at: Option<Timestamp>,
    pub cancel_only_ecd_key: Option<String>,
    pub memo: Option<serde_json::Value>,
    pub receipt: CartOrderReceipt,
    pub bank_account: Option<BankAccountBody>,
}

pub async fn summary(db: &Db, channel_id: &str, settings: &CheckoutSettings, order: OrderRow) -> sqlx::Result<CartOrderSummary> {
    let shippings = store::list_order_shippings(db, &order.id).await?;
    let lines = store::list_order_lines(&db.pool, &order.id).await?;
    let mut answer_shippings = Vec::new();
    for (index, s) in shippings.iter().enumerate() {
        let mut products = Vec::new();
        for line in lines.iter().filter(|l| l.shipping_id.as_deref() == Some(s.id.as_str()) || (index == 0 && l.shipping_id.is_none())) {
            products.push(CartOrderProduct {
                id: line.id.clone(),
                product_key: line.product_key.clone(),
                variation_key: line.variation_key.clone(),
                code: line.code.clone(),
                name: line.product_name.clone(),
                variation_name: line.variation_name.clone(),
                unit_price: line.unit_price,
                quantity: line.quantity,
                subtotal: line.unit_price * line.quantity,
                tax_rate: line.tax_rate,
                image_url: store::find_product_image(db, channel_id, &line.product_key).await?,
                is_accessory: line.is_accessory != 0,
            });
        }
        answer_shippings.push(CartOrderShipping {
            id: s.id.clone(),
            address: serde_json::from_str(&s.address_json).unwrap_or_default(),
            delivery_date: s.delivery_date.clone(),
            delivery_timezone_label: s.delivery_timezone_label.clone(),
            wrapping_label: s.wrapping_label.clone(),
            noshi_label: s.noshi_label.clone(),
            noshi_name: s.noshi_name.clone(),
            carriage: s.carriage,
            products,
        });
    }
    Ok(CartOrderSummary {
        status_label: status_label(&order.status).to_owned(),
        can_cancel: can_cancel(&order.status),
        ordered_at: Timestamp(order.ordered_at),
        amount_by_tax_rate: serde_json::from_str(&order.amount_by_tax_rate).unwrap_or_default(),
        orderer: serde_json::from_str(&order.orderer_json).unwrap_or_default(),
        bank_account: if order.payment_code == "bank_transfer" { settings.bank_account.as_ref().map(|a| bank_account_body(a, order.ordered_at)) } else { None },
        cancelled_at: order.cancelled_at.map(Timestamp),
        receipt: CartOrderReceipt { addressee: order.receipt_addressee.clone(), note: order.receipt_note.clone(), issued_count: order.receipt_issued_count },
        shippings: answer_shippings,
        id: order.id,
        order_no: order.order_no,
        status: order.status,
        user_id: order.user_id,
        payment_id: order.payment_method_id,
        payment_code: order.payment_code,
        payment_name: order.payment_name,
        card_masked_number: order.card_masked_number,
        items_subtotal: order.subtotal,
        coupon_discount: order.coupon_discount,
        total_carriage: order.total_carriage,
        payment_fee: order.payment_fee,
        packing_fee: order.packing_fee,
        use_points: order.used_points,
        earned_points: order.earned_points,
        total_payment: order.total_payment,
        total_tax: order.total_tax,
        coupon_code: order.coupon_code,
        note: order.note,
        cancel_reason: order.cancel_reason,
        cancel_only_ecd_key: None,
        memo: None,
    })
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CartOrderQuery {
    /// The cart token that made the order (not needed by the order's member).
    pub token: Option<String>,
}

#[utoipa::path(get, path = "/v1/carts/order/{order_no}", tag = "cart", params(("order_no" = String, Path), CartOrderQuery),
    responses(
        (status = 200, body = CartOrderSummary, description = "the order the cart made (complete page)"),
        (status = 404, body = ErrorBody, description = "no such order, or neither its cart token nor its member"),
    ))]
pub async fn show_cart_order(
    State(state): State<AppState>,
    channel: Channel,
    member: OptionalMember,
    ApiPath(order_no): ApiPath<String>,
    ApiQuery(query): ApiQuery<CartOrderQuery>,
) -> ApiResult<Json<CartOrderSummary>> {
    let order = store::find_order_by_no(&state.db, &channel.id, order_no.trim()).await?.ok_or_else(ApiError::not_found)?;
    let by_member = matches!((&order.user_id, &member.0), (Some(owner), Some(m)) if *owner == m.user_id);
    let by_cart = match query.token.as_deref() {
        Some(token) => find_visible(&state, &channel, member.0.as_ref(), token).await?.is_some_and(|cart| cart.id == order.cart_id),
        None => false,
    };
    if !by_member && !by_cart {
        return Err(ApiError::not_found());
    }
    let settings = CheckoutSettings::load(&state.db, &channel).await?;
    Ok(Json(summary(&state.db, &channel.id, &settings, order).await?))
}
