//! The corporate (B2B) variant (issue 16): the company details at registration and on the
//! profile, the delivery and payment choices served with the settings, and checkout in the
//! corporate shop — 配送方法 (pick-up, to the store, to the end customer) and 請求書払い only for
//! companies the shop approved.
use axum::http::StatusCode;
use serde_json::{Value, json};

use crate::cart::forget_seeded_history;
use crate::helpers::{Answer, TestApp};
use crate::members::corporate_profile;
use crate::on_both_databases;

const CORPORATE: &str = "corporate";

fn company_details() -> Value {
    json!({
        "establishment": "2012-10", "capital": 30000000, "annual_sale": "1200000000", "employee_num": 48,
        "business_hours": "8:30〜17:30", "business_holiday": "日祝", "delivery": 3, "delivery_company": "佐川急便",
        "payment": 1, "order_no": "RS-PO-100"
    })
}

fn with(mut base: Value, extra: Value) -> Value {
    base.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
    base
}

/// Registers on the corporate shop (logged in at once): the access token.
async fn register(app: &TestApp, body: &Value) -> Answer {
    app.post("/v1/users").channel(CORPORATE).json(body).send().await
}

/// The seeded corporate buyer (approved for invoices); the token is issued directly (the
/// members tests cover the corporate login with its mailed code).
async fn seeded_buyer(app: &TestApp) -> String {
    let channel_id = app.channel_id(CORPORATE).await;
    let user = shop::members::store::find_user_by_email(&app.state.db, &channel_id, "buyer@example.co.jp").await.unwrap().unwrap();
    app.member_token(&user.id, CORPORATE).await
}

async fn a_company_registers_with_its_details_and_edits_them(app: TestApp) {
    let body = with(corporate_profile("details@ride-shokai.co.jp"), company_details());
    let answer = register(&app, &body).await;
    answer.assert_status(StatusCode::CREATED);
    let user = &answer.json()["user"];
    assert_eq!(user["establishment"], "2012-10");
    assert_eq!((user["capital"].clone(), user["annual_sale"].clone(), user["employee_num"].clone()), (json!(30000000), json!(1200000000), json!(48)));
    assert_eq!((user["delivery"].clone(), user["payment"].clone(), user["order_no"].clone()), (json!(3), json!(1), json!("RS-PO-100")));
    assert_eq!(user["is_invoice_approved"], false);
    let token = answer.json()["login"]["access_token"].as_str().unwrap().to_owned();

    let mut profile = with(corporate_profile("details@ride-shokai.co.jp"), company_details());
    profile.as_object_mut().unwrap().retain(|k, _| !k.starts_with("password"));
    let updated = app
        .put("/v1/me/user")
        .channel(CORPORATE)
        .bearer(&token)
        .json(&with(profile.clone(), json!({ "employee_num": "52", "delivery": 1, "business_holiday": "", "capital": null })))
        .send()
        .await;
    updated.assert_status(StatusCode::OK);
    let me = app.get("/v1/me/user").channel(CORPORATE).bearer(&token).send().await.json();
    assert_eq!((me["employee_num"].clone(), me["delivery"].clone()), (json!(52), json!(1)));
    assert_eq!((me["business_holiday"].clone(), me["capital"].clone()), (Value::Null, Value::Null));

    // Bad values: 422 with a message on each field, and nothing changes.
    let bad = json!({
        "establishment": "2999-01", "capital": -5, "annual_sale": "1,000", "employee_num": "10000000",
        "business_hours": "時".repeat(101), "delivery": 4, "payment": "cash", "order_no": "X".repeat(51)
    });
    let refused = app.put("/v1/me/user").channel(CORPORATE).bearer(&token).json(&with(profile.clone(), bad)).send().await;
    refused.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    let errors = &refused.json()["errors"];
    assert_eq!(errors["establishment"], json!(["未来の年月は入力できません"]));
    assert_eq!(errors["capital"], json!(["0〜999999999999999の整数を半角数字で入力してください"]));
    assert_eq!(errors["annual_sale"], json!(["0〜999999999999999の整数を半角数字で入力してください"]));
    assert_eq!(errors["employee_num"], json!(["0〜9999999の整数を半角数字で入力してください"]));
    assert_eq!(errors["business_hours"], json!(["100文字以内で入力してください"]));
    assert_eq!(errors["delivery"], json!(["配送方法は選択肢の中から選んでください"]));
    assert_eq!(errors["payment"], json!(["支払方法は選択肢の中から選んでください"]));
    assert_eq!(errors["order_no"], json!(["50文字以内で入力してください"]));
    // 請求書払い as the saved choice needs the shop's approval.
    let invoice = app.put("/v1/me/user").channel(CORPORATE).bearer(&token).json(&with(profile, json!({ "payment": 2 }))).send().await;
    invoice.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert!(invoice.json()["errors"]["payment"][0].as_str().unwrap().contains("審査"), "{}", invoice.json());
    let unchanged = app.get("/v1/me/user").channel(CORPORATE).bearer(&token).send().await.json();
    assert_eq!(unchanged, me);
}

