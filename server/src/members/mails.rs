//! The texts of the mails members receive. Codes and links appear only in the body.
use crate::infra::mail::OutgoingMail;

fn mail(shop: &str, to: &str, subject: &str, lines: &[&str]) -> OutgoingMail {
    let mut body = lines.join("\n");
    body.push_str(&format!("\n\n※このメールは送信専用です。お心当たりのない場合は、このメールを破棄してください。\n\n{shop}\n"));
    OutgoingMail { to: to.to_owned(), from_name: shop.to_owned(), subject: format!("【{shop}】{subject}"), body }
}

pub fn login_code(shop: &str, to: &str, code: &str) -> OutgoingMail {
    let code_line = format!("確認コード: {code}");
    mail(shop, to, "確認コードのお知らせ", &[
        "ご本人確認のための確認コードをお送りします。",
        "画面に次の6桁のコードを入力してください。",
        "",
        &code_line,
        "",
        "このコードの有効期限は10分です。",
    ])
}

pub fn email_verify(shop: &str, to: &str, code: &str, link: &str) -> OutgoingMail {
    let code_line = format!("確認コード: {code}");
    mail(shop, to, "メールアドレスのご確認", &[
        "メールアドレスの確認のため、画面に次の6桁のコードを入力してください。",
        "",
        &code_line,
        "",
        "または、次のリンクを開いて確認を完了してください。",
        link,
        "",
        "コードの有効期限は10分、リンクの有効期限は24時間です。",
    ])
}

pub fn unlock(shop: &str, to: &str, link: &str) -> OutgoingMail {
    mail(shop, to, "アカウントロックのお知らせ", &[
        "パスワードの入力誤りが続いたため、アカウントへのログインを一時的に停止しました。",
        "ご本人によるログインであれば、次のリンクを開いてロックを解除してください。",
        "",
        link,
        "",
        "リンクの有効期限は24時間です。お心当たりのない場合は、パスワードの変更をおすすめします。",
    ])
}

pub fn reminder(shop: &str, to: &str, link: &str) -> OutgoingMail {
    mail(shop, to, "パスワード再設定のご案内", &[
        "パスワード再設定のお申し込みを受け付けました。",
        "次のリンクを開いて、新しいパスワードを設定してください。",
        "",
        link,
        "",
        "リンクの有効期限は30分です。",
    ])
}

pub fn username_reminder(shop: &str, to: &str, link: &str) -> OutgoingMail {
    mail(shop, to, "ログインIDのご案内", &[
        "ログインIDの確認のお申し込みを受け付けました。",
        "次のリンクを開くと、ご登録のログインIDの確認と変更ができます。",
        "",
        link,
        "",
        "リンクの有効期限は30分です。",
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_mail_names_the_shop_and_carries_the_code_in_its_body_only() {
        let m = login_code("ライドパーツ本舗", "taro@example.jp", "012345");
        assert_eq!(m.subject, "【ライドパーツ本舗】確認コードのお知らせ");
        assert!(m.body.contains("確認コード: 012345"));
        assert!(!m.subject.contains("012345"));
        assert_eq!(m.from_name, "ライドパーツ本舗");
    }

    #[test]
    fn link_mails_carry_their_link() {
        let link = "http://localhost:8080/login/unlock?token=abc";
        assert!(unlock("店", "a@example.jp", link).body.contains(link));
        assert!(reminder("店", "a@example.jp", link).body.contains(link));
        assert!(username_reminder("店", "a@example.jp", link).body.contains(link));
        let verify = email_verify("店", "a@example.jp", "123456", link);
        assert!(verify.body.contains(link) && verify.body.contains("123456"));
    }
}
