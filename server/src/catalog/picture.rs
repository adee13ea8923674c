//! Product pictures drawn from the product's own data (name, maker, code) as SVG, so the demo
//! catalogue has images that look intentional without shipping binary files. A shop with real
//! photographs would store them through the storage interface instead; the URLs stay the same.
use super::store;
use crate::infra::db::Db;
use crate::infra::escape::escape;
use crate::infra::ids::ChannelId;

/// The picture `/images/products/{file}` of a published product of the channel: what that
/// route and `/v1/files-contents` serve for the path.
pub async fn find_svg(db: &Db, channel_id: &ChannelId, file: &str) -> sqlx::Result<Option<String>> {
    let url = format!("/images/products/{file}");
    let Some(row) = store::products::find_picture(db, channel_id, &url).await? else { return Ok(None) };
    Ok(Some(render(&Subject { key: &row.product_key, name: &row.name, maker: row.maker_name.as_deref(), code: &row.code, position: row.position })))
}

/// What a picture shows.
pub struct Subject<'a> {
    pub key: &'a str,
    pub name: &'a str,
    pub maker: Option<&'a str>,
    pub code: &'a str,
    /// 1 for the main picture, 2+ for the extra "使用イメージ" shots.
    pub position: i64,
}

/// A stable hue per product, so the same product always looks the same.
fn hue_of(key: &str) -> u32 {
    key.bytes().fold(2166136261u32, |h, b| (h ^ u32::from(b)).wrapping_mul(16777619)) % 360
}

/// Splits a name into at most `lines` lines of about `width` characters, breaking at spaces
/// where it can (model numbers stay whole), ending with "…" when it does not fit.
fn wrap(text: &str, width: usize, lines: usize) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut current = String::new();
    for word in text.split_whitespace() {
        let mut word: Vec<char> = word.chars().collect();
        loop {
            let used = current.chars().count();
            let needed = word.len() + usize::from(used > 0);
            if used + needed <= width {
                if used > 0 {
                    current.push(' ');
                }
                current.extend(word.iter());
                break;
            }
            if used > 0 {
                out.push(std::mem::take(&mut current));
                continue;
            }
            // A word longer than a line is cut.
            let rest = word.split_off(width);
            out.push(word.iter().collect());
            word = rest;
            if word.is_empty() {
                break;
            }
        }
    }
    if !current.is_empty() {
        out.push(current);
    }
    if out.len() > lines {
        out.truncate(lines);
        if let Some(last) = out.last_mut() {
            if last.chars().count() >= width {
                last.pop();
            }
            last.push('…');
        }
    }
    out
}

/// A gear outline centred at (cx, cy): the shop's parts pictogram.
fn gear_path(cx: f64, cy: f64, outer: f64, inner: f64, teeth: usize) -> String {
    let mut d = String::new();
    let steps = teeth * 4;
    for i in 0..steps {
        let angle = i as f64 / steps as f64 * std::f64::consts::TAU;
        let radius = if (i / 2) % 2 == 0 { outer } else { inner };
        let (x, y) = (cx + radius * angle.cos(), cy + radius * angle.sin());
        d.push_str(&format!("{}{x:.1},{y:.1} ", if i == 0 { 'M' } else { 'L' }));
    }
    d.push('Z');
    d
}

pub fn render(subject: &Subject) -> String {
    let hue = hue_of(subject.key);
    let (light, dark) = (format!("hsl({hue},45%,92%)"), format!("hsl({hue},40%,38%)"));
    let accent = format!("hsl({},55%,48%)", (hue + 30) % 360);
    let name_lines: String = wrap(subject.name, 13, 2)
        .iter()
        .enumerate()
        .map(|(i, line)| {
            format!(r#"<text x="400" y="{}" font-size="44" font-weight="700" text-anchor="middle" fill="{dark}">{}</text>"#, 610 + i as i64 * 58, escape(line))
        })
        .collect();
    let maker = subject.maker.map(escape).unwrap_or_default();
    let badge = if subject.position > 1 {
        format!(
            r##"<rect x="560" y="40" width="200" height="56" rx="28" fill="{accent}"/><text x="660" y="78" font-size="28" text-anchor="middle" fill="#fff">使用イメージ</text>"##
        )
    } else {
        String::new()
    };
    let rotation = if subject.position > 1 { 22 } else { 0 };
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 800" width="800" height="800" role="img" aria-label="{label}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="{light}"/><stop offset="1" stop-color="#ffffff"/></linearGradient></defs>
<rect width="800" height="800" fill="url(#bg)"/>
<g font-family="'Noto Sans JP','Hiragino Sans','Yu Gothic',sans-serif">
<text x="48" y="84" font-size="32" fill="{dark}" opacity="0.85">{maker}</text>
{badge}
<g transform="rotate({rotation} 400 330)">
<path d="{gear}" fill="{dark}" opacity="0.9"/>
<circle cx="400" cy="330" r="92" fill="{light}"/>
<circle cx="400" cy="330" r="52" fill="{accent}"/>
</g>
{name_lines}
<text x="400" y="748" font-size="26" text-anchor="middle" fill="{dark}" opacity="0.7">品番 {code}</text>
</g>
</svg>
"##,
        label = escape(subject.name),
        gear = gear_path(400.0, 330.0, 200.0, 165.0, 12),
        code = escape(subject.code),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn subject(name: &str) -> Subject<'_> {
        Subject { key: "p0001", name, maker: Some("デイトナ"), code: "DT-01", position: 1 }
    }

    #[test]
    fn the_picture_names_the_product_and_escapes_markup() {
        let svg = render(&subject("LEDバルブ <H4> & \"車検対応\""));
        assert!(svg.starts_with("<svg"));
        assert!(svg.contains("LEDバルブ &lt;H4&gt; &amp; &quot;車検対応"));
        assert!(!svg.contains("<H4>"));
        assert!(svg.contains("デイトナ"));
        assert!(svg.contains("品番 DT-01"));
    }

    #[test]
    fn long_names_wrap_onto_two_lines_and_end_with_an_ellipsis() {
        let lines = wrap("あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほ", 13, 2);
        assert_eq!(lines.len(), 2);
        assert!(lines[1].ends_with('…'));
        assert_eq!(wrap("短い名前", 13, 2), vec!["短い名前".to_owned()]);
        assert_eq!(wrap("メッシュグローブ RST470 カーボン", 13, 2), vec!["メッシュグローブ".to_owned(), "RST470 カーボン".to_owned()]);
    }

    #[test]
    fn the_same_product_always_gets_the_same_colour() {
        assert_eq!(hue_of("p0001"), hue_of("p0001"));
        assert_ne!(render(&subject("A")), render(&Subject { key: "p0002", ..subject("A") }));
    }
}
