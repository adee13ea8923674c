//! Analytics events as an attacker would try them (issue 11): a member's purchase event, and
//! the order it carries, answer only to that member's bearer token on their own shop — never
//! to their cart's token alone, another member, nobody, or the other shop; a guest's answer
//! to their cart's token only.
use axum::http::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{Answer, TestApp};
use crate::members::registered_demo_member;
use crate::on_both_databases;

/// A product of the demo shop with one variation in stock; returns its variation key.
async fn product(app: &TestApp, key: &str, price: i64) -> String {
    let channel_id = app.channel_id("demo").await;
    let product_id = uuid::Uuid::now_v7().to_string();
    sqlx::query(
        "INSERT INTO products (id, channel_id, product_key, code, name, description, tax_rate, price, is_published, created_at, search_name, search_text) \
         VALUES ($1, $2, $3, $4, $5, '', 10, $6, 1, $7, '', '')",
    )
    .bind(&product_id)
    .bind(&channel_id)
    .bind(key)
    .bind(format!("CODE-{key}"))
    .bind(format!("テスト商品{key}"))
    .bind(price)
    .bind(shop::infra::time::Timestamp::now().0)
    .execute(&app.state.db.pool)
    .await
    .unwrap();
    let variation_key = format!("{key}-v");
    sqlx::query(
        "INSERT INTO product_variations (id, channel_id, product_id, variation_key, name, price, stock_quantity, position) VALUES ($1, $2, $3, $4, '標準', $5, 50, 1)",
    )
    .bind(uuid::Uuid::now_v7().to_string())
    .bind(&channel_id)
    .bind(&product_id)
    .bind(&variation_key)
    .bind(price)
    .execute(&app.state.db.pool)
    .await
    .unwrap();
    variation_key
}

async fn demo_member(app: &TestApp) -> String {
    let answer = app.post("/v1/auth/login").json(&json!({ "username": "demo-member", "password": "ride2026demo" })).send().await;
    answer.assert_status(StatusCode::OK);
    answer.json()["access_token"].as_str().unwrap().to_owned()
}

async fn init(app: &TestApp, token: Option<&str>, bearer: Option<&str>) -> String {
    let mut call = app.post("/v1/carts/init").json(&json!({ "token": token }));
    if let Some(bearer) = bearer {
        call = call.bearer(bearer);
    }
    let answer = call.send().await;
    answer.assert_status(StatusCode::OK);
    answer.json()["token"].as_str().unwrap().to_owned()
}

async fn patch(app: &TestApp, path: &str, body: Value, bearer: Option<&str>) {
    let mut call = app.patch(path).json(&body);
    if let Some(bearer) = bearer {
        call = call.bearer(bearer);
    }
    call.send().await.assert_status(StatusCode::OK);
}

async fn cod(app: &TestApp) -> String {
    let list = app.get("/v1/payments").send().await.json();
    list.as_array().unwrap().iter().find(|m| m["code"] == "cod").unwrap()["id"].as_str().unwrap().to_owned()
}

async fn add(app: &TestApp, token: &str, variation_key: &str, bearer: Option<&str>) {
    patch(app, "/v1/carts/products/add", json!({ "token": token, "variation_key": variation_key, "quantity": 2 }), bearer).await;
}

