//! The texts of the inquiry mails: the receipt to the customer, the notice to the shop, a
//! staff reply's notice to the customer, a customer reply's notice to the shop. A guest's
//! mails carry a thread link with a fresh token; a member's link to the member area instead.
use crate::infra::mail::OutgoingMail;

/// What a mail says about the inquiry.
pub struct About<'a> {
    pub number: &'a str,
    pub topic: &'a str,
    /// The customer's name.
    pub name: &'a str,
}

fn mail(shop: &str, to: &str, subject: &str, lines: &[&str]) -> OutgoingMail {
    let mut body = lines.join("\n");
    body.push_str(&format!("\n\n※このメールは送信専用です。ご返信いただいてもお答えできませんので、上記のページからお送りください。\n\n{shop}\n"));
    OutgoingMail { to: to.to_owned(), from_name: shop.to_owned(), subject: format!("【{shop}】{subject}"), body }
}

fn quoted(body: &str) -> String {
    body.lines().map(|line| format!("> {line}")).collect::<Vec<_>>().join("\n")
}

/// To the customer: the inquiry was received. `link` is the thread (guest) or the member
/// area's page of it.
pub fn receipt(shop: &str, to: &str, about: &About<'_>, body: &str, link: &str, is_guest: bool) -> OutgoingMail {
    let greeting = format!("{} 様", about.name);
    let number = format!("お問い合わせ番号: {}", about.number);
    let topic = format!("お問い合わせ種別: {}", about.topic);
    let link_note = if is_guest {
        "お問い合わせの内容と担当者からの回答は、次のページでご覧いただけます(このリンクの有効期限は90日です)。"
    } else {
        "お問い合わせの内容と担当者からの回答は、マイページの「お問い合わせ履歴」でご覧いただけます。"
    };
    let quoted = quoted(body);
    mail(
        shop,
        to,
        "お問い合わせを受け付けました",
        &[
            &greeting,
            "",
            "お問い合わせいただき、誠にありがとうございます。",
            "以下の内容で受け付けました。担当者より順次ご回答いたしますので、今しばらくお待ちください。",
            "",
            &number,
            &topic,
            "",
            &quoted,
            "",
            link_note,
            link,
        ],
    )
}

/// To the shop: a new inquiry. `admin_link` opens it in /admin.
pub fn shop_notice(shop: &str, to: &str, about: &About<'_>, email: &str, phone: &str, body: &str, admin_link: &str) -> OutgoingMail {
    let lines = [
        "新しいお問い合わせが届きました。".to_owned(),
        String::new(),
        format!("お問い合わせ番号: {}", about.number),
        format!("お問い合わせ種別: {}", about.topic),
        format!("お名前: {}", about.name),
        format!("メールアドレス: {email}"),
        format!("電話番号: {}", if phone.is_empty() { "(未入力)" } else { phone }),
        String::new(),
        quoted(body),
        String::new(),
        "管理画面で確認・返信してください。".to_owned(),
        admin_link.to_owned(),
    ];
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    let mut mail = mail(shop, to, &format!("新しいお問い合わせ({})", about.number), &lines);
    mail.from_name = format!("{shop} お問い合わせ窓口");
    mail
}

/// To the shop: the customer answered in the thread.
pub fn shop_reply_notice(shop: &str, to: &str, about: &About<'_>, body: &str, admin_link: &str) -> OutgoingMail {
    let heading = format!("{} 様から、お問い合わせ({})への返信が届きました。", about.name, about.number);
    let quoted = quoted(body);
    let mut mail = mail(shop, to, &format!("お客様からの返信({})", about.number), &[&heading, "", &quoted, "", "管理画面で確認してください。", admin_link]);
    mail.from_name = format!("{shop} お問い合わせ窓口");
    mail
}

/// To a member: the shop replied; the reply is read in the member area (`link`).
pub fn reply_to_member(shop: &str, to: &str, about: &About<'_>, link: &str) -> OutgoingMail {
    let greeting = format!("{} 様", about.name);
    let number = format!("お問い合わせ番号: {}", about.number);
    mail(
        shop,
        to,
        "お問い合わせへの回答のお知らせ",
        &[
            &greeting,
            "",
            "お問い合わせいただいた件について、担当者より回答いたしました。",
            "次のページ(ログインが必要です)でご確認ください。",
            "",
            &number,
            link,
        ],
    )
}

/// To a guest: the shop's reply itself, and a fresh thread link to read and answer it.
pub fn reply_to_guest(shop: &str, to: &str, about: &About<'_>, reply: &str, link: &str) -> OutgoingMail {
    let greeting = format!("{} 様", about.name);
    let number = format!("お問い合わせ番号: {}", about.number);
    mail(
        shop,
        to,
        "お問い合わせへの回答のお知らせ",
        &[
            &greeting,
            "",
            "お問い合わせいただいた件について、担当者より次のとおり回答いたします。",
            "",
            &number,
            "",
            reply,
            "",
            "これまでのやりとりの確認やご返信は、次のページからどうぞ(このリンクの有効期限は90日です)。",
            link,
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn about() -> About<'static> {
        About { number: "Q-20261126-0007", topic: "商品について", name: "山田 太郎" }
    }

    #[test]
    fn a_guest_receipt_carries_the_thread_link_and_the_number() {
        let link = "https://shop.example.jp/contact/thread/abc?t=0123";
        let m = receipt("ライドパーツ本舗", "taro@example.jp", &about(), "サイズを\n教えてください", link, true);
        assert_eq!(m.subject, "【ライドパーツ本舗】お問い合わせを受け付けました");
        assert!(m.body.contains(link) && m.body.contains("Q-20261126-0007") && m.body.contains("> 教えてください"));
        assert!(m.body.contains("90日"));
    }

    #[test]
    fn a_members_reply_notice_links_without_the_reply_and_a_guests_carries_it() {
        let member = reply_to_member("店", "taro@example.jp", &about(), "https://shop.example.jp/mypage/inquiry_history/abc");
        assert!(member.body.contains("/mypage/inquiry_history/abc"));
        let guest = reply_to_guest("店", "taro@example.jp", &about(), "在庫がございます。", "https://shop.example.jp/contact/thread/abc?t=1");
        assert!(guest.body.contains("在庫がございます。") && guest.body.contains("?t=1"));
    }

    #[test]
    fn the_shop_notice_names_the_customer() {
        let m = shop_notice("店", "support@example.jp", &about(), "taro@example.jp", "", "本文", "https://shop.example.jp/admin/inquiries/abc");
        assert!(m.body.contains("山田 太郎") && m.body.contains("(未入力)") && m.body.contains("/admin/inquiries/abc"));
        assert_eq!(m.subject, "【店】新しいお問い合わせ(Q-20261126-0007)");
    }
}
