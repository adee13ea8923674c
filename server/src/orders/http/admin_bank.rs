//! 入金消込 (issue 32, docs/contracts/bank-reconciliation.md): a bank statement's CSV previewed
//! against the shop's open bank transfers (nothing changes), then the lines staff confirmed
//! applied one by one as the order desk's 入金確認, each at the order's version the preview
//! showed. Both need [`PaymentsConfirm`].
use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::channel::Channel;
use crate::infra::error::{ApiError, ApiResult, ErrorBody, FieldErrors};
use crate::infra::extract::ApiJson;
use crate::infra::text_csv::LineError;
use crate::infra::time::Timestamp;
use crate::orders::axes::PaymentState;
use crate::orders::bank_statement::{self, MatchReason, MatchStatus, OpenTransfer, StatementError};
use crate::orders::desk::{self, Edit};
use crate::orders::view::orderer_of;
use crate::orders::{desk_store, store};
use crate::staff::permission::{Can, PaymentsConfirm};
use crate::state::AppState;
use crate::validation::{parse_date, today_jst};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(preview_statement)).routes(routes!(apply_statement))
}

const MAX_BYTES: usize = 5 * 1024 * 1024;
/// More open transfers than this are not matched by one statement (the oldest are).
const OPEN_MAX: i64 = 10_000;
const APPLY_MAX: usize = 500;

/// An open bank transfer a line may pay.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct StatementCandidate {
    pub order_no: String,
    /// The order's version now: the apply names it, so a change in between is refused.
    pub version: i64,
    pub orderer_name: String,
    pub orderer_kana: String,
    pub ordered_at: Timestamp,
    /// What is still to be paid.
    pub remaining: i64,
    pub total: i64,
    pub reason: MatchReason,
    /// The line's amount is not what the order waits for (a short or over payment).
    pub amount_differs: bool,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct StatementLinePreview {
    /// The line as a spreadsheet shows it (the header is line 1).
    pub line: usize,
    /// `YYYY-MM-DD`.
    pub paid_on: String,
    /// Yen credited; null on a skipped line.
    pub amount: Option<i64>,
    /// 振込依頼人名 as the bank wrote it.
    pub payer: String,
    pub status: MatchStatus,
    /// The order proposed (matched lines only).
    pub proposed: Option<String>,
    pub candidates: Vec<StatementCandidate>,
    /// Why a line is skipped; empty otherwise.
    pub note: String,
}

#[derive(Debug, Default, Serialize, utoipa::ToSchema)]
pub struct StatementCounts {
    pub matched: usize,
    pub ambiguous: usize,
    pub unmatched: usize,
    pub skipped: usize,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct StatementPreview {
    /// `Shift_JIS` or `UTF-8`: what the file was read as.
    pub encoding: String,
    pub lines: Vec<StatementLinePreview>,
    pub counts: StatementCounts,
}

/// 422 for an unreadable file (`errors.file`) or bad lines (`errors.lines`, one message per
/// line as `行 N「列」: …`, and the lines themselves in `lines`).
fn statement_error(error: StatementError) -> ApiError {
    let mut errors = FieldErrors::new();
    match error {
        StatementError::File(message) => {
            errors.insert("file".into(), vec![message]);
        }
        StatementError::Lines(lines) => {
            errors.insert("lines".into(), lines.iter().map(line_message).collect());
        }
    }
    ApiError::Invalid(errors)
}

fn line_message(error: &LineError) -> String {
    if error.column.is_empty() {
        format!("{}行目: {}", error.line, error.message)
    } else {
        format!("{}行目「{}」: {}", error.line, error.column, error.message)
    }
}

#[utoipa::path(post, path = "/v1/admin/bank-statements/preview", operation_id = "admin_preview_bank_statement", tag = "admin",
    request_body(content = String, content_type = "text/csv", description = "the statement's bytes as the bank wrote them (Shift_JIS or UTF-8): columns 日付, 金額, 振込依頼人名"),
    responses(
        (status = 200, body = StatementPreview, description = "each line with the open bank transfers it may pay; nothing changes"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 413, body = ErrorBody, description = "over 5 MB"),
        (status = 422, body = ErrorBody, description = "`errors.file`: unreadable or missing columns; `errors.lines`: lines whose date or amount does not read (`3行目「金額」: …`)"),
    ))]
