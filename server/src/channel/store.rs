//! Every SQL statement of the channel feature.
use crate::infra::ids::ChannelId;
use std::collections::HashMap;

use sqlx::Row;

use super::{Channel, ChannelRecord};
use crate::infra::db::{Db, Tx};

const CHANNEL_COLUMNS: &str = "c.id, c.code, c.name, c.theme, c.tenant, c.company_code, \
     c.maintenance_on, c.maintenance_title, c.maintenance_message";

pub async fn find_channel_by_code(db: &Db, code: &str) -> sqlx::Result<Option<Channel>> {
    sqlx::query_as::<_, ChannelRecord>(sqlx::AssertSqlSafe(format!("SELECT {CHANNEL_COLUMNS} FROM channels c WHERE c.code = $1")))
        .bind(code)
        .fetch_optional(&db.pool)
        .await
        .map(|found| found.map(Channel::from))
}

pub async fn find_channel_by_id(db: &Db, id: &str) -> sqlx::Result<Option<Channel>> {
    sqlx::query_as::<_, ChannelRecord>(sqlx::AssertSqlSafe(format!("SELECT {CHANNEL_COLUMNS} FROM channels c WHERE c.id = $1")))
        .bind(id)
        .fetch_optional(&db.pool)
        .await
        .map(|found| found.map(Channel::from))
}

/// The storefront's address for mails sent outside a request (a background job's): the
/// shop's first host, `https://` unless it is this machine. None: the shop has no host.
pub async fn find_storefront_origin(db: &Db, channel_id: &ChannelId) -> sqlx::Result<Option<String>> {
    let host: Option<String> =
        sqlx::query_scalar("SELECT host FROM channel_hosts WHERE channel_id = $1 ORDER BY host LIMIT 1").bind(channel_id).fetch_optional(&db.pool).await?;
    Ok(host.map(|host| {
        let local = host.starts_with("localhost") || host.starts_with("127.") || host.starts_with("[::1]");
        format!("{}://{host}", if local { "http" } else { "https" })
    }))
}

pub async fn find_channel_by_host(db: &Db, host: &str) -> sqlx::Result<Option<Channel>> {
    sqlx::query_as::<_, ChannelRecord>(sqlx::AssertSqlSafe(format!(
        "SELECT {CHANNEL_COLUMNS} FROM channels c JOIN channel_hosts h ON h.channel_id = c.id WHERE h.host = $1"
    )))
    .bind(host)
    .fetch_optional(&db.pool)
    .await
    .map(|found| found.map(Channel::from))
}

/// Setting key → JSON-encoded value.
pub async fn list_settings(db: &Db, channel_id: &ChannelId) -> sqlx::Result<HashMap<String, String>> {
    let rows = sqlx::query("SELECT setting_key, setting_value FROM channel_settings WHERE channel_id = $1").bind(channel_id).fetch_all(&db.pool).await?;
    rows.into_iter().map(|row| Ok((row.try_get(0)?, row.try_get(1)?))).collect()
}

/// One setting as the settings desk edits it: its JSON and its version (0: never stored, the
/// built-in default applies).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VersionedSetting {
    pub value: Option<String>,
    pub version: i64,
}

pub async fn find_versioned_setting(db: &Db, channel_id: &ChannelId, key: &str) -> sqlx::Result<VersionedSetting> {
    let row = sqlx::query("SELECT setting_value, version FROM channel_settings WHERE channel_id = $1 AND setting_key = $2")
        .bind(channel_id)
        .bind(key)
        .fetch_optional(&db.pool)
        .await?;
    Ok(match row {
        Some(row) => VersionedSetting { value: Some(row.try_get(0)?), version: row.try_get(1)? },
        None => VersionedSetting { value: None, version: 0 },
    })
}

/// Every stored setting of the channel with its version (a settings screen's group picks its keys).
pub async fn list_versioned_settings(db: &Db, channel_id: &ChannelId) -> sqlx::Result<HashMap<String, VersionedSetting>> {
    let rows =
        sqlx::query("SELECT setting_key, setting_value, version FROM channel_settings WHERE channel_id = $1").bind(channel_id).fetch_all(&db.pool).await?;
    rows.into_iter().map(|row| Ok((row.try_get(0)?, VersionedSetting { value: Some(row.try_get(1)?), version: row.try_get(2)? }))).collect()
}

/// The channel's name (`SITE.NAME` mirrored): the page titles the server writes into the HTML use it.
pub async fn rename_channel(tx: &mut Tx, channel_id: &ChannelId, name: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE channels SET name = $1 WHERE id = $2").bind(name).bind(channel_id).execute(&mut **tx).await?;
    Ok(())
}

