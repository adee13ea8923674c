//! 送り状ソフト連携: the CSV files Japanese carriers' label software imports, and the issued-label
//! files (送り状番号) it exports after printing.
//!
//! * [`export`] writes one carrier's import file(s): CP932 (Shift_JIS) bytes, CRLF line ends,
//!   header row first.
//! * [`parse_issued`] reads a carrier's issued-label export back; [`parse_generic`] reads the
//!   shop's own 出荷実績 CSV (`出荷番号,配送業者,送り状番号,出荷日`).
//!
//! Nothing the shop typed is dropped silently: every character Shift_JIS cannot carry, every text
//! cut at a field's width and every option a carrier cannot print comes back in
//! [`Export::replaced`]. The layouts, the sources and what is still unverified are in
//! `docs/carriers.md`.

mod clickpost;
mod issued;
mod japanpost;
mod sagawa;
mod text;

/// The carriers' date reader, shared with the bank statement (`bank_statement.rs`).
pub(crate) use text::parse_date;
mod yamato;

use std::fmt;

pub use issued::{parse_generic, parse_issued};

use text::Report;

/// The label software we write for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Carrier {
    /// ヤマト運輸 B2クラウド (外部データから発行).
    YamatoB2,
    /// 佐川急便 e飛伝Ⅲ (CSV取込, 飛脚宅配便の標準レイアウト).
    SagawaEhiden,
    /// 日本郵便 ゆうパックプリントR (外部データ取込).
    JapanPostYuPrintR,
    /// クリックポスト (まとめ申込).
    ClickPost,
}

impl Carrier {
    pub const ALL: [Carrier; 4] = [Carrier::YamatoB2, Carrier::SagawaEhiden, Carrier::JapanPostYuPrintR, Carrier::ClickPost];

    /// Stable code for settings and file names.
    pub fn code(self) -> &'static str {
        match self {
            Carrier::YamatoB2 => "yamato_b2",
            Carrier::SagawaEhiden => "sagawa_ehiden",
            Carrier::JapanPostYuPrintR => "japanpost_yupri",
            Carrier::ClickPost => "clickpost",
        }
    }

    pub fn parse(code: &str) -> Option<Carrier> {
        Carrier::ALL.into_iter().find(|carrier| carrier.code() == code.trim())
    }

    /// Name shown to the shop.
    pub fn label(self) -> &'static str {
        match self {
            Carrier::YamatoB2 => "ヤマト運輸 B2クラウド",
            Carrier::SagawaEhiden => "佐川急便 e飛伝",
            Carrier::JapanPostYuPrintR => "日本郵便 ゆうパックプリントR",
            Carrier::ClickPost => "クリックポスト",
        }
    }

    /// The carrier's public tracking page for `number`. Hyphens, spaces and full-width digits are
    /// tolerated; only ASCII letters and digits reach the URL, so it needs no escaping.
    pub fn tracking_url(self, number: &str) -> String {
        let number: String = text::half_width(number).chars().filter(char::is_ascii_alphanumeric).collect();
        match self {
            Carrier::YamatoB2 => format!("https://toi.kuronekoyamato.co.jp/cgi-bin/tneko?number00=1&number01={number}"),
            Carrier::SagawaEhiden => format!("https://k2k.sagawa-exp.co.jp/p/web/okurijosearch.do?okurijoNo={number}"),
            Carrier::JapanPostYuPrintR | Carrier::ClickPost => {
                format!("https://trackings.post.japanpost.jp/services/srv/search/direct?reqCodeNo1={number}&searchKind=S002&locale=ja")
            }
        }
    }

    /// Digits in the carrier's tracking number once hyphens are removed: 12 for all four
    /// (ヤマト 送り状番号, 佐川 お問い合せ送り状No., ゆうパック and クリックポスト お問い合わせ番号).
    fn tracking_digits(self) -> usize {
        12
    }
}

