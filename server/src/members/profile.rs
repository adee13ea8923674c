//! A member's profile as the registration and profile forms send it, checked into a value
//! that can be stored. The field rules are the shared ones of `crate::validation` (the same
//! vectors the storefront's forms run); this file decides which field needs which rule on
//! which channel (corporate channels: Tsunagu rules and the company fields).
use serde::{Deserialize, Deserializer, Serialize};

use super::security_answer::ANSWER_MAX;
use crate::infra::error::FieldErrors;
// Until the shared rule set (crate::validation) lands from main.
use super::interim_rules as rules;

pub const NAME_MAX: usize = 50;
pub const CORPORATE_MAX: usize = 250;
const ADDRESS_MAX: usize = 100;
const PREFECTURE_MAX: usize = 10;
const SHORT_MAX: usize = 100;
const URL_MAX: usize = 250;

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
    /// Seven digits.
    pub postal_code: String,
    pub prefecture: String,
    pub city: String,
    pub address1: String,
    pub address2: String,
    pub phone_number: String,
    pub cell_phone_number: String,
    /// Corporate channels only (null elsewhere).
    pub corporation: Option<String>,
    pub department: Option<String>,
    pub business_type: Option<String>,
    pub store_name: Option<String>,
    pub url: Option<String>,
}

/// Collects the field errors of one form.
#[derive(Default)]
pub struct Checks {
    pub errors: FieldErrors,
}

impl Checks {
    pub fn fail(&mut self, field: &str, message: impl Into<String>) {
        self.errors.entry(field.to_owned()).or_default().push(message.into());
    }

    fn has(&self, field: &str) -> bool {
        self.errors.contains_key(field)
    }

    /// Trimmed text, "" when absent; a field error when required and blank, or too long.
    pub fn text(&mut self, field: &str, label: &str, value: Option<String>, required: bool, max: usize) -> String {
        let value = value.unwrap_or_default().trim().to_owned();
        if value.is_empty() {
            if required {
                self.fail(field, format!("{label}を入力してください。"));
            }
        } else if value.chars().count() > max {
            self.fail(field, format!("{label}は{max}文字以内で入力してください。"));
        }
        value
    }

    /// Runs a shared rule on a non-blank value that passed the length checks.
    fn rule(&mut self, field: &str, value: &str, rule: impl FnOnce(&str) -> Result<(), String>) {
        if !value.is_empty() && !self.has(field) {
            if let Err(message) = rule(value) {
                self.fail(field, message);
            }
        }
    }

    fn choice(&mut self, field: &str, label: &str, value: Option<Loose>, range: std::ops::RangeInclusive<i64>) -> Option<i64> {
        match value {
            None => None,
            Some(Loose::Text(t)) if t.trim().is_empty() => None,
            Some(Loose::Int(n)) if range.contains(&n) => Some(n),
            Some(_) => {
                self.fail(field, format!("{label}の選択が正しくありません。"));
                None
            }
        }
    }
}

