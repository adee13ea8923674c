//! The PDF file itself: pages of A4 drawn on a [`Canvas`] and written with `pdf-writer`.
//!
//! Japanese text uses a non-embedded CID font of the Adobe-Japan1 collection (a Type0 font over
//! a CIDFontType0, encoding `UniJIS-UCS2-H`): every PDF viewer that reads Japanese brings a
//! font for it, so no font file is shipped with the server or inside each PDF. Text is written
//! as UTF-16BE hex strings, one code unit per glyph, which that encoding maps to CIDs.
use pdf_writer::types::{CidFontType, FontFlags};
use pdf_writer::{Name, Pdf, Rect, Ref, Str, TextStr};

/// A4 portrait, in points.
pub const PAGE_WIDTH: f32 = 595.28;
pub const PAGE_HEIGHT: f32 = 841.89;

/// The PostScript name of the font viewers substitute (a gothic face of Adobe-Japan1).
const FONT_NAME: &[u8] = b"HeiseiKakuGo-W5";
const FONT_RESOURCE: &[u8] = b"F1";

/// Widths of the proportional Latin glyphs, CIDs 1–95 of Adobe-Japan1 (ASCII 0x20–0x7E in
/// order; 0x5C is the yen sign there), in thousandths of the font size. Gothic faces draw them
/// like Helvetica; the font's `/W` gives viewers the same numbers, so text sits where
/// [`text_width`] measured it.
const LATIN: [u16; 95] = [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, // space … /
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, // 0 … ?
    1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, // @ … O
    667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 556, 278, 469, 556, // P … _
    333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, // ` … o
    556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, // p … ~
];

/// The width of a character in thousandths of the font size: the Latin table above (¥ is
/// drawn with the yen glyph of CID 61), half-width kana 500, everything else full width.
pub fn char_units(c: char) -> f32 {
    match c {
        ' '..='~' => f32::from(LATIN[c as usize - 0x20]),
        '¥' => f32::from(LATIN[0x5C - 0x20]),
        '\u{FF61}'..='\u{FF9F}' => 500.0,
        _ => 1000.0,
    }
}

/// The width of `text` at `size` points.
pub fn text_width(text: &str, size: f32) -> f32 {
    text.chars().map(char_units).sum::<f32>() * size / 1000.0
}

/// `text` cut (with `…`) so that it is at most `width` points wide at `size`.
pub fn fit(text: &str, size: f32, width: f32) -> String {
    if text_width(text, size) <= width {
        return text.to_owned();
    }
    let mut out = String::new();
    let mut used = text_width("…", size);
    for c in text.chars() {
        let w = char_units(c) * size / 1000.0;
        if used + w > width {
            break;
        }
        used += w;
        out.push(c);
    }
    out.push('…');
    out
}

/// UTF-16BE code units as a hex string operand (`<9818...>`). Characters outside the Basic
/// Multilingual Plane have no UCS-2 code: they are drawn as 〓 (the geta mark).
pub fn utf16_hex(text: &str) -> String {
    let mut out = String::with_capacity(2 + text.len() * 4);
    out.push('<');
    for c in text.chars() {
        let unit = u16::try_from(c as u32).unwrap_or(0x3013);
        out.push_str(&format!("{unit:04X}"));
    }
    out.push('>');
    out
}

/// One page's drawing operations, in PDF coordinates (origin bottom left, points).
#[derive(Default)]
pub struct Canvas {
    ops: String,
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
        if text.is_empty() {
            return;
        }
        let width = text_width(text, size);
        let x = match align {
            Align::Left => x,
            Align::Center => x - width / 2.0,
            Align::Right => x - width,
        };
        let (mode, stroke) = if bold { (2, format!("{:.2} w ", size / 40.0)) } else { (0, String::new()) };
        self.ops.push_str(&format!("BT {stroke}{mode} Tr /F1 {size:.1} Tf {x:.2} {y:.2} Td {} Tj ET\n", utf16_hex(text)));
    }

    pub fn line(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, width: f32) {
        self.ops.push_str(&format!("{width:.2} w {x1:.2} {y1:.2} m {x2:.2} {y2:.2} l S\n"));
    }

    pub fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, width: f32) {
        self.ops.push_str(&format!("{width:.2} w {x:.2} {y:.2} {w:.2} {h:.2} re S\n"));
    }

    /// A light grey filled box (table headings); the fill colour is restored after.
    pub fn shade(&mut self, x: f32, y: f32, w: f32, h: f32) {
        self.ops.push_str(&format!("q 0.92 g {x:.2} {y:.2} {w:.2} {h:.2} re f Q\n"));
    }
}

