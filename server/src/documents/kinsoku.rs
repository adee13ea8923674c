//! Line breaking for Japanese text with kinsoku shori (禁則処理, JIS X 4051; the character
//! classes of W3C "Requirements for Japanese Text Layout" §3.1.10): no line starts with a
//! closing bracket, a comma or full stop, a middle dot, a prolonged sound mark, a small kana or
//! an iteration mark, and no line ends with an opening bracket or a prefixed currency sign.
//!
//! Spaces are the preferred break (an address breaks between postal code, street and building);
//! a part too wide for a line breaks between Japanese characters, never inside a run of Latin
//! letters and digits (`T1234567890123`, `¥8,450`) unless that run alone is wider than a line.
//! Offending characters are pushed to the next line together with the character before them
//! (追い出し), never squeezed in past the width.

/// 行頭禁則: closing brackets (cl-02), hyphens (cl-03), dividing punctuation (cl-04), middle
/// dots (cl-05), full stops (cl-06), commas (cl-07), inseparable characters (cl-08), iteration
/// marks (cl-09), the prolonged sound mark (cl-10), small kana (cl-11) and postfixed
/// abbreviations (cl-20), full-, half-width and ASCII forms.
pub fn may_not_start_a_line(c: char) -> bool {
    matches!(
        c,
        '’' | '”' | '）' | '〕' | '］' | '｝' | '〉' | '》' | '」' | '』' | '】' | '〙' | '〗' | '〟' | '｠' | '»' | ')' | ']' | '}' | '｣'
            | '‐' | '〜' | '゠' | '–' | '～'
            | '？' | '！' | '‼' | '⁇' | '⁈' | '⁉' | '?' | '!'
            | '・' | '：' | '；' | ':' | ';' | '･'
            | '。' | '．' | '.' | '｡'
            | '、' | '，' | ',' | '､'
            | '—' | '…' | '‥' | '〳' | '〴' | '〵'
            | 'ヽ' | 'ヾ' | 'ゝ' | 'ゞ' | '々' | '〻'
            | 'ー' | 'ｰ'
            | 'ぁ' | 'ぃ' | 'ぅ' | 'ぇ' | 'ぉ' | 'っ' | 'ゃ' | 'ゅ' | 'ょ' | 'ゎ' | 'ゕ' | 'ゖ'
            | 'ァ' | 'ィ' | 'ゥ' | 'ェ' | 'ォ' | 'ッ' | 'ャ' | 'ュ' | 'ョ' | 'ヮ' | 'ヵ' | 'ヶ' | 'ㇰ'..='ㇿ'
            | 'ｧ'..='ｯ'
            | '%' | '％' | '‰' | '℃' | '°' | '′' | '″' | '¢' | '￠'
            | '゙' | '゚' | '゛' | '゜'
    )
}

/// 行末禁則: opening brackets (cl-01) and prefixed abbreviations (cl-19).
pub fn may_not_end_a_line(c: char) -> bool {
    matches!(
        c,
        '‘' | '“'
            | '（'
            | '〔'
            | '［'
            | '｛'
            | '〈'
            | '《'
            | '「'
            | '『'
            | '【'
            | '〘'
            | '〖'
            | '〝'
            | '｟'
            | '«'
            | '('
            | '['
            | '{'
            | '｢'
            | '¥'
            | '￥'
            | '$'
            | '＄'
            | '£'
            | '￡'
            | '#'
            | '＃'
            | '№'
    )
}

/// Letters, digits and ASCII signs that stay together as one word (Latin text, numbers, codes).
/// Japanese characters (from the CJK radicals block on, and the full-width forms) may break
/// between any two.
fn is_word_char(c: char) -> bool {
    !c.is_whitespace() && (c as u32) < 0x2E80
}

/// The pieces of a space-free part between which a line may break: single Japanese characters
/// and whole words, with each character that may not start a line joined to the piece before it
/// and each one that may not end a line joined to the piece after it.
fn pieces(part: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut glue_next = false;
    let mut chars = part.chars().peekable();
    while let Some(c) = chars.next() {
        let mut piece = c.to_string();
        if is_word_char(c) {
            while let Some(&next) = chars.peek().filter(|n| is_word_char(**n)) {
                piece.push(next);
                chars.next();
            }
        }
        let first = piece.chars().next().unwrap_or(c);
        match out.last_mut() {
            Some(last) if glue_next || may_not_start_a_line(first) => last.push_str(&piece),
            _ => out.push(piece),
        }
        glue_next = out.last().and_then(|p| p.chars().last()).is_some_and(may_not_end_a_line);
    }
    out
}

/// Where to cut `line` (a byte offset) when `next` does not fit after it: as late as kinsoku
/// allows, and at its end when no cut does.
fn cut_at(line: &str, next: char) -> usize {
    let chars: Vec<(usize, char)> = line.char_indices().collect();
    let allowed = |at: usize| !may_not_start_a_line(chars.get(at).map_or(next, |(_, c)| *c)) && !may_not_end_a_line(chars[at - 1].1);
    let at = (1..=chars.len()).rev().find(|&at| allowed(at)).unwrap_or(chars.len());
    chars.get(at).map_or(line.len(), |(offset, _)| *offset)
}

