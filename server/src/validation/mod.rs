//! The form rules of spec 001 §5 and the members contract ("Field rules"), as pure functions that
//! answer the Japanese message a field error shows. The storefront runs the same rules
//! (web/src/lib/validators.ts); both test suites run every case of
//! `shared/validation-vectors.json`, so a change there must be made on both sides.
//!
//! Conventions (the vector file's `$comment` says the same): no rule trims; lengths count
//! Unicode scalar values (what the database counts as characters); the empty string fails every
//! format rule except `tel`, `max_length`, `min_date` and `password_confirmation` — wrap
//! optional fields in [`optional`]. Collect a request's errors with [`FieldCheck`].
pub mod postal_code;

use time::{Date, Month, OffsetDateTime, UtcOffset};
use unicode_normalization::UnicodeNormalization;

use crate::infra::error::{ApiError, FieldErrors};

pub const REQUIRED: &str = "必須項目です";
pub const KANA: &str = "全角カタカナで入力してください";
pub const POST: &str = postal_code::FORMAT_MESSAGE;
pub const TEL: &str = "電話番号の形式で入力してください";
pub const HALF_WIDTH_ALPHA_NUM: &str = "半角英数字で入力してください";
/// The spec's 'date is invalid'.
pub const DATE_INVALID: &str = "日付が正しくありません";
pub const DATE_FUTURE: &str = "未来の日付は入力できません";
pub const MIN_DATE: &str = "開始日以降の日付を入力してください";
pub const REQUIRED_WITHOUT_ALL: &str = "いずれかは必須項目です";
pub const EMAIL: &str = "メールアドレスの形式で入力してください";
pub const USERNAME: &str = "ユーザー名は4〜64文字の半角英数字と @ . _ - で入力してください";
pub const PASSWORD: &str = "パスワードは8〜128文字で、半角英字と数字を両方含めてください（記号は - _ . のみ使えます）";
pub const PASSWORD_CONFIRMATION: &str = "パスワードが一致しません";
pub const TSUNAGU_NAME: &str = "全角で入力してください";
pub const TSUNAGU_PHONE: &str = "半角数字（ハイフンなし）11桁以内で入力してください";
pub const TSUNAGU_POSTAL: &str = "半角数字7桁で入力してください";
pub const YEAR_MONTH: &str = "年月は 2010-04 の形式で入力してください";
pub const YEAR_MONTH_FUTURE: &str = "未来の年月は入力できません";

pub const EMAIL_MAX: usize = 254;
pub const USERNAME_MIN: usize = 4;
pub const USERNAME_MAX: usize = 64;
pub const PASSWORD_MIN: usize = 8;
pub const PASSWORD_MAX: usize = 128;
/// Company name and department (spec 001 §9).
pub const COMPANY_MAX: usize = 250;
/// Each name field (members contract).
pub const NAME_MAX: usize = 50;
/// A company's capital and annual sales in yen: 15 digits (below 2^53, so exact in the browser).
pub const YEN_MAX: u64 = 999_999_999_999_999;
/// A company's number of employees.
pub const COUNT_MAX: u64 = 9_999_999;

pub type Rule = Result<(), &'static str>;

/// Runs `rule` only when the field was filled in.
pub fn optional<E>(s: &str, rule: impl FnOnce(&str) -> Result<(), E>) -> Result<(), E> {
    if s.is_empty() { Ok(()) } else { rule(s) }
}

/// Blank means nothing but white space (the Unicode White_Space property, so U+3000 too).
pub fn is_blank(s: &str) -> bool {
    s.chars().all(char::is_whitespace)
}

pub fn required(s: &str) -> Rule {
    if is_blank(s) { Err(REQUIRED) } else { Ok(()) }
}

/// ァ..ヺ (includes ヴ ヵ ヶ), ・, ー, ヽ ヾ.
fn is_katakana(c: char) -> bool {
    matches!(c, '\u{30A1}'..='\u{30FA}' | '\u{30FB}' | '\u{30FC}' | '\u{30FD}' | '\u{30FE}')
}

/// Full-width katakana plus spaces and Japanese punctuation (spec 001 §5). Checked after NFC so
/// that a decomposed ガ (カ + U+3099) counts as katakana; half-width ｶﾅ does not.
pub fn kana(s: &str) -> Rule {
    let ok = !is_blank(s)
        && s.nfc().all(|c| {
            is_katakana(c)
                || matches!(c, ' ' | '\u{3000}' | '\u{30A0}' | '、' | '。' | '「' | '」' | '『' | '』' | '（' | '）' | '！' | '？' | '．' | '，' | '＝')
        });
    if ok { Ok(()) } else { Err(KANA) }
}

