//! The carriers' files as the order desk uses them: shipments become a carrier's import CSV
//! (carriers/ writes the bytes) and move to 出荷準備中; a carrier's issued-label file (or the
//! generic 出荷実績 CSV) is checked line by line against the shop's shipments, previewed, and
//! applied only when every line is right.
use std::collections::{HashMap, HashSet};

use serde::{Deserialize, Serialize};

use super::axes::ShipState;
use super::carriers::{self, Carrier, CarrierContract, Cool, LabelShipment, Party, TimeSlot};
use super::desk::{self, ShipmentMove};
use super::desk_store::{self, NewEvent, ShipmentRow};
use super::gift_store;
use super::store::OrderRow;
use super::timeline::EventKind;
use super::view::{ShippingAddress, orderer_of};
use crate::channel::settings::load_setting;
use crate::channel::{Channel, PaymentKind};
use crate::infra::error::{ApiError, ApiResult};
use crate::infra::ids::new_id;
use crate::infra::time::Timestamp;
use crate::staff::Staff;
use crate::staff::audit::{self, AuditAction};
use crate::state::AppState;

/// `ORDER_DESK.CARRIERS`: each carrier's contract codes, by carrier code.
pub const CONTRACTS_SETTING: &str = "ORDER_DESK.CARRIERS";
/// `ORDER_DESK.SENDER`: the shop as labels name it (ご依頼主), a Party's fields.
pub const SENDER_SETTING: &str = "ORDER_DESK.SENDER";

#[derive(Debug, Default, Clone, Deserialize)]
#[serde(default)]
struct StoredContract {
    customer_code: String,
    freight_code: String,
    classification_code: String,
}

#[derive(Debug, Default, Clone, Deserialize)]
#[serde(default)]
struct StoredSender {
    name: String,
    kana: String,
    postal_code: String,
    prefecture: String,
    city: String,
    street: String,
    building: String,
    phone: String,
}

/// A file written for the carrier, for the browser to save.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ExportedFile {
    pub name: String,
    /// The file's bytes (Shift_JIS), base64.
    pub content_base64: String,
}

/// A character the carrier's encoding cannot carry, or text cut to its field's width.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ExportReplacement {
    pub shipment_code: String,
    pub field: String,
    pub original: String,
    pub replaced_with: String,
}

/// A shipment left out, and why.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Skipped {
    pub shipment_code: String,
    pub reason: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ExportAnswer {
    pub files: Vec<ExportedFile>,
    pub replaced: Vec<ExportReplacement>,
    /// The shipments written (now 出荷準備中 if they were 未出荷).
    pub exported: Vec<String>,
    pub skipped: Vec<Skipped>,
}

