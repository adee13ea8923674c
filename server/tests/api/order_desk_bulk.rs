//! The order desk's second part (issue 30) as staff and customers meet it: bulk actions with
//! their preview and background job, a shipment split by quantity, a mail sent again from the
//! order page, and what a parcel's leaving does — the units leave the reserve and the member
//! is granted the order's points only then.
use axum::http::StatusCode;
use serde_json::{Value, json};
use shop::staff::StaffRole;

use crate::cart::{demo_member, init, patch, payment_id, product};
use crate::helpers::{Answer, TestApp};
use crate::inquiries::staff_cookie;
use crate::on_both_databases;
use crate::order_desk::{
    MEMBER_EMAIL, PAYMENT_MAIL, Placed, SHIPPED_MAIL, assert_forbidden, assert_refused, decide, errors_of, events_of, guest_order, jst_day, mails_with,
    member_order, order_path, pay_in_full, post, read, staff, version,
};

/// The demo member orders `quantity` of a 1,000 yen product `key` (10 in stock), by bank
/// transfer, to their own address.
async fn member_order_of(app: &TestApp, key: &str, quantity: i64) -> (Placed, String) {
    let variation = product(app, key, 1000, 10, 10).await;
    let member = demo_member(app).await;
    let token = init(app, None, Some(&member)).await["token"].as_str().unwrap().to_owned();
    patch(app, "/v1/carts/products/add", json!({ "token": token, "variation_key": variation, "quantity": quantity }), Some(&member))
        .await
        .assert_status(StatusCode::OK);
    let book = app.get("/v1/me/user-addresses").bearer(&member).send().await.json();
    let own = book["data"][0]["id"].as_str().unwrap().to_owned();
    patch(app, "/v1/carts/shippings/add", json!({ "token": token, "user_address_id": own }), Some(&member)).await.assert_status(StatusCode::OK);
    let method = payment_id(app, "bank_transfer").await;
    patch(app, "/v1/carts/order/modify", json!({ "token": token, "payment_method_id": method }), Some(&member)).await.assert_status(StatusCode::OK);
    (decide(app, &token, Some(&member), variation).await, member)
}

/// (sellable, reserved) of a variation.
async fn stock_and_reserve(app: &TestApp, variation_key: &str) -> (i64, i64) {
    sqlx::query_as("SELECT CAST(stock_quantity AS BIGINT), CAST(reserved_quantity AS BIGINT) FROM product_variations WHERE variation_key = $1")
        .bind(variation_key)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap()
}

async fn balance(app: &TestApp, bearer: &str) -> i64 {
    let answer = app.get("/v1/me/points").bearer(bearer).send().await;
    answer.assert_status(StatusCode::OK);
    answer.json()["balance"].as_i64().unwrap()
}

async fn preview(app: &TestApp, cookie: &str, action: &str, order_nos: &[&str]) -> Answer {
    post(app, cookie, "/v1/admin/orders/bulk/preview", json!({ "action": action, "order_nos": order_nos })).await
}

