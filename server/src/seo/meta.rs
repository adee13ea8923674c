//! Filling a page's `<title>`, description, canonical link, Open Graph and JSON-LD into the
//! SPA's index.html, so shared links and search engines see the page without running script.
use serde_json::Value;

use crate::cart::loaded::yen;
use crate::infra::escape::escape;

#[derive(Debug, Clone, Default)]
pub struct PageMeta {
    pub title: String,
    pub description: String,
    /// Absolute URL of the page.
    pub canonical: String,
    /// `website`, `article` or `product`.
    pub og_type: &'static str,
    /// Absolute URL of the page's picture.
    pub image: Option<String>,
    pub json_ld: Option<Value>,
    /// What the page's first screen shows, written into the document so the browser paints it
    /// before the app's script has run (the app removes it when its page is on screen).
    pub first_view: Option<FirstView>,
}

/// A page's largest content in plain HTML, drawn like the app draws it so that the app's own
/// element, when it replaces this one, is no larger (the largest paint stays this early one).
#[derive(Debug, Clone)]
pub enum FirstView {
    /// A product page: its main picture, name and tax-included price in yen.
    Product {
        heading: String,
        /// Same-site path and text alternative of the main picture.
        image: Option<(String, String)>,
        price: i64,
    },
    /// The home page: the first slide of its main banners (same-site path, text alternative).
    Banner { src: String, alt: String },
    /// The product list: its heading and first cards, two to a row as on a phone.
    List { heading: String, cards: Vec<FirstViewCard> },
}

/// A product card of the list's first view.
#[derive(Debug, Clone)]
pub struct FirstViewCard {
    pub name: String,
    /// Same-site path of the main picture (the name is its text alternative when it has none).
    pub image: Option<(String, String)>,
    /// Tax-included price in yen.
    pub price: i64,
}

