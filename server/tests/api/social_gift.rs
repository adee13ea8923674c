//! Social gift (issue 15) as the buyer and the recipient use it: the buyer pays without an
//! address and gets a link shown once; the recipient registers an address and a date once;
//! the sender never sees the address; expired, reused, replaced and wrong tokens answer 404;
//! an undeliverable date is refused; the deadline reminds and then cancels and refunds.
use axum::http::StatusCode;
use serde_json::{Value, json};

use crate::cart::{add, code_of, count, demo_member, forget_seeded_history, init, patch, payment_id, product, set_setting, stock_of, tokenize};
use crate::helpers::{Answer, TestApp};
use crate::on_both_databases;

const DAY_MS: i64 = 24 * 60 * 60 * 1000;
const RECIPIENT_EMAIL: &str = "hanako@example.jp";

fn now_ms() -> i64 {
    shop::infra::time::Timestamp::now().0
}

/// A cart of `quantity` × `variation_key` made a gift to はなこ and paid by card; answers the
/// decision. `bearer`: a member's cart (else a guest's with an orderer).
async fn paid_gift(app: &TestApp, variation_key: &str, quantity: i64, bearer: Option<&str>) -> Value {
    let token = init(app, None, bearer).await["token"].as_str().unwrap().to_owned();
    let added = match bearer {
        Some(b) => patch(app, "/v1/carts/products/add", json!({ "token": token, "variation_key": variation_key, "quantity": quantity }), Some(b)).await,
        None => add(app, &token, variation_key, quantity).await,
    };
    added.assert_status(StatusCode::OK);
    let gift = patch(
        app,
        "/v1/carts/social/receiver",
        json!({ "token": token, "is_social_gift": true, "receiver_name": "はなこ", "sender_name": "たろう", "message": "お誕生日おめでとう！" }),
        bearer,
    )
    .await;
    gift.assert_status(StatusCode::OK);
    let cart = gift.json();
    assert_eq!(cart["social_gift"]["receiver"]["receiver_name"], "はなこ");
    let missing: Vec<&str> = cart["detail"]["order"]["missing"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
    assert!(!missing.contains(&"shipping_address"), "a gift needs no address: {missing:?}");
    let card = tokenize(app, "4242424242424242").await;
    let method = payment_id(app, "credit_card").await;
    let mut order = json!({ "token": token, "payment_method_id": method, "card_token": card });
    if bearer.is_none() {
        order["orderer"] = crate::cart::orderer();
    }
    patch(app, "/v1/carts/order/modify", order, bearer).await.assert_status(StatusCode::OK);
    let mut call = app.post(&format!("/v1/carts/{token}/decision")).json(&json!({}));
    if let Some(b) = bearer {
        call = call.bearer(b);
    }
    let decided = call.send().await;
    decided.assert_status(StatusCode::OK);
    decided.json()
}

fn token_of(decision: &Value) -> String {
    let url = decision["social_gift"]["url"].as_str().expect("a gift's decision answers its link");
    url.split_once("token=").unwrap().1.to_owned()
}

fn address() -> Value {
    json!({
        "shipping_last_name": "佐藤", "shipping_first_name": "花子", "shipping_last_name_kana": "サトウ", "shipping_first_name_kana": "ハナコ",
        "postal_code": "100-0001", "prefecture": "東京都", "city": "千代田区", "address1": "千代田2-2", "address2": "ギフトハイツ201",
        "phone_number": "090-1111-2222", "email": RECIPIENT_EMAIL
    })
}

async fn leadtime(app: &TestApp, token: &str) -> Value {
    let answer = app.get(&format!("/v1/shipping-leadtime/input/{token}?postal=1000001&pref=%E6%9D%B1%E4%BA%AC%E9%83%BD")).send().await;
    answer.assert_status(StatusCode::OK);
    answer.json()
}

async fn register(app: &TestApp, token: &str, date: &str) -> Answer {
    app.put(&format!("/v1/social-gifts/{token}")).json(&json!({ "shipping": address(), "delivery_at": date, "delivery_timezone": "am" })).send().await
}

async fn order_of(app: &TestApp, bearer: &str, order_id: &str) -> Value {
    let answer = app.get(&format!("/v1/me/orders/{order_id}")).bearer(bearer).send().await;
    answer.assert_status(StatusCode::OK);
    answer.json()
}

// ---------------------------------------------------------------------------------------

async fn the_recipient_registers_once_and_the_sender_sees_only_the_prefecture(app: TestApp) {
    forget_seeded_history(&app).await;
    let mug = product(&app, "mug", 2200, 10, 5).await;
    let member = demo_member(&app).await;
    let decision = paid_gift(&app, &mug, 2, Some(&member)).await;
    assert_eq!(stock_of(&app, &mug).await, 3, "stock is taken at the buyer's decision");
    let token = token_of(&decision);
    assert_eq!(token.len(), 32);
    let order_id = decision["order_id"].as_str().unwrap().to_owned();

    // The buyer: the link in the mail, the order waiting for the recipient, the gift carriage.
    let mail = app.latest_mail_to("member@example.com").expect("the confirmation");
    assert!(mail.body.contains(decision["social_gift"]["url"].as_str().unwrap()), "{}", mail.body);
    let order = order_of(&app, &member, &order_id).await;
    assert_eq!((order["status"].as_str(), order["status_label"].as_str()), (Some("awaiting_recipient"), Some("受取人入力待ち")));
    assert_eq!(order["social_gift"]["state"], "waiting");
    assert_eq!(order["social_gift"]["receiver_name"], "はなこ");
    assert_eq!(order["total_carriage"], 1650, "a gift pays the highest carriage (the address is unknown)");
    assert_eq!(order["can_cancel"], true);

    // The recipient: the gift without prices.
    let gift = app.get(&format!("/v1/social-gifts/{token}/products")).send().await;
    gift.assert_status(StatusCode::OK);
    let gift = gift.json();
    assert_eq!(
        (gift["state"].as_str(), gift["sender_name"].as_str(), gift["message"].as_str()),
        (Some("waiting"), Some("たろう"), Some("お誕生日おめでとう！"))
    );
    assert_eq!(gift["products"][0]["quantity"], 2);
    assert_eq!(gift["products"][0]["product_info"]["name"], "テスト商品mug");
    assert!(!gift.to_string().contains("2200") && !gift.to_string().contains("price"), "no prices: {gift}");
    let shipping = app.get(&format!("/v1/social-gifts/{token}/shipping")).send().await.json();
    assert!(shipping["id"].as_str().is_some_and(|id| !id.is_empty()));
    app.get(&format!("/v1/social-gifts/{token}/complete")).send().await.assert_status(StatusCode::NOT_FOUND);

    // Each step checks its input.
    let mut bad = address();
    bad["shipping_last_name"] = json!("");
    bad["email"] = json!("hanako@");
    bad["postal_code"] = json!("12");
    let checked = app.post("/v1/social-gifts/check/shipping").json(&json!({ "token": token, "shipping": bad })).send().await;
    checked.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    for field in ["shipping_last_name", "email", "postal_code"] {
        assert!(checked.json()["errors"][field].is_array(), "{field}: {}", checked.json());
    }
    app.post("/v1/social-gifts/check/shipping").json(&json!({ "token": token, "shipping": address() })).send().await.assert_status(StatusCode::OK);
    let times = leadtime(&app, &token).await;
    assert_eq!(times[0]["order_shipping_id"], shipping["id"]);
    assert_eq!(times[0]["dates"].as_array().unwrap().len(), 14);
    let date = times[0]["dates"][1]["date"].as_str().unwrap().to_owned();
    let early = app
        .post("/v1/social-gifts/check/delivery")
        .json(&json!({ "token": token, "postal_code": "1000001", "prefecture": "東京都", "delivery_at": "2020-01-01", "delivery_timezone": "am" }))
        .send()
        .await;
    early.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert!(early.json()["errors"]["delivery_at"].is_array());
    let slot = app
        .post("/v1/social-gifts/check/delivery")
        .json(&json!({ "token": token, "postal_code": "1000001", "prefecture": "東京都", "delivery_at": date, "delivery_timezone": "25-26" }))
        .send()
        .await;
    assert!(slot.json()["errors"]["delivery_timezone"].is_array());
    app.post("/v1/social-gifts/check/delivery")
        .json(&json!({ "token": token, "postal_code": "1000001", "prefecture": "東京都", "delivery_at": date, "delivery_timezone": "am" }))
        .send()
        .await
        .assert_status(StatusCode::OK);

    // The final save checks again: an undeliverable date changes nothing.
    let refused = register(&app, &token, "2020-01-01").await;
    refused.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(order_of(&app, &member, &order_id).await["social_gift"]["state"], "waiting");

    let done = register(&app, &token, &date).await;
    done.assert_status(StatusCode::OK);
    let done = done.json();
    assert_eq!(done["address"]["full_address"], "〒100-0001 東京都千代田区千代田2-2 ギフトハイツ201");
    assert_eq!(done["delivery_date"], date.as_str());
    assert_eq!(done["delivery_timezone_label"], "午前中");

    // A link accepts one address; later visits show the completion.
    let again = register(&app, &token, &date).await;
    again.assert_status(StatusCode::NOT_FOUND);
    assert_eq!(code_of(&again), "social_gift.accepted");
    let checked_again = app.post("/v1/social-gifts/check/shipping").json(&json!({ "token": token, "shipping": address() })).send().await;
    assert_eq!(code_of(&checked_again), "social_gift.accepted");
    assert_eq!(app.get(&format!("/v1/social-gifts/{token}/products")).send().await.json()["state"], "accepted");
    let complete = app.get(&format!("/v1/social-gifts/{token}/complete")).send().await;
    complete.assert_status(StatusCode::OK);
    assert_eq!(complete.json()["address"]["name"], "佐藤 花子");

    // The sender: preparing, the prefecture and the date — never the address.
    let order = order_of(&app, &member, &order_id).await;
    assert_eq!((order["status"].as_str(), order["status_label"].as_str()), (Some("preparing"), Some("発送準備中")));
    assert_eq!(order["social_gift"]["state"], "accepted");
    assert_eq!(order["social_gift"]["prefecture"], "東京都");
    assert_eq!(order["social_gift"]["delivery_date"], date.as_str());
    assert_eq!(order["can_cancel"], false);
    let seen = order.to_string();
    for private in ["千代田2-2", "ギフトハイツ", "090-1111-2222", "佐藤", "花子", "1000001", RECIPIENT_EMAIL] {
        assert!(!seen.contains(private), "the sender sees {private}: {seen}");
    }
    let list = app.get("/v1/me/orders").bearer(&member).send().await.json().to_string();
    assert!(!list.contains("ギフトハイツ"), "{list}");
    let notice = app.latest_mail_to("member@example.com").unwrap();
    assert!(notice.subject.contains("お届け先が登録されました"), "{}", notice.subject);
    assert!(notice.body.contains("東京都") && !notice.body.contains("千代田2-2"), "{}", notice.body);
    let confirmation = app.latest_mail_to(RECIPIENT_EMAIL).expect("the recipient's confirmation");
    assert!(confirmation.body.contains("千代田2-2") && confirmation.body.contains("午前中"), "{}", confirmation.body);
    let stored: String =
        sqlx::query_scalar("SELECT address_json FROM order_shippings WHERE order_id = $1").bind(&order_id).fetch_one(&app.state.db.pool).await.unwrap();
    assert!(stored.contains("千代田2-2"), "the shop ships to the recipient: {stored}");
}

async fn wrong_replaced_and_other_shop_tokens_answer_404(app: TestApp) {
    forget_seeded_history(&app).await;
    let mug = product(&app, "mug", 2200, 10, 5).await;
    let member = demo_member(&app).await;
    let decision = paid_gift(&app, &mug, 1, Some(&member)).await;
    let token = token_of(&decision);
    for wrong in ["0123456789abcdef0123456789abcdef", "abc", "..%2F..%2Fetc"] {
        let answer = app.get(&format!("/v1/social-gifts/{wrong}/products")).send().await;
        answer.assert_status(StatusCode::NOT_FOUND);
        assert_eq!(code_of(&answer), "social_gift.not_found");
    }
    app.get(&format!("/v1/social-gifts/{token}/products")).channel("corporate").send().await.assert_status(StatusCode::NOT_FOUND);
    let stored: i64 = count(&app, "SELECT COUNT(*) FROM social_gifts WHERE token_hash IS NOT NULL").await;
    assert_eq!(stored, 1);
    let raw: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM social_gifts WHERE token_hash = $1").bind(&token).fetch_one(&app.state.db.pool).await.unwrap();
    assert_eq!(raw, 0, "only the hash is stored");

    // A new link replaces the old one; only the buyer may ask for it.
    let order_id = decision["order_id"].as_str().unwrap();
    let stranger = crate::members::registered_demo_member(&app, "stranger@example.jp").await;
    app.post(&format!("/v1/me/orders/{order_id}/social-gift/link")).bearer(&stranger.access_token).send().await.assert_status(StatusCode::NOT_FOUND);
    app.post(&format!("/v1/me/orders/{order_id}/social-gift/link")).send().await.assert_status(StatusCode::UNAUTHORIZED);
    let reissued = app.post(&format!("/v1/me/orders/{order_id}/social-gift/link")).bearer(&member).send().await;
    reissued.assert_status(StatusCode::OK);
    let new_token = reissued.json()["url"].as_str().unwrap().split_once("token=").unwrap().1.to_owned();
    assert_eq!(reissued.json()["expires_at"], decision["social_gift"]["expires_at"], "the deadline stays");
    assert_eq!(code_of(&app.get(&format!("/v1/social-gifts/{token}/products")).send().await), "social_gift.not_found");
    app.get(&format!("/v1/social-gifts/{new_token}/products")).send().await.assert_status(StatusCode::OK);

    // A cancelled order's link says so.
    app.put(&format!("/v1/me/orders/{order_id}/cancel"))
        .bearer(&member)
        .json(&json!({ "cancel_reason": "贈り先を間違えました" }))
        .send()
        .await
        .assert_status(StatusCode::OK);
    let cancelled = app.get(&format!("/v1/social-gifts/{new_token}/products")).send().await;
    cancelled.assert_status(StatusCode::NOT_FOUND);
    assert_eq!(code_of(&cancelled), "social_gift.cancelled");
    assert_eq!(order_of(&app, &member, order_id).await["social_gift"]["state"], "cancelled");
    let swept = shop::social_gift::expiry::sweep(&app.state, now_ms() + 30 * DAY_MS).await.unwrap();
    assert_eq!(swept, Default::default(), "a cancelled order's gift is nobody's work");
    assert_eq!(order_of(&app, &member, order_id).await["social_gift"]["state"], "cancelled");
}

async fn the_deadline_reminds_the_sender_then_cancels_and_refunds(app: TestApp) {
    forget_seeded_history(&app).await;
    let mug = product(&app, "mug", 2200, 10, 5).await;
    let decision = paid_gift(&app, &mug, 2, None).await;
    let first_token = token_of(&decision);
    assert_eq!(stock_of(&app, &mug).await, 3);
    let now = now_ms();

    // A guest has a new link made with the order number and the order's `t`, and sees the
    // gift's state on the receipt page.
    let (no, t) = (decision["order_no"].as_str().unwrap(), decision["guest_token"].as_str().unwrap());
    let receipt = app.get(&format!("/v1/orders/{no}/guest/receipt?t={t}")).send().await.json();
    assert_eq!((receipt["social_gift"]["state"].as_str(), receipt["social_gift"]["receiver_name"].as_str()), (Some("waiting"), Some("はなこ")));
    app.post(&format!("/v1/orders/{no}/guest/social-gift/link?t=0123456789abcdef0123456789abcdef")).send().await.assert_status(StatusCode::NOT_FOUND);
    let reissued = app.post(&format!("/v1/orders/{no}/guest/social-gift/link?t={t}")).send().await;
    reissued.assert_status(StatusCode::OK);
    let token = reissued.json()["url"].as_str().unwrap().split_once("token=").unwrap().1.to_owned();
    assert_eq!(code_of(&app.get(&format!("/v1/social-gifts/{first_token}/products")).send().await), "social_gift.not_found");

    let swept = shop::social_gift::expiry::sweep(&app.state, now + DAY_MS).await.unwrap();
    assert_eq!(swept, Default::default(), "nothing is due after a day");
    let swept = shop::social_gift::expiry::sweep(&app.state, now + 6 * DAY_MS).await.unwrap();
    assert_eq!(swept.reminded, 1);
    let reminder = app.latest_mail_to("guest@example.jp").unwrap();
    assert!(reminder.subject.contains("受け取り期限が近づいています"), "{}", reminder.subject);
    let again = shop::social_gift::expiry::sweep(&app.state, now + 6 * DAY_MS + 1000).await.unwrap();
    assert_eq!(again.reminded, 0, "one reminder per gift");

    // Past the deadline: the recipient sees why, and the sweep cancels and refunds.
    sqlx::query("UPDATE social_gifts SET expires_at = $1").bind(now - 1000).execute(&app.state.db.pool).await.unwrap();
    let expired = app.get(&format!("/v1/social-gifts/{token}/products")).send().await;
    expired.assert_status(StatusCode::NOT_FOUND);
    assert_eq!(code_of(&expired), "social_gift.expired");
    assert!(expired.json()["message"].as_str().unwrap().contains("受け取り期限"), "{}", expired.json());
    let late = register(&app, &token, "2099-01-01").await;
    assert_eq!(code_of(&late), "social_gift.expired");

    let swept = shop::social_gift::expiry::sweep(&app.state, now).await.unwrap();
    assert_eq!(swept.cancelled, 1);
    assert_eq!(stock_of(&app, &mug).await, 5, "the stock comes back");
    let status: String = sqlx::query_scalar("SELECT status FROM orders").fetch_one(&app.state.db.pool).await.unwrap();
    assert_eq!(status, "cancelled");
    assert_eq!(count(&app, "SELECT COUNT(*) FROM sandbox_charges WHERE status = 'refunded'").await, 1, "the card is refunded");
    let cancel_mail = app.latest_mail_to("guest@example.jp").unwrap();
    assert!(cancel_mail.body.contains("ソーシャルギフトの受け取り期限"), "{}", cancel_mail.body);
    let twice = shop::social_gift::expiry::sweep(&app.state, now + DAY_MS).await.unwrap();
    assert_eq!(twice, Default::default(), "an expired gift is handled once");
    assert_eq!(code_of(&app.get(&format!("/v1/social-gifts/{token}/products")).send().await), "social_gift.expired");
    let receipt = app.get(&format!("/v1/orders/{no}/guest/receipt?t={t}")).send().await.json();
    assert_eq!(receipt["social_gift"]["state_label"], "受け取り期限切れ");
    let no_more = app.post(&format!("/v1/orders/{no}/guest/social-gift/link?t={t}")).send().await;
    assert_eq!(code_of(&no_more), "social_gift.not_waiting");
}

async fn a_gift_past_its_deadline_goes_to_the_sender_when_the_shop_says_so(app: TestApp) {
    forget_seeded_history(&app).await;
    set_setting(&app, "SOCIAL_GIFT", json!({ "is_use": true, "days": 3, "on_expiry": "send_to_buyer" })).await;
    let mug = product(&app, "mug", 2200, 10, 5).await;
    let member = demo_member(&app).await;
    let decision = paid_gift(&app, &mug, 1, Some(&member)).await;
    let order_id = decision["order_id"].as_str().unwrap();
    let swept = shop::social_gift::expiry::sweep(&app.state, now_ms() + 3 * DAY_MS + 1000).await.unwrap();
    assert_eq!(swept.sent_to_sender, 1);
    let order = order_of(&app, &member, order_id).await;
    assert_eq!((order["status"].as_str(), order["social_gift"]["state"].as_str()), (Some("preparing"), Some("expired")));
    assert_eq!(stock_of(&app, &mug).await, 4);
    let stored: String = sqlx::query_scalar("SELECT address_json FROM order_shippings").fetch_one(&app.state.db.pool).await.unwrap();
    // The demo member (the buyer) lives at 渋谷区神宮前1-2-3.
    let stored: Value = serde_json::from_str(&stored).unwrap();
    assert_eq!((stored["shipping_last_name"].as_str(), stored["address1"].as_str()), (Some("山田"), Some("神宮前1-2-3")), "shipped to the buyer: {stored}");
}

async fn which_carts_may_be_gifts(app: TestApp) {
    forget_seeded_history(&app).await;
    let mug = product(&app, "mug", 2200, 10, 5).await;
    let battery = product(&app, "battery", 9800, 10, 5).await;
    set_setting(&app, "SOCIAL_GIFT", json!({ "is_use": true, "excluded_products": ["CODE-batt*"] })).await;
    let token = init(&app, None, None).await["token"].as_str().unwrap().to_owned();
    add(&app, &token, &mug, 1).await.assert_status(StatusCode::OK);
    let cart = app.get(&format!("/v1/carts/{token}")).send().await.json();
    assert_eq!((cart["social_gift"]["offered"].as_bool(), cart["social_gift"]["allowed"].as_bool()), (Some(true), Some(true)));
    assert_eq!(cart["social_gift"]["receiver"], Value::Null);

    let receiver = |body: Value| patch(&app, "/v1/carts/social/receiver", body, None);
    let invalid = receiver(json!({ "token": token, "is_social_gift": true, "receiver_name": " ", "message": "あ".repeat(201) })).await;
    invalid.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert!(invalid.json()["errors"]["receiver_name"].is_array() && invalid.json()["errors"]["message"].is_array(), "{}", invalid.json());
    assert_eq!(app.get(&format!("/v1/carts/{token}")).send().await.json()["social_gift"]["receiver"], Value::Null, "nothing changed");

    add(&app, &token, &battery, 1).await.assert_status(StatusCode::OK);
    let excluded = receiver(json!({ "token": token, "is_social_gift": true, "receiver_name": "はなこ" })).await;
    assert_eq!(code_of(&excluded), "cart.social_gift.unavailable");
    assert!(excluded.json()["message"].as_str().unwrap().contains("テスト商品battery"), "{}", excluded.json());
    let line = app.get(&format!("/v1/carts/{token}")).send().await.json()["detail"]["products"][1]["key"].as_str().unwrap().to_owned();
    patch(&app, "/v1/carts/products/delete", json!({ "token": token, "key": line }), None).await.assert_status(StatusCode::OK);

    let gift = receiver(json!({ "token": token, "is_social_gift": true, "receiver_name": "はなこ" })).await;
    gift.assert_status(StatusCode::OK);
    assert_eq!(gift.json()["detail"]["order"]["total_carriage"], 1650);
    // A gift pays by card only: other methods are shown unavailable and refused.
    let options = app.get(&format!("/v1/payments/carts/{token}")).send().await.json();
    let cod = options.as_array().unwrap().iter().find(|o| o["code"] == "cod").unwrap();
    assert_eq!(cod["is_available"], false);
    let method = payment_id(&app, "cod").await;
    patch(&app, "/v1/carts/order/modify", json!({ "token": token, "payment_method_id": method, "orderer": crate::cart::orderer() }), None).await;
    let refused = app.post(&format!("/v1/carts/{token}/decision")).json(&json!({})).send().await;
    assert_eq!(code_of(&refused), "cart.payment.unavailable");
    assert_eq!(count(&app, "SELECT COUNT(*) FROM orders").await, 0);

    let ordinary = receiver(json!({ "token": token, "is_social_gift": false })).await.json();
    assert_eq!(ordinary["social_gift"]["receiver"], Value::Null);
    assert_eq!(ordinary["detail"]["order"]["total_carriage"], 880);

    // The corporate shop has social gift off.
    let corporate = app.post("/v1/carts/init").channel("corporate").json(&json!({})).send().await.json();
    assert_eq!(corporate["social_gift"]["offered"], false);
    let off = app
        .patch("/v1/carts/social/receiver")
        .channel("corporate")
        .json(&json!({ "token": corporate["token"], "is_social_gift": true, "receiver_name": "はなこ" }))
        .send()
        .await;
    assert_eq!(code_of(&off), "cart.social_gift.unavailable");
}

on_both_databases!(
    the_recipient_registers_once_and_the_sender_sees_only_the_prefecture,
    wrong_replaced_and_other_shop_tokens_answer_404,
    the_deadline_reminds_the_sender_then_cancels_and_refunds,
    a_gift_past_its_deadline_goes_to_the_sender_when_the_shop_says_so,
    which_carts_may_be_gifts,
);
