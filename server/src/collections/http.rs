//! `GET /v1/collections/{alias}`: a collection's title and description with one page of its
//! products, shaped exactly like `/v1/products` items.
use axum::Json;
use axum::extract::State;
use axum::http::HeaderMap;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::store;
use crate::auth::OptionalMember;
use crate::catalog::product_item::{ProductItem, product_items};
use crate::channel::Channel;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::{ApiPath, ApiQuery};
use crate::infra::pagination::{AllowAll, MAX_PER, PRODUCTS_PER, Page, PageQuery, pagination_headers};
use crate::infra::time::Timestamp;
use crate::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(show_collection))
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CollectionQuery {
    /// 1-based page number.
    #[param(schema_with = crate::infra::pagination::page_schema)]
    pub page: Option<String>,
    /// Page size (default 15).
    #[param(schema_with = crate::infra::pagination::per_schema)]
    pub per: Option<String>,
    /// Upper bound on the page size; the single-item variant sends 1.
    #[param(schema_with = crate::infra::pagination::per_schema)]
    pub max_page_size: Option<String>,
}

impl CollectionQuery {
    fn page(&self) -> Result<Page, ApiError> {
        let mut page = Page::parse(&PageQuery { page: self.page.clone(), per: self.per.clone() }, PRODUCTS_PER, AllowAll::No)?;
        if let Some(text) = self.max_page_size.as_deref().filter(|t| !t.is_empty()) {
            match text.parse::<i64>() {
                Ok(max) if (1..=MAX_PER).contains(&max) => page.per = page.per.min(max),
                _ => return Err(ApiError::field("max_page_size", format!("最大表示件数は1〜{MAX_PER}の整数で指定してください。"))),
            }
        }
        Ok(page)
    }
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct Collection {
    pub id: String,
    pub alias: String,
    pub title: String,
    pub description: String,
    /// This page of the collection's products, in the curated order.
    pub data: Vec<ProductItem>,
}

#[utoipa::path(get, path = "/v1/collections/{alias}", tag = "catalog",
    params(("alias" = String, Path, description = "collection alias, e.g. `new-arrivals`"), CollectionQuery),
    responses(
        (status = 200, body = Collection, description = "the collection with one page of its listable products", headers(
            ("x-total" = i64), ("x-per-page" = i64), ("x-last-page" = i64), ("x-current-page" = i64))),
        (status = 404, body = ErrorBody, description = "no such collection in this channel"),
        (status = 422, body = ErrorBody),
    ))]
async fn show_collection(
    State(state): State<AppState>,
    channel: Channel,
    OptionalMember(member): OptionalMember,
    ApiPath(alias): ApiPath<String>,
    ApiQuery(query): ApiQuery<CollectionQuery>,
) -> ApiResult<(HeaderMap, Json<Collection>)> {
    let page = query.page()?;
    let found = store::find_collection(&state.db, &channel.id, &alias).await?.ok_or_else(ApiError::not_found)?;
    let now = Timestamp::now().0;
    let (rows, total) = store::list_collection_products(&state.db, &channel.id, &found.id, page, now).await?;
    let mut data = product_items(&state.db, rows, now).await?;
    crate::catalog::favorite_overlay::mark(&mut data, &state.favorites.ids(&state.db, &channel.id, member.as_ref()).await?);
    let body = Collection { id: found.id, alias: found.alias, title: found.title, description: found.description, data };
    Ok((pagination_headers(total, page), Json(body)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn query(per: Option<&str>, max: Option<&str>) -> CollectionQuery {
        CollectionQuery { page: None, per: per.map(Into::into), max_page_size: max.map(Into::into) }
    }

    #[test]
    fn the_largest_page_size_caps_the_page() {
        assert_eq!(query(None, Some("1")).page().unwrap().per, 1);
        assert_eq!(query(Some("5"), Some("20")).page().unwrap().per, 5);
        assert_eq!(query(None, None).page().unwrap().per, PRODUCTS_PER);
    }

    #[test]
    fn nonsense_sizes_are_field_errors() {
        for bad in ["0", "-1", "abc", "99999999999999999999999"] {
            assert!(matches!(query(None, Some(bad)).page(), Err(ApiError::Invalid(_))), "{bad}");
        }
    }
}
