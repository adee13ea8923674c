//! HTTP of payments: the sandbox gateway's tokeniser (outside `/v1`: it stands for the
//! gateway's own endpoint, so card numbers never reach the shop API), the card payment
//! settings the card form reads, the gateway's signed fraud-detection notification, and
//! Stripe's signed webhook.
use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use time::OffsetDateTime;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::notification::SIGNATURE_HEADER;
use super::sandbox::{CardInput, IssuedToken};
use super::{Gateway, store};
use crate::channel::Channel;
use crate::infra::error::{ApiError, ApiResult, ErrorBody, FieldErrors};
use crate::infra::extract::{ApiJson, ApiPath};
use crate::infra::time::Timestamp;
use crate::members::client::Client;
use crate::members::rate_limit::{self, Limit};
use crate::state::AppState;

/// Card tokens asked from one address: as many as password logins (a card form is a
/// credential form too, and a script trying card numbers must be slowed down the same way).
pub const TOKENIZE_LIMIT: Limit = Limit { name: "card-token", max: 30, window_ms: 10 * 60 * 1000 };

/// The only payment service with settings: card payment through the gateway.
pub const CARD_SERVICE: &str = "credit_card";

/// The gateway's own endpoint, channel-scoped like `/v1` (the router adds the channel layer).
pub fn tokeniser_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(create_token))
}

/// The shop API's payment routes under `/v1`.
pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(show_payment_service)).routes(routes!(receive_fraud_detection)).routes(routes!(receive_stripe_event))
}

/// The card form as the browser sends it to the gateway. Numbers may come as text or numbers.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CardForm {
    /// 14–16 digits; spaces and hyphens are ignored.
    #[schema(value_type = Option<String>, example = "4242 4242 4242 4242")]
    pub number: Option<Value>,
    /// In Latin letters, as printed on the card.
    pub holder_name: Option<String>,
    /// 1–12.
    #[schema(value_type = Option<i64>)]
    pub exp_month: Option<Value>,
    /// Four digits (two are read as 20xx).
    #[schema(value_type = Option<i64>)]
    pub exp_year: Option<Value>,
    /// 3 or 4 digits.
    #[schema(value_type = Option<String>)]
    pub security_code: Option<Value>,
}

fn text(value: Option<Value>) -> String {
    match value {
        Some(Value::String(s)) => s,
        Some(Value::Number(n)) => n.to_string(),
        _ => String::new(),
    }
}

impl CardForm {
    /// Unreadable numbers become 0, which the gateway's checks refuse with their own message.
    fn into_input(self) -> CardInput {
        let number = |v: Option<Value>| text(v).trim().parse::<i64>().unwrap_or(0);
        let year = number(self.exp_year);
        let year = if (0..100).contains(&year) && year > 0 { 2000 + year } else { year };
        CardInput {
            number: text(self.number),
            holder_name: self.holder_name.unwrap_or_default(),
            exp_month: u32::try_from(number(self.exp_month)).unwrap_or(0),
            exp_year: i32::try_from(year).unwrap_or(0),
            security_code: text(self.security_code),
        }
    }
}

/// A one-off card token (30 minutes, single use) and what the card form may show of the card.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CardToken {
    /// `tok_…`: pass it to `POST /v1/me/user-cards` or the cart (`card_token`).
    pub token: String,
    /// VISA, MASTER, JCB, AMEX, DINERS or OTHER.
    pub brand: String,
    /// `************4242`.
    pub masked_number: String,
    /// `YYYY-MM`.
    pub expiration: String,
    pub holder_name: String,
}

impl From<IssuedToken> for CardToken {
    fn from(t: IssuedToken) -> Self {
        CardToken { token: t.token, brand: t.brand, masked_number: t.masked_number, expiration: t.expiration, holder_name: t.holder_name }
    }
}