async fn bad_details_refuse_the_registration_and_a_consumer_shop_ignores_them(app: TestApp) {
    let body = with(corporate_profile("bad@ride-shokai.co.jp"), json!({ "establishment": "2012/10", "employee_num": -1, "payment": 2 }));
    let refused = register(&app, &body).await;
    refused.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    let errors = &refused.json()["errors"];
    assert_eq!(errors["establishment"], json!(["年月は 2010-04 の形式で入力してください"]));
    assert_eq!(errors["employee_num"], json!(["0〜9999999の整数を半角数字で入力してください"]));
    let channel_id = app.channel_id(CORPORATE).await;
    assert!(shop::members::store::find_user_by_email(&app.state.db, &channel_id, "bad@ride-shokai.co.jp").await.unwrap().is_none());
    // An unapproved new company cannot save 請求書払い either.
    let invoice = register(&app, &with(corporate_profile("bad@ride-shokai.co.jp"), json!({ "payment": 2 }))).await;
    invoice.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert!(invoice.json()["errors"]["payment"].is_array());

    let demo = app.post("/v1/users").json(&with(crate::members::demo_profile("consumer@example.jp"), json!({ "capital": "abc", "delivery": 3 }))).send().await;
    demo.assert_status(StatusCode::CREATED);
    assert_eq!((demo.json()["user"]["capital"].clone(), demo.json()["user"]["delivery"].clone()), (Value::Null, Value::Null));

    let settings = app.get("/v1/settings/front").channel(CORPORATE).send().await.json();
    assert_eq!(settings["CORPORATE.DELIVERY_OPTIONS"][2], json!({ "value": 3, "label": "お客様直送" }));
    assert_eq!(settings["CORPORATE.PAYMENT_OPTIONS"][1], json!({ "value": 2, "label": "請求書払い（後払い）" }));
    assert_eq!(app.get("/v1/settings/front").send().await.json()["CORPORATE.DELIVERY_OPTIONS"], json!([]));
}

/// A corporate cart of the member holding one product.
async fn corporate_cart(app: &TestApp, bearer: &str) -> String {
    let channel_id = app.channel_id(CORPORATE).await;
    let key: String = sqlx::query_scalar(
        "SELECT v.variation_key FROM product_variations v JOIN products p ON p.id = v.product_id \
         WHERE v.channel_id = $1 AND p.is_published = 1 AND v.stock_quantity >= 5 ORDER BY v.variation_key LIMIT 1",
    )
    .bind(&channel_id)
    .fetch_one(&app.state.db.pool)
    .await
    .unwrap();
    let init = app.post("/v1/carts/init").channel(CORPORATE).bearer(bearer).json(&json!({})).send().await;
    init.assert_status(StatusCode::OK);
    let token = init.json()["token"].as_str().unwrap().to_owned();
    let added = modify(app, bearer, "/v1/carts/products/add", json!({ "token": token, "variation_key": key, "quantity": 2 })).await;
    added.assert_status(StatusCode::OK);
    token
}

async fn modify(app: &TestApp, bearer: &str, path: &str, body: Value) -> Answer {
    app.patch(path).channel(CORPORATE).bearer(bearer).json(&body).send().await
}

async fn method_id(app: &TestApp, code: &str) -> String {
    let methods = app.get("/v1/payments").channel(CORPORATE).send().await.json();
    methods.as_array().unwrap().iter().find(|m| m["code"] == code).unwrap()["id"].as_str().unwrap().to_owned()
}

fn end_customer() -> Value {
    json!({
        "shipping_last_name": "高橋", "shipping_first_name": "健", "postal_code": "4600008", "prefecture": "愛知県",
        "city": "名古屋市中区", "address1": "栄3-1-1", "address2": "栄ビル2階", "phone_number": "0529998888"
    })
}

