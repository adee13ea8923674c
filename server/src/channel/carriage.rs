//! Setting `ORDER.CARRIAGE`: what carriage costs, per prefecture, and from which total it is free.
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
}

impl Default for CarriageRule {
    fn default() -> Self {
        let by_prefecture = [("北海道".to_owned(), 1320), ("沖縄県".to_owned(), 1650)].into_iter().collect();
        CarriageRule { default: 880, by_prefecture, free_threshold: Some(11_000) }
    }
}

impl CarriageRule {
    pub fn of(&self, prefecture: Option<&str>) -> i64 {
        prefecture.and_then(|p| self.by_prefecture.get(p)).copied().unwrap_or(self.default)
    }
}
