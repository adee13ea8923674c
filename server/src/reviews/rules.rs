//! The review form's rules.
use serde::Deserialize;
use unicode_normalization::UnicodeNormalization;

use crate::infra::error::{ApiError, FieldErrors};

const TITLE_MAX: usize = 50;
const BODY_MIN: usize = 10;
const BODY_MAX: usize = 1000;
const NICKNAME_MAX: usize = 20;
pub const NG_MESSAGE: &str = "使用できない表現が含まれています。";

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct ReviewFields {
    /// 1–5.
    #[schema(required = true, value_type = i64, minimum = 1, maximum = 5)]
    pub rating: Option<i64>,
    /// 1–50 characters.
    #[schema(required = true, value_type = String, pattern = "\\S", max_length = 50)]
    pub title: Option<String>,
    /// 10–1000 characters.
    #[schema(required = true, value_type = String, pattern = "\\S(.|\\s){8,}\\S", max_length = 1000)]
    pub body: Option<String>,
    /// 1–20 characters; blank: the member's family name + さん.
    #[schema(max_length = 20)]
    pub nickname: Option<String>,
}

/// A checked review.
#[derive(Debug, PartialEq, Eq)]
pub struct Review {
    pub rating: i64,
    pub title: String,
    pub body: String,
    pub nickname: String,
}

/// For comparing with NG words: full-width and half-width alike, case ignored, spaces gone.
fn folded(text: &str) -> String {
    text.nfkc().flat_map(char::to_lowercase).filter(|c| !c.is_whitespace()).collect()
}

fn contains_ng(text: &str, ng_words: &[String]) -> bool {
    let text = folded(text);
    ng_words.iter().map(|w| folded(w)).any(|w| !w.is_empty() && text.contains(&w))
}

pub fn check(fields: ReviewFields, default_nickname: &str, ng_words: &[String]) -> Result<Review, ApiError> {
    let mut errors = FieldErrors::new();
    let mut add = |field: &str, message: String| errors.entry(field.to_owned()).or_default().push(message);
    let rating = fields.rating.unwrap_or(0);
    if !(1..=5).contains(&rating) {
        add("rating", "評価を1〜5の星で選んでください。".into());
    }
    let title = fields.title.unwrap_or_default().trim().to_owned();
    if title.is_empty() {
        add("title", "タイトルを入力してください。".into());
    } else if title.chars().count() > TITLE_MAX {
        add("title", format!("タイトルは{TITLE_MAX}文字以内で入力してください。"));
    } else if contains_ng(&title, ng_words) {
        add("title", NG_MESSAGE.into());
    }
    let body = fields.body.unwrap_or_default().trim().to_owned();
    let length = body.chars().count();
    if length < BODY_MIN {
        add("body", format!("レビュー本文は{BODY_MIN}文字以上で入力してください。"));
    } else if length > BODY_MAX {
        add("body", format!("レビュー本文は{BODY_MAX}文字以内で入力してください。"));
    } else if contains_ng(&body, ng_words) {
        add("body", NG_MESSAGE.into());
    }
    let given = fields.nickname.unwrap_or_default().trim().to_owned();
    let nickname = if given.is_empty() { default_nickname.to_owned() } else { given };
    if nickname.chars().count() > NICKNAME_MAX {
        add("nickname", format!("ニックネームは{NICKNAME_MAX}文字以内で入力してください。"));
    } else if contains_ng(&nickname, ng_words) {
        add("nickname", NG_MESSAGE.into());
    }
    if errors.is_empty() { Ok(Review { rating, title, body, nickname }) } else { Err(ApiError::Invalid(errors)) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(rating: i64, title: &str, body: &str, nickname: &str) -> ReviewFields {
        ReviewFields { rating: Some(rating), title: Some(title.into()), body: Some(body.into()), nickname: Some(nickname.into()) }
    }

    fn errors(result: Result<Review, ApiError>) -> Vec<(String, String)> {
        match result {
            Err(ApiError::Invalid(errors)) => errors.into_iter().map(|(k, v)| (k, v[0].clone())).collect(),
            other => panic!("expected field errors, got {other:?}"),
        }
    }

    #[test]
    fn a_good_review_and_the_default_nickname() {
        let review = check(fields(5, " 最高 ", "かぶり心地が良く、風切り音も静かです。", ""), "山田さん", &[]).unwrap();
        assert_eq!((review.rating, review.title.as_str(), review.nickname.as_str()), (5, "最高", "山田さん"));
    }

    #[test]
    fn every_rule_names_its_field() {
        let found = errors(check(fields(0, "", "短い", &"あ".repeat(21)), "x", &[]));
        assert_eq!(found.iter().map(|e| e.0.as_str()).collect::<Vec<_>>(), ["body", "nickname", "rating", "title"]);
        assert_eq!(found[0].1, "レビュー本文は10文字以上で入力してください。");
    }

    #[test]
    fn ng_words_match_across_width_and_case() {
        let ng = vec!["ＢＡＫＡ".to_owned(), "詐欺".to_owned()];
        let found = errors(check(fields(1, "これは baka です", "この商品は 詐 欺 ではありませんが…", "ok"), "x", &ng));
        assert_eq!(found, [("body".into(), NG_MESSAGE.into()), ("title".into(), NG_MESSAGE.into())]);
    }
}
