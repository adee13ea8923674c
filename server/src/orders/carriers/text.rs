//! Text handling shared by every carrier: making values fit Shift_JIS (CP932), measuring and
//! splitting them by the carriers' field widths, normalising phone numbers, postal codes and dates,
//! and writing the CSV bytes.
//!
//! Every change that loses or alters what the shop typed goes through [`Report`], so it ends up in
//! [`Export::replaced`](super::Export::replaced) instead of silently vanishing.

use encoding_rs::SHIFT_JIS;
use time::{Date, Month};
use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;

use super::Replacement;

/// Printed in place of a character that has no Shift_JIS form. 〓 (geta) is the mark Japanese
/// typesetting uses for a missing glyph, so whoever reads the label sees at once that a character
/// was lost, where "?" could pass for punctuation.
pub(super) const MISSING_GLYPH: &str = "〓";

/// JIS X 0208 characters that Unicode spells two ways. Mac and JIS-based input produce the left
/// form; CP932, which the label software reads, only maps the right one, to the very same bytes.
/// Switching is therefore lossless and is not reported.
const JIS_ALIASES: [(char, char); 6] = [('〜', '～'), ('‖', '∥'), ('—', '―'), ('¢', '￠'), ('£', '￡'), ('¬', '￢')];

/// How a carrier measures a field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Limit {
    /// Shift_JIS bytes: full-width characters count 2, ASCII and half-width katakana 1.
    Bytes(usize),
    /// Characters of any width: e飛伝Ⅲ counts its 16-character lines this way.
    Chars(usize),
}

impl Limit {
    pub(super) fn capacity(self) -> usize {
        match self {
            Limit::Bytes(n) | Limit::Chars(n) => n,
        }
    }

    pub(super) fn cost(self, c: char) -> usize {
        match self {
            Limit::Bytes(_) => sjis_len(c),
            Limit::Chars(_) => 1,
        }
    }

    pub(super) fn width(self, text: &str) -> usize {
        text.chars().map(|c| self.cost(c)).sum()
    }

    pub(super) fn fits(self, text: &str) -> bool {
        self.width(text) <= self.capacity()
    }
}

/// Bytes `c` takes in Shift_JIS. Only meaningful for characters that encode; [`Report::clean`]
/// guarantees that before anything is measured.
pub(super) fn sjis_len(c: char) -> usize {
    sjis(c).unwrap_or_else(|| {
        let mut buffer = [0u8; 4];
        SHIFT_JIS.encode(c.encode_utf8(&mut buffer)).0.len()
    })
}

fn encodes(c: char) -> bool {
    sjis(c).is_some()
}

/// The length of `c` in Shift_JIS, None when it has no form there. ASCII is one byte as it is;
/// the rest is encoded into a buffer on the stack: asking `Encoding::encode` (which allocates)
/// for every character of 10,000 labels was a tenth of a carrier export's time.
fn sjis(c: char) -> Option<usize> {
    if c.is_ascii() {
        return Some(1);
    }
    let (mut utf8, mut out) = ([0u8; 4], [0u8; 8]);
    let (result, _, written) = SHIFT_JIS.new_encoder().encode_from_utf8_without_replacement(c.encode_utf8(&mut utf8), &mut out, true);
    (result == encoding_rs::EncoderResult::InputEmpty).then_some(written)
}

fn jis_alias(c: char) -> Option<char> {
    JIS_ALIASES.iter().find(|(from, _)| *from == c).map(|(_, to)| *to)
}

/// Zero-width characters that only modify their neighbour (emoji joiners, variation selectors,
/// skin tones, stray combining marks). They have no Shift_JIS form and nothing to print on their own.
fn is_modifier(c: char) -> bool {
    matches!(c, '\u{200D}' | '\u{20E3}' | '\u{FE00}'..='\u{FE0F}' | '\u{E0100}'..='\u{E01EF}' | '\u{1F3FB}'..='\u{1F3FF}') || is_combining_mark(c)
}

