//! 送料設定 on the settings desk (docs/contracts/settings-carriage.md): the stored rule
//! (`ORDER.CARRIAGE`, a default and the prefectures that differ) shown as 47 fees, the form
//! checked and turned back into a rule, and what a save changed, for the audit log.
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::channel::carriage::CarriageRule;
use crate::infra::error::FieldErrors;
use crate::infra::money::Yen;
use crate::postal::import::prefecture_names;

/// The setting this desk edits.
pub const SETTING: &str = "ORDER.CARRIAGE";
/// A fee or the surcharge above this is a typo, not a price.
pub const MAX_FEE: i64 = 100_000;
pub const MAX_FREE_THRESHOLD: i64 = 10_000_000;

const MISSING_PREFECTURES: &str = "47都道府県すべての送料を入力してください。";
const FEE_EMPTY: &str = "送料を入力してください。";
const FEE_RANGE: &str = "送料は0円から100,000円までの整数で入力してください。";
const SURCHARGE_RANGE: &str = "離島の追加送料は0円から100,000円までの整数で入力してください。";
const THRESHOLD_RANGE: &str = "送料無料になる金額は1円から10,000,000円までの整数で入力してください。";

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct PrefectureFee {
    /// One of the 47, written in full (東京都, 北海道 …).
    pub prefecture: String,
    pub fee: i64,
}

/// 送料設定 as the desk shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct CarriageSettings {
    /// 0 while the shop runs on the built-in defaults.
    pub version: i64,
    /// Always 47, in JIS order (北海道 … 沖縄県).
    pub prefectures: Vec<PrefectureFee>,
    /// Added to the prefecture's fee for an address on a remote island (離島).
    pub remote_island_surcharge: i64,
    /// From this total (after coupons) carriage is free; null: never.
    pub free_threshold: Option<i64>,
    /// What a cart shows before its address is known: the commonest fee (read only).
    pub estimate_fee: i64,
}

impl CarriageSettings {
    pub fn of(rule: &CarriageRule, version: i64) -> Self {
        let prefectures = prefecture_names().map(|name| PrefectureFee { prefecture: name.to_owned(), fee: rule.of(Some(name), false) }).collect();
        CarriageSettings {
            version,
            prefectures,
            remote_island_surcharge: rule.remote_island_surcharge,
            free_threshold: rule.free_threshold,
            estimate_fee: rule.default,
        }
    }
}

#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
pub struct PrefectureFeeInput {
    #[schema(required = true)]
    pub prefecture: Option<String>,
    /// Yen; null is refused (every prefecture needs a fee).
    #[schema(required = true)]
    pub fee: Option<i64>,
}

/// The whole form, saved at once.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
pub struct CarriageSettingsInput {
    /// The version the screen showed (0 for the built-in defaults).
    #[schema(required = true, value_type = i64)]
    pub version: Option<i64>,
    /// The 47 prefectures, each once.
    pub prefectures: Vec<PrefectureFeeInput>,
    /// Null is 0.
    #[schema(required = true)]
    pub remote_island_surcharge: Option<i64>,
    /// Null: carriage is never free.
    #[schema(required = true)]
    pub free_threshold: Option<i64>,
}

