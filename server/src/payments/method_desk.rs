//! 支払方法設定 on the settings desk (docs/contracts/settings-payments.md): an owner's form for
//! one payment method checked into what is saved, the totals no enabled method can pay (the
//! warning above the list), and what a save changed, for the audit log.
use serde::{Deserialize, Serialize};

use super::fee_rule::{FeeRule, FeeTier};
use crate::channel::PaymentKind;
use crate::infra::error::FieldErrors;
use crate::infra::money::Yen;

pub const NAME_MAX: usize = 50;
pub const DESCRIPTION_MAX: usize = 500;
pub const TIERS_MAX: usize = 10;
/// A fee above this is a typo, not a price.
pub const FEE_MAX: i64 = 100_000;
/// The largest bound a tier or a range may name.
pub const TOTAL_MAX: i64 = 100_000_000;

const NAME_EMPTY: &str = "名称を入力してください。";
const NAME_LONG: &str = "名称は50文字以内で入力してください。";
const DESCRIPTION_LONG: &str = "説明は500文字以内で入力してください。";
const TIERS_EMPTY: &str = "手数料を1段以上入力してください。";
const TIERS_MANY: &str = "手数料は10段までです。";
const FEE_RANGE: &str = "手数料は0円から100,000円までの整数で入力してください。";
const UP_TO_EMPTY: &str = "この段の上限金額を入力してください。";
const UP_TO_ORDER: &str = "上限金額は前の段より大きくしてください。";
const UP_TO_RANGE: &str = "上限金額は1円から100,000,000円までの整数で入力してください。";
const LAST_OPEN: &str = "最後の段は上限なしにしてください。";
const MIN_RANGE: &str = "下限は1円から100,000,000円までの整数で入力してください。";
const MAX_RANGE: &str = "上限は1円から100,000,000円までの整数で入力してください。";
const MAX_BELOW_MIN: &str = "上限は下限より大きくしてください。";
const CARD_FEE: &str = "クレジットカードには手数料をかけられません（カード会社の加盟店規約で禁止されています）。";
pub const CARD_UNREADY: &str = "カード決済の接続先が設定されていないため有効にできません。";
pub const BANK_UNREADY: &str = "振込先口座を設定するまで有効にできません。";
/// Why the checkout does not offer a method even when enabled (the list's note).
pub const CARD_UNREADY_NOTE: &str = "カード決済の接続先が未設定です。";
pub const BANK_UNREADY_NOTE: &str = "振込先口座が未設定です。";
pub const LAST_ENABLED: &str = "有効な支払方法が1つもなくなるため、無効にできません。";

/// One method's form, saved at once.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
pub struct PaymentMethodInput {
    /// The version the screen showed.
    #[schema(required = true, value_type = i64)]
    pub version: Option<i64>,
    #[schema(required = true, value_type = String)]
    pub name: Option<String>,
    /// Shown under the method at checkout; may be empty.
    #[schema(required = true, value_type = String)]
    pub description: Option<String>,
    #[schema(required = true, value_type = bool)]
    pub is_enabled: Option<bool>,
    #[schema(required = true, value_type = bool)]
    pub member_only: Option<bool>,
    /// 1 to 10 tiers, ascending; every tier but the last has `up_to`, the last has null.
    pub fee_tiers: Vec<FeeTierInput>,
    /// Yen before the fee; null: no lower bound.
    #[schema(required = true)]
    pub min_total: Option<i64>,
    /// Yen before the fee; null: no upper bound.
    #[schema(required = true)]
    pub max_total: Option<i64>,
}

#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
pub struct FeeTierInput {
    /// Null on the last tier (「それ以上」).
    #[schema(required = true)]
    pub up_to: Option<i64>,
    /// Null is refused.
    #[schema(required = true)]
    pub fee: Option<i64>,
}

/// What a checked form saves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MethodForm {
    pub name: String,
    pub description: String,
    pub is_enabled: bool,
    pub member_only: bool,
    pub rule: FeeRule,
}