/// Starts the job and follows it to its end; the job as it ended.
async fn run_bulk(app: &TestApp, cookie: &str, action: &str, order_nos: &[&str]) -> Value {
    let started = post(app, cookie, "/v1/admin/orders/bulk", json!({ "action": action, "order_nos": order_nos })).await;
    started.assert_status(StatusCode::ACCEPTED);
    let job = started.json();
    assert_eq!(job["total"], order_nos.len() as i64, "{job}");
    let path = format!("/v1/admin/orders/bulk/{}", job["id"].as_str().unwrap());
    for _ in 0..200 {
        let answer = app.get(&path).header("cookie", cookie).send().await;
        answer.assert_status(StatusCode::OK);
        let job = answer.json();
        if job["state"] != "running" {
            assert_eq!(job["state"], "done", "{job}");
            return job;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("the bulk job did not end");
}

fn results(job: &Value) -> Vec<(String, bool)> {
    job["results"].as_array().unwrap().iter().map(|r| (r["order_no"].as_str().unwrap().to_owned(), r["ok"].as_bool().unwrap())).collect()
}

// --- bulk actions -------------------------------------------------------------------------------

async fn bulk_payment_is_previewed_then_run_in_the_background_order_by_order(app: TestApp) {
    let (first, _) = member_order(&app, "bulk-a").await;
    let (second, _) = member_order(&app, "bulk-b").await;
    let card = guest_order(&app, "bulk-card", "credit_card").await;
    let clerk = staff(&app, StaffRole::OrderClerk).await;
    let before = read(&app, &clerk, &first.order_no).await;
    let orders = [first.order_no.as_str(), card.order_no.as_str(), second.order_no.as_str(), "R99999999"];

    let answer = preview(&app, &clerk, "confirm_payment", &orders).await;
    answer.assert_status(StatusCode::OK);
    let seen = answer.json();
    assert_eq!(seen["action_label"], "入金確認");
    let changing: Vec<&str> = seen["will_change"].as_array().unwrap().iter().map(|c| c["order_no"].as_str().unwrap()).collect();
    assert_eq!(changing, [first.order_no.as_str(), second.order_no.as_str()]);
    assert!(seen["will_change"][0]["detail"].as_str().unwrap().starts_with(&format!("{}円の入金を", first.total)), "{seen}");
    let skipped: Vec<(&str, &str)> =
        seen["skipped"].as_array().unwrap().iter().map(|s| (s["order_no"].as_str().unwrap(), s["reason"].as_str().unwrap())).collect();
    assert_eq!(skipped.len(), 2, "{seen}");
    assert_eq!(skipped[0].0, card.order_no, "a card payment is not confirmed by hand: {seen}");
    assert_eq!(skipped[1], ("R99999999", "この注文は見つかりません。"));
    // The preview changed nothing and mailed nobody.
    assert_eq!(version(&read(&app, &clerk, &first.order_no).await), version(&before));
    assert_eq!(read(&app, &clerk, &first.order_no).await["payment"]["code"], "unpaid");
    assert!(mails_with(&app, MEMBER_EMAIL, PAYMENT_MAIL).is_empty());

    let job = run_bulk(&app, &clerk, "confirm_payment", &orders).await;
    assert_eq!((job["done"].as_i64(), job["changed"].as_i64(), job["skipped"].as_i64()), (Some(4), Some(2), Some(2)), "{job}");
    assert_eq!(
        results(&job),
        [(first.order_no.clone(), true), (card.order_no.clone(), false), (second.order_no.clone(), true), ("R99999999".to_owned(), false)]
    );
    for placed in [&first, &second] {
        let order = read(&app, &clerk, &placed.order_no).await;
        assert_eq!((order["payment"]["code"].as_str(), order["paid_amount"].as_i64()), (Some("paid"), Some(placed.total)), "{order}");
        assert_eq!(events_of(&order, "payment")[0]["staff_name"], "佐藤 美咲");
    }
    assert_eq!(mails_with(&app, MEMBER_EMAIL, PAYMENT_MAIL).len(), 2, "each paid transfer is mailed once");
    // Run again: nothing left to confirm.
    let again = preview(&app, &clerk, "confirm_payment", &[first.order_no.as_str()]).await.json();
    assert_eq!(again["will_change"], json!([]));
    assert_eq!(again["skipped"][0]["reason"], "入金額はすでにご請求額に達しています。");
}

async fn bulk_shipping_moves_every_paid_shipment_and_skips_the_unpaid_with_the_reason(app: TestApp) {
    let (paid, member) = member_order(&app, "ship-a").await;
    let (unpaid, _) = member_order(&app, "ship-b").await;
    let owner = staff(&app, StaffRole::Owner).await;
    let shipping = staff(&app, StaffRole::ShippingClerk).await;
    pay_in_full(&app, &owner, &paid).await;
    let orders = [paid.order_no.as_str(), unpaid.order_no.as_str()];

    let seen = preview(&app, &shipping, "prepare", &orders).await.json();
    assert_eq!(seen["will_change"][0]["detail"], format!("{}を出荷準備中に", paid.shipment()));
    assert_eq!(seen["skipped"][0]["reason"], "入金が確認できていないため出荷できません。先に入金確認をしてください。");
    let job = run_bulk(&app, &shipping, "prepare", &orders).await;
    assert_eq!(results(&job), [(paid.order_no.clone(), true), (unpaid.order_no.clone(), false)]);
    assert_eq!(read(&app, &shipping, &paid.order_no).await["shipments"][0]["state"]["code"], "preparing");
    assert_eq!(read(&app, &shipping, &unpaid.order_no).await["shipments"][0]["state"]["code"], "unshipped");

    // The member earns the order's points when the parcel leaves, not before.
    let points_before = balance(&app, &member).await;
    assert_eq!(stock_and_reserve(&app, &paid.variation).await, (9, 1), "one unit held for the order");
    let job = run_bulk(&app, &shipping, "ship", &[paid.order_no.as_str()]).await;
    assert_eq!(results(&job), [(paid.order_no.clone(), true)]);
    let order = read(&app, &shipping, &paid.order_no).await;
    assert_eq!(order["shipments"][0]["state"]["code"], "shipped");
    assert_eq!(stock_and_reserve(&app, &paid.variation).await, (9, 0), "the unit left the shelf");
    assert_eq!(balance(&app, &member).await, points_before + 50, "1% of 5,000 yen");
    assert_eq!(mails_with(&app, MEMBER_EMAIL, SHIPPED_MAIL).len(), 1);

    // 発送完了 again, for the shipped order only.
    let seen = preview(&app, &shipping, "mail_shipped", &orders).await.json();
    assert_eq!(seen["will_change"].as_array().unwrap().len(), 1, "{seen}");
    assert_eq!(seen["skipped"][0]["reason"], "出荷済の出荷がありません。");
    run_bulk(&app, &shipping, "mail_shipped", &orders).await;
    assert_eq!(mails_with(&app, MEMBER_EMAIL, SHIPPED_MAIL).len(), 2);
}

async fn a_bulk_request_is_checked_and_each_action_needs_its_permission(app: TestApp) {
    let (placed, member) = member_order(&app, "bulk-check").await;
    let shipping = staff(&app, StaffRole::ShippingClerk).await;
    let viewer = staff(&app, StaffRole::Viewer).await;
    let no = placed.order_no.as_str();
    assert_forbidden(&preview(&app, &shipping, "confirm_payment", &[no]).await, "入金を確認する権限がありません。");
    assert_forbidden(&preview(&app, &viewer, "ship", &[no]).await, "出荷を操作する権限がありません。");
    let started = post(&app, &viewer, "/v1/admin/orders/bulk", json!({ "action": "prepare", "order_nos": [no] })).await;
    assert_forbidden(&started, "出荷を操作する権限がありません。");

    assert_eq!(errors_of(&preview(&app, &shipping, "delete", &[no]).await), ["action"]);
    assert_eq!(errors_of(&preview(&app, &shipping, "prepare", &[]).await), ["order_nos"]);
    let many: Vec<String> = (0..501).map(|n| format!("R{n:08}")).collect();
    let many: Vec<&str> = many.iter().map(String::as_str).collect();
    let answer = preview(&app, &shipping, "prepare", &many).await;
    assert_eq!(errors_of(&answer), ["order_nos"]);
    assert_eq!(answer.json()["errors"]["order_nos"][0], "一度に操作できるのは500件までです。");
    let future = post(
        &app,
        &staff(&app, StaffRole::Owner).await,
        "/v1/admin/orders/bulk/preview",
        json!({ "action": "confirm_payment", "order_nos": [no], "paid_on": jst_day(1) }),
    )
    .await;
    assert_eq!(errors_of(&future), ["paid_on"]);

    // Nobody, a member and another shop's staff get nothing; a job is the shop's own.
    let nobody = app.post("/v1/admin/orders/bulk/preview").json(&json!({ "action": "prepare", "order_nos": [no] })).send().await;
    nobody.assert_status(StatusCode::UNAUTHORIZED);
    let customer = app.post("/v1/admin/orders/bulk").bearer(&member).json(&json!({ "action": "prepare", "order_nos": [no] })).send().await;
    customer.assert_status(StatusCode::UNAUTHORIZED);
    let owner = staff(&app, StaffRole::Owner).await;
    let job = post(&app, &owner, "/v1/admin/orders/bulk", json!({ "action": "prepare", "order_nos": [no] })).await.json();
    let path = format!("/v1/admin/orders/bulk/{}", job["id"].as_str().unwrap());
    let corporate = staff_cookie(&app, "corporate", StaffRole::Owner, "鈴木 課長").await;
    app.get(&path).channel("corporate").header("cookie", &corporate).send().await.assert_status(StatusCode::NOT_FOUND);
    app.get(&path).send().await.assert_status(StatusCode::UNAUTHORIZED);
    app.get("/v1/admin/orders/bulk/nope").header("cookie", &owner).send().await.assert_status(StatusCode::NOT_FOUND);
}

// --- a shipment split by quantity ---------------------------------------------------------------

async fn split(app: &TestApp, cookie: &str, placed: &Placed, lines: Value, version: i64) -> Answer {
    post(app, cookie, &format!("{}/shipments/{}/split", order_path(&placed.order_no), placed.shipment()), json!({ "lines": lines, "version": version })).await
}

async fn a_shipment_splits_by_quantity_and_each_part_ships_on_its_own(app: TestApp) {
    let (placed, member) = member_order_of(&app, "split", 3).await;
    let owner = staff(&app, StaffRole::Owner).await;
    let paid = pay_in_full(&app, &owner, &placed).await;
    assert_eq!(paid["actions"]["split"], true);
    let line = paid["shipments"][0]["lines"][0]["id"].as_str().unwrap().to_owned();

    // Every unit, none, or more than the line has: refused, nothing changes.
    for (quantity, message) in
        [(3, "元の出荷に1点以上残してください。"), (0, "新しい出荷に移す数量を1点以上入力してください。"), (4, "分割する商品と数量を確認してください。")]
    {
        let answer = split(&app, &owner, &placed, json!([{ "line_id": line, "quantity": quantity }]), version(&paid)).await;
        assert_eq!(errors_of(&answer), ["lines"], "{quantity}");
        assert_eq!(answer.json()["errors"]["lines"][0], message);
    }
    let unknown = split(&app, &owner, &placed, json!([{ "line_id": "another-line", "quantity": 1 }]), version(&paid)).await;
    assert_eq!(errors_of(&unknown), ["lines"]);
    assert_eq!(read(&app, &owner, &placed.order_no).await["shipments"].as_array().unwrap().len(), 1);

    let answer = split(&app, &owner, &placed, json!([{ "line_id": line, "quantity": 1 }]), version(&paid)).await;
    answer.assert_status(StatusCode::OK);
    let order = answer.json();
    let shipments = order["shipments"].as_array().unwrap();
    let codes: Vec<&str> = shipments.iter().map(|s| s["code"].as_str().unwrap()).collect();
    assert_eq!(codes, [placed.shipment(), format!("{}-2", placed.order_no)]);
    let units = |s: &Value| s["lines"].as_array().unwrap().iter().map(|l| l["quantity"].as_i64().unwrap()).sum::<i64>();
    assert_eq!((units(&shipments[0]), units(&shipments[1])), (2, 1));
    assert_eq!(shipments[1]["name"], shipments[0]["name"], "the same recipient");
    assert_eq!(shipments[1]["state"]["code"], "unshipped");
    assert!(events_of(&order, "shipment")[0]["detail"].as_str().unwrap().contains("1点を"), "{order}");
    // A stale version is a 409.
    split(&app, &owner, &placed, json!([{ "line_id": line, "quantity": 1 }]), version(&paid)).await.assert_status(StatusCode::CONFLICT);

    // The first part leaves: 一部発送済み for the customer, two units out of the reserve, no
    // points yet; the second part: every parcel has left, the points come.
    let points_before = balance(&app, &member).await;
    let first = post(
        &app,
        &owner,
        &format!("{}/shipments/{}", order_path(&placed.order_no), placed.shipment()),
        json!({ "to": "shipped", "version": version(&order) }),
    )
    .await;
    first.assert_status(StatusCode::OK);
    assert_eq!(first.json()["shipping"]["code"], "partial");
    let seen = app.get(&format!("/v1/me/orders/{}", placed.id)).bearer(&member).send().await.json();
    assert_eq!(seen["status_label"], "一部発送済み", "{seen}");
    assert_eq!(stock_and_reserve(&app, &placed.variation).await, (7, 1));
    assert_eq!(balance(&app, &member).await, points_before);
    let second = format!("{}-2", placed.order_no);
    let answer =
        post(&app, &owner, &format!("{}/shipments/{second}", order_path(&placed.order_no)), json!({ "to": "shipped", "version": version(&first.json()) }))
            .await;
    answer.assert_status(StatusCode::OK);
    assert_eq!(answer.json()["shipping"]["code"], "shipped");
    assert_eq!(stock_and_reserve(&app, &placed.variation).await, (7, 0));
    assert_eq!(balance(&app, &member).await, points_before + 30, "1% of 3,000 yen, once");
    // A shipped shipment does not split.
    let shipped = split(&app, &owner, &placed, json!([{ "line_id": line, "quantity": 1 }]), version(&answer.json())).await;
    assert_refused(&shipped, "orders.desk.refused", "出荷済の出荷は分割できません。");
}

async fn a_cancel_before_shipping_gives_the_units_back_and_grants_no_points(app: TestApp) {
    let (placed, member) = member_order_of(&app, "cancel-reserve", 2).await;
    let owner = staff(&app, StaffRole::Owner).await;
    assert_eq!(stock_and_reserve(&app, &placed.variation).await, (8, 2));
    let points_before = balance(&app, &member).await;
    let order = read(&app, &owner, &placed.order_no).await;
    let answer =
        post(&app, &owner, &format!("{}/cancel", order_path(&placed.order_no)), json!({ "reason": "在庫の確認が取れないため", "version": version(&order) }))
            .await;
    answer.assert_status(StatusCode::OK);
    assert_eq!(stock_and_reserve(&app, &placed.variation).await, (10, 0));
    assert_eq!(balance(&app, &member).await, points_before, "no points were granted, none are taken");
}

// --- a mail sent again --------------------------------------------------------------------------

async fn staff_send_a_customers_mail_again_and_the_timeline_shows_it(app: TestApp) {
    let (placed, member) = member_order(&app, "resend").await;
    let clerk = staff(&app, StaffRole::OrderClerk).await;
    let viewer = staff(&app, StaffRole::Viewer).await;
    let order = read(&app, &clerk, &placed.order_no).await;
    let offered: Vec<&str> = order["resend_mails"].as_array().unwrap().iter().map(|m| m["code"].as_str().unwrap()).collect();
    assert_eq!(offered, ["order_received"], "unpaid, not shipped, not cancelled");
    let path = format!("{}/mails", order_path(&placed.order_no));

    let confirmations = |app: &TestApp| app.mails_to(MEMBER_EMAIL).into_iter().filter(|m| m.subject.contains("ご注文")).count();
    let before = confirmations(&app);
    let answer = post(&app, &clerk, &path, json!({ "kind": "order_received" })).await;
    answer.assert_status(StatusCode::CREATED);
    assert_eq!(confirmations(&app), before + 1);
    let mail = app.mails_to(MEMBER_EMAIL).into_iter().last().unwrap();
    assert!(mail.body.contains(&placed.order_no), "{}", mail.body);
    let events = events_of(&answer.json(), "mail").into_iter().filter(|e| e["staff_name"] == "佐藤 美咲").count();
    assert_eq!(events, 1, "{}", answer.json());

    assert_refused(&post(&app, &clerk, &path, json!({ "kind": "shipped" })).await, "orders.desk.refused", "この注文には今このメールを送信できません。");
    assert_eq!(errors_of(&post(&app, &clerk, &path, json!({ "kind": "welcome" })).await), ["kind"]);
    assert_forbidden(&post(&app, &viewer, &path, json!({ "kind": "order_received" })).await, "注文を編集する権限がありません。");
    app.post(&path).bearer(&member).json(&json!({ "kind": "order_received" })).send().await.assert_status(StatusCode::UNAUTHORIZED);

    // Once paid, 入金確認 may go again; 発送完了 needs the parcel named.
    let owner = staff(&app, StaffRole::Owner).await;
    pay_in_full(&app, &owner, &placed).await;
    let order = read(&app, &owner, &placed.order_no).await;
    let moved = post(
        &app,
        &owner,
        &format!("{}/shipments/{}", order_path(&placed.order_no), placed.shipment()),
        json!({ "to": "shipped", "version": version(&order) }),
    )
    .await;
    moved.assert_status(StatusCode::OK);
    let moved = moved.json();
    let offered: Vec<&str> = moved["resend_mails"].as_array().unwrap().iter().map(|m| m["code"].as_str().unwrap()).collect();
    assert_eq!(offered, ["order_received", "payment_confirmed", "shipped"]);
    assert_eq!(errors_of(&post(&app, &clerk, &path, json!({ "kind": "shipped" })).await), ["shipment_code"]);
    let sent = post(&app, &clerk, &path, json!({ "kind": "shipped", "shipment_code": placed.shipment() })).await;
    sent.assert_status(StatusCode::CREATED);
    assert_eq!(mails_with(&app, MEMBER_EMAIL, SHIPPED_MAIL).len(), 2);
    post(&app, &clerk, &path, json!({ "kind": "payment_confirmed" })).await.assert_status(StatusCode::CREATED);
    assert_eq!(mails_with(&app, MEMBER_EMAIL, PAYMENT_MAIL).len(), 2);
}

on_both_databases!(
    bulk_payment_is_previewed_then_run_in_the_background_order_by_order,
    bulk_shipping_moves_every_paid_shipment_and_skips_the_unpaid_with_the_reason,
    a_bulk_request_is_checked_and_each_action_needs_its_permission,
    a_shipment_splits_by_quantity_and_each_part_ships_on_its_own,
    a_cancel_before_shipping_gives_the_units_back_and_grants_no_points,
    staff_send_a_customers_mail_again_and_the_timeline_shows_it,
);
