//! ヤマト運輸 B2クラウド, 「外部データから発行」 with the 基本レイアウト (送り状発行データレイアウト,
//! 97 columns), and the columns read back from its 発行済みデータ.
//!
//! B2クラウド reads the file by column position; the header row is for people and is skipped by
//! importing from line 2. Widths are Shift_JIS bytes (全角 = 2).

use super::issued::IssuedColumns;
use super::text::{self, Limit, Report, Row};
use super::{Carrier, CarrierContract, Cool, Export, ExportFile, LabelShipment, Party, TimeSlot};

/// 送り状発行データレイアウト, in order (No.1–97).
pub(super) const HEADER: [&str; 97] = [
    "お客様管理番号",
    "送り状種類",
    "クール区分",
    "伝票番号",
    "出荷予定日",
    "お届け予定（指定）日",
    "配達時間帯",
    "お届け先コード",
    "お届け先電話番号",
    "お届け先電話番号枝番",
    "お届け先郵便番号",
    "お届け先住所",
    "お届け先住所（アパートマンション名）",
    "お届け先会社・部門名１",
    "お届け先会社・部門名２",
    "お届け先名",
    "お届け先名略称カナ",
    "敬称",
    "ご依頼主コード",
    "ご依頼主電話番号",
    "ご依頼主電話番号枝番",
    "ご依頼主郵便番号",
    "ご依頼主住所",
    "ご依頼主住所（アパートマンション名）",
    "ご依頼主名",
    "ご依頼主略称カナ",
    "品名コード１",
    "品名１",
    "品名コード２",
    "品名２",
    "荷扱い１",
    "荷扱い２",
    "記事",
    "コレクト代金引換額（税込）",
    "コレクト内消費税額等",
    "営業所止置き",
    "営業所コード",
    "発行枚数",
    "個数口枠の印字",
    "ご請求先顧客コード",
    "ご請求先分類コード",
    "運賃管理番号",
    "クロネコwebコレクトデータ登録",
    "クロネコwebコレクト加盟店番号",
    "クロネコwebコレクト申込受付番号１",
    "クロネコwebコレクト申込受付番号２",
    "クロネコwebコレクト申込受付番号３",
    "お届け予定ｅメール利用区分",
    "お届け予定ｅメールe-mailアドレス",
    "入力機種",
    "お届け予定ｅメールメッセージ",
    "お届け完了ｅメール利用区分",
    "お届け完了ｅメールe-mailアドレス",
    "お届け完了ｅメールメッセージ",
    "クロネコ収納代行利用区分",
    "予備",
    "収納代行請求金額（税込）",
    "収納代行内消費税額等",
    "収納代行請求先郵便番号",
    "収納代行請求先住所",
    "収納代行請求先住所（アパートマンション名）",
    "収納代行請求先会社・部門名１",
    "収納代行請求先会社・部門名２",
    "収納代行請求先名（漢字）",
    "収納代行請求先名（カナ）",
    "収納代行問合せ先名（漢字）",
    "収納代行問合せ先郵便番号",
    "収納代行問合せ先住所",
    "収納代行問合せ先住所（アパートマンション名）",
    "収納代行問合せ先電話番号",
    "収納代行管理番号",
    "収納代行品名",
    "収納代行備考",
    "複数口くくりキー",
    "検索キータイトル１",
    "検索キー１",
    "検索キータイトル２",
    "検索キー２",
    "検索キータイトル３",
    "検索キー３",
    "検索キータイトル４",
    "検索キー４",
    "検索キータイトル５",
    "検索キー５",
    "予備",
    "予備",
    "投函予定メール利用区分",
    "投函予定メールe-mailアドレス",
    "投函予定メールメッセージ",
    "投函完了メール（お届け先宛）利用区分",
    "投函完了メール（お届け先宛）e-mailアドレス",
    "投函完了メール（お届け先宛）メールメッセージ",
    "投函完了メール（ご依頼主宛）利用区分",
    "投函完了メール（ご依頼主宛）e-mailアドレス",
    "投函完了メール（ご依頼主宛）メールメッセージ",
    "連携管理番号",
    "通知メールアドレス",
];

