//! The order desk (issue 30), `/v1/admin/orders` and `/v1/admin/shipments`: the work queues
//! with their counts and the shop's figures, the order list with its search, one order with its
//! shipments and timeline, and the changes (入金確認, 保留, 要確認, キャンセル, notes, a
//! shipment's state), the carriers' files out and tracking numbers back. Each handler takes
//! `Can<P>` for the permission it needs; every change carries the version it read.
use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::channel::Channel;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::{ApiJson, ApiPath, ApiQuery};
use crate::infra::pagination::{AllowAll, Page, PageQuery, Paginated};
use crate::infra::time::Timestamp;
use crate::orders::axes::{Lifecycle, PaymentState, ShipProgress, ShipState};
use crate::orders::carriers::Carrier;
use crate::orders::desk::{self, Edit, ShipmentMove};
use crate::orders::desk_bulk::{self, BULK_MAX, Bulk, BulkAction, JobResult, Outcome};
use crate::orders::desk_jobs_store::{self, JobRow};
use crate::orders::desk_mails::Resend;
use crate::orders::desk_store::{self, DeskFilter, DeskValue, ShipmentRow, TrackingRow};
use crate::orders::queue::{self, Queue};
use crate::orders::refund_store;
use crate::orders::shipping_files::{self, ExportAnswer, ImportAnswer};
use crate::orders::store::{self, OrderRow};
use crate::orders::timeline::EventKind;
use crate::orders::view::{OrdererSnapshot, ShippingAddress, orderer_of};
use crate::staff::Staff;
use crate::staff::permission::{Can, OrdersCancel, OrdersEdit, OrdersView, PaymentsConfirm, Permission, Shipping};
use crate::state::AppState;
use crate::validation::{FieldCheck, REQUIRED, jst_day_start_ms, parse_date, today_jst};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(show_queues))
        .routes(routes!(list_orders))
        .routes(routes!(show_order))
        .routes(routes!(confirm_payment))
        .routes(routes!(hold_order))
        .routes(routes!(release_order))
        .routes(routes!(mark_reviewed))
        .routes(routes!(cancel_order))
        .routes(routes!(add_note))
        .routes(routes!(move_shipment))
        .routes(routes!(split_shipment))
        .routes(routes!(resend_mail))
        .routes(routes!(preview_bulk))
        .routes(routes!(start_bulk))
        .routes(routes!(show_bulk))
        .routes(routes!(export_shipments))
        .routes(routes!(import_tracking))
        .routes(routes!(list_views, create_view))
        .routes(routes!(delete_view))
}

const REASON_MAX: usize = 500;
const NOTE_MAX: usize = 2000;
const EXPORT_MAX: usize = 10_000;

