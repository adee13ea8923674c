//! クリックポスト まとめ申込 CSV: 8 columns, at most 40 parcels per file.
//!
//! クリックポスト is posted in a letter box: no 代引, delivery date, time slot or クール, and no
//! field for a sender (the account's registered address is printed) or a note. Whatever the shop
//! set for those is reported instead of silently ignored.

use super::issued::IssuedColumns;
use super::text::{self, Limit, Report, Row};
use super::{Carrier, Cool, Export, ExportFile, LabelShipment};

pub(super) const HEADER: [&str; 8] =
    ["お届け先郵便番号", "お届け先氏名", "お届け先敬称", "お届け先住所1行目", "お届け先住所2行目", "お届け先住所3行目", "お届け先住所4行目", "内容品"];

/// まとめ申込 takes at most 40 parcels per upload.
pub(super) const ROWS_PER_FILE: usize = 40;

// 全角20文字 per name and address line, 全角15文字 of contents.
const NAME: Limit = Limit::Bytes(40);
const LINE: Limit = Limit::Bytes(40);
const CONTENTS: Limit = Limit::Bytes(30);

/// クリックポスト's own downloads carry no shop-side number, so tracking numbers usually come back
/// through the generic 出荷実績 CSV; a file that does have our number is still read by name.
pub(super) const ISSUED_COLUMNS: IssuedColumns = IssuedColumns {
    shipment_code: &["お客様管理番号", "出荷番号", "お客様側管理番号"],
    tracking_number: &["お問い合わせ番号", "お問合せ番号", "追跡番号", "問合せ番号"],
    shipped_on: &["発送日", "出荷日", "申込日"],
    carrier: &[],
};

pub(super) fn export(shipments: &[LabelShipment]) -> Export {
    let mut replaced = Vec::new();
    let rows: Vec<Vec<String>> = shipments.iter().map(|shipment| shipment_row(shipment, &mut Report::new(&shipment.shipment_code, &mut replaced))).collect();
    let stem = super::file_stem(Carrier::ClickPost, shipments);
    let files = rows
        .chunks(ROWS_PER_FILE)
        .enumerate()
        .map(|(index, chunk)| ExportFile { name: format!("{stem}_{}.csv", index + 1), bytes: text::csv_bytes(&HEADER, chunk) })
        .collect();
    Export { files, replaced }
}

fn shipment_row(shipment: &LabelShipment, report: &mut Report) -> Vec<String> {
    report_what_clickpost_cannot_carry(shipment, report);
    let party = &shipment.recipient;
    let addressee = party.addressee();
    let mut row = Row::new(&HEADER);
    row.set("お届け先郵便番号", text::postal_code(&party.postal_code, false));
    row.set("お届け先氏名", report.fit("お届け先氏名", &addressee.name, NAME));
    row.set("お届け先敬称", addressee.honorific);
    // There is no company column: the company takes the line after the building.
    let fields = [("お届け先住所1行目", LINE), ("お届け先住所2行目", LINE), ("お届け先住所3行目", LINE), ("お届け先住所4行目", LINE)];
    let lines = report.spread(&fields, &[&party.locality(), party.street.trim(), party.building.trim(), &addressee.company]);
    for ((column, _), value) in fields.iter().zip(lines) {
        row.set(column, value);
    }
    let contents = report.items(&[("内容品", CONTENTS)], &shipment.item_names);
    row.set("内容品", contents[0].clone());
    row.into_cells()
}

