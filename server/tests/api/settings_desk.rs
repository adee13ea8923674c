//! 送料設定 on the settings desk (issue 33, docs/contracts/settings-carriage.md) as an owner, the
//! customers after them and an attacker would meet it: the owner raises Okinawa's carriage and
//! the next cart to Okinawa pays it; a remote-island surcharge reaches an address on 八丈島; a
//! bad cell or a stale version changes nothing; the change is audited with before and after;
//! only the shop's owners and 店長 reach it.
use axum::http::StatusCode;
use serde_json::{Value, json};
use shop::staff::StaffRole;

use crate::cart::{add, demo_member, forget_seeded_history, init, patch, product};
use crate::helpers::{Answer, TestApp};
use crate::on_both_databases;
use crate::staff::{audit_actions, create, log_in};

const PATH: &str = "/v1/admin/settings/carriage";

async fn call(app: &TestApp, channel: &str, cookie: &str, body: Option<Value>) -> Answer {
    let cookie = format!("shop_staff={cookie}");
    match body {
        Some(body) => app.put(PATH).channel(channel).header("cookie", &cookie).json(&body).send().await,
        None => app.get(PATH).channel(channel).header("cookie", &cookie).send().await,
    }
}

fn address(postal_code: &str, prefecture: &str, city: &str) -> Value {
    json!({
        "shipping_last_name": "琉球", "shipping_first_name": "太郎", "shipping_last_name_kana": "リュウキュウ", "shipping_first_name_kana": "タロウ",
        "postal_code": postal_code, "prefecture": prefecture, "city": city, "address1": "1-1", "phone_number": "098-123-4567"
    })
}

/// The carriage a new guest cart of one ¥1,000 item pays to this address.
async fn carriage_to(app: &TestApp, variation: &str, address: Value) -> i64 {
    let token = init(app, None, None).await["token"].as_str().unwrap().to_owned();
    add(app, &token, variation, 1).await.assert_status(StatusCode::OK);
    let cart = patch(app, "/v1/carts/shippings/add", json!({ "token": token, "address": address }), None).await;
    cart.assert_status(StatusCode::OK);
    cart.json()["detail"]["order"]["total_carriage"].as_i64().unwrap()
}

fn fee_of(settings: &Value, prefecture: &str) -> i64 {
    settings["prefectures"].as_array().unwrap().iter().find(|p| p["prefecture"] == prefecture).unwrap()["fee"].as_i64().unwrap()
}

/// The form as the screen sends it back: every row, with `change` applied.
fn form(settings: &Value, change: impl Fn(&str, i64) -> Option<i64>) -> Value {
    let prefectures: Vec<Value> = settings["prefectures"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let name = p["prefecture"].as_str().unwrap();
            json!({ "prefecture": name, "fee": change(name, p["fee"].as_i64().unwrap()) })
        })
        .collect();
    json!({
        "version": settings["version"], "prefectures": prefectures,
        "remote_island_surcharge": settings["remote_island_surcharge"], "free_threshold": settings["free_threshold"],
    })
}

