//! The pictures of banners, drawn as SVG from the banner's title, caption and two colours.
//! Deterministic (the same input gives the same bytes), so the demo looks intentional and
//! tests can rely on it. Text is XML-escaped: a title can never inject markup or script.
use crate::infra::escape::escape;

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
    // Text stops short of the right edge; long titles get smaller rather than clipped.
    let available = w - 2 * (w / 16);
    let title_size = fitting_size(art.title, (h / 6).max(14), available);
    let caption_size = fitting_size(art.caption, (title_size * 3 / 5).max(10), available);
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

/// Roughly how many ems a line takes: full-width characters one, narrow ones about 0.6.
fn width_in_ems(text: &str) -> f64 {
    text.chars().map(|c| if c.is_ascii() { 0.6 } else { 1.0 }).sum()
}

/// The largest size up to `preferred` at which `text` fits in `available` pixels.
fn fitting_size(text: &str, preferred: u32, available: u32) -> u32 {
    let ems = width_in_ems(text).max(1.0);
    ((f64::from(available) / ems).floor() as u32).clamp(10, preferred)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn art<'a>(title: &'a str, background: &'a str) -> BannerArt<'a> {
        BannerArt { title, caption: "最大20%オフ", background, foreground: "#ffffff", width: 1200, height: 400 }
    }

    #[test]
    fn long_titles_shrink_to_fit_the_banner() {
        assert_eq!(fitting_size("短い", 66, 1050), 66);
        let long = "LEDヘッドライトバルブ 車検対応モデル";
        let size = fitting_size(long, 66, 1050);
        assert!(size < 66 && f64::from(size) * width_in_ems(long) <= 1050.0);
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
