//! The per-channel settings the storefront reads (spec 000 §3 "Settings keys"), with the
//! defaults a channel gets when a key was never stored.
use std::collections::HashMap;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::Channel;
use super::corporate::{CodeLabel, delivery_choices, payment_choices};
use crate::infra::db::Db;
use crate::infra::ids::ChannelId;

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct FrontSettings {
    #[serde(rename = "SITE.NAME")]
    pub site_name: String,
    #[serde(rename = "SITE.NAMESPACE")]
    pub namespace: String,
    #[serde(rename = "SITE.CHANNEL_PREFIX")]
    pub channel_prefix: String,
    #[serde(rename = "SITE.THEME")]
    pub theme: String,
    #[serde(rename = "SITE.TENANT")]
    pub tenant: Option<String>,
    /// The B2B variant: registration and profile forms use the corporate fields and rules.
    #[serde(rename = "SITE.IS_CORPORATE")]
    pub is_corporate: bool,
    #[serde(rename = "SITE.BREAKPOINT.SCREEN-SM")]
    pub screen_sm: i64,
    #[serde(rename = "SITE.BREAKPOINT.SCREEN-MD")]
    pub screen_md: i64,
    #[serde(rename = "ORDER.SHIPPING.IS_ALLOW_MULTIPLE")]
    pub allow_multiple_shipping: bool,
    #[serde(rename = "PLUGIN.TEMPORARY_STOP_SELLING.IS_USE")]
    pub temporary_stop_selling_is_use: bool,
    #[serde(rename = "PLUGIN.TEMPORARY_STOP_SELLING.IS_SELLING")]
    pub temporary_stop_selling_is_selling: bool,
    #[serde(rename = "NO_MEMBER_USE")]
    pub no_member_use: bool,
    #[serde(rename = "AUTH.IS_VERIFY_EMAIL_AT_FIRST_LOGIN")]
    pub verify_email_at_first_login: bool,
    /// Every password login also needs a 6-digit code sent by mail.
    #[serde(rename = "AUTH.IS_MFA")]
    pub is_mfa: bool,
    /// A password older than this many days is reported as expired at login (none: never).
    #[serde(rename = "AUTH.PASSWORD_EXPIRE_DAYS")]
    pub password_expire_days: Option<i64>,
    #[serde(rename = "RECAPTCHA.VERSION")]
    pub recaptcha_version: i64,
    /// The storefront fills GA4's data layer only when true (spec 000 §8); off by default.
    #[serde(rename = "ANALYTICS.IS_USE")]
    pub analytics_is_use: bool,
    /// The shop's Google Tag Manager container (`GTM-…`), loaded only with analytics on; a
    /// malformed id reads as none, so it can never inject markup.
    #[serde(rename = "ANALYTICS.GTM_ID")]
    pub analytics_gtm_id: Option<String>,
    /// How many entries a member's address book may hold, the own address included (the
    /// list answers it as `x-limit`).
    #[serde(rename = "MEMBER.ADDRESS_LIMIT")]
    pub address_limit: i64,
    /// Gift wrappings and noshi offered at checkout.
    #[serde(rename = "ORDER.PACKINGS")]
    pub packings: Packings,
    /// Corporate: the 配送方法 choices (1 問屋引取り, 2 店舗直送, 3 お客様直送); empty elsewhere.
    #[serde(rename = "CORPORATE.DELIVERY_OPTIONS")]
    pub delivery_options: Vec<CodeLabel>,
    /// Corporate: the 支払方法 choices (1 銀行振込（前払い）, 2 請求書払い（後払い）, 3 後払い決済サービス); empty elsewhere.
    #[serde(rename = "CORPORATE.PAYMENT_OPTIONS")]
    pub payment_options: Vec<CodeLabel>,
}

impl FrontSettings {
    /// The channel's stored settings over the defaults.
    pub async fn load(db: &Db, channel: &Channel) -> sqlx::Result<Self> {
        let stored = super::store::list_settings(db, &channel.id).await?;
        Ok(Self::from_stored(channel, &stored))
    }