async fn an_owner_raises_okinawas_carriage_and_the_next_cart_pays_it(app: TestApp) {
    forget_seeded_history(&app).await;
    let item = product(&app, "sanshin-string", 1000, 10, 50).await;
    let owner = create(&app, "demo", "owner@example.jp", StaffRole::Owner).await;
    let cookie = log_in(&app, "demo", &owner).await;
    let naha = || address("900-0001", "沖縄県", "那覇市");
    let hachijo = || address("100-1511", "東京都", "八丈島八丈町");

    let shown = call(&app, "demo", &cookie, None).await;
    shown.assert_status(StatusCode::OK);
    assert_eq!(shown.header("cache-control"), "no-store");
    let shown = shown.json();
    assert_eq!(shown["prefectures"].as_array().unwrap().len(), 47);
    assert_eq!(shown["prefectures"][0]["prefecture"], "北海道");
    assert_eq!((fee_of(&shown, "沖縄県"), fee_of(&shown, "東京都"), shown["free_threshold"].as_i64()), (1650, 880, Some(11_000)));
    assert_eq!((shown["version"].as_i64(), shown["estimate_fee"].as_i64(), shown["remote_island_surcharge"].as_i64()), (Some(1), Some(880), Some(0)));
    assert_eq!(carriage_to(&app, &item, naha()).await, 1650);

    // A bad cell and a stale version change nothing.
    let empty = call(&app, "demo", &cookie, Some(form(&shown, |name, fee| (name != "沖縄県").then_some(fee)))).await;
    empty.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(empty.json()["errors"]["prefectures[46].fee"][0], "送料を入力してください。");
    let negative = call(&app, "demo", &cookie, Some(form(&shown, |name, fee| Some(if name == "北海道" { -100 } else { fee })))).await;
    negative.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(negative.json()["errors"]["prefectures[0].fee"][0], "送料は0円から100,000円までの整数で入力してください。");
    let mut short = form(&shown, |_, fee| Some(fee));
    short["prefectures"].as_array_mut().unwrap().pop();
    let short = call(&app, "demo", &cookie, Some(short)).await;
    short.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(short.json()["errors"]["prefectures"][0], "47都道府県すべての送料を入力してください。");
    let mut unversioned = form(&shown, |_, fee| Some(fee));
    unversioned["version"] = Value::Null;
    call(&app, "demo", &cookie, Some(unversioned)).await.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(call(&app, "demo", &cookie, None).await.json(), shown, "nothing saved");

    // Okinawa to ¥2,000, and ¥1,100 more for a remote island: the next carts pay it.
    let mut raised = form(&shown, |name, fee| Some(if name == "沖縄県" { 2000 } else { fee }));
    raised["remote_island_surcharge"] = json!(1100);
    let saved = call(&app, "demo", &cookie, Some(raised.clone())).await;
    saved.assert_status(StatusCode::OK);
    let saved = saved.json();
    assert_eq!((saved["version"].as_i64(), fee_of(&saved, "沖縄県"), saved["remote_island_surcharge"].as_i64()), (Some(2), 2000, Some(1100)));
    assert_eq!(call(&app, "demo", &cookie, None).await.json(), saved);
    assert_eq!(carriage_to(&app, &item, naha()).await, 2000);
    assert_eq!(carriage_to(&app, &item, hachijo()).await, 880 + 1100, "八丈島 is 東京都 and a remote island");
    assert_eq!(carriage_to(&app, &item, address("100-0001", "東京都", "千代田区")).await, 880);

    // The screen that read version 1 is stale now.
    let stale = call(&app, "demo", &cookie, Some(form(&shown, |_, fee| Some(fee)))).await;
    stale.assert_status(StatusCode::CONFLICT);
    assert_eq!(stale.json()["code"], "settings.stale");
    assert_eq!(fee_of(&call(&app, "demo", &cookie, None).await.json(), "沖縄県"), 2000);

    // No free carriage any more.
    let mut never_free = form(&saved, |_, fee| Some(fee));
    never_free["free_threshold"] = Value::Null;
    let never_free = call(&app, "demo", &cookie, Some(never_free)).await;
    never_free.assert_status(StatusCode::OK);
    let token = init(&app, None, None).await["token"].as_str().unwrap().to_owned();
    add(&app, &token, &item, 20).await.assert_status(StatusCode::OK);
    let big = patch(&app, "/v1/carts/shippings/add", json!({ "token": token, "address": naha() }), None).await.json();
    assert_eq!(big["detail"]["order"]["total_carriage"], 2000, "¥20,000 no longer ships free");

    let audit = audit_actions(&app, &cookie).await;
    let changes: Vec<&str> = audit.iter().filter(|(_, action, _)| action == "settings_update").map(|(_, _, target)| target.as_str()).collect();
    assert_eq!(changes, ["送料設定: 送料無料 11,000円→なし", "送料設定: 沖縄県 1,650円→2,000円, 離島の追加送料 0円→1,100円"], "newest first");
}

async fn only_the_shops_owners_and_managers_reach_the_carriage_settings(app: TestApp) {
    let owner = create(&app, "demo", "owner@example.jp", StaffRole::Owner).await;
    let other_owner = create(&app, "corporate", "owner@corporate.example.jp", StaffRole::Owner).await;
    let owner_cookie = log_in(&app, "demo", &owner).await;
    let shown = call(&app, "demo", &owner_cookie, None).await.json();
    let body = || Some(form(&shown, |_, fee| Some(fee + 10)));

    let manager = create(&app, "demo", "manager@example.jp", StaffRole::Manager).await;
    let manager_cookie = log_in(&app, "demo", &manager).await;
    call(&app, "demo", &manager_cookie, None).await.assert_status(StatusCode::OK);
    for role in [StaffRole::OrderClerk, StaffRole::ShippingClerk, StaffRole::Viewer] {
        let someone = create(&app, "demo", &format!("{}@example.jp", role.as_str()), role).await;
        let cookie = log_in(&app, "demo", &someone).await;
        for body in [None, body()] {
            let answer = call(&app, "demo", &cookie, body).await;
            answer.assert_status(StatusCode::FORBIDDEN);
            assert_eq!(answer.json()["message"], "この操作は店舗オーナーまたは店長のみ行えます。", "{role:?}");
        }
    }
    // Nobody, a member and another shop's owner: no session of this shop.
    app.get(PATH).channel("demo").send().await.assert_status(StatusCode::UNAUTHORIZED);
    app.put(PATH).channel("demo").json(&body().unwrap()).send().await.assert_status(StatusCode::UNAUTHORIZED);
    let member = crate::members::registered_demo_member(&app, "member@example.jp").await.access_token;
    app.get(PATH).channel("demo").bearer(&member).send().await.assert_status(StatusCode::UNAUTHORIZED);
    app.put(PATH).channel("demo").bearer(&member).json(&body().unwrap()).send().await.assert_status(StatusCode::UNAUTHORIZED);
    let corporate_cookie = log_in(&app, "corporate", &other_owner).await;
    call(&app, "demo", &corporate_cookie, None).await.assert_status(StatusCode::UNAUTHORIZED);
    call(&app, "demo", &corporate_cookie, body()).await.assert_status(StatusCode::UNAUTHORIZED);
    // On their own shop they edit their own settings, never ours.
    let theirs = call(&app, "corporate", &corporate_cookie, None).await.json();
    assert_eq!(theirs["free_threshold"], 22_000);
    call(&app, "corporate", &corporate_cookie, Some(form(&theirs, |_, _| Some(0)))).await.assert_status(StatusCode::OK);
    assert_eq!(call(&app, "demo", &owner_cookie, None).await.json(), shown, "the demo shop is as it was");
}

