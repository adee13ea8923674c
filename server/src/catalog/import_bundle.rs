//! A catalogue import's upload (issue 31): a CSV alone, or a ZIP holding one CSV and the photos
//! its 画像 column names by file name. What the file is is read from its bytes. A ZIP is read
//! with the sizes its entries really inflate to, never those it declares, so a small file that
//! inflates to gigabytes stops at the limits.
use std::collections::HashMap;
use std::io::{Cursor, Read};

use super::imports::FILE_MAX;
use super::photos;

/// The most entries a ZIP may hold.
const ENTRIES_MAX: usize = 5_000;
/// All the photos of one ZIP, inflated.
const PICTURES_TOTAL_MAX: u64 = 500 * 1024 * 1024;

/// A photo of the ZIP, by its file name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Packed {
    Bytes(Vec<u8>),
    /// Larger than a photo may be ([`photos::FILE_MAX`]).
    TooLarge,
}

#[derive(Debug, Default)]
pub struct Bundle {
    pub csv: Vec<u8>,
    /// Whether it came as a ZIP (a CSV alone has no photos to name).
    pub zipped: bool,
    /// By file name, without the folders of the ZIP.
    pub pictures: HashMap<String, Packed>,
}

pub fn is_zip(bytes: &[u8]) -> bool {
    bytes.starts_with(b"PK\x03\x04") || bytes.starts_with(b"PK\x05\x06")
}

/// The upload as a bundle; a ZIP that is not one we take is refused with a Japanese message.
pub fn open(bytes: &[u8]) -> Result<Bundle, String> {
    if !is_zip(bytes) {
        return Ok(Bundle { csv: bytes.to_vec(), ..Bundle::default() });
    }
    let broken = |_| "ZIPファイルを読み込めませんでした。壊れていないか確認してください。".to_owned();
    let mut archive = zip::ZipArchive::new(Cursor::new(bytes)).map_err(broken)?;
    if archive.len() > ENTRIES_MAX {
        return Err(format!("ZIPに入れられるファイルは{ENTRIES_MAX}個までです。"));
    }
    let mut bundle = Bundle { zipped: true, ..Bundle::default() };
    let mut csv_names = Vec::new();
    let mut pictures_total = 0u64;
    for index in 0..archive.len() {
        let mut entry = archive.by_index(index).map_err(broken)?;
        if entry.is_dir() {
            continue;
        }
        let path = entry_name(entry.name_raw());
        let name = path.rsplit('/').next().unwrap_or(&path).to_owned();
        // What a Mac or an editor leaves beside the files.
        if path.starts_with("__MACOSX/") || name.starts_with('.') || name.is_empty() {
            continue;
        }
        if name.to_ascii_lowercase().ends_with(".csv") {
            csv_names.push(name);
            bundle.csv = read_at_most(&mut entry, FILE_MAX).ok_or_else(|| "ZIPの中のCSVファイルは50MBまでです。".to_owned())?;
            continue;
        }
        if bundle.pictures.contains_key(&name) {
            return Err(format!("ZIPに同じ名前のファイルが2つあります（{name}）。フォルダが違っても、名前は1つずつにしてください。"));
        }
        let packed = match read_at_most(&mut entry, photos::FILE_MAX) {
            Some(bytes) => {
                pictures_total += bytes.len() as u64;
                Packed::Bytes(bytes)
            }
            None => Packed::TooLarge,
        };
        if pictures_total > PICTURES_TOTAL_MAX {
            return Err("ZIPの中の画像が多すぎます（展開して500MBまで）。ZIPを分けて取り込んでください。".to_owned());
        }
        bundle.pictures.insert(name, packed);
    }
    match csv_names.len() {
        1 => Ok(bundle),
        0 => Err("ZIPにCSVファイルが入っていません。商品CSVを1つ入れてください。".to_owned()),
        _ => Err(format!("ZIPにCSVファイルが{}つあります。1つだけにしてください（{}）。", csv_names.len(), csv_names.join("、"))),
    }
}

/// An entry's path as written: UTF-8, or Shift_JIS as Windows' own ZIP writer long wrote
/// Japanese names (without the UTF-8 flag, which readers then take for CP437).
fn entry_name(raw: &[u8]) -> String {
    match std::str::from_utf8(raw) {
        Ok(name) => name.to_owned(),
        Err(_) => encoding_rs::SHIFT_JIS.decode(raw).0.into_owned(),
    }
}

/// The entry's bytes, or None when it inflates to more than `max`.
fn read_at_most(entry: &mut impl Read, max: usize) -> Option<Vec<u8>> {
    let mut bytes = Vec::new();
    entry.take(max as u64 + 1).read_to_end(&mut bytes).ok()?;
    (bytes.len() <= max).then_some(bytes)
}

#[cfg(test)]
mod tests {
    use std::io::Write;

    use super::*;

    fn zip_of(files: &[(&str, &[u8])]) -> Vec<u8> {
        let mut writer = zip::ZipWriter::new(Cursor::new(Vec::new()));
        for (name, bytes) in files {
            writer.start_file(*name, zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated)).unwrap();
            writer.write_all(bytes).unwrap();
        }
        writer.finish().unwrap().into_inner()
    }

    #[test]
    fn a_csv_alone_is_a_bundle_without_pictures() {
        let bundle = open("\u{feff}商品コード\n".as_bytes()).unwrap();
        assert!(!bundle.zipped);
        assert!(bundle.pictures.is_empty());
    }

    #[test]
    fn a_zip_gives_its_csv_and_its_pictures_by_file_name() {
        let bytes = zip_of(&[("products.csv", b"a,b\n"), ("photos/tee-front.jpg", b"\xFF\xD8\xFFjpeg"), ("__MACOSX/._tee.jpg", b"x"), (".DS_Store", b"x")]);
        let bundle = open(&bytes).unwrap();
        assert!(bundle.zipped);
        assert_eq!(bundle.csv, b"a,b\n");
        assert_eq!(bundle.pictures.keys().collect::<Vec<_>>(), vec!["tee-front.jpg"]);
    }

    #[test]
    fn a_japanese_name_is_read_in_utf8_or_shift_jis() {
        assert_eq!(entry_name("写真/正面.jpg".as_bytes()), "写真/正面.jpg");
        assert_eq!(entry_name(&encoding_rs::SHIFT_JIS.encode("正面.jpg").0), "正面.jpg");
    }

    #[test]
    fn a_zip_needs_exactly_one_csv_and_distinct_names() {
        assert!(open(&zip_of(&[("a.jpg", b"x")])).unwrap_err().contains("CSVファイルが入っていません"));
        assert!(open(&zip_of(&[("a.csv", b"x"), ("b.CSV", b"y")])).unwrap_err().contains("2つあります"));
        assert!(open(&zip_of(&[("a.csv", b"x"), ("1/a.jpg", b"x"), ("2/a.jpg", b"y")])).unwrap_err().contains("同じ名前"));
        assert!(open(b"PK\x03\x04broken").unwrap_err().contains("読み込めません"));
    }

    #[test]
    fn a_picture_that_inflates_past_the_limit_is_marked_not_read() {
        let huge = vec![0u8; photos::FILE_MAX + 1];
        let bundle = open(&zip_of(&[("a.csv", b"x"), ("big.jpg", &huge)])).unwrap();
        assert_eq!(bundle.pictures["big.jpg"], Packed::TooLarge);
    }
}