#[utoipa::path(post, path = "/sandbox-gateway/tokens", tag = "payments", request_body = CardForm,
    params(("X-Channel" = Option<String>, Header, description = "the shop (else the host name), as for /v1")),
    responses(
        (status = 201, body = CardToken, description = "the card passed the gateway's checks; the token is good for 30 minutes and one use"),
        (status = 404, body = ErrorBody, description = "unknown channel, or a channel the sandbox does not serve (another gateway's, or none: no `--demo` and not configured)"),
        (status = 422, body = ErrorBody, description = "`errors.number`, `errors.holder_name`, `errors.expiration`, `errors.security_code` in Japanese"),
        (status = 429, body = ErrorBody, description = "too many cards tried from this address"),
        (status = 503, body = crate::infra::error::MaintenanceBody, description = "the shop is in maintenance"),
    ))]
async fn create_token(
    State(state): State<AppState>,
    channel: Channel,
    client: Client,
    ApiJson(form): ApiJson<CardForm>,
) -> ApiResult<(StatusCode, Json<CardToken>)> {
    // Only where the sandbox is the channel's gateway: elsewhere this endpoint does not exist.
    let Some(Gateway::Sandbox(sandbox)) = state.gateway.for_channel(&channel) else {
        return Err(ApiError::not_found());
    };
    rate_limit::enforce(&state, TOKENIZE_LIMIT, &channel.id, &client.ip, Timestamp::now().0).await?;
    let issued = sandbox.tokenize(&channel.id, &form.into_input(), OffsetDateTime::now_utc()).await?;
    match issued {
        Ok(token) => Ok((StatusCode::CREATED, Json(token.into()))),
        Err(problems) => {
            let mut errors = FieldErrors::new();
            for problem in problems {
                errors.entry(problem.field.to_owned()).or_default().push(problem.message.to_owned());
            }
            Err(ApiError::Invalid(errors))
        }
    }
}

/// A test card number of the gateway, for the card form's hint (sandbox, or a gateway in test mode).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct TestCard {
    pub number: String,
    pub brand: String,
    /// approve, decline or insufficient.
    pub result: String,
    pub description: String,
}

/// Which gateway the card form talks to; the form's request follows from it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum GatewayKind {
    /// This server's `POST /sandbox-gateway/tokens` (JSON card form).
    Sandbox,
    /// Stripe's `POST /v1/tokens` (form-encoded `card[…]`, `Authorization: Bearer <public_key>`).
    Stripe,
}

/// What the card form needs to talk to the channel's gateway. Only public values: the
/// gateway's secret keys never leave the server.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PaymentService {
    /// `credit_card`.
    pub code: String,
    pub gateway: GatewayKind,
    /// Where the browser posts the card (never to /v1): a path of this server (sandbox) or
    /// the gateway's https URL.
    pub tokenize_url: String,
    /// The gateway's public key of this shop (`pk_sandbox_<channel code>`, Stripe's `pk_…`).
    pub public_key: String,
    pub brands: Vec<String>,
    /// The gateway's published test cards; empty for a live account.
    pub test_cards: Vec<TestCard>,
}

/// The sandbox's behaviours follow Stripe's test numbers, so one list serves both.
fn test_cards() -> Vec<TestCard> {
    let card = |number: &str, result: &str, description: &str| TestCard {
        number: number.into(),
        brand: "VISA".into(),
        result: result.into(),
        description: description.into(),
    };
    vec![
        card("4242 4242 4242 4242", "approve", "承認されます"),
        card("4000 0000 0000 0002", "decline", "承認されません（カードが承認されませんでした）"),
        card("4000 0000 0000 9995", "insufficient", "承認されません（ご利用可能額超過）"),
    ]
}

#[utoipa::path(get, path = "/v1/settings/payment-service/{code}", tag = "payments",
    params(("code" = String, Path, description = "`credit_card`")),
    responses(
        (status = 200, body = PaymentService),
        (status = 404, body = ErrorBody, description = "an unknown service, a shop whose payment methods do not offer card payment, or a shop no gateway serves"),
    ))]
