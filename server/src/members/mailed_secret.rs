//! Issuing the one-time secrets a member is mailed: the row in `one_time_secrets` (only the
//! hash, see one_time_code.rs) inside the caller's transaction, and the code or token to mail
//! after the commit.
use super::one_time_code::{self, Purpose};
use super::session_store;
use crate::infra::db::Tx;
use crate::infra::error::ApiResult;
use crate::infra::ids::{UserId, new_id};

/// A fresh code of `purpose` inside `tx`, to mail to `sent_to` after the commit: returns the
/// pending id and the code. Older codes of the purpose stop counting (only the newest is
/// checked).
pub async fn new_code(tx: &mut Tx, user_id: &UserId, purpose: Purpose, sent_to: &str, now: i64) -> ApiResult<(String, String)> {
    let id = new_id();
    let code = one_time_code::new_code();
    session_store::insert_secret(tx, &id, user_id, purpose, &one_time_code::code_hash(&id, &code), sent_to, now).await?;
    Ok((id, code))
}

/// A fresh link token of `purpose` inside `tx`, to mail to `sent_to` after the commit.
pub async fn new_link_token(tx: &mut Tx, user_id: &UserId, purpose: Purpose, sent_to: &str, now: i64) -> ApiResult<String> {
    let token = one_time_code::new_link_token();
    session_store::insert_secret(tx, &new_id(), user_id, purpose, &one_time_code::link_hash(&token), sent_to, now).await?;
    Ok(token)
}
