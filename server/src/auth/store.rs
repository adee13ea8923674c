//! What the access check reads: a member's session version. `members` owns the `users`
//! table and is its only writer (it raises the version when sessions end); this read sits
//! here so that `auth`, a floor below `members`, needs nothing of it.
use crate::infra::db::Db;
use crate::infra::ids::UserId;

/// The member's session version (any member, left or not: leaving raises it too).
pub async fn find_session_version(db: &Db, user_id: &UserId) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar("SELECT session_version FROM users WHERE id = $1").bind(user_id).fetch_optional(&db.pool).await
}
