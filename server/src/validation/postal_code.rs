//! The `post` rule (spec 001 §5): three digits, an optional hyphen, four digits, half-width.

pub const FORMAT_MESSAGE: &str = "郵便番号の形式で入力してください 例：123-4567";

/// A postal code as seven digits, without the hyphen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PostalCode(String);

impl PostalCode {
    pub fn parse(text: &str) -> Option<PostalCode> {
        let text = text.trim();
        let digits = match (text.len(), text.as_bytes().get(3)) {
            (7, _) => text.to_owned(),
            (8, Some(b'-')) => format!("{}{}", &text[..3], &text[4..]),
            _ => return None,
        };
        (digits.len() == 7 && digits.bytes().all(|b| b.is_ascii_digit())).then_some(PostalCode(digits))
    }

    pub fn digits(&self) -> &str {
        &self.0
    }

    /// `100-0001`, as forms and labels show it.
    pub fn formatted(&self) -> String {
        format!("{}-{}", &self.0[..3], &self.0[3..])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seven_digits_with_or_without_the_hyphen() {
        assert_eq!(PostalCode::parse("1000001").unwrap().digits(), "1000001");
        assert_eq!(PostalCode::parse(" 100-0001 ").unwrap().digits(), "1000001");
        assert_eq!(PostalCode::parse("1000001").unwrap().formatted(), "100-0001");
    }

    #[test]
    fn anything_else_is_refused() {
        for bad in ["", "100000", "10000001", "1000-001", "100ー0001", "１０００００１", "100-000a", "abcdefg", "100--001", "1-000001", "1000\u{0}01"] {
            assert_eq!(PostalCode::parse(bad), None, "{bad:?}");
        }
    }
}
