//! Cover and page pictures of a catalogue, drawn as SVG (A4 proportions) from its title,
//! edition and page headings, and found by their file name. Deterministic, and every text is
//! escaped.
use super::store;
use crate::infra::db::Db;
use crate::infra::escape::escape;
use crate::infra::ids::ChannelId;
use crate::infra::time::Timestamp;

/// The picture `/images/catalogs/{file}` of a published catalogue of the channel: what that
/// route and `/v1/files-contents` serve for the path.
pub async fn find_svg(db: &Db, channel_id: &ChannelId, file: &str) -> sqlx::Result<Option<String>> {
    let Some((id, number)) = parse_file(file) else { return Ok(None) };
    let Some(catalog) = store::find_catalog(db, channel_id, id, Timestamp::now().0).await? else { return Ok(None) };
    Ok(match number {
        None => Some(cover(&catalog.title, &catalog.edition, store::count_pages(db, &catalog.id).await?)),
        Some(number) => store::find_page(db, &catalog.id, number).await?.map(|row| page(&catalog.title, row.number, &row.heading)),
    })
}

/// `<catalog id>-cover.svg` or `<catalog id>-<page number>.svg`.
fn parse_file(file: &str) -> Option<(&str, Option<i64>)> {
    let (id, which) = file.strip_suffix(".svg")?.rsplit_once('-')?;
    match which {
        "cover" => Some((id, None)),
        number if !number.is_empty() && number.len() <= 4 && number.bytes().all(|b| b.is_ascii_digit()) => Some((id, Some(number.parse().ok()?))),
        _ => None,
    }
}

const FONT: &str = "'IPAexGothic','Noto Sans JP',sans-serif";

/// The hue of a catalogue, taken from its title so each one has its own colour.
fn hue(title: &str) -> u32 {
    title.chars().fold(17u32, |h, c| h.wrapping_mul(31).wrapping_add(c as u32)) % 360
}

pub fn cover(title: &str, edition: &str, page_count: i64) -> String {
    let h = hue(title);
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 595 842" width="595" height="842" role="img" aria-label="{label}">
<rect width="595" height="842" fill="hsl({h},45%,28%)"/>
<path d="M0 560 L595 420 L595 842 L0 842 Z" fill="hsl({h},55%,45%)"/>
<circle cx="470" cy="190" r="120" fill="#ffffff" fill-opacity="0.08"/>
<g font-family="{FONT}" fill="#ffffff">
<text x="48" y="120" font-size="26" opacity="0.85">{edition}</text>
<text x="48" y="300" font-size="44" font-weight="700">{title}</text>
<text x="48" y="790" font-size="22" opacity="0.85">全{page_count}ページ</text>
</g>
</svg>
"##,
        label = escape(title),
        title = escape(title),
        edition = escape(edition),
    )
}

pub fn page(title: &str, number: i64, heading: &str) -> String {
    let h = hue(title);
    // Product tiles in a 2×3 grid, their shade varying with the page so pages differ.
    let tiles: String = (0..6)
        .map(|i| {
            let (x, y) = (48 + (i % 2) * 258, 200 + (i / 2) * 190);
            let light = 86 + ((number + i) % 3) * 4;
            format!(r##"<rect x="{x}" y="{y}" width="241" height="170" rx="8" fill="hsl({h},35%,{light}%)"/><rect x="{}" y="{}" width="120" height="14" rx="7" fill="hsl({h},30%,60%)"/>"##, x + 16, y + 140)
        })
        .collect();
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 595 842" width="595" height="842" role="img" aria-label="{label}">
<rect width="595" height="842" fill="#ffffff"/>
<rect width="595" height="110" fill="hsl({h},45%,28%)"/>
<g font-family="{FONT}">
<text x="48" y="70" font-size="30" font-weight="700" fill="#ffffff">{heading}</text>
<text x="48" y="160" font-size="16" fill="hsl({h},30%,35%)">{title}</text>
{tiles}
<text x="297" y="810" font-size="16" text-anchor="middle" fill="hsl({h},30%,35%)">{number}</text>
</g>
</svg>
"##,
        label = escape(&format!("{title} {number}ページ {heading}")),
        heading = escape(heading),
        title = escape(title),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picture_files_name_a_catalogue_and_a_cover_or_page() {
        let id = "0194f1c2-7a00-7000-8000-000000000001";
        assert_eq!(parse_file(&format!("{id}-cover.svg")), Some((id, None)));
        assert_eq!(parse_file(&format!("{id}-12.svg")), Some((id, Some(12))));
        for bad in ["cover.svg", "x-.svg", "x-99999999999999999999.svg", "x-1.png", "x-1a.svg", "x-+1.svg"] {
            assert_eq!(parse_file(bad), None, "{bad}");
        }
    }

    #[test]
    fn the_same_text_draws_the_same_picture() {
        assert_eq!(page("冬季総合カタログ", 3, "電装パーツ"), page("冬季総合カタログ", 3, "電装パーツ"));
        assert_ne!(page("冬季総合カタログ", 3, "電装パーツ"), page("冬季総合カタログ", 4, "電装パーツ"));
    }

    #[test]
    fn text_cannot_inject_markup() {
        let svg = cover("<script>alert(1)</script>", "\"edition", 12);
        assert!(!svg.contains("<script>"));
        assert!(svg.contains("&lt;script&gt;"));
    }
}
