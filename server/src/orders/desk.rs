//! The order desk's changes (issue 30). Each one reads the order in its transaction, refuses a
//! stale `version` (409), moves the axes through their rules (axes.rs), writes them with the
//! customer's label derived from them in one guarded UPDATE, and records the change on the
//! timeline and in the audit log. Mails go after the commit, through the durable outbox, and
//! are recorded on the timeline too.
use axum::http::StatusCode;
use time::Date;

use super::axes::{self, Lifecycle, PaymentState, ShipProgress, ShipState, Step};
use super::desk_mails::{self, MailSwitches, Resend, Tracked};
use super::desk_store::{self, AxesWrite, ShipmentRow};
use super::store::{self, OrderRow};
use super::timeline::{self, EventKind};
use super::view::orderer_of;
use crate::channel::settings::load_setting;
use crate::channel::{Channel, PaymentKind};
use crate::infra::db::Tx;
use crate::infra::error::{ApiError, ApiResult};
use crate::infra::time::Timestamp;
use crate::staff::Staff;
use crate::staff::audit::{self, AuditAction};
use crate::state::AppState;

pub const STALE_CODE: &str = "orders.desk.stale";
pub const STALE_MESSAGE: &str = "この注文は他のスタッフが更新しました。画面を読み込み直してから、もう一度操作してください。";
pub const RULE_CODE: &str = "orders.desk.refused";

fn stale() -> ApiError {
    ApiError::rule_with(StatusCode::CONFLICT, STALE_CODE, STALE_MESSAGE)
}

fn refused(message: &'static str) -> ApiError {
    ApiError::rule(RULE_CODE, message)
}

/// An order as a change reads it in its transaction.
struct Loaded {
    row: OrderRow,
    shipments: Vec<ShipmentRow>,
    kind: PaymentKind,
}

/// The order `order_no` of the channel at `version`: 404 unknown, 409 stale.
async fn load(tx: &mut Tx, channel: &Channel, order_no: &str, version: i64) -> ApiResult<Loaded> {
    let row = store::find_order_by_no(&mut **tx, &channel.id, order_no).await?.ok_or_else(ApiError::not_found)?;
    if row.version != version {
        return Err(stale());
    }
    let shipments = desk_store::list_shipments_in(tx, &row.id).await?;
    let kind = PaymentKind::parse(&row.payment_code)
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("order {} has the unknown payment {}", row.order_no, row.payment_code)))?;
    Ok(Loaded { row, shipments, kind })
}

/// The axes an edit may change, read from the row.
#[derive(Debug, Clone)]
struct Axes {
    lifecycle: Lifecycle,
    payment: PaymentState,
    paid_amount: i64,
    paid_on: Option<String>,
    on_hold: bool,
    hold_reason: String,
    needs_review: bool,
    review_reason: String,
}

impl Axes {
    fn of(row: &OrderRow) -> ApiResult<Axes> {
        let unknown = |what: &str, code: &str| ApiError::Internal(anyhow::anyhow!("order {} has the unknown {what} {code:?}", row.order_no));
        Ok(Axes {
            lifecycle: Lifecycle::parse(&row.lifecycle).ok_or_else(|| unknown("lifecycle", &row.lifecycle))?,
            payment: PaymentState::parse(&row.payment_state).ok_or_else(|| unknown("payment state", &row.payment_state))?,
            paid_amount: row.paid_amount,
            paid_on: row.paid_on.clone(),
            on_hold: row.on_hold != 0,
            hold_reason: row.hold_reason.clone(),
            needs_review: row.needs_review != 0,
            review_reason: row.review_reason.clone(),
        })
    }
}

fn ship_states(shipments: &[ShipmentRow]) -> ApiResult<Vec<ShipState>> {
    shipments
        .iter()
        .map(|s| {
            ShipState::parse(&s.ship_state)
                .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("shipment {} has the unknown state {}", s.shipment_code, s.ship_state)))
        })
        .collect()
}

/// Writes `axes` (the lifecycle and the customer's label follow from them and the shipments'
/// states) if the order is still at the version read.
async fn write(tx: &mut Tx, loaded: &Loaded, axes: &Axes, states: &[ShipState], now: i64) -> ApiResult<()> {
    let progress = axes::progress(states);
    let lifecycle = axes::lifecycle(axes.lifecycle, progress, axes.payment);
    let status = axes::customer_status(loaded.kind, lifecycle, axes.payment, progress);
    let write = AxesWrite {
        lifecycle: lifecycle.code(),
        payment_state: axes.payment.code(),
        paid_amount: axes.paid_amount,
        paid_on: axes.paid_on.as_deref(),
        on_hold: axes.on_hold,
        hold_reason: &axes.hold_reason,
        needs_review: axes.needs_review,
        review_reason: &axes.review_reason,
        ship_progress: progress.code(),
        status: status.code(),
    };
    if desk_store::update_axes(tx, &loaded.row.id, loaded.row.version, &write, now).await? { Ok(()) } else { Err(stale()) }
}

