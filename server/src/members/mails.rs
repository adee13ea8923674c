//! The texts of the mails members receive, and sending one. Codes and links appear only in
//! the body.
use crate::infra::error::{ApiError, ApiResult};
use crate::infra::mail::OutgoingMail;
use crate::state::AppState;

/// Sends `mail` now; a mailer failure is an internal error of the request.
pub async fn send_mail(state: &AppState, mail: OutgoingMail) -> ApiResult<()> {
    state.mailer.send(mail).await.map_err(ApiError::Internal)
}

fn mail(shop: &str, to: &str, subject: &str, lines: &[&str]) -> OutgoingMail {
    let mut body = lines.join("\n");
    body.push_str(&format!("\n\n※このメールは送信専用です。お心当たりのない場合は、このメールを破棄してください。\n\n{shop}\n"));
    OutgoingMail { to: to.to_owned(), from_name: shop.to_owned(), subject: format!("【{shop}】{subject}"), body }
}

pub fn login_code(shop: &str, to: &str, code: &str) -> OutgoingMail {
    let code_line = format!("確認コード: {code}");
    mail(
        shop,
        to,
        "確認コードのお知らせ",
        &["ご本人確認のための確認コードをお送りします。", "画面に次の6桁のコードを入力してください。", "", &code_line, "", "このコードの有効期限は10分です。"],
    )
}

pub fn email_verify(shop: &str, to: &str, code: &str, link: &str) -> OutgoingMail {
    let code_line = format!("確認コード: {code}");
    mail(
        shop,
        to,
        "メールアドレスのご確認",
        &[
            "メールアドレスの確認のため、画面に次の6桁のコードを入力してください。",
            "",
            &code_line,
            "",
            "または、次のリンクを開いて確認を完了してください。",
            link,
            "",
            "コードの有効期限は10分、リンクの有効期限は24時間です。",
        ],
    )
}

/// To the new address of an e-mail change: the link that completes it.
pub fn email_change(shop: &str, to: &str, link: &str) -> OutgoingMail {
    mail(
        shop,
        to,
        "メールアドレス変更のご確認",
        &[
            "メールアドレスの変更のお申し込みを受け付けました。",
            "次のリンクを開くと、このメールアドレスへの変更が完了します。",
            "",
            link,
            "",
            "リンクの有効期限は24時間です。リンクを開くまでは、これまでのメールアドレスが使われます。",
        ],
    )
}

/// To the old address of an e-mail change: a notice, with nothing to click.
pub fn email_change_notice(shop: &str, to: &str) -> OutgoingMail {
    mail(
        shop,
        to,
        "メールアドレス変更のお申し込みについて",
        &[
            "ご登録のメールアドレスを変更するお申し込みを受け付けました。",
            "新しいメールアドレスにお送りした確認メールのリンクが開かれると、変更が完了します。",
            "",
            "お心当たりのない場合は、確認メールのリンクは開かれませんので変更は行われません。",
            "念のため、パスワードの変更をおすすめします。",
        ],
    )
}

/// The code a member without a password types to leave.
pub fn leave_code(shop: &str, to: &str, code: &str) -> OutgoingMail {
    let code_line = format!("確認コード: {code}");
    mail(
        shop,
        to,
        "退会手続きの確認コード",
        &[
            "退会手続きのための確認コードをお送りします。",
            "退会画面に次の6桁のコードを入力してください。",
            "",
            &code_line,
            "",
            "このコードの有効期限は10分です。お心当たりのない場合は、このメールを破棄してください。",
        ],
    )
}

pub fn unlock(shop: &str, to: &str, link: &str) -> OutgoingMail {
    mail(
        shop,
        to,
        "アカウントロックのお知らせ",
        &[
            "パスワードの入力誤りが続いたため、アカウントへのログインを一時的に停止しました。",
            "ご本人によるログインであれば、次のリンクを開いてロックを解除してください。",
            "",
            link,
            "",
            "リンクの有効期限は24時間です。お心当たりのない場合は、パスワードの変更をおすすめします。",
        ],
    )
}

pub fn reminder(shop: &str, to: &str, link: &str) -> OutgoingMail {
    mail(
        shop,
        to,
        "パスワード再設定のご案内",
        &[
            "パスワード再設定のお申し込みを受け付けました。",
            "次のリンクを開いて、新しいパスワードを設定してください。",
            "",
            link,
            "",
            "リンクの有効期限は30分です。",
        ],
    )
}

pub fn username_reminder(shop: &str, to: &str, link: &str) -> OutgoingMail {
    mail(
        shop,
        to,
        "ログインIDのご案内",
        &[
            "ログインIDの確認のお申し込みを受け付けました。",
            "次のリンクを開くと、ご登録のログインIDの確認と変更ができます。",
            "",
            link,
            "",
            "リンクの有効期限は30分です。",
        ],
    )
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
        assert!(email_change("店", "new@example.jp", link).body.contains(link));
    }

    #[test]
    fn the_old_address_gets_a_notice_without_a_link() {
        let notice = email_change_notice("店", "old@example.jp");
        assert_eq!(notice.subject, "【店】メールアドレス変更のお申し込みについて");
        assert!(!notice.body.contains("http"), "nothing to click in a mail that may reach the wrong person");
        assert!(leave_code("店", "a@example.jp", "654321").body.contains("確認コード: 654321"));
    }
}
