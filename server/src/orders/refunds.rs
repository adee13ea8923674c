//! 返品・返金, one flow (issue 32): staff record which shipped units came back, whether they
//! go back into stock, how much money and how many points go back; the money goes back
//! through the card gateway (partial refunds included) or is transferred by hand (振込返金).
//!
//! Crash safety: the refund is written, with everything it takes back (stock, points, the
//! order's refunded total and payment state), in one transaction *before* the gateway is
//! asked. The gateway is then asked under the refund's id as the idempotency key, and the
//! answer is written with a guarded update. A process killed between the two leaves the refund
//! `pending`; [`settle_pending`] (at start and periodically, on every instance) asks again
//! under the same key, which answers the refund made the first time, or makes it now — so the
//! money goes back exactly once, never twice and never not at all.
use std::collections::HashMap;
use std::time::Duration;

use axum::http::StatusCode;

use super::axes::{Lifecycle, PaymentState};
use super::desk::{self, Edit};
use super::desk_mails::{self, RefundMailFacts};
use super::refund_rules::{self, Figures, LineFacts, OrderFacts, Proposal};
use super::refund_store::{self as rstore, NewRefund, RefundRow, RefundableLine};
use super::store::{self, OrderRow};
use super::timeline::{self, EventKind};
use super::view::orderer_of;
use crate::catalog::store::stock::{self, Cause, StockReason};
use crate::channel::{Channel, PaymentKind};
use crate::infra::db::Tx;
use crate::infra::error::{ApiError, ApiResult};
use crate::infra::fault::{self, FaultPoint};
use crate::infra::ids::new_id;
use crate::infra::money::Yen;
use crate::infra::time::Timestamp;
use crate::payments::gateway::RefundRequest;
use crate::points::kind::PointKind;
use crate::points::ledger_store::{self as ledger, Entry};
use crate::staff::audit::{self, AuditAction};
use crate::state::AppState;
use crate::validation::FieldCheck;

pub const CANCELLED_CODE: &str = "orders.refund.cancelled";
pub const CANCELLED_MESSAGE: &str = "キャンセル済みの注文は返金できません（キャンセル時に返金されています）。";
pub const NOT_AWAITING_CODE: &str = "orders.refund.not_awaiting";
pub const NOT_AWAITING_MESSAGE: &str = "この返金は振込待ちではありません。";
/// 要確認's reason when the gateway refused a refund.
const FAILED_REVIEW: &str = "返金失敗";
/// Pending card refunds looked at per pass.
const BATCH: i64 = 100;

/// How the money goes back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RefundMethod {
    Card,
    Manual,
    None,
}

impl RefundMethod {
    pub const ALL: [RefundMethod; 3] = [RefundMethod::Card, RefundMethod::Manual, RefundMethod::None];

