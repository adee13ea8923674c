//! 日本郵便 ゆうパックプリントR, 外部データ取込 (発送予定データ, 117 columns), and the columns read
//! back from its 発送済みデータ.
//!
//! ゆうプリR reads external data through a 取込フィルタ that the user sets up once; the column
//! order below is the one the public ゆうプリR exporters share, and the header row names each column
//! so the filter can be mapped by name. Widths are Shift_JIS bytes.

use super::issued::IssuedColumns;
use super::text::{self, Limit, Report, Row};
use super::{Carrier, Cool, Export, ExportFile, LabelShipment, Party, TimeSlot};

/// 発送予定データ, in order (No.1–117).
pub(super) const HEADER: [&str; 117] = [
    "お客様側管理番号",
    "発送予定日",
    "発送予定時間区分",
    "出荷期限日",
    "到着期限日",
    "郵便種別",
    "保冷種別",
    "元／着払／代引",
    "書留／セキュリティ／特定記録種別",
    "配達時間帯指定郵便種別",
    "送り状種別",
    "お届け先 コード",
    "お届け先 郵便番号",
    "お届け先 住所１",
    "お届け先 住所２",
    "お届け先 住所３",
    "お届け先 名称１",
    "お届け先 名称２",
    "お届け先 敬称区分",
    "お届け先 電話番号",
    "お届け先 メールアドレス１",
    "お届け先 局留め区分",
    "お届け先 局留め郵便局名",
    "お届け先 局留めメール使用区分",
    "お届け先 局留め郵便番号",
    "お届け先 配達予告メール使用区分",
    "お届け先 再配達予告メール使用区分",
    "ご依頼主 コード",
    "ご依頼主 集荷先と同一区分",
    "ご依頼主 郵便番号",
    "ご依頼主 住所１",
    "ご依頼主 住所２",
    "ご依頼主 住所３",
    "ご依頼主 名称１",
    "ご依頼主 名称２",
    "ご依頼主 敬称",
    "ご依頼主 電話番号",
    "ご依頼主 メールアドレス１",
    "ご依頼主 荷送人指図区分",
    "ご依頼主 お届け通知メール使用区分",
    "ご依頼主 お届け通知はがき使用区分",
    "集荷先 コード",
    "集荷先 連携可否区分",
    "集荷先 会社コード",
    "集荷先 依頼先店所コード",
    "集荷先 郵便番号",
    "集荷先 住所１",
    "集荷先 住所２",
    "集荷先 住所３",
    "集荷先 名称１",
    "集荷先 名称２",
    "集荷先 敬称",
    "集荷先 電話番号",
    "受注番号",
    "こわれもの区分",
    "なまもの区分",
    "ビン類区分",
    "逆さま厳禁区分",
    "下積み厳禁区分",
    "商品サイズ区分",
    "重量合計（ｇ）",
    "25kg超重量物区分",
    "損害要償額",
    "速達・配達日指定種別",
    "配達指定日／希望日",
    "配達時間帯区分",
    "差出方法区分",
    "ゆうパック複数個割引",
    "ゆうパック同一割引",
    "セット商品コード",
    "セット品名ラベル印字区分",
    "複数個口数",
    "記事名１",
    "記事名２",
    "フリー項目０１",
    "フリー項目０２",
    "フリー項目０３",
    "フリー項目０４",
    "フリー項目０５",
    "フリー項目０６",
    "フリー項目０７",
    "フリー項目０８",
    "フリー項目０９",
    "フリー項目１０",
    "空港利用区分",
    "空港・局／支店名",
    "航空会社名",
    "利用便名",
    "レジャー区分",
    "プレー・搭乗日",
    "プレー・搭乗時間",
    "クラブ本数",
    "復路集貨日",
    "出荷先登録名",
    "集荷希望区分",
    "集荷日付",
    "集荷時間帯区分",
    "支店連携先選択用名称",
    "代引金額",
    "代引消費税金額",
    "送り状発行年月日",
    "商品番号",
    "品名",
    "個数",
    "重量（ｇ）",
    "単価",
    "金額",
    "商品備考０１",
    "商品備考０２",
    "商品備考０３",
    "商品備考０４",
    "商品備考０５",
    "商品備考０６",
    "商品備考０７",
    "商品備考０８",
    "商品備考０９",
    "商品備考１０",
];

/// お客様側管理番号: 15 bytes in the only ゆうプリR layout with widths we found.
const CUSTOMER_NUMBER: Limit = Limit::Bytes(15);
const LINE: Limit = Limit::Bytes(50);
const PHONE: Limit = Limit::Bytes(20);
/// 記事名: width not found in any source; 全角15 keeps clear of any plausible limit.
const ARTICLE: Limit = Limit::Bytes(30);