/// The Tsunagu form's kana: katakana and the full-width space only (nothing half-width).
pub fn tsunagu_kana(s: &str) -> Rule {
    let ok = !is_blank(s) && s.nfc().all(|c| is_katakana(c) || c == '\u{3000}');
    if ok { Ok(()) } else { Err(KANA) }
}

fn all_digits(s: &str) -> bool {
    s.bytes().all(|b| b.is_ascii_digit())
}

/// Three half-width digits, an optional hyphen, four digits.
pub fn post(s: &str) -> Rule {
    let b = s.as_bytes();
    let ok = match b.len() {
        7 => all_digits(s),
        8 => b[3] == b'-' && all_digits(&s[..3]) && all_digits(&s[4..]),
        _ => false,
    };
    if ok { Ok(()) } else { Err(POST) }
}

/// `1234567` → `123-4567`; anything else unchanged.
pub fn post_display(s: &str) -> String {
    if s.len() == 7 && all_digits(s) { format!("{}-{}", &s[..3], &s[3..]) } else { s.to_owned() }
}

/// What a person typed → seven half-width digits: NFKC (full-width digits and hyphen), dash-like
/// characters (‐ − ー …) read as a hyphen, surrounding white space trimmed, then [`post`].
/// `postal_code::PostalCode` holds the result as a type.
pub fn normalize_postal(s: &str) -> Option<String> {
    let folded: String = s
        .nfkc()
        .map(|c| match c {
            '\u{2010}'..='\u{2015}' | '\u{2212}' | '\u{30FC}' => '-',
            c => c,
        })
        .collect();
    let text = folded.trim();
    post(text).ok()?;
    Some(text.replace('-', ""))
}

/// Empty allowed; `0` and 9 or 10 more digits; or three hyphenated groups of 1–4 digits, the
/// first starting with `0` (spec 001 §5, taken literally); or a 5-digit area code (04998
/// 小笠原村, 01397 奥尻町), which is followed by one digit and four: `04998-2-1234`.
pub fn tel(s: &str) -> Rule {
    let ok = s.is_empty()
        || if s.contains('-') {
            let groups: Vec<&str> = s.split('-').collect();
            groups.len() == 3
                && groups.iter().all(|g| all_digits(g))
                && groups[0].starts_with('0')
                && (groups.iter().all(|g| (1..=4).contains(&g.len())) || (groups[0].len() == 5 && groups[1].len() == 1 && groups[2].len() == 4))
        } else {
            (10..=11).contains(&s.len()) && all_digits(s) && s.starts_with('0')
        };
    if ok { Ok(()) } else { Err(TEL) }
}

/// A number (optional leading `-`) with at most `max` decimal places.
pub fn decimal(s: &str, max: usize) -> Result<(), String> {
    let unsigned = s.strip_prefix('-').unwrap_or(s);
    let (whole, fraction) = match unsigned.split_once('.') {
        Some((whole, fraction)) => (whole, Some(fraction)),
        None => (unsigned, None),
    };
    let ok = !whole.is_empty() && all_digits(whole) && fraction.is_none_or(|f| !f.is_empty() && f.len() <= max && all_digits(f));
    if ok { Ok(()) } else { Err(format!("小数点以下{max}桁以内の数値で入力してください")) }
}

pub fn half_width_alpha_num(s: &str) -> Rule {
    if !s.is_empty() && s.bytes().all(|b| b.is_ascii_alphanumeric()) { Ok(()) } else { Err(HALF_WIDTH_ALPHA_NUM) }
}

/// `YYYY-MM-DD`, zero-padded, a real calendar day.
pub fn parse_date(s: &str) -> Option<Date> {
    let b = s.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return None;
    }
    let (year, month, day) = (&s[..4], &s[5..7], &s[8..]);
    if !(all_digits(year) && all_digits(month) && all_digits(day)) {
        return None;
    }
    let month = Month::try_from(month.parse::<u8>().ok()?).ok()?;
    Date::from_calendar_date(year.parse().ok()?, month, day.parse().ok()?).ok()
}

/// Today in Japan (+09:00), the day `date_birth` compares with.
pub fn today_jst() -> Date {
    let jst = UtcOffset::from_hms(9, 0, 0).expect("valid offset");
    OffsetDateTime::now_utc().to_offset(jst).date()
}

