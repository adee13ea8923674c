//! Signing and checking access tokens and tag grants, and the secret they are signed with.
//! A tag grant (the right to see one password-protected tag's products) is signed with the
//! same keys but carries its own audience and no `sub`, so neither kind passes for the other.

use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation, decode, encode};
use serde::{Deserialize, Serialize};

use crate::infra::secret::random_hex;

/// How long an access token lives; the refresh cookie renews it.
pub const ACCESS_TOKEN_SECONDS: i64 = 15 * 60;

#[derive(Debug, Serialize, Deserialize)]
pub struct Claims {
    /// The member's user id.
    pub sub: String,
    /// The channel id the token was issued for.
    pub chn: String,
    /// The member's session version when the token was issued (auth/sessions.rs); tokens
    /// issued before the field existed read as 0.
    #[serde(default)]
    pub ver: i64,
    pub iat: i64,
    pub exp: i64,
    /// A random id, so two tokens issued for the same member in the same second still differ
    /// (a refresh right after login must hand out a new token, not the same string again).
    #[serde(default)]
    pub jti: String,
}

/// How long a tag grant lives: a browsing session, after which the password is asked again.
pub const TAG_GRANT_SECONDS: i64 = 30 * 60;

/// The audience of tag grants; access tokens have none.
const TAG_GRANT_AUDIENCE: &str = "tag-grant";

#[derive(Debug, Serialize, Deserialize)]
pub struct TagGrantClaims {
    /// The id of the tag the password opened.
    pub tag: String,
    /// The channel id the grant was issued for.
    pub chn: String,
    pub aud: String,
    pub iat: i64,
    pub exp: i64,
}

#[derive(Clone)]
pub struct TokenKeys {
    encoding: EncodingKey,
    decoding: DecodingKey,
}

pub struct IssuedToken {
    pub access_token: String,
    pub expires_at: i64,
}

impl TokenKeys {
    pub fn from_secret(secret: &[u8]) -> Self {
        TokenKeys { encoding: EncodingKey::from_secret(secret), decoding: DecodingKey::from_secret(secret) }
    }

