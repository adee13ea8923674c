//! The cart and the decision as the storefront drives them: lines with stock and sale
//! checks, expiry, stopped selling, the guest cart becoming the member's, another member's
//! cart and address, tax once per rate, coupons, points, the COD fee, multiple shippings,
//! and the decision — idempotent, a declined card keeping the cart, stock taken exactly and
//! never oversold under concurrent buyers.
use axum::http::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{Answer, TestApp, decoded_file_name, has_text};
use crate::members::registered_demo_member;
use crate::on_both_databases;

const DAY_MS: i64 = 24 * 60 * 60 * 1000;

fn now_ms() -> i64 {
    shop::infra::time::Timestamp::now().0
}

/// A product of the demo shop with one variation; returns its variation key.
/// The demo seed gives the demo member two past orders, points and a saved card; these tests
/// count orders, points and cards from zero, so they start from a shop without that history.
pub(crate) async fn forget_seeded_history(app: &TestApp) {
    let pool = &app.state.db.pool;
    for statement in ["DELETE FROM orders", "DELETE FROM point_histories", "DELETE FROM user_points", "DELETE FROM user_cards", "DELETE FROM order_numbers"] {
        sqlx::query(statement).execute(pool).await.unwrap();
    }
}

pub(crate) async fn product(app: &TestApp, key: &str, price: i64, tax_rate: i64, stock: i64) -> String {
    product_with(app, key, price, tax_rate, stock, None, None, true).await
}

#[allow(clippy::too_many_arguments)]
async fn product_with(
    app: &TestApp,
    key: &str,
    price: i64,
    tax_rate: i64,
    stock: i64,
    sale_start: Option<i64>,
    sale_end: Option<i64>,
    published: bool,
) -> String {
    let channel_id = app.channel_id("demo").await;
    let product_id = uuid::Uuid::now_v7().to_string();
    sqlx::query(
        "INSERT INTO products (id, channel_id, product_key, code, name, description, tax_rate, price, sale_start, sale_end, is_published, created_at, search_name, search_text) \
         VALUES ($1, $2, $3, $4, $5, '', $6, $7, $8, $9, $10, $11, '', '')",
    )
    .bind(&product_id)
    .bind(&channel_id)
    .bind(key)
    .bind(format!("CODE-{key}"))
    .bind(format!("テスト商品{key}"))
    .bind(tax_rate)
    .bind(price)
    .bind(sale_start)
    .bind(sale_end)
    .bind(i64::from(published))
    .bind(now_ms())
    .execute(&app.state.db.pool)
    .await
    .unwrap();
    let variation_key = format!("{key}-v");
    sqlx::query(
        "INSERT INTO product_variations (id, channel_id, product_id, variation_key, name, price, stock_quantity, position) VALUES ($1, $2, $3, $4, $5, $6, $7, 1)",
    )
    .bind(uuid::Uuid::now_v7().to_string())
    .bind(&channel_id)
    .bind(&product_id)
    .bind(&variation_key)
    .bind("標準")
    .bind(price)
    .bind(stock)
    .execute(&app.state.db.pool)
    .await
    .unwrap();
    variation_key
}

pub(crate) async fn stock_of(app: &TestApp, variation_key: &str) -> i64 {
    sqlx::query_scalar("SELECT stock_quantity FROM product_variations WHERE variation_key = $1")
        .bind(variation_key)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap()
}

pub(crate) async fn count(app: &TestApp, sql: &'static str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(&app.state.db.pool).await.unwrap()
}

pub(crate) async fn set_setting(app: &TestApp, key: &str, value: Value) {
    let channel_id = app.channel_id("demo").await;
    sqlx::query("DELETE FROM channel_settings WHERE channel_id = $1 AND setting_key = $2")
        .bind(&channel_id)
        .bind(key)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    sqlx::query("INSERT INTO channel_settings (channel_id, setting_key, setting_value) VALUES ($1, $2, $3)")
        .bind(&channel_id)
        .bind(key)
        .bind(value.to_string())
        .execute(&app.state.db.pool)
        .await
        .unwrap();
}

pub(crate) async fn init(app: &TestApp, token: Option<&str>, bearer: Option<&str>) -> Value {
    let mut call = app.post("/v1/carts/init").json(&json!({ "token": token }));
    if let Some(bearer) = bearer {
        call = call.bearer(bearer);
    }
    let answer = call.send().await;
    answer.assert_status(StatusCode::OK);
    answer.json()
}

pub(crate) async fn patch(app: &TestApp, path: &str, body: Value, bearer: Option<&str>) -> Answer {
    let mut call = app.patch(path).json(&body);
    if let Some(bearer) = bearer {
        call = call.bearer(bearer);
    }
    call.send().await
}

pub(crate) async fn add(app: &TestApp, token: &str, variation_key: &str, quantity: i64) -> Answer {
    patch(app, "/v1/carts/products/add", json!({ "token": token, "variation_key": variation_key, "quantity": quantity }), None).await
}

fn tokyo() -> Value {
    json!({
        "shipping_last_name": "東京", "shipping_first_name": "一郎", "shipping_last_name_kana": "トウキョウ", "shipping_first_name_kana": "イチロウ",
        "postal_code": "100-0001", "prefecture": "東京都", "city": "千代田区", "address1": "千代田1-1", "phone_number": "03-1234-5678"
    })
}

pub(crate) fn orderer() -> Value {
    json!({
        "last_name": "東京", "first_name": "一郎", "last_name_kana": "トウキョウ", "first_name_kana": "イチロウ", "email": "guest@example.jp",
        "postal_code": "100-0001", "prefecture": "東京都", "city": "千代田区", "address1": "千代田1-1", "phone_number": "03-1234-5678"
    })
}

pub(crate) async fn payment_id(app: &TestApp, code: &str) -> String {
    let list = app.get("/v1/payments").send().await.json();
    list.as_array().unwrap().iter().find(|m| m["code"] == code).unwrap()["id"].as_str().unwrap().to_owned()
}

/// A guest cart with `quantity` of `variation_key`, a Tokyo address, an orderer and `code` as payment.
pub(crate) async fn ready_guest_cart(app: &TestApp, variation_key: &str, quantity: i64, code: &str) -> String {
    let token = init(app, None, None).await["token"].as_str().unwrap().to_owned();
    add(app, &token, variation_key, quantity).await.assert_status(StatusCode::OK);
    patch(app, "/v1/carts/shippings/add", json!({ "token": token, "address": tokyo() }), None).await.assert_status(StatusCode::OK);
    let method = payment_id(app, code).await;
    let cart = patch(app, "/v1/carts/order/modify", json!({ "token": token, "payment_method_id": method, "orderer": orderer() }), None).await;
    cart.assert_status(StatusCode::OK);
    token
}

pub(crate) async fn demo_member(app: &TestApp) -> String {
    let answer = app.post("/v1/auth/login").json(&json!({ "username": "demo-member", "password": "ride2026demo" })).send().await;
    answer.assert_status(StatusCode::OK);
    answer.json()["access_token"].as_str().unwrap().to_owned()
}

pub(crate) async fn demo_member_id(app: &TestApp) -> String {
    let channel_id = app.channel_id("demo").await;
    shop::members::store::find_user_by_email(&app.state.db, &channel_id, "member@example.com").await.unwrap().unwrap().id.into_string()
}

pub(crate) fn code_of(answer: &Answer) -> String {
    answer.json()["code"].as_str().unwrap_or_default().to_owned()
}

// ---------------------------------------------------------------------------------------