/// 配達時間帯 as shops offer them. Not every carrier has every slot: ヤマト dropped 12–14 in 2017,
/// クリックポスト has none; those cases are reported, not guessed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TimeSlot {
    Morning,
    H12_14,
    H14_16,
    H16_18,
    H18_20,
    H19_21,
}

impl TimeSlot {
    pub const ALL: [TimeSlot; 6] = [TimeSlot::Morning, TimeSlot::H12_14, TimeSlot::H14_16, TimeSlot::H16_18, TimeSlot::H18_20, TimeSlot::H19_21];

    /// Reads the labels shops use: 「午前中」「12時～14時」「12-14時」「14:00-16:00」「１４～１６時」,
    /// B2 codes such as 「1416」. None for 「指定なし」 and anything not one of the six slots.
    pub fn from_label(label: &str) -> Option<TimeSlot> {
        let normalized = text::half_width(label).to_lowercase();
        if normalized.contains("午前") || normalized == "am" {
            return Some(TimeSlot::Morning);
        }
        let hours = hour_numbers(&normalized);
        let (from, to) = match hours.as_slice() {
            [code] if code.len() == 4 => (code[..2].parse().ok()?, code[2..].parse().ok()?),
            [from, to, ..] => (from.parse().ok()?, to.parse().ok()?),
            _ => return None,
        };
        TimeSlot::ALL.into_iter().find(|slot| slot.hours() == (from, to))
    }

    /// The label printed in reports, e.g. 「12時～14時」.
    pub fn label(self) -> &'static str {
        match self {
            TimeSlot::Morning => "午前中",
            TimeSlot::H12_14 => "12時～14時",
            TimeSlot::H14_16 => "14時～16時",
            TimeSlot::H16_18 => "16時～18時",
            TimeSlot::H18_20 => "18時～20時",
            TimeSlot::H19_21 => "19時～21時",
        }
    }

    fn hours(self) -> (u8, u8) {
        match self {
            TimeSlot::Morning => (8, 12),
            TimeSlot::H12_14 => (12, 14),
            TimeSlot::H14_16 => (14, 16),
            TimeSlot::H16_18 => (16, 18),
            TimeSlot::H18_20 => (18, 20),
            TimeSlot::H19_21 => (19, 21),
        }
    }
}

/// Runs of digits that are hours, skipping minutes (the `00` of `14:00`).
fn hour_numbers(text: &str) -> Vec<String> {
    let mut runs = Vec::new();
    let mut current = String::new();
    let mut after_colon = false;
    for c in text.chars().chain(std::iter::once(' ')) {
        if c.is_ascii_digit() {
            current.push(c);
            continue;
        }
        if !current.is_empty() && !after_colon {
            runs.push(std::mem::take(&mut current));
        }
        current.clear();
        after_colon = c == ':';
    }
    runs
}

/// クール便.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Cool {
    #[default]
    Normal,
    /// 冷蔵.
    Chilled,
    /// 冷凍.
    Frozen,
}

impl Cool {
    fn label(self) -> &'static str {
        match self {
            Cool::Normal => "常温",
            Cool::Chilled => "冷蔵",
            Cool::Frozen => "冷凍",
        }
    }
}

/// A sender or recipient as the order desk holds it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Party {
    pub name: String,
    /// Reading of the name (any kana); B2クラウド prints it in half-width katakana.
    pub kana: String,
    pub company: String,
    /// Seven digits, with or without hyphen, full- or half-width.
    pub postal_code: String,
    pub prefecture: String,
    pub city: String,
    pub street: String,
    pub building: String,
    pub phone: String,
}

/// Who the label is addressed to, and how.
struct Addressee {
    name: String,
    company: String,
    honorific: &'static str,
}

impl Party {
    /// 都道府県 + 市区町村.
    fn locality(&self) -> String {
        format!("{}{}", self.prefecture.trim(), self.city.trim())
    }

    /// 都道府県 + 市区町村 + 番地: the line B2 and ゆうプリR call 住所.
    fn street_line(&self) -> String {
        format!("{}{}", self.locality(), self.street.trim())
    }

