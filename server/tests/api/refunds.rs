//! 返品・返金 (issue 32, docs/contracts/refunds.md) as staff and customers meet it: a shipped
//! card order gets one unit back — refunded at the gateway in part, restocked, mailed — then
//! the rest; a bank transfer's refund waits for staff's transfer; bad input, stale versions
//! and other roles change nothing; and a process killed in the middle of a card refund
//! neither refunds twice nor loses the refund.
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use serde_json::{Value, json};
use shop::staff::StaffRole;

use crate::cart::{patch, product, ready_guest_cart, stock_of, tokenize};
use crate::helpers::{Answer, TestApp};
use crate::inquiries::staff_cookie;
use crate::on_both_databases;
use crate::order_desk::{
    GUEST_EMAIL, MEMBER_EMAIL, Placed, assert_forbidden, assert_refused, audit_log, customer_order, decide, errors_of, events_of, member_order, move_shipment,
    order_path, pay_in_full, post, read, staff, version,
};
use crate::process::Server;

const RETURN_MAIL_PREFIX: &str = "【ライドパーツ本舗】返品を承りました";
const REFUNDED_MAIL_PREFIX: &str = "【ライドパーツ本舗】返金完了のお知らせ";
const REFUSED: &str = "返金する権限がありません。";

/// A guest's card order of two units of one 5,000 yen product (its stock 10 before), shipped.
pub(crate) async fn shipped_card_order(app: &TestApp, key: &str, owner: &str) -> Placed {
    let variation = product(app, key, 5000, 10, 10).await;
    let token = ready_guest_cart(app, &variation, 2, "credit_card").await;
    let card = tokenize(app, "4242424242424242").await;
    patch(app, "/v1/carts/order/modify", json!({ "token": token, "card_token": card }), None).await.assert_status(StatusCode::OK);
    let placed = decide(app, &token, None, variation).await;
    ship(app, owner, &placed).await;
    placed
}

pub(crate) async fn ship(app: &TestApp, owner: &str, placed: &Placed) {
    move_shipment(app, owner, placed, json!({ "to": "shipped", "carrier": "yamato_b2", "tracking_numbers": ["444413758703"] }))
        .await
        .assert_status(StatusCode::OK);
}

pub(crate) fn line_id(order: &Value) -> String {
    order["shipments"][0]["lines"][0]["id"].as_str().unwrap().to_owned()
}

async fn preview(app: &TestApp, cookie: &str, order_no: &str, body: Value) -> Answer {
    post(app, cookie, &format!("{}/refunds/preview", order_path(order_no)), body).await
}

async fn refund(app: &TestApp, cookie: &str, order_no: &str, body: Value) -> Answer {
    post(app, cookie, &format!("{}/refunds", order_path(order_no)), body).await
}

async fn scalar(app: &TestApp, sql: &'static str, bind: &str) -> i64 {
    sqlx::query_scalar(sql).bind(bind).fetch_one(&app.state.db.pool).await.unwrap()
}

fn subjects(app: &TestApp, address: &str, prefix: &str) -> usize {
    app.mails_to(address).into_iter().filter(|m| m.subject.starts_with(prefix)).count()
}

