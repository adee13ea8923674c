//! The order desk (issue 30) as the shop's staff and its customers meet it: who may read and
//! change orders, 入金確認 of a bank transfer (in parts, with the customer's mail), stale
//! versions answered 409, 保留 and 要確認, shipments moved to 出荷済 with a tracking number (the
//! customer's mail and order page), the staff's cancel, the carriers' CSV out (Shift_JIS) and
//! their issued-label files back, and the work queues with the order list's search.
//!
//! Orders are placed through the real checkout (the cart and its decision); staff sessions are
//! made as `inquiries::staff_cookie` makes them.
use axum::http::StatusCode;
use base64::Engine;
use serde_json::{Value, json};
use shop::staff::StaffRole;

use crate::cart::{demo_member, init, patch, payment_id, product, ready_guest_cart, stock_of, tokenize};
use crate::helpers::{Answer, TestApp};
use crate::inquiries::staff_cookie;
use crate::on_both_databases;

const STALE_MESSAGE: &str = "この注文は他のスタッフが更新しました。画面を読み込み直してから、もう一度操作してください。";
const YAMATO_URL: &str = "https://toi.kuronekoyamato.co.jp/cgi-bin/tneko?number00=1&number01=";
const SAGAWA_URL: &str = "https://k2k.sagawa-exp.co.jp/p/web/okurijosearch.do?okurijoNo=";
/// The guest checkout's orderer and recipient (cart::orderer, cart's Tokyo address).
pub(crate) const GUEST_EMAIL: &str = "guest@example.jp";
const GUEST_RECIPIENT: &str = "東京 一郎";
pub(crate) const MEMBER_EMAIL: &str = "member@example.com";
const B2_ISSUED_HEADER: &str = "お客様管理番号,送り状種類,クール区分,伝票番号,出荷予定日,お届け先名";

// --- placing orders through the checkout ---------------------------------------------------------

pub(crate) struct Placed {
    pub(crate) id: String,
    pub(crate) order_no: String,
    pub(crate) total: i64,
    /// The product's variation key (its stock is 10 before the order).
    pub(crate) variation: String,
}

impl Placed {
    /// The order's one shipment: `{order_no}-1`.
    pub(crate) fn shipment(&self) -> String {
        format!("{}-1", self.order_no)
    }
}

pub(crate) async fn decide(app: &TestApp, token: &str, bearer: Option<&str>, variation: String) -> Placed {
    let mut call = app.post(&format!("/v1/carts/{token}/decision")).json(&json!({}));
    if let Some(bearer) = bearer {
        call = call.bearer(bearer);
    }
    let answer = call.send().await;
    answer.assert_status(StatusCode::OK);
    let body = answer.json();
    Placed {
        id: body["order_id"].as_str().unwrap().to_owned(),
        order_no: body["order_no"].as_str().unwrap().to_owned(),
        total: body["total_payment"].as_i64().unwrap(),
        variation,
    }
}

/// The demo member (山田 太郎, member@example.com) orders one 5,000 yen product `key`, paid by
/// bank transfer, to their own address; the order and the member's bearer token.
pub(crate) async fn member_order(app: &TestApp, key: &str) -> (Placed, String) {
    let variation = product(app, key, 5000, 10, 10).await;
    let member = demo_member(app).await;
    let token = init(app, None, Some(&member)).await["token"].as_str().unwrap().to_owned();
    patch(app, "/v1/carts/products/add", json!({ "token": token, "variation_key": variation, "quantity": 1 }), Some(&member))
        .await
        .assert_status(StatusCode::OK);
    let book = app.get("/v1/me/user-addresses").bearer(&member).send().await.json();
    let own = book["data"][0]["id"].as_str().unwrap().to_owned();
    patch(app, "/v1/carts/shippings/add", json!({ "token": token, "user_address_id": own }), Some(&member)).await.assert_status(StatusCode::OK);
    let method = payment_id(app, "bank_transfer").await;
    patch(app, "/v1/carts/order/modify", json!({ "token": token, "payment_method_id": method }), Some(&member)).await.assert_status(StatusCode::OK);
    let placed = decide(app, &token, Some(&member), variation).await;
    (placed, member)
}

/// A guest (guest@example.jp) orders one 5,000 yen product `key` to 東京 一郎 in Tokyo, paying by
/// `payment` (bank_transfer, credit_card with an approved sandbox card, cod).
pub(crate) async fn guest_order(app: &TestApp, key: &str, payment: &str) -> Placed {
    let variation = product(app, key, 5000, 10, 10).await;
    let token = ready_guest_cart(app, &variation, 1, payment).await;
    if payment == "credit_card" {
        let card = tokenize(app, "4242424242424242").await;
        patch(app, "/v1/carts/order/modify", json!({ "token": token, "card_token": card }), None).await.assert_status(StatusCode::OK);
    }
    decide(app, &token, None, variation).await
}

// --- staff --------------------------------------------------------------------------------------

pub(crate) async fn staff(app: &TestApp, role: StaffRole) -> String {
    let name = match role {
        StaffRole::Owner => "高橋 店長",
        StaffRole::Manager => "中村 副店長",
        StaffRole::OrderClerk => "佐藤 美咲",
        StaffRole::ShippingClerk => "伊藤 健太",
        StaffRole::Viewer => "田中 由紀",
    };
    staff_cookie(app, "demo", role, name).await
}

pub(crate) fn order_path(order_no: &str) -> String {
    format!("/v1/admin/orders/{order_no}")
}

pub(crate) async fn read(app: &TestApp, cookie: &str, order_no: &str) -> Value {
    let answer = app.get(&order_path(order_no)).header("cookie", cookie).send().await;
    answer.assert_status(StatusCode::OK);
    answer.json()
}

pub(crate) fn version(order: &Value) -> i64 {
    order["version"].as_i64().unwrap_or_else(|| panic!("no version: {order}"))
}

pub(crate) async fn post(app: &TestApp, cookie: &str, path: &str, body: Value) -> Answer {
    app.post(path).header("cookie", cookie).json(&body).send().await
}

pub(crate) async fn confirm(app: &TestApp, cookie: &str, order_no: &str, amount: i64, version: i64) -> Answer {
    post(app, cookie, &format!("{}/payments", order_path(order_no)), json!({ "paid_on": jst_day(0), "amount": amount, "version": version })).await
}

/// 入金確認 of the whole amount; the order as answered.
pub(crate) async fn pay_in_full(app: &TestApp, cookie: &str, placed: &Placed) -> Value {
    let current = read(app, cookie, &placed.order_no).await;
    let answer = confirm(app, cookie, &placed.order_no, placed.total, version(&current)).await;
    answer.assert_status(StatusCode::OK);
    answer.json()
}

pub(crate) async fn move_shipment(app: &TestApp, cookie: &str, placed: &Placed, mut body: Value) -> Answer {
    if body.get("version").is_none() {
        body["version"] = json!(version(&read(app, cookie, &placed.order_no).await));
    }
    post(app, cookie, &format!("{}/shipments/{}", order_path(&placed.order_no), placed.shipment()), body).await
}

pub(crate) async fn export(app: &TestApp, cookie: &str, carrier: &str, codes: &[&str]) -> Answer {
    post(app, cookie, "/v1/admin/shipments/export", json!({ "carrier": carrier, "shipment_codes": codes })).await
}

pub(crate) async fn import(app: &TestApp, cookie: &str, query: &str, bytes: Vec<u8>) -> Answer {
    app.post(&format!("/v1/admin/shipments/tracking?{query}")).header("cookie", cookie).raw_body("text/csv", bytes).send().await
}

pub(crate) fn shift_jis(text: &str) -> Vec<u8> {
    let (bytes, _, had_errors) = encoding_rs::SHIFT_JIS.encode(text);
    assert!(!had_errors, "the test's file is Shift_JIS: {text}");
    bytes.into_owned()
}

/// A B2クラウド 発行済みデータ file: one line per (shipment code, tracking number).
pub(crate) fn b2_issued(lines: &[(&str, &str)]) -> Vec<u8> {
    let mut text = format!("{B2_ISSUED_HEADER}\r\n");
    for (code, number) in lines {
        text.push_str(&format!("{code},0,0,{number},{},{GUEST_RECIPIENT}\r\n", jst_day(0).replace('-', "/")));
    }
    shift_jis(&text)
}

/// `YYYY-MM-DD` in Japan, `offset` days from today.
pub(crate) fn jst_day(offset: i64) -> String {
    let jst = time::UtcOffset::from_hms(9, 0, 0).unwrap();
    let day = (time::OffsetDateTime::now_utc().to_offset(jst) + time::Duration::days(offset)).date();
    format!("{:04}-{:02}-{:02}", day.year(), u8::from(day.month()), day.day())
}

pub(crate) fn errors_of(answer: &Answer) -> Vec<String> {
    answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    let mut keys: Vec<String> = answer.json()["errors"].as_object().unwrap_or_else(|| panic!("no field errors: {}", answer.text())).keys().cloned().collect();
    keys.sort();
    keys
}

#[track_caller]
pub(crate) fn assert_refused(answer: &Answer, code: &str, message: &str) {
    answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    let body = answer.json();
    assert_eq!((body["code"].as_str(), body["message"].as_str()), (Some(code), Some(message)), "{body}");
}

#[track_caller]
pub(crate) fn assert_forbidden(answer: &Answer, message: &str) {
    answer.assert_status(StatusCode::FORBIDDEN);
    assert_eq!(answer.json(), json!({ "message": message, "code": "staff.forbidden" }));
}

pub(crate) fn events_of<'a>(order: &'a Value, kind: &str) -> Vec<&'a Value> {
    order["timeline"].as_array().unwrap().iter().filter(|e| e["kind"]["code"] == kind).collect()
}

pub(crate) async fn customer_order(app: &TestApp, bearer: &str, id: &str) -> Value {
    let answer = app.get(&format!("/v1/me/orders/{id}")).bearer(bearer).send().await;
    answer.assert_status(StatusCode::OK);
    answer.json()
}

