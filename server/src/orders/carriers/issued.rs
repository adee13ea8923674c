//! Reading tracking numbers back: the carriers' issued-label exports (B2クラウド 発行済みデータ,
//! e飛伝Ⅲ 出荷実績, ゆうプリR 発送済みデータ) and the shop's own 出荷実績 CSV.
//!
//! Columns are found by header name, not position, because every carrier lets the user pick and
//! reorder the exported columns; extra columns are ignored.

use encoding_rs::SHIFT_JIS;

use super::text::{self, header_key};
use super::{Carrier, FileError, Issued, LineError};

/// Header names that may hold each value, the first being the one named in messages.
pub(super) struct IssuedColumns {
    pub(super) shipment_code: &'static [&'static str],
    pub(super) tracking_number: &'static [&'static str],
    pub(super) shipped_on: &'static [&'static str],
    /// Only the generic file says which carrier a row is for.
    pub(super) carrier: &'static [&'static str],
}

const GENERIC_COLUMNS: IssuedColumns =
    IssuedColumns { shipment_code: &["出荷番号"], tracking_number: &["送り状番号"], shipped_on: &["出荷日"], carrier: &["配送業者"] };

const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

/// A header row only needs to be near the top; some exports put a title line above it.
const HEADER_SEARCH_ROWS: usize = 10;

/// Reads a carrier's issued-label export, which the carriers write in Shift_JIS. Each data line
/// becomes an [`Issued`] or a [`LineError`]; the file as a whole fails only when it cannot be
/// decoded or lacks the shipment-code or tracking-number column.
pub fn parse_issued(carrier: Carrier, bytes: &[u8]) -> Result<Vec<Result<Issued, LineError>>, FileError> {
    let content = decode_shift_jis(bytes)?;
    let columns = match carrier {
        Carrier::YamatoB2 => &super::yamato::ISSUED_COLUMNS,
        Carrier::SagawaEhiden => &super::sagawa::ISSUED_COLUMNS,
        Carrier::JapanPostYuPrintR => &super::japanpost::ISSUED_COLUMNS,
        Carrier::ClickPost => &super::clickpost::ISSUED_COLUMNS,
    };
    read_lines(&content, columns, Some(carrier))
}

/// Reads the shop's 出荷実績 CSV: `出荷番号,配送業者,送り状番号,出荷日`, UTF-8 (with or without
/// BOM) or Shift_JIS. 配送業者 may be blank; 出荷日 is yyyy/mm/dd or yyyy-mm-dd, blank for None.
pub fn parse_generic(bytes: &[u8]) -> Result<Vec<Result<Issued, LineError>>, FileError> {
    let content = decode_utf8_or_shift_jis(bytes)?;
    read_lines(&content, &GENERIC_COLUMNS, None)
}

fn is_blank(bytes: &[u8]) -> bool {
    bytes.strip_prefix(UTF8_BOM).unwrap_or(bytes).iter().all(u8::is_ascii_whitespace)
}

fn strict_shift_jis(bytes: &[u8]) -> Option<String> {
    SHIFT_JIS.decode_without_bom_handling_and_without_replacement(bytes).map(|text| text.into_owned())
}

/// A carrier file edited in Excel or Numbers and saved as UTF-8 is the usual mistake: name it,
/// rather than read mojibake. Japanese Shift_JIS text is practically never valid UTF-8 (its lead
/// bytes 0x81–0x9F are UTF-8 continuation bytes), so valid UTF-8 with non-ASCII text is UTF-8 even
/// in the rare case it would also decode as Shift_JIS.
fn decode_shift_jis(bytes: &[u8]) -> Result<String, FileError> {
    if is_blank(bytes) {
        return Err(FileError::Empty);
    }
    let utf8_with_japanese = std::str::from_utf8(bytes).is_ok_and(|content| !content.is_ascii());
    if bytes.starts_with(UTF8_BOM) || utf8_with_japanese {
        return Err(FileError::NotShiftJis);
    }
    strict_shift_jis(bytes).ok_or_else(|| FileError::Unreadable("Shift_JISとして読めない文字があります".to_string()))
}

