//! The product description's safe markup (商品説明, issue 31). Staff may write a few HTML tags
//! (paragraphs, emphasis, headings, lists, quotes, tables and links); everything else (scripts,
//! styles, event attributes, images, frames) is removed by `ammonia`'s HTML5 parser when the
//! form is saved, and again when the storefront renders it, so a description written before
//! this rule existed is safe too. A description without any tag is plain text, as it always
//! was: blank lines separate paragraphs, and the storefront gets it escaped as `<p>`s.
use std::collections::{HashMap, HashSet};
use std::sync::LazyLock;

use ammonia::{Builder, UrlRelative};

use crate::infra::escape::escape;

/// The tags a description may hold (the web form's preview allows exactly these).
pub const TAGS: [&str; 22] =
    ["p", "br", "strong", "b", "em", "i", "u", "s", "h3", "h4", "ul", "ol", "li", "blockquote", "hr", "a", "table", "thead", "tbody", "tr", "th", "td"];
pub const LINK_REL: &str = "noopener noreferrer nofollow";

static CLEANER: LazyLock<Builder<'static>> = LazyLock::new(|| {
    let mut builder = Builder::empty();
    builder
        .tags(TAGS.into_iter().collect())
        .tag_attributes(HashMap::from([("a", HashSet::from(["href"]))]))
        .url_schemes(HashSet::from(["http", "https", "mailto"]))
        .url_relative(UrlRelative::PassThrough)
        .link_rel(Some(LINK_REL))
        .clean_content_tags(HashSet::from(["script", "style"]))
        .attribute_filter(|_, attribute, value| (attribute != "href" || allowed_href(value)).then_some(value.into()))
        .strip_comments(true);
    builder
});

/// A link goes to a page of the shop (`/…`) or to an address with a scheme (`url_schemes`
/// keeps only http, https and mailto); `//host` (another site, without saying so), `#…` and
/// page-relative paths are dropped.
fn allowed_href(href: &str) -> bool {
    let href = href.trim();
    if href.starts_with('/') {
        return !href.starts_with("//") && !href.starts_with("/\\");
    }
    href.split_once(':').is_some_and(|(scheme, _)| !scheme.is_empty() && scheme.chars().all(|c| c.is_ascii_alphanumeric() || "+.-".contains(c)))
}

/// Whether the text holds markup: a `<` that opens a tag, a closing tag or a comment.
pub fn looks_like_markup(text: &str) -> bool {
    text.as_bytes().windows(2).any(|pair| pair[0] == b'<' && (pair[1].is_ascii_alphabetic() || pair[1] == b'/' || pair[1] == b'!'))
}

/// The description as it is saved: markup reduced to the allowed tags, plain text unchanged.
pub fn clean(text: &str) -> String {
    if looks_like_markup(text) { CLEANER.clean(text).to_string() } else { text.to_owned() }
}

/// The description as the storefront shows it: safe HTML.
pub fn to_html(text: &str) -> String {
    if looks_like_markup(text) {
        return CLEANER.clean(text).to_string();
    }
    let text = text.replace("\r\n", "\n");
    text.split("\n\n")
        .map(str::trim)
        .filter(|paragraph| !paragraph.is_empty())
        .map(|paragraph| format!("<p>{}</p>", paragraph.lines().map(escape).collect::<Vec<_>>().join("<br>")))
        .collect()
}

/// The description's words without markup (for a meta description): block ends become spaces.
pub fn plain_text(text: &str) -> String {
    if !looks_like_markup(text) {
        return text.to_owned();
    }
    let cleaned = CLEANER.clean(text).to_string();
    let mut out = String::with_capacity(cleaned.len());
    let mut in_tag = false;
    for c in cleaned.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => {
                in_tag = false;
                if !out.ends_with(' ') {
                    out.push(' ');
                }
            }
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    // The serialiser escapes only these in text.
    let out = out.replace("&lt;", "<").replace("&gt;", ">").replace("&nbsp;", " ").replace("&amp;", "&");
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scripts_styles_event_attributes_and_images_are_removed_and_links_are_marked() {
        let saved = clean(
            r#"<p onclick="steal()">綿<strong>100%</strong><script>alert(1)</script><style>p{}</style><img src=x onerror=alert(1)></p><a href="javascript:alert(1)">x</a><a href="https://example.jp/size" target="_blank">サイズ表</a>"#,
        );
        assert_eq!(
            saved,
            r#"<p>綿<strong>100%</strong></p><a rel="noopener noreferrer nofollow">x</a><a href="https://example.jp/size" rel="noopener noreferrer nofollow">サイズ表</a>"#
        );
    }

    #[test]
    fn the_allowed_tags_stay_and_cleaning_twice_changes_nothing() {
        let text = "<h3>素材</h3><ul><li>綿 &amp; 麻</li></ul><table><tbody><tr><th>幅</th><td>40cm</td></tr></tbody></table><blockquote>職人より</blockquote><a href=\"/products/cup\">カップ</a>";
        let once = clean(text);
        assert!(once.contains("<h3>素材</h3>") && once.contains("<li>綿 &amp; 麻</li>") && once.contains("<td>40cm</td>"));
        assert!(once.contains(r#"<a href="/products/cup" rel="noopener noreferrer nofollow">"#));
        assert_eq!(clean(&once), once);
    }

    #[test]
    fn plain_text_stays_plain_and_the_storefront_gets_escaped_paragraphs() {
        let text = "耐熱温度 < 120℃ & 電子レンジ可\n食洗機可\r\n\r\n手洗いをおすすめします";
        assert!(!looks_like_markup(text));
        assert_eq!(clean(text), text);
        assert_eq!(to_html(text), "<p>耐熱温度 &lt; 120℃ &amp; 電子レンジ可<br>食洗機可</p><p>手洗いをおすすめします</p>");
        assert_eq!(to_html(""), "");
    }

    #[test]
    fn links_go_to_a_page_of_the_shop_or_to_an_address_with_a_scheme() {
        let saved = clean(
            r#"<a href="/products/cup">a</a><a href="//evil.example/x">b</a><a href="guide">c</a><a href="https://example.jp">d</a><a href="mailto:shop@example.jp">e</a>"#,
        );
        assert_eq!(
            saved,
            concat!(
                r#"<a href="/products/cup" rel="noopener noreferrer nofollow">a</a><a rel="noopener noreferrer nofollow">b</a>"#,
                r#"<a rel="noopener noreferrer nofollow">c</a><a href="https://example.jp" rel="noopener noreferrer nofollow">d</a>"#,
                r#"<a href="mailto:shop@example.jp" rel="noopener noreferrer nofollow">e</a>"#
            )
        );
    }

    #[test]
    fn the_plain_words_of_markup_are_what_a_meta_description_reads() {
        assert_eq!(plain_text("<h3>素材</h3><p>綿 &amp; 麻<script>x</script></p><ul><li>M</li><li>L</li></ul>"), "素材 綿 & 麻 M L");
        assert_eq!(plain_text("a < b"), "a < b");
    }

    #[test]
    fn markup_saved_before_the_rule_is_cleaned_on_the_way_out() {
        assert_eq!(to_html("<p>ok</p><iframe src=\"https://evil.example\"></iframe>"), "<p>ok</p>");
    }
}
