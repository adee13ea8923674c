//! Where each part of a packing slip (納品書) and a picking list (ピッキングリスト) goes on A4:
//! the same margins, fonts and table rows as a quotation (`layout`), their lines continuing on
//! new pages as needed.
use super::layout::{BOTTOM, LEFT, RIGHT, ROW, wrap};
use super::pdf::{Align, Canvas, PAGE_HEIGHT, PAGE_WIDTH, fit, text_width};
use super::{Issuer, PackingSlip, PickingList, japanese_date, yen};

/// Pages being filled from the top: a new one, headed `continued`, when the next part does
/// not fit.
struct Sheets {
    done: Vec<Canvas>,
    page: Canvas,
    y: f32,
    continued: String,
}

impl Sheets {
    fn new(continued: String) -> Sheets {
        Sheets { done: Vec::new(), page: Canvas::default(), y: PAGE_HEIGHT - 90.0, continued }
    }

    /// Room for `height` more points on this page; false when a new page had to be begun.
    fn room(&mut self, height: f32) -> bool {
        if self.y - height >= BOTTOM {
            return true;
        }
        self.done.push(std::mem::take(&mut self.page));
        self.page.text(LEFT, PAGE_HEIGHT - 60.0, 11.0, Align::Left, &self.continued);
        self.y = PAGE_HEIGHT - 90.0;
        false
    }

    fn finish(mut self) -> Vec<Canvas> {
        self.done.push(self.page);
        self.done
    }
}

/// The title, underlined, and `No.` and 発行日 on the right.
fn heading(page: &mut Canvas, title: &str, number: Option<&str>, issued_on: time::Date) {
    page.bold(PAGE_WIDTH / 2.0, PAGE_HEIGHT - 80.0, 24.0, Align::Center, title);
    let half = text_width(title, 24.0) / 2.0 + 20.0;
    page.line(PAGE_WIDTH / 2.0 - half, PAGE_HEIGHT - 88.0, PAGE_WIDTH / 2.0 + half, PAGE_HEIGHT - 88.0, 1.2);
    let mut y = PAGE_HEIGHT - 110.0;
    if let Some(number) = number {
        page.text(RIGHT, y, 10.0, Align::Right, &format!("No. {number}"));
        y -= 14.0;
    }
    page.text(RIGHT, y, 10.0, Align::Right, &format!("発行日 {}", japanese_date(issued_on)));
}

/// The shop as the sender: name and address (a slip is no invoice, so no registration
/// number). Returns the y below it.
fn sender(page: &mut Canvas, issuer: &Issuer, x: f32, mut y: f32) -> f32 {
    let width = RIGHT - x;
    page.bold(x, y, 12.0, Align::Left, &fit(&issuer.name, 12.0, width));
    y -= 15.0;
    for line in wrap(&issuer.address, 9.0, width) {
        page.text(x, y, 9.0, Align::Left, &line);
        y -= 12.0;
    }
    y
}

const CODE_X: f32 = LEFT + 4.0;
const NAME_X: f32 = LEFT + 96.0;
const QTY_RIGHT: f32 = 392.0;
const PRICE_RIGHT: f32 = 464.0;

/// The right edge of the quantity and the name's width: a slip without prices gives the name
/// the price columns.
fn columns(prices: bool) -> (f32, f32) {
    if prices { (QTY_RIGHT, QTY_RIGHT - NAME_X - 36.0) } else { (RIGHT - 4.0, RIGHT - 4.0 - NAME_X - 44.0) }
}

fn slip_table_head(sheets: &mut Sheets, prices: bool) {
    let y = sheets.y;
    let (qty_right, _) = columns(prices);
    let page = &mut sheets.page;
    page.shade(LEFT, y - 5.0, RIGHT - LEFT, ROW);
    page.text(CODE_X, y, 9.5, Align::Left, "品番");
    page.text(NAME_X, y, 9.5, Align::Left, "品名");
    page.text(qty_right, y, 9.5, Align::Right, "数量");
    if prices {
        page.text(PRICE_RIGHT, y, 9.5, Align::Right, "単価");
        page.text(RIGHT - 4.0, y, 9.5, Align::Right, "金額");
    }
    sheets.y -= ROW;
}

