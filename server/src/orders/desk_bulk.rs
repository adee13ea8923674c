//! The desk's bulk actions (issue 30): 入金確認, 出荷準備中, 出荷済 and 発送完了's resend over
//! many orders. A preview runs each order's change in a transaction that is rolled back, so it
//! says exactly what the real run will do ("12 will change, 3 skipped because…"); the real run
//! is a background job that changes one order per transaction (each at the version it has
//! then), records how far it got and what became of each order, and sends the mails after each
//! commit.
use serde::Serialize;
use time::Date;

use super::axes::ShipState;
use super::desk::{self, Edit};
use super::desk_jobs_store::{self as jobs, JobRow};
use super::store;
use crate::channel::Channel;
use crate::infra::error::{ApiError, ApiResult};
use crate::infra::time::Timestamp;
use crate::staff::Staff;
use crate::staff::permission::Permission;
use crate::state::AppState;

/// At most this many orders per request (a preview reads them all at once).
pub const BULK_MAX: usize = 500;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum BulkAction {
    /// 入金確認 of each order's remaining amount.
    ConfirmPayment,
    /// Every 未出荷 shipment to 出荷準備中.
    Prepare,
    /// Every shipment not yet left to 出荷済 (発送完了 is mailed).
    Ship,
    /// 発送完了 sent again for every shipment that has left.
    MailShipped,
}

impl BulkAction {
    pub const ALL: [BulkAction; 4] = [BulkAction::ConfirmPayment, BulkAction::Prepare, BulkAction::Ship, BulkAction::MailShipped];

    pub fn code(self) -> &'static str {
        match self {
            BulkAction::ConfirmPayment => "confirm_payment",
            BulkAction::Prepare => "prepare",
            BulkAction::Ship => "ship",
            BulkAction::MailShipped => "mail_shipped",
        }
    }

    pub fn parse(code: &str) -> Option<BulkAction> {
        Self::ALL.into_iter().find(|a| a.code() == code)
    }

    pub fn label(self) -> &'static str {
        match self {
            BulkAction::ConfirmPayment => "入金確認",
            BulkAction::Prepare => "出荷準備中にする",
            BulkAction::Ship => "出荷済にする",
            BulkAction::MailShipped => "発送完了メールの再送",
        }
    }

    pub fn permission(self) -> Permission {
        match self {
            BulkAction::ConfirmPayment => Permission::PaymentsConfirm,
            BulkAction::Prepare | BulkAction::Ship | BulkAction::MailShipped => Permission::Shipping,
        }
    }
}

/// What one order's change does (or would do), or why it is left out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    Changed(String),
    Skipped(String),
}

/// A bulk request: the action, its orders (deduplicated, in the order given) and the day a
/// payment came in.
pub struct Bulk<'a> {
    pub state: &'a AppState,
    pub channel: &'a Channel,
    pub staff: &'a Staff,
    pub action: BulkAction,
    pub paid_on: Date,
}

impl Bulk<'_> {
    /// Runs the action on one order: committed (and mailed) when `commit`, else rolled back.
    /// A refusal of the rules, an unknown order or one changed meanwhile is a skip with its
    /// Japanese reason; only a database failure is an error.
    pub async fn run_one(&self, order_no: &str, commit: bool) -> ApiResult<Outcome> {
        match self.change(order_no, commit).await {
            Ok(outcome) => Ok(outcome),
            Err(ApiError::Internal(error)) => Err(ApiError::Internal(error)),
            Err(ApiError::NotFound(_)) => Ok(Outcome::Skipped("この注文は見つかりません。".to_owned())),
            Err(refusal) => Ok(Outcome::Skipped(refusal.user_message())),
        }
    }

    async fn change(&self, order_no: &str, commit: bool) -> ApiResult<Outcome> {
        let Some(row) = store::find_order_by_no(&self.state.db.pool, &self.channel.id, order_no).await? else {
            return Err(ApiError::not_found());
        };
        let edit = Edit { state: self.state, channel: self.channel, staff: self.staff, order_no, version: row.version };
        match self.action {
            BulkAction::ConfirmPayment => {
                let remaining = row.total_payment - row.paid_amount;
                if remaining <= 0 {
                    return Ok(Outcome::Skipped("入金額はすでにご請求額に達しています。".to_owned()));
                }
                desk::confirm_payment_checked(&edit, self.paid_on, remaining, commit).await?;
                Ok(Outcome::Changed(format!("{}円の入金を{}付で記録", remaining, crate::delivery::calendar::iso(self.paid_on))))
            }
            BulkAction::Prepare => self.move_all(&edit, &[ShipState::Unshipped], ShipState::Preparing, commit).await,
            BulkAction::Ship => self.move_all(&edit, &[ShipState::Unshipped, ShipState::Preparing], ShipState::Shipped, commit).await,
            BulkAction::MailShipped => self.mail_shipped(&row, commit).await,
        }
    }

    async fn move_all(&self, edit: &Edit<'_>, from: &[ShipState], to: ShipState, commit: bool) -> ApiResult<Outcome> {
        let codes = desk::move_every_shipment(edit, from, to, commit).await?;
        if codes.is_empty() {
            let none = if to == ShipState::Preparing { "未出荷の出荷がありません。" } else { "出荷できる出荷がありません。" };
            return Ok(Outcome::Skipped(none.to_owned()));
        }
        Ok(Outcome::Changed(format!("{}を{}に", codes.join("、"), to.label())))
    }

    async fn mail_shipped(&self, row: &store::OrderRow, commit: bool) -> ApiResult<Outcome> {
        if !desk::switches(self.state, self.channel).await?.shipped {
            return Ok(Outcome::Skipped("発送完了メールは送信しない設定です。".to_owned()));
        }
        let shipments = super::desk_store::list_shipments(&self.state.db, std::slice::from_ref(&row.id)).await?;
        let left: Vec<_> = shipments.iter().filter(|s| matches!(ShipState::parse(&s.ship_state), Some(ShipState::Shipped | ShipState::Delivered))).collect();
        if left.is_empty() {
            return Ok(Outcome::Skipped("出荷済の出荷がありません。".to_owned()));
        }
        if desk::customer_address(row).is_empty() {
            return Ok(Outcome::Skipped("お客様のメールアドレスがありません。".to_owned()));
        }
        let codes: Vec<&str> = left.iter().map(|s| s.shipment_code.as_str()).collect();
        if commit {
            for shipment in &left {
                if !desk::mail_shipped(self.state, self.channel, Some(self.staff), &row.id, &shipment.id).await? {
                    return Ok(Outcome::Skipped("メールを送信できませんでした。時間をおいてもう一度お試しください。".to_owned()));
                }
            }
        }
        Ok(Outcome::Changed(format!("{}の発送完了メールを送信", codes.join("、"))))
    }
}

