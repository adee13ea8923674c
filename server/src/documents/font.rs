//! The Japanese font that every receipt and quotation embeds: the Japanese face of Noto Sans CJK
//! cut down to the characters a shop prints (`scripts/pdf-font.py`; SIL Open Font License 1.1,
//! `server/assets/fonts/OFL.txt`). It is compiled into the binary so that no deployment needs a
//! font installed and the PDF looks the same in every viewer; each PDF carries only the glyphs it
//! uses ([`subset`]).
//!
//! [`shape`] turns text into glyphs: one glyph per character, advances from the font (its em is
//! 1000 units, so an advance is already in thousandths of the font size). A character the font
//! lacks is drawn as its compatibility form where that exists (ﬁ → f i), else as the geta mark
//! 〓 — visibly, never dropped — and the run keeps the original text for copy and search.
use std::sync::LazyLock;

use anyhow::Context;
use subsetter::GlyphRemapper;
use ttf_parser::{Face, GlyphId, Tag};
use unicode_normalization::UnicodeNormalization;

static DATA: &[u8] = include_bytes!("../../assets/fonts/NotoSansCJKjp-Regular-shop.otf");

/// The PostScript name of the face (`pdffonts` shows it after the subset tag).
pub const POSTSCRIPT_NAME: &str = "NotoSansCJKjp-Regular";

/// Drawn for a character the font lacks: 〓, the mark Japanese print uses for a missing glyph.
pub const SUBSTITUTE: char = '〓';

static FACE: LazyLock<Face<'static>> = LazyLock::new(|| Face::parse(DATA, 0).expect("the font compiled into the binary parses"));

/// One glyph: its id in the embedded font, its advance in thousandths of the font size and the
/// character it draws (what the PDF's ToUnicode map gives back for it).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Glyph {
    pub id: u16,
    pub advance: f32,
    pub unicode: char,
}

/// Glyphs drawn together. `actual` is the text they stand for when it is not what the glyphs
/// read (a substitute or a compatibility form): the PDF marks the run with it (/ActualText) so
/// that copying and searching find what the customer typed.
#[derive(Debug, Clone, PartialEq)]
pub struct Run {
    pub glyphs: Vec<Glyph>,
    pub actual: Option<String>,
}

impl Run {
    /// Whether the run stands for characters the font cannot draw at all (drawn as 〓).
    pub fn is_substitute(&self) -> bool {
        self.actual.is_some() && self.glyphs.iter().all(|g| g.unicode == SUBSTITUTE)
    }
}

fn glyph(c: char) -> Option<Glyph> {
    let face = &*FACE;
    let id = face.glyph_index(c)?;
    Some(Glyph { id: id.0, advance: f32::from(face.glyph_hor_advance(id).unwrap_or(1000)), unicode: c })
}

/// Variation selectors, joiners and other format characters draw nothing by definition.
fn is_invisible(c: char) -> bool {
    matches!(c, '\u{200B}'..='\u{200F}' | '\u{2060}'..='\u{2064}' | '\u{FE00}'..='\u{FE0F}' | '\u{FEFF}' | '\u{E0100}'..='\u{E01EF}')
        || (c.is_control() && c != '\t')
}

/// The glyphs of `text`, in runs: characters the font has share one run; each character it
/// lacks gets a run of its own with the original text in `actual`.
pub fn shape(text: &str) -> Vec<Run> {
    let mut runs: Vec<Run> = Vec::new();
    let mut plain = Vec::new();
    for c in text.chars() {
        let c = if c == '\t' { ' ' } else { c };
        if is_invisible(c) {
            continue;
        }
        if let Some(found) = glyph(c) {
            plain.push(found);
            continue;
        }
        if !plain.is_empty() {
            runs.push(Run { glyphs: std::mem::take(&mut plain), actual: None });
        }
        runs.push(Run { glyphs: stand_in(c), actual: Some(c.to_string()) });
    }
    if !plain.is_empty() {
        runs.push(Run { glyphs: plain, actual: None });
    }
    runs
}

/// What is drawn for a character the font lacks: its compatibility decomposition when the font
/// has all of it (ﬁ, 𝐀, ㋿), else 〓.
fn stand_in(c: char) -> Vec<Glyph> {
    let compatible: String = c.to_string().nfkc().collect();
    if compatible != c.to_string()
        && let Some(glyphs) = compatible.chars().map(glyph).collect::<Option<Vec<_>>>()
    {
        return glyphs;
    }
    vec![glyph(SUBSTITUTE).expect("the font has the geta mark")]
}

/// The width of `text` in thousandths of the font size.
pub fn units(text: &str) -> f32 {
    shape(text).iter().flat_map(|run| &run.glyphs).map(|g| g.advance).sum()
}

