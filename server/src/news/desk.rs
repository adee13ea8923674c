//! お知らせ管理's rules (docs/contracts/news-desk.md): what a news item must hold to be saved,
//! its state as the desk shows it, its URL key, and how a save reads in the audit log. Pure:
//! the handlers (`http/admin.rs`) store what passes, after checking what needs the database
//! (the picture is one of the shop's uploads, the key is free).
use serde::Serialize;

use crate::catalog::rich_text;
use crate::validation::{FieldCheck, format_instant, parse_instant};

pub const TITLE_MAX: usize = 100;
pub const SUMMARY_MAX: usize = 200;
pub const CATEGORY_MAX: usize = 20;
pub const BODY_MAX: usize = 20_000;
pub const KEY_MAX: usize = 64;

pub const KEY_FORMAT: &str = "URLは半角英小文字・数字・ハイフン（64文字以内）で入力してください。";
pub const KEY_TAKEN: &str = "このURLは他のお知らせで使われています。";

/// Where an item stands for customers, as the desk shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum NewsStatus {
    /// 下書き: not shown.
    Draft,
    /// 公開予約: published, its time still ahead; it appears by itself when the time comes.
    Scheduled,
    /// 公開中.
    Published,
}

impl NewsStatus {
    pub const ALL: [NewsStatus; 3] = [NewsStatus::Draft, NewsStatus::Scheduled, NewsStatus::Published];

    pub fn of(is_published: bool, published_at: i64, now: i64) -> NewsStatus {
        match (is_published, published_at <= now) {
            (false, _) => NewsStatus::Draft,
            (true, false) => NewsStatus::Scheduled,
            (true, true) => NewsStatus::Published,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            NewsStatus::Draft => "draft",
            NewsStatus::Scheduled => "scheduled",
            NewsStatus::Published => "published",
        }
    }

    pub fn parse(text: &str) -> Option<NewsStatus> {
        Self::ALL.into_iter().find(|status| status.as_str() == text)
    }
}

/// An item as the editor sends it (the key only when it is made).
#[derive(Debug, Clone, Default)]
pub struct NewsForm {
    pub title: String,
    pub summary: String,
    pub category: String,
    pub body: String,
    pub image_url: Option<String>,
    pub published_at: String,
    pub is_published: bool,
}

/// An item that passed: trimmed, the body reduced to the allowed markup, the time in epoch ms.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewsDraft {
    pub title: String,
    pub summary: String,
    pub category: String,
    pub body: String,
    pub image_url: Option<String>,
    pub published_at: i64,
    pub is_published: bool,
}

/// The draft, or every field's message in `check` (nothing is saved then).
pub fn check(form: NewsForm, check: &mut FieldCheck) -> Option<NewsDraft> {
    let title = form.title.trim().to_owned();
    let summary = form.summary.trim().to_owned();
    let category = form.category.trim().to_owned();
    let body = rich_text::clean(form.body.trim()).trim().to_owned();
    check.field("title", within(&title, TITLE_MAX, Some("タイトルを入力してください。"), "タイトルは100文字以内で入力してください。"));
    check.field("summary", within(&summary, SUMMARY_MAX, None, "要約は200文字以内で入力してください。"));
    check.field("category", within(&category, CATEGORY_MAX, None, "カテゴリは20文字以内で入力してください。"));
    // Empty is judged on the words (`<p></p>` says nothing), long on what is stored.
    let body_check = if rich_text::plain_text(&body).trim().is_empty() {
        Err("本文を入力してください。")
    } else {
        within(&body, BODY_MAX, None, "本文は20,000文字以内で入力してください。")
    };
    check.field("body", body_check);
    let published_at = match form.published_at.trim() {
        "" => Err("公開日時を入力してください。"),
        text => parse_instant(text).ok_or("日時の形式が正しくありません（例: 2026-12-01T10:00）。"),
    };
    check.field("published_at", published_at.map(|_| ()));
    let image_url = form.image_url.map(|url| url.trim().to_owned()).filter(|url| !url.is_empty());
    Some(NewsDraft { title, summary, category, body, image_url, published_at: published_at.ok()?, is_published: form.is_published }).filter(|_| check.is_ok())
}