async fn the_approved_buyer_sends_to_the_end_customer_and_pays_by_invoice(app: TestApp) {
    forget_seeded_history(&app).await;
    let bearer = seeded_buyer(&app).await;
    let token = corporate_cart(&app, &bearer).await;
    // The saved choices preselect the checkout's: 店舗直送 and bank transfer.
    let cart = app.get(&format!("/v1/carts/{token}")).channel(CORPORATE).bearer(&bearer).send().await.json();
    assert_eq!(cart["detail"]["order"]["delivery_option"], 2);
    assert_eq!(cart["detail"]["order"]["payment_method"]["code"], "bank_transfer");
    assert_eq!(cart["detail"]["order"]["purchase_order_no"], "TS-PO-0001", "the member's default 発注番号");
    let long = modify(&app, &bearer, "/v1/carts/order/modify", json!({ "token": token, "purchase_order_no": "X".repeat(51) })).await;
    long.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(long.json()["errors"]["purchase_order_no"], json!(["50文字以内で入力してください"]));
    let typed = modify(&app, &bearer, "/v1/carts/order/modify", json!({ "token": token, "purchase_order_no": " PO-2026-1125 " })).await;
    assert_eq!(typed.json()["detail"]["order"]["purchase_order_no"], "PO-2026-1125", "this order's own");

    let unknown = modify(&app, &bearer, "/v1/carts/order/modify", json!({ "token": token, "delivery_option": 7 })).await;
    unknown.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(unknown.json()["errors"]["delivery_option"], json!(["配送方法は選択肢の中から選んでください"]));
    let invoice = method_id(&app, "invoice").await;
    modify(&app, &bearer, "/v1/carts/order/modify", json!({ "token": token, "delivery_option": 3, "payment_method_id": invoice }))
        .await
        .assert_status(StatusCode::OK);
    let key = cart["detail"]["shippings"][0]["key"].as_str().unwrap().to_owned();
    let shipped = modify(&app, &bearer, "/v1/carts/shippings/modify", json!({ "token": token, "key": key, "address": end_customer() })).await;
    shipped.assert_status(StatusCode::OK);
    let order = &shipped.json()["detail"]["order"];
    assert_eq!((order["delivery_option"].clone(), order["can_decide"].clone()), (json!(3), json!(true)), "{order}");
    let options = app.get(&format!("/v1/payments/carts/{token}")).channel(CORPORATE).bearer(&bearer).send().await.json();
    assert!(options.as_array().unwrap().iter().all(|m| m["is_available"] == true), "{options}");

    let decided = app.post(&format!("/v1/carts/{token}/decision")).channel(CORPORATE).bearer(&bearer).json(&json!({})).send().await;
    decided.assert_status(StatusCode::OK);
    assert_eq!(decided.json()["payment_code"], "invoice");
    let id = decided.json()["order_id"].as_str().unwrap().to_owned();
    let detail = app.get(&format!("/v1/me/orders/{id}")).channel(CORPORATE).bearer(&bearer).send().await.json();
    assert_eq!((detail["payment_code"].clone(), detail["status"].clone()), (json!("invoice"), json!("accepted")));
    assert_eq!((detail["delivery_option"].clone(), detail["delivery_option_label"].clone()), (json!(3), json!("お客様直送")));
    assert_eq!(detail["purchase_order_no"], "PO-2026-1125");
    let address = &detail["shippings"][0]["address"];
    assert_eq!((address["shipping_name"].clone(), address["phone_number"].clone()), (json!("高橋 健"), json!("0529998888")));
    assert_eq!(address["full_address"], "〒460-0008 愛知県名古屋市中区栄3-1-1 栄ビル2階");
    let mail = app.latest_mail_to("buyer@example.co.jp").expect("the confirmation");
    assert!(mail.body.contains("配送方法: お客様直送"), "{}", mail.body);
    assert!(mail.body.contains("お届け先（お客様直送）: 高橋 健 様 〒460-0008 愛知県名古屋市中区栄3-1-1 栄ビル2階 TEL 0529998888"), "{}", mail.body);
}