/// RFC 3339, or a `datetime-local` value (`YYYY-MM-DDTHH:MM`, seconds optional) read as Japan
/// time; epoch milliseconds.
pub fn parse_instant(text: &str) -> Option<i64> {
    let at = OffsetDateTime::parse(text, &time::format_description::well_known::Rfc3339).ok().or_else(|| {
        let local = time::PrimitiveDateTime::parse(text, time::macros::format_description!("[year]-[month]-[day]T[hour]:[minute]"))
            .or_else(|_| time::PrimitiveDateTime::parse(text, time::macros::format_description!("[year]-[month]-[day]T[hour]:[minute]:[second]")))
            .ok()?;
        Some(local.assume_offset(time::macros::offset!(+9)))
    })?;
    Some((at.unix_timestamp_nanos() / 1_000_000) as i64)
}

/// `2026-12-01 10:00` in Japan time (what [`parse_instant`] reads back); empty when out of range.
pub fn format_instant(ms: i64) -> String {
    let at = OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000).map(|t| t.to_offset(time::macros::offset!(+9)));
    match at {
        Ok(t) => format!("{:04}-{:02}-{:02} {:02}:{:02}", t.year(), u8::from(t.month()), t.day(), t.hour(), t.minute()),
        Err(_) => String::new(),
    }
}

/// The first millisecond of a Japan day (its 00:00 +09:00), since the epoch: a staff search's
/// `from` is `>=` it, its `to` is `<` the next day's.
pub fn jst_day_start_ms(date: Date) -> i64 {
    let jst = UtcOffset::from_hms(9, 0, 0).expect("valid offset");
    (date.midnight().assume_offset(jst).unix_timestamp_nanos() / 1_000_000) as i64
}

/// A staff search's stretch of Japan days, `from` and `to` both included (`YYYY-MM-DD`, blank
/// for open), as `[start, end)` in ms. A malformed day is a message on its field, an end
/// before the start `order_message` on `to`'s.
pub fn jst_day_range(check: &mut FieldCheck, from: (&str, Option<&str>), to: (&str, Option<&str>), order_message: &str) -> (Option<i64>, Option<i64>) {
    let mut day = |(field, value): (&str, Option<&str>)| -> Option<Date> {
        let value = value.map(str::trim).filter(|v| !v.is_empty())?;
        let parsed = parse_date(value);
        if parsed.is_none() {
            check.field(field, Err("日付はYYYY-MM-DDの形式で入力してください。"));
        }
        parsed
    };
    let (start, end) = (day(from), day(to));
    if let (Some(start), Some(end)) = (start, end)
        && end < start
    {
        check.field(to.0, Err(order_message.to_owned()));
    }
    (start.map(jst_day_start_ms), end.and_then(|end| end.next_day()).map(jst_day_start_ms))
}

/// A real date, not after `today` (pass [`today_jst`]).
pub fn date_birth(s: &str, today: Date) -> Rule {
    match parse_date(s) {
        None => Err(DATE_INVALID),
        Some(date) if date > today => Err(DATE_FUTURE),
        Some(_) => Ok(()),
    }
}

/// The end of a range is not before its start. Either side empty passes (nothing to compare);
/// a start that is not a date is the start field's own error.
pub fn min_date(end: &str, start: &str) -> Rule {
    if end.is_empty() || start.is_empty() {
        return Ok(());
    }
    let end = parse_date(end).ok_or(DATE_INVALID)?;
    match parse_date(start) {
        Some(start) if end < start => Err(MIN_DATE),
        _ => Ok(()),
    }
}

/// At least one of the fields is filled in (put the error on each of them).
pub fn required_without_all(values: &[&str]) -> Rule {
    if values.iter().any(|v| !is_blank(v)) { Ok(()) } else { Err(REQUIRED_WITHOUT_ALL) }
}

fn is_domain_label(label: &str) -> bool {
    (1..=63).contains(&label.len()) && label.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-') && !label.starts_with('-') && !label.ends_with('-')
}