    /// A person is 様; a company with nobody named is written to the company, 御中.
    fn addressee(&self) -> Addressee {
        let (name, company) = (self.name.trim(), self.company.trim());
        if name.is_empty() {
            Addressee { name: company.to_string(), company: String::new(), honorific: if company.is_empty() { "" } else { "御中" } }
        } else {
            Addressee { name: name.to_string(), company: company.to_string(), honorific: "様" }
        }
    }

    /// The sender as printed in a single 依頼主名 field: 「会社　名前」, or whichever is given.
    fn display_name(&self) -> String {
        match (self.company.trim(), self.name.trim()) {
            ("", name) => name.to_string(),
            (company, "") => company.to_string(),
            (company, name) => format!("{company}　{name}"),
        }
    }
}

/// One parcel to label.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LabelShipment {
    /// Our shipment code; goes to お客様管理番号 and comes back with the tracking number.
    pub shipment_code: String,
    pub recipient: Party,
    /// The shop, or the buyer for a gift.
    pub sender: Party,
    /// 出荷予定日.
    pub ship_date: time::Date,
    pub delivery_date: Option<time::Date>,
    pub time_slot: Option<TimeSlot>,
    /// Yen including tax; Some makes it a 代引 (collect) label.
    pub cash_on_delivery: Option<i64>,
    pub cool: Cool,
    /// 品名 from the order lines; joined, and summarised as 「他N点」 when they do not fit.
    pub item_names: Vec<String>,
    /// 記事 / 備考.
    pub note: String,
}

/// The shop's contract numbers with the carrier.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CarrierContract {
    /// ヤマト ご請求先顧客コード (10–12 digits) / 佐川 お客様コード.
    pub customer_code: String,
    /// ヤマト 運賃管理番号 (2 digits, usually "01").
    pub freight_code: String,
    /// ヤマト ご請求先分類コード, may be empty.
    pub classification_code: String,
}

/// The files to hand to the label software, and what did not reach them as typed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Export {
    pub files: Vec<ExportFile>,
    pub replaced: Vec<Replacement>,
}

/// One CSV file: CP932 bytes, CRLF line ends, header row first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExportFile {
    /// `{carrier code}_{yyyymmdd of the first ship date}.csv`; クリックポスト adds `_{n}` per 40 rows.
    pub name: String,
    pub bytes: Vec<u8>,
}

/// Something that reaches the label differently from how the shop typed it. Read it as "the label
/// carries `replaced_with` where the shop had `original`":
///
/// * a character Shift_JIS lacks: `𠮷` → `〓` (or its close form: `Ⓐ` → `A`, `é` → `e`);
/// * text cut at the last field's width: `original` is the cut-off text, `replaced_with` is empty;
/// * item names summarised: `original` lists them, `replaced_with` is `他N点`;
/// * an option the carrier cannot print (クリックポスト 代引, ヤマト 12時～14時): `original` describes
///   it, `replaced_with` is empty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replacement {
    pub shipment_code: String,
    /// The carrier's column name (e.g. 「お届け先住所（アパートマンション名）」), or for an option
    /// the carrier lacks, the option (「代金引換」「配達時間帯」).
    pub field: &'static str,
    pub original: String,
    pub replaced_with: String,
}

/// Writes `carrier`'s import file(s) for `shipments`, in order. No shipments, no files.
pub fn export(carrier: Carrier, contract: &CarrierContract, shipments: &[LabelShipment]) -> Export {
    if shipments.is_empty() {
        return Export::default();
    }
    match carrier {
        Carrier::YamatoB2 => yamato::export(contract, shipments),
        Carrier::SagawaEhiden => sagawa::export(contract, shipments),
        Carrier::JapanPostYuPrintR => japanpost::export(shipments),
        Carrier::ClickPost => clickpost::export(shipments),
    }
}

