//! 入金消込 (issue 32, docs/contracts/bank-reconciliation.md): a bank statement's CSV read into
//! its credit lines, and each line matched to the open bank transfers it may pay — by the
//! order number in the payer's name, or by the payer's name and the amount. Pure: the handler
//! (`http/admin_bank.rs`) loads the open orders, and staff confirm every match before the
//! order desk's 入金確認 records it.
use std::collections::HashMap;

use serde::Serialize;
use time::Date;
use unicode_normalization::UnicodeNormalization;

use super::carriers::parse_date;
use crate::infra::text_csv::{self, LineError};

/// A statement longer than this is not one bank account's transfers to match by hand.
pub const MAX_LINES: usize = 5_000;

/// The columns read, each under the names banks' files use for it.
const DATE_HEADERS: &[&str] = &["日付", "取引日", "入金日", "年月日"];
const AMOUNT_HEADERS: &[&str] = &["金額", "入金額", "お預り金額", "入金金額"];
const PAYER_HEADERS: &[&str] = &["振込依頼人名", "振込依頼人", "依頼人名", "摘要"];

/// One line of the statement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatementLine {
    pub line: usize,
    pub paid_on: Date,
    /// None: no credit on this line (a withdrawal, or 0), skipped.
    pub amount: Option<i64>,
    pub payer: String,
}

/// The file's problem: unreadable as a whole (`file`), or some lines that do not read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StatementError {
    File(String),
    Lines(Vec<LineError>),
}

/// The statement's lines, or what is wrong with it; `encoding` names what it was read as.
pub fn read(bytes: &[u8]) -> Result<(Vec<StatementLine>, text_csv::Encoding), StatementError> {
    let (text, encoding) = text_csv::decode_detecting(bytes).map_err(|message| StatementError::File(message.to_owned()))?;
    let (headers, rows) = text_csv::read_rows(&text).map_err(|error| StatementError::Lines(vec![error]))?;
    let column = |names: &[&str]| headers.iter().position(|h| names.contains(&h.as_str()));
    let (Some(date), Some(amount), Some(payer)) = (column(DATE_HEADERS), column(AMOUNT_HEADERS), column(PAYER_HEADERS)) else {
        let missing = [(DATE_HEADERS, "日付"), (AMOUNT_HEADERS, "金額"), (PAYER_HEADERS, "振込依頼人名")]
            .iter()
            .filter(|(names, _)| column(names).is_none())
            .map(|(_, name)| format!("「{name}」"))
            .collect::<Vec<_>>()
            .join("");
        return Err(StatementError::File(format!("見出しに{missing}がありません。日付・金額・振込依頼人名の列があるCSVを選んでください。")));
    };
    if rows.len() > MAX_LINES {
        return Err(StatementError::File(format!("一度に取り込めるのは{MAX_LINES}行までです。")));
    }
    let mut lines = Vec::with_capacity(rows.len());
    let mut errors = Vec::new();
    for row in rows {
        let cell = |index: usize| row.cells.get(index).map(|c| c.trim()).unwrap_or("");
        let paid_on = parse_date(&japanese_date(cell(date)));
        let amount_read = read_amount(cell(amount));
        if paid_on.is_none() {
            errors.push(LineError::new(row.line, DATE_HEADERS[0], "日付を読み取れません（例: 2026/11/20）。"));
        }
        if amount_read.is_err() {
            errors.push(LineError::new(row.line, AMOUNT_HEADERS[0], "金額を読み取れません（例: 5,500）。"));
        }
        if let (Some(paid_on), Ok(amount)) = (paid_on, amount_read) {
            lines.push(StatementLine { line: row.line, paid_on, amount: amount.filter(|a| *a > 0), payer: cell(payer).to_owned() });
        }
    }
    if errors.is_empty() { Ok((lines, encoding)) } else { Err(StatementError::Lines(errors)) }
}