fn decode_utf8_or_shift_jis(bytes: &[u8]) -> Result<String, FileError> {
    if is_blank(bytes) {
        return Err(FileError::Empty);
    }
    if let Some(rest) = bytes.strip_prefix(UTF8_BOM) {
        return std::str::from_utf8(rest).map(str::to_string).map_err(|_| FileError::Unreadable("UTF-8として読めない文字があります".to_string()));
    }
    if let Ok(content) = std::str::from_utf8(bytes) {
        return Ok(content.to_string());
    }
    strict_shift_jis(bytes).ok_or_else(|| FileError::Unreadable("文字コードを判別できません（UTF-8かShift_JISで保存してください）".to_string()))
}

/// A non-empty CSV row and the file line it starts on.
struct Line {
    number: usize,
    cells: Vec<String>,
}

/// Spreadsheet users protect leading zeros as `="0123"`; what they mean is `0123`.
fn cell_value(raw: &str) -> String {
    let trimmed = raw.trim_matches(|c: char| c.is_whitespace());
    trimmed.strip_prefix("=\"").and_then(|rest| rest.strip_suffix('"')).unwrap_or(trimmed).to_string()
}

/// The file line a record starts on. The csv reader's own line count lags behind on CRLF files
/// (it places a record at the previous line's LF), so count from the byte offset instead.
fn line_at(content: &str, position: Option<&csv::Position>) -> usize {
    let offset = position.map_or(0, |position| position.byte() as usize).min(content.len());
    let start = offset + content[offset..].bytes().take_while(|b| matches!(b, b'\r' | b'\n')).count();
    1 + content.as_bytes()[..start].iter().filter(|b| **b == b'\n').count()
}

fn csv_lines(content: &str) -> Result<Vec<Line>, FileError> {
    let mut reader = csv::ReaderBuilder::new().has_headers(false).flexible(true).from_reader(content.as_bytes());
    let mut lines = Vec::new();
    for record in reader.records() {
        let record = record.map_err(|error| FileError::Unreadable(format!("{}行目をCSVとして読めません", line_at(content, error.position()))))?;
        let cells: Vec<String> = record.iter().map(cell_value).collect();
        if cells.iter().all(String::is_empty) {
            continue;
        }
        lines.push(Line { number: line_at(content, record.position()), cells });
    }
    Ok(lines)
}

/// Where each value sits in the file, and the header name found for the date (used in messages).
struct ColumnPositions {
    shipment_code: usize,
    tracking_number: usize,
    shipped_on: Option<(usize, String)>,
    carrier: Option<usize>,
}

fn find_column(header: &[String], names: &[&str]) -> Option<usize> {
    let keys: Vec<String> = names.iter().map(|name| header_key(name)).collect();
    header.iter().position(|cell| keys.contains(&header_key(cell)))
}

fn positions_in(header: &[String], columns: &IssuedColumns) -> Result<ColumnPositions, Vec<&'static str>> {
    let shipment_code = find_column(header, columns.shipment_code);
    let tracking_number = find_column(header, columns.tracking_number);
    match (shipment_code, tracking_number) {
        (Some(shipment_code), Some(tracking_number)) => Ok(ColumnPositions {
            shipment_code,
            tracking_number,
            shipped_on: find_column(header, columns.shipped_on).map(|index| (index, header[index].clone())),
            carrier: find_column(header, columns.carrier),
        }),
        _ => Err([(shipment_code, columns.shipment_code[0]), (tracking_number, columns.tracking_number[0])]
            .into_iter()
            .filter_map(|(found, name)| found.is_none().then_some(name))
            .collect()),
    }
}

/// The first row near the top that has the required columns is the header.
fn locate_header(lines: &[Line], columns: &IssuedColumns) -> Result<(usize, ColumnPositions), FileError> {
    let mut first_missing = None;
    for (index, line) in lines.iter().take(HEADER_SEARCH_ROWS).enumerate() {
        match positions_in(&line.cells, columns) {
            Ok(positions) => return Ok((index, positions)),
            Err(missing) => {
                first_missing.get_or_insert(missing);
            }
        }
    }
    let expected = first_missing.unwrap_or_default().join("、");
    let found = lines.first().map(|line| line.cells.join("、")).unwrap_or_default();
    Err(FileError::WrongColumns { expected, found })
}