// Widths from the layout. お客様管理番号 is 20 in the older B2 layout we could read; B2クラウド may
// allow more, but 20 is what is sure to import (see docs/carriers.md).
const CUSTOMER_NUMBER: Limit = Limit::Bytes(20);
const PHONE: Limit = Limit::Bytes(15);
const ADDRESS: Limit = Limit::Bytes(64);
const BUILDING: Limit = Limit::Bytes(32);
const COMPANY: Limit = Limit::Bytes(50);
const NAME: Limit = Limit::Bytes(32);
const KANA: Limit = Limit::Bytes(50);
const ITEM: Limit = Limit::Bytes(50);
const NOTE: Limit = Limit::Bytes(32);

/// 発行済みデータ: B2クラウド exports the same layout with 伝票番号 filled in.
pub(super) const ISSUED_COLUMNS: IssuedColumns = IssuedColumns {
    shipment_code: &["お客様管理番号"],
    tracking_number: &["伝票番号", "送り状番号", "お問合せ伝票番号", "お問い合わせ伝票番号", "問合せ番号"],
    shipped_on: &["出荷予定日", "出荷日", "発送日"],
    carrier: &[],
};

pub(super) fn export(contract: &CarrierContract, shipments: &[LabelShipment]) -> Export {
    let mut replaced = Vec::new();
    let rows: Vec<Vec<String>> =
        shipments.iter().map(|shipment| shipment_row(contract, shipment, &mut Report::new(&shipment.shipment_code, &mut replaced))).collect();
    let name = format!("{}.csv", super::file_stem(Carrier::YamatoB2, shipments));
    Export { files: vec![ExportFile { name, bytes: text::csv_bytes(&HEADER, &rows) }], replaced }
}

fn shipment_row(contract: &CarrierContract, shipment: &LabelShipment, report: &mut Report) -> Vec<String> {
    let mut row = Row::new(&HEADER);
    row.set("お客様管理番号", report.fit("お客様管理番号", &text::half_width(&shipment.shipment_code), CUSTOMER_NUMBER));
    let collect = super::collect_amount(shipment, report);
    // 送り状種類: 0 発払い, 2 コレクト (代金引換).
    row.set("送り状種類", if collect.is_some() { "2" } else { "0" });
    row.set("クール区分", cool_code(shipment.cool));
    row.set("出荷予定日", text::date_with_slashes(shipment.ship_date));
    if let Some(date) = shipment.delivery_date {
        row.set("お届け予定（指定）日", text::date_with_slashes(date));
    }
    row.set("配達時間帯", time_code(shipment.time_slot, report));
    write_recipient(&mut row, &shipment.recipient, report);
    write_sender(&mut row, &shipment.sender, report);
    let items = report.items(&[("品名１", ITEM), ("品名２", ITEM)], &shipment.item_names);
    row.set("品名１", items[0].clone());
    row.set("品名２", items[1].clone());
    row.set("記事", report.fit("記事", &shipment.note, NOTE));
    if let Some(amount) = collect {
        row.set("コレクト代金引換額（税込）", amount.to_string());
        // B2 asks for the tax inside the amount; we only know the total, so assume the 10% rate.
        row.set("コレクト内消費税額等", (amount * 10 / 110).to_string());
    }
    row.set("ご請求先顧客コード", text::digits_only(&contract.customer_code));
    row.set("ご請求先分類コード", text::half_width(&contract.classification_code));
    row.set("運賃管理番号", text::half_width(&contract.freight_code));
    row.into_cells()
}

/// クール区分: 0 通常, 1 冷凍, 2 冷蔵 (冷凍 is 1, not 2).
fn cool_code(cool: Cool) -> &'static str {
    match cool {
        Cool::Normal => "0",
        Cool::Frozen => "1",
        Cool::Chilled => "2",
    }
}

/// 配達時間帯 codes. ヤマト has had no 12–14 slot since 2017; the request is reported, not moved.
fn time_code(slot: Option<TimeSlot>, report: &mut Report) -> &'static str {
    match slot {
        None => "",
        Some(TimeSlot::Morning) => "0812",
        Some(TimeSlot::H12_14) => {
            report.note("配達時間帯", TimeSlot::H12_14.label(), "");
            ""
        }
        Some(TimeSlot::H14_16) => "1416",
        Some(TimeSlot::H16_18) => "1618",
        Some(TimeSlot::H18_20) => "1820",
        Some(TimeSlot::H19_21) => "1921",
    }
}

