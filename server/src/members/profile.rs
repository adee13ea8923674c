//! A member's profile as the registration and profile forms send it, checked into a value
//! that can be stored. The field rules are the shared ones of [`crate::validation`] (the same
//! vectors the storefront's forms run); this file decides which field needs which rule on
//! which channel (corporate channels: Tsunagu rules and the company fields). Text is trimmed
//! before the rules see it; passwords are kept as typed.
use serde::{Deserialize, Deserializer, Serialize};

use super::business::{Business, BusinessInput};
use super::security_answer::ANSWER_MAX;
use crate::infra::error::ApiError;
use crate::members::address::{Address, AddressParts, postal_rule};
use crate::validation::{self as rules, FieldCheck, optional};

pub const ADDRESS_MAX: usize = 100;
pub const PREFECTURE_MAX: usize = 10;
const SHORT_MAX: usize = 100;
const URL_MAX: usize = 250;
pub const PHONE_MAX: usize = 13;

/// 0/1, true/false, "0"/"1" and "" (none) all read as what they mean: form libraries send
/// numbers as strings, and a wrong type should be a field error, not a malformed body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Loose {
    Int(i64),
    Text(String),
}

impl<'de> Deserialize<'de> for Loose {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = serde_json::Value::deserialize(deserializer)?;
        Ok(match value {
            serde_json::Value::Bool(b) => Loose::Int(i64::from(b)),
            serde_json::Value::Number(n) => n.as_i64().map(Loose::Int).unwrap_or_else(|| Loose::Text(n.to_string())),
            serde_json::Value::String(s) => match s.trim().parse::<i64>() {
                Ok(n) => Loose::Int(n),
                Err(_) => Loose::Text(s),
            },
            other => Loose::Text(other.to_string()),
        })
    }
}

impl utoipa::PartialSchema for Loose {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::schema::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::Integer)
            .description(Some("an integer; numeric strings are accepted"))
            .into()
    }
}
impl utoipa::ToSchema for Loose {}

/// The profile fields of the registration and profile forms (spec 001 §3, the contract's User).
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct ProfileInput {
    pub email: Option<String>,
    /// 1 receive, 0 do not.
    #[schema(value_type = Option<i64>)]
    pub is_receive_newsletter: Option<Loose>,
    pub last_name: Option<String>,
    pub first_name: Option<String>,
    pub last_name_kana: Option<String>,
    pub first_name_kana: Option<String>,
    /// 1 male, 2 female, 3 other, 4 no answer.
    #[schema(value_type = Option<i64>)]
    pub gender_ct: Option<Loose>,
    /// YYYY-MM-DD
    pub birthday: Option<String>,
    pub postal_code: Option<String>,
    pub prefecture: Option<String>,
    pub city: Option<String>,
    pub address1: Option<String>,
    pub address2: Option<String>,
    pub phone_number: Option<String>,
    pub cell_phone_number: Option<String>,
    /// Corporate channels only (ignored elsewhere).
    pub corporation: Option<String>,
    pub department: Option<String>,
    pub business_type: Option<String>,
    pub store_name: Option<String>,
    pub url: Option<String>,
    /// The other company details (corporate channels only).
    #[serde(flatten)]
    pub business: BusinessInput,
}

/// A checked profile: e-mail lower-cased, postal code as 7 digits, blanks as "". It is also
/// the profile part of a stored member (`UserRow`) and of the `User` answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct Profile {
    pub email: String,
    /// 1 receive, 0 do not.
    pub is_receive_newsletter: i64,
    pub last_name: String,
    pub first_name: String,
    pub last_name_kana: String,
    pub first_name_kana: String,
    /// 1 male, 2 female, 3 other, 4 no answer.
    pub gender_ct: Option<i64>,
    /// YYYY-MM-DD
    pub birthday: Option<String>,
    // Optional on the profile: all five may be empty.
    #[serde(flatten)]
    #[sqlx(flatten)]
    pub address: Address,
    pub phone_number: String,
    pub cell_phone_number: String,
    /// Corporate channels only (null elsewhere).
    pub corporation: Option<String>,
    pub department: Option<String>,
    pub business_type: Option<String>,
    pub store_name: Option<String>,
    pub url: Option<String>,
    /// The other company details (corporate channels only, null elsewhere).
    #[serde(flatten)]
    #[sqlx(flatten)]
    pub business: Business,
}

