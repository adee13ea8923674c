//! Bank transfers' deadlines, on every instance: 入金督促 goes to the customer `remind_days_before`
//! the deadline (once: the claim is one guarded write), and at the deadline the payment becomes
//! 期限切れ (the desk's 入金期限切れ queue); with `auto_cancel` the order is then cancelled (stock,
//! coupon and points come back, the customer is mailed why). Both follow the shop's setting
//! `ORDER_DESK.PAYMENT_DEADLINE` (`{"remind_days_before":2,"auto_cancel":false}`).
use std::collections::HashMap;
use std::time::Duration;

use serde::Deserialize;

use super::desk_store;
use super::status::Status;
use super::store::OrderRow;
use super::timeline::{self, EventKind};
use super::view::orderer_of;
use super::{desk, desk_mails};
use crate::channel::Channel;
use crate::channel::bank_account;
use crate::channel::settings::load_setting;
use crate::infra::ids::ChannelId;
use crate::infra::time::Timestamp;
use crate::state::AppState;

pub const SETTING: &str = "ORDER_DESK.PAYMENT_DEADLINE";
pub const AUTO_CANCEL_REASON: &str = "お振込み期限までにご入金を確認できなかったため";
const DAY_MS: i64 = 24 * 60 * 60 * 1000;
/// The longest reminder lead a shop may set; orders further from their deadline are not read.
const MAX_REMIND_DAYS: i64 = 14;
const BATCH: i64 = 500;
const PERIOD: Duration = Duration::from_secs(60);

#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(default)]
pub struct DeadlineSettings {
    /// 0: no reminder.
    pub remind_days_before: i64,
    pub auto_cancel: bool,
}

impl Default for DeadlineSettings {
    fn default() -> Self {
        DeadlineSettings { remind_days_before: 2, auto_cancel: false }
    }
}

#[derive(Debug, Default, PartialEq, Eq)]
pub struct Swept {
    pub reminded: usize,
    pub expired: usize,
    pub cancelled: usize,
}

pub fn spawn(state: AppState) {
    tokio::spawn(async move {
        loop {
            match sweep(&state, Timestamp::now().0).await {
                Ok(swept) if swept != Swept::default() => tracing::info!(?swept, "bank transfer deadlines handled"),
                Ok(_) => {}
                Err(error) => tracing::error!(error = format!("{error:#}"), "bank transfer deadline pass failed; retrying next period"),
            }
            tokio::time::sleep(PERIOD).await;
        }
    });
}

/// What to do with a transfer due at `due_at`, as of `now`.
#[derive(Debug, PartialEq, Eq)]
pub enum Step {
    Wait,
    Remind,
    Expire,
}

pub fn step(due_at: i64, now: i64, settings: DeadlineSettings, reminded: bool) -> Step {
    if due_at <= now {
        Step::Expire
    } else if !reminded && settings.remind_days_before > 0 && due_at - settings.remind_days_before.min(MAX_REMIND_DAYS) * DAY_MS <= now {
        Step::Remind
    } else {
        Step::Wait
    }
}

/// One pass as of `now`.
pub async fn sweep(state: &AppState, now: i64) -> anyhow::Result<Swept> {
    let mut swept = Swept::default();
    let mut shops: HashMap<ChannelId, (Channel, DeadlineSettings)> = HashMap::new();
    for order in desk_store::list_transfers_due_before(&state.db, now + MAX_REMIND_DAYS * DAY_MS, BATCH).await? {
        let Some(due_at) = order.payment_due_at else { continue };
        if !shops.contains_key(&order.channel_id) {
            let Some(channel) = crate::channel::store::find_channel_by_id(&state.db, &order.channel_id).await? else { continue };
            let settings = load_setting(&state.db, &channel.id, SETTING, DeadlineSettings::default()).await?;
            shops.insert(order.channel_id.clone(), (channel, settings));
        }
        let (channel, settings) = &shops[&order.channel_id];
        match step(due_at, now, *settings, order.payment_reminded_at.is_some()) {
            Step::Wait => {}
            Step::Remind => {
                if remind(state, channel, &order, now).await? {
                    swept.reminded += 1;
                }
            }
            Step::Expire => {
                if expire(state, channel, &order, now).await? {
                    swept.expired += 1;
                    if settings.auto_cancel && cancel(state, channel, &order).await {
                        swept.cancelled += 1;
                    }
                }
            }
        }
    }
    Ok(swept)
}

async fn remind(state: &AppState, channel: &Channel, order: &OrderRow, now: i64) -> anyhow::Result<bool> {
    if !desk_store::update_payment_reminded(&state.db, &order.id, now).await? {
        return Ok(false);
    }
    let settings = crate::channel::store::list_settings(&state.db, &channel.id).await?;
    // A shop always has an account while it takes transfers; were it removed, the reminder
    // still names the deadline, without an account to pay into.
    let bank_lines = match bank_account::bank_account(&settings, order.ordered_at) {
        Some(account) => vec![
            "【お振込み先】".to_owned(),
            format!("{} {}", account.bank_name, account.branch_name),
            format!("{} {}", account.account_type, account.account_number),
            format!("口座名義: {}", account.account_holder),
        ],
        None => Vec::new(),
    };
    let due_date = bank_account::due_date_text(&settings, order.ordered_at);
    let mail = desk_mails::payment_reminder(&channel.name, &desk::customer_address(order), &orderer_of(order).name(), order, &due_date, &bank_lines);
    desk::send_recorded(state, channel, order, None, mail).await;
    Ok(true)
}

async fn expire(state: &AppState, channel: &Channel, order: &OrderRow, now: i64) -> anyhow::Result<bool> {
    let mut tx = state.db.begin_write().await?;
    if !desk_store::update_payment_expired(&mut tx, &order.id, now).await? {
        return Ok(false);
    }
    timeline::record(&mut tx, &channel.id, &order.id, None, EventKind::Payment, "お振込み期限を過ぎました（期限切れ）", now).await?;
    tx.commit().await?;
    Ok(true)
}

/// Cancels the order if it still awaits its payment; a failure is logged (staff see the order
/// in 入金期限切れ).
async fn cancel(state: &AppState, channel: &Channel, order: &OrderRow) -> bool {
    match super::cancel::cancel_order_from(state, channel, &order.id, AUTO_CANCEL_REASON, &[Status::AwaitingPayment]).await {
        Ok(()) => true,
        Err(error) => {
            tracing::warn!(order_no = order.order_no, error = error.user_message(), "an expired bank transfer was not cancelled");
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DUE: i64 = 10 * DAY_MS;

    #[test]
    fn a_reminder_goes_once_within_its_lead_and_the_deadline_expires_it() {
        let settings = DeadlineSettings::default();
        assert_eq!(step(DUE, DUE - 3 * DAY_MS, settings, false), Step::Wait);
        assert_eq!(step(DUE, DUE - 2 * DAY_MS, settings, false), Step::Remind);
        assert_eq!(step(DUE, DUE - DAY_MS, settings, true), Step::Wait);
        assert_eq!(step(DUE, DUE, settings, true), Step::Expire);
        assert_eq!(step(DUE, DUE + 1, settings, false), Step::Expire);
    }

    #[test]
    fn a_shop_may_send_no_reminder() {
        let settings = DeadlineSettings { remind_days_before: 0, auto_cancel: false };
        assert_eq!(step(DUE, DUE - 1, settings, false), Step::Wait);
    }
}