// --- ポイント設定 (docs/contracts/settings-points.md) -------------------------------------------

const POINTS: &str = "/v1/admin/settings/points";

async fn points_call(app: &TestApp, cookie: &str, body: Option<Value>) -> Answer {
    let cookie = format!("shop_staff={cookie}");
    match body {
        Some(body) => app.put(POINTS).channel("demo").header("cookie", &cookie).json(&body).send().await,
        None => app.get(POINTS).channel("demo").header("cookie", &cookie).send().await,
    }
}

async fn an_owner_sets_the_point_rate_and_the_next_order_earns_it(app: TestApp) {
    forget_seeded_history(&app).await;
    let item = product(&app, "bolt", 5000, 10, 20).await;
    let owner = create(&app, "demo", "owner@example.jp", StaffRole::Owner).await;
    let cookie = log_in(&app, "demo", &owner).await;
    let member = demo_member(&app).await;
    let token = init(&app, None, Some(&member)).await["token"].as_str().unwrap().to_owned();
    let add_one = || patch(&app, "/v1/carts/products/add", json!({ "token": token, "variation_key": item, "quantity": 1 }), Some(&member));

    let shown = points_call(&app, &cookie, None).await;
    shown.assert_status(StatusCode::OK);
    assert_eq!(shown.json(), json!({ "version": 1, "earn_rate": 1 }));
    assert_eq!(add_one().await.json()["detail"]["order"]["earn_points"], 50);

    for (body, field) in [
        (json!({ "version": 1, "earn_rate": 60 }), "earn_rate"),
        (json!({ "version": 1, "earn_rate": -1 }), "earn_rate"),
        (json!({ "version": 1, "earn_rate": null }), "earn_rate"),
        (json!({ "earn_rate": 3 }), "version"),
    ] {
        let refused = points_call(&app, &cookie, Some(body)).await;
        refused.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
        assert!(refused.json()["errors"][field].is_array(), "{}", refused.text());
    }
    assert_eq!(points_call(&app, &cookie, None).await.json(), json!({ "version": 1, "earn_rate": 1 }), "nothing saved");

    let saved = points_call(&app, &cookie, Some(json!({ "version": 1, "earn_rate": 3 }))).await;
    saved.assert_status(StatusCode::OK);
    assert_eq!(saved.json(), json!({ "version": 2, "earn_rate": 3 }));
    assert_eq!(add_one().await.json()["detail"]["order"]["earn_points"], 300, "10,000 yen at 3%");
    assert_eq!(app.get("/v1/me/points").bearer(&member).send().await.json()["earn_rate"], 3);
    let stale = points_call(&app, &cookie, Some(json!({ "version": 1, "earn_rate": 5 }))).await;
    stale.assert_status(StatusCode::CONFLICT);
    assert_eq!(stale.json()["code"], "settings.stale");

    points_call(&app, &cookie, Some(json!({ "version": 2, "earn_rate": 0 }))).await.assert_status(StatusCode::OK);
    assert_eq!(app.get("/v1/me/points").bearer(&member).send().await.json()["is_enabled"], false, "the storefront hides points");
    let audit = audit_actions(&app, &cookie).await;
    let changes: Vec<&str> = audit.iter().filter(|(_, action, _)| action == "settings_update").map(|(_, _, target)| target.as_str()).collect();
    assert_eq!(changes, ["ポイント設定: 付与率 3%→なし", "ポイント設定: 付与率 1%→3%"]);

    // Only owners and 店長.
    let clerk = create(&app, "demo", "clerk@example.jp", StaffRole::OrderClerk).await;
    let clerk = log_in(&app, "demo", &clerk).await;
    for body in [None, Some(json!({ "version": 3, "earn_rate": 1 }))] {
        let answer = points_call(&app, &clerk, body).await;
        answer.assert_status(StatusCode::FORBIDDEN);
        assert_eq!(answer.json()["message"], "この操作は店舗オーナーまたは店長のみ行えます。");
    }
    app.get(POINTS).channel("demo").send().await.assert_status(StatusCode::UNAUTHORIZED);
    app.put(POINTS).channel("demo").bearer(&member).json(&json!({ "version": 3, "earn_rate": 1 })).send().await.assert_status(StatusCode::UNAUTHORIZED);
    assert_eq!(points_call(&app, &cookie, None).await.json(), json!({ "version": 3, "earn_rate": 0 }));
}

on_both_databases!(
    an_owner_raises_okinawas_carriage_and_the_next_cart_pays_it,
    only_the_shops_owners_and_managers_reach_the_carriage_settings,
    an_owner_sets_the_point_rate_and_the_next_order_earns_it,
);
