//! The payment gateways' signed fraud notifications: the sandbox gateway's (SB Payment's
//! shape) and Stripe's webhook. A fraud verdict cancels the order (stock, coupon and points
//! return; the charge is refunded); every notification is recorded once, by event id.
use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::HeaderMap;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::channel::Channel;
use crate::infra::error::{ApiError, ApiResult, ErrorBody, FieldErrors};
use crate::infra::time::Timestamp;
use crate::orders::{cancel, store};
use crate::payments::Gateway;
use crate::payments::notification::SIGNATURE_HEADER;
use crate::payments::store as payment_store;
use crate::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(receive_fraud_detection)).routes(routes!(receive_stripe_event))
}

/// The gateway's verdict on a paid order.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct FraudNotification {
    /// The gateway's id of this notification; a repeated one is answered OK and not acted on.
    pub event_id: String,
    pub order_no: String,
    /// `ok` or `fraud` (the order is cancelled).
    pub result: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct NotificationAnswer {
    /// Always `OK`: the gateway stops retrying.
    pub result: String,
}

const MAX_EVENT_ID: usize = 128;

fn checked(notification: &FraudNotification) -> ApiResult<()> {
    let mut errors = FieldErrors::new();
    let id = &notification.event_id;
    if id.trim().is_empty() || id.len() > MAX_EVENT_ID || id.contains('\0') {
        errors.insert("event_id".into(), vec!["イベントIDが正しくありません。".into()]);
    }
    if notification.order_no.len() > MAX_EVENT_ID || notification.order_no.contains('\0') {
        errors.insert("order_no".into(), vec!["注文番号が正しくありません。".into()]);
    }
    if !matches!(notification.result.as_str(), "ok" | "fraud") {
        errors.insert("result".into(), vec!["結果は ok または fraud です。".into()]);
    }
    if errors.is_empty() { Ok(()) } else { Err(ApiError::Invalid(errors)) }
}

#[utoipa::path(post, path = "/v1/sbpayment/receive/fraud-detection", tag = "payments", request_body = FraudNotification,
    params(("x-sbps-signature" = String, Header, description = "hex HMAC-SHA256 of the raw body under the secret shared with the gateway (SHOP_GATEWAY_SECRET)")),
    responses(
        (status = 200, body = NotificationAnswer, description = "recorded (once per event_id; a replay changes nothing); `fraud` cancels the order"),
        (status = 401, body = ErrorBody, description = "missing or wrong signature: nothing was read"),
        (status = 422, body = ErrorBody, description = "signed, but not a notification"),
    ))]
async fn receive_fraud_detection(State(state): State<AppState>, channel: Channel, headers: HeaderMap, body: Bytes) -> ApiResult<Json<NotificationAnswer>> {
    // The signature first: nothing of an unauthenticated body is parsed or stored.
    let signature = headers.get(SIGNATURE_HEADER).and_then(|v| v.to_str().ok()).unwrap_or("");
    if !state.gateway_secret.verify(&body, signature) {
        return Err(ApiError::Unauthorized);
    }
    let notification: FraudNotification = serde_json::from_slice(&body).map_err(|_| ApiError::field("body", crate::infra::extract::MALFORMED_BODY))?;
    checked(&notification)?;
    let payload = String::from_utf8_lossy(&body);
    // A fraud verdict cancels before the event is recorded: if the cancellation fails, the
    // gateway's retry finds the event unrecorded and tries again. The cancel is guarded (an
    // order is cancelled once), so a replay racing this one changes nothing more.
    if notification.result == "fraud" && !payment_store::notification_recorded(&state.db, &notification.event_id).await? {
        tracing::warn!(order_no = %notification.order_no, event_id = %notification.event_id, "the gateway reported fraud: cancelling the order");
        cancel_for_fraud(&state, &channel, &notification.order_no).await?;
    }
    let mut tx = state.db.begin_write().await?;
    payment_store::insert_notification(
        &mut tx,
        &notification.event_id,
        &channel.id,
        &notification.order_no,
        &notification.result,
        &payload,
        Timestamp::now().0,
    )
    .await?;
    tx.commit().await?;
    Ok(Json(NotificationAnswer { result: "OK".into() }))
}

/// The header Stripe signs its webhook calls with.
pub const STRIPE_SIGNATURE_HEADER: &str = "stripe-signature";
/// The event that cancels an order: the card network reported the charge as fraud.
pub const STRIPE_FRAUD_EVENT: &str = "radar.early_fraud_warning.created";

/// The part of a Stripe event read here; the rest is kept as received.
#[derive(Debug, Deserialize)]
struct StripeEvent {
    id: String,
    #[serde(rename = "type")]
    kind: String,
    data: StripeEventData,
}

#[derive(Debug, Deserialize)]
struct StripeEventData {
    object: Value,
}