    pub fn code(self) -> &'static str {
        match self {
            RefundMethod::Card => "card",
            RefundMethod::Manual => "manual",
            RefundMethod::None => "none",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            RefundMethod::Card => "クレジットカード返金",
            RefundMethod::Manual => "振込返金",
            RefundMethod::None => "返金なし",
        }
    }

    pub fn parse(code: &str) -> Option<RefundMethod> {
        Self::ALL.into_iter().find(|m| m.code() == code)
    }

    /// The way an order's money would go back (an amount of 0 is `None`).
    pub fn of(row: &OrderRow) -> RefundMethod {
        if row.gateway_charge_id.is_some() && PaymentKind::parse(&row.payment_code) == Some(PaymentKind::CreditCard) {
            RefundMethod::Card
        } else {
            RefundMethod::Manual
        }
    }

    fn initial_state(self) -> RefundState {
        match self {
            RefundMethod::Card => RefundState::Pending,
            RefundMethod::Manual => RefundState::AwaitingTransfer,
            RefundMethod::None => RefundState::None,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RefundState {
    Pending,
    AwaitingTransfer,
    Refunded,
    Failed,
    None,
}

impl RefundState {
    pub const ALL: [RefundState; 5] = [RefundState::Pending, RefundState::AwaitingTransfer, RefundState::Refunded, RefundState::Failed, RefundState::None];

    pub fn code(self) -> &'static str {
        match self {
            RefundState::Pending => "pending",
            RefundState::AwaitingTransfer => "awaiting_transfer",
            RefundState::Refunded => "refunded",
            RefundState::Failed => "failed",
            RefundState::None => "none",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            RefundState::Pending => "返金処理中",
            RefundState::AwaitingTransfer => "振込待ち",
            RefundState::Refunded => "返金済",
            RefundState::Failed => "返金失敗",
            RefundState::None => "返金なし",
        }
    }

    pub fn parse(code: &str) -> Option<RefundState> {
        Self::ALL.into_iter().find(|s| s.code() == code)
    }
}

/// What staff ask for, as read from the request (checked here, in the transaction).
#[derive(Debug, Clone)]
pub struct RefundAsk {
    pub lines: Vec<(String, i64)>,
    pub restock: Option<bool>,
    pub amount: Option<i64>,
    pub points_returned: Option<i64>,
    pub points_revoked: Option<i64>,
    pub reason: String,
    pub bank_account: String,
    pub notify: bool,
}

/// The proposal for some units, with every line of the order and the facts it was made from.
pub struct Proposed {
    pub lines: Vec<RefundableLine>,
    pub proposal: Proposal,
    pub facts: OrderFacts,
    pub method: RefundMethod,
}

fn line_facts(lines: &[RefundableLine]) -> Vec<LineFacts> {
    lines.iter().map(|l| LineFacts { id: l.id.clone(), unit_price: l.unit_price, ordered: l.quantity, returned: l.returned, shipped: l.shipped != 0 }).collect()
}

fn name_of(lines: &[RefundableLine]) -> impl Fn(&str) -> String + '_ {
    move |id: &str| lines.iter().find(|l| l.id == id).map(display_name).unwrap_or_default()
}

fn display_name(line: &RefundableLine) -> String {
    if line.variation_name.is_empty() { line.product_name.clone() } else { format!("{}（{}）", line.product_name, line.variation_name) }
}

async fn facts_of(tx: &mut Tx, row: &OrderRow) -> ApiResult<OrderFacts> {
    let (points_returned, points_revoked) = rstore::points_totals(&mut **tx, &row.id).await?;
    Ok(OrderFacts {
        subtotal: row.subtotal,
        coupon_discount: row.coupon_discount,
        used_points: row.used_points,
        earned_points: row.earned_points,
        fees: row.total_carriage + row.payment_fee + row.packing_fee,
        received: row.paid_amount,
        refunded: row.refunded_amount,
        points_returned,
        points_revoked,
    })
}

/// The proposal for `asked` units (422 on units the order cannot give back), read-only.
pub async fn preview(state: &AppState, channel: &Channel, order_no: &str, asked: &[(String, i64)], include_fees: bool) -> ApiResult<Proposed> {
    let mut tx = state.db.begin_write().await?;
    let row = store::find_order_by_no(&mut *tx, &channel.id, order_no).await?.ok_or_else(ApiError::not_found)?;
    let lines = rstore::list_refundable_lines(&mut tx, &row.id).await?;
    let facts = facts_of(&mut tx, &row).await?;
    tx.rollback().await?;
    let mut check = FieldCheck::default();
    let chosen = refund_rules::check_units(&mut check, &line_facts(&lines), asked, name_of(&lines));
    check.finish()?;
    let proposal = refund_rules::propose(&facts, &line_facts(&lines), &chosen, include_fees);
    Ok(Proposed { lines, proposal, facts, method: RefundMethod::of(&row) })
}

