//! The member desk's rules (docs/contracts/member-desk.md): how a typed search term is read
//! against names and フリガナ, when an account counts as locked, and the words the desk, its
//! CSV and the audit log show.
use super::lockout::Failures;

/// A name as typed ("山田 太郎", "山田　太郎") compared without its spaces, as names are kept in
/// two columns.
pub fn name_term(term: &str) -> String {
    term.chars().filter(|c| !c.is_whitespace()).collect()
}

/// A フリガナ search: spaces dropped and hiragana read as katakana, as staff type either.
pub fn kana_term(term: &str) -> String {
    name_term(term).chars().map(|c| if ('ぁ'..='ゖ').contains(&c) { char::from_u32(c as u32 + 0x60).unwrap_or(c) } else { c }).collect()
}

/// Whether the account is locked, from its biggest count of one source and its total
/// (lockout.rs's rule).
pub fn is_locked(worst_source: i64, total: i64) -> bool {
    Failures { from_source: worst_source, total }.is_locked()
}

/// The spec's gender codes (000 §3) as the desk shows them.
pub fn gender_label(code: Option<i64>) -> Option<&'static str> {
    match code? {
        1 => Some("男性"),
        2 => Some("女性"),
        3 => Some("その他"),
        4 => Some("回答しない"),
        _ => None,
    }
}

/// `YYYY-MM-DD` of a moment, in Japan.
pub fn jst_date(ms: i64) -> String {
    let jst = time::UtcOffset::from_hms(9, 0, 0).expect("valid offset");
    let date = time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000).map(|t| t.to_offset(jst).date());
    date.map(|d| format!("{:04}-{:02}-{:02}", d.year(), u8::from(d.month()), d.day())).unwrap_or_default()
}

/// The audit line of a 要注意 change: `要注意: なし→あり（メモ「…」）`.
pub fn describe_caution(member: &str, before: (bool, &str), after: (bool, &str)) -> String {
    let state = |(on, note): (bool, &str)| match (on, note.is_empty()) {
        (false, _) => "なし".to_owned(),
        (true, true) => "あり".to_owned(),
        (true, false) => format!("あり（メモ「{note}」）"),
    };
    format!("{member} 要注意: {}→{}", state(before), state(after))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_matched_without_their_spaces_and_kana_in_katakana() {
        assert_eq!(name_term("山田　太郎 "), "山田太郎");
        assert_eq!(kana_term("やまだ たろう"), "ヤマダタロウ");
        assert_eq!(kana_term("ヤマダ"), "ヤマダ");
        assert_eq!(kana_term("ゔぁ"), "ヴァ");
    }

    #[test]
    fn five_from_one_source_or_twenty_in_all_lock() {
        assert!(!is_locked(4, 19));
        assert!(is_locked(5, 5));
        assert!(is_locked(3, 20));
    }

    #[test]
    fn japan_days_start_at_nine_utc() {
        // 2026-11-30T14:59:59Z is 23:59:59 in Japan; a second later it is the 1st of December.
        assert_eq!(jst_date(1_796_050_799_000), "2026-11-30");
        assert_eq!(jst_date(1_796_050_800_000), "2026-12-01");
    }

    #[test]
    fn the_caution_change_reads_before_and_after() {
        assert_eq!(describe_caution("会員12", (false, ""), (true, "電話確認")), "会員12 要注意: なし→あり（メモ「電話確認」）");
        assert_eq!(describe_caution("会員12", (true, ""), (false, "")), "会員12 要注意: あり→なし");
    }
}
