//! The card gateway by configuration: a shop served by Stripe (through the adapter, against
//! the local stand-in of Stripe's API) for guest and saved-card checkouts, declines, refunds
//! and signed webhooks; a shop no gateway serves, which takes no cards; and the settings and
//! page headers that must name the gateway without ever showing its secrets.
use axum::http::StatusCode;
use serde_json::{Value, json};

use crate::cart::{code_of, count, demo_member, forget_seeded_history, init, patch, payment_id, product, ready_guest_cart, stock_of};
use crate::helpers::TestApp;
use crate::on_both_databases;
use crate::stripe_stand_in::{PUBLISHABLE_KEY, SECRET_KEY, StripeStandIn, WEBHOOK_SECRET};
use shop::payments::gateway::{AUTHENTICATION_FAILED_MESSAGE, DECLINED_MESSAGE, LIMIT_MESSAGE, TOKEN_GONE_MESSAGE, UNAVAILABLE_MESSAGE};

const SETTINGS: &str = "/v1/settings/payment-service/credit_card";
const WEBHOOK: &str = "/v1/payments/stripe/webhook";

/// The demo shop served by the stand-in, without `--demo`: nothing else takes cards.
async fn stripe_shop(app: &mut TestApp) -> StripeStandIn {
    let stripe = StripeStandIn::start().await;
    app.use_payment_gateways(&json!({ "demo": stripe.entry() }), false);
    stripe
}

async fn decide(app: &TestApp, token: &str, bearer: Option<&str>) -> crate::helpers::Answer {
    let mut call = app.post(&format!("/v1/carts/{token}/decision")).json(&json!({}));
    if let Some(bearer) = bearer {
        call = call.bearer(bearer);
    }
    call.send().await
}

/// Every call the shop made with its secret key (the browser's calls use the publishable one).
fn shop_calls(stripe: &StripeStandIn) -> Vec<crate::stripe_stand_in::Received> {
    stripe.received().into_iter().filter(|r| r.authorization == format!("Bearer {SECRET_KEY}")).collect()
}

async fn the_settings_name_stripe_and_its_public_key_and_never_a_secret(mut app: TestApp) {
    let stripe = stripe_shop(&mut app).await;
    let answer = app.get(SETTINGS).send().await;
    answer.assert_status(StatusCode::OK);
    let body = answer.json();
    assert_eq!(body["gateway"], "stripe");
    assert_eq!(body["tokenize_url"], format!("{}/v1/tokens", stripe.base));
    assert_eq!(body["public_key"], PUBLISHABLE_KEY);
    assert_eq!(body["test_cards"][0]["number"], "4242 4242 4242 4242", "a test-mode account shows Stripe's test cards");
    for secret in [SECRET_KEY, WEBHOOK_SECRET, "sk_", "whsec_"] {
        assert!(!answer.text().contains(secret), "{secret} in {}", answer.text());
    }
    let public = app.get("/public.json").send().await;
    assert!(!public.text().contains(SECRET_KEY) && !public.text().contains(WEBHOOK_SECRET));

    // The sandbox's tokeniser is not this shop's gateway.
    let card = json!({ "number": "4242424242424242", "holder_name": "TARO YAMADA", "exp_month": 12, "exp_year": 2030, "security_code": "123" });
    app.post("/sandbox-gateway/tokens").json(&card).send().await.assert_status(StatusCode::NOT_FOUND);

    // The shop's pages may connect to exactly this gateway's origin, and load nothing from it.
    crate::web::write_site(&mut app);
    let page = app.get("/cart/payment").send().await;
    page.assert_status(StatusCode::OK);
    let csp = page.header("content-security-policy").to_owned();
    assert!(csp.contains(&format!("connect-src 'self' {};", stripe.base)), "{csp}");
    assert!(csp.contains("script-src 'self';") && !csp.contains("frame-src"), "{csp}");
    let other = app.get("/cart/payment").channel("corporate").send().await;
    assert!(other.header("content-security-policy").contains("connect-src 'self';"), "another shop's pages do not name the gateway");
}