async fn a_shipped_card_order_gets_one_unit_back_then_the_rest_through_the_gateway(app: TestApp) {
    let owner = staff(&app, StaffRole::Owner).await;
    let placed = shipped_card_order(&app, "rf-card", &owner).await;
    let order = read(&app, &owner, &placed.order_no).await;
    assert_eq!(order["actions"]["refund"], true);
    let line = line_id(&order);
    let carriage_and_fees = order["total_carriage"].as_i64().unwrap() + order["payment_fee"].as_i64().unwrap() + order["packing_fee"].as_i64().unwrap();

    // The proposal for one unit: its price back to the card.
    let proposal = preview(&app, &owner, &placed.order_no, json!({ "lines": [{ "line_id": line, "quantity": 1 }] })).await;
    proposal.assert_status(StatusCode::OK);
    let proposal = proposal.json();
    assert_eq!(proposal["lines"][0]["returnable"], 2, "{proposal}");
    assert_eq!((proposal["goods_amount"].as_i64(), proposal["suggested_amount"].as_i64()), (Some(5000), Some(5000)));
    assert_eq!(proposal["refundable"].as_i64(), Some(placed.total));
    assert_eq!(proposal["method"]["label"], "クレジットカード返金");

    // Recorded: the money goes back at once, the unit is back on the shelf, the customer mailed.
    let first = refund(
        &app,
        &owner,
        &placed.order_no,
        json!({ "version": version(&order), "lines": [{ "line_id": line, "quantity": 1 }], "restock": true, "amount": 5000,
                "points_returned": 0, "points_revoked": 0, "reason": "サイズ違いのため返品" }),
    )
    .await;
    first.assert_status(StatusCode::CREATED);
    let first = first.json();
    assert_eq!(first["refunds"][0]["state"]["label"], "返金済", "{first}");
    assert_eq!(first["refunds"][0]["lines"][0]["quantity"], 1);
    assert_eq!(first["refunded_amount"], 5000);
    assert_eq!(first["payment"]["label"], "一部返金");
    assert_eq!(stock_of(&app, &placed.variation).await, 9, "10 − 2 sold + 1 back");
    assert_eq!(
        scalar(&app, "SELECT COUNT(*) FROM sandbox_refunds r JOIN orders o ON o.gateway_charge_id = r.charge_id WHERE o.order_no = $1", &placed.order_no).await,
        1
    );
    let mail = app.mails_to(GUEST_EMAIL).into_iter().rfind(|m| m.subject.starts_with(RETURN_MAIL_PREFIX)).expect("返品受付 mailed");
    assert!(mail.body.contains("返金額: ¥5,000（クレジットカード返金）") && mail.body.contains("返金手続きは完了しています"), "{}", mail.body);
    assert!(events_of(&first, "refund").iter().any(|e| e["detail"].as_str().unwrap().contains("在庫に戻す")));
    assert!(audit_log(&app, &owner).await.iter().any(|(_, action, target)| action == "order_refund" && target.contains(&placed.order_no)));

    // More units than are left, or more money than was paid: refused, nothing changes.
    let too_many = refund(
        &app,
        &owner,
        &placed.order_no,
        json!({ "version": version(&first), "lines": [{ "line_id": line, "quantity": 2 }], "restock": true, "amount": 1, "reason": "x" }),
    )
    .await;
    assert_eq!(errors_of(&too_many), ["lines"]);
    assert!(too_many.text().contains("残り1点"), "{}", too_many.text());
    let too_much = refund(
        &app,
        &owner,
        &placed.order_no,
        json!({ "version": version(&first), "lines": [{ "line_id": line, "quantity": 1 }], "restock": true, "amount": placed.total, "reason": "x" }),
    )
    .await;
    assert_eq!(errors_of(&too_much), ["amount"]);
    let stale = refund(
        &app,
        &owner,
        &placed.order_no,
        json!({ "version": version(&order), "lines": [{ "line_id": line, "quantity": 1 }], "restock": true, "amount": 1, "reason": "x" }),
    )
    .await;
    stale.assert_status(StatusCode::CONFLICT);
    assert_eq!(version(&read(&app, &owner, &placed.order_no).await), version(&first));

    // The last unit with the carriage and fees: everything paid goes back.
    let rest = preview(&app, &owner, &placed.order_no, json!({ "lines": [{ "line_id": line, "quantity": 1 }], "include_fees": true })).await.json();
    assert_eq!(rest["suggested_amount"].as_i64(), Some(placed.total - 5000), "{rest}");
    assert_eq!(rest["fees_amount"].as_i64(), Some(carriage_and_fees));
    let second = refund(
        &app,
        &owner,
        &placed.order_no,
        json!({ "version": version(&first), "lines": [{ "line_id": line, "quantity": 1 }], "restock": false, "amount": placed.total - 5000, "reason": "破損のため" }),
    )
    .await;
    second.assert_status(StatusCode::CREATED);
    let second = second.json();
    assert_eq!(second["payment"]["label"], "返金済");
    assert_eq!(second["refunds"].as_array().unwrap().len(), 2);
    assert_eq!(stock_of(&app, &placed.variation).await, 9, "a broken unit is not restocked");
    let charged: i64 =
        scalar(&app, "SELECT c.amount FROM sandbox_charges c JOIN orders o ON o.gateway_charge_id = c.id WHERE o.order_no = $1", &placed.order_no).await;
    let given_back: i64 = scalar(
        &app,
        "SELECT CAST(SUM(r.amount) AS BIGINT) FROM sandbox_refunds r JOIN orders o ON o.gateway_charge_id = r.charge_id WHERE o.order_no = $1",
        &placed.order_no,
    )
    .await;
    assert_eq!(given_back, charged, "the gateway gave back exactly what it took");
    let nothing_left = preview(&app, &owner, &placed.order_no, json!({ "lines": [] })).await.json();
    assert_eq!((nothing_left["refundable"].as_i64(), nothing_left["lines"][0]["returnable"].as_i64()), (Some(0), Some(0)));
}

