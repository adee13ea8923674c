//! HTTP of payments: the sandbox gateway's tokeniser (outside `/v1`: it stands for the
//! gateway's own endpoint, so card numbers never reach the shop API) and the card payment
//! settings the card form reads. The gateways' signed fraud notifications cancel orders, so
//! they are the orders' (`orders/http/fraud_notifications.rs`).
pub mod admin;
pub mod admin_bank_account;

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use time::OffsetDateTime;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::sandbox::{CardInput, IssuedToken};
use super::{Gateway, store};
use crate::channel::Channel;
use crate::infra::client::Client;
use crate::infra::error::{ApiError, ApiResult, ErrorBody, FieldErrors};
use crate::infra::extract::{ApiJson, ApiPath};
use crate::infra::rate_limit::{self, Limit};
use crate::infra::time::Timestamp;
use crate::state::AppState;

/// Card tokens asked from one address: as many as password logins (a card form is a
/// credential form too, and a script trying card numbers must be slowed down the same way).
pub const TOKENIZE_LIMIT: Limit = Limit { name: "card-token", max: 30, window_ms: 10 * 60 * 1000 };

/// The only payment service with settings: card payment through the gateway.
pub const CARD_SERVICE: &str = "credit_card";

/// The gateway's own endpoint, channel-scoped like `/v1` (the router adds the channel layer).
pub fn tokeniser_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create_token))
        // The issuer's 3-D Secure page as the sandbox stands in for it: HTML for the browser,
        // not part of the shop's API.
        .route("/sandbox-gateway/challenge/{id}", axum::routing::get(show_challenge).post(answer_challenge))
}

/// The shop API's payment routes under `/v1`.
pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(show_payment_service)).merge(admin::routes()).merge(admin_bank_account::routes())
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
    /// approve, decline, insufficient or challenge (本人認証).
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
        card("4000 0027 6000 3184", "challenge", "本人認証（3Dセキュア）を求められます"),
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
}

/// The sandbox of `channel`, or 404 where another gateway (or none) serves it.
fn sandbox_of(state: &AppState, channel: &Channel) -> ApiResult<super::sandbox::Sandbox> {
    match state.gateway.for_channel(channel) {
        Some(Gateway::Sandbox(sandbox)) => Ok(sandbox.clone()),
        _ => Err(ApiError::not_found()),
    }
}

/// The sandbox's 3-D Secure challenge: what the issuer's page would show, and the two answers.
async fn show_challenge(State(state): State<AppState>, channel: Channel, ApiPath(id): ApiPath<String>) -> ApiResult<axum::response::Response> {
    use axum::response::IntoResponse;
    let sandbox = sandbox_of(&state, &channel)?;
    let challenge = sandbox.find_challenge(&channel.id, &id).await?.ok_or_else(ApiError::not_found)?;
    let shop = crate::infra::escape::escape(&channel.name);
    let amount = crate::infra::money::Yen(challenge.amount).grouped();
    let answer = if challenge.pending {
        r#"<form method="post"><p><button type="submit" name="result" value="pass">認証する</button></p><p><button type="submit" name="result" value="fail">認証に失敗する</button></p></form>"#.to_owned()
    } else {
        format!(r#"<p>この本人認証は終了しています。</p><p><a href="{}">ショップに戻る</a></p>"#, crate::infra::escape::escape(&challenge.return_url))
    };
    let page = format!(
        r#"<!doctype html><html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>本人認証（3Dセキュア）</title></head><body><main><h1>本人認証（3Dセキュア）</h1><p>テスト用の決済（サンドボックス）です。カード会社の本人認証画面の代わりに表示しています。</p><dl><dt>ご利用店舗</dt><dd>{shop}</dd><dt>ご利用金額</dt><dd>¥{amount}</dd><dt>カード番号</dt><dd>************{last4}</dd></dl>{answer}</main></body></html>"#,
        last4 = crate::infra::escape::escape(&challenge.last4),
    );
    Ok(([(axum::http::header::CACHE_CONTROL, "no-store")], axum::response::Html(page)).into_response())
}

#[derive(Debug, Deserialize)]
struct ChallengeAnswer {
    result: String,
}

/// The customer's answer: back to the shop either way (303), which asks the gateway again.
async fn answer_challenge(
    State(state): State<AppState>,
    channel: Channel,
    ApiPath(id): ApiPath<String>,
    axum::Form(answer): axum::Form<ChallengeAnswer>,
) -> ApiResult<axum::response::Redirect> {
    let sandbox = sandbox_of(&state, &channel)?;
    let passed = match answer.result.as_str() {
        "pass" => true,
        "fail" => false,
        _ => return Err(ApiError::not_found()),
    };
    let back = sandbox.answer_challenge(&channel.id, &id, passed).await?.ok_or_else(ApiError::not_found)?;
    Ok(axum::response::Redirect::to(&back))
}
