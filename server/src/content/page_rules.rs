//! The page desk's rules (docs/contracts/pages-desk.md): what a static page must hold to be
//! saved, that a page still holding a template's `【要入力：…】` cannot be published, and how a
//! save reads in the audit log. Pure: the handler (`http/admin.rs`) stores what passes.
use crate::infra::error::FieldErrors;

/// How a template marks what only the owner can write: `【要入力：販売業者名】`.
const PLACEHOLDER_OPENING: &str = "【要入力：";
pub const MAX_TITLE_CHARS: usize = 100;
pub const MAX_HEADING_CHARS: usize = 100;
pub const MAX_BODY_CHARS: usize = 5_000;
pub const MAX_SECTIONS: usize = 50;

pub const PUBLISH_REFUSED: &str = "【要入力：…】の箇所が残っているため公開できません。内容を入力してから公開してください。";
const REWRITE_PLACEHOLDER: &str = "【要入力：…】を書き換えてください。";

/// A template's blank for the owner: `【要入力：<what>】`.
pub fn placeholder(what: &str) -> String {
    format!("{PLACEHOLDER_OPENING}{what}】")
}

pub fn holds_placeholder(text: &str) -> bool {
    text.contains(PLACEHOLDER_OPENING)
}

/// One 見出し and its 本文 as the editor sends them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageSection {
    pub heading: String,
    pub body: String,
}

/// A page as the editor sends it, trimmed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageDraft {
    pub title: String,
    pub sections: Vec<PageSection>,
    pub is_published: bool,
}

impl PageDraft {
    /// True while the title or any section still holds a template's blank.
    pub fn needs_input(&self) -> bool {
        holds_placeholder(&self.title) || self.sections.iter().any(|s| holds_placeholder(&s.heading) || holds_placeholder(&s.body))
    }
}

/// The draft with its text trimmed, or every field's message (nothing is saved then).
pub fn check(draft: PageDraft) -> Result<PageDraft, FieldErrors> {
    let draft = PageDraft {
        title: draft.title.trim().to_owned(),
        sections: draft.sections.into_iter().map(|s| PageSection { heading: s.heading.trim().to_owned(), body: s.body.trim().to_owned() }).collect(),
        is_published: draft.is_published,
    };
    let mut errors = FieldErrors::new();
    let mut refuse = |field: String, message: &str| errors.entry(field).or_default().push(message.to_owned());
    if let Some(message) = length_message(&draft.title, MAX_TITLE_CHARS, "タイトルを入力してください。", "タイトルは100文字以内で入力してください。")
    {
        refuse("title".into(), message);
    }
    if draft.sections.is_empty() {
        refuse("sections".into(), "項目を1つ以上入力してください。");
    } else if draft.sections.len() > MAX_SECTIONS {
        refuse("sections".into(), "項目は50個までです。");
    }
    for (index, section) in draft.sections.iter().enumerate() {
        if let Some(message) = length_message(&section.heading, MAX_HEADING_CHARS, "見出しを入力してください。", "見出しは100文字以内で入力してください。")
        {
            refuse(format!("sections.{index}.heading"), message);
        }
        if let Some(message) = length_message(&section.body, MAX_BODY_CHARS, "本文を入力してください。", "本文は5,000文字以内で入力してください。")
        {
            refuse(format!("sections.{index}.body"), message);
        }
    }
    if draft.is_published && draft.needs_input() {
        refuse("is_published".into(), PUBLISH_REFUSED);
        if holds_placeholder(&draft.title) {
            refuse("title".into(), REWRITE_PLACEHOLDER);
        }
        for (index, section) in draft.sections.iter().enumerate() {
            for (field, text) in [("heading", &section.heading), ("body", &section.body)] {
                if holds_placeholder(text) {
                    refuse(format!("sections.{index}.{field}"), REWRITE_PLACEHOLDER);
                }
            }
        }
    }
    if errors.is_empty() { Ok(draft) } else { Err(errors) }
}

fn length_message(text: &str, max: usize, empty: &'static str, long: &'static str) -> Option<&'static str> {
    if text.is_empty() {
        Some(empty)
    } else if text.chars().count() > max {
        Some(long)
    } else {
        None
    }
}

