//! The mails of the order history: the cancellation notice.
use super::store::OrderRow;
use crate::documents::yen;
use crate::infra::mail::OutgoingMail;

pub fn cancelled(shop: &str, to: &str, name: &str, order: &OrderRow, reason: &str) -> OutgoingMail {
    let greeting = if name.is_empty() { "お客様".to_owned() } else { format!("{name} 様") };
    let mut lines = vec![
        greeting,
        String::new(),
        format!("{shop}をご利用いただきありがとうございます。"),
        "次のご注文のキャンセルを承りました。".to_owned(),
        String::new(),
        format!("ご注文番号: {}", order.order_no),
        format!("ご注文金額: {}", yen(order.total_payment)),
        format!("お支払い方法: {}", order.payment_name),
        format!("キャンセル理由: {reason}"),
        String::new(),
    ];
    if order.gateway_charge_id.is_some() {
        lines.push("クレジットカードのご請求は取り消しました。カード会社によっては、取り消しの反映までお時間がかかる場合があります。".to_owned());
    }
    if order.used_points > 0 {
        lines.push(format!("ご利用のポイント（{}ポイント）はお客様のポイントに戻しました。", order.used_points));
    }
    if order.earned_points > 0 {
        lines.push(format!("このご注文で獲得予定のポイント（{}ポイント）は取り消しました。", order.earned_points));
    }
    lines.push(String::new());
    lines.push("またのご利用をお待ちしております。".to_owned());
    let mut body = lines.join("\n");
    body.push_str(&format!("\n\n※このメールは送信専用です。お心当たりのない場合は、お手数ですがお問い合わせください。\n\n{shop}\n"));
    OutgoingMail { to: to.to_owned(), from_name: shop.to_owned(), subject: format!("【{shop}】ご注文キャンセルのお知らせ"), body }
}