async fn lines_follow_stock_and_sale_rules_with_the_spec_codes(app: TestApp) {
    forget_seeded_history(&app).await;
    let bolt = product(&app, "bolt", 1100, 10, 5).await;
    let later = product_with(&app, "later", 1000, 10, 5, Some(now_ms() + DAY_MS), None, true).await;
    let hidden = product_with(&app, "hidden", 1000, 10, 5, None, None, false).await;
    let cart = init(&app, None, None).await;
    let token = cart["token"].as_str().unwrap().to_owned();
    assert_eq!(token.len(), 32);
    assert!(cart["detail"]["products"].as_array().unwrap().is_empty());

    let added = add(&app, &token, &bolt, 2).await;
    added.assert_status(StatusCode::OK);
    let body = added.json();
    let line = &body["detail"]["products"][0];
    assert_eq!(line["quantity"], 2);
    assert_eq!(line["subtotal"], 2200);
    assert_eq!(line["tax_amount"], 200);
    assert_eq!(line["product_info"]["max_quantity"], 5);
    let key = line["key"].as_str().unwrap().to_owned();
    assert_eq!(body["detail"]["shippings"].as_array().unwrap().len(), 1);

    // Same variation again: the line grows; beyond the stock it is refused.
    add(&app, &token, &bolt, 2).await.assert_status(StatusCode::OK);
    let over = add(&app, &token, &bolt, 2).await;
    over.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(over.json()["errors"]["quantity"][0], "在庫が不足しています（残り 5 点）");

    let not_yet = add(&app, &token, &later, 1).await;
    not_yet.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(code_of(&not_yet), "cart.update_products.not_sale");
    let gone = add(&app, &token, &hidden, 1).await;
    assert_eq!(code_of(&gone), "cart.update_products.product_not_found");
    let unknown = add(&app, &token, "no-such-variation", 1).await;
    assert_eq!(code_of(&unknown), "cart.update_products.product_not_found");
    let zero = add(&app, &token, &bolt, 0).await;
    zero.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert!(zero.json()["errors"]["quantity"].is_array());

    let modified = patch(&app, "/v1/carts/products/modify", json!({ "token": token, "key": key, "quantity": 5 }), None).await;
    modified.assert_status(StatusCode::OK);
    assert_eq!(modified.json()["detail"]["order"]["items_subtotal"], 5500);
    let too_many = patch(&app, "/v1/carts/products/modify", json!({ "token": token, "key": key, "quantity": 6 }), None).await;
    too_many.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(too_many.json()["errors"]["quantity"][0], "在庫が不足しています（残り 5 点）");

    let deleted = patch(&app, "/v1/carts/products/delete", json!({ "token": token, "key": key }), None).await;
    deleted.assert_status(StatusCode::OK);
    assert!(deleted.json()["detail"]["products"].as_array().unwrap().is_empty());
    let again = patch(&app, "/v1/carts/products/delete", json!({ "token": token, "key": key }), None).await;
    again.assert_status(StatusCode::UNPROCESSABLE_ENTITY);

    app.get("/v1/carts/0123456789abcdef0123456789abcdef").send().await.assert_status(StatusCode::NOT_FOUND);
}

async fn an_expired_cart_answers_is_expired_and_init_starts_a_new_one(app: TestApp) {
    forget_seeded_history(&app).await;
    let bolt = product(&app, "bolt", 1100, 10, 5).await;
    let token = init(&app, None, None).await["token"].as_str().unwrap().to_owned();
    add(&app, &token, &bolt, 1).await.assert_status(StatusCode::OK);
    sqlx::query("UPDATE carts SET expires_at = $1").bind(now_ms() - 1000).execute(&app.state.db.pool).await.unwrap();

    let shown = app.get(&format!("/v1/carts/{token}")).send().await;
    shown.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(code_of(&shown), "cart.common.is_expired");
    assert_eq!(shown.json()["message"], "カートの有効期限が切れました。もう一度商品をお選びください。");
    assert_eq!(code_of(&add(&app, &token, &bolt, 1).await), "cart.common.is_expired");

    let fresh = init(&app, Some(&token), None).await;
    assert_ne!(fresh["token"], token.as_str());
    assert!(fresh["detail"]["products"].as_array().unwrap().is_empty());
}

async fn stopped_selling_refuses_lines_and_init_drops_what_cannot_be_sold(app: TestApp) {
    forget_seeded_history(&app).await;
    let bolt = product(&app, "bolt", 1100, 10, 5).await;
    let nut = product(&app, "nut", 500, 10, 5).await;
    let token = init(&app, None, None).await["token"].as_str().unwrap().to_owned();
    add(&app, &token, &bolt, 1).await.assert_status(StatusCode::OK);
    add(&app, &token, &nut, 1).await.assert_status(StatusCode::OK);

    set_setting(&app, "PLUGIN.TEMPORARY_STOP_SELLING.IS_USE", json!(true)).await;
    set_setting(&app, "PLUGIN.TEMPORARY_STOP_SELLING.IS_SELLING", json!(false)).await;
    let refused = add(&app, &token, &bolt, 1).await;
    refused.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(code_of(&refused), "cart.update_products.not_sale");
    set_setting(&app, "PLUGIN.TEMPORARY_STOP_SELLING.IS_SELLING", json!(true)).await;

    // The nut is sold out meanwhile: init with invalid_product drops it and names it.
    sqlx::query("UPDATE product_variations SET stock_quantity = 0 WHERE variation_key = $1").bind(&nut).execute(&app.state.db.pool).await.unwrap();
    let answer = app.post("/v1/carts/init").json(&json!({ "token": token, "invalid_product": true })).send().await;
    answer.assert_status(StatusCode::OK);
    let body = answer.json();
    assert_eq!(body["token"], token.as_str());
    assert_eq!(body["reason"], "product_not_found");
    assert_eq!(body["removed_products"], json!(["テスト商品nut"]));
    assert_eq!(body["detail"]["products"].as_array().unwrap().len(), 1);
}

async fn a_guest_cart_becomes_the_members_at_init_and_merges_into_their_open_cart(app: TestApp) {
    forget_seeded_history(&app).await;
    let bolt = product(&app, "bolt", 1100, 10, 20).await;
    let nut = product(&app, "nut", 500, 10, 20).await;
    let member = demo_member(&app).await;

    // A guest cart adopted by the member keeps its token and is theirs from now on.
    let guest = init(&app, None, None).await["token"].as_str().unwrap().to_owned();
    add(&app, &guest, &bolt, 1).await.assert_status(StatusCode::OK);
    let adopted = init(&app, Some(&guest), Some(&member)).await;
    assert_eq!(adopted["token"], guest.as_str());
    assert_eq!(adopted["detail"]["order"]["point_balance"], 0);
    app.get(&format!("/v1/carts/{guest}")).send().await.assert_status(StatusCode::NOT_FOUND);
    app.get(&format!("/v1/carts/{guest}")).bearer(&member).send().await.assert_status(StatusCode::OK);

    // Another guest cart (logged out) merges into that open cart at the next login.
    let second = init(&app, None, None).await["token"].as_str().unwrap().to_owned();
    add(&app, &second, &bolt, 2).await.assert_status(StatusCode::OK);
    add(&app, &second, &nut, 3).await.assert_status(StatusCode::OK);
    let merged = init(&app, Some(&second), Some(&member)).await;
    let products = merged["detail"]["products"].as_array().unwrap();
    assert_eq!(products.len(), 2);
    assert_eq!(products.iter().find(|p| p["product_info"]["variation_key"] == bolt.as_str()).unwrap()["quantity"], 3);
    assert_eq!(products.iter().find(|p| p["product_info"]["variation_key"] == nut.as_str()).unwrap()["quantity"], 3);
    app.get(&format!("/v1/carts/{second}")).send().await.assert_status(StatusCode::NOT_FOUND);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM carts").await, 1);
}