fn write_recipient(row: &mut Row, party: &Party, report: &mut Report) {
    let addressee = party.addressee();
    row.set("お届け先電話番号", report.fit("お届け先電話番号", &text::phone(&party.phone), PHONE));
    row.set("お届け先郵便番号", text::postal_code(&party.postal_code, true));
    let address = report.spread(&[("お届け先住所", ADDRESS), ("お届け先住所（アパートマンション名）", BUILDING)], &[&party.street_line(), &party.building]);
    row.set("お届け先住所", address[0].clone());
    row.set("お届け先住所（アパートマンション名）", address[1].clone());
    let company = report.spread(&[("お届け先会社・部門名１", COMPANY), ("お届け先会社・部門名２", COMPANY)], &[&addressee.company]);
    row.set("お届け先会社・部門名１", company[0].clone());
    row.set("お届け先会社・部門名２", company[1].clone());
    row.set("お届け先名", report.fit("お届け先名", &addressee.name, NAME));
    row.set("お届け先名略称カナ", kana(report, "お届け先名略称カナ", &party.kana));
    row.set("敬称", addressee.honorific);
}

fn write_sender(row: &mut Row, party: &Party, report: &mut Report) {
    row.set("ご依頼主電話番号", report.fit("ご依頼主電話番号", &text::phone(&party.phone), PHONE));
    row.set("ご依頼主郵便番号", text::postal_code(&party.postal_code, true));
    let address = report.spread(&[("ご依頼主住所", ADDRESS), ("ご依頼主住所（アパートマンション名）", BUILDING)], &[&party.street_line(), &party.building]);
    row.set("ご依頼主住所", address[0].clone());
    row.set("ご依頼主住所（アパートマンション名）", address[1].clone());
    row.set("ご依頼主名", report.fit("ご依頼主名", &party.display_name(), NAME));
    row.set("ご依頼主略称カナ", kana(report, "ご依頼主略称カナ", &party.kana));
}