/// Writes `carrier`'s file for the shipments with `codes` (unknown codes, cancelled orders,
/// shipments already gone and orders not payable yet are skipped with their reason), and moves
/// the 未出荷 ones to 出荷準備中.
pub async fn export(state: &AppState, channel: &Channel, staff: &Staff, carrier: Carrier, codes: &[String]) -> ApiResult<ExportAnswer> {
    let shipments = desk_store::find_shipments_by_codes(&state.db, &channel.id, codes).await?;
    let found: HashSet<&str> = shipments.iter().map(|s| s.shipment_code.as_str()).collect();
    let mut skipped: Vec<Skipped> = codes
        .iter()
        .filter(|code| !found.contains(code.as_str()))
        .map(|code| Skipped { shipment_code: code.clone(), reason: "この出荷番号は見つかりません。".into() })
        .collect();
    let mut order_ids: Vec<String> = shipments.iter().map(|s| s.order_id.clone()).collect();
    order_ids.sort();
    order_ids.dedup();
    let orders: HashMap<String, OrderRow> = orders_by_id(state, channel, &order_ids).await?;
    let mut item_names: HashMap<String, Vec<String>> = HashMap::new();
    for (shipping_id, name) in desk_store::list_item_names(&state.db, &order_ids).await? {
        item_names.entry(shipping_id).or_default().push(name);
    }
    let mut gifts: HashSet<String> = HashSet::new();
    // A chunk at a time: one statement with 10,000 parameters binds slowly on SQLite.
    for chunk in order_ids.chunks(500) {
        gifts.extend(gift_store::list_gifts_of_orders(&state.db, chunk).await?.into_iter().map(|g| g.order_id));
    }
    let contract = contract_of(state, channel, carrier).await?;
    let sender = sender_of(state, channel).await?;
    let today = crate::delivery::delivery_date::jst(time::OffsetDateTime::now_utc()).date();
    let mut labels = Vec::new();
    let mut moves = Vec::new();
    for shipment in &shipments {
        let Some(order) = orders.get(&shipment.order_id) else { continue };
        if let Some(reason) = export_refusal(order, shipment) {
            skipped.push(Skipped { shipment_code: shipment.shipment_code.clone(), reason: reason.into() });
            continue;
        }
        let is_gift = gifts.contains(&order.id);
        let names = item_names.remove(&shipment.id).unwrap_or_default();
        labels.push(label_of(order, shipment, names, if is_gift { buyer_of(order) } else { sender.clone() }, today));
        if shipment.ship_state == ShipState::Unshipped.code() {
            moves.push((order.order_no.clone(), shipment.shipment_code.clone()));
        }
    }
    let written = carriers::export(carrier, &contract, &labels);
    let changes: Vec<(String, ShipmentMove<'_>)> = moves
        .iter()
        .map(|(order_no, code)| {
            (order_no.clone(), ShipmentMove { code, to: ShipState::Preparing, carrier: Some(carrier.code()), tracking: &[], reason: "", shipped_at: None })
        })
        .collect();
    for (code, refusal) in desk::move_shipments_now(state, channel, staff, &changes).await? {
        if let Some(error) = refusal {
            skipped.push(Skipped { shipment_code: code, reason: format!("出荷準備中にできませんでした: {error}") });
        }
    }
    record_export(state, channel, staff, carrier, &labels, &orders, &shipments).await?;
    use base64::Engine;
    Ok(ExportAnswer {
        files: written
            .files
            .into_iter()
            .map(|f| ExportedFile { name: f.name, content_base64: base64::engine::general_purpose::STANDARD.encode(f.bytes) })
            .collect(),
        replaced: written
            .replaced
            .into_iter()
            .map(|r| ExportReplacement { shipment_code: r.shipment_code, field: r.field.to_owned(), original: r.original, replaced_with: r.replaced_with })
            .collect(),
        exported: labels.iter().map(|l| l.shipment_code.clone()).collect(),
        skipped,
    })
}

fn payable(order: &OrderRow) -> bool {
    match (PaymentKind::parse(&order.payment_code), super::axes::PaymentState::parse(&order.payment_state)) {
        (Some(kind), Some(payment)) => super::axes::may_ship(kind, payment),
        _ => false,
    }
}

fn export_refusal(order: &OrderRow, shipment: &ShipmentRow) -> Option<&'static str> {
    if order.lifecycle == "cancelled" {
        Some("キャンセルされた注文です。")
    } else if matches!(shipment.ship_state.as_str(), "shipped" | "delivered") {
        Some("出荷済みです。")
    } else if order.on_hold != 0 {
        Some("保留中の注文です。")
    } else if !payable(order) {
        Some("入金が確認できていません。")
    } else if shipment.address_json == "{}" {
        Some("お届け先が決まっていません。")
    } else {
        None
    }
}

async fn orders_by_id(state: &AppState, channel: &Channel, ids: &[String]) -> ApiResult<HashMap<String, OrderRow>> {
    let mut wanted = ids.to_vec();
    wanted.sort();
    wanted.dedup();
    let rows = desk_store::list_orders_by_ids(&state.db, &channel.id, &wanted).await?;
    Ok(rows.into_iter().map(|row| (row.id.clone(), row)).collect())
}

