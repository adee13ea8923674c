//! Which paths may be bookmarked, and what kind of page each is.
use serde::{Deserialize, Serialize};

const URL_MAX: usize = 500;
const TITLE_MAX: usize = 100;

/// Paths that are the member's own or a step of a purchase: never worth a bookmark.
const PRIVATE_PREFIXES: [&str; 8] = ["/mypage", "/cart", "/login", "/register", "/social-gift", "/orders", "/reminder", "/verify"];

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    News,
    Blog,
    Product,
    ProductSearch,
    Page,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::News => "news",
            Kind::Blog => "blog",
            Kind::Product => "product",
            Kind::ProductSearch => "product_search",
            Kind::Page => "page",
        }
    }

    pub fn parse(text: &str) -> Option<Kind> {
        [Kind::News, Kind::Blog, Kind::Product, Kind::ProductSearch, Kind::Page].into_iter().find(|k| k.as_str() == text)
    }

    /// The kind of a site path (`/news/abc`, `/product?keyword=…`).
    fn of(url: &str) -> Kind {
        let path = url.split(['?', '#']).next().unwrap_or(url).trim_end_matches('/');
        let mut segments = path.split('/').skip(1);
        match (segments.next(), segments.next()) {
            (Some("news"), Some(_)) => Kind::News,
            (Some("blog"), Some(_)) => Kind::Blog,
            (Some("product"), Some(_)) => Kind::Product,
            (Some("product"), None) => Kind::ProductSearch,
            _ => Kind::Page,
        }
    }
}

/// A checked bookmark target.
#[derive(Debug, PartialEq, Eq)]
pub struct Target {
    pub url: String,
    pub title: String,
    pub kind: Kind,
}

/// Checks a url and title: the url must be a path of this shop (no scheme, no host, no `//`),
/// not a private or purchase page. Errors are (field, Japanese message).
pub fn check(url: &str, title: &str) -> Result<Target, Vec<(&'static str, String)>> {
    let mut errors = Vec::new();
    let url = url.trim();
    let title = title.trim();
    if url.is_empty() {
        errors.push(("url", "ブックマークするページを指定してください。".to_owned()));
    } else if url.chars().count() > URL_MAX {
        errors.push(("url", format!("URLは{URL_MAX}文字以内で指定してください。")));
    } else if !is_site_path(url) {
        errors.push(("url", "このショップのページのみブックマークできます。".to_owned()));
    } else if is_private(url) {
        errors.push(("url", "このページはブックマークできません。".to_owned()));
    }
    if title.is_empty() {
        errors.push(("title", "タイトルを入力してください。".to_owned()));
    } else if title.chars().count() > TITLE_MAX {
        errors.push(("title", format!("タイトルは{TITLE_MAX}文字以内で入力してください。")));
    }
    if errors.is_empty() { Ok(Target { url: url.to_owned(), title: title.to_owned(), kind: Kind::of(url) }) } else { Err(errors) }
}

fn is_site_path(url: &str) -> bool {
    url.starts_with('/') && !url.starts_with("//") && !url.contains('\\') && !url.chars().any(char::is_control) && !url.chars().any(char::is_whitespace)
}

fn is_private(url: &str) -> bool {
    let path = url.split(['?', '#']).next().unwrap_or(url);
    PRIVATE_PREFIXES.iter().any(|prefix| path == *prefix || path.starts_with(&format!("{prefix}/")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_kind_follows_the_path() {
        assert_eq!(check("/news/winter-sale", "冬のセール").unwrap().kind, Kind::News);
        assert_eq!(check("/blog/izu", "伊豆").unwrap().kind, Kind::Blog);
        assert_eq!(check("/product/sh-ff-01", "Z-8").unwrap().kind, Kind::Product);
        assert_eq!(check("/product?keyword=ヘルメット", "検索").unwrap().kind, Kind::ProductSearch);
        assert_eq!(check("/product/", "商品一覧").unwrap().kind, Kind::ProductSearch);
        assert_eq!(check("/guide/shipping", "配送について").unwrap().kind, Kind::Page);
    }

    #[test]
    fn only_public_paths_of_this_shop() {
        for bad in ["https://evil.example/", "//evil.example/x", "javascript:alert(1)", "news/x", "/a b", "/x\\y"] {
            assert_eq!(check(bad, "t").unwrap_err()[0].1, "このショップのページのみブックマークできます。", "{bad}");
        }
        for private in ["/mypage", "/mypage/order_history", "/cart/confirm", "/orders/receipt?no=1&t=x", "/social-gift?token=x"] {
            assert_eq!(check(private, "t").unwrap_err()[0].1, "このページはブックマークできません。", "{private}");
        }
        assert!(check("/cartoon-special", "t").is_ok(), "a prefix is a whole segment");
    }

    #[test]
    fn title_and_url_lengths() {
        let errors = check("", &"あ".repeat(101)).unwrap_err();
        assert_eq!(errors.iter().map(|e| e.0).collect::<Vec<_>>(), ["url", "title"]);
        assert!(check(&format!("/{}", "a".repeat(499)), "t").is_ok());
        assert!(check(&format!("/{}", "a".repeat(500)), "t").is_err());
    }
}
