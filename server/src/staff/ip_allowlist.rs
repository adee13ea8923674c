//! The back office's IP allow-list (IPアドレス制限, issue 33): an owner may name the addresses
//! and networks the shop's staff work from; then every back-office request from elsewhere —
//! the login's steps, an enrolment link, every desk — is refused with 403, even with a valid
//! session or password. An empty list restricts nothing. The list is the channel setting
//! [`SETTING`] (a JSON array of `203.0.113.7` or `203.0.113.0/24`), read from the database at
//! each back-office request, so a save holds on every instance at once. A list that leaves out
//! the owner's own address is refused when saved: nobody locks themselves out by a typo.
use std::net::IpAddr;

use axum::http::StatusCode;
use ipnet::IpNet;

use crate::channel::Channel;
use crate::infra::error::{ApiError, ApiResult, FieldErrors};
use crate::state::AppState;

pub const SETTING: &str = "ADMIN.IP_ALLOWLIST";
pub const MAX_ENTRIES: usize = 50;
pub const DENIED_CODE: &str = "staff.ip_denied";
pub const DENIED_MESSAGE: &str = "この接続元（IPアドレス）からは管理画面を利用できません。お店のオーナーにご確認ください。";
const ENTRY_MESSAGE: &str = "IPアドレスまたはCIDR（例：203.0.113.0/24）で入力してください。";

/// One entry: an address (a /32 or /128) or a network.
fn parse_entry(text: &str) -> Option<IpNet> {
    let text = text.trim();
    text.parse::<IpNet>().ok().map(|net| net.trunc()).or_else(|| text.parse::<IpAddr>().ok().map(IpNet::from))
}

/// The stored list (entries that no longer parse are dropped: the save checked them).
pub fn stored_entries(raw: Option<&str>) -> Vec<String> {
    raw.and_then(|raw| serde_json::from_str::<Vec<String>>(raw).ok()).unwrap_or_default()
}

/// Whether `ip` (the request's source, `unknown` when there is none) may reach the back office
/// under `entries`. An empty list allows everyone.
pub fn allows(entries: &[String], ip: &str) -> bool {
    if entries.is_empty() {
        return true;
    }
    let Ok(ip) = ip.parse::<IpAddr>() else { return false };
    // An IPv4 client reached over IPv6 (::ffff:a.b.c.d) is that IPv4 client.
    let ip = match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        v4 => v4,
    };
    entries.iter().filter_map(|entry| parse_entry(entry)).any(|net| net.contains(&ip))
}

/// The list as the owner typed it, each entry normalised (`203.0.113.5/24` → `203.0.113.0/24`,
/// an address without a prefix as it is), empty lines dropped, duplicates kept once; or every
/// line's message, and the whole list's when it would lock out `current_ip`.
pub fn check(lines: &[String], current_ip: &str) -> Result<Vec<String>, FieldErrors> {
    let mut errors = FieldErrors::new();
    let mut entries: Vec<String> = Vec::new();
    for (index, line) in lines.iter().enumerate() {
        let text = line.trim();
        if text.is_empty() {
            continue;
        }
        match parse_entry(text) {
            Some(net) => {
                let shown = if text.contains('/') { net.to_string() } else { net.addr().to_string() };
                if !entries.contains(&shown) {
                    entries.push(shown);
                }
            }
            None => {
                errors.insert(format!("entries.{index}"), vec![ENTRY_MESSAGE.to_owned()]);
            }
        }
    }
    if entries.len() > MAX_ENTRIES {
        errors.insert("entries".into(), vec![format!("登録できるのは{MAX_ENTRIES}件までです。")]);
    }
    if errors.is_empty() && !allows(&entries, current_ip) {
        errors.insert(
            "entries".into(),
            vec![format!("いまお使いの接続元（{current_ip}）が含まれていないため、保存すると管理画面に入れなくなります。この接続元を加えてください。")],
        );
    }
    if errors.is_empty() { Ok(entries) } else { Err(errors) }
}

/// 403 `staff.ip_denied` when the shop has a list and `ip` is not on it.
pub async fn enforce(state: &AppState, channel: &Channel, ip: &str) -> ApiResult<()> {
    let stored = crate::channel::store::find_versioned_setting(&state.db, &channel.id, SETTING).await?;
    if allows(&stored_entries(stored.value.as_deref()), ip) {
        Ok(())
    } else {
        tracing::warn!(channel = %channel.code, ip, "a back-office request from outside the shop's IP allow-list was refused");
        Err(ApiError::rule_with(StatusCode::FORBIDDEN, DENIED_CODE, DENIED_MESSAGE))
    }
}

/// `IPアドレス制限: なし→203.0.113.0/24, 198.51.100.7`.
pub fn describe_change(before: &[String], after: &[String]) -> String {
    let shown = |entries: &[String]| if entries.is_empty() { "なし".to_owned() } else { entries.join(", ") };
    if before == after { "IPアドレス制限: 変更なし".to_owned() } else { format!("IPアドレス制限: {}→{}", shown(before), shown(after)) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(entries: &[&str]) -> Vec<String> {
        entries.iter().map(|e| (*e).to_owned()).collect()
    }

    #[test]
    fn an_empty_list_allows_everyone_and_a_list_only_its_addresses() {
        assert!(allows(&[], "198.51.100.1"));
        assert!(allows(&[], "unknown"));
        let office = list(&["203.0.113.0/24", "198.51.100.7", "2001:db8::/32"]);
        assert!(allows(&office, "203.0.113.200"));
        assert!(allows(&office, "198.51.100.7"));
        assert!(allows(&office, "::ffff:203.0.113.9"), "an IPv4 client seen over IPv6");
        assert!(allows(&office, "2001:db8:1::5"));
        assert!(!allows(&office, "198.51.100.8"));
        assert!(!allows(&office, "unknown"), "a request without a source is not on any list");
    }

    #[test]
    fn lines_are_checked_normalised_and_must_keep_the_owner_in() {
        let saved = check(&list(&[" 203.0.113.5/24 ", "", "198.51.100.7", "198.51.100.7"]), "198.51.100.7").unwrap();
        assert_eq!(saved, ["203.0.113.0/24", "198.51.100.7"]);
        assert_eq!(check(&[], "unknown").unwrap(), Vec::<String>::new(), "an empty list restricts nothing");
        let errors = check(&list(&["203.0.113.0/24", "office", "10.0.0.0/33"]), "203.0.113.1").unwrap_err();
        assert_eq!(errors["entries.1"], [ENTRY_MESSAGE]);
        assert_eq!(errors["entries.2"], [ENTRY_MESSAGE]);
        let locked_out = check(&list(&["203.0.113.0/24"]), "198.51.100.1").unwrap_err();
        assert!(locked_out["entries"][0].contains("198.51.100.1"), "{locked_out:?}");
        let many: Vec<String> = (0..=MAX_ENTRIES).map(|i| format!("10.0.{i}.1")).collect();
        assert_eq!(check(&many, "10.0.0.1").unwrap_err()["entries"], ["登録できるのは50件までです。"]);
    }

    #[test]
    fn the_change_reads_before_and_after() {
        assert_eq!(describe_change(&[], &list(&["203.0.113.0/24"])), "IPアドレス制限: なし→203.0.113.0/24");
        assert_eq!(describe_change(&list(&["a"]), &[]), "IPアドレス制限: a→なし");
        assert_eq!(describe_change(&list(&["a"]), &list(&["a"])), "IPアドレス制限: 変更なし");
    }
}