async fn another_members_cart_and_address_answer_as_unknown(app: TestApp) {
    forget_seeded_history(&app).await;
    let bolt = product(&app, "bolt", 1100, 10, 20).await;
    let member = demo_member(&app).await;
    let other = registered_demo_member(&app, "other@example.jp").await.access_token;
    let token = init(&app, None, Some(&member)).await["token"].as_str().unwrap().to_owned();
    add(&app, &token, &bolt, 1).await.assert_status(StatusCode::NOT_FOUND);
    patch(&app, "/v1/carts/products/add", json!({ "token": token, "variation_key": bolt, "quantity": 1 }), Some(&member)).await.assert_status(StatusCode::OK);

    app.get(&format!("/v1/carts/{token}")).bearer(&other).send().await.assert_status(StatusCode::NOT_FOUND);
    let theirs = init(&app, Some(&token), Some(&other)).await;
    assert_ne!(theirs["token"], token.as_str());
    assert!(theirs["detail"]["products"].as_array().unwrap().is_empty());

    // The demo member's address book entry is not the other member's to use.
    let book = app.get("/v1/me/user-addresses").bearer(&member).send().await.json();
    let entry = book["data"][1]["id"].as_str().unwrap().to_owned();
    let other_token = theirs["token"].as_str().unwrap().to_owned();
    let refused = patch(&app, "/v1/carts/shippings/add", json!({ "token": other_token, "user_address_id": entry }), Some(&other)).await;
    refused.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(code_of(&refused), "cart_detail.set_user_address.not_data");
    // Its owner may, and the own address (division_ct 1) is the profile.
    let used = patch(&app, "/v1/carts/shippings/add", json!({ "token": token, "user_address_id": entry }), Some(&member)).await;
    used.assert_status(StatusCode::OK);
    assert_eq!(used.json()["detail"]["shippings"][0]["user_address_id"], entry.as_str());
    let own = book["data"][0]["id"].as_str().unwrap().to_owned();
    let key = used.json()["detail"]["shippings"][0]["key"].as_str().unwrap().to_owned();
    let mine = patch(&app, "/v1/carts/shippings/modify", json!({ "token": token, "key": key, "user_address_id": own }), Some(&member)).await;
    mine.assert_status(StatusCode::OK);
    assert_eq!(mine.json()["detail"]["shippings"][0]["address"]["shipping_last_name"], "山田");
}

async fn tax_is_rounded_down_once_per_rate_with_an_8_and_a_10_percent_line(app: TestApp) {
    forget_seeded_history(&app).await;
    let rice = product(&app, "rice", 1080, 8, 10).await;
    let oil = product(&app, "oil", 3300, 10, 10).await;
    let rag = product(&app, "rag", 1078, 10, 10).await;
    let token = ready_guest_cart(&app, &rice, 2, "bank_transfer").await;
    add(&app, &token, &oil, 1).await.assert_status(StatusCode::OK);
    let cart = add(&app, &token, &rag, 1).await.json();
    let order = &cart["detail"]["order"];
    assert_eq!(order["items_subtotal"], 6538);
    assert_eq!(order["total_carriage"], 880);
    assert_eq!(order["payment_fee"], 0);
    assert_eq!(order["amount_by_tax_rate"], json!([{ "tax_rate": 8, "amount": 2160, "tax": 160 }, { "tax_rate": 10, "amount": 5258, "tax": 478 }]));
    assert_eq!(order["total_tax"], 638);
    assert_eq!(order["total_payment"], 7418);
    assert_eq!(order["can_decide"], true, "{order}");

    let decided = app.post(&format!("/v1/carts/{token}/decision")).json(&json!({})).send().await;
    decided.assert_status(StatusCode::OK);
    let decision = decided.json();
    assert_eq!(decision["total_payment"], 7418);
    assert_eq!(decision["status"], "awaiting_payment");
    assert_eq!(decision["bank_account"]["bank_name"], "ライド銀行");
    assert_eq!(decision["guest_token"].as_str().unwrap().len(), 32);
    let order_no = decision["order_no"].as_str().unwrap().to_owned();
    assert!(order_no.starts_with("RP") && order_no.len() == 10, "{order_no}");

    // The order keeps the figures; the complete page reads them with the cart token only.
    let page = app.get(&format!("/v1/carts/order/{order_no}?token={token}")).send().await;
    page.assert_status(StatusCode::OK);
    let page = page.json();
    assert_eq!(page["amount_by_tax_rate"], json!([{ "tax_rate": 8, "amount": 2160, "tax": 160 }, { "tax_rate": 10, "amount": 5258, "tax": 478 }]));
    assert_eq!(page["shippings"][0]["products"].as_array().unwrap().len(), 3);
    assert_eq!(page["shippings"][0]["address"]["prefecture"], "東京都");
    assert_eq!(page["status_label"], "お支払い待ち");
    app.get(&format!("/v1/carts/order/{order_no}")).send().await.assert_status(StatusCode::NOT_FOUND);
    let other = init(&app, None, None).await["token"].as_str().unwrap().to_owned();
    app.get(&format!("/v1/carts/order/{order_no}?token={other}")).send().await.assert_status(StatusCode::NOT_FOUND);

    let mail = app.latest_mail_to("guest@example.jp").expect("a confirmation mail");
    assert!(mail.subject.contains(&order_no));
    assert!(mail.body.contains("8%対象 2,160円（内消費税 160円）"), "{}", mail.body);
    assert!(mail.body.contains("ライド銀行"));
    let guest_token = decision["guest_token"].as_str().unwrap();
    assert!(mail.body.contains(&format!("http://localhost:8080/orders/receipt?no={order_no}&t={guest_token}")), "{}", mail.body);
}

#[allow(clippy::too_many_arguments)]
async fn insert_coupon(
    app: &TestApp,
    code: &str,
    kind: &str,
    value: i64,
    minimum: i64,
    ends_at: Option<i64>,
    member_only: bool,
    requires_take: bool,
) -> String {
    let id = uuid::Uuid::now_v7().to_string();
    sqlx::query(
        "INSERT INTO coupons (id, channel_id, code, name, description, discount_kind, discount_value, minimum_amount, ends_at, member_only, requires_take, position) \
         VALUES ($1, $2, $3, $4, '', $5, $6, $7, $8, $9, $10, 1)",
    )
    .bind(&id)
    .bind(app.channel_id("demo").await)
    .bind(code)
    .bind(format!("{code}クーポン"))
    .bind(kind)
    .bind(value)
    .bind(minimum)
    .bind(ends_at)
    .bind(i64::from(member_only))
    .bind(i64::from(requires_take))
    .execute(&app.state.db.pool)
    .await
    .unwrap();
    id
}

async fn coupons_check_minimum_period_members_and_use(app: TestApp) {
    forget_seeded_history(&app).await;
    let bolt = product(&app, "bolt", 2000, 10, 20).await;
    insert_coupon(&app, "MIN3000", "amount", 500, 3000, None, false, false).await;
    insert_coupon(&app, "OLD", "amount", 500, 0, Some(now_ms() - DAY_MS), false, false).await;
    insert_coupon(&app, "MEMBERS", "percent", 10, 0, None, true, false).await;
    let take = insert_coupon(&app, "TAKE", "amount", 300, 0, None, true, true).await;
    let token = ready_guest_cart(&app, &bolt, 1, "cod").await;
    let coupon = |code: &str| json!({ "token": token, "code": code });

    let below = patch(&app, "/v1/carts/coupons/add", coupon("MIN3000"), None).await;
    below.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(below.json()["errors"]["code"][0], "このクーポンは商品合計3,000円以上でご利用いただけます");
    let unknown = patch(&app, "/v1/carts/coupons/add", coupon("NOPE"), None).await;
    assert_eq!(unknown.json()["errors"]["code"][0], "クーポンが存在しません");
    let old = patch(&app, "/v1/carts/coupons/add", coupon("OLD"), None).await;
    assert_eq!(old.json()["errors"]["code"][0], "このクーポンは利用期間外です");
    let members = patch(&app, "/v1/carts/coupons/add", coupon("MEMBERS"), None).await;
    assert_eq!(members.json()["errors"]["code"][0], "このクーポンは会員限定です。ログインしてご利用ください");

    add(&app, &token, &bolt, 1).await.assert_status(StatusCode::OK);
    let applied = patch(&app, "/v1/carts/coupons/add", coupon("MIN3000"), None).await;
    applied.assert_status(StatusCode::OK);
    let order = &applied.json()["detail"]["order"];
    assert_eq!(order["coupon_discount"], 500);
    assert_eq!(order["total_payment"], 4000 - 500 + 880 + 330);
    assert_eq!(applied.json()["detail"]["products"][0]["coupon_discount_parts"], 500);

    // Below the minimum again: the coupon stays but gives nothing, and the decision refuses.
    let key = applied.json()["detail"]["products"][0]["key"].as_str().unwrap().to_owned();
    let lowered = patch(&app, "/v1/carts/products/modify", json!({ "token": token, "key": key, "quantity": 1 }), None).await.json();
    assert_eq!(lowered["detail"]["order"]["coupon_discount"], 0);
    assert_eq!(lowered["detail"]["order"]["can_decide"], false);
    let refused = app.post(&format!("/v1/carts/{token}/decision")).json(&json!({})).send().await;
    assert_eq!(code_of(&refused), "cart.coupons.invalid");
    patch(&app, "/v1/carts/products/modify", json!({ "token": token, "key": key, "quantity": 2 }), None).await.assert_status(StatusCode::OK);
    app.post(&format!("/v1/carts/{token}/decision")).json(&json!({})).send().await.assert_status(StatusCode::OK);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM coupon_uses").await, 1);

    // Members: a coupon to take first, used once.
    let member = demo_member(&app).await;
    let mine = init(&app, None, Some(&member)).await["token"].as_str().unwrap().to_owned();
    patch(&app, "/v1/carts/products/add", json!({ "token": mine, "variation_key": bolt, "quantity": 1 }), Some(&member)).await.assert_status(StatusCode::OK);
    let not_taken = patch(&app, "/v1/carts/coupons/add", json!({ "token": mine, "code": "TAKE" }), Some(&member)).await;
    assert_eq!(not_taken.json()["errors"]["code"][0], "このクーポンはご利用前に取得が必要です");
    sqlx::query("INSERT INTO user_coupons (user_id, coupon_id, taken_at) VALUES ($1, $2, $3)")
        .bind(demo_member_id(&app).await)
        .bind(&take)
        .bind(now_ms())
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    patch(&app, "/v1/carts/coupons/add", json!({ "token": mine, "code": "TAKE" }), Some(&member)).await.assert_status(StatusCode::OK);
    let percent = patch(&app, "/v1/carts/coupons/add", json!({ "token": mine, "code": "MEMBERS" }), Some(&member)).await;
    percent.assert_status(StatusCode::OK);
    assert_eq!(percent.json()["detail"]["order"]["coupon_discount"], 200);
    assert_eq!(percent.json()["detail"]["coupons"][0]["code"], "MEMBERS");
    let removed = patch(&app, "/v1/carts/coupons/delete", json!({ "token": mine, "code": "MEMBERS" }), Some(&member)).await;
    removed.assert_status(StatusCode::OK);
    assert!(removed.json()["detail"]["coupons"].as_array().unwrap().is_empty());
    assert_eq!(removed.json()["detail"]["order"]["coupon_discount"], 0);
}

