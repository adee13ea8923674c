//! 返品・返金's arithmetic and checks, without I/O: what a return of some units proposes to
//! give back (money and points), and whether what staff finally typed may be recorded.
//!
//! The proposal shares the order's coupon discount, its used points and its earned points out
//! in proportion to the returned goods (rounded down, so the shop never gives back more than
//! the order had); the return of the last units gives back whatever is left, so rounding
//! never strands a point. Staff may change every figure before confirming, within the caps.
use std::collections::HashMap;

use crate::infra::money::Yen;
use crate::validation::FieldCheck;

/// An order line as a refund sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineFacts {
    pub id: String,
    pub unit_price: i64,
    pub ordered: i64,
    /// Units of it already returned by earlier refunds.
    pub returned: i64,
    /// Its parcel has left (出荷済 or 配達完了). Units that never left are not returned: the
    /// order is cancelled, or the shipment split, before a parcel leaves.
    pub shipped: bool,
}

impl LineFacts {
    pub fn returnable(&self) -> i64 {
        if self.shipped { (self.ordered - self.returned).max(0) } else { 0 }
    }
}

/// The order's money and points as a refund sees them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OrderFacts {
    /// Σ unit price × quantity (tax included).
    pub subtotal: i64,
    pub coupon_discount: i64,
    pub used_points: i64,
    pub earned_points: i64,
    /// Carriage, payment fee and packing fee.
    pub fees: i64,
    /// What the shop received.
    pub received: i64,
    /// What earlier refunds gave back (failed ones not counted).
    pub refunded: i64,
    pub points_returned: i64,
    pub points_revoked: i64,
}

impl OrderFacts {
    pub fn refundable(&self) -> i64 {
        (self.received - self.refunded).max(0)
    }

    pub fn points_returnable(&self) -> i64 {
        (self.used_points - self.points_returned).max(0)
    }

    pub fn points_revocable(&self) -> i64 {
        (self.earned_points - self.points_revoked).max(0)
    }
}

/// What the chosen units propose.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Proposal {
    pub goods_amount: i64,
    pub coupon_share: i64,
    pub points_share: i64,
    pub fees_amount: i64,
    pub suggested_amount: i64,
    pub points_returned: i64,
    pub points_revoked: i64,
}

/// `chosen`: units per line id, already checked by [`check_units`].
pub fn propose(order: &OrderFacts, lines: &[LineFacts], chosen: &HashMap<String, i64>, include_fees: bool) -> Proposal {
    let goods: i64 = lines.iter().map(|line| line.unit_price * chosen.get(&line.id).copied().unwrap_or(0)).sum();
    // The last units of the order (never-shipped ones cannot come back, so every line counts).
    let returns_the_rest = goods > 0 && lines.iter().all(|line| line.returned + chosen.get(&line.id).copied().unwrap_or(0) >= line.ordered);
    let share = |of: i64| if order.subtotal > 0 { of * goods / order.subtotal } else { 0 };
    let (points_share, revoked) = if returns_the_rest {
        (order.points_returnable(), order.points_revocable())
    } else {
        (share(order.used_points).min(order.points_returnable()), share(order.earned_points).min(order.points_revocable()))
    };
    let coupon_share = share(order.coupon_discount);
    let fees_amount = if include_fees { order.fees } else { 0 };
    let suggested = (goods - coupon_share - points_share + fees_amount).clamp(0, order.refundable());
    Proposal {
        goods_amount: goods,
        coupon_share,
        points_share,
        fees_amount,
        suggested_amount: suggested,
        points_returned: points_share,
        points_revoked: revoked,
    }
}