impl Profile {
    /// Checks every field; errors are added to `checks` (so a form's other fields can join).
    pub fn check(input: ProfileInput, corporate: bool, checks: &mut Checks) -> Option<Profile> {
        let before = checks.errors.len();
        let email = checks.text("email", "メールアドレス", input.email, true, rules::EMAIL_MAX).to_lowercase();
        checks.rule("email", &email, rules::email);
        let is_receive_newsletter = checks.choice("is_receive_newsletter", "メールマガジン", input.is_receive_newsletter, 0..=1).unwrap_or(0);

        let last_name = checks.text("last_name", "姓", input.last_name, true, NAME_MAX);
        let first_name = checks.text("first_name", "名", input.first_name, true, NAME_MAX);
        // Corporate (Tsunagu) forms take names in full-width characters only.
        if corporate {
            checks.rule("last_name", &last_name, rules::full_width);
            checks.rule("first_name", &first_name, rules::full_width);
        }
        let last_name_kana = checks.text("last_name_kana", "セイ", input.last_name_kana, !corporate, NAME_MAX);
        let first_name_kana = checks.text("first_name_kana", "メイ", input.first_name_kana, !corporate, NAME_MAX);
        checks.rule("last_name_kana", &last_name_kana, rules::kana);
        checks.rule("first_name_kana", &first_name_kana, rules::kana);

        let gender_ct = checks.choice("gender_ct", "性別", input.gender_ct, 1..=4);
        let birthday = checks.text("birthday", "生年月日", input.birthday, false, 10);
        checks.rule("birthday", &birthday, rules::birth_date);

        let postal = checks.text("postal_code", "郵便番号", input.postal_code, false, 8);
        let postal_rule = if corporate { rules::tsunagu_postal_code } else { rules::postal_code };
        checks.rule("postal_code", &postal, postal_rule);
        let postal_code = postal.replace('-', "");
        let prefecture = checks.text("prefecture", "都道府県", input.prefecture, false, PREFECTURE_MAX);
        let city = checks.text("city", "市区町村", input.city, false, ADDRESS_MAX);
        let address1 = checks.text("address1", "番地", input.address1, false, ADDRESS_MAX);
        let address2 = checks.text("address2", "建物名", input.address2, false, ADDRESS_MAX);

        let phone_rule = if corporate { rules::tsunagu_tel } else { rules::tel };
        let phone_number = checks.text("phone_number", "電話番号", input.phone_number, false, 13);
        checks.rule("phone_number", &phone_number, phone_rule);
        let cell_phone_number = checks.text("cell_phone_number", "携帯電話番号", input.cell_phone_number, false, 13);
        checks.rule("cell_phone_number", &cell_phone_number, phone_rule);

        let mut optional = |field: &str, label: &str, value: Option<String>, required: bool, max: usize| {
            let value = if corporate { checks.text(field, label, value, required, max) } else { String::new() };
            (!value.is_empty()).then_some(value)
        };
        let corporation = optional("corporation", "会社名", input.corporation, true, CORPORATE_MAX);
        let department = optional("department", "部署名", input.department, false, CORPORATE_MAX);
        let business_type = optional("business_type", "業種", input.business_type, false, SHORT_MAX);
        let store_name = optional("store_name", "店舗名", input.store_name, false, CORPORATE_MAX);
        let url = optional("url", "URL", input.url, false, URL_MAX);
        if let Some(url) = &url {
            if !(url.starts_with("http://") || url.starts_with("https://")) || url.chars().any(char::is_whitespace) {
                checks.fail("url", "URLはhttp://またはhttps://から始まる形式で入力してください。");
            }
        }

        (checks.errors.len() == before).then(|| Profile {
            email,
            is_receive_newsletter,
            last_name,
            first_name,
            last_name_kana,
            first_name_kana,
            gender_ct,
            birthday: (!birthday.is_empty()).then_some(birthday),
            postal_code,
            prefecture,
            city,
            address1,
            address2,
            phone_number,
            cell_phone_number,
            corporation,
            department,
            business_type,
            store_name,
            url,
        })
    }
}

/// The login id: lower-cased; 4–64 of letters, digits and `@ . _ -`.
pub fn check_username(checks: &mut Checks, field: &str, value: Option<String>) -> Option<String> {
    let username = checks.text(field, "ログインID", value, true, rules::USERNAME_MAX).to_lowercase();
    checks.rule(field, &username, rules::username);
    (!checks.has(field)).then_some(username)
}

/// A new password and its confirmation (the Tsunagu rule, used on every channel).
pub fn check_new_password(checks: &mut Checks, password: Option<String>, confirmation: Option<String>) -> Option<String> {
    // Passwords are kept as typed: no trimming.
    let password = password.unwrap_or_default();
    if password.is_empty() {
        checks.fail("password", "パスワードを入力してください。");
    } else if let Err(message) = rules::password(&password) {
        checks.fail("password", message);
    }
    if !checks.has("password") && confirmation.as_deref() != Some(password.as_str()) {
        checks.fail("password_confirmation", "パスワードが一致しません");
    }
    (!checks.has("password") && !checks.has("password_confirmation")).then_some(password)
}

