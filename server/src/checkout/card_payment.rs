//! A card order's payment as a state machine that survives a crash at any step.
//!
//! The decision commits the order as `awaiting_payment` first, then charges the card under
//! the order's id as the gateway's idempotency key, then marks the order paid. Whatever step
//! a crash interrupts, the order is left awaiting payment and:
//! - a retried decision resumes the charge with the same key: the gateway answers the
//!   earlier charge if there was one and never charges twice; only a paid order answers 200;
//! - otherwise the reconciler (`reconciler.rs`) settles it after a few minutes by asking the
//!   gateway about the key: charged → paid (and mailed once), not charged → cancelled.
//!
//! A declined card undoes the order in one compensating transaction and leaves the cart as it
//! was, with `transaction_error` set, so the buyer can choose another card.
use axum::http::StatusCode;
use serde::Serialize;

use crate::cart::open_cart::Open;
use crate::cart::settings::CheckoutSettings;
use crate::cart::store as cart_store;
use crate::cart::{DECLINED_CODE, IN_PROGRESS_CODE, IN_PROGRESS_MESSAGE};
use crate::catalog::store::stock::{Cause, StockReason};
use crate::channel::Channel;
use crate::channel::PaymentKind;
use crate::channel::gift_settings::GiftSettings;
use crate::infra::error::{ApiError, ApiResult};
use crate::infra::fault::{self, FaultPoint};
use crate::infra::money::Yen;
use crate::infra::secret::random_hex;
use crate::infra::secret::sha256_hex;
use crate::infra::time::Timestamp;
use crate::orders::status::Status;
use crate::orders::store::{self as order_store, OrderRow};
use crate::payments::{Charge, ChargeRequest, Charged};
use crate::points::ledger_store as ledger;
use crate::social_gift::link::GiftLink;
use crate::state::AppState;

pub const UNCONFIRMED_CODE: &str = "cart.payment.unconfirmed";
pub const UNCONFIRMED_MESSAGE: &str = "お支払いの結果を確認できませんでした。ご注文はまだ確定していません。しばらくしてからもう一度「注文を確定する」を押してください（二重に請求されることはありません）。";
pub const ORDER_CANCELLED_CODE: &str = "cart.decision.cancelled";
/// Where the gateway sends the browser back after a 3-D Secure challenge (the storefront).
pub const AUTHENTICATION_RETURN_PATH: &str = "/cart/authentication";
/// How long an order waits for its customer to come back from a 3-D Secure challenge before
/// the reconciler settles it (one-time passwords by SMS take minutes).
pub const AUTHENTICATION_WINDOW_MS: i64 = 15 * 60 * 1000;

/// The browser's next step before the order can be paid.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct NextAction {
    /// Navigate the whole page here (the card issuer's 3-D Secure challenge); the gateway
    /// sends the browser back to `/cart/authentication`, which repeats the decision.
    pub redirect_url: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct DecisionBody {
    pub order_no: String,
    pub order_id: String,
    /// accepted | awaiting_payment (bank transfer: waiting for the transfer) | paid
    pub status: String,
    pub total_payment: i64,
    pub payment_code: String,
    /// Guests: the token for the order's receipt pages (`t`); shown once (a retried decision
    /// of a settled order answers null: only its hash is kept).
    pub guest_token: Option<String>,
    pub bank_account: Option<crate::channel::bank_account::BankAccount>,
    /// A social gift: the recipient's link, shown once (only its hash is kept; the mail
    /// carries it too, and a member may have it issued again from the order).
    pub social_gift: Option<GiftLink>,
    /// Not null: the card asks for 本人認証 (3-D Secure); the order waits (`awaiting_payment`)
    /// until the browser has been to `redirect_url` and the decision is repeated.
    pub next_action: Option<NextAction>,
}

