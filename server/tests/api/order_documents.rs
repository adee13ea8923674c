//! The order desk's printing (issue 30) as its staff meet it: one PDF of packing slips (one per
//! shipment, a present's without prices), a picking list summing what has not left yet, or the
//! paid orders' receipts — read back as the text a person sees on paper; what is left out is
//! counted in `x-skipped`, and printing changes nothing.
//!
//! Orders are placed through the real checkout (the cart and its decision).
use axum::http::StatusCode;
use serde_json::{Value, json};
use shop::staff::StaffRole;

use crate::cart::{add, demo_member, patch, product, ready_guest_cart, tokenize};
use crate::helpers::{Answer, TestApp, pdf_texts};
use crate::inquiries::staff_cookie;
use crate::on_both_databases;

const PRINT: &str = "/v1/admin/orders/documents";
const NOTHING: &str = "orders.documents.nothing";

async fn owner(app: &TestApp) -> String {
    staff_cookie(app, "demo", StaffRole::Owner, "高橋 店長").await
}

async fn print(app: &TestApp, cookie: &str, kind: &str, order_nos: &[&str]) -> Answer {
    app.post(PRINT).header("cookie", cookie).json(&json!({ "kind": kind, "order_nos": order_nos })).send().await
}

/// A PDF answer's text objects, after checking that it is one.
#[track_caller]
fn pdf_of(answer: &Answer) -> Vec<String> {
    answer.assert_status(StatusCode::OK);
    assert_eq!(answer.header("content-type"), "application/pdf");
    assert!(answer.bytes.starts_with(b"%PDF-"));
    pdf_texts(&answer.bytes)
}

#[track_caller]
fn assert_shows(texts: &[String], expected: &[&str]) {
    for wanted in expected {
        assert!(texts.iter().any(|t| t == wanted), "{wanted} not in {texts:?}");
    }
}

/// The texts of each slip: from one 納品書 title to the next.
fn slips(texts: &[String]) -> Vec<Vec<String>> {
    let mut slips: Vec<Vec<String>> = Vec::new();
    for text in texts {
        if text == "納品書" {
            slips.push(Vec::new());
        }
        if let Some(slip) = slips.last_mut() {
            slip.push(text.clone());
        }
    }
    slips
}

async fn decide(app: &TestApp, token: &str) -> Value {
    let answer = app.post(&format!("/v1/carts/{token}/decision")).json(&json!({})).send().await;
    answer.assert_status(StatusCode::OK);
    answer.json()
}

/// A guest (東京 一郎, who is also the recipient) orders `quantity` of `variation`, paying by
/// `payment` (an approved sandbox card for credit_card); the order number and total.
async fn guest_order(app: &TestApp, variation: &str, quantity: i64, payment: &str) -> (String, i64) {
    let token = ready_guest_cart(app, variation, quantity, payment).await;
    if payment == "credit_card" {
        let card = tokenize(app, "4242424242424242").await;
        patch(app, "/v1/carts/order/modify", json!({ "token": token, "card_token": card }), None).await.assert_status(StatusCode::OK);
    }
    let order = decide(app, &token).await;
    (order["order_no"].as_str().unwrap().to_owned(), order["total_payment"].as_i64().unwrap())
}

async fn version_of(app: &TestApp, cookie: &str, order_no: &str) -> i64 {
    let answer = app.get(&format!("/v1/admin/orders/{order_no}")).header("cookie", cookie).send().await;
    answer.assert_status(StatusCode::OK);
    answer.json()["version"].as_i64().unwrap()
}

async fn move_first_shipment(app: &TestApp, cookie: &str, order_no: &str, body: Value) {
    let mut body = body;
    body["version"] = json!(version_of(app, cookie, order_no).await);
    let path = format!("/v1/admin/orders/{order_no}/shipments/{order_no}-1");
    app.post(&path).header("cookie", cookie).json(&body).send().await.assert_status(StatusCode::OK);
}