async fn points_pay_up_to_the_balance_at_the_decision_and_are_earned_when_the_parcel_leaves(app: TestApp) {
    forget_seeded_history(&app).await;
    let bolt = product(&app, "bolt", 5000, 10, 20).await;
    let member = demo_member(&app).await;
    let user_id = demo_member_id(&app).await;
    sqlx::query("DELETE FROM user_points WHERE user_id = $1").bind(&user_id).execute(&app.state.db.pool).await.unwrap();
    sqlx::query("INSERT INTO user_points (user_id, channel_id, balance, updated_at) VALUES ($1, $2, 500, 0)")
        .bind(&user_id)
        .bind(app.channel_id("demo").await)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    let token = init(&app, None, Some(&member)).await["token"].as_str().unwrap().to_owned();
    patch(&app, "/v1/carts/products/add", json!({ "token": token, "variation_key": bolt, "quantity": 1 }), Some(&member)).await.assert_status(StatusCode::OK);

    let over = patch(&app, "/v1/carts/point", json!({ "token": token, "use_points": 501 }), Some(&member)).await;
    over.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert!(over.json()["errors"]["use_points"][0].as_str().unwrap().contains("500"));
    patch(&app, "/v1/carts/point", json!({ "token": token, "use_points": 300 }), None).await.assert_status(StatusCode::UNAUTHORIZED);
    let used = patch(&app, "/v1/carts/point", json!({ "token": token, "use_points": 300 }), Some(&member)).await;
    used.assert_status(StatusCode::OK);
    let order = &used.json()["detail"]["order"];
    assert_eq!(order["use_points"], 300);
    assert_eq!(order["point_balance"], 500);
    assert_eq!(order["earn_points"], 50);
    // Points pay; they do not lower the taxed amount.
    assert_eq!(order["amount_by_tax_rate"], json!([{ "tax_rate": 10, "amount": 5880, "tax": 534 }]));
    assert_eq!(order["total_payment"], 5580);

    let book = app.get("/v1/me/user-addresses").bearer(&member).send().await.json();
    let own = book["data"][0]["id"].as_str().unwrap().to_owned();
    patch(&app, "/v1/carts/shippings/add", json!({ "token": token, "user_address_id": own }), Some(&member)).await.assert_status(StatusCode::OK);
    let method = payment_id(&app, "bank_transfer").await;
    let ready = patch(&app, "/v1/carts/order/modify", json!({ "token": token, "payment_method_id": method }), Some(&member)).await;
    assert_eq!(ready.json()["detail"]["order"]["can_decide"], true, "{}", ready.text());
    app.post(&format!("/v1/carts/{token}/decision")).bearer(&member).json(&json!({})).send().await.assert_status(StatusCode::OK);
    let balance: i64 = sqlx::query_scalar("SELECT balance FROM user_points WHERE user_id = $1").bind(&user_id).fetch_one(&app.state.db.pool).await.unwrap();
    // The order's 50 points are promised (its earned_points), granted when it ships
    // (order_desk_bulk.rs follows that).
    assert_eq!(balance, 500 - 300);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM point_histories WHERE kind = 'use'").await, 1);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM point_histories WHERE kind = 'earn'").await, 0);
}

async fn points_that_pay_everything_need_no_card_charge(app: TestApp) {
    forget_seeded_history(&app).await;
    let washer = product(&app, "washer", 120, 10, 10).await;
    let member = demo_member(&app).await;
    let user_id = demo_member_id(&app).await;
    sqlx::query("DELETE FROM user_points WHERE user_id = $1").bind(&user_id).execute(&app.state.db.pool).await.unwrap();
    sqlx::query("INSERT INTO user_points (user_id, channel_id, balance, updated_at) VALUES ($1, $2, 2000, 0)")
        .bind(&user_id)
        .bind(app.channel_id("demo").await)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    let token = init(&app, None, Some(&member)).await["token"].as_str().unwrap().to_owned();
    patch(&app, "/v1/carts/products/add", json!({ "token": token, "variation_key": washer, "quantity": 1 }), Some(&member)).await.assert_status(StatusCode::OK);
    let book = app.get("/v1/me/user-addresses").bearer(&member).send().await.json();
    let own = book["data"][0]["id"].as_str().unwrap().to_owned();
    patch(&app, "/v1/carts/shippings/add", json!({ "token": token, "user_address_id": own }), Some(&member)).await.assert_status(StatusCode::OK);
    let method = payment_id(&app, "credit_card").await;
    patch(&app, "/v1/carts/order/modify", json!({ "token": token, "payment_method_id": method }), Some(&member)).await.assert_status(StatusCode::OK);
    let all = patch(&app, "/v1/carts/point", json!({ "token": token, "use_points": 1000 }), Some(&member)).await.json();
    // 120 + 880 = 1,000, all paid by points; the tax is still on 1,000.
    assert_eq!(all["detail"]["order"]["total_payment"], 0);
    assert_eq!(all["detail"]["order"]["total_tax"], 90);
    assert_eq!(all["detail"]["order"]["can_decide"], true, "{}", all["detail"]["order"]);
    let paid = app.post(&format!("/v1/carts/{token}/decision")).bearer(&member).json(&json!({})).send().await;
    paid.assert_status(StatusCode::OK);
    assert_eq!(paid.json()["status"], "paid");
    let charge: Option<String> = sqlx::query_scalar("SELECT gateway_charge_id FROM orders").fetch_one(&app.state.db.pool).await.unwrap();
    assert_eq!(charge, None);
}

