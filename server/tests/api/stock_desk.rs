//! The stock desk (issue 31, first part) as staff meet it: every variation's 販売可能 / 引当中 /
//! 実在庫, +/− movements with a reason, the 棚卸 as a compare-and-set (409 when the shelf
//! moved), the 在庫アラート queue, and a ledger that names why every unit moved — the
//! checkout's 販売, a parcel's 出荷 and a cancel's キャンセル戻し included.
use axum::http::StatusCode;
use serde_json::{Value, json};
use shop::staff::StaffRole;

use crate::cart::product;
use crate::helpers::{Answer, TestApp};
use crate::inquiries::staff_cookie;
use crate::on_both_databases;
use crate::order_desk::{assert_forbidden, audit_log, errors_of, guest_order, move_shipment, pay_in_full, read, staff, version};

async fn variation_id(app: &TestApp, variation_key: &str) -> String {
    sqlx::query_scalar("SELECT id FROM product_variations WHERE variation_key = $1").bind(variation_key).fetch_one(&app.state.db.pool).await.unwrap()
}

/// The desk's row of a variation, found by its SKU.
async fn row(app: &TestApp, cookie: &str, sku: &str) -> Value {
    let answer = app.get(&format!("/v1/admin/stock?q={sku}")).header("cookie", cookie).send().await;
    answer.assert_status(StatusCode::OK);
    let rows = answer.json()["data"].as_array().unwrap().clone();
    rows.into_iter().find(|r| r["sku"] == sku).unwrap_or_else(|| panic!("{sku} is not listed"))
}

fn counts(row: &Value) -> (i64, i64, i64) {
    (row["available"].as_i64().unwrap(), row["reserved"].as_i64().unwrap(), row["on_hand"].as_i64().unwrap())
}

async fn adjust(app: &TestApp, cookie: &str, id: &str, body: Value) -> Answer {
    app.post(&format!("/v1/admin/stock/{id}/adjustments")).header("cookie", cookie).json(&body).send().await
}

async fn count(app: &TestApp, cookie: &str, id: &str, from: i64, to: i64) -> Answer {
    app.put(&format!("/v1/admin/stock/{id}/count")).header("cookie", cookie).json(&json!({ "from": from, "to": to, "note": "月末棚卸" })).send().await
}

/// (reason label, available delta, on-hand delta, available after, on hand after, staff, order) of each ledger line, oldest first.
async fn ledger(app: &TestApp, cookie: &str, id: &str) -> Vec<(String, i64, i64, i64, i64, Option<String>, Option<String>)> {
    let answer = app.get(&format!("/v1/admin/stock/{id}/movements")).header("cookie", cookie).send().await;
    answer.assert_status(StatusCode::OK);
    let mut lines: Vec<_> = answer.json()["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["reason"]["label"].as_str().unwrap().to_owned(),
                m["available_delta"].as_i64().unwrap(),
                m["on_hand_delta"].as_i64().unwrap(),
                m["available_after"].as_i64().unwrap(),
                m["on_hand_after"].as_i64().unwrap(),
                m["staff_name"].as_str().map(str::to_owned),
                m["order_no"].as_str().map(str::to_owned),
            )
        })
        .collect();
    lines.reverse();
    lines
}