/// The finished file: one A4 page per canvas, `title` in the document information.
pub fn write(pages: Vec<Canvas>, title: &str) -> Vec<u8> {
    let catalog_id = Ref::new(1);
    let pages_id = Ref::new(2);
    let font_id = Ref::new(3);
    let cid_font_id = Ref::new(4);
    let descriptor_id = Ref::new(5);
    let info_id = Ref::new(6);
    let page_ids: Vec<(Ref, Ref)> = (0..pages.len() as i32).map(|i| (Ref::new(7 + 2 * i), Ref::new(8 + 2 * i))).collect();

    let mut pdf = Pdf::new();
    pdf.catalog(catalog_id).pages(pages_id);
    pdf.pages(pages_id).kids(page_ids.iter().map(|(page, _)| *page)).count(pages.len() as i32);
    pdf.document_info(info_id).title(TextStr(title)).producer(TextStr("shop"));

    pdf.type0_font(font_id).base_font(Name(FONT_NAME)).encoding_predefined(Name(b"UniJIS-UCS2-H")).descendant_font(cid_font_id);
    let mut cid_font = pdf.cid_font(cid_font_id);
    cid_font
        .subtype(CidFontType::Type0)
        .base_font(Name(FONT_NAME))
        .system_info(pdf_writer::types::SystemInfo { registry: Str(b"Adobe"), ordering: Str(b"Japan1"), supplement: 6 })
        .font_descriptor(descriptor_id)
        .default_width(1000.0);
    // Proportional Latin (CIDs 1–95) and half-width kana (231–632); everything else is DW.
    cid_font.widths().consecutive(1, LATIN.iter().map(|w| f32::from(*w))).same(231, 632, 500.0);
    drop(cid_font);
    pdf.font_descriptor(descriptor_id)
        .name(Name(FONT_NAME))
        .flags(FontFlags::SYMBOLIC)
        .bbox(Rect::new(-92.0, -250.0, 1010.0, 922.0))
        .italic_angle(0.0)
        .ascent(752.0)
        .descent(-221.0)
        .cap_height(737.0)
        .stem_v(114.0);

    for (canvas, (page_id, content_id)) in pages.into_iter().zip(&page_ids) {
        let mut page = pdf.page(*page_id);
        page.media_box(Rect::new(0.0, 0.0, PAGE_WIDTH, PAGE_HEIGHT)).parent(pages_id).contents(*content_id);
        page.resources().fonts().pair(Name(FONT_RESOURCE), font_id);
        drop(page);
        pdf.stream(*content_id, canvas.ops.as_bytes());
    }
    pdf.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_written_as_utf16_code_units() {
        assert_eq!(utf16_hex("領収書"), "<981853CE66F8>");
        assert_eq!(utf16_hex("T1"), "<00540031>");
        assert_eq!(utf16_hex("𠮷"), "<3013>");
    }

    #[test]
    fn latin_is_half_as_wide_as_kanji() {
        assert_eq!(text_width("00", 10.0), 11.12);
        assert_eq!(text_width("¥", 10.0), 5.56);
        assert_eq!(text_width("様", 10.0), 10.0);
        assert_eq!(fit("あいうえお", 10.0, 30.0), "あい…");
        assert_eq!(fit("あい", 10.0, 30.0), "あい");
    }
}