async fn an_unapproved_company_cannot_pay_by_invoice_and_a_pick_up_needs_no_address(app: TestApp) {
    forget_seeded_history(&app).await;
    let answer = register(&app, &with(corporate_profile("new@ride-shokai.co.jp"), json!({ "delivery": 1 }))).await;
    answer.assert_status(StatusCode::CREATED);
    let bearer = answer.json()["login"]["access_token"].as_str().unwrap().to_owned();
    let token = corporate_cart(&app, &bearer).await;

    let invoice = method_id(&app, "invoice").await;
    let refused = modify(&app, &bearer, "/v1/carts/order/modify", json!({ "token": token, "payment_method_id": invoice })).await;
    refused.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert!(refused.json()["errors"]["payment_method_id"][0].as_str().unwrap().contains("請求書払い"), "{}", refused.json());
    let options = app.get(&format!("/v1/payments/carts/{token}")).channel(CORPORATE).bearer(&bearer).send().await.json();
    let offered = options.as_array().unwrap().iter().find(|m| m["code"] == "invoice").unwrap().clone();
    assert_eq!(offered["is_available"], false);
    assert_eq!(offered["unavailable_reason"], "請求書払いは、審査を通過した法人様のみご利用いただけます");

    // The saved 問屋引取り needs no address and pays no carriage.
    let bank = method_id(&app, "bank_transfer").await;
    let ready = modify(&app, &bearer, "/v1/carts/order/modify", json!({ "token": token, "payment_method_id": bank })).await;
    ready.assert_status(StatusCode::OK);
    let order = &ready.json()["detail"]["order"];
    assert_eq!((order["delivery_option"].clone(), order["total_carriage"].clone()), (json!(1), json!(0)));
    assert_eq!(order["can_decide"], true, "{order}");
    // A pick-up is collected: no delivery date nor time slot, and nothing of the cart changes.
    let key = ready.json()["detail"]["shippings"][0]["key"].as_str().unwrap().to_owned();
    for field in ["delivery_date", "delivery_timezone_key"] {
        let dated = modify(&app, &bearer, "/v1/carts/shippings/modify", json!({ "token": token, "key": key, field: "2099-01-01" })).await;
        dated.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(dated.json()["errors"][field], json!(["問屋引取りのご注文では、お届け日・時間帯は指定できません"]));
    }
    let decided = app.post(&format!("/v1/carts/{token}/decision")).channel(CORPORATE).bearer(&bearer).json(&json!({})).send().await;
    decided.assert_status(StatusCode::OK);
    let id = decided.json()["order_id"].as_str().unwrap().to_owned();
    let detail = app.get(&format!("/v1/me/orders/{id}")).channel(CORPORATE).bearer(&bearer).send().await.json();
    assert_eq!(detail["delivery_option_label"], "問屋引取り");
    assert_eq!(detail["shippings"][0]["address"]["full_address"], "");
    assert!(app.latest_mail_to("new@ride-shokai.co.jp").unwrap().body.contains("お届け先: 引取り"));

    // Approved by the shop (the CLI's function), the same member may choose the invoice.
    shop::members::business::approve_invoice(&app.state.db, CORPORATE, "NEW@ride-shokai.co.jp", true).await.unwrap();
    let token = corporate_cart(&app, &bearer).await;
    modify(&app, &bearer, "/v1/carts/order/modify", json!({ "token": token, "payment_method_id": invoice })).await.assert_status(StatusCode::OK);
    let me = app.get("/v1/me/user").channel(CORPORATE).bearer(&bearer).send().await.json();
    assert_eq!(me["is_invoice_approved"], true);
    // A consumer shop's cart takes no delivery option.
    let demo = crate::cart::init(&app, None, None).await["token"].as_str().unwrap().to_owned();
    let answer = app.patch("/v1/carts/order/modify").json(&json!({ "token": demo, "delivery_option": 1 })).send().await;
    answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    let answer = app.patch("/v1/carts/order/modify").json(&json!({ "token": demo, "purchase_order_no": "PO-1" })).send().await;
    answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(answer.json()["errors"]["purchase_order_no"], json!(["このショップでは発注番号を指定できません"]));
}

