//! Ids: application-generated UUIDv7 text (time ordered, the same on every database), and the
//! two ids that carry tenancy and ownership through every store, as their own types so that a
//! member's id can't be passed where a shop's is meant (or a product code where either is).
use std::fmt;

/// A new UUIDv7 id as text.
pub fn new_id() -> String {
    uuid::Uuid::now_v7().to_string()
}

/// A text id with its own type. It reads as `&str` (for logs, cache keys and comparisons) but
/// is only made from text on purpose, with `from_text`, where an id enters from outside: a
/// token's claims, a path, a CLI argument, a row. API answers show ids as plain strings: an
/// answer's field converts with `to_string`/`into_string`, so the published schema stays as it is.
macro_rules! text_id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord, sqlx::Type, serde::Serialize, serde::Deserialize)]
        #[sqlx(transparent)]
        #[serde(transparent)]
        pub struct $name(String);

        impl $name {
            pub fn from_text(id: impl Into<String>) -> Self {
                $name(id.into())
            }

            pub fn as_str(&self) -> &str {
                &self.0
            }

            pub fn into_string(self) -> String {
                self.0
            }
        }

        impl std::ops::Deref for $name {
            type Target = str;

            fn deref(&self) -> &str {
                &self.0
            }
        }

        impl AsRef<str> for $name {
            fn as_ref(&self) -> &str {
                &self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl PartialEq<str> for $name {
            fn eq(&self, other: &str) -> bool {
                self.0 == other
            }
        }

        impl PartialEq<&str> for $name {
            fn eq(&self, other: &&str) -> bool {
                self.0 == *other
            }
        }

        impl PartialEq<String> for $name {
            fn eq(&self, other: &String) -> bool {
                &self.0 == other
            }
        }

        impl PartialEq<$name> for String {
            fn eq(&self, other: &$name) -> bool {
                *self == other.0
            }
        }
    };
}

text_id!(
    /// A shop's (channel's) id: every store function that reads or writes a shop's rows takes it.
    ChannelId
);

text_id!(
    /// A member's user id.
    UserId
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_read_as_their_text_and_compare_with_it() {
        let id = ChannelId::from_text("c-1");
        assert_eq!(id.as_str(), "c-1");
        assert_eq!(id, "c-1");
        assert_eq!("c-1".to_owned(), id);
        assert_eq!(serde_json::to_string(&id).unwrap(), "\"c-1\"");
    }
}
