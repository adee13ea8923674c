//! The wallet as the card form, /mypage/card, /coupon, /mypage/point, the gateway and the
//! analytics calls drive it: the sandbox tokeniser, the card payment settings, saved cards
//! with their limit and main card, coupons with takes, points and their history, the signed
//! fraud notification, and ecommerce events read back by their cart.
use axum::http::StatusCode;
use hmac::{Hmac, Mac};
use serde_json::{Value, json};
use sha2::Sha256;

use crate::helpers::{Answer, TestApp};
use crate::members::registered_demo_member;
use crate::on_both_databases;

const TOKENS: &str = "/sandbox-gateway/tokens";
const CARDS: &str = "/v1/me/user-cards";
const NOTIFY: &str = "/v1/sbpayment/receive/fraud-detection";

/// The seeded demo member (token issued directly; the members tests cover the login).
async fn demo_member(app: &TestApp) -> (String, String) {
    let channel_id = app.channel_id("demo").await;
    let user = shop::members::store::find_user_by_email(&app.state.db, &channel_id, "member@example.com").await.unwrap().unwrap();
    let token = app.member_token(&user.id, "demo").await;
    (user.id.into_string(), token)
}

fn card(number: &str) -> Value {
    json!({ "number": number, "holder_name": "TARO YAMADA", "exp_month": 12, "exp_year": 2030, "security_code": "123" })
}

/// A fresh one-off token of the demo shop's tokeniser.
async fn tokenised(app: &TestApp, number: &str) -> String {
    let answer = app.post(TOKENS).json(&card(number)).send().await;
    answer.assert_status(StatusCode::CREATED);
    answer.json()["token"].as_str().unwrap().to_owned()
}

async fn add_card(app: &TestApp, bearer: &str, number: &str) -> Answer {
    let token = tokenised(app, number).await;
    app.post(CARDS).bearer(bearer).json(&json!({ "token": token, "token_key": "ignored", "masked_number": "ignored" })).send().await
}

async fn cards(app: &TestApp, bearer: &str) -> (Answer, Vec<Value>) {
    let answer = app.get(&format!("{CARDS}?per=100")).bearer(bearer).send().await;
    answer.assert_status(StatusCode::OK);
    let items = answer.json()["data"].as_array().unwrap().clone();
    (answer, items)
}

async fn set_setting(app: &TestApp, channel: &str, key: &str, value: &str) {
    let channel_id = app.channel_id(channel).await;
    sqlx::query(
        "INSERT INTO channel_settings (channel_id, setting_key, setting_value) VALUES ($1, $2, $3) \
         ON CONFLICT (channel_id, setting_key) DO UPDATE SET setting_value = excluded.setting_value",
    )
    .bind(&channel_id)
    .bind(key)
    .bind(value)
    .execute(&app.state.db.pool)
    .await
    .unwrap();
}

