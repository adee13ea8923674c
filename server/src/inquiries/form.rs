//! The contact form: what a customer sends with an inquiry, checked with the tree's shared
//! field rules (crate::validation — kana, phone, postal code, e-mail; the Tsunagu variants on
//! corporate channels, as their other forms use them), and the message body rule that replies
//! share.
use serde::{Deserialize, Serialize};

use super::{BODY_MAX, CATALOG_TOPIC};
use crate::addresses::entry::PREFECTURE_UNKNOWN;
use crate::catalog::store::taxonomy::CategoryRow;
use crate::members::address::{Address, AddressParts, postal_rule};
use crate::members::profile::{PHONE_MAX, text};
use crate::postal::import::is_prefecture;
use crate::validation::{self as rules, FieldCheck, optional};

pub const TOPIC_MESSAGE: &str = "お問い合わせ種別を選択してください。";
const NAME_MAX: usize = 100;
const JOB_MAX: usize = 100;
const ORDER_NUMBER_MAX: usize = 50;
/// The subject lists show: the body's first line, at most this many characters.
const SUBJECT_MAX: usize = 40;

/// The body of `POST /v1/inquiries`. Absent means empty.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct InquiryInput {
    /// One of the channel's inquiry topics (`GET /v1/categories/hierarchy?table=inquiries`).
    #[schema(required = true, value_type = String)]
    pub topic_id: Option<String>,
    #[schema(required = true, value_type = String, pattern = "\\S", max_length = 100)]
    pub name: Option<String>,
    /// Full-width katakana (corporate channels: katakana and the full-width space).
    #[schema(max_length = 100)]
    pub name_kana: Option<String>,
    #[schema(required = true, value_type = String, max_length = 254)]
    pub email: Option<String>,
    /// `03-1234-5678` or `0312345678` (corporate channels: digits only).
    #[schema(max_length = 13)]
    pub phone: Option<String>,
    #[schema(max_length = 250)]
    pub company: Option<String>,
    #[schema(max_length = 250)]
    pub department: Option<String>,
    #[schema(max_length = 100)]
    pub job: Option<String>,
    #[schema(max_length = 13)]
    pub fax: Option<String>,
    /// Required, with prefecture, city and address1, for the topic with key `catalog`.
    pub postal_code: Option<String>,
    pub prefecture: Option<String>,
    pub city: Option<String>,
    pub address1: Option<String>,
    pub address2: Option<String>,
    #[schema(max_length = 50)]
    pub order_number: Option<String>,
    /// 1–4,000 characters.
    #[schema(required = true, value_type = String, pattern = "\\S", max_length = 4000)]
    pub body: Option<String>,
    /// Keys of the sender's own files, not yet attached (at most 5).
    #[schema(max_items = 5)]
    pub files: Option<Vec<String>>,
}

/// The contact fields of an inquiry as stored and shown (trimmed; empty when not given; the
/// postal code as seven digits).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct ContactFields {
    pub name: String,
    pub name_kana: String,
    pub email: String,
    pub phone: String,
    pub company: String,
    pub department: String,
    pub job: String,
    pub fax: String,
    #[serde(flatten)]
    #[sqlx(flatten)]
    pub address: Address,
    pub order_number: String,
}

/// A checked inquiry form.
#[derive(Debug)]
pub struct CheckedInquiry {
    pub contact: ContactFields,
    pub body: String,
    pub files: Vec<String>,
}

/// A message body: trimmed, 1–[`BODY_MAX`] characters.
pub fn body(check: &mut FieldCheck, value: Option<String>) -> String {
    text(check, "body", value, true, BODY_MAX)
}

/// The file keys of a message: trimmed, at most [`crate::uploads::ATTACH_MAX`] (whose they are
/// is asked of the uploads afterwards).
pub fn files(check: &mut FieldCheck, value: Option<Vec<String>>) -> Vec<String> {
    let keys: Vec<String> = value.unwrap_or_default().into_iter().map(|k| k.trim().to_owned()).collect();
    if keys.len() > crate::uploads::ATTACH_MAX {
        check.field("files", Err(crate::uploads::ATTACH_MAX_MESSAGE));
    }
    keys
}