async fn cash_on_delivery_fee_follows_the_tiers_and_stops_above_the_maximum(app: TestApp) {
    forget_seeded_history(&app).await;
    let cheap = product(&app, "cheap", 9120, 10, 100).await;
    let token = ready_guest_cart(&app, &cheap, 1, "cod").await;
    let cart = app.get(&format!("/v1/carts/{token}")).send().await.json();
    // 9,120 + 880 = 10,000 → 330.
    assert_eq!(cart["detail"]["order"]["payment_fee"], 330);
    assert_eq!(cart["detail"]["order"]["total_payment"], 10_330);
    let cart = add(&app, &token, &cheap, 1).await.json();
    // 18,240 (free carriage from 11,000) → 440.
    assert_eq!(cart["detail"]["order"]["total_carriage"], 0);
    assert_eq!(cart["detail"]["order"]["payment_fee"], 440);
    let key = cart["detail"]["products"][0]["key"].as_str().unwrap().to_owned();
    patch(&app, "/v1/carts/products/modify", json!({ "token": token, "key": key, "quantity": 11 }), None).await.assert_status(StatusCode::OK);
    let methods = app.get(&format!("/v1/payments/carts/{token}")).send().await.json();
    let cod = methods.as_array().unwrap().iter().find(|m| m["code"] == "cod").unwrap().clone();
    assert_eq!(cod["fee"], 1100);
    assert_eq!(cod["is_available"], true);
    patch(&app, "/v1/carts/products/modify", json!({ "token": token, "key": key, "quantity": 33 }), None).await.assert_status(StatusCode::OK);
    let methods = app.get(&format!("/v1/payments/carts/{token}")).send().await.json();
    let cod = methods.as_array().unwrap().iter().find(|m| m["code"] == "cod").unwrap().clone();
    assert_eq!(cod["is_available"], false);
    let id = cod["id"].as_str().unwrap();
    let check = app.get(&format!("/v1/carts/{token}/payment/{id}/check")).send().await.json();
    assert_eq!(check["is_available"], false);
    let refused = app.post(&format!("/v1/carts/{token}/decision")).json(&json!({})).send().await;
    assert_eq!(code_of(&refused), "cart.payment.unavailable");
}

async fn a_second_shipping_is_refused_when_the_shop_allows_one(app: TestApp) {
    forget_seeded_history(&app).await;
    let bolt = product(&app, "bolt", 1000, 10, 20).await;
    let token = ready_guest_cart(&app, &bolt, 2, "cod").await;
    // The demo shop allows several: a second shipping, part of the line moved to it.
    let two = patch(&app, "/v1/carts/shippings/add", json!({ "token": token, "address": tokyo() }), None).await;
    two.assert_status(StatusCode::OK);
    let body = two.json();
    let second = body["detail"]["shippings"][1]["key"].as_str().unwrap().to_owned();
    let key = body["detail"]["products"][0]["key"].as_str().unwrap().to_owned();
    let divided = patch(&app, "/v1/carts/products/divide", json!({ "token": token, "key": key, "quantity": 1, "shipping_key": second }), None).await;
    divided.assert_status(StatusCode::OK);
    assert_eq!(divided.json()["detail"]["order"]["total_carriage"], 1760);

    // Deleting the second address brings its product back to the first; the first stays.
    let first = body["detail"]["shippings"][0]["key"].as_str().unwrap().to_owned();
    let kept = patch(&app, "/v1/carts/shippings/delete", json!({ "token": token, "key": first }), None).await;
    kept.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert!(kept.json()["errors"]["key"][0].as_str().unwrap().contains("最初のお届け先"));
    let deleted = patch(&app, "/v1/carts/shippings/delete", json!({ "token": token, "key": second }), None).await;
    deleted.assert_status(StatusCode::OK);
    let one = deleted.json();
    assert_eq!(one["detail"]["shippings"].as_array().unwrap().len(), 1);
    let quantities: i64 = one["detail"]["products"].as_array().unwrap().iter().map(|p| p["quantity"].as_i64().unwrap()).sum();
    assert_eq!(quantities, 2, "no product is lost with its address");
    assert_eq!(one["detail"]["order"]["total_carriage"], 880);
    let again = patch(&app, "/v1/carts/shippings/delete", json!({ "token": token, "key": second }), None).await;
    again.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    patch(&app, "/v1/carts/shippings/add", json!({ "token": token, "address": tokyo() }), None).await.assert_status(StatusCode::OK);
    let reset = patch(&app, "/v1/carts/shippings/reset", json!({ "token": token, "is_removing_address": false }), None).await.json();
    assert_eq!(reset["detail"]["shippings"].as_array().unwrap().len(), 1);

    set_setting(&app, "ORDER.SHIPPING.IS_ALLOW_MULTIPLE", json!(false)).await;
    let refused = patch(&app, "/v1/carts/shippings/add", json!({ "token": token, "address": tokyo() }), None).await;
    refused.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(code_of(&refused), "cart.shippings.multiple_not_allowed");
    let no_divide = patch(&app, "/v1/carts/products/divide", json!({ "token": token, "key": key, "quantity": 1, "shipping_key": second }), None).await;
    assert_eq!(code_of(&no_divide), "cart.shippings.multiple_not_allowed");
}

async fn a_retried_decision_answers_the_same_order_and_takes_the_stock_once(app: TestApp) {
    forget_seeded_history(&app).await;
    let bolt = product(&app, "bolt", 1000, 10, 7).await;
    let token = ready_guest_cart(&app, &bolt, 3, "cod").await;
    let first = app.post(&format!("/v1/carts/{token}/decision")).json(&json!({})).send().await;
    first.assert_status(StatusCode::OK);
    let second = app.post(&format!("/v1/carts/{token}/decision")).json(&json!({})).send().await;
    second.assert_status(StatusCode::OK);
    assert_eq!(first.json()["order_no"], second.json()["order_no"]);
    assert_eq!(first.json()["status"], "accepted");
    assert_eq!(stock_of(&app, &bolt).await, 4);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM orders").await, 1);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM order_lines").await, 1);
    let cart = app.get(&format!("/v1/carts/{token}")).send().await.json();
    assert_eq!(cart["order_no"], first.json()["order_no"]);
    // An ordered cart takes no more changes: the storefront starts a new one.
    assert_eq!(code_of(&add(&app, &token, &bolt, 1).await), "cart.common.is_expired");
    assert_ne!(init(&app, Some(&token), None).await["token"], token.as_str());
}

async fn the_same_cart_decided_twice_at_once_makes_one_order(app: TestApp) {
    forget_seeded_history(&app).await;
    let bolt = product(&app, "bolt", 1000, 10, 10).await;
    let token = ready_guest_cart(&app, &bolt, 2, "cod").await;
    let app = std::sync::Arc::new(app);
    let mut racing = tokio::task::JoinSet::new();
    for _ in 0..4 {
        let (app, token) = (app.clone(), token.clone());
        racing.spawn(async move {
            let answer = app.post(&format!("/v1/carts/{token}/decision")).json(&json!({})).send().await;
            (answer.status, answer.json())
        });
    }
    let mut order_nos = std::collections::BTreeSet::new();
    while let Some(result) = racing.join_next().await {
        let (status, body) = result.unwrap();
        match status {
            StatusCode::OK => {
                order_nos.insert(body["order_no"].as_str().unwrap().to_owned());
            }
            StatusCode::CONFLICT => assert_eq!(body["code"], "cart.decision.in_progress"),
            other => panic!("unexpected {other}: {body}"),
        }
    }
    assert_eq!(order_nos.len(), 1);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM orders").await, 1);
    assert_eq!(stock_of(&app, &bolt).await, 8);
}

pub(crate) async fn tokenize(app: &TestApp, number: &str) -> String {
    let sandbox = app.state.gateway.demo_sandbox().expect("the demo shops' sandbox");
    let card = shop::payments::sandbox::CardInput {
        number: number.into(),
        holder_name: "TARO YAMADA".into(),
        exp_month: 12,
        exp_year: 2030,
        security_code: "123".into(),
    };
    sandbox.tokenize(&app.channel_id("demo").await, &card, time::OffsetDateTime::now_utc()).await.unwrap().unwrap().token
}