async fn staff_adjust_and_count_the_shelf_and_the_ledger_says_why(app: TestApp) {
    let sku = product(&app, "stockdesk", 1000, 10, 10).await;
    let id = variation_id(&app, &sku).await;
    let owner = staff(&app, StaffRole::Owner).await;
    let warehouse = staff(&app, StaffRole::ShippingClerk).await;
    assert_eq!(counts(&row(&app, &owner, &sku).await), (10, 0, 10));

    let added = adjust(&app, &warehouse, &id, json!({ "delta": 5, "reason": "arrival", "note": "11月入荷分" })).await;
    added.assert_status(StatusCode::OK);
    assert_eq!(counts(&added.json()), (15, 0, 15));
    let taken = adjust(&app, &warehouse, &id, json!({ "delta": -2, "reason": "adjustment", "note": "破損" })).await;
    assert_eq!(counts(&taken.json()), (13, 0, 13));

    // Below zero, zero, a reason staff don't give, a long note: each a field error; nothing moves.
    for (body, field) in [
        (json!({ "delta": -14, "reason": "adjustment" }), "delta"),
        (json!({ "delta": 0, "reason": "arrival" }), "delta"),
        (json!({ "delta": 3, "reason": "sale" }), "reason"),
        (json!({ "delta": 3, "reason": "arrival", "note": "あ".repeat(201) }), "note"),
    ] {
        let refused = adjust(&app, &warehouse, &id, body.clone()).await;
        assert_eq!(errors_of(&refused), [field], "{body}: {}", refused.text());
    }
    let below = adjust(&app, &warehouse, &id, json!({ "delta": -14, "reason": "adjustment" })).await;
    assert_eq!(below.json()["errors"]["delta"][0], "販売可能在庫が0未満になります（現在 13）。");

    // The 棚卸: from what the clerk saw to what the shelf holds.
    let shown = app.get(&format!("/v1/admin/stock/{id}")).header("cookie", &warehouse).send().await;
    assert_eq!((shown.json()["sku"].as_str(), counts(&shown.json())), (Some(sku.as_str()), (13, 0, 13)));
    let counted = count(&app, &warehouse, &id, 13, 12).await;
    counted.assert_status(StatusCode::OK);
    assert_eq!(counts(&counted.json()), (12, 0, 12));
    // Counted again from the old figure: the shelf moved meanwhile.
    let stale = count(&app, &owner, &id, 13, 20).await;
    stale.assert_status(StatusCode::CONFLICT);
    assert_eq!(stale.json(), json!({ "code": "stock.moved", "message": "在庫数が変わりました（現在 12）。最新の在庫数を確認してからやり直してください。" }));
    assert_eq!(counts(&row(&app, &owner, &sku).await), (12, 0, 12));

    let lines = ledger(&app, &owner, &id).await;
    let warehouse_name = Some("伊藤 健太".to_owned());
    assert_eq!(
        lines,
        [
            ("入荷".to_owned(), 5, 5, 15, 15, warehouse_name.clone(), None),
            ("調整".to_owned(), -2, -2, 13, 13, warehouse_name.clone(), None),
            ("棚卸".to_owned(), -1, -1, 12, 12, warehouse_name, None),
        ]
    );
    let audit = audit_log(&app, &owner).await;
    let sku_target = |target: &str| format!("{sku} {target}");
    let ours: Vec<(String, String)> = audit.into_iter().filter(|(_, _, target)| target.starts_with(&sku)).map(|(_, action, target)| (action, target)).collect();
    assert_eq!(
        ours,
        [
            ("stock_count".to_owned(), sku_target("13 → 12")),
            ("stock_adjust".to_owned(), sku_target("調整 -2")),
            ("stock_adjust".to_owned(), sku_target("入荷 +5")),
        ]
    );
}

async fn the_count_cannot_go_under_what_orders_hold_and_the_ledger_follows_an_order(app: TestApp) {
    let placed = guest_order(&app, "stockorder", "bank_transfer").await;
    let owner = staff(&app, StaffRole::Owner).await;
    let id = variation_id(&app, &placed.variation).await;
    let before = row(&app, &owner, &placed.variation).await;
    let (available, reserved, on_hand) = counts(&before);
    assert!(reserved >= 1, "the order holds its unit: {before}");

    let under = count(&app, &owner, &id, on_hand, reserved - 1).await;
    assert_eq!(errors_of(&under), ["to"]);
    assert_eq!(under.json()["errors"]["to"][0], format!("注文で引当中の{reserved}個より少なくはできません。").as_str());
    assert_eq!(counts(&row(&app, &owner, &placed.variation).await), (available, reserved, on_hand));

    // The order's unit leaves the shelf with its parcel.
    pay_in_full(&app, &owner, &placed).await;
    let shipped = move_shipment(&app, &owner, &placed, json!({ "to": "shipped", "carrier": "yamato_b2", "tracking_numbers": ["444413758703"] })).await;
    shipped.assert_status(StatusCode::OK);
    assert_eq!(counts(&row(&app, &owner, &placed.variation).await), (available, reserved - 1, on_hand - 1));
    let lines = ledger(&app, &owner, &id).await;
    let sold: Vec<_> = lines.iter().filter(|l| l.6.as_deref() == Some(placed.order_no.as_str())).map(|l| (l.0.as_str(), l.1, l.2)).collect();
    assert_eq!(sold, [("販売", -1, 0), ("出荷", 0, -1)], "{lines:?}");
}