async fn a_bank_transfer_refund_waits_for_the_transfer_and_the_customer_sees_it(app: TestApp) {
    let owner = staff(&app, StaffRole::Owner).await;
    let (placed, member) = member_order(&app, "rf-bank").await;
    pay_in_full(&app, &owner, &placed).await;

    // Not shipped yet: no unit can come back, but money can (a goodwill refund).
    let order = read(&app, &owner, &placed.order_no).await;
    let line = line_id(&order);
    let unshipped = refund(
        &app,
        &owner,
        &placed.order_no,
        json!({ "version": version(&order), "lines": [{ "line_id": line, "quantity": 1 }], "restock": true, "amount": 100, "reason": "x" }),
    )
    .await;
    assert_eq!(errors_of(&unshipped), ["lines"]);
    assert!(unshipped.text().contains("まだ発送していない商品は返品できません"), "{}", unshipped.text());
    ship(&app, &owner, &placed).await;
    let order = read(&app, &owner, &placed.order_no).await;

    // Field by field: nothing is written.
    let bad = refund(
        &app,
        &owner,
        &placed.order_no,
        json!({ "version": version(&order), "lines": [{ "line_id": line, "quantity": 1 }], "amount": -1, "reason": "" }),
    )
    .await;
    assert_eq!(errors_of(&bad), ["amount", "reason", "restock"]);
    let bad = refund(
        &app,
        &owner,
        &placed.order_no,
        json!({ "version": version(&order), "lines": [{ "line_id": "nope", "quantity": 1 }], "amount": 0, "reason": "x" }),
    )
    .await;
    assert_eq!(errors_of(&bad), ["lines"]);
    let bad = refund(&app, &owner, &placed.order_no, json!({ "version": version(&order), "lines": [], "amount": 0, "reason": "x" })).await;
    assert_eq!(errors_of(&bad), ["lines"]);
    let bad = refund(&app, &owner, &placed.order_no, json!({ "version": version(&order), "amount": 10, "points_returned": 1, "reason": "x" })).await;
    assert_eq!(errors_of(&bad), ["points_returned"]);
    assert_eq!(version(&read(&app, &owner, &placed.order_no).await), version(&order));

    let recorded = refund(
        &app,
        &owner,
        &placed.order_no,
        json!({ "version": version(&order), "lines": [{ "line_id": line, "quantity": 1 }], "restock": true, "amount": 5000,
                "reason": "イメージ違い", "bank_account": "みずほ銀行 渋谷支店 普通 1234567 ヤマダ タロウ" }),
    )
    .await;
    recorded.assert_status(StatusCode::CREATED);
    let recorded = recorded.json();
    let refunded = &recorded["refunds"][0];
    assert_eq!((refunded["method"]["label"].as_str(), refunded["state"]["label"].as_str()), (Some("振込返金"), Some("振込待ち")), "{refunded}");
    assert_eq!(refunded["bank_account"], "みずほ銀行 渋谷支店 普通 1234567 ヤマダ タロウ");
    assert_eq!(recorded["payment"]["label"], "一部返金");
    assert_eq!(subjects(&app, MEMBER_EMAIL, RETURN_MAIL_PREFIX), 1);
    assert_eq!(subjects(&app, MEMBER_EMAIL, REFUNDED_MAIL_PREFIX), 0, "not before the transfer");
    let seen = customer_order(&app, &member, &placed.id).await;
    assert_eq!(seen["refunds"][0]["state_label"], "振込待ち", "{seen}");
    assert_eq!(seen["refunds"][0]["amount"], 5000);

    // 振込完了: once.
    let refund_id = refunded["id"].as_str().unwrap();
    let complete_path = format!("{}/refunds/{refund_id}/complete", order_path(&placed.order_no));
    let complete = |v: i64| post(&app, &owner, &complete_path, json!({ "version": v }));
    let done = complete(version(&recorded)).await;
    done.assert_status(StatusCode::OK);
    let done = done.json();
    assert_eq!(done["refunds"][0]["state"]["label"], "返金済");
    assert_eq!(subjects(&app, MEMBER_EMAIL, REFUNDED_MAIL_PREFIX), 1);
    assert_refused(&complete(version(&done)).await, "orders.refund.not_awaiting", "この返金は振込待ちではありません。");
    assert_eq!(customer_order(&app, &member, &placed.id).await["refunds"][0]["state_label"], "返金済");
    let unknown = post(&app, &owner, &format!("{}/refunds/nope/complete", order_path(&placed.order_no)), json!({ "version": version(&done) })).await;
    unknown.assert_status(StatusCode::NOT_FOUND);
}