/// Checks every field into `check`; the form when all of them passed. `topic` is the
/// channel's inquiry topic that `topic_id` names, if it names one.
pub fn check(input: InquiryInput, corporate: bool, topic: Option<&CategoryRow>, check: &mut FieldCheck) -> Option<CheckedInquiry> {
    let was_ok = check.is_ok();
    if topic.is_none() {
        check.field("topic_id", Err(TOPIC_MESSAGE));
    }
    let name = text(check, "name", input.name, true, NAME_MAX);
    let name_kana = text(check, "name_kana", input.name_kana, false, NAME_MAX);
    check.field("name_kana", optional(&name_kana, if corporate { rules::tsunagu_kana } else { rules::kana }));
    let email = text(check, "email", input.email, true, rules::EMAIL_MAX);
    check.field("email", rules::email(&email));
    let phone_rule = if corporate { rules::tsunagu_phone } else { rules::tel };
    let phone = text(check, "phone", input.phone, false, PHONE_MAX);
    check.field("phone", optional(&phone, phone_rule));
    let fax = text(check, "fax", input.fax, false, PHONE_MAX);
    check.field("fax", optional(&fax, phone_rule));
    let company = text(check, "company", input.company, false, rules::COMPANY_MAX);
    let department = text(check, "department", input.department, false, rules::COMPANY_MAX);
    let job = text(check, "job", input.job, false, JOB_MAX);
    // A catalogue goes by post: its request needs the address.
    let needs_address = topic.is_some_and(|t| t.category_key == CATALOG_TOPIC);
    let parts =
        AddressParts { postal_code: input.postal_code, prefecture: input.prefecture, city: input.city, address1: input.address1, address2: input.address2 };
    let address = Address::check(check, "", parts, needs_address, postal_rule(corporate));
    check.field("prefecture", optional(&address.prefecture, |p| if is_prefecture(p) { Ok(()) } else { Err(PREFECTURE_UNKNOWN) }));
    let order_number = text(check, "order_number", input.order_number, false, ORDER_NUMBER_MAX);
    let body = body(check, input.body);
    let files = files(check, input.files);
    (was_ok && check.is_ok()).then_some(CheckedInquiry {
        contact: ContactFields { name, name_kana, email, phone, company, department, job, fax, address, order_number },
        body,
        files,
    })
}

/// What lists show of an inquiry: the first line of its body, shortened with `…`.
pub fn subject_of(body: &str) -> String {
    let line = body.lines().map(str::trim).find(|l| !l.is_empty()).unwrap_or("");
    if line.chars().count() > SUBJECT_MAX {
        let mut short: String = line.chars().take(SUBJECT_MAX - 1).collect();
        short.push('…');
        short
    } else {
        line.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::infra::error::ApiError;

    fn topic(key: &str) -> CategoryRow {
        CategoryRow { id: "t1".into(), category_key: key.into(), name: "商品について".into(), parent_id: None, position: 1, image_url: None }
    }

    fn input() -> InquiryInput {
        InquiryInput {
            topic_id: Some("t1".into()),
            name: Some(" 山田 太郎 ".into()),
            email: Some("taro@example.jp".into()),
            body: Some("ヘルメットのサイズについて教えてください。".into()),
            ..Default::default()
        }
    }

    fn errors(input: InquiryInput, corporate: bool, topic: Option<&CategoryRow>) -> Vec<String> {
        let mut check = FieldCheck::default();
        super::check(input, corporate, topic, &mut check);
        match check.finish() {
            Ok(()) => Vec::new(),
            Err(ApiError::Invalid(errors)) => errors.into_keys().collect(),
            Err(other) => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_smallest_inquiry_passes_trimmed() {
        let mut check = FieldCheck::default();
        let checked = super::check(input(), false, Some(&topic("product")), &mut check).unwrap();
        assert_eq!(checked.contact.name, "山田 太郎");
        assert!(checked.files.is_empty());
    }

    #[test]
    fn fields_follow_the_shared_rules() {
        let bad = InquiryInput {
            name_kana: Some("やまだ".into()),
            email: Some("taro@".into()),
            phone: Some("12-34".into()),
            body: Some("あ".repeat(BODY_MAX + 1)),
            files: Some((0..6).map(|i| i.to_string()).collect()),
            ..input()
        };
        assert_eq!(errors(bad, false, Some(&topic("product"))), ["body", "email", "files", "name_kana", "phone"]);
        assert_eq!(errors(InquiryInput { body: Some("  ".into()), ..input() }, false, None), ["body", "topic_id"]);
        let corporate_phone = InquiryInput { phone: Some("06-1234-5678".into()), ..input() };
        assert_eq!(errors(corporate_phone, true, Some(&topic("product"))), ["phone"], "digits only on corporate channels");
    }

    #[test]
    fn a_catalogue_request_needs_the_postal_address() {
        assert_eq!(errors(input(), false, Some(&topic(CATALOG_TOPIC))), ["address1", "city", "postal_code", "prefecture"]);
        let with_address = InquiryInput {
            postal_code: Some("150-0001".into()),
            prefecture: Some("東京都".into()),
            city: Some("渋谷区".into()),
            address1: Some("神宮前1-2-3".into()),
            ..input()
        };
        assert!(errors(with_address, false, Some(&topic(CATALOG_TOPIC))).is_empty());
        assert_eq!(errors(InquiryInput { prefecture: Some("東京".into()), ..input() }, false, Some(&topic("product"))), ["prefecture"]);
    }

    #[test]
    fn the_subject_is_the_first_line_shortened() {
        assert_eq!(subject_of("\n  ヘルメットについて\n詳細"), "ヘルメットについて");
        let long = subject_of(&"あ".repeat(60));
        assert_eq!(long.chars().count(), SUBJECT_MAX);
        assert!(long.ends_with('…'));
    }
}
