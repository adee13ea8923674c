//! The order as the storefront reads it (checkout contract "Order JSON"), assembled from the
//! stored snapshot: names, prices, tax rates and addresses as the buyer agreed to them.
use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use super::status::Status;
use super::store::{LineRow, MemoRow, OrderRow, ShippingRow};
use crate::channel::bank_account::BankAccount;
use crate::channel::corporate::DeliveryOption;
use crate::infra::ids::UserId;
use crate::infra::time::Timestamp;
use crate::members::address::{self, Address, join};
use crate::orders::gift_store::GiftRow;
use crate::orders::gift_view::{AWAITING_RECIPIENT_CODE, AWAITING_RECIPIENT_LABEL, OrderGift};

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Order {
    pub id: String,
    pub order_no: String,
    /// accepted, awaiting_payment, paid, preparing, shipped, delivered, cancelled; and
    /// awaiting_recipient: a paid social gift whose recipient has not given the address yet.
    pub status: String,
    /// ご注文受付, お支払い待ち, 入金済み, 発送準備中, 発送済み, お届け済み, キャンセル済み.
    pub status_label: String,
    pub ordered_at: Timestamp,
    pub user_id: Option<String>,
    pub payment_id: Option<String>,
    /// credit_card, cod, bank_transfer, invoice, deferred.
    pub payment_code: String,
    pub payment_name: String,
    /// `************4242` for card payments.
    pub card_masked_number: Option<String>,
    /// Corporate: 配送方法 1 問屋引取り (no address: the shippings' addresses are empty),
    /// 2 店舗直送, 3 お客様直送 (the shippings carry the end customer's name, address and phone).
    pub delivery_option: Option<i64>,
    /// 問屋引取り, 店舗直送 or お客様直送.
    pub delivery_option_label: Option<String>,
    /// Corporate: the member's purchase-order reference (発注番号).
    pub purchase_order_no: Option<String>,
    pub items_subtotal: i64,
    pub coupon_discount: i64,
    pub total_carriage: i64,
    pub payment_fee: i64,
    pub packing_fee: i64,
    pub use_points: i64,
    pub earned_points: i64,
    /// What the buyer pays (points deducted), tax included.
    pub total_payment: i64,
    pub total_tax: i64,
    pub amount_by_tax_rate: Vec<TaxAmount>,
    pub coupon_code: Option<String>,
    pub note: String,
    pub orderer: OrdererSnapshot,
    pub shippings: Vec<Shipping>,
    pub can_cancel: bool,
    /// 返品・返金 of the order, oldest first (the page shows 返品・返金あり when any).
    pub refunds: Vec<OrderRefund>,
    pub cancel_reason: Option<String>,
    pub cancelled_at: Option<Timestamp>,
    /// Spec 001 §4: a non-empty value becomes a warning after a cancel. This shop has no
    /// e-commerce-data keys that survive a cancel, so it is always null.
    pub cancel_only_ecd_key: Option<String>,
    /// The member's own note on the order.
    pub memo: Option<Memo>,
    pub receipt: OrderReceipt,
    /// Where to transfer the money (bank transfer orders only).
    pub bank_account: Option<BankAccount>,
    /// A social gift: its receiver and state. Its shippings then carry no address (the
    /// sender sees only the prefecture, here, once the recipient registered it).
    pub social_gift: Option<OrderGift>,
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, utoipa::ToSchema)]
pub struct TaxAmount {
    pub tax_rate: i64,
    /// Tax included.
    pub amount: i64,
    pub tax: i64,
}

/// The buyer as typed at checkout (a snapshot).
#[derive(Debug, Clone, Default, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(default)]
pub struct OrdererSnapshot {
    pub last_name: String,
    pub first_name: String,
    pub last_name_kana: String,
    pub first_name_kana: String,
    pub email: String,
    #[serde(flatten, deserialize_with = "address::lenient")]
    pub address: Address,
    pub phone_number: String,
    pub company_name: String,
}

impl OrdererSnapshot {
    /// `山田 太郎`.
    pub fn name(&self) -> String {
        format!("{} {}", self.last_name.trim(), self.first_name.trim()).trim().to_owned()
    }
}

/// The delivery address snapshot (the address book's field names).
#[derive(Debug, Clone, Default, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(default)]
pub struct ShippingAddress {
    pub shipping_last_name: String,
    pub shipping_first_name: String,
    pub shipping_last_name_kana: String,
    pub shipping_first_name_kana: String,
    #[serde(flatten, deserialize_with = "address::lenient")]
    pub address: Address,
    pub phone_number: String,
    /// `山田 太郎`.
    pub shipping_name: String,
    /// `〒150-0001 東京都渋谷区神宮前1-2-3 ライドマンション101`.
    pub full_address: String,
}