/// The checked value once every field passed: 422 with the collected errors otherwise. The
/// checks above give `None` only together with an error.
pub fn checked<T>(value: Option<T>, check: FieldCheck) -> Result<T, ApiError> {
    check.finish()?;
    value.ok_or_else(|| ApiError::Internal(anyhow::anyhow!("a form passed its checks without a value")))
}

/// Trimmed text, "" when absent; required and length checked.
pub fn text(check: &mut FieldCheck, field: &str, value: Option<String>, required: bool, max: usize) -> String {
    let value = value.unwrap_or_default().trim().to_owned();
    if required {
        check.field(field, rules::required(&value));
    }
    check.field(field, rules::max_length(&value, max));
    value
}

/// One of a few numbered choices (gender, question, newsletter); blank is none.
fn choice(check: &mut FieldCheck, field: &str, label: &str, value: Option<Loose>, range: std::ops::RangeInclusive<i64>) -> Option<i64> {
    match value {
        None => None,
        Some(Loose::Text(t)) if t.trim().is_empty() => None,
        Some(Loose::Int(n)) if range.contains(&n) => Some(n),
        Some(_) => {
            check.field(field, Err(format!("{label}の選択が正しくありません")));
            None
        }
    }
}

impl Profile {
    /// Checks every field into `check`; the profile when all of them passed.
    pub fn check(input: ProfileInput, corporate: bool, check: &mut FieldCheck) -> Option<Profile> {
        let was_ok = check.is_ok();
        let email = text(check, "email", input.email, true, rules::EMAIL_MAX).to_lowercase();
        check.field("email", optional(&email, rules::email));
        let is_receive_newsletter = choice(check, "is_receive_newsletter", "メールマガジン", input.is_receive_newsletter, 0..=1).unwrap_or(0);

        let last_name = text(check, "last_name", input.last_name, true, rules::NAME_MAX);
        let first_name = text(check, "first_name", input.first_name, true, rules::NAME_MAX);
        let last_name_kana = text(check, "last_name_kana", input.last_name_kana, !corporate, rules::NAME_MAX);
        let first_name_kana = text(check, "first_name_kana", input.first_name_kana, !corporate, rules::NAME_MAX);
        if corporate {
            check.field("last_name", rules::tsunagu_name(&last_name));
            check.field("first_name", rules::tsunagu_name(&first_name));
            check.field("last_name_kana", optional(&last_name_kana, rules::tsunagu_kana));
            check.field("first_name_kana", optional(&first_name_kana, rules::tsunagu_kana));
        } else {
            check.field("last_name_kana", rules::kana(&last_name_kana));
            check.field("first_name_kana", rules::kana(&first_name_kana));
        }

        let gender_ct = choice(check, "gender_ct", "性別", input.gender_ct, 1..=4);
        let birthday = text(check, "birthday", input.birthday, false, 10);
        check.field("birthday", optional(&birthday, |b| rules::date_birth(b, rules::today_jst())));

        let parts =
            AddressParts { postal_code: input.postal_code, prefecture: input.prefecture, city: input.city, address1: input.address1, address2: input.address2 };
        let address = Address::check(check, "", parts, false, postal_rule(corporate));

        let phone_rule = if corporate { rules::tsunagu_phone } else { rules::tel };
        let phone_number = text(check, "phone_number", input.phone_number, false, PHONE_MAX);
        check.field("phone_number", optional(&phone_number, phone_rule));
        let cell_phone_number = text(check, "cell_phone_number", input.cell_phone_number, false, PHONE_MAX);
        check.field("cell_phone_number", optional(&cell_phone_number, phone_rule));

        // Company fields exist on corporate channels only; elsewhere they are ignored.
        let mut company = |field: &str, value: Option<String>, required: bool, max: usize| {
            let value = if corporate { text(check, field, value, required, max) } else { String::new() };
            (!value.is_empty()).then_some(value)
        };
        let corporation = company("corporation", input.corporation, true, rules::COMPANY_MAX);
        let department = company("department", input.department, false, rules::COMPANY_MAX);
        let business_type = company("business_type", input.business_type, false, SHORT_MAX);
        let store_name = company("store_name", input.store_name, false, rules::COMPANY_MAX);
        let url = company("url", input.url, false, URL_MAX);
        if let Some(url) = &url
            && (!(url.starts_with("http://") || url.starts_with("https://")) || url.chars().any(char::is_whitespace))
        {
            check.field("url", Err("URLはhttp://またはhttps://から始まる形式で入力してください"));
        }
        let business = Business::check(input.business, corporate, check);

        (was_ok && check.is_ok()).then(|| Profile {
            email,
            is_receive_newsletter,
            last_name,
            first_name,
            last_name_kana,
            first_name_kana,
            gender_ct,
            birthday: (!birthday.is_empty()).then_some(birthday),
            address,
            phone_number,
            cell_phone_number,
            corporation,
            department,
            business_type,
            store_name,
            url,
            business,
        })
    }
}