/// Ships to the member's own address (or a typed one for a guest), pays cash on delivery and
/// decides: the order number.
async fn decide(app: &TestApp, token: &str, bearer: Option<&str>) -> String {
    let shipping = match bearer {
        Some(bearer) => {
            let book = app.get("/v1/me/user-addresses").bearer(bearer).send().await.json();
            json!({ "token": token, "user_address_id": book["data"][0]["id"] })
        }
        None => json!({ "token": token, "address": {
            "shipping_last_name": "東京", "shipping_first_name": "一郎", "shipping_last_name_kana": "トウキョウ", "shipping_first_name_kana": "イチロウ",
            "postal_code": "100-0001", "prefecture": "東京都", "city": "千代田区", "address1": "千代田1-1", "phone_number": "03-1234-5678"
        } }),
    };
    patch(app, "/v1/carts/shippings/add", shipping, bearer).await;
    let mut order = json!({ "token": token, "payment_method_id": cod(app).await });
    if bearer.is_none() {
        order["orderer"] = json!({
            "last_name": "東京", "first_name": "一郎", "last_name_kana": "トウキョウ", "first_name_kana": "イチロウ", "email": "guest@example.jp",
            "postal_code": "100-0001", "prefecture": "東京都", "city": "千代田区", "address1": "千代田1-1", "phone_number": "03-1234-5678"
        });
    }
    patch(app, "/v1/carts/order/modify", order, bearer).await;
    let mut call = app.post(&format!("/v1/carts/{token}/decision")).json(&json!({}));
    if let Some(bearer) = bearer {
        call = call.bearer(bearer);
    }
    let answer = call.send().await;
    answer.assert_status(StatusCode::OK);
    answer.json()["order_no"].as_str().unwrap().to_owned()
}

/// A cart with two of `variation_key`, ordered: its token and order number.
async fn ordered_cart(app: &TestApp, variation_key: &str, bearer: Option<&str>) -> (String, String) {
    let token = init(app, None, bearer).await;
    add(app, &token, variation_key, bearer).await;
    let order_no = decide(app, &token, bearer).await;
    (token, order_no)
}

/// POST /v1/ecommerce_events as the storefront sends it: the event's id.
async fn post_event(app: &TestApp, name: &str, token: &str, bearer: Option<&str>) -> String {
    let mut call = app.post("/v1/ecommerce_events").json(&json!({ "name": name, "args": { "currency": "JPY" }, "token": token }));
    if let Some(bearer) = bearer {
        call = call.bearer(bearer);
    }
    let answer = call.send().await;
    answer.assert_status(StatusCode::CREATED);
    answer.json()["id"].as_str().unwrap().to_owned()
}

/// GET /v1/ecommerce_events/{id}, with `?token=` and a bearer token when given, on `channel`.
async fn read(app: &TestApp, id: &str, token: Option<&str>, bearer: Option<&str>, channel: &str) -> Answer {
    let path = match token {
        Some(token) => format!("/v1/ecommerce_events/{id}?token={token}"),
        None => format!("/v1/ecommerce_events/{id}"),
    };
    let mut call = app.get(&path).channel(channel);
    if let Some(bearer) = bearer {
        call = call.bearer(bearer);
    }
    call.send().await
}

/// A 404 that gives nothing of the order away.
#[track_caller]
fn assert_hidden(answer: &Answer, order_no: &str, who: &str) {
    assert_eq!(answer.status, StatusCode::NOT_FOUND, "{who}: {}", answer.text());
    assert!(!answer.text().contains(order_no), "{who} saw the order number: {}", answer.text());
}

async fn a_members_purchase_event_answers_only_to_that_members_bearer_on_their_own_shop(app: TestApp) {
    let bolt = product(&app, "ev-bolt", 1100).await;
    let member_a = demo_member(&app).await;
    let member_b = registered_demo_member(&app, "member-b@example.jp").await.access_token;
    let (token, order_no) = ordered_cart(&app, &bolt, Some(&member_a)).await;
    let id = post_event(&app, "purchase", &token, Some(&member_a)).await;

    for token in [None, Some(token.as_str())] {
        let answer = read(&app, &id, token, Some(&member_a), "demo").await;
        answer.assert_status(StatusCode::OK);
        let order = &answer.json()["order"];
        assert_eq!(order["order_no"], order_no.as_str());
        assert!(order["total_payment"].as_i64().unwrap() >= 2200);
        assert_eq!(order["products"], json!([{ "product_key": "ev-bolt", "name": "テスト商品ev-bolt", "unit_price": 1100, "quantity": 2 }]));

        assert_hidden(&read(&app, &id, token, Some(&member_b), "demo").await, &order_no, "another member");
        assert_hidden(&read(&app, &id, token, None, "demo").await, &order_no, "nobody logged in");
        assert_hidden(&read(&app, &id, token, Some(&member_a), "corporate").await, &order_no, "A's token on the corporate shop");
    }
}

