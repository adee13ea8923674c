//! The corporate (B2B) variant's company details beyond the name and department (spec 000 §3
//! "Corporate (business) variant fields"): establishment, capital, annual sales, employees,
//! business hours and holidays, the preferred delivery and payment, the carrier, and the
//! member's default purchase-order reference. The delivery and payment choices are the closed
//! lists of spec 000 §3 "Constants lists"; checkout follows them in the corporate shop.
//! Consumer shops ignore every field here (they stay NULL).
use serde::{Deserialize, Serialize};

use super::profile::{Loose, text};
use crate::channel::corporate::{DeliveryOption, PaymentOption};
use crate::validation::{self as rules, FieldCheck, optional};

/// 営業時間, 定休日, 利用運送会社, 発注番号: short free text.
pub const BUSINESS_TEXT_MAX: usize = 100;
/// 発注番号 (a purchase-order reference printed on the order).
pub const ORDER_NO_MAX: usize = 50;

pub const INVOICE_NOT_APPROVED: &str = "請求書払い（後払い）は、当店の審査を通過した法人様のみご利用いただけます。お支払い方法を変更してください。";

/// The company details as the forms send them (corporate channels only).
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct BusinessInput {
    /// 設立年月, `YYYY-MM`.
    pub establishment: Option<String>,
    /// 資本金 in yen (0 or more).
    #[schema(value_type = Option<i64>)]
    pub capital: Option<Loose>,
    /// 年商 in yen (0 or more).
    #[schema(value_type = Option<i64>)]
    pub annual_sale: Option<Loose>,
    /// 従業員数 (0 or more).
    #[schema(value_type = Option<i64>)]
    pub employee_num: Option<Loose>,
    /// 営業時間 (free text, e.g. `9:00〜18:00`).
    pub business_hours: Option<String>,
    /// 定休日 (free text, e.g. `土日祝`).
    pub business_holiday: Option<String>,
    /// 配送方法: 1 問屋引取り, 2 店舗直送, 3 お客様直送.
    #[schema(value_type = Option<i64>)]
    pub delivery: Option<Loose>,
    /// 利用運送会社.
    pub delivery_company: Option<String>,
    /// 支払方法: 1 銀行振込（前払い）, 2 請求書払い（後払い, approved companies only）, 3 後払い決済サービス.
    #[schema(value_type = Option<i64>)]
    pub payment: Option<Loose>,
    /// 発注番号: the member's default purchase-order reference.
    pub order_no: Option<String>,
}

/// The checked company details; all None outside the corporate variant.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct Business {
    /// 設立年月, `YYYY-MM` (corporate channels only, null elsewhere).
    pub establishment: Option<String>,
    /// 資本金 (yen).
    pub capital: Option<i64>,
    /// 年商 (yen).
    pub annual_sale: Option<i64>,
    /// 従業員数.
    pub employee_num: Option<i64>,
    pub business_hours: Option<String>,
    pub business_holiday: Option<String>,
    /// 配送方法: 1 問屋引取り, 2 店舗直送, 3 お客様直送.
    pub delivery: Option<i64>,
    pub delivery_company: Option<String>,
    /// 支払方法: 1 銀行振込（前払い）, 2 請求書払い（後払い）, 3 後払い決済サービス.
    pub payment: Option<i64>,
    /// 発注番号 (default purchase-order reference).
    pub order_no: Option<String>,
}

/// A whole number field: blank is none; anything else must pass the shared rule.
fn number(check: &mut FieldCheck, field: &str, value: Option<Loose>, max: u64) -> Option<i64> {
    let typed = match value {
        None => return None,
        Some(Loose::Int(n)) => n.to_string(),
        Some(Loose::Text(t)) => t.trim().to_owned(),
    };
    if typed.is_empty() {
        return None;
    }
    check.field(field, rules::non_negative_integer(&typed, max));
    typed.parse().ok().filter(|_| !check.has(field))
}

/// One of a closed list; blank is none.
fn code<T>(check: &mut FieldCheck, field: &str, label: &str, value: Option<Loose>, parse: fn(i64) -> Option<T>) -> Option<i64> {
    match value {
        None => None,
        Some(Loose::Text(t)) if t.trim().is_empty() => None,
        Some(Loose::Int(n)) if parse(n).is_some() => Some(n),
        Some(_) => {
            check.field(field, Err(format!("{label}は選択肢の中から選んでください")));
            None
        }
    }
}

impl Business {
    /// Checks every field into `check` (every field is optional). Outside the corporate
    /// variant the input is ignored.
    pub fn check(input: BusinessInput, corporate: bool, check: &mut FieldCheck) -> Business {
        if !corporate {
            return Business::default();
        }
        let line = |check: &mut FieldCheck, field: &str, value: Option<String>, max: usize| {
            let value = text(check, field, value, false, max);
            (!value.is_empty()).then_some(value)
        };
        let establishment = line(check, "establishment", input.establishment, 7);
        if let Some(month) = &establishment {
            check.field("establishment", optional(month, |m| rules::year_month(m, rules::today_jst())));
        }
        Business {
            establishment,
            capital: number(check, "capital", input.capital, rules::YEN_MAX),
            annual_sale: number(check, "annual_sale", input.annual_sale, rules::YEN_MAX),
            employee_num: number(check, "employee_num", input.employee_num, rules::COUNT_MAX),
            business_hours: line(check, "business_hours", input.business_hours, BUSINESS_TEXT_MAX),
            business_holiday: line(check, "business_holiday", input.business_holiday, BUSINESS_TEXT_MAX),
            delivery: code(check, "delivery", "配送方法", input.delivery, DeliveryOption::parse),
            delivery_company: line(check, "delivery_company", input.delivery_company, BUSINESS_TEXT_MAX),
            payment: code(check, "payment", "支払方法", input.payment, PaymentOption::parse),
            order_no: line(check, "order_no", input.order_no, ORDER_NO_MAX),
        }
    }