/// The closest form of `c` that Shift_JIS carries: its compatibility form (Ⓐ → A, ｶ stays), or the
/// letter without accents (é → e). None when neither helps (𠮷, emoji).
fn close_form(c: char) -> Option<String> {
    let original = c.to_string();
    let compatible: String = c.nfkc().collect();
    if compatible != original && !compatible.is_empty() && compatible.chars().all(encodes) {
        return Some(compatible);
    }
    let bare: String = c.nfkd().filter(|m| !is_combining_mark(*m)).collect();
    if bare != original && !bare.is_empty() && bare.chars().all(encodes) {
        return Some(bare);
    }
    None
}

/// A value made safe for Shift_JIS, with each distinct substitution it needed.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Cp932Text {
    pub(super) text: String,
    pub(super) substitutions: Vec<(String, String)>,
}

/// Rewrites `value` so that every character encodes in CP932. Canonical composition (か + ゙ → が)
/// and JIS spelling variants are silent; anything else that changes is listed.
pub(super) fn to_cp932(value: &str) -> Cp932Text {
    let mut text = String::with_capacity(value.len());
    let mut substitutions: Vec<(String, String)> = Vec::new();
    let mut note = |original: String, replacement: String| {
        if !substitutions.iter().any(|(o, r)| *o == original && *r == replacement) {
            substitutions.push((original, replacement));
        }
    };
    let mut follows_substitute = false;
    for c in value.nfc() {
        if encodes(c) {
            text.push(c);
            follows_substitute = false;
        } else if let Some(alias) = jis_alias(c) {
            text.push(alias);
            follows_substitute = false;
        } else if is_modifier(c) {
            // A joiner after an emoji belongs to the character already replaced; report it only alone.
            if !follows_substitute {
                note(c.to_string(), String::new());
            }
        } else {
            let substitute = close_form(c).unwrap_or_else(|| MISSING_GLYPH.to_string());
            note(c.to_string(), substitute.clone());
            text.push_str(&substitute);
            follows_substitute = true;
        }
    }
    Cp932Text { text, substitutions }
}

/// Line breaks and tabs would break a label line (and some importers); they become spaces.
fn flatten_whitespace(value: &str) -> String {
    value.chars().map(|c| if c.is_control() { ' ' } else { c }).collect::<String>().trim().to_string()
}

/// Splits `text` so the head fits in `room` units of `limit`, never inside a character. Breaks after
/// a space when one sits in the back half of the room, so words and building names stay whole.
pub(super) fn split_at_width(text: &str, room: usize, limit: Limit) -> (&str, &str) {
    let mut used = 0;
    let mut cut = text.len();
    for (index, c) in text.char_indices() {
        let cost = limit.cost(c);
        if used + cost > room {
            cut = index;
            break;
        }
        used += cost;
    }
    if cut == text.len() {
        return (text, "");
    }
    if let Some(space) = text[..cut].rfind([' ', '　'])
        && space > 0
        && limit.width(&text[..space]) * 2 >= room
    {
        let (head, tail) = text.split_at(space);
        return (head, tail.trim_start_matches([' ', '　']));
    }
    text.split_at(cut)
}