/// At most 254 characters, one `@`, an ASCII local part of at most 64 (dots anywhere: old
/// Japanese mobile addresses such as `taro..yamada.@docomo.ne.jp` are real), and a domain of
/// two or more labels whose last is not numeric and at least two long. No IDN.
pub fn email(s: &str) -> Rule {
    let ok = s.len() <= EMAIL_MAX
        && s.is_ascii()
        && match s.split_once('@') {
            Some((local, domain)) => {
                (1..=64).contains(&local.len()) && local.bytes().all(|b| b.is_ascii_alphanumeric() || b"!#$%&'*+/=?^_`{|}~.-".contains(&b)) && {
                    let labels: Vec<&str> = domain.split('.').collect();
                    let tld = labels[labels.len() - 1];
                    labels.len() >= 2 && labels.iter().all(|l| is_domain_label(l)) && tld.len() >= 2 && !all_digits(tld)
                }
            }
            None => false,
        };
    if ok { Ok(()) } else { Err(EMAIL) }
}

/// 4–64 of ASCII letters, digits and `@ . _ -`.
pub fn username(s: &str) -> Rule {
    let ok = (USERNAME_MIN..=USERNAME_MAX).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'@' | b'.' | b'_' | b'-'));
    if ok { Ok(()) } else { Err(USERNAME) }
}

/// 8–128 of ASCII letters, digits and `- _ .`, with at least one letter and one digit.
pub fn password(s: &str) -> Rule {
    let b = s.as_bytes();
    let ok = (PASSWORD_MIN..=PASSWORD_MAX).contains(&b.len())
        && b.iter().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
        && b.iter().any(u8::is_ascii_alphabetic)
        && b.iter().any(u8::is_ascii_digit);
    if ok { Ok(()) } else { Err(PASSWORD) }
}

pub fn password_confirmation(password: &str, confirmation: &str) -> Rule {
    if password == confirmation { Ok(()) } else { Err(PASSWORD_CONFIRMATION) }
}

/// Full-width only: Japanese scripts, CJK ideographs (planes 2–3 too, e.g. 𠮷), full-width
/// forms, the full-width space, ideographic variation selectors. No emoji, nothing half-width.
pub fn tsunagu_name(s: &str) -> Rule {
    let ok = !is_blank(s)
        && s.chars().all(|c| {
            matches!(c,
                '\u{3000}'..='\u{30FF}' // CJK punctuation, hiragana, katakana
                | '\u{31F0}'..='\u{31FF}'
                | '\u{3400}'..='\u{4DBF}'
                | '\u{4E00}'..='\u{9FFF}'
                | '\u{F900}'..='\u{FAFF}'
                | '\u{FF01}'..='\u{FF60}'
                | '\u{FFE0}'..='\u{FFE6}'
                | '\u{20000}'..='\u{3FFFF}'
                | '\u{E0100}'..='\u{E01EF}')
        });
    if ok { Ok(()) } else { Err(TSUNAGU_NAME) }
}

/// 1–11 half-width digits, no hyphens.
pub fn tsunagu_phone(s: &str) -> Rule {
    if (1..=11).contains(&s.len()) && all_digits(s) { Ok(()) } else { Err(TSUNAGU_PHONE) }
}

/// Exactly seven half-width digits.
pub fn tsunagu_postal(s: &str) -> Rule {
    if s.len() == 7 && all_digits(s) { Ok(()) } else { Err(TSUNAGU_POSTAL) }
}

/// `YYYY-MM` (zero-padded, month 01–12), not after the month of `today` (pass [`today_jst`]):
/// a company's 設立年月.
pub fn year_month(s: &str, today: Date) -> Rule {
    let b = s.as_bytes();
    if b.len() != 7 || b[4] != b'-' || !all_digits(&s[..4]) || !all_digits(&s[5..]) {
        return Err(YEAR_MONTH);
    }
    let (year, month): (i32, u8) = (s[..4].parse().map_err(|_| YEAR_MONTH)?, s[5..].parse().map_err(|_| YEAR_MONTH)?);
    if !(1..=12).contains(&month) {
        return Err(YEAR_MONTH);
    }
    if (year, month) > (today.year(), u8::from(today.month())) { Err(YEAR_MONTH_FUTURE) } else { Ok(()) }
}

/// Half-width digits only (no sign, no separators) for a whole number from 0 to `max`: yen
/// amounts and counts.
pub fn non_negative_integer(s: &str, max: u64) -> Result<(), String> {
    let ok = !s.is_empty() && all_digits(s) && s.trim_start_matches('0').len() <= 20 && s.parse::<u64>().is_ok_and(|n| n <= max);
    if ok { Ok(()) } else { Err(format!("0〜{max}の整数を半角数字で入力してください")) }
}

