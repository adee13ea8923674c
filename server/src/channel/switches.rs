//! ご利用設定's rules (docs/contracts/settings-store.md): the switches spec 000 §3 names
//! (selling stopped, several delivery addresses, member-only checks) and the login's safety
//! settings, with the defaults `/v1/settings/front` gives a key never stored.
use serde_json::{Value, json};

use super::settings_group::SettingsGroup;
use crate::infra::error::ApiError;
use crate::validation::FieldCheck;

pub const MULTIPLE_SHIPPING: &str = "ORDER.SHIPPING.IS_ALLOW_MULTIPLE";
pub const STOP_SELLING_IS_USE: &str = "PLUGIN.TEMPORARY_STOP_SELLING.IS_USE";
pub const STOP_SELLING_IS_SELLING: &str = "PLUGIN.TEMPORARY_STOP_SELLING.IS_SELLING";
pub const NO_MEMBER_USE: &str = "NO_MEMBER_USE";
pub const VERIFY_EMAIL: &str = "AUTH.IS_VERIFY_EMAIL_AT_FIRST_LOGIN";
pub const IS_MFA: &str = "AUTH.IS_MFA";
pub const PASSWORD_EXPIRE_DAYS: &str = "AUTH.PASSWORD_EXPIRE_DAYS";
pub const ADDRESS_LIMIT: &str = "MEMBER.ADDRESS_LIMIT";
/// The keys ご利用設定 edits, as one group.
pub const KEYS: &[&str] =
    &[MULTIPLE_SHIPPING, STOP_SELLING_IS_USE, STOP_SELLING_IS_SELLING, NO_MEMBER_USE, VERIFY_EMAIL, IS_MFA, PASSWORD_EXPIRE_DAYS, ADDRESS_LIMIT];

pub const EXPIRE_DAYS_RANGE: std::ops::RangeInclusive<i64> = 30..=3650;
pub const ADDRESS_LIMIT_RANGE: std::ops::RangeInclusive<i64> = 1..=100;
/// `/v1/settings/front`'s default for MEMBER.ADDRESS_LIMIT.
pub const DEFAULT_ADDRESS_LIMIT: i64 = 20;
const CHOOSE_MESSAGE: &str = "選択してください。";
const EXPIRE_MESSAGE: &str = "パスワードの有効期限は30日から3650日までの日数で入力してください（期限なしは空欄）。";
const ADDRESS_LIMIT_MESSAGE: &str = "登録できるお届け先の数は1から100までで入力してください。";

/// ご利用設定 as stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Switches {
    pub allow_multiple_shipping: bool,
    pub stop_selling_is_use: bool,
    pub stop_selling_is_selling: bool,
    pub no_member_use: bool,
    pub verify_email_at_first_login: bool,
    pub is_mfa: bool,
    /// None: passwords never expire.
    pub password_expire_days: Option<i64>,
    pub address_limit: i64,
}

impl Switches {
    /// The group's values over `/v1/settings/front`'s defaults.
    pub fn of(group: &SettingsGroup) -> Self {
        Switches {
            allow_multiple_shipping: group.value(MULTIPLE_SHIPPING, false),
            stop_selling_is_use: group.value(STOP_SELLING_IS_USE, false),
            stop_selling_is_selling: group.value(STOP_SELLING_IS_SELLING, true),
            no_member_use: group.value(NO_MEMBER_USE, false),
            verify_email_at_first_login: group.value(VERIFY_EMAIL, false),
            is_mfa: group.value(IS_MFA, false),
            password_expire_days: group.value(PASSWORD_EXPIRE_DAYS, None),
            address_limit: group.value(ADDRESS_LIMIT, DEFAULT_ADDRESS_LIMIT),
        }
    }

    /// The values a save writes, key by key.
    pub fn entries(&self) -> Vec<(&'static str, Value)> {
        vec![
            (MULTIPLE_SHIPPING, json!(self.allow_multiple_shipping)),
            (STOP_SELLING_IS_USE, json!(self.stop_selling_is_use)),
            (STOP_SELLING_IS_SELLING, json!(self.stop_selling_is_selling)),
            (NO_MEMBER_USE, json!(self.no_member_use)),
            (VERIFY_EMAIL, json!(self.verify_email_at_first_login)),
            (IS_MFA, json!(self.is_mfa)),
            (PASSWORD_EXPIRE_DAYS, json!(self.password_expire_days)),
            (ADDRESS_LIMIT, json!(self.address_limit)),
        ]
    }
}

/// The form as sent: every switch may be missing or of the wrong type (a 422, never a default).
#[derive(Debug, Default)]
pub struct SwitchesForm {
    pub allow_multiple_shipping: Option<bool>,
    pub stop_selling_is_use: Option<bool>,
    pub stop_selling_is_selling: Option<bool>,
    pub no_member_use: Option<bool>,
    pub verify_email_at_first_login: Option<bool>,
    pub is_mfa: Option<bool>,
    pub password_expire_days: Option<i64>,
    pub address_limit: Option<i64>,
}