async fn a_cancel_gives_its_units_back_as_a_ledger_line(app: TestApp) {
    let placed = guest_order(&app, "stockcancel", "bank_transfer").await;
    let owner = staff(&app, StaffRole::Owner).await;
    let id = variation_id(&app, &placed.variation).await;
    let (available, reserved, _) = counts(&row(&app, &owner, &placed.variation).await);
    let order = read(&app, &owner, &placed.order_no).await;
    let cancelled = app
        .post(&format!("/v1/admin/orders/{}/cancel", placed.order_no))
        .header("cookie", &owner)
        .json(&json!({ "reason": "お客様のご都合", "version": version(&order) }))
        .send()
        .await;
    cancelled.assert_status(StatusCode::OK);
    assert_eq!(counts(&row(&app, &owner, &placed.variation).await).0, available + 1);
    assert_eq!(counts(&row(&app, &owner, &placed.variation).await).1, reserved - 1);
    let last = ledger(&app, &owner, &id).await.pop().unwrap();
    assert_eq!(
        (last.0.as_str(), last.1, last.2, last.5.as_deref(), last.6.as_deref()),
        ("キャンセル戻し", 1, 0, Some("高橋 店長"), Some(placed.order_no.as_str()))
    );
}

async fn the_low_stock_queue_lists_what_is_at_or_under_its_threshold(app: TestApp) {
    let owner = staff(&app, StaffRole::Owner).await;
    let sku = product(&app, "stocklow", 1000, 10, 3).await;
    let id = variation_id(&app, &sku).await;
    let low = |answer: Answer| -> Vec<String> { answer.json()["data"].as_array().unwrap().iter().map(|r| r["sku"].as_str().unwrap().to_owned()).collect() };
    let listed = low(app.get("/v1/admin/stock?filter=low&per=100").header("cookie", &owner).send().await);
    assert!(!listed.contains(&sku), "no threshold yet: {listed:?}");

    let set = app.put(&format!("/v1/admin/stock/{id}/threshold")).header("cookie", &owner).json(&json!({ "threshold": 3 })).send().await;
    set.assert_status(StatusCode::OK);
    assert_eq!((set.json()["threshold"].as_i64(), set.json()["low"].as_bool()), (Some(3), Some(true)));
    let listed = low(app.get("/v1/admin/stock?filter=low&per=100").header("cookie", &owner).send().await);
    assert!(listed.contains(&sku), "{listed:?}");
    adjust(&app, &owner, &id, json!({ "delta": -3, "reason": "adjustment" })).await.assert_status(StatusCode::OK);
    let out = low(app.get("/v1/admin/stock?filter=out&per=100").header("cookie", &owner).send().await);
    assert!(out.contains(&sku), "{out:?}");

    let negative = app.put(&format!("/v1/admin/stock/{id}/threshold")).header("cookie", &owner).json(&json!({ "threshold": -1 })).send().await;
    assert_eq!(errors_of(&negative), ["threshold"]);
    let cleared = app.put(&format!("/v1/admin/stock/{id}/threshold")).header("cookie", &owner).json(&json!({ "threshold": null })).send().await;
    assert_eq!(cleared.json()["threshold"], Value::Null);
    let bad_filter = app.get("/v1/admin/stock?filter=soon").header("cookie", &owner).send().await;
    assert_eq!(errors_of(&bad_filter), ["filter"]);
}

/// The restock requests the storefront took for a product show on its rows.
async fn the_desk_counts_the_products_waiting_restock_requests(app: TestApp) {
    let owner = staff(&app, StaffRole::Owner).await;
    let sku = product(&app, "stockwait", 1000, 10, 0).await;
    let request = json!({ "product_key": "stockwait", "name": "山田 花子", "email": "hanako@example.jp", "body": "再入荷したら教えてください。" });
    for _ in 0..2 {
        app.post("/v1/product-requests").json(&request).send().await.assert_status(StatusCode::CREATED);
    }
    assert_eq!(row(&app, &owner, &sku).await["restock_requests"], 2);
}

