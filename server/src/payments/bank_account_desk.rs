//! 振込先口座 on the settings desk (docs/contracts/settings-bank-account.md): the account
//! customers who choose 銀行振込 pay into, and the days they have. The form is checked into the
//! stored setting (`channel::bank_account`), and a save's change is told for the audit log.
use serde::{Deserialize, Serialize};
use unicode_normalization::UnicodeNormalization;

use crate::channel::bank_account::{DEFAULT_DUE_DAYS, StoredBankAccount};
use crate::infra::error::FieldErrors;

pub const NAME_MAX: usize = 30;
pub const HOLDER_MAX: usize = 40;
pub const DUE_DAYS_MAX: i64 = 30;
/// The account types a Japanese bank transfer names.
pub const ACCOUNT_TYPES: [&str; 2] = ["普通", "当座"];

const BANK_EMPTY: &str = "銀行名を入力してください。";
const BANK_LONG: &str = "銀行名は30文字以内で入力してください。";
const BRANCH_EMPTY: &str = "支店名を入力してください。";
const BRANCH_LONG: &str = "支店名は30文字以内で入力してください。";
const TYPE_UNKNOWN: &str = "口座種別は普通か当座を選んでください。";
const NUMBER_SHAPE: &str = "口座番号は7桁の数字で入力してください。";
const HOLDER_EMPTY: &str = "口座名義を入力してください。";
const HOLDER_SHAPE: &str = "口座名義はカタカナで入力してください（英数字と（）．－・も使えます）。";
const HOLDER_LONG: &str = "口座名義は40文字以内で入力してください。";
const DUE_RANGE: &str = "お支払い期限は1日から30日までの日数で入力してください。";

/// The account as the desk shows it (the due days beside it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct SavedBankAccount {
    pub bank_name: String,
    pub branch_name: String,
    /// 普通 or 当座.
    pub account_type: String,
    /// 7 digits.
    pub account_number: String,
    /// Katakana as the bank shows it (カ）ライドパーツ).
    pub account_holder: String,
}

/// 振込先口座 as the desk shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct BankAccountSettings {
    /// 0 while none was ever saved.
    pub version: i64,
    /// Null while none was saved: 銀行振込 is then not offered.
    pub account: Option<SavedBankAccount>,
    /// Days after the order day by which the transfer is due.
    pub due_days: i64,
}

impl BankAccountSettings {
    pub fn of(stored: Option<&StoredBankAccount>, version: i64) -> Self {
        BankAccountSettings {
            version,
            account: stored.map(|s| SavedBankAccount {
                bank_name: s.bank_name.clone(),
                branch_name: s.branch_name.clone(),
                account_type: s.account_type.clone(),
                account_number: s.account_number.clone(),
                account_holder: s.account_holder.clone(),
            }),
            due_days: stored.map_or(DEFAULT_DUE_DAYS, |s| s.due_days),
        }
    }
}

/// 保存する: the whole form with the version read.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
pub struct BankAccountInput {
    #[schema(required = true, value_type = i64)]
    pub version: Option<i64>,
    #[schema(required = true, value_type = String)]
    pub bank_name: Option<String>,
    #[schema(required = true, value_type = String)]
    pub branch_name: Option<String>,
    /// 普通 or 当座.
    #[schema(required = true, value_type = String)]
    pub account_type: Option<String>,
    /// 7 digits; full-width digits are accepted.
    #[schema(required = true, value_type = String)]
    pub account_number: Option<String>,
    /// Katakana; half-width katakana is made full-width.
    #[schema(required = true, value_type = String)]
    pub account_holder: Option<String>,
    /// 1 to 30.
    #[schema(required = true, value_type = i64)]
    pub due_days: Option<i64>,
}

fn push(errors: &mut FieldErrors, field: &str, message: &str) {
    errors.entry(field.to_owned()).or_default().push(message.to_owned());
}

