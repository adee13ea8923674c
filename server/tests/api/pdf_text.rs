//! The text of the shop's receipts and quotations read back from the PDF bytes, the way a viewer
//! copying it would: each text object's glyphs (two-byte CIDs of the embedded font) through the
//! font's ToUnicode CMap, with /ActualText taking the place of the glyphs it covers. Used by the
//! API tests and by the renderer's own unit tests (`src/documents/mod.rs`), so it knows only
//! the shapes our writer produces: FlateDecode streams, hex strings, one font.
use std::collections::HashMap;
use std::io::Read;

/// One string per text object (BT … ET) of every page, in drawing order.
pub fn texts(pdf: &[u8]) -> Vec<String> {
    let streams = streams(pdf);
    let cmap = streams.iter().find(|s| s.contains("beginbfchar")).expect("a ToUnicode CMap");
    let mut to_unicode = HashMap::new();
    for line in cmap.lines().filter(|l| l.starts_with('<')) {
        let hex: Vec<&str> = line.split(['<', '>', ' ']).filter(|p| !p.is_empty()).collect();
        to_unicode.insert(hex[0].to_owned(), utf16(hex[1]));
    }
    let mut found = Vec::new();
    for content in streams.iter().filter(|s| s.contains(" Tj")) {
        for object in content.split("BT ").skip(1) {
            let mut text = String::new();
            let mut in_actual_text = false;
            let mut rest = object;
            while let Some(start) = rest.find('<') {
                let before = &rest[..start];
                if before.contains("EMC") {
                    in_actual_text = false;
                }
                if rest[start..].starts_with("<<") {
                    rest = &rest[start + 2..];
                    continue;
                }
                let end = start + rest[start..].find('>').expect("a closed hex string");
                let hex = &rest[start + 1..end];
                rest = &rest[end + 1..];
                if before.ends_with("/ActualText ") {
                    text.push_str(&utf16(hex));
                    in_actual_text = true;
                } else if !in_actual_text {
                    for cid in (0..hex.len()).step_by(4).map(|i| &hex[i..i + 4]) {
                        text.push_str(to_unicode.get(cid).unwrap_or_else(|| panic!("CID {cid} has no ToUnicode entry")));
                    }
                }
            }
            found.push(text);
        }
    }
    found
}

/// UTF-16BE hex, with or without a byte-order mark.
fn utf16(hex: &str) -> String {
    let units: Vec<u16> = (0..hex.len()).step_by(4).map(|i| u16::from_str_radix(&hex[i..i + 4], 16).unwrap()).collect();
    String::from_utf16(units.strip_prefix(&[0xFEFF]).unwrap_or(&units)).unwrap()
}

/// Every stream of the file, inflated (those that are not text come back lossy).
#[allow(dead_code)] // the renderer's unit tests look into the streams; the API tests read texts
pub fn streams(pdf: &[u8]) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = pdf;
    while let Some(start) = rest.windows(7).position(|w| w == b"stream\n") {
        let body = &rest[start + 7..];
        let end = body.windows(10).position(|w| w == b"\nendstream").expect("a stream's end");
        let mut inflated = Vec::new();
        if flate2::read::ZlibDecoder::new(&body[..end]).read_to_end(&mut inflated).is_ok() {
            out.push(String::from_utf8_lossy(&inflated).into_owned());
        }
        rest = &body[end + 10..];
    }
    out
}