    /// An access token of the member `user_id` at `session_version`.
    pub fn issue(&self, user_id: &str, channel_id: &str, session_version: i64, now_seconds: i64) -> anyhow::Result<IssuedToken> {
        let claims = Claims {
            sub: user_id.to_owned(),
            chn: channel_id.to_owned(),
            ver: session_version,
            iat: now_seconds,
            exp: now_seconds + ACCESS_TOKEN_SECONDS,
            jti: random_hex(16),
        };
        let access_token = encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)?;
        Ok(IssuedToken { access_token, expires_at: claims.exp })
    }

    pub fn verify(&self, token: &str) -> Result<Claims, jsonwebtoken::errors::Error> {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 0;
        // No audience is expected, so jsonwebtoken refuses a token carrying one (a tag grant);
        // a grant also lacks the `sub` these claims require.
        decode::<Claims>(token, &self.decoding, &validation).map(|data| data.claims)
    }

    /// A grant to list the products of the password-protected tag `tag_id`.
    pub fn issue_tag_grant(&self, tag_id: &str, channel_id: &str, now_seconds: i64) -> anyhow::Result<IssuedToken> {
        let claims = TagGrantClaims {
            tag: tag_id.to_owned(),
            chn: channel_id.to_owned(),
            aud: TAG_GRANT_AUDIENCE.to_owned(),
            iat: now_seconds,
            exp: now_seconds + TAG_GRANT_SECONDS,
        };
        let token = encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)?;
        Ok(IssuedToken { access_token: token, expires_at: claims.exp })
    }

    pub fn verify_tag_grant(&self, token: &str) -> Result<TagGrantClaims, jsonwebtoken::errors::Error> {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 0;
        validation.set_audience(&[TAG_GRANT_AUDIENCE]);
        validation.set_required_spec_claims(&["exp", "aud"]);
        decode::<TagGrantClaims>(token, &self.decoding, &validation).map(|data| data.claims)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn now() -> i64 {
        time::OffsetDateTime::now_utc().unix_timestamp()
    }

    #[test]
    fn an_issued_token_verifies_with_its_claims() {
        let keys = TokenKeys::from_secret(b"0123456789abcdef0123456789abcdef");
        let issued = keys.issue("user-1", "channel-1", 3, now()).unwrap();
        let claims = keys.verify(&issued.access_token).unwrap();
        assert_eq!((claims.sub.as_str(), claims.chn.as_str(), claims.ver), ("user-1", "channel-1", 3));
    }

    #[test]
    fn two_tokens_issued_in_the_same_second_differ() {
        let keys = TokenKeys::from_secret(b"0123456789abcdef0123456789abcdef");
        let at = now();
        let first = keys.issue("user-1", "channel-1", 0, at).unwrap();
        let second = keys.issue("user-1", "channel-1", 0, at).unwrap();
        assert_ne!(first.access_token, second.access_token);
    }

    #[test]
    fn expired_or_foreign_tokens_are_refused() {
        let keys = TokenKeys::from_secret(b"0123456789abcdef0123456789abcdef");
        let old = keys.issue("user-1", "channel-1", 0, now() - 2 * ACCESS_TOKEN_SECONDS).unwrap();
        assert!(keys.verify(&old.access_token).is_err());
        let other = TokenKeys::from_secret(b"another-secret-another-secret-xx");
        let foreign = other.issue("user-1", "channel-1", 0, now()).unwrap();
        assert!(keys.verify(&foreign.access_token).is_err());
    }

    #[test]
    fn a_token_without_a_session_version_reads_as_version_zero() {
        // Tokens issued before `ver` existed stay valid until they expire.
        let keys = TokenKeys::from_secret(b"0123456789abcdef0123456789abcdef");
        let old = serde_json::json!({ "sub": "user-1", "chn": "channel-1", "iat": now(), "exp": now() + 60 });
        let token = encode(&Header::new(Algorithm::HS256), &old, &keys.encoding).unwrap();
        assert_eq!(keys.verify(&token).unwrap().ver, 0);
    }

    #[test]
    fn a_tag_grant_verifies_with_its_tag_and_channel() {
        let keys = TokenKeys::from_secret(b"0123456789abcdef0123456789abcdef");
        let grant = keys.issue_tag_grant("tag-1", "channel-1", now()).unwrap();
        let claims = keys.verify_tag_grant(&grant.access_token).unwrap();
        assert_eq!((claims.tag.as_str(), claims.chn.as_str()), ("tag-1", "channel-1"));
        assert_eq!(grant.expires_at - claims.iat, TAG_GRANT_SECONDS);
    }

    #[test]
    fn a_tag_grant_is_never_an_access_token_nor_the_other_way_round() {
        let keys = TokenKeys::from_secret(b"0123456789abcdef0123456789abcdef");
        let grant = keys.issue_tag_grant("tag-1", "channel-1", now()).unwrap();
        assert!(keys.verify(&grant.access_token).is_err(), "a grant is refused as an access token");
        let access = keys.issue("user-1", "channel-1", 0, now()).unwrap();
        assert!(keys.verify_tag_grant(&access.access_token).is_err(), "an access token is refused as a grant");
    }

    #[test]
    fn expired_or_foreign_tag_grants_are_refused() {
        let keys = TokenKeys::from_secret(b"0123456789abcdef0123456789abcdef");
        let old = keys.issue_tag_grant("tag-1", "channel-1", now() - 2 * TAG_GRANT_SECONDS).unwrap();
        assert!(keys.verify_tag_grant(&old.access_token).is_err());
        let other = TokenKeys::from_secret(b"another-secret-another-secret-xx");
        let foreign = other.issue_tag_grant("tag-1", "channel-1", now()).unwrap();
        assert!(keys.verify_tag_grant(&foreign.access_token).is_err());
    }
}
