//! What the order desk prints for the orders its staff selected (issue 30): a packing slip
//! (納品書) per shipment, one picking list (ピッキングリスト) of what has not left yet, or the
//! shop's copy of each paid order's receipt — filled in from the orders' rows as
//! `documents::Paper`s and rendered as one PDF. An order that gives nothing (not found in this
//! shop, cancelled, unpaid for a receipt, nothing left to pick) is skipped with its reason.
//!
//! Printing writes nothing: no state moves, the member's receipt counter (`receipt_issued_count`,
//! which makes their next download a 再発行) stays as it is, no timeline event.

use time::{Date, OffsetDateTime};

use super::axes::{Lifecycle, ShipState};
use super::desk::is_settled;
use super::desk_store::{self, ShipmentRow};
use super::gift_store::{self, GiftRow};
use super::receipt::{self, line_name};
use super::store::{self, LineRow, OrderRow};
use super::view::{ShippingAddress, orderer_of};
use crate::channel::Channel;
use crate::documents::{self, Issuer, PackingSlip, Paper, PickItem, PickingList, SlipLine, japanese_date, with_honorific};
use crate::infra::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::validation::parse_date;

/// 422 when none of the selected orders gives a document.
pub const NOTHING_CODE: &str = "orders.documents.nothing";
/// Most orders printed at once.
pub const ORDERS_MAX: usize = 500;

const NOT_FOUND: &str = "見つからない注文です";
const CANCELLED: &str = "キャンセルされた注文です";
const UNPAID: &str = "入金が確認できていません";
const NOTHING_TO_PICK: &str = "未出荷の出荷がありません";
const NO_SHIPMENT: &str = "出荷がありません";

/// The documents the desk prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Batch {
    PackingSlips,
    PickingList,
    Receipts,
}

impl Batch {
    pub const ALL: [Batch; 3] = [Batch::PackingSlips, Batch::PickingList, Batch::Receipts];

    pub fn code(self) -> &'static str {
        match self {
            Batch::PackingSlips => "packing_slip",
            Batch::PickingList => "picking_list",
            Batch::Receipts => "receipt",
        }
    }

    pub fn parse(code: &str) -> Option<Batch> {
        Self::ALL.into_iter().find(|batch| batch.code() == code)
    }

    /// The PDF's title.
    pub fn title(self) -> &'static str {
        match self {
            Batch::PackingSlips => "納品書",
            Batch::PickingList => "ピッキングリスト",
            Batch::Receipts => "領収書",
        }
    }

    /// `packing-slips-20261128.pdf`.
    pub fn file_name(self, today: Date) -> String {
        let stem = match self {
            Batch::PackingSlips => "packing-slips",
            Batch::PickingList => "picking-list",
            Batch::Receipts => "receipts",
        };
        format!("{stem}-{:04}{:02}{:02}.pdf", today.year(), u8::from(today.month()), today.day())
    }
}

/// The PDF and the order numbers left out.
#[derive(Debug)]
pub struct Printed {
    pub pdf: Vec<u8>,
    pub skipped: Vec<String>,
}