/// The audit line of a save: `ページ「特定商取引法に基づく表記」(/law): 公開, 見出し1件・本文3件を変更`.
pub fn describe_change(url: &str, before: &PageDraft, after: &PageDraft) -> String {
    let mut changes = Vec::new();
    if before.is_published != after.is_published {
        changes.push(if after.is_published { "公開".to_owned() } else { "下書きに戻す".to_owned() });
    }
    if before.title != after.title {
        changes.push(format!("タイトル「{}」→「{}」", before.title, after.title));
    }
    let heading_of = |page: &PageDraft, i: usize| page.sections.get(i).map(|s| s.heading.clone());
    let body_of = |page: &PageDraft, i: usize| page.sections.get(i).map(|s| s.body.clone());
    let count = before.sections.len().max(after.sections.len());
    let headings = (0..count).filter(|&i| heading_of(before, i) != heading_of(after, i)).count();
    let bodies = (0..count).filter(|&i| body_of(before, i) != body_of(after, i)).count();
    if before.sections.len() != after.sections.len() {
        changes.push(format!("項目{}件→{}件", before.sections.len(), after.sections.len()));
    }
    match (headings, bodies) {
        (0, 0) => {}
        (h, 0) => changes.push(format!("見出し{h}件を変更")),
        (0, b) => changes.push(format!("本文{b}件を変更")),
        (h, b) => changes.push(format!("見出し{h}件・本文{b}件を変更")),
    }
    let what = if changes.is_empty() { "変更なし".to_owned() } else { changes.join(", ") };
    format!("ページ「{}」({url}): {what}", after.title)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(title: &str, sections: &[(&str, &str)], is_published: bool) -> PageDraft {
        PageDraft {
            title: title.into(),
            sections: sections.iter().map(|(h, b)| PageSection { heading: (*h).into(), body: (*b).into() }).collect(),
            is_published,
        }
    }

    #[test]
    fn a_filled_page_is_saved_trimmed() {
        let saved = check(page(" 利用規約 ", &[(" 第1条 ", " 本規約は… ")], true)).unwrap();
        assert_eq!(saved, page("利用規約", &[("第1条", "本規約は…")], true));
    }

    #[test]
    fn a_draft_may_keep_its_blanks_but_cannot_be_published_with_them() {
        let blank = placeholder("販売業者名");
        assert!(check(page("特定商取引法に基づく表記", &[("販売業者", &blank)], false)).is_ok());
        let errors = check(page("特定商取引法に基づく表記", &[("販売業者", &blank), ("販売価格", "税込")], true)).unwrap_err();
        assert_eq!(errors["is_published"], [PUBLISH_REFUSED]);
        assert_eq!(errors["sections.0.body"], [REWRITE_PLACEHOLDER]);
        assert!(!errors.contains_key("sections.1.body"));
    }

    #[test]
    fn empty_and_overlong_fields_are_named() {
        let long = "あ".repeat(MAX_BODY_CHARS + 1);
        let errors = check(page("  ", &[("", "本文"), ("見出し", &long)], false)).unwrap_err();
        assert_eq!(errors["title"], ["タイトルを入力してください。"]);
        assert_eq!(errors["sections.0.heading"], ["見出しを入力してください。"]);
        assert_eq!(errors["sections.1.body"], ["本文は5,000文字以内で入力してください。"]);
        assert_eq!(check(page("t", &[], false)).unwrap_err()["sections"], ["項目を1つ以上入力してください。"]);
        let many: Vec<(&str, &str)> = (0..=MAX_SECTIONS).map(|_| ("h", "b")).collect();
        assert_eq!(check(page("t", &many, false)).unwrap_err()["sections"], ["項目は50個までです。"]);
        assert!(check(page(&"あ".repeat(MAX_TITLE_CHARS), &[("h", &"あ".repeat(MAX_BODY_CHARS))], false)).is_ok());
    }

    #[test]
    fn the_audit_line_says_what_changed() {
        let before = page("利用規約", &[("第1条", "a"), ("第2条", "b")], false);
        let after = page("利用規約", &[("第1条", "a2"), ("第二条", "b")], true);
        assert_eq!(describe_change("/terms", &before, &after), "ページ「利用規約」(/terms): 公開, 見出し1件・本文1件を変更");
        assert_eq!(describe_change("/terms", &before, &before), "ページ「利用規約」(/terms): 変更なし");
        let shorter = page("規約", &[("第1条", "a")], false);
        assert_eq!(
            describe_change("/terms", &before, &shorter),
            "ページ「規約」(/terms): タイトル「利用規約」→「規約」, 項目2件→1件, 見出し1件・本文1件を変更"
        );
    }
}