/// A security question and its answer: both or neither.
pub fn check_question(checks: &mut Checks, question_ct: Option<Loose>, answer: Option<String>) -> Option<(i64, String)> {
    let question = checks.choice("question_ct", "秘密の質問", question_ct, 1..=4);
    let answer = checks.text("answer", "秘密の質問の答え", answer, question.is_some(), ANSWER_MAX);
    match question {
        Some(q) if !answer.is_empty() && !checks.has("answer") => Some((q, answer)),
        None if !answer.is_empty() => {
            checks.fail("question_ct", "秘密の質問を選択してください。");
            None
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn a_demo_profile_is_normalised() {
        let mut checks = Checks::default();
        let profile = Profile::check(demo_input(), false, &mut checks).expect("valid");
        assert_eq!(profile.email, "taro@example.jp");
        assert_eq!(profile.postal_code, "1500001");
        assert_eq!(profile.is_receive_newsletter, 1);
        assert_eq!((profile.corporation, profile.department), (None, None));
    }

    #[test]
    fn required_fields_are_named_in_japanese() {
        let mut checks = Checks::default();
        assert!(Profile::check(ProfileInput::default(), false, &mut checks).is_none());
        assert_eq!(checks.errors["email"], ["メールアドレスを入力してください。"]);
        assert_eq!(checks.errors["last_name"], ["姓を入力してください。"]);
        assert_eq!(checks.errors["first_name_kana"], ["メイを入力してください。"]);
    }

    #[test]
    fn corporate_needs_the_company_and_refuses_hyphenated_phones() {
        let mut input = demo_input();
        input.postal_code = Some("1500001".into());
        let mut checks = Checks::default();
        assert!(Profile::check(input, true, &mut checks).is_none());
        assert_eq!(checks.errors["corporation"], ["会社名を入力してください。"]);
        assert!(checks.errors.contains_key("phone_number"), "{:?}", checks.errors);
        assert!(!checks.errors.contains_key("postal_code"));
    }

    #[test]
    fn company_fields_are_ignored_outside_corporate_channels() {
        let mut input = demo_input();
        input.corporation = Some("株式会社つなぐ商事".into());
        let mut checks = Checks::default();
        assert_eq!(Profile::check(input, false, &mut checks).unwrap().corporation, None);
    }

    #[test]
    fn corporate_kana_is_optional_and_the_company_is_kept() {
        let mut input = demo_input();
        input.postal_code = Some("1500001".into());
        input.phone_number = Some("0312345678".into());
        input.last_name_kana = None;
        input.first_name_kana = None;
        input.corporation = Some("株式会社つなぐ商事".into());
        input.department = Some("購買部".into());
        let mut checks = Checks::default();
        let profile = Profile::check(input, true, &mut checks).unwrap_or_else(|| panic!("{:?}", checks.errors));
        assert_eq!(profile.corporation.as_deref(), Some("株式会社つなぐ商事"));
        assert_eq!(profile.last_name_kana, "");
    }

    #[test]
    fn choices_accept_numbers_as_text_and_refuse_others() {
        let mut input = demo_input();
        input.gender_ct = Some(Loose::Text("".into()));
        input.is_receive_newsletter = Some(Loose::Int(0));
        let mut checks = Checks::default();
        let profile = Profile::check(input, false, &mut checks).unwrap();
        assert_eq!((profile.gender_ct, profile.is_receive_newsletter), (None, 0));
        let mut input = demo_input();
        input.gender_ct = Some(Loose::Int(9));
        let mut checks = Checks::default();
        assert!(Profile::check(input, false, &mut checks).is_none());
        assert_eq!(checks.errors["gender_ct"], ["性別の選択が正しくありません。"]);
        let parsed: ProfileInput = serde_json::from_str(r#"{"gender_ct": "2", "is_receive_newsletter": true}"#).unwrap();
        assert_eq!((parsed.gender_ct, parsed.is_receive_newsletter), (Some(Loose::Int(2)), Some(Loose::Int(1))));
    }

    #[test]
    fn a_new_password_must_follow_the_rule_and_match() {
        let mut checks = Checks::default();
        assert_eq!(check_new_password(&mut checks, Some("ride2026demo".into()), Some("ride2026demo".into())).as_deref(), Some("ride2026demo"));
        let mut checks = Checks::default();
        assert!(check_new_password(&mut checks, Some("ride2026demo".into()), Some("ride2026dem".into())).is_none());
        assert_eq!(checks.errors["password_confirmation"], ["パスワードが一致しません"]);
        let mut checks = Checks::default();
        assert!(check_new_password(&mut checks, Some("short1".into()), Some("short1".into())).is_none());
        assert!(checks.errors.contains_key("password"));
    }

    #[test]
    fn a_question_needs_its_answer() {
        let mut checks = Checks::default();
        assert_eq!(check_question(&mut checks, Some(Loose::Int(1)), Some(" ポチ ".into())), Some((1, "ポチ".into())));
        let mut checks = Checks::default();
        assert_eq!(check_question(&mut checks, Some(Loose::Int(1)), None), None);
        assert_eq!(checks.errors["answer"], ["秘密の質問の答えを入力してください。"]);
        let mut checks = Checks::default();
        assert_eq!(check_question(&mut checks, None, None), None);
        assert!(checks.errors.is_empty());
    }
}