/// Records a refund of the order at `edit.version` and, for a card, gives the money back
/// through the gateway before answering. Returns the refund's id.
pub async fn record(edit: &Edit<'_>, ask: &RefundAsk) -> ApiResult<String> {
    let now = Timestamp::now().0;
    let mut tx = edit.state.db.begin_write().await?;
    let row = store::find_order_by_no(&mut *tx, &edit.channel.id, edit.order_no).await?.ok_or_else(ApiError::not_found)?;
    if row.version != edit.version {
        return Err(ApiError::rule_with(StatusCode::CONFLICT, desk::STALE_CODE, desk::STALE_MESSAGE));
    }
    if Lifecycle::parse(&row.lifecycle) == Some(Lifecycle::Cancelled) {
        return Err(ApiError::rule(CANCELLED_CODE, CANCELLED_MESSAGE));
    }
    let lines = rstore::list_refundable_lines(&mut tx, &row.id).await?;
    let facts = facts_of(&mut tx, &row).await?;
    let mut check = FieldCheck::default();
    let chosen = refund_rules::check_units(&mut check, &line_facts(&lines), &ask.lines, name_of(&lines));
    let units: i64 = chosen.values().sum();
    let figures = Figures { amount: ask.amount, points_returned: ask.points_returned, points_revoked: ask.points_revoked, restock: ask.restock };
    refund_rules::check_figures(&mut check, &facts, &figures, units);
    check.field("reason", if ask.reason.is_empty() { Err("返品・返金の理由を入力してください。") } else { Ok(()) });
    check.finish()?;

    let amount = ask.amount.unwrap_or(0);
    let method = if amount == 0 { RefundMethod::None } else { RefundMethod::of(&row) };
    let id = new_id();
    let refund = NewRefund {
        id: &id,
        channel_id: &edit.channel.id,
        order_id: &row.id,
        refund_no: rstore::next_refund_no(&mut tx, &row.id).await?,
        amount,
        method: method.code(),
        state: method.initial_state().code(),
        restocked: units > 0 && ask.restock == Some(true),
        points_returned: ask.points_returned.unwrap_or(0),
        points_revoked: ask.points_revoked.unwrap_or(0),
        reason: &ask.reason,
        bank_account: if method == RefundMethod::Manual { &ask.bank_account } else { "" },
        notify: ask.notify,
        staff_id: edit.staff.id.as_str(),
        staff_name: &edit.staff.name,
        created_at: now,
    };
    rstore::insert_refund(&mut tx, &refund).await?;
    take_units_back(&mut tx, edit, &row, &lines, &chosen, &refund, now).await?;
    give_points_back(&mut tx, &row, &refund, now).await?;
    let payment = if amount > 0 { refunded_state(row.paid_amount, row.refunded_amount + amount) } else { current_payment(&row)? };
    if !rstore::update_order_refunded(&mut tx, &row.id, row.version, amount, payment.code(), now).await? {
        return Err(ApiError::rule_with(StatusCode::CONFLICT, desk::STALE_CODE, desk::STALE_MESSAGE));
    }
    let detail = timeline_detail(&refund, method, &lines, &chosen);
    timeline::record(&mut tx, &edit.channel.id, &row.id, Some(edit.staff), EventKind::Refund, &detail, now).await?;
    audit::record_in(&mut tx, edit.staff, AuditAction::OrderRefund, &format!("{} {detail}", row.order_no)).await?;
    tx.commit().await?;

    let mut done = false;
    if method == RefundMethod::Card {
        fault::reach(FaultPoint::BeforeRefund);
        let recorded = rstore::list_refunds(&edit.state.db, std::slice::from_ref(&row.id)).await?.into_iter().find(|r| r.id == id);
        if let Some(recorded) = recorded {
            done = settle_card(edit.state, edit.channel, &recorded, Some(edit.staff), false).await? == Some(RefundState::Refunded);
        }
    }
    if ask.notify {
        let refunds = rstore::list_refunds(&edit.state.db, std::slice::from_ref(&row.id)).await?;
        if let Some(recorded) = refunds.iter().find(|r| r.id == id) {
            mail(edit.state, edit.channel, Some(edit.staff), recorded, MailKind::Accepted { done }).await?;
        }
    }
    Ok(id)
}