/// The login id: lower-cased, then the shared username rule.
pub fn check_username(check: &mut FieldCheck, field: &str, value: Option<String>) -> Option<String> {
    let username = text(check, field, value, true, rules::USERNAME_MAX).to_lowercase();
    check.field(field, optional(&username, rules::username));
    (!check.has(field)).then_some(username)
}

/// A new password and its confirmation (the Tsunagu rule, used on every channel).
pub fn check_new_password(check: &mut FieldCheck, password: Option<String>, confirmation: Option<String>) -> Option<String> {
    let password = password.unwrap_or_default();
    check.field("password", rules::required(&password).and_then(|_| rules::password(&password)));
    if !check.has("password") {
        check.field("password_confirmation", rules::password_confirmation(&password, confirmation.as_deref().unwrap_or("")));
    }
    (!check.has("password") && !check.has("password_confirmation")).then_some(password)
}

/// A security question and its answer: both or neither.
pub fn check_question(check: &mut FieldCheck, question_ct: Option<Loose>, answer: Option<String>) -> Option<(i64, String)> {
    let question = choice(check, "question_ct", "秘密の質問", question_ct, 1..=4);
    let answer = text(check, "answer", answer, question.is_some(), ANSWER_MAX);
    match question {
        Some(q) if !answer.is_empty() && !check.has("answer") => Some((q, answer)),
        None if !answer.is_empty() => {
            check.field("question_ct", rules::required(""));
            None
        }
        _ => None,
    }
}

