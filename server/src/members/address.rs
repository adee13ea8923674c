//! The one postal address of the shop: the five fields every address carries — the address
//! book's entries, the member's profile, a cart's shippings and orderer, and the order
//! snapshots — flattened into those structs (`#[serde(flatten)]`, `#[sqlx(flatten)]`), so the
//! JSON answers, the stored snapshots and the SQL columns keep the five fields at the top level
//! under the same names.
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize};

use super::profile::{ADDRESS_MAX, PREFECTURE_MAX, text};
use crate::validation::{self as rules, FieldCheck, Rule, optional};

/// A checked address: trimmed, the postal code as seven digits (or empty where the address is
/// optional, as on the profile). Every field is required when read from JSON; the snapshot
/// readers that tolerate missing fields say so with [`lenient`] or [`building_optional`].
///
/// In the OpenAPI document it is `StreetAddress`: `Address` there is the postal-code lookup's
/// answer (`postal::http::Address`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, sqlx::FromRow, utoipa::ToSchema)]
#[schema(as = StreetAddress)]
pub struct Address {
    /// Seven digits.
    pub postal_code: String,
    /// One of the 47, written in full (東京都, 北海道 …).
    pub prefecture: String,
    pub city: String,
    /// 番地.
    pub address1: String,
    /// 建物名・部屋番号 (may be empty).
    pub address2: String,
}

/// The JSON names of the five fields.
pub const FIELDS: [&str; 5] = ["postal_code", "prefecture", "city", "address1", "address2"];

/// The five fields as a form sends them (absent means empty).
#[derive(Debug, Default, Clone)]
pub struct AddressParts {
    pub postal_code: Option<String>,
    pub prefecture: Option<String>,
    pub city: Option<String>,
    pub address1: Option<String>,
    pub address2: Option<String>,
}

impl Address {
    /// Trims and checks the five fields into `check` under `prefix` + the field name: lengths,
    /// the postal code's form (`postal_rule`: [`rules::tsunagu_postal`], seven digits, on
    /// corporate channels; [`rules::post`], `123-4567` or `1234567`, elsewhere), and, when
    /// `required`, everything but the building. The postal code is kept as seven digits.
    /// Whether the prefecture and the code exist is the caller's business (the address book
    /// asks the postal data; the profile does not).
    pub fn check(check: &mut FieldCheck, prefix: &str, parts: AddressParts, required: bool, postal_rule: fn(&str) -> Rule) -> Address {
        let name = |field: &str| format!("{prefix}{field}");
        let postal = text(check, &name("postal_code"), parts.postal_code, required, 8);
        check.field(&name("postal_code"), optional(&postal, postal_rule));
        Address {
            postal_code: postal.replace('-', ""),
            prefecture: text(check, &name("prefecture"), parts.prefecture, required, PREFECTURE_MAX),
            city: text(check, &name("city"), parts.city, required, ADDRESS_MAX),
            address1: text(check, &name("address1"), parts.address1, required, ADDRESS_MAX),
            address2: text(check, &name("address2"), parts.address2, false, ADDRESS_MAX),
        }
    }

    /// `150-0001`.
    pub fn formatted_postal_code(&self) -> String {
        rules::post_display(&self.postal_code)
    }

    /// `東京都渋谷区神宮前1-2-3 ライドマンション101`.
    pub fn combined_address(&self) -> String {
        join(&format!("{}{}{}", self.prefecture, self.city, self.address1), &self.address2)
    }

    /// `〒150-0001 東京都渋谷区神宮前1-2-3 ライドマンション101`.
    pub fn full_address(&self) -> String {
        if self.postal_code.is_empty() { self.combined_address() } else { format!("〒{} {}", self.formatted_postal_code(), self.combined_address()) }
    }

    /// Enough to deliver to: postal code, prefecture, city and 番地.
    pub fn is_complete(&self) -> bool {
        [&self.postal_code, &self.prefecture, &self.city, &self.address1].iter().all(|v| !v.trim().is_empty())
    }
}

/// The postal-code rule of a channel: Tsunagu's seven digits on corporate channels.
pub fn postal_rule(corporate: bool) -> fn(&str) -> Rule {
    if corporate { rules::tsunagu_postal } else { rules::post }
}

/// The two parts with one half-width space between them, or whichever is not empty.
pub fn join(first: &str, second: &str) -> String {
    match (first.is_empty(), second.is_empty()) {
        (false, false) => format!("{first} {second}"),
        (true, _) => second.to_owned(),
        (false, true) => first.to_owned(),
    }
}