/// 発送済みデータ: ゆうプリR's export puts お問い合わせ番号 next to お客様側管理番号.
pub(super) const ISSUED_COLUMNS: IssuedColumns = IssuedColumns {
    shipment_code: &["お客様側管理番号", "お客様管理番号"],
    tracking_number: &["お問い合わせ番号", "お問合せ番号", "お問い合せ番号", "問合せ番号", "追跡番号"],
    shipped_on: &["発送予定日", "発送日", "差出日", "送り状発行年月日"],
    carrier: &[],
};

pub(super) fn export(shipments: &[LabelShipment]) -> Export {
    let mut replaced = Vec::new();
    let rows: Vec<Vec<String>> = shipments.iter().map(|shipment| shipment_row(shipment, &mut Report::new(&shipment.shipment_code, &mut replaced))).collect();
    let name = format!("{}.csv", super::file_stem(Carrier::JapanPostYuPrintR, shipments));
    Export { files: vec![ExportFile { name, bytes: text::csv_bytes(&HEADER, &rows) }], replaced }
}

fn shipment_row(shipment: &LabelShipment, report: &mut Report) -> Vec<String> {
    let mut row = Row::new(&HEADER);
    row.set("お客様側管理番号", report.fit("お客様側管理番号", &text::half_width(&shipment.shipment_code), CUSTOMER_NUMBER));
    row.set("発送予定日", text::date_compact(shipment.ship_date));
    // 郵便種別 0: ゆうパック.
    row.set("郵便種別", "0");
    row.set("保冷種別", cool_code(shipment.cool));
    let collect = super::collect_amount(shipment, report);
    // 元／着払／代引: 0 元払い, 2 代引き.
    row.set("元／着払／代引", if collect.is_some() { "2" } else { "0" });
    write_recipient(&mut row, &shipment.recipient, report);
    write_sender(&mut row, &shipment.sender, report);
    // 速達・配達日指定種別 0: neither 速達 nor a paid 配達日指定 (a ゆうパック 希望日 is free).
    row.set("速達・配達日指定種別", "0");
    if let Some(date) = shipment.delivery_date {
        row.set("配達指定日／希望日", text::date_compact(date));
    }
    row.set("配達時間帯区分", time_code(shipment.time_slot));
    let items = report.items(&[("記事名１", ARTICLE)], &shipment.item_names);
    row.set("記事名１", items[0].clone());
    row.set("記事名２", report.fit("記事名２", &shipment.note, ARTICLE));
    if let Some(amount) = collect {
        row.set("代引金額", amount.to_string());
    }
    row.into_cells()
}

/// 保冷種別: 0 なし, 1 チルド, 2 冷凍.
fn cool_code(cool: Cool) -> &'static str {
    match cool {
        Cool::Normal => "0",
        Cool::Chilled => "1",
        Cool::Frozen => "2",
    }
}

/// 配達時間帯区分 for ゆうパック's six slots: 00 none, 51 午前中 … 55 18–20 confirmed by a public
/// exporter; 57 for 19–21 is inferred (56 was the old 20–21 slot). See docs/carriers.md.
fn time_code(slot: Option<TimeSlot>) -> &'static str {
    match slot {
        None => "00",
        Some(TimeSlot::Morning) => "51",
        Some(TimeSlot::H12_14) => "52",
        Some(TimeSlot::H14_16) => "53",
        Some(TimeSlot::H16_18) => "54",
        Some(TimeSlot::H18_20) => "55",
        Some(TimeSlot::H19_21) => "57",
    }
}