async fn contract_of(state: &AppState, channel: &Channel, carrier: Carrier) -> ApiResult<CarrierContract> {
    let all: HashMap<String, StoredContract> = load_setting(&state.db, &channel.id, CONTRACTS_SETTING, HashMap::new()).await?;
    let stored = all.get(carrier.code()).cloned().unwrap_or_default();
    Ok(CarrierContract { customer_code: stored.customer_code, freight_code: stored.freight_code, classification_code: stored.classification_code })
}

async fn sender_of(state: &AppState, channel: &Channel) -> ApiResult<Party> {
    let stored: StoredSender = load_setting(&state.db, &channel.id, SENDER_SETTING, StoredSender::default()).await?;
    let name = if stored.name.is_empty() { load_setting(&state.db, &channel.id, "SITE.NAME", channel.name.clone()).await? } else { stored.name };
    Ok(Party {
        name,
        kana: stored.kana,
        company: String::new(),
        postal_code: stored.postal_code,
        prefecture: stored.prefecture,
        city: stored.city,
        street: stored.street,
        building: stored.building,
        phone: stored.phone,
    })
}

/// A gift's label names the buyer as the sender.
fn buyer_of(order: &OrderRow) -> Party {
    let orderer = orderer_of(order);
    Party {
        name: orderer.name(),
        kana: format!("{} {}", orderer.last_name_kana.trim(), orderer.first_name_kana.trim()).trim().to_owned(),
        company: orderer.company_name.clone(),
        postal_code: orderer.address.postal_code.clone(),
        prefecture: orderer.address.prefecture.clone(),
        city: orderer.address.city.clone(),
        street: orderer.address.address1.clone(),
        building: orderer.address.address2.clone(),
        phone: orderer.phone_number.clone(),
    }
}

fn label_of(order: &OrderRow, shipment: &ShipmentRow, item_names: Vec<String>, sender: Party, today: time::Date) -> LabelShipment {
    let to = ShippingAddress::from_snapshot(&shipment.address_json);
    let date = |text: Option<&str>| text.and_then(|t| time::Date::parse(t, time::macros::format_description!("[year]-[month]-[day]")).ok());
    let planned = date(shipment.ship_planned_on.as_deref()).filter(|d| *d >= today).unwrap_or(today);
    let cod = PaymentKind::parse(&order.payment_code) == Some(PaymentKind::CashOnDelivery) && shipment.position == 1;
    LabelShipment {
        shipment_code: shipment.shipment_code.clone(),
        recipient: Party {
            name: to.shipping_name.clone(),
            kana: format!("{} {}", to.shipping_last_name_kana.trim(), to.shipping_first_name_kana.trim()).trim().to_owned(),
            company: String::new(),
            postal_code: to.address.postal_code.clone(),
            prefecture: to.address.prefecture.clone(),
            city: to.address.city.clone(),
            street: to.address.address1.clone(),
            building: to.address.address2.clone(),
            phone: to.phone_number.clone(),
        },
        sender,
        ship_date: planned,
        delivery_date: date(shipment.delivery_date.as_deref()),
        time_slot: shipment.delivery_timezone_label.as_deref().and_then(TimeSlot::from_label),
        // 代引 collects the whole order on its first parcel.
        cash_on_delivery: cod.then_some(order.total_payment),
        cool: Cool::Normal,
        item_names,
        note: shipment.noshi_label.clone().map(|n| format!("のし: {n} {}", shipment.noshi_name).trim().to_owned()).unwrap_or_default(),
    }
}

