//! Settings keys a screen edits together (docs/contracts/settings-store.md, "Versions of a
//! group"). The group's version is the sum of its keys' versions: a save writes only the keys
//! whose value changed, each write adds one to its key's version, so any save since a screen read
//! the group changes the sum, and the save checks every key it writes inside its transaction.
use std::collections::HashMap;

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::store::{self, VersionedSetting};
use crate::infra::db::{Db, Tx};
use crate::infra::ids::ChannelId;

/// The stored values and versions of a group's keys (a key never stored: none, version 0).
#[derive(Debug, Clone)]
pub struct SettingsGroup {
    keys: &'static [&'static str],
    stored: HashMap<String, VersionedSetting>,
}

/// One key's new value, as JSON.
pub struct Change {
    pub key: &'static str,
    pub json: String,
}

impl SettingsGroup {
    pub async fn load(db: &Db, channel_id: &ChannelId, keys: &'static [&'static str]) -> sqlx::Result<Self> {
        let mut all = store::list_versioned_settings(db, channel_id).await?;
        let stored = keys.iter().filter_map(|key| all.remove(*key).map(|setting| ((*key).to_owned(), setting))).collect();
        Ok(SettingsGroup { keys, stored })
    }

    #[cfg(test)]
    pub fn from_stored(keys: &'static [&'static str], stored: HashMap<String, VersionedSetting>) -> Self {
        SettingsGroup { keys, stored }
    }

    /// What a screen shows as the group's version.
    pub fn version(&self) -> i64 {
        self.keys.iter().map(|key| self.stored.get(*key).map_or(0, |setting| setting.version)).sum()
    }

    /// A key's value, or `default` when never stored or of the wrong type (as the storefront reads it).
    pub fn value<T: DeserializeOwned>(&self, key: &str, default: T) -> T {
        self.stored.get(key).and_then(|setting| setting.value.as_deref()).and_then(|raw| serde_json::from_str(raw).ok()).unwrap_or(default)
    }

    /// The changes a save makes: the keys whose value differs between the form as the screen
    /// showed it (stored values over their defaults) and as sent, so that saving an unchanged form
    /// writes nothing, not even a default never stored.
    pub fn changes<T: Serialize + PartialEq>(before: &[(&'static str, T)], after: &[(&'static str, T)]) -> Vec<Change> {
        after
            .iter()
            .filter(|(key, value)| !before.iter().any(|(old_key, old)| old_key == key && old == value))
            .map(|(key, value)| Change { key, json: serde_json::to_string(value).expect("a setting serialises") })
            .collect()
    }

    /// Writes `changes` if every key written is still at the version this group read; false
    /// (the caller rolls back) when another save came first.
    pub async fn save(&self, tx: &mut Tx, channel_id: &ChannelId, changes: &[Change]) -> sqlx::Result<bool> {
        for change in changes {
            let version = self.stored.get(change.key).map_or(0, |setting| setting.version);
            if !store::put_versioned_setting(tx, channel_id, change.key, &change.json, version).await? {
                return Ok(false);
            }
        }
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEYS: &[&str] = &["A", "B"];

    fn group(entries: &[(&str, &str, i64)]) -> SettingsGroup {
        let stored =
            entries.iter().map(|(key, value, version)| ((*key).to_owned(), VersionedSetting { value: Some((*value).to_owned()), version: *version })).collect();
        SettingsGroup::from_stored(KEYS, stored)
    }

    #[test]
    fn the_version_sums_the_keys_and_counts_a_missing_one_as_0() {
        assert_eq!(group(&[]).version(), 0);
        assert_eq!(group(&[("A", "1", 3)]).version(), 3);
        assert_eq!(group(&[("A", "1", 3), ("B", "true", 2), ("C", "9", 40)]).version(), 5);
    }

    #[test]
    fn only_the_values_that_differ_from_the_shown_form_are_written() {
        let before = [("A", serde_json::json!("x")), ("B", serde_json::json!(true))];
        let changes = SettingsGroup::changes(&before, &[("A", serde_json::json!("x")), ("B", serde_json::json!(false))]);
        assert_eq!(changes.iter().map(|change| (change.key, change.json.as_str())).collect::<Vec<_>>(), vec![("B", "false")]);
        assert!(SettingsGroup::changes(&before, &before).is_empty(), "an unchanged form writes nothing");
    }

    #[test]
    fn a_value_of_the_wrong_type_reads_as_the_default() {
        let group = group(&[("A", "\"text\"", 1)]);
        assert_eq!(group.value("A", 7_i64), 7);
        assert_eq!(group.value("A", String::new()), "text");
        assert!(group.value("B", true));
    }
}