fn name(errors: &mut FieldErrors, field: &str, typed: Option<&str>, empty: &str, long: &str) -> String {
    let text: String = typed.unwrap_or("").trim().to_owned();
    if text.is_empty() {
        push(errors, field, empty);
    } else if text.chars().count() > NAME_MAX {
        push(errors, field, long);
    }
    text
}

/// The holder as banks print it in full width: half-width katakana joined with its sound marks,
/// ASCII punctuation made full-width, letters upper-case, spaces one full-width space.
pub fn normalise_holder(typed: &str) -> String {
    let folded: String = typed.trim().nfkc().collect();
    let mut out = String::with_capacity(folded.len());
    for c in folded.chars() {
        let c = match c {
            '(' => '（',
            ')' => '）',
            '.' => '．',
            '-' | '‐' | '−' => '－',
            c if c.is_whitespace() => '\u{3000}',
            c => c.to_ascii_uppercase(),
        };
        if !(c == '\u{3000}' && out.ends_with('\u{3000}')) {
            out.push(c);
        }
    }
    out
}

fn is_holder_char(c: char) -> bool {
    matches!(c, '\u{30A1}'..='\u{30FA}' | 'ー' | '・' | '\u{3000}' | '（' | '）' | '．' | '－') || c.is_ascii_uppercase() || c.is_ascii_digit()
}