fn osaka() -> Value {
    json!({
        "shipping_last_name": "大阪", "shipping_first_name": "花子", "shipping_last_name_kana": "オオサカ", "shipping_first_name_kana": "ハナコ",
        "postal_code": "530-0001", "prefecture": "大阪府", "city": "大阪市北区", "address1": "梅田1-1", "phone_number": "06-1234-5678"
    })
}

// --- packing slips -------------------------------------------------------------------------------

async fn each_shipment_gets_its_own_slip_and_a_present_shows_no_prices(app: TestApp) {
    let bolt = product(&app, "slipbolt", 1000, 10, 10).await;
    let nut = product(&app, "slipnut", 300, 10, 10).await;
    // Two bolts to the orderer in Tokyo; three nuts, wrapped with のし, to 大阪 花子.
    let token = ready_guest_cart(&app, &bolt, 2, "cod").await;
    add(&app, &token, &nut, 3).await.assert_status(StatusCode::OK);
    let cart = patch(&app, "/v1/carts/shippings/add", json!({ "token": token, "address": osaka() }), None).await;
    cart.assert_status(StatusCode::OK);
    let cart = cart.json();
    let second = cart["detail"]["shippings"][1]["key"].as_str().unwrap().to_owned();
    let nut_line = cart["detail"]["products"].as_array().unwrap().iter().find(|p| p["quantity"] == 3).unwrap()["key"].as_str().unwrap().to_owned();
    let divide = json!({ "token": token, "key": nut_line, "quantity": 3, "shipping_key": second });
    patch(&app, "/v1/carts/products/divide", divide, None).await.assert_status(StatusCode::OK);
    let packing = json!({ "token": token, "shipping_key": second, "wrapping_key": "gift", "noshi_key": "oiwai", "noshi_name": "山田" });
    patch(&app, "/v1/carts/packings/add", packing, None).await.assert_status(StatusCode::OK);
    patch(&app, "/v1/carts/other/modify", json!({ "token": token, "note": "不在時は宅配ボックスへ" }), None).await.assert_status(StatusCode::OK);
    let order_no = decide(&app, &token).await["order_no"].as_str().unwrap().to_owned();

    // A cancelled order and a number this shop does not have are left out.
    let cancelled = product(&app, "slipcancel", 500, 10, 10).await;
    let (cancelled, _) = guest_order(&app, &cancelled, 1, "cod").await;
    let owner = owner(&app).await;
    let version = version_of(&app, &owner, &cancelled).await;
    let cancel = app.post(&format!("/v1/admin/orders/{cancelled}/cancel")).header("cookie", &owner).json(&json!({ "reason": "在庫切れ", "version": version }));
    cancel.send().await.assert_status(StatusCode::OK);
    let before = version_of(&app, &owner, &order_no).await;

    // Every desk role prints, the 閲覧のみ one too.
    let viewer = staff_cookie(&app, "demo", StaffRole::Viewer, "田中 由紀").await;
    let answer = print(&app, &viewer, "packing_slip", &[&order_no, &cancelled, "R99999999"]).await;
    let texts = pdf_of(&answer);
    assert_eq!(answer.header("x-skipped"), "2");
    assert_eq!(answer.header("x-skipped-orders"), format!("{cancelled},R99999999"));
    let disposition = answer.header("content-disposition");
    assert!(disposition.starts_with("attachment; filename=\"packing-slips-") && disposition.contains(".pdf"), "{disposition}");
    assert_eq!(answer.header("cache-control"), "no-store");

    let slips = slips(&texts);
    assert_eq!(slips.len(), 2, "one slip per shipment: {texts:?}");
    let (own, present) = (&slips[0], &slips[1]);
    assert_shows(
        own,
        &[
            &format!("No. {order_no}-1"),
            "東京 一郎 様",
            "〒100-0001",
            "東京都千代田区千代田1-1",
            "CODE-slipbolt",
            "テスト商品slipbolt（標準）",
            "2",
            "¥1,000",
            "¥2,000",
            "ライドパーツ本舗",
            "不在時は宅配ボックスへ",
        ],
    );
    assert!(!own.iter().any(|t| t.contains("slipnut") || t.contains("大阪")), "only its own lines and recipient: {own:?}");
    assert!(!own.iter().any(|t| t.starts_with("ご依頼主")), "{own:?}");
    assert_shows(
        present,
        &[
            &format!("No. {order_no}-2"),
            "大阪 花子 様",
            "〒530-0001",
            "大阪府大阪市北区梅田1-1",
            "ご依頼主 東京 一郎 様",
            "CODE-slipnut",
            "テスト商品slipnut（標準）",
            "3",
            "ギフトラッピング",
            "御祝（名入れ: 山田）",
        ],
    );
    assert!(!present.iter().any(|t| t.contains("slipbolt") || t.contains("東京都")), "only its own lines and recipient: {present:?}");
    assert!(!present.iter().any(|t| t.contains('¥') || t.contains("単価") || t.contains("金額")), "a present shows no price: {present:?}");

    assert_eq!(version_of(&app, &owner, &order_no).await, before, "printing changes nothing");
}