fn within(text: &str, max: usize, empty: Option<&'static str>, long: &'static str) -> Result<(), &'static str> {
    match empty {
        Some(message) if text.trim().is_empty() => Err(message),
        _ if text.chars().count() > max => Err(long),
        _ => Ok(()),
    }
}

/// A key typed by staff: lowercase letters, digits and hyphens, starting and ending with a
/// letter or digit; `None` for blank (the server makes one).
pub fn typed_key(text: &str) -> Result<Option<String>, &'static str> {
    let key = text.trim();
    if key.is_empty() {
        return Ok(None);
    }
    let fits =
        key.len() <= KEY_MAX && key.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-') && !key.starts_with('-') && !key.ends_with('-');
    if fits { Ok(Some(key.to_owned())) } else { Err(KEY_FORMAT) }
}

/// A key made for an item: its Japan publication day and four characters of its id,
/// `20261201-3f9a` (the id's tail: its random part, so two items of a day differ).
pub fn made_key(published_at: i64, id: &str) -> String {
    let day: String = format_instant(published_at).chars().take(10).filter(|c| *c != '-').collect();
    let tail: String = id.chars().rev().filter(|c| c.is_ascii_alphanumeric()).take(4).collect::<Vec<_>>().into_iter().rev().collect();
    format!("{day}-{}", tail.to_ascii_lowercase())
}

/// The audit line of a new item: `お知らせ「冬のセール」(/news/winter)を作成: 公開 2026-12-01 10:00`.
pub fn describe_creation(key: &str, draft: &NewsDraft) -> String {
    let state = if draft.is_published { format!("公開 {}", format_instant(draft.published_at)) } else { "下書き".to_owned() };
    format!("お知らせ「{}」(/news/{key})を作成: {state}", draft.title)
}

