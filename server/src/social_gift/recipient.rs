//! The recipient's side: the gift a token opens (or why it no longer does), the checks of the
//! address and of the date and time slot, and the registration — once per link, checked again
//! as it is saved.
use axum::http::StatusCode;
use serde::Deserialize;
use time::Date;

use super::link::lookup_hash;
use crate::addresses::entry::{self, AddressFields, AddressInput};
use crate::cart::settings::CheckoutSettings;
use crate::cart::view::CartAddress;
use crate::channel::Channel;
use crate::delivery::calendar::iso;
use crate::delivery::delivery_date::{self, DeliveryDate, TIMEZONES};
use crate::infra::error::{ApiError, ApiResult};
use crate::infra::ids::ChannelId;
use crate::infra::time::Timestamp;
use crate::orders::gift_state::GiftState;
use crate::orders::gift_store::{self as store, GiftRow};
use crate::orders::status::Status;
use crate::orders::store::{self as order_store, LineRow, OrderRow, ShippingRow};
use crate::state::AppState;
use crate::validation::{self as rules, FieldCheck};

pub const NOT_FOUND_CODE: &str = "social_gift.not_found";
pub const NOT_FOUND_MESSAGE: &str = "ギフトが見つかりません。URLをご確認ください。";
pub const EXPIRED_CODE: &str = "social_gift.expired";
pub const CANCELLED_CODE: &str = "social_gift.cancelled";
pub const CANCELLED_MESSAGE: &str = "このギフトは贈り主様のご都合により取り消されました。";
pub const ACCEPTED_CODE: &str = "social_gift.accepted";
pub const ACCEPTED_MESSAGE: &str = "このギフトのお届け先はすでに登録されています。";
pub const DATE_MESSAGE: &str = "お届け希望日はお選びいただける日の中から選び直してください。";
pub const TIMEZONE_MESSAGE: &str = "お届け時間帯を選び直してください。";

fn gone(code: &'static str, message: impl Into<String>) -> ApiError {
    ApiError::rule_with(StatusCode::NOT_FOUND, code, message)
}

pub fn not_found() -> ApiError {
    gone(NOT_FOUND_CODE, NOT_FOUND_MESSAGE)
}

/// `12月2日(水) 15:30` (Japan time).
pub fn deadline_label(at: i64) -> String {
    let local = delivery_date::jst(time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(at) * 1_000_000).unwrap_or(time::OffsetDateTime::UNIX_EPOCH));
    format!("{} {:02}:{:02}", delivery_date::label(local.date()), local.hour(), local.minute())
}

/// A gift a token opened: still valid (neither expired nor cancelled), maybe accepted.
pub struct OpenGift {
    pub gift: GiftRow,
    pub order: OrderRow,
    pub settings: CheckoutSettings,
}

/// The gift of `token` on this channel. 404 `social_gift.not_found` (wrong, replaced or not yet
/// issued), `social_gift.expired` (the deadline passed) or `social_gift.cancelled`.
pub async fn open(state: &AppState, channel: &Channel, token: &str) -> ApiResult<OpenGift> {
    let hash = lookup_hash(token).ok_or_else(not_found)?;
    let gift = store::find_gift_by_token(&state.db.pool, &channel.id, &hash).await?.ok_or_else(not_found)?;
    let order = order_store::find_order(&state.db.pool, &channel.id, &gift.order_id).await?.ok_or_else(not_found)?;
    let state_now = crate::orders::gift_view::state_of(&gift);
    let deadline_passed = gift.expires_at.is_some_and(|at| at <= Timestamp::now().0);
    if state_now == GiftState::Expired || (state_now == GiftState::Waiting && deadline_passed) {
        let deadline = gift.expires_at.map(deadline_label).unwrap_or_default();
        return Err(gone(EXPIRED_CODE, format!("このギフトの受け取り期限（{deadline}）を過ぎています。お手数ですが贈り主様にお問い合わせください。")));
    }
    if order.status == Status::Cancelled.code() {
        return Err(gone(CANCELLED_CODE, CANCELLED_MESSAGE));
    }
    let settings = CheckoutSettings::load(&state.db, channel).await?;
    Ok(OpenGift { gift, order, settings })
}