fn push(errors: &mut FieldErrors, field: &str, message: &str) {
    errors.entry(field.to_owned()).or_default().push(message.to_owned());
}

/// The form as what is saved, or every field's message. `kind` is the method's (card payment
/// takes no fee, and what the shop lacks for it is told by kind); `unready`: whether the
/// shop lacks what the method needs to be offered (a card gateway, a bank account).
pub fn check(input: &PaymentMethodInput, kind: Option<PaymentKind>, unready: bool) -> Result<MethodForm, FieldErrors> {
    let mut errors = FieldErrors::new();
    let name = input.name.as_deref().unwrap_or("").trim().to_owned();
    if name.is_empty() {
        push(&mut errors, "name", NAME_EMPTY);
    } else if name.chars().count() > NAME_MAX {
        push(&mut errors, "name", NAME_LONG);
    }
    let description = input.description.as_deref().unwrap_or("").trim().to_owned();
    if description.chars().count() > DESCRIPTION_MAX {
        push(&mut errors, "description", DESCRIPTION_LONG);
    }
    let tiers = check_tiers(&input.fee_tiers, &mut errors);
    if kind == Some(PaymentKind::CreditCard) && tiers.iter().any(|tier| tier.fee != 0) {
        push(&mut errors, "fee_tiers", CARD_FEE);
    }
    let bound = |value: Option<i64>, field: &str, message: &str, errors: &mut FieldErrors| match value {
        Some(yen) if !(1..=TOTAL_MAX).contains(&yen) => {
            push(errors, field, message);
            None
        }
        other => other,
    };
    let min_total = bound(input.min_total, "min_total", MIN_RANGE, &mut errors);
    let max_total = bound(input.max_total, "max_total", MAX_RANGE, &mut errors);
    if let (Some(min), Some(max)) = (min_total, max_total)
        && max <= min
    {
        push(&mut errors, "max_total", MAX_BELOW_MIN);
    }
    let is_enabled = input.is_enabled.unwrap_or(false);
    if is_enabled && unready {
        push(&mut errors, "is_enabled", if kind == Some(PaymentKind::BankTransfer) { BANK_UNREADY } else { CARD_UNREADY });
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(MethodForm { name, description, is_enabled, member_only: input.member_only.unwrap_or(false), rule: FeeRule { tiers, min_total, max_total } })
}

/// The tiers as given when they make a rule: ascending bounds, the last one open.
fn check_tiers(input: &[FeeTierInput], errors: &mut FieldErrors) -> Vec<FeeTier> {
    if input.is_empty() {
        push(errors, "fee_tiers", TIERS_EMPTY);
        return Vec::new();
    }
    if input.len() > TIERS_MAX {
        push(errors, "fee_tiers", TIERS_MANY);
        return Vec::new();
    }
    let mut tiers = Vec::with_capacity(input.len());
    let mut previous = 0;
    for (index, tier) in input.iter().enumerate() {
        let last = index + 1 == input.len();
        match tier.fee {
            Some(fee) if (0..=FEE_MAX).contains(&fee) => {}
            _ => push(errors, &format!("fee_tiers[{index}].fee"), FEE_RANGE),
        }
        match (tier.up_to, last) {
            (Some(_), true) => push(errors, &format!("fee_tiers[{index}].up_to"), LAST_OPEN),
            (None, false) => push(errors, &format!("fee_tiers[{index}].up_to"), UP_TO_EMPTY),
            (Some(up_to), false) if !(1..=TOTAL_MAX).contains(&up_to) => push(errors, &format!("fee_tiers[{index}].up_to"), UP_TO_RANGE),
            (Some(up_to), false) if up_to <= previous => push(errors, &format!("fee_tiers[{index}].up_to"), UP_TO_ORDER),
            (Some(up_to), false) => previous = up_to,
            (None, true) => {}
        }
        tiers.push(FeeTier { up_to: tier.up_to, fee: tier.fee.unwrap_or(0) });
    }
    tiers
}

/// A range of totals (before the fee) no enabled method can pay.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct PaymentGap {
    pub from: i64,
    /// Null: every total from `from` up.
    pub to: Option<i64>,
    /// True when members cannot pay these totals either; false when only guests cannot
    /// (members-only methods cover them).
    pub members_too: bool,
    /// 「300,001円以上のご注文で使えるお支払い方法がありません。」
    pub message: String,
}

