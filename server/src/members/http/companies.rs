//! The back office's companies (/admin, corporate shops only): the members of a corporate shop
//! are companies, and 請求書払い (spec 000 §3 payment 2, deferred invoice) is only for those the
//! shop approved. Staff see the list; owners give or withdraw an approval, which is written to
//! the audit log in the transaction that makes it. A consumer shop has no such list (404).
use crate::staff::permission::{Can, ShopSettings};
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};

use crate::channel::Channel;
use crate::channel::corporate::PaymentOption;
use crate::channel::settings::FrontSettings;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::{ApiJson, ApiPath, ApiQuery};
use crate::infra::ids::UserId;
use crate::infra::pagination::{AllowAll, DEFAULT_PER, ListBody, Page, PageQuery, Paginated};
use crate::infra::time::Timestamp;
use crate::members::store::{self, CompanyFilter, MemberRef, UserRow};
use crate::staff::Staff;
use crate::staff::audit::{self, AuditAction};
use crate::state::AppState;

/// 404 code of the companies on a consumer shop.
pub const NOT_CORPORATE_CODE: &str = "companies.not_corporate";
const QUERY_MAX: usize = 100;

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CompanyQuery {
    /// `approved` or `unapproved` for 請求書払い; blank for all.
    #[param(pattern = "^\\s*(approved|unapproved)?\\s*$")]
    pub invoice: Option<String>,
    /// Part of the company name, the contact's name, the e-mail or the member number.
    #[param(max_length = 100)]
    pub q: Option<String>,
    /// 1-based page number.
    #[param(schema_with = crate::infra::pagination::page_schema)]
    pub page: Option<String>,
    /// Page size (default 10, at most 100).
    #[param(schema_with = crate::infra::pagination::per_schema)]
    pub per: Option<String>,
}

/// A company (a member of the corporate shop) as the back office lists it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Company {
    pub id: String,
    /// The member number.
    pub code: String,
    /// 会社名 (empty if the member gave none).
    pub corporation: String,
    pub department: String,
    /// The contact person (姓 名).
    pub name: String,
    pub email: String,
    /// The member confirmed the e-mail address (with the mailed code).
    pub is_email_verified: bool,
    pub phone_number: String,
    /// The preferred payment: 1 銀行振込（前払い）, 2 請求書払い（後払い）, 3 後払い決済サービス.
    pub payment: Option<i64>,
    /// The preferred payment in words ("" when none was chosen).
    pub payment_label: String,
    /// The shop approved the company for 請求書払い.
    pub invoice_approved: bool,
    /// When the company registered.
    pub created_at: Timestamp,
}

impl From<&UserRow> for Company {
    fn from(row: &UserRow) -> Self {
        let p = &row.profile;
        Company {
            id: row.id.to_string(),
            code: row.code.clone(),
            corporation: p.corporation.clone().unwrap_or_default(),
            department: p.department.clone().unwrap_or_default(),
            name: format!("{} {}", p.last_name, p.first_name).trim().to_owned(),
            email: p.email.clone(),
            is_email_verified: row.is_registered(),
            phone_number: p.phone_number.clone(),
            payment: p.business.payment,
            payment_label: p.business.payment_option().map(PaymentOption::label).unwrap_or_default().to_owned(),
            invoice_approved: row.invoice_approved(),
            created_at: Timestamp(row.created_at),
        }
    }
}

/// The companies exist only on a corporate shop.
async fn require_corporate(state: &AppState, channel: &Channel) -> ApiResult<()> {
    if FrontSettings::load(&state.db, channel).await?.is_corporate {
        return Ok(());
    }
    Err(ApiError::rule_with(StatusCode::NOT_FOUND, NOT_CORPORATE_CODE, "このショップは法人向けではないため、法人会員の管理はありません。"))
}