async fn a_guest_pays_through_stripe_and_declines_read_in_japanese(mut app: TestApp) {
    let stripe = stripe_shop(&mut app).await;
    forget_seeded_history(&app).await;
    let bolt = product(&app, "bolt", 1000, 10, 10).await;
    let token = ready_guest_cart(&app, &bolt, 2, "credit_card").await;

    // The browser's card form: a mistyped number is refused by Stripe itself, on the field.
    let (status, body) = stripe.post_card("4242424242424241", "12", "2030", "123").await;
    assert_eq!((status, body["error"]["code"].as_str(), body["error"]["param"].as_str()), (402, Some("incorrect_number"), Some("number")));

    // Declined at the charge: the order is undone and the cart keeps the message.
    for (number, message) in [("4000000000000002", DECLINED_MESSAGE), ("4000000000009995", LIMIT_MESSAGE)] {
        let card = stripe.token(number).await;
        let cart = patch(&app, "/v1/carts/order/modify", json!({ "token": token, "card_token": card }), None).await;
        cart.assert_status(StatusCode::OK);
        assert_eq!(cart.json()["detail"]["order"]["card"]["masked_number"], format!("************{}", &number[12..]));
        assert_eq!(cart.json()["detail"]["order"]["card"]["brand"], "VISA");
        let declined = decide(&app, &token, None).await;
        declined.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!((code_of(&declined).as_str(), declined.json()["message"].as_str()), ("cart.payment.declined", Some(message)));
        assert_eq!(count(&app, "SELECT COUNT(*) FROM orders").await, 0);
        assert_eq!(stock_of(&app, &bolt).await, 10);
    }
    let card = stripe.token("4242424242424242").await;
    patch(&app, "/v1/carts/order/modify", json!({ "token": token, "card_token": card }), None).await.assert_status(StatusCode::OK);
    let paid = decide(&app, &token, None).await;
    paid.assert_status(StatusCode::OK);
    let order_id = paid.json()["order_id"].as_str().unwrap().to_owned();
    assert_eq!((paid.json()["status"].as_str(), paid.json()["total_payment"].as_i64()), (Some("paid"), Some(2880)));
    let charged: Vec<_> = stripe.intents().into_iter().filter(|i| i.status == "succeeded").collect();
    assert_eq!(charged.len(), 1);
    assert_eq!((charged[0].amount, charged[0].order_id.as_deref()), (2880, Some(order_id.as_str())));
    let (charge_id, masked): (Option<String>, Option<String>) =
        sqlx::query_as("SELECT gateway_charge_id, card_masked_number FROM orders").fetch_one(&app.state.db.pool).await.unwrap();
    assert_eq!((charge_id.as_deref(), masked.as_deref()), (Some(charged[0].id.as_str()), Some("************4242")));

    // The charge went out under the order id as the idempotency key, on a pinned API version,
    // and no call of the shop ever carried a card number.
    let calls = shop_calls(&stripe);
    let create = calls.iter().rfind(|c| c.path == "/v1/payment_intents").unwrap();
    assert_eq!(create.method, "POST");
    assert_eq!(create.idempotency_key.as_deref(), Some(order_id.as_str()));
    assert_eq!((create.field("currency"), create.field("confirm")), (Some("jpy"), Some("true")));
    assert!(calls.iter().all(|c| c.stripe_version.as_deref() == Some(shop::payments::stripe::API_VERSION)));
    assert!(calls.iter().all(|c| c.form.iter().all(|(k, v)| !k.contains("number") && !v.contains("4242424242424242"))));

    // A retried decision answers the same order and charges nothing more.
    let again = decide(&app, &token, None).await;
    assert_eq!(again.json()["order_no"], paid.json()["order_no"]);
    assert_eq!(stripe.intents().iter().filter(|i| i.status == "succeeded").count(), 1);

    // What the reconciler asks after a crash: the charge made under the order id, if any.
    let channel_id = app.channel_id("demo").await;
    let found = app.state.gateway.find_charge(&channel_id, &order_id).await.unwrap().expect("the order's charge");
    assert_eq!((found.id.as_str(), found.masked_number.as_str()), (charged[0].id.as_str(), "************4242"));
    assert_eq!(app.state.gateway.find_charge(&channel_id, "0190aaaa-no-such-order").await.unwrap(), None);
}

