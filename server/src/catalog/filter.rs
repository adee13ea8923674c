//! The product list's query string turned into a checked filter: every parameter arrives as
//! text so that a bad number becomes a Japanese message on its own field, never a 500 or a
//! generic rejection.
use serde::Deserialize;

use crate::infra::error::{ApiError, FieldErrors};
use crate::infra::extract::query_switch;
use crate::infra::pagination::{AllowAll, PRODUCTS_PER, Page, PageQuery};
use crate::infra::search_text::{self, MAX_KEYWORD_CHARS};

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ProductListQuery {
    /// 1-based page number.
    #[param(schema_with = crate::infra::pagination::page_schema)]
    pub page: Option<String>,
    /// Page size, 1–100 (default 15).
    #[param(schema_with = crate::infra::pagination::per_schema)]
    pub per: Option<String>,
    /// Category key.
    pub category: Option<String>,
    /// `1`: also products of every category below `category`.
    #[param(schema_with = crate::infra::extract::switch_schema)]
    pub child: Option<String>,
    /// Maker key.
    pub maker: Option<String>,
    /// Brand key.
    pub brand: Option<String>,
    /// Tag key.
    pub tag: Option<String>,
    /// Words separated by spaces; every word must occur in the product's name, code, maker,
    /// brand, category or variation names (width and kana insensitive, any part of a word).
    #[param(max_length = 100)]
    pub keyword: Option<String>,
    /// Lowest tax-included price in yen.
    #[param(schema_with = yen_schema)]
    pub price_min: Option<String>,
    /// Highest tax-included price in yen (not below `price_min`).
    #[param(schema_with = yen_schema)]
    pub price_max: Option<String>,
    /// `1`: only products with stock.
    #[param(schema_with = crate::infra::extract::switch_schema)]
    pub in_stock: Option<String>,
    /// `new` (default), `price_asc`, `price_desc` or `popular`. With a keyword and no sort,
    /// results are ranked by relevance (BM25; a match in the product name weighs more than one
    /// in its code, maker, brand or category names), equal relevance by popularity.
    #[param(pattern = "^\\s*(new|price_asc|price_desc|popular)?\\s*$")]
    pub sort: Option<String>,
}