/// `text` broken into lines at most `width` wide as `measure` counts it. Each line of `text`
/// starts a new line; runs of spaces collapse, and no line starts or ends with one.
pub fn wrap(text: &str, width: f32, measure: impl Fn(&str) -> f32) -> Vec<String> {
    let fits = |s: &str| measure(s) <= width;
    let mut lines = Vec::new();
    for paragraph in text.lines() {
        let mut line = String::new();
        for part in paragraph.split_whitespace() {
            let joined = if line.is_empty() { part.to_owned() } else { format!("{line} {part}") };
            if fits(&joined) {
                line = joined;
                continue;
            }
            if !line.is_empty() && fits(part) {
                lines.push(std::mem::replace(&mut line, part.to_owned()));
                continue;
            }
            // Too wide for any line: fill the current line, then break between pieces.
            let mut separator = if line.is_empty() { "" } else { " " };
            for piece in pieces(part) {
                let joined = format!("{line}{separator}{piece}");
                separator = "";
                if fits(&joined) {
                    line = joined;
                    continue;
                }
                if !line.is_empty() {
                    lines.push(std::mem::take(&mut line));
                }
                if fits(&piece) {
                    line = piece;
                    continue;
                }
                // One piece wider than the line: cut it where it must, still keeping brackets
                // and punctuation on the right side of the cut where the piece allows.
                for c in piece.chars() {
                    if !line.is_empty() && !fits(&format!("{line}{c}")) {
                        let rest = line.split_off(cut_at(&line, c));
                        lines.push(std::mem::replace(&mut line, rest));
                    }
                    line.push(c);
                }
            }
        }
        if !line.is_empty() {
            lines.push(line);
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every character one unit wide, so widths read as character counts.
    fn chars(s: &str) -> f32 {
        s.chars().count() as f32
    }

    #[test]
    fn no_line_starts_with_a_full_stop_or_a_closing_bracket() {
        // Plain filling would start the second line with 。, 、 or 」.
        assert_eq!(wrap("お支払いは完了。「領収書」", 7.0, chars), vec!["お支払いは完", "了。「領収書」"]);
        assert_eq!(wrap("ありがとうございました。", 11.0, chars), vec!["ありがとうございまし", "た。"]);
        assert_eq!(wrap("「ご注文番号」をご確認", 6.0, chars), vec!["「ご注文番", "号」をご確認"]);
        assert_eq!(wrap("ご注文、ありがとう", 3.0, chars), vec!["ご注", "文、あ", "りがと", "う"]);
    }

    #[test]
    fn no_line_ends_with_an_opening_bracket() {
        assert_eq!(wrap("お届け先（自宅）へ", 5.0, chars), vec!["お届け先", "（自宅）へ"]);
        assert_eq!(wrap("件名「バイク用品」", 3.0, chars), vec!["件名", "「バイ", "ク用", "品」"]);
    }

    #[test]
    fn small_kana_and_the_long_mark_stay_with_the_character_before() {
        assert_eq!(wrap("ショッピングカート", 3.0, chars), vec!["ショッ", "ピング", "カート"]);
        assert_eq!(wrap("ショッピングカート", 4.0, chars), vec!["ショッピ", "ングカー", "ト"]);
        assert_eq!(wrap("日本人々", 3.0, chars), vec!["日本", "人々"]);
    }

    #[test]
    fn numbers_and_codes_are_not_broken() {
        assert_eq!(wrap("合計¥12,345（税込）です", 8.0, chars), vec!["合計", "¥12,345", "（税込）です"]);
        assert_eq!(wrap("登録番号T1234567890123", 10.0, chars), vec!["登録番号", "T123456789", "0123"]);
    }

    #[test]
    fn a_piece_wider_than_the_line_is_cut_where_kinsoku_allows() {
        assert_eq!(wrap("「ABCD」", 5.0, chars), vec!["「ABC", "D」"]);
        assert_eq!(wrap("「SPRING-2026」", 5.0, chars), vec!["「SPRI", "NG-20", "26」"]);
    }

    #[test]
    fn spaces_are_the_preferred_breaks() {
        let address = "〒460-0008 愛知県名古屋市中区栄三丁目1番1号 ライドビル5階";
        assert_eq!(wrap(address, 27.0, chars), vec!["〒460-0008 愛知県名古屋市中区栄三丁目1番1号", "ライドビル5階"]);
        assert_eq!(wrap(address, 20.0, chars), vec!["〒460-0008", "愛知県名古屋市中区栄三丁目1番1号", "ライドビル5階"]);
        // A part wider than any line fills the line it starts on.
        assert_eq!(wrap(address, 12.0, chars), vec!["〒460-0008 愛知", "県名古屋市中区栄三丁目1", "番1号 ライドビル5階"]);
        assert_eq!(wrap("  a   b  \nc", 10.0, chars), vec!["a b", "c"]);
    }

    #[test]
    fn kinsoku_holds_at_every_width_its_pieces_allow() {
        let texts = [
            "上記正に領収いたしました。ご利用ありがとうございます！またのご来店をお待ちしております。",
            "※は軽減税率（8%）対象です。【注意】『取扱説明書』を、必ずお読みください・・・",
            "ポイント利用：1,200ポイント（¥1,200）／クーポン「SPRING-2026」適用済み",
            "チェーン・スプロケット「ドライブ」セット（前後）、ヘルメット用シールド【スモーク】",
        ];
        for text in texts {
            let widest = pieces(text).iter().map(|p| chars(p) as usize).max().unwrap();
            for width in widest..=40 {
                let lines = wrap(text, width as f32, chars);
                assert_eq!(lines.concat(), text, "nothing is lost at width {width}");
                for (i, line) in lines.iter().enumerate() {
                    assert!(chars(line) <= width as f32, "{line} is wider than {width}");
                    let first = line.chars().next().unwrap();
                    let last = line.chars().last().unwrap();
                    assert!(i == 0 || !may_not_start_a_line(first), "line {i} of width {width} starts with {first}: {lines:?}");
                    assert!(i == lines.len() - 1 || !may_not_end_a_line(last), "line {i} of width {width} ends with {last}: {lines:?}");
                }
            }
        }
    }
}
