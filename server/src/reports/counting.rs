//! Counting days from what happened on them (docs/contracts/reports.md, "The rule"): an order is
//! a sale on the day and hour it was placed; a refund is a return on the day it was recorded, a
//! cancel on the day it was cancelled. Pure: the facts come from `store`, the rows go back to it.
use std::collections::{BTreeMap, BTreeSet};

use super::figures::{CustomerKind, Dim, ReportFigures, jst_day, jst_hour, new_repeat_key_and_label, tax_rate_key_and_label};

/// An order, as the order-level breakdowns see it.
#[derive(Debug, Clone, Default)]
pub struct OrderFacts {
    pub id: String,
    pub ordered_at: i64,
    pub customer: Option<CustomerKind>,
    pub payment_code: String,
    pub payment_name: String,
    /// The first delivery address's prefecture; empty when unknown (a gift's address to come).
    pub prefecture: String,
    pub repeat: bool,
    pub items: i64,
    pub subtotal: i64,
    pub coupon_discount: i64,
    pub point_discount: i64,
    pub total_payment: i64,
}

/// An order line, as the item breakdowns see it.
#[derive(Debug, Clone, Default)]
pub struct LineFacts {
    pub order_id: String,
    pub product_key: String,
    pub product_name: String,
    pub code: String,
    pub variation_name: String,
    pub tax_rate: i64,
    /// The product's first category (id, name), as the catalogue files it when counted.
    pub category: Option<(String, String)>,
    pub quantity: i64,
    /// Unit price × quantity (tax included).
    pub gross: i64,
    pub coupon_discount: i64,
}

/// Money given back: a refund, or a cancel's remaining amount, with the lines it covers.
#[derive(Debug, Clone, Default)]
pub struct ReturnFacts {
    pub order_id: String,
    pub at: i64,
    pub amount: i64,
    /// The lines and what of each was given back.
    pub lines: Vec<(LineFacts, i64)>,
}

/// What is known of a stretch of days.
#[derive(Debug, Default)]
pub struct Facts {
    pub orders: Vec<OrderFacts>,
    pub lines: Vec<LineFacts>,
    /// The orders of the returns (placed on any day).
    pub returned_orders: Vec<OrderFacts>,
    pub returns: Vec<ReturnFacts>,
}

/// A counted row's place: the day, the dimension, the key.
pub type RowKey = (i64, Dim, String);
/// The counted rows: each with its label and figures.
pub type Rows = BTreeMap<RowKey, (String, ReportFigures)>;

/// The rows of these facts.
pub fn count(facts: &Facts) -> Rows {
    let mut rows = Rows::new();
    let mut lines_of: BTreeMap<&str, Vec<&LineFacts>> = BTreeMap::new();
    for line in &facts.lines {
        lines_of.entry(line.order_id.as_str()).or_default().push(line);
    }
    for order in &facts.orders {
        let fees = order.total_payment - order.subtotal + order.coupon_discount + order.point_discount;
        let sale = ReportFigures::sale(1, order.items, order.subtotal, order.coupon_discount, order.point_discount, fees);
        add_order_rows(&mut rows, order, order.ordered_at, &sale);
        let lines: Vec<(LineFacts, ReportFigures)> = lines_of
            .get(order.id.as_str())
            .into_iter()
            .flatten()
            .map(|line| ((*line).clone(), ReportFigures::sale(1, line.quantity, line.gross, line.coupon_discount, 0, 0)))
            .collect();
        add_item_rows(&mut rows, jst_day(order.ordered_at), &lines);
    }
    let orders: BTreeMap<&str, &OrderFacts> = facts.returned_orders.iter().map(|o| (o.id.as_str(), o)).collect();
    for returned in &facts.returns {
        let Some(order) = orders.get(returned.order_id.as_str()) else { continue };
        add_order_rows(&mut rows, order, returned.at, &ReportFigures::returned(returned.amount));
        let lines: Vec<(LineFacts, ReportFigures)> =
            returned.lines.iter().filter(|(_, amount)| *amount != 0).map(|(line, amount)| (line.clone(), ReportFigures::returned(*amount))).collect();
        add_item_rows(&mut rows, jst_day(returned.at), &lines);
    }
    rows
}

fn add(rows: &mut Rows, day: i64, dim: Dim, key: impl Into<String>, label: impl Into<String>, figures: &ReportFigures) {
    let entry = rows.entry((day, dim, key.into())).or_insert_with(|| (label.into(), ReportFigures::default()));
    entry.1.add(figures);
}

/// An order's sale or return under the total, the hour and the order-level breakdowns.
fn add_order_rows(rows: &mut Rows, order: &OrderFacts, at: i64, figures: &ReportFigures) {
    let day = jst_day(at);
    add(rows, day, Dim::Total, "", "合計", figures);
    let hour = jst_hour(at);
    add(rows, day, Dim::Hour, hour.to_string(), format!("{hour}時"), figures);
    let payment_label = if order.payment_name.trim().is_empty() { order.payment_code.clone() } else { order.payment_name.clone() };
    add(rows, day, Dim::Payment, order.payment_code.clone(), payment_label, figures);
    match order.prefecture.trim() {
        "" => add(rows, day, Dim::Prefecture, "unknown", "不明", figures),
        prefecture => add(rows, day, Dim::Prefecture, prefecture, prefecture, figures),
    }
    let (key, label) = order.customer.unwrap_or(CustomerKind::Guest).key_and_label();
    add(rows, day, Dim::Customer, key, label, figures);
    let (key, label) = new_repeat_key_and_label(order.repeat);
    add(rows, day, Dim::NewRepeat, key, label, figures);
}