/// `{code}_{yyyymmdd}`: dated by the first shipment, which is the batch the shop just picked.
fn file_stem(carrier: Carrier, shipments: &[LabelShipment]) -> String {
    let date = shipments.first().map(|shipment| text::date_compact(shipment.ship_date)).unwrap_or_default();
    format!("{}_{date}", carrier.code())
}

/// The 代引 amount to print, if any. Zero or less cannot be collected: the label goes out prepaid
/// and the amount is reported.
fn collect_amount(shipment: &LabelShipment, report: &mut Report) -> Option<i64> {
    match shipment.cash_on_delivery {
        Some(amount) if amount > 0 => Some(amount),
        Some(amount) => {
            report.note("代金引換", format!("{amount}円"), "");
            None
        }
        None => None,
    }
}

/// One tracking number read back from an issued-label file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Issued {
    /// Line in the file, counting the header as line 1.
    pub line: usize,
    pub shipment_code: String,
    /// Digits only, hyphens removed.
    pub tracking_number: String,
    pub shipped_on: Option<time::Date>,
    /// The line's carrier: the file's, or (the generic CSV) its 配送業者 column; None when blank.
    pub carrier: Option<Carrier>,
}

/// A line that could not be read. `message` is Japanese and has no line prefix; `Display` adds it
/// (「3行目: 送り状番号が空です」).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineError {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}行目: {}", self.line, self.message)
    }
}

/// A file that cannot be read at all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileError {
    /// The carrier's export must be Shift_JIS; this one was saved as UTF-8 (Excel, Numbers...).
    NotShiftJis,
    Empty,
    /// Required columns are missing; both strings list column names, separated by 「、」.
    WrongColumns {
        expected: String,
        found: String,
    },
    Unreadable(String),
}

impl FileError {
    /// Japanese message for the shop.
    pub fn message(&self) -> String {
        match self {
            FileError::NotShiftJis => "文字コードがShift_JISではありません（UTF-8で保存されたファイルのようです）".to_string(),
            FileError::Empty => "ファイルが空です".to_string(),
            FileError::WrongColumns { expected, found } => format!("必要な列がありません: {expected}（見つかった列: {found}）"),
            FileError::Unreadable(reason) => format!("ファイルを読み込めません: {reason}"),
        }
    }
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message())
    }
}

