//! The dates and time slots one address may choose, as the API shows them (a cart's shipping,
//! a gift's recipient).
use serde::Serialize;

use super::calendar::iso;
use super::delivery_date::{self, DeliveryDate, DeliveryTimezone};

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CartDateChoice {
    pub date: String,
    /// `11月25日(水)`.
    pub label: String,
}

/// The dates and time slots one address may choose (a cart's shipping, a gift's recipient).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct DateChoices {
    /// `YYYY-MM-DD`; null where no date can be chosen (see `no_date_reason`).
    pub earliest_date: Option<String>,
    /// 14 days from the earliest; empty where no date can be chosen.
    pub dates: Vec<CartDateChoice>,
    /// Empty where no date can be chosen.
    pub timezones: Vec<DeliveryTimezone>,
    /// Why neither a date nor a time slot can be chosen (a remote island whose ship sails about
    /// weekly, such as 小笠原村); null otherwise.
    pub no_date_reason: Option<String>,
}

impl From<DeliveryDate> for DateChoices {
    fn from(when: DeliveryDate) -> Self {
        DateChoices {
            earliest_date: when.earliest().map(iso),
            dates: when.choices().into_iter().map(|d| CartDateChoice { date: iso(d), label: delivery_date::label(d) }).collect(),
            timezones: when.timezones(),
            no_date_reason: match when {
                DeliveryDate::NoDateChoice { reason } => Some(reason),
                DeliveryDate::Earliest(_) => None,
            },
        }
    }
}
