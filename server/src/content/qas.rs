//! The FAQ: questions by category, searchable by keyword the way product names are
//! (width, kana and case do not matter), and the list of categories.
use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::store;
use crate::channel::Channel;
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::ApiQuery;
use crate::infra::pagination::{AllowAll, DEFAULT_PER, ListBody, Page, PageQuery, Paginated};
use crate::infra::search_text::{self, MAX_KEYWORD_CHARS};
use crate::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_qas)).routes(routes!(list_qa_categories))
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct QaCategory {
    pub key: String,
    pub name: String,
    /// Published questions in it.
    pub count: i64,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct QaCategoryRef {
    pub key: String,
    pub name: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct Qa {
    pub id: String,
    pub question: String,
    /// Plain text; paragraphs are separated by blank lines.
    pub answer: String,
    pub category: QaCategoryRef,
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct QaListQuery {
    /// 1-based page number.
    #[param(schema_with = crate::infra::pagination::page_schema)]
    pub page: Option<String>,
    /// Page size, 1–100 (default 10).
    #[param(schema_with = crate::infra::pagination::per_schema)]
    pub per: Option<String>,
    /// Category key.
    pub category: Option<String>,
    /// Words separated by spaces; every word must occur in the question or the answer.
    #[param(max_length = 100)]
    pub keyword: Option<String>,
}

#[utoipa::path(get, path = "/v1/qas", tag = "content", params(QaListQuery),
    responses(
        (status = 200, body = ListBody<Qa>, description = "questions in the shop's order", headers(
            ("x-total" = i64), ("x-per-page" = i64), ("x-last-page" = i64), ("x-current-page" = i64))),
        (status = 422, body = ErrorBody),
    ))]
async fn list_qas(State(state): State<AppState>, channel: Channel, ApiQuery(query): ApiQuery<QaListQuery>) -> ApiResult<Paginated<Qa>> {
    let page = Page::parse(&PageQuery { page: query.page, per: query.per }, DEFAULT_PER, AllowAll::No)?;
    let keyword = query.keyword.unwrap_or_default();
    if keyword.chars().count() > MAX_KEYWORD_CHARS {
        return Err(ApiError::field("keyword", format!("キーワードは{MAX_KEYWORD_CHARS}文字以内で入力してください。")));
    }
    let category = query.category.as_deref().map(str::trim).filter(|c| !c.is_empty());
    let terms = search_text::terms(&keyword);
    let (rows, total) = store::list_qas(&state.db, &channel.id, category, &terms, page).await?;
    let qas = rows
        .into_iter()
        .map(|r| Qa { id: r.id, question: r.question, answer: r.answer, category: QaCategoryRef { key: r.category_key, name: r.category_name } })
        .collect();
    Ok(Paginated::new(qas, total, page))
}

#[utoipa::path(get, path = "/v1/qa-categories", tag = "content",
    responses((status = 200, body = ListBody<QaCategory>, description = "FAQ categories in the shop's order")))]
async fn list_qa_categories(State(state): State<AppState>, channel: Channel) -> ApiResult<Json<ListBody<QaCategory>>> {
    let rows = store::list_qa_categories(&state.db, &channel.id).await?;
    let data = rows.into_iter().map(|r| QaCategory { key: r.category_key, name: r.name, count: r.qa_count }).collect();
    Ok(Json(ListBody { data }))
}
