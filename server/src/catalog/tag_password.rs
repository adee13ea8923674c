//! Passwords of protected tags: the request checked into a tag key and a password, stored and
//! checked with the shared argon2id hashing of [`crate::auth::password`].
use serde::Deserialize;

use crate::infra::error::{ApiError, FieldErrors};

pub const WRONG_PASSWORD: &str = "パスワードが正しくありません。";
/// The business code of a protected tag's product list asked without a valid grant.
pub const GRANT_REQUIRED_CODE: &str = "tag.password.required";
pub const GRANT_REQUIRED_MESSAGE: &str = "このタグの商品を見るにはパスワードの入力が必要です。";
/// Longer input cannot be a tag password; refused before the (costly) hash.
const PASSWORD_MAX: usize = 200;

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct TagPasswordInput {
    pub tag_key: Option<String>,
    pub password: Option<String>,
}

/// A filled-in request; the password is kept as typed (spaces may be part of it).
#[derive(Debug)]
pub struct TagPasswordAttempt {
    pub tag_key: String,
    pub password: String,
}

impl TryFrom<TagPasswordInput> for TagPasswordAttempt {
    type Error = ApiError;

    fn try_from(input: TagPasswordInput) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::new();
        let tag_key = input.tag_key.map(|k| k.trim().to_owned()).unwrap_or_default();
        if tag_key.is_empty() {
            errors.insert("tag_key".into(), vec!["タグを指定してください。".into()]);
        }
        let password = input.password.unwrap_or_default();
        if password.trim().is_empty() {
            errors.insert("password".into(), vec!["パスワードを入力してください。".into()]);
        } else if password.chars().count() > PASSWORD_MAX {
            errors.insert("password".into(), vec![WRONG_PASSWORD.into()]);
        }
        if errors.is_empty() { Ok(TagPasswordAttempt { tag_key, password }) } else { Err(ApiError::Invalid(errors)) }
    }
}

pub use crate::auth::password::{hash, matches};

#[cfg(test)]
mod tests {
    use super::*;

    fn attempt(tag_key: Option<&str>, password: Option<&str>) -> Result<TagPasswordAttempt, ApiError> {
        TagPasswordAttempt::try_from(TagPasswordInput { tag_key: tag_key.map(str::to_owned), password: password.map(str::to_owned) })
    }

    #[test]
    fn blank_fields_are_named_in_japanese() {
        let Err(ApiError::Invalid(errors)) = attempt(Some(" "), Some("　")) else { panic!("expected field errors") };
        assert_eq!(errors["tag_key"], vec!["タグを指定してください。"]);
        assert_eq!(errors["password"], vec!["パスワードを入力してください。"]);
        assert!(matches!(attempt(None, None), Err(ApiError::Invalid(_))));
    }

    #[test]
    fn the_key_is_trimmed_and_the_password_kept_as_typed() {
        let ok = attempt(Some(" members-sale "), Some(" pass ")).unwrap();
        assert_eq!((ok.tag_key.as_str(), ok.password.as_str()), ("members-sale", " pass "));
    }
}