pub fn answer_of(order: &OrderRow, settings: &CheckoutSettings, guest_token: Option<String>, social_gift: Option<GiftLink>) -> DecisionBody {
    let shows_bank = PaymentKind::parse(&order.payment_code).is_some_and(PaymentKind::shows_bank_account);
    DecisionBody {
        order_no: order.order_no.clone(),
        order_id: order.id.clone(),
        status: order.status.clone(),
        total_payment: order.total_payment,
        payment_code: order.payment_code.clone(),
        guest_token,
        bank_account: if shows_bank { settings.bank_account(order.ordered_at) } else { None },
        social_gift,
        next_action: None,
    }
}

/// 409: another attempt of this cart is paying right now.
pub fn in_progress() -> ApiError {
    ApiError::rule_with(StatusCode::CONFLICT, IN_PROGRESS_CODE, IN_PROGRESS_MESSAGE)
}

/// 409: the gateway did not answer; the order waits, unpaid, for a retry or the reconciler.
fn unconfirmed() -> ApiError {
    ApiError::rule_with(StatusCode::CONFLICT, UNCONFIRMED_CODE, UNCONFIRMED_MESSAGE)
}

/// 422: the cart's order was cancelled (the reconciler found no charge, the member cancelled
/// it, or it was cancelled while its card was being charged); the message gives the reason.
/// Only ever answered for an order whose status is `cancelled`, never for one that merely
/// stopped awaiting its payment.
fn cancelled(order: &OrderRow) -> ApiError {
    ApiError::rule(
        ORDER_CANCELLED_CODE,
        format!(
            "このご注文（{}）は取り消されています（{}）。お手数ですが、もう一度ご注文ください。",
            order.order_no,
            order.cancel_reason.as_deref().unwrap_or("キャンセル済み")
        ),
    )
}

/// The answer to a decision of a cart that already made its order: a card order still
/// awaiting payment resumes its charge; any other is answered as it stands.
pub async fn answer_placed(state: &AppState, channel: &Channel, open: &Open, order_id: &str) -> ApiResult<DecisionBody> {
    let Some(order) = order_store::find_order(&state.db.pool, &channel.id, order_id).await? else {
        return answer_undone(state, &open.cart.id).await;
    };
    fault::pause(FaultPoint::PlacedOrderRead).await;
    if awaits_card_payment(&order) {
        return resume(state, channel, open, order_id).await;
    }
    answer_settled(&order, &open.settings)
}

/// The cart's order is gone: the attempt that held the cart a moment ago had the card
/// declined and undid it. The buyer hears the decline (kept on the cart), not "no such cart".
async fn answer_undone(state: &AppState, cart_id: &str) -> ApiResult<DecisionBody> {
    let cart = cart_store::find_cart(&state.db.pool, cart_id).await?.ok_or_else(ApiError::not_found)?;
    match (cart.order_id, cart.transaction_error) {
        (None, Some(message)) => Err(ApiError::rule(DECLINED_CODE, message)),
        _ => Err(ApiError::not_found()),
    }
}

fn awaits_card_payment(order: &OrderRow) -> bool {
    PaymentKind::parse(&order.payment_code) == Some(PaymentKind::CreditCard) && Status::parse(&order.status) == Some(Status::AwaitingPayment)
}

/// A settled order as a retried decision answers it: a cancelled one says so (with the
/// reason), any other is the order, without a guest token (only its hash is kept).
fn answer_settled(order: &OrderRow, settings: &CheckoutSettings) -> ApiResult<DecisionBody> {
    match Status::parse(&order.status) {
        Some(Status::Cancelled) => Err(cancelled(order)),
        _ => Ok(answer_of(order, settings, None, None)),
    }
}

/// Charges again under the same key, unless a live attempt holds the cart. The order is
/// read again under the claim: the attempt that held it a moment ago may have paid it.
async fn resume(state: &AppState, channel: &Channel, open: &Open, order_id: &str) -> ApiResult<DecisionBody> {
    let now = Timestamp::now().0;
    let cart_id = open.cart.id.as_str();
    if !cart_store::update_claim_payment(&state.db, cart_id, now, now - state.config.payment_settle_after_ms()).await? {
        return Err(in_progress());
    }
    let outcome = resume_claimed(state, channel, open, order_id).await;
    if !matches!(outcome, Ok(Resumed::Paid(_))) {
        // A payment that went through released the claim with its "paid" write.
        let _ = cart_store::update_release_decision(&state.db.pool, cart_id).await;
    }
    match outcome? {
        Resumed::Paid(answer) => Ok(*answer),
        Resumed::Settled(order) => answer_settled(&order, &open.settings),
    }
}

