//! The purposes, their measures and the measures' ranges.
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::infra::error::FieldErrors;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Purpose {
    Helmet,
    Glove,
    Bicycle,
}

/// One measure of a purpose, in centimetres.
pub struct Measure {
    pub key: &'static str,
    pub name: &'static str,
    pub min: f64,
    pub max: f64,
}

const HEAD: Measure = Measure { key: "head", name: "頭囲", min: 40.0, max: 70.0 };
const HAND: Measure = Measure { key: "hand", name: "手の長さ", min: 10.0, max: 30.0 };
const HEIGHT: Measure = Measure { key: "height", name: "身長", min: 100.0, max: 220.0 };
const INSEAM: Measure = Measure { key: "inseam", name: "股下", min: 50.0, max: 110.0 };

impl Purpose {
    pub const ALL: [Purpose; 3] = [Purpose::Helmet, Purpose::Glove, Purpose::Bicycle];

    pub fn as_str(self) -> &'static str {
        match self {
            Purpose::Helmet => "helmet",
            Purpose::Glove => "glove",
            Purpose::Bicycle => "bicycle",
        }
    }

    pub fn parse(text: &str) -> Option<Purpose> {
        Purpose::ALL.into_iter().find(|p| p.as_str() == text)
    }

    pub fn measures(self) -> &'static [Measure] {
        match self {
            Purpose::Helmet => &[HEAD],
            Purpose::Glove => &[HAND],
            Purpose::Bicycle => &[HEIGHT, INSEAM],
        }
    }

    /// The Japanese name of a measure of any purpose (`head` → 頭囲).
    pub fn measure_name(key: &str) -> Option<&'static str> {
        Purpose::ALL.iter().flat_map(|p| p.measures()).find(|m| m.key == key).map(|m| m.name)
    }
}

/// Millimetres from centimetres with at most one decimal place; None otherwise.
pub fn to_mm(cm: f64) -> Option<i64> {
    let tenths = cm * 10.0;
    ((tenths - tenths.round()).abs() < 1e-6 && tenths.is_finite()).then(|| tenths.round() as i64)
}

/// The purpose's measures from `values` (cm), checked: every measure present, a number with
/// at most one decimal place, inside its range; no other keys. Millimetres by key.
pub fn check(purpose: Purpose, values: &BTreeMap<String, serde_json::Value>) -> Result<BTreeMap<&'static str, i64>, FieldErrors> {
    let mut errors = FieldErrors::new();
    let mut out = BTreeMap::new();
    for measure in purpose.measures() {
        let field = format!("values.{}", measure.key);
        let message = match values.get(measure.key) {
            None | Some(serde_json::Value::Null) => Some(format!("{}を入力してください。", measure.name)),
            Some(value) => match value.as_f64().or_else(|| value.as_str().and_then(|s| s.trim().parse().ok())) {
                None => Some(format!("{}は数値で入力してください。", measure.name)),
                Some(cm) if !(measure.min..=measure.max).contains(&cm) => {
                    Some(format!("{}は{}〜{}cmの範囲で入力してください。", measure.name, measure.min, measure.max))
                }
                Some(cm) => match to_mm(cm) {
                    Some(mm) => {
                        out.insert(measure.key, mm);
                        None
                    }
                    None => Some(format!("{}は小数第1位まで入力できます。", measure.name)),
                },
            },
        };
        if let Some(message) = message {
            errors.insert(field, vec![message]);
        }
    }
    for key in values.keys() {
        if !purpose.measures().iter().any(|m| m.key == key) {
            errors.insert(format!("values.{key}"), vec!["この項目は入力できません。".into()]);
        }
    }
    if errors.is_empty() { Ok(out) } else { Err(errors) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(pairs: &[(&str, serde_json::Value)]) -> BTreeMap<String, serde_json::Value> {
        pairs.iter().map(|(k, v)| (k.to_string(), v.clone())).collect()
    }

    #[test]
    fn centimetres_with_one_decimal_in_range() {
        assert_eq!(check(Purpose::Helmet, &values(&[("head", 57.5.into())])).unwrap()["head"], 575);
        assert_eq!(check(Purpose::Helmet, &values(&[("head", "57".into())])).unwrap()["head"], 570);
        let bike = check(Purpose::Bicycle, &values(&[("height", 172.into()), ("inseam", 78.5.into())])).unwrap();
        assert_eq!((bike["height"], bike["inseam"]), (1720, 785));
    }

    #[test]
    fn each_fault_is_named_on_its_measure() {
        let errors = check(Purpose::Bicycle, &values(&[("height", 250.into()), ("extra", 1.into())])).unwrap_err();
        assert_eq!(errors.keys().collect::<Vec<_>>(), ["values.extra", "values.height", "values.inseam"]);
        assert_eq!(errors["values.height"][0], "身長は100〜220cmの範囲で入力してください。");
        let errors = check(Purpose::Helmet, &values(&[("head", 57.25.into())])).unwrap_err();
        assert_eq!(errors["values.head"][0], "頭囲は小数第1位まで入力できます。");
        let errors = check(Purpose::Glove, &values(&[("hand", "abc".into())])).unwrap_err();
        assert_eq!(errors["values.hand"][0], "手の長さは数値で入力してください。");
    }
}
