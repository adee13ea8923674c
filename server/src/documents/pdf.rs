//! The PDF file itself: pages of A4 drawn on a [`Canvas`] and written with `pdf-writer`.
//!
//! Text is set in the embedded Japanese font ([`super::font`]), so every viewer shows the same
//! glyphs: a Type0 font with the Identity-H encoding over a CIDFontType0 whose program is the
//! subset of the glyphs this document uses (FontFile3, a CID-keyed CFF font, CID = glyph id of
//! the subset). Content streams hold two-byte CIDs; /W gives each glyph's advance, and a
//! ToUnicode CMap maps each glyph back to its character so that copying, searching and
//! `pdftotext` give the Japanese text back. A run drawn for a character the font lacks carries
//! the original in /ActualText.
use std::collections::BTreeMap;
use std::io::Write;

use flate2::Compression;
use flate2::write::ZlibEncoder;
use pdf_writer::types::{CidFontType, FontFlags, SystemInfo, UnicodeCmap};
use pdf_writer::{Filter, Name, Pdf, Rect, Ref, Str, TextStr};
use sha2::{Digest, Sha256};
use subsetter::GlyphRemapper;

use super::font::{self, Run};

/// A4 portrait, in points.
pub const PAGE_WIDTH: f32 = 595.28;
pub const PAGE_HEIGHT: f32 = 841.89;

const FONT_RESOURCE: &[u8] = b"F1";
/// The glyphs are addressed by CID = glyph id, not by a registered character collection.
const IDENTITY: SystemInfo = SystemInfo { registry: Str(b"Adobe"), ordering: Str(b"Identity"), supplement: 0 };

/// The width of `text` at `size` points.
pub fn text_width(text: &str, size: f32) -> f32 {
    font::units(text) * size / 1000.0
}

/// `text` cut (with `…`) so that it is at most `width` points wide at `size`.
pub fn fit(text: &str, size: f32, width: f32) -> String {
    if text_width(text, size) <= width {
        return text.to_owned();
    }
    let mut out = String::new();
    let mut used = text_width("…", size);
    for c in text.chars() {
        let w = text_width(c.encode_utf8(&mut [0; 4]), size);
        if used + w > width {
            break;
        }
        used += w;
        out.push(c);
    }
    out.push('…');
    out
}

/// One page's drawing, in PDF coordinates (origin bottom left, points).
#[derive(Default)]
pub struct Canvas {
    ops: Vec<Op>,
}

enum Op {
    /// Path operators, written as they are.
    Graphics(String),
    /// Text whose baseline starts at (x, y), shaped into glyphs of the embedded font.
    Text { x: f32, y: f32, size: f32, bold: bool, runs: Vec<Run> },
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Align {
    Left,
    Center,
    Right,
}

impl Canvas {
    /// Text whose baseline starts at (x, y) — or ends at x (Right), or is centred on x.
    pub fn text(&mut self, x: f32, y: f32, size: f32, align: Align, text: &str) {
        self.text_styled(x, y, size, align, text, false);
    }

    /// The same, drawn heavier (filled and stroked: the font has one weight).
    pub fn bold(&mut self, x: f32, y: f32, size: f32, align: Align, text: &str) {
        self.text_styled(x, y, size, align, text, true);
    }

    fn text_styled(&mut self, x: f32, y: f32, size: f32, align: Align, text: &str, bold: bool) {
        let runs = font::shape(text);
        if runs.is_empty() {
            return;
        }
        let missing: Vec<String> = runs
            .iter()
            .filter(|run| run.is_substitute())
            .flat_map(|run| run.actual.iter().flat_map(|t| t.chars()))
            .map(|c| format!("U+{:04X}", u32::from(c)))
            .collect();
        if !missing.is_empty() {
            tracing::warn!(characters = %missing.join(" "), "a document's font lacks characters: they are drawn as 〓");
        }
        let width = runs.iter().flat_map(|run| &run.glyphs).map(|g| g.advance).sum::<f32>() * size / 1000.0;
        let x = match align {
            Align::Left => x,
            Align::Center => x - width / 2.0,
            Align::Right => x - width,
        };
        self.ops.push(Op::Text { x, y, size, bold, runs });
    }

    pub fn line(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, width: f32) {
        self.ops.push(Op::Graphics(format!("{width:.2} w {x1:.2} {y1:.2} m {x2:.2} {y2:.2} l S\n")));
    }

