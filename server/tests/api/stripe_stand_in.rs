//! A local stand-in for the part of Stripe's HTTP API the shop's adapter uses, built from
//! Stripe's public API reference (docs/payments-stripe.md): the same paths, form-encoded
//! bodies with `card[number]`-style keys, `Authorization: Bearer` keys (publishable for the
//! token endpoint, secret for the rest), `Idempotency-Key` replays, JSON objects and error
//! envelopes (402 `card_error` with `decline_code`, 400/404 `invalid_request_error`). Test card
//! numbers behave as in Stripe's test mode:
//!
//! | number           | behaviour                                        |
//! |------------------|--------------------------------------------------|
//! | 4242424242424242 | approved                                         |
//! | 4000000000000002 | declined (`generic_decline`), also when saved    |
//! | 4000000000009995 | declined at the charge (`insufficient_funds`)    |
//! | 4000002500003155 | the charge asks for 3-D Secure (`requires_action`) |
//!
//! It runs on a real port, so the adapter's requests go through reqwest as they would to Stripe.
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Form, Json, Router};
use serde_json::{Value, json};

pub const PUBLISHABLE_KEY: &str = "pk_test_standin51Hx";
pub const SECRET_KEY: &str = "sk_test_standin51HxSECRETdoNotShow";
pub const WEBHOOK_SECRET: &str = "whsec_standinSECRETdoNotShow";

/// One request as the stand-in received it.
#[derive(Debug, Clone)]
pub struct Received {
    pub method: String,
    pub path: String,
    pub authorization: String,
    pub idempotency_key: Option<String>,
    pub stripe_version: Option<String>,
    pub form: Vec<(String, String)>,
}

impl Received {
    pub fn field(&self, name: &str) -> Option<&str> {
        self.form.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }
}