/// At most `max` characters (Unicode scalar values).
pub fn max_length(s: &str, max: usize) -> Result<(), String> {
    if s.chars().count() <= max { Ok(()) } else { Err(format!("{max}文字以内で入力してください")) }
}

/// Collects a request's field errors; the first failing rule of a field wins.
///
/// ```ignore
/// let mut check = FieldCheck::default();
/// check.field("email", required(&body.email).and_then(|_| email(&body.email)));
/// check.field("last_name_kana", optional(&body.last_name_kana, kana));
/// check.finish()?;
/// ```
#[derive(Debug, Default)]
pub struct FieldCheck {
    errors: FieldErrors,
}

impl FieldCheck {
    pub fn field<M: Into<String>>(&mut self, name: &str, result: Result<(), M>) -> &mut Self {
        if let Err(message) = result {
            self.errors.entry(name.to_owned()).or_insert_with(|| vec![message.into()]);
        }
        self
    }

    pub fn is_ok(&self) -> bool {
        self.errors.is_empty()
    }

    /// Whether the field already has its error (a later rule of it would not be shown).
    pub fn has(&self, name: &str) -> bool {
        self.errors.contains_key(name)
    }

    /// `ApiError::Invalid` (422) with every collected error, or `Ok`.
    pub fn finish(self) -> Result<(), ApiError> {
        if self.errors.is_empty() { Ok(()) } else { Err(ApiError::Invalid(self.errors)) }
    }
}

