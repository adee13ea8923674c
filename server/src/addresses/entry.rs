//! One address-book entry: the fields a form (or a CSV row) sends, checked with the channel's
//! shared rules (crate::validation — demo: `kana`, `post`, `tel`; corporate: the Tsunagu rules,
//! as the profile form uses them), and the texts the storefront shows (name, 〒 line).
use serde::Deserialize;

use crate::infra::db::Db;
use crate::infra::error::{ApiError, ApiResult};
use crate::members::address::{Address, AddressParts, join, postal_rule};
use crate::members::profile::{PHONE_MAX, Profile, text};
use crate::postal::import::is_prefecture;
use crate::validation::{self as rules, FieldCheck, Rule, optional};

pub const PREFECTURE_UNKNOWN: &str = "都道府県を選択してください";
pub const POSTAL_UNKNOWN: &str = "この郵便番号は存在しません";
pub const POSTAL_OTHER_PREFECTURE: &str = "郵便番号と都道府県が一致しません";

/// The fields of the add and edit forms (and of one CSV row). Absent means empty.
#[derive(Debug, Default, Clone, Deserialize, utoipa::ToSchema)]
pub struct AddressInput {
    pub shipping_last_name: Option<String>,
    pub shipping_first_name: Option<String>,
    /// Required on the demo shop (full-width katakana); optional on corporate channels.
    pub shipping_last_name_kana: Option<String>,
    pub shipping_first_name_kana: Option<String>,
    /// `123-4567` or `1234567` (corporate channels: seven digits, no hyphen).
    pub postal_code: Option<String>,
    /// One of the 47, written in full (東京都, 北海道 …).
    pub prefecture: Option<String>,
    pub city: Option<String>,
    /// 番地.
    pub address1: Option<String>,
    /// 建物名・部屋番号 (optional).
    pub address2: Option<String>,
    /// At least one of the two phone numbers is required.
    pub phone_number: Option<String>,
    pub cell_phone_number: Option<String>,
}

/// A checked entry: trimmed, postal code as seven digits.
#[derive(Debug, Clone, Default, PartialEq, Eq, sqlx::FromRow)]
pub struct AddressFields {
    pub shipping_last_name: String,
    pub shipping_first_name: String,
    pub shipping_last_name_kana: String,
    pub shipping_first_name_kana: String,
    #[sqlx(flatten)]
    pub address: Address,
    pub phone_number: String,
    pub cell_phone_number: String,
}

/// Field name → the label the CSV header (and a row's error message) uses.
pub const LABELS: [(&str, &str); 11] = [
    ("shipping_last_name", "お届け先名(姓)"),
    ("shipping_first_name", "お届け先名(名)"),
    ("shipping_last_name_kana", "フリガナ(姓)"),
    ("shipping_first_name_kana", "フリガナ(名)"),
    ("postal_code", "郵便番号"),
    ("prefecture", "都道府県"),
    ("city", "市区町村"),
    ("address1", "番地"),
    ("address2", "建物名"),
    ("phone_number", "電話番号"),
    ("cell_phone_number", "携帯電話番号"),
];

pub fn label(field: &str) -> &str {
    LABELS.iter().find(|(name, _)| *name == field).map_or(field, |(_, label)| label)
}

impl AddressFields {
    /// Checks every field into `check`; the entry when all of them passed. Whether the postal
    /// code exists is asked of the postal data afterwards ([`postal_matches`]).
    pub fn check(input: AddressInput, corporate: bool, check: &mut FieldCheck) -> Option<AddressFields> {
        let was_ok = check.is_ok();
        let last_name = text(check, "shipping_last_name", input.shipping_last_name, true, rules::NAME_MAX);
        let first_name = text(check, "shipping_first_name", input.shipping_first_name, true, rules::NAME_MAX);
        let last_kana = text(check, "shipping_last_name_kana", input.shipping_last_name_kana, !corporate, rules::NAME_MAX);
        let first_kana = text(check, "shipping_first_name_kana", input.shipping_first_name_kana, !corporate, rules::NAME_MAX);
        if corporate {
            check.field("shipping_last_name", rules::tsunagu_name(&last_name));
            check.field("shipping_first_name", rules::tsunagu_name(&first_name));
            check.field("shipping_last_name_kana", optional(&last_kana, rules::tsunagu_kana));
            check.field("shipping_first_name_kana", optional(&first_kana, rules::tsunagu_kana));
        } else {
            check.field("shipping_last_name_kana", rules::kana(&last_kana));
            check.field("shipping_first_name_kana", rules::kana(&first_kana));
        }

        let parts =
            AddressParts { postal_code: input.postal_code, prefecture: input.prefecture, city: input.city, address1: input.address1, address2: input.address2 };
        let address = Address::check(check, "", parts, true, postal_rule(corporate));
        check.field("prefecture", optional(&address.prefecture, |p| if is_prefecture(p) { Ok(()) } else { Err(PREFECTURE_UNKNOWN) }));

        let phone_rule = if corporate { rules::tsunagu_phone } else { rules::tel };
        let phone_number = text(check, "phone_number", input.phone_number, false, PHONE_MAX);
        check.field("phone_number", optional(&phone_number, phone_rule));
        let cell_phone_number = text(check, "cell_phone_number", input.cell_phone_number, false, PHONE_MAX);
        check.field("cell_phone_number", optional(&cell_phone_number, phone_rule));
        // A carrier needs a number to call: either one will do.
        let either = rules::required_without_all(&[&phone_number, &cell_phone_number]);
        check.field("phone_number", either);
        check.field("cell_phone_number", either);

        (was_ok && check.is_ok()).then_some(AddressFields {
            shipping_last_name: last_name,
            shipping_first_name: first_name,
            shipping_last_name_kana: last_kana,
            shipping_first_name_kana: first_kana,
            address,
            phone_number,
            cell_phone_number,
        })
    }