#[derive(Debug, Clone)]
struct Card {
    brand: &'static str,
    last4: String,
    exp_month: i64,
    exp_year: i64,
    name: Option<String>,
    behaviour: Behaviour,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Behaviour {
    Approve,
    Decline,
    Insufficient,
    Authenticate,
}

#[derive(Debug, Clone)]
pub struct Intent {
    pub id: String,
    pub amount: i64,
    pub status: String,
    pub payment_method: String,
    pub customer: Option<String>,
    pub order_id: Option<String>,
    pub refunded: bool,
    /// What its refunds gave back so far (a refund without `amount` gives back the rest).
    pub amount_refunded: i64,
    /// Where Stripe sends the browser back after 3-D Secure (the redirect flow).
    pub return_url: Option<String>,
    /// `last_payment_error.code` after a failed attempt.
    pub last_error: Option<String>,
}

type Reply = (Vec<(String, String)>, StatusCode, Value);

#[derive(Default)]
struct Books {
    next: u64,
    tokens: HashMap<String, (Card, bool)>,
    /// PaymentMethod → its card, its customer, whether it was used without a customer.
    methods: HashMap<String, (Card, Option<String>, bool)>,
    customers: HashMap<String, bool>,
    intents: Vec<Intent>,
    refunds: Vec<String>,
    /// By idempotency key: the parameters first sent and the answer given.
    replies: HashMap<String, Reply>,
    received: Vec<Received>,
}

impl Books {
    fn id(&mut self, prefix: &str) -> String {
        self.next += 1;
        format!("{prefix}_Sx{:08}", self.next)
    }
}

type Shared = Arc<Mutex<Books>>;

pub struct StripeStandIn {
    pub base: String,
    books: Shared,
}

impl StripeStandIn {
    pub async fn start() -> StripeStandIn {
        let books: Shared = Arc::default();
        let app = Router::new()
            .route("/v1/tokens", post(create_token))
            .route("/v1/tokens/{id}", get(retrieve_token))
            .route("/v1/payment_methods", post(create_payment_method))
            .route("/v1/customers", post(create_customer))
            .route("/v1/customers/{id}", axum::routing::delete(delete_customer))
            .route("/v1/payment_intents", post(create_intent))
            .route("/v1/payment_intents/search", get(search_intents))
            .route("/v1/payment_intents/{id}", get(retrieve_intent))
            .route("/v1/payment_intents/{id}/cancel", post(cancel_intent))
            .route("/v1/refunds", post(create_refund))
            .with_state(books.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a free port");
        let base = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, app).await.expect("the stand-in serves") });
        StripeStandIn { base, books }
    }

    /// The `SHOP_PAYMENT_GATEWAYS` entry of a channel served by this stand-in.
    pub fn entry(&self) -> Value {
        json!({
            "gateway": "stripe", "publishable_key": PUBLISHABLE_KEY, "secret_key": SECRET_KEY,
            "webhook_secret": WEBHOOK_SECRET, "api_base": self.base,
        })
    }

    /// What the browser's card form does: the card to Stripe's token endpoint with the
    /// publishable key. Returns the answer's status and body.
    pub async fn post_card(&self, number: &str, exp_month: &str, exp_year: &str, cvc: &str) -> (u16, Value) {
        let form = [("card[number]", number), ("card[exp_month]", exp_month), ("card[exp_year]", exp_year), ("card[cvc]", cvc), ("card[name]", "TARO YAMADA")];
        let response = reqwest::Client::new().post(format!("{}/v1/tokens", self.base)).bearer_auth(PUBLISHABLE_KEY).form(&form).send().await.unwrap();
        let status = response.status().as_u16();
        (status, serde_json::from_slice(&response.bytes().await.unwrap()).unwrap())
    }

    /// A token for `number` (expiring 12/2030), as the browser gets it.
    pub async fn token(&self, number: &str) -> String {
        let (status, body) = self.post_card(number, "12", "2030", "123").await;
        assert_eq!(status, 200, "{body}");
        body["id"].as_str().unwrap().to_owned()
    }

    pub fn received(&self) -> Vec<Received> {
        self.books.lock().unwrap().received.clone()
    }

    pub fn intents(&self) -> Vec<Intent> {
        self.books.lock().unwrap().intents.clone()
    }

    /// The customer answers the 3-D Secure challenge of intent `id` on Stripe's page: passed,
    /// the intent succeeds (the charge is made then); failed, it needs another payment method.
    pub fn finish_authentication(&self, id: &str, passed: bool) {
        let mut books = self.books.lock().unwrap();
        let intent = books.intents.iter_mut().find(|i| i.id == id).expect("a known intent");
        assert_eq!(intent.status, "requires_action", "only a challenge still waiting can be answered");
        if passed {
            intent.status = "succeeded".into();
        } else {
            intent.status = "requires_payment_method".into();
            intent.last_error = Some("payment_intent_authentication_failure".into());
        }
    }

    pub fn refunds(&self) -> Vec<String> {
        self.books.lock().unwrap().refunds.clone()
    }

    pub fn live_customers(&self) -> usize {
        self.books.lock().unwrap().customers.values().filter(|alive| **alive).count()
    }
}

fn error(status: StatusCode, kind: &str, code: &str, decline_code: Option<&str>, message: &str) -> (StatusCode, Value) {
    let mut body = json!({ "type": kind, "code": code, "message": message });
    if let Some(decline) = decline_code {
        body["decline_code"] = json!(decline);
    }
    (status, json!({ "error": body }))
}

fn reply((status, body): (StatusCode, Value)) -> Response {
    (status, Json(body)).into_response()
}

fn field<'a>(form: &'a [(String, String)], name: &str) -> Option<&'a str> {
    form.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
}