/// A price filter as [`yen`] reads it: a whole number of yen, or blank for none.
fn yen_schema() -> utoipa::openapi::schema::Schema {
    crate::infra::pagination::number_or(0..=i64::MAX, &[])
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sort {
    New,
    PriceAsc,
    PriceDesc,
    Popular,
    /// Keyword searches without an explicit sort: the search index's order (BM25 with the
    /// name boosted, ties by popularity).
    Relevance,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProductFilter {
    pub category: Option<String>,
    pub include_descendants: bool,
    pub maker: Option<String>,
    pub brand: Option<String>,
    pub tag: Option<String>,
    /// Normalised search terms; all must match.
    pub terms: Vec<String>,
    pub price_min: Option<i64>,
    pub price_max: Option<i64>,
    pub in_stock: bool,
    pub sort: Sort,
}

impl ProductFilter {
    /// Parses the whole query, reporting every bad field at once.
    pub fn parse(query: &ProductListQuery) -> Result<(ProductFilter, Page), ApiError> {
        let mut errors = FieldErrors::new();
        let page_query = PageQuery { page: query.page.clone(), per: query.per.clone() };
        let page = match Page::parse(&page_query, PRODUCTS_PER, AllowAll::No) {
            Ok(page) => Some(page),
            Err(ApiError::Invalid(page_errors)) => {
                errors.extend(page_errors);
                None
            }
            Err(other) => return Err(other),
        };
        let price_min = yen(&mut errors, "price_min", "価格の下限", query.price_min.as_deref());
        let price_max = yen(&mut errors, "price_max", "価格の上限", query.price_max.as_deref());
        if let (Some(min), Some(max)) = (price_min, price_max)
            && min > max
        {
            errors.entry("price_max".into()).or_default().push("価格の上限は下限以上の金額を指定してください。".into());
        }
        let include_descendants = switch(&mut errors, "child", "下位カテゴリの指定", query.child.as_deref());
        let in_stock = switch(&mut errors, "in_stock", "在庫ありの指定", query.in_stock.as_deref());
        // The limit counts what was sent, spaces included, as the document's maxLength does.
        if query.keyword.as_deref().is_some_and(|k| k.chars().count() > MAX_KEYWORD_CHARS) {
            errors.insert("keyword".into(), vec![format!("キーワードは{MAX_KEYWORD_CHARS}文字以内で指定してください。")]);
        }
        let keyword = text(query.keyword.as_deref());
        let terms = keyword.as_deref().map(search_text::terms).unwrap_or_default();
        let sort = match text(query.sort.as_deref()).as_deref() {
            None if !terms.is_empty() => Sort::Relevance,
            None | Some("new") => Sort::New,
            Some("price_asc") => Sort::PriceAsc,
            Some("price_desc") => Sort::PriceDesc,
            Some("popular") => Sort::Popular,
            Some(_) => {
                errors.insert("sort".into(), vec!["並び順は new、price_asc、price_desc、popular のいずれかで指定してください。".into()]);
                Sort::New
            }
        };
        match page {
            Some(page) if errors.is_empty() => Ok((
                ProductFilter {
                    category: text(query.category.as_deref()),
                    include_descendants,
                    maker: text(query.maker.as_deref()),
                    brand: text(query.brand.as_deref()),
                    tag: text(query.tag.as_deref()),
                    terms,
                    price_min,
                    price_max,
                    in_stock,
                    sort,
                },
                page,
            )),
            _ => Err(ApiError::Invalid(errors)),
        }
    }
}

/// Trimmed text, or nothing when blank.
fn text(value: Option<&str>) -> Option<String> {
    value.map(str::trim).filter(|v| !v.is_empty()).map(str::to_owned)
}

/// Blank is no bound; anything else must be the plain integer the schema documents (no padding).
fn yen(errors: &mut FieldErrors, field: &str, label: &str, value: Option<&str>) -> Option<i64> {
    let value = value.filter(|v| !v.is_empty())?;
    match value.parse::<i64>() {
        Ok(yen) if yen >= 0 => Some(yen),
        _ => {
            errors.insert(field.into(), vec![format!("{label}は0以上の整数で指定してください。")]);
            None
        }
    }
}

/// `1`/`true` on, `0`/`false`/blank off; anything else is a field error.
fn switch(errors: &mut FieldErrors, field: &str, label: &str, value: Option<&str>) -> bool {
    query_switch(value).unwrap_or_else(|| {
        errors.insert(field.into(), vec![format!("{label}は0または1で指定してください。")]);
        false
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(pairs: &[(&str, &str)]) -> Result<(ProductFilter, Page), ApiError> {
        let mut query = ProductListQuery::default();
        for (name, value) in pairs {
            let slot = match *name {
                "page" => &mut query.page,
                "per" => &mut query.per,
                "category" => &mut query.category,
                "child" => &mut query.child,
                "keyword" => &mut query.keyword,
                "price_min" => &mut query.price_min,
                "price_max" => &mut query.price_max,
                "in_stock" => &mut query.in_stock,
                "sort" => &mut query.sort,
                other => panic!("no parameter {other}"),
            };
            *slot = Some((*value).to_owned());
        }
        ProductFilter::parse(&query)
    }

    fn field_errors(pairs: &[(&str, &str)]) -> FieldErrors {
        match parse(pairs) {
            Err(ApiError::Invalid(errors)) => errors,
            other => panic!("expected field errors, got {other:?}"),
        }
    }

    #[test]
    fn an_empty_query_lists_the_newest_fifteen() {
        let (filter, page) = parse(&[]).unwrap();
        assert_eq!(page.per, 15);
        assert_eq!(filter.sort, Sort::New);
        assert!(filter.terms.is_empty() && !filter.in_stock && !filter.include_descendants);
    }

    #[test]
    fn blank_parameters_mean_no_filter() {
        let (filter, _) = parse(&[("category", " "), ("price_min", ""), ("keyword", "　"), ("sort", "")]).unwrap();
        assert_eq!(filter.category, None);
        assert_eq!(filter.price_min, None);
        assert_eq!(filter.sort, Sort::New);
    }

    #[test]
    fn a_keyword_without_sort_ranks_by_relevance() {
        let (filter, _) = parse(&[("keyword", "ｸﾞﾛｰﾌﾞ")]).unwrap();
        assert_eq!(filter.terms, vec!["ぐろーぶ"]);
        assert_eq!(filter.sort, Sort::Relevance);
        let (sorted, _) = parse(&[("keyword", "グローブ"), ("sort", "price_asc")]).unwrap();
        assert_eq!(sorted.sort, Sort::PriceAsc);
    }

    #[test]
    fn prices_must_be_whole_non_negative_yen_in_order() {
        let errors = field_errors(&[("price_min", "-1"), ("price_max", "1.5")]);
        assert_eq!(errors["price_min"], vec!["価格の下限は0以上の整数で指定してください。"]);
        assert_eq!(errors["price_max"], vec!["価格の上限は0以上の整数で指定してください。"]);
        let errors = field_errors(&[("price_min", "5000"), ("price_max", "1000")]);
        assert_eq!(errors["price_max"], vec!["価格の上限は下限以上の金額を指定してください。"]);
        let (filter, _) = parse(&[("price_min", "1000"), ("price_max", "1000")]).unwrap();
        assert_eq!((filter.price_min, filter.price_max), (Some(1000), Some(1000)));
    }

    #[test]
    fn every_bad_field_is_reported_together() {
        let errors = field_errors(&[("page", "0"), ("sort", "cheap"), ("in_stock", "yes"), ("child", "2")]);
        let fields: Vec<_> = errors.keys().map(String::as_str).collect();
        assert_eq!(fields, vec!["child", "in_stock", "page", "sort"]);
    }

    #[test]
    fn overlong_keywords_are_refused() {
        let long = "あ".repeat(MAX_KEYWORD_CHARS + 1);
        assert!(field_errors(&[("keyword", &long)]).contains_key("keyword"));
    }
}