/// 振込完了: a manual refund's money was transferred.
pub async fn complete_transfer(edit: &Edit<'_>, refund_id: &str) -> ApiResult<()> {
    let now = Timestamp::now().0;
    let mut tx = edit.state.db.begin_write().await?;
    let row = store::find_order_by_no(&mut *tx, &edit.channel.id, edit.order_no).await?.ok_or_else(ApiError::not_found)?;
    let refund = rstore::find_refund(&mut tx, &row.id, refund_id).await?.ok_or_else(ApiError::not_found)?;
    if row.version != edit.version {
        return Err(ApiError::rule_with(StatusCode::CONFLICT, desk::STALE_CODE, desk::STALE_MESSAGE));
    }
    if RefundState::parse(&refund.state) != Some(RefundState::AwaitingTransfer) {
        return Err(ApiError::rule(NOT_AWAITING_CODE, NOT_AWAITING_MESSAGE));
    }
    if !rstore::update_refunded(&mut tx, &refund.id, None, RefundState::AwaitingTransfer.code(), now).await?
        || !rstore::update_order_touched(&mut tx, &row.id, row.version, now).await?
    {
        return Err(ApiError::rule_with(StatusCode::CONFLICT, desk::STALE_CODE, desk::STALE_MESSAGE));
    }
    let detail = format!("返品・返金 #{}: {}円の振込返金が完了", refund.refund_no, Yen(refund.amount).grouped());
    timeline::record(&mut tx, &edit.channel.id, &row.id, Some(edit.staff), EventKind::Refund, &detail, now).await?;
    audit::record_in(&mut tx, edit.staff, AuditAction::OrderRefundComplete, &format!("{} {detail}", row.order_no)).await?;
    tx.commit().await?;
    if refund.notify != 0 {
        mail(edit.state, edit.channel, Some(edit.staff), &refund, MailKind::Completed).await?;
    }
    Ok(())
}

/// Stock and the ledger: the units come back on the shelf when staff chose so.
async fn take_units_back(
    tx: &mut Tx,
    edit: &Edit<'_>,
    row: &OrderRow,
    lines: &[RefundableLine],
    chosen: &HashMap<String, i64>,
    refund: &NewRefund<'_>,
    now: i64,
) -> ApiResult<()> {
    for line in lines {
        let Some(&quantity) = chosen.get(&line.id) else { continue };
        rstore::insert_refund_line(tx, refund.id, &line.id, quantity, line.unit_price * quantity).await?;
        if refund.restocked
            && let Some(variation_id) = line.variation_id.as_deref()
        {
            let note = format!("返品・返金 #{}", refund.refund_no);
            let cause = Cause {
                reason: StockReason::ReturnRestock,
                staff: Some((edit.staff.id.as_str(), edit.staff.name.as_str())),
                order_no: Some(&row.order_no),
                note: &note,
            };
            // A variation deleted since is simply not restocked (nothing to put back on).
            stock::update_adjust(tx, &edit.channel.id, variation_id, quantity, &cause, now).await?;
        }
    }
    Ok(())
}

/// Used points back to the member; earned points taken back — from the balance when they
/// were granted (never below zero), else the grant at shipping will be smaller.
async fn give_points_back(tx: &mut Tx, row: &OrderRow, refund: &NewRefund<'_>, now: i64) -> ApiResult<()> {
    let Some(user_id) = row.user_id.as_ref() else { return Ok(()) };
    let entry =
        |kind: PointKind, points: i64, description: String| Entry { channel_id: &row.channel_id, user_id, order_id: Some(&row.id), kind, points, description };
    if refund.points_returned > 0 {
        ledger::add(tx, &row.channel_id, user_id, refund.points_returned, now).await?;
        let description = format!("ご注文{}の返品（ご利用ポイントの返却）", row.order_no);
        ledger::record(tx, &entry(PointKind::CancelUse, refund.points_returned, description), now).await?;
    }
    if refund.points_revoked > 0 && ledger::earned_for_order(tx, &row.id).await? > 0 {
        let balance = ledger::balance(&mut **tx, user_id).await?;
        let take = refund.points_revoked.min(balance);
        if take > 0 {
            ledger::take_at_most(tx, user_id, take, now).await?;
            let description = format!("ご注文{}の返品（獲得ポイントの取り消し）", row.order_no);
            ledger::record(tx, &entry(PointKind::CancelEarn, -take, description), now).await?;
        }
    }
    Ok(())
}