async fn a_declined_card_keeps_the_cart_and_sets_the_transaction_error(app: TestApp) {
    forget_seeded_history(&app).await;
    let bolt = product(&app, "bolt", 1000, 10, 5).await;
    let token = ready_guest_cart(&app, &bolt, 2, "credit_card").await;
    let declining = tokenize(&app, "4000000000000002").await;
    let cart = patch(&app, "/v1/carts/order/modify", json!({ "token": token, "card_token": declining }), None).await;
    cart.assert_status(StatusCode::OK);
    assert_eq!(cart.json()["detail"]["order"]["card"]["masked_number"], "************0002");

    let declined = app.post(&format!("/v1/carts/{token}/decision")).json(&json!({})).send().await;
    declined.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(code_of(&declined), "cart.payment.declined");
    let message = declined.json()["message"].as_str().unwrap().to_owned();
    assert_eq!(stock_of(&app, &bolt).await, 5);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM orders").await, 0);
    let kept = app.get(&format!("/v1/carts/{token}")).send().await.json();
    assert_eq!(kept["transaction_error"], message.as_str());
    assert_eq!(kept["payment_in_progress"], false);
    assert_eq!(kept["detail"]["products"][0]["quantity"], 2);
    let cleared = patch(&app, "/v1/carts/transaction/error/delete", json!({ "token": token }), None).await.json();
    assert_eq!(cleared["transaction_error"], Value::Null);

    let approving = tokenize(&app, "4242424242424242").await;
    patch(&app, "/v1/carts/order/modify", json!({ "token": token, "card_token": approving }), None).await.assert_status(StatusCode::OK);
    let paid = app.post(&format!("/v1/carts/{token}/decision")).json(&json!({})).send().await;
    paid.assert_status(StatusCode::OK);
    assert_eq!(paid.json()["status"], "paid");
    assert_eq!(stock_of(&app, &bolt).await, 3);
    let masked: Option<String> = sqlx::query_scalar("SELECT card_masked_number FROM orders").fetch_one(&app.state.db.pool).await.unwrap();
    assert_eq!(masked.as_deref(), Some("************4242"));
}

async fn concurrent_decisions_never_oversell(app: TestApp) {
    forget_seeded_history(&app).await;
    let bolt = product(&app, "bolt", 1000, 10, 5).await;
    let mut tokens = Vec::new();
    for _ in 0..12 {
        tokens.push(ready_guest_cart(&app, &bolt, 1, "cod").await);
    }
    let app = std::sync::Arc::new(app);
    let mut racing = tokio::task::JoinSet::new();
    for token in tokens {
        let app = app.clone();
        racing.spawn(async move {
            let answer = app.post(&format!("/v1/carts/{token}/decision")).json(&json!({})).send().await;
            (answer.status, code_of(&answer))
        });
    }
    let mut ok = 0;
    let mut sold_out = 0;
    while let Some(result) = racing.join_next().await {
        let (status, code) = result.unwrap();
        match status {
            StatusCode::OK => ok += 1,
            StatusCode::UNPROCESSABLE_ENTITY if code == "cart.decision.out_of_stock" => sold_out += 1,
            other => panic!("unexpected {other} {code}"),
        }
    }
    assert_eq!((ok, sold_out), (5, 7));
    assert_eq!(stock_of(&app, &bolt).await, 0);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM orders").await, 5);
    assert_eq!(count(&app, "SELECT COUNT(DISTINCT order_no) FROM orders").await, 5);
}

async fn delivery_dates_payments_and_packing(app: TestApp) {
    forget_seeded_history(&app).await;
    let bolt = product(&app, "bolt", 1000, 10, 5).await;
    let token = ready_guest_cart(&app, &bolt, 1, "cod").await;
    let cart = app.get(&format!("/v1/carts/{token}")).send().await.json();
    let key = cart["detail"]["shippings"][0]["key"].as_str().unwrap().to_owned();
    let leadtimes = app.get(&format!("/v1/shipping-leadtime/carts/{token}?keys[]={key}&choiceMode=date")).send().await;
    leadtimes.assert_status(StatusCode::OK);
    let leadtimes = leadtimes.json();
    assert_eq!(leadtimes[0]["shipping_key"], key.as_str());
    assert_eq!(leadtimes[0]["dates"].as_array().unwrap().len(), 14);
    assert_eq!(leadtimes[0]["timezones"][0]["label"], "午前中");
    let date = leadtimes[0]["dates"][3]["date"].as_str().unwrap().to_owned();
    let set =
        patch(&app, "/v1/carts/shippings/modify", json!({ "token": token, "key": key, "delivery_date": date, "delivery_timezone_key": "14-16" }), None).await;
    set.assert_status(StatusCode::OK);
    assert_eq!(set.json()["detail"]["shippings"][0]["delivery_date"], date.as_str());
    let early = patch(&app, "/v1/carts/shippings/modify", json!({ "token": token, "key": key, "delivery_date": "2020-01-01" }), None).await;
    assert!(early.json()["errors"]["delivery_date"].is_array());

    let wrapped = patch(
        &app,
        "/v1/carts/packings/add",
        json!({ "token": token, "shipping_key": key, "wrapping_key": "gift", "noshi_key": "oiwai", "noshi_name": "山田" }),
        None,
    )
    .await;
    wrapped.assert_status(StatusCode::OK);
    assert_eq!(wrapped.json()["detail"]["order"]["packing_fee"], 330);
    let bad = patch(&app, "/v1/carts/packings/modify", json!({ "token": token, "shipping_key": key, "wrapping_key": "gold" }), None).await;
    assert!(bad.json()["errors"]["wrapping_key"].is_array());

    let payments = app.get("/v1/payments").send().await.json();
    let codes: Vec<&str> = payments.as_array().unwrap().iter().map(|m| m["code"].as_str().unwrap()).collect();
    assert_eq!(codes, ["credit_card", "cod", "bank_transfer"]);
    let corporate = app.get("/v1/payments").channel("corporate").send().await.json();
    let codes: Vec<&str> = corporate.as_array().unwrap().iter().map(|m| m["code"].as_str().unwrap()).collect();
    assert_eq!(codes, ["bank_transfer", "invoice", "deferred"]);

    // A date that has become too early (chosen days ago) is refused at the decision.
    sqlx::query("UPDATE cart_shippings SET delivery_date = '2020-01-01'").execute(&app.state.db.pool).await.unwrap();
    let stale = app.post(&format!("/v1/carts/{token}/decision")).json(&json!({})).send().await;
    assert_eq!(code_of(&stale), "cart.decision.delivery_date");
    patch(&app, "/v1/carts/shippings/modify", json!({ "token": token, "key": key, "delivery_date": date }), None).await.assert_status(StatusCode::OK);
    let decided = app.post(&format!("/v1/carts/{token}/decision")).json(&json!({})).send().await;
    decided.assert_status(StatusCode::OK);
    let timezone: Option<String> = sqlx::query_scalar("SELECT delivery_timezone_label FROM order_shippings").fetch_one(&app.state.db.pool).await.unwrap();
    assert_eq!(timezone.as_deref(), Some("14時〜16時"));
    let noshi: Option<String> = sqlx::query_scalar("SELECT noshi_label FROM order_shippings").fetch_one(&app.state.db.pool).await.unwrap();
    assert_eq!(noshi.as_deref(), Some("御祝"));
}