async fn only_the_shops_refunding_roles_refund(app: TestApp) {
    let owner = staff(&app, StaffRole::Owner).await;
    let placed = shipped_card_order(&app, "rf-who", &owner).await;
    let order = read(&app, &owner, &placed.order_no).await;
    let line = line_id(&order);
    let body = json!({ "version": version(&order), "lines": [{ "line_id": line, "quantity": 1 }], "restock": true, "amount": 5000, "reason": "x" });
    for role in [StaffRole::OrderClerk, StaffRole::ShippingClerk, StaffRole::Viewer] {
        let cookie = staff(&app, role).await;
        assert_eq!(read(&app, &cookie, &placed.order_no).await["actions"]["refund"], false);
        assert_forbidden(&refund(&app, &cookie, &placed.order_no, body.clone()).await, REFUSED);
        assert_forbidden(&preview(&app, &cookie, &placed.order_no, json!({ "lines": [] })).await, REFUSED);
    }
    let nobody = app.post(&format!("{}/refunds", order_path(&placed.order_no))).json(&body).send().await;
    nobody.assert_status(StatusCode::UNAUTHORIZED);
    let member = crate::cart::demo_member(&app).await;
    let customer = app.post(&format!("{}/refunds", order_path(&placed.order_no))).bearer(&member).json(&body).send().await;
    customer.assert_status(StatusCode::UNAUTHORIZED);
    let corporate = staff_cookie(&app, "corporate", StaffRole::Owner, "鈴木 課長").await;
    let theirs = app.post(&format!("{}/refunds", order_path(&placed.order_no))).channel("corporate").header("cookie", &corporate).json(&body).send().await;
    theirs.assert_status(StatusCode::NOT_FOUND);
    let manager = staff(&app, StaffRole::Manager).await;
    refund(&app, &manager, &placed.order_no, body).await.assert_status(StatusCode::CREATED);
    assert_eq!(read(&app, &owner, &placed.order_no).await["refunds"].as_array().unwrap().len(), 1, "only the manager's");
}