// --- the picking list ----------------------------------------------------------------------------

async fn the_picking_list_sums_what_has_not_left_yet(app: TestApp) {
    let gel = product(&app, "pickgel", 400, 10, 30).await;
    let (first, _) = guest_order(&app, &gel, 2, "cod").await;
    let (second, _) = guest_order(&app, &gel, 3, "cod").await;
    let (gone, _) = guest_order(&app, &gel, 4, "cod").await;
    let owner = owner(&app).await;
    move_first_shipment(&app, &owner, &second, json!({ "to": "preparing" })).await;
    move_first_shipment(&app, &owner, &gone, json!({ "to": "shipped", "carrier": "yamato_b2", "tracking_numbers": ["444413758703"] })).await;

    let answer = print(&app, &owner, "picking_list", &[&second, &first, &gone]).await;
    let texts = pdf_of(&answer);
    assert_eq!(answer.header("x-skipped"), "1", "the shipped order has nothing left to pick");
    assert_eq!(answer.header("x-skipped-orders"), gone);
    assert!(answer.header("content-disposition").contains("picking-list-"));
    assert_shows(
        &texts,
        &[
            "ピッキングリスト",
            "対象: 2件の注文の2件の出荷（未出荷・出荷準備中）",
            "CODE-pickgel",
            "テスト商品pickgel（標準）",
            "5",
            &format!("{first}-1×2 {second}-1×3"),
            "合計 5点",
        ],
    );
    assert!(!texts.iter().any(|t| t.contains(&gone)), "{texts:?}");

    let none = print(&app, &owner, "picking_list", &[&gone]).await;
    none.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(none.json()["code"], NOTHING);
}

// --- receipts ------------------------------------------------------------------------------------

async fn a_receipt_is_printed_for_a_paid_order_only_and_counts_no_download(app: TestApp) {
    let goods = product(&app, "receiptgoods", 5000, 10, 10).await;
    let (card, total) = guest_order(&app, &goods, 1, "credit_card").await;
    let (transfer, _) = guest_order(&app, &goods, 1, "bank_transfer").await;
    let owner = owner(&app).await;
    let before = version_of(&app, &owner, &card).await;

    let answer = print(&app, &owner, "receipt", &[&card, &transfer]).await;
    let texts = pdf_of(&answer);
    assert_eq!(answer.header("x-skipped"), "1", "the unpaid transfer gets no receipt");
    assert_eq!(answer.header("x-skipped-orders"), transfer);
    assert!(answer.header("content-disposition").contains("receipts-"));
    let amount = format!("{}-", shop::documents::yen(total));
    assert_shows(&texts, &["領収書", "東京 一郎 様", &amount, "但し お品代として", "上記正に領収いたしました", "登録番号 T1234567890123", "ライドパーツ本舗"]);
    assert!(texts.iter().any(|t| t.starts_with("10%対象 ")), "{texts:?}");
    assert!(texts.iter().any(|t| t.contains(&format!("ご注文番号 {card}"))), "{texts:?}");
    assert!(!texts.iter().any(|t| t.contains(&transfer) || t == "再発行"), "{texts:?}");

    // The member's own download is still the first: no counter moved, nothing else either.
    let issued: i64 =
        sqlx::query_scalar("SELECT receipt_issued_count FROM orders WHERE order_no = $1").bind(&card).fetch_one(&app.state.db.pool).await.unwrap();
    assert_eq!(issued, 0);
    assert_eq!(version_of(&app, &owner, &card).await, before);

    let unpaid = print(&app, &owner, "receipt", &[&transfer]).await;
    unpaid.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(unpaid.json()["code"], NOTHING);
    assert!(unpaid.json()["message"].as_str().unwrap().contains("入金が確認できていません"), "{}", unpaid.text());
}

