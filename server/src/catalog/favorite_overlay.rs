//! `is_favorite` for one member over answers built for everyone.
//!
//! Each member's favourite ids are kept for [`FRESH_FOR`] per instance (a like or unlike on
//! this instance forgets them at once; another instance sees it within that time, as it sees
//! catalogue edits). The cached answer's bytes are patched, not re-encoded: every product
//! object of an answer is a [`ProductItem`], whose `"id"` comes before its `"is_favorite":false`,
//! and the flag is overwritten in place with `true ` (same length, still JSON).
use std::collections::HashSet;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, LazyLock};
use std::time::Duration;

use axum::body::Bytes;
use memchr::memmem::Finder;

use super::product_item::ProductItem;
use crate::auth::Member;
use crate::infra::db::Db;
use crate::infra::error::ApiResult;
use crate::infra::fresh_cache::FreshCache;
use crate::infra::ids::{ChannelId, UserId};
use crate::infra::read_cache::CachedAnswer;

pub const FRESH_FOR: Duration = Duration::from_secs(1);

pub type FavoriteIds = Arc<HashSet<String>>;

/// Reads a member's favourite product ids (database, channel id, user id). The `favorites`
/// feature owns those lists and sits a floor above the catalogue, so `state.rs` hands its
/// reader in here rather than the catalogue importing it.
pub type LoadFavorites = fn(Db, ChannelId, UserId) -> Pin<Box<dyn Future<Output = sqlx::Result<Vec<String>>> + Send>>;

/// The members' favourite ids, by (channel, member).
#[derive(Clone)]
pub struct FavoriteCache {
    cache: FreshCache<(ChannelId, UserId), FavoriteIds>,
    load: LoadFavorites,
}

impl FavoriteCache {
    pub fn new(load: LoadFavorites) -> Self {
        FavoriteCache { cache: FreshCache::new(100_000, FRESH_FOR), load }
    }

    /// The product ids the member keeps in any list; empty for a visitor.
    pub async fn ids(&self, db: &Db, channel_id: &ChannelId, member: Option<&Member>) -> sqlx::Result<FavoriteIds> {
        let Some(member) = member else { return Ok(FavoriteIds::default()) };
        let key = (channel_id.to_owned(), member.user_id.clone());
        let load = self.load;
        self.cache.get_or_try_load(&key, || async { Ok(Arc::new(load(db.clone(), key.0.clone(), key.1.clone()).await?.into_iter().collect())) }).await
    }

    /// After the member's lists changed on this instance.
    pub async fn forget(&self, channel_id: &ChannelId, user_id: &UserId) {
        self.cache.forget(&(channel_id.clone(), user_id.clone()));
    }

    /// The cached answer for this member: the same bytes without favourites among them, else
    /// a copy with the member's flags set.
    pub async fn personalise(&self, db: &Db, channel_id: &ChannelId, member: Option<&Member>, answer: CachedAnswer) -> ApiResult<CachedAnswer> {
        let favorites = self.ids(db, channel_id, member).await?;
        if favorites.is_empty() {
            return Ok(answer);
        }
        Ok(match mark_bytes(answer.body(), &favorites) {
            Some(body) => answer.with_body(Bytes::from(body)),
            None => answer,
        })
    }
}

/// Sets the flag on items built in this request.
pub fn mark<'a>(items: impl IntoIterator<Item = &'a mut ProductItem>, favorites: &FavoriteIds) {
    for item in items {
        item.is_favorite = favorites.contains(&item.id);
    }
}

const ID: &[u8] = b"\"id\":\"";
const FLAG: &[u8] = b"\"is_favorite\":false";
/// Built once: a byte-by-byte window search over each 8 KB answer was a quarter of a member's
/// list request (perf, issue 29).
static FIND_ID: LazyLock<Finder<'static>> = LazyLock::new(|| Finder::new(ID));
static FIND_FLAG: LazyLock<Finder<'static>> = LazyLock::new(|| Finder::new(FLAG));

/// The body with `"is_favorite":false` turned `true ` after every `"id"` among `favorites`;
/// None when nothing changes.
fn mark_bytes(body: &[u8], favorites: &HashSet<String>) -> Option<Vec<u8>> {
    let mut out: Option<Vec<u8>> = None;
    let mut at = 0;
    while let Some(found) = FIND_ID.find(&body[at..]) {
        let start = at + found + ID.len();
        let Some(length) = memchr::memchr(b'"', &body[start..]) else { break };
        at = start + length;
        let liked = std::str::from_utf8(&body[start..at]).is_ok_and(|id| favorites.contains(id));
        if liked && let Some(flag) = FIND_FLAG.find(&body[at..]) {
            let value = at + flag + FLAG.len() - "false".len();
            out.get_or_insert_with(|| body.to_vec())[value..value + 5].copy_from_slice(b"true ");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_each_liked_product_object_and_only_those() {
        let favorites: HashSet<String> = ["p1".to_owned(), "p3".to_owned()].into();
        let body = serde_json::json!({
            "id": "p1", "name": "detail", "brand": {"key": "b", "name": "n"}, "is_favorite": false,
            "data": [
                {"product_id": "p1", "product": {"id": "p1", "categories": [{"key": "c"}], "is_favorite": false}},
                {"id": "p2", "is_favorite": false},
                {"id": "p3", "is_favorite": false}
            ]
        })
        .to_string();
        let marked: serde_json::Value = serde_json::from_slice(&mark_bytes(body.as_bytes(), &favorites).unwrap()).unwrap();
        assert_eq!(marked["is_favorite"], true);
        assert_eq!(marked["data"][0]["product"]["is_favorite"], true);
        assert_eq!(marked["data"][1]["is_favorite"], false);
        assert_eq!(marked["data"][2]["is_favorite"], true);
        assert_eq!(marked["data"][0]["product_id"], "p1", "`product_id` is not an `id`");
    }

    #[test]
    fn nothing_liked_on_the_page_keeps_the_bytes() {
        let favorites: HashSet<String> = ["p9".to_owned()].into();
        assert!(mark_bytes(br#"{"data":[{"id":"p1","is_favorite":false}]}"#, &favorites).is_none());
    }
}