/// What a person typed, reduced to the digits a code can be: full-width digits and spaces
/// are common on Japanese phones; anything else cannot be a code.
pub fn typed_code(input: &str) -> Option<String> {
    let digits: String = input
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .map(|c| match c {
            '０'..='９' => char::from_u32(c as u32 - '０' as u32 + '0' as u32).unwrap_or(c),
            _ => c,
        })
        .collect();
    (digits.len() == 6 && digits.bytes().all(|b| b.is_ascii_digit())).then_some(digits)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    #[test]
    fn a_stretch_of_japan_days_includes_both_ends() {
        let mut check = FieldCheck::default();
        let (start, end) = jst_day_range(&mut check, ("from", Some("2026-11-30")), ("to", Some(" 2026-11-30 ")), "順序");
        // 2026-11-30 00:00 +09:00 is 2026-11-29T15:00Z; the stretch ends a day later.
        assert_eq!((start, end), (Some(1_796_050_800_000 - 86_400_000), Some(1_796_050_800_000)));
        assert!(check.is_ok());
        let (start, end) = jst_day_range(&mut check, ("from", Some("")), ("to", None), "順序");
        assert_eq!((start, end), (None, None));
        jst_day_range(&mut check, ("from", Some("2026/11/30")), ("to", Some("2026-11-01")), "順序");
        assert!(check.has("from") && !check.has("to"), "a malformed start cannot be out of order");
        let mut check = FieldCheck::default();
        jst_day_range(&mut check, ("from", Some("2026-11-30")), ("to", Some("2026-11-01")), "順序");
        assert!(check.has("to"));
    }

    const VECTORS: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/validation-vectors.json"));

    fn text(v: &Value) -> &str {
        v.as_str().unwrap_or_else(|| panic!("expected a string, got {v}"))
    }

    fn param<'a>(case: &'a Value, name: &str) -> &'a Value {
        case.get("params").and_then(|p| p.get(name)).unwrap_or_else(|| panic!("{case}: params.{name} missing"))
    }

    fn run(rule: &str, case: &Value) -> Result<(), String> {
        let input = &case["input"];
        let usize_param = |name| param(case, name).as_u64().expect("a number") as usize;
        let strs = || input.as_array().expect("an array").iter().map(text).collect::<Vec<_>>();
        let s = || text(input);
        let fixed = |r: Rule| r.map_err(str::to_owned);
        match rule {
            "required" => fixed(required(s())),
            "kana" => fixed(kana(s())),
            "post" => fixed(post(s())),
            "tel" => fixed(tel(s())),
            "decimal" => decimal(s(), usize_param("max")),
            "half_width_alpha_num" => fixed(half_width_alpha_num(s())),
            "date_birth" => fixed(date_birth(s(), parse_date(text(param(case, "today"))).expect("today is a date"))),
            "min_date" => fixed(min_date(s(), text(param(case, "start")))),
            "required_without_all" => fixed(required_without_all(&strs())),
            "email" => fixed(email(s())),
            "username" => fixed(username(s())),
            "password" => fixed(password(s())),
            "password_confirmation" => {
                let pair = strs();
                fixed(password_confirmation(pair[0], pair[1]))
            }
            "tsunagu_name" => fixed(tsunagu_name(s())),
            "tsunagu_kana" => fixed(tsunagu_kana(s())),
            "tsunagu_phone" => fixed(tsunagu_phone(s())),
            "tsunagu_postal" => fixed(tsunagu_postal(s())),
            "max_length" => max_length(s(), usize_param("max")),
            "year_month" => fixed(year_month(s(), parse_date(text(param(case, "today"))).expect("today is a date"))),
            "non_negative_integer" => non_negative_integer(s(), param(case, "max").as_u64().expect("a number")),
            other => panic!("the vector file has a rule the server lacks: {other}"),
        }
    }

    /// The message a failing case expects, with `{name}` filled from its params.
    fn expected_message(rule: &Value, case: &Value) -> String {
        let mut message = text(case.get("message").unwrap_or(&rule["message"])).to_owned();
        if let Some(params) = case.get("params").and_then(Value::as_object) {
            for (name, value) in params {
                let value = value.as_str().map(str::to_owned).unwrap_or_else(|| value.to_string());
                message = message.replace(&format!("{{{name}}}"), &value);
            }
        }
        message
    }

    #[test]
    fn every_shared_vector_gives_the_expected_answer() {
        let vectors: Value = serde_json::from_str(VECTORS).expect("the vector file is JSON");
        let mut failures = Vec::new();
        let mut count = 0;
        for (name, rule) in vectors["rules"].as_object().expect("rules") {
            for case in rule["cases"].as_array().expect("cases") {
                count += 1;
                let got = run(name, case);
                let want = if case["valid"].as_bool().expect("valid") { Ok(()) } else { Err(expected_message(rule, case)) };
                if got != want {
                    failures.push(format!("{name} {}: got {got:?}, want {want:?}", case["input"]));
                }
            }
        }
        for (name, formatter) in vectors["formatters"].as_object().expect("formatters") {
            for case in formatter["cases"].as_array().expect("cases") {
                count += 1;
                let input = text(&case["input"]);
                let got = match name.as_str() {
                    "post_display" => Some(post_display(input)),
                    "normalize_postal" => normalize_postal(input),
                    other => panic!("the vector file has a formatter the server lacks: {other}"),
                };
                let want = case["expected"].as_str().map(str::to_owned);
                if got != want {
                    failures.push(format!("{name} {input:?}: got {got:?}, want {want:?}"));
                }
            }
        }
        assert!(count > 250, "only {count} cases read");
        assert!(failures.is_empty(), "{} of {count} cases fail:\n{}", failures.len(), failures.join("\n"));
    }

    #[test]
    fn normalised_postal_codes_are_what_postal_code_parse_accepts() {
        let digits = normalize_postal("１２３－４５６７").unwrap();
        assert_eq!(postal_code::PostalCode::parse(&digits).unwrap().formatted(), post_display(&digits));
    }

    #[test]
    fn optional_fields_skip_their_rule_only_when_empty() {
        assert_eq!(optional("", kana), Ok(()));
        assert_eq!(optional("ｶﾅ", kana), Err(KANA));
        assert_eq!(optional(" ", kana), Err(KANA));
    }

    #[test]
    fn field_check_keeps_the_first_error_of_each_field() {
        let mut check = FieldCheck::default();
        check.field("email", required("")).field("email", email("")).field("company", max_length(&"株".repeat(251), COMPANY_MAX));
        assert!(!check.is_ok());
        match check.finish() {
            Err(ApiError::Invalid(errors)) => {
                assert_eq!(errors["email"], vec![REQUIRED.to_owned()]);
                assert_eq!(errors["company"], vec!["250文字以内で入力してください".to_owned()]);
            }
            other => panic!("{other:?}"),
        }
        assert!(FieldCheck::default().finish().is_ok());
    }

    #[test]
    fn typed_codes_accept_full_width_digits_and_spaces_only() {
        assert_eq!(typed_code(" １２３ ４５６ ").as_deref(), Some("123456"));
        assert_eq!(typed_code("123-456").as_deref(), Some("123456"));
        assert_eq!(typed_code("12345"), None);
        assert_eq!(typed_code("12345a"), None);
        assert_eq!(typed_code("1234567"), None);
    }
}
