//! Content: the shop's editorial pages and pieces around the catalogue — blogs, the FAQ,
//! static pages (特定商取引法に基づく表記, privacy, terms, guide), landing pages, free areas,
//! banners (with their pictures) and popups (the business calendar is `delivery`'s); staff's
//! page desk in `http/admin.rs` with its rules in `page_rules.rs`. One handler file per resource; every SQL
//! statement in `store.rs`; pure rules (redirects, banner pictures) beside them with their tests.
pub mod banner_svg;
pub mod banners;
pub mod blogs;
pub mod free_areas;
pub mod http;
pub mod page_rules;
pub mod pages;
pub mod popups;
pub mod qas;
pub mod redirect;
pub mod store;

pub use http::admin_routes;

use utoipa_axum::router::OpenApiRouter;

use crate::state::AppState;

/// The channel-scoped `/v1` routes.
pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(blogs::routes())
        .merge(qas::routes())
        .merge(pages::routes())
        .merge(free_areas::routes())
        .merge(banners::routes())
        .merge(popups::routes())
        .merge(admin_routes())
}

/// Routes outside `/v1` (no channel header): the banner pictures that `image` paths name.
pub fn public_routes() -> OpenApiRouter<AppState> {
    banners::public_routes()
}

/// Parses JSON kept as TEXT. A failure is our data's fault, not the client's: a 500, logged.
fn stored_json<T: serde::de::DeserializeOwned>(what: &str, raw: &str) -> Result<T, crate::infra::error::ApiError> {
    serde_json::from_str(raw).map_err(|e| crate::infra::error::ApiError::Internal(anyhow::anyhow!("stored {what} is malformed: {e}")))
}

/// Parses a stored enum value such as `member` or `sp`.
fn stored_enum<T: serde::de::DeserializeOwned>(what: &str, raw: &str) -> Result<T, crate::infra::error::ApiError> {
    stored_json(what, &serde_json::Value::String(raw.to_owned()).to_string())
}