/// Stores `value` if the setting is still at `version` (0: never stored); false when another
/// save came first. The caller's transaction also holds its audit entry.
pub async fn put_versioned_setting(tx: &mut Tx, channel_id: &ChannelId, key: &str, value: &str, version: i64) -> sqlx::Result<bool> {
    let written = if version == 0 {
        sqlx::query(
            "INSERT INTO channel_settings (channel_id, setting_key, setting_value, version) VALUES ($1, $2, $3, 1) \
             ON CONFLICT (channel_id, setting_key) DO NOTHING",
        )
        .bind(channel_id)
        .bind(key)
        .bind(value)
        .execute(&mut **tx)
        .await?
    } else {
        sqlx::query("UPDATE channel_settings SET setting_value = $1, version = version + 1 WHERE channel_id = $2 AND setting_key = $3 AND version = $4")
            .bind(value)
            .bind(channel_id)
            .bind(key)
            .bind(version)
            .execute(&mut **tx)
            .await?
    };
    Ok(written.rows_affected() == 1)
}

#[derive(Debug, sqlx::FromRow)]
pub struct ColorSchemeRow {
    pub id: String,
    pub name: String,
    pub colors: String,
}

pub async fn find_selected_color_scheme(db: &Db, channel_id: &ChannelId) -> sqlx::Result<Option<ColorSchemeRow>> {
    sqlx::query_as::<_, ColorSchemeRow>("SELECT id, name, colors FROM color_schemes WHERE channel_id = $1 AND is_selected = 1 LIMIT 1")
        .bind(channel_id)
        .fetch_optional(&db.pool)
        .await
}

/// Returns false when no channel has that code.
pub async fn update_maintenance(db: &Db, code: &str, on: bool, title: &str, message: &str) -> sqlx::Result<bool> {
    let mut tx = db.begin_write().await?;
    let result = sqlx::query(
        "UPDATE channels SET maintenance_on = $1, maintenance_title = $2, maintenance_message = $3, \
                maintenance_version = maintenance_version + 1 WHERE code = $4",
    )
    .bind(i64::from(on))
    .bind(title)
    .bind(message)
    .bind(code)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(result.rows_affected() == 1)
}

pub async fn count_channels(db: &Db) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COUNT(*) FROM channels").fetch_one(&db.pool).await
}

/// Every channel's code, name and host names (comma separated), by code: `shop channel list`.
pub async fn list_channels_with_hosts(db: &Db) -> sqlx::Result<Vec<(String, String, String)>> {
    let rows: Vec<(String, String, Option<String>)> =
        sqlx::query_as("SELECT c.code, c.name, h.host FROM channels c LEFT JOIN channel_hosts h ON h.channel_id = c.id ORDER BY c.code, h.host")
            .fetch_all(&db.pool)
            .await?;
    let mut listed: Vec<(String, String, String)> = Vec::new();
    for (code, name, host) in rows {
        let host = host.unwrap_or_default();
        match listed.last_mut() {
            Some(last) if last.0 == code => {
                last.2.push_str(", ");
                last.2.push_str(&host);
            }
            _ => listed.push((code, name, host)),
        }
    }
    Ok(listed)
}

/// メンテナンスモード as the settings desk reads it, with its version.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct MaintenanceRow {
    pub maintenance_on: i64,
    pub maintenance_title: String,
    pub maintenance_message: String,
    pub maintenance_version: i64,
}

pub async fn find_maintenance(db: &Db, channel_id: &ChannelId) -> sqlx::Result<Option<MaintenanceRow>> {
    sqlx::query_as::<_, MaintenanceRow>("SELECT maintenance_on, maintenance_title, maintenance_message, maintenance_version FROM channels WHERE id = $1")
        .bind(channel_id)
        .fetch_optional(&db.pool)
        .await
}

/// Switches maintenance from the desk at the version it showed; false when it moved since.
pub async fn update_maintenance_at_version(tx: &mut Tx, channel_id: &ChannelId, version: i64, on: bool, title: &str, message: &str) -> sqlx::Result<bool> {
    let result = sqlx::query(
        "UPDATE channels SET maintenance_on = $1, maintenance_title = $2, maintenance_message = $3, \
                maintenance_version = maintenance_version + 1 WHERE id = $4 AND maintenance_version = $5",
    )
    .bind(i64::from(on))
    .bind(title)
    .bind(message)
    .bind(channel_id)
    .bind(version)
    .execute(&mut **tx)
    .await?;
    Ok(result.rows_affected() == 1)
}