/// 3-D Secure through Stripe's redirect flow: the decision answers Stripe's challenge URL and
/// leaves the order waiting; the same decision after the challenge answers what came of it.
async fn a_card_asking_for_3ds_is_paid_after_the_challenge_and_refused_after_a_failed_one(mut app: TestApp) {
    let stripe = stripe_shop(&mut app).await;
    forget_seeded_history(&app).await;
    let bolt = product(&app, "bolt", 1000, 10, 10).await;

    let token = ready_guest_cart(&app, &bolt, 2, "credit_card").await;
    let card = stripe.token("4000002760003184").await;
    patch(&app, "/v1/carts/order/modify", json!({ "token": token, "card_token": card }), None).await.assert_status(StatusCode::OK);
    let asked = decide(&app, &token, None).await;
    asked.assert_status(StatusCode::OK);
    let asked = asked.json();
    assert_eq!(asked["status"], "awaiting_payment", "{asked}");
    assert!(asked["next_action"]["redirect_url"].as_str().unwrap().starts_with("https://hooks.stripe.com/"), "{asked}");
    let intent = stripe.intents().into_iter().find(|i| i.status == "requires_action").expect("the intent waiting for 3-D Secure");
    assert!(intent.return_url.as_deref().unwrap().ends_with("/cart/authentication"), "{:?}", intent.return_url);
    assert_eq!(stock_of(&app, &bolt).await, 8, "the order holds its stock while the customer authenticates");

    // Back before finishing: still waiting, nothing charged, nothing cancelled.
    let again = decide(&app, &token, None).await;
    again.assert_status(StatusCode::OK);
    assert!(again.json()["next_action"]["redirect_url"].is_string());
    stripe.finish_authentication(&intent.id, true);
    let paid = decide(&app, &token, None).await;
    paid.assert_status(StatusCode::OK);
    let paid = paid.json();
    assert_eq!((paid["status"].as_str(), paid["next_action"].is_null()), (Some("paid"), true), "{paid}");
    assert_eq!(stripe.intents().len(), 1, "one intent, confirmed once");

    // The challenge failed: the order is undone as for a declined card, with its own message.
    let token = ready_guest_cart(&app, &bolt, 1, "credit_card").await;
    let card = stripe.token("4000002760003184").await;
    patch(&app, "/v1/carts/order/modify", json!({ "token": token, "card_token": card }), None).await.assert_status(StatusCode::OK);
    decide(&app, &token, None).await.assert_status(StatusCode::OK);
    let waiting = stripe.intents().into_iter().find(|i| i.status == "requires_action").unwrap();
    stripe.finish_authentication(&waiting.id, false);
    let refused = decide(&app, &token, None).await;
    refused.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!((code_of(&refused).as_str(), refused.json()["message"].as_str()), ("cart.payment.declined", Some(AUTHENTICATION_FAILED_MESSAGE)));
    assert_eq!(count(&app, "SELECT COUNT(*) FROM orders").await, 1, "only the paid one");
    assert_eq!(stock_of(&app, &bolt).await, 8);
}