/// The corporate shop's owner approves a company for 請求書払い in the back office and withdraws
/// it again; staff may look but not change; a consumer shop has no companies.
async fn the_owner_approves_a_company_for_invoices_in_the_back_office(app: TestApp) {
    use crate::inquiries::{audited, staff_cookie};
    use shop::staff::StaffRole;
    let owner = staff_cookie(&app, CORPORATE, StaffRole::Owner, "山本 社長").await;
    let staff = staff_cookie(&app, CORPORATE, StaffRole::OrderClerk, "田中 事務").await;
    let answer = register(&app, &with(corporate_profile("apply@ride-shokai.co.jp"), json!({ "payment": 1 }))).await;
    answer.assert_status(StatusCode::CREATED);
    let bearer = answer.json()["login"]["access_token"].as_str().unwrap().to_owned();
    let id = answer.json()["user"]["id"].as_str().unwrap().to_owned();

    // The back office knows it is a corporate shop; staff see the companies waiting.
    let me = app.get("/v1/admin/auth/me").channel(CORPORATE).header("cookie", &staff).send().await;
    me.assert_status(StatusCode::OK);
    assert_eq!(me.json()["is_corporate_shop"], true);
    let waiting = app.get("/v1/admin/companies?invoice=unapproved").channel(CORPORATE).header("cookie", &staff).send().await;
    waiting.assert_status(StatusCode::OK);
    let rows = waiting.json()["data"].as_array().unwrap().clone();
    let row = rows.iter().find(|c| c["id"] == id.as_str()).unwrap_or_else(|| panic!("{rows:?}"));
    assert_eq!((row["email"].clone(), row["invoice_approved"].clone(), row["payment"].clone()), (json!("apply@ride-shokai.co.jp"), json!(false), json!(1)));
    assert!(rows.iter().all(|c| c["invoice_approved"] == false));
    let approved = app.get("/v1/admin/companies?invoice=approved&q=BUYER@").channel(CORPORATE).header("cookie", &staff).send().await.json();
    assert_eq!(approved["data"].as_array().unwrap().iter().map(|c| c["email"].clone()).collect::<Vec<_>>(), [json!("buyer@example.co.jp")]);
    let by_company = app.get(&format!("/v1/admin/companies?q={}", row["code"].as_str().unwrap())).channel(CORPORATE).header("cookie", &staff).send().await;
    assert!(by_company.json()["data"].as_array().unwrap().iter().any(|c| c["id"] == id.as_str()));

    // Staff may not change an approval; the owner may.
    let path = format!("/v1/admin/companies/{id}/invoice-approval");
    let refused = app.put(&path).channel(CORPORATE).header("cookie", &staff).json(&json!({ "approved": true })).send().await;
    refused.assert_status(StatusCode::FORBIDDEN);
    let done = app.put(&path).channel(CORPORATE).header("cookie", &owner).json(&json!({ "approved": true })).send().await;
    done.assert_status(StatusCode::OK);
    assert_eq!(done.json()["invoice_approved"], true);

    // The company may now prefer and pay by invoice.
    let mut profile = corporate_profile("apply@ride-shokai.co.jp");
    profile.as_object_mut().unwrap().retain(|k, _| !k.starts_with("password"));
    let prefers = app.put("/v1/me/user").channel(CORPORATE).bearer(&bearer).json(&with(profile.clone(), json!({ "payment": 2 }))).send().await;
    prefers.assert_status(StatusCode::OK);
    let token = corporate_cart(&app, &bearer).await;
    let invoice = method_id(&app, "invoice").await;
    modify(&app, &bearer, "/v1/carts/order/modify", json!({ "token": token, "payment_method_id": invoice })).await.assert_status(StatusCode::OK);

    // Withdrawn: 請求書払い is refused again and no longer the company's preferred payment, so
    // its other details still save.
    let withdrawn = app.put(&path).channel(CORPORATE).header("cookie", &owner).json(&json!({ "approved": false })).send().await;
    withdrawn.assert_status(StatusCode::OK);
    assert_eq!((withdrawn.json()["invoice_approved"].clone(), withdrawn.json()["payment"].clone()), (json!(false), Value::Null));
    let me = app.get("/v1/me/user").channel(CORPORATE).bearer(&bearer).send().await.json();
    assert_eq!((me["is_invoice_approved"].clone(), me["payment"].clone()), (json!(false), Value::Null));
    app.put("/v1/me/user").channel(CORPORATE).bearer(&bearer).json(&profile).send().await.assert_status(StatusCode::OK);
    let refused = modify(&app, &bearer, "/v1/carts/order/modify", json!({ "token": token, "payment_method_id": invoice })).await;
    refused.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    let code = row["code"].as_str().unwrap();
    let log: Vec<(String, String)> = audited(&app, CORPORATE).await.into_iter().filter(|(action, _)| action.starts_with("invoice")).collect();
    assert_eq!(
        log,
        [("invoice_approve".to_owned(), format!("{code} 株式会社ライド商会")), ("invoice_revoke".to_owned(), format!("{code} 株式会社ライド商会"))]
    );
}

