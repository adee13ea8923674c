//! The address book as a CSV file, the way Japanese spreadsheet users exchange it: a header
//! row in Japanese, Shift_JIS (what Excel writes and reads by default in Japan) or UTF-8 with
//! or without a BOM. Import detects the encoding; export writes the one asked for, CRLF lines.
use unicode_normalization::UnicodeNormalization;

use super::entry::{AddressFields, AddressInput, LABELS};
use crate::infra::text_csv::{self, escape_formula, unescape_formula};
pub use crate::infra::text_csv::{ENCODING_UNKNOWN, Encoding, NOT_CSV, decode};
use crate::validation::normalize_postal;

/// One data row and its row number as a spreadsheet shows it: the header is row 1, and a
/// quoted cell holding a line break does not start a new row.
#[derive(Debug)]
pub struct Row {
    pub line: u64,
    pub input: AddressInput,
}

/// Header cells are compared after NFKC and trimming, so `郵便番号 ` and `お届け先名（姓）`
/// (full-width brackets) are recognised; columns may come in any order; extra columns are
/// ignored; rows with nothing in them are skipped.
pub fn parse(text: &str) -> Result<Vec<Row>, String> {
    let mut reader = csv::ReaderBuilder::new().has_headers(true).flexible(true).from_reader(text.as_bytes());
    let headers: Vec<String> = reader
        .headers()
        .map_err(|_| "1行目(見出し)を読み取れません".to_owned())?
        .iter()
        .map(|cell| cell.nfkc().collect::<String>().trim().to_owned())
        .collect();
    let mut columns = Vec::with_capacity(LABELS.len());
    for (_, label) in LABELS {
        let index = headers.iter().position(|h| h == label).ok_or_else(|| format!("1行目(見出し)に「{label}」の列がありません"))?;
        columns.push(index);
    }
    let mut rows = Vec::new();
    for (index, record) in reader.records().enumerate() {
        let line = index as u64 + 2;
        let record = record.map_err(|_| format!("{line}行目を読み取れません"))?;
        if record.iter().all(|cell| cell.trim().is_empty()) {
            continue;
        }
        let cell = |column: usize| record.get(columns[column]).map(unescape_formula);
        let postal = cell(4).map(|raw| normalize_postal(&raw).unwrap_or(raw));
        rows.push(Row {
            line,
            input: AddressInput {
                shipping_last_name: cell(0),
                shipping_first_name: cell(1),
                shipping_last_name_kana: cell(2),
                shipping_first_name_kana: cell(3),
                postal_code: postal,
                prefecture: cell(5),
                city: cell(6),
                address1: cell(7),
                address2: cell(8),
                phone_number: cell(9),
                cell_phone_number: cell(10),
            },
        });
    }
    Ok(rows)
}