/// `2026年11月20日` as `2026/11/20`; other forms pass unchanged to the carriers' date reader.
fn japanese_date(cell: &str) -> String {
    let folded: String = cell.nfkc().collect();
    folded.replace(['年', '月'], "/").replace('日', "")
}

/// `5,500`, `¥5,500`, `5,500円`, full-width digits; empty is no credit. A minus sign reads as
/// a negative amount (a withdrawal).
fn read_amount(cell: &str) -> Result<Option<i64>, ()> {
    let folded: String = cell.nfkc().filter(|c| !matches!(c, ',' | '¥' | '\\' | '円' | ' ')).collect();
    if folded.is_empty() {
        return Ok(None);
    }
    folded.parse::<i64>().map(Some).map_err(|_| ())
}

/// A name as banks and customers write it, folded to compare: half-width kana to full-width,
/// hiragana to katakana, small kana to large (banks' character set has none), without spaces,
/// `・` or dots.
pub fn fold_name(name: &str) -> String {
    name.nfkc()
        .filter(|c| !c.is_whitespace() && !matches!(c, '・' | '.' | '．'))
        .map(|c| match c {
            '\u{3041}'..='\u{3096}' => char::from_u32(c as u32 + 0x60).unwrap_or(c),
            _ => c,
        })
        .map(|c| match c {
            'ァ' => 'ア',
            'ィ' => 'イ',
            'ゥ' => 'ウ',
            'ェ' => 'エ',
            'ォ' => 'オ',
            'ッ' => 'ツ',
            'ャ' => 'ヤ',
            'ュ' => 'ユ',
            'ョ' => 'ヨ',
            'ヮ' => 'ワ',
            _ => c,
        })
        .collect()
}

/// The runs of 8 or more digits in a payer's name (an order number's digits).
fn digit_runs(payer: &str) -> Vec<String> {
    let folded: String = payer.nfkc().collect();
    folded.split(|c: char| !c.is_ascii_digit()).filter(|run| run.len() >= 8).map(str::to_owned).collect()
}