/// What a staff change is about: who, which order, the version read.
pub struct Edit<'a> {
    pub state: &'a AppState,
    pub channel: &'a Channel,
    pub staff: &'a Staff,
    pub order_no: &'a str,
    pub version: i64,
}

impl Edit<'_> {
    /// Records the change on the timeline and in the audit log, in `tx`.
    async fn record(&self, tx: &mut Tx, loaded: &Loaded, kind: EventKind, action: AuditAction, detail: &str, now: i64) -> ApiResult<()> {
        timeline::record(tx, &self.channel.id, &loaded.row.id, Some(self.staff), kind, detail, now).await?;
        audit::record_in(tx, self.staff, action, &format!("{} {}", loaded.row.order_no, kind.label())).await?;
        Ok(())
    }
}

/// 入金確認: `amount` yen received on `paid_on`. Short of the total the order waits in 一部入金
/// (and is flagged 要確認); the total or more makes it 入金済 and mails the customer.
pub async fn confirm_payment(edit: &Edit<'_>, paid_on: Date, amount: i64) -> ApiResult<()> {
    let now = Timestamp::now().0;
    let mut tx = edit.state.db.begin_write().await?;
    let loaded = load(&mut tx, edit.channel, edit.order_no, edit.version).await?;
    let mails = apply_payment(&mut tx, edit, &loaded, paid_on, amount, now).await?;
    tx.commit().await?;
    if mails {
        mail_payment_confirmed(edit.state, edit.channel, Some(edit.staff), &loaded.row.id).await?;
    }
    Ok(())
}

/// 入金確認 as a bulk action runs it: at the version read just before, committed and mailed
/// when `commit`, else rolled back (the preview).
pub async fn confirm_payment_checked(edit: &Edit<'_>, paid_on: Date, amount: i64, commit: bool) -> ApiResult<()> {
    if commit {
        return confirm_payment(edit, paid_on, amount).await;
    }
    let mut tx = edit.state.db.begin_write().await?;
    let loaded = load(&mut tx, edit.channel, edit.order_no, edit.version).await?;
    apply_payment(&mut tx, edit, &loaded, paid_on, amount, Timestamp::now().0).await?;
    tx.rollback().await?;
    Ok(())
}

/// The payment inside `tx`; true when it settled a bank transfer (its mail goes after the
/// commit).
async fn apply_payment(tx: &mut Tx, edit: &Edit<'_>, loaded: &Loaded, paid_on: Date, amount: i64, now: i64) -> ApiResult<bool> {
    let mut axes = Axes::of(&loaded.row)?;
    if axes.lifecycle == Lifecycle::Cancelled {
        return Err(refused("キャンセルされた注文の入金は確認できません。"));
    }
    let (payment, received) = axes::confirm_payment(loaded.kind, axes.payment, axes.paid_amount, amount, loaded.row.total_payment).map_err(refused)?;
    let total = loaded.row.total_payment;
    axes.payment = payment;
    axes.paid_amount = received;
    axes.paid_on = Some(crate::delivery::calendar::iso(paid_on));
    let mut detail = format!("{}円を{}に受領（累計{}円／ご請求{}円）", amount, crate::delivery::calendar::iso(paid_on), received, total);
    if received != total && (payment == PaymentState::PartiallyPaid || received > total) {
        axes.needs_review = true;
        let why = if received > total { "過入金" } else { "一部入金" };
        axes.review_reason = join_reason(&axes.review_reason, why);
        detail.push_str(&format!("：{why}"));
    }
    write(tx, loaded, &axes, &ship_states(&loaded.shipments)?, now).await?;
    edit.record(tx, loaded, EventKind::Payment, AuditAction::OrderPayment, &detail, now).await?;
    Ok(payment.is_settled() && loaded.kind == PaymentKind::BankTransfer)
}

/// Sends 入金確認 for a settled bank transfer (if the shop sends it) and records it; false
/// when the shop has it switched off or the order has no address.
pub async fn mail_payment_confirmed(state: &AppState, channel: &Channel, staff: Option<&Staff>, order_id: &str) -> ApiResult<bool> {
    if !switches(state, channel).await?.payment_confirmed {
        return Ok(false);
    }
    send_payment_confirmed(state, channel, staff, order_id).await
}