async fn show_payment_service(State(state): State<AppState>, channel: Channel, ApiPath(code): ApiPath<String>) -> ApiResult<Json<PaymentService>> {
    if code != CARD_SERVICE {
        return Err(ApiError::not_found());
    }
    let Some(gateway) = state.gateway.for_channel(&channel) else {
        return Err(ApiError::not_found());
    };
    // A shop whose payment methods are configured offers cards only when they list it; one
    // with none configured yet takes cards (its gateway is there).
    if store::count_methods(&state.db, &channel.id).await? > 0
        && !store::list_enabled_method_codes(&state.db, &channel.id).await?.iter().any(|c| c == CARD_SERVICE)
    {
        return Err(ApiError::not_found());
    }
    let browser = gateway.browser(&channel.code);
    Ok(Json(PaymentService {
        code,
        gateway: match gateway {
            Gateway::Sandbox(_) => GatewayKind::Sandbox,
            Gateway::Stripe(_) => GatewayKind::Stripe,
        },
        tokenize_url: browser.tokenize_url,
        public_key: browser.public_key,
        brands: ["VISA", "MASTER", "JCB", "AMEX", "DINERS"].map(String::from).to_vec(),
        test_cards: if browser.test_mode { test_cards() } else { Vec::new() },
    }))
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
    if notification.result == "fraud" && !store::notification_recorded(&state.db, &notification.event_id).await? {
        tracing::warn!(order_no = %notification.order_no, event_id = %notification.event_id, "the gateway reported fraud: cancelling the order");
        cancel_for_fraud(&state, &channel, &notification.order_no).await?;
    }
    let mut tx = state.db.begin_write().await?;
    store::insert_notification(&mut tx, &notification.event_id, &channel.id, &notification.order_no, &notification.result, &payload, Timestamp::now().0)
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
    if event.kind != STRIPE_FRAUD_EVENT || store::notification_recorded(&state.db, &event.id).await? {
        return Ok(Json(NotificationAnswer { result: "OK".into() }));
    }
    // The warning names the PaymentIntent; its metadata names the order.
    let intent = event.data.object.get("payment_intent").and_then(Value::as_str).unwrap_or("");
    let order = match stripe.order_of_intent(intent).await? {
        Some(order_id) => crate::orders::store::find_order(&state.db.pool, &channel.id, &order_id).await?,
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
    store::insert_notification(&mut tx, &event.id, &channel.id, &order_no, "fraud", &String::from_utf8_lossy(&body), Timestamp::now().0).await?;
    tx.commit().await?;
    Ok(Json(NotificationAnswer { result: "OK".into() }))
}

/// The reason recorded on an order the gateway flagged.
pub const FRAUD_CANCEL_REASON: &str = "決済代行会社の不正検知によりキャンセルされました";

/// Cancels the flagged order (stock, coupon and points return; the charge is refunded). An
/// unknown order number or an order already past cancelling is only logged: the gateway
/// cannot act on our answer, and the shop staff sees the recorded notification.
async fn cancel_for_fraud(state: &AppState, channel: &Channel, order_no: &str) -> ApiResult<()> {
    let Some(order) = crate::orders::store::find_order_by_no(&state.db.pool, &channel.id, order_no).await? else {
        tracing::warn!(order_no, "fraud notification for an unknown order");
        return Ok(());
    };
    match crate::orders::cancel::cancel_order(state, channel, &order.id, FRAUD_CANCEL_REASON).await {
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
    use serde_json::json;

    use super::*;

    fn form(value: Value) -> CardInput {
        serde_json::from_value::<CardForm>(value).unwrap().into_input()
    }

    #[test]
    fn numbers_may_come_as_text_and_two_digit_years_are_this_century() {
        let input = form(json!({ "number": 4242424242424242_i64, "holder_name": "TARO", "exp_month": "07", "exp_year": "30", "security_code": 123 }));
        assert_eq!((input.number.as_str(), input.exp_month, input.exp_year, input.security_code.as_str()), ("4242424242424242", 7, 2030, "123"));
        let input = form(json!({ "exp_month": "July", "exp_year": 2031 }));
        assert_eq!((input.number.as_str(), input.exp_month, input.exp_year), ("", 0, 2031), "unreadable parts fail the gateway's checks");
    }

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