#[utoipa::path(post, path = "/v1/payments/stripe/webhook", tag = "payments", request_body(content = String, content_type = "application/json", description = "a Stripe event, as Stripe sends it"),
    params(("Stripe-Signature" = String, Header, description = "`t=<unix seconds>,v1=<hex HMAC-SHA256 of \"<t>.<raw body>\" under the channel's webhook_secret>`; refused when older than 5 minutes")),
    responses(
        (status = 200, body = NotificationAnswer, description = "received (once per event id; a replay changes nothing); `radar.early_fraud_warning.created` cancels the order (stock, coupon and points return; the payment is refunded); other events are acknowledged and not acted on"),
        (status = 401, body = ErrorBody, description = "missing, wrong or stale signature: nothing was read"),
        (status = 404, body = ErrorBody, description = "the channel is not served by Stripe, or has no webhook_secret configured"),
        (status = 422, body = ErrorBody, description = "signed, but not an event"),
    ))]
async fn receive_stripe_event(State(state): State<AppState>, channel: Channel, headers: HeaderMap, body: Bytes) -> ApiResult<Json<NotificationAnswer>> {
    let Some(Gateway::Stripe(stripe)) = state.gateway.for_channel(&channel) else {
        return Err(ApiError::not_found());
    };
    if !stripe.takes_webhooks() {
        return Err(ApiError::not_found());
    }
    let signature = headers.get(STRIPE_SIGNATURE_HEADER).and_then(|v| v.to_str().ok()).unwrap_or("");
    if !stripe.verify_webhook(&body, signature, Timestamp::now().0 / 1000) {
        return Err(ApiError::Unauthorized);
    }
    let event: StripeEvent = serde_json::from_slice(&body).map_err(|_| ApiError::field("body", crate::infra::extract::MALFORMED_BODY))?;
    if event.id.trim().is_empty() || event.id.len() > MAX_EVENT_ID {
        return Err(ApiError::field("id", "イベントIDが正しくありません。"));
    }
    if event.kind != STRIPE_FRAUD_EVENT || payment_store::notification_recorded(&state.db, &event.id).await? {
        return Ok(Json(NotificationAnswer { result: "OK".into() }));
    }
    // The warning names the PaymentIntent; its metadata names the order.
    let intent = event.data.object.get("payment_intent").and_then(Value::as_str).unwrap_or("");
    let order = match stripe.order_of_intent(intent).await? {
        Some(order_id) => store::find_order(&state.db.pool, &channel.id, &order_id).await?,
        None => None,
    };
    let order_no = order.as_ref().map(|o| o.order_no.clone()).unwrap_or_default();
    match &order {
        Some(order) => {
            tracing::warn!(order_no = %order.order_no, event_id = %event.id, "Stripe reported fraud: cancelling the order");
            cancel_for_fraud(&state, &channel, &order.order_no).await?;
        }
        None => tracing::warn!(event_id = %event.id, intent, "Stripe reported fraud on a payment of no order of this shop"),
    }
    let mut tx = state.db.begin_write().await?;
    payment_store::insert_notification(&mut tx, &event.id, &channel.id, &order_no, "fraud", &String::from_utf8_lossy(&body), Timestamp::now().0).await?;
    tx.commit().await?;
    Ok(Json(NotificationAnswer { result: "OK".into() }))
}

/// The reason recorded on an order the gateway flagged.
pub const FRAUD_CANCEL_REASON: &str = "決済代行会社の不正検知によりキャンセルされました";

/// Cancels the flagged order (stock, coupon and points return; the charge is refunded). An
/// unknown order number or an order already past cancelling is only logged: the gateway
/// cannot act on our answer, and the shop staff sees the recorded notification.
async fn cancel_for_fraud(state: &AppState, channel: &Channel, order_no: &str) -> ApiResult<()> {
    let Some(order) = store::find_order_by_no(&state.db.pool, &channel.id, order_no).await? else {
        tracing::warn!(order_no, "fraud notification for an unknown order");
        return Ok(());
    };
    match cancel::cancel_order(state, channel, &order.id, FRAUD_CANCEL_REASON).await {
        Ok(()) => Ok(()),
        Err(ApiError::Rule { message, .. }) => {
            tracing::warn!(order_no, message, "fraud notification for an order that cannot be cancelled");
            Ok(())
        }
        Err(other) => Err(other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notifications_need_an_event_id_and_a_known_result() {
        let ok = FraudNotification { event_id: "evt_1".into(), order_no: "R00000001".into(), result: "fraud".into() };
        assert!(checked(&ok).is_ok());
        let bad = FraudNotification { event_id: " ".into(), order_no: "R1".into(), result: "FRAUD".into() };
        match checked(&bad) {
            Err(ApiError::Invalid(errors)) => assert_eq!(errors.keys().collect::<Vec<_>>(), ["event_id", "result"]),
            other => panic!("expected field errors, got {other:?}"),
        }
    }
}