/// 名称１ is the company when there is one and 名称２ the person; otherwise the person alone.
fn name_lines(party: &Party, fields: &[(&'static str, Limit); 2], report: &mut Report) -> Vec<String> {
    report.spread(fields, &[party.company.trim(), party.name.trim()])
}

fn write_recipient(row: &mut Row, party: &Party, report: &mut Report) {
    row.set("お届け先 郵便番号", text::postal_code(&party.postal_code, true));
    let fields = [("お届け先 住所１", LINE), ("お届け先 住所２", LINE), ("お届け先 住所３", LINE)];
    let address = report.spread(&fields, &[&party.street_line(), party.building.trim()]);
    for ((column, _), value) in fields.iter().zip(address) {
        row.set(column, value);
    }
    let names = name_lines(party, &[("お届け先 名称１", LINE), ("お届け先 名称２", LINE)], report);
    row.set("お届け先 名称１", names[0].clone());
    row.set("お届け先 名称２", names[1].clone());
    // 敬称区分 0: 様, the value public exporters write for private customers.
    row.set("お届け先 敬称区分", "0");
    row.set("お届け先 電話番号", report.fit("お届け先 電話番号", &text::phone(&party.phone), PHONE));
}

fn write_sender(row: &mut Row, party: &Party, report: &mut Report) {
    row.set("ご依頼主 郵便番号", text::postal_code(&party.postal_code, true));
    let fields = [("ご依頼主 住所１", LINE), ("ご依頼主 住所２", LINE), ("ご依頼主 住所３", LINE)];
    let address = report.spread(&fields, &[&party.street_line(), party.building.trim()]);
    for ((column, _), value) in fields.iter().zip(address) {
        row.set(column, value);
    }
    let names = name_lines(party, &[("ご依頼主 名称１", LINE), ("ご依頼主 名称２", LINE)], report);
    row.set("ご依頼主 名称１", names[0].clone());
    row.set("ご依頼主 名称２", names[1].clone());
    row.set("ご依頼主 電話番号", report.fit("ご依頼主 電話番号", &text::phone(&party.phone), PHONE));
}

#[cfg(test)]
mod tests {
    use super::super::tests::shipment;
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
    fn header_row_is_the_yupri_layout() {
        let export = export(&[shipment("S-1")]);
        let content = SHIFT_JIS.decode(&export.files[0].bytes).0.into_owned();
        let first_line = content.split("\r\n").next().unwrap();
        assert!(first_line.starts_with("お客様側管理番号,発送予定日,発送予定時間区分,出荷期限日,到着期限日,郵便種別,保冷種別,元／着払／代引,書留／セキュリティ／特定記録種別,配達時間帯指定郵便種別,送り状種別,お届け先 コード,お届け先 郵便番号,お届け先 住所１,お届け先 住所２,お届け先 住所３,お届け先 名称１,お届け先 名称２,お届け先 敬称区分,お届け先 電話番号,"));
        assert!(first_line.contains(",速達・配達日指定種別,配達指定日／希望日,配達時間帯区分,差出方法区分,ゆうパック複数個割引,ゆうパック同一割引,セット商品コード,セット品名ラベル印字区分,複数個口数,記事名１,記事名２,"));
        assert_eq!(rows_of(&export).iter().map(Vec::len).collect::<Vec<_>>(), vec![117, 117]);
    }

    #[test]
    fn a_shipment_fills_the_yupack_columns() {
        let export = export(&[shipment("S-1")]);
        let row = &rows_of(&export)[1];
        let expected = [
            ("お客様側管理番号", "S-1"),
            ("発送予定日", "20250301"),
            ("郵便種別", "0"),
            ("保冷種別", "0"),
            ("元／着払／代引", "0"),
            ("お届け先 郵便番号", "100-0001"),
            ("お届け先 住所１", "東京都千代田区千代田1-1"),
            ("お届け先 住所２", "千代田ハイツ101"),
            ("お届け先 住所３", ""),
            ("お届け先 名称１", "山田太郎"),
            ("お届け先 名称２", ""),
            ("お届け先 敬称区分", "0"),
            ("お届け先 電話番号", "03-1234-5678"),
            ("ご依頼主 住所１", "大阪府大阪市北区梅田1-1-1"),
            ("ご依頼主 名称１", "株式会社サンプル"),
            ("ご依頼主 名称２", "サンプル商店"),
            ("ご依頼主 電話番号", "06-1234-5678"),
            ("配達時間帯区分", "00"),
            ("記事名１", "Tシャツ"),
            ("代引金額", ""),
        ];
        for (column, value) in expected {
            assert_eq!(cell(row, column), value, "{column}");
        }
        assert!(export.replaced.is_empty());
    }

    #[test]
    fn collect_chilled_and_time_slot() {
        let mut parcel = shipment("S-2");
        parcel.cash_on_delivery = Some(12000);
        parcel.cool = Cool::Chilled;
        parcel.delivery_date = Some(date!(2025 - 03 - 05));
        parcel.time_slot = Some(TimeSlot::Morning);
        parcel.note = "ワレモノ".into();
        let row = &rows_of(&export(&[parcel]))[1];
        assert_eq!(
            (
                cell(row, "元／着払／代引"),
                cell(row, "代引金額"),
                cell(row, "保冷種別"),
                cell(row, "配達指定日／希望日"),
                cell(row, "配達時間帯区分"),
                cell(row, "記事名２")
            ),
            ("2", "12000", "1", "20250305", "51", "ワレモノ")
        );
        let codes: Vec<&str> = TimeSlot::ALL.into_iter().map(|slot| time_code(Some(slot))).collect();
        assert_eq!(codes, ["51", "52", "53", "54", "55", "57"]);
    }

    #[test]
    fn a_long_shipment_code_is_cut_to_15_and_reported() {
        let export = export(&[shipment("ORDER-2025-000123-A")]);
        assert_eq!(cell(&rows_of(&export)[1], "お客様側管理番号"), "ORDER-2025-0001");
        assert_eq!(export.replaced[0].field, "お客様側管理番号");
        assert_eq!(export.replaced[0].original, "23-A");
    }

    #[test]
    fn issued_columns_match_the_export_layout() {
        assert!(HEADER.contains(&ISSUED_COLUMNS.shipment_code[0]));
        assert!(HEADER.contains(&ISSUED_COLUMNS.shipped_on[0]));
    }
}
