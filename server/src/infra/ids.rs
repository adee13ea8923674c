//! Application-generated ids: UUIDv7 text, time ordered, the same on every database.
pub fn new_id() -> String {
    uuid::Uuid::now_v7().to_string()
}