fn current_payment(row: &OrderRow) -> ApiResult<PaymentState> {
    PaymentState::parse(&row.payment_state).ok_or_else(|| ApiError::Internal(anyhow::anyhow!("order {} has the unknown payment state", row.order_no)))
}

/// 返金済 when everything received went back, else 一部返金.
fn refunded_state(received: i64, refunded: i64) -> PaymentState {
    if refunded >= received { PaymentState::Refunded } else { PaymentState::PartiallyRefunded }
}

/// The payment state once a refund no longer counts (the gateway refused it).
fn state_after_failure(row: &OrderRow, refunded: i64) -> PaymentState {
    if refunded > 0 {
        return refunded_state(row.paid_amount, refunded);
    }
    match PaymentKind::parse(&row.payment_code) {
        Some(PaymentKind::CreditCard) => PaymentState::Captured,
        Some(PaymentKind::BankTransfer) => PaymentState::Paid,
        _ => PaymentState::Collected,
    }
}

fn timeline_detail(refund: &NewRefund<'_>, method: RefundMethod, lines: &[RefundableLine], chosen: &HashMap<String, i64>) -> String {
    let mut detail = format!("返品・返金 #{}: {}円（{}）", refund.refund_no, Yen(refund.amount).grouped(), method.label());
    let returned: Vec<String> = lines.iter().filter_map(|l| chosen.get(&l.id).map(|q| format!("{} × {q}", display_name(l)))).collect();
    if !returned.is_empty() {
        detail.push_str(&format!("、返品 {}（{}）", returned.join("、"), if refund.restocked { "在庫に戻す" } else { "在庫に戻さない" }));
    }
    if refund.points_returned > 0 {
        detail.push_str(&format!("、ポイント返却 {}pt", refund.points_returned));
    }
    if refund.points_revoked > 0 {
        detail.push_str(&format!("、ポイント取消 {}pt", refund.points_revoked));
    }
    detail.push_str(&format!("：{}", refund.reason));
    detail
}

/// Asks the gateway for a pending card refund under its own key and writes the answer once.
/// Returns the state it settled in (None: no answer, it stays pending for the next pass).
/// `mails`: send 返金完了 here (the reconciler); the request's own answer sends 返品受付,
/// which says the money is back.
async fn settle_card(
    state: &AppState,
    channel: &Channel,
    refund: &RefundRow,
    staff: Option<&crate::staff::Staff>,
    mails: bool,
) -> ApiResult<Option<RefundState>> {
    let row = store::find_order(&state.db.pool, &channel.id, &refund.order_id).await?.ok_or_else(ApiError::not_found)?;
    let Some(charge_id) = row.gateway_charge_id.as_deref() else {
        return Err(ApiError::Internal(anyhow::anyhow!("card refund {} of an order without a charge", refund.id)));
    };
    let request = RefundRequest { channel_id: &channel.id, charge_id, amount: Yen(refund.amount), idempotency_key: &refund.id };
    let answer = match state.gateway.refund_part(request).await {
        Ok(answer) => answer,
        Err(error) => {
            tracing::error!(order_no = row.order_no, refund = refund.id, error = format!("{error:#}"), "a card refund got no answer; asking again later");
            return Ok(None);
        }
    };
    fault::reach(FaultPoint::AfterRefund);
    let now = Timestamp::now().0;
    let mut tx = state.db.begin_write().await?;
    let settled = match &answer {
        Ok(made) => {
            if !rstore::update_refunded(&mut tx, &refund.id, Some(&made.id), RefundState::Pending.code(), now).await? {
                return Ok(None);
            }
            let detail = format!("返品・返金 #{}: {}円をクレジットカードに返金しました", refund.refund_no, Yen(refund.amount).grouped());
            timeline::record(&mut tx, &channel.id, &row.id, staff, EventKind::Refund, &detail, now).await?;
            RefundState::Refunded
        }
        Err(declined) => {
            if !rstore::update_failed(&mut tx, &refund.id, &declined.message).await? {
                return Ok(None);
            }
            let refunded = row.refunded_amount - refund.amount;
            rstore::update_order_refund_failed(&mut tx, &row.id, refund.amount, state_after_failure(&row, refunded).code(), FAILED_REVIEW, now).await?;
            let detail = format!("返品・返金 #{}: 返金に失敗しました（{}）", refund.refund_no, declined.message);
            timeline::record(&mut tx, &channel.id, &row.id, staff, EventKind::Refund, &detail, now).await?;
            RefundState::Failed
        }
    };
    tx.commit().await?;
    if mails && settled == RefundState::Refunded && refund.notify != 0 {
        mail(state, channel, staff, refund, MailKind::Completed).await?;
    }
    Ok(Some(settled))
}