async fn send_payment_confirmed(state: &AppState, channel: &Channel, staff: Option<&Staff>, order_id: &str) -> ApiResult<bool> {
    let row = reread(state, channel, order_id).await?;
    let orderer = orderer_of(&row);
    let mail = desk_mails::payment_confirmed(&channel.name, &customer_address(&row), &orderer.name(), &row, row.paid_on.as_deref().unwrap_or(""));
    Ok(send_recorded(state, channel, &row, staff, mail).await)
}

fn join_reason(existing: &str, added: &str) -> String {
    if existing.split('、').any(|r| r == added) {
        existing.to_owned()
    } else if existing.is_empty() {
        added.to_owned()
    } else {
        format!("{existing}、{added}")
    }
}

/// 保留 with its reason, or its release.
pub async fn set_hold(edit: &Edit<'_>, hold: Option<&str>) -> ApiResult<()> {
    let now = Timestamp::now().0;
    let mut tx = edit.state.db.begin_write().await?;
    let loaded = load(&mut tx, edit.channel, edit.order_no, edit.version).await?;
    let mut axes = Axes::of(&loaded.row)?;
    if axes.lifecycle != Lifecycle::Open {
        return Err(refused("完了またはキャンセルされた注文は保留にできません。"));
    }
    match hold {
        Some(_) if axes.on_hold => return Err(refused("この注文はすでに保留中です。")),
        None if !axes.on_hold => return Err(refused("この注文は保留中ではありません。")),
        _ => {}
    }
    axes.on_hold = hold.is_some();
    axes.hold_reason = hold.unwrap_or_default().to_owned();
    write(&mut tx, &loaded, &axes, &ship_states(&loaded.shipments)?, now).await?;
    let (kind, action) = if hold.is_some() { (EventKind::Hold, AuditAction::OrderHold) } else { (EventKind::Release, AuditAction::OrderRelease) };
    edit.record(&mut tx, &loaded, kind, action, hold.unwrap_or(""), now).await?;
    tx.commit().await?;
    Ok(())
}

/// 要確認 done: the flag and its reasons are cleared.
pub async fn mark_reviewed(edit: &Edit<'_>) -> ApiResult<()> {
    let now = Timestamp::now().0;
    let mut tx = edit.state.db.begin_write().await?;
    let loaded = load(&mut tx, edit.channel, edit.order_no, edit.version).await?;
    let mut axes = Axes::of(&loaded.row)?;
    if !axes.needs_review {
        return Err(refused("この注文は要確認ではありません。"));
    }
    let detail = std::mem::take(&mut axes.review_reason);
    axes.needs_review = false;
    write(&mut tx, &loaded, &axes, &ship_states(&loaded.shipments)?, now).await?;
    edit.record(&mut tx, &loaded, EventKind::Reviewed, AuditAction::OrderNote, &detail, now).await?;
    tx.commit().await?;
    Ok(())
}

/// A staff note on the timeline (no version: notes only add).
pub async fn add_note(state: &AppState, channel: &Channel, staff: &Staff, order_no: &str, body: &str) -> ApiResult<()> {
    let now = Timestamp::now().0;
    let mut tx = state.db.begin_write().await?;
    let row = store::find_order_by_no(&mut *tx, &channel.id, order_no).await?.ok_or_else(ApiError::not_found)?;
    timeline::record(&mut tx, &channel.id, &row.id, Some(staff), EventKind::Note, body, now).await?;
    audit::record_in(&mut tx, staff, AuditAction::OrderNote, &format!("{} メモ", row.order_no)).await?;
    tx.commit().await?;
    Ok(())
}

/// A shipment's move as staff ask it.
pub struct ShipmentMove<'a> {
    pub code: &'a str,
    pub to: ShipState,
    /// A carrier code (orders::carriers::Carrier); required for 出荷済 with tracking numbers.
    pub carrier: Option<&'a str>,
    /// The parcel's numbers; given with 出荷済, they replace the shipment's current ones.
    pub tracking: &'a [String],
    /// Required for a step back.
    pub reason: &'a str,
    /// When the parcel left (ms), where a carrier's file says so; else the move's time.
    pub shipped_at: Option<i64>,
}

pub const REASON_REQUIRED: &str = "前の状態に戻す理由を入力してください。";