async fn the_tokeniser_issues_a_token_and_refuses_a_bad_card_in_japanese(app: TestApp) {
    let answer = app
        .post(TOKENS)
        .json(&json!({
            "number": "4242 4242 4242 4242", "holder_name": "TARO YAMADA", "exp_month": "12", "exp_year": "30", "security_code": "123"
        }))
        .send()
        .await;
    answer.assert_status(StatusCode::CREATED);
    let body = answer.json();
    assert!(body["token"].as_str().unwrap().starts_with("tok_"));
    assert_eq!(
        body,
        json!({
            "token": body["token"], "brand": "VISA", "masked_number": "************4242",
            "expiration": "2030-12", "holder_name": "TARO YAMADA",
        })
    );

    let answer = app
        .post(TOKENS)
        .json(&json!({
            "number": "4242 4242 4242 4241", "holder_name": "山田太郎", "exp_month": 13, "exp_year": 2030, "security_code": "1"
        }))
        .send()
        .await;
    answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    let errors = &answer.json()["errors"];
    assert_eq!(errors["number"][0], "カード番号が正しくありません。");
    assert_eq!(errors["holder_name"][0], "カード名義はローマ字で入力してください。");
    assert_eq!(errors["expiration"][0], "有効期限が正しくありません。");
    assert_eq!(errors["security_code"][0], "セキュリティコードは3桁または4桁の数字で入力してください。");
    let answer = app.post(TOKENS).json(&json!({})).send().await;
    answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert!(answer.json()["errors"]["number"].is_array(), "an empty form is field errors, not a malformed body");

    // Channel-scoped like /v1; the corporate shop's token is its own.
    app.post(TOKENS).channel("nowhere").json(&card("4242424242424242")).send().await.assert_status(StatusCode::NOT_FOUND);
    app.post(TOKENS).channel("corporate").json(&card("4242424242424242")).send().await.assert_status(StatusCode::CREATED);

    // Rate limited per address like the login: 30 tries in ten minutes (three were made here).
    for _ in 3..30 {
        let status = app.post(TOKENS).json(&card("4242424242424241")).send().await.status;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    }
    let answer = app.post(TOKENS).json(&card("4242424242424242")).send().await;
    answer.assert_status(StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(answer.json()["code"], "auth.rate_limited");
}

async fn the_card_payment_settings_name_the_tokeniser_and_the_test_cards(app: TestApp) {
    let answer = app.get("/v1/settings/payment-service/credit_card").send().await;
    answer.assert_status(StatusCode::OK);
    let body = answer.json();
    assert_eq!(body["code"], "credit_card");
    assert_eq!(body["gateway"], "sandbox");
    assert_eq!(body["tokenize_url"], "/sandbox-gateway/tokens");
    assert_eq!(body["public_key"], "pk_sandbox_demo");
    assert!(body["brands"].as_array().unwrap().contains(&json!("JCB")));
    let numbers: Vec<&str> = body["test_cards"].as_array().unwrap().iter().map(|c| c["number"].as_str().unwrap()).collect();
    assert_eq!(numbers, ["4242 4242 4242 4242", "4000 0000 0000 0002", "4000 0000 0000 9995", "4000 0027 6000 3184"]);
    app.get("/v1/settings/payment-service/bank_transfer").send().await.assert_status(StatusCode::NOT_FOUND);

    // The corporate shop's payment methods (bank transfer, invoice, deferred) leave cards out:
    // it has no card settings.
    app.get("/v1/settings/payment-service/credit_card").channel("corporate").send().await.assert_status(StatusCode::NOT_FOUND);
    let answer = app.get("/v1/settings/payment-service/credit_card").channel("demo").send().await;
    assert_eq!(answer.json()["public_key"], "pk_sandbox_demo");
}

async fn the_demo_member_saves_cards_up_to_the_limit_and_keeps_one_main_card(app: TestApp) {
    let (_, bearer) = demo_member(&app).await;
    let (answer, items) = cards(&app, &bearer).await;
    assert_eq!(answer.header("x-limit"), "5");
    assert_eq!(answer.header("x-total"), "1");
    let seeded = items[0]["id"].as_str().unwrap().to_owned();
    assert_eq!(
        items[0],
        json!({
            "id": seeded, "brand": "VISA", "masked_number": "************4242", "expiration": "2030-12",
            "holder_name": "TARO YAMADA", "is_main": true,
        })
    );

    let answer = add_card(&app, &bearer, "5555 5555 5555 4444").await;
    answer.assert_status(StatusCode::CREATED);
    let master = answer.json();
    assert_eq!(
        (master["brand"].as_str(), master["masked_number"].as_str(), master["is_main"].as_bool()),
        (Some("MASTER"), Some("************4444"), Some(false))
    );
    for number in ["3530111333300000", "378282246310005", "4000000000000002"] {
        add_card(&app, &bearer, number).await.assert_status(StatusCode::CREATED);
    }
    let answer = add_card(&app, &bearer, "4242424242424242").await;
    answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(answer.json()["code"], "user_cards.limit_exceeded");
    assert!(answer.json()["message"].as_str().unwrap().contains("5枚"), "{}", answer.text());

    // One main card: switching moves it, and the list shows it first.
    let master_id = master["id"].as_str().unwrap();
    let answer = app.patch(&format!("{CARDS}/{master_id}/use")).bearer(&bearer).send().await;
    answer.assert_status(StatusCode::OK);
    assert_eq!(answer.json()["is_main"], true);
    let (_, items) = cards(&app, &bearer).await;
    assert_eq!(items.len(), 5);
    let mains: Vec<&Value> = items.iter().filter(|c| c["is_main"] == true).collect();
    assert_eq!((mains.len(), items[0]["id"].as_str()), (1, Some(master_id)));
    app.patch(&format!("{CARDS}/{master_id}/use")).bearer(&bearer).send().await.assert_status(StatusCode::OK);

    // Deleting the main card makes the newest other main, and the gateway forgets it.
    let card_ref: String = sqlx::query_scalar("SELECT card_ref FROM user_cards WHERE id = $1").bind(master_id).fetch_one(&app.state.db.pool).await.unwrap();
    app.delete(&format!("{CARDS}/{master_id}")).bearer(&bearer).send().await.assert_status(StatusCode::NO_CONTENT);
    let (answer, items) = cards(&app, &bearer).await;
    assert_eq!(answer.header("x-total"), "4");
    assert_eq!(items.iter().filter(|c| c["is_main"] == true).count(), 1);
    assert_eq!(items[0]["masked_number"], "************0002", "the newest card: {items:?}");
    let kept: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM sandbox_card_tokens WHERE token = $1").bind(&card_ref).fetch_one(&app.state.db.pool).await.unwrap();
    assert_eq!(kept, 0);
    app.delete(&format!("{CARDS}/{master_id}")).bearer(&bearer).send().await.assert_status(StatusCode::NOT_FOUND);

    // The limit is the channel's setting.
    set_setting(&app, "demo", "MEMBER.CARD_LIMIT", "2").await;
    let (answer, _) = cards(&app, &bearer).await;
    assert_eq!(answer.header("x-limit"), "2");
    let answer = add_card(&app, &bearer, "4242424242424242").await;
    assert!(answer.json()["message"].as_str().unwrap().contains("2枚"));
}

async fn another_members_cards_are_404_and_spent_or_foreign_tokens_are_refused(app: TestApp) {
    let (_, demo) = demo_member(&app).await;
    let (_, items) = cards(&app, &demo).await;
    let demo_card = items[0]["id"].as_str().unwrap().to_owned();
    let other = registered_demo_member(&app, "hanako@example.jp").await.access_token;

    let (answer, items) = cards(&app, &other).await;
    assert_eq!((answer.header("x-total"), items.len()), ("0", 0));
    app.patch(&format!("{CARDS}/{demo_card}/use")).bearer(&other).send().await.assert_status(StatusCode::NOT_FOUND);
    app.delete(&format!("{CARDS}/{demo_card}")).bearer(&other).send().await.assert_status(StatusCode::NOT_FOUND);
    let (_, items) = cards(&app, &demo).await;
    assert_eq!(items[0]["is_main"], true, "the demo member's card is untouched");

    // The first card of a member is the main card.
    let token = tokenised(&app, "4242424242424242").await;
    let answer = app.post(CARDS).bearer(&other).json(&json!({ "token": token })).send().await;
    answer.assert_status(StatusCode::CREATED);
    assert_eq!(answer.json()["is_main"], true);

    // A spent token, an unknown one and another shop's: the gateway's message.
    for token in [token.as_str(), "tok_unknown"] {
        let answer = app.post(CARDS).bearer(&other).json(&json!({ "token": token })).send().await;
        answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(answer.json()["code"], "user_cards.invalid_token");
        assert_eq!(answer.json()["message"], shop::payments::sandbox::TOKEN_GONE_MESSAGE);
    }
    let corporate = app.post(TOKENS).channel("corporate").json(&card("4242424242424242")).send().await.json()["token"].as_str().unwrap().to_owned();
    let answer = app.post(CARDS).bearer(&other).json(&json!({ "token": corporate })).send().await;
    assert_eq!(answer.json()["code"], "user_cards.invalid_token");
    let answer = app.post(CARDS).bearer(&other).json(&json!({ "masked_number": "************4242" })).send().await;
    answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(answer.json()["errors"]["token"][0], "カード情報を入力してください。");
    app.get(CARDS).send().await.assert_status(StatusCode::UNAUTHORIZED);
}

async fn cards_added_at_once_never_pass_the_limit_nor_make_two_main_cards(app: TestApp) {
    let other = registered_demo_member(&app, "shiro@example.jp").await.access_token;
    set_setting(&app, "demo", "MEMBER.CARD_LIMIT", "2").await;
    let mut tokens = Vec::new();
    for _ in 0..4 {
        tokens.push(tokenised(&app, "4242424242424242").await);
    }
    let add = |token: String| {
        let (app, other) = (&app, &other);
        async move { app.post(CARDS).bearer(other).json(&json!({ "token": token })).send().await.status }
    };
    let [a, b, c, d] = <[String; 4]>::try_from(tokens).unwrap();
    let statuses = tokio::join!(add(a), add(b), add(c), add(d));
    let statuses = [statuses.0, statuses.1, statuses.2, statuses.3];
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::CREATED).count(), 2, "{statuses:?}");
    assert!(statuses.iter().all(|s| *s == StatusCode::CREATED || *s == StatusCode::UNPROCESSABLE_ENTITY), "{statuses:?}");
    let (answer, items) = cards(&app, &other).await;
    assert_eq!(answer.header("x-total"), "2");
    assert_eq!(items.iter().filter(|c| c["is_main"] == true).count(), 1);
    // The gateway keeps only the saved cards that made it into the list.
    let saved: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM sandbox_card_tokens WHERE kind = 'saved' AND token IN (SELECT card_ref FROM user_cards)")
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    let all_saved: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM sandbox_card_tokens WHERE kind = 'saved'").fetch_one(&app.state.db.pool).await.unwrap();
    assert_eq!((saved, all_saved), (3, 3), "the demo member's card and these two; refused ones are forgotten");
}