fn read_lines(content: &str, columns: &IssuedColumns, carrier: Option<Carrier>) -> Result<Vec<Result<Issued, LineError>>, FileError> {
    let lines = csv_lines(content)?;
    if lines.is_empty() {
        return Err(FileError::Empty);
    }
    let (header_index, positions) = locate_header(&lines, columns)?;
    Ok(lines[header_index + 1..].iter().map(|line| read_line(line, &positions, columns, carrier)).collect())
}

fn read_line(line: &Line, positions: &ColumnPositions, columns: &IssuedColumns, file_carrier: Option<Carrier>) -> Result<Issued, LineError> {
    let cell = |index: usize| line.cells.get(index).map(String::as_str).unwrap_or("");
    let error = |message: String| LineError { line: line.number, message };

    let shipment_code = cell(positions.shipment_code).to_string();
    if shipment_code.is_empty() {
        return Err(error(format!("{}が空です", columns.shipment_code[0])));
    }
    let carrier = match positions.carrier.map(cell).filter(|name| !name.is_empty()) {
        Some(name) => Some(carrier_named(name).ok_or_else(|| error(format!("配送業者「{name}」が分かりません")))?),
        None => file_carrier,
    };
    let tracking_number = tracking_number(cell(positions.tracking_number), carrier).map_err(error)?;
    let shipped_on = match &positions.shipped_on {
        Some((index, _)) if cell(*index).is_empty() => None,
        Some((index, name)) => Some(text::parse_date(cell(*index)).ok_or_else(|| error(format!("{name}の形式が正しくありません（yyyy/mm/dd）")))?),
        None => None,
    };
    Ok(Issued { line: line.number, shipment_code, tracking_number, shipped_on, carrier })
}

/// Hyphens and spaces removed, full-width digits made ASCII, then checked against the carrier's
/// digit count (12 for every carrier we support, so a blank 配送業者 checks the same way).
fn tracking_number(raw: &str, carrier: Option<Carrier>) -> Result<String, String> {
    let number: String = text::half_width(raw).chars().filter(|c| !matches!(c, '-' | '‐' | '−' | 'ー' | ' ')).collect();
    if number.is_empty() {
        return Err("送り状番号が空です".to_string());
    }
    let digits = carrier.map_or(12, Carrier::tracking_digits);
    if number.len() != digits || !number.chars().all(|c| c.is_ascii_digit()) {
        return Err(format!("送り状番号の形式が正しくありません（{digits}桁の数字）"));
    }
    Ok(number)
}

