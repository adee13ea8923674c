//! The cart's quotation: the cart as it would be ordered now, as a 御見積書 — for companies that
//! need one before they may buy. It is drawn by the same renderer as the order documents
//! (documents::render); `GET /v1/carts/{token}/download/quotation` is `http/quotation.rs`.
use crate::cart::embroidery::with_label;
use crate::cart::view::CartBody;
use crate::channel::Channel;
use crate::documents::{self, Document, Kind, Line, TaxPart, TotalRow};
use crate::orders::receipt::{issuer, line_name};

/// How long the quoted prices hold, printed on the quotation.
pub const VALID_DAYS: i64 = 14;

/// The quotation of the cart answer `body`, numbered `number` and issued `today`.
pub fn quotation_of(body: &CartBody, number: String, channel: &Channel, settings: &std::collections::HashMap<String, String>, today: time::Date) -> Document {
    let order = &body.detail.order;
    let lines = body
        .detail
        .products
        .iter()
        .map(|p| Line {
            name: match &p.embroidery {
                Some(e) => line_name(&p.product_info.name, &with_label(&p.product_info.variation_name, &e.label)),
                None => line_name(&p.product_info.name, &p.product_info.variation_name),
            },
            quantity: p.quantity,
            unit_price: p.unit_price,
            amount: p.subtotal,
            tax_rate: p.tax_rate,
        })
        .collect();
    let mut totals = vec![TotalRow { label: "小計".into(), amount: order.items_subtotal }];
    for (label, amount) in
        [("クーポン割引", -order.coupon_discount), ("送料", order.total_carriage), ("手数料", order.payment_fee), ("ラッピング", order.packing_fee)]
    {
        if amount != 0 {
            totals.push(TotalRow { label: label.into(), amount });
        }
    }
    let addressee = order.orderer.as_ref().map(|o| if o.company_name.trim().is_empty() { o.name() } else { o.company_name.clone() }).unwrap_or_default();
    Document {
        kind: Kind::Quotation,
        number,
        issued_on: today,
        addressee: if addressee.trim().is_empty() { "お客様 様".into() } else { documents::with_honorific(&addressee) },
        note: String::new(),
        total: order.amount_by_tax_rate.iter().map(|a| a.amount).sum(),
        lines,
        totals,
        tax_breakdown: order.amount_by_tax_rate.iter().map(|a| TaxPart { tax_rate: a.tax_rate, amount: a.amount, tax: a.tax }).collect(),
        issuer: issuer(channel, settings),
        reissued: false,
        remarks: vec![format!("本見積書の有効期限は発行日より{VALID_DAYS}日間です。"), "在庫・価格はご注文時点のものが適用されます。".into()],
    }
}