    /// The member's own address as the profile holds it.
    pub fn of_profile(profile: &Profile) -> AddressFields {
        AddressFields {
            shipping_last_name: profile.last_name.clone(),
            shipping_first_name: profile.first_name.clone(),
            shipping_last_name_kana: profile.last_name_kana.clone(),
            shipping_first_name_kana: profile.first_name_kana.clone(),
            address: profile.address.clone(),
            phone_number: profile.phone_number.clone(),
            cell_phone_number: profile.cell_phone_number.clone(),
        }
    }

    /// The profile with these as the member's own name, kana, address and phones (spec 001
    /// §4: updating division_ct 1 updates the member's own fields); the rest is unchanged.
    pub fn into_profile(self, profile: &Profile) -> Profile {
        Profile {
            last_name: self.shipping_last_name,
            first_name: self.shipping_first_name,
            last_name_kana: self.shipping_last_name_kana,
            first_name_kana: self.shipping_first_name_kana,
            address: self.address,
            phone_number: self.phone_number,
            cell_phone_number: self.cell_phone_number,
            ..profile.clone()
        }
    }

    /// `山田 太郎`.
    pub fn name(&self) -> String {
        join(&self.shipping_last_name, &self.shipping_first_name)
    }

    /// `ヤマダ タロウ`.
    pub fn kana(&self) -> String {
        join(&self.shipping_last_name_kana, &self.shipping_first_name_kana)
    }
}

/// The checked entry, its postal code included: it must exist, in the prefecture given
/// (skipped only when no postal data was ever loaded).
pub async fn checked_entry(db: &Db, input: AddressInput, corporate: bool) -> ApiResult<AddressFields> {
    let mut check = FieldCheck::default();
    let fields = crate::members::profile::checked(AddressFields::check(input, corporate, &mut check), check)?;
    let postal_loaded = crate::postal::store::has_postal_codes(db).await?;
    match postal_problem(db, postal_loaded, &fields).await? {
        Some(message) => Err(ApiError::field("postal_code", message)),
        None => Ok(fields),
    }
}

/// Why the entry's postal code does not fit (see [`postal_matches`]); None when it does or no
/// postal data is `loaded`.
pub async fn postal_problem(db: &Db, loaded: bool, fields: &AddressFields) -> ApiResult<Option<&'static str>> {
    if !loaded {
        return Ok(None);
    }
    let found = crate::postal::store::find_address(db, &fields.address.postal_code).await?;
    Ok(postal_matches(fields, found.as_ref().map(|row| row.prefecture.as_str())).err())
}

