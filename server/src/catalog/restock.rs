//! 入荷リクエスト as the stock desk sees them. The requests are the storefront's, kept by
//! `histories` (floor 4, above the catalogue), so the desk reads them through a function
//! `state.rs` hands down (docs/architecture.md, "When a lower floor must react to a higher one").
use std::pin::Pin;

use crate::infra::db::Db;
use crate::infra::ids::ChannelId;

/// (product id, requests still waiting) for the given products of a channel.
pub type CountWaiting = fn(Db, ChannelId, Vec<String>) -> Pin<Box<dyn Future<Output = sqlx::Result<Vec<(String, i64)>>> + Send>>;