/// 入荷のお知らせ: the requester of a sold-out product is mailed once it can be bought again,
/// once; a request made while it was already back waits for the next restock.
async fn requesters_are_mailed_once_when_the_product_is_back(app: TestApp) {
    let owner = staff(&app, StaffRole::Owner).await;
    let sku = product(&app, "stockback", 1000, 10, 0).await;
    let id = variation_id(&app, &sku).await;
    let request = |email: &str| json!({ "product_key": "stockback", "name": "山田 花子", "email": email, "body": "再入荷したら教えてください。" });
    app.post("/v1/product-requests").json(&request("hanako@example.jp")).send().await.assert_status(StatusCode::CREATED);
    let sweep = || async { shop::histories::restock_mail::sweep(&app.state, shop::infra::time::Timestamp::now().0).await.unwrap() };
    sweep().await;
    assert!(app.mails_to("hanako@example.jp").is_empty(), "still sold out");

    tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    adjust(&app, &owner, &id, json!({ "delta": 5, "reason": "arrival" })).await.assert_status(StatusCode::OK);
    sweep().await;
    let mails = app.mails_to("hanako@example.jp");
    assert_eq!(mails.len(), 1);
    assert!(mails[0].subject.contains("再入荷のお知らせ"), "{}", mails[0].subject);
    assert!(mails[0].body.contains("山田 花子 様") && mails[0].body.contains("/product/stockback"), "{}", mails[0].body);
    assert_eq!(row(&app, &owner, &sku).await["restock_requests"], 0, "no request is waiting any more");

    tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    app.post("/v1/product-requests").json(&request("late@example.jp")).send().await.assert_status(StatusCode::CREATED);
    sweep().await;
    assert_eq!(app.mails_to("hanako@example.jp").len(), 1, "mailed once");
    assert!(app.mails_to("late@example.jp").is_empty(), "asked while it was back: waits for the next restock");
    tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    adjust(&app, &owner, &id, json!({ "delta": 2, "reason": "arrival" })).await.assert_status(StatusCode::OK);
    sweep().await;
    assert_eq!(app.mails_to("late@example.jp").len(), 1);
}

/// 在庫アラートのお知らせ: once a day from 9:00 Japan time, the shop is mailed what is at or under
/// its threshold.
async fn the_shop_gets_one_low_stock_mail_a_day(app: TestApp) {
    use time::macros::datetime;
    let owner = staff(&app, StaffRole::Owner).await;
    let sku = product(&app, "stockalert", 1000, 10, 2).await;
    let id = variation_id(&app, &sku).await;
    app.put(&format!("/v1/admin/stock/{id}/threshold")).header("cookie", &owner).json(&json!({ "threshold": 3 })).send().await.assert_status(StatusCode::OK);
    let shop_address = app.state.config.mail_from.clone();
    let alerts = || app.mails_to(&shop_address).into_iter().filter(|m| m.subject.contains("在庫アラート")).count();
    let state = app.state.clone();
    let sweep = |at| {
        let state = state.clone();
        async move { shop::catalog::low_stock_mail::sweep(&state, at).await.unwrap() }
    };
    sweep(datetime!(2026-12-01 23:30 UTC)).await; // 8:30 on 12月2日 in Japan: too early
    assert_eq!(alerts(), 0);
    sweep(datetime!(2026-12-02 00:15 UTC)).await; // 9:15
    assert_eq!(alerts(), 1);
    let mail = app.mails_to(&shop_address).into_iter().rfind(|m| m.subject.contains("在庫アラート")).unwrap();
    assert!(mail.body.contains(&format!("・{sku} ")) && mail.body.contains("販売可能 2（アラート 3）") && mail.body.contains("12月2日(水)"), "{}", mail.body);
    sweep(datetime!(2026-12-02 05:00 UTC)).await;
    assert_eq!(alerts(), 1, "once a day");
    sweep(datetime!(2026-12-03 01:00 UTC)).await;
    assert_eq!(alerts(), 2, "and again the next day");
}

