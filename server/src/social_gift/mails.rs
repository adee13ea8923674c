//! The mails of a gift: to the recipient when they registered the address; to the sender
//! when the recipient registered (the prefecture and the date only), before the deadline,
//! and when a gift past its deadline goes to the sender's own address. (The sender's link is
//! in the order confirmation; a gift cancelled at its deadline gets the order's cancellation.)
use super::view::{GiftAddressView, GiftProduct};
use crate::infra::mail::OutgoingMail;

fn mail(shop: &str, to: &str, subject: String, lines: Vec<String>) -> OutgoingMail {
    let mut body = lines;
    body.extend([String::new(), "※このメールは送信専用です。".to_owned(), String::new(), shop.to_owned()]);
    OutgoingMail { to: to.to_owned(), from_name: shop.to_owned(), subject: format!("【{shop}】{subject}"), body: body.join("\n") }
}

fn product_lines(products: &[GiftProduct]) -> Vec<String> {
    products
        .iter()
        .map(|p| {
            let variation = &p.product_info.variation_name;
            let variation = if variation.is_empty() || *variation == p.product_info.name { String::new() } else { format!("（{variation}）") };
            format!("・{}{variation} × {}", p.product_info.name, p.quantity)
        })
        .collect()
}

/// `12月2日(水) 午前中`, or 「最短でお届け」.
pub fn when_label(date_label: Option<&str>, timezone_label: Option<&str>) -> String {
    match (date_label, timezone_label) {
        (Some(date), Some(slot)) => format!("{date} {slot}"),
        (Some(date), None) => date.to_owned(),
        (None, Some(slot)) => format!("最短でお届け（{slot}）"),
        (None, None) => "最短でお届け".to_owned(),
    }
}

pub struct Registered<'a> {
    pub shop: &'a str,
    pub order_no: &'a str,
    pub sender_name: &'a str,
    pub receiver_name: &'a str,
    pub address: &'a GiftAddressView,
    pub when: String,
    pub products: &'a [GiftProduct],
}

pub fn to_recipient(to: &str, r: &Registered<'_>) -> OutgoingMail {
    let mut lines = vec![
        format!("{} 様", r.address.name),
        String::new(),
        format!("{}様からのギフトのお届け先を承りました。", r.sender_name),
        String::new(),
        "■ お届け先".to_owned(),
        r.address.name.clone(),
        r.address.full_address.clone(),
        format!("電話番号: {}", r.address.phone_number),
        String::new(),
        format!("■ お届け希望日時: {}", r.when),
        String::new(),
        "■ ギフトの内容".to_owned(),
    ];
    lines.extend(product_lines(r.products));
    lines.extend([String::new(), "発送まで今しばらくお待ちください。".to_owned()]);
    mail(r.shop, to, "ギフトのお届け先を承りました".to_owned(), lines)
}

/// To the sender: registered, with the prefecture only.
pub fn to_sender_registered(to: &str, orderer_name: &str, prefecture: &str, r: &Registered<'_>) -> OutgoingMail {
    let lines = vec![
        format!("{orderer_name} 様"),
        String::new(),
        format!("ご注文（{}）のソーシャルギフトについて、{}様がお届け先を登録されました。", r.order_no, r.receiver_name),
        String::new(),
        format!("お届け先の都道府県: {prefecture}"),
        format!("お届け希望日時: {}", r.when),
        String::new(),
        "お届け先の詳しいご住所は、お受け取りになる方のプライバシー保護のためお知らせしておりません。".to_owned(),
    ];
    mail(r.shop, to, format!("ギフトのお届け先が登録されました（{}）", r.order_no), lines)
}

pub fn reminder(shop: &str, to: &str, orderer_name: &str, order_no: &str, receiver_name: &str, deadline: &str) -> OutgoingMail {
    let lines = vec![
        format!("{orderer_name} 様"),
        String::new(),
        format!("ご注文（{order_no}）のソーシャルギフトは、{receiver_name}様によるお届け先の登録がまだお済みではありません。"),
        format!("受け取り期限は {deadline} です。"),
        String::new(),
        "お送りしたギフトのURLを、もう一度お相手にお知らせください。URLがお手元にない場合は、マイページのご注文詳細から再発行できます。".to_owned(),
        "期限までにお届け先が登録されない場合は、ショップの定めに従って取り扱います。".to_owned(),
    ];
    mail(shop, to, format!("ギフトの受け取り期限が近づいています（{order_no}）"), lines)
}

pub fn sent_to_sender(shop: &str, to: &str, orderer_name: &str, order_no: &str, receiver_name: &str, deadline: &str) -> OutgoingMail {
    let lines = vec![
        format!("{orderer_name} 様"),
        String::new(),
        format!("ご注文（{order_no}）のソーシャルギフトは、受け取り期限（{deadline}）までに{receiver_name}様のお届け先が登録されませんでした。"),
        "ショップの定めにより、商品はご注文者様のご住所へお届けいたします。".to_owned(),
    ];
    mail(shop, to, format!("ギフトの受け取り期限が過ぎました（{order_no}）"), lines)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_date_and_slot_read_as_one_phrase() {
        assert_eq!(when_label(Some("12月2日(水)"), Some("午前中")), "12月2日(水) 午前中");
        assert_eq!(when_label(None, None), "最短でお届け");
        assert_eq!(when_label(None, Some("午前中")), "最短でお届け（午前中）");
    }
}
