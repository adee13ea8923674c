//! Setting `ORDER.CARRIAGE`: what carriage costs, per prefecture, the surcharge for a remote
//! island, and from which total it is free. Edited on the settings desk's 送料設定
//! (`delivery::carriage_desk`).
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// Setting `ORDER.CARRIAGE`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CarriageRule {
    pub default: i64,
    #[serde(default)]
    pub by_prefecture: BTreeMap<String, i64>,
    #[serde(default)]
    pub free_threshold: Option<i64>,
    /// Added to the prefecture's fee for an address on a remote island (離島).
    #[serde(default)]
    pub remote_island_surcharge: i64,
}

impl Default for CarriageRule {
    fn default() -> Self {
        let by_prefecture = [("北海道".to_owned(), 1320), ("沖縄県".to_owned(), 1650)].into_iter().collect();
        CarriageRule { default: 880, by_prefecture, free_threshold: Some(11_000), remote_island_surcharge: 0 }
    }
}

impl CarriageRule {
    /// Nothing to pay anywhere (a pickup).
    pub fn free() -> Self {
        CarriageRule { default: 0, by_prefecture: BTreeMap::new(), free_threshold: None, remote_island_surcharge: 0 }
    }

    /// The carriage to `prefecture` (the default before an address is known), with the
    /// surcharge when the address is on a remote island.
    pub fn of(&self, prefecture: Option<&str>, on_island: bool) -> i64 {
        let fee = prefecture.and_then(|p| self.by_prefecture.get(p)).copied().unwrap_or(self.default);
        if on_island { fee + self.remote_island_surcharge } else { fee }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rule_stored_before_the_surcharge_existed_reads_with_none() {
        let rule: CarriageRule = serde_json::from_str(r#"{"default": 880, "by_prefecture": {"沖縄県": 1650}, "free_threshold": 11000}"#).unwrap();
        assert_eq!(rule.remote_island_surcharge, 0);
        assert_eq!(rule.of(Some("沖縄県"), true), 1650);
    }

    #[test]
    fn an_island_pays_its_prefecture_and_the_surcharge() {
        let rule = CarriageRule { remote_island_surcharge: 1100, ..CarriageRule::default() };
        assert_eq!(rule.of(Some("東京都"), false), 880);
        assert_eq!(rule.of(Some("東京都"), true), 1980, "伊豆諸島 are in 東京都");
        assert_eq!(rule.of(Some("沖縄県"), true), 2750);
        assert_eq!(rule.of(None, false), 880, "before an address is known");
    }
}