/// The address with `absent` fields read as empty when a snapshot lacks them.
fn with_defaults<'de, D: Deserializer<'de>>(deserializer: D, absent: &[&str]) -> Result<Address, D::Error> {
    let mut map = serde_json::Map::deserialize(deserializer)?;
    for field in absent {
        map.entry(*field).or_insert_with(|| serde_json::Value::String(String::new()));
    }
    Address::deserialize(serde_json::Value::Object(map)).map_err(D::Error::custom)
}

/// `#[serde(flatten, deserialize_with = "…::lenient")]`: an order snapshot reads whatever it
/// holds, a missing field as empty.
pub fn lenient<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Address, D::Error> {
    with_defaults(deserializer, &FIELDS)
}

/// `#[serde(flatten, deserialize_with = "…::building_optional")]`: the four delivery fields
/// are required, the building may be absent (a cart's orderer).
pub fn building_optional<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Address, D::Error> {
    with_defaults(deserializer, &["address2"])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shibuya() -> Address {
        Address {
            postal_code: "1500001".into(),
            prefecture: "東京都".into(),
            city: "渋谷区".into(),
            address1: "神宮前1-2-3".into(),
            address2: "ライドマンション101".into(),
        }
    }

    #[test]
    fn the_shown_texts() {
        let a = shibuya();
        assert_eq!(a.formatted_postal_code(), "150-0001");
        assert_eq!(a.combined_address(), "東京都渋谷区神宮前1-2-3 ライドマンション101");
        assert_eq!(a.full_address(), "〒150-0001 東京都渋谷区神宮前1-2-3 ライドマンション101");
        assert_eq!(Address { address2: String::new(), ..a.clone() }.combined_address(), "東京都渋谷区神宮前1-2-3");
        assert_eq!(Address { postal_code: String::new(), ..a }.full_address(), "東京都渋谷区神宮前1-2-3 ライドマンション101");
    }

    #[test]
    fn check_trims_normalises_and_names_the_fields_with_the_prefix() {
        let parts = AddressParts {
            postal_code: Some(" 150-0001 ".into()),
            prefecture: Some("東京都".into()),
            city: Some("渋谷区".into()),
            address1: Some("神宮前1-2-3".into()),
            address2: Some(" ライドマンション101 ".into()),
        };
        let mut check = FieldCheck::default();
        assert_eq!(Address::check(&mut check, "", parts, true, rules::post), shibuya());
        assert!(check.is_ok());
        let mut check = FieldCheck::default();
        Address::check(&mut check, "orderer.", AddressParts::default(), true, rules::post);
        for field in ["orderer.postal_code", "orderer.prefecture", "orderer.city", "orderer.address1"] {
            assert!(check.has(field), "{field}");
        }
        assert!(!check.has("orderer.address2"));
        let mut check = FieldCheck::default();
        Address::check(&mut check, "", AddressParts::default(), false, rules::post);
        assert!(check.is_ok(), "optional where the caller says so");
    }

    #[test]
    fn the_readers_differ_only_in_what_may_be_absent() {
        #[derive(Deserialize)]
        struct Strict {
            #[serde(flatten)]
            address: Address,
        }
        #[derive(Deserialize)]
        struct Lenient {
            #[serde(flatten, deserialize_with = "lenient")]
            address: Address,
        }
        #[derive(Deserialize)]
        struct NoBuilding {
            #[serde(flatten, deserialize_with = "building_optional")]
            address: Address,
        }
        let without_building = r#"{"postal_code":"1500001","prefecture":"東京都","city":"渋谷区","address1":"神宮前1-2-3"}"#;
        assert!(serde_json::from_str::<Strict>(without_building).is_err());
        let complete = r#"{"postal_code":"1500001","prefecture":"東京都","city":"渋谷区","address1":"神宮前1-2-3","address2":""}"#;
        assert_eq!(serde_json::from_str::<Strict>(complete).unwrap().address.address2, "");
        assert_eq!(serde_json::from_str::<NoBuilding>(without_building).unwrap().address.address1, "神宮前1-2-3");
        assert!(serde_json::from_str::<NoBuilding>(r#"{"postal_code":"1500001"}"#).is_err());
        assert_eq!(serde_json::from_str::<Lenient>(r#"{"city":"渋谷区"}"#).unwrap().address, Address { city: "渋谷区".into(), ..Address::default() });
        assert!(serde_json::from_str::<Lenient>(r#"{"city":null}"#).is_err(), "null is still not a text");
    }
}