async fn a_stripe_shop_refunds_part_of_the_payment_intent_once(mut app: TestApp) {
    let stripe = crate::stripe_stand_in::StripeStandIn::start().await;
    app.use_payment_gateways(&json!({ "demo": stripe.entry() }), false);
    let owner = staff(&app, StaffRole::Owner).await;
    let variation = product(&app, "rf-stripe", 5000, 10, 10).await;
    let token = ready_guest_cart(&app, &variation, 2, "credit_card").await;
    let card = stripe.token("4242424242424242").await;
    patch(&app, "/v1/carts/order/modify", json!({ "token": token, "card_token": card }), None).await.assert_status(StatusCode::OK);
    let placed = decide(&app, &token, None, variation).await;
    ship(&app, &owner, &placed).await;
    let order = read(&app, &owner, &placed.order_no).await;

    let refunded = refund(
        &app,
        &owner,
        &placed.order_no,
        json!({ "version": version(&order), "lines": [{ "line_id": line_id(&order), "quantity": 1 }], "restock": true, "amount": 5000, "reason": "返品" }),
    )
    .await;
    refunded.assert_status(StatusCode::CREATED);
    assert_eq!(refunded.json()["refunds"][0]["state"]["code"], "refunded");
    let intent = stripe.intents().into_iter().find(|i| i.order_id.as_deref() == Some(placed.id.as_str())).unwrap();
    assert_eq!((intent.amount_refunded, intent.refunded), (5000, false), "part of the intent");
    let call = stripe.received().into_iter().rfind(|r| r.path == "/v1/refunds").unwrap();
    assert_eq!((call.field("payment_intent"), call.field("amount")), (Some(intent.id.as_str()), Some("5000")));
    let refund_id: String =
        sqlx::query_scalar("SELECT id FROM order_refunds WHERE order_id = $1").bind(&placed.id).fetch_one(&app.state.db.pool).await.unwrap();
    assert_eq!(call.idempotency_key, Some(format!("refund-{refund_id}")));

    // Asked again under the same key (a retry after a lost answer): the same refund, not a second.
    let channel_id = app.channel_id("demo").await;
    let again = shop::payments::gateway::RefundRequest {
        channel_id: &channel_id,
        charge_id: &intent.id,
        amount: shop::infra::money::Yen(5000),
        idempotency_key: &refund_id,
    };
    assert!(app.state.gateway.refund_part(again).await.unwrap().is_ok());
    assert_eq!(stripe.intents().into_iter().find(|i| i.id == intent.id).unwrap().amount_refunded, 5000);
    // More than is left: Stripe refuses, and staff read why.
    let too_much = shop::payments::gateway::RefundRequest {
        channel_id: &channel_id,
        charge_id: &intent.id,
        amount: shop::infra::money::Yen(intent.amount),
        idempotency_key: "other",
    };
    let refused = app.state.gateway.refund_part(too_much).await.unwrap().unwrap_err();
    assert_eq!(refused.message, shop::payments::gateway::REFUND_EXCEEDS_MESSAGE);
}

// --- a crash in the middle of a card refund ------------------------------------------------------

fn server(app: &TestApp, data_dir: &std::path::Path, fault_point: Option<&str>) -> Server {
    let mut env = vec![("SHOP_JWT_SECRET", "crash-test-secret-crash-test-secret"), ("SHOP_PAYMENT_SETTLE_AFTER_SECS", "1"), ("SHOP_RATE_LIMIT_FACTOR", "1000")];
    if let Some(point) = fault_point {
        env.push(("SHOP_FAULT_POINT", point));
    }
    Server::start(&app.state.config.database_url, data_dir, &["--demo"], &env)
}

async fn refund_through(http: &reqwest::Client, base: &str, cookie: &str, order: &Value) -> Result<reqwest::Response, reqwest::Error> {
    let body = json!({ "version": version(order), "lines": [{ "line_id": line_id(order), "quantity": 1 }], "restock": true, "amount": 5000, "reason": "返品" });
    http.post(format!("{base}{}/refunds", order_path(order["order_no"].as_str().unwrap())))
        .header("x-channel", "demo")
        .header("cookie", cookie)
        .header("content-type", "application/json")
        .body(body.to_string())
        .send()
        .await
}