enum MailKind {
    Accepted { done: bool },
    Completed,
}

async fn mail(state: &AppState, channel: &Channel, staff: Option<&crate::staff::Staff>, refund: &RefundRow, kind: MailKind) -> ApiResult<()> {
    let row = store::find_order(&state.db.pool, &channel.id, &refund.order_id).await?.ok_or_else(ApiError::not_found)?;
    let lines: Vec<String> = rstore::list_refund_lines(&state.db, std::slice::from_ref(&row.id))
        .await?
        .into_iter()
        .filter(|l| l.refund_id == refund.id)
        .map(|l| {
            let name = if l.variation_name.is_empty() { l.product_name } else { format!("{}（{}）", l.product_name, l.variation_name) };
            format!("{name} × {}", l.quantity)
        })
        .collect();
    let method = RefundMethod::parse(&refund.method).unwrap_or(RefundMethod::None);
    let facts = RefundMailFacts {
        refund_no: refund.refund_no,
        lines: &lines,
        amount: refund.amount,
        method_label: method.label(),
        is_card: method == RefundMethod::Card,
        points_returned: refund.points_returned,
        points_revoked: refund.points_revoked,
        done: matches!(kind, MailKind::Accepted { done: true }),
    };
    let (to, name) = (desk::customer_address(&row), orderer_of(&row).name());
    let outgoing = match kind {
        MailKind::Accepted { .. } => desk_mails::return_accepted(&channel.name, &to, &name, &row, &facts),
        MailKind::Completed => desk_mails::refund_completed(&channel.name, &to, &name, &row, &facts),
    };
    desk::send_recorded(state, channel, &row, staff, outgoing).await;
    Ok(())
}

/// One pass over the card refunds left pending for longer than the settle age (a crash, or no
/// answer from the gateway): each is asked again under its own key. Returns how many settled.
pub async fn settle_pending(state: &AppState) -> anyhow::Result<usize> {
    let before = Timestamp::now().0 - state.config.payment_settle_after_ms();
    let mut settled = 0;
    for refund in rstore::list_pending_card_refunds(&state.db, before, BATCH).await? {
        let Some(channel) = crate::channel::store::find_channel_by_id(&state.db, &refund.channel_id).await? else { continue };
        match settle_card(state, &channel, &refund, None, true).await {
            Ok(Some(_)) => settled += 1,
            Ok(None) => {}
            Err(error) => tracing::error!(refund = refund.id, error = format!("{error:?}"), "settling a pending card refund failed"),
        }
    }
    Ok(settled)
}

/// Runs [`settle_pending`] now and then every period, for the life of the process.
pub fn spawn(state: AppState) {
    let period = Duration::from_secs((state.config.payment_settle_after_secs / 2).clamp(1, 60));
    tokio::spawn(async move {
        loop {
            match settle_pending(&state).await {
                Ok(0) => {}
                Ok(settled) => tracing::info!(settled, "pending card refunds settled"),
                Err(error) => tracing::error!(error = format!("{error:#}"), "refund reconciler pass failed; retrying next period"),
            }
            tokio::time::sleep(period).await;
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_reads_back() {
        for method in RefundMethod::ALL {
            assert_eq!(RefundMethod::parse(method.code()), Some(method));
        }
        for state in RefundState::ALL {
            assert_eq!(RefundState::parse(state.code()), Some(state));
        }
    }

    #[test]
    fn everything_received_given_back_is_refunded_and_less_is_partial() {
        assert_eq!(refunded_state(5_000, 5_000), PaymentState::Refunded);
        assert_eq!(refunded_state(5_000, 1), PaymentState::PartiallyRefunded);
    }
}