/// The advance of a glyph by id (the PDF's /W array).
pub fn advance(id: u16) -> f32 {
    f32::from(FACE.glyph_hor_advance(GlyphId(id)).unwrap_or(0))
}

/// The font program to embed: the glyphs `remapper` names, renumbered as it says, as a bare
/// CID-keyed CFF font (the PDF's FontFile3 /CIDFontType0C), whose CIDs are the new glyph ids.
pub fn subset(remapper: &GlyphRemapper) -> anyhow::Result<Vec<u8>> {
    let otf = subsetter::subset(DATA, 0, remapper).map_err(|error| anyhow::anyhow!("subsetting {POSTSCRIPT_NAME}: {error}"))?;
    let face = ttf_parser::RawFace::parse(&otf, 0).context("reading the font subset")?;
    let cff = face.table(Tag::from_bytes(b"CFF ")).context("the font subset has no CFF table")?;
    Ok(cff.to_vec())
}

/// Metrics for the PDF's font descriptor, in thousandths of the font size.
pub struct Metrics {
    pub bbox: [f32; 4],
    pub ascent: f32,
    pub descent: f32,
    pub cap_height: f32,
}

pub fn metrics() -> Metrics {
    let face = &*FACE;
    let bbox = face.global_bounding_box();
    Metrics {
        bbox: [bbox.x_min, bbox.y_min, bbox.x_max, bbox.y_max].map(f32::from),
        ascent: f32::from(face.ascender()),
        descent: f32::from(face.descender()),
        cap_height: f32::from(face.capital_height().unwrap_or(733)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chars(runs: &[Run]) -> String {
        runs.iter().flat_map(|run| &run.glyphs).map(|g| g.unicode).collect()
    }

    #[test]
    fn the_font_draws_names_outside_the_basic_plane_and_the_shop_marks() {
        for c in ['𠮷', '髙', '﨑', '㈱', '〒', '※', '①', 'ア', 'ｱ', 'ぁ', 'ヴ', '¥', '𩸽'] {
            let runs = shape(&c.to_string());
            assert_eq!(runs, vec![Run { glyphs: vec![glyph(c).unwrap()], actual: None }], "{c}");
            assert_ne!(runs[0].glyphs[0].id, 0, "{c} is .notdef");
        }
    }

    #[test]
    fn kanji_are_a_full_em_and_latin_is_proportional() {
        assert_eq!(units("様"), 1000.0);
        assert_eq!(units("ｱ"), 500.0);
        assert!(units("i") < units("0") && units("0") < units("M"), "{} {} {}", units("i"), units("0"), units("M"));
        assert_eq!(units("¥1,000"), units("¥") + 4.0 * units("0") + units(","));
    }

    #[test]
    fn a_character_the_font_lacks_is_drawn_as_geta_and_keeps_its_text() {
        // Hangul and emoji are outside the shop's character set.
        let runs = shape("山田😀様");
        assert_eq!(runs.len(), 3);
        assert_eq!(chars(&runs), "山田〓様");
        assert!(runs[1].is_substitute());
        assert_eq!(runs[1].actual.as_deref(), Some("😀"));
        assert_eq!((runs[0].actual.as_ref(), runs[2].actual.as_ref()), (None, None));
        assert_eq!(units("한"), 1000.0, "the geta mark takes the place");
    }

    #[test]
    fn a_compatibility_character_is_drawn_as_its_plain_form() {
        let runs = shape("ﬁle");
        assert_eq!(chars(&runs), "file");
        assert_eq!(runs[0].actual.as_deref(), Some("ﬁ"));
        assert!(!runs[0].is_substitute());
    }

    #[test]
    fn selectors_and_joiners_draw_nothing() {
        assert_eq!(chars(&shape("葛\u{E0100}城\u{200B}")), "葛城");
        assert_eq!(chars(&shape("a\tb")), "a b");
    }

    #[test]
    fn a_subset_is_a_cid_keyed_cff_font_of_the_used_glyphs_only() {
        let mut remapper = GlyphRemapper::new();
        for g in shape("領収書 𠮷 髙 ㈱").iter().flat_map(|run| &run.glyphs) {
            remapper.remap(g.id);
        }
        let cff = subset(&remapper).unwrap();
        assert_eq!(cff[0], 1, "CFF major version 1");
        assert!(cff.len() < 20_000, "{} bytes for a handful of glyphs", cff.len());
        // Every glyph of the font subsets (the largest subset a document could ask for).
        let all = GlyphRemapper::new_from_glyphs(&(0..FACE.number_of_glyphs()).collect::<Vec<_>>());
        assert!(subset(&all).unwrap().len() > 1_000_000);
    }
}