/// A replacement security question: unlike registration, both the question and its answer
/// are required.
pub fn check_new_question(check: &mut FieldCheck, question_ct: Option<Loose>, answer: Option<String>) -> Option<(i64, String)> {
    let blank_question = match &question_ct {
        None => true,
        Some(Loose::Text(t)) => t.trim().is_empty(),
        Some(Loose::Int(_)) => false,
    };
    if blank_question {
        check.field("question_ct", rules::required(""));
    }
    let answer_given = answer.as_deref().is_some_and(|a| !a.trim().is_empty());
    let question = check_question(check, question_ct, answer);
    if !answer_given && !check.has("answer") {
        check.field("answer", rules::required(""));
    }
    question
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::infra::error::FieldErrors;

    fn errors(check: FieldCheck) -> FieldErrors {
        match check.finish() {
            Err(ApiError::Invalid(errors)) => errors,
            other => panic!("expected field errors, got {other:?}"),
        }
    }

    fn demo_input() -> ProfileInput {
        ProfileInput {
            email: Some(" Taro@Example.JP ".into()),
            is_receive_newsletter: Some(Loose::Int(1)),
            last_name: Some("山田".into()),
            first_name: Some("太郎".into()),
            last_name_kana: Some("ヤマダ".into()),
            first_name_kana: Some("タロウ".into()),
            gender_ct: Some(Loose::Int(1)),
            birthday: Some("1990-04-01".into()),
            postal_code: Some("150-0001".into()),
            prefecture: Some("東京都".into()),
            city: Some("渋谷区".into()),
            address1: Some("神宮前1-2-3".into()),
            phone_number: Some("03-1234-5678".into()),
            ..Default::default()
        }
    }

    fn corporate_input() -> ProfileInput {
        ProfileInput {
            postal_code: Some("1500001".into()),
            phone_number: Some("0312345678".into()),
            last_name_kana: None,
            first_name_kana: None,
            corporation: Some("株式会社つなぐ商事".into()),
            department: Some("購買部".into()),
            ..demo_input()
        }
    }

    #[test]
    fn a_demo_profile_is_normalised() {
        let mut check = FieldCheck::default();
        let profile = Profile::check(demo_input(), false, &mut check).expect("valid");
        assert_eq!(profile.email, "taro@example.jp");
        assert_eq!(profile.address.postal_code, "1500001");
        assert_eq!(profile.is_receive_newsletter, 1);
        assert_eq!((profile.corporation, profile.department), (None, None));
    }

    #[test]
    fn required_fields_get_the_shared_message() {
        let mut check = FieldCheck::default();
        assert!(Profile::check(ProfileInput::default(), false, &mut check).is_none());
        let errors = errors(check);
        for field in ["email", "last_name", "first_name", "last_name_kana", "first_name_kana"] {
            assert_eq!(errors[field], [rules::REQUIRED], "{field}");
        }
        assert!(!errors.contains_key("postal_code"), "the address is optional");
    }

    #[test]
    fn demo_rules_check_kana_postal_code_phone_and_birthday() {
        let input = ProfileInput {
            last_name_kana: Some("やまだ".into()),
            postal_code: Some("15-00001".into()),
            phone_number: Some("1234".into()),
            birthday: Some("2990-01-01".into()),
            ..demo_input()
        };
        let mut check = FieldCheck::default();
        assert!(Profile::check(input, false, &mut check).is_none());
        let errors = errors(check);
        assert_eq!(errors["last_name_kana"], [rules::KANA]);
        assert_eq!(errors["postal_code"], [rules::POST]);
        assert_eq!(errors["phone_number"], [rules::TEL]);
        assert_eq!(errors["birthday"], [rules::DATE_FUTURE]);
    }

    #[test]
    fn corporate_needs_the_company_and_takes_the_tsunagu_rules() {
        let input = ProfileInput {
            corporation: None,
            last_name: Some("Yamada".into()),
            phone_number: Some("03-1234-5678".into()),
            postal_code: Some("150-0001".into()),
            ..corporate_input()
        };
        let mut check = FieldCheck::default();
        assert!(Profile::check(input, true, &mut check).is_none());
        let errors = errors(check);
        assert_eq!(errors["corporation"], [rules::REQUIRED]);
        assert_eq!(errors["last_name"], [rules::TSUNAGU_NAME]);
        assert_eq!(errors["phone_number"], [rules::TSUNAGU_PHONE]);
        assert_eq!(errors["postal_code"], [rules::TSUNAGU_POSTAL]);
    }

    #[test]
    fn corporate_kana_is_optional_and_the_company_is_kept() {
        let mut check = FieldCheck::default();
        let profile = Profile::check(corporate_input(), true, &mut check).unwrap_or_else(|| panic!("{:?}", check.finish()));
        assert_eq!(profile.corporation.as_deref(), Some("株式会社つなぐ商事"));
        assert_eq!(profile.last_name_kana, "");
        let long = ProfileInput { corporation: Some("株".repeat(251)), ..corporate_input() };
        let mut check = FieldCheck::default();
        assert!(Profile::check(long, true, &mut check).is_none());
        assert_eq!(errors(check)["corporation"], ["250文字以内で入力してください"]);
    }

    #[test]
    fn company_fields_are_ignored_outside_corporate_channels() {
        let mut check = FieldCheck::default();
        let input = ProfileInput { corporation: Some("株式会社つなぐ商事".into()), ..demo_input() };
        assert_eq!(Profile::check(input, false, &mut check).unwrap().corporation, None);
    }

    #[test]
    fn choices_accept_numbers_as_text_and_refuse_others() {
        let input = ProfileInput { gender_ct: Some(Loose::Text("".into())), is_receive_newsletter: Some(Loose::Int(0)), ..demo_input() };
        let mut check = FieldCheck::default();
        let profile = Profile::check(input, false, &mut check).unwrap();
        assert_eq!((profile.gender_ct, profile.is_receive_newsletter), (None, 0));
        let mut check = FieldCheck::default();
        assert!(Profile::check(ProfileInput { gender_ct: Some(Loose::Int(9)), ..demo_input() }, false, &mut check).is_none());
        assert_eq!(errors(check)["gender_ct"], ["性別の選択が正しくありません"]);
        let parsed: ProfileInput = serde_json::from_str(r#"{"gender_ct": "2", "is_receive_newsletter": true}"#).unwrap();
        assert_eq!((parsed.gender_ct, parsed.is_receive_newsletter), (Some(Loose::Int(2)), Some(Loose::Int(1))));
    }

    #[test]
    fn a_new_password_must_follow_the_rule_and_match() {
        let mut check = FieldCheck::default();
        assert_eq!(check_new_password(&mut check, Some("ride2026demo".into()), Some("ride2026demo".into())).as_deref(), Some("ride2026demo"));
        let mut check = FieldCheck::default();
        assert!(check_new_password(&mut check, Some("ride2026demo".into()), Some("ride2026dem".into())).is_none());
        assert_eq!(errors(check)["password_confirmation"], [rules::PASSWORD_CONFIRMATION]);
        let mut check = FieldCheck::default();
        assert!(check_new_password(&mut check, Some("short1".into()), Some("short1".into())).is_none());
        assert_eq!(errors(check)["password"], [rules::PASSWORD]);
    }

    #[test]
    fn a_question_needs_its_answer() {
        let mut check = FieldCheck::default();
        assert_eq!(check_question(&mut check, Some(Loose::Int(1)), Some(" ポチ ".into())), Some((1, "ポチ".into())));
        let mut check = FieldCheck::default();
        assert_eq!(check_question(&mut check, Some(Loose::Int(1)), None), None);
        assert_eq!(errors(check)["answer"], [rules::REQUIRED]);
        let mut check = FieldCheck::default();
        assert_eq!(check_question(&mut check, None, None), None);
        assert!(check.is_ok());
    }

    #[test]
    fn a_new_question_needs_both_the_question_and_the_answer() {
        let mut check = FieldCheck::default();
        assert_eq!(check_new_question(&mut check, Some(Loose::Int(2)), Some(" タマ ".into())), Some((2, "タマ".into())));
        assert!(check.is_ok());
        let mut check = FieldCheck::default();
        assert_eq!(check_new_question(&mut check, None, None), None);
        let both = errors(check);
        assert_eq!((both["question_ct"].clone(), both["answer"].clone()), (vec![rules::REQUIRED.to_owned()], vec![rules::REQUIRED.to_owned()]));
        let mut check = FieldCheck::default();
        assert_eq!(check_new_question(&mut check, Some(Loose::Int(2)), Some("  ".into())), None);
        assert_eq!(errors(check)["answer"], [rules::REQUIRED]);
        let mut check = FieldCheck::default();
        assert_eq!(check_new_question(&mut check, Some(Loose::Int(9)), Some("タマ".into())), None);
        assert_eq!(errors(check)["question_ct"], ["秘密の質問の選択が正しくありません"]);
    }

    #[test]
    fn login_ids_are_lower_cased_and_follow_the_shared_rule() {
        let mut check = FieldCheck::default();
        assert_eq!(check_username(&mut check, "username", Some(" Demo-Member ".into())).as_deref(), Some("demo-member"));
        let mut check = FieldCheck::default();
        assert_eq!(check_username(&mut check, "username", Some("ご".into())), None);
        assert_eq!(errors(check)["username"], [rules::USERNAME]);
    }
}
