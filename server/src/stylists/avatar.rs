//! A stylist's avatar drawn as SVG from their initials and hue: deterministic, every text
//! escaped, so the demo staff have faces that look intentional without binary files.
use crate::infra::escape::escape;

const FONT: &str = "'IPAexGothic','Noto Sans JP',sans-serif";

pub fn render(name: &str, initials: &str, hue: i64) -> String {
    let h = hue.rem_euclid(360);
    // Two letters fit the circle at 96px; one (a kanji) may be larger.
    let size = if initials.chars().count() <= 1 { 120 } else { 96 };
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240" width="240" height="240" role="img" aria-label="{label}">
<circle cx="120" cy="120" r="120" fill="hsl({h},50%,42%)"/>
<circle cx="120" cy="120" r="104" fill="none" stroke="#ffffff" stroke-opacity="0.25" stroke-width="4"/>
<text x="120" y="120" dy="0.35em" text-anchor="middle" font-family="{FONT}" font-size="{size}" font-weight="700" fill="#ffffff">{initials}</text>
</svg>
"##,
        label = escape(name),
        initials = escape(initials),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_stylist_always_gets_the_same_picture() {
        assert_eq!(render("佐藤 健一", "KS", 210), render("佐藤 健一", "KS", 210));
        assert_ne!(render("佐藤 健一", "KS", 210), render("佐藤 健一", "KS", 30));
        assert!(render("佐藤 健一", "KS", 210).contains(">KS</text>"));
    }

    #[test]
    fn texts_are_escaped() {
        let svg = render("<script>", "A&B", 400);
        assert!(!svg.contains("<script>"));
        assert!(svg.contains("A&amp;B"));
        assert!(svg.contains("hsl(40,"));
    }
}