async fn accessories_sets_and_reset(app: TestApp) {
    forget_seeded_history(&app).await;
    let pump = product(&app, "pump", 4400, 10, 10).await;
    let valve = product(&app, "valve", 550, 10, 3).await;
    let other = product(&app, "other", 100, 10, 3).await;
    sqlx::query(
        "INSERT INTO product_accessories (channel_id, product_id, accessory_id, position) \
         SELECT p.channel_id, p.id, a.id, 1 FROM products p, products a WHERE p.product_key = 'pump' AND a.product_key = 'valve'",
    )
    .execute(&app.state.db.pool)
    .await
    .unwrap();
    let token = init(&app, None, None).await["token"].as_str().unwrap().to_owned();

    // A set is all or nothing.
    let too_many = patch(
        &app,
        "/v1/carts/products/add-set",
        json!({ "token": token, "items": [{ "variation_key": pump, "quantity": 1 }, { "variation_key": valve, "quantity": 4 }] }),
        None,
    )
    .await;
    too_many.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    let refused: Vec<String> = too_many.json()["errors"].as_object().unwrap().keys().cloned().collect();
    assert_eq!(refused, vec!["items.1.quantity"], "the second item is the one short of stock");
    assert!(app.get(&format!("/v1/carts/{token}")).send().await.json()["detail"]["products"].as_array().unwrap().is_empty());
    let set = patch(
        &app,
        "/v1/carts/products/add-set",
        json!({ "token": token, "items": [{ "variation_key": pump, "quantity": 1 }, { "product_key": "other", "quantity": 1 }] }),
        None,
    )
    .await;
    set.assert_status(StatusCode::OK);
    let body = set.json();
    assert_eq!(body["detail"]["products"].as_array().unwrap().len(), 2);
    let pump_key = body["detail"]["products"][0]["key"].as_str().unwrap().to_owned();

    let not_one = patch(&app, "/v1/carts/accessories/add", json!({ "token": token, "key": pump_key, "variation_key": other, "quantity": 1 }), None).await;
    not_one.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    let added = patch(&app, "/v1/carts/accessories/add", json!({ "token": token, "key": pump_key, "variation_key": valve, "quantity": 2 }), None).await;
    added.assert_status(StatusCode::OK);
    let products = added.json()["detail"]["products"].as_array().unwrap().clone();
    let accessory = products.iter().find(|p| p["parent_key"] == pump_key.as_str()).unwrap();
    let accessory_key = accessory["key"].as_str().unwrap().to_owned();
    let over = patch(&app, "/v1/carts/accessories/modify", json!({ "token": token, "key": accessory_key, "quantity": 4 }), None).await;
    assert_eq!(over.json()["errors"]["quantity"][0], "在庫が不足しています（残り 3 点）");
    patch(&app, "/v1/carts/accessories/modify", json!({ "token": token, "key": accessory_key, "quantity": 3 }), None).await.assert_status(StatusCode::OK);
    // A product line's key is not an accessory's.
    patch(&app, "/v1/carts/accessories/delete", json!({ "token": token, "key": pump_key }), None).await.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    let deleted = patch(&app, "/v1/carts/accessories/delete", json!({ "token": token, "key": accessory_key }), None).await;
    assert_eq!(deleted.json()["detail"]["products"].as_array().unwrap().len(), 2);
    // Deleting a product line takes its accessories with it.
    patch(&app, "/v1/carts/accessories/add", json!({ "token": token, "key": pump_key, "variation_key": valve, "quantity": 1 }), None)
        .await
        .assert_status(StatusCode::OK);
    let gone = patch(&app, "/v1/carts/products/delete", json!({ "token": token, "key": pump_key }), None).await;
    assert_eq!(gone.json()["detail"]["products"].as_array().unwrap().len(), 1);

    patch(&app, "/v1/carts/other/modify", json!({ "token": token, "note": "置き配希望" }), None).await.assert_status(StatusCode::OK);
    let reset = patch(&app, "/v1/carts/reset", json!({ "token": token }), None).await;
    reset.assert_status(StatusCode::OK);
    let reset = reset.json();
    assert!(reset["detail"]["products"].as_array().unwrap().is_empty());
    assert!(reset["detail"]["shippings"].as_array().unwrap().is_empty());
    assert_eq!(reset["detail"]["order"]["total_payment"], 0);
    assert_eq!(reset["detail"]["order"]["missing"][0], "products");
}

async fn a_cancelled_order_gives_back_stock_coupon_and_points(app: TestApp) {
    forget_seeded_history(&app).await;
    let bolt = product(&app, "bolt", 5000, 10, 10).await;
    let member = demo_member(&app).await;
    let user_id = demo_member_id(&app).await;
    let channel_id = app.channel_id("demo").await;
    sqlx::query("DELETE FROM user_points WHERE user_id = $1").bind(&user_id).execute(&app.state.db.pool).await.unwrap();
    sqlx::query("INSERT INTO user_points (user_id, channel_id, balance, updated_at) VALUES ($1, $2, 500, 0)")
        .bind(&user_id)
        .bind(&channel_id)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    insert_coupon(&app, "ONCE", "amount", 500, 0, None, false, false).await;
    let token = init(&app, None, Some(&member)).await["token"].as_str().unwrap().to_owned();
    patch(&app, "/v1/carts/products/add", json!({ "token": token, "variation_key": bolt, "quantity": 2 }), Some(&member)).await.assert_status(StatusCode::OK);
    patch(&app, "/v1/carts/coupons/add", json!({ "token": token, "code": "ONCE" }), Some(&member)).await.assert_status(StatusCode::OK);
    patch(&app, "/v1/carts/point", json!({ "token": token, "use_points": 200 }), Some(&member)).await.assert_status(StatusCode::OK);
    let book = app.get("/v1/me/user-addresses").bearer(&member).send().await.json();
    let own = book["data"][0]["id"].as_str().unwrap().to_owned();
    patch(&app, "/v1/carts/shippings/add", json!({ "token": token, "user_address_id": own }), Some(&member)).await.assert_status(StatusCode::OK);
    let method = payment_id(&app, "cod").await;
    patch(&app, "/v1/carts/order/modify", json!({ "token": token, "payment_method_id": method }), Some(&member)).await.assert_status(StatusCode::OK);
    let decided = app.post(&format!("/v1/carts/{token}/decision")).bearer(&member).json(&json!({})).send().await;
    decided.assert_status(StatusCode::OK);
    let order_id = decided.json()["order_id"].as_str().unwrap().to_owned();
    // 10,000 − 500 = 9,500 items → 95 points to earn when the parcel leaves; 500 − 200 now.
    let balance = || async { sqlx::query_scalar::<_, i64>("SELECT balance FROM user_points").fetch_one(&app.state.db.pool).await.unwrap() };
    assert_eq!(balance().await, 300);
    assert_eq!(stock_of(&app, &bolt).await, 8);
    // The member's order is theirs on the complete page without the token too.
    let order_no = decided.json()["order_no"].as_str().unwrap().to_owned();
    app.get(&format!("/v1/carts/order/{order_no}")).bearer(&member).send().await.assert_status(StatusCode::OK);

    // The coupon was used once: another cart of the member cannot use it again.
    let next = init(&app, None, Some(&member)).await["token"].as_str().unwrap().to_owned();
    patch(&app, "/v1/carts/products/add", json!({ "token": next, "variation_key": bolt, "quantity": 1 }), Some(&member)).await.assert_status(StatusCode::OK);
    let used = patch(&app, "/v1/carts/coupons/add", json!({ "token": next, "code": "ONCE" }), Some(&member)).await;
    assert_eq!(used.json()["errors"]["code"][0], "このクーポンはすでにご利用済みです");

    // The member cancels on the order history: everything comes back.
    let cancelled =
        app.put(&format!("/v1/me/orders/{order_id}/cancel")).bearer(&member).json(&json!({ "cancel_reason": "注文内容を間違えたため" })).send().await;
    cancelled.assert_status(StatusCode::OK);
    assert_eq!((cancelled.json()["status"].as_str(), cancelled.json()["can_cancel"].as_bool()), (Some("cancelled"), Some(false)));
    assert_eq!(stock_of(&app, &bolt).await, 10);
    assert_eq!(balance().await, 500);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM coupon_uses").await, 0);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM point_histories WHERE kind IN ('cancel_use', 'cancel_earn')").await, 1, "none earned, none taken");
    patch(&app, "/v1/carts/coupons/add", json!({ "token": next, "code": "ONCE" }), Some(&member)).await.assert_status(StatusCode::OK);
}