async fn a_members_cart_token_alone_never_reveals_their_order(app: TestApp) {
    let bolt = product(&app, "ev-nut", 500).await;
    let member_a = demo_member(&app).await;
    let member_b = registered_demo_member(&app, "member-b@example.jp").await.access_token;
    let (token, order_no) = ordered_cart(&app, &bolt, Some(&member_a)).await;

    // Somebody who learnt A's cart token posts with it, logged out or as B: the event is not
    // linked to A's cart, so it carries no order for anyone, and A's own events stay A's.
    let by_nobody = post_event(&app, "purchase", &token, None).await;
    for bearer in [None, Some(member_b.as_str())] {
        assert_hidden(&read(&app, &by_nobody, Some(&token), bearer, "demo").await, &order_no, "the cart token's holder");
    }
    let by_b = post_event(&app, "purchase", &token, Some(&member_b)).await;
    let answer = read(&app, &by_b, Some(&token), Some(&member_b), "demo").await;
    answer.assert_status(StatusCode::OK);
    assert_eq!(answer.json()["order"], Value::Null);
    assert!(!answer.text().contains(&order_no));
    assert_hidden(&read(&app, &by_b, Some(&token), None, "demo").await, &order_no, "the cart token's holder");

    let by_a = post_event(&app, "purchase", &token, Some(&member_a)).await;
    assert_hidden(&read(&app, &by_a, Some(&token), None, "demo").await, &order_no, "the cart token's holder");
    assert_hidden(&read(&app, &by_a, Some(&token), Some(&member_b), "demo").await, &order_no, "another member");
}

async fn a_guest_reads_their_own_purchase_event_and_nobody_else_does(app: TestApp) {
    let bolt = product(&app, "ev-gel", 800).await;
    let member_a = demo_member(&app).await;
    let (token, order_no) = ordered_cart(&app, &bolt, None).await;
    let (other_token, _) = ordered_cart(&app, &bolt, None).await;
    let id = post_event(&app, "purchase", &token, None).await;

    let answer = read(&app, &id, Some(&token), None, "demo").await;
    answer.assert_status(StatusCode::OK);
    assert_eq!(answer.json()["order"]["order_no"], order_no.as_str());
    assert_eq!(answer.json()["order"]["products"][0]["quantity"], 2);

    assert_hidden(&read(&app, &id, Some(&other_token), None, "demo").await, &order_no, "another guest's token");
    assert_hidden(&read(&app, &id, None, None, "demo").await, &order_no, "no token");
    assert_hidden(&read(&app, &id, None, Some(&member_a), "demo").await, &order_no, "a member without the token");
    assert_hidden(&read(&app, &id, Some(&other_token), Some(&member_a), "demo").await, &order_no, "a member with another token");
    assert_hidden(&read(&app, &id, Some(&token), None, "corporate").await, &order_no, "the corporate shop");
}

async fn a_guest_cart_adopted_by_a_member_is_no_longer_read_by_its_token_alone(app: TestApp) {
    let bolt = product(&app, "ev-chain", 2000).await;
    let member_a = demo_member(&app).await;
    let member_b = registered_demo_member(&app, "member-b@example.jp").await.access_token;
    let token = init(&app, None, None).await;
    add(&app, &token, &bolt, None).await;
    let id = post_event(&app, "add_to_cart", &token, None).await;
    read(&app, &id, Some(&token), None, "demo").await.assert_status(StatusCode::OK);

    // A logs in: the guest cart becomes A's (same token) and A orders it.
    assert_eq!(init(&app, Some(&token), Some(&member_a)).await, token);
    let order_no = decide(&app, &token, Some(&member_a)).await;

    assert_hidden(&read(&app, &id, Some(&token), None, "demo").await, &order_no, "the old guest token alone");
    assert_hidden(&read(&app, &id, Some(&token), Some(&member_b), "demo").await, &order_no, "another member with the token");
    let answer = read(&app, &id, Some(&token), Some(&member_a), "demo").await;
    answer.assert_status(StatusCode::OK);
    assert_eq!(answer.json()["order"]["order_no"], order_no.as_str());
}

