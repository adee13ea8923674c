//! The Stripe adapter: the `Gateway` interface over Stripe's HTTP API (form-encoded requests,
//! `Authorization: Bearer <secret key>`, JSON answers; docs/payments-stripe.md lists the calls
//! and fields used). One Stripe account per channel (`gateways.rs`).
//!
//! - The browser sends the card to Stripe's token endpoint with the publishable key; the shop
//!   only ever sees `tok_…` (READING-NOTES: card data never reaches the shop API).
//! - A charge is a PaymentIntent confirmed at once, created under the order id as its
//!   `Idempotency-Key` and with the order id in its metadata: a retried decision gets the same
//!   PaymentIntent back, and the reconciler finds it by searching the metadata.
//! - A saved card is a Customer holding one PaymentMethod; the shop keeps `cus_…/pm_…`.
//! - Refunds are keyed by the PaymentIntent, so a retried refund never refunds twice.
//! - 3-D Secure is not run: a PaymentIntent that asks for it is cancelled and the buyer told.
pub mod refusal;
pub mod signature;

use crate::infra::ids::ChannelId;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, bail};
use reqwest::{Method, Url};
use serde::Deserialize;
use serde_json::Value;

use self::refusal::{StripeError, buyer_message};
use super::gateway::{
    AUTHENTICATION_FAILED_MESSAGE, AUTHENTICATION_MESSAGE, Browser, Charge, ChargeRequest, Charged, DECLINED_MESSAGE, Declined, GATEWAY_REFUND_FAILED_MESSAGE,
    REFUND_EXCEEDS_MESSAGE, Refund, RefundRequest, SavedCard, TOKEN_GONE_MESSAGE, TokenCard,
};
use super::sandbox::masked;

/// The API version every call names, so an account upgraded at Stripe answers the shapes read here.
pub const API_VERSION: &str = "2024-06-20";
pub const DEFAULT_API_BASE: &str = "https://api.stripe.com";
/// One call; a charge makes two. The router gives a request 30 s in all.
const CALL_TIMEOUT: Duration = Duration::from_secs(12);
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// A key from the gateways file; never printed.
#[derive(Clone, Deserialize)]
#[serde(transparent)]
pub struct ApiKey(String);

impl std::fmt::Debug for ApiKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ApiKey(…)")
    }
}

/// A channel's entry in `SHOP_PAYMENT_GATEWAYS` with `"gateway": "stripe"`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StripeSettings {
    /// `pk_test_…` / `pk_live_…`: given to the browser.
    pub publishable_key: String,
    /// `sk_…` (or a restricted `rk_…`): stays in this process.
    pub secret_key: ApiKey,
    /// `whsec_…` of the webhook endpoint; without it the endpoint answers 404.
    #[serde(default)]
    pub webhook_secret: Option<ApiKey>,
    /// Stripe's API (the tests point it at their stand-in).
    #[serde(default)]
    pub api_base: Option<String>,
}

#[derive(Clone)]
pub struct Stripe(Arc<Inner>);

struct Inner {
    publishable_key: String,
    secret_key: ApiKey,
    webhook_secret: Option<ApiKey>,
    base: String,
    origin: String,
    test_mode: bool,
    http: reqwest::Client,
    /// Tokens never change: the cart shows the card of its token on every answer.
    token_cards: moka::future::Cache<String, TokenCard>,
}

impl std::fmt::Debug for Stripe {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Stripe").field("base", &self.0.base).field("test_mode", &self.0.test_mode).finish()
    }
}

/// A saved card as the shop stores it: `cus_…/pm_…`.
#[derive(Debug, PartialEq, Eq)]
struct SavedRef<'a> {
    customer: &'a str,
    payment_method: &'a str,
}

