//! A restock/stock request as the form sends it, checked into a value that can be stored.
use serde::Deserialize;

use crate::infra::error::{ApiError, FieldErrors};

pub const NAME_MAX: usize = 50;
pub const EMAIL_MAX: usize = 255;
pub const BODY_MAX: usize = 2000;

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct ProductRequestInput {
    /// Key of the product asked about (a restock request); absent for a product we do not sell yet.
    pub product_key: Option<String>,
    #[schema(required = true, value_type = String, pattern = "\\S", max_length = 50)]
    pub name: Option<String>,
    #[schema(required = true, value_type = String, pattern = "\\S", max_length = 255)]
    pub email: Option<String>,
    #[schema(required = true, value_type = String, pattern = "\\S", max_length = 2000)]
    pub body: Option<String>,
}

#[derive(Debug, PartialEq, Eq)]
pub struct ProductRequest {
    pub product_key: Option<String>,
    pub name: String,
    pub email: String,
    pub body: String,
}

impl TryFrom<ProductRequestInput> for ProductRequest {
    type Error = ApiError;

    fn try_from(input: ProductRequestInput) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::new();
        let mut required = |field: &str, value: Option<String>, label: &str, max: usize| -> String {
            let value = value.unwrap_or_default().trim().to_owned();
            if value.is_empty() {
                errors.insert(field.into(), vec![format!("{label}を入力してください。")]);
            } else if value.chars().count() > max {
                errors.insert(field.into(), vec![format!("{label}は{max}文字以内で入力してください。")]);
            }
            value
        };
        let name = required("name", input.name, "お名前", NAME_MAX);
        let email = required("email", input.email, "メールアドレス", EMAIL_MAX);
        let body = required("body", input.body, "内容", BODY_MAX);
        if !email.is_empty() && !errors.contains_key("email") && !is_email(&email) {
            errors.insert("email".into(), vec!["メールアドレスの形式で入力してください。".into()]);
        }
        let product_key = input.product_key.map(|k| k.trim().to_owned()).filter(|k| !k.is_empty());
        if errors.is_empty() { Ok(ProductRequest { product_key, name, email, body }) } else { Err(ApiError::Invalid(errors)) }
    }
}

/// `local@domain.tld` in printable ASCII: what a mail server can deliver to; the real check
/// is the reply.
fn is_email(text: &str) -> bool {
    let Some((local, domain)) = text.split_once('@') else { return false };
    let printable = |s: &str| s.bytes().all(|b| b.is_ascii_graphic() && b != b'@');
    !local.is_empty()
        && printable(local)
        && printable(domain)
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !domain.contains("..")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(name: &str, email: &str, body: &str) -> ProductRequestInput {
        ProductRequestInput { product_key: Some(" rp0001 ".into()), name: Some(name.into()), email: Some(email.into()), body: Some(body.into()) }
    }

    fn errors(result: Result<ProductRequest, ApiError>) -> FieldErrors {
        match result {
            Err(ApiError::Invalid(errors)) => errors,
            other => panic!("expected field errors, got {other:?}"),
        }
    }

    #[test]
    fn a_complete_request_is_trimmed() {
        let request = ProductRequest::try_from(input(" 山田 太郎 ", "taro@example.jp", "再入荷希望です")).unwrap();
        assert_eq!(request.name, "山田 太郎");
        assert_eq!(request.product_key.as_deref(), Some("rp0001"));
    }

    #[test]
    fn every_missing_or_bad_field_has_its_japanese_message() {
        let found = errors(ProductRequest::try_from(input(" ", "taro@", &"あ".repeat(2001))));
        assert_eq!(found["name"], ["お名前を入力してください。"]);
        assert_eq!(found["email"], ["メールアドレスの形式で入力してください。"]);
        assert_eq!(found["body"], ["内容は2000文字以内で入力してください。"]);
        let found = errors(ProductRequest::try_from(ProductRequestInput::default()));
        assert_eq!(found.len(), 3);
    }

    #[test]
    fn email_shapes() {
        for good in ["a@b.jp", "taro.yamada+shop@mail.example.co.jp"] {
            assert!(is_email(good), "{good}");
        }
        for bad in ["a", "a@b", "@b.jp", "a@.jp", "a@b.jp.", "a b@c.jp", "a@b..jp", "あ@b.jp", "a@b@c.jp"] {
            assert!(!is_email(bad), "{bad}");
        }
    }
}