/// Checks the units asked for: known lines, whole numbers, no more than each line has left.
/// Returns the units per line (quantity 0 left out); `name_of` names a line in the message.
pub fn check_units(check: &mut FieldCheck, lines: &[LineFacts], asked: &[(String, i64)], name_of: impl Fn(&str) -> String) -> HashMap<String, i64> {
    let mut chosen: HashMap<String, i64> = HashMap::new();
    for (line_id, quantity) in asked {
        let Some(line) = lines.iter().find(|line| &line.id == line_id) else {
            check.field("lines", Err("この注文にない明細です。"));
            continue;
        };
        if *quantity < 0 {
            check.field("lines", Err("数量は0以上の整数で入力してください。"));
            continue;
        }
        if !line.shipped && *quantity > 0 {
            check.field(
                "lines",
                Err(format!("まだ発送していない商品は返品できません（{}）。出荷を分割するか、注文をキャンセルしてください。", name_of(line_id))),
            );
            continue;
        }
        let total = chosen.get(line_id).copied().unwrap_or(0) + quantity;
        if total > line.returnable() {
            check.field("lines", Err(format!("返品する数量が購入数を超えています（{}：残り{}点）。", name_of(line_id), line.returnable())));
            continue;
        }
        if *quantity > 0 {
            chosen.insert(line_id.clone(), total);
        }
    }
    chosen
}

/// What staff confirm, beyond the units.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Figures {
    pub amount: Option<i64>,
    pub points_returned: Option<i64>,
    pub points_revoked: Option<i64>,
    pub restock: Option<bool>,
}