enum Resumed {
    /// The charge was asked for, and `pay` answered the order as it then stood (each of its
    /// answers other than an error released the claim in the same write).
    Paid(Box<DecisionBody>),
    /// The order was no longer awaiting payment once the cart was claimed.
    Settled(Box<OrderRow>),
}

async fn resume_claimed(state: &AppState, channel: &Channel, open: &Open, order_id: &str) -> ApiResult<Resumed> {
    let order = order_store::find_order(&state.db.pool, &channel.id, order_id).await?.ok_or_else(ApiError::not_found)?;
    if !awaits_card_payment(&order) {
        return Ok(Resumed::Settled(Box::new(order)));
    }
    let source = open.load(state).await?.card_ref.unwrap_or_default();
    // The first answer, with the guest's receipt token, never reached the buyer.
    let guest_token = order.user_id.is_none().then(|| random_hex(16));
    pay(state, channel, open, order, &source, guest_token).await.map(|answer| Resumed::Paid(Box::new(answer)))
}

/// Charges the card for `order` (awaiting payment, its cart claimed by the caller) and
/// answers the paid order; a decline undoes the order. Whatever the gateway answered, the
/// outcome is decided from the order as it stands when it is written: another attempt may
/// have paid it, or someone cancelled it, while the gateway was busy.
pub async fn pay(state: &AppState, channel: &Channel, open: &Open, order: OrderRow, source: &str, guest_token: Option<String>) -> ApiResult<DecisionBody> {
    fault::pause(FaultPoint::BeforeCharge).await;
    let return_url = format!("{}{AUTHENTICATION_RETURN_PATH}", order.link_origin);
    let charged = if order.total_payment == 0 {
        // Points paid it all: paid, with no charge to refund later.
        Ok(Ok(None))
    } else {
        let request =
            ChargeRequest { channel_id: &channel.id, source, amount: Yen(order.total_payment), idempotency_key: &order.id, return_url: Some(&return_url) };
        state.gateway.charge(request).await.map(|r| r.map(Some))
    };
    match charged {
        Ok(Ok(Some(Charged::NeedsAuthentication { redirect_url }))) => {
            // Nothing is charged yet: the order waits for the customer to come back from the
            // challenge (a retried decision asks the gateway again under the same key), and
            // the reconciler leaves it alone until its deadline.
            let due = Timestamp::now().0 + AUTHENTICATION_WINDOW_MS;
            order_store::update_authentication_due(&state.db, &order.id, due).await?;
            cart_store::update_release_decision(&state.db.pool, &order.cart_id).await?;
            let mut answer = answer_of(&order, &open.settings, guest_token, None);
            answer.next_action = Some(NextAction { redirect_url });
            Ok(answer)
        }
        Ok(Ok(captured)) => {
            let charge = captured.map(|charged| match charged {
                Charged::Captured(charge) => charge,
                Charged::NeedsAuthentication { .. } => unreachable!("answered above"),
            });
            fault::reach(FaultPoint::AfterCharge);
            match mark_paid(state, &order, charge.as_ref(), guest_token.as_deref()).await? {
                Marked::Paid { gift_link } => {
                    let order = order_store::find_order(&state.db.pool, &channel.id, &order.id).await?.ok_or_else(ApiError::not_found)?;
                    send_confirmation(state, &open.settings, &order, guest_token.as_deref(), gift_link.as_ref()).await;
                    Ok(answer_of(&order, &open.settings, guest_token, gift_link))
                }
                Marked::Settled(current) => answer_settled(&current, &open.settings),
                Marked::Gone => Err(ApiError::not_found()),
            }
        }
        Ok(Err(declined)) => match undo_order(state, &order, &declined.message).await? {
            Undone::Undone => Err(ApiError::rule(DECLINED_CODE, declined.message)),
            Undone::Settled(current) => {
                // Paid by another attempt, or cancelled (its stock already back): the
                // decline changes nothing.
                cart_store::update_release_decision(&state.db.pool, &order.cart_id).await?;
                answer_settled(&current, &open.settings)
            }
        },
        Err(error) => {
            // Charged or not, we cannot tell: the order stays awaiting payment for a retry or
            // the reconciler, which ask the gateway again under the same key.
            tracing::error!(order_no = %order.order_no, error = format!("{error:#}"), "card charge failed: the order waits for a retry or the reconciler");
            Err(unconfirmed())
        }
    }
}