/// Lays `segments` into fields: each segment starts a new field while one is left (so a building
/// name gets its own line), and a segment too long for its field runs on into the next. The next
/// segment may join that run-on tail when it fits beside it, so no line is left holding a stub.
/// What is left after the last field is returned as overflow.
fn lay_out(segments: &[String], limits: &[Limit]) -> (Vec<String>, String) {
    let mut fields = vec![String::new(); limits.len()];
    let mut overflow = String::new();
    let mut index = 0;
    let mut holds_run_on = false;
    for segment in segments.iter().filter(|s| !s.is_empty()) {
        let fits_beside_run_on = holds_run_on && limits[index].fits(&format!("{} {segment}", fields[index]));
        if !fields[index].is_empty() && index + 1 < fields.len() && !fits_beside_run_on {
            index += 1;
        }
        holds_run_on = false;
        let mut rest: &str = segment;
        while !rest.is_empty() {
            let limit = limits[index];
            let separator = if fields[index].is_empty() { "" } else { " " };
            let room = limit.capacity().saturating_sub(limit.width(&fields[index]) + limit.width(separator));
            let (head, tail) = split_at_width(rest, room, limit);
            if !head.is_empty() {
                fields[index].push_str(separator);
                fields[index].push_str(head);
            }
            rest = tail;
            if rest.is_empty() {
                break;
            }
            if index + 1 == fields.len() {
                if !overflow.is_empty() {
                    overflow.push(' ');
                }
                overflow.push_str(rest);
                break;
            }
            index += 1;
            holds_run_on = true;
        }
    }
    (fields, overflow)
}

/// Collects, for one shipment, everything that did not reach the label as the shop typed it.
///
/// A [`Replacement`] always reads "the label carries `replaced_with` where the shop had `original`":
/// a character Shift_JIS lacks (`𠮷` → `〓`), text cut at the field's width (`101号室` → ``), or an
/// option the carrier cannot print (`12時～14時` → ``).
pub(super) struct Report<'a> {
    shipment_code: &'a str,
    replaced: &'a mut Vec<Replacement>,
}

impl<'a> Report<'a> {
    pub(super) fn new(shipment_code: &'a str, replaced: &'a mut Vec<Replacement>) -> Self {
        Report { shipment_code, replaced }
    }

    pub(super) fn note(&mut self, field: &'static str, original: impl Into<String>, replaced_with: impl Into<String>) {
        self.replaced.push(Replacement {
            shipment_code: self.shipment_code.to_string(),
            field,
            original: original.into(),
            replaced_with: replaced_with.into(),
        });
    }

    /// `value` on one line, every character encodable, substitutions reported under `field`.
    pub(super) fn clean(&mut self, field: &'static str, value: &str) -> String {
        let cleaned = to_cp932(&flatten_whitespace(value));
        for (original, replacement) in cleaned.substitutions {
            self.note(field, original, replacement);
        }
        cleaned.text
    }

    /// [`clean`](Self::clean), then cut to the field's width; the cut-off text is reported.
    pub(super) fn fit(&mut self, field: &'static str, value: &str, limit: Limit) -> String {
        let text = self.clean(field, value);
        let (head, tail) = split_at_width(&text, limit.capacity(), limit);
        if !tail.is_empty() {
            self.note(field, tail, "");
        }
        head.to_string()
    }

