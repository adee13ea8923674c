//! CSV files the way Japanese spreadsheet users exchange them: a header row in Japanese,
//! Shift_JIS (what Excel writes and reads by default in Japan) or UTF-8 with or without a BOM.
//! Reading detects the encoding and keeps each row's line number as a spreadsheet shows it;
//! writing puts the encoding asked for, CRLF lines, and defuses cells a spreadsheet would run
//! as a formula. The address book and the catalogue's files use it.
use encoding_rs::{EncoderResult, SHIFT_JIS};
use serde::Serialize;

pub const ENCODING_UNKNOWN: &str = "文字コードを判別できません。Shift_JISまたはUTF-8のCSVファイルを選択してください";
pub const NOT_CSV: &str = "CSVファイルを選択してください";
const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";
/// 〓 (geta), the customary stand-in for a character Shift_JIS cannot hold (𠮷, emoji).
const SHIFT_JIS_GETA: &[u8] = b"\x81\xAC";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    ShiftJis,
    Utf8,
}

impl Encoding {
    /// `sjis` (the default: what Excel opens in Japan) or `utf8`.
    pub fn parse(value: Option<&str>) -> Option<Encoding> {
        match value.map(str::trim).map(str::to_ascii_lowercase).as_deref() {
            None | Some("") | Some("sjis") | Some("shift_jis") => Some(Encoding::ShiftJis),
            Some("utf8") | Some("utf-8") => Some(Encoding::Utf8),
            _ => None,
        }
    }

    pub fn content_type(self) -> &'static str {
        match self {
            Encoding::ShiftJis => "text/csv; charset=Shift_JIS",
            Encoding::Utf8 => "text/csv; charset=UTF-8",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Encoding::ShiftJis => "Shift_JIS",
            Encoding::Utf8 => "UTF-8",
        }
    }
}

/// The file's text: UTF-8 when it has a BOM or is valid UTF-8, else Shift_JIS (Windows-31J,
/// as encoding_rs reads it) when it is valid as that, else an error to show.
pub fn decode(bytes: &[u8]) -> Result<String, &'static str> {
    decode_detecting(bytes).map(|(text, _)| text)
}

/// [`decode`], with the encoding it found.
pub fn decode_detecting(bytes: &[u8]) -> Result<(String, Encoding), &'static str> {
    let (text, encoding) = if let Some(rest) = bytes.strip_prefix(UTF8_BOM) {
        (std::str::from_utf8(rest).map_err(|_| ENCODING_UNKNOWN)?.to_owned(), Encoding::Utf8)
    } else if let Ok(text) = std::str::from_utf8(bytes) {
        (text.to_owned(), Encoding::Utf8)
    } else {
        (SHIFT_JIS.decode_without_bom_handling_and_without_replacement(bytes).ok_or(ENCODING_UNKNOWN)?.into_owned(), Encoding::ShiftJis)
    };
    // No spreadsheet writes NUL into a CSV; a file holding one is something else.
    if text.contains('\0') { Err(NOT_CSV) } else { Ok((text, encoding)) }
}

/// Cells a spreadsheet would run as a formula (`=`, `+`, `@`) are written with a leading `'`
/// (CSV injection); reading such a cell back drops it again.
pub fn escape_formula(cell: &str) -> String {
    if cell.starts_with(['=', '+', '@']) { format!("'{cell}") } else { cell.to_owned() }
}

/// A text cell that a spreadsheet would still read as a formula or number after
/// [`escape_formula`] (a leading `-`, a tab or a carriage return: `-1+2`): a leading `'` keeps
/// it text. Only for text columns: a figure's own `-` is a negative number.
pub fn neutral_text(cell: &str) -> String {
    if cell.starts_with(['-', '\t', '\r']) { format!("'{cell}") } else { cell.to_owned() }
}

pub fn unescape_formula(cell: &str) -> String {
    match cell.strip_prefix('\'') {
        Some(rest) if rest.starts_with(['=', '+', '@']) => rest.to_owned(),
        _ => cell.to_owned(),
    }
}

/// A problem at a line and column of a file, in Japanese.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize, utoipa::ToSchema)]
pub struct LineError {
    /// The line as a spreadsheet shows it (the header is line 1).
    pub line: usize,
    /// The column's header ("" for the whole line).
    pub column: String,
    pub message: String,
}

impl LineError {
    pub fn new(line: usize, column: &str, message: impl Into<String>) -> LineError {
        LineError { line, column: column.to_owned(), message: message.into() }
    }
}

/// A data row's cells (formula escapes undone) and its line number; a quoted cell holding a
/// line break does not start a new line.
#[derive(Debug, Clone)]
pub struct Cells {
    pub line: usize,
    pub cells: Vec<String>,
}