async fn a_member_who_leaves_takes_their_cards_with_them(app: TestApp) {
    let answer = app.post("/v1/auth/login").json(&json!({ "username": "demo-member", "password": "ride2026demo" })).send().await;
    let bearer = answer.json()["access_token"].as_str().unwrap().to_owned();
    add_card(&app, &bearer, "5555555555554444").await.assert_status(StatusCode::CREATED);
    app.delete("/v1/me/user").bearer(&bearer).json(&json!({ "password": "ride2026demo" })).send().await.assert_status(StatusCode::NO_CONTENT);
    let pool = &app.state.db.pool;
    let cards: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM user_cards").fetch_one(pool).await.unwrap();
    let saved: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM sandbox_card_tokens WHERE kind = 'saved'").fetch_one(pool).await.unwrap();
    assert_eq!((cards, saved), (0, 0), "no card of theirs stays, here or at the gateway");
}

fn codes(answer: &Answer) -> Vec<String> {
    answer.json()["data"].as_array().unwrap().iter().map(|c| c["code"].as_str().unwrap().to_owned()).collect()
}

async fn coupon_id(app: &TestApp, code: &str) -> String {
    sqlx::query_scalar("SELECT id FROM coupons WHERE code = $1").bind(code).fetch_one(&app.state.db.pool).await.unwrap()
}

