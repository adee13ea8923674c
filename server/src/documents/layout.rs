//! Where each part of a receipt or a quotation goes on A4 (points, origin bottom left).
use super::pdf::{Align, Canvas, PAGE_HEIGHT, PAGE_WIDTH, fit, text_width};
use super::{Document, Kind, japanese_date, kinsoku, tax_line, yen};

pub(super) const LEFT: f32 = 56.0;
pub(super) const RIGHT: f32 = PAGE_WIDTH - 56.0;
/// Below this a quotation (or a slip, a picking list) continues on a new page.
pub(super) const BOTTOM: f32 = 72.0;
pub(super) const ROW: f32 = 18.0;

pub fn draw(document: &Document) -> Vec<Canvas> {
    match document.kind {
        Kind::Receipt => vec![receipt(document)],
        Kind::Quotation => quotation(document),
    }
}

/// `text` broken into lines at most `width` wide at `size`, by the kinsoku rules.
pub(super) fn wrap(text: &str, size: f32, width: f32) -> Vec<String> {
    kinsoku::wrap(text, width, |line| text_width(line, size))
}

/// Title, number and date, and the 再発行 mark.
fn heading(page: &mut Canvas, document: &Document, title: &str) {
    page.bold(PAGE_WIDTH / 2.0, PAGE_HEIGHT - 80.0, 26.0, Align::Center, title);
    page.line(PAGE_WIDTH / 2.0 - 90.0, PAGE_HEIGHT - 88.0, PAGE_WIDTH / 2.0 + 90.0, PAGE_HEIGHT - 88.0, 1.2);
    if document.reissued {
        page.rect(RIGHT - 52.0, PAGE_HEIGHT - 62.0, 52.0, 22.0, 1.0);
        page.bold(RIGHT - 26.0, PAGE_HEIGHT - 56.0, 12.0, Align::Center, "再発行");
    }
    page.text(RIGHT, PAGE_HEIGHT - 110.0, 10.0, Align::Right, &format!("No. {}", document.number));
    page.text(RIGHT, PAGE_HEIGHT - 124.0, 10.0, Align::Right, &format!("発行日 {}", japanese_date(document.issued_on)));
}

/// The addressee, as large as fits on its underline.
fn addressee(page: &mut Canvas, document: &Document, y: f32, width: f32) {
    let size = (width / (text_width(&document.addressee, 1.0)).max(1.0)).clamp(8.0, 18.0);
    page.text(LEFT, y, size, Align::Left, &fit(&document.addressee, size, width));
    page.line(LEFT, y - 6.0, LEFT + width, y - 6.0, 0.8);
}

/// The issuer block starting at (x, y); returns the y below it.
fn issuer(page: &mut Canvas, document: &Document, x: f32, mut y: f32) -> f32 {
    let width = RIGHT - x;
    page.bold(x, y, 13.0, Align::Left, &fit(&document.issuer.name, 13.0, width));
    y -= 16.0;
    if !document.issuer.registration_number.is_empty() {
        page.text(x, y, 9.5, Align::Left, &format!("登録番号 {}", document.issuer.registration_number));
        y -= 13.0;
    }
    for line in wrap(&document.issuer.address, 9.0, width) {
        page.text(x, y, 9.0, Align::Left, &line);
        y -= 12.0;
    }
    y
}

/// Per-rate lines, the reduced-rate legend and the remarks (wrapped to `width`) from (x, y);
/// returns the y below.
fn breakdown(page: &mut Canvas, document: &Document, x: f32, mut y: f32, width: f32) -> f32 {
    page.text(x, y, 10.0, Align::Left, "内訳");
    y -= 15.0;
    for part in &document.tax_breakdown {
        page.text(x + 8.0, y, 10.0, Align::Left, &tax_line(part));
        y -= 14.0;
    }
    if document.lines.iter().any(|line| line.tax_rate == 8) {
        page.text(x + 8.0, y, 8.5, Align::Left, "※は軽減税率（8%）対象です");
        y -= 13.0;
    }
    y -= 4.0;
    for remark in &document.remarks {
        for line in wrap(remark, 9.0, width) {
            page.text(x, y, 9.0, Align::Left, &line);
            y -= 12.0;
        }
    }
    y
}

fn receipt(document: &Document) -> Canvas {
    let mut page = Canvas::default();
    heading(&mut page, document, "領収書");
    addressee(&mut page, document, PAGE_HEIGHT - 170.0, 320.0);

    let box_top = PAGE_HEIGHT - 200.0;
    page.shade(LEFT, box_top - 56.0, RIGHT - LEFT, 56.0);
    page.rect(LEFT, box_top - 56.0, RIGHT - LEFT, 56.0, 1.2);
    page.text(LEFT + 18.0, box_top - 34.0, 13.0, Align::Left, "金額");
    page.bold(PAGE_WIDTH / 2.0, box_top - 38.0, 26.0, Align::Center, &format!("{}-", yen(document.total)));
    page.text(RIGHT - 14.0, box_top - 34.0, 10.0, Align::Right, "（税込）");

    let mut y = box_top - 86.0;
    let note = if document.note.trim().is_empty() { "お品代として" } else { document.note.trim() };
    page.text(LEFT + 18.0, y, 12.0, Align::Left, &fit(&format!("但し {note}"), 12.0, RIGHT - LEFT - 36.0));
    y -= 20.0;
    page.text(LEFT + 18.0, y, 12.0, Align::Left, "上記正に領収いたしました");
    y -= 40.0;

    // Left column; the issuer takes the right one from x = 340.
    breakdown(&mut page, document, LEFT, y, 340.0 - LEFT - 14.0);
    let after_issuer = issuer(&mut page, document, 340.0, y);
    page.text(340.0, after_issuer - 6.0, 8.0, Align::Left, "電子発行のため収入印紙は不要です");
    page
}

