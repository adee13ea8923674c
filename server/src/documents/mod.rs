//! Receipts (領収書) and quotations (御見積書) as A4 PDF files with Japanese text
//! (ARCHITECTURE.md §7): the issuer's qualified-invoice registration number (登録番号) and the
//! consumption tax per rate, once per rate, as the invoice rules ask.
//!
//! [`Document`] says what is printed; [`render`] draws it. Nothing here reads the database:
//! orders (`orders::receipt`) and the cart's quotation fill a `Document` and render it. A cart
//! quotation: kind Quotation, its lines (name via `orders::receipt::line_name`), totals 小計 /
//! クーポン割引 (negative) / 送料 / 手数料 / ラッピング, total = Σ amount_by_tax_rate, the
//! breakdown from amount_by_tax_rate, issuer `orders::receipt::issuer(&channel, &settings)`,
//! and a validity remark.
//!
//! The text is set in a Japanese font compiled into the server and embedded (as a subset) in
//! every PDF (`font`), and broken into lines by the kinsoku rules (`kinsoku`).
mod font;
mod kinsoku;
mod layout;
mod pdf;
/// The PDF text reader the API tests use (one copy for both).
#[cfg(test)]
#[path = "../../tests/api/pdf_text.rs"]
mod pdf_text;

use time::Date;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// 領収書: the amount paid, 但し書き, 「上記正に領収いたしました」.
    Receipt,
    /// 御見積書: the lines with quantities and prices.
    Quotation,
}

#[derive(Debug, Clone)]
pub struct Document {
    pub kind: Kind,
    /// Printed as `No. …` (an order number, or a cart's quotation number).
    pub number: String,
    /// 発行日, printed `2026年11月22日`.
    pub issued_on: Date,
    /// The addressee with its honorific (`山田 太郎 様`, `株式会社つなぐ商事 御中`):
    /// see [`with_honorific`].
    pub addressee: String,
    /// 但し書き of a receipt (`お品代として`); a quotation prints it as its subject (件名).
    pub note: String,
    /// The large figure: the amount received, or the quoted total (tax included).
    pub total: i64,
    /// Products (a quotation lists them; a receipt does not).
    pub lines: Vec<Line>,
    /// Rows under the lines (小計, 送料, 手数料, クーポン割引 …); negative amounts are
    /// discounts.
    pub totals: Vec<TotalRow>,
    /// One entry per tax rate, tax-included amount and the tax in it.
    pub tax_breakdown: Vec<TaxPart>,
    pub issuer: Issuer,
    /// 再発行: the receipt was downloaded before.
    pub reissued: bool,
    /// Free lines printed under the breakdown (order number and date, points used, validity).
    pub remarks: Vec<String>,
}

#[derive(Debug, Clone)]
pub struct Line {
    /// Product and variation name.
    pub name: String,
    pub quantity: i64,
    pub unit_price: i64,
    pub amount: i64,
    /// 8 or 10; 8% lines carry the ※ mark of the reduced rate.
    pub tax_rate: i64,
}

#[derive(Debug, Clone)]
pub struct TotalRow {
    pub label: String,
    pub amount: i64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TaxPart {
    pub tax_rate: i64,
    /// Tax included.
    pub amount: i64,
    pub tax: i64,
}

#[derive(Debug, Clone, Default)]
pub struct Issuer {
    /// The shop's name.
    pub name: String,
    /// 適格請求書発行事業者 登録番号 (`T` and 13 digits).
    pub registration_number: String,
    /// Postal address (and phone) printed under the name.
    pub address: String,
}

/// The whole PDF file. It fails only if the font compiled into the server cannot be subset.
pub fn render(document: &Document) -> anyhow::Result<Vec<u8>> {
    let title = match document.kind {
        Kind::Receipt => format!("領収書 {}", document.number),
        Kind::Quotation => format!("御見積書 {}", document.number),
    };
    pdf::write(layout::draw(document), &title)
}

/// `¥12,345` (negative: `-¥500`).
pub fn yen(amount: i64) -> String {
    let digits = amount.unsigned_abs().to_string();
    let mut grouped = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(c);
    }
    if amount < 0 { format!("-¥{grouped}") } else { format!("¥{grouped}") }
}