/// One shipment's slip: recipient and sender, the order, the details (date, のし, wrapping),
/// the lines (with prices unless it is a gift's) and the customer's note.
pub fn packing_slip(slip: &PackingSlip) -> Vec<Canvas> {
    let mut sheets = Sheets::new(format!("納品書（続き） No. {}", slip.shipment_code));
    let page = &mut sheets.page;
    heading(page, "納品書", Some(&slip.shipment_code), slip.issued_on);

    let top = PAGE_HEIGHT - 165.0;
    let width = 260.0;
    let size = (width / text_width(&slip.recipient, 1.0).max(1.0)).clamp(8.0, 16.0);
    page.text(LEFT, top, size, Align::Left, &fit(&slip.recipient, size, width));
    page.line(LEFT, top - 6.0, LEFT + width, top - 6.0, 0.8);
    let mut y = top - 24.0;
    for line in &slip.recipient_lines {
        for part in wrap(line, 10.0, width) {
            page.text(LEFT, y, 10.0, Align::Left, &part);
            y -= 14.0;
        }
    }
    let below_sender = sender(page, &slip.issuer, 340.0, top);
    y = y.min(below_sender) - 14.0;

    page.text(LEFT, y, 10.0, Align::Left, &format!("ご注文番号 {}　ご注文日 {}", slip.order_no, japanese_date(slip.ordered_on)));
    y -= 16.0;
    if let Some(from) = &slip.gift_from {
        page.text(LEFT, y, 10.0, Align::Left, &fit(&format!("ご依頼主 {from}"), 10.0, RIGHT - LEFT));
        y -= 16.0;
    }
    let greeting = if slip.prices {
        "このたびはお買い上げいただきありがとうございます。下記の通り納品いたします。"
    } else {
        "下記の品をお届けいたします。"
    };
    page.text(LEFT, y, 10.0, Align::Left, greeting);
    y -= 20.0;
    for (label, value) in &slip.details {
        for (i, part) in wrap(value, 9.5, RIGHT - LEFT - 90.0).iter().enumerate() {
            if i == 0 {
                page.text(LEFT, y, 9.5, Align::Left, label);
            }
            page.text(LEFT + 90.0, y, 9.5, Align::Left, part);
            y -= 14.0;
        }
    }
    sheets.y = y - 8.0;

    slip_table_head(&mut sheets, slip.prices);
    let (qty_right, name_width) = columns(slip.prices);
    for line in &slip.lines {
        if !sheets.room(ROW) {
            slip_table_head(&mut sheets, slip.prices);
        }
        let y = sheets.y;
        let mark = if slip.prices && line.tax_rate == 8 { " ※" } else { "" };
        let name = format!("{}{mark}", fit(&line.name, 9.0, name_width - text_width(mark, 9.0)));
        let page = &mut sheets.page;
        page.text(CODE_X, y, 8.5, Align::Left, &fit(&line.code, 8.5, NAME_X - CODE_X - 6.0));
        page.text(NAME_X, y, 9.0, Align::Left, &name);
        page.text(qty_right, y, 9.0, Align::Right, &line.quantity.to_string());
        if slip.prices {
            page.text(PRICE_RIGHT, y, 9.0, Align::Right, &yen(line.unit_price));
            page.text(RIGHT - 4.0, y, 9.0, Align::Right, &yen(line.amount));
        }
        page.line(LEFT, y - 5.0, RIGHT, y - 5.0, 0.3);
        sheets.y -= ROW;
    }
    sheets.y -= 4.0;
    sheets.room(ROW);
    let y = sheets.y;
    let count: i64 = slip.lines.iter().map(|l| l.quantity).sum();
    if slip.prices {
        let total: i64 = slip.lines.iter().map(|l| l.amount).sum();
        sheets.page.text(NAME_X, y, 9.5, Align::Left, &format!("計 {count}点"));
        sheets.page.bold(PRICE_RIGHT, y, 10.0, Align::Right, "商品合計（税込）");
        sheets.page.bold(RIGHT - 4.0, y, 10.0, Align::Right, &yen(total));
        sheets.y -= ROW;
        if slip.lines.iter().any(|l| l.tax_rate == 8) {
            sheets.room(ROW);
            sheets.page.text(LEFT, sheets.y, 8.5, Align::Left, "※は軽減税率（8%）対象です");
            sheets.y -= ROW;
        }
    } else {
        sheets.page.text(NAME_X, y, 9.5, Align::Left, &format!("計 {count}点"));
        sheets.y -= ROW;
    }

    let note = slip.note.trim();
    if !note.is_empty() {
        sheets.y -= 8.0;
        let lines: Vec<String> = note.lines().flat_map(|line| wrap(line, 9.0, RIGHT - LEFT - 16.0)).collect();
        sheets.room(16.0 + 12.0 * lines.len().min(4) as f32);
        sheets.page.text(LEFT, sheets.y, 9.5, Align::Left, "備考");
        sheets.y -= 15.0;
        for line in lines {
            sheets.room(12.0);
            sheets.page.text(LEFT + 8.0, sheets.y, 9.0, Align::Left, &line);
            sheets.y -= 12.0;
        }
    }
    sheets.finish()
}