async fn record_export(
    state: &AppState,
    channel: &Channel,
    staff: &Staff,
    carrier: Carrier,
    labels: &[LabelShipment],
    orders: &HashMap<String, OrderRow>,
    shipments: &[ShipmentRow],
) -> ApiResult<()> {
    if labels.is_empty() {
        return Ok(());
    }
    let now = Timestamp::now().0;
    let by_code: HashMap<&str, &ShipmentRow> = shipments.iter().map(|s| (s.shipment_code.as_str(), s)).collect();
    // (order id, event id, detail) per label, written many to a statement.
    let entries: Vec<(&str, String, String)> = labels
        .iter()
        .filter_map(|label| {
            let order = orders.get(&by_code.get(label.shipment_code.as_str())?.order_id)?;
            Some((order.id.as_str(), new_id(), format!("{}：{}", label.shipment_code, carrier.label())))
        })
        .collect();
    let events: Vec<NewEvent<'_>> = entries
        .iter()
        .map(|(order_id, id, detail)| NewEvent {
            id,
            channel_id: &channel.id,
            order_id,
            at: now,
            staff_id: Some(staff.id.as_str()),
            staff_name: staff.name.as_str(),
            kind: EventKind::Export.code(),
            detail,
        })
        .collect();
    let mut tx = state.db.begin_write().await?;
    desk_store::insert_events(&mut tx, &events).await?;
    audit::record_in(&mut tx, staff, AuditAction::ShipmentExport, &format!("{} {}件", carrier.label(), labels.len())).await?;
    tx.commit().await?;
    Ok(())
}

// ---- tracking numbers back --------------------------------------------------------------------