// ---- answers ----------------------------------------------------------------------------------

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct QueueCount {
    pub queue: Queue,
    pub label: String,
    pub count: i64,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SalesFigure {
    /// Orders placed (not cancelled).
    pub orders: i64,
    /// What they sum to, yen.
    pub amount: i64,
    /// What 返品・返金 gave back in the same stretch, counted on the day of each refund (a late
    /// refund never changes an earlier month's figure), yen.
    pub refunded: i64,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct DeskHome {
    pub queues: Vec<QueueCount>,
    /// Of 出荷待ち, those whose 出荷予定日 is today or already past.
    pub to_ship_due_today: i64,
    pub today: SalesFigure,
    /// Since Monday.
    pub this_week: SalesFigure,
    pub this_month: SalesFigure,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Coded {
    pub code: String,
    pub label: String,
}

fn coded(code: &str, label: &str) -> Coded {
    Coded { code: code.to_owned(), label: label.to_owned() }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct TrackingNumber {
    pub carrier: String,
    pub carrier_label: String,
    pub number: String,
    /// The carrier's tracking page.
    pub url: Option<String>,
    pub added_at: Timestamp,
    /// Set when the number was replaced (kept as history).
    pub removed_at: Option<Timestamp>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct DeskShipment {
    /// お客様管理番号 on the carriers' labels: `{order_no}-{n}`.
    pub code: String,
    pub state: Coded,
    pub carrier: Option<Coded>,
    pub name: String,
    pub prefecture: String,
    pub full_address: String,
    pub phone_number: String,
    /// 出荷予定日, `YYYY-MM-DD`.
    pub planned_on: Option<String>,
    pub delivery_date: Option<String>,
    pub delivery_timezone_label: Option<String>,
    pub wrapping_label: Option<String>,
    pub noshi_label: Option<String>,
    pub noshi_name: String,
    pub shipped_at: Option<Timestamp>,
    pub delivered_at: Option<Timestamp>,
    /// When 発送完了 was mailed.
    pub shipped_mail_at: Option<Timestamp>,
    pub tracking: Vec<TrackingNumber>,
    pub lines: Vec<DeskLine>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct DeskLine {
    /// The order line's id (a split names it).
    pub id: String,
    pub code: String,
    pub name: String,
    pub variation_name: String,
    pub unit_price: i64,
    pub quantity: i64,
    pub tax_rate: i64,
}

/// An order as the desk's list shows it: one row, its shipments nested.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct DeskOrderRow {
    pub order_no: String,
    pub ordered_at: Timestamp,
    pub orderer_name: String,
    pub is_member: bool,
    pub payment_name: String,
    pub total_payment: i64,
    pub lifecycle: Coded,
    pub payment: Coded,
    pub shipping: Coded,
    /// The customer's label (the storefront's).
    pub status_label: String,
    pub on_hold: bool,
    pub needs_review: bool,
    pub review_reason: String,
    pub shipments: Vec<DeskShipment>,
    pub version: i64,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct TimelineEvent {
    pub at: Timestamp,
    pub kind: Coded,
    /// Empty: the customer or the shop's own processes.
    pub staff_name: String,
    pub detail: String,
}

/// What this member of staff may do to the order now (the screen shows only these buttons).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct DeskActions {
    pub confirm_payment: bool,
    pub hold: bool,
    pub release: bool,
    pub mark_reviewed: bool,
    pub cancel: bool,
    pub note: bool,
    pub ship: bool,
    /// 出荷を分割: some shipment not yet left holds two units or more.
    pub split: bool,
    /// 返品・返金: the role may refund and the order is not cancelled.
    pub refund: bool,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct DeskOrder {
    #[serde(flatten)]
    pub row: DeskOrderRow,
    pub orderer: OrdererSnapshot,
    pub orderer_email: String,
    /// The customer's note at checkout.
    pub note: String,
    pub hold_reason: String,
    pub subtotal: i64,
    pub total_carriage: i64,
    pub payment_fee: i64,
    pub packing_fee: i64,
    pub coupon_discount: i64,
    pub point_discount: i64,
    pub total_tax: i64,
    /// Received so far (入金確認), yen.
    pub paid_amount: i64,
    pub paid_on: Option<String>,
    /// 銀行振込's deadline (the end of its last day).
    pub payment_due_at: Option<Timestamp>,
    /// What 返品・返金 gave back so far, yen (pending and awaiting transfers included).
    pub refunded_amount: i64,
    /// 返品・返金, oldest first.
    pub refunds: Vec<super::admin_refunds::DeskRefund>,
    pub cancel_reason: Option<String>,
    pub timeline: Vec<TimelineEvent>,
    pub actions: DeskActions,
    /// The customer's mails staff may send again now (`POST …/mails`).
    pub resend_mails: Vec<Coded>,
    /// Set when the order's member is flagged 要注意 on the member desk.
    pub member_caution: Option<MemberCaution>,
}

/// 要注意会員: the member desk's flag on the order's member, with its note.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct MemberCaution {
    pub member_id: String,
    pub note: String,
}

// ---- assembling -------------------------------------------------------------------------------

fn lifecycle_of(row: &OrderRow) -> Coded {
    Lifecycle::parse(&row.lifecycle).map_or_else(|| coded(&row.lifecycle, &row.lifecycle), |l| coded(l.code(), l.label()))
}

fn payment_of(row: &OrderRow) -> Coded {
    PaymentState::parse(&row.payment_state).map_or_else(|| coded(&row.payment_state, &row.payment_state), |p| coded(p.code(), p.label()))
}

fn progress_of(row: &OrderRow) -> Coded {
    ShipProgress::parse(&row.ship_progress).map_or_else(|| coded(&row.ship_progress, &row.ship_progress), |p| coded(p.code(), p.label()))
}

fn tracking_of(rows: &[TrackingRow], shipping_id: &str) -> Vec<TrackingNumber> {
    rows.iter()
        .filter(|t| t.shipping_id == shipping_id)
        .map(|t| {
            let carrier = Carrier::parse(&t.carrier);
            TrackingNumber {
                carrier: t.carrier.clone(),
                carrier_label: carrier.map(|c| c.label().to_owned()).unwrap_or_default(),
                number: t.number.clone(),
                url: carrier.map(|c| c.tracking_url(&t.number)),
                added_at: Timestamp(t.added_at),
                removed_at: t.removed_at.map(Timestamp),
            }
        })
        .collect()
}

fn shipment_of(s: &ShipmentRow, tracking: &[TrackingRow], lines: &[store::LineRow]) -> DeskShipment {
    let address = ShippingAddress::from_snapshot(&s.address_json);
    let state = ShipState::parse(&s.ship_state).map_or_else(|| coded(&s.ship_state, &s.ship_state), |st| coded(st.code(), st.label()));
    DeskShipment {
        code: s.shipment_code.clone(),
        state,
        carrier: s.carrier.as_deref().map(|c| coded(c, Carrier::parse(c).map(Carrier::label).unwrap_or(c))),
        name: address.shipping_name.clone(),
        prefecture: address.address.prefecture.clone(),
        full_address: address.full_address.clone(),
        phone_number: address.phone_number.clone(),
        planned_on: s.ship_planned_on.clone(),
        delivery_date: s.delivery_date.clone(),
        delivery_timezone_label: s.delivery_timezone_label.clone(),
        wrapping_label: s.wrapping_label.clone(),
        noshi_label: s.noshi_label.clone(),
        noshi_name: s.noshi_name.clone(),
        shipped_at: s.shipped_at.map(Timestamp),
        delivered_at: s.delivered_at.map(Timestamp),
        shipped_mail_at: s.shipped_mail_at.map(Timestamp),
        tracking: tracking_of(tracking, &s.id),
        lines: lines
            .iter()
            .filter(|l| l.shipping_id.as_deref() == Some(s.id.as_str()))
            .map(|l| DeskLine {
                id: l.id.clone(),
                code: l.code.clone(),
                name: l.product_name.clone(),
                variation_name: l.variation_name.clone(),
                unit_price: l.unit_price,
                quantity: l.quantity,
                tax_rate: l.tax_rate,
            })
            .collect(),
    }
}

/// The rows of these orders, their shipments, numbers and lines loaded once for the page.
async fn rows_of(state: &AppState, orders: Vec<OrderRow>) -> ApiResult<Vec<(OrderRow, DeskOrderRow)>> {
    let ids: Vec<String> = orders.iter().map(|o| o.id.clone()).collect();
    let shipments = desk_store::list_shipments(&state.db, &ids).await?;
    let tracking = desk_store::list_tracking(&state.db, &shipments.iter().map(|s| s.id.clone()).collect::<Vec<_>>()).await?;
    let lines = store::list_lines(&state.db, &ids).await?;
    Ok(orders
        .into_iter()
        .map(|order| {
            let orderer = orderer_of(&order);
            let row = DeskOrderRow {
                order_no: order.order_no.clone(),
                ordered_at: Timestamp(order.ordered_at),
                orderer_name: orderer.name(),
                is_member: order.user_id.is_some(),
                payment_name: order.payment_name.clone(),
                total_payment: order.total_payment,
                lifecycle: lifecycle_of(&order),
                payment: payment_of(&order),
                shipping: progress_of(&order),
                status_label: crate::orders::view::status_of(&order).label().to_owned(),
                on_hold: order.on_hold != 0,
                needs_review: order.needs_review != 0,
                review_reason: order.review_reason.clone(),
                shipments: shipments.iter().filter(|s| s.order_id == order.id).map(|s| shipment_of(s, &tracking, &lines)).collect(),
                version: order.version,
            };
            (order, row)
        })
        .collect())
}

fn actions_of(staff: &Staff, order: &OrderRow, shipments: &[DeskShipment]) -> DeskActions {
    let splittable =
        shipments.iter().any(|s| matches!(s.state.code.as_str(), "unshipped" | "preparing") && s.lines.iter().map(|l| l.quantity).sum::<i64>() > 1);
    let open = order.lifecycle == "open";
    let payment = PaymentState::parse(&order.payment_state);
    let progress = ShipProgress::parse(&order.ship_progress).unwrap_or(ShipProgress::None);
    let lifecycle = Lifecycle::parse(&order.lifecycle).unwrap_or(Lifecycle::Open);
    let confirmable = payment.is_some_and(|p| {
        (order.payment_code == "bank_transfer" && p.is_awaited())
            || (matches!(order.payment_code.as_str(), "cod" | "invoice" | "deferred") && matches!(p, PaymentState::ToBill | PaymentState::Billed))
    });
    DeskActions {
        confirm_payment: staff.may(Permission::PaymentsConfirm) && lifecycle != Lifecycle::Cancelled && confirmable,
        hold: staff.may(Permission::OrdersEdit) && open && order.on_hold == 0,
        release: staff.may(Permission::OrdersEdit) && open && order.on_hold != 0,
        mark_reviewed: staff.may(Permission::OrdersEdit) && order.needs_review != 0,
        cancel: staff.may(Permission::OrdersCancel) && crate::orders::axes::staff_may_cancel(lifecycle, progress),
        note: staff.may(Permission::OrdersEdit),
        ship: staff.may(Permission::Shipping) && lifecycle != Lifecycle::Cancelled,
        split: staff.may(Permission::Shipping) && lifecycle != Lifecycle::Cancelled && splittable,
        refund: staff.may(Permission::Refund) && lifecycle != Lifecycle::Cancelled,
    }
}

// ---- the queues and the list ------------------------------------------------------------------

#[utoipa::path(get, path = "/v1/admin/orders/queues", tag = "admin",
    responses(
        (status = 200, body = DeskHome, description = "each work queue's count, today's cut-off, and the orders and sales of today, this week and this month"),
        (status = 401, body = ErrorBody, description = "no staff session of this shop"),
    ))]
pub async fn show_queues(State(state): State<AppState>, channel: Channel, _can: Can<OrdersView>) -> ApiResult<Json<DeskHome>> {
    let now = Timestamp::now().0;
    let today = today_jst();
    let groups = desk_store::count_axes_groups(&state.db, &channel.id, now).await?;
    let (gifts_waiting, due_today) =
        desk_store::count_to_ship_exceptions(&state.db, &channel.id, &queue::to_ship_before_gifts(), now, &crate::delivery::calendar::iso(today)).await?;
    let queues = Queue::ALL
        .iter()
        .map(|q| {
            let mut count: i64 = groups.iter().map(|g| q.count_in(g)).sum();
            if *q == Queue::ToShip {
                count -= gifts_waiting;
            }
            QueueCount { queue: *q, label: q.label().to_owned(), count: count.max(0) }
        })
        .collect();
    let figure = |sales: queue::Sales, refunded: i64| SalesFigure { orders: sales.orders, amount: sales.amount, refunded };
    let monday = today - time::Duration::days(i64::from(today.weekday().number_days_from_monday()));
    let first = today.replace_day(1).unwrap_or(today);
    let starts = [jst_day_start_ms(first), jst_day_start_ms(monday), jst_day_start_ms(today)];
    let sums = queue::sales_since(&state.db, &channel.id, &starts, now).await?;
    let refunded = refund_store::sum_refunded_since(&state.db, &channel.id, &starts).await?;
    Ok(Json(DeskHome {
        queues,
        to_ship_due_today: due_today,
        today: figure(sums[2], refunded[2]),
        this_week: figure(sums[1], refunded[1]),
        this_month: figure(sums[0], refunded[0]),
    }))
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DeskQuery {
    /// A work queue (new, awaiting_payment, payment_overdue, to_ship, preparing, partly_shipped,
    /// on_hold, needs_review, cancelled); none: every order.
    pub queue: Option<String>,
    /// Order number, name, kana, phone, e-mail or tracking number (part of it).
    pub q: Option<String>,
    /// A payment's code: credit_card, bank_transfer, cod, invoice, deferred.
    pub payment: Option<String>,
    /// A carrier's code (yamato_b2, sagawa_ehiden, japanpost_yupri, clickpost).
    pub carrier: Option<String>,
    /// A prefecture of a shipment (東京都 …).
    pub prefecture: Option<String>,
    /// Ordered on or after, `YYYY-MM-DD`.
    pub ordered_from: Option<String>,
    /// Ordered on or before, `YYYY-MM-DD`.
    pub ordered_to: Option<String>,
    /// 出荷予定日 on or before, `YYYY-MM-DD`.
    pub planned_to: Option<String>,
    pub amount_min: Option<String>,
    pub amount_max: Option<String>,
    /// A product's name or code (SKU), part of it.
    pub product: Option<String>,
    /// member, guest or company.
    pub customer: Option<String>,
    /// One member's orders (the member desk's id).
    #[param(max_length = 100)]
    pub member: Option<String>,
    pub page: Option<String>,
    pub per: Option<String>,
}

/// The filter of a query; a malformed value is a 422 naming its field.
fn filter_of(query: &DeskQuery) -> ApiResult<DeskFilter> {
    let mut check = FieldCheck::default();
    let mut conditions: Vec<(String, Vec<DeskValue>)> = Vec::new();
    let text = |v: &Option<String>| v.as_deref().map(str::trim).filter(|v| !v.is_empty()).map(str::to_owned);
    if let Some(code) = text(&query.queue) {
        match Queue::parse(&code) {
            Some(queue) => conditions.push((queue.condition().replace("$2", "?").replace("$3", "?"), vec![])),
            None => {
                check.field("queue", Err("キューの指定が正しくありません。"));
            }
        }
    }
    // A queue's condition may name now ($2): the values follow its `?`s.
    if let Some((condition, values)) = conditions.last_mut() {
        let now = Timestamp::now().0;
        for _ in 0..condition.matches('?').count() {
            values.push(DeskValue::Int(now));
        }
    }
    if let Some(q) = text(&query.q) {
        if q.chars().count() > 100 {
            check.field("q", Err("検索語は100文字以内で入力してください。"));
        }
        // The search column (desk::search_text) is lower-cased without hyphens; a tracking
        // number is matched whole, through its index.
        let folded = crate::orders::desk::fold_search(&q);
        // Twelve digits are a tracking number (the four carriers' length; phones have 10 or
        // 11): found through its index alone, without reading every order's text.
        if folded.len() == 12 && folded.bytes().all(|b| b.is_ascii_digit()) {
            conditions.push((
                "o.id IN (SELECT s.order_id FROM order_tracking_numbers t JOIN order_shippings s ON s.id = t.shipping_id WHERE t.channel_id = $1 AND t.number = ?)".into(),
                vec![DeskValue::Text(folded.clone())],
            ));
        } else {
            conditions.push((
                "o.search_text LIKE ? ESCAPE '\\' OR o.id IN (SELECT s.order_id FROM order_tracking_numbers t JOIN order_shippings s ON s.id = t.shipping_id \
             WHERE t.channel_id = $1 AND t.number = ?)"
                    .into(),
                vec![DeskValue::search_text(&folded), DeskValue::Text(folded.clone())],
            ));
        }
    }
    if let Some(payment) = text(&query.payment) {
        if crate::channel::PaymentKind::parse(&payment).is_none() {
            check.field("payment", Err("お支払い方法の指定が正しくありません。"));
        }
        conditions.push(("o.payment_code = ?".into(), vec![DeskValue::Text(payment)]));
    }
    if let Some(carrier) = text(&query.carrier) {
        if Carrier::parse(&carrier).is_none() {
            check.field("carrier", Err("配送業者の指定が正しくありません。"));
        }
        conditions.push(("EXISTS (SELECT 1 FROM order_shippings s WHERE s.order_id = o.id AND s.carrier = ?)".into(), vec![DeskValue::Text(carrier)]));
    }
    if let Some(prefecture) = text(&query.prefecture) {
        let pattern = format!("\"prefecture\":\"{prefecture}\"");
        conditions.push((
            "EXISTS (SELECT 1 FROM order_shippings s WHERE s.order_id = o.id AND s.address_json LIKE ? ESCAPE '\\')".into(),
            vec![DeskValue::contains(&pattern)],
        ));
    }
    let mut date = |field: &str, value: &Option<String>| -> Option<time::Date> {
        let value = text(value)?;
        let parsed = parse_date(&value);
        if parsed.is_none() {
            check.field(field, Err("日付はYYYY-MM-DDの形式で入力してください。"));
        }
        parsed
    };
    if let Some(from) = date("ordered_from", &query.ordered_from) {
        conditions.push(("o.ordered_at >= ?".into(), vec![DeskValue::Int(jst_day_start_ms(from))]));
    }
    if let Some(to) = date("ordered_to", &query.ordered_to) {
        conditions.push(("o.ordered_at < ?".into(), vec![DeskValue::Int(jst_day_start_ms(to + time::Duration::days(1)))]));
    }
    if let Some(planned) = date("planned_to", &query.planned_to) {
        conditions.push((
            "EXISTS (SELECT 1 FROM order_shippings s WHERE s.order_id = o.id AND s.ship_state = 'unshipped' AND s.ship_planned_on <= ?)".into(),
            vec![DeskValue::Text(crate::delivery::calendar::iso(planned))],
        ));
    }
    for (field, value, op) in [("amount_min", &query.amount_min, ">="), ("amount_max", &query.amount_max, "<=")] {
        if let Some(value) = text(value) {
            match value.parse::<i64>() {
                Ok(amount) if amount >= 0 => conditions.push((format!("o.total_payment {op} ?"), vec![DeskValue::Int(amount)])),
                _ => {
                    check.field(field, Err("金額は0以上の整数で入力してください。"));
                }
            }
        }
    }
    if let Some(product) = text(&query.product) {
        conditions.push((
            "EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id AND (l.product_name LIKE ? ESCAPE '\\' OR l.code LIKE ? ESCAPE '\\'))".into(),
            vec![DeskValue::contains(&product), DeskValue::contains(&product)],
        ));
    }
    match text(&query.customer).as_deref() {
        None => {}
        Some("member") => conditions.push(("o.user_id IS NOT NULL".into(), vec![])),
        Some("guest") => conditions.push(("o.user_id IS NULL".into(), vec![])),
        Some("company") => conditions.push(("o.orderer_json NOT LIKE '%\"company_name\":\"\"%'".into(), vec![])),
        Some(_) => {
            check.field("customer", Err("会員区分の指定が正しくありません。"));
        }
    }
    if let Some(member) = text(&query.member) {
        if member.chars().count() > 100 {
            check.field("member", Err("会員の指定が正しくありません。"));
        }
        conditions.push(("o.user_id = ?".into(), vec![DeskValue::Text(member)]));
    }
    check.finish()?;
    Ok(DeskFilter { conditions })
}

#[utoipa::path(get, path = "/v1/admin/orders", operation_id = "admin_list_orders", tag = "admin", params(DeskQuery),
    responses(
        (status = 200, body = crate::infra::pagination::ListBody<DeskOrderRow>, description = "newest first, with x-total (counted up to 1,000: more reads as 1,000), x-per-page, x-last-page, x-current-page"),
        (status = 401, body = ErrorBody, description = "no staff session of this shop"),
        (status = 422, body = ErrorBody, description = "a filter is malformed; `errors` names it"),
    ))]
pub async fn list_orders(
    State(state): State<AppState>,
    channel: Channel,
    _can: Can<OrdersView>,
    ApiQuery(query): ApiQuery<DeskQuery>,
) -> ApiResult<Paginated<DeskOrderRow>> {
    let page = Page::parse(&PageQuery { page: query.page.clone(), per: query.per.clone() }, 20, AllowAll::No)?;
    let filter = filter_of(&query)?;
    let (orders, total) = desk_store::list_desk_orders(&state.db, &channel.id, &filter, page.per, page.offset()).await?;
    let rows = rows_of(&state, orders).await?.into_iter().map(|(_, row)| row).collect();
    Ok(Paginated::new(rows, total, page))
}

async fn order_by_no(state: &AppState, channel: &Channel, order_no: &str) -> ApiResult<OrderRow> {
    store::find_order_by_no(&state.db.pool, &channel.id, order_no).await?.ok_or_else(ApiError::not_found)
}

pub(super) async fn desk_order(state: &AppState, channel: &Channel, staff: &Staff, order_no: &str) -> ApiResult<DeskOrder> {
    let order = order_by_no(state, channel, order_no).await?;
    let refund_rows = refund_store::list_refunds(&state.db, std::slice::from_ref(&order.id)).await?;
    let refund_lines = refund_store::list_refund_lines(&state.db, std::slice::from_ref(&order.id)).await?;
    let events = desk_store::list_events(&state.db, &order.id).await?;
    let shipments = desk_store::list_shipments(&state.db, std::slice::from_ref(&order.id)).await?;
    let member_caution = match &order.user_id {
        Some(user) => {
            crate::members::desk_store::find_caution(&state.db, &channel.id, user).await?.map(|note| MemberCaution { member_id: user.to_string(), note })
        }
        None => None,
    };
    let (order, row) = rows_of(state, vec![order]).await?.pop().ok_or_else(ApiError::not_found)?;
    Ok(DeskOrder {
        orderer: orderer_of(&order),
        orderer_email: desk::customer_address(&order),
        note: order.note.clone(),
        hold_reason: order.hold_reason.clone(),
        subtotal: order.subtotal,
        total_carriage: order.total_carriage,
        payment_fee: order.payment_fee,
        packing_fee: order.packing_fee,
        coupon_discount: order.coupon_discount,
        point_discount: order.point_discount,
        total_tax: order.total_tax,
        paid_amount: order.paid_amount,
        paid_on: order.paid_on.clone(),
        payment_due_at: order.payment_due_at.map(Timestamp),
        refunded_amount: order.refunded_amount,
        refunds: super::admin_refunds::desk_refunds(refund_rows, &refund_lines),
        cancel_reason: order.cancel_reason.clone(),
        timeline: events
            .into_iter()
            .map(|e| TimelineEvent {
                at: Timestamp(e.at),
                kind: EventKind::parse(&e.kind).map_or_else(|| coded(&e.kind, &e.kind), |k| coded(k.code(), k.label())),
                staff_name: e.staff_name,
                detail: e.detail,
            })
            .collect(),
        actions: actions_of(staff, &order, &row.shipments),
        resend_mails: desk::resendable(&order, &shipments).into_iter().map(|m| coded(m.code(), m.label())).collect(),
        member_caution,
        row,
    })
}

#[utoipa::path(get, path = "/v1/admin/orders/{order_no}", operation_id = "admin_show_order", tag = "admin", params(("order_no" = String, Path)),
    responses(
        (status = 200, body = DeskOrder, description = "the order with its shipments, payments, timeline and what this member of staff may do now"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "no such order in this shop"),
    ))]