    /// Stored values are JSON; a value of the wrong type falls back to the default rather
    /// than breaking the storefront.
    pub fn from_stored(channel: &Channel, stored: &HashMap<String, String>) -> Self {
        let is_corporate = setting(stored, "SITE.IS_CORPORATE", false);
        FrontSettings {
            site_name: setting(stored, "SITE.NAME", channel.name.clone()),
            namespace: setting(stored, "SITE.NAMESPACE", channel.code.clone()),
            channel_prefix: setting(stored, "SITE.CHANNEL_PREFIX", String::new()),
            theme: channel.theme.clone(),
            tenant: channel.tenant.clone(),
            is_corporate,
            screen_sm: setting(stored, "SITE.BREAKPOINT.SCREEN-SM", 767),
            screen_md: setting(stored, "SITE.BREAKPOINT.SCREEN-MD", 1024),
            allow_multiple_shipping: setting(stored, "ORDER.SHIPPING.IS_ALLOW_MULTIPLE", false),
            temporary_stop_selling_is_use: setting(stored, "PLUGIN.TEMPORARY_STOP_SELLING.IS_USE", false),
            temporary_stop_selling_is_selling: setting(stored, "PLUGIN.TEMPORARY_STOP_SELLING.IS_SELLING", true),
            no_member_use: setting(stored, "NO_MEMBER_USE", false),
            verify_email_at_first_login: setting(stored, "AUTH.IS_VERIFY_EMAIL_AT_FIRST_LOGIN", false),
            is_mfa: setting(stored, "AUTH.IS_MFA", false),
            password_expire_days: setting(stored, "AUTH.PASSWORD_EXPIRE_DAYS", None),
            recaptcha_version: setting(stored, "RECAPTCHA.VERSION", 3),
            analytics_is_use: setting(stored, "ANALYTICS.IS_USE", false),
            analytics_gtm_id: setting::<Option<String>>(stored, "ANALYTICS.GTM_ID", None).filter(|id| is_gtm_id(id)),
            address_limit: setting(stored, "MEMBER.ADDRESS_LIMIT", super::switches::DEFAULT_ADDRESS_LIMIT),
            packings: setting(stored, "ORDER.PACKINGS", Default::default()),
            delivery_options: if is_corporate { delivery_choices() } else { Vec::new() },
            payment_options: if is_corporate { payment_choices() } else { Vec::new() },
        }
    }

    /// The Tag Manager container the storefront loads: only with analytics on.
    pub fn tag_manager(&self) -> Option<&str> {
        self.analytics_gtm_id.as_deref().filter(|_| self.analytics_is_use)
    }

    /// Spec 000 §4: selling is stopped when the plugin is on and IS_SELLING is false.
    pub fn is_selling_stopped(&self) -> bool {
        self.temporary_stop_selling_is_use && !self.temporary_stop_selling_is_selling
    }
}

/// `GTM-` and 4–12 capitals or digits, as Google issues them (the web checks the same).
fn is_gtm_id(id: &str) -> bool {
    id.strip_prefix("GTM-").is_some_and(|rest| (4..=12).contains(&rest.len()) && rest.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit()))
}

/// One stored setting (JSON) of a feature, or `default` when missing or of the wrong type.
pub fn setting<T: DeserializeOwned>(stored: &HashMap<String, String>, key: &str, default: T) -> T {
    stored.get(key).and_then(|raw| serde_json::from_str(raw).ok()).unwrap_or(default)
}

/// One setting of the channel, read from the database.
/// The setting naming where the shop reads its notices (inquiries, new orders).
pub const CONTACT_EMAIL_SETTING: &str = "SHOP.CONTACT_EMAIL";