/// Records the call and checks its key: `publishable` allows the publishable key too.
fn admit(books: &Shared, method: Method, path: &str, headers: &HeaderMap, form: &[(String, String)], publishable: bool) -> Result<(), (StatusCode, Value)> {
    let header = |name: &str| headers.get(name).and_then(|v| v.to_str().ok()).map(str::to_owned);
    let authorization = header("authorization").unwrap_or_default();
    books.lock().unwrap().received.push(Received {
        method: method.to_string(),
        path: path.to_owned(),
        authorization: authorization.clone(),
        idempotency_key: header("idempotency-key"),
        stripe_version: header("stripe-version"),
        form: form.to_vec(),
    });
    let key = authorization.strip_prefix("Bearer ").unwrap_or("");
    if key == SECRET_KEY || (publishable && key == PUBLISHABLE_KEY) {
        return Ok(());
    }
    let message = if key == PUBLISHABLE_KEY { "This API call cannot be made with a publishable API key." } else { "Invalid API Key provided." };
    Err(error(StatusCode::UNAUTHORIZED, "invalid_request_error", "api_key_invalid", None, message))
}

/// Answers a POST once per `Idempotency-Key`: a replay with the same parameters gets the
/// first answer (errors included), other parameters an `idempotency_error`.
fn idempotent(books: &Shared, headers: &HeaderMap, form: &[(String, String)], act: impl FnOnce(&mut Books) -> (StatusCode, Value)) -> Response {
    let key = headers.get("idempotency-key").and_then(|v| v.to_str().ok()).map(str::to_owned);
    let mut books = books.lock().unwrap();
    if let Some(key) = &key
        && let Some((sent, status, body)) = books.replies.get(key)
    {
        if sent.as_slice() != form {
            return reply(error(
                StatusCode::BAD_REQUEST,
                "idempotency_error",
                "idempotency_key_in_use",
                None,
                "Keys for idempotent requests can only be used with the same parameters they were first used with.",
            ));
        }
        return reply((*status, body.clone()));
    }
    let (status, body) = act(&mut books);
    if let Some(key) = key {
        books.replies.insert(key, (form.to_vec(), status, body.clone()));
    }
    reply((status, body))
}

fn luhn(digits: &str) -> bool {
    let sum: u32 = digits
        .bytes()
        .rev()
        .enumerate()
        .map(|(i, b)| {
            let d = u32::from(b - b'0');
            if i % 2 == 1 { if d * 2 > 9 { d * 2 - 9 } else { d * 2 } } else { d }
        })
        .sum();
    sum.is_multiple_of(10)
}

fn token_json(id: &str, card: &Card, used: bool) -> Value {
    json!({
        "id": id, "object": "token", "type": "card", "used": used, "livemode": false, "created": 1_800_000_000,
        "card": {
            "id": format!("card_{}", &id[4..]), "object": "card", "brand": card.brand, "last4": card.last4,
            "exp_month": card.exp_month, "exp_year": card.exp_year, "name": card.name, "funding": "credit", "country": "JP",
        },
    })
}

fn method_json(id: &str, card: &Card, customer: Option<&str>) -> Value {
    let brand = match card.brand {
        "Visa" => "visa",
        "MasterCard" => "mastercard",
        "JCB" => "jcb",
        "American Express" => "amex",
        _ => "unknown",
    };
    json!({
        "id": id, "object": "payment_method", "type": "card", "customer": customer, "livemode": false,
        "billing_details": { "name": null, "email": null },
        "card": { "brand": brand, "last4": card.last4, "exp_month": card.exp_month, "exp_year": card.exp_year, "country": "JP" },
    })
}

