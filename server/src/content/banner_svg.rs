//! The pictures of banners, drawn as SVG from the banner's title, caption and two colours.
//! Deterministic (the same input gives the same bytes), so the demo looks intentional and
//! tests can rely on it. Text is XML-escaped: a title can never inject markup or script.

pub struct BannerArt<'a> {
    pub title: &'a str,
    pub caption: &'a str,
    /// `#rrggbb` background and text colours.
    pub background: &'a str,
    pub foreground: &'a str,
    pub width: u32,
    pub height: u32,
}

pub fn render(art: &BannerArt<'_>) -> String {
    let (w, h) = (art.width, art.height);
    let background = colour(art.background, "#263238");
    let foreground = colour(art.foreground, "#ffffff");
    let title_size = (h / 6).max(14);
    let caption_size = (title_size * 3 / 5).max(10);
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" role=\"img\" aria-label=\"{label}\">\
<rect width=\"{w}\" height=\"{h}\" fill=\"{background}\"/>\
<path d=\"M{stripe_x} 0 L{w} 0 L{w} {h} L{stripe_end} {h} Z\" fill=\"{foreground}\" fill-opacity=\"0.12\"/>\
<text x=\"{pad}\" y=\"{title_y}\" font-family=\"'IPAexGothic','Noto Sans JP',sans-serif\" font-size=\"{title_size}\" font-weight=\"bold\" fill=\"{foreground}\">{title}</text>\
<text x=\"{pad}\" y=\"{caption_y}\" font-family=\"'IPAexGothic','Noto Sans JP',sans-serif\" font-size=\"{caption_size}\" fill=\"{foreground}\">{caption}</text>\
</svg>\n",
        label = escape(art.title),
        stripe_x = w * 2 / 3,
        stripe_end = w / 2,
        pad = w / 16,
        title_y = h / 2,
        caption_y = h / 2 + title_size + caption_size / 2,
        title = escape(art.title),
        caption = escape(art.caption),
    )
}

/// Only `#rrggbb` reaches an attribute; anything else takes the fallback.
fn colour<'a>(value: &'a str, fallback: &'a str) -> &'a str {
    let valid = value.len() == 7 && value.starts_with('#') && value[1..].bytes().all(|b| b.is_ascii_hexdigit());
    if valid { value } else { fallback }
}

fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn art<'a>(title: &'a str, background: &'a str) -> BannerArt<'a> {
        BannerArt { title, caption: "最大20%オフ", background, foreground: "#ffffff", width: 1200, height: 400 }
    }

    #[test]
    fn the_same_banner_gives_the_same_picture() {
        let first = render(&art("冬のメンテナンス特集", "#b3261e"));
        assert_eq!(first, render(&art("冬のメンテナンス特集", "#b3261e")));
        assert!(first.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1200\" height=\"400\""));
        assert!(first.contains(">冬のメンテナンス特集</text>"));
        assert!(first.contains("fill=\"#b3261e\""));
    }

    #[test]
    fn text_and_colours_cannot_inject_markup() {
        let svg = render(&art("<script>alert(1)</script> & \"x\"", "red\" onload=\"alert(1)"));
        assert!(!svg.contains("<script>"));
        assert!(svg.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;x&quot;"));
        assert!(!svg.contains("onload"));
        assert!(svg.contains("fill=\"#263238\""));
    }
}