async fn the_companies_answer_bad_requests_and_strangers_without_changing_anything(app: TestApp) {
    use crate::inquiries::{audited, staff_cookie};
    use shop::staff::StaffRole;
    let owner = staff_cookie(&app, CORPORATE, StaffRole::Owner, "山本 社長").await;
    let demo_owner = staff_cookie(&app, "demo", StaffRole::Owner, "佐藤 店長").await;
    let buyer = shop::members::store::find_user_by_email(&app.state.db, &app.channel_id(CORPORATE).await, "buyer@example.co.jp").await.unwrap().unwrap();
    let path = format!("/v1/admin/companies/{}/invoice-approval", buyer.id);

    app.get("/v1/admin/companies").channel(CORPORATE).send().await.assert_status(StatusCode::UNAUTHORIZED);
    app.put(&path).channel(CORPORATE).json(&json!({ "approved": false })).send().await.assert_status(StatusCode::UNAUTHORIZED);
    // The demo shop's owner: a consumer shop has no companies, and the corporate shop's member is not theirs.
    let consumer = app.get("/v1/admin/companies").header("cookie", &demo_owner).send().await;
    consumer.assert_status(StatusCode::NOT_FOUND);
    assert_eq!(consumer.json()["code"], "companies.not_corporate");
    assert_eq!(app.get("/v1/admin/auth/me").header("cookie", &demo_owner).send().await.json()["is_corporate_shop"], false);
    app.put(&path).header("cookie", &demo_owner).json(&json!({ "approved": false })).send().await.assert_status(StatusCode::NOT_FOUND);
    // A demo member's id on the corporate shop, and an unknown id.
    let demo_member = shop::members::store::find_user_by_email(&app.state.db, &app.channel_id("demo").await, "member@example.com").await.unwrap().unwrap();
    for id in [demo_member.id.as_str(), "no-such-member"] {
        let answer = app
            .put(&format!("/v1/admin/companies/{id}/invoice-approval"))
            .channel(CORPORATE)
            .header("cookie", &owner)
            .json(&json!({ "approved": true }))
            .send()
            .await;
        answer.assert_status(StatusCode::NOT_FOUND);
    }
    let missing = app.put(&path).channel(CORPORATE).header("cookie", &owner).json(&json!({})).send().await;
    missing.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(missing.json()["errors"]["approved"], json!(["承認するかどうかを指定してください。"]));
    app.put(&path).channel(CORPORATE).header("cookie", &owner).json(&json!({ "approved": "yes" })).send().await.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    for query in ["invoice=maybe", "page=0", "per=101"] {
        let answer = app.get(&format!("/v1/admin/companies?{query}")).channel(CORPORATE).header("cookie", &owner).send().await;
        answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    }
    let long = app.get(&format!("/v1/admin/companies?q={}", "あ".repeat(101))).channel(CORPORATE).header("cookie", &owner).send().await;
    long.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(long.json()["errors"]["q"], json!(["検索語は100文字以内で入力してください。"]));
    // A search word's % and _ match themselves.
    let literal = app.get("/v1/admin/companies?q=%25").channel(CORPORATE).header("cookie", &owner).send().await.json();
    assert_eq!(literal["data"], json!([]));

    // Nothing changed: the buyer is still approved, and nothing was written to the log.
    let me = shop::members::store::find_user(&app.state.db.pool, &buyer.channel_id, &buyer.id).await.unwrap().unwrap();
    assert!(me.invoice_approved());
    assert!(audited(&app, CORPORATE).await.iter().all(|(action, _)| !action.starts_with("invoice")));
}

on_both_databases!(
    a_company_registers_with_its_details_and_edits_them,
    bad_details_refuse_the_registration_and_a_consumer_shop_ignores_them,
    the_approved_buyer_sends_to_the_end_customer_and_pays_by_invoice,
    an_unapproved_company_cannot_pay_by_invoice_and_a_pick_up_needs_no_address,
    the_owner_approves_a_company_for_invoices_in_the_back_office,
    the_companies_answer_bad_requests_and_strangers_without_changing_anything,
);