/// Moves one shipment of the order (its code must be the order's), guarded by the rules, and
/// mails the customer when it leaves (出荷済).
pub async fn move_shipment(edit: &Edit<'_>, change: &ShipmentMove<'_>) -> ApiResult<()> {
    let now = Timestamp::now().0;
    let mut tx = edit.state.db.begin_write().await?;
    let loaded = load(&mut tx, edit.channel, edit.order_no, edit.version).await?;
    let shipped_now = apply_move(&mut tx, edit, &loaded, change, now).await?;
    tx.commit().await?;
    if let Some(shipping_id) = shipped_now {
        mail_shipped(edit.state, edit.channel, Some(edit.staff), &loaded.row.id, &shipping_id).await?;
    }
    Ok(())
}

/// The move inside `tx`; returns the shipment's id when it has just left (for its mail).
async fn apply_move(tx: &mut Tx, edit: &Edit<'_>, loaded: &Loaded, change: &ShipmentMove<'_>, now: i64) -> ApiResult<Option<String>> {
    let axes = Axes::of(&loaded.row)?;
    let index = loaded.shipments.iter().position(|s| s.shipment_code == change.code).ok_or_else(ApiError::not_found)?;
    let mut states = ship_states(&loaded.shipments)?;
    let from = states[index];
    let step = axes::ship_step(from, change.to).map_err(refused)?;
    if axes.lifecycle == Lifecycle::Cancelled {
        return Err(refused("キャンセルされた注文は出荷できません。"));
    }
    if step == Step::Forward && from == ShipState::Unshipped && !axes::may_ship(loaded.kind, axes.payment) {
        return Err(refused(axes::SHIP_NEEDS_PAYMENT));
    }
    if step == Step::Forward && axes.on_hold {
        return Err(refused("保留中の注文は出荷できません。先に保留を解除してください。"));
    }
    if step == Step::Back && change.reason.trim().is_empty() {
        return Err(ApiError::field("reason", REASON_REQUIRED));
    }
    let shipment = &loaded.shipments[index];
    states[index] = change.to;
    // The guarded write first: a stale order stops here, before anything else is written.
    write(tx, loaded, &axes, &states, now).await?;
    desk_store::update_ship_state(tx, &shipment.id, change.to.code(), change.carrier, change.shipped_at.unwrap_or(now), now).await?;
    let all_left = states.iter().all(|s| matches!(s, ShipState::Shipped | ShipState::Delivered));
    super::ship_effects::on_move(tx, &loaded.row, &shipment.id, from, change.to, all_left, now).await?;
    let mut detail = format!("{}：{} → {}", shipment.shipment_code, from.label(), change.to.label());
    if step == Step::Back {
        detail.push_str(&format!("（理由: {}）", change.reason.trim()));
    }
    edit.record(tx, loaded, EventKind::Shipment, AuditAction::ShipmentState, &detail, now).await?;
    if !change.tracking.is_empty() {
        let carrier = change.carrier.or(shipment.carrier.as_deref()).unwrap_or("");
        if desk_store::replace_tracking(tx, &edit.channel.id, &shipment.id, carrier, change.tracking, now).await? {
            let detail = format!("{}：{}", shipment.shipment_code, change.tracking.join("、"));
            timeline::record(tx, &edit.channel.id, &loaded.row.id, Some(edit.staff), EventKind::Tracking, &detail, now).await?;
        }
    }
    Ok((change.to == ShipState::Shipped && step == Step::Forward).then(|| shipment.id.clone()))
}

/// Moves every shipment of the order that is in one of `from` to `to`, in one transaction
/// (committed and mailed when `commit`, else rolled back). Returns the codes moved; a refusal
/// of any of them refuses the whole order.
pub async fn move_every_shipment(edit: &Edit<'_>, from: &[ShipState], to: ShipState, commit: bool) -> ApiResult<Vec<String>> {
    let now = Timestamp::now().0;
    let mut tx = edit.state.db.begin_write().await?;
    let mut loaded = load(&mut tx, edit.channel, edit.order_no, edit.version).await?;
    let codes: Vec<String> =
        loaded.shipments.iter().filter(|s| ShipState::parse(&s.ship_state).is_some_and(|st| from.contains(&st))).map(|s| s.shipment_code.clone()).collect();
    let mut left = Vec::new();
    for code in &codes {
        let change = ShipmentMove { code, to, carrier: None, tracking: &[], reason: "", shipped_at: None };
        left.extend(apply_move(&mut tx, edit, &loaded, &change, now).await?);
        // Each move raises the order's version: the next one reads it anew.
        let version = loaded.row.version + 1;
        loaded = load(&mut tx, edit.channel, edit.order_no, version).await?;
    }
    if !commit {
        tx.rollback().await?;
        return Ok(codes);
    }
    tx.commit().await?;
    for shipping_id in left {
        mail_shipped(edit.state, edit.channel, Some(edit.staff), &loaded.row.id, &shipping_id).await?;
    }
    Ok(codes)
}

