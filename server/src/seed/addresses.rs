//! The demo members' address books: their own address (from the profile) plus a few entries
//! a real customer keeps — the parents' home (実家) and the office (会社) — so the address
//! book, the default switches and the export have something real to show.
use super::{CORPORATE, DEMO};
use crate::addresses::entry::AddressFields;
use crate::addresses::store;
use crate::infra::db::Tx;
use crate::infra::ids::{ChannelId, UserId};
use crate::members::address::Address;

fn entry(names: [&str; 4], address: [&str; 5], phones: [&str; 2]) -> AddressFields {
    let [shipping_last_name, shipping_first_name, shipping_last_name_kana, shipping_first_name_kana] = names.map(str::to_owned);
    let [postal_code, prefecture, city, address1, address2] = address.map(str::to_owned);
    let [phone_number, cell_phone_number] = phones.map(str::to_owned);
    AddressFields {
        shipping_last_name,
        shipping_first_name,
        shipping_last_name_kana,
        shipping_first_name_kana,
        address: Address { postal_code, prefecture, city, address1, address2 },
        phone_number,
        cell_phone_number,
    }
}

pub fn demo_entries(shop: &str) -> Vec<AddressFields> {
    match shop {
        DEMO => vec![
            // 実家
            entry(["山田", "一郎", "ヤマダ", "イチロウ"], ["4200853", "静岡県", "静岡市葵区", "追手町9-6", ""], ["054-221-1234", ""]),
            // 会社
            entry(
                ["山田", "太郎", "ヤマダ", "タロウ"],
                ["1000005", "東京都", "千代田区", "丸の内1-9-1", "ライドクラフト株式会社 12階"],
                ["03-6212-3456", "090-1234-5678"],
            ),
        ],
        // 東京営業所 (Tsunagu rules: full-width names, digits-only phones).
        CORPORATE => {
            vec![entry(["鈴木", "一郎", "スズキ", "イチロウ"], ["1030027", "東京都", "中央区", "日本橋2-7-1", "つなぐ商事 東京営業所"], ["0332123456", ""])]
        }
        _ => Vec::new(),
    }
}

pub async fn insert(tx: &mut Tx, channel_id: &ChannelId, user_id: &UserId, shop: &str, now: i64) -> anyhow::Result<()> {
    store::insert_own(tx, channel_id, user_id, now).await?;
    for entry in demo_entries(shop) {
        store::insert_address(tx, channel_id, user_id, &entry, now).await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::addresses::entry::{AddressInput, postal_matches};
    use crate::validation::FieldCheck;

    /// The seeded entries pass the rules a member's own edit would face, and their postal
    /// codes are real ones of the prefecture given (checked against the shipped data).
    #[test]
    fn demo_entries_follow_their_shops_rules() {
        use std::io::Read;
        let mut postal = String::new();
        flate2::read::GzDecoder::new(crate::postal::import::POSTAL_CODES_TSV_GZ).read_to_string(&mut postal).unwrap();
        for (shop, corporate) in [(DEMO, false), (CORPORATE, true)] {
            for e in demo_entries(shop) {
                let input = AddressInput {
                    shipping_last_name: Some(e.shipping_last_name.clone()),
                    shipping_first_name: Some(e.shipping_first_name.clone()),
                    shipping_last_name_kana: Some(e.shipping_last_name_kana.clone()),
                    shipping_first_name_kana: Some(e.shipping_first_name_kana.clone()),
                    postal_code: Some(e.address.postal_code.clone()),
                    prefecture: Some(e.address.prefecture.clone()),
                    city: Some(e.address.city.clone()),
                    address1: Some(e.address.address1.clone()),
                    address2: Some(e.address.address2.clone()),
                    phone_number: Some(e.phone_number.clone()),
                    cell_phone_number: Some(e.cell_phone_number.clone()),
                };
                let mut check = FieldCheck::default();
                let checked = AddressFields::check(input, corporate, &mut check);
                assert!(check.is_ok(), "{shop}: {:?}", check.finish());
                assert_eq!(checked.as_ref(), Some(&e));
                let line = postal.lines().find(|l| l.starts_with(&format!("{}\t", e.address.postal_code))).expect("a real postal code");
                let prefecture_code = line.split('\t').nth(1).unwrap();
                let prefecture = crate::postal::import::PREFECTURES_TSV.lines().find(|l| l.starts_with(&format!("{prefecture_code}\t"))).unwrap();
                assert_eq!(postal_matches(&e, prefecture.split('\t').nth(1)), Ok(()));
                assert!(line.contains(&format!("\t{}\t", e.address.city)), "{line}");
            }
        }
    }
}