async fn coupons_open_now_are_listed_and_members_take_them_once(app: TestApp) {
    let answer = app.get("/v1/coupons").send().await;
    answer.assert_status(StatusCode::OK);
    assert_eq!(codes(&answer), ["WELCOME500", "RIDE10"], "the expired AUTUMN300 is hidden");
    assert_eq!(answer.header("x-total"), "2");
    let list = answer.json();
    let welcome = &list["data"][0];
    assert_eq!((welcome["discount_label"].as_str(), welcome["minimum_amount"].as_i64()), (Some("500円引き"), Some(3000)));
    assert_eq!((welcome["requires_take"].as_bool(), welcome["member_only"].as_bool(), welcome["is_taken"].as_bool()), (Some(false), Some(false), Some(false)));
    let ride = &list["data"][1];
    assert_eq!((ride["discount_kind"].as_str(), ride["discount_value"].as_i64(), ride["discount_label"].as_str()), (Some("percent"), Some(10), Some("10%OFF")));
    assert_eq!((ride["requires_take"].as_bool(), ride["member_only"].as_bool()), (Some(true), Some(true)));
    assert!(ride["ends_at"].as_str().unwrap().ends_with('Z'));
    let corporate = app.get("/v1/coupons").channel("corporate").send().await;
    assert_eq!(codes(&corporate), ["BIZ1000"]);
    assert_eq!(corporate.json()["data"][0]["discount_label"], "1,000円引き");

    let (_, bearer) = demo_member(&app).await;
    let mine = app.get("/v1/me/coupons").bearer(&bearer).send().await;
    mine.assert_status(StatusCode::OK);
    assert!(mine.json()["data"].as_array().unwrap().iter().all(|c| c["is_taken"] == false));
    let ride_id = ride["id"].as_str().unwrap();
    for _ in 0..2 {
        let answer = app.post("/v1/me/coupons").bearer(&bearer).json(&json!({ "coupon_id": ride_id, "page": "coupon" })).send().await;
        answer.assert_status(StatusCode::OK);
        assert_eq!((answer.json()["code"].as_str(), answer.json()["is_taken"].as_bool()), (Some("RIDE10"), Some(true)));
    }
    let taken: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM user_coupons").fetch_one(&app.state.db.pool).await.unwrap();
    assert_eq!(taken, 1, "taking twice keeps one take");
    let mine = app.get("/v1/me/coupons").bearer(&bearer).send().await.json();
    assert_eq!((mine["data"][0]["is_taken"].as_bool(), mine["data"][1]["is_taken"].as_bool()), (Some(false), Some(true)));
    let public = app.get("/v1/coupons").bearer(&bearer).send().await.json();
    assert_eq!(public["data"][1]["is_taken"], true, "with a bearer token the public list is the member's");
    assert_eq!(app.get("/v1/coupons").send().await.json()["data"][1]["is_taken"], false);

    // Expired, unknown, another shop's, none.
    let autumn = coupon_id(&app, "AUTUMN300").await;
    let answer = app.post("/v1/me/coupons").bearer(&bearer).json(&json!({ "coupon_id": autumn })).send().await;
    answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(answer.json()["code"], "coupons.take.out_of_period");
    let biz = coupon_id(&app, "BIZ1000").await;
    for id in [biz.as_str(), "no-such-coupon"] {
        app.post("/v1/me/coupons").bearer(&bearer).json(&json!({ "coupon_id": id })).send().await.assert_status(StatusCode::NOT_FOUND);
    }
    let answer = app.post("/v1/me/coupons").bearer(&bearer).json(&json!({ "page": "coupon" })).send().await;
    assert_eq!(answer.json()["errors"]["coupon_id"][0], "クーポンを選択してください。");
    app.get("/v1/me/coupons").send().await.assert_status(StatusCode::UNAUTHORIZED);
    app.post("/v1/me/coupons").json(&json!({ "coupon_id": ride_id })).send().await.assert_status(StatusCode::UNAUTHORIZED);

    // A coupon kept off the public list (a landing page's) shows only to the members who took it.
    sqlx::query("UPDATE coupons SET is_public = 0 WHERE code = 'WELCOME500'").execute(&app.state.db.pool).await.unwrap();
    let welcome_id = coupon_id(&app, "WELCOME500").await;
    assert_eq!(codes(&app.get("/v1/coupons").send().await), ["RIDE10"]);
    app.post("/v1/me/coupons").bearer(&bearer).json(&json!({ "coupon_id": welcome_id })).send().await.assert_status(StatusCode::OK);
    assert_eq!(codes(&app.get("/v1/me/coupons").bearer(&bearer).send().await), ["WELCOME500", "RIDE10"]);
}

