//! The delivery dates and time slots a cart's shippings may choose (the rule itself:
//! `delivery/delivery_date.rs`).
use axum::Json;
use axum::extract::{RawQuery, State};
use serde::Serialize;

use crate::auth::OptionalMember;
use crate::cart::open_cart::Open;
use crate::channel::Channel;
use crate::delivery::choices::DateChoices;
use crate::delivery::delivery_date;
use crate::infra::error::{ApiResult, ErrorBody};
use crate::infra::extract::ApiPath;
use crate::state::AppState;

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CartLeadtime {
    pub shipping_key: String,
    #[serde(flatten)]
    pub choices: DateChoices,
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