/// The postal data's answer for the entry's code: it must exist, and in the prefecture given.
/// `found` is the prefecture Japan Post lists for the code (`None`: no such code).
pub fn postal_matches(fields: &AddressFields, found: Option<&str>) -> Rule {
    match found {
        None => Err(POSTAL_UNKNOWN),
        Some(prefecture) if prefecture != fields.address.prefecture => Err(POSTAL_OTHER_PREFECTURE),
        Some(_) => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::infra::error::{ApiError, FieldErrors};

    fn errors(check: FieldCheck) -> FieldErrors {
        match check.finish() {
            Err(ApiError::Invalid(errors)) => errors,
            other => panic!("expected field errors, got {other:?}"),
        }
    }

    fn demo_input() -> AddressInput {
        AddressInput {
            shipping_last_name: Some(" 山田 ".into()),
            shipping_first_name: Some("花子".into()),
            shipping_last_name_kana: Some("ヤマダ".into()),
            shipping_first_name_kana: Some("ハナコ".into()),
            postal_code: Some("150-0001".into()),
            prefecture: Some("東京都".into()),
            city: Some("渋谷区".into()),
            address1: Some("神宮前1-2-3".into()),
            address2: Some("ライドマンション101".into()),
            phone_number: Some("03-1234-5678".into()),
            cell_phone_number: None,
        }
    }

    #[test]
    fn a_demo_entry_is_trimmed_and_keeps_seven_digits() {
        let mut check = FieldCheck::default();
        let fields = AddressFields::check(demo_input(), false, &mut check).expect("valid");
        assert_eq!(fields.shipping_last_name, "山田");
        assert_eq!(fields.address.postal_code, "1500001");
        assert_eq!(fields.name(), "山田 花子");
        assert_eq!(fields.kana(), "ヤマダ ハナコ");
        assert_eq!(fields.address.full_address(), "〒150-0001 東京都渋谷区神宮前1-2-3 ライドマンション101");
    }

    #[test]
    fn demo_rules_are_the_shared_ones() {
        let input = AddressInput {
            shipping_first_name_kana: Some("はなこ".into()),
            postal_code: Some("15-00001".into()),
            prefecture: Some("東京".into()),
            phone_number: Some("1234".into()),
            ..demo_input()
        };
        let mut check = FieldCheck::default();
        assert!(AddressFields::check(input, false, &mut check).is_none());
        let errors = errors(check);
        assert_eq!(errors["shipping_first_name_kana"], [rules::KANA]);
        assert_eq!(errors["postal_code"], [rules::POST]);
        assert_eq!(errors["prefecture"], [PREFECTURE_UNKNOWN]);
        assert_eq!(errors["phone_number"], [rules::TEL]);
    }

    #[test]
    fn names_address_and_one_phone_are_required() {
        let mut check = FieldCheck::default();
        assert!(AddressFields::check(AddressInput::default(), false, &mut check).is_none());
        let errors = errors(check);
        for field in ["shipping_last_name", "shipping_first_name", "shipping_last_name_kana", "postal_code", "prefecture", "city", "address1"] {
            assert_eq!(errors[field], [rules::REQUIRED], "{field}");
        }
        assert_eq!(errors["phone_number"], [rules::REQUIRED_WITHOUT_ALL]);
        assert_eq!(errors["cell_phone_number"], [rules::REQUIRED_WITHOUT_ALL]);
        assert!(!errors.contains_key("address2"));
        let mobile_only = AddressInput { phone_number: None, cell_phone_number: Some("090-1234-5678".into()), ..demo_input() };
        let mut check = FieldCheck::default();
        assert!(AddressFields::check(mobile_only, false, &mut check).is_some());
    }

    #[test]
    fn corporate_channels_take_the_tsunagu_rules() {
        let input = AddressInput {
            shipping_last_name: Some("Yamada".into()),
            shipping_last_name_kana: None,
            shipping_first_name_kana: None,
            postal_code: Some("150-0001".into()),
            phone_number: Some("03-1234-5678".into()),
            ..demo_input()
        };
        let mut check = FieldCheck::default();
        assert!(AddressFields::check(input, true, &mut check).is_none());
        let errors = errors(check);
        assert_eq!(errors["shipping_last_name"], [rules::TSUNAGU_NAME]);
        assert_eq!(errors["postal_code"], [rules::TSUNAGU_POSTAL]);
        assert_eq!(errors["phone_number"], [rules::TSUNAGU_PHONE]);
        assert!(!errors.contains_key("shipping_last_name_kana"), "kana is optional there");
        let good = AddressInput { postal_code: Some("1500001".into()), phone_number: Some("0312345678".into()), shipping_last_name_kana: None, ..demo_input() };
        let mut check = FieldCheck::default();
        assert!(AddressFields::check(good, true, &mut check).is_some(), "{:?}", check.finish());
    }

    #[test]
    fn the_postal_code_must_exist_in_the_prefecture_given() {
        let mut check = FieldCheck::default();
        let fields = AddressFields::check(demo_input(), false, &mut check).unwrap();
        assert_eq!(postal_matches(&fields, Some("東京都")), Ok(()));
        assert_eq!(postal_matches(&fields, Some("大阪府")), Err(POSTAL_OTHER_PREFECTURE));
        assert_eq!(postal_matches(&fields, None), Err(POSTAL_UNKNOWN));
    }

    #[test]
    fn the_own_address_round_trips_through_the_profile() {
        let mut check = FieldCheck::default();
        let fields = AddressFields::check(demo_input(), false, &mut check).unwrap();
        let profile = Profile {
            email: "a@example.jp".into(),
            is_receive_newsletter: 1,
            last_name: "旧".into(),
            first_name: "名".into(),
            last_name_kana: String::new(),
            first_name_kana: String::new(),
            gender_ct: Some(2),
            birthday: None,
            address: Address::default(),
            phone_number: String::new(),
            cell_phone_number: String::new(),
            corporation: None,
            department: None,
            business_type: None,
            store_name: None,
            url: None,
            business: Default::default(),
        };
        let updated = fields.clone().into_profile(&profile);
        assert_eq!((updated.email.as_str(), updated.gender_ct), ("a@example.jp", Some(2)), "the rest is kept");
        assert_eq!(AddressFields::of_profile(&updated), fields);
    }
}