/// An open bank transfer, as matching needs it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenTransfer {
    pub order_no: String,
    /// The orderer's フリガナ, 姓 and 名.
    pub kana: String,
    /// What is still to be paid.
    pub remaining: i64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum MatchStatus {
    /// One order fits: proposed, to be confirmed.
    Matched,
    /// Several orders fit: staff choose.
    Ambiguous,
    /// No order fits (candidates of the same name may wait for another amount).
    Unmatched,
    /// No credit on this line.
    Skipped,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum MatchReason {
    /// The order number is in the payer's name, and the amount is the order's remaining amount.
    OrderNo,
    /// The payer's name is the orderer's フリガナ, and the amount is the remaining amount.
    Name,
}

/// A candidate order of one line: its index in the open transfers, why, and whether the
/// amount differs from what the order waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Candidate {
    pub transfer: usize,
    pub reason: MatchReason,
    pub amount_differs: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineMatch {
    pub status: MatchStatus,
    /// The proposed transfer's index (matched only).
    pub proposed: Option<usize>,
    pub candidates: Vec<Candidate>,
}

/// Each line's match against `open` (in the contract's order of rules). An order that fits
/// two lines is proposed for neither.
pub fn match_lines(lines: &[StatementLine], open: &[OpenTransfer]) -> Vec<LineMatch> {
    let folded: Vec<String> = open.iter().map(|t| fold_name(&t.kana)).collect();
    let digits: Vec<String> = open.iter().map(|t| t.order_no.chars().filter(char::is_ascii_digit).collect()).collect();
    let mut matches: Vec<LineMatch> = lines
        .iter()
        .map(|line| {
            let Some(amount) = line.amount else {
                return LineMatch { status: MatchStatus::Skipped, proposed: None, candidates: Vec::new() };
            };
            let runs = digit_runs(&line.payer);
            let by_number: Vec<usize> = (0..open.len()).filter(|&i| digits[i].len() >= 8 && runs.iter().any(|run| run.contains(digits[i].as_str()))).collect();
            let payer = fold_name(&line.payer);
            let by_name: Vec<usize> = (0..open.len()).filter(|&i| !folded[i].is_empty() && payer.contains(folded[i].as_str())).collect();
            let fits = |i: &usize| open[*i].remaining == amount;
            let number_fits: Vec<usize> = by_number.iter().copied().filter(fits).collect();
            let name_fits: Vec<usize> = by_name.iter().copied().filter(fits).collect();
            let (fit, reason) = if number_fits.is_empty() { (name_fits, MatchReason::Name) } else { (number_fits, MatchReason::OrderNo) };
            match fit.len() {
                1 => LineMatch {
                    status: MatchStatus::Matched,
                    proposed: Some(fit[0]),
                    candidates: vec![Candidate { transfer: fit[0], reason, amount_differs: false }],
                },
                0 => {
                    let mut near: Vec<Candidate> =
                        by_number.iter().map(|&i| Candidate { transfer: i, reason: MatchReason::OrderNo, amount_differs: true }).collect();
                    near.extend(by_name.iter().filter(|i| !by_number.contains(i)).map(|&i| Candidate {
                        transfer: i,
                        reason: MatchReason::Name,
                        amount_differs: true,
                    }));
                    LineMatch { status: MatchStatus::Unmatched, proposed: None, candidates: near }
                }
                _ => LineMatch {
                    status: MatchStatus::Ambiguous,
                    proposed: None,
                    candidates: fit.into_iter().map(|i| Candidate { transfer: i, reason, amount_differs: false }).collect(),
                },
            }
        })
        .collect();
    // An order proposed for two lines is proposed for neither: staff choose.
    let mut proposed_count: HashMap<usize, usize> = HashMap::new();
    for m in &matches {
        if let Some(i) = m.proposed {
            *proposed_count.entry(i).or_default() += 1;
        }
    }
    for m in &mut matches {
        if m.proposed.is_some_and(|i| proposed_count[&i] > 1) {
            m.status = MatchStatus::Ambiguous;
            m.proposed = None;
        }
    }
    matches
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sjis(text: &str) -> Vec<u8> {
        text_csv::to_shift_jis(text)
    }

    fn transfer(order_no: &str, kana: &str, remaining: i64) -> OpenTransfer {
        OpenTransfer { order_no: order_no.into(), kana: kana.into(), remaining }
    }

    fn line(payer: &str, amount: i64) -> StatementLine {
        StatementLine { line: 2, paid_on: Date::from_calendar_date(2026, time::Month::November, 20).unwrap(), amount: Some(amount), payer: payer.into() }
    }

    #[test]
    fn a_shift_jis_statement_reads_its_three_columns_under_a_banks_names() {
        let file = "取引日,摘要,お預り金額,お引出金額,残高\r\n2026/11/20,ﾔﾏﾀﾞ ﾊﾅｺ,\"5,500\",,105500\r\n２０２６年１１月２１日,ｼﾖｳｶｲ,,3000,102500\r\n20261122,12345678 ｽｽﾞｷ ｲﾁﾛｳ,\"¥12,000円\",,114500\r\n";
        let (lines, encoding) = read(&sjis(file)).unwrap();
        assert_eq!(encoding, text_csv::Encoding::ShiftJis);
        assert_eq!(lines.len(), 3);
        assert_eq!((lines[0].line, lines[0].amount, lines[0].payer.as_str()), (2, Some(5500), "ﾔﾏﾀﾞ ﾊﾅｺ"));
        assert_eq!((lines[1].paid_on.day(), lines[1].amount), (21, None), "a withdrawal has no credit");
        assert_eq!((lines[2].paid_on.day(), lines[2].amount), (22, Some(12_000)));
    }

    #[test]
    fn a_missing_column_or_a_bad_line_is_named_and_nothing_reads() {
        assert_eq!(
            read("日付,振込依頼人名\n2026/11/20,ﾔﾏﾀﾞ\n".as_bytes()),
            Err(StatementError::File("見出しに「金額」がありません。日付・金額・振込依頼人名の列があるCSVを選んでください。".into()))
        );
        let Err(StatementError::Lines(errors)) = read("日付,金額,振込依頼人名\n2026/11/20,5500,ﾔﾏﾀﾞ\n11月20日,abc,ｽｽﾞｷ\n".as_bytes())
        else {
            panic!("bad lines must fail the whole file");
        };
        assert_eq!(errors.iter().map(|e| (e.line, e.column.as_str())).collect::<Vec<_>>(), [(3, "日付"), (3, "金額")]);
        assert!(matches!(read(b"\x00\x01\x02PK"), Err(StatementError::File(_))));
    }

    #[test]
    fn names_fold_as_banks_write_them() {
        assert_eq!(fold_name("ﾔﾏﾀﾞ ﾊﾅｺ"), fold_name("ヤマダ　ハナコ"));
        assert_eq!(fold_name("ｷﾖｳｺ"), fold_name("キョウコ"), "banks have no small kana");
        assert_eq!(fold_name("さとう・じゅん"), "サトウジユン");
    }

    #[test]
    fn the_order_number_wins_then_the_name_and_amount() {
        let open =
            [transfer("ORD00001234", "ヤマダ ハナコ", 5500), transfer("ORD00001235", "ヤマダ ハナコ", 5500), transfer("ORD00001236", "スズキ イチロウ", 3000)];
        let by_number = match_lines(&[line("00001235 ﾔﾏﾀﾞ ﾊﾅｺ", 5500)], &open);
        assert_eq!((by_number[0].status, by_number[0].proposed), (MatchStatus::Matched, Some(1)));
        assert_eq!(by_number[0].candidates[0].reason, MatchReason::OrderNo);
        let by_name = match_lines(&[line("ｽｽﾞｷ ｲﾁﾛｳ", 3000)], &open);
        assert_eq!((by_name[0].status, by_name[0].proposed, by_name[0].candidates[0].reason), (MatchStatus::Matched, Some(2), MatchReason::Name));
        let two = match_lines(&[line("ﾔﾏﾀﾞ ﾊﾅｺ", 5500)], &open);
        assert_eq!((two[0].status, two[0].proposed, two[0].candidates.len()), (MatchStatus::Ambiguous, None, 2));
    }

    #[test]
    fn another_amount_is_a_candidate_never_a_proposal() {
        let open = [transfer("ORD00001236", "スズキ イチロウ", 3000)];
        let short = match_lines(&[line("ｽｽﾞｷ ｲﾁﾛｳ", 2000)], &open);
        assert_eq!((short[0].status, short[0].proposed), (MatchStatus::Unmatched, None));
        assert_eq!(short[0].candidates, vec![Candidate { transfer: 0, reason: MatchReason::Name, amount_differs: true }]);
        let stranger = match_lines(&[line("ﾀﾅｶ ｼﾞﾛｳ", 3000)], &open);
        assert_eq!((stranger[0].status, stranger[0].candidates.len()), (MatchStatus::Unmatched, 0));
    }

    #[test]
    fn one_order_fitting_two_lines_is_proposed_for_neither() {
        let open = [transfer("ORD00001236", "スズキ イチロウ", 3000)];
        let twice = match_lines(&[line("ｽｽﾞｷ ｲﾁﾛｳ", 3000), line("ｽｽﾞｷ ｲﾁﾛｳ", 3000)], &open);
        assert!(twice.iter().all(|m| m.status == MatchStatus::Ambiguous && m.proposed.is_none() && m.candidates.len() == 1));
        let skipped = match_lines(&[StatementLine { amount: None, ..line("ｽｽﾞｷ", 0) }], &open);
        assert_eq!(skipped[0].status, MatchStatus::Skipped);
    }
}
