//! ショップ情報's rules (docs/contracts/settings-store.md): the shop's name, the address and
//! phone printed under it on receipts, its インボイス登録番号 and where its notices go — normalised
//! as a person types them, then checked.
use unicode_normalization::UnicodeNormalization;

use super::settings::CONTACT_EMAIL_SETTING;
use crate::infra::error::ApiError;
use crate::validation::FieldCheck;

pub const NAME_SETTING: &str = "SITE.NAME";
/// The issuer's qualified-invoice registration number (`T` + 13 digits) on receipts, a JSON string.
pub const REGISTRATION_SETTING: &str = "SITE.INVOICE_REGISTRATION_NUMBER";
/// The issuer's address (and phone) printed under its name, a JSON string.
pub const ADDRESS_SETTING: &str = "SITE.COMPANY_ADDRESS";
/// The keys ショップ情報 edits, as one group.
pub const KEYS: &[&str] = &[NAME_SETTING, ADDRESS_SETTING, REGISTRATION_SETTING, CONTACT_EMAIL_SETTING];

pub const NAME_MAX: usize = 60;
pub const ADDRESS_MAX: usize = 120;
const NAME_REQUIRED: &str = "ショップ名を入力してください。";
const NAME_TOO_LONG: &str = "ショップ名は60文字以内で入力してください。";
const ADDRESS_MESSAGE: &str = "所在地・電話番号は120文字以内で1行で入力してください。";
const REGISTRATION_MESSAGE: &str = "登録番号は「T」と13桁の数字で入力してください（例: T1234567890123）。";
const EMAIL_MESSAGE: &str = "メールアドレスの形式で入力してください。";

/// ショップ情報 as stored (normalised).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShopInfo {
    pub shop_name: String,
    pub company_address: String,
    /// `T` + 13 digits, or empty: none printed.
    pub invoice_registration_number: String,
    /// Empty: notices go to the mail sender address.
    pub contact_email: String,
}