/// 配送業者 as people write it: our codes, the labels, or the usual short names.
fn carrier_named(name: &str) -> Option<Carrier> {
    if let Some(carrier) = Carrier::parse(name) {
        return Some(carrier);
    }
    let key = header_key(name);
    let mentions = |words: &[&str]| words.iter().any(|word| key.contains(&header_key(word)));
    if mentions(&["クリックポスト", "clickpost"]) {
        Some(Carrier::ClickPost)
    } else if mentions(&["ヤマト", "クロネコ", "yamato", "宅急便"]) {
        Some(Carrier::YamatoB2)
    } else if mentions(&["佐川", "sagawa", "飛脚"]) {
        Some(Carrier::SagawaEhiden)
    } else if mentions(&["郵便", "ゆうパック", "ゆうパケット", "japanpost", "yupack"]) {
        Some(Carrier::JapanPostYuPrintR)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    fn sjis(content: &str) -> Vec<u8> {
        let (bytes, _, had_errors) = SHIFT_JIS.encode(content);
        assert!(!had_errors);
        bytes.into_owned()
    }

    fn issued(line: usize, code: &str, number: &str, shipped_on: Option<time::Date>) -> Result<Issued, LineError> {
        Ok(Issued { line, shipment_code: code.to_string(), tracking_number: number.to_string(), shipped_on, carrier: None })
    }

    /// The lines with their carriers left out (the tests of carriers say so on their own).
    fn plain(lines: Vec<Result<Issued, LineError>>) -> Vec<Result<Issued, LineError>> {
        lines.into_iter().map(|line| line.map(|issued| Issued { carrier: None, ..issued })).collect()
    }

    fn line_error(line: usize, message: &str) -> Result<Issued, LineError> {
        Err(LineError { line, message: message.to_string() })
    }

    #[test]
    fn b2_issued_data_is_read_by_header_name_with_extra_columns() {
        let file = "お客様管理番号,送り状種類,クール区分,伝票番号,出荷予定日,お届け先名\r\n\
                    S-1,0,0,4444-1375-8703,2025/03/01,山田太郎\r\n\
                    S-2,2,0,512547514334,2025/03/02,髙橋花子\r\n";
        let lines = plain(parse_issued(Carrier::YamatoB2, &sjis(file)).unwrap());
        assert_eq!(lines, vec![issued(2, "S-1", "444413758703", Some(date!(2025 - 03 - 01))), issued(3, "S-2", "512547514334", Some(date!(2025 - 03 - 02)))]);
    }

    #[test]
    fn ehiden_and_yupri_exports_use_their_own_column_names() {
        let sagawa = "出荷日,お問い合せ送り状No.,お客様管理番号\r\n20250301,5125-4751-4334,S-1\r\n";
        assert_eq!(plain(parse_issued(Carrier::SagawaEhiden, &sjis(sagawa)).unwrap()), vec![issued(2, "S-1", "512547514334", Some(date!(2025 - 03 - 01)))]);
        let yupri = "お客様側管理番号,お問い合わせ番号,代表お問い合わせ番号,発送予定日\r\nS-9,405548424886,,20250304\r\n";
        assert_eq!(plain(parse_issued(Carrier::JapanPostYuPrintR, &sjis(yupri)).unwrap()), vec![issued(2, "S-9", "405548424886", Some(date!(2025 - 03 - 04)))]);
    }

    #[test]
    fn bad_lines_are_reported_with_their_line_number_and_the_rest_still_read() {
        let file = "お客様管理番号,伝票番号\r\nS-1,12345\r\n,444413758703\r\nS-3,\r\nS-4,44441375870X\r\n\r\nS-6,444413758703\r\n";
        let lines = plain(parse_issued(Carrier::YamatoB2, &sjis(file)).unwrap());
        assert_eq!(
            lines,
            vec![
                line_error(2, "送り状番号の形式が正しくありません（12桁の数字）"),
                line_error(3, "お客様管理番号が空です"),
                line_error(4, "送り状番号が空です"),
                line_error(5, "送り状番号の形式が正しくありません（12桁の数字）"),
                issued(7, "S-6", "444413758703", None),
            ]
        );
        assert_eq!(lines[0].as_ref().unwrap_err().to_string(), "2行目: 送り状番号の形式が正しくありません（12桁の数字）");
    }

    #[test]
    fn a_file_missing_required_columns_is_refused_naming_them() {
        let file = "お届け先名,伝票番号\r\n山田太郎,444413758703\r\n";
        let error = parse_issued(Carrier::YamatoB2, &sjis(file)).unwrap_err();
        assert_eq!(error, FileError::WrongColumns { expected: "お客様管理番号".into(), found: "お届け先名、伝票番号".into() });
        assert_eq!(error.message(), "必要な列がありません: お客様管理番号（見つかった列: お届け先名、伝票番号）");
        let neither = parse_issued(Carrier::SagawaEhiden, &sjis("名前,住所\r\n")).unwrap_err();
        assert_eq!(neither, FileError::WrongColumns { expected: "お客様管理番号、お問い合せ送り状No.".into(), found: "名前、住所".into() });
    }

    #[test]
    fn line_numbers_count_physical_lines_even_across_quoted_line_breaks() {
        let file = "お客様管理番号,備考,伝票番号\r\nS-1,\"二行の\r\n備考\",444413758703\r\nS-2,,\r\n";
        let lines = plain(parse_issued(Carrier::YamatoB2, &sjis(file)).unwrap());
        assert_eq!(lines, vec![issued(2, "S-1", "444413758703", None), line_error(4, "送り状番号が空です")]);
    }

    #[test]
    fn a_title_line_above_the_header_is_skipped() {
        let file = "発行済みデータ 2025/03/01\r\nお客様管理番号,伝票番号\r\nS-1,444413758703\r\n";
        assert_eq!(plain(parse_issued(Carrier::YamatoB2, &sjis(file)).unwrap()), vec![issued(3, "S-1", "444413758703", None)]);
    }

    #[test]
    fn carrier_files_saved_as_utf8_are_named_as_such() {
        let file = "お客様管理番号,伝票番号\r\nS-1,444413758703\r\n";
        assert_eq!(parse_issued(Carrier::YamatoB2, file.as_bytes()), Err(FileError::NotShiftJis));
        let with_bom = [UTF8_BOM, file.as_bytes()].concat();
        assert_eq!(parse_issued(Carrier::YamatoB2, &with_bom), Err(FileError::NotShiftJis));
    }

    #[test]
    fn empty_and_undecodable_files_are_refused() {
        assert_eq!(parse_issued(Carrier::YamatoB2, b""), Err(FileError::Empty));
        assert_eq!(parse_issued(Carrier::YamatoB2, b" \r\n"), Err(FileError::Empty));
        assert_eq!(parse_generic(UTF8_BOM), Err(FileError::Empty));
        assert!(matches!(parse_issued(Carrier::YamatoB2, b"\x82\xff\x82"), Err(FileError::Unreadable(_))));
    }

    #[test]
    fn generic_file_reads_utf8_with_bom_utf8_and_shift_jis_alike() {
        let file = "出荷番号,配送業者,送り状番号,出荷日\r\nS-1,ヤマト運輸,4444-1375-8703,2025/03/01\r\nS-2,,512547514334,2025-03-02\r\nS-3,clickpost,405548424886,\r\n";
        let expected = vec![
            issued(2, "S-1", "444413758703", Some(date!(2025 - 03 - 01))),
            issued(3, "S-2", "512547514334", Some(date!(2025 - 03 - 02))),
            issued(4, "S-3", "405548424886", None),
        ];
        assert_eq!(plain(parse_generic(file.as_bytes()).unwrap()), expected);
        assert_eq!(plain(parse_generic(&[UTF8_BOM, file.as_bytes()].concat()).unwrap()), expected);
        assert_eq!(plain(parse_generic(&sjis(file)).unwrap()), expected);
        // Each line keeps its 配送業者; a blank one is None (the shipment's own carrier applies).
        let carriers: Vec<Option<Carrier>> = parse_generic(file.as_bytes()).unwrap().into_iter().map(|l| l.unwrap().carrier).collect();
        assert_eq!(carriers, [Some(Carrier::YamatoB2), None, Some(Carrier::ClickPost)]);
    }

    #[test]
    fn generic_file_reports_unknown_carriers_and_bad_dates() {
        let file = "出荷番号,配送業者,送り状番号,出荷日\nS-1,西濃運輸,444413758703,2025/03/01\nS-2,佐川急便,512547514334,3月2日\n";
        assert_eq!(
            plain(parse_generic(file.as_bytes()).unwrap()),
            vec![line_error(2, "配送業者「西濃運輸」が分かりません"), line_error(3, "出荷日の形式が正しくありません（yyyy/mm/dd）")]
        );
    }

    #[test]
    fn generic_file_without_optional_columns_and_with_excel_protected_cells() {
        let file = "送り状番号,出荷番号\n=\"444413758703\",S-1\n";
        assert_eq!(plain(parse_generic(file.as_bytes()).unwrap()), vec![issued(2, "S-1", "444413758703", None)]);
        let missing = parse_generic("出荷番号,出荷日\nS-1,2025/03/01\n".as_bytes()).unwrap_err();
        assert_eq!(missing, FileError::WrongColumns { expected: "送り状番号".into(), found: "出荷番号、出荷日".into() });
    }

    #[test]
    fn carrier_names_people_write_are_recognised() {
        assert_eq!(carrier_named("クロネコヤマト"), Some(Carrier::YamatoB2));
        assert_eq!(carrier_named("sagawa_ehiden"), Some(Carrier::SagawaEhiden));
        assert_eq!(carrier_named("日本郵便"), Some(Carrier::JapanPostYuPrintR));
        assert_eq!(carrier_named("クリックポスト"), Some(Carrier::ClickPost));
        assert_eq!(carrier_named("福山通運"), None);
    }
}