/// The form as a rule, or every field's message. The estimate (the rule's default) is the
/// fee most prefectures have, the lower one on a tie; only the prefectures that differ are kept.
pub fn check(input: &CarriageSettingsInput) -> Result<CarriageRule, FieldErrors> {
    let mut errors = FieldErrors::new();
    let mut fees: BTreeMap<&str, i64> = BTreeMap::new();
    let mut complete = input.prefectures.len() == 47;
    for (index, row) in input.prefectures.iter().enumerate() {
        let name = row.prefecture.as_deref().unwrap_or("");
        if !crate::postal::import::is_prefecture(name) || fees.contains_key(name) {
            complete = false;
        }
        match row.fee {
            None => push(&mut errors, &format!("prefectures[{index}].fee"), FEE_EMPTY),
            Some(fee) if !(0..=MAX_FEE).contains(&fee) => push(&mut errors, &format!("prefectures[{index}].fee"), FEE_RANGE),
            Some(fee) => {
                fees.insert(name, fee);
            }
        }
    }
    if !complete {
        push(&mut errors, "prefectures", MISSING_PREFECTURES);
    }
    let surcharge = input.remote_island_surcharge.unwrap_or(0);
    if !(0..=MAX_FEE).contains(&surcharge) {
        push(&mut errors, "remote_island_surcharge", SURCHARGE_RANGE);
    }
    if input.free_threshold.is_some_and(|threshold| !(1..=MAX_FREE_THRESHOLD).contains(&threshold)) {
        push(&mut errors, "free_threshold", THRESHOLD_RANGE);
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let default = commonest(fees.values().copied());
    let by_prefecture = fees.into_iter().filter(|(_, fee)| *fee != default).map(|(name, fee)| (name.to_owned(), fee)).collect();
    Ok(CarriageRule { default, by_prefecture, free_threshold: input.free_threshold, remote_island_surcharge: surcharge })
}

fn push(errors: &mut FieldErrors, field: &str, message: &str) {
    errors.entry(field.to_owned()).or_default().push(message.to_owned());
}

fn commonest(fees: impl Iterator<Item = i64>) -> i64 {
    let mut counts: BTreeMap<i64, usize> = BTreeMap::new();
    for fee in fees {
        *counts.entry(fee).or_default() += 1;
    }
    // max_by_key keeps the last of equals: iterate from the highest fee so a tie keeps the lowest.
    counts.into_iter().rev().max_by_key(|(_, count)| *count).map_or(0, |(fee, _)| fee)
}

/// What a save changed, for the audit log: `送料設定: 沖縄県 1,650円→2,000円, 送料無料 11,000円→なし`.
pub fn describe_change(before: &CarriageRule, after: &CarriageRule) -> String {
    let yen = |amount: i64| format!("{}円", Yen(amount).grouped());
    let threshold = |value: Option<i64>| value.map_or_else(|| "なし".to_owned(), yen);
    let mut changes: Vec<String> = prefecture_names()
        .filter_map(|name| {
            let (old, new) = (before.of(Some(name), false), after.of(Some(name), false));
            (old != new).then(|| format!("{name} {}→{}", yen(old), yen(new)))
        })
        .collect();
    if before.remote_island_surcharge != after.remote_island_surcharge {
        changes.push(format!("離島の追加送料 {}→{}", yen(before.remote_island_surcharge), yen(after.remote_island_surcharge)));
    }
    if before.free_threshold != after.free_threshold {
        changes.push(format!("送料無料 {}→{}", threshold(before.free_threshold), threshold(after.free_threshold)));
    }
    if changes.is_empty() { "送料設定: 変更なし".to_owned() } else { format!("送料設定: {}", changes.join(", ")) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(rule: &CarriageRule) -> CarriageSettingsInput {
        let shown = CarriageSettings::of(rule, 0);
        CarriageSettingsInput {
            version: Some(0),
            prefectures: shown.prefectures.into_iter().map(|p| PrefectureFeeInput { prefecture: Some(p.prefecture), fee: Some(p.fee) }).collect(),
            remote_island_surcharge: Some(shown.remote_island_surcharge),
            free_threshold: shown.free_threshold,
        }
    }

    #[test]
    fn the_defaults_show_as_47_fees_and_save_back_to_the_same_rule() {
        let shown = CarriageSettings::of(&CarriageRule::default(), 0);
        assert_eq!(shown.prefectures.len(), 47);
        assert_eq!(shown.prefectures[0], PrefectureFee { prefecture: "北海道".into(), fee: 1320 });
        assert_eq!(shown.prefectures[12], PrefectureFee { prefecture: "東京都".into(), fee: 880 });
        assert_eq!(shown.prefectures[46], PrefectureFee { prefecture: "沖縄県".into(), fee: 1650 });
        assert_eq!(check(&form(&CarriageRule::default())), Ok(CarriageRule::default()));
    }

    #[test]
    fn the_estimate_is_the_commonest_fee_and_the_lower_on_a_tie() {
        let mut input = form(&CarriageRule::default());
        for (index, row) in input.prefectures.iter_mut().enumerate() {
            row.fee = Some(if index < 24 { 990 } else { 770 });
        }
        let rule = check(&input).unwrap();
        assert_eq!((rule.default, rule.by_prefecture.len()), (990, 23));
        input.prefectures[0].fee = Some(770);
        assert_eq!(check(&input).unwrap().default, 770, "24 of 770 against 23 of 990");
        assert_eq!(commonest([500, 300, 500, 300].into_iter()), 300);
    }

    #[test]
    fn empty_negative_or_huge_cells_are_named_by_their_row() {
        let mut input = form(&CarriageRule::default());
        input.prefectures[46].fee = None;
        input.prefectures[0].fee = Some(-1);
        input.prefectures[1].fee = Some(100_001);
        input.remote_island_surcharge = Some(-5);
        input.free_threshold = Some(0);
        let errors = check(&input).unwrap_err();
        assert_eq!(errors["prefectures[46].fee"], vec![FEE_EMPTY]);
        assert_eq!(errors["prefectures[0].fee"], vec![FEE_RANGE]);
        assert_eq!(errors["prefectures[1].fee"], vec![FEE_RANGE]);
        assert_eq!(errors["remote_island_surcharge"], vec![SURCHARGE_RANGE]);
        assert_eq!(errors["free_threshold"], vec![THRESHOLD_RANGE]);
        assert!(!errors.contains_key("prefectures"));
    }

    #[test]
    fn a_missing_doubled_or_unknown_prefecture_is_refused() {
        let mut missing = form(&CarriageRule::default());
        missing.prefectures.pop();
        assert_eq!(check(&missing).unwrap_err()["prefectures"], vec![MISSING_PREFECTURES]);
        let mut doubled = form(&CarriageRule::default());
        doubled.prefectures[1].prefecture = Some("北海道".into());
        assert!(check(&doubled).unwrap_err().contains_key("prefectures"));
        let mut unknown = form(&CarriageRule::default());
        unknown.prefectures[1].prefecture = Some("江戸".into());
        assert!(check(&unknown).unwrap_err().contains_key("prefectures"));
    }

    #[test]
    fn the_change_names_each_cell_before_and_after() {
        let before = CarriageRule::default();
        let mut after = before.clone();
        after.by_prefecture.insert("沖縄県".into(), 2000);
        after.free_threshold = None;
        after.remote_island_surcharge = 1100;
        assert_eq!(describe_change(&before, &after), "送料設定: 沖縄県 1,650円→2,000円, 離島の追加送料 0円→1,100円, 送料無料 11,000円→なし");
        assert_eq!(describe_change(&before, &before), "送料設定: 変更なし");
    }
}