/// The pages of a quotation: the lines continue on new pages as needed.
struct Pages {
    done: Vec<Canvas>,
    page: Canvas,
    y: f32,
}

impl Pages {
    /// Room for `height` more points on this page, else a new page with `continued`.
    fn room(&mut self, document: &Document, height: f32, table_head: bool) {
        if self.y - height >= BOTTOM {
            return;
        }
        let full = std::mem::take(&mut self.page);
        self.done.push(full);
        self.page.text(LEFT, PAGE_HEIGHT - 60.0, 11.0, Align::Left, &format!("御見積書（続き） No. {}", document.number));
        self.y = PAGE_HEIGHT - 90.0;
        if table_head {
            self.table_head();
        }
    }

    fn table_head(&mut self) {
        let y = self.y;
        self.page.shade(LEFT, y - 5.0, RIGHT - LEFT, ROW);
        self.page.text(LEFT + 4.0, y, 9.5, Align::Left, "品名");
        self.page.text(QTY_RIGHT, y, 9.5, Align::Right, "数量");
        self.page.text(PRICE_RIGHT, y, 9.5, Align::Right, "単価");
        self.page.text(RIGHT - 4.0, y, 9.5, Align::Right, "金額");
        self.y -= ROW;
    }
}

const QTY_RIGHT: f32 = 372.0;
const PRICE_RIGHT: f32 = 452.0;

fn quotation(document: &Document) -> Vec<Canvas> {
    let mut pages = Pages { done: Vec::new(), page: Canvas::default(), y: 0.0 };
    let page = &mut pages.page;
    heading(page, document, "御見積書");
    addressee(page, document, PAGE_HEIGHT - 170.0, 250.0);
    page.text(LEFT, PAGE_HEIGHT - 196.0, 10.0, Align::Left, "下記の通り御見積申し上げます。");
    let mut y = PAGE_HEIGHT - 214.0;
    if !document.note.trim().is_empty() {
        page.text(LEFT, y, 10.0, Align::Left, &fit(&format!("件名 {}", document.note.trim()), 10.0, 260.0));
        y -= 16.0;
    }
    y -= 14.0;
    page.bold(LEFT, y, 15.0, Align::Left, &format!("御見積金額 {}（税込）", yen(document.total)));
    page.line(LEFT, y - 6.0, LEFT + 260.0, y - 6.0, 1.0);
    let after_issuer = issuer(page, document, 340.0, PAGE_HEIGHT - 160.0);
    pages.y = (y - 36.0).min(after_issuer - 20.0);

    pages.table_head();
    for line in &document.lines {
        pages.room(document, ROW, true);
        let y = pages.y;
        let mark = if line.tax_rate == 8 { " ※" } else { "" };
        let name = format!("{}{mark}", fit(&line.name, 9.0, QTY_RIGHT - LEFT - 60.0 - text_width(mark, 9.0)));
        let page = &mut pages.page;
        page.text(LEFT + 4.0, y, 9.0, Align::Left, &name);
        page.text(QTY_RIGHT, y, 9.0, Align::Right, &line.quantity.to_string());
        page.text(PRICE_RIGHT, y, 9.0, Align::Right, &yen(line.unit_price));
        page.text(RIGHT - 4.0, y, 9.0, Align::Right, &yen(line.amount));
        page.line(LEFT, y - 5.0, RIGHT, y - 5.0, 0.3);
        pages.y -= ROW;
    }
    pages.y -= 4.0;
    for row in &document.totals {
        pages.room(document, ROW, false);
        let y = pages.y;
        pages.page.text(PRICE_RIGHT, y, 9.5, Align::Right, &row.label);
        pages.page.text(RIGHT - 4.0, y, 9.5, Align::Right, &yen(row.amount));
        pages.y -= ROW - 2.0;
    }
    pages.room(document, ROW, false);
    let y = pages.y;
    pages.page.bold(PRICE_RIGHT, y, 10.5, Align::Right, "合計（税込）");
    pages.page.bold(RIGHT - 4.0, y, 10.5, Align::Right, &yen(document.total));
    pages.page.line(PRICE_RIGHT - 80.0, y - 6.0, RIGHT, y - 6.0, 0.8);
    pages.y -= 30.0;

    let needed = 30.0 + 14.0 * document.tax_breakdown.len() as f32 + 13.0 + 24.0 * document.remarks.len() as f32;
    pages.room(document, needed, false);
    let y = pages.y;
    breakdown(&mut pages.page, document, LEFT, y, RIGHT - LEFT);
    pages.done.push(pages.page);
    pages.done
}

#[cfg(test)]
mod tests {
    use super::{text_width, wrap};

    #[test]
    fn long_addresses_break_at_spaces_first() {
        let address = "〒460-0008 愛知県名古屋市中区栄三丁目1番1号 ライドビル5階";
        let first = "〒460-0008 愛知県名古屋市中区栄三丁目1番1号";
        assert_eq!(wrap(address, 9.0, text_width(first, 9.0) + 1.0), vec![first, "ライドビル5階"]);
    }

    #[test]
    fn remarks_wrap_by_kinsoku_in_the_real_font() {
        let remark = "ご注文ありがとうございました。お支払い方法は「クレジットカード」です。";
        // 14 full-width characters a line: plain filling would start the second line with 。.
        let lines = wrap(remark, 9.0, 14.0 * 9.0);
        assert_eq!(lines, vec!["ご注文ありがとうございまし", "た。お支払い方法は「クレジッ", "トカード」です。"]);
    }
}