pub async fn show_order(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<OrdersView>,
    ApiPath(order_no): ApiPath<String>,
) -> ApiResult<Json<DeskOrder>> {
    Ok(Json(desk_order(&state, &channel, &staff, &order_no).await?))
}

// ---- changes ----------------------------------------------------------------------------------

fn version_of(check: &mut FieldCheck, version: Option<i64>) -> i64 {
    if version.is_none() {
        check.field("version", Err(REQUIRED));
    }
    version.unwrap_or(0)
}

fn text_of(check: &mut FieldCheck, field: &str, value: Option<String>, required: bool, max: usize) -> String {
    let value = value.unwrap_or_default().trim().to_owned();
    if required && value.is_empty() {
        check.field(field, Err(REQUIRED));
    } else if value.chars().count() > max {
        check.field(field, Err(format!("{max}文字以内で入力してください。")));
    }
    value
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct PaymentInput {
    /// The day the money came in, `YYYY-MM-DD`.
    #[schema(required = true, value_type = String)]
    pub paid_on: Option<String>,
    /// Yen received this time.
    #[schema(required = true, value_type = i64)]
    pub amount: Option<i64>,
    /// The order's version as read.
    #[schema(required = true, value_type = i64)]
    pub version: Option<i64>,
}

#[utoipa::path(post, path = "/v1/admin/orders/{order_no}/payments", tag = "admin", params(("order_no" = String, Path)), request_body = PaymentInput,
    responses(
        (status = 200, body = DeskOrder, description = "recorded: 入金済 (the customer is mailed), or 一部入金 / 過入金 flagged 要確認"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "the role may not confirm payments"),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody, description = "`orders.desk.stale`: changed since read"),
        (status = 422, body = ErrorBody, description = "a field is wrong, or `orders.desk.refused`: not a payment the desk confirms"),
    ))]