fn intent_json(books: &Books, intent: &Intent, expand: &[&str], prefix: &str) -> Value {
    let wants = |field: &str| expand.contains(&format!("{prefix}{field}").as_str());
    let method = match books.methods.get(&intent.payment_method) {
        Some((card, customer, _)) if wants("payment_method") => method_json(&intent.payment_method, card, customer.as_deref()),
        _ => json!(intent.payment_method),
    };
    let charge_id = format!("ch_{}", &intent.id[3..]);
    let latest_charge = match intent.status.as_str() {
        "succeeded" if wants("latest_charge") => {
            json!({ "id": charge_id, "object": "charge", "amount": intent.amount, "refunded": intent.refunded, "amount_refunded": intent.amount_refunded })
        }
        "succeeded" => json!(charge_id),
        _ => Value::Null,
    };
    let mut body = json!({
        "id": intent.id, "object": "payment_intent", "amount": intent.amount, "currency": "jpy", "status": intent.status,
        "payment_method": method, "customer": intent.customer, "latest_charge": latest_charge, "livemode": false,
        "metadata": intent.order_id.as_ref().map_or(json!({}), |id| json!({ "order_id": id })),
    });
    match (intent.status.as_str(), &intent.return_url) {
        // As Stripe answers a confirmation with `return_url`: a URL of its own for the browser.
        ("requires_action", Some(return_url)) => {
            let url = format!("https://hooks.stripe.com/3d_secure_2/hosted?merchant=acct_standin&payment_intent={}", intent.id);
            body["next_action"] = json!({ "type": "redirect_to_url", "redirect_to_url": { "url": url, "return_url": return_url } });
        }
        ("requires_action", None) => body["next_action"] = json!({ "type": "use_stripe_sdk" }),
        _ => {}
    }
    if let Some(code) = &intent.last_error {
        body["last_payment_error"] = json!({ "code": code, "type": "invalid_request_error" });
    }
    body
}

async fn create_token(State(books): State<Shared>, headers: HeaderMap, Form(form): Form<Vec<(String, String)>>) -> Response {
    if let Err(refused) = admit(&books, Method::POST, "/v1/tokens", &headers, &form, true) {
        return reply(refused);
    }
    let digits: String = field(&form, "card[number]").unwrap_or("").chars().filter(|c| !c.is_whitespace()).collect();
    let month: i64 = field(&form, "card[exp_month]").and_then(|m| m.parse().ok()).unwrap_or(0);
    let year: i64 = field(&form, "card[exp_year]").and_then(|y| y.parse().ok()).unwrap_or(0);
    let year = if (0..100).contains(&year) { 2000 + year } else { year };
    let cvc = field(&form, "card[cvc]").unwrap_or("");
    let card_error = |code: &str, param: &str, message: &str| {
        let (status, mut body) = error(StatusCode::PAYMENT_REQUIRED, "card_error", code, None, message);
        body["error"]["param"] = json!(param);
        reply((status, body))
    };
    if !(13..=19).contains(&digits.len()) || !digits.bytes().all(|b| b.is_ascii_digit()) || !luhn(&digits) {
        return card_error("incorrect_number", "number", "Your card number is incorrect.");
    }
    if !(1..=12).contains(&month) {
        return card_error("invalid_expiry_month", "exp_month", "Your card's expiration month is invalid.");
    }
    if year < 2026 {
        return card_error("invalid_expiry_year", "exp_year", "Your card's expiration year is invalid.");
    }
    if !(3..=4).contains(&cvc.len()) || !cvc.bytes().all(|b| b.is_ascii_digit()) {
        return card_error("invalid_cvc", "cvc", "Your card's security code is invalid.");
    }
    let behaviour = match digits.as_str() {
        "4000000000000002" => Behaviour::Decline,
        "4000000000009995" => Behaviour::Insufficient,
        "4000002500003155" | "4000002760003184" => Behaviour::Authenticate,
        _ => Behaviour::Approve,
    };
    let brand = match digits.as_bytes()[0] {
        b'4' => "Visa",
        b'5' => "MasterCard",
        _ if digits.starts_with("35") => "JCB",
        _ if digits.starts_with("34") || digits.starts_with("37") => "American Express",
        _ => "Unknown",
    };
    let name = field(&form, "card[name]").map(str::to_owned);
    let card = Card { brand, last4: digits[digits.len() - 4..].to_owned(), exp_month: month, exp_year: year, name, behaviour };
    let mut books = books.lock().unwrap();
    let id = books.id("tok");
    let body = token_json(&id, &card, false);
    books.tokens.insert(id, (card, false));
    reply((StatusCode::OK, body))
}

