//! Many shipments moved in one transaction (a carrier's file written, its tracking numbers read
//! back: `desk::move_shipments_now`). The orders and their shipments are read in a few chunked
//! queries, and the moves the rules plainly let through — one per order, a step forward, an
//! order neither cancelled nor held, paid where it must be — are written together: what
//! `desk::apply_move` writes for one move (the order's guarded axes, the shipment's state,
//! `ship_effects::on_move`, the timeline, the audit log, the tracking numbers), in multi-row
//! statements. Every other move (a step back, one the rules refuse, an order moved twice in the
//! batch, an order another member of staff changed meanwhile) goes through `apply_move` itself,
//! so its refusals and their messages live in one place.
use std::collections::{BTreeMap, HashMap, HashSet};

use super::axes::{self, Lifecycle, PaymentState, ShipState, Step};
use super::desk::ShipmentMove;
use super::desk_store::{self, MovedAxes, NewEvent, NewTracking, ShipmentRow};
use super::store::OrderRow;
use super::timeline::EventKind;
use crate::channel::PaymentKind;
use crate::infra::db::Tx;
use crate::infra::error::ApiResult;
use crate::infra::ids::{ChannelId, new_id};
use crate::staff::Staff;
use crate::staff::audit::{self, AuditAction};

/// An order as the batch read it, with its shipments in their sequence.
pub struct Order {
    pub row: OrderRow,
    pub shipments: Vec<ShipmentRow>,
}

/// The channel's orders with these numbers and their shipments, by order number (unknown
/// numbers are absent), read in `tx`.
pub async fn load(tx: &mut Tx, channel_id: &ChannelId, order_nos: &[String]) -> sqlx::Result<HashMap<String, Order>> {
    let mut wanted: Vec<String> = order_nos.to_vec();
    wanted.sort();
    wanted.dedup();
    let rows = desk_store::list_orders_by_nos_in(tx, channel_id, &wanted).await?;
    let ids: Vec<String> = rows.iter().map(|row| row.id.clone()).collect();
    let mut shipments: HashMap<String, Vec<ShipmentRow>> = HashMap::new();
    for shipment in desk_store::list_shipments_of_orders_in(tx, &ids).await? {
        shipments.entry(shipment.order_id.clone()).or_default().push(shipment);
    }
    Ok(rows.into_iter().map(|row| (row.order_no.clone(), Order { shipments: shipments.remove(&row.id).unwrap_or_default(), row })).collect())
}

/// A move the batch writes: the shipment, where it goes, and what its order becomes.
pub struct Planned<'a> {
    order: &'a Order,
    shipment: &'a ShipmentRow,
    change: &'a ShipmentMove<'a>,
    from: ShipState,
    axes: MovedAxes,
    /// Every shipment of the order has left after this move.
    all_left: bool,
}

/// The move planned, when `apply_move` would surely let it through; None: it is for
/// `apply_move` to judge (and refuse, with its reason). Each guard is `apply_move`'s, in its
/// order; the order's axes follow from its shipments' states as `desk::write` derives them.
pub fn plain<'a>(order: &'a Order, change: &'a ShipmentMove<'a>) -> Option<Planned<'a>> {
    let row = &order.row;
    let lifecycle = Lifecycle::parse(&row.lifecycle)?;
    let payment = PaymentState::parse(&row.payment_state)?;
    let kind = PaymentKind::parse(&row.payment_code)?;
    let mut states: Vec<ShipState> = order.shipments.iter().map(|s| ShipState::parse(&s.ship_state)).collect::<Option<_>>()?;
    let index = order.shipments.iter().position(|s| s.shipment_code == change.code)?;
    let from = states[index];
    let forward = axes::ship_step(from, change.to) == Ok(Step::Forward);
    let payable = from != ShipState::Unshipped || axes::may_ship(kind, payment);
    if !forward || lifecycle == Lifecycle::Cancelled || !payable || row.on_hold != 0 {
        return None;
    }
    states[index] = change.to;
    let progress = axes::progress(&states);
    let lifecycle = axes::lifecycle(lifecycle, progress, payment);
    let status = axes::customer_status(kind, lifecycle, payment, progress);
    Some(Planned {
        order,
        shipment: &order.shipments[index],
        change,
        from,
        axes: MovedAxes { lifecycle: lifecycle.code(), ship_progress: progress.code(), status: status.code() },
        all_left: states.iter().all(|s| matches!(s, ShipState::Shipped | ShipState::Delivered)),
    })
}

/// What [`write`] did.
#[derive(Default)]
pub struct Written {
    /// The positions (in the batch) of moves not written: their order changed since it was
    /// read. `apply_move` takes them again.
    pub stale: Vec<usize>,
    /// (order id, shipment id) of the parcels that have just left (出荷済), for their mails.
    pub left: Vec<(String, String)>,
}