pub async fn confirm_payment(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<PaymentsConfirm>,
    ApiPath(order_no): ApiPath<String>,
    ApiJson(input): ApiJson<PaymentInput>,
) -> ApiResult<Json<DeskOrder>> {
    let mut check = FieldCheck::default();
    let version = version_of(&mut check, input.version);
    let paid_on = input.paid_on.as_deref().and_then(parse_date);
    match (&input.paid_on, paid_on) {
        (None, _) => check.field("paid_on", Err(REQUIRED)),
        (Some(_), None) => check.field("paid_on", Err("日付はYYYY-MM-DDの形式で入力してください。")),
        (Some(_), Some(day)) if day > today_jst() => check.field("paid_on", Err("入金日に未来の日付は指定できません。")),
        _ => &mut check,
    };
    match input.amount {
        None => check.field("amount", Err(REQUIRED)),
        Some(amount) if amount <= 0 || amount > 100_000_000 => check.field("amount", Err("入金額は1円以上1億円以下で入力してください。")),
        _ => &mut check,
    };
    check.finish()?;
    let edit = Edit { state: &state, channel: &channel, staff: &staff, order_no: &order_no, version };
    desk::confirm_payment(&edit, paid_on.unwrap_or_else(today_jst), input.amount.unwrap_or(0)).await?;
    Ok(Json(desk_order(&state, &channel, &staff, &order_no).await?))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ReasonInput {
    #[schema(required = true, value_type = String)]
    pub reason: Option<String>,
    #[schema(required = true, value_type = i64)]
    pub version: Option<i64>,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct VersionInput {
    #[schema(required = true, value_type = i64)]
    pub version: Option<i64>,
}

#[utoipa::path(post, path = "/v1/admin/orders/{order_no}/hold", tag = "admin", params(("order_no" = String, Path)), request_body = ReasonInput,
    responses((status = 200, body = DeskOrder), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody), (status = 422, body = ErrorBody, description = "`errors.reason`, or already held / not open")))]
