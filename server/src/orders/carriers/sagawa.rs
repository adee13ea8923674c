//! 佐川急便 e飛伝Ⅲ: the 飛脚宅配便 CSV import with header row (共通テンプレート
//! 「標準_飛脚宅急便_CSV_ヘッダ有り」, 74 columns), and the columns read back from its 出荷実績.
//!
//! e飛伝 counts its address, name and item lines in characters (16 per line) rather than bytes,
//! and is documented to want full-width text there, so those lines are written full-width.

use super::issued::IssuedColumns;
use super::text::{self, Limit, Report, Row};
use super::{Carrier, CarrierContract, Cool, Export, ExportFile, LabelShipment, Party, TimeSlot};

/// e飛伝Ⅲ 飛脚宅配便 layout, in order (No.1–74).
pub(super) const HEADER: [&str; 74] = [
    "お届け先コード取得区分",
    "お届け先コード",
    "お届け先電話番号",
    "お届け先郵便番号",
    "お届け先住所１",
    "お届け先住所２",
    "お届け先住所３",
    "お届け先名称１",
    "お届け先名称２",
    "お客様管理番号",
    "お客様コード",
    "部署ご担当者コード取得区分",
    "部署ご担当者コード",
    "部署ご担当者名称",
    "荷送人電話番号",
    "ご依頼主コード取得区分",
    "ご依頼主コード",
    "ご依頼主電話番号",
    "ご依頼主郵便番号",
    "ご依頼主住所１",
    "ご依頼主住所２",
    "ご依頼主名称１",
    "ご依頼主名称２",
    "荷姿",
    "品名１",
    "品名２",
    "品名３",
    "品名４",
    "品名５",
    "荷札荷姿",
    "荷札品名１",
    "荷札品名２",
    "荷札品名３",
    "荷札品名４",
    "荷札品名５",
    "荷札品名６",
    "荷札品名７",
    "荷札品名８",
    "荷札品名９",
    "荷札品名１０",
    "荷札品名１１",
    "出荷個数",
    "スピード指定",
    "クール便指定",
    "配達日",
    "配達指定時間帯",
    "配達指定時間（時分）",
    "代引金額",
    "消費税",
    "決済種別",
    "保険金額",
    "指定シール１",
    "指定シール２",
    "指定シール３",
    "営業所受取",
    "SRC区分",
    "営業所受取営業所コード",
    "元着区分",
    "メールアドレス",
    "ご不在時連絡先",
    "出荷日",
    "お問い合せ送り状No.",
    "出荷場印字区分",
    "集約解除指定",
    "編集０１",
    "編集０２",
    "編集０３",
    "編集０４",
    "編集０５",
    "編集０６",
    "編集０７",
    "編集０８",
    "編集０９",
    "編集１０",
];

/// One address, name or item line: 16 characters.
const LINE: Limit = Limit::Chars(16);
const PHONE: Limit = Limit::Bytes(14);
/// お客様管理番号: 半角英数 16 in the e飛伝Ⅱ layout; kept for e飛伝Ⅲ, which may allow 20.
const CUSTOMER_NUMBER: Limit = Limit::Bytes(16);

const ITEM_FIELDS: [&str; 5] = ["品名１", "品名２", "品名３", "品名４", "品名５"];

/// 出荷実績 as e飛伝Ⅲ exports it: the import layout with お問い合せ送り状No. filled in.
pub(super) const ISSUED_COLUMNS: IssuedColumns = IssuedColumns {
    shipment_code: &["お客様管理番号", "お客様管理ナンバー"],
    tracking_number: &["お問い合せ送り状No.", "お問合せ送り状No.", "お問い合わせ送り状No.", "お問合せ送り状番号", "送り状番号", "問合せNo."],
    shipped_on: &["出荷日", "集荷日"],
    carrier: &[],
};

pub(super) fn export(contract: &CarrierContract, shipments: &[LabelShipment]) -> Export {
    let mut replaced = Vec::new();
    let rows: Vec<Vec<String>> =
        shipments.iter().map(|shipment| shipment_row(contract, shipment, &mut Report::new(&shipment.shipment_code, &mut replaced))).collect();
    let name = format!("{}.csv", super::file_stem(Carrier::SagawaEhiden, shipments));
    Export { files: vec![ExportFile { name, bytes: text::csv_bytes(&HEADER, &rows) }], replaced }
}

fn shipment_row(contract: &CarrierContract, shipment: &LabelShipment, report: &mut Report) -> Vec<String> {
    let mut row = Row::new(&HEADER);
    // 0: the address is in this row, not looked up from e飛伝's address book.
    row.set("お届け先コード取得区分", "0");
    write_recipient(&mut row, &shipment.recipient, report);
    row.set("お客様管理番号", report.fit("お客様管理番号", &text::half_width(&shipment.shipment_code), CUSTOMER_NUMBER));
    row.set("お客様コード", text::digits_only(&contract.customer_code));
    write_sender(&mut row, &shipment.sender, report);
    write_items(&mut row, shipment, report);
    row.set("出荷個数", "1");
    row.set("クール便指定", cool_code(shipment.cool));
    if let Some(date) = shipment.delivery_date {
        row.set("配達日", text::date_compact(date));
    }
    row.set("配達指定時間帯", time_code(shipment.time_slot));
    if let Some(amount) = super::collect_amount(shipment, report) {
        row.set("代引金額", amount.to_string());
    }
    // 元着区分 1: 元払い (the shop pays the freight).
    row.set("元着区分", "1");
    row.set("出荷日", text::date_compact(shipment.ship_date));
    row.into_cells()
}