/// The form as what is saved, or every field's message.
pub fn check(input: &BankAccountInput) -> Result<StoredBankAccount, FieldErrors> {
    let mut errors = FieldErrors::new();
    let bank_name = name(&mut errors, "bank_name", input.bank_name.as_deref(), BANK_EMPTY, BANK_LONG);
    let branch_name = name(&mut errors, "branch_name", input.branch_name.as_deref(), BRANCH_EMPTY, BRANCH_LONG);
    let account_type = input.account_type.as_deref().unwrap_or("").trim().to_owned();
    if !ACCOUNT_TYPES.contains(&account_type.as_str()) {
        push(&mut errors, "account_type", TYPE_UNKNOWN);
    }
    let account_number: String = input.account_number.as_deref().unwrap_or("").trim().nfkc().collect();
    if !(account_number.len() == 7 && account_number.bytes().all(|b| b.is_ascii_digit())) {
        push(&mut errors, "account_number", NUMBER_SHAPE);
    }
    let account_holder = normalise_holder(input.account_holder.as_deref().unwrap_or(""));
    if account_holder.is_empty() {
        push(&mut errors, "account_holder", HOLDER_EMPTY);
    } else if !account_holder.chars().all(is_holder_char) || !account_holder.chars().any(|c| matches!(c, '\u{30A1}'..='\u{30FA}')) {
        push(&mut errors, "account_holder", HOLDER_SHAPE);
    } else if account_holder.chars().count() > HOLDER_MAX {
        push(&mut errors, "account_holder", HOLDER_LONG);
    }
    let due_days = input.due_days.unwrap_or(0);
    if !(1..=DUE_DAYS_MAX).contains(&due_days) {
        push(&mut errors, "due_days", DUE_RANGE);
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(StoredBankAccount { bank_name, branch_name, account_type, account_number, account_holder, due_days })
}

/// `振込先口座: 銀行名 ライド銀行→みずほ銀行, お支払い期限 7日→10日`; a first save names the
/// whole account.
pub fn describe_change(before: Option<&StoredBankAccount>, after: &StoredBankAccount) -> String {
    let Some(before) = before else {
        return format!(
            "振込先口座: 設定 {} {} {} {} {}, お支払い期限 {}日",
            after.bank_name, after.branch_name, after.account_type, after.account_number, after.account_holder, after.due_days
        );
    };
    let fields = [
        ("銀行名", &before.bank_name, &after.bank_name),
        ("支店名", &before.branch_name, &after.branch_name),
        ("口座種別", &before.account_type, &after.account_type),
        ("口座番号", &before.account_number, &after.account_number),
        ("口座名義", &before.account_holder, &after.account_holder),
    ];
    let mut changes: Vec<String> = fields.iter().filter(|(_, old, new)| old != new).map(|(label, old, new)| format!("{label} {old}→{new}")).collect();
    if before.due_days != after.due_days {
        changes.push(format!("お支払い期限 {}日→{}日", before.due_days, after.due_days));
    }
    if changes.is_empty() { "振込先口座: 変更なし".to_owned() } else { format!("振込先口座: {}", changes.join(", ")) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input() -> BankAccountInput {
        BankAccountInput {
            version: Some(0),
            bank_name: Some(" みずほ銀行 ".into()),
            branch_name: Some("渋谷中央支店".into()),
            account_type: Some("当座".into()),
            account_number: Some("７６５４３２１".into()),
            account_holder: Some("ｶ)ﾗｲﾄﾞﾊﾟｰﾂ".into()),
            due_days: Some(10),
        }
    }

    #[test]
    fn a_good_form_is_saved_in_the_widths_banks_print() {
        let saved = check(&input()).unwrap();
        assert_eq!(saved.bank_name, "みずほ銀行");
        assert_eq!(saved.account_number, "7654321", "full-width digits become ASCII");
        assert_eq!(saved.account_holder, "カ）ライドパーツ", "half-width kana joined with its marks, the parenthesis full-width");
        assert_eq!(normalise_holder(" ヤマダ  タロウ "), "ヤマダ\u{3000}タロウ");
        assert_eq!(normalise_holder("abc ｼｮｳｼﾞ(ｶ"), "ABC\u{3000}ショウジ（カ");
    }

    #[test]
    fn every_bad_field_has_its_message() {
        let bad = BankAccountInput {
            version: Some(0),
            bank_name: Some("  ".into()),
            branch_name: Some("支".repeat(31)),
            account_type: Some("貯蓄".into()),
            account_number: Some("123-4567".into()),
            account_holder: Some("山田太郎".into()),
            due_days: Some(0),
        };
        let errors = check(&bad).unwrap_err();
        assert_eq!(errors["bank_name"], vec![BANK_EMPTY]);
        assert_eq!(errors["branch_name"], vec![BRANCH_LONG]);
        assert_eq!(errors["account_type"], vec![TYPE_UNKNOWN]);
        assert_eq!(errors["account_number"], vec![NUMBER_SHAPE]);
        assert_eq!(errors["account_holder"], vec![HOLDER_SHAPE]);
        assert_eq!(errors["due_days"], vec![DUE_RANGE]);
        let mut long = input();
        long.account_holder = Some("ア".repeat(41));
        long.due_days = Some(31);
        let errors = check(&long).unwrap_err();
        assert_eq!(errors["account_holder"], vec![HOLDER_LONG]);
        assert_eq!(errors["due_days"], vec![DUE_RANGE]);
        let mut digits_only = input();
        digits_only.account_holder = Some("1234".into());
        assert_eq!(check(&digits_only).unwrap_err()["account_holder"], vec![HOLDER_SHAPE], "a name has some kana");
        let mut missing = input();
        missing.account_holder = None;
        missing.account_number = None;
        let errors = check(&missing).unwrap_err();
        assert_eq!(errors["account_holder"], vec![HOLDER_EMPTY]);
        assert_eq!(errors["account_number"], vec![NUMBER_SHAPE]);
    }

    #[test]
    fn the_audit_line_names_what_changed() {
        let after = check(&input()).unwrap();
        assert_eq!(describe_change(None, &after), "振込先口座: 設定 みずほ銀行 渋谷中央支店 当座 7654321 カ）ライドパーツ, お支払い期限 10日");
        let mut later = after.clone();
        later.account_number = "1111111".into();
        later.due_days = 7;
        assert_eq!(describe_change(Some(&after), &later), "振込先口座: 口座番号 7654321→1111111, お支払い期限 10日→7日");
        assert_eq!(describe_change(Some(&after), &after), "振込先口座: 変更なし");
    }
}