pub async fn hold_order(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<OrdersEdit>,
    ApiPath(order_no): ApiPath<String>,
    ApiJson(input): ApiJson<ReasonInput>,
) -> ApiResult<Json<DeskOrder>> {
    let mut check = FieldCheck::default();
    let version = version_of(&mut check, input.version);
    let reason = text_of(&mut check, "reason", input.reason, true, REASON_MAX);
    check.finish()?;
    desk::set_hold(&Edit { state: &state, channel: &channel, staff: &staff, order_no: &order_no, version }, Some(&reason)).await?;
    Ok(Json(desk_order(&state, &channel, &staff, &order_no).await?))
}

#[utoipa::path(post, path = "/v1/admin/orders/{order_no}/release", tag = "admin", params(("order_no" = String, Path)), request_body = VersionInput,
    responses((status = 200, body = DeskOrder), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody), (status = 422, body = ErrorBody, description = "not held")))]
pub async fn release_order(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<OrdersEdit>,
    ApiPath(order_no): ApiPath<String>,
    ApiJson(input): ApiJson<VersionInput>,
) -> ApiResult<Json<DeskOrder>> {
    let mut check = FieldCheck::default();
    let version = version_of(&mut check, input.version);
    check.finish()?;
    desk::set_hold(&Edit { state: &state, channel: &channel, staff: &staff, order_no: &order_no, version }, None).await?;
    Ok(Json(desk_order(&state, &channel, &staff, &order_no).await?))
}

#[utoipa::path(post, path = "/v1/admin/orders/{order_no}/reviewed", tag = "admin", params(("order_no" = String, Path)), request_body = VersionInput,
    responses((status = 200, body = DeskOrder, description = "要確認 cleared"), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn mark_reviewed(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<OrdersEdit>,
    ApiPath(order_no): ApiPath<String>,
    ApiJson(input): ApiJson<VersionInput>,
) -> ApiResult<Json<DeskOrder>> {
    let mut check = FieldCheck::default();
    let version = version_of(&mut check, input.version);
    check.finish()?;
    desk::mark_reviewed(&Edit { state: &state, channel: &channel, staff: &staff, order_no: &order_no, version }).await?;
    Ok(Json(desk_order(&state, &channel, &staff, &order_no).await?))
}

#[utoipa::path(post, path = "/v1/admin/orders/{order_no}/cancel", operation_id = "admin_cancel_order", tag = "admin", params(("order_no" = String, Path)), request_body = ReasonInput,
    responses(
        (status = 200, body = DeskOrder, description = "cancelled: stock, coupon and points returned, a card charge refunded, the reason mailed to the customer"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "the role may not cancel"), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody), (status = 422, body = ErrorBody, description = "`errors.reason`, or `orders.cancel.not_cancellable`: a parcel has left"),
    ))]