async fn a_member_saves_a_card_at_stripe_pays_with_it_and_a_cancel_refunds(mut app: TestApp) {
    let stripe = stripe_shop(&mut app).await;
    forget_seeded_history(&app).await;
    let member = demo_member(&app).await;

    let card = stripe.token("4242424242424242").await;
    let saved = app.post("/v1/me/user-cards").bearer(&member).json(&json!({ "token": card })).send().await;
    saved.assert_status(StatusCode::CREATED);
    let saved = saved.json();
    assert_eq!(
        (saved["brand"].as_str(), saved["masked_number"].as_str(), saved["expiration"].as_str(), saved["holder_name"].as_str(), saved["is_main"].as_bool()),
        (Some("VISA"), Some("************4242"), Some("2030-12"), Some("TARO YAMADA"), Some(true))
    );
    assert_eq!(stripe.live_customers(), 1);
    let card_ref: String = sqlx::query_scalar("SELECT card_ref FROM user_cards").fetch_one(&app.state.db.pool).await.unwrap();
    assert!(card_ref.starts_with("cus_") && card_ref.contains("/pm_"), "{card_ref}");
    let gateway: String = sqlx::query_scalar("SELECT gateway FROM user_cards").fetch_one(&app.state.db.pool).await.unwrap();
    assert_eq!(gateway, "stripe");

    // A spent token, and a card the issuer refuses when Stripe checks it, are not saved.
    let again = app.post("/v1/me/user-cards").bearer(&member).json(&json!({ "token": card })).send().await;
    assert_eq!((code_of(&again).as_str(), again.json()["message"].as_str()), ("user_cards.invalid_token", Some(TOKEN_GONE_MESSAGE)));
    let refused_card = stripe.token("4000000000000002").await;
    let refused = app.post("/v1/me/user-cards").bearer(&member).json(&json!({ "token": refused_card })).send().await;
    assert_eq!((code_of(&refused).as_str(), refused.json()["message"].as_str()), ("user_cards.invalid_token", Some(DECLINED_MESSAGE)));
    assert_eq!(count(&app, "SELECT COUNT(*) FROM user_cards").await, 1);

    // Paying with the saved card charges its Customer's PaymentMethod.
    let bolt = product(&app, "bolt", 3000, 10, 10).await;
    let token = init(&app, None, Some(&member)).await["token"].as_str().unwrap().to_owned();
    patch(&app, "/v1/carts/products/add", json!({ "token": token, "variation_key": bolt, "quantity": 1 }), Some(&member)).await.assert_status(StatusCode::OK);
    let book = app.get("/v1/me/user-addresses").bearer(&member).send().await.json();
    let own = book["data"][0]["id"].as_str().unwrap().to_owned();
    patch(&app, "/v1/carts/shippings/add", json!({ "token": token, "user_address_id": own }), Some(&member)).await.assert_status(StatusCode::OK);
    let method = payment_id(&app, "credit_card").await;
    let card_id = saved["id"].as_str().unwrap();
    patch(&app, "/v1/carts/order/modify", json!({ "token": token, "payment_method_id": method, "card_id": card_id }), Some(&member))
        .await
        .assert_status(StatusCode::OK);
    let paid = decide(&app, &token, Some(&member)).await;
    paid.assert_status(StatusCode::OK);
    assert_eq!(paid.json()["status"], "paid");
    let order_id = paid.json()["order_id"].as_str().unwrap().to_owned();
    let intent = stripe.intents().into_iter().find(|i| i.order_id.as_deref() == Some(order_id.as_str())).unwrap();
    assert_eq!((intent.status.as_str(), intent.customer.as_deref()), ("succeeded", card_ref.split('/').next()));

    // The member cancels: Stripe refunds the payment, once, and the reconciler would no longer
    // count it as charged.
    let cancelled =
        app.put(&format!("/v1/me/orders/{order_id}/cancel")).bearer(&member).json(&json!({ "cancel_reason": "注文内容を間違えたため" })).send().await;
    cancelled.assert_status(StatusCode::OK);
    assert_eq!(stripe.refunds(), vec![intent.id.clone()]);
    let refund = shop_calls(&stripe).into_iter().find(|c| c.path == "/v1/refunds").unwrap();
    assert_eq!(refund.idempotency_key, Some(format!("refund-{}", intent.id)));
    let channel_id = app.channel_id("demo").await;
    assert_eq!(app.state.gateway.find_charge(&channel_id, &order_id).await.unwrap(), None);
    app.state.gateway.refund(&channel_id, &intent.id).await.expect("a second refund is a no-op, not an error");
    assert_eq!(stripe.refunds().len(), 1);

    // Deleting the card deletes its Customer at Stripe.
    app.delete(&format!("/v1/me/user-cards/{card_id}")).bearer(&member).send().await.assert_status(StatusCode::NO_CONTENT);
    assert_eq!(stripe.live_customers(), 0);
}