/// 出荷を分割: `lines` (line id, units) of shipment `code` move to a new shipment of the same
/// address, for a partial shipment. Only a shipment not yet left splits, and it keeps at least
/// one unit. Returns the new shipment's code.
pub async fn split_shipment(edit: &Edit<'_>, code: &str, lines: &[(String, i64)]) -> ApiResult<String> {
    let now = Timestamp::now().0;
    let mut tx = edit.state.db.begin_write().await?;
    let loaded = load(&mut tx, edit.channel, edit.order_no, edit.version).await?;
    let axes = Axes::of(&loaded.row)?;
    if axes.lifecycle == Lifecycle::Cancelled {
        return Err(refused("キャンセルされた注文の出荷は分割できません。"));
    }
    let index = loaded.shipments.iter().position(|s| s.shipment_code == code).ok_or_else(ApiError::not_found)?;
    let shipment = &loaded.shipments[index];
    let mut states = ship_states(&loaded.shipments)?;
    if !matches!(states[index], ShipState::Unshipped | ShipState::Preparing) {
        return Err(refused("出荷済の出荷は分割できません。"));
    }
    let moved: i64 = lines.iter().map(|(_, q)| q).sum();
    // The guarded write first: a stale order stops here. Any refusal below rolls it back.
    states.push(ShipState::Unshipped);
    write(&mut tx, &loaded, &axes, &states, now).await?;
    let (new_id, new_code) = desk_store::insert_split_shipment(&mut tx, &shipment.id, &loaded.row.order_no).await?;
    for (line_id, quantity) in lines.iter().filter(|(_, q)| *q > 0) {
        if !store::update_line_split(&mut tx, line_id, &shipment.id, &new_id, *quantity).await? {
            return Err(ApiError::field("lines", "分割する商品と数量を確認してください。"));
        }
    }
    if store::count_shipment_lines(&mut tx, &shipment.id).await? == 0 {
        return Err(ApiError::field("lines", "元の出荷に1点以上残してください。"));
    }
    let detail = format!("{}から{}点を{}に分割", shipment.shipment_code, moved, new_code);
    edit.record(&mut tx, &loaded, EventKind::Shipment, AuditAction::ShipmentState, &detail, now).await?;
    tx.commit().await?;
    Ok(new_code)
}

