//! Where a bank-transfer order is paid: the channel setting `ORDER.BANK_ACCOUNT` (JSON
//! `{bank_name, branch_name, account_type, account_number, account_holder, due_days}`), with the
//! demo shop's account as the default, and the due date counted from the order day (Japan).
use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use time::{Duration, OffsetDateTime, UtcOffset};

pub const SETTING: &str = "ORDER.BANK_ACCOUNT";
/// Days after the order day by which the transfer is due, unless the setting says otherwise.
pub const DEFAULT_DUE_DAYS: i64 = 7;

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

#[derive(Debug, Deserialize)]
#[serde(default)]
struct Stored {
    bank_name: String,
    branch_name: String,
    account_type: String,
    account_number: String,
    account_holder: String,
    due_days: i64,
}

impl Default for Stored {
    fn default() -> Self {
        Stored {
            bank_name: "ライド銀行".into(),
            branch_name: "渋谷支店".into(),
            account_type: "普通".into(),
            account_number: "1234567".into(),
            account_holder: "カ）ライドパーツ".into(),
            due_days: DEFAULT_DUE_DAYS,
        }
    }
}

/// The account for an order placed at `ordered_at_ms`, from the channel's stored settings
/// (key → JSON); a missing or unreadable setting gives the demo account.
pub fn bank_account(settings: &HashMap<String, String>, ordered_at_ms: i64) -> BankAccount {
    let stored = stored(settings);
    let due = due_date(&stored, ordered_at_ms);
    BankAccount {
        bank_name: stored.bank_name,
        branch_name: stored.branch_name,
        account_type: stored.account_type,
        account_number: stored.account_number,
        account_holder: stored.account_holder,
        due_date: format!("{:04}-{:02}-{:02}", due.year(), u8::from(due.month()), due.day()),
    }
}

fn stored(settings: &HashMap<String, String>) -> Stored {
    settings.get(SETTING).and_then(|raw| serde_json::from_str(raw).ok()).unwrap_or_default()
}

fn jst() -> UtcOffset {
    UtcOffset::from_hms(9, 0, 0).expect("valid offset")
}

fn due_date(stored: &Stored, ordered_at_ms: i64) -> time::Date {
    let ordered =
        OffsetDateTime::from_unix_timestamp_nanos(i128::from(ordered_at_ms) * 1_000_000).unwrap_or(OffsetDateTime::UNIX_EPOCH).to_offset(jst()).date();
    ordered + Duration::days(stored.due_days.clamp(0, 365))
}

/// The end of the transfer's last day (the next day's 0:00 in Japan), in ms: the order desk's
/// 入金期限切れ starts there.
pub fn due_at_ms(settings: &HashMap<String, String>, ordered_at_ms: i64) -> i64 {
    let next_day = due_date(&stored(settings), ordered_at_ms) + Duration::days(1);
    (next_day.midnight().assume_offset(jst()).unix_timestamp_nanos() / 1_000_000) as i64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_a_setting_the_demo_account_is_due_a_week_after_the_japanese_order_day() {
        // 2026-11-22 16:00 UTC is already 11-23 in Japan.
        let account = bank_account(&HashMap::new(), 1_795_363_200_000);
        assert_eq!(account.bank_name, "ライド銀行");
        assert_eq!(account.account_holder, "カ）ライドパーツ");
        assert_eq!(account.due_date, "2026-11-30");
        // 2026-12-01 00:00 in Japan.
        assert_eq!(due_at_ms(&HashMap::new(), 1_795_363_200_000), 1_796_050_800_000);
    }

    #[test]
    fn the_setting_replaces_the_fields_it_names() {
        let settings = HashMap::from([(SETTING.to_owned(), r#"{"bank_name":"つなぐ銀行","due_days":14}"#.to_owned())]);
        let account = bank_account(&settings, 0);
        assert_eq!((account.bank_name.as_str(), account.branch_name.as_str()), ("つなぐ銀行", "渋谷支店"));
        assert_eq!(account.due_date, "1970-01-15");
    }
}
