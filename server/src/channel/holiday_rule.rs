//! Whether the shop closes on Japan's public holidays: the channel setting
//! `CALENDAR.HOLIDAYS` (`{"holidays_closed": true}`), closed when never saved (what every shop
//! did before it could be set). The business calendar's desk saves it, and its version is the
//! whole calendar's (docs/contracts/settings-calendar.md).
use serde::{Deserialize, Serialize};

pub const SETTING: &str = "CALENDAR.HOLIDAYS";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct HolidayRule {
    pub holidays_closed: bool,
}

impl Default for HolidayRule {
    fn default() -> Self {
        HolidayRule { holidays_closed: true }
    }
}

impl HolidayRule {
    /// The stored JSON; the default when never saved or unreadable.
    pub fn parse(raw: Option<&str>) -> HolidayRule {
        raw.and_then(|raw| serde_json::from_str(raw).ok()).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shop_closes_on_holidays_until_it_says_otherwise() {
        assert!(HolidayRule::parse(None).holidays_closed);
        assert!(HolidayRule::parse(Some("garbage")).holidays_closed);
        assert!(!HolidayRule::parse(Some(r#"{"holidays_closed":false}"#)).holidays_closed);
    }
}