// --- wrong requests and strangers ----------------------------------------------------------------

fn fields_of(answer: &Answer) -> Value {
    answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    answer.json()["errors"].clone()
}

async fn a_wrong_request_is_a_422_naming_its_field(app: TestApp) {
    let owner = owner(&app).await;
    let post = |body: Value| app.post(PRINT).header("cookie", &owner).json(&body).send();

    let errors = fields_of(&post(json!({})).await);
    assert_eq!(errors["kind"], json!(["帳票の種類を選んでください。"]));
    assert_eq!(errors["order_nos"], json!(["印刷する注文を選んでください。"]));
    let errors = fields_of(&post(json!({ "kind": "invoice", "order_nos": ["R00000001"] })).await);
    assert_eq!(errors.as_object().unwrap().keys().collect::<Vec<_>>(), ["kind"]);
    let errors = fields_of(&post(json!({ "kind": "receipt", "order_nos": [" "] })).await);
    assert_eq!(errors.as_object().unwrap().keys().collect::<Vec<_>>(), ["order_nos"]);
    let many: Vec<String> = (1..=501).map(|n| format!("R{n:08}")).collect();
    let errors = fields_of(&post(json!({ "kind": "packing_slip", "order_nos": many })).await);
    assert_eq!(errors["order_nos"], json!(["一度に印刷できるのは500件までです。"]));

    let unknown = post(json!({ "kind": "packing_slip", "order_nos": ["R99999999"] })).await;
    unknown.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(unknown.json()["code"], NOTHING);
}

async fn only_the_shops_own_staff_print_its_orders(app: TestApp) {
    let goods = product(&app, "strangers", 1000, 10, 10).await;
    let (order_no, _) = guest_order(&app, &goods, 1, "cod").await;
    let body = json!({ "kind": "packing_slip", "order_nos": [order_no] });

    app.post(PRINT).json(&body).send().await.assert_status(StatusCode::UNAUTHORIZED);
    let member = demo_member(&app).await;
    app.post(PRINT).bearer(&member).json(&body).send().await.assert_status(StatusCode::UNAUTHORIZED);
    let corporate = staff_cookie(&app, "corporate", StaffRole::Owner, "鈴木 課長").await;
    app.post(PRINT).header("cookie", &corporate).json(&body).send().await.assert_status(StatusCode::UNAUTHORIZED);
    // In its own shop the demo shop's order is not found: nothing of it is printed.
    let theirs = app.post(PRINT).channel("corporate").header("cookie", &corporate).json(&body).send().await;
    theirs.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(theirs.json()["code"], NOTHING);
    assert!(theirs.json()["message"].as_str().unwrap().contains("見つからない注文です"), "{}", theirs.text());

    let owner = owner(&app).await;
    pdf_of(&print(&app, &owner, "packing_slip", &[&order_no]).await);
}

on_both_databases!(
    each_shipment_gets_its_own_slip_and_a_present_shows_no_prices,
    the_picking_list_sums_what_has_not_left_yet,
    a_receipt_is_printed_for_a_paid_order_only_and_counts_no_download,
    a_wrong_request_is_a_422_naming_its_field,
    only_the_shops_own_staff_print_its_orders,
);