/// Many shipments of possibly many orders moved at once (a carrier's file written or read
/// back): one transaction, each order at the version it has in it; a move the rules refuse is
/// left out with its reason and the others go on. Returns, per shipment code, the refusal (if
/// any); 発送完了 goes out after the commit for those that left.
///
/// The orders are read together, and the moves the rules plainly allow are written together
/// (desk_batch.rs: a carrier export of 10,000 took 11 s one move at a time); the others go
/// through `apply_move` one by one, in their turn, as do the batch's moves whose order another
/// member of staff changed meanwhile.
pub async fn move_shipments_now(
    state: &AppState,
    channel: &Channel,
    staff: &Staff,
    moves: &[(String, ShipmentMove<'_>)],
) -> ApiResult<Vec<(String, Option<String>)>> {
    /// One move as `move_shipment` makes it, at the order's current version: Ok(None) when
    /// moved, Ok(Some(reason)) when the rules refuse it (it wrote nothing: its checks come
    /// before its writes), Err when the database fails (which ends the whole batch).
    async fn one(
        tx: &mut Tx,
        edit: (&AppState, &Channel, &Staff),
        order_no: &str,
        change: &ShipmentMove<'_>,
        now: i64,
        left: &mut Vec<(String, String)>,
    ) -> ApiResult<Option<String>> {
        let (state, channel, staff) = edit;
        let outcome = async {
            let current = store::find_order_by_no(&mut **tx, &channel.id, order_no).await?.ok_or_else(ApiError::not_found)?;
            let edit = Edit { state, channel, staff, order_no, version: current.version };
            let loaded = load(tx, channel, order_no, current.version).await?;
            let shipped = apply_move(tx, &edit, &loaded, change, now).await?;
            ApiResult::Ok(shipped.map(|id| (loaded.row.id.clone(), id)))
        }
        .await;
        match outcome {
            Ok(shipped) => {
                left.extend(shipped);
                Ok(None)
            }
            Err(ApiError::Internal(error)) => Err(ApiError::Internal(error)),
            Err(refusal) => Ok(Some(refusal.user_message())),
        }
    }

    let now = Timestamp::now().0;
    let mut tx = state.db.begin_write().await?;
    let order_nos: Vec<String> = moves.iter().map(|(order_no, _)| order_no.clone()).collect();
    let orders = super::desk_batch::load(&mut tx, &channel.id, &order_nos).await?;
    let mut moves_of: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    for (order_no, _) in moves {
        *moves_of.entry(order_no.as_str()).or_default() += 1;
    }
    let mut refusals: Vec<Option<String>> = vec![None; moves.len()];
    let mut left = Vec::new();
    let mut batch = Vec::new();
    for (position, (order_no, change)) in moves.iter().enumerate() {
        let planned = orders.get(order_no).filter(|_| moves_of[order_no.as_str()] == 1).and_then(|order| super::desk_batch::plain(order, change));
        if let Some(planned) = planned {
            batch.push((position, planned));
            continue;
        }
        // What the batch holds is written first, so the moves keep their sequence.
        let written = super::desk_batch::write(&mut tx, &channel.id, staff, &batch, now).await?;
        left.extend(written.left);
        for stale in written.stale {
            refusals[stale] = one(&mut tx, (state, channel, staff), &moves[stale].0, &moves[stale].1, now, &mut left).await?;
        }
        batch.clear();
        refusals[position] = one(&mut tx, (state, channel, staff), order_no, change, now, &mut left).await?;
    }
    let written = super::desk_batch::write(&mut tx, &channel.id, staff, &batch, now).await?;
    left.extend(written.left);
    for stale in written.stale {
        refusals[stale] = one(&mut tx, (state, channel, staff), &moves[stale].0, &moves[stale].1, now, &mut left).await?;
    }
    tx.commit().await?;
    for (order_id, shipping_id) in left {
        mail_shipped(state, channel, Some(staff), &order_id, &shipping_id).await?;
    }
    Ok(moves.iter().zip(refusals).map(|((_, change), refusal)| (change.code.to_owned(), refusal)).collect())
}

/// Sends 発送完了 for one shipment (if the shop sends it) and records it; false when the shop
/// has it switched off or the mail could not be handed over.
pub async fn mail_shipped(state: &AppState, channel: &Channel, staff: Option<&Staff>, order_id: &str, shipping_id: &str) -> ApiResult<bool> {
    if !switches(state, channel).await?.shipped {
        return Ok(false);
    }
    send_shipped(state, channel, staff, order_id, shipping_id).await
}

async fn send_shipped(state: &AppState, channel: &Channel, staff: Option<&Staff>, order_id: &str, shipping_id: &str) -> ApiResult<bool> {
    let row = reread(state, channel, order_id).await?;
    let shipments = desk_store::list_shipments(&state.db, std::slice::from_ref(&row.id)).await?;
    let Some(shipment) = shipments.into_iter().find(|s| s.id == shipping_id) else { return Ok(false) };
    let numbers = desk_store::list_tracking(&state.db, std::slice::from_ref(&shipment.id)).await?;
    let tracked: Vec<Tracked> = numbers
        .into_iter()
        .filter(|t| t.removed_at.is_none())
        .map(|t| {
            let carrier = super::carriers::Carrier::parse(&t.carrier);
            Tracked {
                carrier_label: carrier.map(|c| c.label().to_owned()).unwrap_or_default(),
                url: carrier.map(|c| c.tracking_url(&t.number)),
                number: t.number,
            }
        })
        .collect();
    let orderer = orderer_of(&row);
    let address = super::view::shipping_address_line(&shipment.address_json);
    let link = format!("{}/mypage/order_history/{}", row.link_origin, row.id);
    let mail = desk_mails::shipped(&channel.name, &customer_address(&row), &orderer.name(), &row, &address, &tracked, &link);
    let sent = send_recorded(state, channel, &row, staff, mail).await;
    if sent {
        desk_store::update_shipped_mail_at(&state.db, &shipment.id, Timestamp::now().0).await?;
    }
    Ok(sent)
}

/// The mails the order page may send again now (none without the customer's address).
pub fn resendable(row: &OrderRow, shipments: &[ShipmentRow]) -> Vec<Resend> {
    if customer_address(row).is_empty() {
        return Vec::new();
    }
    let cancelled = row.lifecycle == Lifecycle::Cancelled.code();
    let left = shipments.iter().any(|s| matches!(ShipState::parse(&s.ship_state), Some(ShipState::Shipped | ShipState::Delivered)));
    Resend::ALL
        .into_iter()
        .filter(|kind| match kind {
            Resend::OrderReceived => !cancelled,
            Resend::PaymentConfirmed => row.payment_code == PaymentKind::BankTransfer.as_str() && is_settled(row),
            Resend::Shipped => left,
            Resend::Cancelled => cancelled,
        })
        .collect()
}

/// Sends one of the customer's mails again, as staff ask from the order page (whatever the
/// shop's switches say: they are about the automatic mails). `shipment_code` names the parcel
/// of a 発送完了.
pub async fn resend_mail(state: &AppState, channel: &Channel, staff: &Staff, order_no: &str, kind: Resend, shipment_code: Option<&str>) -> ApiResult<()> {
    let row = store::find_order_by_no(&state.db.pool, &channel.id, order_no).await?.ok_or_else(ApiError::not_found)?;
    let shipments = desk_store::list_shipments(&state.db, std::slice::from_ref(&row.id)).await?;
    if !resendable(&row, &shipments).contains(&kind) {
        return Err(refused("この注文には今このメールを送信できません。"));
    }
    let sent = match kind {
        Resend::OrderReceived => match (state.confirmation_mail)(state, channel, &row).await? {
            Some(mail) => send_recorded(state, channel, &row, Some(staff), mail).await,
            None => false,
        },
        Resend::PaymentConfirmed => send_payment_confirmed(state, channel, Some(staff), &row.id).await?,
        Resend::Shipped => {
            let code = shipment_code.ok_or_else(|| ApiError::field("shipment_code", "発送完了メールを送る出荷を選んでください。"))?;
            let shipment = shipments
                .iter()
                .find(|s| s.shipment_code == code && matches!(ShipState::parse(&s.ship_state), Some(ShipState::Shipped | ShipState::Delivered)))
                .ok_or_else(|| ApiError::field("shipment_code", "出荷済の出荷を選んでください。"))?;
            send_shipped(state, channel, Some(staff), &row.id, &shipment.id).await?
        }
        Resend::Cancelled => {
            let reason = row.cancel_reason.clone().unwrap_or_default();
            let mail = super::mails::cancelled(&channel.name, &customer_address(&row), &orderer_of(&row).name(), &row, &reason);
            send_recorded(state, channel, &row, Some(staff), mail).await
        }
    };
    if !sent {
        return Err(ApiError::rule_with(
            StatusCode::SERVICE_UNAVAILABLE,
            "orders.desk.mail_failed",
            "メールを送信できませんでした。時間をおいてもう一度お試しください。",
        ));
    }
    audit::record(&state.db, staff, AuditAction::OrderMail, &format!("{} {}の再送", row.order_no, kind.label())).await?;
    Ok(())
}

async fn reread(state: &AppState, channel: &Channel, order_id: &str) -> ApiResult<OrderRow> {
    store::find_order(&state.db.pool, &channel.id, order_id).await?.ok_or_else(ApiError::not_found)
}

pub async fn switches(state: &AppState, channel: &Channel) -> ApiResult<MailSwitches> {
    Ok(load_setting(&state.db, &channel.id, desk_mails::SETTING, MailSwitches::default()).await?)
}

/// The customer's address for mails: the one given at checkout, else the orderer's.
pub fn customer_address(row: &OrderRow) -> String {
    if row.orderer_email.is_empty() { orderer_of(row).email } else { row.orderer_email.clone() }
}

/// Sends a mail about the order and records it on the timeline; a failure is logged (the
/// outbox retries what it accepted). Returns whether the outbox took it.
pub async fn send_recorded(state: &AppState, channel: &Channel, row: &OrderRow, staff: Option<&Staff>, mail: crate::infra::mail::OutgoingMail) -> bool {
    if mail.to.is_empty() {
        return false;
    }
    let detail = format!("{}（宛先: {}）", mail.subject, mail.to);
    if let Err(error) = state.mailer.send(mail).await {
        tracing::error!(order_no = row.order_no, error = format!("{error:#}"), "an order desk mail was not sent");
        return false;
    }
    let event = || async {
        let mut tx = state.db.begin_write().await?;
        timeline::record(&mut tx, &channel.id, &row.id, staff, EventKind::Mail, &detail, Timestamp::now().0).await?;
        tx.commit().await?;
        ApiResult::Ok(())
    };
    if let Err(error) = event().await {
        tracing::error!(order_no = row.order_no, error = format!("{error:#}"), "a sent mail was not written to the order's timeline");
    }
    true
}

/// After the checkout's commit: the new order's axes (its payment and deadline, what needs a
/// look), its shipments' codes and 出荷予定日, and the 'placed' event. In the checkout's
/// transaction.
pub async fn on_placed(tx: &mut Tx, channel_id: &crate::infra::ids::ChannelId, placed: &Placed<'_>) -> ApiResult<()> {
    let payment = axes::initial_payment(placed.kind);
    let reasons = axes::review_reasons(!placed.note.trim().is_empty(), placed.is_gift, placed.has_noshi, placed.shipments);
    let row = store::find_order(&mut **tx, channel_id, placed.order_id).await?.ok_or_else(ApiError::not_found)?;
    let shipments = desk_store::list_shipments_in(tx, placed.order_id).await?;
    let search = search_text(&row, &shipments);
    desk_store::update_placed(tx, placed.order_id, payment.code(), placed.payment_due_at, &reasons.join("、"), &search).await?;
    desk_store::update_placed_shipments(tx, channel_id, placed.order_id, placed.order_no, &crate::delivery::calendar::iso(placed.ships_on)).await?;
    timeline::record(tx, channel_id, placed.order_id, None, EventKind::Placed, "", placed.now).await?;
    Ok(())
}

/// The text a search box folds to: lower-cased, without hyphens (phones and postal codes are
/// typed both ways).
pub fn fold_search(text: &str) -> String {
    text.to_lowercase().chars().filter(|c| !c.is_whitespace() && !matches!(c, '-' | '－' | '‐' | '−')).collect()
}

/// What the desk's search looks through for an order: its number, e-mail, the orderer and
/// every recipient (names, kana, address, phone), folded.
fn search_text(row: &OrderRow, shipments: &[ShipmentRow]) -> String {
    let orderer = orderer_of(row);
    let mut parts = vec![
        row.order_no.clone(),
        customer_address(row),
        orderer.name().replace(' ', ""),
        format!("{}{}", orderer.last_name_kana, orderer.first_name_kana),
        orderer.phone_number.clone(),
        orderer.company_name.clone(),
        orderer.address.full_address(),
    ];
    for shipment in shipments {
        let to = super::view::ShippingAddress::from_snapshot(&shipment.address_json);
        parts.extend([
            to.shipping_name.replace(' ', ""),
            format!("{}{}", to.shipping_last_name_kana, to.shipping_first_name_kana),
            to.phone_number,
            to.full_address,
        ]);
    }
    fold_search(&parts.join("|")).chars().take(SEARCH_TEXT_MAX).collect()
}

/// The search text's bound: PostgreSQL refuses a B-tree index entry over about 2,700 bytes
/// (the desk's newest-first index carries the column), and 600 characters are at most 1,800
/// bytes. An order with many recipients is found by its first ones.
const SEARCH_TEXT_MAX: usize = 600;

pub struct Placed<'a> {
    pub order_id: &'a str,
    pub order_no: &'a str,
    pub kind: PaymentKind,
    pub note: &'a str,
    pub is_gift: bool,
    pub has_noshi: bool,
    pub shipments: usize,
    /// 銀行振込's deadline: the end of its last day, ms.
    pub payment_due_at: Option<i64>,
    /// The first day the shop can ship (its calendar).
    pub ships_on: Date,
    pub now: i64,
}

/// After the checkout's commit: 新規注文のお知らせ to the shop, if it sends it.
pub async fn notify_shop(state: &AppState, channel: &Channel, order_id: &str) {
    let notify = async {
        if !switches(state, channel).await?.new_order {
            return ApiResult::Ok(());
        }
        let row = reread(state, channel, order_id).await?;
        let to = crate::channel::settings::shop_notice_address(&state.db, &channel.id, &state.config.mail_from).await?;
        let link = format!("{}/admin/orders/{}", row.link_origin, row.order_no);
        let mail = desk_mails::new_order(&channel.name, &to, &row, &orderer_of(&row).name(), &link);
        send_recorded(state, channel, &row, None, mail).await;
        Ok(())
    };
    if let Err(error) = notify.await {
        tracing::error!(order_id, error = error.user_message(), "the shop's new-order notice was not sent");
    }
}

/// Whether this payment is one the desk reads as settled (for callers outside).
pub fn is_settled(row: &OrderRow) -> bool {
    PaymentState::parse(&row.payment_state).is_some_and(PaymentState::is_settled)
}

/// The progress as stored.
pub fn progress_of(row: &OrderRow) -> ShipProgress {
    ShipProgress::parse(&row.ship_progress).unwrap_or(ShipProgress::None)
}
