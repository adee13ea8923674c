//! An order's receipt (領収書) and quotation (御見積書) as [`documents::Document`]s: who is
//! addressed, the 但し書き, the issuer from the channel's settings, the per-rate breakdown.
use std::collections::HashMap;

use time::{Date, OffsetDateTime, UtcOffset};

use super::store::{LineRow, OrderRow};
use super::view::{orderer_of, tax_amounts_of};
use crate::channel::Channel;
use crate::channel::shop_info::{ADDRESS_SETTING, REGISTRATION_SETTING};
use crate::documents::{Document, Issuer, Kind, Line, TaxPart, TotalRow, japanese_date, with_honorific, yen};

pub const DEFAULT_NOTE: &str = "お品代として";
/// Longest addressee and 但し書き a member may set.
pub const ADDRESSEE_MAX: usize = 60;
pub const NOTE_MAX: usize = 60;

fn setting(settings: &HashMap<String, String>, key: &str) -> String {
    settings.get(key).and_then(|raw| serde_json::from_str::<String>(raw).ok()).unwrap_or_default()
}

/// The shop as the issuer of its documents (the cart's quotation uses the same). A channel
/// without a registration number prints none rather than a made-up one.
pub fn issuer(channel: &Channel, settings: &HashMap<String, String>) -> Issuer {
    let name = settings.get("SITE.NAME").and_then(|raw| serde_json::from_str::<String>(raw).ok()).unwrap_or_else(|| channel.name.clone());
    Issuer { name, registration_number: setting(settings, REGISTRATION_SETTING), address: setting(settings, ADDRESS_SETTING) }
}

fn jst_date(ms: i64) -> Date {
    let jst = UtcOffset::from_hms(9, 0, 0).expect("valid offset");
    OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000).unwrap_or(OffsetDateTime::UNIX_EPOCH).to_offset(jst).date()
}

/// The printed addressee: what the member set, else the orderer's company or name.
pub fn addressee(row: &OrderRow) -> String {
    if !row.receipt_addressee.trim().is_empty() {
        return with_honorific(&row.receipt_addressee);
    }
    let orderer = orderer_of(row);
    if !orderer.company_name.trim().is_empty() {
        return with_honorific(&orderer.company_name);
    }
    with_honorific(&orderer.name())
}

fn breakdown(row: &OrderRow) -> Vec<TaxPart> {
    tax_amounts_of(row).into_iter().map(|a| TaxPart { tax_rate: a.tax_rate, amount: a.amount, tax: a.tax }).collect()
}

/// The receipt; `issued_before` downloads make it a 再発行.
pub fn receipt(row: &OrderRow, channel: &Channel, settings: &HashMap<String, String>, issued_before: i64, today: Date) -> Document {
    let mut remarks =
        vec![format!("ご注文番号 {}　ご注文日 {}", row.order_no, japanese_date(jst_date(row.ordered_at))), format!("お支払い方法 {}", row.payment_name)];
    if row.used_points > 0 {
        remarks.push(format!("上記金額のほか、ポイント{}分をご利用いただきました（内訳はポイント利用前の金額です）", yen(row.used_points)));
    }
    let note = if row.receipt_note.trim().is_empty() { DEFAULT_NOTE.to_owned() } else { row.receipt_note.trim().to_owned() };
    Document {
        kind: Kind::Receipt,
        number: row.order_no.clone(),
        issued_on: today,
        addressee: addressee(row),
        note,
        total: row.total_payment,
        lines: Vec::new(),
        totals: Vec::new(),
        tax_breakdown: breakdown(row),
        issuer: issuer(channel, settings),
        reissued: issued_before > 0,
        remarks,
    }
}

/// A line as printed: the catalogue's variation names already start with the product's name
/// (`グローブ（M / ブラック）`, or the product's name alone), so they are printed as they are;
/// a bare label gets the product's name in front.
pub fn line_name(product_name: &str, variation_name: &str) -> String {
    let variation = variation_name.trim();
    if variation.is_empty() {
        product_name.to_owned()
    } else if variation.starts_with(product_name.trim()) {
        variation.to_owned()
    } else {
        format!("{product_name}（{variation}）")
    }
}

/// The quotation of the order's lines and charges (before points, which are a payment).
pub fn quotation(row: &OrderRow, lines: &[LineRow], channel: &Channel, settings: &HashMap<String, String>, today: Date) -> Document {
    let lines = lines
        .iter()
        .map(|l| Line {
            name: line_name(&l.product_name, &l.variation_name),
            quantity: l.quantity,
            unit_price: l.unit_price,
            amount: l.unit_price * l.quantity,
            tax_rate: l.tax_rate,
        })
        .collect();
    let mut totals = vec![TotalRow { label: "小計".into(), amount: row.subtotal }];
    let mut add = |label: &str, amount: i64| {
        if amount != 0 {
            totals.push(TotalRow { label: label.into(), amount });
        }
    };
    add("クーポン割引", -row.coupon_discount);
    add("送料", row.total_carriage);
    add("手数料", row.payment_fee);
    add("ラッピング", row.packing_fee);
    Document {
        kind: Kind::Quotation,
        number: row.order_no.clone(),
        issued_on: today,
        addressee: addressee(row),
        note: String::new(),
        total: row.total_payment + row.used_points,
        lines,
        totals,
        tax_breakdown: breakdown(row),
        issuer: issuer(channel, settings),
        reissued: false,
        remarks: vec![format!("ご注文番号 {}　ご注文日 {}", row.order_no, japanese_date(jst_date(row.ordered_at)))],
    }
}

/// `領収書_RP00000012.pdf` and its ASCII fallback.
pub fn file_names(kind: Kind, order_no: &str) -> (String, String) {
    match kind {
        Kind::Receipt => (format!("領収書_{order_no}.pdf"), format!("receipt_{order_no}.pdf")),
        Kind::Quotation => (format!("御見積書_{order_no}.pdf"), format!("quotation_{order_no}.pdf")),
    }
}

#[cfg(test)]
mod tests {
    use super::line_name;

    #[test]
    fn a_line_names_the_product_once() {
        assert_eq!(line_name("エナジージェル レモン味 40g", "エナジージェル レモン味 40g"), "エナジージェル レモン味 40g");
        assert_eq!(line_name("ウインターグローブ", "ウインターグローブ（M / ブラック）"), "ウインターグローブ（M / ブラック）");
        assert_eq!(line_name("ウインターグローブ", "M / ブラック"), "ウインターグローブ（M / ブラック）");
        assert_eq!(line_name("ウインターグローブ", ""), "ウインターグローブ");
    }
}