impl FirstView {
    fn html(&self) -> String {
        let inner = match self {
            Self::Product { heading, image, price } => {
                let picture = image.as_ref().map_or_else(String::new, |(src, alt)| {
                    format!(r#"<img class="first-view-image" src="{}" alt="{}" width="640" height="640" fetchpriority="high">"#, escape(src), escape(alt))
                });
                format!(r#"{picture}<h1 class="first-view-heading">{}</h1><p class="first-view-price">{}円（税込）</p>"#, escape(heading), yen(*price))
            }
            Self::Banner { src, alt } => {
                format!(r#"<img class="first-view-banner" src="{}" alt="{}" width="1200" height="400" fetchpriority="high">"#, escape(src), escape(alt))
            }
            Self::List { heading, cards } => {
                let items: String = cards
                    .iter()
                    .map(|card| {
                        let picture = card
                            .image
                            .as_ref()
                            .map_or_else(String::new, |(src, alt)| format!(r#"<img src="{}" alt="{}" width="320" height="320">"#, escape(src), escape(alt)));
                        format!(r#"<li>{picture}<p>{}</p><p class="first-view-price">{}円（税込）</p></li>"#, escape(&card.name), yen(card.price))
                    })
                    .collect();
                format!(r#"<h1 class="first-view-heading">{}</h1><ul class="first-view-cards">{items}</ul>"#, escape(heading))
            }
        };
        format!(r#"<div class="first-view" id="first-view">{inner}</div>"#)
    }
}

const ROOT: &str = r#"<div id="root"></div>"#;

/// Keeps a description to what search results show, on a character (not byte) boundary.
pub fn summarise(text: &str, max_chars: usize) -> String {
    let flat: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if flat.chars().count() <= max_chars {
        return flat;
    }
    let mut cut: String = flat.chars().take(max_chars - 1).collect();
    cut.push('…');
    cut
}

/// JSON inside a `<script>` element must not be able to close it.
fn script_safe_json(value: &Value) -> String {
    value.to_string().replace('<', "\\u003c").replace('>', "\\u003e").replace('&', "\\u0026")
}

pub fn inject(index_html: &str, meta: &PageMeta, site_name: &str) -> String {
    let title = if meta.title.is_empty() { site_name.to_owned() } else { format!("{} | {}", meta.title, site_name) };
    let mut head = String::new();
    let mut tag = |line: String| {
        head.push_str(&line);
        head.push('\n');
    };
    tag(format!(r#"<meta name="description" content="{}">"#, escape(&meta.description)));
    tag(format!(r#"<link rel="canonical" href="{}">"#, escape(&meta.canonical)));
    tag(format!(r#"<meta property="og:title" content="{}">"#, escape(&title)));
    tag(format!(r#"<meta property="og:description" content="{}">"#, escape(&meta.description)));
    tag(format!(r#"<meta property="og:type" content="{}">"#, meta.og_type));
    tag(format!(r#"<meta property="og:url" content="{}">"#, escape(&meta.canonical)));
    tag(format!(r#"<meta property="og:site_name" content="{}">"#, escape(site_name)));
    tag(r#"<meta property="og:locale" content="ja_JP">"#.to_owned());
    if let Some(image) = &meta.image {
        tag(format!(r#"<meta property="og:image" content="{}">"#, escape(image)));
    }
    if let Some(json_ld) = &meta.json_ld {
        tag(format!(r#"<script type="application/ld+json">{}</script>"#, script_safe_json(json_ld)));
    }

    let with_title = match (index_html.find("<title>"), index_html.find("</title>")) {
        (Some(start), Some(end)) if start < end => {
            format!("{}<title>{}</title>{}", &index_html[..start], escape(&title), &index_html[end + "</title>".len()..])
        }
        _ => index_html.to_owned(),
    };
    let with_head = match with_title.find("</head>") {
        Some(at) => format!("{}{}{}", &with_title[..at], head, &with_title[at..]),
        None => with_title,
    };
    // Beside the app's root, not in it: React never re-creates these nodes (a new picture would be
    // a new, later largest paint); the app removes them when its own page is on screen.
    match &meta.first_view {
        Some(view) => with_head.replacen(ROOT, &format!("{}{ROOT}", view.html()), 1),
        None => with_head,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const INDEX: &str = "<!doctype html><html lang=\"ja\"><head><title>オンラインショップ</title></head><body><div id=\"root\"></div></body></html>";

    #[test]
    fn the_title_and_tags_land_in_the_head() {
        let meta = PageMeta {
            title: "LEDバルブ H4".into(),
            description: "車検対応".into(),
            canonical: "http://localhost:8080/product/p1".into(),
            og_type: "product",
            image: Some("http://localhost:8080/images/products/p1.svg".into()),
            json_ld: Some(json!({"@type": "Product", "name": "LEDバルブ </script><script>alert(1)</script>"})),
            first_view: None,
        };
        let html = inject(INDEX, &meta, "ライドパーツ本舗");
        assert!(html.contains("<title>LEDバルブ H4 | ライドパーツ本舗</title>"));
        assert!(html.contains(r#"<link rel="canonical" href="http://localhost:8080/product/p1">"#));
        assert!(html.contains(r#"<meta property="og:type" content="product">"#));
        assert_eq!(html.matches("</script>").count(), 1, "JSON-LD cannot close its element early");
        assert!(html.find("application/ld+json").unwrap() < html.find("</head>").unwrap());
    }

    #[test]
    fn the_first_view_goes_into_the_root_escaped() {
        let view = FirstView::Product {
            heading: "LEDバルブ <b>H4</b>".into(),
            image: Some(("/images/products/p1.svg".into(), "LEDバルブ \"H4\"".into())),
            price: 1234567,
        };
        let html = inject(INDEX, &PageMeta { first_view: Some(view), ..Default::default() }, "店");
        let root = &html[html.find(r#"<div class="first-view""#).unwrap()..];
        assert!(root.starts_with(
            r#"<div class="first-view" id="first-view"><img class="first-view-image" src="/images/products/p1.svg" alt="LEDバルブ &quot;H4&quot;""#
        ));
        assert!(root.ends_with("</p></div><div id=\"root\"></div></body></html>"), "beside the app's root, before it: {root}");
        assert!(root.contains("<h1 class=\"first-view-heading\">LEDバルブ &lt;b&gt;H4&lt;/b&gt;</h1>"));
        assert!(root.contains("1,234,567円（税込）"));
        assert_eq!(inject(INDEX, &PageMeta::default(), "店").matches(r#"<div id="root"></div>"#).count(), 1, "no first view: the root stays empty");
    }

    #[test]
    fn the_home_first_view_is_its_first_banner_at_the_carousel_shape() {
        let view = FirstView::Banner { src: "/images/banners/b1.svg".into(), alt: "冬の<セール>".into() };
        let html = inject(INDEX, &PageMeta { first_view: Some(view), ..Default::default() }, "店");
        assert!(html.contains(
            r#"<div class="first-view" id="first-view"><img class="first-view-banner" src="/images/banners/b1.svg" alt="冬の&lt;セール&gt;" width="1200" height="400" fetchpriority="high"></div><div id="root"></div>"#
        ));
    }

    #[test]
    fn the_list_first_view_is_its_heading_and_first_cards() {
        let card = |n: i64| FirstViewCard { name: format!("商品<{n}>"), image: Some((format!("/images/products/p{n}.svg"), String::new())), price: 1000 * n };
        let view = FirstView::List { heading: "商品一覧".into(), cards: vec![card(1), card(2)] };
        let html = inject(INDEX, &PageMeta { first_view: Some(view), ..Default::default() }, "店");
        assert!(html.contains(r#"<h1 class="first-view-heading">商品一覧</h1><ul class="first-view-cards"><li><img src="/images/products/p1.svg" alt="" width="320" height="320"><p>商品&lt;1&gt;</p><p class="first-view-price">1,000円（税込）</p></li>"#), "{html}");
        assert_eq!(html.matches("<li>").count(), 2);
    }

    #[test]
    fn markup_in_shop_data_is_escaped() {
        let meta = PageMeta { title: "\"><img src=x>".into(), ..Default::default() };
        let html = inject(INDEX, &meta, "店");
        assert!(!html.contains("<img src=x>"));
    }

    #[test]
    fn descriptions_are_cut_on_characters() {
        assert_eq!(summarise("あいうえお かきくけこ", 6), "あいうえお…");
        assert_eq!(summarise("短い\n\n説明", 120), "短い 説明");
    }
}