impl ShopInfo {
    /// The values a save writes, key by key.
    pub fn entries(&self) -> [(&'static str, &str); 4] {
        [
            (NAME_SETTING, self.shop_name.as_str()),
            (ADDRESS_SETTING, self.company_address.as_str()),
            (REGISTRATION_SETTING, self.invoice_registration_number.as_str()),
            (CONTACT_EMAIL_SETTING, self.contact_email.as_str()),
        ]
    }
}

/// A registration number as typed (`Ｔ１２３４-５６７８-９０１２３`, `t 1234…`) in its printed form;
/// what cannot be one is left for the check to refuse.
pub fn normalise_registration_number(typed: &str) -> String {
    let half: String = typed.nfkc().filter(|c| !c.is_whitespace() && !matches!(c, '-' | '‐' | '−' | 'ー')).collect();
    match half.strip_prefix('t') {
        Some(rest) => format!("T{rest}"),
        None => half,
    }
}

/// Whether `number` is `T` and 13 half-width digits. The check digit is not checked: it is the
/// corporate number's rule, and a sole proprietor's number is not a corporate number.
pub fn is_registration_number(number: &str) -> bool {
    number.strip_prefix('T').is_some_and(|digits| digits.len() == 13 && digits.bytes().all(|b| b.is_ascii_digit()))
}

/// The form normalised and checked: the values to store, or every field's message.
pub fn check(shop_name: &str, company_address: &str, registration_number: &str, contact_email: &str) -> Result<ShopInfo, ApiError> {
    let info = ShopInfo {
        shop_name: shop_name.trim().to_owned(),
        company_address: company_address.trim().to_owned(),
        invoice_registration_number: normalise_registration_number(registration_number),
        contact_email: contact_email.trim().to_owned(),
    };
    let mut check = FieldCheck::default();
    let name = &info.shop_name;
    check.field(
        "shop_name",
        if name.is_empty() {
            Err(NAME_REQUIRED)
        } else if name.chars().count() > NAME_MAX {
            Err(NAME_TOO_LONG)
        } else {
            Ok(())
        },
    );
    let address = &info.company_address;
    check.field("company_address", if address.chars().count() > ADDRESS_MAX || address.contains(['\n', '\r']) { Err(ADDRESS_MESSAGE) } else { Ok(()) });
    let number = &info.invoice_registration_number;
    check.field("invoice_registration_number", if number.is_empty() || is_registration_number(number) { Ok(()) } else { Err(REGISTRATION_MESSAGE) });
    let email = &info.contact_email;
    check.field("contact_email", if email.is_empty() || crate::validation::email(email).is_ok() { Ok(()) } else { Err(EMAIL_MESSAGE) });
    check.finish()?;
    Ok(info)
}

/// `ショップ情報: ショップ名「A」→「B」, 登録番号 なし→T1234567890123` (only what changed).
pub fn describe_change(before: &ShopInfo, after: &ShopInfo) -> String {
    let shown = |value: &str| if value.is_empty() { "なし".to_owned() } else { format!("「{value}」") };
    let mut parts = Vec::new();
    let labels = ["ショップ名", "所在地・電話番号", "登録番号", "お問い合わせ受付"];
    for ((label, (_, old)), (_, new)) in labels.iter().zip(before.entries()).zip(after.entries()) {
        if old != new {
            parts.push(format!("{label} {}→{}", shown(old), shown(new)));
        }
    }
    if parts.is_empty() { "ショップ情報: 変更なし".to_owned() } else { format!("ショップ情報: {}", parts.join(", ")) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::infra::error::FieldErrors;

    fn refused(name: &str, address: &str, number: &str, email: &str) -> FieldErrors {
        match check(name, address, number, email) {
            Err(ApiError::Invalid(errors)) => errors,
            other => panic!("expected field errors, got {other:?}"),
        }
    }

    fn info(name: &str, number: &str) -> ShopInfo {
        ShopInfo { shop_name: name.into(), company_address: String::new(), invoice_registration_number: number.into(), contact_email: String::new() }
    }

    #[test]
    fn a_registration_number_is_read_as_typed_on_a_japanese_keyboard() {
        assert_eq!(normalise_registration_number("Ｔ１２３４-５６７８-９０１２３"), "T1234567890123");
        assert_eq!(normalise_registration_number(" t 1234567890123 "), "T1234567890123");
        assert!(is_registration_number("T1234567890123"));
        for refused in ["1234567890123", "T123456789012", "T12345678901234", "TX234567890123", "T１234567890123"] {
            assert!(!is_registration_number(refused), "{refused}");
        }
    }

    #[test]
    fn the_form_is_trimmed_and_every_bad_field_has_its_message() {
        let saved = check(" デモショップ ", "東京都千代田区1-1 TEL 03-0000-0000", "t1234567890123", " shop@example.jp ").unwrap();
        assert_eq!(saved.shop_name, "デモショップ");
        assert_eq!(saved.invoice_registration_number, "T1234567890123");
        assert_eq!(saved.contact_email, "shop@example.jp");
        assert!(check("店", "", "", "").is_ok(), "only the name is required");

        let errors = refused(" ", "一行目\n二行目", "T12", "not-an-address");
        assert_eq!(errors["shop_name"], vec![NAME_REQUIRED]);
        assert_eq!(errors["company_address"], vec![ADDRESS_MESSAGE]);
        assert_eq!(errors["invoice_registration_number"], vec![REGISTRATION_MESSAGE]);
        assert_eq!(errors["contact_email"], vec![EMAIL_MESSAGE]);
        assert_eq!(refused(&"あ".repeat(61), &"あ".repeat(121), "", "").len(), 2);
    }

    #[test]
    fn the_audit_line_names_what_changed_before_and_after() {
        assert_eq!(describe_change(&info("A", ""), &info("B", "T1234567890123")), "ショップ情報: ショップ名 「A」→「B」, 登録番号 なし→「T1234567890123」");
        assert_eq!(describe_change(&info("A", ""), &info("A", "")), "ショップ情報: 変更なし");
    }
}
