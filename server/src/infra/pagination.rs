//! The one pagination helper: `page`/`per` (and `per=all` where the spec allows it) in,
//! `x-total`/`x-per-page`/`x-last-page`/`x-current-page` headers and `{data: [...]}` out.
use axum::Json;
use axum::http::{HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};

use super::error::{ApiError, FieldErrors};

pub const DEFAULT_PER: i64 = 10;
pub const PRODUCTS_PER: i64 = 15;
/// Largest page a client may ask for by number.
pub const MAX_PER: i64 = 100;
/// Largest page number a client may ask for.
pub const MAX_PAGE: i64 = 1_000_000;
/// `per=all` is capped so it cannot dump a whole table.
pub const MAX_ALL: i64 = 1000;

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    /// 1-based page number.
    #[param(schema_with = crate::infra::pagination::page_schema)]
    pub page: Option<String>,
    /// Page size.
    #[param(schema_with = crate::infra::pagination::per_schema)]
    pub per: Option<String>,
}

/// `page`/`per` of an endpoint that also takes `per=all` (at most [`MAX_ALL`] items).
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageOrAllQuery {
    /// 1-based page number.
    #[param(schema_with = crate::infra::pagination::page_schema)]
    pub page: Option<String>,
    /// Page size, or `all`; blank is the default size.
    #[param(schema_with = per_or_all)]
    pub per: Option<String>,
}

/// A whole number in `range`, or one of `words` (blank is always one: it means the default).
pub fn number_or(range: std::ops::RangeInclusive<i64>, words: &[&str]) -> utoipa::openapi::schema::Schema {
    use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Schema, Type};
    Schema::OneOf(
        OneOfBuilder::new()
            .item(ObjectBuilder::new().schema_type(Type::Integer).minimum(Some(*range.start())).maximum(Some(*range.end())))
            .item(ObjectBuilder::new().schema_type(Type::String).enum_values(Some(words.iter().copied().chain([""]))))
            .build(),
    )
}

/// `page` as [`Page::parse`] reads it.
pub fn page_schema() -> utoipa::openapi::schema::Schema {
    number_or(1..=MAX_PAGE, &[])
}

/// `per` as [`Page::parse`] reads it.
pub fn per_schema() -> utoipa::openapi::schema::Schema {
    number_or(1..=MAX_PER, &[])
}

fn per_or_all() -> utoipa::openapi::schema::Schema {
    number_or(1..=MAX_PER, &["all"])
}

/// Whether an endpoint accepts `per=all`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AllowAll {
    Yes,
    No,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Page {
    pub current: i64,
    pub per: i64,
}

impl Page {
    pub fn parse(query: &PageQuery, default_per: i64, allow_all: AllowAll) -> Result<Page, ApiError> {
        let mut errors = FieldErrors::new();
        let current = match query.page.as_deref() {
            None | Some("") => 1,
            Some(text) => match text.parse::<i64>() {
                Ok(n) if (1..=MAX_PAGE).contains(&n) => n,
                _ => {
                    errors.insert("page".into(), vec!["ページ番号は1以上の整数で指定してください。".into()]);
                    1
                }
            },
        };
        let per = match query.per.as_deref() {
            None | Some("") => default_per,
            Some("all") if allow_all == AllowAll::Yes => MAX_ALL,
            Some(text) => match text.parse::<i64>() {
                Ok(n) if (1..=MAX_PER).contains(&n) => n,
                _ => {
                    errors.insert("per".into(), vec![format!("表示件数は1〜{MAX_PER}の整数で指定してください。")]);
                    default_per
                }
            },
        };
        if errors.is_empty() { Ok(Page { current, per }) } else { Err(ApiError::Invalid(errors)) }
    }

    pub fn parse_or_all(query: &PageOrAllQuery, default_per: i64) -> Result<Page, ApiError> {
        Page::parse(&PageQuery { page: query.page.clone(), per: query.per.clone() }, default_per, AllowAll::Yes)
    }

    pub fn offset(&self) -> i64 {
        (self.current - 1) * self.per
    }

    pub fn last(&self, total: i64) -> i64 {
        ((total + self.per - 1) / self.per).max(1)
    }
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct ListBody<T> {
    pub data: Vec<T>,
}

/// A page of results: the body is `{data}`, the counts travel in headers.
pub struct Paginated<T> {
    pub items: Vec<T>,
    pub total: i64,
    pub page: Page,
}

impl<T> Paginated<T> {
    pub fn new(items: Vec<T>, total: i64, page: Page) -> Self {
        Paginated { items, total, page }
    }
}

pub fn pagination_headers(total: i64, page: Page) -> HeaderMap {
    let mut headers = HeaderMap::new();
    let pairs = [("x-total", total), ("x-per-page", page.per), ("x-last-page", page.last(total)), ("x-current-page", page.current)];
    for (name, value) in pairs {
        headers.insert(name, HeaderValue::from(value));
    }
    headers
}

impl<T: Serialize> IntoResponse for Paginated<T> {
    fn into_response(self) -> Response {
        let headers = pagination_headers(self.total, self.page);
        (headers, Json(ListBody { data: self.items })).into_response()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn query(page: Option<&str>, per: Option<&str>) -> PageQuery {
        PageQuery { page: page.map(Into::into), per: per.map(Into::into) }
    }

    #[test]
    fn defaults_to_the_first_page_of_the_default_size() {
        let page = Page::parse(&query(None, None), PRODUCTS_PER, AllowAll::No).unwrap();
        assert_eq!(page, Page { current: 1, per: 15 });
        assert_eq!(page.offset(), 0);
    }

    #[test]
    fn later_pages_skip_the_earlier_rows() {
        let page = Page::parse(&query(Some("3"), Some("10")), DEFAULT_PER, AllowAll::No).unwrap();
        assert_eq!(page.offset(), 20);
        assert_eq!(page.last(21), 3);
        assert_eq!(page.last(0), 1);
    }

    #[test]
    fn per_all_is_capped_and_only_where_allowed() {
        let all = Page::parse(&query(None, Some("all")), DEFAULT_PER, AllowAll::Yes).unwrap();
        assert_eq!(all.per, MAX_ALL);
        assert!(Page::parse(&query(None, Some("all")), DEFAULT_PER, AllowAll::No).is_err());
    }

    #[test]
    fn nonsense_numbers_are_field_errors() {
        for (page, per) in [(Some("0"), None), (Some("x"), None), (None, Some("0")), (None, Some("101"))] {
            match Page::parse(&query(page, per), DEFAULT_PER, AllowAll::No) {
                Err(ApiError::Invalid(errors)) => assert!(!errors.is_empty()),
                other => panic!("expected 422 for {page:?}/{per:?}, got {other:?}"),
            }
        }
    }
}
