//! The order confirmation mail (ご注文確認). Amounts and the per-rate tax as the order keeps
//! them; bank details for a bank transfer.
use crate::cart::loaded::yen;
use crate::cart::pricing::RateAmount;
use crate::cart::view::CartAddress;
use crate::cart::view::Orderer;
use crate::channel::corporate::DeliveryOption;
use crate::infra::mail::OutgoingMail;
use crate::orders::store::OrderLineRow;
use crate::orders::store::OrderRow;
use crate::orders::store::ShippingRow;

/// A social gift's link as the confirmation gives it to the sender.
pub struct GiftNotice {
    pub url: String,
    /// `12月2日(水) 15:30`.
    pub deadline: String,
}

/// The corporate delivery as the mail states it: the option, then where the goods go (the end
/// customer's name, address and phone for お客様直送), or that they are picked up.
pub fn delivery_lines(order: &OrderRow, shippings: &[ShippingRow]) -> Vec<String> {
    let Some(option) = order.delivery_option.and_then(DeliveryOption::parse) else { return Vec::new() };
    let mut lines = vec![format!("配送方法: {}", option.label())];
    if !option.needs_address() {
        lines.push("お届け先: 引取り（商品はお引取りください）".to_owned());
        return lines;
    }
    let title = if option == DeliveryOption::Customer { "お届け先（お客様直送）" } else { "お届け先" };
    for shipping in shippings {
        let address: CartAddress = serde_json::from_str(&shipping.address_json).unwrap_or_default();
        let name = format!("{} {}", address.shipping_last_name, address.shipping_first_name).trim().to_owned();
        lines.push(format!("{title}: {name} 様 {} TEL {}", address.address.full_address(), address.phone_number));
    }
    lines
}

/// `receipt_link`: a guest's way back to the order's receipt (order number and token).
/// `delivery`: [`delivery_lines`] (corporate orders).
pub fn order_confirmation(
    shop: &str,
    order: &OrderRow,
    delivery: &[String],
    lines: &[OrderLineRow],
    bank: Option<&crate::channel::bank_account::BankAccount>,
    receipt_link: Option<&str>,
    gift: Option<&GiftNotice>,
) -> OutgoingMail {
    let orderer: Orderer = serde_json::from_str(&order.orderer_json).unwrap_or_default();
    let mut body = Vec::new();
    body.push(format!("{} 様", orderer.name()));
    body.push(String::new());
    body.push(format!("このたびは{shop}をご利用いただき、誠にありがとうございます。"));
    body.push("以下の内容でご注文を承りました。".to_owned());
    body.push(String::new());
    body.push(format!("ご注文番号: {}", order.order_no));
    body.push(format!("お支払い方法: {}", order.payment_name));
    body.extend(delivery.iter().cloned());
    if let Some(po) = &order.purchase_order_no {
        body.push(format!("発注番号: {po}"));
    }
    body.push(String::new());
    body.push("■ ご注文商品".to_owned());
    for line in lines {
        let variation =
            if line.variation_name.is_empty() || line.variation_name == line.product_name { String::new() } else { format!("（{}）", line.variation_name) };
        let reduced = if line.tax_rate == 8 { " ※軽減税率対象" } else { "" };
        body.push(format!(
            "{}{variation} {}円 × {} = {}円{reduced}",
            line.product_name,
            yen(line.unit_price),
            line.quantity,
            yen(line.unit_price * line.quantity)
        ));
    }
    body.push(String::new());
    body.push(format!("商品合計: {}円", yen(order.subtotal)));
    if order.coupon_discount > 0 {
        body.push(format!("クーポン割引: -{}円", yen(order.coupon_discount)));
    }
    body.push(format!("送料: {}円", yen(order.total_carriage)));
    if order.payment_fee > 0 {
        body.push(format!("手数料: {}円", yen(order.payment_fee)));
    }
    if order.packing_fee > 0 {
        body.push(format!("ラッピング: {}円", yen(order.packing_fee)));
    }
    if order.used_points > 0 {
        body.push(format!("ポイント利用: -{}円", yen(order.used_points)));
    }
    body.push(format!("お支払い合計: {}円（税込）", yen(order.total_payment)));
    let rates: Vec<RateAmount> = serde_json::from_str(&order.amount_by_tax_rate).unwrap_or_default();
    for rate in rates {
        body.push(format!("  {}%対象 {}円（内消費税 {}円）", rate.tax_rate, yen(rate.amount), yen(rate.tax)));
    }
    if order.earned_points > 0 {
        body.push(format!("獲得予定ポイント: {} ポイント（商品の発送後に付与します）", yen(order.earned_points)));
    }
    if let Some(bank) = bank {
        body.push(String::new());
        body.push("■ お振込先".to_owned());
        body.push(format!("{} {} {} {}", bank.bank_name, bank.branch_name, bank.account_type, bank.account_number));
        body.push(format!("口座名義: {}", bank.account_holder));
        body.push(format!("お振込期限: {}", bank.due_date));
    }
    if let Some(gift) = gift {
        body.push(String::new());
        body.push("■ ソーシャルギフト".to_owned());
        body.push("次のURLをLINEやメールでお相手にお送りください。お相手がお届け先とお届け日時を入力すると発送の準備に入ります。".to_owned());
        body.push(gift.url.clone());
        body.push(format!("受け取り期限: {}", gift.deadline));
        body.push("※このURLを知っている方は誰でもお届け先を入力できます。お相手以外には送らないでください。".to_owned());
    }
    if let Some(link) = receipt_link {
        body.push(String::new());
        body.push("■ 領収書の発行".to_owned());
        body.push("次のページから領収書を発行いただけます（ご注文番号とこのリンクは大切に保管してください）。".to_owned());
        body.push(link.to_owned());
    }
    if !order.note.is_empty() {
        body.push(String::new());
        body.push(format!("備考: {}", order.note));
    }
    body.push(String::new());
    body.push("※このメールは送信専用です。".to_owned());
    body.push(String::new());
    body.push(shop.to_owned());
    OutgoingMail {
        to: order.orderer_email.clone(),
        from_name: shop.to_owned(),
        subject: format!("【{shop}】ご注文ありがとうございます（{}）", order.order_no),
        body: body.join("\n"),
    }
}
