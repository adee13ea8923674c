//! `is_favorite` for one member over answers built for everyone.
use std::collections::HashSet;

use axum::body::Bytes;
use serde_json::Value;

use super::store;
use crate::auth::Member;
use crate::catalog::product_item::ProductItem;
use crate::infra::db::Db;
use crate::infra::error::{ApiError, ApiResult};
use crate::infra::read_cache::CachedAnswer;

/// The product ids the member keeps in any list; empty for a visitor.
pub async fn favorite_ids(db: &Db, channel_id: &str, member: Option<&Member>) -> sqlx::Result<HashSet<String>> {
    match member {
        Some(member) => Ok(store::favorite_product_ids(db, channel_id, &member.user_id).await?.into_iter().collect()),
        None => Ok(HashSet::new()),
    }
}

/// Sets the flag on items built in this request.
pub fn mark<'a>(items: impl IntoIterator<Item = &'a mut ProductItem>, favorites: &HashSet<String>) {
    for item in items {
        item.is_favorite = favorites.contains(&item.id);
    }
}

/// The cached answer for this member: unchanged without favourites, else a copy in which
/// every product object (anything with an `id` and an `is_favorite`) carries the member's flag.
pub async fn personalise(db: &Db, channel_id: &str, member: Option<&Member>, answer: CachedAnswer) -> ApiResult<CachedAnswer> {
    let favorites = favorite_ids(db, channel_id, member).await?;
    if favorites.is_empty() {
        return Ok(answer);
    }
    let mut json: Value = serde_json::from_slice(answer.body()).map_err(|e| ApiError::Internal(anyhow::anyhow!("a cached answer is not JSON: {e}")))?;
    mark_json(&mut json, &favorites);
    let body = serde_json::to_vec(&json).map_err(|e| ApiError::Internal(anyhow::anyhow!("re-encoding an answer: {e}")))?;
    Ok(answer.with_body(Bytes::from(body)))
}

fn mark_json(value: &mut Value, favorites: &HashSet<String>) {
    match value {
        Value::Object(object) => {
            if object.contains_key("is_favorite") {
                let liked = object.get("id").and_then(Value::as_str).is_some_and(|id| favorites.contains(id));
                object.insert("is_favorite".into(), Value::Bool(liked));
            }
            for child in object.values_mut() {
                mark_json(child, favorites);
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|item| mark_json(item, favorites)),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_every_product_object_at_any_depth_and_only_those() {
        let favorites: HashSet<String> = ["p1".to_owned()].into();
        let mut json = serde_json::json!({
            "id": "p1", "is_favorite": false, "name": "detail",
            "data": [{"product_id": "p1", "product": {"id": "p1", "is_favorite": false}}, {"id": "p2", "is_favorite": true}],
            "brand": {"id": "p1", "key": "b"}
        });
        mark_json(&mut json, &favorites);
        assert_eq!(json["is_favorite"], true);
        assert_eq!(json["data"][0]["product"]["is_favorite"], true);
        assert_eq!(json["data"][1]["is_favorite"], false, "a flag not the member's is cleared");
        assert!(json["brand"].get("is_favorite").is_none(), "objects without the flag gain none");
    }
}