fn missing(what: &str, id: &str) -> (StatusCode, Value) {
    let (status, mut body) = error(StatusCode::NOT_FOUND, "invalid_request_error", "resource_missing", None, &format!("No such {what}: '{id}'"));
    body["error"]["param"] = json!("id");
    (status, body)
}

async fn retrieve_token(State(books): State<Shared>, headers: HeaderMap, Path(id): Path<String>) -> Response {
    if let Err(refused) = admit(&books, Method::GET, &format!("/v1/tokens/{id}"), &headers, &[], false) {
        return reply(refused);
    }
    let books = books.lock().unwrap();
    match books.tokens.get(&id) {
        Some((card, used)) => reply((StatusCode::OK, token_json(&id, card, *used))),
        None => reply(missing("token", &id)),
    }
}

async fn create_payment_method(State(books): State<Shared>, headers: HeaderMap, Form(form): Form<Vec<(String, String)>>) -> Response {
    if let Err(refused) = admit(&books, Method::POST, "/v1/payment_methods", &headers, &form, false) {
        return reply(refused);
    }
    idempotent(&books, &headers, &form, |books| {
        if field(&form, "type") != Some("card") {
            return error(StatusCode::BAD_REQUEST, "invalid_request_error", "parameter_invalid_empty", None, "Missing required param: type.");
        }
        let token = field(&form, "card[token]").unwrap_or("").to_owned();
        let Some((card, used)) = books.tokens.get(&token).cloned() else { return missing("token", &token) };
        if used {
            return error(StatusCode::BAD_REQUEST, "invalid_request_error", "token_already_used", None, "You cannot use a Stripe token more than once.");
        }
        books.tokens.insert(token, (card.clone(), true));
        let id = books.id("pm");
        let body = method_json(&id, &card, None);
        books.methods.insert(id, (card, None, false));
        (StatusCode::OK, body)
    })
}

async fn create_customer(State(books): State<Shared>, headers: HeaderMap, Form(form): Form<Vec<(String, String)>>) -> Response {
    if let Err(refused) = admit(&books, Method::POST, "/v1/customers", &headers, &form, false) {
        return reply(refused);
    }
    idempotent(&books, &headers, &form, |books| {
        let id = books.id("cus");
        if let Some(method_id) = field(&form, "payment_method") {
            let Some((card, customer, used)) = books.methods.get(method_id).cloned() else { return missing("payment_method", method_id) };
            if customer.is_some() || used {
                return error(
                    StatusCode::BAD_REQUEST,
                    "invalid_request_error",
                    "payment_method_unexpected_state",
                    None,
                    "This PaymentMethod cannot be attached.",
                );
            }
            // Attaching checks the card with the issuer.
            if card.behaviour == Behaviour::Decline {
                return error(StatusCode::PAYMENT_REQUIRED, "card_error", "card_declined", Some("generic_decline"), "Your card was declined.");
            }
            books.methods.insert(method_id.to_owned(), (card, Some(id.clone()), false));
        }
        books.customers.insert(id.clone(), true);
        (StatusCode::OK, json!({ "id": id, "object": "customer", "livemode": false, "metadata": {} }))
    })
}

async fn delete_customer(State(books): State<Shared>, headers: HeaderMap, Path(id): Path<String>) -> Response {
    if let Err(refused) = admit(&books, Method::DELETE, &format!("/v1/customers/{id}"), &headers, &[], false) {
        return reply(refused);
    }
    let mut books = books.lock().unwrap();
    if books.customers.get(&id) != Some(&true) {
        return reply(missing("customer", &id));
    }
    books.customers.insert(id.clone(), false);
    for (_, customer, _) in books.methods.values_mut() {
        if customer.as_deref() == Some(id.as_str()) {
            *customer = None;
        }
    }
    reply((StatusCode::OK, json!({ "id": id, "object": "customer", "deleted": true })))
}