/// The header cells and the data rows with something in them.
pub fn read_rows(text: &str) -> Result<(Vec<String>, Vec<Cells>), LineError> {
    let mut reader = csv::ReaderBuilder::new().has_headers(true).flexible(true).from_reader(text.as_bytes());
    let headers: Vec<String> =
        reader.headers().map_err(|_| LineError::new(1, "", "1行目(見出し)を読み取れません。"))?.iter().map(|h| h.trim().to_owned()).collect();
    let mut rows = Vec::new();
    let mut record = csv::StringRecord::new();
    // Lines counted from the bytes read (a quoted cell may hold line breaks).
    let (mut counted_to, mut line) = (0usize, 1usize);
    let mut line_at = |byte: usize| {
        let byte = byte.min(text.len());
        line += text.as_bytes()[counted_to.min(byte)..byte].iter().filter(|b| **b == b'\n').count();
        counted_to = counted_to.max(byte);
        line
    };
    loop {
        let before = reader.position().byte() as usize;
        match reader.read_record(&mut record) {
            Ok(false) => break,
            Ok(true) => {
                let mut start = record.position().map_or(before, |p| p.byte() as usize);
                // A record's position may fall on the line break ending the one before (CRLF).
                while text.as_bytes().get(start).is_some_and(|b| matches!(b, b'\r' | b'\n')) {
                    start += 1;
                }
                let line = line_at(start);
                if record.iter().any(|cell| !cell.trim().is_empty()) {
                    rows.push(Cells { line, cells: record.iter().map(unescape_formula).collect() });
                }
            }
            Err(_) => return Err(LineError::new(line_at(before) + 1, "", "この行を読み取れません（\"の閉じ忘れなど）。")),
        }
    }
    Ok((headers, rows))
}

/// A file of `headers` and `rows` in `encoding` (UTF-8 with a BOM, so Excel reads it as UTF-8).
pub fn write_rows(headers: &[&str], rows: &[Vec<String>], encoding: Encoding) -> Vec<u8> {
    let mut writer = csv::WriterBuilder::new().terminator(csv::Terminator::CRLF).from_writer(Vec::new());
    // Writing into a Vec cannot fail.
    let _ = writer.write_record(headers);
    for row in rows {
        let _ = writer.write_record(row.iter().map(|c| escape_formula(c)));
    }
    encode(writer.into_inner().unwrap_or_default(), encoding)
}

/// CSV text (UTF-8) in the file encoding asked for.
pub fn encode(utf8: Vec<u8>, encoding: Encoding) -> Vec<u8> {
    match encoding {
        Encoding::Utf8 => [UTF8_BOM, &utf8].concat(),
        Encoding::ShiftJis => to_shift_jis(std::str::from_utf8(&utf8).unwrap_or_default()),
    }
}

/// Shift_JIS (Windows-31J) with 〓 for each character it cannot hold — encoding_rs would
/// otherwise write an HTML character reference such as `&#134071;` into the cell.
pub fn to_shift_jis(text: &str) -> Vec<u8> {
    let mut encoder = SHIFT_JIS.new_encoder();
    let mut out = Vec::with_capacity(text.len());
    let mut buffer = [0u8; 4096];
    let mut rest = text;
    loop {
        let (result, read, written) = encoder.encode_from_utf8_without_replacement(rest, &mut buffer, true);
        out.extend_from_slice(&buffer[..written]);
        rest = &rest[read..];
        match result {
            EncoderResult::InputEmpty => return out,
            EncoderResult::OutputFull => {}
            EncoderResult::Unmappable(_) => out.extend_from_slice(SHIFT_JIS_GETA),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_cell_a_spreadsheet_would_run_is_kept_as_text() {
        assert_eq!(neutral_text("-1+2"), "'-1+2");
        assert_eq!(neutral_text("沖縄県"), "沖縄県");
    }

    #[test]
    fn rows_keep_their_line_numbers_across_quoted_line_breaks() {
        for newline in ["\n", "\r\n"] {
            let text = ["a,b", "1,\"x\ny\"", "", ",", "2,z", ""].join(newline);
            let (_, rows) = read_rows(&text).unwrap();
            let lines: Vec<usize> = rows.iter().map(|r| r.line).collect();
            assert_eq!(lines, vec![2, 6], "{newline:?}");
        }
        let (headers, rows) = read_rows("a,b\n1,\"x\ny\"\n\n,\n2,z\n").unwrap();
        assert_eq!(headers, vec!["a", "b"]);
        assert_eq!(rows[0].cells, vec!["1", "x\ny"]);
    }

    #[test]
    fn both_encodings_round_trip_and_formulas_are_defused() {
        for encoding in [Encoding::Utf8, Encoding::ShiftJis] {
            let bytes = write_rows(&["名前"], &[vec!["=1+1".into()], vec!["髙橋".into()]], encoding);
            let (text, found) = decode_detecting(&bytes).unwrap();
            assert_eq!(found, encoding);
            assert!(text.contains("'=1+1"));
            let (_, rows) = read_rows(&text).unwrap();
            assert_eq!(rows[0].cells, vec!["=1+1"]);
            assert_eq!(rows[1].cells, vec!["髙橋"]);
        }
    }
}