async fn a_shop_no_gateway_serves_takes_no_cards(mut app: TestApp) {
    // No --demo; the sandbox only where the file says so (the corporate shop).
    app.use_payment_gateways(&json!({ "corporate": { "gateway": "sandbox" } }), false);
    let codes: Vec<Value> = app.get("/v1/payments").send().await.json().as_array().unwrap().iter().map(|m| m["code"].clone()).collect();
    assert!(!codes.is_empty() && !codes.contains(&json!("credit_card")), "{codes:?}");
    app.get(SETTINGS).send().await.assert_status(StatusCode::NOT_FOUND);
    let card = json!({ "number": "4242424242424242", "holder_name": "TARO YAMADA", "exp_month": 12, "exp_year": 2030, "security_code": "123" });
    app.post("/sandbox-gateway/tokens").json(&card).send().await.assert_status(StatusCode::NOT_FOUND);
    app.post("/sandbox-gateway/tokens").channel("corporate").json(&card).send().await.assert_status(StatusCode::CREATED);

    // The checkout cannot choose cards, and the card list cannot add one.
    forget_seeded_history(&app).await;
    let bolt = product(&app, "bolt", 1000, 10, 10).await;
    let token = ready_guest_cart(&app, &bolt, 1, "cod").await;
    let cart_options = app.get(&format!("/v1/payments/carts/{token}")).send().await.json();
    assert!(cart_options.as_array().unwrap().iter().all(|m| m["code"] != "credit_card"));
    let card_method: String = sqlx::query_scalar("SELECT id FROM payment_methods WHERE code = 'credit_card' AND channel_id = $1")
        .bind(app.channel_id("demo").await)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    let chosen = patch(&app, "/v1/carts/order/modify", json!({ "token": token, "payment_method_id": card_method }), None).await;
    chosen.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert!(chosen.json()["errors"]["payment_method_id"].is_array());
    let member = demo_member(&app).await;
    let added = app.post("/v1/me/user-cards").bearer(&member).json(&json!({ "token": "tok_anything" })).send().await;
    assert_eq!((code_of(&added).as_str(), added.json()["message"].as_str()), ("user_cards.unavailable", Some(UNAVAILABLE_MESSAGE)));

    // A cart that chose cards while they were offered is asked to choose again, never a 500.
    app.use_payment_gateways(&json!({}), true);
    let before = ready_guest_cart(&app, &bolt, 1, "credit_card").await;
    let issued = app.post("/sandbox-gateway/tokens").json(&card).send().await.json();
    patch(&app, "/v1/carts/order/modify", json!({ "token": before, "card_token": issued["token"] }), None).await.assert_status(StatusCode::OK);
    app.use_payment_gateways(&json!({}), false);
    let decided = decide(&app, &before, None).await;
    decided.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(code_of(&decided), "cart.decision.incomplete");
}

fn fraud_event(id: &str, intent: &str) -> String {
    json!({
        "id": id, "object": "event", "type": "radar.early_fraud_warning.created", "api_version": "2024-06-20",
        "data": { "object": { "id": "issfr_1", "object": "radar.early_fraud_warning", "actionable": true, "charge": "ch_1", "fraud_type": "misc", "payment_intent": intent } },
    })
    .to_string()
}