impl OpenGift {
    pub fn is_accepted(&self) -> bool {
        crate::orders::gift_view::state_of(&self.gift) == GiftState::Accepted
    }

    /// The checks and the registration need a gift still waiting: 404 `social_gift.accepted`.
    pub fn waiting(&self) -> ApiResult<()> {
        if self.is_accepted() { Err(gone(ACCEPTED_CODE, ACCEPTED_MESSAGE)) } else { Ok(()) }
    }

    /// The gift's lines and its (one) shipping.
    pub async fn parts(&self, state: &AppState) -> ApiResult<(Vec<LineRow>, ShippingRow)> {
        let ids = [self.order.id.clone()];
        let lines = order_store::list_lines(&state.db, &ids).await?;
        let shipping = order_store::list_shippings(&state.db, &ids).await?.into_iter().next().ok_or_else(not_found)?;
        Ok((lines, shipping))
    }
}

/// The recipient's address: the address book's fields and rules, plus the mail address the
/// confirmation goes to.
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
pub struct GiftAddressInput {
    #[serde(flatten)]
    pub address: AddressInput,
    #[serde(default)]
    pub email: String,
}

/// The checked address and mail address; 422 with every field's error.
pub async fn checked_address(state: &AppState, input: GiftAddressInput, corporate: bool) -> ApiResult<(AddressFields, String)> {
    let mut check = FieldCheck::default();
    let email = input.email.trim().to_owned();
    check.field("email", rules::required(&email).and_then(|_| rules::email(&email)));
    let fields = AddressFields::check(input.address, corporate, &mut check);
    let fields = crate::members::profile::checked(fields, check)?;
    let postal_loaded = crate::postal::store::has_postal_codes(&state.db).await?;
    if let Some(message) = entry::postal_problem(&state.db, postal_loaded, &fields).await? {
        return Err(ApiError::field("postal_code", message));
    }
    Ok((fields, email))
}

/// When a parcel sent now can arrive at this address (the checkout's rule and calendar).
pub async fn delivery_date_for(state: &AppState, channel_id: &ChannelId, postal_code: Option<&str>, prefecture: Option<&str>) -> ApiResult<DeliveryDate> {
    let now = time::OffsetDateTime::now_utc();
    let business = delivery_date::business_days(&state.db, channel_id, now).await?;
    let postal = postal_code.map(|p| p.replace('-', ""));
    Ok(delivery_date::earliest(now, business, prefecture.filter(|p| !p.is_empty()), postal.as_deref().filter(|p| !p.is_empty())))
}

/// A time slot: (key, label).
pub type Slot = (&'static str, &'static str);

/// The chosen date and slot, checked against what `when` offers: a date among the choices (or
/// none: the earliest), a known slot (or none); neither where no date can be chosen.
pub fn checked_delivery(when: &DeliveryDate, date: Option<&str>, timezone: Option<&str>) -> ApiResult<(Option<Date>, Option<Slot>)> {
    let date = date.map(str::trim).filter(|d| !d.is_empty());
    let timezone = timezone.map(str::trim).filter(|t| !t.is_empty());
    if let DeliveryDate::NoDateChoice { reason } = when {
        let mut check = FieldCheck::default();
        check.field("delivery_at", if date.is_some() { Err(reason.clone()) } else { Ok(()) });
        check.field("delivery_timezone", if timezone.is_some() { Err(reason.clone()) } else { Ok(()) });
        check.finish()?;
        return Ok((None, None));
    }
    let choices = when.choices();
    let chosen = date.map(|d| crate::validation::parse_date(d).filter(|d| choices.contains(d)));
    let slot = timezone.map(|key| TIMEZONES.iter().find(|t| t.key == key).map(|t| (t.key, t.label)));
    let mut check = FieldCheck::default();
    check.field("delivery_at", if matches!(chosen, Some(None)) { Err(DATE_MESSAGE) } else { Ok(()) });
    check.field("delivery_timezone", if matches!(slot, Some(None)) { Err(TIMEZONE_MESSAGE) } else { Ok(()) });
    check.finish()?;
    Ok((chosen.flatten(), slot.flatten()))
}