/// クール便指定: 001 通常, 002 冷蔵, 003 冷凍.
fn cool_code(cool: Cool) -> &'static str {
    match cool {
        Cool::Normal => "001",
        Cool::Chilled => "002",
        Cool::Frozen => "003",
    }
}

/// 配達指定時間帯: 佐川 still offers every slot the shop can choose.
fn time_code(slot: Option<TimeSlot>) -> &'static str {
    match slot {
        None => "",
        Some(TimeSlot::Morning) => "01",
        Some(TimeSlot::H12_14) => "12",
        Some(TimeSlot::H14_16) => "14",
        Some(TimeSlot::H16_18) => "16",
        Some(TimeSlot::H18_20) => "18",
        Some(TimeSlot::H19_21) => "19",
    }
}

fn full_width(lines: Vec<String>) -> Vec<String> {
    lines.iter().map(|line| text::to_full_width(line)).collect()
}

/// 名称１ holds the company when there is one, 名称２ the person; a long name runs into 名称２.
fn name_lines(party: &Party, fields: &[(&'static str, Limit); 2], report: &mut Report) -> Vec<String> {
    full_width(report.spread(fields, &[party.company.trim(), party.name.trim()]))
}

fn write_recipient(row: &mut Row, party: &Party, report: &mut Report) {
    row.set("お届け先電話番号", report.fit("お届け先電話番号", &text::phone(&party.phone), PHONE));
    row.set("お届け先郵便番号", text::postal_code(&party.postal_code, true));
    let fields = [("お届け先住所１", LINE), ("お届け先住所２", LINE), ("お届け先住所３", LINE)];
    let address = full_width(report.spread(&fields, &[&party.locality(), party.street.trim(), party.building.trim()]));
    for ((column, _), value) in fields.iter().zip(address) {
        row.set(column, value);
    }
    let names = name_lines(party, &[("お届け先名称１", LINE), ("お届け先名称２", LINE)], report);
    row.set("お届け先名称１", names[0].clone());
    row.set("お届け先名称２", names[1].clone());
}

fn write_sender(row: &mut Row, party: &Party, report: &mut Report) {
    row.set("ご依頼主電話番号", report.fit("ご依頼主電話番号", &text::phone(&party.phone), PHONE));
    row.set("ご依頼主郵便番号", text::postal_code(&party.postal_code, true));
    let fields = [("ご依頼主住所１", LINE), ("ご依頼主住所２", LINE)];
    let address = full_width(report.spread(&fields, &[&party.locality(), party.street.trim(), party.building.trim()]));
    row.set("ご依頼主住所１", address[0].clone());
    row.set("ご依頼主住所２", address[1].clone());
    let names = name_lines(party, &[("ご依頼主名称１", LINE), ("ご依頼主名称２", LINE)], report);
    row.set("ご依頼主名称１", names[0].clone());
    row.set("ご依頼主名称２", names[1].clone());
}

/// e飛伝 has no 記事 column; the label's 品名 lines are where 佐川 prints free text, so the note
/// takes the last one and the items the others.
fn write_items(row: &mut Row, shipment: &LabelShipment, report: &mut Report) {
    let has_note = !shipment.note.trim().is_empty();
    let item_fields: Vec<(&'static str, Limit)> = ITEM_FIELDS[..if has_note { 4 } else { 5 }].iter().map(|name| (*name, LINE)).collect();
    let items = full_width(report.items(&item_fields, &shipment.item_names));
    for ((column, _), value) in item_fields.iter().zip(items) {
        row.set(column, value);
    }
    if has_note {
        row.set("品名５", text::to_full_width(&report.fit("品名５", &shipment.note, LINE)));
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{contract, shipment};
    use super::*;
    use encoding_rs::SHIFT_JIS;
    use time::macros::date;

    fn rows_of(export: &Export) -> Vec<Vec<String>> {
        let (content, _, had_errors) = SHIFT_JIS.decode(&export.files[0].bytes);
        assert!(!had_errors);
        csv::ReaderBuilder::new().has_headers(false).from_reader(content.as_bytes()).records().map(|r| r.unwrap().iter().map(String::from).collect()).collect()
    }

    fn cell<'a>(row: &'a [String], column: &str) -> &'a str {
        &row[HEADER.iter().position(|name| *name == column).unwrap()]
    }

    #[test]
    fn header_row_is_the_ehiden3_layout() {
        let export = export(&contract(), &[shipment("S-1")]);
        let content = SHIFT_JIS.decode(&export.files[0].bytes).0.into_owned();
        let first_line = content.split("\r\n").next().unwrap();
        assert_eq!(first_line, HEADER.join(","));
        assert!(first_line.starts_with("お届け先コード取得区分,お届け先コード,お届け先電話番号,お届け先郵便番号,お届け先住所１,お届け先住所２,お届け先住所３,お届け先名称１,お届け先名称２,お客様管理番号,お客様コード,"));
        assert!(first_line.contains(",出荷個数,スピード指定,クール便指定,配達日,配達指定時間帯,配達指定時間（時分）,代引金額,消費税,"));
        assert_eq!(rows_of(&export).iter().map(Vec::len).collect::<Vec<_>>(), vec![74, 74]);
    }

    #[test]
    fn a_shipment_is_written_full_width_in_16_character_lines() {
        let export = export(&contract(), &[shipment("S-1")]);
        let row = &rows_of(&export)[1];
        let expected = [
            ("お届け先コード取得区分", "0"),
            ("お届け先電話番号", "03-1234-5678"),
            ("お届け先郵便番号", "100-0001"),
            ("お届け先住所１", "東京都千代田区"),
            ("お届け先住所２", "千代田１－１"),
            ("お届け先住所３", "千代田ハイツ１０１"),
            ("お届け先名称１", "山田太郎"),
            ("お届け先名称２", ""),
            ("お客様管理番号", "S-1"),
            ("お客様コード", "012345678901"),
            ("ご依頼主電話番号", "06-1234-5678"),
            ("ご依頼主住所１", "大阪府大阪市北区"),
            ("ご依頼主住所２", "梅田１－１－１"),
            ("ご依頼主名称１", "株式会社サンプル"),
            ("ご依頼主名称２", "サンプル商店"),
            ("品名１", "Ｔシャツ"),
            ("出荷個数", "1"),
            ("クール便指定", "001"),
            ("元着区分", "1"),
            ("出荷日", "20250301"),
            ("代引金額", ""),
        ];
        for (column, value) in expected {
            assert_eq!(cell(row, column), value, "{column}");
        }
        assert!(export.replaced.is_empty(), "{:?}", export.replaced);
    }

    #[test]
    fn delivery_options_and_collect_amount() {
        let mut parcel = shipment("S-2");
        parcel.cool = Cool::Frozen;
        parcel.delivery_date = Some(date!(2025 - 03 - 04));
        parcel.time_slot = Some(TimeSlot::H12_14);
        parcel.cash_on_delivery = Some(3980);
        let row = &rows_of(&export(&contract(), &[parcel]))[1];
        assert_eq!((cell(row, "クール便指定"), cell(row, "配達日"), cell(row, "配達指定時間帯"), cell(row, "代引金額")), ("003", "20250304", "12", "3980"));
        let codes: Vec<&str> = TimeSlot::ALL.into_iter().map(|slot| time_code(Some(slot))).collect();
        assert_eq!(codes, ["01", "12", "14", "16", "18", "19"]);
        assert_eq!(cool_code(Cool::Chilled), "002");
    }

    #[test]
    fn lines_hold_at_most_16_characters_and_overflow_is_reported() {
        let mut parcel = shipment("S-3");
        parcel.recipient.street = "大手町一丁目二番三号大手町ファーストスクエアウエストタワー".into();
        parcel.recipient.building = "三十二階受付".into();
        parcel.item_names = (1..=8).map(|n| format!("佐川テスト商品{n}")).collect();
        parcel.note = "午前着希望・ワレモノにつき取扱注意をお願いします".into();
        let export = export(&contract(), &[parcel]);
        let row = &rows_of(&export)[1];
        for column in ["お届け先住所１", "お届け先住所２", "お届け先住所３", "品名１", "品名２", "品名３", "品名４", "品名５"]
        {
            assert!(cell(row, column).chars().count() <= 16, "{column}: {}", cell(row, column));
        }
        assert_eq!(cell(row, "お届け先住所２"), "大手町一丁目二番三号大手町ファー");
        assert_eq!(cell(row, "お届け先住所３"), "ストスクエアウエストタワー　三十");
        assert_eq!(cell(row, "品名５"), "午前着希望・ワレモノにつき取扱注");
        assert!(cell(row, "品名４").ends_with("点"));
        let fields: Vec<&str> = export.replaced.iter().map(|r| r.field).collect();
        assert_eq!(fields, vec!["お届け先住所３", "品名４", "品名５"]);
        assert_eq!(export.replaced[0].original, "二階受付");
    }

    #[test]
    fn issued_columns_match_the_export_layout() {
        assert!(HEADER.contains(&ISSUED_COLUMNS.shipment_code[0]));
        assert!(HEADER.contains(&ISSUED_COLUMNS.tracking_number[0]));
        assert!(HEADER.contains(&ISSUED_COLUMNS.shipped_on[0]));
    }
}