pub enum Marked {
    /// Paid now; a social gift's link was issued with the payment.
    Paid { gift_link: Option<GiftLink> },
    /// No longer awaiting payment, as read in the transaction: paid already (by an earlier
    /// attempt's charge under the same key) or cancelled. A charge the order does not keep
    /// was given back.
    Settled(Box<OrderRow>),
    /// The order no longer exists (a decline undid it); the charge was given back.
    Gone,
}

/// Marks the order paid with its charge and releases its cart, in one transaction; a
/// guest's new receipt token replaces the old one, and a social gift gets its link (its
/// deadline counted from now). An order no longer awaiting payment is read again in that
/// transaction and stays as it is; `charge` is refunded only when that order does not keep
/// it (a cancelled order, or a second charge beside the one it was paid with), never because
/// the order merely moved on.
pub async fn mark_paid(state: &AppState, order: &OrderRow, charge: Option<&Charge>, guest_token: Option<&str>) -> ApiResult<Marked> {
    let now = Timestamp::now().0;
    let gift_settings = match crate::orders::gift_store::find_gift_by_order(&state.db.pool, &order.id).await? {
        Some(_) => Some(GiftSettings::from_stored(&crate::channel::store::list_settings(&state.db, &order.channel_id).await?)),
        None => None,
    };
    let mut tx = state.db.begin_write().await?;
    let (charge_id, masked) = (charge.map(|c| c.id.as_str()), charge.map(|c| c.masked_number.as_str()));
    let marked = if order_store::update_order_paid(&mut tx, &order.id, charge_id, masked, now).await? {
        if let Some(token) = guest_token {
            order_store::update_guest_token_hash(&mut tx, &order.id, &sha256_hex(token)).await?;
        }
        let gift_link = match &gift_settings {
            Some(settings) => crate::social_gift::link::issue_at_payment(&mut tx, &order.id, &order.link_origin, settings, now).await?,
            None => None,
        };
        Marked::Paid { gift_link }
    } else {
        match order_store::find_order(&mut *tx, &order.channel_id, &order.id).await? {
            Some(current) => Marked::Settled(Box::new(current)),
            None => Marked::Gone,
        }
    };
    cart_store::update_release_decision(&mut *tx, &order.cart_id).await?;
    tx.commit().await?;
    let kept = match &marked {
        Marked::Paid { .. } => charge_id,
        Marked::Settled(current) => current.gateway_charge_id.as_deref(),
        Marked::Gone => None,
    };
    if let Some(charge) = charge
        && kept != Some(charge.id.as_str())
    {
        tracing::warn!(order_no = %order.order_no, charge_id = %charge.id, "a card charge the order does not keep (cancelled or gone during the charge): refunding");
        // The order's state is settled either way; a refund that fails is for staff (as a
        // cancel's), not a reason to tell the buyer something else.
        if let Err(error) = state.gateway.refund(&order.channel_id, &charge.id).await {
            tracing::error!(order_no = %order.order_no, charge_id = %charge.id, error = format!("{error:#}"), "refund of a charge the order does not keep failed: settle it by hand");
        }
    }
    Ok(marked)
}

enum Undone {
    /// The order is gone, its stock and points back, the cart open again.
    Undone,
    /// The order was no longer awaiting payment: it stays as it is.
    Settled(Box<OrderRow>),
}