/// Saves the recipient's address and date, once: the gift is accepted and the order goes to
/// preparing, in one transaction. 404 `social_gift.accepted` when a concurrent request won;
/// `social_gift.cancelled` when the order was cancelled meanwhile.
pub async fn accept(
    state: &AppState,
    open: &OpenGift,
    shipping: &ShippingRow,
    address: AddressFields,
    email: &str,
    date: Option<Date>,
    timezone: Option<Slot>,
) -> ApiResult<()> {
    let now = Timestamp::now().0;
    let snapshot = serde_json::to_string(&CartAddress::from(address.clone())).map_err(anyhow::Error::from)?;
    let mut tx = state.db.begin_write().await?;
    if !store::update_accepted(&mut tx, &open.gift.id, &address.address.prefecture, email, now).await? {
        return Err(gone(ACCEPTED_CODE, ACCEPTED_MESSAGE));
    }
    let date = date.map(iso);
    order_store::update_shipping_destination(&mut tx, &shipping.id, &snapshot, date.as_deref(), timezone).await?;
    if !order_store::update_order_preparing(&mut tx, &open.order.id, now).await? {
        return Err(gone(CANCELLED_CODE, CANCELLED_MESSAGE));
    }
    tx.commit().await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::delivery::delivery_date::Schedule;
    use time::macros::date;

    fn mainland() -> DeliveryDate {
        DeliveryDate::Earliest(Schedule { confirmed_on: date!(2026 - 11 - 25), ships_on: date!(2026 - 11 - 27), earliest: date!(2026 - 11 - 28) })
    }

    #[test]
    fn a_date_among_the_choices_and_a_known_slot_pass() {
        let (date, slot) = checked_delivery(&mainland(), Some("2026-11-30"), Some("am")).unwrap();
        assert_eq!(date, Some(date!(2026 - 11 - 30)));
        assert_eq!(slot, Some(("am", "午前中")));
        assert_eq!(checked_delivery(&mainland(), None, Some("")).unwrap(), (None, None), "指定なし");
    }

    #[test]
    fn a_date_before_the_earliest_or_after_the_window_or_an_unknown_slot_is_refused() {
        for (date, slot, field) in [
            (Some("2026-11-27"), None, "delivery_at"),
            (Some("2026-12-12"), None, "delivery_at"),
            (Some("tomorrow"), None, "delivery_at"),
            (None, Some("night"), "delivery_timezone"),
        ] {
            match checked_delivery(&mainland(), date, slot) {
                Err(ApiError::Invalid(errors)) => assert!(errors.contains_key(field), "{date:?} {slot:?}: {errors:?}"),
                other => panic!("{date:?} {slot:?} passed: {other:?}"),
            }
        }
    }

    #[test]
    fn an_island_without_date_choice_takes_neither_date_nor_slot() {
        let island = DeliveryDate::NoDateChoice { reason: "小笠原村へのお届けは…".into() };
        assert_eq!(checked_delivery(&island, None, None).unwrap(), (None, None));
        assert!(checked_delivery(&island, Some("2026-11-30"), None).is_err());
    }

    #[test]
    fn the_deadline_is_shown_in_japan_time() {
        // 2026-12-02 06:30 UTC = 15:30 JST.
        assert_eq!(deadline_label(1_796_193_000_000), "12月2日(水) 15:30");
    }
}
