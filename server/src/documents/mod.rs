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
//! The order desk prints, for many orders at once, packing slips (納品書, one per shipment:
//! [`PackingSlip`]) and a picking list (ピッキングリスト: [`PickingList`], the quantities summed
//! by product); several documents of any kind go into one PDF with [`render_all`]
//! (`orders::desk_documents` fills them).
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
mod shipping_layout;

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

/// 納品書: what one shipment's parcel holds, for the recipient. A gift's slip lists the
/// products without prices.
#[derive(Debug, Clone)]
pub struct PackingSlip {
    /// The shipment's code (`R00000012-1`, the お客様管理番号 of its label), printed as `No.`.
    pub shipment_code: String,
    pub order_no: String,
    pub ordered_on: Date,
    /// 発行日.
    pub issued_on: Date,
    /// The recipient with its honorific (`東京 一郎 様`).
    pub recipient: String,
    /// Printed under the recipient, one line each: `〒100-0001`, the address, `TEL …`.
    pub recipient_lines: Vec<String>,
    /// A gift's ご依頼主 (`山田 太郎 様`): the recipient learns who sends it.
    pub gift_from: Option<String>,
    /// The shop that sends the parcel.
    pub issuer: Issuer,
    pub lines: Vec<SlipLine>,
    /// False on a gift's slip: products and quantities only.
    pub prices: bool,
    /// (label, value) rows above the lines: お届け希望日, ラッピング, のし …
    pub details: Vec<(String, String)>,
    /// The customer's note at checkout (備考).
    pub note: String,
}

#[derive(Debug, Clone)]
pub struct SlipLine {
    /// 品番.
    pub code: String,
    /// Product and variation name.
    pub name: String,
    pub quantity: i64,
    pub unit_price: i64,
    pub amount: i64,
    /// 8 or 10; 8% lines carry the ※ mark of the reduced rate where prices are printed.
    pub tax_rate: i64,
}