    pub fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, width: f32) {
        self.ops.push(Op::Graphics(format!("{width:.2} w {x:.2} {y:.2} {w:.2} {h:.2} re S\n")));
    }

    /// A light grey filled box (table headings); the fill colour is restored after.
    pub fn shade(&mut self, x: f32, y: f32, w: f32, h: f32) {
        self.ops.push(Op::Graphics(format!("q 0.92 g {x:.2} {y:.2} {w:.2} {h:.2} re f Q\n")));
    }

    fn runs(&self) -> impl Iterator<Item = &Run> {
        self.ops.iter().flat_map(|op| match op {
            Op::Text { runs, .. } => runs.as_slice(),
            Op::Graphics(_) => &[],
        })
    }

    /// The content stream, glyphs written as their CIDs in the subset.
    fn content(&self, cids: &GlyphRemapper) -> String {
        let mut out = String::new();
        for op in &self.ops {
            match op {
                Op::Graphics(ops) => out.push_str(ops),
                Op::Text { x, y, size, bold, runs } => {
                    let (mode, stroke) = if *bold { (2, format!("{:.2} w ", size / 40.0)) } else { (0, String::new()) };
                    out.push_str(&format!("BT {stroke}{mode} Tr /F1 {size:.1} Tf {x:.2} {y:.2} Td"));
                    for run in runs {
                        let mut glyphs = String::from("<");
                        for glyph in &run.glyphs {
                            glyphs.push_str(&format!("{:04X}", cids.get(glyph.id).unwrap_or(0)));
                        }
                        glyphs.push('>');
                        match &run.actual {
                            Some(actual) => out.push_str(&format!(" /Span <</ActualText {}>> BDC {glyphs} Tj EMC", utf16_hex(actual))),
                            None => out.push_str(&format!(" {glyphs} Tj")),
                        }
                    }
                    out.push_str(" ET\n");
                }
            }
        }
        out
    }
}

/// A text string as PDF writes it in hex: UTF-16BE with its byte-order mark.
fn utf16_hex(text: &str) -> String {
    let mut out = String::from("<FEFF");
    for unit in text.encode_utf16() {
        out.push_str(&format!("{unit:04X}"));
    }
    out.push('>');
    out
}

fn deflate(data: &[u8]) -> Vec<u8> {
    let mut encoder = ZlibEncoder::new(Vec::new(), Compression::default());
    encoder.write_all(data).expect("writing to memory");
    encoder.finish().expect("writing to memory")
}

/// `ABCDEF+`: six capitals naming this subset (PDF 32000-1 §9.6.4), from the glyphs in it, so
/// that `pdffonts` and viewers know the font is a subset.
fn subset_tag(cids: &GlyphRemapper) -> String {
    let mut hasher = Sha256::new();
    for gid in cids.remapped_gids() {
        hasher.update(gid.to_be_bytes());
    }
    hasher.finalize().iter().take(6).map(|b| char::from(b'A' + b % 26)).collect()
}