pub async fn cancel_order(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<OrdersCancel>,
    ApiPath(order_no): ApiPath<String>,
    ApiJson(input): ApiJson<ReasonInput>,
) -> ApiResult<Json<DeskOrder>> {
    let mut check = FieldCheck::default();
    let version = version_of(&mut check, input.version);
    let reason = text_of(&mut check, "reason", input.reason, true, REASON_MAX);
    check.finish()?;
    let order = order_by_no(&state, &channel, &order_no).await?;
    crate::orders::cancel::cancel_by_staff(&state, &channel, &staff, &order.id, version, &reason).await?;
    Ok(Json(desk_order(&state, &channel, &staff, &order_no).await?))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct NoteInput {
    #[schema(required = true, value_type = String)]
    pub body: Option<String>,
}

#[utoipa::path(post, path = "/v1/admin/orders/{order_no}/notes", operation_id = "admin_add_order_note", tag = "admin", params(("order_no" = String, Path)), request_body = NoteInput,
    responses((status = 201, body = DeskOrder, description = "the note is on the timeline"), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn add_note(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<OrdersEdit>,
    ApiPath(order_no): ApiPath<String>,
    ApiJson(input): ApiJson<NoteInput>,
) -> ApiResult<(StatusCode, Json<DeskOrder>)> {
    let mut check = FieldCheck::default();
    let body = text_of(&mut check, "body", input.body, true, NOTE_MAX);
    check.finish()?;
    desk::add_note(&state, &channel, &staff, &order_no, &body).await?;
    Ok((StatusCode::CREATED, Json(desk_order(&state, &channel, &staff, &order_no).await?)))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ShipmentInput {
    /// unshipped, preparing, shipped or delivered.
    #[schema(required = true, value_type = String)]
    pub to: Option<String>,
    /// A carrier's code; needed with tracking numbers.
    pub carrier: Option<String>,
    /// With 出荷済: the parcel's numbers (they replace the current ones).
    #[serde(default)]
    pub tracking_numbers: Vec<String>,
    /// Required for a step back.
    pub reason: Option<String>,
    #[schema(required = true, value_type = i64)]
    pub version: Option<i64>,
}

#[utoipa::path(post, path = "/v1/admin/orders/{order_no}/shipments/{code}", tag = "admin",
    params(("order_no" = String, Path), ("code" = String, Path, description = "the shipment's code")), request_body = ShipmentInput,
    responses(
        (status = 200, body = DeskOrder, description = "moved; at 出荷済 the customer gets 発送完了 with the tracking links"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "a field is wrong, or `orders.desk.refused`: not a step the rules allow (unpaid, held, cancelled, skipping back)"),
    ))]
pub async fn move_shipment(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<Shipping>,
    ApiPath((order_no, code)): ApiPath<(String, String)>,
    ApiJson(input): ApiJson<ShipmentInput>,
) -> ApiResult<Json<DeskOrder>> {
    let mut check = FieldCheck::default();
    let version = version_of(&mut check, input.version);
    let to = input.to.as_deref().and_then(ShipState::parse);
    if to.is_none() {
        check.field("to", Err("出荷状態を選んでください。"));
    }
    let carrier = input.carrier.as_deref().map(str::trim).filter(|c| !c.is_empty());
    if carrier.is_some_and(|c| Carrier::parse(c).is_none()) {
        check.field("carrier", Err("配送業者の指定が正しくありません。"));
    }
    let numbers: Vec<String> = input.tracking_numbers.iter().map(|n| n.trim().replace('-', "")).filter(|n| !n.is_empty()).collect();
    if numbers.iter().any(|n| n.len() > 30 || !n.chars().all(|c| c.is_ascii_alphanumeric())) {
        check.field("tracking_numbers", Err("送り状番号は英数字30文字以内で入力してください。"));
    }
    if !numbers.is_empty() && carrier.is_none() {
        check.field("carrier", Err("送り状番号の配送業者を選んでください。"));
    }
    let reason = text_of(&mut check, "reason", input.reason, false, REASON_MAX);
    check.finish()?;
    let change = ShipmentMove { code: &code, to: to.unwrap_or(ShipState::Unshipped), carrier, tracking: &numbers, reason: &reason, shipped_at: None };
    desk::move_shipment(&Edit { state: &state, channel: &channel, staff: &staff, order_no: &order_no, version }, &change).await?;
    Ok(Json(desk_order(&state, &channel, &staff, &order_no).await?))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct SplitLine {
    #[schema(required = true, value_type = String)]
    pub line_id: Option<String>,
    /// Units that move to the new shipment (0 leaves the line where it is).
    #[schema(required = true, value_type = i64)]
    pub quantity: Option<i64>,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct SplitInput {
    #[serde(default)]
    pub lines: Vec<SplitLine>,
    #[schema(required = true, value_type = i64)]
    pub version: Option<i64>,
}

#[utoipa::path(post, path = "/v1/admin/orders/{order_no}/shipments/{code}/split", tag = "admin",
    params(("order_no" = String, Path), ("code" = String, Path, description = "the shipment's code")), request_body = SplitInput,
    responses(
        (status = 200, body = DeskOrder, description = "the units named now make a new shipment (未出荷, same address) for a partial shipment"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "`errors.lines` (nothing moved, every unit moved, a line not of this shipment or more units than it has), or `orders.desk.refused`: the shipment has left, or the order is cancelled"),
    ))]
pub async fn split_shipment(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<Shipping>,
    ApiPath((order_no, code)): ApiPath<(String, String)>,
    ApiJson(input): ApiJson<SplitInput>,
) -> ApiResult<Json<DeskOrder>> {
    let mut check = FieldCheck::default();
    let version = version_of(&mut check, input.version);
    let mut lines = Vec::new();
    for line in &input.lines {
        match (line.line_id.as_deref().map(str::trim).filter(|id| !id.is_empty()), line.quantity) {
            (Some(id), Some(quantity)) if (0..=9_999).contains(&quantity) => lines.push((id.to_owned(), quantity)),
            _ => {
                check.field("lines", Err("分割する商品と数量を確認してください。"));
            }
        }
    }
    lines.sort();
    let ids = lines.len();
    lines.dedup_by(|a, b| a.0 == b.0);
    if ids != lines.len() {
        check.field("lines", Err("同じ商品が二度指定されています。"));
    }
    if lines.iter().all(|(_, quantity)| *quantity == 0) {
        check.field("lines", Err("新しい出荷に移す数量を1点以上入力してください。"));
    }
    check.finish()?;
    desk::split_shipment(&Edit { state: &state, channel: &channel, staff: &staff, order_no: &order_no, version }, &code, &lines).await?;
    Ok(Json(desk_order(&state, &channel, &staff, &order_no).await?))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ResendInput {
    /// order_received, payment_confirmed, shipped or cancelled (the order's `resend_mails`).
    #[schema(required = true, value_type = String)]
    pub kind: Option<String>,
    /// With `shipped`: the shipment's code.
    pub shipment_code: Option<String>,
}

#[utoipa::path(post, path = "/v1/admin/orders/{order_no}/mails", tag = "admin", params(("order_no" = String, Path)), request_body = ResendInput,
    responses(
        (status = 201, body = DeskOrder, description = "sent again; the order's timeline shows it"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "`errors.kind` / `errors.shipment_code`, or `orders.desk.refused`: not a mail this order has now"),
        (status = 503, body = ErrorBody, description = "`orders.desk.mail_failed`: the mail could not be handed over"),
    ))]
