//! Loading Japan Post's data (see `scripts/postal-codes.py`) into the database. The files are
//! compiled into the binary, so a release server needs no data folder to look addresses up.
use std::io::Read;

use anyhow::Context;

use super::store::{self, POSTAL_CODES, PREFECTURES};
use crate::infra::db::{Db, StartupLock, Tx};

/// `server/data/postal_codes.tsv.gz`: code, prefecture code, city, town, city kana, town
/// kana, street — tab-separated, one code a line.
pub static POSTAL_CODES_TSV_GZ: &[u8] = include_bytes!("../../data/postal_codes.tsv.gz");
/// `server/data/prefectures.tsv`: code, name, kana in JIS order.
pub static PREFECTURES_TSV: &str = include_str!("../../data/prefectures.tsv");

/// The 47 prefectures in JIS order (北海道 … 沖縄県), from the shipped file.
pub fn prefecture_names() -> impl Iterator<Item = &'static str> {
    PREFECTURES_TSV.lines().filter_map(|line| line.split('\t').nth(1))
}

/// Whether `name` is one of the 47 prefectures as Japan Post writes them (東京都, 北海道 …).
/// Read from the shipped file, so it holds before any data is loaded into the database.
pub fn is_prefecture(name: &str) -> bool {
    PREFECTURES_TSV.lines().any(|line| line.split('\t').nth(1) == Some(name))
}

/// How many rows were loaded.
#[derive(Debug, PartialEq, Eq)]
pub struct Loaded {
    pub prefectures: usize,
    pub postal_codes: usize,
}

/// Replaces both tables with the shipped data, keeping only postal codes `keep` accepts
/// (everything, except where tests load a slice). One transaction: a failed load leaves the
/// previous data in place.
pub async fn load(db: &Db, keep: impl Fn(&str) -> bool) -> anyhow::Result<Loaded> {
    let mut tx = db.begin_write_exclusive(StartupLock::PostalCodes).await?;
    let loaded = load_into(&mut tx, keep).await?;
    tx.commit().await?;
    Ok(loaded)
}

async fn load_into(tx: &mut Tx, keep: impl Fn(&str) -> bool) -> anyhow::Result<Loaded> {
    let mut text = String::new();
    flate2::read::GzDecoder::new(POSTAL_CODES_TSV_GZ).read_to_string(&mut text).context("reading the postal-code data")?;
    let prefectures = rows(PREFECTURES_TSV, 3)?;
    let postal_codes: Vec<Vec<&str>> = rows(&text, 7)?.into_iter().filter(|row| keep(row[0])).collect();
    store::delete_all(tx).await?;
    store::insert_text_rows(tx, PREFECTURES, &prefectures).await?;
    store::insert_text_rows(tx, POSTAL_CODES, &postal_codes).await?;
    Ok(Loaded { prefectures: prefectures.len(), postal_codes: postal_codes.len() })
}

/// Loads everything when no postal code is stored yet (first start); `None` when there were.
pub async fn load_if_empty(db: &Db) -> anyhow::Result<Option<Loaded>> {
    if store::count_postal_codes(db).await? > 0 {
        return Ok(None);
    }
    // Instances starting at once queue here; the ones behind the first find the data loaded.
    let mut tx = db.begin_write_exclusive(StartupLock::PostalCodes).await?;
    if store::any_postal_code(&mut tx).await? {
        return Ok(None);
    }
    let loaded = load_into(&mut tx, |_| true).await?;
    tx.commit().await?;
    Ok(Some(loaded))
}

fn rows(text: &str, columns: usize) -> anyhow::Result<Vec<Vec<&str>>> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.is_empty())
        .map(|(number, line)| {
            let row: Vec<&str> = line.split('\t').collect();
            anyhow::ensure!(row.len() == columns, "line {} has {} columns, expected {columns}", number + 1, row.len());
            Ok(row)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_data_has_every_prefecture_and_well_formed_codes() {
        let prefectures = rows(PREFECTURES_TSV, 3).unwrap();
        assert_eq!(prefectures.len(), 47);
        assert_eq!(prefectures[0], ["01", "北海道", "ホッカイドウ"]);
        assert_eq!(prefectures[12][1], "東京都");
        assert_eq!(prefectures[46][1], "沖縄県");
        let mut text = String::new();
        flate2::read::GzDecoder::new(POSTAL_CODES_TSV_GZ).read_to_string(&mut text).unwrap();
        let codes = rows(&text, 7).unwrap();
        assert!(codes.len() > 100_000, "{}", codes.len());
        assert!(codes.iter().all(|row| row[0].len() == 7 && row[0].bytes().all(|b| b.is_ascii_digit())));
        assert!(codes.iter().any(|row| row[..4] == ["1000001", "13", "千代田区", "千代田"]));
    }

    #[test]
    fn prefectures_are_known_by_their_full_name() {
        assert!(is_prefecture("東京都") && is_prefecture("北海道") && is_prefecture("沖縄県"));
        assert!(!is_prefecture("東京") && !is_prefecture("") && !is_prefecture("13"));
    }
}
