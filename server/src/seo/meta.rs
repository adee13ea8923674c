//! Filling a page's `<title>`, description, canonical link, Open Graph and JSON-LD into the
//! SPA's index.html, so shared links and search engines see the page without running script.
use serde_json::Value;

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
}

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
    match with_title.find("</head>") {
        Some(at) => format!("{}{}{}", &with_title[..at], head, &with_title[at..]),
        None => with_title,
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
        };
        let html = inject(INDEX, &meta, "ライドパーツ本舗");
        assert!(html.contains("<title>LEDバルブ H4 | ライドパーツ本舗</title>"));
        assert!(html.contains(r#"<link rel="canonical" href="http://localhost:8080/product/p1">"#));
        assert!(html.contains(r#"<meta property="og:type" content="product">"#));
        assert_eq!(html.matches("</script>").count(), 1, "JSON-LD cannot close its element early");
        assert!(html.find("application/ld+json").unwrap() < html.find("</head>").unwrap());
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
