//! What a payment method charges and which totals it takes (支払方法設定,
//! docs/contracts/settings-payments.md): a fee in tiers on the total before the fee (代引手数料
//! by amount; a fixed fee is one open tier) and an optional lowest and highest total. The
//! cart's pricing asks it once per quotation; the desk checks an owner's form into one.
use serde::{Deserialize, Serialize};

use crate::infra::money::Yen;

/// One step of a fee: up to and including `up_to` yen (null: any total above the step before).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct FeeTier {
    pub up_to: Option<i64>,
    pub fee: i64,
}

/// A method's fee tiers (ascending, the last open) and the totals it takes, both bounds included.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct FeeRule {
    pub tiers: Vec<FeeTier>,
    pub min_total: Option<i64>,
    pub max_total: Option<i64>,
}

/// Why a method cannot take a total.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FeeRefusal {
    BelowMinimum(i64),
    AboveMaximum(i64),
}

impl FeeRefusal {
    /// What the payment choice shows beside the method: 「代金引換はお支払い合計300,000円までご利用いただけます」.
    pub fn message(self, method_name: &str) -> String {
        match self {
            FeeRefusal::BelowMinimum(min) => format!("{method_name}はお支払い合計{}円以上でご利用いただけます", Yen(min).grouped()),
            FeeRefusal::AboveMaximum(max) => format!("{method_name}はお支払い合計{}円までご利用いただけます", Yen(max).grouped()),
        }
    }
}

impl FeeRule {
    /// 代金引換 as a new shop starts with it (the carriers' usual tiers, up to 300,000円): the
    /// demo shops and `shop channel create` fill their COD row with it; an owner changes it on
    /// the desk.
    pub fn standard_cash_on_delivery() -> Self {
        FeeRule {
            tiers: vec![
                FeeTier { up_to: Some(10_000), fee: 330 },
                FeeTier { up_to: Some(30_000), fee: 440 },
                FeeTier { up_to: Some(100_000), fee: 660 },
                FeeTier { up_to: None, fee: 1_100 },
            ],
            min_total: None,
            max_total: Some(300_000),
        }
    }

    /// A fee that does not depend on the total.
    pub fn fixed(fee: i64) -> Self {
        FeeRule { tiers: vec![FeeTier { up_to: None, fee }], min_total: None, max_total: None }
    }

    /// The fee for a total before the fee, or why the method cannot take it. A total above
    /// every closed tier with no open one pays the last tier's fee (the desk never saves such
    /// a rule; a hand-edited row must still never pay nothing).
    pub fn fee_for(&self, total: i64) -> Result<i64, FeeRefusal> {
        if let Some(min) = self.min_total.filter(|min| total < *min) {
            return Err(FeeRefusal::BelowMinimum(min));
        }
        if let Some(max) = self.max_total.filter(|max| total > *max) {
            return Err(FeeRefusal::AboveMaximum(max));
        }
        let tier = self.tiers.iter().find(|tier| tier.up_to.is_none_or(|up_to| total <= up_to)).or(self.tiers.last());
        Ok(tier.map_or(0, |tier| tier.fee))
    }

    /// The fee the method list shows before a cart is known: the first tier's.
    pub fn lowest_fee(&self) -> i64 {
        self.tiers.iter().map(|tier| tier.fee).min().unwrap_or(0)
    }

    /// Whether some total in the rule's range is charged a fee.
    pub fn charges(&self) -> bool {
        self.tiers.iter().any(|tier| tier.fee > 0)
    }

    /// The rule as stored (`payment_methods.fee_tiers`, JSON); unreadable reads as no fee.
    pub fn from_stored(tiers_json: &str, min_total: Option<i64>, max_total: Option<i64>) -> Self {
        let tiers = serde_json::from_str(tiers_json).unwrap_or_else(|_| vec![FeeTier { up_to: None, fee: 0 }]);
        FeeRule { tiers, min_total, max_total }
    }

    pub fn tiers_json(&self) -> String {
        serde_json::to_string(&self.tiers).unwrap_or_else(|_| "[]".to_owned())
    }

    /// `〜10,000円 330円 / 〜30,000円 440円 / それ以上 1,100円`, for the audit log.
    pub fn describe_tiers(&self) -> String {
        self.tiers
            .iter()
            .map(|tier| match tier.up_to {
                Some(up_to) => format!("〜{}円 {}円", Yen(up_to).grouped(), Yen(tier.fee).grouped()),
                None if self.tiers.len() == 1 => format!("{}円", Yen(tier.fee).grouped()),
                None => format!("それ以上 {}円", Yen(tier.fee).grouped()),
            })
            .collect::<Vec<_>>()
            .join(" / ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cod() -> FeeRule {
        FeeRule::standard_cash_on_delivery()
    }

    #[test]
    fn a_tier_includes_its_upper_bound() {
        let rule = cod();
        assert_eq!(rule.fee_for(0), Ok(330));
        assert_eq!(rule.fee_for(10_000), Ok(330));
        assert_eq!(rule.fee_for(10_001), Ok(440));
        assert_eq!(rule.fee_for(100_001), Ok(1_100));
        assert_eq!(rule.fee_for(300_000), Ok(1_100));
    }

    #[test]
    fn outside_the_range_the_method_is_refused_with_its_bound() {
        let mut rule = cod();
        assert_eq!(rule.fee_for(300_001), Err(FeeRefusal::AboveMaximum(300_000)));
        rule.min_total = Some(1_000);
        assert_eq!(rule.fee_for(999), Err(FeeRefusal::BelowMinimum(1_000)));
        assert_eq!(rule.fee_for(1_000), Ok(330));
        assert_eq!(FeeRefusal::AboveMaximum(300_000).message("代金引換"), "代金引換はお支払い合計300,000円までご利用いただけます");
        assert_eq!(FeeRefusal::BelowMinimum(1_000).message("後払い"), "後払いはお支払い合計1,000円以上でご利用いただけます");
    }

    #[test]
    fn a_rule_without_an_open_tier_charges_its_last_fee_above_it() {
        let rule = FeeRule { tiers: vec![FeeTier { up_to: Some(10_000), fee: 330 }], min_total: None, max_total: None };
        assert_eq!(rule.fee_for(50_000), Ok(330));
    }

    #[test]
    fn the_stored_json_reads_back_and_unreadable_json_charges_nothing() {
        let rule = cod();
        assert_eq!(FeeRule::from_stored(&rule.tiers_json(), None, Some(300_000)), rule);
        assert_eq!(FeeRule::from_stored("not json", None, None), FeeRule::fixed(0));
        assert_eq!(rule.describe_tiers(), "〜10,000円 330円 / 〜30,000円 440円 / 〜100,000円 660円 / それ以上 1,100円");
        assert_eq!(FeeRule::fixed(220).describe_tiers(), "220円");
    }
}