/// Checks the money and points against what the order has left; `units` is how many units
/// come back in all.
pub fn check_figures(check: &mut FieldCheck, order: &OrderFacts, figures: &Figures, units: i64) {
    match figures.amount {
        None => {
            check.field("amount", Err("返金額を入力してください。"));
        }
        Some(amount) if amount < 0 => {
            check.field("amount", Err("返金額は0円以上で入力してください。"));
        }
        Some(amount) if amount > order.refundable() => {
            check.field("amount", Err(format!("返金額が返金できる上限（{}円）を超えています。", Yen(order.refundable()).grouped())));
        }
        Some(amount) if amount == 0 && units == 0 => {
            check.field("lines", Err("返品する商品か返金額を入力してください。"));
        }
        Some(_) => {}
    }
    let returned = figures.points_returned.unwrap_or(0);
    if returned < 0 || returned > order.points_returnable() {
        check.field("points_returned", Err(format!("返却ポイントはご利用ポイントの残り（{}pt）以下で入力してください。", order.points_returnable())));
    }
    let revoked = figures.points_revoked.unwrap_or(0);
    if revoked < 0 || revoked > order.points_revocable() {
        check.field("points_revoked", Err(format!("取り消すポイントは付与ポイントの残り（{}pt）以下で入力してください。", order.points_revocable())));
    }
    if units > 0 && figures.restock.is_none() {
        check.field("restock", Err("在庫に戻すかどうかを選んでください。"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(id: &str, unit_price: i64, ordered: i64, returned: i64) -> LineFacts {
        LineFacts { id: id.into(), unit_price, ordered, returned, shipped: true }
    }

    fn order() -> OrderFacts {
        // Two lines: 3,000 × 2 and 4,000 × 1 = 10,000; a 1,000 coupon, 500 points used, 100
        // earned, 800 carriage: 10,000 − 1,000 − 500 + 800 = 9,300 received.
        OrderFacts { subtotal: 10_000, coupon_discount: 1_000, used_points: 500, earned_points: 100, fees: 800, received: 9_300, ..OrderFacts::default() }
    }

    fn lines() -> Vec<LineFacts> {
        vec![line("a", 3_000, 2, 0), line("b", 4_000, 1, 0)]
    }

    fn units(pairs: &[(&str, i64)]) -> HashMap<String, i64> {
        pairs.iter().map(|(id, q)| (id.to_string(), *q)).collect()
    }

    #[test]
    fn one_unit_back_shares_the_coupon_and_the_points_in_proportion() {
        let proposal = propose(&order(), &lines(), &units(&[("a", 1)]), false);
        assert_eq!(
            proposal,
            Proposal {
                goods_amount: 3_000,
                coupon_share: 300,
                points_share: 150,
                fees_amount: 0,
                suggested_amount: 2_550,
                points_returned: 150,
                points_revoked: 30
            }
        );
    }

    #[test]
    fn the_last_units_give_back_what_is_left_with_the_fees_when_asked() {
        let mut facts = order();
        facts.refunded = 2_550;
        facts.points_returned = 150;
        facts.points_revoked = 30;
        let lines = vec![line("a", 3_000, 2, 1), line("b", 4_000, 1, 0)];
        let proposal = propose(&facts, &lines, &units(&[("a", 1), ("b", 1)]), true);
        assert_eq!(proposal.points_returned, 350, "the rest of the 500 used");
        assert_eq!(proposal.points_revoked, 70, "the rest of the 100 earned");
        assert_eq!(proposal.suggested_amount, 6_750, "7,000 − 700 coupon − 350 points + 800 fees, capped at 9,300 − 2,550");
    }

    #[test]
    fn the_suggestion_never_exceeds_what_is_left_to_refund() {
        let mut facts = order();
        facts.refunded = 9_000;
        assert_eq!(propose(&facts, &lines(), &units(&[("b", 1)]), true).suggested_amount, 300);
    }

    #[test]
    fn units_beyond_what_a_line_has_left_or_unknown_lines_are_refused() {
        let lines = vec![line("a", 3_000, 2, 1)];
        let mut check = FieldCheck::default();
        let chosen = check_units(&mut check, &lines, &[("a".into(), 2)], |_| "Tシャツ".into());
        assert!(chosen.is_empty());
        let error = format!("{:?}", check.finish().unwrap_err());
        assert!(error.contains("返品する数量が購入数を超えています（Tシャツ：残り1点）。"), "{error}");

        let mut check = FieldCheck::default();
        let waiting = vec![LineFacts { shipped: false, ..line("w", 1_000, 1, 0) }];
        check_units(&mut check, &waiting, &[("w".into(), 1)], |_| "帽子".into());
        assert!(format!("{:?}", check.finish().unwrap_err()).contains("まだ発送していない商品は返品できません（帽子）"));

        let mut check = FieldCheck::default();
        check_units(&mut check, &lines, &[("zz".into(), 1)], |_| String::new());
        assert!(format!("{:?}", check.finish().unwrap_err()).contains("この注文にない明細です。"));

        let mut check = FieldCheck::default();
        let chosen = check_units(&mut check, &lines, &[("a".into(), 1), ("a".into(), 0)], |_| String::new());
        assert!(check.is_ok());
        assert_eq!(chosen, units(&[("a", 1)]));
    }

    #[test]
    fn money_and_points_are_capped_and_restocking_must_be_chosen() {
        let facts = order();
        let figures =
            |amount, returned, revoked, restock| Figures { amount: Some(amount), points_returned: Some(returned), points_revoked: Some(revoked), restock };
        let mut check = FieldCheck::default();
        check_figures(&mut check, &facts, &figures(9_301, 501, 101, None), 1);
        let error = format!("{:?}", check.finish().unwrap_err());
        for expected in [
            "返金額が返金できる上限（9,300円）を超えています。",
            "返却ポイントはご利用ポイントの残り（500pt）以下で入力してください。",
            "取り消すポイントは付与ポイントの残り（100pt）以下で入力してください。",
            "在庫に戻すかどうかを選んでください。",
        ] {
            assert!(error.contains(expected), "{expected} in {error}");
        }
        let mut check = FieldCheck::default();
        check_figures(&mut check, &facts, &figures(0, 0, 0, None), 0);
        assert!(format!("{:?}", check.finish().unwrap_err()).contains("返品する商品か返金額を入力してください。"));
        let mut check = FieldCheck::default();
        check_figures(&mut check, &facts, &figures(-1, 0, 0, Some(true)), 1);
        assert!(format!("{:?}", check.finish().unwrap_err()).contains("返金額は0円以上で入力してください。"));
        let mut check = FieldCheck::default();
        check_figures(&mut check, &facts, &figures(9_300, 500, 100, Some(false)), 3);
        assert!(check.is_ok(), "everything left may go back");
        let mut check = FieldCheck::default();
        check_figures(&mut check, &facts, &figures(800, 0, 0, None), 0);
        assert!(check.is_ok(), "carriage alone, no unit back: no stock choice needed");
    }
}