fn invoice_filter(value: Option<&str>) -> ApiResult<Option<bool>> {
    match value.map(str::trim).filter(|v| !v.is_empty()) {
        None => Ok(None),
        Some("approved") => Ok(Some(true)),
        Some("unapproved") => Ok(Some(false)),
        Some(_) => Err(ApiError::field("invoice", "invoiceはapprovedまたはunapprovedで指定してください。")),
    }
}

#[utoipa::path(get, path = "/v1/admin/companies", tag = "admin", security(("staff_session" = [])), params(CompanyQuery),
    responses(
        (status = 200, body = ListBody<Company>, description = "the shop's companies, newest registration first", headers(
            ("x-total" = i64), ("x-per-page" = i64), ("x-last-page" = i64), ("x-current-page" = i64))),
        (status = 401, body = ErrorBody, description = "no staff session of this shop"),
        (status = 404, body = ErrorBody, description = "code `companies.not_corporate`: a consumer shop"),
        (status = 422, body = ErrorBody, description = "`invoice`, `q`, `page` or `per` is malformed"),
    ))]
pub async fn list_companies(
    State(state): State<AppState>,
    channel: Channel,
    _staff: Staff,
    ApiQuery(query): ApiQuery<CompanyQuery>,
) -> ApiResult<Paginated<Company>> {
    require_corporate(&state, &channel).await?;
    let page = Page::parse(&PageQuery { page: query.page.clone(), per: query.per.clone() }, DEFAULT_PER, AllowAll::No)?;
    let approved = invoice_filter(query.invoice.as_deref())?;
    // Counted as sent, spaces included, as the document's maxLength does.
    if query.q.as_deref().is_some_and(|q| q.chars().count() > QUERY_MAX) {
        return Err(ApiError::field("q", "検索語は100文字以内で入力してください。"));
    }
    let q = query.q.as_deref().map(str::trim).filter(|q| !q.is_empty());
    let (rows, total) = store::list_companies(&state.db, &channel.id, &CompanyFilter { approved, query: q }, page.per, page.offset()).await?;
    Ok(Paginated::new(rows.iter().map(Company::from).collect(), total, page))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct InvoiceApprovalInput {
    /// true: the company may pay by 請求書払い; false: the approval is withdrawn (a preferred
    /// 請求書払い on its profile is cleared with it).
    #[schema(required = true, value_type = bool)]
    pub approved: Option<bool>,
}

#[utoipa::path(put, path = "/v1/admin/companies/{id}/invoice-approval", tag = "admin", security(("staff_session" = [])), request_body = InvoiceApprovalInput,
    params(("id" = String, Path, description = "the member's id")),
    responses(
        (status = 200, body = Company, description = "the company with its approval as sent"),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "`staff.forbidden`: owners and managers only"),
        (status = 404, body = ErrorBody, description = "no such member of this shop, or a consumer shop (`companies.not_corporate`)"),
        (status = 422, body = ErrorBody, description = "`approved` missing"),
    ))]
pub async fn update_invoice_approval(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<ShopSettings>,
    ApiPath(id): ApiPath<String>,
    ApiJson(input): ApiJson<InvoiceApprovalInput>,
) -> ApiResult<Json<Company>> {
    require_corporate(&state, &channel).await?;
    let approved = input.approved.ok_or_else(|| ApiError::field("approved", "承認するかどうかを指定してください。"))?;
    let mut tx = state.db.begin_write().await?;
    if !store::update_invoice_approved(&mut *tx, &channel.id, MemberRef::Id(&id), approved, Timestamp::now().0).await? {
        return Err(ApiError::not_found());
    }
    let row = store::find_user(&mut *tx, &channel.id, &UserId::from_text(id.as_str())).await?.ok_or_else(ApiError::not_found)?;
    let company = Company::from(&row);
    let action = if approved { AuditAction::InvoiceApprove } else { AuditAction::InvoiceRevoke };
    audit::record_in(&mut tx, &staff, action, format!("{} {}", company.code, company.corporation).trim_end()).await?;
    tx.commit().await?;
    Ok(Json(company))
}