/// Starts the job: its row now, the work in the background. Returns the row as started.
pub async fn start(state: &AppState, channel: &Channel, staff: &Staff, action: BulkAction, paid_on: Date, order_nos: Vec<String>) -> ApiResult<JobRow> {
    let job = jobs::insert_job(&state.db, &channel.id, &staff.id, action.code(), order_nos.len() as i64, Timestamp::now().0).await?;
    let (state, channel, staff, id) = (state.clone(), channel.clone(), staff.clone(), job.id.clone());
    tokio::spawn(async move {
        let bulk = Bulk { state: &state, channel: &channel, staff: &staff, action, paid_on };
        if let Err(error) = run_job(&bulk, &id, &order_nos).await {
            tracing::error!(job = id, error = error.user_message(), "a bulk job of the order desk stopped");
            if let Err(error) = jobs::update_job_failed(&state.db, &id, Timestamp::now().0).await {
                tracing::error!(job = id, error = format!("{error:#}"), "a stopped bulk job could not be marked failed");
            }
        }
    });
    Ok(job)
}

/// One result of a job, as stored and answered.
#[derive(Debug, Clone, Serialize, serde::Deserialize, utoipa::ToSchema)]
pub struct JobResult {
    pub order_no: String,
    pub ok: bool,
    /// What changed, or why the order was left out.
    pub message: String,
}

impl JobResult {
    pub fn of(order_no: &str, outcome: Outcome) -> JobResult {
        match outcome {
            Outcome::Changed(message) => JobResult { order_no: order_no.to_owned(), ok: true, message },
            Outcome::Skipped(message) => JobResult { order_no: order_no.to_owned(), ok: false, message },
        }
    }
}

async fn run_job(bulk: &Bulk<'_>, id: &str, order_nos: &[String]) -> ApiResult<()> {
    let mut results = Vec::with_capacity(order_nos.len());
    for order_no in order_nos {
        let outcome = bulk.run_one(order_no, true).await?;
        results.push(JobResult::of(order_no, outcome));
        let json = serde_json::to_string(&results).map_err(|e| ApiError::Internal(e.into()))?;
        jobs::update_job_progress(&bulk.state.db, id, results.len() as i64, &json).await?;
    }
    jobs::update_job_done(&bulk.state.db, id, Timestamp::now().0).await?;
    Ok(())
}

/// At start: jobs a stopped server left running are marked failed, with the rows they did.
pub async fn fail_interrupted(state: &AppState) {
    if let Err(error) = jobs::update_interrupted_failed(&state.db, Timestamp::now().0).await {
        tracing::error!(error = format!("{error:#}"), "interrupted bulk jobs could not be marked failed");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_reads_back_from_its_code() {
        for action in BulkAction::ALL {
            assert_eq!(BulkAction::parse(action.code()), Some(action));
            assert_eq!(serde_json::to_value(action).unwrap(), action.code());
        }
        assert_eq!(BulkAction::parse("cancel"), None);
    }

    #[test]
    fn shipping_actions_need_the_shipping_permission_and_payments_their_own() {
        assert_eq!(BulkAction::ConfirmPayment.permission(), Permission::PaymentsConfirm);
        assert!(BulkAction::ALL.iter().filter(|a| **a != BulkAction::ConfirmPayment).all(|a| a.permission() == Permission::Shipping));
    }
}