/// The finished file: one A4 page per canvas, `title` in the document information.
pub fn write(pages: Vec<Canvas>, title: &str) -> anyhow::Result<Vec<u8>> {
    // Glyphs in order of first use: the subset numbers them so, and those numbers are the CIDs.
    let mut cids = GlyphRemapper::new();
    let mut to_unicode = BTreeMap::new();
    for glyph in pages.iter().flat_map(Canvas::runs).flat_map(|run| &run.glyphs) {
        let cid = cids.remap(glyph.id);
        to_unicode.entry(cid).or_insert(glyph.unicode);
    }
    let program = deflate(&font::subset(&cids)?);
    let base_font = format!("{}+{}", subset_tag(&cids), font::POSTSCRIPT_NAME);

    let catalog_id = Ref::new(1);
    let pages_id = Ref::new(2);
    let font_id = Ref::new(3);
    let cid_font_id = Ref::new(4);
    let descriptor_id = Ref::new(5);
    let info_id = Ref::new(6);
    let program_id = Ref::new(7);
    let cmap_id = Ref::new(8);
    let page_ids: Vec<(Ref, Ref)> = (0..pages.len() as i32).map(|i| (Ref::new(9 + 2 * i), Ref::new(10 + 2 * i))).collect();

    let mut pdf = Pdf::new();
    pdf.catalog(catalog_id).pages(pages_id);
    pdf.pages(pages_id).kids(page_ids.iter().map(|(page, _)| *page)).count(pages.len() as i32);
    pdf.document_info(info_id).title(TextStr(title)).producer(TextStr("shop"));

    pdf.type0_font(font_id)
        .base_font(Name(format!("{base_font}-Identity-H").as_bytes()))
        .encoding_predefined(Name(b"Identity-H"))
        .descendant_font(cid_font_id)
        .to_unicode(cmap_id);
    let mut cid_font = pdf.cid_font(cid_font_id);
    cid_font.subtype(CidFontType::Type0).base_font(Name(base_font.as_bytes())).system_info(IDENTITY).font_descriptor(descriptor_id).default_width(1000.0);
    // Only the glyphs narrower or wider than the default: Latin, digits, half-width kana.
    let advances: Vec<f32> = cids.remapped_gids().map(font::advance).collect();
    let mut widths = cid_font.widths();
    let mut cid = 0;
    while cid < advances.len() {
        let run = advances[cid..].iter().take_while(|w| **w != 1000.0).count();
        if run == 0 {
            cid += 1;
            continue;
        }
        widths.consecutive(cid as u16, advances[cid..cid + run].iter().copied());
        cid += run;
    }
    drop(widths);
    drop(cid_font);

    let metrics = font::metrics();
    let [left, bottom, right, top] = metrics.bbox;
    pdf.font_descriptor(descriptor_id)
        .name(Name(base_font.as_bytes()))
        .flags(FontFlags::SYMBOLIC)
        .bbox(Rect::new(left, bottom, right, top))
        .italic_angle(0.0)
        .ascent(metrics.ascent)
        .descent(metrics.descent)
        .cap_height(metrics.cap_height)
        .stem_v(80.0)
        .font_file3(program_id);
    pdf.stream(program_id, &program).filter(Filter::FlateDecode).pair(Name(b"Subtype"), Name(b"CIDFontType0C"));

    let mut cmap = UnicodeCmap::new(Name(b"Custom"), IDENTITY);
    for (cid, c) in &to_unicode {
        cmap.pair(*cid, *c);
    }
    pdf.cmap(cmap_id, &deflate(&cmap.finish())).name(Name(b"Custom")).system_info(IDENTITY).filter(Filter::FlateDecode);

    for (canvas, (page_id, content_id)) in pages.iter().zip(&page_ids) {
        let mut page = pdf.page(*page_id);
        page.media_box(Rect::new(0.0, 0.0, PAGE_WIDTH, PAGE_HEIGHT)).parent(pages_id).contents(*content_id);
        page.resources().fonts().pair(Name(FONT_RESOURCE), font_id);
        drop(page);
        pdf.stream(*content_id, &deflate(canvas.content(&cids).as_bytes())).filter(Filter::FlateDecode);
    }
    Ok(pdf.finish())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latin_is_narrower_than_kanji() {
        assert_eq!(text_width("様", 10.0), 10.0);
        assert_eq!(text_width("00", 10.0), 11.1);
        assert!(text_width("¥", 10.0) < 10.0);
        assert_eq!(fit("あいうえお", 10.0, 30.0), "あい…");
        assert_eq!(fit("あい", 10.0, 30.0), "あい");
    }

    #[test]
    fn text_is_written_as_cids_of_the_subset_in_order_of_first_use() {
        let mut canvas = Canvas::default();
        canvas.text(10.0, 20.0, 10.0, Align::Left, "𠮷田");
        canvas.text(10.0, 40.0, 10.0, Align::Left, "田𠮷");
        let mut cids = GlyphRemapper::new();
        for glyph in canvas.runs().flat_map(|run| &run.glyphs) {
            cids.remap(glyph.id);
        }
        assert_eq!(canvas.content(&cids), "BT 0 Tr /F1 10.0 Tf 10.00 20.00 Td <00010002> Tj ET\nBT 0 Tr /F1 10.0 Tf 10.00 40.00 Td <00020001> Tj ET\n");
    }

    #[test]
    fn a_missing_character_is_marked_with_its_actual_text() {
        let mut canvas = Canvas::default();
        canvas.text(0.0, 0.0, 10.0, Align::Left, "😀様");
        let mut cids = GlyphRemapper::new();
        for glyph in canvas.runs().flat_map(|run| &run.glyphs) {
            cids.remap(glyph.id);
        }
        assert_eq!(canvas.content(&cids), "BT 0 Tr /F1 10.0 Tf 0.00 0.00 Td /Span <</ActualText <FEFFD83DDE00>>> BDC <0001> Tj EMC <0002> Tj ET\n");
    }
}