/// The entries as a file in the import's format (postal codes with the hyphen).
pub fn encode(entries: &[AddressFields], encoding: Encoding) -> Vec<u8> {
    let mut writer = csv::WriterBuilder::new().terminator(csv::Terminator::CRLF).from_writer(Vec::new());
    let mut write = |cells: [String; 11]| writer.write_record(cells.iter().map(|c| escape_formula(c)));
    // Writing into a Vec cannot fail.
    let _ = write(LABELS.map(|(_, label)| label.to_owned()));
    for e in entries {
        let _ = write([
            e.shipping_last_name.clone(),
            e.shipping_first_name.clone(),
            e.shipping_last_name_kana.clone(),
            e.shipping_first_name_kana.clone(),
            e.address.formatted_postal_code(),
            e.address.prefecture.clone(),
            e.address.city.clone(),
            e.address.address1.clone(),
            e.address.address2.clone(),
            e.phone_number.clone(),
            e.cell_phone_number.clone(),
        ]);
    }
    text_csv::encode(writer.into_inner().unwrap_or_default(), encoding)
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEADER: &str = "お届け先名(姓),お届け先名(名),フリガナ(姓),フリガナ(名),郵便番号,都道府県,市区町村,番地,建物名,電話番号,携帯電話番号";

    use crate::members::address::Address;
    use encoding_rs::SHIFT_JIS;

    const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

    fn entry() -> AddressFields {
        AddressFields {
            shipping_last_name: "髙橋".into(),
            shipping_first_name: "𠮷子".into(),
            shipping_last_name_kana: "タカハシ".into(),
            shipping_first_name_kana: "ヨシコ".into(),
            address: Address {
                postal_code: "5300001".into(),
                prefecture: "大阪府".into(),
                city: "大阪市北区".into(),
                address1: "梅田1-1-1".into(),
                address2: "=HYPERLINK(\"x\"),ビル".into(),
            },
            phone_number: "06-1234-5678".into(),
            cell_phone_number: String::new(),
        }
    }

    #[test]
    fn utf8_with_and_without_bom_and_shift_jis_are_read() {
        let text = format!("{HEADER}\r\n山田,太郎,ヤマダ,タロウ,150-0001,東京都,渋谷区,神宮前1-2-3,,03-1234-5678,\r\n");
        let (sjis, _, errors) = SHIFT_JIS.encode(&text);
        assert!(!errors);
        for bytes in [text.as_bytes().to_vec(), [UTF8_BOM, text.as_bytes()].concat(), sjis.into_owned()] {
            assert_eq!(decode(&bytes).unwrap(), text);
        }
        assert_eq!(decode(b"\xFF\xFE\x00a"), Err(ENCODING_UNKNOWN));
        assert_eq!(decode(b"a,b\x00"), Err(NOT_CSV));
    }

    #[test]
    fn rows_are_read_by_header_name_with_their_line_numbers() {
        let text = format!(
            "電話番号,{}\r\n0312345678,山田,太郎,ヤマダ,タロウ,１５０ー０００１,東京都,渋谷区,神宮前1-2-3,,,\r\n,,,,,,,,,,,\r\n\"0612345678\",大阪,\"次郎\",オオサカ,ジロウ,530-0001,大阪府,大阪市北区,梅田,\"A棟\r\n2F\",,\r\n",
            HEADER.replace(",電話番号", "").replace("(姓)", "（姓）")
        );
        let rows = parse(&text).unwrap();
        assert_eq!(rows.len(), 2, "the blank row is skipped");
        assert_eq!((rows[0].line, rows[1].line), (2, 4));
        let lf = parse(&text.replace("\r\n", "\n")).unwrap();
        assert_eq!((lf[0].line, lf[1].line), (2, 4), "LF files count the same");
        assert_eq!(rows[0].input.phone_number.as_deref(), Some("0312345678"));
        assert_eq!(rows[0].input.postal_code.as_deref(), Some("1500001"), "full-width digits and ー are normalised");
        assert_eq!(rows[1].input.address2.as_deref(), Some("A棟\r\n2F"));
        assert_eq!(parse("名前,住所\r\n").unwrap_err(), "1行目(見出し)に「お届け先名(姓)」の列がありません");
    }

    #[test]
    fn an_export_reads_back_as_the_same_entries() {
        for encoding in [Encoding::Utf8, Encoding::ShiftJis] {
            let bytes = encode(&[entry()], encoding);
            let text = decode(&bytes).unwrap();
            assert!(text.starts_with(HEADER), "{text}");
            assert!(text.contains("'=HYPERLINK"), "formulas are defused");
            let rows = parse(&text).unwrap();
            let input = &rows[0].input;
            assert_eq!(input.address2.as_deref(), Some("=HYPERLINK(\"x\"),ビル"));
            assert_eq!(input.postal_code.as_deref(), Some("5300001"));
            let name = input.shipping_first_name.as_deref().unwrap();
            match encoding {
                Encoding::Utf8 => {
                    assert!(bytes.starts_with(UTF8_BOM));
                    assert_eq!(name, "𠮷子");
                }
                Encoding::ShiftJis => {
                    assert_eq!(input.shipping_last_name.as_deref(), Some("髙橋"), "an IBM extension kanji of Windows-31J");
                    assert_eq!(name, "〓子", "a character Shift_JIS lacks");
                }
            }
            assert!(text.ends_with("\r\n"));
        }
    }

    #[test]
    fn the_encoding_query_reads_both_names() {
        assert_eq!(Encoding::parse(None), Some(Encoding::ShiftJis));
        assert_eq!(Encoding::parse(Some("UTF8")), Some(Encoding::Utf8));
        assert_eq!(Encoding::parse(Some("latin1")), None);
    }
}