impl ShippingAddress {
    /// The stored snapshot with the two shown fields made from the parts.
    pub fn from_snapshot(json: &str) -> ShippingAddress {
        let mut address: ShippingAddress = serde_json::from_str(json).unwrap_or_default();
        address.shipping_name = join(&address.shipping_last_name, &address.shipping_first_name);
        address.full_address = address.address.full_address();
        address
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Shipping {
    pub id: String,
    pub address: ShippingAddress,
    /// `YYYY-MM-DD` (Japan), or null for the earliest.
    pub delivery_date: Option<String>,
    pub delivery_timezone_label: Option<String>,
    pub wrapping_label: Option<String>,
    pub noshi_label: Option<String>,
    pub noshi_name: String,
    pub carriage: i64,
    pub products: Vec<OrderLine>,
    /// The parcel has left the shop (出荷済 or 配達完了).
    pub shipped: bool,
    /// The parcel's tracking numbers with the carrier's tracking page (none for a gift's
    /// sender: the recipient's parcel is not theirs to follow).
    pub tracking: Vec<ParcelTracking>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ParcelTracking {
    /// ヤマト運輸 B2クラウド, …
    pub carrier_label: String,
    pub number: String,
    pub url: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct OrderLine {
    pub id: String,
    pub product_key: String,
    pub variation_key: String,
    pub code: String,
    pub name: String,
    pub variation_name: String,
    pub unit_price: i64,
    pub quantity: i64,
    pub subtotal: i64,
    /// 8 or 10.
    pub tax_rate: i64,
    pub image_url: Option<String>,
    pub is_accessory: bool,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Memo {
    pub id: String,
    pub body: String,
    pub updated_at: Timestamp,
}

/// What the member set for the receipt; empty strings mean the defaults (the orderer's
/// name with 様 or 御中, and 「お品代として」).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct OrderReceipt {
    pub addressee: String,
    pub note: String,
    /// How many times the receipt was downloaded (a later one is marked 再発行).
    pub issued_count: i64,
}

/// A refund as the customer reads it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct OrderRefund {
    pub created_at: Timestamp,
    pub amount: i64,
    /// 返金処理中, 振込待ち, 返金済, 返金失敗 or 返金なし.
    pub state_label: String,
    /// クレジットカード返金, 振込返金 or 返金なし.
    pub method_label: String,
    pub lines: Vec<OrderRefundLine>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct OrderRefundLine {
    pub name: String,
    pub variation_name: String,
    pub quantity: i64,
}

impl OrderRefund {
    fn of(row: &super::refund_store::RefundRow, lines: Vec<OrderRefundLine>) -> OrderRefund {
        use super::refunds::{RefundMethod, RefundState};
        OrderRefund {
            created_at: Timestamp(row.created_at),
            amount: row.amount,
            state_label: RefundState::parse(&row.state).map_or("", RefundState::label).to_owned(),
            method_label: RefundMethod::parse(&row.method).map_or("", RefundMethod::label).to_owned(),
            lines,
        }
    }
}

pub fn orderer_of(row: &OrderRow) -> OrdererSnapshot {
    serde_json::from_str(&row.orderer_json).unwrap_or_default()
}

pub fn tax_amounts_of(row: &OrderRow) -> Vec<TaxAmount> {
    let mut amounts: Vec<TaxAmount> = serde_json::from_str(&row.amount_by_tax_rate).unwrap_or_default();
    amounts.sort_by_key(|a| a.tax_rate);
    amounts
}

/// `山田 太郎 様 〒150-0001 東京都渋谷区…` of a shipment's address snapshot, for mails.
pub fn shipping_address_line(address_json: &str) -> String {
    let address = ShippingAddress::from_snapshot(address_json);
    format!("{} 様 {}", address.shipping_name, address.full_address).trim().to_owned()
}

pub fn status_of(row: &OrderRow) -> Status {
    // The schema's CHECK admits only known codes.
    Status::parse(&row.status).unwrap_or(Status::Accepted)
}

/// Several orders with their shippings, lines and memos (loaded once for the whole page).
pub struct Parts {
    pub shippings: Vec<ShippingRow>,
    pub lines: Vec<LineRow>,
    pub memos: Vec<MemoRow>,
    pub gifts: Vec<GiftRow>,
    pub tracking: Vec<super::desk_store::TrackingRow>,
    pub refunds: Vec<super::refund_store::RefundRow>,
    pub refund_lines: Vec<super::refund_store::RefundLineRow>,
}

/// 一部発送済み: some parcels left, others not yet.
pub const PARTLY_SHIPPED_CODE: &str = "partially_shipped";
pub const PARTLY_SHIPPED_LABEL: &str = "一部発送済み";

pub fn assemble(rows: Vec<OrderRow>, parts: Parts, bank: impl Fn(&OrderRow) -> Option<BankAccount>) -> Vec<Order> {
    let mut shippings_of: HashMap<String, Vec<ShippingRow>> = HashMap::new();
    for shipping in parts.shippings {
        shippings_of.entry(shipping.order_id.clone()).or_default().push(shipping);
    }
    let mut lines_of: HashMap<String, Vec<LineRow>> = HashMap::new();
    for line in parts.lines {
        lines_of.entry(line.order_id.clone()).or_default().push(line);
    }
    let mut memo_of: HashMap<String, MemoRow> = parts.memos.into_iter().map(|m| (m.order_id.clone(), m)).collect();
    let mut gift_of: HashMap<String, GiftRow> = parts.gifts.into_iter().map(|g| (g.order_id.clone(), g)).collect();
    let tracking = parts.tracking;
    let mut refunds_of: HashMap<String, Vec<OrderRefund>> = HashMap::new();
    for refund in parts.refunds {
        let lines = parts
            .refund_lines
            .iter()
            .filter(|l| l.refund_id == refund.id)
            .map(|l| OrderRefundLine { name: l.product_name.clone(), variation_name: l.variation_name.clone(), quantity: l.quantity })
            .collect();
        refunds_of.entry(refund.order_id.clone()).or_default().push(OrderRefund::of(&refund, lines));
    }
    rows.into_iter()
        .map(|row| {
            let shippings = shippings_of.remove(&row.id).unwrap_or_default();
            let lines = lines_of.remove(&row.id).unwrap_or_default();
            let memo = memo_of.remove(&row.id);
            let bank_account = bank(&row);
            let gift = gift_of.remove(&row.id);
            let refunds = refunds_of.remove(&row.id).unwrap_or_default();
            Order { refunds, ..order(row, shippings, lines, memo, bank_account, gift, &tracking) }
        })
        .collect()
}

fn parcel_tracking(rows: &[super::desk_store::TrackingRow], shipping_id: &str) -> Vec<ParcelTracking> {
    rows.iter()
        .filter(|t| t.shipping_id == shipping_id && t.removed_at.is_none())
        .map(|t| {
            let carrier = super::carriers::Carrier::parse(&t.carrier);
            ParcelTracking {
                carrier_label: carrier.map(|c| c.label().to_owned()).unwrap_or_default(),
                number: t.number.clone(),
                url: carrier.map(|c| c.tracking_url(&t.number)),
            }
        })
        .collect()
}

fn product(line: LineRow) -> OrderLine {
    OrderLine {
        subtotal: line.unit_price * line.quantity,
        is_accessory: line.is_accessory != 0,
        id: line.id,
        product_key: line.product_key,
        variation_key: line.variation_key,
        code: line.code,
        name: line.product_name,
        variation_name: line.variation_name,
        unit_price: line.unit_price,
        quantity: line.quantity,
        tax_rate: line.tax_rate,
        image_url: line.image_url,
    }
}

fn order(
    row: OrderRow,
    shippings: Vec<ShippingRow>,
    lines: Vec<LineRow>,
    memo: Option<MemoRow>,
    bank_account: Option<BankAccount>,
    gift: Option<GiftRow>,
    tracking: &[super::desk_store::TrackingRow],
) -> Order {
    let status = status_of(&row);
    let has_left = |s: &ShippingRow| matches!(s.ship_state.as_str(), "shipped" | "delivered");
    let partly_shipped = status == Status::Preparing && shippings.iter().any(has_left);
    let social_gift = gift.as_ref().map(|g| crate::orders::gift_view::order_gift(g, status == Status::Cancelled, shippings.first()));
    let (status_code, status_label) = match &social_gift {
        Some(g) if g.state == "waiting" && status == Status::Paid => (AWAITING_RECIPIENT_CODE, AWAITING_RECIPIENT_LABEL),
        _ if partly_shipped => (PARTLY_SHIPPED_CODE, PARTLY_SHIPPED_LABEL),
        _ => (status.code(), status.label()),
    };
    let mut lines_by_shipping: HashMap<Option<String>, Vec<LineRow>> = HashMap::new();
    for line in lines {
        lines_by_shipping.entry(line.shipping_id.clone()).or_default().push(line);
    }
    let mut shippings: Vec<Shipping> = shippings
        .into_iter()
        .map(|s| Shipping {
            products: lines_by_shipping.remove(&Some(s.id.clone())).unwrap_or_default().into_iter().map(product).collect(),
            shipped: has_left(&s),
            tracking: if gift.is_some() { Vec::new() } else { parcel_tracking(tracking, &s.id) },
            // The recipient's address is never the sender's to see.
            address: if gift.is_some() { ShippingAddress::default() } else { ShippingAddress::from_snapshot(&s.address_json) },
            id: s.id,
            delivery_date: s.delivery_date,
            delivery_timezone_label: s.delivery_timezone_label,
            wrapping_label: s.wrapping_label,
            noshi_label: s.noshi_label,
            noshi_name: s.noshi_name,
            carriage: s.carriage,
        })
        .collect();
    // Lines whose shipping is gone (or never set) are still part of the order: shown under
    // the first shipping rather than lost.
    let mut stray: Vec<LineRow> = lines_by_shipping.into_values().flatten().collect();
    stray.sort_by(|a, b| a.id.cmp(&b.id));
    if !stray.is_empty() {
        match shippings.first_mut() {
            Some(first) => first.products.extend(stray.into_iter().map(product)),
            None => shippings.push(Shipping {
                id: String::new(),
                address: ShippingAddress::default(),
                delivery_date: None,
                delivery_timezone_label: None,
                wrapping_label: None,
                noshi_label: None,
                noshi_name: String::new(),
                carriage: 0,
                products: stray.into_iter().map(product).collect(),
                shipped: false,
                tracking: Vec::new(),
            }),
        }
    }
    Order {
        status: status_code.to_owned(),
        status_label: status_label.to_owned(),
        social_gift,
        ordered_at: Timestamp(row.ordered_at),
        can_cancel: status.can_cancel(),
        refunds: Vec::new(),
        orderer: orderer_of(&row),
        amount_by_tax_rate: tax_amounts_of(&row),
        cancelled_at: row.cancelled_at.map(Timestamp),
        cancel_only_ecd_key: None,
        memo: memo.map(|m| Memo { id: m.id, body: m.body, updated_at: Timestamp(m.updated_at) }),
        receipt: OrderReceipt { addressee: row.receipt_addressee, note: row.receipt_note, issued_count: row.receipt_issued_count },
        bank_account,
        shippings,
        id: row.id,
        order_no: row.order_no,
        user_id: row.user_id.map(UserId::into_string),
        payment_id: row.payment_method_id,
        payment_code: row.payment_code,
        payment_name: row.payment_name,
        card_masked_number: row.card_masked_number,
        delivery_option: row.delivery_option,
        delivery_option_label: row.delivery_option.and_then(DeliveryOption::parse).map(|o| o.label().to_owned()),
        purchase_order_no: row.purchase_order_no,
        items_subtotal: row.subtotal,
        coupon_discount: row.coupon_discount,
        total_carriage: row.total_carriage,
        payment_fee: row.payment_fee,
        packing_fee: row.packing_fee,
        use_points: row.used_points,
        earned_points: row.earned_points,
        total_payment: row.total_payment,
        total_tax: row.total_tax,
        coupon_code: row.coupon_code,
        note: row.note,
        cancel_reason: row.cancel_reason,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_snapshot_gets_its_name_and_full_address() {
        let address = ShippingAddress::from_snapshot(
            r#"{"shipping_last_name":"山田","shipping_first_name":"太郎","postal_code":"1500001","prefecture":"東京都","city":"渋谷区","address1":"神宮前1-2-3","address2":"ライドマンション101","phone_number":"03-1234-5678"}"#,
        );
        assert_eq!(address.shipping_name, "山田 太郎");
        assert_eq!(address.full_address, "〒150-0001 東京都渋谷区神宮前1-2-3 ライドマンション101");
    }

    #[test]
    fn a_broken_snapshot_shows_empty_fields_rather_than_failing() {
        let address = ShippingAddress::from_snapshot("not json");
        assert_eq!(address.shipping_name, "");
    }

    #[test]
    fn old_snapshots_with_missing_fields_still_read() {
        let address = ShippingAddress::from_snapshot(r#"{"shipping_last_name":"山田","prefecture":"東京都","city":"渋谷区"}"#);
        assert_eq!((address.shipping_name.as_str(), address.full_address.as_str()), ("山田", "東京都渋谷区"));
        let orderer: OrdererSnapshot = serde_json::from_str(r#"{"last_name":"山田","city":"渋谷区"}"#).unwrap();
        assert_eq!((orderer.last_name.as_str(), orderer.address.city.as_str(), orderer.address.postal_code.as_str()), ("山田", "渋谷区", ""));
    }

    #[test]
    fn a_snapshot_serializes_with_the_address_at_the_top_level() {
        let json = r#"{"shipping_last_name":"山田","shipping_first_name":"太郎","shipping_last_name_kana":"","shipping_first_name_kana":"","postal_code":"1500001","prefecture":"東京都","city":"渋谷区","address1":"神宮前1-2-3","address2":"","phone_number":"03-1234-5678","shipping_name":"山田 太郎","full_address":"〒150-0001 東京都渋谷区神宮前1-2-3"}"#;
        let address = ShippingAddress::from_snapshot(json);
        assert_eq!(serde_json::to_string(&address).unwrap(), json);
    }
}