/// The selected orders' rows, loaded once.
struct Selection {
    orders: Vec<OrderRow>,
    shipments: Vec<ShipmentRow>,
    lines: Vec<LineRow>,
    gifts: Vec<GiftRow>,
    /// (order number, why) of those that give nothing.
    skipped: Vec<(String, &'static str)>,
}

/// Each number once, in the order given (blanks dropped).
pub fn distinct(order_nos: &[String]) -> Vec<String> {
    let mut seen = std::collections::HashSet::new();
    order_nos.iter().map(|no| no.trim().to_owned()).filter(|no| !no.is_empty() && seen.insert(no.clone())).collect()
}

async fn select(state: &AppState, channel: &Channel, order_nos: &[String]) -> ApiResult<Selection> {
    let mut orders = Vec::new();
    let mut skipped = Vec::new();
    for no in order_nos {
        // Another shop's order is simply not found here.
        match store::find_order_by_no(&state.db.pool, &channel.id, no).await? {
            Some(row) => orders.push(row),
            None => skipped.push((no.clone(), NOT_FOUND)),
        }
    }
    let ids: Vec<String> = orders.iter().map(|o| o.id.clone()).collect();
    Ok(Selection {
        shipments: desk_store::list_shipments(&state.db, &ids).await?,
        lines: store::list_lines(&state.db, &ids).await?,
        gifts: gift_store::list_gifts_of_orders(&state.db, &ids).await?,
        orders,
        skipped,
    })
}

/// The selected orders' documents of `batch` as one PDF, `today` as their 発行日; 422
/// [`NOTHING_CODE`] when none gives one.
pub async fn print(state: &AppState, channel: &Channel, batch: Batch, order_nos: &[String], today: Date) -> ApiResult<Printed> {
    let selection = select(state, channel, order_nos).await?;
    let settings = crate::channel::store::list_settings(&state.db, &channel.id).await?;
    let (papers, mut skipped) = match batch {
        Batch::PackingSlips => packing_slips(selection, &receipt::issuer(channel, &settings), today),
        Batch::PickingList => picking_list(selection, today),
        Batch::Receipts => receipts(selection, |row| receipt::receipt(row, channel, &settings, row.receipt_issued_count, today)),
    };
    // Named in the order they were asked for.
    skipped.sort_by_key(|(no, _)| order_nos.iter().position(|asked| asked == no));
    if papers.is_empty() {
        let mut reasons: Vec<&str> = skipped.iter().map(|(_, why)| *why).collect();
        reasons.sort_unstable();
        reasons.dedup();
        return Err(ApiError::rule(NOTHING_CODE, format!("印刷できる注文がありません（{}）。", reasons.join("、"))));
    }
    let title = batch.title();
    // Hundreds of pages are seconds of work: off the async workers.
    let pdf = tokio::task::spawn_blocking(move || documents::render_all(&papers, title)).await.map_err(anyhow::Error::from)??;
    Ok(Printed { pdf, skipped: skipped.into_iter().map(|(no, _)| no).collect() })
}

fn is_cancelled(row: &OrderRow) -> bool {
    Lifecycle::parse(&row.lifecycle) == Some(Lifecycle::Cancelled)
}

type Assembled = (Vec<Paper>, Vec<(String, &'static str)>);

/// A slip for every shipment of every order not cancelled (shipped ones too: staff reprint).
fn packing_slips(selection: Selection, issuer: &Issuer, today: Date) -> Assembled {
    let Selection { orders, shipments, lines, gifts, mut skipped } = selection;
    let mut papers = Vec::new();
    for order in &orders {
        if is_cancelled(order) {
            skipped.push((order.order_no.clone(), CANCELLED));
            continue;
        }
        let gift = gifts.iter().find(|g| g.order_id == order.id);
        let before = papers.len();
        for shipment in shipments.iter().filter(|s| s.order_id == order.id) {
            let contents: Vec<&LineRow> = lines.iter().filter(|l| l.shipping_id.as_deref() == Some(shipment.id.as_str())).collect();
            papers.push(Paper::PackingSlip(packing_slip(order, shipment, &contents, gift, issuer, today)));
        }
        if papers.len() == before {
            skipped.push((order.order_no.clone(), NO_SHIPMENT));
        }
    }
    (papers, skipped)
}

/// Whether a shipment's slip leaves the prices out: it is a present. A social gift, のし or
/// wrapping say so, and so does a recipient who is not the orderer (the shop does not tell
/// them what was paid).
pub fn is_present(order: &OrderRow, shipment: &ShipmentRow, gift: Option<&GiftRow>) -> bool {
    let filled = |label: &Option<String>| label.as_deref().is_some_and(|l| !l.trim().is_empty());
    gift.is_some() || filled(&shipment.noshi_label) || filled(&shipment.wrapping_label) || sent_to_another(order, shipment)
}

fn compact(name: &str) -> String {
    name.chars().filter(|c| !c.is_whitespace()).collect()
}

/// A recipient named, and not the orderer.
fn sent_to_another(order: &OrderRow, shipment: &ShipmentRow) -> bool {
    let recipient = compact(&ShippingAddress::from_snapshot(&shipment.address_json).shipping_name);
    !recipient.is_empty() && recipient != compact(&orderer_of(order).name())
}

/// The orderer as addressed: the company (御中) if any, else the name (様).
fn orderer_addressed(order: &OrderRow) -> String {
    let orderer = orderer_of(order);
    if orderer.company_name.trim().is_empty() { with_honorific(&orderer.name()) } else { with_honorific(&orderer.company_name) }
}

fn jst_date(ms: i64) -> Date {
    let at = OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000).unwrap_or(OffsetDateTime::UNIX_EPOCH);
    crate::delivery::delivery_date::jst(at).date()
}

/// One shipment's slip.
pub fn packing_slip(order: &OrderRow, shipment: &ShipmentRow, lines: &[&LineRow], gift: Option<&GiftRow>, issuer: &Issuer, today: Date) -> PackingSlip {
    let to = ShippingAddress::from_snapshot(&shipment.address_json);
    // A gift still waiting for its address prints the name the buyer gave; a pick-up (no
    // address at all) the orderer.
    let recipient = if !to.shipping_name.trim().is_empty() {
        with_honorific(&to.shipping_name)
    } else if let Some(gift) = gift.filter(|g| !g.receiver_name.trim().is_empty()) {
        with_honorific(&gift.receiver_name)
    } else {
        orderer_addressed(order)
    };
    let mut recipient_lines = Vec::new();
    if !to.address.postal_code.trim().is_empty() {
        recipient_lines.push(format!("〒{}", to.address.formatted_postal_code()));
    }
    let street = to.address.combined_address();
    if !street.trim().is_empty() {
        recipient_lines.push(street);
    }
    if !to.phone_number.trim().is_empty() {
        recipient_lines.push(format!("TEL {}", to.phone_number.trim()));
    }
    let present = is_present(order, shipment, gift);
    let gift_from = match gift {
        Some(gift) if !gift.sender_name.trim().is_empty() => Some(with_honorific(&gift.sender_name)),
        Some(_) => Some(orderer_addressed(order)),
        None if sent_to_another(order, shipment) => Some(orderer_addressed(order)),
        None => None,
    };
    PackingSlip {
        shipment_code: shipment.shipment_code.clone(),
        order_no: order.order_no.clone(),
        ordered_on: jst_date(order.ordered_at),
        issued_on: today,
        recipient,
        recipient_lines,
        gift_from,
        issuer: issuer.clone(),
        lines: lines
            .iter()
            .map(|l| SlipLine {
                code: l.code.clone(),
                name: line_name(&l.product_name, &l.variation_name),
                quantity: l.quantity,
                unit_price: l.unit_price,
                amount: l.unit_price * l.quantity,
                tax_rate: l.tax_rate,
            })
            .collect(),
        prices: !present,
        details: details_of(shipment),
        note: order.note.trim().to_owned(),
    }
}

/// お届け希望日時, ラッピング and のし, those that are set.
fn details_of(shipment: &ShipmentRow) -> Vec<(String, String)> {
    let mut details = Vec::new();
    let set = |value: &Option<String>| value.as_deref().map(str::trim).filter(|v| !v.is_empty()).map(str::to_owned);
    let date = set(&shipment.delivery_date).map(|d| parse_date(&d).map_or(d, japanese_date));
    match (date, set(&shipment.delivery_timezone_label)) {
        (None, None) => {}
        (date, slot) => {
            let when = [date.unwrap_or_else(|| "日付指定なし".into()), slot.unwrap_or_default()].join(" ");
            details.push(("お届け希望日時".into(), when.trim().to_owned()));
        }
    }
    if let Some(wrapping) = set(&shipment.wrapping_label) {
        details.push(("ラッピング".into(), wrapping));
    }
    if let Some(noshi) = set(&shipment.noshi_label) {
        let name = shipment.noshi_name.trim();
        details.push(("のし".into(), if name.is_empty() { noshi } else { format!("{noshi}（名入れ: {name}）") }));
    }
    details
}

/// One list of the lines of every shipment not yet gone (未出荷, 出荷準備中).
fn picking_list(selection: Selection, today: Date) -> Assembled {
    let Selection { orders, shipments, lines, mut skipped, .. } = selection;
    let mut items = Vec::new();
    let mut picked_orders = 0;
    for order in &orders {
        if is_cancelled(order) {
            skipped.push((order.order_no.clone(), CANCELLED));
            continue;
        }
        let waiting =
            shipments.iter().filter(|s| s.order_id == order.id && matches!(ShipState::parse(&s.ship_state), Some(ShipState::Unshipped | ShipState::Preparing)));
        let before = items.len();
        for shipment in waiting {
            items.extend(lines.iter().filter(|l| l.shipping_id.as_deref() == Some(shipment.id.as_str())).map(|l| PickItem {
                code: l.code.clone(),
                name: line_name(&l.product_name, &l.variation_name),
                quantity: l.quantity,
                shipment_code: shipment.shipment_code.clone(),
            }));
        }
        if items.len() == before {
            skipped.push((order.order_no.clone(), NOTHING_TO_PICK));
        } else {
            picked_orders += 1;
        }
    }
    let papers = if items.is_empty() { Vec::new() } else { vec![Paper::PickingList(PickingList::sum(today, picked_orders, &items))] };
    (papers, skipped)
}

/// The receipt of every order paid and not cancelled, as the member would download it.
fn receipts(selection: Selection, receipt_of: impl Fn(&OrderRow) -> documents::Document) -> Assembled {
    let Selection { orders, mut skipped, .. } = selection;
    let mut papers = Vec::new();
    for order in &orders {
        match receipt_refusal(order) {
            Some(why) => skipped.push((order.order_no.clone(), why)),
            None => papers.push(Paper::Document(receipt_of(order))),
        }
    }
    (papers, skipped)
}

/// A receipt is for money received: none for a cancelled or unpaid order.
pub fn receipt_refusal(order: &OrderRow) -> Option<&'static str> {
    if is_cancelled(order) {
        Some(CANCELLED)
    } else if !is_settled(order) {
        Some(UNPAID)
    } else {
        None
    }
}

/// The numbers as a header value: each percent-encoded, comma-separated.
pub fn skipped_header(skipped: &[String]) -> String {
    skipped.iter().map(|no| crate::infra::download::rfc5987_encode(no)).collect::<Vec<_>>().join(",")
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    #[test]
    fn every_kind_reads_back_and_names_its_file() {
        for batch in Batch::ALL {
            assert_eq!(Batch::parse(batch.code()), Some(batch));
        }
        assert_eq!(Batch::parse("invoice"), None);
        assert_eq!(Batch::PackingSlips.file_name(date!(2026 - 11 - 28)), "packing-slips-20261128.pdf");
        assert_eq!(Batch::PickingList.file_name(date!(2026 - 01 - 05)), "picking-list-20260105.pdf");
    }

    #[test]
    fn numbers_are_taken_once_in_the_order_given() {
        let given = ["R2", " R1", "R2", "", "R1 "].map(String::from);
        assert_eq!(distinct(&given), ["R2", "R1"]);
        assert_eq!(skipped_header(&["R00000012".into(), "注文".into()]), "R00000012,%E6%B3%A8%E6%96%87");
    }

    fn shipment(address_json: &str, wrapping: Option<&str>, noshi: Option<&str>) -> ShipmentRow {
        ShipmentRow {
            id: "s1".into(),
            order_id: "o1".into(),
            position: 1,
            shipment_code: "R00000012-1".into(),
            ship_state: "unshipped".into(),
            carrier: None,
            ship_planned_on: None,
            shipped_at: None,
            delivered_at: None,
            shipped_mail_at: None,
            address_json: address_json.into(),
            delivery_date: Some("2026-12-01".into()),
            delivery_timezone_label: Some("14時〜16時".into()),
            wrapping_label: wrapping.map(str::to_owned),
            noshi_label: noshi.map(str::to_owned),
            noshi_name: "山田".into(),
        }
    }

    const TO_ORDERER: &str = r#"{"shipping_last_name":"東京","shipping_first_name":"一郎","postal_code":"1000001","prefecture":"東京都","city":"千代田区","address1":"千代田1-1","address2":"","phone_number":"03-1234-5678"}"#;
    const TO_ANOTHER: &str = r#"{"shipping_last_name":"大阪","shipping_first_name":"花子","postal_code":"5300001","prefecture":"大阪府","city":"大阪市北区","address1":"梅田1-1","address2":"","phone_number":"06-1234-5678"}"#;

    #[test]
    fn the_details_print_the_date_slot_wrapping_and_noshi_that_are_set() {
        let full = details_of(&shipment(TO_ORDERER, Some("ギフトラッピング"), Some("御祝")));
        assert_eq!(
            full,
            vec![
                ("お届け希望日時".to_owned(), "2026年12月1日 14時〜16時".to_owned()),
                ("ラッピング".to_owned(), "ギフトラッピング".to_owned()),
                ("のし".to_owned(), "御祝（名入れ: 山田）".to_owned()),
            ]
        );
        let plain = ShipmentRow { delivery_date: None, delivery_timezone_label: None, ..shipment(TO_ORDERER, Some(" "), None) };
        assert!(details_of(&plain).is_empty());
        let slot_only = ShipmentRow { delivery_date: None, ..shipment(TO_ORDERER, None, None) };
        assert_eq!(details_of(&slot_only), vec![("お届け希望日時".to_owned(), "日付指定なし 14時〜16時".to_owned())]);
    }

    /// An order row as the checkout writes one, its orderer 東京 一郎.
    fn order() -> OrderRow {
        let orderer_json = r#"{"last_name":"東京","first_name":"一郎","email":"guest@example.jp"}"#;
        OrderRow {
            id: "o1".into(),
            channel_id: crate::infra::ids::ChannelId::from_text("demo"),
            order_no: "R00000012".into(),
            cart_id: "c1".into(),
            user_id: None,
            guest_token_hash: None,
            status: "accepted".into(),
            payment_method_id: None,
            payment_code: "cod".into(),
            payment_name: "代金引換".into(),
            card_masked_number: None,
            gateway_charge_id: None,
            orderer_json: orderer_json.into(),
            orderer_email: String::new(),
            subtotal: 0,
            total_carriage: 0,
            payment_fee: 0,
            packing_fee: 0,
            coupon_discount: 0,
            point_discount: 0,
            total_payment: 0,
            total_tax: 0,
            amount_by_tax_rate: "[]".into(),
            coupon_code: None,
            used_points: 0,
            earned_points: 0,
            note: String::new(),
            cancel_reason: None,
            cancelled_at: None,
            receipt_addressee: String::new(),
            receipt_note: String::new(),
            receipt_issued_count: 0,
            link_origin: String::new(),
            delivery_option: None,
            purchase_order_no: None,
            ordered_at: 0,
            updated_at: 0,
            lifecycle: "open".into(),
            payment_state: "to_bill".into(),
            payment_due_at: None,
            paid_amount: 0,
            paid_on: None,
            on_hold: 0,
            hold_reason: String::new(),
            needs_review: 0,
            review_reason: String::new(),
            ship_progress: "none".into(),
            handled_at: None,
            version: 1,
            payment_reminded_at: None,
            refunded_amount: 0,
        }
    }

    #[test]
    fn a_present_is_a_social_gift_noshi_wrapping_or_another_recipient() {
        let order = order();
        assert!(!is_present(&order, &shipment(TO_ORDERER, None, None), None), "the orderer's own parcel shows prices");
        assert!(is_present(&order, &shipment(TO_ORDERER, Some("ギフトラッピング"), None), None));
        assert!(is_present(&order, &shipment(TO_ORDERER, None, Some("御祝")), None));
        assert!(is_present(&order, &shipment(TO_ANOTHER, None, None), None));
        assert!(!is_present(&order, &shipment("{}", None, None), None), "a pick-up has no recipient of its own");
    }

    #[test]
    fn a_slip_to_another_says_who_sends_it_and_prints_no_prices() {
        let order = order();
        let line = LineRow {
            id: "l1".into(),
            order_id: "o1".into(),
            shipping_id: Some("s1".into()),
            product_key: "glove".into(),
            variation_key: "glove-m".into(),
            code: "GL-1001".into(),
            product_name: "ウインターグローブ".into(),
            variation_name: "M / ブラック".into(),
            unit_price: 4400,
            quantity: 2,
            tax_rate: 10,
            is_accessory: 0,
            image_url: None,
        };
        let slip = packing_slip(&order, &shipment(TO_ANOTHER, None, None), &[&line], None, &Issuer::default(), date!(2026 - 11 - 28));
        assert_eq!((slip.recipient.as_str(), slip.gift_from.as_deref(), slip.prices), ("大阪 花子 様", Some("東京 一郎 様"), false));
        assert_eq!(slip.recipient_lines, ["〒530-0001", "大阪府大阪市北区梅田1-1", "TEL 06-1234-5678"]);
        assert_eq!((slip.lines[0].name.as_str(), slip.lines[0].amount), ("ウインターグローブ（M / ブラック）", 8800));
        let own = packing_slip(&order, &shipment(TO_ORDERER, None, None), &[&line], None, &Issuer::default(), date!(2026 - 11 - 28));
        assert_eq!((own.recipient.as_str(), own.gift_from, own.prices), ("東京 一郎 様", None, true));
    }

    #[test]
    fn a_receipt_needs_the_money_received() {
        let paid = OrderRow { payment_state: "captured".into(), ..order() };
        assert_eq!(receipt_refusal(&paid), None);
        assert_eq!(receipt_refusal(&OrderRow { payment_state: "unpaid".into(), ..order() }), Some(UNPAID));
        assert_eq!(receipt_refusal(&OrderRow { lifecycle: "cancelled".into(), ..paid }), Some(CANCELLED));
    }
}