/// The audit log as the owner reads it: (staff name, action, target), newest first.
pub(crate) async fn audit_log(app: &TestApp, owner: &str) -> Vec<(String, String, String)> {
    let answer = app.get("/v1/admin/audit-log?per=100").header("cookie", owner).send().await;
    answer.assert_status(StatusCode::OK);
    answer.json()["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["staff_name"].as_str().unwrap().to_owned(), e["action"].as_str().unwrap().to_owned(), e["target"].as_str().unwrap().to_owned()))
        .collect()
}

/// The order numbers of a desk list page.
pub(crate) async fn listed(app: &TestApp, cookie: &str, query: &str) -> Vec<String> {
    let answer = app.get(&format!("/v1/admin/orders?{query}")).header("cookie", cookie).send().await;
    answer.assert_status(StatusCode::OK);
    let rows = answer.json()["data"].as_array().unwrap().clone();
    assert_eq!(answer.header("x-total"), rows.len().to_string(), "one page: {query}");
    rows.iter().map(|r| r["order_no"].as_str().unwrap().to_owned()).collect()
}

/// Each queue's count, by code.
pub(crate) async fn queue_counts(app: &TestApp, cookie: &str) -> std::collections::BTreeMap<String, i64> {
    let answer = app.get("/v1/admin/orders/queues").header("cookie", cookie).send().await;
    answer.assert_status(StatusCode::OK);
    answer.json()["queues"].as_array().unwrap().iter().map(|q| (q["queue"].as_str().unwrap().to_owned(), q["count"].as_i64().unwrap())).collect()
}

pub(crate) fn mails_with(app: &TestApp, address: &str, subject: &str) -> Vec<crate::helpers::Mail> {
    app.mails_to(address).into_iter().filter(|m| m.subject == subject).collect()
}

pub(crate) const PAYMENT_MAIL: &str = "【ライドパーツ本舗】ご入金確認のお知らせ";
pub(crate) const SHIPPED_MAIL: &str = "【ライドパーツ本舗】商品発送のお知らせ";
pub(crate) const CANCEL_MAIL: &str = "【ライドパーツ本舗】ご注文キャンセルのお知らせ";

// --- 1. who may do what ----------------------------------------------------------------------------

/// Every endpoint of the desk with a body that would be accepted: (method, path, JSON body or
/// None for the tracking file, reads only).
fn endpoints(placed: &Placed, version: i64) -> Vec<(&'static str, String, Option<Value>, bool)> {
    let no = &placed.order_no;
    let order = order_path(no);
    vec![
        ("GET", "/v1/admin/orders/queues".to_owned(), None, true),
        ("GET", "/v1/admin/orders".to_owned(), None, true),
        ("GET", order.clone(), None, true),
        ("POST", format!("{order}/payments"), Some(json!({ "paid_on": jst_day(0), "amount": placed.total, "version": version })), false),
        ("POST", format!("{order}/hold"), Some(json!({ "reason": "住所確認中", "version": version })), false),
        ("POST", format!("{order}/release"), Some(json!({ "version": version })), false),
        ("POST", format!("{order}/reviewed"), Some(json!({ "version": version })), false),
        ("POST", format!("{order}/cancel"), Some(json!({ "reason": "在庫切れのため", "version": version })), false),
        ("POST", format!("{order}/notes"), Some(json!({ "body": "電話で確認済み" })), false),
        ("POST", format!("{order}/shipments/{}", placed.shipment()), Some(json!({ "to": "preparing", "version": version })), false),
        (
            "POST",
            format!("{order}/shipments/{}/split", placed.shipment()),
            Some(json!({ "lines": [{ "line_id": "x", "quantity": 1 }], "version": version })),
            false,
        ),
        ("POST", format!("{order}/mails"), Some(json!({ "kind": "order_received" })), false),
        ("POST", "/v1/admin/orders/bulk/preview".to_owned(), Some(json!({ "action": "prepare", "order_nos": [no] })), false),
        ("POST", "/v1/admin/orders/bulk".to_owned(), Some(json!({ "action": "confirm_payment", "order_nos": [no] })), false),
        ("POST", "/v1/admin/shipments/export".to_owned(), Some(json!({ "carrier": "yamato_b2", "shipment_codes": [placed.shipment()] })), false),
        ("POST", "/v1/admin/shipments/tracking?carrier=yamato_b2".to_owned(), None, false),
    ]
}

async fn call_endpoint(
    app: &TestApp,
    method: &str,
    path: &str,
    body: &Option<Value>,
    auth: impl Fn(crate::helpers::Call<'_>) -> crate::helpers::Call<'_>,
    placed: &Placed,
) -> Answer {
    let call = auth(app.call(method.parse().unwrap(), path));
    let call = match (method, body) {
        ("POST", Some(body)) => call.json(body),
        ("POST", None) => call.raw_body("text/csv", b2_issued(&[(&placed.shipment(), "444413758703")])),
        _ => call,
    };
    call.send().await
}

async fn every_desk_endpoint_needs_a_staff_session_of_this_shop(app: TestApp) {
    let (placed, member) = member_order(&app, "auth").await;
    let owner = staff(&app, StaffRole::Owner).await;
    let before = read(&app, &owner, &placed.order_no).await;
    let corporate = staff_cookie(&app, "corporate", StaffRole::Owner, "鈴木 課長").await;
    for (method, path, body, _) in endpoints(&placed, version(&before)) {
        let nobody = call_endpoint(&app, method, &path, &body, |c| c, &placed).await;
        assert_eq!(nobody.status, StatusCode::UNAUTHORIZED, "nobody: {method} {path}: {}", nobody.text());
        let customer = call_endpoint(&app, method, &path, &body, |c| c.bearer(&member), &placed).await;
        assert_eq!(customer.status, StatusCode::UNAUTHORIZED, "a member's token: {method} {path}: {}", customer.text());
        let other_shop = call_endpoint(&app, method, &path, &body, |c| c.header("cookie", &corporate), &placed).await;
        assert!(
            matches!(other_shop.status, StatusCode::UNAUTHORIZED | StatusCode::NOT_FOUND),
            "another shop's owner: {method} {path}: {} {}",
            other_shop.status,
            other_shop.text()
        );
    }
    // In its own shop, the corporate owner does not find the demo shop's order either.
    let theirs = app.get(&order_path(&placed.order_no)).channel("corporate").header("cookie", &corporate).send().await;
    theirs.assert_status(StatusCode::NOT_FOUND);
    let theirs = post(&app, &corporate, &format!("{}/hold", order_path(&placed.order_no)), json!({ "reason": "x", "version": version(&before) })).await;
    assert_eq!(theirs.status, StatusCode::UNAUTHORIZED, "sent to the demo shop: {}", theirs.text());
    let listed_there = app.get(&format!("/v1/admin/orders?q={}", placed.order_no)).channel("corporate").header("cookie", &corporate).send().await;
    listed_there.assert_status(StatusCode::OK);
    assert_eq!(listed_there.header("x-total"), "0");

    let after = read(&app, &owner, &placed.order_no).await;
    assert_eq!(version(&after), version(&before), "nothing changed: {after}");
    assert_eq!(after["payment"]["code"], "unpaid");
    assert_eq!(after["shipments"][0]["state"]["code"], "unshipped");
    assert!(events_of(&after, "note").is_empty());
}

async fn a_viewer_reads_every_page_and_changes_nothing(app: TestApp) {
    let (placed, _) = member_order(&app, "viewer").await;
    let viewer = staff(&app, StaffRole::Viewer).await;
    let owner = staff(&app, StaffRole::Owner).await;
    let before = read(&app, &viewer, &placed.order_no).await;
    assert_eq!(
        before["actions"],
        json!({ "confirm_payment": false, "hold": false, "release": false, "mark_reviewed": false, "cancel": false, "note": false, "ship": false, "split": false, "refund": false })
    );
    let refusals = [
        "入金を確認する権限がありません。",
        "注文を編集する権限がありません。",
        "注文を編集する権限がありません。",
        "注文を編集する権限がありません。",
        "注文をキャンセルする権限がありません。",
        "注文を編集する権限がありません。",
        "出荷を操作する権限がありません。",
        "出荷を操作する権限がありません。",
        "注文を編集する権限がありません。",
        "出荷を操作する権限がありません。",
        "入金を確認する権限がありません。",
        "出荷を操作する権限がありません。",
        "出荷を操作する権限がありません。",
    ];
    let mut changes = refusals.iter();
    for (method, path, body, read_only) in endpoints(&placed, version(&before)) {
        if read_only {
            continue;
        }
        let answer = call_endpoint(&app, method, &path, &body, |c| c.header("cookie", &viewer), &placed).await;
        assert_eq!(answer.status, StatusCode::FORBIDDEN, "{method} {path}: {}", answer.text());
        assert_forbidden(&answer, changes.next().unwrap());
    }
    assert!(changes.next().is_none());
    let after = read(&app, &owner, &placed.order_no).await;
    assert_eq!(version(&after), version(&before));
    assert_eq!((after["payment"]["code"].as_str(), after["on_hold"].as_bool()), (Some("unpaid"), Some(false)));
    assert_eq!(after["lifecycle"]["code"], "open");
    assert_eq!(after["shipments"][0]["state"]["code"], "unshipped");
    // (The shop's 新規注文 notice is mailed in the background after the checkout: its event may
    // land meanwhile.)
    let staff_events = |order: &Value| order["timeline"].as_array().unwrap().iter().filter(|e| e["kind"]["code"] != "mail").count();
    assert_eq!(staff_events(&after), staff_events(&before), "{after}");
    assert!(audit_log(&app, &owner).await.iter().all(|(name, _, _)| name != "田中 由紀"), "a refused change is not audited");
    // Every read answers the viewer.
    for (method, path, body, read_only) in endpoints(&placed, version(&before)) {
        if read_only {
            let answer = call_endpoint(&app, method, &path, &body, |c| c.header("cookie", &viewer), &placed).await;
            assert_eq!(answer.status, StatusCode::OK, "{method} {path}: {}", answer.text());
        }
    }
}

async fn the_shipping_clerk_ships_but_confirms_no_payment_and_the_order_clerk_cancels_nothing(app: TestApp) {
    let (placed, _) = member_order(&app, "roles").await;
    let shipping = staff(&app, StaffRole::ShippingClerk).await;
    let clerk = staff(&app, StaffRole::OrderClerk).await;
    let order = read(&app, &shipping, &placed.order_no).await;
    assert_eq!(order["actions"]["confirm_payment"], false);
    assert_eq!(order["actions"]["cancel"], false);
    assert_eq!(order["actions"]["ship"], true);
    let refused = confirm(&app, &shipping, &placed.order_no, placed.total, version(&order)).await;
    assert_forbidden(&refused, "入金を確認する権限がありません。");
    let refused = post(&app, &shipping, &format!("{}/hold", order_path(&placed.order_no)), json!({ "reason": "x", "version": version(&order) })).await;
    assert_forbidden(&refused, "注文を編集する権限がありません。");

    // The order clerk confirms the payment, holds and notes; cancelling is not theirs.
    let order = read(&app, &clerk, &placed.order_no).await;
    assert_eq!((order["actions"]["confirm_payment"].as_bool(), order["actions"]["cancel"].as_bool()), (Some(true), Some(false)));
    let cancel =
        post(&app, &clerk, &format!("{}/cancel", order_path(&placed.order_no)), json!({ "reason": "お客様のご依頼", "version": version(&order) })).await;
    assert_forbidden(&cancel, "注文をキャンセルする権限がありません。");
    let paid = pay_in_full(&app, &clerk, &placed).await;
    assert_eq!(paid["payment"]["code"], "paid");
    let note = post(&app, &clerk, &format!("{}/notes", order_path(&placed.order_no)), json!({ "body": "ギフト包装の確認済み" })).await;
    note.assert_status(StatusCode::CREATED);
    assert_eq!(events_of(&note.json(), "note")[0]["staff_name"], "佐藤 美咲");

    // The shipping clerk moves the paid shipment.
    let moved = move_shipment(&app, &shipping, &placed, json!({ "to": "preparing" })).await;
    moved.assert_status(StatusCode::OK);
    assert_eq!(moved.json()["shipments"][0]["state"], json!({ "code": "preparing", "label": "出荷準備中" }));
    let event = events_of(&moved.json(), "shipment")[0].clone();
    assert_eq!(event["staff_name"], "伊藤 健太");
    let cancel = post(&app, &shipping, &format!("{}/cancel", order_path(&placed.order_no)), json!({ "reason": "x", "version": version(&moved.json()) })).await;
    assert_forbidden(&cancel, "注文をキャンセルする権限がありません。");
    assert_eq!(read(&app, &clerk, &placed.order_no).await["lifecycle"]["code"], "open");
}

// --- 2. 入金確認 ----------------------------------------------------------------------------------

async fn a_bank_transfer_paid_in_two_parts_is_paid_and_the_customer_is_mailed(app: TestApp) {
    let (placed, member) = member_order(&app, "transfer").await;
    let clerk = staff(&app, StaffRole::OrderClerk).await;
    let owner = staff(&app, StaffRole::Owner).await;
    let order = read(&app, &clerk, &placed.order_no).await;
    assert_eq!(order["payment"], json!({ "code": "unpaid", "label": "未入金" }));
    assert_eq!((order["status_label"].as_str(), order["needs_review"].as_bool(), order["paid_amount"].as_i64()), (Some("お支払い待ち"), Some(false), Some(0)));
    assert_eq!(order["orderer_name"], "山田 太郎");
    assert_eq!(order["actions"]["confirm_payment"], true);

    // Part of it: 一部入金, flagged 要確認, still waiting for the rest.
    let partial = confirm(&app, &clerk, &placed.order_no, 2000, version(&order)).await;
    partial.assert_status(StatusCode::OK);
    let partial = partial.json();
    assert_eq!(partial["payment"], json!({ "code": "partially_paid", "label": "一部入金" }));
    assert_eq!((partial["paid_amount"].as_i64(), partial["paid_on"].as_str()), (Some(2000), Some(jst_day(0).as_str())));
    assert_eq!(partial["needs_review"], true);
    assert!(partial["review_reason"].as_str().unwrap().contains("一部入金"), "{partial}");
    assert_eq!(partial["status_label"], "お支払い待ち");
    assert_eq!(version(&partial), version(&order) + 1);
    assert!(listed(&app, &clerk, "queue=awaiting_payment").await.contains(&placed.order_no), "still 入金待ち");
    assert!(listed(&app, &clerk, "queue=needs_review").await.contains(&placed.order_no));
    let seen = customer_order(&app, &member, &placed.id).await;
    assert_eq!((seen["status"].as_str(), seen["status_label"].as_str()), (Some("awaiting_payment"), Some("お支払い待ち")));
    assert!(mails_with(&app, MEMBER_EMAIL, PAYMENT_MAIL).is_empty(), "no 入金確認 mail for part of it");

    // The rest: 入金済, the customer's order says 入金済み and they are mailed.
    let rest = placed.total - 2000;
    let paid = confirm(&app, &clerk, &placed.order_no, rest, version(&partial)).await;
    paid.assert_status(StatusCode::OK);
    let paid = paid.json();
    assert_eq!(paid["payment"], json!({ "code": "paid", "label": "入金済" }));
    assert_eq!(paid["paid_amount"].as_i64(), Some(placed.total));
    assert_eq!(paid["status_label"], "入金済み");
    assert_eq!(paid["actions"]["confirm_payment"], false);
    let seen = customer_order(&app, &member, &placed.id).await;
    assert_eq!((seen["status"].as_str(), seen["status_label"].as_str(), seen["can_cancel"].as_bool()), (Some("paid"), Some("入金済み"), Some(true)));
    let [mail] = mails_with(&app, MEMBER_EMAIL, PAYMENT_MAIL).try_into().unwrap_or_else(|m: Vec<_>| panic!("one 入金確認 mail: {m:?}"));
    assert!(mail.body.contains("山田 太郎 様") && mail.body.contains(&placed.order_no), "{}", mail.body);
    assert!(mail.body.contains(&format!("ご入金日: {}", jst_day(0))), "{}", mail.body);
    assert!(!listed(&app, &clerk, "queue=awaiting_payment").await.contains(&placed.order_no));

    // The timeline: both payments by the clerk, and the mail.
    let payments = events_of(&paid, "payment");
    assert_eq!(payments.len(), 2, "{paid}");
    assert!(payments.iter().all(|e| e["staff_name"] == "佐藤 美咲" && e["kind"]["label"] == "入金確認"), "{payments:?}");
    assert!(payments[0]["detail"].as_str().unwrap().contains("2000円") && payments[0]["detail"].as_str().unwrap().contains("一部入金"), "{payments:?}");
    let mails = events_of(&paid, "mail");
    assert!(mails.iter().any(|e| e["detail"].as_str().unwrap().contains("ご入金確認のお知らせ")), "{mails:?}");

    // 要確認 done clears the flag; done twice is refused.
    let reviewed = post(&app, &clerk, &format!("{}/reviewed", order_path(&placed.order_no)), json!({ "version": version(&paid) })).await;
    reviewed.assert_status(StatusCode::OK);
    let reviewed = reviewed.json();
    assert_eq!((reviewed["needs_review"].as_bool(), reviewed["review_reason"].as_str()), (Some(false), Some("")));
    assert_eq!(events_of(&reviewed, "reviewed")[0]["staff_name"], "佐藤 美咲");
    let again = post(&app, &clerk, &format!("{}/reviewed", order_path(&placed.order_no)), json!({ "version": version(&reviewed) })).await;
    assert_refused(&again, "orders.desk.refused", "この注文は要確認ではありません。");
    assert!(!listed(&app, &clerk, "queue=needs_review").await.contains(&placed.order_no));

    // The owner's audit log names the clerk's payments.
    let payments: Vec<_> = audit_log(&app, &owner).await.into_iter().filter(|(_, action, _)| action == "order_payment").collect();
    assert_eq!(payments.len(), 2, "{payments:?}");
    assert!(payments.iter().all(|(name, _, target)| name == "佐藤 美咲" && target.contains(&placed.order_no)), "{payments:?}");
}

async fn a_partly_paid_transfer_still_counts_as_awaiting_payment(app: TestApp) {
    let (placed, _) = member_order(&app, "partcount").await;
    let clerk = staff(&app, StaffRole::OrderClerk).await;
    let before = queue_counts(&app, &clerk).await;
    let order = read(&app, &clerk, &placed.order_no).await;
    let partial = confirm(&app, &clerk, &placed.order_no, 1000, version(&order)).await;
    partial.assert_status(StatusCode::OK);
    let after = queue_counts(&app, &clerk).await;
    assert_eq!(after["awaiting_payment"], before["awaiting_payment"], "still 入金待ち");
    assert_eq!(after["needs_review"], before["needs_review"] + 1, "要確認");
    assert_eq!(after["new"], before["new"] - 1, "no longer 新規: staff acted on it");
    assert_eq!(after["to_ship"], before["to_ship"]);
    let paid = confirm(&app, &clerk, &placed.order_no, placed.total - 1000, version(&partial.json())).await;
    paid.assert_status(StatusCode::OK);
    let paid_counts = queue_counts(&app, &clerk).await;
    assert_eq!(paid_counts["awaiting_payment"], before["awaiting_payment"] - 1);
    assert_eq!(paid_counts["to_ship"], before["to_ship"] + 1);
}

async fn a_wrong_payment_entry_is_refused_field_by_field_and_changes_nothing(app: TestApp) {
    let (placed, _) = member_order(&app, "wrongpay").await;
    let clerk = staff(&app, StaffRole::OrderClerk).await;
    let order = read(&app, &clerk, &placed.order_no).await;
    let path = format!("{}/payments", order_path(&placed.order_no));
    let v = version(&order);

    let nothing = post(&app, &clerk, &path, json!({})).await;
    assert_eq!(errors_of(&nothing), ["amount", "paid_on", "version"]);
    let no_version = post(&app, &clerk, &path, json!({ "paid_on": jst_day(0), "amount": 1000 })).await;
    assert_eq!(errors_of(&no_version), ["version"]);
    assert_eq!(no_version.json()["errors"]["version"][0], "必須項目です");
    let zero = post(&app, &clerk, &path, json!({ "paid_on": jst_day(0), "amount": 0, "version": v })).await;
    assert_eq!(errors_of(&zero), ["amount"]);
    assert_eq!(zero.json()["errors"]["amount"][0], "入金額は1円以上1億円以下で入力してください。");
    let negative = post(&app, &clerk, &path, json!({ "paid_on": jst_day(0), "amount": -500, "version": v })).await;
    assert_eq!(errors_of(&negative), ["amount"]);
    for malformed in ["2026/12/01", "2026-02-30", "2026-13-40", "昨日", ""] {
        let answer = post(&app, &clerk, &path, json!({ "paid_on": malformed, "amount": 1000, "version": v })).await;
        assert_eq!(errors_of(&answer), ["paid_on"], "{malformed:?}");
        if !malformed.is_empty() {
            assert_eq!(answer.json()["errors"]["paid_on"][0], "日付はYYYY-MM-DDの形式で入力してください。", "{malformed:?}");
        }
    }
    let future = post(&app, &clerk, &path, json!({ "paid_on": jst_day(1), "amount": 1000, "version": v })).await;
    assert_eq!(errors_of(&future), ["paid_on"]);
    assert_eq!(future.json()["errors"]["paid_on"][0], "入金日に未来の日付は指定できません。");
    let unknown = post(&app, &clerk, &format!("{}/payments", order_path("RP99999999")), json!({ "paid_on": jst_day(0), "amount": 1000, "version": v })).await;
    unknown.assert_status(StatusCode::NOT_FOUND);

    let after = read(&app, &clerk, &placed.order_no).await;
    assert_eq!(version(&after), v);
    assert_eq!((after["payment"]["code"].as_str(), after["paid_amount"].as_i64(), after["paid_on"].as_str()), (Some("unpaid"), Some(0), None));
    assert!(events_of(&after, "payment").is_empty());
    assert!(mails_with(&app, MEMBER_EMAIL, PAYMENT_MAIL).is_empty());

    // Yesterday's transfer is taken.
    let yesterday = post(&app, &clerk, &path, json!({ "paid_on": jst_day(-1), "amount": placed.total, "version": v })).await;
    yesterday.assert_status(StatusCode::OK);
    assert_eq!(yesterday.json()["paid_on"], jst_day(-1).as_str());
}

async fn a_card_order_or_a_paid_one_is_not_confirmed_by_hand(app: TestApp) {
    let clerk = staff(&app, StaffRole::OrderClerk).await;
    let card = guest_order(&app, "card", "credit_card").await;
    let order = read(&app, &clerk, &card.order_no).await;
    assert_eq!(order["payment"]["code"], "captured");
    assert_eq!(order["actions"]["confirm_payment"], false);
    let refused = confirm(&app, &clerk, &card.order_no, card.total, version(&order)).await;
    assert_refused(&refused, "orders.desk.refused", "この注文の入金は確認できません（お支払い方法または状態が対象外です）。");
    let after = read(&app, &clerk, &card.order_no).await;
    assert_eq!((version(&after), after["paid_amount"].as_i64()), (version(&order), Some(card.total)));

    let (transfer, _) = member_order(&app, "paidtwice").await;
    let paid = pay_in_full(&app, &clerk, &transfer).await;
    let twice = confirm(&app, &clerk, &transfer.order_no, transfer.total, version(&paid)).await;
    assert_refused(&twice, "orders.desk.refused", "この注文の入金は確認できません（お支払い方法または状態が対象外です）。");
    let after = read(&app, &clerk, &transfer.order_no).await;
    assert_eq!((version(&after), after["paid_amount"].as_i64()), (version(&paid), Some(transfer.total)), "not counted twice");
    assert_eq!(mails_with(&app, MEMBER_EMAIL, PAYMENT_MAIL).len(), 1);
}

// --- 3. stale versions -------------------------------------------------------------------------

async fn two_changes_from_the_same_version_get_one_200_and_one_409(app: TestApp) {
    let (placed, _) = member_order(&app, "stale").await;
    let owner = staff(&app, StaffRole::Owner).await;
    let clerk = staff(&app, StaffRole::OrderClerk).await;
    let order = read(&app, &clerk, &placed.order_no).await;
    let v = version(&order);

    // Two members of staff record the same transfer at once: it is recorded once.
    let (a, b) = tokio::join!(confirm(&app, &owner, &placed.order_no, 1000, v), confirm(&app, &clerk, &placed.order_no, 2000, v));
    let (won, lost, amount) = match (a.status, b.status) {
        (StatusCode::OK, StatusCode::CONFLICT) => (a, b, 1000),
        (StatusCode::CONFLICT, StatusCode::OK) => (b, a, 2000),
        other => panic!("one 200 and one 409, not {other:?}: {} / {}", a.text(), b.text()),
    };
    assert_eq!(lost.json(), json!({ "message": STALE_MESSAGE, "code": "orders.desk.stale" }));
    assert_eq!(won.json()["paid_amount"].as_i64(), Some(amount));
    let after = read(&app, &clerk, &placed.order_no).await;
    assert_eq!((version(&after), after["paid_amount"].as_i64()), (v + 1, Some(amount)), "nothing added silently");
    assert_eq!(events_of(&after, "payment").len(), 1);

    // Any change from the old version is refused and changes nothing.
    let order = order_path(&placed.order_no);
    let hold = post(&app, &clerk, &format!("{order}/hold"), json!({ "reason": "住所確認中", "version": v })).await;
    hold.assert_status(StatusCode::CONFLICT);
    assert_eq!(hold.json()["code"], "orders.desk.stale");
    assert_eq!(hold.json()["message"], STALE_MESSAGE);
    let cancel = post(&app, &owner, &format!("{order}/cancel"), json!({ "reason": "重複注文", "version": v })).await;
    cancel.assert_status(StatusCode::CONFLICT);
    assert_eq!(cancel.json()["code"], "orders.desk.stale");
    let rest = confirm(&app, &clerk, &placed.order_no, placed.total - amount, v).await;
    rest.assert_status(StatusCode::CONFLICT);
    let shipment = move_shipment(&app, &owner, &placed, json!({ "to": "preparing", "version": v })).await;
    shipment.assert_status(StatusCode::CONFLICT);
    let unchanged = read(&app, &clerk, &placed.order_no).await;
    assert_eq!(version(&unchanged), v + 1);
    assert_eq!((unchanged["on_hold"].as_bool(), unchanged["lifecycle"]["code"].as_str()), (Some(false), Some("open")));
    assert_eq!(unchanged["paid_amount"].as_i64(), Some(amount));
    assert!(mails_with(&app, MEMBER_EMAIL, CANCEL_MAIL).is_empty());

    // From the version read now it goes through.
    let current = post(&app, &clerk, &format!("{order}/hold"), json!({ "reason": "住所確認中", "version": v + 1 })).await;
    current.assert_status(StatusCode::OK);
    assert_eq!(version(&current.json()), v + 2);
}

// --- 4. 保留 and 要確認 ----------------------------------------------------------------------------

async fn a_held_order_needs_a_reason_and_ships_only_once_released(app: TestApp) {
    let placed = guest_order(&app, "held", "bank_transfer").await;
    let clerk = staff(&app, StaffRole::OrderClerk).await;
    let shipping = staff(&app, StaffRole::ShippingClerk).await;
    pay_in_full(&app, &clerk, &placed).await;
    let order = read(&app, &clerk, &placed.order_no).await;
    let hold_path = format!("{}/hold", order_path(&placed.order_no));

    let no_reason = post(&app, &clerk, &hold_path, json!({ "version": version(&order) })).await;
    assert_eq!(errors_of(&no_reason), ["reason"]);
    assert_eq!(no_reason.json()["errors"]["reason"][0], "必須項目です");
    let blank = post(&app, &clerk, &hold_path, json!({ "reason": "　 ", "version": version(&order) })).await;
    assert_eq!(errors_of(&blank), ["reason"]);
    let long = post(&app, &clerk, &hold_path, json!({ "reason": "あ".repeat(501), "version": version(&order) })).await;
    assert_eq!(errors_of(&long), ["reason"]);
    assert_eq!(version(&read(&app, &clerk, &placed.order_no).await), version(&order));

    let held = post(&app, &clerk, &hold_path, json!({ "reason": "お届け先の番地を確認中", "version": version(&order) })).await;
    held.assert_status(StatusCode::OK);
    let held = held.json();
    assert_eq!((held["on_hold"].as_bool(), held["hold_reason"].as_str()), (Some(true), Some("お届け先の番地を確認中")));
    assert_eq!((held["actions"]["hold"].as_bool(), held["actions"]["release"].as_bool()), (Some(false), Some(true)));
    assert_eq!(held["status_label"], "入金済み", "the customer sees no 保留");
    assert!(listed(&app, &clerk, "queue=on_hold").await.contains(&placed.order_no));
    assert!(!listed(&app, &clerk, "queue=to_ship").await.contains(&placed.order_no));
    let twice = post(&app, &clerk, &hold_path, json!({ "reason": "別の理由", "version": version(&held) })).await;
    assert_refused(&twice, "orders.desk.refused", "この注文はすでに保留中です。");

    // Held: the shipment does not move, by hand or by a carrier's file.
    let refused = move_shipment(&app, &shipping, &placed, json!({ "to": "preparing" })).await;
    assert_refused(&refused, "orders.desk.refused", "保留中の注文は出荷できません。先に保留を解除してください。");
    let exported = export(&app, &shipping, "yamato_b2", &[&placed.shipment()]).await;
    exported.assert_status(StatusCode::OK);
    let exported = exported.json();
    assert!(exported["files"].as_array().unwrap().is_empty() && exported["exported"].as_array().unwrap().is_empty(), "{exported}");
    assert_eq!(exported["skipped"], json!([{ "shipment_code": placed.shipment(), "reason": "保留中の注文です。" }]));
    let preview = import(&app, &shipping, "carrier=yamato_b2", b2_issued(&[(&placed.shipment(), "444413758703")])).await;
    preview.assert_status(StatusCode::OK);
    assert_eq!((preview.json()["lines"][0]["result"].as_str(), preview.json()["lines"][0]["message"].as_str()), (Some("error"), Some("保留中の注文です。")));
    let still = read(&app, &clerk, &placed.order_no).await;
    assert_eq!(still["shipments"][0]["state"]["code"], "unshipped");
    assert_eq!(version(&still), version(&held));

    // Released: it ships.
    let release_path = format!("{}/release", order_path(&placed.order_no));
    let released = post(&app, &clerk, &release_path, json!({ "version": version(&held) })).await;
    released.assert_status(StatusCode::OK);
    let released = released.json();
    assert_eq!((released["on_hold"].as_bool(), released["hold_reason"].as_str()), (Some(false), Some("")));
    let again = post(&app, &clerk, &release_path, json!({ "version": version(&released) })).await;
    assert_refused(&again, "orders.desk.refused", "この注文は保留中ではありません。");
    let no_version = post(&app, &clerk, &release_path, json!({})).await;
    assert_eq!(errors_of(&no_version), ["version"]);
    let hold_events = events_of(&released, "hold");
    assert_eq!(hold_events.len(), 1);
    assert_eq!((hold_events[0]["staff_name"].as_str(), hold_events[0]["detail"].as_str()), (Some("佐藤 美咲"), Some("お届け先の番地を確認中")));
    assert_eq!(events_of(&released, "release")[0]["staff_name"], "佐藤 美咲");
    let moved = move_shipment(&app, &shipping, &placed, json!({ "to": "preparing" })).await;
    moved.assert_status(StatusCode::OK);
    assert_eq!(moved.json()["shipments"][0]["state"]["code"], "preparing");
}

// --- 5. shipments ------------------------------------------------------------------------------

async fn a_shipment_waits_for_the_money_then_leaves_with_a_yamato_number_and_the_customer_is_told(app: TestApp) {
    let (placed, member) = member_order(&app, "ship").await;
    let owner = staff(&app, StaffRole::Owner).await;
    let shipping = staff(&app, StaffRole::ShippingClerk).await;

    let unpaid = move_shipment(&app, &shipping, &placed, json!({ "to": "preparing" })).await;
    assert_refused(&unpaid, "orders.desk.refused", "入金が確認できていないため出荷できません。先に入金確認をしてください。");
    let straight = move_shipment(&app, &shipping, &placed, json!({ "to": "shipped", "carrier": "yamato_b2", "tracking_numbers": ["444413758703"] })).await;
    assert_refused(&straight, "orders.desk.refused", "入金が確認できていないため出荷できません。先に入金確認をしてください。");
    assert_eq!(read(&app, &owner, &placed.order_no).await["shipments"][0]["state"]["code"], "unshipped");
    assert!(mails_with(&app, MEMBER_EMAIL, SHIPPED_MAIL).is_empty());
    pay_in_full(&app, &owner, &placed).await;
    assert_eq!(customer_order(&app, &member, &placed.id).await["can_cancel"], true);

    // 出荷準備中: the customer can no longer cancel.
    let preparing = move_shipment(&app, &shipping, &placed, json!({ "to": "preparing" })).await;
    preparing.assert_status(StatusCode::OK);
    let preparing = preparing.json();
    assert_eq!(preparing["shipping"]["code"], "preparing");
    assert_eq!(preparing["status_label"], "発送準備中");
    let seen = customer_order(&app, &member, &placed.id).await;
    assert_eq!((seen["status"].as_str(), seen["status_label"].as_str(), seen["can_cancel"].as_bool()), (Some("preparing"), Some("発送準備中"), Some(false)));
    let cancel = app.put(&format!("/v1/me/orders/{}/cancel", placed.id)).bearer(&member).json(&json!({ "cancel_reason": "気が変わったため" })).send().await;
    assert_refused(&cancel, "orders.cancel.not_cancellable", "この注文はキャンセルできません（発送準備に入っています）");
    assert_eq!(read(&app, &owner, &placed.order_no).await["lifecycle"]["code"], "open");

    // Wrong inputs to a move.
    let bad = move_shipment(&app, &shipping, &placed, json!({ "to": "lost" })).await;
    assert_eq!(errors_of(&bad), ["to"]);
    let bad = move_shipment(&app, &shipping, &placed, json!({ "to": "shipped", "carrier": "fukuyama", "tracking_numbers": ["444413758703"] })).await;
    assert_eq!(errors_of(&bad), ["carrier"]);
    let bad = move_shipment(&app, &shipping, &placed, json!({ "to": "shipped", "tracking_numbers": ["444413758703"] })).await;
    assert_eq!(errors_of(&bad), ["carrier"]);
    let bad =
        move_shipment(&app, &shipping, &placed, json!({ "to": "shipped", "carrier": "yamato_b2", "tracking_numbers": ["4444 1375 8703 <script>"] })).await;
    assert_eq!(errors_of(&bad), ["tracking_numbers"]);
    let unknown = post(
        &app,
        &shipping,
        &format!("{}/shipments/{}-9", order_path(&placed.order_no), placed.order_no),
        json!({ "to": "shipped", "version": version(&preparing) }),
    )
    .await;
    unknown.assert_status(StatusCode::NOT_FOUND);
    assert_eq!(version(&read(&app, &owner, &placed.order_no).await), version(&preparing));

    // 出荷済 with a ヤマト number: the customer's mail and order page carry it and its link.
    let shipped = move_shipment(&app, &shipping, &placed, json!({ "to": "shipped", "carrier": "yamato_b2", "tracking_numbers": ["4444-1375-8703"] })).await;
    shipped.assert_status(StatusCode::OK);
    let shipped = shipped.json();
    let shipment = &shipped["shipments"][0];
    assert_eq!(shipment["code"], placed.shipment().as_str());
    assert_eq!(shipment["state"], json!({ "code": "shipped", "label": "出荷済" }));
    assert_eq!(shipment["carrier"], json!({ "code": "yamato_b2", "label": "ヤマト運輸 B2クラウド" }));
    assert_eq!(shipment["tracking"].as_array().unwrap().len(), 1);
    assert_eq!(shipment["tracking"][0]["number"], "444413758703");
    assert_eq!(shipment["tracking"][0]["url"], format!("{YAMATO_URL}444413758703").as_str());
    assert!(shipment["shipped_at"].is_string() && shipment["shipped_mail_at"].is_string(), "{shipment}");
    assert_eq!((shipped["lifecycle"]["code"].as_str(), shipped["status_label"].as_str()), (Some("closed"), Some("発送済み")));
    let [mail] = mails_with(&app, MEMBER_EMAIL, SHIPPED_MAIL).try_into().unwrap_or_else(|m: Vec<_>| panic!("one 発送完了 mail: {m:?}"));
    let url = format!("{YAMATO_URL}444413758703");
    for part in ["山田 太郎 様", placed.order_no.as_str(), "ヤマト運輸 B2クラウド", "444413758703", url.as_str()] {
        assert!(mail.body.contains(part), "{part} not in {}", mail.body);
    }
    assert!(mail.body.contains(&format!("/mypage/order_history/{}", placed.id)), "{}", mail.body);
    let seen = customer_order(&app, &member, &placed.id).await;
    assert_eq!((seen["status"].as_str(), seen["status_label"].as_str(), seen["can_cancel"].as_bool()), (Some("shipped"), Some("発送済み"), Some(false)));
    assert_eq!(seen["shippings"][0]["shipped"], true);
    assert_eq!(
        seen["shippings"][0]["tracking"],
        json!([{ "carrier_label": "ヤマト運輸 B2クラウド", "number": "444413758703", "url": format!("{YAMATO_URL}444413758703") }])
    );
    assert!(events_of(&shipped, "tracking")[0]["detail"].as_str().unwrap().contains("444413758703"));

    // A step back needs a reason; with one it goes back, and the order is open again.
    let back = move_shipment(&app, &shipping, &placed, json!({ "to": "preparing" })).await;
    assert_eq!(errors_of(&back), ["reason"]);
    assert_eq!(back.json()["errors"]["reason"][0], "前の状態に戻す理由を入力してください。");
    assert_eq!(read(&app, &owner, &placed.order_no).await["shipments"][0]["state"]["code"], "shipped");
    let back = move_shipment(&app, &shipping, &placed, json!({ "to": "preparing", "reason": "別の荷物に貼った送り状でした" })).await;
    back.assert_status(StatusCode::OK);
    let back = back.json();
    assert_eq!((back["shipments"][0]["state"]["code"].as_str(), back["shipments"][0]["shipped_at"].as_str()), (Some("preparing"), None));
    assert_eq!(back["lifecycle"]["code"], "open");
    let moves = events_of(&back, "shipment");
    assert!(moves.last().unwrap()["detail"].as_str().unwrap().contains("理由: 別の荷物に貼った送り状でした"), "{moves:?}");
    assert_eq!(customer_order(&app, &member, &placed.id).await["status"], "preparing");

    // Out again, then delivered.
    move_shipment(&app, &shipping, &placed, json!({ "to": "shipped" })).await.assert_status(StatusCode::OK);
    let delivered = move_shipment(&app, &shipping, &placed, json!({ "to": "delivered" })).await;
    delivered.assert_status(StatusCode::OK);
    let delivered = delivered.json();
    assert_eq!(delivered["shipments"][0]["state"], json!({ "code": "delivered", "label": "配達完了" }));
    assert!(delivered["shipments"][0]["delivered_at"].is_string());
    assert_eq!((delivered["lifecycle"]["code"].as_str(), delivered["shipping"]["code"].as_str()), (Some("closed"), Some("delivered")));
    let seen = customer_order(&app, &member, &placed.id).await;
    assert_eq!((seen["status"].as_str(), seen["status_label"].as_str()), (Some("delivered"), Some("お届け済み")));
    assert_eq!(seen["shippings"][0]["tracking"][0]["number"], "444413758703");
    let skip = move_shipment(&app, &shipping, &placed, json!({ "to": "unshipped", "reason": "やり直し" })).await;
    assert_refused(&skip, "orders.desk.refused", "この出荷はその状態に変更できません。");
}

async fn staff_cancel_before_a_parcel_leaves_and_the_reason_is_mailed_but_not_after(app: TestApp) {
    let (placed, member) = member_order(&app, "cancel").await;
    assert_eq!(stock_of(&app, &placed.variation).await, 9);
    let owner = staff(&app, StaffRole::Owner).await;
    pay_in_full(&app, &owner, &placed).await;
    move_shipment(&app, &owner, &placed, json!({ "to": "preparing" })).await.assert_status(StatusCode::OK);
    let order = read(&app, &owner, &placed.order_no).await;
    assert_eq!(order["actions"]["cancel"], true, "preparing, nothing left yet");
    let path = format!("{}/cancel", order_path(&placed.order_no));

    let no_reason = post(&app, &owner, &path, json!({ "version": version(&order) })).await;
    assert_eq!(errors_of(&no_reason), ["reason"]);
    let cancelled = post(&app, &owner, &path, json!({ "reason": "メーカー欠品のため", "version": version(&order) })).await;
    cancelled.assert_status(StatusCode::OK);
    let cancelled = cancelled.json();
    assert_eq!(cancelled["lifecycle"], json!({ "code": "cancelled", "label": "キャンセル" }));
    assert_eq!((cancelled["status_label"].as_str(), cancelled["cancel_reason"].as_str()), (Some("キャンセル済み"), Some("メーカー欠品のため")));
    assert_eq!(events_of(&cancelled, "cancelled")[0]["staff_name"], "高橋 店長");
    assert_eq!(stock_of(&app, &placed.variation).await, 10, "the stock came back");
    let [mail] = mails_with(&app, MEMBER_EMAIL, CANCEL_MAIL).try_into().unwrap_or_else(|m: Vec<_>| panic!("one cancel mail: {m:?}"));
    assert!(mail.body.contains("キャンセル理由: メーカー欠品のため") && mail.body.contains(&placed.order_no), "{}", mail.body);
    let seen = customer_order(&app, &member, &placed.id).await;
    assert_eq!((seen["status"].as_str(), seen["cancel_reason"].as_str()), (Some("cancelled"), Some("メーカー欠品のため")));
    assert!(
        audit_log(&app, &owner).await.iter().any(|(name, action, target)| name == "高橋 店長" && action == "order_cancel" && target.contains(&placed.order_no))
    );
    // Cancelled: nothing moves any more, nothing is cancelled twice.
    let moved = move_shipment(&app, &owner, &placed, json!({ "to": "shipped" })).await;
    assert_refused(&moved, "orders.desk.refused", "キャンセルされた注文は出荷できません。");
    let twice = post(&app, &owner, &path, json!({ "reason": "再度", "version": version(&cancelled) })).await;
    assert_refused(&twice, "orders.cancel.not_cancellable", "この注文はすでにキャンセルされています");
    let paid_again = confirm(&app, &owner, &placed.order_no, 100, version(&cancelled)).await;
    assert_refused(&paid_again, "orders.desk.refused", "キャンセルされた注文の入金は確認できません。");

    // A parcel that left: the manager (who may cancel) is refused.
    let (gone, _) = member_order(&app, "gone").await;
    pay_in_full(&app, &owner, &gone).await;
    move_shipment(&app, &owner, &gone, json!({ "to": "shipped", "carrier": "yamato_b2", "tracking_numbers": ["444413758703"] }))
        .await
        .assert_status(StatusCode::OK);
    let manager = staff(&app, StaffRole::Manager).await;
    let order = read(&app, &manager, &gone.order_no).await;
    assert_eq!(order["actions"]["cancel"], false);
    let refused =
        post(&app, &manager, &format!("{}/cancel", order_path(&gone.order_no)), json!({ "reason": "お客様のご都合", "version": version(&order) })).await;
    refused.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(refused.json()["code"], "orders.cancel.not_cancellable");
    let after = read(&app, &manager, &gone.order_no).await;
    assert_eq!((after["lifecycle"]["code"].as_str(), after["shipments"][0]["state"]["code"].as_str()), (Some("closed"), Some("shipped")));
    assert_eq!(stock_of(&app, &gone.variation).await, 9);
    assert_eq!(mails_with(&app, MEMBER_EMAIL, CANCEL_MAIL).len(), 1, "only the first order's");
}

// --- 6. the carrier's file out --------------------------------------------------------------------

async fn the_yamato_file_carries_the_paid_shipment_and_skips_the_others_with_reasons(app: TestApp) {
    let paid = guest_order(&app, "exportpaid", "bank_transfer").await;
    let unpaid = guest_order(&app, "exportunpaid", "bank_transfer").await;
    let owner = staff(&app, StaffRole::Owner).await;
    let shipping = staff(&app, StaffRole::ShippingClerk).await;
    pay_in_full(&app, &owner, &paid).await;

    let answer = export(&app, &shipping, "yamato_b2", &[&paid.shipment(), &unpaid.shipment(), "RP99999999-1"]).await;
    answer.assert_status(StatusCode::OK);
    let body = answer.json();
    assert_eq!(body["exported"], json!([paid.shipment()]));
    let mut skipped: Vec<(String, String)> = body["skipped"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["shipment_code"].as_str().unwrap().to_owned(), s["reason"].as_str().unwrap().to_owned()))
        .collect();
    skipped.sort();
    let mut expected =
        vec![("RP99999999-1".to_owned(), "この出荷番号は見つかりません。".to_owned()), (unpaid.shipment(), "入金が確認できていません。".to_owned())];
    expected.sort();
    assert_eq!(skipped, expected);
    let files = body["files"].as_array().unwrap();
    assert_eq!(files.len(), 1, "{body}");
    let name = files[0]["name"].as_str().unwrap();
    assert!(name.starts_with("yamato_b2_") && name.ends_with(".csv") && name.len() == "yamato_b2_20261201.csv".len(), "{name}");

    // Shift_JIS, CRLF, B2クラウド's 97 columns with the header first, one row for the paid parcel.
    let bytes = base64::engine::general_purpose::STANDARD.decode(files[0]["content_base64"].as_str().unwrap()).unwrap();
    assert!(std::str::from_utf8(&bytes).is_err(), "Japanese text in Shift_JIS is not UTF-8");
    let (text, _, had_errors) = encoding_rs::SHIFT_JIS.decode(&bytes);
    assert!(!had_errors, "the file decodes as Shift_JIS");
    assert!(
        text.starts_with("お客様管理番号,送り状種類,クール区分,伝票番号,出荷予定日,お届け予定（指定）日,配達時間帯,お届け先コード,お届け先電話番号,"),
        "{text}"
    );
    assert!(text.contains("\r\n") && text.ends_with("\r\n"), "CRLF line ends");
    let mut reader = csv::ReaderBuilder::new().has_headers(false).from_reader(text.as_bytes());
    let records: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(records.len(), 2, "the header and one row: {text}");
    let header = &records[0];
    assert_eq!(header.len(), 97);
    assert_eq!((&header[0], &header[96]), ("お客様管理番号", "通知メールアドレス"));
    let cell = |name: &str| records[1][header.iter().position(|h| h == name).unwrap_or_else(|| panic!("no column {name}"))].to_owned();
    assert_eq!(cell("お客様管理番号"), paid.shipment());
    assert_eq!(cell("お届け先名"), GUEST_RECIPIENT);
    assert_eq!(cell("敬称"), "様");
    assert_eq!(cell("送り状種類"), "0", "発払い");
    assert!(cell("お届け先住所").starts_with("東京都千代田区"), "{}", cell("お届け先住所"));
    assert_eq!(cell("品名１"), "テスト商品exportpaid");
    assert!(!text.contains(&unpaid.shipment()), "the unpaid parcel is not in the file");

    // The written shipment is now 出荷準備中 with the carrier; the skipped one did not move.
    let order = read(&app, &owner, &paid.order_no).await;
    assert_eq!(order["shipments"][0]["state"]["code"], "preparing");
    assert_eq!(order["shipments"][0]["carrier"]["code"], "yamato_b2");
    assert_eq!(order["status_label"], "発送準備中");
    let exports = events_of(&order, "export");
    assert_eq!(exports.len(), 1);
    assert_eq!(exports[0]["staff_name"], "伊藤 健太");
    assert_eq!(read(&app, &owner, &unpaid.order_no).await["shipments"][0]["state"]["code"], "unshipped");
    assert!(audit_log(&app, &owner).await.iter().any(|(name, action, _)| name == "伊藤 健太" && action == "shipment_export"));

    // Written again (a reprint), it stays 出荷準備中.
    let again = export(&app, &shipping, "yamato_b2", &[&paid.shipment()]).await;
    again.assert_status(StatusCode::OK);
    assert_eq!(again.json()["exported"], json!([paid.shipment()]));
    assert_eq!(read(&app, &owner, &paid.order_no).await["shipments"][0]["state"]["code"], "preparing");
}

/// The export moves its parcels together (orders/desk_batch.rs); each order must come out as
/// moving its parcel alone on the order page leaves it.
async fn an_export_moves_each_paid_parcel_as_moving_it_alone_would_and_skips_an_unpaid_transfer(app: TestApp) {
    let owner = staff(&app, StaffRole::Owner).await;
    let shipping = staff(&app, StaffRole::ShippingClerk).await;
    let alone = guest_order(&app, "batchalone", "cod").await;
    let first = guest_order(&app, "batchfirst", "cod").await;
    let second = guest_order(&app, "batchsecond", "bank_transfer").await;
    let unpaid = guest_order(&app, "batchunpaid", "bank_transfer").await;
    pay_in_full(&app, &owner, &second).await;

    let before_alone = version(&read(&app, &owner, &alone.order_no).await);
    move_shipment(&app, &shipping, &alone, json!({ "to": "preparing", "carrier": "yamato_b2" })).await.assert_status(StatusCode::OK);
    let by_itself = read(&app, &owner, &alone.order_no).await;
    let befores = [version(&read(&app, &owner, &first.order_no).await), version(&read(&app, &owner, &second.order_no).await)];
    let before_unpaid = version(&read(&app, &owner, &unpaid.order_no).await);

    let answer = export(&app, &shipping, "yamato_b2", &[&unpaid.shipment(), &second.shipment(), &first.shipment()]).await;
    answer.assert_status(StatusCode::OK);
    let body = answer.json();
    assert_eq!(body["exported"], json!([first.shipment(), second.shipment()]));
    assert_eq!(body["skipped"], json!([{ "shipment_code": unpaid.shipment(), "reason": "入金が確認できていません。" }]));

    let moved = |order: &Value, placed: &Placed| {
        let shipment = &order["shipments"][0];
        let events: Vec<(String, String)> = events_of(order, "shipment")
            .iter()
            .map(|e| (e["staff_name"].as_str().unwrap().to_owned(), e["detail"].as_str().unwrap().replace(&placed.shipment(), "{code}")))
            .collect();
        (shipment["state"]["code"].clone(), shipment["carrier"]["code"].clone(), order["lifecycle"]["code"].clone(), events)
    };
    assert_eq!(version(&by_itself), before_alone + 1);
    let expected = moved(&by_itself, &alone);
    assert_eq!(expected.3, [("伊藤 健太".to_owned(), "{code}：未出荷 → 出荷準備中".to_owned())]);
    for (placed, before) in [(&first, befores[0]), (&second, befores[1])] {
        let order = read(&app, &owner, &placed.order_no).await;
        assert_eq!(version(&order), before + 1, "{}", placed.order_no);
        assert_eq!(moved(&order, placed), expected, "{}", placed.order_no);
        assert_eq!(order["status_label"], "発送準備中");
        assert_eq!(order["shipping"]["code"], "preparing");
        assert_eq!(events_of(&order, "export").len(), 1);
    }
    let still = read(&app, &owner, &unpaid.order_no).await;
    assert_eq!((version(&still), still["shipments"][0]["state"]["code"].as_str()), (before_unpaid, Some("unshipped")));
    assert!(events_of(&still, "shipment").is_empty() && events_of(&still, "export").is_empty());

    let log = audit_log(&app, &owner).await;
    for placed in [&alone, &first, &second] {
        let target = format!("{} 出荷状態の変更", placed.order_no);
        assert_eq!(log.iter().filter(|(name, action, t)| name == "伊藤 健太" && action == "shipment_state" && *t == target).count(), 1, "{target}");
    }
    assert!(!log.iter().any(|(_, _, target)| target.starts_with(&unpaid.order_no)));
    assert!(log.iter().any(|(_, action, target)| action == "shipment_export" && target == "ヤマト運輸 B2クラウド 2件"));
}

async fn an_export_without_shipments_or_with_an_unknown_carrier_is_refused(app: TestApp) {
    let placed = guest_order(&app, "exportbad", "cod").await;
    let shipping = staff(&app, StaffRole::ShippingClerk).await;
    let empty = export(&app, &shipping, "yamato_b2", &[]).await;
    assert_eq!(errors_of(&empty), ["shipment_codes"]);
    assert_eq!(empty.json()["errors"]["shipment_codes"][0], "出力する出荷を選んでください。");
    let unknown = export(&app, &shipping, "fukuyama", &[&placed.shipment()]).await;
    assert_eq!(errors_of(&unknown), ["carrier"]);
    assert_eq!(unknown.json()["errors"]["carrier"][0], "配送業者を選んでください。");
    let none = post(&app, &shipping, "/v1/admin/shipments/export", json!({ "shipment_codes": [placed.shipment()] })).await;
    assert_eq!(errors_of(&none), ["carrier"]);
    let order = read(&app, &shipping, &placed.order_no).await;
    assert_eq!(order["shipments"][0]["state"]["code"], "unshipped", "a refused export moves nothing");
    assert!(events_of(&order, "export").is_empty());
    // 代引 is paid later: exported at once, with the amount to collect.
    let answer = export(&app, &shipping, "yamato_b2", &[&placed.shipment()]).await;
    answer.assert_status(StatusCode::OK);
    let bytes = base64::engine::general_purpose::STANDARD.decode(answer.json()["files"][0]["content_base64"].as_str().unwrap()).unwrap();
    let (text, _, _) = encoding_rs::SHIFT_JIS.decode(&bytes);
    let row = text.lines().nth(1).unwrap().to_owned();
    assert!(row.starts_with(&format!("{},2,", placed.shipment())), "コレクト: {row}");
    assert!(row.contains(&format!(",{},", placed.total)), "{row}");
}

// --- 7. tracking numbers back ------------------------------------------------------------------------

async fn a_b2_issued_file_is_previewed_then_applied_and_the_customer_is_mailed(app: TestApp) {
    let placed = guest_order(&app, "issued", "bank_transfer").await;
    let owner = staff(&app, StaffRole::Owner).await;
    let shipping = staff(&app, StaffRole::ShippingClerk).await;
    pay_in_full(&app, &owner, &placed).await;
    export(&app, &shipping, "yamato_b2", &[&placed.shipment()]).await.assert_status(StatusCode::OK);
    let before = read(&app, &owner, &placed.order_no).await;
    let file = b2_issued(&[(&placed.shipment(), "4444-1375-8703")]);

    let preview = import(&app, &shipping, "carrier=yamato_b2", file.clone()).await;
    preview.assert_status(StatusCode::OK);
    let preview = preview.json();
    assert_eq!((preview["applied"].as_bool(), preview["ok"].as_i64(), preview["errors"].as_i64()), (Some(false), Some(1), Some(0)));
    assert_eq!(
        preview["lines"],
        json!([{
            "line": 2, "shipment_code": placed.shipment(), "order_no": placed.order_no, "tracking_number": "444413758703",
            "carrier": "yamato_b2", "shipped_on": jst_day(0), "result": "ok", "message": "出荷済みにして発送完了メールを送ります。"
        }])
    );
    let unchanged = read(&app, &owner, &placed.order_no).await;
    assert_eq!(version(&unchanged), version(&before), "a preview changes nothing");
    assert_eq!(unchanged["shipments"][0]["state"]["code"], "preparing");
    assert!(unchanged["shipments"][0]["tracking"].as_array().unwrap().is_empty());
    assert!(mails_with(&app, GUEST_EMAIL, SHIPPED_MAIL).is_empty());

    let applied = import(&app, &shipping, "carrier=yamato_b2&apply=true", file.clone()).await;
    applied.assert_status(StatusCode::OK);
    assert_eq!((applied.json()["applied"].as_bool(), applied.json()["ok"].as_i64()), (Some(true), Some(1)));
    let order = read(&app, &owner, &placed.order_no).await;
    let shipment = &order["shipments"][0];
    assert_eq!(shipment["state"]["code"], "shipped");
    assert_eq!(shipment["tracking"][0]["number"], "444413758703");
    assert_eq!(shipment["tracking"][0]["url"], format!("{YAMATO_URL}444413758703").as_str());
    assert_eq!(order["lifecycle"]["code"], "closed");
    let [mail] = mails_with(&app, GUEST_EMAIL, SHIPPED_MAIL).try_into().unwrap_or_else(|m: Vec<_>| panic!("one 発送完了 mail: {m:?}"));
    assert!(mail.body.contains("444413758703") && mail.body.contains(&format!("{YAMATO_URL}444413758703")), "{}", mail.body);
    assert!(audit_log(&app, &owner).await.iter().any(|(name, action, _)| name == "伊藤 健太" && action == "tracking_import"));

    // The same file again: nothing to do, no second mail.
    let again = import(&app, &shipping, "carrier=yamato_b2", file.clone()).await;
    again.assert_status(StatusCode::OK);
    assert_eq!(again.json()["lines"][0]["result"], "same");
    import(&app, &shipping, "carrier=yamato_b2&apply=true", file).await.assert_status(StatusCode::OK);
    assert_eq!(mails_with(&app, GUEST_EMAIL, SHIPPED_MAIL).len(), 1);
    assert_eq!(read(&app, &owner, &placed.order_no).await["shipments"][0]["tracking"].as_array().unwrap().len(), 1);
}

async fn a_tracking_file_with_a_wrong_line_is_not_applied_at_all(app: TestApp) {
    let placed = guest_order(&app, "wrongline", "bank_transfer").await;
    let owner = staff(&app, StaffRole::Owner).await;
    let shipping = staff(&app, StaffRole::ShippingClerk).await;
    pay_in_full(&app, &owner, &placed).await;
    export(&app, &shipping, "yamato_b2", &[&placed.shipment()]).await.assert_status(StatusCode::OK);
    let before = read(&app, &owner, &placed.order_no).await;
    let file = b2_issued(&[(&placed.shipment(), "444413758703"), ("RP99999999-1", "512547514334")]);

    let preview = import(&app, &shipping, "carrier=yamato_b2", file.clone()).await;
    preview.assert_status(StatusCode::OK);
    let preview = preview.json();
    assert_eq!((preview["ok"].as_i64(), preview["errors"].as_i64()), (Some(1), Some(1)));
    assert_eq!(preview["lines"][0]["result"], "ok");
    assert_eq!(preview["lines"][1]["line"], 3);
    assert_eq!(preview["lines"][1]["result"], "error");
    assert_eq!(preview["lines"][1]["message"], "出荷番号「RP99999999-1」はこのショップにありません。");
    let applied = import(&app, &shipping, "carrier=yamato_b2&apply=true", file).await;
    assert_refused(&applied, "orders.tracking.has_errors", "1行に誤りがあるため、取り込みませんでした。プレビューで内容を確認してください。");
    let after = read(&app, &owner, &placed.order_no).await;
    assert_eq!(version(&after), version(&before), "the good line was not applied either");
    assert_eq!(after["shipments"][0]["state"]["code"], "preparing");
    assert!(after["shipments"][0]["tracking"].as_array().unwrap().is_empty());
    assert!(mails_with(&app, GUEST_EMAIL, SHIPPED_MAIL).is_empty());

    // Another shop's staff naming this shop's shipment: not theirs.
    let corporate = staff_cookie(&app, "corporate", StaffRole::Owner, "鈴木 課長").await;
    let theirs = b2_issued(&[(&placed.shipment(), "444413758703")]);
    let preview = app
        .post("/v1/admin/shipments/tracking?carrier=yamato_b2")
        .channel("corporate")
        .header("cookie", &corporate)
        .raw_body("text/csv", theirs.clone())
        .send()
        .await;
    preview.assert_status(StatusCode::OK);
    assert_eq!(preview.json()["lines"][0]["result"], "error");
    assert_eq!(preview.json()["lines"][0]["order_no"], Value::Null, "nothing of the other shop's order shows: {}", preview.text());
    let applied = app
        .post("/v1/admin/shipments/tracking?carrier=yamato_b2&apply=true")
        .channel("corporate")
        .header("cookie", &corporate)
        .raw_body("text/csv", theirs.clone())
        .send()
        .await;
    assert_eq!((applied.status, applied.json()["code"].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some("orders.tracking.has_errors")));
    let generic = format!("出荷番号,配送業者,送り状番号,出荷日\n{},ヤマト運輸,444413758703,\n", placed.shipment());
    let applied = app
        .post("/v1/admin/shipments/tracking?carrier=generic&apply=true")
        .channel("corporate")
        .header("cookie", &corporate)
        .raw_body("text/csv", generic.into_bytes())
        .send()
        .await;
    assert_eq!((applied.status, applied.json()["code"].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some("orders.tracking.has_errors")));
    let after = read(&app, &owner, &placed.order_no).await;
    assert_eq!(version(&after), version(&before));
    assert!(after["shipments"][0]["tracking"].as_array().unwrap().is_empty());
}

async fn a_tracking_file_must_be_shift_jis_with_the_expected_columns(app: TestApp) {
    let placed = guest_order(&app, "fileform", "bank_transfer").await;
    let owner = staff(&app, StaffRole::Owner).await;
    let shipping = staff(&app, StaffRole::ShippingClerk).await;
    pay_in_full(&app, &owner, &placed).await;
    let before = read(&app, &owner, &placed.order_no).await;

    let utf8 = format!("{B2_ISSUED_HEADER}\r\n{},0,0,444413758703,,{GUEST_RECIPIENT}\r\n", placed.shipment());
    let answer = import(&app, &shipping, "carrier=yamato_b2&apply=true", utf8.clone().into_bytes()).await;
    assert_eq!(errors_of(&answer), ["file"]);
    assert_eq!(answer.json()["errors"]["file"][0], "文字コードがShift_JISではありません（UTF-8で保存されたファイルのようです）");
    let with_bom = [b"\xEF\xBB\xBF".as_slice(), utf8.as_bytes()].concat();
    assert_eq!(errors_of(&import(&app, &shipping, "carrier=yamato_b2", with_bom).await), ["file"]);

    let columns = shift_jis(&format!("お届け先名,伝票番号\r\n{GUEST_RECIPIENT},444413758703\r\n"));
    let answer = import(&app, &shipping, "carrier=yamato_b2", columns).await;
    assert_eq!(errors_of(&answer), ["file"]);
    assert_eq!(answer.json()["errors"]["file"][0], "必要な列がありません: お客様管理番号（見つかった列: お届け先名、伝票番号）");
    let generic_columns = import(&app, &shipping, "carrier=generic", "出荷番号,出荷日\nX-1,2026/12/01\n".as_bytes().to_vec()).await;
    assert_eq!(errors_of(&generic_columns), ["file"]);
    assert!(generic_columns.json()["errors"]["file"][0].as_str().unwrap().contains("送り状番号"), "{}", generic_columns.text());

    let empty = import(&app, &shipping, "carrier=yamato_b2", Vec::new()).await;
    assert_eq!(errors_of(&empty), ["file"]);
    let header_only = import(&app, &shipping, "carrier=yamato_b2", shift_jis(&format!("{B2_ISSUED_HEADER}\r\n"))).await;
    assert_eq!(errors_of(&header_only), ["file"]);
    let carrier = import(&app, &shipping, "carrier=fukuyama", b2_issued(&[(&placed.shipment(), "444413758703")])).await;
    assert_eq!(errors_of(&carrier), ["carrier"]);
    let apply = import(&app, &shipping, "carrier=yamato_b2&apply=yes", b2_issued(&[(&placed.shipment(), "444413758703")])).await;
    assert_eq!(errors_of(&apply), ["apply"]);

    // A number that is not 12 digits is a wrong line.
    let short = import(&app, &shipping, "carrier=yamato_b2", b2_issued(&[(&placed.shipment(), "12345")])).await;
    short.assert_status(StatusCode::OK);
    assert_eq!(short.json()["lines"][0]["result"], "error");
    assert_eq!(short.json()["lines"][0]["message"], "送り状番号の形式が正しくありません（12桁の数字）");

    let after = read(&app, &owner, &placed.order_no).await;
    assert_eq!(version(&after), version(&before));
    assert_eq!(after["shipments"][0]["state"]["code"], "unshipped");
}

async fn the_generic_shipping_csv_marks_an_exported_shipment_shipped(app: TestApp) {
    let placed = guest_order(&app, "generic", "bank_transfer").await;
    let owner = staff(&app, StaffRole::Owner).await;
    let shipping = staff(&app, StaffRole::ShippingClerk).await;
    pay_in_full(&app, &owner, &placed).await;
    export(&app, &shipping, "yamato_b2", &[&placed.shipment()]).await.assert_status(StatusCode::OK);
    let file = format!("出荷番号,配送業者,送り状番号,出荷日\n{},ヤマト運輸,4444-1375-8703,{}\n", placed.shipment(), jst_day(0)).into_bytes();

    // The file's 出荷日 must be a day the parcel can have left: not after today, not before the order.
    for (offset, why) in [(1, "今日より後"), (-1, "注文日より前")] {
        let dated = format!("出荷番号,配送業者,送り状番号,出荷日\n{},ヤマト運輸,4444-1375-8703,{}\n", placed.shipment(), jst_day(offset));
        let line = &import(&app, &shipping, "carrier=generic", dated.into_bytes()).await.json()["lines"][0];
        assert_eq!(line["result"], "error", "{line}");
        assert!(line["message"].as_str().is_some_and(|m| m.contains(why)), "{line}");
    }
    let preview = import(&app, &shipping, "carrier=generic", file.clone()).await;
    preview.assert_status(StatusCode::OK);
    assert_eq!((preview.json()["lines"][0]["result"].as_str(), preview.json()["lines"][0]["tracking_number"].as_str()), (Some("ok"), Some("444413758703")));
    assert_eq!(preview.json()["lines"][0]["shipped_on"], jst_day(0).as_str());
    assert_eq!(read(&app, &owner, &placed.order_no).await["shipments"][0]["state"]["code"], "preparing");
    let applied = import(&app, &shipping, "carrier=generic&apply=true", file).await;
    applied.assert_status(StatusCode::OK);
    assert_eq!(applied.json()["ok"], 1);
    let order = read(&app, &owner, &placed.order_no).await;
    assert_eq!(order["shipments"][0]["state"]["code"], "shipped");
    assert_eq!(order["shipments"][0]["tracking"][0]["number"], "444413758703");
    assert_eq!(order["shipments"][0]["tracking"][0]["url"], format!("{YAMATO_URL}444413758703").as_str());
    let [mail] = mails_with(&app, GUEST_EMAIL, SHIPPED_MAIL).try_into().unwrap_or_else(|m: Vec<_>| panic!("one 発送完了 mail: {m:?}"));
    assert!(mail.body.contains(&format!("{YAMATO_URL}444413758703")), "{}", mail.body);

    // Without a carrier the generic file is the default (no `carrier` in the query).
    let other = guest_order(&app, "generic2", "cod").await;
    export(&app, &shipping, "yamato_b2", &[&other.shipment()]).await.assert_status(StatusCode::OK);
    let file = format!("\u{feff}出荷番号,配送業者,送り状番号,出荷日\r\n{},,512547514334,\r\n", other.shipment()).into_bytes();
    let applied = import(&app, &shipping, "apply=true", file).await;
    applied.assert_status(StatusCode::OK);
    assert_eq!(read(&app, &owner, &other.order_no).await["shipments"][0]["tracking"][0]["number"], "512547514334");
}

/// The generic file names each parcel's carrier (配送業者): a shipment that never went through a
/// carrier's export gets that carrier, so the customer's mail and page link to its tracking page.
async fn the_generic_shipping_csv_keeps_each_lines_carrier(app: TestApp) {
    let placed = guest_order(&app, "genericcarrier", "bank_transfer").await;
    let owner = staff(&app, StaffRole::Owner).await;
    let shipping = staff(&app, StaffRole::ShippingClerk).await;
    pay_in_full(&app, &owner, &placed).await;
    let file = format!("出荷番号,配送業者,送り状番号,出荷日\n{},佐川急便,5125-4751-4334,\n", placed.shipment()).into_bytes();
    let applied = import(&app, &shipping, "carrier=generic&apply=true", file).await;
    applied.assert_status(StatusCode::OK);
    assert_eq!(applied.json()["ok"], 1);
    let order = read(&app, &owner, &placed.order_no).await;
    let shipment = &order["shipments"][0];
    assert_eq!(shipment["state"]["code"], "shipped");
    assert_eq!(shipment["tracking"][0]["number"], "512547514334");
    assert_eq!(shipment["carrier"], json!({ "code": "sagawa_ehiden", "label": "佐川急便 e飛伝" }), "{shipment}");
    assert_eq!(shipment["tracking"][0]["url"], format!("{SAGAWA_URL}512547514334").as_str(), "{shipment}");
    let [mail] = mails_with(&app, GUEST_EMAIL, SHIPPED_MAIL).try_into().unwrap_or_else(|m: Vec<_>| panic!("one 発送完了 mail: {m:?}"));
    assert!(mail.body.contains("配送業者: 佐川急便 e飛伝") && mail.body.contains(&format!("{SAGAWA_URL}512547514334")), "{}", mail.body);
}

// --- 8. queues and the list ------------------------------------------------------------------------

async fn the_queue_counts_follow_an_order_from_new_to_closed(app: TestApp) {
    let owner = staff(&app, StaffRole::Owner).await;
    let base = queue_counts(&app, &owner).await;
    let labels: Vec<String> = {
        let answer = app.get("/v1/admin/orders/queues").header("cookie", &owner).send().await.json();
        answer["queues"].as_array().unwrap().iter().map(|q| q["label"].as_str().unwrap().to_owned()).collect()
    };
    assert_eq!(labels, ["新規", "入金待ち", "入金期限切れ", "出荷待ち", "出荷準備中", "一部出荷", "保留", "要確認", "キャンセル済"]);
    let delta = |counts: &std::collections::BTreeMap<String, i64>| -> Vec<(String, i64)> {
        counts.iter().map(|(queue, count)| (queue.clone(), count - base[queue])).filter(|(_, d)| *d != 0).collect()
    };
    let (placed, _) = member_order(&app, "queues").await;
    let no = placed.order_no.clone();

    // 新規 and 入金待ち.
    assert_eq!(delta(&queue_counts(&app, &owner).await), [("awaiting_payment".to_owned(), 1), ("new".to_owned(), 1)]);
    assert!(listed(&app, &owner, "queue=new").await.contains(&no));
    assert_eq!(listed(&app, &owner, &format!("queue=awaiting_payment&q={no}")).await, [no.as_str()]);
    assert!(listed(&app, &owner, &format!("queue=to_ship&q={no}")).await.is_empty());

    // Paid: 出荷待ち (and no longer 新規: someone acted on it).
    pay_in_full(&app, &owner, &placed).await;
    assert_eq!(delta(&queue_counts(&app, &owner).await), [("to_ship".to_owned(), 1)]);
    assert!(listed(&app, &owner, &format!("queue=awaiting_payment&q={no}")).await.is_empty());
    assert_eq!(listed(&app, &owner, &format!("queue=to_ship&q={no}")).await, [no.as_str()]);

    // 出荷準備中.
    move_shipment(&app, &owner, &placed, json!({ "to": "preparing" })).await.assert_status(StatusCode::OK);
    assert_eq!(delta(&queue_counts(&app, &owner).await), [("preparing".to_owned(), 1)]);
    assert_eq!(listed(&app, &owner, &format!("queue=preparing&q={no}")).await, [no.as_str()]);

    // Shipped and paid: closed, in no queue; the list still finds it.
    move_shipment(&app, &owner, &placed, json!({ "to": "shipped", "carrier": "yamato_b2", "tracking_numbers": ["444413758703"] }))
        .await
        .assert_status(StatusCode::OK);
    assert!(delta(&queue_counts(&app, &owner).await).is_empty(), "closed: in no queue");
    assert_eq!(listed(&app, &owner, &format!("q={no}")).await, [no.as_str()]);
    // … also by its tracking number.
    assert_eq!(listed(&app, &owner, "q=444413758703").await, [no.as_str()]);
}

async fn the_list_finds_an_order_by_number_name_email_and_date(app: TestApp) {
    let (placed, _) = member_order(&app, "search").await;
    let clerk = staff(&app, StaffRole::OrderClerk).await;
    let no = &placed.order_no;
    let answer = app.get(&format!("/v1/admin/orders?queue=awaiting_payment&q={no}")).header("cookie", &clerk).send().await;
    answer.assert_status(StatusCode::OK);
    assert_eq!(answer.header("x-total"), "1");
    let row = &answer.json()["data"][0];
    assert_eq!((row["order_no"].as_str(), row["orderer_name"].as_str(), row["is_member"].as_bool()), (Some(no.as_str()), Some("山田 太郎"), Some(true)));
    assert_eq!((row["payment"]["code"].as_str(), row["total_payment"].as_i64()), (Some("unpaid"), Some(placed.total)));
    assert_eq!(row["shipments"][0]["code"], placed.shipment().as_str());
    let q = |q: &str| format!("queue=awaiting_payment&q={}", encode(q));
    assert_eq!(listed(&app, &clerk, &q(&no[no.len() - 4..])).await, [no.as_str()], "part of the number");
    assert_eq!(listed(&app, &clerk, &q("山田")).await, [no.as_str()]);
    assert_eq!(listed(&app, &clerk, &q("MEMBER@example.com")).await, [no.as_str()]);
    assert!(listed(&app, &clerk, &q("佐々木")).await.is_empty());
    assert!(listed(&app, &clerk, &q("100%_")).await.is_empty(), "LIKE's wildcards are plain text");
    let today = jst_day(0);
    assert_eq!(listed(&app, &clerk, &format!("queue=awaiting_payment&ordered_from={today}&ordered_to={today}&payment=bank_transfer")).await, [no.as_str()]);
    assert!(listed(&app, &clerk, &format!("queue=awaiting_payment&ordered_from={}", jst_day(1))).await.is_empty());
    assert!(listed(&app, &clerk, "queue=awaiting_payment&payment=cod").await.is_empty());
    assert_eq!(listed(&app, &clerk, &format!("queue=awaiting_payment&amount_min={}&amount_max={}", placed.total, placed.total)).await, [no.as_str()]);
    assert_eq!(listed(&app, &clerk, &format!("queue=awaiting_payment&product={}&customer=member", encode("テスト商品search"))).await, [no.as_str()]);
    assert!(listed(&app, &clerk, "queue=awaiting_payment&customer=guest").await.is_empty());
}

/// The list shows the orderer as 「東京 一郎」; typing that into the search finds the order, also
/// when the parcel goes to someone else (a present to 静岡 花子).
async fn the_list_finds_an_order_by_the_orderers_full_name_as_it_shows_it(app: TestApp) {
    let (member, _) = member_order(&app, "fullname").await;
    let variation = product(&app, "present", 5000, 10, 10).await;
    let token = init(&app, None, None).await["token"].as_str().unwrap().to_owned();
    patch(&app, "/v1/carts/products/add", json!({ "token": token, "variation_key": variation, "quantity": 1 }), None).await.assert_status(StatusCode::OK);
    let grandmother = json!({
        "shipping_last_name": "静岡", "shipping_first_name": "花子", "shipping_last_name_kana": "シズオカ", "shipping_first_name_kana": "ハナコ",
        "postal_code": "420-0853", "prefecture": "静岡県", "city": "静岡市葵区", "address1": "追手町9-6", "phone_number": "054-221-1234"
    });
    patch(&app, "/v1/carts/shippings/add", json!({ "token": token, "address": grandmother }), None).await.assert_status(StatusCode::OK);
    let method = payment_id(&app, "bank_transfer").await;
    patch(&app, "/v1/carts/order/modify", json!({ "token": token, "payment_method_id": method, "orderer": crate::cart::orderer() }), None)
        .await
        .assert_status(StatusCode::OK);
    let present = decide(&app, &token, None, variation).await;
    let clerk = staff(&app, StaffRole::OrderClerk).await;
    // cart::orderer(): the guest who pays.
    let orderer = "東京 一郎";

    let answer = app.get(&format!("/v1/admin/orders?q={}", present.order_no)).header("cookie", &clerk).send().await;
    answer.assert_status(StatusCode::OK);
    let row = &answer.json()["data"][0];
    assert_eq!((row["orderer_name"].as_str(), row["shipments"][0]["name"].as_str()), (Some(orderer), Some("静岡 花子")));
    assert_eq!(listed(&app, &clerk, &format!("queue=awaiting_payment&q={}", encode("静岡 花子"))).await, [present.order_no.as_str()], "the recipient");
    assert_eq!(listed(&app, &clerk, &format!("queue=awaiting_payment&q={}", encode("山田 太郎"))).await, [member.order_no.as_str()], "the member");
    assert_eq!(listed(&app, &clerk, &format!("queue=awaiting_payment&q={}", encode(orderer))).await, [present.order_no.as_str()], "the orderer");
}

async fn a_malformed_filter_is_a_422_naming_it(app: TestApp) {
    let viewer = staff(&app, StaffRole::Viewer).await;
    for (query, field, message) in [
        ("ordered_from=2026-13-40", "ordered_from", Some("日付はYYYY-MM-DDの形式で入力してください。")),
        ("ordered_to=2026%2F12%2F01", "ordered_to", Some("日付はYYYY-MM-DDの形式で入力してください。")),
        ("planned_to=tomorrow", "planned_to", None),
        ("queue=nope", "queue", Some("キューの指定が正しくありません。")),
        ("payment=bitcoin", "payment", Some("お支払い方法の指定が正しくありません。")),
        ("carrier=fukuyama", "carrier", Some("配送業者の指定が正しくありません。")),
        ("amount_min=-1", "amount_min", Some("金額は0以上の整数で入力してください。")),
        ("amount_max=abc", "amount_max", None),
        ("customer=vip", "customer", Some("会員区分の指定が正しくありません。")),
    ] {
        let answer = app.get(&format!("/v1/admin/orders?{query}")).header("cookie", &viewer).send().await;
        assert_eq!(errors_of(&answer), [field], "{query}");
        if let Some(message) = message {
            assert_eq!(answer.json()["errors"][field][0], message, "{query}");
        }
    }
    let both = app.get("/v1/admin/orders?queue=nope&ordered_from=2026-13-40").header("cookie", &viewer).send().await;
    assert_eq!(errors_of(&both), ["ordered_from", "queue"]);
    let long = app.get(&format!("/v1/admin/orders?q={}", encode(&"あ".repeat(101)))).header("cookie", &viewer).send().await;
    assert_eq!(errors_of(&long), ["q"]);
    app.get("/v1/admin/orders?queue=awaiting_payment&ordered_from=2026-01-01").header("cookie", &viewer).send().await.assert_status(StatusCode::OK);
}

/// Percent-encodes a query value (UTF-8).
fn encode(value: &str) -> String {
    value.bytes().map(|b| if b.is_ascii_alphanumeric() || b"-._~".contains(&b) { (b as char).to_string() } else { format!("%{b:02X}") }).collect()
}

on_both_databases!(
    every_desk_endpoint_needs_a_staff_session_of_this_shop,
    a_viewer_reads_every_page_and_changes_nothing,
    the_shipping_clerk_ships_but_confirms_no_payment_and_the_order_clerk_cancels_nothing,
    a_bank_transfer_paid_in_two_parts_is_paid_and_the_customer_is_mailed,
    a_partly_paid_transfer_still_counts_as_awaiting_payment,
    a_wrong_payment_entry_is_refused_field_by_field_and_changes_nothing,
    a_card_order_or_a_paid_one_is_not_confirmed_by_hand,
    two_changes_from_the_same_version_get_one_200_and_one_409,
    a_held_order_needs_a_reason_and_ships_only_once_released,
    a_shipment_waits_for_the_money_then_leaves_with_a_yamato_number_and_the_customer_is_told,
    staff_cancel_before_a_parcel_leaves_and_the_reason_is_mailed_but_not_after,
    the_yamato_file_carries_the_paid_shipment_and_skips_the_others_with_reasons,
    an_export_moves_each_paid_parcel_as_moving_it_alone_would_and_skips_an_unpaid_transfer,
    an_export_without_shipments_or_with_an_unknown_carrier_is_refused,
    a_b2_issued_file_is_previewed_then_applied_and_the_customer_is_mailed,
    a_tracking_file_with_a_wrong_line_is_not_applied_at_all,
    a_tracking_file_must_be_shift_jis_with_the_expected_columns,
    the_generic_shipping_csv_marks_an_exported_shipment_shipped,
    the_generic_shipping_csv_keeps_each_lines_carrier,
    the_queue_counts_follow_an_order_from_new_to_closed,
    the_list_finds_an_order_by_number_name_email_and_date,
    the_list_finds_an_order_by_the_orderers_full_name_as_it_shows_it,
    a_malformed_filter_is_a_422_naming_it,
);