/// One line of an issued-label file as the preview shows it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ImportLine {
    pub line: i64,
    pub shipment_code: String,
    pub order_no: Option<String>,
    pub tracking_number: String,
    /// The carrier the number is of (the file's, the line's 配送業者, else the shipment's).
    pub carrier: Option<String>,
    /// The file's 出荷日 (YYYY-MM-DD), when it has one: the shipment's 出荷日 becomes that day.
    pub shipped_on: Option<String>,
    /// When the parcel left, ms: the file's 出荷日 as [`shipped_at_of`] reads it.
    #[serde(skip)]
    pub shipped_at: Option<i64>,
    /// ok (will be marked 出荷済 and mailed), same (already has this number: nothing to do), error.
    pub result: ImportResult,
    /// Japanese: what is wrong, or what will happen.
    pub message: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ImportResult {
    Ok,
    Same,
    Error,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ImportAnswer {
    /// false: a preview; nothing changed.
    pub applied: bool,
    pub lines: Vec<ImportLine>,
    pub ok: i64,
    pub errors: i64,
}

pub const IMPORT_ERRORS_CODE: &str = "orders.tracking.has_errors";

/// Reads `bytes` as `carrier`'s issued-label file (None: the generic 出荷実績 CSV) and checks
/// each line. With `apply`, and only when no line is wrong, marks each shipment 出荷済 with its
/// number (mailing the customer); a wrong line makes it a 422 that changes nothing.
pub async fn import_tracking(
    state: &AppState,
    channel: &Channel,
    staff: &Staff,
    carrier: Option<Carrier>,
    bytes: &[u8],
    apply: bool,
) -> ApiResult<ImportAnswer> {
    let parsed = match carrier {
        Some(carrier) => carriers::parse_issued(carrier, bytes),
        None => carriers::parse_generic(bytes),
    }
    .map_err(|error| ApiError::field("file", error.message()))?;
    let codes: Vec<String> = parsed.iter().filter_map(|line| line.as_ref().ok()).map(|i| i.shipment_code.clone()).collect();
    let shipments = desk_store::find_shipments_by_codes(&state.db, &channel.id, &codes).await?;
    let order_ids: Vec<String> = shipments.iter().map(|s| s.order_id.clone()).collect();
    let orders = orders_by_id(state, channel, &order_ids).await?;
    let mut in_use: HashMap<String, Vec<String>> = HashMap::new();
    for number in desk_store::list_tracking(&state.db, &shipments.iter().map(|s| s.id.clone()).collect::<Vec<_>>()).await? {
        if number.removed_at.is_none() {
            in_use.entry(number.shipping_id).or_default().push(number.number);
        }
    }
    let by_code: HashMap<&str, &ShipmentRow> = shipments.iter().map(|s| (s.shipment_code.as_str(), s)).collect();
    let now = Timestamp::now().0;
    let mut lines = Vec::new();
    let mut seen: HashSet<String> = HashSet::new();
    for entry in parsed {
        let line = match entry {
            Err(error) => ImportLine {
                line: error.line as i64,
                shipment_code: String::new(),
                order_no: None,
                tracking_number: String::new(),
                carrier: None,
                shipped_on: None,
                shipped_at: None,
                result: ImportResult::Error,
                message: error.message,
            },
            Ok(issued) => {
                let shipment = by_code.get(issued.shipment_code.as_str()).copied();
                let order = shipment.and_then(|s| orders.get(&s.order_id));
                let line_carrier = issued.carrier.or(carrier).map(|c| c.code().to_owned()).or_else(|| shipment.and_then(|s| s.carrier.clone()));
                let (result, message) = match (shipment, order) {
                    (Some(_), Some(_)) if line_carrier.is_none() => {
                        (ImportResult::Error, "配送業者が分かりません。配送業者の列に入力してください。".to_owned())
                    }
                    (Some(shipment), Some(order)) => {
                        judge(order, shipment, &issued.tracking_number, in_use.get(&shipment.id).map(Vec::as_slice).unwrap_or_default(), &mut seen)
                    }
                    _ => (ImportResult::Error, format!("出荷番号「{}」はこのショップにありません。", issued.shipment_code)),
                };
                let shipped_at = match (issued.shipped_on, order) {
                    (Some(day), Some(order)) => shipped_at_of(day, order.ordered_at, now),
                    _ => Ok(None),
                };
                let (result, message, shipped_at) = match shipped_at {
                    Err(why) if result == ImportResult::Ok => (ImportResult::Error, why, None),
                    Err(_) => (result, message, None),
                    Ok(at) => (result, message, at),
                };
                ImportLine {
                    line: issued.line as i64,
                    shipment_code: issued.shipment_code,
                    order_no: order.map(|o| o.order_no.clone()),
                    tracking_number: issued.tracking_number,
                    carrier: line_carrier,
                    shipped_on: issued.shipped_on.map(crate::delivery::calendar::iso),
                    shipped_at,
                    result,
                    message,
                }
            }
        };
        lines.push(line);
    }
    let errors = lines.iter().filter(|l| l.result == ImportResult::Error).count() as i64;
    let ok = lines.iter().filter(|l| l.result == ImportResult::Ok).count() as i64;
    if lines.is_empty() {
        return Err(ApiError::field("file", "取り込める行がありません。"));
    }
    if !apply {
        return Ok(ImportAnswer { applied: false, lines, ok, errors });
    }
    if errors > 0 {
        return Err(ApiError::rule(IMPORT_ERRORS_CODE, format!("{errors}行に誤りがあるため、取り込みませんでした。プレビューで内容を確認してください。")));
    }
    let applied = apply_lines(state, channel, staff, carrier, &lines, &shipments).await?;
    Ok(ImportAnswer { applied: true, ok: applied, errors: 0, lines })
}

/// When a parcel a carrier's file dates `day` left, ms: now when the day is today (in Japan),
/// else the day's start. None of the import's business when the day is after today (the parcel
/// has not left: refused) or before the order was placed (a wrong line: refused).
fn shipped_at_of(day: time::Date, ordered_at: i64, now: i64) -> Result<Option<i64>, String> {
    let days = (day - time::OffsetDateTime::UNIX_EPOCH.date()).whole_days();
    let today = super::queue::jst_day(now);
    if days > today {
        return Err(format!("出荷日（{}）が今日より後の日付です。出荷してから取り込んでください。", crate::delivery::calendar::iso(day)));
    }
    if days < super::queue::jst_day(ordered_at) {
        return Err(format!("出荷日（{}）が注文日より前の日付です。", crate::delivery::calendar::iso(day)));
    }
    Ok(Some(if days == today { now } else { super::queue::day_start(days) }))
}

/// `current`: the shipment's numbers in use.
fn judge(order: &OrderRow, shipment: &ShipmentRow, number: &str, current: &[String], seen: &mut HashSet<String>) -> (ImportResult, String) {
    if !seen.insert(shipment.shipment_code.clone()) {
        return (ImportResult::Error, "同じ出荷番号がファイル内に2回以上あります。".into());
    }
    if order.lifecycle == "cancelled" {
        (ImportResult::Error, "キャンセルされた注文です。".into())
    } else if current.iter().any(|n| n == number) && matches!(shipment.ship_state.as_str(), "shipped" | "delivered") {
        (ImportResult::Same, "登録済みです（変更はありません）。".into())
    } else if matches!(shipment.ship_state.as_str(), "shipped" | "delivered") {
        (ImportResult::Error, "すでに別の送り状番号で出荷済みです。注文画面から変更してください。".into())
    } else if order.on_hold != 0 {
        (ImportResult::Error, "保留中の注文です。".into())
    } else if shipment.ship_state == "unshipped" && !payable(order) {
        (ImportResult::Error, "入金が確認できていません。".into())
    } else {
        (ImportResult::Ok, "出荷済みにして発送完了メールを送ります。".into())
    }
}

async fn apply_lines(
    state: &AppState,
    channel: &Channel,
    staff: &Staff,
    carrier: Option<Carrier>,
    lines: &[ImportLine],
    shipments: &[ShipmentRow],
) -> ApiResult<i64> {
    let numbers: Vec<[String; 1]> = lines.iter().map(|l| [l.tracking_number.clone()]).collect();
    let by_code: HashMap<&str, &ShipmentRow> = shipments.iter().map(|s| (s.shipment_code.as_str(), s)).collect();
    let mut changes = Vec::new();
    for (line, number) in lines.iter().zip(&numbers).filter(|(l, _)| l.result == ImportResult::Ok) {
        let Some(shipment) = by_code.get(line.shipment_code.as_str()) else { continue };
        let carrier_code = line.carrier.as_deref().or(carrier.map(Carrier::code)).or(shipment.carrier.as_deref()).unwrap_or("");
        let change = ShipmentMove {
            code: &line.shipment_code,
            to: ShipState::Shipped,
            carrier: Some(carrier_code),
            tracking: number,
            reason: "",
            shipped_at: line.shipped_at,
        };
        changes.push((line.order_no.clone().unwrap_or_default(), change));
    }
    let applied = desk::move_shipments_now(state, channel, staff, &changes).await?.iter().filter(|(_, refusal)| refusal.is_none()).count() as i64;
    audit::record(&state.db, staff, AuditAction::TrackingImport, &format!("{}件", applied)).await?;
    Ok(applied)
}

#[cfg(test)]
mod tests {
    use time::macros::date;

    use super::shipped_at_of;
    use crate::orders::queue::day_start;

    /// 2026-11-28 15:00 JST, ms.
    const NOW: i64 = 1_795_845_600_000;
    /// 2026-11-20 10:00 JST, ms.
    const ORDERED: i64 = 1_795_136_400_000;

    #[test]
    fn the_file_s_day_is_when_the_parcel_left() {
        assert_eq!(shipped_at_of(date!(2026 - 11 - 28), ORDERED, NOW), Ok(Some(NOW)), "today: the import's time");
        let yesterday = shipped_at_of(date!(2026 - 11 - 27), ORDERED, NOW).unwrap().unwrap();
        assert_eq!(yesterday, day_start(crate::orders::queue::jst_day(NOW) - 1), "an earlier day: its start in Japan");
        assert_eq!(shipped_at_of(date!(2026 - 11 - 20), ORDERED, NOW).map(|at| at.is_some()), Ok(true), "the order's own day");
    }

    #[test]
    fn a_day_after_today_or_before_the_order_is_refused() {
        let later = shipped_at_of(date!(2026 - 11 - 29), ORDERED, NOW).unwrap_err();
        assert!(later.contains("今日より後"), "{later}");
        let earlier = shipped_at_of(date!(2026 - 11 - 19), ORDERED, NOW).unwrap_err();
        assert!(earlier.contains("注文日より前"), "{earlier}");
    }
}