fn report_what_clickpost_cannot_carry(shipment: &LabelShipment, report: &mut Report) {
    if let Some(amount) = shipment.cash_on_delivery {
        report.note("代金引換", format!("{amount}円"), "");
    }
    if let Some(date) = shipment.delivery_date {
        report.note("お届け予定日", text::date_with_slashes(date), "");
    }
    if let Some(slot) = shipment.time_slot {
        report.note("配達時間帯", slot.label(), "");
    }
    if shipment.cool != Cool::Normal {
        report.note("クール区分", shipment.cool.label(), "");
    }
    if !shipment.note.trim().is_empty() {
        report.note("記事", shipment.note.trim(), "");
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::shipment;
    use super::super::{Replacement, TimeSlot};
    use super::*;
    use encoding_rs::SHIFT_JIS;
    use time::macros::date;

    fn decoded(file: &ExportFile) -> String {
        let (content, _, had_errors) = SHIFT_JIS.decode(&file.bytes);
        assert!(!had_errors);
        content.into_owned()
    }

    #[test]
    fn header_and_row_as_clickpost_reads_them() {
        let export = export(&[shipment("S-1")]);
        assert_eq!(
            decoded(&export.files[0]),
            "お届け先郵便番号,お届け先氏名,お届け先敬称,お届け先住所1行目,お届け先住所2行目,お届け先住所3行目,お届け先住所4行目,内容品\r\n\
             1000001,山田太郎,様,東京都千代田区,千代田1-1,千代田ハイツ101,,Tシャツ\r\n"
        );
        assert!(export.replaced.is_empty());
    }

    #[test]
    fn more_than_40_parcels_are_split_into_numbered_files() {
        let shipments: Vec<LabelShipment> = (1..=85).map(|n| shipment(&format!("S-{n}"))).collect();
        let export = export(&shipments);
        let names: Vec<&str> = export.files.iter().map(|file| file.name.as_str()).collect();
        assert_eq!(names, ["clickpost_20250301_1.csv", "clickpost_20250301_2.csv", "clickpost_20250301_3.csv"]);
        let data_rows: Vec<usize> = export.files.iter().map(|file| decoded(file).matches("\r\n").count() - 1).collect();
        assert_eq!(data_rows, [40, 40, 5]);
        assert!(export.files.iter().all(|file| decoded(file).starts_with("お届け先郵便番号,")));
    }

    #[test]
    fn options_clickpost_cannot_carry_are_reported() {
        let mut parcel = shipment("S-2");
        parcel.cash_on_delivery = Some(1500);
        parcel.delivery_date = Some(date!(2025 - 03 - 03));
        parcel.time_slot = Some(TimeSlot::H19_21);
        parcel.cool = Cool::Chilled;
        parcel.note = "ポスト投函".into();
        let export = export(&[parcel]);
        let reported: Vec<(&str, &str)> = export.replaced.iter().map(|r| (r.field, r.original.as_str())).collect();
        assert_eq!(
            reported,
            [("代金引換", "1500円"), ("お届け予定日", "2025/03/03"), ("配達時間帯", "19時～21時"), ("クール区分", "冷蔵"), ("記事", "ポスト投函")]
        );
        assert!(export.replaced.iter().all(|r: &Replacement| r.replaced_with.is_empty() && r.shipment_code == "S-2"));
    }

    #[test]
    fn company_goes_on_an_address_line_and_lines_keep_to_40_bytes() {
        let mut parcel = shipment("S-3");
        parcel.recipient.company = "株式会社サンプル商事".into();
        parcel.recipient.street = "千代田一丁目二番三号千代田ビジネスセンター".into();
        parcel.item_names = vec!["文庫本".into(), "しおり".into(), "ブックカバー".into(), "ポストカード".into()];
        let export = export(&[parcel]);
        let content = decoded(&export.files[0]);
        let row: Vec<&str> = content.lines().nth(1).unwrap().split(',').collect();
        assert_eq!(row[3..7], ["東京都千代田区", "千代田一丁目二番三号千代田ビジネスセンタ", "ー 千代田ハイツ101", "株式会社サンプル商事"]);
        assert!(row.iter().all(|value| SHIFT_JIS.encode(value).0.len() <= 40));
        assert_eq!(row[7], "文庫本、しおり 他2点");
        assert_eq!(export.replaced.len(), 1);
        assert_eq!((export.replaced[0].field, export.replaced[0].original.as_str()), ("内容品", "ブックカバー、ポストカード"));
    }
}
