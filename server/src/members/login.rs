//! The login response (spec 000 §3) and the rules that fill it: whether a code step is
//! needed, and the two warning flags the storefront shows after login.
use serde::Serialize;

use super::store::UserRow;
use crate::auth::token::ACCESS_TOKEN_SECONDS;
use crate::auth::token::IssuedToken;
use crate::channel::settings::FrontSettings;

const DAY_MS: i64 = 24 * 60 * 60 * 1000;
/// Bounced mails after which the storefront asks the member to check their address.
pub const MAIL_ERROR_LIMIT: i64 = 3;

/// The answer of every call that logs in (or starts the code step). `verify_code` is never the
/// code itself: it is the opaque id of the pending verification; the code travels by mail only.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct LoginResponse {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub access_token: Option<String>,
    /// `Bearer` whenever an access token is given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub token_type: Option<&'static str>,
    /// Seconds the access token lives.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expires_in: Option<i64>,
    /// When the access token expires, epoch seconds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expires_at: Option<i64>,
    pub user_id: String,
    /// A 6-digit code was mailed; call `POST /v1/auth/verify` with it.
    pub is_verify: bool,
    /// Opaque id of the pending verification (present when `is_verify`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub verify_code: Option<String>,
    pub is_registered_member: bool,
    pub has_password_expired: bool,
    pub has_mail_error_count_over: bool,
    /// The account was reached through login sync from a sibling shop.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub is_sync_user_channel: Option<bool>,
}

/// The flags of a login answer that depend on the member and the channel.
pub fn base(user: &UserRow, settings: &FrontSettings, now_ms: i64) -> LoginResponse {
    LoginResponse {
        access_token: None,
        token_type: None,
        expires_in: None,
        expires_at: None,
        user_id: user.id.to_string(),
        is_verify: false,
        verify_code: None,
        is_registered_member: user.is_registered(),
        has_password_expired: has_password_expired(user.password_changed_at, settings.password_expire_days, now_ms),
        has_mail_error_count_over: user.mail_error_count >= MAIL_ERROR_LIMIT,
        is_sync_user_channel: None,
    }
}

impl LoginResponse {
    pub fn with_token(mut self, issued: IssuedToken) -> Self {
        self.access_token = Some(issued.access_token);
        self.token_type = Some("Bearer");
        self.expires_in = Some(ACCESS_TOKEN_SECONDS);
        self.expires_at = Some(issued.expires_at);
        self
    }

    pub fn with_pending_code(mut self, pending_id: String) -> Self {
        self.is_verify = true;
        self.verify_code = Some(pending_id);
        self
    }

    pub fn synced(mut self, synced: bool) -> Self {
        self.is_sync_user_channel = synced.then_some(true);
        self
    }
}

/// A password login needs the mailed code on an MFA channel, and on a channel without
/// verification at first login (where the code is what verifies the address) until the
/// member is registered.
pub fn needs_code(settings: &FrontSettings, is_registered_member: bool) -> bool {
    settings.is_mfa || (!is_registered_member && !settings.verify_email_at_first_login)
}

/// Registration logs straight in where the address is verified after the first login (the
/// storefront sends the new member to /verify); elsewhere the mailed code verifies it first.
/// No MFA step here: the member has just chosen the password.
pub fn registration_needs_code(settings: &FrontSettings) -> bool {
    !settings.verify_email_at_first_login
}

/// A password set more than the channel's AUTH.PASSWORD_EXPIRE_DAYS ago (none or 0: never).
pub fn has_password_expired(changed_at_ms: i64, expire_days: Option<i64>, now_ms: i64) -> bool {
    match expire_days {
        Some(days) if days > 0 => now_ms - changed_at_ms > days * DAY_MS,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::infra::ids::ChannelId;

    fn settings(is_mfa: bool, verify_email_at_first_login: bool) -> FrontSettings {
        let channel = crate::channel::Channel::from(crate::channel::ChannelRecord {
            id: ChannelId::from_text("c"),
            code: "c".into(),
            name: "c".into(),
            theme: "simple".into(),
            tenant: None,
            company_code: "c".into(),
            maintenance_on: 0,
            maintenance_title: String::new(),
            maintenance_message: String::new(),
        });
        let mut s = FrontSettings::from_stored(&channel, &Default::default());
        s.is_mfa = is_mfa;
        s.verify_email_at_first_login = verify_email_at_first_login;
        s
    }

    #[test]
    fn the_code_step_is_asked_on_mfa_channels_and_of_unverified_members() {
        assert!(needs_code(&settings(true, true), true), "MFA: always");
        assert!(needs_code(&settings(false, false), false), "demo: the code verifies the address");
        assert!(!needs_code(&settings(false, false), true));
        assert!(!needs_code(&settings(false, true), false), "verified later on /verify");
    }

    #[test]
    fn registration_logs_in_at_once_only_where_the_address_is_verified_later() {
        assert!(registration_needs_code(&settings(false, false)));
        assert!(!registration_needs_code(&settings(true, true)), "corporate: logged in, then /verify");
    }

    #[test]
    fn passwords_expire_only_where_the_channel_says() {
        let now = 100 * DAY_MS;
        assert!(!has_password_expired(0, None, now));
        assert!(!has_password_expired(0, Some(0), now));
        assert!(has_password_expired(0, Some(90), now));
        assert!(!has_password_expired(20 * DAY_MS, Some(90), now));
    }
}
