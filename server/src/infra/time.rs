//! Instants are stored as epoch milliseconds (BIGINT) and shown to clients as RFC 3339 UTC.
use serde::{Serialize, Serializer};
use time::OffsetDateTime;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Timestamp(pub i64);

impl Timestamp {
    pub const HOUR_MS: i64 = 60 * 60 * 1000;
    pub const DAY_MS: i64 = 24 * Self::HOUR_MS;

    pub fn now() -> Self {
        Timestamp((OffsetDateTime::now_utc().unix_timestamp_nanos() / 1_000_000) as i64)
    }

    pub fn to_rfc3339(self) -> String {
        let at = OffsetDateTime::from_unix_timestamp_nanos(self.0 as i128 * 1_000_000).unwrap_or(OffsetDateTime::UNIX_EPOCH);
        at.format(&time::format_description::well_known::Rfc3339).unwrap_or_default()
    }
}

impl Serialize for Timestamp {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.to_rfc3339())
    }
}

impl utoipa::PartialSchema for Timestamp {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::schema::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::String)
            .format(Some(utoipa::openapi::SchemaFormat::KnownFormat(utoipa::openapi::KnownFormat::DateTime)))
            .into()
    }
}
impl utoipa::ToSchema for Timestamp {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn millis_are_shown_as_utc_rfc3339() {
        assert_eq!(Timestamp(1_763_773_200_000).to_rfc3339(), "2025-11-22T01:00:00Z");
    }
}