/// An order of the demo shop's member, as the cart's decision writes it (the cart feature
/// is not part of these tests), with its cart; returns (order id, cart token).
async fn placed_order(app: &TestApp, user_id: Option<&str>, order_no: &str) -> (String, String) {
    let channel_id = app.channel_id("demo").await;
    let token = shop::infra::secret::random_hex(16);
    let cart_id = uuid::Uuid::now_v7().to_string();
    let order_id = uuid::Uuid::now_v7().to_string();
    let now = shop::infra::time::Timestamp::now().0;
    let pool = &app.state.db.pool;
    sqlx::query("INSERT INTO carts (id, channel_id, token_hash, user_id, expires_at, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5, $5)")
        .bind(&cart_id)
        .bind(&channel_id)
        .bind(shop::infra::secret::sha256_hex(&token))
        .bind(user_id)
        .bind(now)
        .execute(pool)
        .await
        .unwrap();
    sqlx::query(
        "INSERT INTO orders (id, channel_id, order_no, cart_id, user_id, status, payment_code, payment_name, orderer_json, orderer_email, \
         subtotal, total_carriage, payment_fee, packing_fee, coupon_discount, point_discount, total_payment, total_tax, amount_by_tax_rate, \
         ordered_at, updated_at) VALUES ($1, $2, $3, $4, $5, 'accepted', 'cod', '代金引換', '{}', 'member@example.com', \
         6600, 880, 330, 0, 0, 0, 7810, 710, '[]', $6, $6)",
    )
    .bind(&order_id)
    .bind(&channel_id)
    .bind(order_no)
    .bind(&cart_id)
    .bind(user_id)
    .bind(now)
    .execute(pool)
    .await
    .unwrap();
    sqlx::query(
        "INSERT INTO order_lines (id, order_id, position, product_key, variation_key, code, product_name, variation_name, unit_price, quantity, tax_rate) \
         VALUES ($1, $2, 1, 'rp0001', 'rp0001-m', 'RP-0001', 'ライディンググローブ', 'M', 3300, 2, 10)",
    )
    .bind(uuid::Uuid::now_v7().to_string())
    .bind(&order_id)
    .execute(pool)
    .await
    .unwrap();
    sqlx::query("UPDATE carts SET order_id = $1 WHERE id = $2").bind(&order_id).bind(&cart_id).execute(pool).await.unwrap();
    (order_id, token)
}