/// Writes the planned moves (each with its position in the caller's list), one per order, by
/// `staff` at `now`, in `tx`.
pub async fn write(tx: &mut Tx, channel_id: &ChannelId, staff: &Staff, batch: &[(usize, Planned<'_>)], now: i64) -> ApiResult<Written> {
    let mut written = Written::default();
    if batch.is_empty() {
        return Ok(written);
    }
    // The guarded writes first, by what the orders become: an order changed since it was read
    // stops here, before anything else of its move is written.
    let mut groups: BTreeMap<(&MovedAxes, i64), Vec<&str>> = BTreeMap::new();
    for (_, planned) in batch {
        groups.entry((&planned.axes, planned.order.row.version)).or_default().push(&planned.order.row.id);
    }
    let mut fresh: HashSet<String> = HashSet::with_capacity(batch.len());
    for ((moved, version), ids) in &groups {
        fresh.extend(desk_store::update_moved_axes(tx, ids, *version, moved, now).await?);
    }
    let (done, stale): (Vec<_>, Vec<_>) = batch.iter().partition(|(_, planned)| fresh.contains(&planned.order.row.id));
    written.stale = stale.iter().map(|(position, _)| *position).collect();

    let mut states: BTreeMap<(&str, Option<&str>, i64), Vec<&str>> = BTreeMap::new();
    for (_, planned) in &done {
        let change = planned.change;
        states.entry((change.to.code(), change.carrier, change.shipped_at.unwrap_or(now))).or_default().push(&planned.shipment.id);
    }
    for ((state, carrier, shipped_at), ids) in &states {
        desk_store::update_ship_states(tx, ids, state, *carrier, *shipped_at, now).await?;
    }
    for (_, planned) in &done {
        super::ship_effects::on_move(tx, &planned.order.row, &planned.shipment.id, planned.from, planned.change.to, planned.all_left, now).await?;
    }

    // The tracking numbers, as desk_store::replace_tracking replaces them one shipment at a time.
    let tracked: Vec<&str> = done.iter().filter(|(_, p)| !p.change.tracking.is_empty()).map(|(_, p)| p.shipment.id.as_str()).collect();
    let mut current: HashMap<String, Vec<desk_store::CurrentTracking>> = HashMap::new();
    for number in desk_store::list_current_tracking_in(tx, &tracked).await? {
        current.entry(number.shipping_id.clone()).or_default().push(number);
    }
    let mut removed: Vec<&str> = Vec::new();
    let mut added: Vec<NewTracking<'_>> = Vec::new();
    // (order id, event id, kind, detail), each move's entry and then its numbers'.
    let mut events: Vec<(&str, String, &str, String)> = Vec::with_capacity(done.len());
    for (_, planned) in &done {
        let (order_id, shipment, change) = (planned.order.row.id.as_str(), planned.shipment, planned.change);
        let detail = format!("{}：{} → {}", shipment.shipment_code, planned.from.label(), change.to.label());
        events.push((order_id, new_id(), EventKind::Shipment.code(), detail));
        if change.tracking.is_empty() {
            continue;
        }
        let carrier = change.carrier.or(shipment.carrier.as_deref()).unwrap_or("");
        let kept = current.get(&shipment.id).map(Vec::as_slice).unwrap_or_default();
        let before = removed.len() + added.len();
        removed.extend(kept.iter().filter(|t| !change.tracking.contains(&t.number)).map(|t| t.id.as_str()));
        for number in change.tracking {
            if !kept.iter().any(|t| &t.number == number) {
                added.push(NewTracking { id: new_id(), shipping_id: &shipment.id, carrier, number });
            }
        }
        if removed.len() + added.len() > before {
            events.push((order_id, new_id(), EventKind::Tracking.code(), format!("{}：{}", shipment.shipment_code, change.tracking.join("、"))));
        }
    }
    desk_store::update_tracking_removed(tx, &removed, now).await?;
    desk_store::insert_tracking(tx, channel_id, &added, now).await?;

    // The timeline's entries, and the audit log's (one per move, as Edit::record writes it).
    let rows: Vec<NewEvent<'_>> = events
        .iter()
        .map(|(order_id, id, kind, detail)| NewEvent {
            id,
            channel_id,
            order_id,
            at: now,
            staff_id: Some(staff.id.as_str()),
            staff_name: staff.name.as_str(),
            kind,
            detail,
        })
        .collect();
    desk_store::insert_events(tx, &rows).await?;
    let targets: Vec<String> = done.iter().map(|(_, planned)| format!("{} {}", planned.order.row.order_no, EventKind::Shipment.label())).collect();
    audit::record_many_in(tx, staff, AuditAction::ShipmentState, &targets).await?;
    written.left = done.iter().filter(|(_, p)| p.change.to == ShipState::Shipped).map(|(_, p)| (p.order.row.id.clone(), p.shipment.id.clone())).collect();
    Ok(written)
}