async fn create_intent(State(books): State<Shared>, headers: HeaderMap, Form(form): Form<Vec<(String, String)>>) -> Response {
    if let Err(refused) = admit(&books, Method::POST, "/v1/payment_intents", &headers, &form, false) {
        return reply(refused);
    }
    idempotent(&books, &headers, &form, |books| {
        let amount: i64 = field(&form, "amount").and_then(|a| a.parse().ok()).unwrap_or(0);
        if field(&form, "currency") != Some("jpy") || amount < 50 {
            return error(StatusCode::BAD_REQUEST, "invalid_request_error", "amount_too_small", None, "Amount must be at least ¥50 jpy.");
        }
        let method_id = field(&form, "payment_method").unwrap_or("").to_owned();
        let customer = field(&form, "customer").map(str::to_owned);
        let Some((card, owner, used)) = books.methods.get(&method_id).cloned() else { return missing("payment_method", &method_id) };
        if owner != customer || (owner.is_none() && used) {
            return error(
                StatusCode::BAD_REQUEST,
                "invalid_request_error",
                "payment_method_unexpected_state",
                None,
                "The provided PaymentMethod cannot be used with this Customer.",
            );
        }
        if owner.is_none() {
            books.methods.insert(method_id.clone(), (card.clone(), None, true));
        }
        let (status, refusal) = match card.behaviour {
            Behaviour::Approve => ("succeeded", None),
            Behaviour::Authenticate => ("requires_action", None),
            Behaviour::Decline => ("requires_payment_method", Some(("card_declined", "generic_decline", "Your card was declined."))),
            Behaviour::Insufficient => ("requires_payment_method", Some(("card_declined", "insufficient_funds", "Your card has insufficient funds."))),
        };
        let intent = Intent {
            id: books.id("pi"),
            amount,
            status: status.into(),
            payment_method: method_id,
            customer,
            order_id: field(&form, "metadata[order_id]").map(str::to_owned),
            refunded: false,
            amount_refunded: 0,
            return_url: field(&form, "return_url").map(str::to_owned),
            last_error: None,
        };
        books.intents.push(intent.clone());
        let expand: Vec<&str> = form.iter().filter(|(k, _)| k == "expand[]").map(|(_, v)| v.as_str()).collect();
        let body = intent_json(books, &intent, &expand, "");
        match refusal {
            Some((code, decline, message)) => {
                let (status, mut error) = error(StatusCode::PAYMENT_REQUIRED, "card_error", code, Some(decline), message);
                error["error"]["payment_intent"] = body;
                (status, error)
            }
            None => (StatusCode::OK, body),
        }
    })
}

async fn search_intents(State(books): State<Shared>, headers: HeaderMap, Query(query): Query<Vec<(String, String)>>) -> Response {
    if let Err(refused) = admit(&books, Method::GET, "/v1/payment_intents/search", &headers, &query, false) {
        return reply(refused);
    }
    // The one query form the shop sends: metadata['order_id']:'<value>'.
    let text = field(&query, "query").unwrap_or("");
    let Some(order_id) = text.strip_prefix("metadata['order_id']:'").and_then(|rest| rest.strip_suffix('\'')) else {
        return reply(error(StatusCode::BAD_REQUEST, "invalid_request_error", "parameter_invalid_string", None, "Invalid search query."));
    };
    let expand: Vec<&str> = query.iter().filter(|(k, _)| k == "expand[]").map(|(_, v)| v.as_str()).collect();
    let books = books.lock().unwrap();
    let data: Vec<Value> = books.intents.iter().filter(|i| i.order_id.as_deref() == Some(order_id)).map(|i| intent_json(&books, i, &expand, "data.")).collect();
    reply((StatusCode::OK, json!({ "object": "search_result", "data": data, "has_more": false, "next_page": null, "url": "/v1/payment_intents/search" })))
}

