//! Memorials (記念日): the birthdays and anniversaries of the people a member buys gifts
//! for, with a reminder mail some days before each, once a year.
pub mod calendar;
pub mod http;
pub mod input;
pub mod reminder;
pub mod store;

pub use http::routes;

/// Setting: how many memorials a member may keep (the list answers it as `x-limit`).
pub const LIMIT_SETTING: &str = "MEMBER.MEMORIAL_LIMIT";
pub const DEFAULT_LIMIT: i64 = 10;
/// Setting: the reminder goes out this many days before the date (0: no reminders).
pub const REMIND_DAYS_SETTING: &str = "MEMORIAL.REMIND_DAYS";
pub const DEFAULT_REMIND_DAYS: i64 = 14;
pub const LIMIT_CODE: &str = "user_memorials.limit_exceeded";

/// What a memorial is (spec: `division_ct`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Division {
    Birthday = 1,
    WeddingAnniversary = 2,
    Other = 3,
}

impl Division {
    pub fn from_ct(ct: i64) -> Option<Division> {
        match ct {
            1 => Some(Division::Birthday),
            2 => Some(Division::WeddingAnniversary),
            3 => Some(Division::Other),
            _ => None,
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Division::Birthday => "誕生日",
            Division::WeddingAnniversary => "結婚記念日",
            Division::Other => "その他の記念日",
        }
    }
}
