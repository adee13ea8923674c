//! Security-question answers (spec 001 §3): used only as a second check after the mailed
//! reminder link, never instead of it. Answers are compared after the search normalisation
//! (NFKC width folding, lower case, katakana → hiragana) with all white space removed, so
//! タロウ, たろう and ﾀﾛｳ are one answer; only an argon2id hash of that form is stored.
use crate::auth::password;
use crate::infra::search_text;

pub const ANSWER_MAX: usize = 100;

pub fn normalise(answer: &str) -> String {
    search_text::normalise(answer).chars().filter(|c| !c.is_whitespace()).collect()
}

pub async fn hash(answer: &str) -> anyhow::Result<String> {
    password::hash_off_thread(&normalise(answer)).await
}

pub async fn matches(answer: &str, stored: &str) -> anyhow::Result<bool> {
    password::check(&normalise(answer), Some(stored)).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn width_kana_case_and_spaces_do_not_matter() {
        assert_eq!(normalise("タロウ"), "たろう");
        assert_eq!(normalise("ﾀﾛｳ"), "たろう");
        assert_eq!(normalise(" た ろ　う "), "たろう");
        assert_eq!(normalise("ＰＯＣＨＩ"), "pochi");
        assert_eq!(normalise("Pochi"), normalise("pochi"));
        assert_ne!(normalise("ぽち"), normalise("たま"));
    }

    #[tokio::test]
    async fn a_hashed_answer_matches_its_other_spellings() {
        let stored = hash("ポチ").await.unwrap();
        assert!(stored.starts_with("$argon2id$"));
        assert!(matches("ぽち", &stored).await.unwrap());
        assert!(matches("ﾎﾟﾁ", &stored).await.unwrap());
        assert!(!matches("たま", &stored).await.unwrap());
    }
}