    pub fn delivery_option(&self) -> Option<DeliveryOption> {
        self.delivery.and_then(DeliveryOption::parse)
    }

    pub fn payment_option(&self) -> Option<PaymentOption> {
        self.payment.and_then(PaymentOption::parse)
    }

    /// 請求書払い as the preferred payment needs the shop's approval of the company.
    pub fn check_invoice(&self, invoice_approved: bool, check: &mut FieldCheck) {
        if self.payment_option() == Some(PaymentOption::Invoice) && !invoice_approved {
            check.field("payment", Err(INVOICE_NOT_APPROVED));
        }
    }
}

/// The shop's approval of a company for 請求書払い (`shop member approve-invoice`): the
/// channel by code, the member by e-mail (lower-cased, as stored). Answers the e-mail.
pub async fn approve_invoice(db: &crate::infra::db::Db, channel_code: &str, email: &str, approved: bool) -> anyhow::Result<String> {
    let channel = crate::channel::store::find_channel_by_code(db, channel_code)
        .await?
        .ok_or_else(|| anyhow::anyhow!("no channel `{channel_code}` (see `shop channel list`)"))?;
    let email = email.trim().to_lowercase();
    let now = crate::infra::time::Timestamp::now().0;
    let found = super::store::update_invoice_approved(&db.pool, &channel.id, super::store::MemberRef::Email(&email), approved, now).await?;
    anyhow::ensure!(found, "no member `{email}` in channel `{channel_code}`");
    Ok(email)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::channel::PaymentKind;
    use crate::infra::error::{ApiError, FieldErrors};

    fn errors(check: FieldCheck) -> FieldErrors {
        match check.finish() {
            Err(ApiError::Invalid(errors)) => errors,
            other => panic!("expected field errors, got {other:?}"),
        }
    }

    fn full() -> BusinessInput {
        BusinessInput {
            establishment: Some("2008-04".into()),
            capital: Some(Loose::Int(10_000_000)),
            annual_sale: Some(Loose::Text(" 480000000 ".into())),
            employee_num: Some(Loose::Int(35)),
            business_hours: Some("9:00〜18:00".into()),
            business_holiday: Some("土日祝".into()),
            delivery: Some(Loose::Int(3)),
            delivery_company: Some("ヤマト運輸".into()),
            payment: Some(Loose::Int(2)),
            order_no: Some("PO-2026-001".into()),
        }
    }

    #[test]
    fn corporate_details_are_kept_as_numbers_and_codes() {
        let mut check = FieldCheck::default();
        let business = Business::check(full(), true, &mut check);
        assert!(check.is_ok());
        assert_eq!((business.capital, business.annual_sale, business.employee_num), (Some(10_000_000), Some(480_000_000), Some(35)));
        assert_eq!(business.delivery_option(), Some(DeliveryOption::Customer));
        assert_eq!(business.payment_option().map(PaymentOption::kind), Some(PaymentKind::Invoice));
        assert_eq!(business.establishment.as_deref(), Some("2008-04"));
    }

    #[test]
    fn blanks_are_none_and_consumer_shops_ignore_everything() {
        let mut check = FieldCheck::default();
        let blank = BusinessInput { capital: Some(Loose::Text("".into())), delivery: Some(Loose::Text(" ".into())), ..Default::default() };
        assert_eq!(Business::check(blank, true, &mut check), Business::default());
        assert_eq!(Business::check(full(), false, &mut check), Business::default());
        assert!(check.is_ok());
    }

    #[test]
    fn bad_values_get_field_messages() {
        let input = BusinessInput {
            establishment: Some("2008/4".into()),
            capital: Some(Loose::Int(-1)),
            annual_sale: Some(Loose::Text("1,000".into())),
            employee_num: Some(Loose::Int(10_000_000)),
            business_hours: Some("時".repeat(101)),
            delivery: Some(Loose::Int(4)),
            payment: Some(Loose::Text("invoice".into())),
            order_no: Some("X".repeat(51)),
            ..Default::default()
        };
        let mut check = FieldCheck::default();
        Business::check(input, true, &mut check);
        let errors = errors(check);
        assert_eq!(errors["establishment"], [rules::YEAR_MONTH]);
        assert_eq!(errors["capital"], ["0〜999999999999999の整数を半角数字で入力してください"]);
        assert_eq!(errors["annual_sale"], ["0〜999999999999999の整数を半角数字で入力してください"]);
        assert_eq!(errors["employee_num"], ["0〜9999999の整数を半角数字で入力してください"]);
        assert_eq!(errors["business_hours"], ["100文字以内で入力してください"]);
        assert_eq!(errors["delivery"], ["配送方法は選択肢の中から選んでください"]);
        assert_eq!(errors["payment"], ["支払方法は選択肢の中から選んでください"]);
        assert_eq!(errors["order_no"], ["50文字以内で入力してください"]);
    }

    #[test]
    fn invoice_needs_the_shops_approval() {
        let mut check = FieldCheck::default();
        let business = Business::check(full(), true, &mut check);
        business.check_invoice(true, &mut check);
        assert!(check.is_ok());
        business.check_invoice(false, &mut check);
        assert_eq!(errors(check)["payment"], [INVOICE_NOT_APPROVED]);
    }
}
