//! What a cart costs: one pure function from lines, shippings, coupon, payment method and
//! points to every figure the cart and the order show. Amounts are tax-included yen (総額表示);
//! consumption tax is derived once per rate per order (適格請求書: one rounding per rate),
//! rounded down.
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::channel::carriage::CarriageRule;
use crate::payments::fee_rule::{FeeRefusal, FeeRule};

/// The tax rate of carriage, fees and packing.
pub const STANDARD_RATE: i64 = 10;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    pub unit_price: i64,
    pub quantity: i64,
    pub tax_rate: i64,
    /// Index into `Input::shippings`.
    pub shipping: usize,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Discount {
    Amount(i64),
    Percent(i64),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Coupon {
    pub discount: Discount,
    pub minimum_amount: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Shipping {
    /// None until an address is chosen: the default carriage applies.
    pub prefecture: Option<String>,
    /// The address is on a remote island (離島): the carriage gets the shop's surcharge.
    pub on_island: bool,
    /// Gift wrapping of this shipping.
    pub packing_price: i64,
}

#[derive(Debug, Clone, Default)]
pub struct Input {
    pub lines: Vec<Line>,
    pub shippings: Vec<Shipping>,
    /// Applied only when its minimum is met (the caller checks the rest of its rules).
    pub coupon: Option<Coupon>,
    pub carriage: CarriageRule,
    /// The chosen payment method's fee and range (None: no method chosen yet, no fee).
    pub fee: Option<FeeRule>,
    /// Points the buyer asked to use; at most the total before points is used.
    pub use_points: i64,
    /// Percent of the items after coupon earned as points (0: points off).
    pub earn_rate: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct RateAmount {
    pub tax_rate: i64,
    /// Tax-included amount at this rate (after coupon, before points).
    pub amount: i64,
    /// floor(amount × rate / (100 + rate)).
    pub tax: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Priced {
    /// Per line: its subtotal, its share of the coupon, and its tax (display only).
    pub line_subtotals: Vec<i64>,
    pub line_coupon: Vec<i64>,
    pub line_tax: Vec<i64>,
    /// Per shipping: carriage (0 for a shipping without lines) and packing.
    pub shipping_carriage: Vec<i64>,
    pub shipping_packing: Vec<i64>,
    pub items_subtotal: i64,
    pub coupon_discount: i64,
    /// False when a coupon was given but its minimum is not met.
    pub coupon_applies: bool,
    pub total_carriage: i64,
    pub packing_fee: i64,
    pub payment_fee: i64,
    /// Why the payment method cannot take this total (outside its lowest or highest total).
    pub fee_refusal: Option<FeeRefusal>,
    pub use_points: i64,
    pub total_before_points: i64,
    pub total_payment: i64,
    pub total_tax: i64,
    pub amount_by_tax_rate: Vec<RateAmount>,
    pub earn_points: i64,
}

/// Shares `total` over `weights` in proportion (floors), the remainder to `remainder_to`.
fn apportion(total: i64, weights: &[i64], remainder_to: usize) -> Vec<i64> {
    let sum: i64 = weights.iter().sum();
    if sum <= 0 || weights.is_empty() {
        return vec![0; weights.len()];
    }
    let mut parts: Vec<i64> = weights.iter().map(|w| (i128::from(total) * i128::from(*w) / i128::from(sum)) as i64).collect();
    let given: i64 = parts.iter().sum();
    parts[remainder_to] += total - given;
    parts
}

pub fn coupon_discount(coupon: &Coupon, items_subtotal: i64) -> i64 {
    if items_subtotal < coupon.minimum_amount {
        return 0;
    }
    let discount = match coupon.discount {
        Discount::Amount(yen) => yen,
        Discount::Percent(percent) => items_subtotal * percent / 100,
    };
    discount.clamp(0, items_subtotal)
}

pub fn tax_of(amount: i64, rate: i64) -> i64 {
    (amount * rate).div_euclid(100 + rate)
}

pub fn price(input: &Input) -> Priced {
    let line_subtotals: Vec<i64> = input.lines.iter().map(|l| l.unit_price * l.quantity).collect();
    let items_subtotal: i64 = line_subtotals.iter().sum();

    let (coupon_applies, coupon_total) = match &input.coupon {
        Some(coupon) if items_subtotal >= coupon.minimum_amount && items_subtotal > 0 => (true, coupon_discount(coupon, items_subtotal)),
        Some(_) => (false, 0),
        None => (true, 0),
    };

    // Items per rate; the coupon is shared over the rates, then over each rate's lines.
    let mut rates: BTreeMap<i64, i64> = BTreeMap::new();
    for (line, subtotal) in input.lines.iter().zip(&line_subtotals) {
        *rates.entry(line.tax_rate).or_default() += subtotal;
    }
    let rate_keys: Vec<i64> = rates.keys().copied().collect();
    let rate_items: Vec<i64> = rates.values().copied().collect();
    // The remainder goes to the highest rate.
    let rate_coupon = apportion(coupon_total, &rate_items, rate_keys.len().saturating_sub(1));
    let mut line_coupon = vec![0; input.lines.len()];
    for (index, rate) in rate_keys.iter().enumerate() {
        let members: Vec<usize> = (0..input.lines.len()).filter(|i| input.lines[*i].tax_rate == *rate).collect();
        let weights: Vec<i64> = members.iter().map(|i| line_subtotals[*i]).collect();
        let largest = weights.iter().enumerate().max_by_key(|(i, w)| (**w, std::cmp::Reverse(*i))).map_or(0, |(i, _)| i);
        for (member, part) in members.iter().zip(apportion(rate_coupon[index], &weights, largest)) {
            line_coupon[*member] = part;
        }
    }
    let line_tax = input.lines.iter().enumerate().map(|(i, line)| tax_of(line_subtotals[i] - line_coupon[i], line.tax_rate)).collect();

    let after_coupon = items_subtotal - coupon_total;
    let free = input.carriage.free_threshold.is_some_and(|threshold| after_coupon >= threshold);
    let shipping_carriage: Vec<i64> = input
        .shippings
        .iter()
        .enumerate()
        .map(|(index, shipping)| {
            let has_lines = input.lines.iter().any(|l| l.shipping == index);
            if !has_lines || free { 0 } else { input.carriage.of(shipping.prefecture.as_deref(), shipping.on_island) }
        })
        .collect();
    let shipping_packing: Vec<i64> =
        input.shippings.iter().enumerate().map(|(index, s)| if input.lines.iter().any(|l| l.shipping == index) { s.packing_price } else { 0 }).collect();
    let total_carriage: i64 = shipping_carriage.iter().sum();
    let packing_fee: i64 = shipping_packing.iter().sum();

    let before_fee = after_coupon + total_carriage + packing_fee;
    let (payment_fee, fee_refusal) = match input.fee.as_ref().map(|rule| rule.fee_for(before_fee)) {
        None => (0, None),
        Some(Ok(fee)) => (fee, None),
        Some(Err(refusal)) => (0, Some(refusal)),
    };

    let mut amount_by_tax_rate: Vec<RateAmount> = rate_keys
        .iter()
        .zip(&rate_items)
        .zip(&rate_coupon)
        .map(|((rate, items), coupon)| RateAmount { tax_rate: *rate, amount: items - coupon, tax: 0 })
        .collect();
    let standard_extra = total_carriage + packing_fee + payment_fee;
    if standard_extra > 0 {
        match amount_by_tax_rate.iter_mut().find(|r| r.tax_rate == STANDARD_RATE) {
            Some(rate) => rate.amount += standard_extra,
            None => amount_by_tax_rate.push(RateAmount { tax_rate: STANDARD_RATE, amount: standard_extra, tax: 0 }),
        }
    }
    for rate in &mut amount_by_tax_rate {
        rate.tax = tax_of(rate.amount, rate.tax_rate);
    }
    let total_before_points: i64 = amount_by_tax_rate.iter().map(|r| r.amount).sum();
    let use_points = input.use_points.clamp(0, total_before_points.max(0));
    Priced {
        line_subtotals,
        line_coupon,
        line_tax,
        shipping_carriage,
        shipping_packing,
        items_subtotal,
        coupon_discount: coupon_total,
        coupon_applies,
        total_carriage,
        packing_fee,
        payment_fee,
        fee_refusal,
        use_points,
        total_before_points,
        total_payment: total_before_points - use_points,
        total_tax: amount_by_tax_rate.iter().map(|r| r.tax).sum(),
        amount_by_tax_rate,
        earn_points: (after_coupon.max(0) * input.earn_rate.max(0)) / 100,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(unit_price: i64, quantity: i64, tax_rate: i64) -> Line {
        Line { unit_price, quantity, tax_rate, shipping: 0 }
    }

    fn one_shipping(prefecture: Option<&str>) -> Vec<Shipping> {
        vec![Shipping { prefecture: prefecture.map(str::to_owned), ..Shipping::default() }]
    }

    #[test]
    fn tax_is_rounded_down_once_per_rate() {
        // 8%: 1,080 × 2 = 2,160 → tax 160; 10%: 3,300 + 1,078 = 4,378 + carriage 880 = 5,258 → 478.
        let input =
            Input { lines: vec![line(1080, 2, 8), line(3300, 1, 10), line(1078, 1, 10)], shippings: one_shipping(Some("東京都")), ..Input::default() };
        let priced = price(&input);
        assert_eq!(priced.items_subtotal, 6538);
        assert_eq!(priced.total_carriage, 880);
        assert_eq!(priced.amount_by_tax_rate, vec![RateAmount { tax_rate: 8, amount: 2160, tax: 160 }, RateAmount { tax_rate: 10, amount: 5258, tax: 478 }]);
        assert_eq!(priced.total_tax, 638);
        assert_eq!(priced.total_payment, 7418);
        // Per-line rounding would give 98 + 300 + 98 + 80 (carriage) = 576 + 160; once per rate: 478.
        assert_eq!(tax_of(1078, 10), 98);
    }

    #[test]
    fn a_coupon_is_shared_over_rates_by_their_items_with_the_remainder_to_the_highest_rate() {
        let input = Input {
            lines: vec![line(1000, 1, 8), line(2001, 1, 10)],
            shippings: one_shipping(None),
            coupon: Some(Coupon { discount: Discount::Amount(500), minimum_amount: 3000 }),
            ..Input::default()
        };
        let priced = price(&input);
        // 500 × 1000/3001 = 166 (floor); 10% gets 334.
        assert_eq!(priced.line_coupon, vec![166, 334]);
        assert_eq!(priced.coupon_discount, 500);
        assert_eq!(priced.amount_by_tax_rate[0], RateAmount { tax_rate: 8, amount: 834, tax: 61 });
        assert_eq!(priced.amount_by_tax_rate[1].amount, 1667 + 880);
    }

    #[test]
    fn a_coupon_below_its_minimum_does_not_apply_and_never_exceeds_the_items() {
        let coupon = Coupon { discount: Discount::Amount(500), minimum_amount: 3000 };
        let input = Input { lines: vec![line(2999, 1, 10)], shippings: one_shipping(None), coupon: Some(coupon.clone()), ..Input::default() };
        let priced = price(&input);
        assert!(!priced.coupon_applies);
        assert_eq!(priced.coupon_discount, 0);
        assert_eq!(coupon_discount(&Coupon { discount: Discount::Amount(5000), minimum_amount: 0 }, 1200), 1200);
        assert_eq!(coupon_discount(&Coupon { discount: Discount::Percent(10), minimum_amount: 0 }, 12_345), 1234);
    }

    #[test]
    fn carriage_depends_on_the_prefecture_and_is_free_from_the_threshold_after_coupon() {
        let rule = CarriageRule::default();
        let mut input = Input { lines: vec![line(5000, 1, 10)], shippings: one_shipping(Some("北海道")), ..Input::default() };
        assert_eq!(price(&input).total_carriage, 1320);
        input.shippings = one_shipping(Some("沖縄県"));
        assert_eq!(price(&input).total_carriage, 1650);
        input.lines = vec![line(11_000, 1, 10)];
        assert_eq!(price(&input).total_carriage, 0);
        input.coupon = Some(Coupon { discount: Discount::Amount(1), minimum_amount: 0 });
        assert_eq!(price(&input).total_carriage, 1650, "10,999 after the coupon is below the threshold");
        assert_eq!(rule.of(None, false), 880);
    }

    #[test]
    fn a_remote_island_pays_the_surcharge_unless_carriage_is_free() {
        let carriage = CarriageRule { remote_island_surcharge: 1100, ..CarriageRule::default() };
        let island = vec![Shipping { prefecture: Some("東京都".into()), on_island: true, packing_price: 0 }];
        let mut input = Input { lines: vec![line(5000, 1, 10)], shippings: island, carriage, ..Input::default() };
        assert_eq!(price(&input).total_carriage, 1980);
        input.lines = vec![line(11_000, 1, 10)];
        assert_eq!(price(&input).total_carriage, 0, "free from the threshold, island or not");
    }

    #[test]
    fn each_shipping_with_lines_pays_its_own_carriage_and_packing() {
        let input = Input {
            lines: vec![Line { unit_price: 1000, quantity: 1, tax_rate: 10, shipping: 0 }, Line { unit_price: 1000, quantity: 1, tax_rate: 10, shipping: 1 }],
            shippings: vec![
                Shipping { prefecture: Some("東京都".into()), on_island: false, packing_price: 330 },
                Shipping { prefecture: Some("北海道".into()), on_island: false, packing_price: 0 },
                Shipping { prefecture: Some("沖縄県".into()), on_island: false, packing_price: 330 },
            ],
            ..Input::default()
        };
        let priced = price(&input);
        assert_eq!(priced.shipping_carriage, vec![880, 1320, 0]);
        assert_eq!(priced.packing_fee, 330);
    }

    #[test]
    fn cash_on_delivery_fee_follows_the_tiers_on_the_total_before_the_fee() {
        let cod = FeeRule::standard_cash_on_delivery();
        let input = Input { lines: vec![line(9120, 1, 10)], shippings: one_shipping(None), fee: Some(cod.clone()), ..Input::default() };
        // 9,120 + 880 = 10,000 → 330.
        let priced = price(&input);
        assert_eq!(priced.payment_fee, 330);
        assert_eq!(priced.total_payment, 10_330);
        assert_eq!(priced.amount_by_tax_rate, vec![RateAmount { tax_rate: 10, amount: 10_330, tax: 939 }]);
        // 9,121 + 880 = 10,001 → the next tier.
        let next = Input { lines: vec![line(9121, 1, 10)], ..input.clone() };
        assert_eq!(price(&next).payment_fee, 440);
        // Above the highest total: refused, no fee counted.
        let over = Input { lines: vec![line(300_001, 1, 10)], ..input };
        assert_eq!(price(&over).fee_refusal, Some(FeeRefusal::AboveMaximum(300_000)));
        assert_eq!(price(&over).payment_fee, 0);
    }

    #[test]
    fn points_pay_but_do_not_reduce_the_tax_and_earn_on_the_items_after_coupon() {
        let input = Input {
            lines: vec![line(3300, 2, 10)],
            shippings: one_shipping(None),
            coupon: Some(Coupon { discount: Discount::Amount(500), minimum_amount: 3000 }),
            use_points: 100,
            earn_rate: 1,
            ..Input::default()
        };
        let priced = price(&input);
        assert_eq!(priced.total_before_points, 6600 - 500 + 880);
        assert_eq!(priced.total_payment, 6980 - 100);
        assert_eq!(priced.total_tax, tax_of(6980, 10));
        assert_eq!(priced.earn_points, 61);
        let all = Input { use_points: 1_000_000, ..input };
        assert_eq!(price(&all).use_points, 6980);
        assert_eq!(price(&all).total_payment, 0);
    }

    /// Many generated carts (a fixed pseudo-random sequence): the coupon shares add up to the
    /// discount, no line gets more than its subtotal, the rates add up to the total, each
    /// rate's tax is its own floor, and points never make the payment negative.
    #[test]
    fn invariants_hold_for_generated_carts() {
        let mut seed: u64 = 0x5eed;
        let mut next = |n: u64| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) % n
        };
        for _ in 0..2000 {
            let shippings = 1 + next(3) as usize;
            let lines: Vec<Line> = (0..1 + next(5))
                .map(|_| Line {
                    unit_price: 1 + next(20_000) as i64,
                    quantity: 1 + next(5) as i64,
                    tax_rate: if next(2) == 0 { 8 } else { 10 },
                    shipping: next(shippings as u64) as usize,
                })
                .collect();
            let coupon = match next(3) {
                0 => None,
                1 => Some(Coupon { discount: Discount::Amount(1 + next(5000) as i64), minimum_amount: next(3000) as i64 }),
                _ => Some(Coupon { discount: Discount::Percent(1 + next(50) as i64), minimum_amount: 0 }),
            };
            let fee = match next(3) {
                0 => None,
                1 => Some(FeeRule::standard_cash_on_delivery()),
                _ => Some(FeeRule::fixed(next(500) as i64)),
            };
            let input = Input {
                lines,
                shippings: (0..shippings)
                    .map(|i| Shipping {
                        prefecture: (i == 1).then(|| "北海道".to_owned()),
                        on_island: false,
                        packing_price: if next(4) == 0 { 330 } else { 0 },
                    })
                    .collect(),
                coupon,
                fee,
                use_points: next(3000) as i64,
                earn_rate: 1,
                ..Input::default()
            };
            let p = price(&input);
            assert_eq!(p.line_coupon.iter().sum::<i64>(), p.coupon_discount);
            assert!(p.line_coupon.iter().zip(&p.line_subtotals).all(|(c, s)| 0 <= *c && c <= s));
            assert_eq!(p.amount_by_tax_rate.iter().map(|r| r.amount).sum::<i64>(), p.total_before_points);
            assert_eq!(p.total_before_points, p.items_subtotal - p.coupon_discount + p.total_carriage + p.packing_fee + p.payment_fee);
            assert!(p.amount_by_tax_rate.iter().all(|r| r.tax == tax_of(r.amount, r.tax_rate)));
            assert_eq!(p.total_tax, p.amount_by_tax_rate.iter().map(|r| r.tax).sum::<i64>());
            assert!(p.total_payment >= 0 && p.use_points <= input.use_points);
        }
    }

    #[test]
    fn an_empty_cart_costs_nothing() {
        let priced = price(&Input { shippings: one_shipping(None), ..Input::default() });
        assert_eq!(priced.total_payment, 0);
        assert_eq!(priced.total_carriage, 0);
        assert!(priced.amount_by_tax_rate.is_empty());
    }
}