async fn a_member_pays_with_a_saved_card_and_nobody_else_can_use_it(app: TestApp) {
    forget_seeded_history(&app).await;
    let bolt = product(&app, "bolt", 3000, 10, 10).await;
    let member = demo_member(&app).await;
    let user_id = demo_member_id(&app).await;
    let channel_id = app.channel_id("demo").await;
    let sandbox = app.state.gateway.demo_sandbox().expect("the demo shops' sandbox");
    let once = tokenize(&app, "4242424242424242").await;
    let saved = sandbox.save_card(&channel_id, &once).await.unwrap().unwrap();
    let card_id = uuid::Uuid::now_v7().to_string();
    sqlx::query(
        "INSERT INTO user_cards (id, channel_id, user_id, gateway, card_ref, brand, masked_number, expiration, holder_name, is_main, created_at) \
         VALUES ($1, $2, $3, 'sandbox', $4, $5, $6, $7, $8, 1, 0)",
    )
    .bind(&card_id)
    .bind(&channel_id)
    .bind(&user_id)
    .bind(&saved.card_ref)
    .bind(&saved.brand)
    .bind(&saved.masked_number)
    .bind(&saved.expiration)
    .bind(&saved.holder_name)
    .execute(&app.state.db.pool)
    .await
    .unwrap();

    // A guest cannot name a member's card.
    let guest = ready_guest_cart(&app, &bolt, 1, "credit_card").await;
    let refused = patch(&app, "/v1/carts/order/modify", json!({ "token": guest, "card_id": card_id }), None).await;
    refused.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert!(refused.json()["errors"]["card_id"].is_array());
    let incomplete = app.post(&format!("/v1/carts/{guest}/decision")).json(&json!({})).send().await;
    assert_eq!(code_of(&incomplete), "cart.decision.incomplete");

    let token = init(&app, None, Some(&member)).await["token"].as_str().unwrap().to_owned();
    patch(&app, "/v1/carts/products/add", json!({ "token": token, "variation_key": bolt, "quantity": 1 }), Some(&member)).await.assert_status(StatusCode::OK);
    let book = app.get("/v1/me/user-addresses").bearer(&member).send().await.json();
    let own = book["data"][0]["id"].as_str().unwrap().to_owned();
    patch(&app, "/v1/carts/shippings/add", json!({ "token": token, "user_address_id": own }), Some(&member)).await.assert_status(StatusCode::OK);
    let method = payment_id(&app, "credit_card").await;
    let ready = patch(&app, "/v1/carts/order/modify", json!({ "token": token, "payment_method_id": method, "card_id": card_id }), Some(&member)).await;
    ready.assert_status(StatusCode::OK);
    let ready = ready.json();
    assert_eq!(ready["detail"]["order"]["card"]["id"], card_id.as_str());
    assert_eq!(ready["detail"]["order"]["orderer"]["email"], "member@example.com");
    assert_eq!(ready["detail"]["order"]["can_decide"], true, "{}", ready["detail"]["order"]);
    let paid = app.post(&format!("/v1/carts/{token}/decision")).bearer(&member).json(&json!({})).send().await;
    paid.assert_status(StatusCode::OK);
    assert_eq!(paid.json()["status"], "paid");
    assert_eq!(paid.json()["guest_token"], Value::Null);
    assert!(app.latest_mail_to("member@example.com").unwrap().subject.contains("ご注文ありがとうございます"));
}

async fn the_corporate_shop_offers_invoices_to_members_only(app: TestApp) {
    forget_seeded_history(&app).await;
    let answer = app.get("/v1/payments").channel("corporate").send().await.json();
    let invoice = answer.as_array().unwrap().iter().find(|m| m["code"] == "invoice").unwrap().clone();
    assert_eq!(invoice["member_only"], true);
    let token = app.post("/v1/carts/init").channel("corporate").json(&json!({})).send().await.json()["token"].as_str().unwrap().to_owned();
    let refused = app.patch("/v1/carts/order/modify").channel("corporate").json(&json!({ "token": token, "payment_method_id": invoice["id"] })).send().await;
    refused.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert!(refused.json()["errors"]["payment_method_id"].is_array());
    // A demo cart is not the corporate shop's.
    let demo = init(&app, None, None).await["token"].as_str().unwrap().to_owned();
    app.get(&format!("/v1/carts/{demo}")).channel("corporate").send().await.assert_status(StatusCode::NOT_FOUND);
}

async fn a_cart_is_quoted_as_a_pdf_with_the_tax_per_rate(app: TestApp) {
    forget_seeded_history(&app).await;
    let gel = product(&app, "quote-gel", 1080, 8, 10).await;
    let bulb = product(&app, "quote-bulb", 3300, 10, 10).await;
    let token = init(&app, None, None).await["token"].as_str().unwrap().to_owned();
    let empty = app.get(&format!("/v1/carts/{token}/download/quotation")).send().await;
    empty.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(empty.json()["message"], "カートに商品がないため見積書を発行できません。");
    for (key, quantity) in [(&gel, 2), (&bulb, 1)] {
        patch(&app, "/v1/carts/products/add", json!({ "token": token, "variation_key": key, "quantity": quantity }), None).await.assert_status(StatusCode::OK);
    }
    let answer = app.get(&format!("/v1/carts/{token}/download/quotation")).send().await;
    answer.assert_status(StatusCode::OK);
    assert_eq!(answer.header("content-type"), "application/pdf");
    assert!(decoded_file_name(&answer).starts_with("御見積書_Q"), "{}", decoded_file_name(&answer));
    assert!(answer.bytes.starts_with(b"%PDF"));
    // 2,160 at 8% (tax 160); 3,300 and the standard carriage of 880 at 10% (tax 380).
    for text in
        ["御見積書", "お客様 様", "御見積金額 ¥6,340（税込）", "8%対象 ¥2,160（内消費税 ¥160）", "10%対象 ¥4,180（内消費税 ¥380）", "登録番号 T1234567890123"]
    {
        assert!(has_text(&answer.bytes, text), "{text} is not in {:?}", crate::helpers::pdf_texts(&answer.bytes));
    }
    app.get("/v1/carts/0123456789abcdef0123456789abcdef/download/quotation").send().await.assert_status(StatusCode::NOT_FOUND);
}

/// JSON has one number type (2.0 is the integer 2, as the OpenAPI document's `integer` says),
/// and every body is an object: serde alone would refuse the first and read a struct from an
/// array of its fields in order.
async fn a_body_is_an_object_and_its_integers_may_be_written_as_floats(app: TestApp) {
    let variation = product(&app, "float-qty", 1000, 10, 10).await;
    let token = init(&app, None, None).await["token"].as_str().unwrap().to_owned();
    let added = patch(&app, "/v1/carts/products/add", json!({ "token": token, "variation_key": variation, "quantity": 2.0 }), None).await;
    added.assert_status(StatusCode::OK);
    assert_eq!(added.json()["detail"]["products"][0]["quantity"], 2);
    let half = patch(&app, "/v1/carts/products/add", json!({ "token": token, "variation_key": variation, "quantity": 1.5 }), None).await;
    half.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    for body in ["[null, null]", "\"token\"", "null"] {
        let answer = app.post("/v1/carts/init").raw_body("application/json", body).send().await;
        answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(answer.json()["errors"]["body"][0], "リクエストの形式が正しくありません。", "{body}");
    }
}

on_both_databases!(
    a_body_is_an_object_and_its_integers_may_be_written_as_floats,
    a_cart_is_quoted_as_a_pdf_with_the_tax_per_rate,
    points_that_pay_everything_need_no_card_charge,
    the_same_cart_decided_twice_at_once_makes_one_order,
    a_member_pays_with_a_saved_card_and_nobody_else_can_use_it,
    the_corporate_shop_offers_invoices_to_members_only,
    accessories_sets_and_reset,
    a_cancelled_order_gives_back_stock_coupon_and_points,
    lines_follow_stock_and_sale_rules_with_the_spec_codes,
    an_expired_cart_answers_is_expired_and_init_starts_a_new_one,
    stopped_selling_refuses_lines_and_init_drops_what_cannot_be_sold,
    a_guest_cart_becomes_the_members_at_init_and_merges_into_their_open_cart,
    another_members_cart_and_address_answer_as_unknown,
    tax_is_rounded_down_once_per_rate_with_an_8_and_a_10_percent_line,
    coupons_check_minimum_period_members_and_use,
    points_pay_up_to_the_balance_at_the_decision_and_are_earned_when_the_parcel_leaves,
    cash_on_delivery_fee_follows_the_tiers_and_stops_above_the_maximum,
    a_second_shipping_is_refused_when_the_shop_allows_one,
    a_retried_decision_answers_the_same_order_and_takes_the_stock_once,
    a_declined_card_keeps_the_cart_and_sets_the_transaction_error,
    concurrent_decisions_never_oversell,
    delivery_dates_payments_and_packing,
);