/// The audit line of a save, naming what changed.
pub fn describe_change(key: &str, before: &NewsDraft, after: &NewsDraft) -> String {
    let mut changes = Vec::new();
    if before.is_published != after.is_published {
        changes.push(if after.is_published { "公開".to_owned() } else { "下書きに戻す".to_owned() });
    }
    if before.title != after.title {
        changes.push(format!("タイトル「{}」→「{}」", before.title, after.title));
    }
    if before.category != after.category {
        changes.push(format!("カテゴリ「{}」→「{}」", before.category, after.category));
    }
    if before.summary != after.summary {
        changes.push("要約を変更".to_owned());
    }
    if before.body != after.body {
        changes.push("本文を変更".to_owned());
    }
    match (&before.image_url, &after.image_url) {
        (a, b) if a == b => {}
        (None, Some(_)) => changes.push("画像を追加".to_owned()),
        (Some(_), None) => changes.push("画像を外す".to_owned()),
        _ => changes.push("画像を変更".to_owned()),
    }
    if before.published_at != after.published_at {
        changes.push(format!("公開日時 {}→{}", format_instant(before.published_at), format_instant(after.published_at)));
    }
    let what = if changes.is_empty() { "変更なし".to_owned() } else { changes.join(", ") };
    format!("お知らせ「{}」(/news/{key}): {what}", after.title)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form() -> NewsForm {
        NewsForm {
            title: " 冬のセール ".into(),
            summary: "12月1日から".into(),
            category: "キャンペーン".into(),
            body: "<p>全品<strong>10%</strong>オフ</p><script>alert(1)</script>".into(),
            image_url: Some(" /media/abc-1440.webp ".into()),
            published_at: "2026-12-01T10:00".into(),
            is_published: true,
        }
    }

    fn checked(form: NewsForm) -> Result<NewsDraft, crate::infra::error::FieldErrors> {
        let mut errors = FieldCheck::default();
        let draft = check(form, &mut errors);
        match errors.finish() {
            Ok(()) => Ok(draft.expect("a draft when nothing is refused")),
            Err(crate::infra::error::ApiError::Invalid(fields)) => Err(fields),
            Err(other) => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_good_item_is_trimmed_and_its_script_removed() {
        let draft = checked(form()).unwrap();
        assert_eq!(draft.title, "冬のセール");
        assert_eq!(draft.body, "<p>全品<strong>10%</strong>オフ</p>");
        assert_eq!(draft.image_url.as_deref(), Some("/media/abc-1440.webp"));
        assert_eq!(Some(draft.published_at), parse_instant("2026-12-01T01:00:00Z"));
    }

    #[test]
    fn each_bad_field_is_named_in_japanese() {
        let bad = NewsForm {
            title: "  ".into(),
            summary: "あ".repeat(SUMMARY_MAX + 1),
            category: "あ".repeat(CATEGORY_MAX + 1),
            body: "<script>alert(1)</script>".into(),
            image_url: None,
            published_at: "明日".into(),
            is_published: true,
        };
        let errors = checked(bad).unwrap_err();
        assert_eq!(errors["title"], ["タイトルを入力してください。"]);
        assert_eq!(errors["summary"], ["要約は200文字以内で入力してください。"]);
        assert_eq!(errors["category"], ["カテゴリは20文字以内で入力してください。"]);
        assert_eq!(errors["body"], ["本文を入力してください。"], "a body of removed markup is empty");
        assert_eq!(errors["published_at"], ["日時の形式が正しくありません（例: 2026-12-01T10:00）。"]);
        let blank_time = checked(NewsForm { published_at: " ".into(), ..form() }).unwrap_err();
        assert_eq!(blank_time["published_at"], ["公開日時を入力してください。"]);
        let long_body = checked(NewsForm { body: "あ".repeat(BODY_MAX + 1), ..form() }).unwrap_err();
        assert_eq!(long_body["body"], ["本文は20,000文字以内で入力してください。"]);
        assert!(checked(NewsForm { body: "あ".repeat(BODY_MAX), summary: String::new(), category: String::new(), ..form() }).is_ok());
    }

    #[test]
    fn the_status_follows_the_switch_and_the_clock() {
        assert_eq!(NewsStatus::of(false, 0, 10), NewsStatus::Draft);
        assert_eq!(NewsStatus::of(true, 11, 10), NewsStatus::Scheduled);
        assert_eq!(NewsStatus::of(true, 10, 10), NewsStatus::Published);
        for status in NewsStatus::ALL {
            assert_eq!(NewsStatus::parse(status.as_str()), Some(status));
        }
    }

    #[test]
    fn keys_are_url_safe_or_refused_and_made_from_the_day() {
        assert_eq!(typed_key(" winter-sale-2026 "), Ok(Some("winter-sale-2026".into())));
        assert_eq!(typed_key(""), Ok(None));
        for bad in ["Winter", "冬", "-a", "a-", "a b", "a/b", &"a".repeat(KEY_MAX + 1)] {
            assert_eq!(typed_key(bad), Err(KEY_FORMAT), "{bad}");
        }
        let at = parse_instant("2026-12-01T08:00").unwrap();
        assert_eq!(made_key(at, "0193f0e2-7c1a-7d4e-9b2a-1c2d3e4F9A0B"), "20261201-9a0b");
    }

    #[test]
    fn the_audit_lines_say_what_changed() {
        let before = checked(form()).unwrap();
        assert_eq!(describe_creation("winter", &before), "お知らせ「冬のセール」(/news/winter)を作成: 公開 2026-12-01 10:00");
        let after = NewsDraft {
            is_published: false,
            title: "冬の大セール".into(),
            image_url: None,
            published_at: parse_instant("2026-12-02T09:00").unwrap(),
            ..before.clone()
        };
        assert_eq!(
            describe_change("winter", &before, &after),
            "お知らせ「冬の大セール」(/news/winter): 下書きに戻す, タイトル「冬のセール」→「冬の大セール」, 画像を外す, 公開日時 2026-12-01 10:00→2026-12-02 09:00"
        );
        assert_eq!(describe_change("winter", &before, &before), "お知らせ「冬のセール」(/news/winter): 変更なし");
    }
}
