//! Where a bank-transfer order is paid: the channel setting `ORDER.BANK_ACCOUNT` (JSON
//! `{bank_name, branch_name, account_type, account_number, account_holder, due_days}`), and the
//! due date counted from the order day (Japan). A shop that never saved one has no account:
//! 銀行振込 is then not offered (`payments::methods`), and no built-in account is ever shown to
//! a customer (docs/contracts/settings-bank-account.md).
use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use time::{Duration, OffsetDateTime, UtcOffset};

pub const SETTING: &str = "ORDER.BANK_ACCOUNT";
/// Days after the order day by which the transfer is due, unless the setting says otherwise.
pub const DEFAULT_DUE_DAYS: i64 = 7;

/// The account as an order shows it, with the order's due date.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct BankAccount {
    pub bank_name: String,
    pub branch_name: String,
    /// 普通 or 当座.
    pub account_type: String,
    pub account_number: String,
    /// In katakana, as the bank shows it (`カ）ライドパーツ`).
    pub account_holder: String,
    /// `YYYY-MM-DD` (Japan).
    pub due_date: String,
}

/// The setting as stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct StoredBankAccount {
    pub bank_name: String,
    pub branch_name: String,
    pub account_type: String,
    pub account_number: String,
    pub account_holder: String,
    #[serde(default = "default_due_days")]
    pub due_days: i64,
}

fn default_due_days() -> i64 {
    DEFAULT_DUE_DAYS
}

impl StoredBankAccount {
    /// The stored JSON, or none when never saved or unreadable (then nothing is shown).
    pub fn parse(raw: Option<&str>) -> Option<StoredBankAccount> {
        raw.and_then(|raw| serde_json::from_str(raw).ok())
    }

    pub fn from_settings(settings: &HashMap<String, String>) -> Option<StoredBankAccount> {
        Self::parse(settings.get(SETTING).map(String::as_str))
    }
}

/// The account for an order placed at `ordered_at_ms`, from the channel's stored settings
/// (key → JSON); none when the shop has no account.
pub fn bank_account(settings: &HashMap<String, String>, ordered_at_ms: i64) -> Option<BankAccount> {
    let stored = StoredBankAccount::from_settings(settings)?;
    Some(BankAccount {
        due_date: due_date_text(settings, ordered_at_ms),
        bank_name: stored.bank_name,
        branch_name: stored.branch_name,
        account_type: stored.account_type,
        account_number: stored.account_number,
        account_holder: stored.account_holder,
    })
}

/// The last day to pay an order placed at `ordered_at_ms`, `YYYY-MM-DD` (Japan).
pub fn due_date_text(settings: &HashMap<String, String>, ordered_at_ms: i64) -> String {
    let due = due_date(due_days(settings), ordered_at_ms);
    format!("{:04}-{:02}-{:02}", due.year(), u8::from(due.month()), due.day())
}

fn due_days(settings: &HashMap<String, String>) -> i64 {
    StoredBankAccount::from_settings(settings).map_or(DEFAULT_DUE_DAYS, |stored| stored.due_days)
}

fn jst() -> UtcOffset {
    UtcOffset::from_hms(9, 0, 0).expect("valid offset")
}

fn due_date(due_days: i64, ordered_at_ms: i64) -> time::Date {
    let ordered =
        OffsetDateTime::from_unix_timestamp_nanos(i128::from(ordered_at_ms) * 1_000_000).unwrap_or(OffsetDateTime::UNIX_EPOCH).to_offset(jst()).date();
    ordered + Duration::days(due_days.clamp(0, 365))
}

/// The end of the transfer's last day (the next day's 0:00 in Japan), in ms: the order desk's
/// 入金期限切れ starts there.
pub fn due_at_ms(settings: &HashMap<String, String>, ordered_at_ms: i64) -> i64 {
    let next_day = due_date(due_days(settings), ordered_at_ms) + Duration::days(1);
    (next_day.midnight().assume_offset(jst()).unix_timestamp_nanos() / 1_000_000) as i64
}

#[cfg(test)]
mod tests {
    use super::*;

    const DEMO: &str = r#"{"bank_name":"ライド銀行","branch_name":"渋谷支店","account_type":"普通","account_number":"1234567","account_holder":"カ）ライドパーツ","due_days":7}"#;

    fn settings(json: &str) -> HashMap<String, String> {
        HashMap::from([(SETTING.to_owned(), json.to_owned())])
    }

    #[test]
    fn the_account_is_due_a_week_after_the_japanese_order_day() {
        // 2026-11-22 16:00 UTC is already 11-23 in Japan.
        let account = bank_account(&settings(DEMO), 1_795_363_200_000).unwrap();
        assert_eq!(account.bank_name, "ライド銀行");
        assert_eq!(account.account_holder, "カ）ライドパーツ");
        assert_eq!(account.due_date, "2026-11-30");
        // 2026-12-01 00:00 in Japan.
        assert_eq!(due_at_ms(&settings(DEMO), 1_795_363_200_000), 1_796_050_800_000);
    }

    #[test]
    fn a_shop_without_a_saved_account_shows_none_rather_than_a_made_up_one() {
        assert_eq!(bank_account(&HashMap::new(), 0), None);
        assert_eq!(bank_account(&settings(r#"{"bank_name":"つなぐ銀行","due_days":14}"#), 0), None, "half an account is no account");
        assert_eq!(bank_account(&settings("not json"), 0), None);
    }

    #[test]
    fn the_due_days_count_from_the_setting() {
        let fortnight = DEMO.replace(r#""due_days":7"#, r#""due_days":14"#);
        assert_eq!(bank_account(&settings(&fortnight), 0).unwrap().due_date, "1970-01-15");
        let unset = DEMO.replace(r#","due_days":7"#, "");
        assert_eq!(bank_account(&settings(&unset), 0).unwrap().due_date, "1970-01-08", "a week when the setting has no days");
    }
}