pub async fn preview_statement(State(state): State<AppState>, channel: Channel, _can: Can<PaymentsConfirm>, body: Bytes) -> ApiResult<Json<StatementPreview>> {
    if body.len() > MAX_BYTES {
        return Err(ApiError::too_large("ファイルは5MB以内にしてください。"));
    }
    if body.is_empty() {
        return Err(ApiError::field("file", "ファイルが空です。"));
    }
    let (lines, encoding) = bank_statement::read(&body).map_err(statement_error)?;
    let rows = desk_store::list_open_transfers(&state.db, &channel.id, OPEN_MAX).await?;
    let orderers: Vec<_> = rows.iter().map(orderer_of).collect();
    let open: Vec<OpenTransfer> = rows
        .iter()
        .zip(&orderers)
        .map(|(row, orderer)| OpenTransfer {
            order_no: row.order_no.clone(),
            kana: format!("{} {}", orderer.last_name_kana.trim(), orderer.first_name_kana.trim()).trim().to_owned(),
            remaining: row.total_payment - row.paid_amount,
        })
        .collect();
    let matches = bank_statement::match_lines(&lines, &open);
    let mut counts = StatementCounts::default();
    let lines = lines
        .iter()
        .zip(matches)
        .map(|(line, found)| {
            match found.status {
                MatchStatus::Matched => counts.matched += 1,
                MatchStatus::Ambiguous => counts.ambiguous += 1,
                MatchStatus::Unmatched => counts.unmatched += 1,
                MatchStatus::Skipped => counts.skipped += 1,
            }
            let candidates = found
                .candidates
                .iter()
                .map(|candidate| {
                    let (row, orderer, transfer) = (&rows[candidate.transfer], &orderers[candidate.transfer], &open[candidate.transfer]);
                    StatementCandidate {
                        order_no: row.order_no.clone(),
                        version: row.version,
                        orderer_name: orderer.name(),
                        orderer_kana: transfer.kana.clone(),
                        ordered_at: Timestamp(row.ordered_at),
                        remaining: transfer.remaining,
                        total: row.total_payment,
                        reason: candidate.reason,
                        amount_differs: candidate.amount_differs,
                    }
                })
                .collect();
            StatementLinePreview {
                line: line.line,
                paid_on: crate::delivery::calendar::iso(line.paid_on),
                amount: line.amount,
                payer: line.payer.clone(),
                status: found.status,
                proposed: found.proposed.map(|i| rows[i].order_no.clone()),
                candidates,
                note: if found.status == MatchStatus::Skipped { "出金または0円の行です。".into() } else { String::new() },
            }
        })
        .collect();
    Ok(Json(StatementPreview { encoding: encoding.label().to_owned(), lines, counts }))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct StatementMatchInput {
    /// The statement's line, echoed in the result.
    #[schema(required = true, value_type = i64)]
    pub line: Option<i64>,
    #[schema(required = true, value_type = String)]
    pub order_no: Option<String>,
    /// The order's version the preview showed.
    #[schema(required = true, value_type = i64)]
    pub version: Option<i64>,
    /// `YYYY-MM-DD`, the line's date.
    #[schema(required = true, value_type = String)]
    pub paid_on: Option<String>,
    /// The line's amount.
    #[schema(required = true, value_type = i64)]
    pub amount: Option<i64>,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct StatementApplyInput {
    pub matches: Vec<StatementMatchInput>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum StatementOutcome {
    Paid,
    PartiallyPaid,
    Overpaid,
    Stale,
    Refused,
    NotFound,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct StatementResult {
    pub line: i64,
    pub order_no: String,
    pub outcome: StatementOutcome,
    pub message: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct StatementApplied {
    pub results: Vec<StatementResult>,
}

/// One confirmed line, checked.
struct Confirmed {
    line: i64,
    order_no: String,
    version: i64,
    paid_on: time::Date,
    amount: i64,
}

fn checked_matches(input: StatementApplyInput) -> ApiResult<Vec<Confirmed>> {
    let mut errors = FieldErrors::new();
    let mut push = |field: String, message: &str| errors.entry(field).or_default().push(message.to_owned());
    if input.matches.is_empty() {
        push("matches".into(), "確定する入金を選んでください。");
    } else if input.matches.len() > APPLY_MAX {
        push("matches".into(), "一度に確定できるのは500件までです。");
    }
    let today = today_jst();
    let mut confirmed = Vec::with_capacity(input.matches.len());
    for (index, m) in input.matches.into_iter().enumerate() {
        let field = |name: &str| format!("matches[{index}].{name}");
        let paid_on = m.paid_on.as_deref().and_then(parse_date);
        match paid_on {
            None => push(field("paid_on"), "日付はYYYY-MM-DDの形式で指定してください。"),
            Some(day) if day > today => push(field("paid_on"), "入金日に未来の日付は指定できません。"),
            _ => {}
        }
        if !m.amount.is_some_and(|amount| (1..=100_000_000).contains(&amount)) {
            push(field("amount"), "入金額は1円以上1億円以下で指定してください。");
        }
        let order_no = m.order_no.unwrap_or_default().trim().to_owned();
        if order_no.is_empty() {
            push(field("order_no"), "注文番号を指定してください。");
        }
        if m.version.is_none() {
            push(field("version"), "版番号がありません。取り込み直してください。");
        }
        if let (Some(paid_on), Some(amount), Some(version)) = (paid_on, m.amount, m.version) {
            confirmed.push(Confirmed { line: m.line.unwrap_or(0), order_no, version, paid_on, amount });
        }
    }
    if errors.is_empty() { Ok(confirmed) } else { Err(ApiError::Invalid(errors)) }
}

#[utoipa::path(post, path = "/v1/admin/bank-statements/apply", operation_id = "admin_apply_bank_statement", tag = "admin",
    request_body = StatementApplyInput,
    responses(
        (status = 200, body = StatementApplied, description = "each confirmed line recorded as the order desk's 入金確認 (or why not), in its own transaction"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "`errors.matches`, `errors[\"matches[i].amount\"]` …: nothing recorded"),
    ))]
pub async fn apply_statement(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<PaymentsConfirm>,
    ApiJson(input): ApiJson<StatementApplyInput>,
) -> ApiResult<Json<StatementApplied>> {
    let mut results = Vec::new();
    for confirmed in checked_matches(input)? {
        let edit = Edit { state: &state, channel: &channel, staff: &staff, order_no: &confirmed.order_no, version: confirmed.version };
        let (outcome, message) = match desk::confirm_payment(&edit, confirmed.paid_on, confirmed.amount).await {
            Ok(()) => recorded(&state, &channel, &confirmed.order_no).await?,
            Err(ApiError::Rule { code: Some(desk::STALE_CODE), .. }) => {
                (StatementOutcome::Stale, "この注文は他の画面で更新されました。取り込み直してください。".to_owned())
            }
            Err(ApiError::NotFound(_)) => (StatementOutcome::NotFound, "注文が見つかりません。".to_owned()),
            Err(ApiError::Rule { message, .. }) => (StatementOutcome::Refused, message),
            Err(other) => return Err(other),
        };
        results.push(StatementResult { line: confirmed.line, order_no: confirmed.order_no, outcome, message });
    }
    Ok(Json(StatementApplied { results }))
}

/// What the recorded payment made of the order.
async fn recorded(state: &AppState, channel: &Channel, order_no: &str) -> ApiResult<(StatementOutcome, String)> {
    let row = store::find_order_by_no(&state.db.pool, &channel.id, order_no).await?.ok_or_else(ApiError::not_found)?;
    Ok(match PaymentState::parse(&row.payment_state) {
        Some(PaymentState::PartiallyPaid) => (StatementOutcome::PartiallyPaid, "一部入金として記録しました（要確認）。".to_owned()),
        _ if row.paid_amount > row.total_payment => (StatementOutcome::Overpaid, "過入金として記録しました（要確認）。".to_owned()),
        _ => (StatementOutcome::Paid, "入金済にしました。".to_owned()),
    })
}