pub async fn resend_mail(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<OrdersEdit>,
    ApiPath(order_no): ApiPath<String>,
    ApiJson(input): ApiJson<ResendInput>,
) -> ApiResult<(StatusCode, Json<DeskOrder>)> {
    let kind = input.kind.as_deref().and_then(Resend::parse).ok_or_else(|| ApiError::field("kind", "再送するメールを選んでください。"))?;
    let code = input.shipment_code.as_deref().map(str::trim).filter(|c| !c.is_empty());
    desk::resend_mail(&state, &channel, &staff, &order_no, kind, code).await?;
    Ok((StatusCode::CREATED, Json(desk_order(&state, &channel, &staff, &order_no).await?)))
}

// ---- bulk actions -----------------------------------------------------------------------------

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct BulkInput {
    /// confirm_payment, prepare, ship or mail_shipped.
    #[schema(required = true, value_type = String)]
    pub action: Option<String>,
    /// The orders (1–500), in the order the results should come.
    #[serde(default)]
    pub order_nos: Vec<String>,
    /// With confirm_payment: the day the money came in, `YYYY-MM-DD` (today if none).
    pub paid_on: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct BulkChange {
    pub order_no: String,
    /// What will change.
    pub detail: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct BulkSkip {
    pub order_no: String,
    pub reason: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct BulkPreview {
    pub action: BulkAction,
    pub action_label: String,
    pub will_change: Vec<BulkChange>,
    pub skipped: Vec<BulkSkip>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct BulkJob {
    pub id: String,
    pub action: String,
    pub action_label: String,
    /// running, done or failed (stopped part-way: `results` says how far).
    pub state: String,
    pub total: i64,
    pub done: i64,
    pub changed: i64,
    pub skipped: i64,
    pub results: Vec<JobResult>,
}

/// The action, the orders (deduplicated, in the order given) and the day, checked; 403 when
/// the role may not run the action.
fn bulk_of(staff: &Staff, input: &BulkInput) -> ApiResult<(BulkAction, Vec<String>, time::Date)> {
    let mut check = FieldCheck::default();
    let action = input.action.as_deref().and_then(BulkAction::parse);
    if action.is_none() {
        check.field("action", Err("一括操作を選んでください。"));
    }
    let mut seen = std::collections::HashSet::new();
    let order_nos: Vec<String> = input.order_nos.iter().map(|n| n.trim().to_owned()).filter(|n| !n.is_empty() && seen.insert(n.clone())).collect();
    if order_nos.is_empty() {
        check.field("order_nos", Err("注文を選んでください。"));
    } else if order_nos.len() > BULK_MAX {
        check.field("order_nos", Err(format!("一度に操作できるのは{BULK_MAX}件までです。")));
    }
    let paid_on = match input.paid_on.as_deref().map(str::trim).filter(|d| !d.is_empty()) {
        None => today_jst(),
        Some(text) => match parse_date(text) {
            Some(day) if day <= today_jst() => day,
            Some(_) => {
                check.field("paid_on", Err("入金日に未来の日付は指定できません。"));
                today_jst()
            }
            None => {
                check.field("paid_on", Err("日付はYYYY-MM-DDの形式で入力してください。"));
                today_jst()
            }
        },
    };
    check.finish()?;
    let action = action.unwrap_or(BulkAction::Prepare);
    staff.require(action.permission())?;
    Ok((action, order_nos, paid_on))
}

#[utoipa::path(post, path = "/v1/admin/orders/bulk/preview", tag = "admin", request_body = BulkInput,
    responses(
        (status = 200, body = BulkPreview, description = "what the action would change and which orders it would leave out, and why; nothing is changed"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "the role may not run this action"),
        (status = 422, body = ErrorBody, description = "`errors.action`, `errors.order_nos` (none, or over 500), `errors.paid_on`"),
    ))]
pub async fn preview_bulk(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<OrdersView>,
    ApiJson(input): ApiJson<BulkInput>,
) -> ApiResult<Json<BulkPreview>> {
    let (action, order_nos, paid_on) = bulk_of(&staff, &input)?;
    let bulk = Bulk { state: &state, channel: &channel, staff: &staff, action, paid_on };
    let (mut will_change, mut skipped) = (Vec::new(), Vec::new());
    for order_no in order_nos {
        match bulk.run_one(&order_no, false).await? {
            Outcome::Changed(detail) => will_change.push(BulkChange { order_no, detail }),
            Outcome::Skipped(reason) => skipped.push(BulkSkip { order_no, reason }),
        }
    }
    Ok(Json(BulkPreview { action, action_label: action.label().to_owned(), will_change, skipped }))
}

fn job_of(row: JobRow) -> BulkJob {
    let results: Vec<JobResult> = serde_json::from_str(&row.results_json).unwrap_or_default();
    let changed = results.iter().filter(|r| r.ok).count() as i64;
    let action = BulkAction::parse(&row.action);
    BulkJob {
        id: row.id,
        action_label: action.map(BulkAction::label).unwrap_or_default().to_owned(),
        action: row.action,
        state: row.state,
        total: row.total,
        done: row.done,
        changed,
        skipped: results.len() as i64 - changed,
        results,
    }
}

#[utoipa::path(post, path = "/v1/admin/orders/bulk", tag = "admin", request_body = BulkInput,
    responses(
        (status = 202, body = BulkJob, description = "started in the background: follow it at `/v1/admin/orders/bulk/{id}`"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "the role may not run this action"),
        (status = 422, body = ErrorBody, description = "as the preview"),
    ))]
pub async fn start_bulk(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<OrdersView>,
    ApiJson(input): ApiJson<BulkInput>,
) -> ApiResult<(StatusCode, Json<BulkJob>)> {
    let (action, order_nos, paid_on) = bulk_of(&staff, &input)?;
    let job = desk_bulk::start(&state, &channel, &staff, action, paid_on, order_nos).await?;
    Ok((StatusCode::ACCEPTED, Json(job_of(job))))
}

#[utoipa::path(get, path = "/v1/admin/orders/bulk/{id}", tag = "admin", params(("id" = String, Path)),
    responses(
        (status = 200, body = BulkJob, description = "how far the job is, and each order's result so far"),
        (status = 401, body = ErrorBody), (status = 404, body = ErrorBody, description = "no such job in this shop"),
    ))]
pub async fn show_bulk(State(state): State<AppState>, channel: Channel, _can: Can<OrdersView>, ApiPath(id): ApiPath<String>) -> ApiResult<Json<BulkJob>> {
    let job = desk_jobs_store::find_job(&state.db, &channel.id, &id).await?.ok_or_else(ApiError::not_found)?;
    Ok(Json(job_of(job)))
}

// ---- carriers' files --------------------------------------------------------------------------

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ExportInput {
    /// yamato_b2, sagawa_ehiden, japanpost_yupri or clickpost.
    #[schema(required = true, value_type = String)]
    pub carrier: Option<String>,
    /// The shipments' codes (at most 10,000).
    #[serde(default)]
    pub shipment_codes: Vec<String>,
}