/// The form checked: the switches to store, or every field's message.
pub fn check(form: &SwitchesForm) -> Result<Switches, ApiError> {
    let mut check = FieldCheck::default();
    let mut chosen = |name: &str, value: Option<bool>| {
        check.field(name, value.map(|_| ()).ok_or(CHOOSE_MESSAGE));
        value.unwrap_or_default()
    };
    let switches = Switches {
        allow_multiple_shipping: chosen("allow_multiple_shipping", form.allow_multiple_shipping),
        stop_selling_is_use: chosen("stop_selling_is_use", form.stop_selling_is_use),
        stop_selling_is_selling: chosen("stop_selling_is_selling", form.stop_selling_is_selling),
        no_member_use: chosen("no_member_use", form.no_member_use),
        verify_email_at_first_login: chosen("verify_email_at_first_login", form.verify_email_at_first_login),
        is_mfa: chosen("is_mfa", form.is_mfa),
        password_expire_days: form.password_expire_days,
        address_limit: form.address_limit.unwrap_or_default(),
    };
    let days_ok = form.password_expire_days.is_none_or(|days| EXPIRE_DAYS_RANGE.contains(&days));
    check.field("password_expire_days", if days_ok { Ok(()) } else { Err(EXPIRE_MESSAGE) });
    let limit_ok = form.address_limit.is_some_and(|limit| ADDRESS_LIMIT_RANGE.contains(&limit));
    check.field("address_limit", if limit_ok { Ok(()) } else { Err(ADDRESS_LIMIT_MESSAGE) });
    check.finish()?;
    Ok(switches)
}

/// `ご利用設定: 一時販売停止 使わない→使う, 販売中 はい→いいえ` (only what changed).
pub fn describe_change(before: &Switches, after: &Switches) -> String {
    let yes_no = |on: bool| if on { "はい" } else { "いいえ" };
    let use_or_not = |on: bool| if on { "使う" } else { "使わない" };
    let days = |days: Option<i64>| days.map_or("期限なし".to_owned(), |days| format!("{days}日"));
    let mut parts = Vec::new();
    let mut flag = |label: &str, old: bool, new: bool, word: &dyn Fn(bool) -> &'static str| {
        if old != new {
            parts.push(format!("{label} {}→{}", word(old), word(new)));
        }
    };
    flag("一時販売停止", before.stop_selling_is_use, after.stop_selling_is_use, &use_or_not);
    flag("販売中", before.stop_selling_is_selling, after.stop_selling_is_selling, &yes_no);
    flag("複数お届け先", before.allow_multiple_shipping, after.allow_multiple_shipping, &use_or_not);
    flag("会員限定の確認なし", before.no_member_use, after.no_member_use, &yes_no);
    flag("初回ログイン時のメール確認", before.verify_email_at_first_login, after.verify_email_at_first_login, &yes_no);
    flag("2段階認証", before.is_mfa, after.is_mfa, &use_or_not);
    if before.password_expire_days != after.password_expire_days {
        parts.push(format!("パスワードの有効期限 {}→{}", days(before.password_expire_days), days(after.password_expire_days)));
    }
    if before.address_limit != after.address_limit {
        parts.push(format!("お届け先の登録数 {}→{}", before.address_limit, after.address_limit));
    }
    if parts.is_empty() { "ご利用設定: 変更なし".to_owned() } else { format!("ご利用設定: {}", parts.join(", ")) }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::channel::store::VersionedSetting;
    use crate::infra::error::FieldErrors;

    fn form() -> SwitchesForm {
        SwitchesForm {
            allow_multiple_shipping: Some(true),
            stop_selling_is_use: Some(false),
            stop_selling_is_selling: Some(true),
            no_member_use: Some(false),
            verify_email_at_first_login: Some(false),
            is_mfa: Some(false),
            password_expire_days: None,
            address_limit: Some(20),
        }
    }

    fn refused(form: &SwitchesForm) -> FieldErrors {
        match check(form) {
            Err(ApiError::Invalid(errors)) => errors,
            other => panic!("expected field errors, got {other:?}"),
        }
    }

    #[test]
    fn a_key_never_stored_reads_as_the_storefronts_default() {
        let switches = Switches::of(&SettingsGroup::from_stored(KEYS, HashMap::new()));
        assert!(!switches.stop_selling_is_use);
        assert!(switches.stop_selling_is_selling);
        assert_eq!(switches.address_limit, DEFAULT_ADDRESS_LIMIT);
        assert_eq!(switches.password_expire_days, None);
        let stored = [
            (STOP_SELLING_IS_USE.to_owned(), VersionedSetting { value: Some("true".into()), version: 1 }),
            (STOP_SELLING_IS_SELLING.to_owned(), VersionedSetting { value: Some("false".into()), version: 1 }),
        ];
        let stopped = Switches::of(&SettingsGroup::from_stored(KEYS, stored.into()));
        assert!(stopped.stop_selling_is_use && !stopped.stop_selling_is_selling);
    }

    #[test]
    fn every_switch_must_be_chosen_and_the_numbers_in_range() {
        assert!(check(&form()).is_ok());
        assert_eq!(check(&SwitchesForm { password_expire_days: Some(90), ..form() }).unwrap().password_expire_days, Some(90));
        let errors = refused(&SwitchesForm { is_mfa: None, password_expire_days: Some(7), address_limit: Some(0), ..form() });
        assert_eq!(errors["is_mfa"], vec![CHOOSE_MESSAGE]);
        assert_eq!(errors["password_expire_days"], vec![EXPIRE_MESSAGE]);
        assert_eq!(errors["address_limit"], vec![ADDRESS_LIMIT_MESSAGE]);
        assert_eq!(refused(&SwitchesForm { address_limit: None, ..form() }).len(), 1);
        assert_eq!(refused(&SwitchesForm { password_expire_days: Some(3651), address_limit: Some(101), ..form() }).len(), 2);
    }

    #[test]
    fn the_audit_line_names_what_changed_before_and_after() {
        let before = check(&form()).unwrap();
        let after = Switches { stop_selling_is_use: true, stop_selling_is_selling: false, password_expire_days: Some(90), ..before };
        assert_eq!(describe_change(&before, &after), "ご利用設定: 一時販売停止 使わない→使う, 販売中 はい→いいえ, パスワードの有効期限 期限なし→90日");
        assert_eq!(describe_change(&before, &before), "ご利用設定: 変更なし");
    }
}