/// 略称カナ must be half-width katakana. A reading that is not kana at all (someone typed kanji)
/// is left out and reported rather than sent to fail the import.
fn kana(report: &mut Report, field: &'static str, reading: &str) -> String {
    match text::to_half_width_kana(reading) {
        Some(half) => report.fit(field, &half, KANA),
        None => {
            report.note(field, reading.trim(), "");
            String::new()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::Replacement;
    use super::super::tests::{contract, shipment};
    use super::*;
    use encoding_rs::SHIFT_JIS;
    use time::macros::date;

    /// The file as the label software will read it: decoded from CP932, split into rows.
    fn rows_of(export: &Export) -> Vec<Vec<String>> {
        let (content, _, had_errors) = SHIFT_JIS.decode(&export.files[0].bytes);
        assert!(!had_errors, "file must be valid CP932");
        assert!(content.ends_with("\r\n"));
        csv::ReaderBuilder::new().has_headers(false).from_reader(content.as_bytes()).records().map(|r| r.unwrap().iter().map(String::from).collect()).collect()
    }

    fn cell<'a>(row: &'a [String], column: &str) -> &'a str {
        &row[HEADER.iter().position(|name| *name == column).unwrap()]
    }

    fn sjis_len(value: &str) -> usize {
        SHIFT_JIS.encode(value).0.len()
    }

    #[test]
    fn header_row_is_the_b2_layout_in_order() {
        let export = export(&contract(), &[shipment("S-1")]);
        let first_line = SHIFT_JIS.decode(&export.files[0].bytes).0.lines().next().unwrap().to_string();
        assert!(first_line.starts_with("お客様管理番号,送り状種類,クール区分,伝票番号,出荷予定日,お届け予定（指定）日,配達時間帯,お届け先コード,お届け先電話番号,お届け先電話番号枝番,お届け先郵便番号,お届け先住所,お届け先住所（アパートマンション名）,お届け先会社・部門名１,お届け先会社・部門名２,お届け先名,お届け先名略称カナ,敬称,ご依頼主コード,ご依頼主電話番号,ご依頼主電話番号枝番,ご依頼主郵便番号,ご依頼主住所,ご依頼主住所（アパートマンション名）,ご依頼主名,ご依頼主略称カナ,品名コード１,品名１,品名コード２,品名２,荷扱い１,荷扱い２,記事,コレクト代金引換額（税込）,コレクト内消費税額等,営業所止置き,営業所コード,発行枚数,個数口枠の印字,ご請求先顧客コード,ご請求先分類コード,運賃管理番号,"));
        assert!(first_line.ends_with(",連携管理番号,通知メールアドレス"));
        assert_eq!(rows_of(&export)[0].len(), 97);
    }

    #[test]
    fn a_prepaid_shipment_fills_the_columns_b2_needs() {
        let export = export(&contract(), &[shipment("S-1")]);
        let rows = rows_of(&export);
        let row = &rows[1];
        assert_eq!(row.len(), 97);
        let expected = [
            ("お客様管理番号", "S-1"),
            ("送り状種類", "0"),
            ("クール区分", "0"),
            ("伝票番号", ""),
            ("出荷予定日", "2025/03/01"),
            ("お届け予定（指定）日", ""),
            ("配達時間帯", ""),
            ("お届け先電話番号", "03-1234-5678"),
            ("お届け先郵便番号", "100-0001"),
            ("お届け先住所", "東京都千代田区千代田1-1"),
            ("お届け先住所（アパートマンション名）", "千代田ハイツ101"),
            ("お届け先名", "山田太郎"),
            ("お届け先名略称カナ", "ﾔﾏﾀﾞ ﾀﾛｳ"),
            ("敬称", "様"),
            ("ご依頼主電話番号", "06-1234-5678"),
            ("ご依頼主郵便番号", "530-0001"),
            ("ご依頼主住所", "大阪府大阪市北区梅田1-1-1"),
            ("ご依頼主名", "株式会社サンプル　サンプル商店"),
            ("品名１", "Tシャツ"),
            ("コレクト代金引換額（税込）", ""),
            ("ご請求先顧客コード", "012345678901"),
            ("ご請求先分類コード", ""),
            ("運賃管理番号", "01"),
        ];
        for (column, value) in expected {
            assert_eq!(cell(row, column), value, "{column}");
        }
        assert!(export.replaced.is_empty(), "{:?}", export.replaced);
    }

    #[test]
    fn collect_shipments_are_type_2_with_amount_and_tax() {
        let mut collect = shipment("S-2");
        collect.cash_on_delivery = Some(5500);
        let rows = rows_of(&export(&contract(), &[collect]));
        assert_eq!(cell(&rows[1], "送り状種類"), "2");
        assert_eq!(cell(&rows[1], "コレクト代金引換額（税込）"), "5500");
        assert_eq!(cell(&rows[1], "コレクト内消費税額等"), "500");
    }

    #[test]
    fn cool_and_time_slot_codes() {
        let cases =
            [(Cool::Frozen, TimeSlot::Morning, "1", "0812"), (Cool::Chilled, TimeSlot::H14_16, "2", "1416"), (Cool::Normal, TimeSlot::H19_21, "0", "1921")];
        for (cool, slot, cool_code, time_code) in cases {
            let mut parcel = shipment("S-3");
            parcel.cool = cool;
            parcel.time_slot = Some(slot);
            parcel.delivery_date = Some(date!(2025 - 03 - 03));
            let rows = rows_of(&export(&contract(), &[parcel]));
            assert_eq!(cell(&rows[1], "クール区分"), cool_code);
            assert_eq!(cell(&rows[1], "配達時間帯"), time_code);
            assert_eq!(cell(&rows[1], "お届け予定（指定）日"), "2025/03/03");
        }
    }

    #[test]
    fn the_12_to_14_slot_is_left_blank_and_reported() {
        let mut parcel = shipment("S-4");
        parcel.time_slot = Some(TimeSlot::H12_14);
        let export = export(&contract(), &[parcel]);
        assert_eq!(cell(&rows_of(&export)[1], "配達時間帯"), "");
        assert_eq!(
            export.replaced,
            vec![Replacement { shipment_code: "S-4".into(), field: "配達時間帯", original: "12時～14時".into(), replaced_with: String::new() }]
        );
    }

    #[test]
    fn a_long_address_runs_into_the_building_field_and_only_the_rest_is_cut() {
        let mut parcel = shipment("S-5");
        parcel.recipient.prefecture = "北海道".into();
        parcel.recipient.city = "札幌市中央区".into();
        parcel.recipient.street = "北一条西二丁目一番地三号 札幌時計台前通り沿い四階東側".into();
        parcel.recipient.building = "グランドメゾン札幌中央タワー２０１２号室".into();
        let export = export(&contract(), &[parcel]);
        let rows = rows_of(&export);
        let address = cell(&rows[1], "お届け先住所");
        let building = cell(&rows[1], "お届け先住所（アパートマンション名）");
        assert!(sjis_len(address) <= 64 && sjis_len(building) <= 32, "{address} / {building}");
        assert_eq!(address, "北海道札幌市中央区北一条西二丁目一番地三号");
        assert!(building.starts_with("札幌時計台前通り沿い四階東側"), "{building}");
        let cut: Vec<&Replacement> = export.replaced.iter().filter(|r| r.field == "お届け先住所（アパートマンション名）").collect();
        assert_eq!(cut.len(), 1);
        assert_eq!(format!("{}{}", building.trim_start_matches("札幌時計台前通り沿い四階東側 "), cut[0].original), "グランドメゾン札幌中央タワー２０１２号室");
    }

    #[test]
    fn every_field_respects_its_width() {
        let mut parcel = shipment("S-6");
        parcel.recipient.name = "長い長い長い長い長い長い名前の受取人様方".into();
        parcel.recipient.company = "株式会社とても長い会社名ホールディングス東日本営業本部第二営業部".into();
        parcel.item_names = (1..=9).map(|n| format!("商品その{n}の名前はやや長め")).collect();
        parcel.note = "置き配希望。不在時は宅配ボックスへお願いします。".into();
        let export = export(&contract(), &[parcel]);
        let row = &rows_of(&export)[1];
        let widths = [
            ("お届け先名", 32),
            ("お届け先会社・部門名１", 50),
            ("お届け先会社・部門名２", 50),
            ("品名１", 50),
            ("品名２", 50),
            ("記事", 32),
            ("お届け先住所", 64),
            ("お届け先住所（アパートマンション名）", 32),
        ];
        for (column, max) in widths {
            assert!(sjis_len(cell(row, column)) <= max, "{column}: {}", cell(row, column));
        }
        assert!(cell(row, "品名２").ends_with("点"));
        assert!(export.replaced.iter().any(|r| r.field == "品名２" && r.replaced_with.starts_with('他')));
        assert!(export.replaced.iter().any(|r| r.field == "記事"));
        assert!(export.replaced.iter().any(|r| r.field == "お届け先名"));
    }

    #[test]
    fn characters_shift_jis_lacks_are_replaced_and_reported_per_field() {
        let mut parcel = shipment("S-7");
        parcel.recipient.name = "𠮷田髙子".into();
        parcel.item_names = vec!["ギフト🎁".into()];
        let export = export(&contract(), &[parcel]);
        let row = &rows_of(&export)[1];
        assert_eq!(cell(row, "お届け先名"), "〓田髙子");
        assert_eq!(cell(row, "品名１"), "ギフト〓");
        let replaced: Vec<(&str, &str, &str)> = export.replaced.iter().map(|r| (r.field, r.original.as_str(), r.replaced_with.as_str())).collect();
        assert_eq!(replaced, vec![("お届け先名", "𠮷", "〓"), ("品名１", "🎁", "〓")]);
    }

    #[test]
    fn a_company_without_a_person_is_addressed_onchu() {
        let mut parcel = shipment("S-8");
        parcel.recipient.name = String::new();
        parcel.recipient.company = "株式会社サンプル".into();
        parcel.recipient.kana = "株式会社".into();
        let export = export(&contract(), &[parcel]);
        let row = &rows_of(&export)[1];
        assert_eq!((cell(row, "お届け先名"), cell(row, "敬称"), cell(row, "お届け先会社・部門名１")), ("株式会社サンプル", "御中", ""));
        assert_eq!(cell(row, "お届け先名略称カナ"), "");
        assert!(export.replaced.iter().any(|r| r.field == "お届け先名略称カナ" && r.original == "株式会社"));
    }

    #[test]
    fn several_shipments_keep_their_order_and_their_own_reports() {
        let mut second = shipment("S-B");
        second.recipient.name = "𠮷川".into();
        let export = export(&contract(), &[shipment("S-A"), second, shipment("S-C")]);
        let rows = rows_of(&export);
        let codes: Vec<&str> = rows[1..].iter().map(|row| cell(row, "お客様管理番号")).collect();
        assert_eq!(codes, ["S-A", "S-B", "S-C"]);
        assert_eq!(export.replaced.len(), 1);
        assert_eq!(export.replaced[0].shipment_code, "S-B");
        let content = SHIFT_JIS.decode(&export.files[0].bytes).0.into_owned();
        assert_eq!(content.matches("\r\n").count(), 4);
        assert!(!content.replace("\r\n", "").contains('\n'));
    }

    #[test]
    fn issued_columns_match_the_export_layout() {
        assert!(HEADER.contains(&ISSUED_COLUMNS.shipment_code[0]));
        assert!(HEADER.contains(&ISSUED_COLUMNS.tracking_number[0]));
        assert!(HEADER.contains(&ISSUED_COLUMNS.shipped_on[0]));
    }
}