/// Undoes an order the card refused, if it is still awaiting its payment (the guarded delete
/// comes first): stock and points come back, the order is deleted (its coupon use goes with
/// it), and the cart is open again with the gateway's message. An order paid or cancelled
/// meanwhile is left alone: a cancel has already put its stock back.
async fn undo_order(state: &AppState, order: &OrderRow, message: &str) -> ApiResult<Undone> {
    let now = Timestamp::now().0;
    let mut tx = state.db.begin_write().await?;
    // Read before the delete, which takes the lines with it.
    let lines = order_store::list_line_quantities(&mut tx, &order.id).await?;
    if !order_store::delete_unpaid_order(&mut tx, &order.id).await? {
        let current = order_store::find_order(&mut *tx, &order.channel_id, &order.id).await?.ok_or_else(ApiError::not_found)?;
        return Ok(Undone::Settled(Box::new(current)));
    }
    for (variation_id, quantity) in lines {
        let cause = Cause { note: "カード決済が成立しませんでした", ..Cause::order(StockReason::CancelReturn, &order.order_no) };
        crate::catalog::store::stock::update_stock_returned(&mut tx, &variation_id, quantity, &cause).await?;
    }
    if let Some(user_id) = order.user_id.as_ref() {
        if order.used_points > 0 {
            ledger::add(&mut tx, &order.channel_id, user_id, order.used_points, now).await?;
        }
        let granted = ledger::earned_for_order(&mut tx, &order.id).await?;
        if granted > 0 {
            ledger::take_at_most(&mut tx, user_id, granted, now).await?;
        }
        ledger::forget_order(&mut tx, &order.id).await?;
    }
    cart_store::update_cart_ordered(&mut tx, &order.cart_id, None, Some(message)).await?;
    cart_store::update_release_decision(&mut *tx, &order.cart_id).await?;
    tx.commit().await?;
    Ok(Undone::Undone)
}

/// The order confirmation mail; a guest's carries the receipt link with their token, a
/// social gift the recipient's link. A mail that fails is logged, not retried (the order
/// stands).
pub async fn send_confirmation(state: &AppState, settings: &CheckoutSettings, order: &OrderRow, guest_token: Option<&str>, gift_link: Option<&GiftLink>) {
    let mail = match confirmation_mail(state, settings, order, guest_token, gift_link).await {
        Ok(Some(mail)) => mail,
        Ok(None) => return,
        Err(error) => {
            tracing::warn!(error = error.user_message(), "order mail: reading the order failed");
            return;
        }
    };
    if let Err(error) = state.mailer.send(mail).await {
        tracing::warn!(error = format!("{error:#}"), order_no = %order.order_no, "the order confirmation mail was not sent");
    }
}

/// The order confirmation mail as [`send_confirmation`] sends it (the desk resends it without
/// a guest's token or a gift's link); None when the order has no address.
pub async fn confirmation_mail(
    state: &AppState,
    settings: &CheckoutSettings,
    order: &OrderRow,
    guest_token: Option<&str>,
    gift_link: Option<&GiftLink>,
) -> ApiResult<Option<crate::infra::mail::OutgoingMail>> {
    if order.orderer_email.is_empty() {
        return Ok(None);
    }
    let lines = order_store::list_order_lines(&state.db.pool, &order.id).await?;
    let receipt_link = guest_token.map(|t| format!("{}/orders/receipt?no={}&t={t}", order.link_origin, order.order_no));
    let shows_bank = PaymentKind::parse(&order.payment_code).is_some_and(PaymentKind::shows_bank_account);
    let bank = if shows_bank { settings.bank_account(order.ordered_at) } else { None };
    let shop = settings.front.site_name.clone();
    let gift =
        gift_link.map(|link| super::mails::GiftNotice { url: link.url.clone(), deadline: crate::social_gift::recipient::deadline_label(link.expires_at.0) });
    let delivery = match order.delivery_option {
        Some(_) => super::mails::delivery_lines(order, &order_store::list_shippings(&state.db, std::slice::from_ref(&order.id)).await?),
        None => Vec::new(),
    };
    Ok(Some(super::mails::order_confirmation(&shop, order, &delivery, &lines, bank.as_ref(), receipt_link.as_deref(), gift.as_ref())))
}