async fn points_show_the_balance_the_rate_and_the_history(app: TestApp) {
    let (user_id, bearer) = demo_member(&app).await;
    let answer = app.get("/v1/me/points").bearer(&bearer).send().await;
    answer.assert_status(StatusCode::OK);
    // The sign-up grant of 500 and the 112 + 59 points the two seeded past orders earned.
    assert_eq!(answer.json(), json!({ "balance": 671, "earn_rate": 1, "is_enabled": true }));

    let answer = app.get("/v1/me/point-histories").bearer(&bearer).send().await;
    answer.assert_status(StatusCode::OK);
    let grant = &answer.json()["data"][0];
    assert_eq!(grant["kind"], "grant");
    assert_eq!(grant["kind_label"], "付与");
    assert_eq!((grant["points"].as_i64(), grant["description"].as_str()), (Some(500), Some("会員登録特典")));
    assert!(grant["order_no"].is_null());

    // An order's earn and use rows carry its number, newest first.
    let (order_id, _) = placed_order(&app, Some(&user_id), "R00000001").await;
    let channel_id = app.channel_id("demo").await;
    let later = shop::infra::time::Timestamp::now().0 + 1000;
    for (offset, kind, points) in [(0, "use", -100), (1, "earn", 60)] {
        sqlx::query("INSERT INTO point_histories (id, channel_id, user_id, order_id, kind, points, description, created_at) VALUES ($1, $2, $3, $4, $5, $6, 'ご注文', $7)")
            .bind(uuid::Uuid::now_v7().to_string())
            .bind(&channel_id)
            .bind(&user_id)
            .bind(&order_id)
            .bind(kind)
            .bind(points)
            .bind(later + offset)
            .execute(&app.state.db.pool)
            .await
            .unwrap();
    }
    let answer = app.get("/v1/me/point-histories?per=2").bearer(&bearer).send().await;
    assert_eq!((answer.header("x-total"), answer.header("x-last-page")), ("5", "3"));
    let page = answer.json();
    let labels: Vec<(&str, &str)> =
        page["data"].as_array().unwrap().iter().map(|h| (h["kind_label"].as_str().unwrap(), h["order_no"].as_str().unwrap())).collect();
    assert_eq!(labels, [("獲得", "R00000001"), ("利用", "R00000001")]);

    // Another member's balance starts at zero; a shop with rate 0 has points switched off.
    let other = registered_demo_member(&app, "jiro@example.jp").await.access_token;
    assert_eq!(app.get("/v1/me/points").bearer(&other).send().await.json()["balance"], 0);
    assert_eq!(app.get("/v1/me/point-histories").bearer(&other).send().await.header("x-total"), "0");
    set_setting(&app, "demo", "POINT.EARN_RATE", "0").await;
    assert_eq!(app.get("/v1/me/points").bearer(&bearer).send().await.json(), json!({ "balance": 671, "earn_rate": 0, "is_enabled": false }));
    app.get("/v1/me/points").send().await.assert_status(StatusCode::UNAUTHORIZED);
}