async fn retrieve_intent(State(books): State<Shared>, headers: HeaderMap, Path(id): Path<String>, Query(query): Query<Vec<(String, String)>>) -> Response {
    if let Err(refused) = admit(&books, Method::GET, &format!("/v1/payment_intents/{id}"), &headers, &query, false) {
        return reply(refused);
    }
    let expand: Vec<&str> = query.iter().filter(|(k, _)| k == "expand[]").map(|(_, v)| v.as_str()).collect();
    let books = books.lock().unwrap();
    match books.intents.iter().find(|i| i.id == id) {
        Some(intent) => reply((StatusCode::OK, intent_json(&books, intent, &expand, ""))),
        None => reply(missing("payment_intent", &id)),
    }
}

async fn cancel_intent(State(books): State<Shared>, headers: HeaderMap, Path(id): Path<String>) -> Response {
    if let Err(refused) = admit(&books, Method::POST, &format!("/v1/payment_intents/{id}/cancel"), &headers, &[], false) {
        return reply(refused);
    }
    let mut books = books.lock().unwrap();
    let Some(index) = books.intents.iter().position(|i| i.id == id) else { return reply(missing("payment_intent", &id)) };
    if books.intents[index].status == "succeeded" {
        return reply(error(StatusCode::BAD_REQUEST, "invalid_request_error", "payment_intent_unexpected_state", None, "This PaymentIntent has succeeded."));
    }
    books.intents[index].status = "canceled".into();
    let body = intent_json(&books, &books.intents[index], &[], "");
    reply((StatusCode::OK, body))
}

async fn create_refund(State(books): State<Shared>, headers: HeaderMap, Form(form): Form<Vec<(String, String)>>) -> Response {
    if let Err(refused) = admit(&books, Method::POST, "/v1/refunds", &headers, &form, false) {
        return reply(refused);
    }
    idempotent(&books, &headers, &form, |books| {
        let id = field(&form, "payment_intent").unwrap_or("").to_owned();
        let Some(index) = books.intents.iter().position(|i| i.id == id) else { return missing("payment_intent", &id) };
        if books.intents[index].refunded {
            return error(StatusCode::BAD_REQUEST, "invalid_request_error", "charge_already_refunded", None, "Charge has already been refunded.");
        }
        if books.intents[index].status != "succeeded" {
            return error(
                StatusCode::BAD_REQUEST,
                "invalid_request_error",
                "payment_intent_unexpected_state",
                None,
                "This PaymentIntent does not have a successful charge to refund.",
            );
        }
        // Stripe: `amount` (a positive integer in the smallest unit) defaults to what is left;
        // more than that is `amount_too_large`.
        let left = books.intents[index].amount - books.intents[index].amount_refunded;
        let amount = match field(&form, "amount").map(str::parse::<i64>) {
            None => left,
            Some(Ok(amount)) if amount > 0 => amount,
            Some(_) => return error(StatusCode::BAD_REQUEST, "invalid_request_error", "parameter_invalid_integer", None, "Invalid positive integer"),
        };
        if amount > left {
            return error(
                StatusCode::BAD_REQUEST,
                "invalid_request_error",
                "amount_too_large",
                None,
                "Refund amount is greater than unrefunded amount on charge.",
            );
        }
        books.intents[index].amount_refunded += amount;
        books.intents[index].refunded = books.intents[index].amount_refunded == books.intents[index].amount;
        books.refunds.push(id.clone());
        let refund_id = books.id("re");
        (StatusCode::OK, json!({ "id": refund_id, "object": "refund", "amount": amount, "payment_intent": id, "status": "succeeded", "currency": "jpy" }))
    })
}