fn now_secs() -> i64 {
    time::OffsetDateTime::now_utc().unix_timestamp()
}

async fn stripe_webhooks_need_the_signature_and_cancel_a_fraudulent_order_once(mut app: TestApp) {
    use shop::payments::stripe::signature::sign;
    let stripe = stripe_shop(&mut app).await;
    forget_seeded_history(&app).await;
    let bolt = product(&app, "bolt", 1000, 10, 10).await;
    let token = ready_guest_cart(&app, &bolt, 1, "credit_card").await;
    let card = stripe.token("4242424242424242").await;
    patch(&app, "/v1/carts/order/modify", json!({ "token": token, "card_token": card }), None).await.assert_status(StatusCode::OK);
    let paid = decide(&app, &token, None).await;
    paid.assert_status(StatusCode::OK);
    let intent = stripe.intents().into_iter().find(|i| i.status == "succeeded").unwrap();
    assert_eq!(stock_of(&app, &bolt).await, 9);

    let body = fraud_event("evt_fraud_1", &intent.id);
    let post = |signature: String, body: String| {
        let app = &app;
        async move { app.post(WEBHOOK).header("stripe-signature", &signature).raw_body("application/json", body).send().await }
    };
    // Unsigned, signed with another secret, or signed ten minutes ago: nothing happens.
    for signature in ["".to_owned(), sign(b"whsec_other", now_secs(), body.as_bytes()), sign(WEBHOOK_SECRET.as_bytes(), now_secs() - 600, body.as_bytes())] {
        post(signature, body.clone()).await.assert_status(StatusCode::UNAUTHORIZED);
    }
    assert_eq!(count(&app, "SELECT COUNT(*) FROM payment_notifications").await, 0);
    assert_eq!(paid_status(&app).await, "paid");

    // Other events are acknowledged and not acted on.
    let other = json!({ "id": "evt_other", "object": "event", "type": "payment_intent.succeeded", "data": { "object": { "id": intent.id } } }).to_string();
    post(sign(WEBHOOK_SECRET.as_bytes(), now_secs(), other.as_bytes()), other).await.assert_status(StatusCode::OK);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM payment_notifications").await, 0);

    // Signed: the order is cancelled, its stock back, its payment refunded; a replay changes nothing.
    for _ in 0..2 {
        let answer = post(sign(WEBHOOK_SECRET.as_bytes(), now_secs(), body.as_bytes()), body.clone()).await;
        answer.assert_status(StatusCode::OK);
        assert_eq!(answer.json()["result"], "OK");
    }
    assert_eq!(paid_status(&app).await, "cancelled");
    assert_eq!(stock_of(&app, &bolt).await, 10);
    assert_eq!(stripe.refunds(), vec![intent.id.clone()]);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM payment_notifications").await, 1);

    // Signed but not an event: a field error, not a 500.
    let garbage = "not json".to_owned();
    post(sign(WEBHOOK_SECRET.as_bytes(), now_secs(), garbage.as_bytes()), garbage).await.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    // A shop Stripe does not serve has no such endpoint.
    app.post(WEBHOOK).channel("corporate").raw_body("application/json", "{}").send().await.assert_status(StatusCode::NOT_FOUND);
}

async fn paid_status(app: &TestApp) -> String {
    sqlx::query_scalar("SELECT status FROM orders").fetch_one(&app.state.db.pool).await.unwrap()
}

on_both_databases!(
    the_settings_name_stripe_and_its_public_key_and_never_a_secret,
    a_guest_pays_through_stripe_and_declines_read_in_japanese,
    a_member_saves_a_card_at_stripe_pays_with_it_and_a_cancel_refunds,
    a_card_asking_for_3ds_is_paid_after_the_challenge_and_refused_after_a_failed_one,
    a_shop_no_gateway_serves_takes_no_cards,
    stripe_webhooks_need_the_signature_and_cancel_a_fraudulent_order_once,
);