/// What one enabled method takes, for the gaps.
#[derive(Debug, Clone, Copy)]
pub struct Coverage {
    pub member_only: bool,
    pub min_total: Option<i64>,
    pub max_total: Option<i64>,
}

/// The totals no method covers, for members (every method) and then for guests (the methods
/// open to them), each range once: a range both miss is said once, for everyone.
pub fn gaps(methods: &[Coverage]) -> Vec<PaymentGap> {
    let for_members = uncovered(methods.iter());
    let for_guests = uncovered(methods.iter().filter(|method| !method.member_only));
    let mut found: Vec<PaymentGap> = for_members.iter().map(|(from, to)| gap(*from, *to, true)).collect();
    for (from, to) in for_guests {
        // The parts of a guests' gap that members can pay.
        let mut pieces = vec![(from, to)];
        for (member_from, member_to) in &for_members {
            pieces = pieces.into_iter().flat_map(|piece| subtract(piece, (*member_from, *member_to))).collect();
        }
        found.extend(pieces.into_iter().map(|(from, to)| gap(from, to, false)));
    }
    found.sort_by_key(|gap| (gap.from, !gap.members_too));
    found
}

type Range = (i64, Option<i64>);

/// The ranges of totals from 0 up that none of `methods` takes.
fn uncovered<'a>(methods: impl Iterator<Item = &'a Coverage>) -> Vec<Range> {
    let mut ranges: Vec<Range> = methods.map(|method| (method.min_total.unwrap_or(0), method.max_total)).collect();
    ranges.sort_by_key(|(from, _)| *from);
    let mut gaps = Vec::new();
    // Every total below `next` is covered; None: every total is.
    let mut next: Option<i64> = Some(0);
    for (from, to) in ranges {
        let Some(start) = next else { break };
        if from > start {
            gaps.push((start, Some(from - 1)));
        }
        next = to.map(|to| start.max(to + 1));
    }
    if let Some(start) = next {
        gaps.push((start, None));
    }
    gaps
}

/// `piece` less `cut`, as 0, 1 or 2 ranges.
fn subtract(piece: Range, cut: Range) -> Vec<Range> {
    let (from, to) = piece;
    let (cut_from, cut_to) = cut;
    let ends_before_cut = to.is_some_and(|to| to < cut_from);
    let starts_after_cut = cut_to.is_some_and(|cut_to| from > cut_to);
    if ends_before_cut || starts_after_cut {
        return vec![piece];
    }
    let mut left = Vec::new();
    if from < cut_from {
        left.push((from, Some(cut_from - 1)));
    }
    if let Some(cut_to) = cut_to
        && to.is_none_or(|to| to > cut_to)
    {
        left.push((cut_to + 1, to));
    }
    left
}

fn gap(from: i64, to: Option<i64>, members_too: bool) -> PaymentGap {
    let yen = |amount: i64| format!("{}円", Yen(amount).grouped());
    let range = match (from, to) {
        (0, None) => String::new(),
        (from, None) => format!("{}以上のご注文で", yen(from)),
        (0, Some(to)) => format!("{}以下のご注文で", yen(to)),
        (from, Some(to)) => format!("{}〜{}のご注文で", yen(from), yen(to)),
    };
    let who = if members_too { "" } else { "ゲスト購入では、" };
    PaymentGap { from, to, members_too, message: format!("{who}{range}使えるお支払い方法がありません。") }
}