async fn gateway_refunds(app: &TestApp, order_no: &str) -> (i64, i64) {
    sqlx::query_as(
        "SELECT COUNT(*), CAST(COALESCE(SUM(r.amount), 0) AS BIGINT) FROM sandbox_refunds r JOIN orders o ON o.gateway_charge_id = r.charge_id WHERE o.order_no = $1",
    )
    .bind(order_no)
    .fetch_one(&app.state.db.pool)
    .await
    .unwrap()
}

async fn refund_state(app: &TestApp, order_no: &str) -> String {
    sqlx::query_scalar("SELECT r.state FROM order_refunds r JOIN orders o ON o.id = r.order_id WHERE o.order_no = $1")
        .bind(order_no)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap()
}

async fn a_card_refund_killed_before_or_after_the_gateway_is_made_exactly_once(app: TestApp) {
    let owner = staff(&app, StaffRole::Owner).await;
    let after = shipped_card_order(&app, "rf-crash-a", &owner).await;
    let before = shipped_card_order(&app, "rf-crash-b", &owner).await;
    let data_dir = tempfile::tempdir().unwrap();
    let http = reqwest::Client::builder().timeout(Duration::from_secs(60)).build().unwrap();

    // Killed right after the gateway gave the money back, before the shop wrote it down.
    let mut doomed = server(&app, data_dir.path(), Some("after_refund:1"));
    doomed.wait_healthy(&http).await;
    assert!(refund_through(&http, &doomed.base, &owner, &read(&app, &owner, &after.order_no).await).await.is_err(), "the process died mid-request");
    assert!(!doomed.child.wait().unwrap().success());
    assert_eq!(gateway_refunds(&app, &after.order_no).await, (1, 5000));
    assert_eq!(refund_state(&app, &after.order_no).await, "pending");

    // Killed after the refund was written, before the gateway was asked.
    let mut doomed = server(&app, data_dir.path(), Some("before_refund:1"));
    doomed.wait_healthy(&http).await;
    assert!(refund_through(&http, &doomed.base, &owner, &read(&app, &owner, &before.order_no).await).await.is_err());
    assert!(!doomed.child.wait().unwrap().success());
    assert_eq!(gateway_refunds(&app, &before.order_no).await.0, 0, "the gateway was never asked");
    assert_eq!(refund_state(&app, &before.order_no).await, "pending");

    // Restarted: the reconciler asks again under each refund's own key.
    let mut restarted = server(&app, data_dir.path(), None);
    restarted.wait_healthy(&http).await;
    let started = Instant::now();
    while refund_state(&app, &after.order_no).await != "refunded" || refund_state(&app, &before.order_no).await != "refunded" {
        assert!(started.elapsed() < Duration::from_secs(30), "refunds still pending: {}", restarted.log_text());
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert_eq!(gateway_refunds(&app, &after.order_no).await, (1, 5000), "not refunded twice");
    assert_eq!(gateway_refunds(&app, &before.order_no).await, (1, 5000), "not lost");
    for placed in [&after, &before] {
        let order = read(&app, &owner, &placed.order_no).await;
        assert_eq!((order["refunded_amount"].as_i64(), order["payment"]["code"].as_str()), (Some(5000), Some("partially_refunded")), "{order}");
        assert_eq!(stock_of(&app, &placed.variation).await, 9, "restocked once");
    }
}

on_both_databases!(
    a_shipped_card_order_gets_one_unit_back_then_the_rest_through_the_gateway,
    a_bank_transfer_refund_waits_for_the_transfer_and_the_customer_sees_it,
    only_the_shops_refunding_roles_refund,
    a_stripe_shop_refunds_part_of_the_payment_intent_once,
    a_card_refund_killed_before_or_after_the_gateway_is_made_exactly_once,
);