    /// Spreads `segments` (e.g. street line, building) over consecutive fields, running over into
    /// the next field rather than cutting; only what overflows the last field is cut and reported.
    pub(super) fn spread(&mut self, fields: &[(&'static str, Limit)], segments: &[&str]) -> Vec<String> {
        let first_field = fields[0].0;
        let segments: Vec<String> = segments.iter().map(|s| self.clean(first_field, s)).collect();
        let limits: Vec<Limit> = fields.iter().map(|(_, limit)| *limit).collect();
        let (laid_out, overflow) = lay_out(&segments, &limits);
        if !overflow.is_empty() {
            self.note(fields[fields.len() - 1].0, overflow, "");
        }
        laid_out
    }

    /// Puts item names into the item fields, joined with 、. Items that no longer fit are
    /// summarised as 「他N点」 at the end of the last field, and reported with their names.
    pub(super) fn items(&mut self, fields: &[(&'static str, Limit)], items: &[String]) -> Vec<String> {
        let names: Vec<String> = items.iter().map(|item| self.clean(fields[0].0, item)).filter(|name| !name.is_empty()).collect();
        let mut lines: Vec<Vec<String>> = vec![Vec::new(); fields.len()];
        let mut index = 0;
        let mut placed = 0;
        'names: for name in &names {
            loop {
                let (field, limit) = fields[index];
                let mut candidate = lines[index].clone();
                candidate.push(name.clone());
                if limit.fits(&candidate.join("、")) {
                    lines[index] = candidate;
                    break;
                }
                if lines[index].is_empty() {
                    let (head, tail) = split_at_width(name, limit.capacity(), limit);
                    self.note(field, tail, "");
                    lines[index].push(head.to_string());
                    break;
                }
                if index + 1 == fields.len() {
                    break 'names;
                }
                index += 1;
            }
            placed += 1;
        }
        if placed < names.len() {
            self.summarise_rest(fields[fields.len() - 1], lines.last_mut().expect("at least one item field"), names[placed..].to_vec());
        }
        lines.iter().map(|line| line.join("、")).collect()
    }

    fn summarise_rest(&mut self, (field, limit): (&'static str, Limit), last: &mut Vec<String>, mut rest: Vec<String>) {
        let suffix_for = |count: usize| format!("他{count}点");
        // Give up whole items from the end of the line until the summary fits beside the rest.
        while last.len() > 1 && !limit.fits(&format!("{} {}", last.join("、"), suffix_for(rest.len()))) {
            rest.insert(0, last.pop().expect("checked non-empty"));
        }
        let suffix = suffix_for(rest.len());
        let shown = last.join("、");
        let room = limit.capacity().saturating_sub(limit.width(&suffix) + 1);
        let (head, cut) = split_at_width(&shown, room, limit);
        let dropped: Vec<String> = std::iter::once(cut.to_string()).filter(|c| !c.is_empty()).chain(rest).collect();
        self.note(field, dropped.join("、"), suffix.clone());
        *last = vec![if head.is_empty() { suffix } else { format!("{head} {suffix}") }];
    }
}

/// NFKC with surrounding whitespace removed: full-width digits and letters become ASCII.
pub(super) fn half_width(value: &str) -> String {
    value.nfkc().collect::<String>().trim().to_string()
}

pub(super) fn digits_only(value: &str) -> String {
    half_width(value).chars().filter(char::is_ascii_digit).collect()
}

/// `1000001`, `100-0001` or `１００－０００１` as `100-0001` (or `1000001` without the hyphen).
/// Anything that is not seven digits is passed on as typed, for the label software to flag.
pub(super) fn postal_code(value: &str, with_hyphen: bool) -> String {
    let digits = digits_only(value);
    match (digits.len(), with_hyphen) {
        (7, true) => format!("{}-{}", &digits[..3], &digits[3..]),
        (7, false) => digits,
        _ => half_width(value),
    }
}

/// Phone numbers as the label software wants them: ASCII digits and hyphens. Brackets and spaces
/// become hyphens (`03(1234)5678` → `03-1234-5678`) and `+81` becomes the domestic leading 0.
pub(super) fn phone(value: &str) -> String {
    let normalized = half_width(value);
    let domestic = match normalized.strip_prefix("+81") {
        Some(rest) => format!("0{}", rest.trim_start_matches([' ', '-', '(', ')']).trim_start_matches('0')),
        None => normalized,
    };
    let mut out = String::new();
    for c in domestic.chars() {
        if c.is_ascii_digit() {
            out.push(c);
        } else if matches!(c, '-' | '(' | ')' | ' ' | '‐' | '−' | 'ー') && !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_end_matches('-').to_string()
}

/// `yyyy/mm/dd`, B2クラウド's date format.
pub(super) fn date_with_slashes(date: Date) -> String {
    format!("{:04}/{:02}/{:02}", date.year(), u8::from(date.month()), date.day())
}

/// `yyyymmdd`, the format of e飛伝 and ゆうプリR.
pub(super) fn date_compact(date: Date) -> String {
    format!("{:04}{:02}{:02}", date.year(), u8::from(date.month()), date.day())
}

/// Reads `2025/03/01`, `2025-3-1`, `20250301` or `2025/03/01 10:15` (Excel adds the time).
pub(crate) fn parse_date(value: &str) -> Option<Date> {
    let normalized = half_width(value);
    let day_part = normalized.split_whitespace().next()?;
    let parts: Vec<&str> = if day_part.contains(['/', '-']) {
        day_part.split(['/', '-']).collect()
    } else if day_part.len() == 8 && day_part.chars().all(|c| c.is_ascii_digit()) {
        vec![&day_part[..4], &day_part[4..6], &day_part[6..]]
    } else {
        return None;
    };
    let [year, month, day] = parts.as_slice() else {
        return None;
    };
    let month = Month::try_from(month.parse::<u8>().ok()?).ok()?;
    Date::from_calendar_date(year.parse().ok()?, month, day.parse().ok()?).ok()
}

/// ASCII and half-width katakana as their full-width forms, for e飛伝Ⅲ, whose lines count
/// characters rather than bytes and which is documented to want full-width text there.
pub(super) fn to_full_width(value: &str) -> String {
    let mut out = String::with_capacity(value.len() * 2);
    let mut half_kana = String::new();
    for c in value.chars() {
        if ('\u{FF61}'..='\u{FF9F}').contains(&c) {
            half_kana.push(c);
            continue;
        }
        out.extend(half_kana.nfkc());
        half_kana.clear();
        let wide = match c {
            ' ' => '　',
            '!'..='~' => char::from_u32(c as u32 + 0xFEE0).filter(|w| encodes(*w)).unwrap_or(c),
            _ => c,
        };
        out.push(wide);
    }
    out.extend(half_kana.nfkc());
    out
}

/// Half-width katakana (ﾔﾏﾀﾞ ﾀﾛｳ), which B2クラウド's 略称カナ columns require. Hiragana and
/// full-width katakana are converted; None when the text holds anything else (kanji).
pub(super) fn to_half_width_kana(value: &str) -> Option<String> {
    const FULL: &str = "ァアィイゥウェエォオカキクケコサシスセソタチッツテトナニヌネノハヒフヘホマミムメモャヤュユョヨラリルレロヮワヰヱヲンヵヶ";
    const HALF: &str = "ｧｱｨｲｩｳｪｴｫｵｶｷｸｹｺｻｼｽｾｿﾀﾁｯﾂﾃﾄﾅﾆﾇﾈﾉﾊﾋﾌﾍﾎﾏﾐﾑﾒﾓｬﾔｭﾕｮﾖﾗﾘﾙﾚﾛﾜﾜｲｴｦﾝｶｹ";
    let mut out = String::new();
    for c in value.trim().nfd() {
        let katakana = match c {
            'ぁ'..='ゖ' => char::from_u32(c as u32 + 0x60)?,
            _ => c,
        };
        let half = match katakana {
            '\u{3099}' | '゛' => 'ﾞ',
            '\u{309A}' | '゜' => 'ﾟ',
            'ー' | '－' => 'ｰ',
            '・' => '･',
            '　' => ' ',
            '！'..='～' => char::from_u32(katakana as u32 - 0xFEE0)?,
            ' '..='~' | '\u{FF61}'..='\u{FF9F}' => katakana,
            _ => HALF.chars().nth(FULL.chars().position(|f| f == katakana)?)?,
        };
        out.push(half);
    }
    Some(out)
}

/// One CSV row addressed by column name, so a layout reads as a list of assignments.
pub(super) struct Row {
    header: &'static [&'static str],
    cells: Vec<String>,
}

impl Row {
    pub(super) fn new(header: &'static [&'static str]) -> Self {
        Row { header, cells: vec![String::new(); header.len()] }
    }

    /// Sets the first column called `column`. An unknown name is a bug in the layout, caught by
    /// the tests, which run every assignment.
    pub(super) fn set(&mut self, column: &str, value: impl Into<String>) {
        match self.header.iter().position(|name| *name == column) {
            Some(index) => self.cells[index] = value.into(),
            None => debug_assert!(false, "no column {column}"),
        }
    }

    pub(super) fn into_cells(self) -> Vec<String> {
        self.cells
    }
}

/// The header row followed by `rows`, as CSV in CP932 with CRLF line ends. Every cell has been
/// through [`Report::clean`] or is ASCII, so the encoding cannot fail; should it ever, the
/// offending characters are made safe again rather than turned into `&#...;` references.
pub(super) fn csv_bytes(header: &[&str], rows: &[Vec<String>]) -> Vec<u8> {
    let mut writer = csv::WriterBuilder::new().terminator(csv::Terminator::CRLF).from_writer(Vec::new());
    writer.write_record(header).expect("writing CSV to memory cannot fail");
    for row in rows {
        writer.write_record(row).expect("writing CSV to memory cannot fail");
    }
    let bytes = writer.into_inner().expect("writing CSV to memory cannot fail");
    let text = String::from_utf8(bytes).expect("CSV of UTF-8 strings is UTF-8");
    let (encoded, _, had_errors) = SHIFT_JIS.encode(&text);
    if had_errors {
        debug_assert!(false, "unencodable text reached the CSV writer");
        return SHIFT_JIS.encode(&to_cp932(&text).text).0.into_owned();
    }
    encoded.into_owned()
}

/// Header cells compared loosely: width, case, spaces and dots do not matter, so
/// 「お問い合せ送り状No.」 matches 「お問い合せ送り状ＮＯ」.
pub(super) fn header_key(value: &str) -> String {
    value.nfkc().filter(|c| !c.is_whitespace() && *c != '.').flat_map(char::to_lowercase).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    fn report_of(run: impl FnOnce(&mut Report) -> Vec<String>) -> (Vec<String>, Vec<Replacement>) {
        let mut replaced = Vec::new();
        let fields = run(&mut Report::new("S-1", &mut replaced));
        (fields, replaced)
    }

    fn sjis(text: &str) -> Vec<u8> {
        SHIFT_JIS.encode(text).0.into_owned()
    }

    #[test]
    fn a_character_measures_as_the_encoder_writes_it() {
        let samples = "Az09 ~\\\u{7f}あア漢髙①ⅰ¥‾ｱﾞ－〜𠮷😀é\u{200D}";
        for c in samples.chars().chain(('\u{3000}'..='\u{30ff}').step_by(7)).chain(('\u{4e00}'..='\u{9fff}').step_by(97)) {
            let mut buffer = [0u8; 4];
            let (bytes, _, had_errors) = SHIFT_JIS.encode(c.encode_utf8(&mut buffer));
            assert_eq!(encodes(c), !had_errors, "{c:?}");
            if !had_errors {
                assert_eq!(sjis_len(c), bytes.len(), "{c:?}");
            }
        }
    }

    #[test]
    fn cp932_keeps_ibm_and_nec_extensions() {
        // 髙 (IBM extension), ㈱ and ① (NEC specials) are CP932, which is what the label software reads.
        let cleaned = to_cp932("髙橋㈱①彅");
        assert_eq!(cleaned.text, "髙橋㈱①彅");
        assert!(cleaned.substitutions.is_empty());
        assert_eq!(sjis("髙"), vec![0xFB, 0xFC]);
        assert_eq!(sjis("㈱"), vec![0x87, 0x8A]);
    }

    #[test]
    fn cp932_replaces_what_shift_jis_lacks_and_lists_it() {
        let cleaned = to_cp932("𠮷野家😀Ⓐcafé");
        assert_eq!(cleaned.text, "〓野家〓Acafe");
        assert_eq!(cleaned.substitutions, vec![("𠮷".into(), "〓".into()), ("😀".into(), "〓".into()), ("Ⓐ".into(), "A".into()), ("é".into(), "e".into())]);
    }

    #[test]
    fn cp932_switches_jis_spellings_silently_to_the_same_bytes() {
        let cleaned = to_cp932("12時〜14時");
        assert_eq!(cleaned.text, "12時～14時");
        assert!(cleaned.substitutions.is_empty());
        assert_eq!(&sjis(&cleaned.text)[4..6], &[0x81, 0x60]);
    }

    #[test]
    fn cp932_composes_decomposed_kana_and_drops_emoji_joiners_with_their_emoji() {
        assert_eq!(to_cp932("カ\u{3099}").text, "ガ");
        let family = to_cp932("👨\u{200D}👩");
        assert_eq!(family.text, "〓〓");
        assert_eq!(family.substitutions.len(), 2);
    }

    #[test]
    fn widths_count_full_width_as_two_bytes_and_half_width_kana_as_one() {
        assert_eq!(Limit::Bytes(10).width("ｱｲｳ"), 3);
        assert_eq!(Limit::Bytes(10).width("アイウ"), 6);
        assert_eq!(Limit::Bytes(10).width("A1-"), 3);
        assert_eq!(Limit::Chars(16).width("アイA"), 3);
    }

    #[test]
    fn split_never_cuts_a_character_and_prefers_spaces() {
        assert_eq!(split_at_width("あいう", 5, Limit::Bytes(5)), ("あい", "う"));
        assert_eq!(split_at_width("Sunny Heights 101", 16, Limit::Bytes(16)), ("Sunny Heights", "101"));
        assert_eq!(split_at_width("短い", 10, Limit::Bytes(10)), ("短い", ""));
    }

    #[test]
    fn spread_runs_over_into_the_next_field_before_cutting() {
        let street = "東京都千代田区千代田一丁目二番三号四五六七八九十";
        let (fields, replaced) = report_of(|r| r.spread(&[("住所", Limit::Bytes(32)), ("建物", Limit::Bytes(32))], &[street, "メゾン千代田"]));
        assert_eq!(fields[0], "東京都千代田区千代田一丁目二番三");
        assert_eq!(fields[1], "号四五六七八九十 メゾン千代田");
        assert!(replaced.is_empty());
        assert!(fields.iter().all(|f| sjis(f).len() <= 32));
    }

    #[test]
    fn spread_gives_the_building_its_own_field_when_the_street_fits() {
        let (fields, _) = report_of(|r| r.spread(&[("住所", Limit::Bytes(64)), ("建物", Limit::Bytes(32))], &["大阪府大阪市北区梅田1-1", "梅田ビル3F"]));
        assert_eq!(fields, vec!["大阪府大阪市北区梅田1-1", "梅田ビル3F"]);
    }

    #[test]
    fn spread_reports_only_what_overflows_the_last_field() {
        let (fields, replaced) = report_of(|r| r.spread(&[("住所1", Limit::Bytes(8)), ("住所2", Limit::Bytes(8))], &["あいうえおかきくけこ"]));
        assert_eq!(fields, vec!["あいうえ", "おかきく"]);
        assert_eq!(replaced.len(), 1);
        assert_eq!((replaced[0].field, replaced[0].original.as_str(), replaced[0].replaced_with.as_str()), ("住所2", "けこ", ""));
        assert_eq!(replaced[0].shipment_code, "S-1");
    }

    #[test]
    fn fit_cuts_and_reports_the_tail() {
        let mut replaced = Vec::new();
        let value = Report::new("S-1", &mut replaced).fit("お届け先名", "寿限無寿限無五劫の擦り切れ海砂利水魚", Limit::Bytes(32));
        assert_eq!(value, "寿限無寿限無五劫の擦り切れ海砂利");
        assert_eq!(replaced[0].original, "水魚");
    }

    #[test]
    fn items_fill_both_fields_and_summarise_the_rest() {
        let items: Vec<String> = ["Tシャツ白M", "マグカップ", "ステッカー", "トートバッグ", "キーホルダー", "缶バッジ"].map(String::from).to_vec();
        let fields = [("品名１", Limit::Bytes(24)), ("品名２", Limit::Bytes(24))];
        let (lines, replaced) = report_of(|r| r.items(&fields, &items));
        assert_eq!(lines[0], "Tシャツ白M、マグカップ");
        assert_eq!(lines[1], "ステッカー 他3点");
        assert!(lines.iter().all(|l| sjis(l).len() <= 24));
        assert_eq!(replaced.len(), 1);
        assert_eq!(replaced[0].field, "品名２");
        assert_eq!(replaced[0].original, "トートバッグ、キーホルダー、缶バッジ");
        assert_eq!(replaced[0].replaced_with, "他3点");
    }

    #[test]
    fn items_cut_a_single_long_name_and_report_the_cut() {
        let items = vec!["北海道産とうもろこしゴールドラッシュ大粒".to_string()];
        let (lines, replaced) = report_of(|r| r.items(&[("内容品", Limit::Bytes(30))], &items));
        assert_eq!(lines[0], "北海道産とうもろこしゴールドラ");
        assert_eq!(replaced[0].original, "ッシュ大粒");
    }

    #[test]
    fn phone_and_postal_code_are_normalised() {
        assert_eq!(phone("03(1234)5678"), "03-1234-5678");
        assert_eq!(phone("０９０－１２３４－５６７８"), "090-1234-5678");
        assert_eq!(phone("+81 90-1234-5678"), "090-1234-5678");
        assert_eq!(phone("09012345678"), "09012345678");
        assert_eq!(postal_code("1000001", true), "100-0001");
        assert_eq!(postal_code("１００－０００１", false), "1000001");
        assert_eq!(postal_code("12345", true), "12345");
    }

    #[test]
    fn dates_print_and_parse_in_the_carriers_formats() {
        assert_eq!(date_with_slashes(date!(2025 - 03 - 01)), "2025/03/01");
        assert_eq!(date_compact(date!(2025 - 03 - 01)), "20250301");
        for text in ["2025/03/01", "2025-3-1", "20250301", "2025/03/01 10:15:00", "２０２５／０３／０１"] {
            assert_eq!(parse_date(text), Some(date!(2025 - 03 - 01)), "{text}");
        }
        assert_eq!(parse_date("2025/02/30"), None);
        assert_eq!(parse_date("明日"), None);
    }

    #[test]
    fn full_width_conversion_covers_ascii_and_half_width_kana() {
        assert_eq!(to_full_width("ABC 1-2 ｶﾞｰﾃﾞﾝ"), "ＡＢＣ　１－２　ガーデン");
    }

    #[test]
    fn half_width_kana_for_b2_kana_columns() {
        assert_eq!(to_half_width_kana("ヤマダ　タロウ").as_deref(), Some("ﾔﾏﾀﾞ ﾀﾛｳ"));
        assert_eq!(to_half_width_kana("さとう ぱんだ").as_deref(), Some("ｻﾄｳ ﾊﾟﾝﾀﾞ"));
        assert_eq!(to_half_width_kana("ｽｽﾞｷ").as_deref(), Some("ｽｽﾞｷ"));
        assert_eq!(to_half_width_kana("山田"), None);
    }

    #[test]
    fn csv_bytes_are_cp932_with_crlf_and_decode_back() {
        let bytes = csv_bytes(&["名前", "住所"], &[vec!["髙橋".into(), "東京都, 港区".into()]]);
        let (text, _, had_errors) = SHIFT_JIS.decode(&bytes);
        assert!(!had_errors);
        assert_eq!(text, "名前,住所\r\n髙橋,\"東京都, 港区\"\r\n");
    }

    #[test]
    fn header_keys_ignore_width_case_spaces_and_dots() {
        assert_eq!(header_key("お問い合せ送り状No."), header_key("お問い合せ送り状ＮＯ"));
        assert_eq!(header_key("お届け先 郵便番号"), header_key("お届け先郵便番号"));
    }
}