async fn the_stock_desk_answers_only_its_own_staff_with_the_permission(app: TestApp) {
    let sku = product(&app, "stockauth", 1000, 10, 4).await;
    let id = variation_id(&app, &sku).await;
    let corporate = staff_cookie(&app, "corporate", StaffRole::Owner, "鈴木 課長").await;
    let member = crate::cart::demo_member(&app).await;
    let calls: [(&str, String, Option<Value>); 6] = [
        ("GET", "/v1/admin/stock".to_owned(), None),
        ("GET", format!("/v1/admin/stock/{id}"), None),
        ("POST", format!("/v1/admin/stock/{id}/adjustments"), Some(json!({ "delta": 1, "reason": "arrival" }))),
        ("PUT", format!("/v1/admin/stock/{id}/count"), Some(json!({ "from": 4, "to": 9 }))),
        ("PUT", format!("/v1/admin/stock/{id}/threshold"), Some(json!({ "threshold": 2 }))),
        ("GET", format!("/v1/admin/stock/{id}/movements"), None),
    ];
    fn send<'a>(call: crate::helpers::Call<'a>, body: &Option<Value>) -> crate::helpers::Call<'a> {
        match body {
            Some(body) => call.json(body),
            None => call,
        }
    }
    for (method, path, body) in &calls {
        let nobody = send(app.call(method.parse().unwrap(), path), body).send().await;
        assert_eq!(nobody.status, StatusCode::UNAUTHORIZED, "nobody: {method} {path}");
        let customer = send(app.call(method.parse().unwrap(), path).bearer(&member), body).send().await;
        assert_eq!(customer.status, StatusCode::UNAUTHORIZED, "a member: {method} {path}");
        let other = send(app.call(method.parse().unwrap(), path).header("cookie", &corporate), body).send().await;
        assert!(matches!(other.status, StatusCode::UNAUTHORIZED | StatusCode::NOT_FOUND), "another shop's owner: {method} {path}: {}", other.status);
    }
    // In its own shop, the other owner finds no such variation.
    app.get(&format!("/v1/admin/stock/{id}")).channel("corporate").header("cookie", &corporate).send().await.assert_status(StatusCode::NOT_FOUND);
    let theirs = app.get(&format!("/v1/admin/stock/{id}/movements")).channel("corporate").header("cookie", &corporate).send().await;
    theirs.assert_status(StatusCode::NOT_FOUND);
    let moved = app
        .post(&format!("/v1/admin/stock/{id}/adjustments"))
        .channel("corporate")
        .header("cookie", &corporate)
        .json(&json!({ "delta": 1, "reason": "arrival" }))
        .send()
        .await;
    moved.assert_status(StatusCode::NOT_FOUND);

    // 受注担当 and 閲覧のみ see the stock but do not move it.
    for role in [StaffRole::OrderClerk, StaffRole::Viewer] {
        let cookie = staff(&app, role).await;
        app.get("/v1/admin/stock").header("cookie", &cookie).send().await.assert_status(StatusCode::OK);
        let refused = adjust(&app, &cookie, &id, json!({ "delta": 1, "reason": "arrival" })).await;
        assert_forbidden(&refused, "在庫を変更する権限がありません。");
    }
    let owner = staff(&app, StaffRole::Owner).await;
    assert_eq!(counts(&row(&app, &owner, &sku).await), (4, 0, 4), "nothing moved");
}

on_both_databases!(
    staff_adjust_and_count_the_shelf_and_the_ledger_says_why,
    the_count_cannot_go_under_what_orders_hold_and_the_ledger_follows_an_order,
    a_cancel_gives_its_units_back_as_a_ledger_line,
    the_low_stock_queue_lists_what_is_at_or_under_its_threshold,
    the_desk_counts_the_products_waiting_restock_requests,
    requesters_are_mailed_once_when_the_product_is_back,
    the_shop_gets_one_low_stock_mail_a_day,
    the_stock_desk_answers_only_its_own_staff_with_the_permission,
);