impl<'a> SavedRef<'a> {
    fn parse(card_ref: &'a str) -> Option<SavedRef<'a>> {
        let (customer, payment_method) = card_ref.split_once('/')?;
        (is_id(customer, "cus_") && is_id(payment_method, "pm_")).then_some(SavedRef { customer, payment_method })
    }
}

/// Whether `text` is a Stripe object id with this prefix (ids go into URL paths).
fn is_id(text: &str, prefix: &str) -> bool {
    text.strip_prefix(prefix).is_some_and(|rest| !rest.is_empty() && rest.len() <= 200 && rest.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_'))
}

/// Stripe's brand names (tokens: `Visa`, `MasterCard`, `American Express`, …; PaymentMethods:
/// `visa`, `mastercard`, `amex`, …) as the shop names brands.
pub fn brand_of(stripe_brand: &str) -> &'static str {
    match stripe_brand.to_ascii_lowercase().replace(' ', "").as_str() {
        "visa" => "VISA",
        "mastercard" => "MASTER",
        "jcb" => "JCB",
        "amex" | "americanexpress" => "AMEX",
        "diners" | "dinersclub" => "DINERS",
        _ => "OTHER",
    }
}

/// The card fields of a token's `card` or a PaymentMethod's `card`.
#[derive(Debug, Deserialize)]
struct CardFields {
    #[serde(default)]
    brand: String,
    #[serde(default)]
    last4: String,
    #[serde(default)]
    exp_month: u32,
    #[serde(default)]
    exp_year: i32,
    #[serde(default)]
    name: Option<String>,
}

#[derive(Debug, Deserialize)]
struct WithCard {
    id: String,
    card: Option<CardFields>,
    #[serde(default)]
    used: bool,
}

type Form = Vec<(&'static str, String)>;

impl Stripe {
    pub fn new(settings: StripeSettings) -> anyhow::Result<Stripe> {
        let base = settings.api_base.as_deref().unwrap_or(DEFAULT_API_BASE).trim_end_matches('/').to_owned();
        let url = Url::parse(&base).context("api_base is not a URL")?;
        let loopback = matches!(url.host_str(), Some("127.0.0.1" | "localhost" | "[::1]"));
        // The secret key travels in every call: never in clear text beyond this machine.
        if url.scheme() != "https" && !(url.scheme() == "http" && loopback) {
            bail!("api_base must be https (http only for 127.0.0.1/localhost)");
        }
        let test_mode = settings.publishable_key.starts_with("pk_test_");
        let secret = &settings.secret_key.0;
        if !(settings.publishable_key.starts_with("pk_live_") || test_mode) {
            bail!("publishable_key must start with pk_live_ or pk_test_");
        }
        let secret_mode_test = secret.starts_with("sk_test_") || secret.starts_with("rk_test_");
        if !(secret_mode_test || secret.starts_with("sk_live_") || secret.starts_with("rk_live_")) {
            bail!("secret_key must be a secret (sk_) or restricted (rk_) key");
        }
        if secret_mode_test != test_mode {
            bail!("publishable_key and secret_key are of different modes (test and live)");
        }
        if settings.webhook_secret.as_ref().is_some_and(|s| !s.0.starts_with("whsec_")) {
            bail!("webhook_secret must start with whsec_");
        }
        let origin = url.origin().ascii_serialization();
        let http = reqwest::Client::builder().timeout(CALL_TIMEOUT).connect_timeout(CONNECT_TIMEOUT).build()?;
        let token_cards = moka::future::Cache::builder().max_capacity(10_000).time_to_live(Duration::from_secs(3600)).build();
        Ok(Stripe(Arc::new(Inner {
            publishable_key: settings.publishable_key,
            secret_key: settings.secret_key,
            webhook_secret: settings.webhook_secret,
            base,
            origin,
            test_mode,
            http,
            token_cards,
        })))
    }

    pub fn browser(&self) -> Browser {
        Browser {
            tokenize_url: format!("{}/v1/tokens", self.0.base),
            public_key: self.0.publishable_key.clone(),
            origin: Some(self.0.origin.clone()),
            test_mode: self.0.test_mode,
        }
    }

    /// Checks a webhook call's `Stripe-Signature`; false without a configured secret.
    pub fn verify_webhook(&self, body: &[u8], header: &str, now_secs: i64) -> bool {
        match &self.0.webhook_secret {
            Some(secret) => signature::verify(secret.0.as_bytes(), header, body, now_secs).is_ok(),
            None => false,
        }
    }

    pub fn takes_webhooks(&self) -> bool {
        self.0.webhook_secret.is_some()
    }

    /// One API call: Ok(Ok(object)) for 2xx, Ok(Err(error)) for Stripe's own 4xx refusals;
    /// transport failures, 429 and 5xx are errors (the caller's retry uses the same key).
    async fn call(&self, method: Method, path: &str, form: &Form, idempotency_key: Option<&str>) -> anyhow::Result<Result<Value, StripeError>> {
        let url = format!("{}{path}", self.0.base);
        let mut request = self
            .0
            .http
            .request(method.clone(), &url)
            .bearer_auth(&self.0.secret_key.0)
            .header("Stripe-Version", API_VERSION)
            .header("Accept", "application/json");
        if let Some(key) = idempotency_key {
            request = request.header("Idempotency-Key", key);
        }
        request = if method == Method::GET { request.query(form) } else { request.form(form) };
        let response = request.send().await.with_context(|| format!("calling Stripe {method} {path}"))?;
        let status = response.status();
        let bytes = response.bytes().await.with_context(|| format!("reading Stripe's answer to {method} {path}"))?;
        if status.is_success() {
            return Ok(Ok(serde_json::from_slice(&bytes).with_context(|| format!("Stripe's answer to {method} {path} is not JSON"))?));
        }
        if status.as_u16() == 429 || status.is_server_error() {
            bail!("Stripe answered {status} to {method} {path}");
        }
        #[derive(Deserialize)]
        struct Envelope {
            error: StripeError,
        }
        let mut error = serde_json::from_slice::<Envelope>(&bytes).map(|e| e.error).unwrap_or_default();
        error.status = status.as_u16();
        Ok(Err(error))
    }

    /// The buyer's refusal for a Stripe error about the card; any other error is the shop's.
    fn refusal(error: StripeError, doing: &str) -> anyhow::Result<Declined> {
        match buyer_message(&error) {
            Some(message) => Ok(Declined { message: message.into() }),
            None => Err(anyhow::anyhow!("{doing}: {error}")),
        }
    }

    pub async fn charge(&self, request: ChargeRequest<'_>) -> anyhow::Result<Result<Charged, Declined>> {
        let key = request.idempotency_key;
        let (payment_method, customer) = match SavedRef::parse(request.source) {
            Some(saved) => (saved.payment_method.to_owned(), Some(saved.customer.to_owned())),
            None if is_id(request.source, "tok_") => {
                // The one-off token becomes a PaymentMethod first, under a key of its own, so a
                // retried charge does not spend the (single-use) token twice.
                let form = vec![("type", "card".into()), ("card[token]", request.source.to_owned())];
                match self.call(Method::POST, "/v1/payment_methods", &form, Some(&format!("{key}-payment-method"))).await? {
                    Ok(object) => (string_at(&object, "id")?, None),
                    Err(error) => return Ok(Err(Self::refusal(error, "creating the PaymentMethod")?)),
                }
            }
            None => return Ok(Err(Declined { message: TOKEN_GONE_MESSAGE.into() })),
        };
        let mut form: Form = vec![
            ("amount", request.amount.get().to_string()),
            ("currency", "jpy".into()),
            ("confirm", "true".into()),
            ("payment_method_types[]", "card".into()),
            ("payment_method", payment_method),
            ("metadata[order_id]", key.to_owned()),
            ("metadata[channel_id]", request.channel_id.to_string()),
            ("expand[]", "payment_method".into()),
        ];
        if let Some(customer) = customer {
            form.push(("customer", customer));
        }
        if let Some(return_url) = request.return_url {
            // The redirect flow of 3-D Secure: Stripe's next_action is a URL to send the
            // browser to, and Stripe sends it back here.
            form.push(("return_url", return_url.to_owned()));
        }
        let mut intent = match self.call(Method::POST, "/v1/payment_intents", &form, Some(key)).await? {
            Ok(intent) => intent,
            Err(error) => return Ok(Err(Self::refusal(error, "creating the PaymentIntent")?)),
        };
        let id = string_at(&intent, "id")?;
        if status_of(&intent) == "requires_action" && request.return_url.is_some() {
            // The same key replays the first answer: a resumed decision (the customer back from
            // the challenge) reads where the intent stands now.
            let path = format!("/v1/payment_intents/{id}");
            intent = self
                .call(Method::GET, &path, &vec![("expand[]", "payment_method".into())], None)
                .await?
                .map_err(|e| anyhow::anyhow!("retrieving {id}: {e}"))?;
        }
        match status_of(&intent) {
            "succeeded" => Ok(Ok(Charged::Captured(Charge { id, masked_number: masked_of(&intent) }))),
            "requires_action" if request.return_url.is_some() => match intent.pointer("/next_action/redirect_to_url/url").and_then(Value::as_str) {
                Some(url) => Ok(Ok(Charged::NeedsAuthentication { redirect_url: url.to_owned() })),
                None => bail!("PaymentIntent {id} asks for an action other than a redirect"),
            },
            "requires_action" => {
                // No browser can take the challenge: nothing was charged, and the intent is
                // cancelled so it cannot complete later.
                self.cancel_intent(&id).await;
                Ok(Err(Declined { message: AUTHENTICATION_MESSAGE.into() }))
            }
            "requires_payment_method"
                if intent.pointer("/last_payment_error/code").and_then(Value::as_str) == Some("payment_intent_authentication_failure") =>
            {
                Ok(Err(Declined { message: AUTHENTICATION_FAILED_MESSAGE.into() }))
            }
            "requires_payment_method" | "canceled" => Ok(Err(Declined { message: DECLINED_MESSAGE.into() })),
            // processing, requires_capture…: not a settled answer; the reconciler asks again.
            other => bail!("PaymentIntent {id} is {other}"),
        }
    }

    async fn cancel_intent(&self, id: &str) {
        match self.call(Method::POST, &format!("/v1/payment_intents/{id}/cancel"), &Vec::new(), None).await {
            Ok(Ok(_)) => {}
            Ok(Err(error)) => tracing::warn!(%error, intent = id, "a PaymentIntent was not cancelled"),
            Err(error) => tracing::warn!(error = format!("{error:#}"), intent = id, "a PaymentIntent was not cancelled"),
        }
    }

    /// The PaymentIntents made for the order `idempotency_key` (its metadata), found with
    /// Stripe's search.
    async fn intents_of(&self, idempotency_key: &str) -> anyhow::Result<Vec<Value>> {
        let escaped = idempotency_key.replace('\\', "\\\\").replace('\'', "\\'");
        let form: Form =
            vec![("query", format!("metadata['order_id']:'{escaped}'")), ("expand[]", "data.payment_method".into()), ("expand[]", "data.latest_charge".into())];
        let found = self.call(Method::GET, "/v1/payment_intents/search", &form, None).await?.map_err(|e| anyhow::anyhow!("searching PaymentIntents: {e}"))?;
        let intents = found.get("data").and_then(Value::as_array).cloned().unwrap_or_default();
        Ok(intents.into_iter().filter(|intent| intent.pointer("/metadata/order_id").and_then(Value::as_str) == Some(idempotency_key)).collect())
    }

    /// Cancels the order's intents still waiting for 3-D Secure (the customer never came back).
    pub async fn abandon_authentication(&self, _channel_id: &ChannelId, idempotency_key: &str) -> anyhow::Result<()> {
        for intent in self.intents_of(idempotency_key).await? {
            if status_of(&intent) == "requires_action" {
                self.cancel_intent(&string_at(&intent, "id")?).await;
            }
        }
        Ok(())
    }

    /// The succeeded, unrefunded PaymentIntent of the order `idempotency_key` (its metadata).
    /// Stripe's search sees a new PaymentIntent within about a minute; the reconciler asks
    /// only after `SHOP_PAYMENT_SETTLE_AFTER_SECS` (3 minutes by default).
    pub async fn find_charge(&self, _channel_id: &ChannelId, idempotency_key: &str) -> anyhow::Result<Option<Charge>> {
        let intents = self.intents_of(idempotency_key).await?;
        Ok(intents
            .iter()
            .filter(|intent| status_of(intent) == "succeeded")
            .find(|intent| intent.pointer("/latest_charge/refunded").and_then(Value::as_bool) != Some(true))
            .and_then(|intent| Some(Charge { id: intent.get("id")?.as_str()?.to_owned(), masked_number: masked_of(intent) })))
    }

    pub async fn refund(&self, _channel_id: &ChannelId, charge_id: &str) -> anyhow::Result<()> {
        if !is_id(charge_id, "pi_") {
            bail!("{charge_id} is not a Stripe PaymentIntent");
        }
        let form: Form = vec![("payment_intent", charge_id.to_owned())];
        match self.call(Method::POST, "/v1/refunds", &form, Some(&format!("refund-{charge_id}"))).await? {
            Ok(_) => Ok(()),
            Err(error) if error.code_is("charge_already_refunded") => Ok(()),
            Err(error) => Err(anyhow::anyhow!("refunding {charge_id}: {error}")),
        }
    }

    /// `POST /v1/refunds` for part of a PaymentIntent, under the refund's own key.
    pub async fn refund_part(&self, request: RefundRequest<'_>) -> anyhow::Result<Result<Refund, Declined>> {
        if !is_id(request.charge_id, "pi_") {
            bail!("{} is not a Stripe PaymentIntent", request.charge_id);
        }
        let form: Form = vec![("payment_intent", request.charge_id.to_owned()), ("amount", request.amount.get().to_string())];
        match self.call(Method::POST, "/v1/refunds", &form, Some(&format!("refund-{}", request.idempotency_key))).await? {
            Ok(refund) => match refund.get("status").and_then(Value::as_str).unwrap_or("") {
                "failed" | "canceled" => Ok(Err(Declined { message: GATEWAY_REFUND_FAILED_MESSAGE.into() })),
                _ => Ok(Ok(Refund { id: string_at(&refund, "id")? })),
            },
            Err(error) if error.code_is("amount_too_large") || error.code_is("charge_already_refunded") => {
                Ok(Err(Declined { message: REFUND_EXCEEDS_MESSAGE.into() }))
            }
            Err(error) if error.status == 400 || error.status == 402 => {
                tracing::warn!(%error, intent = request.charge_id, "Stripe refused a refund");
                Ok(Err(Declined { message: GATEWAY_REFUND_FAILED_MESSAGE.into() }))
            }
            Err(error) => Err(anyhow::anyhow!("refunding part of {}: {error}", request.charge_id)),
        }
    }

    async fn find_token(&self, token: &str) -> anyhow::Result<Option<WithCard>> {
        if !is_id(token, "tok_") {
            return Ok(None);
        }
        match self.call(Method::GET, &format!("/v1/tokens/{token}"), &Vec::new(), None).await? {
            Ok(object) => Ok(Some(serde_json::from_value(object).context("reading a Stripe token")?)),
            Err(error) if error.is_missing() => Ok(None),
            Err(error) => Err(anyhow::anyhow!("retrieving a token: {error}")),
        }
    }

    pub async fn find_token_card(&self, _channel_id: &ChannelId, token: &str) -> anyhow::Result<Option<TokenCard>> {
        if let Some(card) = self.0.token_cards.get(token).await {
            return Ok(Some(card));
        }
        let Some(found) = self.find_token(token).await? else { return Ok(None) };
        let Some(card) = found.card else { return Ok(None) };
        let card = TokenCard { brand: brand_of(&card.brand).into(), masked_number: masked(&card.last4) };
        self.0.token_cards.insert(token.to_owned(), card.clone()).await;
        Ok(Some(card))
    }

    /// The token's card kept as a Customer with its PaymentMethod (Stripe checks the card
    /// when it is attached, so a refused card is refused here).
    pub async fn save_card(&self, channel_id: &ChannelId, token: &str) -> anyhow::Result<Result<SavedCard, Declined>> {
        let gone = || Ok(Err(Declined { message: TOKEN_GONE_MESSAGE.into() }));
        let Some(found) = self.find_token(token).await? else { return gone() };
        if found.used {
            return gone();
        }
        let holder_name = found.card.and_then(|c| c.name).unwrap_or_default();
        let form = vec![("type", "card".into()), ("card[token]", found.id.clone())];
        let method = match self.call(Method::POST, "/v1/payment_methods", &form, Some(&format!("save-{token}-payment-method"))).await? {
            Ok(method) => method,
            Err(error) => return Ok(Err(Self::refusal(error, "creating the PaymentMethod")?)),
        };
        let method_id = string_at(&method, "id")?;
        let form = vec![
            ("payment_method", method_id.clone()),
            ("invoice_settings[default_payment_method]", method_id.clone()),
            ("metadata[channel_id]", channel_id.to_string()),
        ];
        let customer = match self.call(Method::POST, "/v1/customers", &form, Some(&format!("save-{token}-customer"))).await? {
            Ok(customer) => customer,
            Err(error) => return Ok(Err(Self::refusal(error, "creating the Customer")?)),
        };
        let card: CardFields = serde_json::from_value(method.get("card").cloned().unwrap_or(Value::Null)).context("reading the PaymentMethod's card")?;
        Ok(Ok(SavedCard {
            card_ref: format!("{}/{method_id}", string_at(&customer, "id")?),
            brand: brand_of(&card.brand).into(),
            masked_number: masked(&card.last4),
            expiration: format!("{:04}-{:02}", card.exp_year, card.exp_month),
            holder_name,
        }))
    }

    /// Deletes the card's Customer (which detaches its PaymentMethod).
    pub async fn forget_card(&self, _channel_id: &ChannelId, card_ref: &str) -> anyhow::Result<()> {
        let Some(saved) = SavedRef::parse(card_ref) else {
            bail!("{card_ref} is not a card saved at Stripe");
        };
        match self.call(Method::DELETE, &format!("/v1/customers/{}", saved.customer), &Vec::new(), None).await? {
            Ok(_) => Ok(()),
            Err(error) if error.is_missing() => Ok(()),
            Err(error) => Err(anyhow::anyhow!("deleting a Customer: {error}")),
        }
    }

    /// The order id a PaymentIntent was made for (its metadata), for a webhook event.
    pub async fn order_of_intent(&self, intent_id: &str) -> anyhow::Result<Option<String>> {
        if !is_id(intent_id, "pi_") {
            return Ok(None);
        }
        match self.call(Method::GET, &format!("/v1/payment_intents/{intent_id}"), &Vec::new(), None).await? {
            Ok(intent) => Ok(intent.pointer("/metadata/order_id").and_then(Value::as_str).map(str::to_owned)),
            Err(error) if error.is_missing() => Ok(None),
            Err(error) => Err(anyhow::anyhow!("retrieving a PaymentIntent: {error}")),
        }
    }
}

fn string_at(object: &Value, field: &str) -> anyhow::Result<String> {
    object.get(field).and_then(Value::as_str).map(str::to_owned).with_context(|| format!("Stripe's answer has no {field}"))
}

/// `************4242` from an intent whose `payment_method` is expanded.
fn masked_of(intent: &Value) -> String {
    masked(intent.pointer("/payment_method/card/last4").and_then(Value::as_str).unwrap_or("****"))
}

fn status_of(intent: &Value) -> &str {
    intent.get("status").and_then(Value::as_str).unwrap_or("")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(publishable: &str, secret: &str, base: Option<&str>) -> StripeSettings {
        StripeSettings {
            publishable_key: publishable.into(),
            secret_key: ApiKey(secret.into()),
            webhook_secret: Some(ApiKey("whsec_x".into())),
            api_base: base.map(String::from),
        }
    }

    #[test]
    fn keys_of_one_mode_and_an_https_or_loopback_base_are_required() {
        assert!(Stripe::new(settings("pk_test_a", "sk_test_b", None)).is_ok());
        assert!(Stripe::new(settings("pk_live_a", "rk_live_b", Some("https://stripe.example.jp/"))).is_ok());
        assert!(Stripe::new(settings("pk_test_a", "sk_test_b", Some("http://127.0.0.1:12111"))).is_ok());
        assert!(Stripe::new(settings("pk_test_a", "sk_live_b", None)).is_err(), "modes differ");
        assert!(Stripe::new(settings("sk_test_a", "sk_test_b", None)).is_err(), "a secret key given as the publishable one");
        assert!(Stripe::new(settings("pk_test_a", "pk_test_b", None)).is_err());
        assert!(Stripe::new(settings("pk_test_a", "sk_test_b", Some("http://stripe.example.jp"))).is_err(), "clear text off this machine");
    }

    #[test]
    fn the_browser_gets_the_token_endpoint_the_publishable_key_and_the_origin_only() {
        let stripe = Stripe::new(settings("pk_test_a", "sk_test_secret", Some("http://127.0.0.1:12111/"))).unwrap();
        let browser = stripe.browser();
        assert_eq!(browser.tokenize_url, "http://127.0.0.1:12111/v1/tokens");
        assert_eq!(browser.public_key, "pk_test_a");
        assert_eq!(browser.origin.as_deref(), Some("http://127.0.0.1:12111"));
        assert!(browser.test_mode);
        assert!(!format!("{stripe:?}").contains("sk_test_secret"));
        let default = Stripe::new(settings("pk_live_a", "sk_live_b", None)).unwrap().browser();
        assert_eq!((default.tokenize_url.as_str(), default.origin.as_deref()), ("https://api.stripe.com/v1/tokens", Some("https://api.stripe.com")));
    }

    #[test]
    fn saved_references_and_ids_are_checked_before_they_reach_a_url() {
        assert_eq!(SavedRef::parse("cus_A1/pm_B2"), Some(SavedRef { customer: "cus_A1", payment_method: "pm_B2" }));
        for bad in ["cus_A1", "card_x", "cus_/pm_B2", "cus_A1/pm_B2/x", "cus_../pm_B2", "tok_1"] {
            assert_eq!(SavedRef::parse(bad), None, "{bad}");
        }
        assert!(is_id("tok_1Pgc7BB7WZ01zgkWptnajzKJ", "tok_"));
        assert!(!is_id("tok_a/../x", "tok_"));
    }

    #[test]
    fn stripe_brands_become_the_shops() {
        for (stripe, shop) in [
            ("Visa", "VISA"),
            ("visa", "VISA"),
            ("MasterCard", "MASTER"),
            ("American Express", "AMEX"),
            ("amex", "AMEX"),
            ("JCB", "JCB"),
            ("Diners Club", "DINERS"),
            ("unionpay", "OTHER"),
        ] {
            assert_eq!(brand_of(stripe), shop, "{stripe}");
        }
    }
}