/// ピッキングリスト: what to take from the shelves for the shipments not yet gone, one row per
/// product, sorted by 品番.
#[derive(Debug, Clone)]
pub struct PickingList {
    pub issued_on: Date,
    /// How many orders and shipments it covers (printed under the title).
    pub orders: usize,
    pub shipments: usize,
    pub rows: Vec<PickingRow>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PickingRow {
    pub code: String,
    pub name: String,
    /// The sum over every shipment.
    pub quantity: i64,
    /// The shipments it goes into and how many each, in code order.
    pub shipments: Vec<(String, i64)>,
}

/// One line of one shipment, as the picking list sums it.
#[derive(Debug, Clone)]
pub struct PickItem {
    pub code: String,
    pub name: String,
    pub quantity: i64,
    pub shipment_code: String,
}

impl PickingList {
    /// The items summed into one row per product: the same 品番 and name (a variation's name
    /// tells sizes and colours apart, which share the product's 品番), sorted by 品番 then name.
    pub fn sum(issued_on: Date, orders: usize, items: &[PickItem]) -> PickingList {
        use std::collections::BTreeMap;
        let mut rows: BTreeMap<(&str, &str), BTreeMap<&str, i64>> = BTreeMap::new();
        for item in items {
            *rows.entry((item.code.as_str(), item.name.as_str())).or_default().entry(item.shipment_code.as_str()).or_default() += item.quantity;
        }
        let shipments = items.iter().map(|i| i.shipment_code.as_str()).collect::<std::collections::BTreeSet<_>>().len();
        let rows = rows
            .into_iter()
            .map(|((code, name), into)| PickingRow {
                code: code.to_owned(),
                name: name.to_owned(),
                quantity: into.values().sum(),
                shipments: into.into_iter().map(|(code, quantity)| (code.to_owned(), quantity)).collect(),
            })
            .collect();
        PickingList { issued_on, orders, shipments, rows }
    }
}

/// Any document the shop prints; a batch of them is one PDF ([`render_all`]).
#[derive(Debug, Clone)]
pub enum Paper {
    /// A receipt or a quotation.
    Document(Document),
    PackingSlip(PackingSlip),
    PickingList(PickingList),
}

/// The whole PDF file. It fails only if the font compiled into the server cannot be subset.
pub fn render(document: &Document) -> anyhow::Result<Vec<u8>> {
    let title = match document.kind {
        Kind::Receipt => format!("領収書 {}", document.number),
        Kind::Quotation => format!("御見積書 {}", document.number),
    };
    pdf::write(layout::draw(document), &title)
}

/// Several documents as one PDF file, each starting on a new page, in the order given, with
/// `title` in the file's information. The font is embedded once for all of them.
pub fn render_all(papers: &[Paper], title: &str) -> anyhow::Result<Vec<u8>> {
    anyhow::ensure!(!papers.is_empty(), "a PDF needs at least one document");
    let pages = papers
        .iter()
        .flat_map(|paper| match paper {
            Paper::Document(document) => layout::draw(document),
            Paper::PackingSlip(slip) => shipping_layout::packing_slip(slip),
            Paper::PickingList(list) => shipping_layout::picking_list(list),
        })
        .collect();
    pdf::write(pages, title)
}

/// `¥12,345` (negative: `-¥500`).
pub fn yen(amount: i64) -> String {
    let grouped = crate::infra::money::Yen(amount.abs()).grouped();
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

    fn page_count(pdf: &[u8]) -> usize {
        let raw = String::from_utf8_lossy(pdf);
        raw.split("/Count ").nth(1).and_then(|rest| rest.split(|c: char| !c.is_ascii_digit()).next()).unwrap().parse().unwrap()
    }

    fn slip(prices: bool) -> PackingSlip {
        let line = |code: &str, name: &str, quantity: i64, unit_price: i64, tax_rate: i64| SlipLine {
            code: code.into(),
            name: name.into(),
            quantity,
            unit_price,
            amount: unit_price * quantity,
            tax_rate,
        };
        PackingSlip {
            shipment_code: "R00000012-2".into(),
            order_no: "R00000012".into(),
            ordered_on: date!(2026 - 11 - 20),
            issued_on: date!(2026 - 11 - 22),
            recipient: with_honorific("東京 一郎"),
            recipient_lines: vec!["〒100-0001".into(), "東京都千代田区千代田1-1".into(), "TEL 03-1234-5678".into()],
            gift_from: (!prices).then(|| "山田 太郎 様".into()),
            issuer: issuer(),
            lines: vec![line("GL-1001", "ウインターグローブ（M / ブラック）", 2, 4400, 10), line("EN-0040", "エナジージェル レモン味", 3, 216, 8)],
            prices,
            details: vec![("のし".into(), "御祝（山田）".into()), ("ラッピング".into(), "ギフトラッピング".into())],
            note: "午前中に届くと助かります。".into(),
        }
    }

    #[test]
    fn a_packing_slip_names_its_shipment_recipient_lines_and_prices() {
        let text = decoded_text(&render_all(&[Paper::PackingSlip(slip(true))], "納品書").unwrap());
        for expected in [
            "納品書",
            "No. R00000012-2",
            "東京 一郎 様",
            "〒100-0001",
            "東京都千代田区千代田1-1",
            "ご注文番号 R00000012　ご注文日 2026年11月20日",
            "ライドパーツ本舗",
            "御祝（山田）",
            "GL-1001",
            "ウインターグローブ（M / ブラック）",
            "エナジージェル レモン味 ※",
            "¥4,400",
            "¥8,800",
            "¥648",
            "¥9,448",
            "計 5点",
            "午前中に届くと助かります。",
        ] {
            assert!(text.iter().any(|t| t == expected), "{expected} not in {text:?}");
        }
        assert!(!text.iter().any(|t| t.contains("登録番号")), "a slip is no invoice: {text:?}");
    }

    #[test]
    fn a_gift_slip_lists_the_products_without_prices() {
        let text = decoded_text(&render_all(&[Paper::PackingSlip(slip(false))], "納品書").unwrap());
        for expected in ["納品書", "東京 一郎 様", "ご依頼主 山田 太郎 様", "ウインターグローブ（M / ブラック）", "エナジージェル レモン味", "2", "3"]
        {
            assert!(text.iter().any(|t| t == expected), "{expected} not in {text:?}");
        }
        assert!(!text.iter().any(|t| t.contains('¥') || t.contains("単価") || t.contains("金額") || t.contains('※')), "no price on a gift: {text:?}");
    }

    #[test]
    fn a_long_slip_continues_on_a_second_page() {
        let line = SlipLine { code: "BT-1".into(), name: "ボルト".into(), quantity: 1, unit_price: 100, amount: 100, tax_rate: 10 };
        let document = PackingSlip { lines: vec![line; 60], ..slip(true) };
        let pdf = render_all(&[Paper::PackingSlip(document)], "納品書").unwrap();
        assert!(page_count(&pdf) >= 2);
        let text = decoded_text(&pdf);
        assert!(text.iter().any(|t| t == "納品書（続き） No. R00000012-2"), "{text:?}");
        assert!(text.iter().any(|t| t == "計 60点"));
    }

    fn item(code: &str, name: &str, quantity: i64, shipment: &str) -> PickItem {
        PickItem { code: code.into(), name: name.into(), quantity, shipment_code: shipment.into() }
    }

    #[test]
    fn a_picking_list_sums_each_product_over_its_shipments_sorted_by_code() {
        let items = [
            item("GL-1001", "グローブ（M）", 2, "R00000013-1"),
            item("BT-0001", "ボルト", 1, "R00000012-1"),
            item("GL-1001", "グローブ（M）", 1, "R00000012-2"),
            item("GL-1001", "グローブ（L）", 1, "R00000012-1"),
            item("BT-0001", "ボルト", 4, "R00000012-1"),
        ];
        let list = PickingList::sum(date!(2026 - 11 - 22), 2, &items);
        assert_eq!((list.orders, list.shipments), (2, 3));
        let row = |code: &str, name: &str, quantity: i64, into: &[(&str, i64)]| PickingRow {
            code: code.into(),
            name: name.into(),
            quantity,
            shipments: into.iter().map(|(code, n)| ((*code).to_owned(), *n)).collect(),
        };
        assert_eq!(
            list.rows,
            vec![
                row("BT-0001", "ボルト", 5, &[("R00000012-1", 5)]),
                row("GL-1001", "グローブ（L）", 1, &[("R00000012-1", 1)]),
                row("GL-1001", "グローブ（M）", 3, &[("R00000012-2", 1), ("R00000013-1", 2)]),
            ]
        );
        let text = decoded_text(&render_all(&[Paper::PickingList(list)], "ピッキングリスト").unwrap());
        for expected in [
            "ピッキングリスト",
            "対象: 2件の注文の3件の出荷（未出荷・出荷準備中）",
            "BT-0001",
            "ボルト",
            "5",
            "R00000012-1×5",
            "R00000012-2 R00000013-1×2",
            "合計 9点",
        ] {
            assert!(text.iter().any(|t| t == expected), "{expected} not in {text:?}");
        }
    }

    #[test]
    fn several_documents_are_one_pdf_each_on_its_own_pages() {
        let list = PickingList::sum(date!(2026 - 11 - 22), 1, &[item("BT-0001", "ボルト", 1, "R00000012-1")]);
        let papers = [Paper::Document(receipt(false)), Paper::PackingSlip(slip(true)), Paper::PackingSlip(slip(false)), Paper::PickingList(list)];
        let pdf = render_all(&papers, "帳票").unwrap();
        assert_eq!(page_count(&pdf), 4);
        let text = decoded_text(&pdf);
        assert_eq!(text.iter().filter(|t| *t == "納品書").count(), 2);
        assert!(text.iter().any(|t| t == "領収書") && text.iter().any(|t| t == "ピッキングリスト"));
        assert!(render_all(&[], "帳票").is_err());
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