const BOX_X: f32 = LEFT + 2.0;
const PICK_CODE_X: f32 = LEFT + 18.0;
const PICK_NAME_X: f32 = LEFT + 104.0;
const PICK_QTY_RIGHT: f32 = 380.0;
const PICK_SHIPMENTS_X: f32 = 390.0;
const LINE: f32 = 12.0;

fn picking_table_head(sheets: &mut Sheets) {
    let y = sheets.y;
    let page = &mut sheets.page;
    page.shade(LEFT, y - 5.0, RIGHT - LEFT, ROW);
    page.text(PICK_CODE_X, y, 9.5, Align::Left, "品番");
    page.text(PICK_NAME_X, y, 9.5, Align::Left, "品名");
    page.text(PICK_QTY_RIGHT, y, 9.5, Align::Right, "数量");
    page.text(PICK_SHIPMENTS_X, y, 9.5, Align::Left, "出荷番号（数量）");
    sheets.y -= ROW;
}

/// The picking list: a box to tick, 品番, name, the total and the shipments it goes into.
pub fn picking_list(list: &PickingList) -> Vec<Canvas> {
    let mut sheets = Sheets::new(format!("ピッキングリスト（続き） {}", japanese_date(list.issued_on)));
    heading(&mut sheets.page, "ピッキングリスト", None, list.issued_on);
    let scope = format!("対象: {}件の注文の{}件の出荷（未出荷・出荷準備中）", list.orders, list.shipments);
    sheets.page.text(LEFT, PAGE_HEIGHT - 130.0, 10.0, Align::Left, &scope);
    sheets.y = PAGE_HEIGHT - 160.0;
    picking_table_head(&mut sheets);
    for row in &list.rows {
        let names = wrap(&row.name, 9.0, PICK_QTY_RIGHT - PICK_NAME_X - 30.0);
        let into: Vec<String> = row.shipments.iter().map(|(code, n)| if *n > 1 { format!("{code}×{n}") } else { code.clone() }).collect();
        let shipments = wrap(&into.join(" "), 8.5, RIGHT - PICK_SHIPMENTS_X);
        let height = ROW + LINE * (names.len().max(shipments.len()).max(1) - 1) as f32;
        if !sheets.room(height) {
            picking_table_head(&mut sheets);
        }
        let y = sheets.y;
        let page = &mut sheets.page;
        page.rect(BOX_X, y - 1.0, 9.0, 9.0, 0.6);
        page.text(PICK_CODE_X, y, 8.5, Align::Left, &fit(&row.code, 8.5, PICK_NAME_X - PICK_CODE_X - 6.0));
        for (i, name) in names.iter().enumerate() {
            page.text(PICK_NAME_X, y - LINE * i as f32, 9.0, Align::Left, name);
        }
        page.bold(PICK_QTY_RIGHT, y, 10.0, Align::Right, &row.quantity.to_string());
        for (i, part) in shipments.iter().enumerate() {
            page.text(PICK_SHIPMENTS_X, y - LINE * i as f32, 8.5, Align::Left, part);
        }
        page.line(LEFT, y - height + ROW - 5.0, RIGHT, y - height + ROW - 5.0, 0.3);
        sheets.y -= height;
    }
    sheets.y -= 4.0;
    sheets.room(ROW);
    let total: i64 = list.rows.iter().map(|r| r.quantity).sum();
    sheets.page.bold(PICK_QTY_RIGHT, sheets.y, 10.0, Align::Right, &format!("合計 {total}点"));
    sheets.finish()
}
