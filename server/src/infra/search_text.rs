//! The one normalisation shared by stored product text and typed keywords, so that a visitor
//! finds グローブ by typing ぐろーぶ, ｸﾞﾛｰﾌﾞ or ＧＬＯＶＥ-style full-width letters:
//! NFKC (full-width ASCII and half-width katakana become their usual forms), lower case,
//! katakana folded to hiragana, runs of white space collapsed to one ASCII space.
//!
//! Products are matched by `search_index` (a tantivy index over the stored, already
//! normalised text; every term is a substring match). The FAQ, a few dozen rows, still
//! matches with `LIKE '%term%'` through [`contains_pattern`].
use unicode_normalization::UnicodeNormalization;

/// Keywords longer than this are refused, so a query cannot become arbitrarily expensive.
pub const MAX_KEYWORD_CHARS: usize = 100;
/// Only the first terms count; more would add clauses without narrowing much.
pub const MAX_TERMS: usize = 8;

/// Normalises text for storage in `search_text` / `search_name` and for comparison.
pub fn normalise(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut pending_space = false;
    for c in text.nfkc().flat_map(char::to_lowercase).map(katakana_to_hiragana) {
        if c.is_whitespace() {
            pending_space = !out.is_empty();
            continue;
        }
        if pending_space {
            out.push(' ');
            pending_space = false;
        }
        out.push(c);
    }
    out
}

/// ァ..ヶ and ヽヾ sit exactly 0x60 above their hiragana; other characters pass unchanged
/// (ー, the long-vowel mark, is shared by both scripts).
fn katakana_to_hiragana(c: char) -> char {
    match c {
        '\u{30A1}'..='\u{30F6}' | '\u{30FD}'..='\u{30FE}' => char::from_u32(c as u32 - 0x60).unwrap_or(c),
        _ => c,
    }
}

/// The distinct terms of a typed keyword, normalised, at most [`MAX_TERMS`].
pub fn terms(keyword: &str) -> Vec<String> {
    let mut terms: Vec<String> = Vec::new();
    for term in normalise(keyword).split(' ').filter(|t| !t.is_empty()) {
        if !terms.iter().any(|t| t == term) {
            terms.push(term.to_owned());
        }
        if terms.len() == MAX_TERMS {
            break;
        }
    }
    terms
}

/// `%term%` for `LIKE … ESCAPE '\'`: the term's own `%`, `_` and `\` match literally.
pub fn contains_pattern(term: &str) -> String {
    let mut pattern = String::with_capacity(term.len() + 2);
    pattern.push('%');
    for c in term.chars() {
        if matches!(c, '%' | '_' | '\\') {
            pattern.push('\\');
        }
        pattern.push(c);
    }
    pattern.push('%');
    pattern
}

/// What is stored for a product: its name, code, maker and brand, then `more` (its category
/// names and variation labels).
pub fn product_search_text(name: &str, code: &str, maker: Option<&str>, brand: Option<&str>, more: &[&str]) -> String {
    let mut parts = vec![name, code];
    parts.extend(maker);
    parts.extend(brand);
    parts.extend_from_slice(more);
    normalise(&parts.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn katakana_hiragana_and_half_width_forms_meet() {
        assert_eq!(normalise("グローブ"), "ぐろーぶ");
        assert_eq!(normalise("ｸﾞﾛｰﾌﾞ"), "ぐろーぶ");
        assert_eq!(normalise("ぐろーぶ"), "ぐろーぶ");
        assert_eq!(normalise("ヴィンテージ"), "ゔぃんてーじ");
        assert_eq!(normalise("ヶ月"), "ゖ月");
    }

    #[test]
    fn full_width_latin_and_digits_become_ascii_lower_case() {
        assert_eq!(normalise("ＬＥＤバルブ　Ｈ４"), "ledばるぶ h4");
        assert_eq!(normalise("SHIMANO Ultegra"), "shimano ultegra");
    }

    #[test]
    fn kanji_is_kept_and_white_space_collapses() {
        assert_eq!(normalise("  SP武川 \t 強化\u{3000}\u{3000}クラッチ  "), "sp武川 強化 くらっち");
        assert_eq!(normalise(""), "");
        assert_eq!(normalise(" \u{3000} "), "");
    }

    #[test]
    fn keywords_split_into_distinct_terms() {
        assert_eq!(terms("ｸﾞﾛｰﾌﾞ　ブラック グローブ"), vec!["ぐろーぶ", "ぶらっく"]);
        assert!(terms("   ").is_empty());
        let many = (0..20).map(|i| format!("w{i}")).collect::<Vec<_>>().join(" ");
        assert_eq!(terms(&many).len(), MAX_TERMS);
    }

    #[test]
    fn like_wildcards_in_terms_match_literally() {
        assert_eq!(contains_pattern("100%"), "%100\\%%");
        assert_eq!(contains_pattern("a_b\\c"), "%a\\_b\\\\c%");
        assert_eq!(contains_pattern("ぐろーぶ"), "%ぐろーぶ%");
    }

    #[test]
    fn stored_text_joins_every_searchable_name() {
        let text = product_search_text("ウインターグローブ", "DT-123", Some("デイトナ"), None, &["ライディングギア", "グローブ"]);
        assert_eq!(text, "ういんたーぐろーぶ dt-123 でいとな らいでぃんぐぎあ ぐろーぶ");
    }
}