/// What a save changed, for the audit log:
/// `支払方法「代金引換」: 手数料 〜10,000円 330円 / それ以上 440円→…, 上限 300,000円→500,000円`.
pub fn describe_change(before_name: &str, before: &MethodForm, after: &MethodForm) -> String {
    let yen = |amount: Option<i64>| amount.map_or_else(|| "なし".to_owned(), |amount| format!("{}円", Yen(amount).grouped()));
    let flag = |on: bool| if on { "する" } else { "しない" };
    let mut changes = Vec::new();
    if before.name != after.name {
        changes.push(format!("名称 {}→{}", before.name, after.name));
    }
    if before.description != after.description {
        changes.push("説明を変更".to_owned());
    }
    if before.is_enabled != after.is_enabled {
        changes.push(format!("有効 {}→{}", flag(before.is_enabled), flag(after.is_enabled)));
    }
    if before.member_only != after.member_only {
        changes.push(format!("会員のみ {}→{}", flag(before.member_only), flag(after.member_only)));
    }
    if before.rule.tiers != after.rule.tiers {
        changes.push(format!("手数料 {}→{}", before.rule.describe_tiers(), after.rule.describe_tiers()));
    }
    if before.rule.min_total != after.rule.min_total {
        changes.push(format!("下限 {}→{}", yen(before.rule.min_total), yen(after.rule.min_total)));
    }
    if before.rule.max_total != after.rule.max_total {
        changes.push(format!("上限 {}→{}", yen(before.rule.max_total), yen(after.rule.max_total)));
    }
    let what = if changes.is_empty() { "変更なし".to_owned() } else { changes.join(", ") };
    format!("支払方法「{before_name}」: {what}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(tiers: &[(Option<i64>, Option<i64>)]) -> PaymentMethodInput {
        PaymentMethodInput {
            version: Some(1),
            name: Some(" 代金引換 ".into()),
            description: Some("お届け時に現金で".into()),
            is_enabled: Some(true),
            member_only: Some(false),
            fee_tiers: tiers.iter().map(|(up_to, fee)| FeeTierInput { up_to: *up_to, fee: *fee }).collect(),
            min_total: None,
            max_total: Some(300_000),
        }
    }

    #[test]
    fn a_good_form_becomes_the_rule_it_says() {
        let form = check(&input(&[(Some(10_000), Some(385)), (None, Some(1_100))]), Some(PaymentKind::CashOnDelivery), false).unwrap();
        assert_eq!(form.name, "代金引換");
        assert_eq!(form.rule.fee_for(10_000), Ok(385));
        assert_eq!(form.rule.fee_for(10_001), Ok(1_100));
        assert_eq!(form.rule.max_total, Some(300_000));
    }

    #[test]
    fn tiers_must_rise_end_open_and_charge_a_whole_fee() {
        let errors = check(
            &input(&[(Some(10_000), Some(330)), (Some(10_000), Some(-1)), (None, None), (Some(50_000), Some(660))]),
            Some(PaymentKind::CashOnDelivery),
            false,
        )
        .unwrap_err();
        assert_eq!(errors["fee_tiers[1].up_to"], vec![UP_TO_ORDER]);
        assert_eq!(errors["fee_tiers[1].fee"], vec![FEE_RANGE]);
        assert_eq!(errors["fee_tiers[2].up_to"], vec![UP_TO_EMPTY]);
        assert_eq!(errors["fee_tiers[2].fee"], vec![FEE_RANGE]);
        assert_eq!(errors["fee_tiers[3].up_to"], vec![LAST_OPEN]);
        assert_eq!(check(&input(&[]), None, false).unwrap_err()["fee_tiers"], vec![TIERS_EMPTY]);
        let many: Vec<(Option<i64>, Option<i64>)> = (1..=11).map(|i| (if i == 11 { None } else { Some(i * 1000) }, Some(0))).collect();
        assert_eq!(check(&input(&many), None, false).unwrap_err()["fee_tiers"], vec![TIERS_MANY]);
    }

    #[test]
    fn the_name_the_range_and_card_rules_are_checked() {
        let mut form = input(&[(None, Some(100))]);
        form.name = Some("  ".into());
        form.min_total = Some(5_000);
        form.max_total = Some(5_000);
        let errors = check(&form, Some(PaymentKind::CreditCard), true).unwrap_err();
        assert_eq!(errors["name"], vec![NAME_EMPTY]);
        assert_eq!(errors["max_total"], vec![MAX_BELOW_MIN]);
        assert_eq!(errors["fee_tiers"], vec![CARD_FEE]);
        assert_eq!(errors["is_enabled"], vec![CARD_UNREADY]);
        form.min_total = Some(0);
        assert_eq!(check(&form, None, false).unwrap_err()["min_total"], vec![MIN_RANGE]);
        let mut bank = input(&[(None, Some(0))]);
        bank.is_enabled = Some(true);
        assert_eq!(check(&bank, Some(PaymentKind::BankTransfer), true).unwrap_err()["is_enabled"], vec![BANK_UNREADY]);
        assert!(check(&bank, Some(PaymentKind::BankTransfer), false).is_ok());
    }

    fn cover(member_only: bool, min_total: Option<i64>, max_total: Option<i64>) -> Coverage {
        Coverage { member_only, min_total, max_total }
    }

    #[test]
    fn a_total_above_every_method_is_a_gap_for_everyone() {
        let found = gaps(&[cover(false, None, Some(300_000)), cover(false, Some(1), Some(500_000))]);
        assert_eq!(found.len(), 1);
        assert_eq!((found[0].from, found[0].to, found[0].members_too), (500_001, None, true));
        assert_eq!(found[0].message, "500,001円以上のご注文で使えるお支払い方法がありません。");
    }

    #[test]
    fn no_gap_when_one_method_takes_every_total() {
        assert!(gaps(&[cover(false, None, None), cover(false, Some(1_000), Some(2_000))]).is_empty());
    }

    #[test]
    fn a_gap_only_guests_have_is_named_for_guests() {
        // Guests: COD up to 300,000; members also have invoice with no limit.
        let found = gaps(&[cover(false, None, Some(300_000)), cover(true, None, None)]);
        assert_eq!(found.len(), 1);
        assert!(!found[0].members_too);
        assert_eq!(found[0].message, "ゲスト購入では、300,001円以上のご注文で使えるお支払い方法がありません。");
    }

    #[test]
    fn a_hole_between_ranges_and_below_the_lowest_are_found() {
        let found = gaps(&[cover(false, Some(1_000), Some(10_000)), cover(false, Some(20_000), None)]);
        let ranges: Vec<(i64, Option<i64>)> = found.iter().map(|gap| (gap.from, gap.to)).collect();
        assert_eq!(ranges, vec![(0, Some(999)), (10_001, Some(19_999))]);
        assert_eq!(found[0].message, "999円以下のご注文で使えるお支払い方法がありません。");
        assert_eq!(found[1].message, "10,001円〜19,999円のご注文で使えるお支払い方法がありません。");
        assert_eq!(gaps(&[])[0].message, "使えるお支払い方法がありません。");
    }

    #[test]
    fn the_audit_line_says_what_changed() {
        let before = check(&input(&[(Some(10_000), Some(330)), (None, Some(440))]), None, false).unwrap();
        let mut after = before.clone();
        after.rule.tiers[0].fee = 385;
        after.rule.max_total = Some(500_000);
        assert_eq!(
            describe_change("代金引換", &before, &after),
            "支払方法「代金引換」: 手数料 〜10,000円 330円 / それ以上 440円→〜10,000円 385円 / それ以上 440円, 上限 300,000円→500,000円"
        );
        assert_eq!(describe_change("代金引換", &before, &before), "支払方法「代金引換」: 変更なし");
    }
}