fn signed(app: &TestApp, body: &str) -> String {
    let secret = app.state.config.gateway_secret.clone().unwrap();
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).unwrap();
    mac.update(body.as_bytes());
    mac.finalize().into_bytes().iter().map(|b| format!("{b:02x}")).collect()
}

async fn notifications(app: &TestApp) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM payment_notifications").fetch_one(&app.state.db.pool).await.unwrap()
}

async fn the_fraud_notification_needs_the_gateway_signature_and_counts_once(app: TestApp) {
    const BODY: &str = r#"{"event_id":"evt_0001","order_no":"R00000001","result":"fraud"}"#;
    let signature = signed(&app, BODY);
    for _ in 0..2 {
        let answer = app.post(NOTIFY).header("x-sbps-signature", &signature).raw_body("application/json", BODY).send().await;
        answer.assert_status(StatusCode::OK);
        assert_eq!(answer.json(), json!({ "result": "OK" }));
    }
    assert_eq!(notifications(&app).await, 1, "a replayed event is recorded once");
    let (result, order_no): (String, String) =
        sqlx::query_as("SELECT result, order_no FROM payment_notifications WHERE event_id = 'evt_0001'").fetch_one(&app.state.db.pool).await.unwrap();
    assert_eq!((result.as_str(), order_no.as_str()), ("fraud", "R00000001"));

    // A fraud verdict on an order of this shop cancels it, once, with the reason recorded.
    let (order_id, _) = placed_order(&app, None, "R00000009").await;
    const FLAGGED: &str = r#"{"event_id":"evt_0009","order_no":"R00000009","result":"fraud"}"#;
    for _ in 0..2 {
        app.post(NOTIFY).header("x-sbps-signature", &signed(&app, FLAGGED)).raw_body("application/json", FLAGGED).send().await.assert_status(StatusCode::OK);
    }
    let (status, reason): (String, Option<String>) =
        sqlx::query_as("SELECT status, cancel_reason FROM orders WHERE id = $1").bind(&order_id).fetch_one(&app.state.db.pool).await.unwrap();
    assert_eq!((status.as_str(), reason.as_deref()), ("cancelled", Some("決済代行会社の不正検知によりキャンセルされました")));

    // Unsigned, wrongly signed, signed for another body, signed with another secret: 401.
    const OTHER: &str = r#"{"event_id":"evt_0002","order_no":"R00000002","result":"fraud"}"#;
    let forged = {
        let mut mac = Hmac::<Sha256>::new_from_slice(b"not-the-shared-secret").unwrap();
        mac.update(OTHER.as_bytes());
        mac.finalize().into_bytes().iter().map(|b| format!("{b:02x}")).collect::<String>()
    };
    for header in [None, Some("deadbeef"), Some(signature.as_str()), Some(forged.as_str())] {
        let mut call = app.post(NOTIFY).raw_body("application/json", OTHER);
        if let Some(value) = header {
            call = call.header("x-sbps-signature", value);
        }
        call.send().await.assert_status(StatusCode::UNAUTHORIZED);
    }
    assert_eq!(notifications(&app).await, 2);

    // Signed but not a notification.
    const BAD: &str = r#"{"event_id":"","order_no":"R1","result":"maybe"}"#;
    let answer = app.post(NOTIFY).header("x-sbps-signature", &signed(&app, BAD)).raw_body("application/json", BAD).send().await;
    answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert!(answer.json()["errors"]["event_id"].is_array() && answer.json()["errors"]["result"].is_array());
    const OK: &str = r#"{"event_id":"evt_0003","order_no":"R00000003","result":"ok"}"#;
    app.post(NOTIFY).header("x-sbps-signature", &signed(&app, OK).to_uppercase()).raw_body("application/json", OK).send().await.assert_status(StatusCode::OK);
    assert_eq!(notifications(&app).await, 3);
}

