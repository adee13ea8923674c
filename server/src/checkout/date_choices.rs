//! The delivery dates and time slots a cart's shippings may choose (the rule itself:
//! `delivery_date.rs`).
use crate::cart::view::CartAddress;
use crate::checkout::delivery_date::{self, DeliveryDate, DeliveryTimezone};
use axum::Json;
use axum::extract::{RawQuery, State};
use serde::Serialize;

use crate::auth::OptionalMember;
use crate::cart::open_cart::*;
use crate::channel::Channel;
use crate::infra::error::{ApiResult, ErrorBody};
use crate::infra::extract::ApiPath;
use crate::state::AppState;

/// The dates `address` may choose (none for an island without date choice), as `YYYY-MM-DD`.
pub async fn date_choices(state: &AppState, channel: &Channel, address: Option<&CartAddress>) -> ApiResult<Vec<String>> {
    Ok(delivery_date::for_address(&state.db, &channel.id, address).await?.choices().into_iter().map(crate::content::calendar::iso).collect())
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CartDateChoice {
    pub date: String,
    /// `11月25日(水)`.
    pub label: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CartLeadtime {
    pub shipping_key: String,
    #[serde(flatten)]
    pub choices: DateChoices,
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
            earliest_date: when.earliest().map(crate::content::calendar::iso),
            dates: when.choices().into_iter().map(|d| CartDateChoice { date: crate::content::calendar::iso(d), label: delivery_date::label(d) }).collect(),
            timezones: when.timezones(),
            no_date_reason: match when {
                DeliveryDate::NoDateChoice { reason } => Some(reason),
                DeliveryDate::Earliest(_) => None,
            },
        }
    }
}

#[utoipa::path(get, path = "/v1/shipping-leadtime/carts/{token}", tag = "cart",
    params(("token" = String, Path), ("keys[]" = Option<Vec<String>>, Query, description = "shipping keys (all when absent)"), ("choiceMode" = Option<String>, Query, description = "`date`")),
    responses((status = 200, body = Vec<CartLeadtime>, description = "per shipping: the earliest date (confirmed the same business day before 12:00 JST, else the next business day; shipped 2 business days later; then the transit of the prefecture or remote island), 14 choices and the time slots. For a remote island where no date can be promised (小笠原村 …) `earliest_date` is null, `dates` and `timezones` are empty and `no_date_reason` says why"), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn cart_leadtimes(
    State(state): State<AppState>,
    channel: Channel,
    member: OptionalMember,
    ApiPath(token): ApiPath<String>,
    RawQuery(query): RawQuery,
) -> ApiResult<Json<Vec<CartLeadtime>>> {
    let open = Open::get(&state, &channel, member, &token).await?;
    let keys: Vec<String> = query
        .unwrap_or_default()
        .split('&')
        .filter_map(|pair| pair.split_once('='))
        .filter(|(name, _)| matches!(name.to_ascii_lowercase().as_str(), "keys[]" | "keys%5b%5d" | "keys"))
        .map(|(_, value)| value.to_owned())
        .collect();
    let loaded = open.load(&state).await?;
    let now = time::OffsetDateTime::now_utc();
    let business = delivery_date::business_days(&state.db, &channel.id, now).await?;
    let mut answer = Vec::new();
    for shipping in &loaded.shippings {
        if !keys.is_empty() && !keys.contains(&shipping.id) {
            continue;
        }
        let address = loaded.shipping_address(shipping);
        let when = delivery_date::earliest(
            now,
            &business,
            address.as_ref().map(|a| a.address.prefecture.as_str()),
            address.as_ref().map(|a| a.address.postal_code.as_str()),
        );
        answer.push(CartLeadtime { shipping_key: shipping.id.clone(), choices: when.into() });
    }
    Ok(Json(answer))
}
