//! Stand-ins for the shared field rules of `crate::validation` (being written on main);
//! deleted when that module is merged.
pub const EMAIL_MAX: usize = 254;
pub const USERNAME_MAX: usize = 64;

pub fn email(v: &str) -> Result<(), String> {
    let ok = v.split_once('@').is_some_and(|(l, d)| !l.is_empty() && d.contains('.') && !d.starts_with('.') && !d.ends_with('.'))
        && v.bytes().all(|b| b.is_ascii_graphic()) && v.matches('@').count() == 1;
    ok.then_some(()).ok_or_else(|| "メールアドレスの形式で入力してください。".into())
}
pub fn full_width(v: &str) -> Result<(), String> {
    v.chars().all(|c| !c.is_ascii() && !('\u{FF61}'..='\u{FF9F}').contains(&c)).then_some(()).ok_or_else(|| "全角で入力してください。".into())
}
pub fn kana(v: &str) -> Result<(), String> {
    v.chars().all(|c| ('\u{30A1}'..='\u{30FC}').contains(&c) || c == '\u{3000}' || c == ' ')
        .then_some(()).ok_or_else(|| "全角カタカナで入力してください。".into())
}
pub fn birth_date(v: &str) -> Result<(), String> {
    let f = time::macros::format_description!("[year]-[month]-[day]");
    time::Date::parse(v, f).map(|_| ()).map_err(|_| "生年月日の形式が正しくありません。".into())
}
pub fn postal_code(v: &str) -> Result<(), String> {
    let d: String = v.replacen('-', "", 1);
    (d.len() == 7 && d.bytes().all(|b| b.is_ascii_digit()) && (v.len() == 7 || v.as_bytes().get(3) == Some(&b'-')))
        .then_some(()).ok_or_else(|| "郵便番号の形式で入力してください 例：123-4567".into())
}
pub fn tsunagu_postal_code(v: &str) -> Result<(), String> {
    (v.len() == 7 && v.bytes().all(|b| b.is_ascii_digit())).then_some(()).ok_or_else(|| "郵便番号は半角数字7桁で入力してください。".into())
}
pub fn tel(v: &str) -> Result<(), String> {
    let ok = if v.contains('-') {
        let g: Vec<&str> = v.split('-').collect();
        g.len() == 3 && g.iter().all(|x| (1..=4).contains(&x.len()) && x.bytes().all(|b| b.is_ascii_digit())) && v.starts_with('0')
    } else {
        v.starts_with('0') && (v.len() == 10 || v.len() == 11) && v.bytes().all(|b| b.is_ascii_digit())
    };
    ok.then_some(()).ok_or_else(|| "電話番号の形式で入力してください。".into())
}
pub fn tsunagu_tel(v: &str) -> Result<(), String> {
    (v.len() <= 11 && v.bytes().all(|b| b.is_ascii_digit())).then_some(()).ok_or_else(|| "電話番号はハイフンなしの半角数字11桁以内で入力してください。".into())
}
pub fn username(v: &str) -> Result<(), String> {
    ((4..=64).contains(&v.len()) && v.bytes().all(|b| b.is_ascii_alphanumeric() || b"@._-".contains(&b)))
        .then_some(()).ok_or_else(|| "ログインIDは4〜64文字の半角英数字と記号(@ . _ -)で入力してください。".into())
}
pub fn password(v: &str) -> Result<(), String> {
    let ok = (8..=128).contains(&v.len())
        && v.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b))
        && v.bytes().any(|b| b.is_ascii_alphabetic())
        && v.bytes().any(|b| b.is_ascii_digit());
    ok.then_some(()).ok_or_else(|| "パスワードは半角英字と数字を組み合わせた8文字以上で入力してください。".into())
}
