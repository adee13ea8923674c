//! Remote islands (離島) by postal code: which island group an address is on and how long a
//! parcel takes there after it ships, or that no delivery date can be promised at all. The table
//! `server/data/remote_islands.tsv` is generated from Japan Post's data by
//! `scripts/remote-islands.py`, whose table says why each group gets its transit.
use std::collections::HashMap;
use std::sync::LazyLock;

use crate::validation::postal_code::PostalCode;

/// How long a parcel takes to an island after it ships.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IslandTransit {
    /// Days from the ship day to the earliest arrival (instead of the prefecture's).
    Days(i64),
    /// The ship sails about weekly or often cannot land: no date (nor time slot) can be chosen.
    NoDateChoice,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Island {
    /// e.g. 伊豆諸島, 小笠原諸島, 奄美大島.
    pub group: &'static str,
    pub transit: IslandTransit,
}

static TABLE: LazyLock<HashMap<&'static str, Island>> = LazyLock::new(|| parse(include_str!("../../data/remote_islands.tsv")));

fn parse(text: &'static str) -> HashMap<&'static str, Island> {
    text.lines()
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| {
            let mut fields = line.split('\t');
            let (Some(code), Some(group), Some(transit)) = (fields.next(), fields.next(), fields.next()) else {
                panic!("remote_islands.tsv: malformed line {line:?}");
            };
            let transit = match transit {
                "-" => IslandTransit::NoDateChoice,
                days => IslandTransit::Days(days.parse().unwrap_or_else(|_| panic!("remote_islands.tsv: bad transit in {line:?}"))),
            };
            (code, Island { group, transit })
        })
        .collect()
}

/// The island of `postal_code` (`1002101` or `100-2101`), None on the mainland (or for a code
/// that does not parse).
pub fn island_of(postal_code: &str) -> Option<Island> {
    let code = PostalCode::parse(postal_code)?;
    TABLE.get(code.digits()).copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_knows_the_islands_and_not_the_mainland() {
        assert_eq!(island_of("100-2101"), Some(Island { group: "小笠原諸島", transit: IslandTransit::NoDateChoice }), "父島");
        assert_eq!(island_of("1001511").map(|i| i.transit), Some(IslandTransit::Days(3)), "八丈島 三根");
        assert_eq!(island_of("078-3951").map(|i| i.group), Some("北海道の離島"), "天売 (羽幌町)");
        assert_eq!(island_of("896-1201").map(|i| i.group), Some("甑島"), "上甑町 (薩摩川内市)");
        assert_eq!(island_of("907-0004").map(|i| i.group), Some("宮古島・石垣島"), "石垣市");
        assert_eq!(island_of("078-4101"), None, "羽幌町 on Hokkaido itself");
        assert_eq!(island_of("895-0056"), None, "薩摩川内市 on Kyushu");
        assert_eq!(island_of("900-0001"), None, "那覇市 (沖縄本島: the prefecture's transit)");
        assert_eq!(island_of("100-0001"), None, "千代田区");
        assert_eq!(island_of("not a code"), None);
    }

    #[test]
    fn every_line_of_the_table_parses() {
        assert!(TABLE.len() > 1000, "{} codes", TABLE.len());
        assert!(TABLE.values().all(|i| match i.transit {
            IslandTransit::Days(days) => (2..=7).contains(&days),
            IslandTransit::NoDateChoice => true,
        }));
    }
}
