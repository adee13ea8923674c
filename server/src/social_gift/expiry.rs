//! The gifts' deadlines, on every instance: the sender is reminded `reminder_days` before, and
//! at the deadline a gift without an address is cancelled (card refunded; stock, coupon and
//! points returned; the cancellation mail says why) or sent to the sender's own address, as
//! the shop's `on_expiry` says. Each step is one guarded write, so two instances (or a
//! restart) never do it twice; the task keeps its state in the database and so survives a
//! restart. Order of the cancel: the order first, then the gift, so that a crash between
//! leaves a cancelled order whose link answers "cancelled" — never a paid order nobody ships.
use std::collections::HashMap;
use std::time::Duration;

use super::mails;
use super::recipient::deadline_label;
use crate::cart::view::CartAddress;
use crate::channel::Channel;
use crate::channel::gift_settings::{GiftSettings, OnExpiry};
use crate::infra::error::ApiError;
use crate::infra::ids::ChannelId;
use crate::infra::time::Timestamp;
use crate::orders::gift_store::{self as store, GiftRow};
use crate::orders::status::Status;
use crate::orders::store as order_store;
use crate::state::AppState;

/// Gifts looked at per pass.
const BATCH: i64 = 500;
const PERIOD: Duration = Duration::from_secs(60);

#[derive(Debug, Default, PartialEq, Eq)]
pub struct Swept {
    pub reminded: usize,
    pub cancelled: usize,
    pub sent_to_sender: usize,
}

pub fn spawn(state: AppState) {
    tokio::spawn(async move {
        loop {
            match sweep(&state, Timestamp::now().0).await {
                Ok(swept) if swept != Swept::default() => tracing::info!(?swept, "social gift deadlines handled"),
                Ok(_) => {}
                Err(error) => tracing::error!(error = format!("{error:#}"), "social gift deadline pass failed; retrying next period"),
            }
            tokio::time::sleep(PERIOD).await;
        }
    });
}

/// One pass as of `now`.
pub async fn sweep(state: &AppState, now: i64) -> anyhow::Result<Swept> {
    let mut swept = Swept::default();
    let mut shops: HashMap<ChannelId, (Channel, GiftSettings)> = HashMap::new();
    for gift in store::list_waiting_gifts(&state.db, BATCH).await? {
        let Some(deadline) = gift.expires_at else { continue };
        if !shops.contains_key(&gift.channel_id) {
            let Some(channel) = crate::channel::store::find_channel_by_id(&state.db, &gift.channel_id).await? else { continue };
            let settings = GiftSettings::from_stored(&crate::channel::store::list_settings(&state.db, &channel.id).await?);
            shops.insert(gift.channel_id.clone(), (channel, settings));
        }
        let (channel, settings) = &shops[&gift.channel_id];
        let outcome = if deadline <= now {
            expire(state, channel, settings, &gift, deadline, now).await
        } else if gift.reminded_at.is_none() && settings.reminder_at(deadline).is_some_and(|at| at <= now) {
            remind(state, channel, &gift, deadline, now).await.map(|sent| if sent { Handled::Reminded } else { Handled::Nothing })
        } else {
            Ok(Handled::Nothing)
        };
        match outcome {
            Ok(Handled::Reminded) => swept.reminded += 1,
            Ok(Handled::Cancelled) => swept.cancelled += 1,
            Ok(Handled::SentToSender) => swept.sent_to_sender += 1,
            Ok(Handled::Nothing) => {}
            Err(error) => tracing::error!(gift = %gift.id, error = format!("{error:#}"), "handling a social gift's deadline failed"),
        }
    }
    Ok(swept)
}

enum Handled {
    Nothing,
    Reminded,
    Cancelled,
    SentToSender,
}

async fn remind(state: &AppState, channel: &Channel, gift: &GiftRow, deadline: i64, now: i64) -> anyhow::Result<bool> {
    let Some(order) = order_store::find_order(&state.db.pool, &channel.id, &gift.order_id).await? else { return Ok(false) };
    if order.status != Status::Paid.code() || !store::update_reminded(&state.db, &gift.id, now).await? {
        return Ok(false);
    }
    let orderer = crate::orders::view::orderer_of(&order);
    if !order.orderer_email.is_empty() {
        let mail = mails::reminder(&channel.name, &order.orderer_email, &orderer.name(), &order.order_no, &gift.receiver_name, &deadline_label(deadline));
        state.mailer.send(mail).await?;
    }
    Ok(true)
}

async fn expire(state: &AppState, channel: &Channel, settings: &GiftSettings, gift: &GiftRow, deadline: i64, now: i64) -> anyhow::Result<Handled> {
    let Some(order) = order_store::find_order(&state.db.pool, &channel.id, &gift.order_id).await? else { return Ok(Handled::Nothing) };
    let deadline = deadline_label(deadline);
    match settings.on_expiry {
        OnExpiry::Cancel => {
            let reason = format!("ソーシャルギフトの受け取り期限（{deadline}）までにお届け先が登録されなかったため");
            // Only a paid order still waiting for its address: one the recipient's address
            // moved to preparing a moment ago is kept and shipped.
            let cancelled = match crate::orders::cancel::cancel_order_from(state, channel, &order.id, &reason, &[Status::Paid]).await {
                Ok(()) => true,
                // Cancelled already (by the member, or by another instance a moment ago), or
                // no longer paid-and-waiting.
                Err(ApiError::Rule { .. }) => false,
                Err(error) => return Err(anyhow::anyhow!("cancelling the order: {error:?}")),
            };
            let expired = store::update_expired(&state.db.pool, &gift.id, now).await?;
            Ok(if cancelled && expired { Handled::Cancelled } else { Handled::Nothing })
        }
        OnExpiry::SendToBuyer => {
            let orderer = crate::orders::view::orderer_of(&order);
            let address = CartAddress {
                shipping_last_name: orderer.last_name.clone(),
                shipping_first_name: orderer.first_name.clone(),
                shipping_last_name_kana: orderer.last_name_kana.clone(),
                shipping_first_name_kana: orderer.first_name_kana.clone(),
                address: orderer.address.clone(),
                phone_number: orderer.phone_number.clone(),
                ..CartAddress::default()
            };
            let snapshot = serde_json::to_string(&address)?;
            let shipping = order_store::list_shippings(&state.db, std::slice::from_ref(&order.id)).await?.into_iter().next();
            let mut tx = state.db.begin_write().await?;
            if !store::update_expired(&mut *tx, &gift.id, now).await? {
                return Ok(Handled::Nothing);
            }
            // Decided from the order as this transaction finds it: a cancelled order (the
            // member, a fraud notice) gets no address and no mail; its gift just expires.
            if !order_store::update_order_preparing(&mut tx, &order.id, now).await? {
                tx.commit().await?;
                return Ok(Handled::Nothing);
            }
            if let Some(shipping) = shipping {
                order_store::update_shipping_destination(&mut tx, &shipping.id, &snapshot, None, None).await?;
            }
            tx.commit().await?;
            if !order.orderer_email.is_empty() {
                let mail = mails::sent_to_sender(&channel.name, &order.orderer_email, &orderer.name(), &order.order_no, &gift.receiver_name, &deadline);
                state.mailer.send(mail).await?;
            }
            Ok(Handled::SentToSender)
        }
    }
}