async fn an_invalid_bearer_is_asked_to_refresh_only_for_an_event_of_this_shop(app: TestApp) {
    let member_a = demo_member(&app).await;
    let id = post_event(&app, "view_item", "no-such-cart", Some(&member_a)).await;
    read(&app, &id, None, Some("not-a-valid-token"), "demo").await.assert_status(StatusCode::UNAUTHORIZED);
    read(&app, "no-such-event", None, Some("not-a-valid-token"), "demo").await.assert_status(StatusCode::NOT_FOUND);
    read(&app, &id, None, Some(&member_a), "corporate").await.assert_status(StatusCode::NOT_FOUND);
    read(&app, &id, None, Some(&member_a), "demo").await.assert_status(StatusCode::OK);
}

async fn a_purchase_event_answers_the_shops_popup_for_it_and_other_events_none(app: TestApp) {
    let event = |name: &'static str, channel: &'static str| {
        let app = &app;
        async move {
            let answer = app.post("/v1/ecommerce_events").channel(channel).json(&json!({ "name": name, "args": {} })).send().await;
            answer.assert_status(StatusCode::CREATED);
            answer.json()["popup"].clone()
        }
    };
    let popup = event("purchase", "demo").await;
    assert_eq!(popup["title"], "ご注文ありがとうございます");
    assert_eq!(popup["link"], "/lp/winter-maintenance");
    assert_eq!(popup["display"], "once");
    assert_eq!(event("add_to_cart", "demo").await, Value::Null);
    assert_eq!(event("purchase", "corporate").await, Value::Null, "the other shop has no such popup");
}

async fn an_event_keeps_the_recommendation_click_it_came_with(app: TestApp) {
    let bolt = product(&app, "ev-rcmd", 900).await;
    let (token, _) = ordered_cart(&app, &bolt, None).await;
    let click = json!({ "source": "ev-bolt", "target": "ev-rcmd", "clicked_at": "2026-11-29T10:00:00Z" });
    let posted = app.post("/v1/ecommerce_events").json(&json!({ "name": "purchase", "args": {}, "token": token, "logreco_rcmd_ct": click })).send().await;
    posted.assert_status(StatusCode::CREATED);
    let id = posted.json()["id"].as_str().unwrap().to_owned();
    let answer = read(&app, &id, Some(&token), None, "demo").await;
    answer.assert_status(StatusCode::OK);
    assert_eq!(answer.json()["logreco_rcmd_ct"], click, "the click is kept with the event");

    let plain = post_event(&app, "purchase", &token, None).await;
    assert_eq!(read(&app, &plain, Some(&token), None, "demo").await.json()["logreco_rcmd_ct"], Value::Null);
    let stored: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM ecommerce_events WHERE rcmd_ct_json IS NOT NULL").fetch_one(&app.state.db.pool).await.unwrap();
    assert_eq!(stored, 1, "only the event that came with a click counts as one");

    // A marker is a click, not a payload: 1 KiB at most, refused in Japanese, nothing stored.
    let count = || sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM ecommerce_events").fetch_one(&app.state.db.pool);
    let before = count().await.unwrap();
    let huge = app.post("/v1/ecommerce_events").json(&json!({ "name": "purchase", "token": token, "logreco_rcmd_ct": "x".repeat(2000) })).send().await;
    huge.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(huge.json()["errors"]["logreco_rcmd_ct"][0], "おすすめのクリック情報が大きすぎます。");
    assert_eq!(count().await.unwrap(), before);
}

on_both_databases!(
    an_event_keeps_the_recommendation_click_it_came_with,
    a_purchase_event_answers_the_shops_popup_for_it_and_other_events_none,
    a_members_purchase_event_answers_only_to_that_members_bearer_on_their_own_shop,
    a_members_cart_token_alone_never_reveals_their_order,
    a_guest_reads_their_own_purchase_event_and_nobody_else_does,
    a_guest_cart_adopted_by_a_member_is_no_longer_read_by_its_token_alone,
    an_invalid_bearer_is_asked_to_refresh_only_for_an_event_of_this_shop,
);