impl std::error::Error for FileError {}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    pub(super) fn party(name: &str) -> Party {
        Party {
            name: name.to_string(),
            kana: "ヤマダ タロウ".to_string(),
            company: String::new(),
            postal_code: "1000001".to_string(),
            prefecture: "東京都".to_string(),
            city: "千代田区".to_string(),
            street: "千代田1-1".to_string(),
            building: "千代田ハイツ101".to_string(),
            phone: "03-1234-5678".to_string(),
        }
    }

    pub(super) fn shipment(code: &str) -> LabelShipment {
        let mut shop = party("サンプル商店");
        shop.company = "株式会社サンプル".to_string();
        shop.postal_code = "530-0001".to_string();
        shop.prefecture = "大阪府".to_string();
        shop.city = "大阪市北区".to_string();
        shop.street = "梅田1-1-1".to_string();
        shop.building = String::new();
        shop.phone = "06-1234-5678".to_string();
        LabelShipment {
            shipment_code: code.to_string(),
            recipient: party("山田太郎"),
            sender: shop,
            ship_date: date!(2025 - 03 - 01),
            delivery_date: None,
            time_slot: None,
            cash_on_delivery: None,
            cool: Cool::Normal,
            item_names: vec!["Tシャツ".to_string()],
            note: String::new(),
        }
    }

    pub(super) fn contract() -> CarrierContract {
        CarrierContract { customer_code: "012345678901".to_string(), freight_code: "01".to_string(), classification_code: String::new() }
    }

    #[test]
    fn carrier_codes_round_trip_and_labels_are_japanese() {
        for carrier in Carrier::ALL {
            assert_eq!(Carrier::parse(carrier.code()), Some(carrier));
        }
        assert_eq!(Carrier::parse("fedex"), None);
        assert_eq!(Carrier::YamatoB2.label(), "ヤマト運輸 B2クラウド");
        assert_eq!(Carrier::SagawaEhiden.label(), "佐川急便 e飛伝");
        assert_eq!(Carrier::JapanPostYuPrintR.label(), "日本郵便 ゆうパックプリントR");
        assert_eq!(Carrier::ClickPost.label(), "クリックポスト");
    }

    #[test]
    fn tracking_urls_carry_the_bare_number() {
        assert_eq!(Carrier::YamatoB2.tracking_url("4444-1375-8703"), "https://toi.kuronekoyamato.co.jp/cgi-bin/tneko?number00=1&number01=444413758703");
        assert_eq!(Carrier::SagawaEhiden.tracking_url("512547514334"), "https://k2k.sagawa-exp.co.jp/p/web/okurijosearch.do?okurijoNo=512547514334");
        assert_eq!(
            Carrier::ClickPost.tracking_url("４０５５ ４８４２ ４８８６"),
            "https://trackings.post.japanpost.jp/services/srv/search/direct?reqCodeNo1=405548424886&searchKind=S002&locale=ja"
        );
    }

    #[test]
    fn time_slots_read_the_labels_shops_use() {
        let cases = [
            ("午前中", Some(TimeSlot::Morning)),
            ("午前中（8時～12時）", Some(TimeSlot::Morning)),
            ("8:00-12:00", Some(TimeSlot::Morning)),
            ("12時～14時", Some(TimeSlot::H12_14)),
            ("12-14時", Some(TimeSlot::H12_14)),
            ("14:00-16:00", Some(TimeSlot::H14_16)),
            ("１４～１６時", Some(TimeSlot::H14_16)),
            ("16時〜18時", Some(TimeSlot::H16_18)),
            ("18時－20時", Some(TimeSlot::H18_20)),
            ("19時～21時", Some(TimeSlot::H19_21)),
            ("1921", Some(TimeSlot::H19_21)),
            ("20時～21時", None),
            ("指定なし", None),
            ("", None),
        ];
        for (label, expected) in cases {
            assert_eq!(TimeSlot::from_label(label), expected, "{label}");
        }
        for slot in TimeSlot::ALL {
            assert_eq!(TimeSlot::from_label(slot.label()), Some(slot));
        }
    }

    #[test]
    fn export_names_files_by_carrier_and_first_ship_date() {
        let shipments = vec![shipment("S-1")];
        let names: Vec<String> = Carrier::ALL.into_iter().flat_map(|carrier| export(carrier, &contract(), &shipments).files).map(|file| file.name).collect();
        assert_eq!(names, ["yamato_b2_20250301.csv", "sagawa_ehiden_20250301.csv", "japanpost_yupri_20250301.csv", "clickpost_20250301_1.csv"]);
    }

    #[test]
    fn export_of_nothing_writes_no_file() {
        assert_eq!(export(Carrier::YamatoB2, &contract(), &[]), Export::default());
    }

    #[test]
    fn zero_cash_on_delivery_goes_out_prepaid_and_is_reported() {
        let mut zero = shipment("S-1");
        zero.cash_on_delivery = Some(0);
        let result = export(Carrier::YamatoB2, &contract(), &[zero]);
        assert!(result.replaced.iter().any(|r| r.field == "代金引換" && r.original == "0円"));
    }

    #[test]
    fn file_errors_explain_themselves_in_japanese() {
        assert_eq!(FileError::NotShiftJis.message(), "文字コードがShift_JISではありません（UTF-8で保存されたファイルのようです）");
        let wrong = FileError::WrongColumns { expected: "伝票番号".into(), found: "名前、住所".into() };
        assert_eq!(wrong.to_string(), "必要な列がありません: 伝票番号（見つかった列: 名前、住所）");
        assert_eq!(LineError { line: 3, message: "送り状番号が空です".into() }.to_string(), "3行目: 送り状番号が空です");
    }
}