#[utoipa::path(post, path = "/v1/admin/shipments/export", tag = "admin", request_body = ExportInput,
    responses(
        (status = 200, body = ExportAnswer, description = "the carrier's file(s) in Shift_JIS (base64), the characters replaced, the shipments written (now 出荷準備中) and those skipped with why"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "no carrier, or no shipment, or too many"),
    ))]
pub async fn export_shipments(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<Shipping>,
    ApiJson(input): ApiJson<ExportInput>,
) -> ApiResult<Json<ExportAnswer>> {
    let mut check = FieldCheck::default();
    let carrier = input.carrier.as_deref().and_then(Carrier::parse);
    if carrier.is_none() {
        check.field("carrier", Err("配送業者を選んでください。"));
    }
    if input.shipment_codes.is_empty() {
        check.field("shipment_codes", Err("出力する出荷を選んでください。"));
    } else if input.shipment_codes.len() > EXPORT_MAX {
        check.field("shipment_codes", Err(format!("一度に出力できるのは{EXPORT_MAX}件までです。")));
    }
    check.finish()?;
    let mut codes = input.shipment_codes.clone();
    codes.sort();
    codes.dedup();
    let carrier = carrier.unwrap_or(Carrier::YamatoB2);
    Ok(Json(shipping_files::export(&state, &channel, &staff, carrier, &codes).await?))
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ImportQuery {
    /// The carrier whose issued-label file this is; `generic` (or none) for our 出荷実績 CSV
    /// (出荷番号,配送業者,送り状番号,出荷日).
    pub carrier: Option<String>,
    /// `true` applies it (only when no line is wrong); otherwise a preview that changes nothing.
    pub apply: Option<String>,
}

const IMPORT_MAX_BYTES: usize = 5 * 1024 * 1024;

#[utoipa::path(post, path = "/v1/admin/shipments/tracking", tag = "admin", params(ImportQuery),
    request_body(content = String, content_type = "text/csv", description = "the file's bytes as the carrier wrote them (Shift_JIS; the generic CSV may be UTF-8)"),
    responses(
        (status = 200, body = ImportAnswer, description = "each line judged; with apply=true the good ones are 出荷済 and mailed"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 413, body = ErrorBody, description = "over 5 MB"),
        (status = 422, body = ErrorBody, description = "`errors.file`: unreadable, wrong columns, not Shift_JIS; or `orders.tracking.has_errors` when applying a file with a wrong line"),
    ))]
pub async fn import_tracking(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<Shipping>,
    ApiQuery(query): ApiQuery<ImportQuery>,
    body: Bytes,
) -> ApiResult<Json<ImportAnswer>> {
    let carrier = match query.carrier.as_deref().map(str::trim) {
        None | Some("") | Some("generic") => None,
        Some(code) => Some(Carrier::parse(code).ok_or_else(|| ApiError::field("carrier", "配送業者の指定が正しくありません。"))?),
    };
    let apply = match query.apply.as_deref() {
        None | Some("false") => false,
        Some("true") => true,
        Some(_) => return Err(ApiError::field("apply", "true または false を指定してください。")),
    };
    if body.len() > IMPORT_MAX_BYTES {
        return Err(ApiError::too_large("ファイルは5MB以内にしてください。"));
    }
    if body.is_empty() {
        return Err(ApiError::field("file", "ファイルが空です。"));
    }
    Ok(Json(shipping_files::import_tracking(&state, &channel, &staff, carrier, &body, apply).await?))
}

// ---- saved views ------------------------------------------------------------------------------

/// A staff member's saved search of the order list.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SavedView {
    pub id: String,
    pub name: String,
    /// The list's query string, e.g. `queue=to_ship&payment=cod`.
    pub query: String,
}

#[utoipa::path(get, path = "/v1/admin/orders/views", tag = "admin",
    responses((status = 200, body = crate::infra::pagination::ListBody<SavedView>, description = "this staff member's saved views, oldest first"), (status = 401, body = ErrorBody)))]
pub async fn list_views(State(state): State<AppState>, Can { staff, .. }: Can<OrdersView>) -> ApiResult<Json<crate::infra::pagination::ListBody<SavedView>>> {
    let rows = desk_store::list_views(&state.db, &staff.id).await?;
    Ok(Json(crate::infra::pagination::ListBody { data: rows.into_iter().map(|r| SavedView { id: r.id, name: r.name, query: r.query }).collect() }))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ViewInput {
    #[schema(required = true, value_type = String)]
    pub name: Option<String>,
    /// The list's query string (its filters); checked as the list checks it.
    #[schema(required = true, value_type = String)]
    pub query: Option<String>,
}

const VIEWS_MAX: usize = 30;

#[utoipa::path(post, path = "/v1/admin/orders/views", tag = "admin", request_body = ViewInput,
    responses((status = 201, body = SavedView), (status = 401, body = ErrorBody), (status = 422, body = ErrorBody, description = "no name, a malformed filter, or 30 views already")))]
pub async fn create_view(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<OrdersView>,
    ApiJson(input): ApiJson<ViewInput>,
) -> ApiResult<(StatusCode, Json<SavedView>)> {
    let mut check = FieldCheck::default();
    let name = text_of(&mut check, "name", input.name, true, 40);
    let query = text_of(&mut check, "query", input.query, false, 1000);
    match serde_urlencoded_query(&query) {
        Some(parsed) if filter_of(&parsed).is_ok() => {}
        _ => {
            check.field("query", Err("検索条件が正しくありません。"));
        }
    }
    if desk_store::list_views(&state.db, &staff.id).await?.len() >= VIEWS_MAX {
        check.field("name", Err(format!("保存できるビューは{VIEWS_MAX}件までです。")));
    }
    check.finish()?;
    let id = desk_store::insert_view(&state.db, &channel.id, &staff.id, &name, &query, Timestamp::now().0).await?;
    Ok((StatusCode::CREATED, Json(SavedView { id, name, query })))
}

/// The list's query read from a saved query string (None: not one).
fn serde_urlencoded_query(query: &str) -> Option<DeskQuery> {
    axum::extract::Query::<DeskQuery>::try_from_uri(&format!("/?{query}").parse().ok()?).ok().map(|q| q.0)
}

#[utoipa::path(delete, path = "/v1/admin/orders/views/{id}", tag = "admin", params(("id" = String, Path)),
    responses((status = 204, description = "deleted"), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody, description = "not one of this staff member's views")))]
pub async fn delete_view(State(state): State<AppState>, Can { staff, .. }: Can<OrdersView>, ApiPath(id): ApiPath<String>) -> ApiResult<StatusCode> {
    if desk_store::delete_view(&state.db, &staff.id, &id).await? { Ok(StatusCode::NO_CONTENT) } else { Err(ApiError::not_found()) }
}
