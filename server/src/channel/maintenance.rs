//! メンテナンスモード's rules on the settings desk (docs/contracts/settings-maintenance.md): what
//! a switch must hold (a shop closed to its customers tells them why, so a title and a message
//! are needed while it is on) and how a save reads in the audit log. Pure: the handler
//! (`shop_settings/http.rs`) stores what passes at the version the screen read.
use crate::infra::error::ApiError;
use crate::validation::FieldCheck;

pub const TITLE_MAX: usize = 100;
pub const MESSAGE_MAX: usize = 1_000;

/// The state as the desk saves it, trimmed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Maintenance {
    pub is_on: bool,
    pub title: String,
    pub message: String,
}

/// The form, or 422 with every field's message.
pub fn check(is_on: Option<bool>, title: &str, message: &str) -> Result<Maintenance, ApiError> {
    let (title, message) = (title.trim().to_owned(), message.trim().to_owned());
    let on = is_on.unwrap_or(false);
    let mut check = FieldCheck::default();
    check.field("is_on", is_on.map(|_| ()).ok_or("選択してください。"));
    check.field("title", text_rule(&title, on, TITLE_MAX, "メンテナンス中はタイトルを入力してください。", "タイトルは100文字以内で入力してください。"));
    check.field(
        "message",
        text_rule(&message, on, MESSAGE_MAX, "メンテナンス中はお客様へのメッセージを入力してください。", "メッセージは1,000文字以内で入力してください。"),
    );
    check.finish()?;
    Ok(Maintenance { is_on: on, title, message })
}

fn text_rule(text: &str, required: bool, max: usize, empty: &'static str, long: &'static str) -> Result<(), &'static str> {
    if required && text.is_empty() {
        Err(empty)
    } else if text.chars().count() > max {
        Err(long)
    } else {
        Ok(())
    }
}

/// The audit line of a save: `メンテナンスモード: 開始 「棚卸しのため休業中」`, `…: 終了`, or what
/// changed in the texts.
pub fn describe_change(before: &Maintenance, after: &Maintenance) -> String {
    let mut changes = Vec::new();
    match (before.is_on, after.is_on) {
        (false, true) => changes.push(format!("開始 「{}」", after.title)),
        (true, false) => changes.push("終了".to_owned()),
        _ => {}
    }
    let switched_on = !before.is_on && after.is_on;
    if before.title != after.title && !switched_on {
        changes.push(format!("タイトル「{}」→「{}」", before.title, after.title));
    }
    if before.message != after.message {
        changes.push("メッセージを変更".to_owned());
    }
    let what = if changes.is_empty() { "変更なし".to_owned() } else { changes.join(", ") };
    format!("メンテナンスモード: {what}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(error: ApiError) -> crate::infra::error::FieldErrors {
        match error {
            ApiError::Invalid(fields) => fields,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_closed_shop_must_say_why_an_open_one_need_not() {
        let on = check(Some(true), " 棚卸しのため休業中 ", " 12月3日 10時に再開します。 ").unwrap();
        assert_eq!(on, Maintenance { is_on: true, title: "棚卸しのため休業中".into(), message: "12月3日 10時に再開します。".into() });
        assert!(check(Some(false), "", "").is_ok());
        let errors = fields(check(Some(true), " ", "").unwrap_err());
        assert_eq!(errors["title"], ["メンテナンス中はタイトルを入力してください。"]);
        assert_eq!(errors["message"], ["メンテナンス中はお客様へのメッセージを入力してください。"]);
        let errors = fields(check(None, &"あ".repeat(TITLE_MAX + 1), &"あ".repeat(MESSAGE_MAX + 1)).unwrap_err());
        assert_eq!(errors["is_on"], ["選択してください。"]);
        assert_eq!(errors["title"], ["タイトルは100文字以内で入力してください。"]);
        assert_eq!(errors["message"], ["メッセージは1,000文字以内で入力してください。"]);
        assert!(check(Some(true), &"あ".repeat(TITLE_MAX), &"あ".repeat(MESSAGE_MAX)).is_ok());
    }

    #[test]
    fn the_audit_line_says_what_changed() {
        let open = Maintenance { is_on: false, title: String::new(), message: String::new() };
        let closed = Maintenance { is_on: true, title: "棚卸し".into(), message: "明日再開します。".into() };
        assert_eq!(describe_change(&open, &closed), "メンテナンスモード: 開始 「棚卸し」, メッセージを変更");
        assert_eq!(describe_change(&closed, &Maintenance { is_on: false, ..closed.clone() }), "メンテナンスモード: 終了");
        let retitled = Maintenance { title: "棚卸し中".into(), ..closed.clone() };
        assert_eq!(describe_change(&closed, &retitled), "メンテナンスモード: タイトル「棚卸し」→「棚卸し中」");
        assert_eq!(describe_change(&closed, &closed), "メンテナンスモード: 変更なし");
    }
}