async fn ecommerce_events_are_read_back_only_by_their_cart_or_member(app: TestApp) {
    let (_, token) = placed_order(&app, None, "R00000009").await;
    let answer = app
        .post("/v1/ecommerce_events")
        .json(&json!({ "name": "purchase", "args": { "value": 7810, "currency": "JPY" }, "token": token, "logreco_rcmd_ct": "abc" }))
        .send()
        .await;
    answer.assert_status(StatusCode::CREATED);
    // The demo shop thanks a purchase with its popup for that event.
    assert_eq!(answer.json()["popup"]["title"], "ご注文ありがとうございます");
    let id = answer.json()["id"].as_str().unwrap().to_owned();

    let answer = app.get(&format!("/v1/ecommerce_events/{id}?token={token}")).send().await;
    answer.assert_status(StatusCode::OK);
    assert_eq!(
        answer.json(),
        json!({
            "id": id, "name": "purchase", "args": { "value": 7810, "currency": "JPY" }, "logreco_rcmd_ct": "abc",
            "order": { "order_no": "R00000009", "total_payment": 7810,
                       "products": [{ "product_key": "rp0001", "name": "ライディンググローブ", "unit_price": 3300, "quantity": 2 }] },
        })
    );

    // Another cart's token, no token, another shop: 404 like an unknown id.
    let (_, foreign) = placed_order(&app, None, "R00000010").await;
    for path in [format!("/v1/ecommerce_events/{id}?token={foreign}"), format!("/v1/ecommerce_events/{id}"), "/v1/ecommerce_events/nope?token=x".into()] {
        app.get(&path).send().await.assert_status(StatusCode::NOT_FOUND);
    }
    app.get(&format!("/v1/ecommerce_events/{id}?token={token}")).channel("corporate").send().await.assert_status(StatusCode::NOT_FOUND);

    // A member's event without a cart: theirs to read, nobody else's.
    let (_, bearer) = demo_member(&app).await;
    let answer =
        app.post("/v1/ecommerce_events").bearer(&bearer).json(&json!({ "name": "view_item", "args": ["rp0001"], "token": "unknown-token" })).send().await;
    answer.assert_status(StatusCode::CREATED);
    let mine = answer.json()["id"].as_str().unwrap().to_owned();
    let answer = app.get(&format!("/v1/ecommerce_events/{mine}")).bearer(&bearer).send().await;
    answer.assert_status(StatusCode::OK);
    assert_eq!((answer.json()["args"].clone(), answer.json()["order"].clone()), (json!(["rp0001"]), Value::Null));
    let other = registered_demo_member(&app, "saburo@example.jp").await.access_token;
    app.get(&format!("/v1/ecommerce_events/{mine}")).bearer(&other).send().await.assert_status(StatusCode::NOT_FOUND);

    let answer = app.post("/v1/ecommerce_events").json(&json!({ "args": {} })).send().await;
    answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert!(answer.json()["errors"]["name"].is_array());
}

on_both_databases!(
    the_tokeniser_issues_a_token_and_refuses_a_bad_card_in_japanese,
    the_card_payment_settings_name_the_tokeniser_and_the_test_cards,
    the_demo_member_saves_cards_up_to_the_limit_and_keeps_one_main_card,
    another_members_cards_are_404_and_spent_or_foreign_tokens_are_refused,
    cards_added_at_once_never_pass_the_limit_nor_make_two_main_cards,
    a_member_who_leaves_takes_their_cards_with_them,
    coupons_open_now_are_listed_and_members_take_them_once,
    points_show_the_balance_the_rate_and_the_history,
    the_fraud_notification_needs_the_gateway_signature_and_counts_once,
    ecommerce_events_are_read_back_only_by_their_cart_or_member,
);