/// `2026年11月22日`.
pub fn japanese_date(date: Date) -> String {
    format!("{}年{}月{}日", date.year(), u8::from(date.month()), date.day())
}

/// `10%対象 ¥8,450（内消費税 ¥768）`.
pub fn tax_line(part: &TaxPart) -> String {
    format!("{}%対象 {}（内消費税 {}）", part.tax_rate, yen(part.amount), yen(part.tax))
}

/// The addressee as printed: a company (法人格 in the name) is 御中, a person 様; a name the
/// buyer already ended with 様 or 御中 is kept as typed.
pub fn with_honorific(name: &str) -> String {
    let name = name.trim();
    if name.ends_with('様') || name.ends_with("御中") || name.ends_with("殿") {
        return name.to_owned();
    }
    const COMPANY: [&str; 12] = ["株式会社", "有限会社", "合同会社", "合資会社", "合名会社", "(株)", "（株）", "㈱", "(有)", "（有）", "㈲", "法人"];
    let suffix = if COMPANY.iter().any(|mark| name.contains(mark)) { "御中" } else { "様" };
    format!("{name} {suffix}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    use super::pdf_text::{streams, texts as decoded_text};

    fn issuer() -> Issuer {
        Issuer {
            name: "ライドパーツ本舗".into(),
            registration_number: "T1234567890123".into(),
            address: "〒460-0008 愛知県名古屋市中区栄三丁目1番1号 ライドビル5階".into(),
        }
    }

    fn breakdown() -> Vec<TaxPart> {
        vec![TaxPart { tax_rate: 8, amount: 2160, tax: 160 }, TaxPart { tax_rate: 10, amount: 8450, tax: 768 }]
    }

    fn receipt(reissued: bool) -> Document {
        Document {
            kind: Kind::Receipt,
            number: "RP00000012".into(),
            issued_on: date!(2026 - 11 - 22),
            addressee: with_honorific("山田 太郎"),
            note: "お品代として".into(),
            total: 10510,
            lines: Vec::new(),
            totals: Vec::new(),
            tax_breakdown: breakdown(),
            issuer: issuer(),
            reissued,
            remarks: vec!["ご注文番号 RP00000012".into()],
        }
    }

    #[test]
    fn a_receipt_is_a_pdf_with_its_japanese_text() {
        let pdf = render(&receipt(false)).unwrap();
        assert!(pdf.starts_with(b"%PDF-"));
        let text = decoded_text(&pdf);
        for expected in [
            "領収書",
            "山田 太郎 様",
            "¥10,510",
            "但し お品代として",
            "上記正に領収いたしました",
            "登録番号 T1234567890123",
            "8%対象 ¥2,160（内消費税 ¥160）",
            "10%対象 ¥8,450（内消費税 ¥768）",
            "ライドパーツ本舗",
            "2026年11月22日",
        ] {
            assert!(text.iter().any(|t| t.contains(expected)), "{expected} not in {text:?}");
        }
        assert!(!text.iter().any(|t| t.contains("再発行")));
    }

    #[test]
    fn the_font_is_embedded_as_a_subset_with_a_unicode_map() {
        let pdf = render(&receipt(false)).unwrap();
        let raw = String::from_utf8_lossy(&pdf);
        for part in ["/Subtype /Type0", "/Encoding /Identity-H", "/Subtype /CIDFontType0", "/FontFile3", "/Subtype /CIDFontType0C", "/ToUnicode", "(Identity)"]
        {
            assert!(raw.contains(part), "{part} missing");
        }
        // The subset tag (six capitals and +) tells viewers and pdffonts that it is a subset.
        let name = raw.split("/BaseFont /").nth(1).unwrap().split(['/', ' ', '>', '\n']).next().unwrap();
        let (tag, face) = name.split_once('+').unwrap();
        assert!(tag.len() == 6 && tag.bytes().all(|b| b.is_ascii_uppercase()), "{name}");
        assert!(face.starts_with("NotoSansCJKjp-Regular"), "{name}");
        assert!(!raw.contains("HeiseiKakuGo"));
        // Only the glyphs used: a receipt stays small although the font is ~4 MB.
        assert!(pdf.len() < 80_000, "a receipt is {} bytes", pdf.len());
    }

    #[test]
    fn names_outside_the_basic_plane_and_rare_kanji_read_back() {
        let document = Document { addressee: with_honorific("𠮷野 髙橋"), note: "㈱ライド 部品代として".into(), ..receipt(false) };
        let text = decoded_text(&render(&document).unwrap());
        for expected in ["𠮷野 髙橋 様", "但し ㈱ライド 部品代として"] {
            assert!(text.iter().any(|t| t == expected), "{expected} not in {text:?}");
        }
        assert!(!text.iter().any(|t| t.contains('〓')), "{text:?}");
    }

    #[test]
    fn a_character_the_font_lacks_prints_as_geta_and_copies_as_itself() {
        let document = Document { addressee: with_honorific("김민준😀"), ..receipt(false) };
        let pdf = render(&document).unwrap();
        // Copied or searched, the name is what the customer typed …
        let text = decoded_text(&pdf);
        assert!(text.iter().any(|t| t == "김민준😀 様"), "{text:?}");
        // … and on paper each missing character is a visible 〓, not a gap.
        let streams = streams(&pdf);
        let shown = streams.iter().find(|s| s.contains("/ActualText")).unwrap();
        assert_eq!(shown.matches("/ActualText").count(), 4, "{shown}");
        let cmap = streams.iter().find(|s| s.contains("beginbfchar")).unwrap();
        assert!(cmap.contains("<3013>"), "〓 is in the font subset: {cmap}");
    }

    #[test]
    fn a_second_download_is_marked_reissued() {
        let text = decoded_text(&render(&receipt(true)).unwrap());
        assert!(text.iter().any(|t| t == "再発行"));
    }

    #[test]
    fn a_quotation_lists_its_lines_over_several_pages_when_long() {
        let line = |i: i64, rate: i64| Line { name: format!("商品{i}"), quantity: 2, unit_price: 1100, amount: 2200, tax_rate: rate };
        let document = Document {
            kind: Kind::Quotation,
            lines: (1..=60).map(|i| line(i, if i == 1 { 8 } else { 10 })).collect(),
            totals: vec![TotalRow { label: "送料".into(), amount: 880 }, TotalRow { label: "クーポン割引".into(), amount: -500 }],
            note: String::new(),
            ..receipt(false)
        };
        let pdf = render(&document).unwrap();
        let text = decoded_text(&pdf);
        for expected in ["御見積書", "商品1 ※", "商品60", "¥2,200", "送料", "-¥500", "※は軽減税率（8%）対象です", "登録番号 T1234567890123"]
        {
            assert!(text.iter().any(|t| t.contains(expected)), "{expected} not in {text:?}");
        }
        let raw = String::from_utf8_lossy(&pdf);
        let count: usize = raw.split("/Count ").nth(1).and_then(|rest| rest.split(|c: char| !c.is_ascii_digit()).next()).unwrap().parse().unwrap();
        assert!(count >= 2, "60 lines take more than one page: {count}");
        assert!(text.iter().any(|t| t.starts_with("御見積書（続き）")));
    }

    #[test]
    fn figures_and_dates_read_the_japanese_way() {
        assert_eq!(yen(0), "¥0");
        assert_eq!(yen(1_234_567), "¥1,234,567");
        assert_eq!(yen(-500), "-¥500");
        assert_eq!(japanese_date(date!(2026 - 01 - 05)), "2026年1月5日");
        assert_eq!(tax_line(&TaxPart { tax_rate: 10, amount: 8450, tax: 768 }), "10%対象 ¥8,450（内消費税 ¥768）");
    }

    #[test]
    fn companies_are_addressed_onchu_and_people_sama() {
        assert_eq!(with_honorific("山田 太郎"), "山田 太郎 様");
        assert_eq!(with_honorific("株式会社つなぐ商事"), "株式会社つなぐ商事 御中");
        assert_eq!(with_honorific("山田 太郎 様"), "山田 太郎 様");
        assert_eq!(with_honorific("経理部 御中"), "経理部 御中");
    }
}