/// One order's lines under the item breakdowns; an order counts once per key however many of
/// its lines share it (two colours of one product are one order of it).
fn add_item_rows(rows: &mut Rows, day: i64, lines: &[(LineFacts, ReportFigures)]) {
    let mut seen: BTreeSet<(Dim, String)> = BTreeSet::new();
    for (line, figures) in lines {
        let (category_key, category_label) = line.category.clone().unwrap_or_else(|| ("none".to_owned(), "カテゴリなし".to_owned()));
        let (rate_key, rate_label) = tax_rate_key_and_label(line.tax_rate);
        let sku_label = if line.variation_name.trim().is_empty() {
            format!("{}（{}）", line.product_name, line.code)
        } else {
            format!("{} / {}（{}）", line.product_name, line.variation_name, line.code)
        };
        for (dim, key, label) in [
            (Dim::Product, line.product_key.clone(), line.product_name.clone()),
            (Dim::Sku, line.code.clone(), sku_label),
            (Dim::Category, category_key, category_label),
            (Dim::TaxRate, rate_key, rate_label),
        ] {
            let mut figures = *figures;
            if !seen.insert((dim, key.clone())) {
                figures.orders = 0;
            }
            add(rows, day, dim, key, label, &figures);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reports::figures::{day_start, parse_day};

    fn at(day: &str, hour: i64) -> i64 {
        day_start(parse_day(day).unwrap()) + hour * 3_600_000
    }

    fn order(id: &str, ordered_at: i64) -> OrderFacts {
        OrderFacts {
            id: id.into(),
            ordered_at,
            customer: Some(CustomerKind::Member),
            payment_code: "credit_card".into(),
            payment_name: "クレジットカード".into(),
            prefecture: "沖縄県".into(),
            repeat: false,
            items: 3,
            subtotal: 10_000,
            coupon_discount: 500,
            point_discount: 100,
            total_payment: 10_280,
        }
    }

    fn line(order_id: &str, code: &str, quantity: i64, unit: i64) -> LineFacts {
        LineFacts {
            order_id: order_id.into(),
            product_key: "tee".into(),
            product_name: "Tシャツ".into(),
            code: code.into(),
            variation_name: code.into(),
            tax_rate: 10,
            category: Some(("c1".into(), "トップス".into())),
            quantity,
            gross: unit * quantity,
            coupon_discount: 0,
        }
    }

    fn row<'a>(rows: &'a Rows, day: &str, dim: Dim, key: &str) -> &'a ReportFigures {
        &rows[&(parse_day(day).unwrap(), dim, key.to_owned())].1
    }

    #[test]
    fn a_sale_counts_on_its_day_and_a_later_refund_on_its_own() {
        let placed = at("2026-10-31", 23);
        let facts = Facts {
            orders: vec![order("o1", placed)],
            lines: vec![line("o1", "tee-s", 1, 4_000), line("o1", "tee-m", 2, 3_000)],
            returned_orders: vec![order("o1", placed)],
            returns: vec![ReturnFacts { order_id: "o1".into(), at: at("2026-11-02", 10), amount: 3_000, lines: vec![(line("o1", "tee-m", 2, 3_000), 3_000)] }],
        };
        let rows = count(&facts);
        let sale = row(&rows, "2026-10-31", Dim::Total, "");
        assert_eq!((sale.orders, sale.gross, sale.fees, sale.net, sale.returns), (1, 10_000, 880, 10_280, 0));
        assert_eq!(row(&rows, "2026-10-31", Dim::Hour, "23").net, 10_280);
        let refund = row(&rows, "2026-11-02", Dim::Total, "");
        assert_eq!((refund.orders, refund.returns, refund.net), (0, 3_000, -3_000));
        assert_eq!(row(&rows, "2026-11-02", Dim::Prefecture, "沖縄県").returns, 3_000);
        assert_eq!(row(&rows, "2026-11-02", Dim::Sku, "tee-m").returns, 3_000);
        assert!(!rows.contains_key(&(parse_day("2026-11-02").unwrap(), Dim::Sku, "tee-s".to_owned())));
    }

    #[test]
    fn an_order_counts_once_per_product_however_many_of_its_lines_share_it() {
        let placed = at("2026-11-01", 9);
        let facts = Facts { orders: vec![order("o1", placed)], lines: vec![line("o1", "tee-s", 1, 4_000), line("o1", "tee-m", 2, 3_000)], ..Facts::default() };
        let rows = count(&facts);
        let product = row(&rows, "2026-11-01", Dim::Product, "tee");
        assert_eq!((product.orders, product.items, product.gross, product.fees, product.points), (1, 3, 10_000, 0, 0));
        assert_eq!(row(&rows, "2026-11-01", Dim::Sku, "tee-m").orders, 1);
        assert_eq!(rows[&(parse_day("2026-11-01").unwrap(), Dim::Sku, "tee-m".to_owned())].0, "Tシャツ / tee-m（tee-m）");
        assert_eq!(row(&rows, "2026-11-01", Dim::Category, "c1").orders, 1);
        assert_eq!(row(&rows, "2026-11-01", Dim::TaxRate, "10").gross, 10_000);
        assert_eq!(row(&rows, "2026-11-01", Dim::NewRepeat, "new").orders, 1);
        assert_eq!(row(&rows, "2026-11-01", Dim::Customer, "member").orders, 1);
    }

    #[test]
    fn a_return_of_an_unknown_order_or_a_nothing_line_adds_nothing() {
        let facts = Facts { returns: vec![ReturnFacts { order_id: "gone".into(), at: 0, amount: 100, lines: vec![] }], ..Facts::default() };
        assert!(count(&facts).is_empty());
    }
}