/// Where the shop's notices go: `SHOP.CONTACT_EMAIL` when it is an address, else `fallback`
/// (the mail sender address).
pub async fn shop_notice_address(db: &Db, channel_id: &ChannelId, fallback: &str) -> sqlx::Result<String> {
    let configured: String = load_setting(db, channel_id, CONTACT_EMAIL_SETTING, String::new()).await?;
    let configured = configured.trim();
    Ok(if crate::validation::email(configured).is_ok() { configured.to_owned() } else { fallback.to_owned() })
}

pub async fn load_setting<T: DeserializeOwned>(db: &Db, channel_id: &ChannelId, key: &str, default: T) -> sqlx::Result<T> {
    Ok(setting(&super::store::list_settings(db, channel_id).await?, key, default))
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Wrapping {
    pub key: String,
    pub label: String,
    pub price: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Noshi {
    pub key: String,
    pub label: String,
}

/// Setting `ORDER.PACKINGS`: the gift wrappings (priced per shipping) and noshi the shop offers.
/// The storefront reads it from `/v1/settings/front`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Packings {
    #[serde(default)]
    pub wrappings: Vec<Wrapping>,
    #[serde(default)]
    pub noshi: Vec<Noshi>,
}

impl Default for Packings {
    fn default() -> Self {
        Packings {
            wrappings: vec![Wrapping { key: "gift".into(), label: "ギフトラッピング".into(), price: 330 }],
            noshi: [("oiwai", "御祝"), ("orei", "御礼"), ("uchiiwai", "内祝")]
                .into_iter()
                .map(|(key, label)| Noshi { key: key.into(), label: label.into() })
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn channel() -> Channel {
        Channel::from(crate::channel::ChannelRecord {
            id: ChannelId::from_text("c1"),
            code: "demo".into(),
            name: "デモショップ".into(),
            theme: "simple".into(),
            tenant: None,
            company_code: "demo".into(),
            maintenance_on: 0,
            maintenance_title: String::new(),
            maintenance_message: String::new(),
        })
    }

    #[test]
    fn a_tag_manager_is_loaded_only_with_analytics_on_and_a_well_formed_id() {
        let mut stored = HashMap::new();
        stored.insert("ANALYTICS.GTM_ID".to_owned(), "\"GTM-AB12CD\"".to_owned());
        assert_eq!(FrontSettings::from_stored(&channel(), &stored).tag_manager(), None);
        stored.insert("ANALYTICS.IS_USE".to_owned(), "true".to_owned());
        assert_eq!(FrontSettings::from_stored(&channel(), &stored).tag_manager(), Some("GTM-AB12CD"));
        for bad in ["\"GTM-ab12cd\"", "\"GTM-1\"", "\"GTM-\\\"><script>\"", "\"UA-1234\"", "42"] {
            stored.insert("ANALYTICS.GTM_ID".to_owned(), bad.to_owned());
            assert_eq!(FrontSettings::from_stored(&channel(), &stored).tag_manager(), None, "{bad}");
        }
    }

    #[test]
    fn missing_or_malformed_keys_take_their_defaults() {
        let mut stored = HashMap::new();
        stored.insert("SITE.BREAKPOINT.SCREEN-SM".to_owned(), "\"not a number\"".to_owned());
        stored.insert("NO_MEMBER_USE".to_owned(), "true".to_owned());
        let settings = FrontSettings::from_stored(&channel(), &stored);
        assert_eq!(settings.screen_sm, 767);
        assert!(settings.no_member_use);
        assert_eq!(settings.site_name, "デモショップ");
        assert_eq!(settings.recaptcha_version, 3);
    }

    #[test]
    fn selling_stops_only_when_the_plugin_is_on_and_not_selling() {
        let mut settings = FrontSettings::from_stored(&channel(), &HashMap::new());
        assert!(!settings.is_selling_stopped());
        settings.temporary_stop_selling_is_use = true;
        assert!(!settings.is_selling_stopped());
        settings.temporary_stop_selling_is_selling = false;
        assert!(settings.is_selling_stopped());
    }
}
