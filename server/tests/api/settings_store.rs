//! ショップ情報 and ご利用設定 on the settings desk (issue 33, docs/contracts/settings-store.md) as
//! an owner, the customers after them and an attacker would meet them: the owner fills in the
//! registration number as typed on a Japanese keyboard and renames the shop, and the storefront
//! follows; stopping sales stops the next cart; bad input, a stale screen and an unchanged form
//! change nothing; every change is audited with before and after; only the shop's owners and
//! 店長 reach them.
use axum::http::StatusCode;
use serde_json::{Value, json};
use shop::staff::StaffRole;

use crate::cart::{add, init, product};
use crate::helpers::{Answer, TestApp};
use crate::on_both_databases;
use crate::staff::{audit_actions, create, log_in};

const STORE: &str = "/v1/admin/settings/store";
const SWITCHES: &str = "/v1/admin/settings/storefront";

async fn call(app: &TestApp, path: &str, channel: &str, cookie: &str, body: Option<Value>) -> Answer {
    let cookie = format!("shop_staff={cookie}");
    match body {
        Some(body) => app.put(path).channel(channel).header("cookie", &cookie).json(&body).send().await,
        None => app.get(path).channel(channel).header("cookie", &cookie).send().await,
    }
}

/// The shown form sent back with `changes` on top.
fn with(shown: &Value, changes: Value) -> Value {
    let mut body = shown.clone();
    for (key, value) in changes.as_object().unwrap() {
        body[key] = value.clone();
    }
    body
}

fn settings_updates(audit: &[(String, String, String)]) -> Vec<&str> {
    audit.iter().filter(|(_, action, _)| action == "settings_update").map(|(_, _, target)| target.as_str()).collect()
}

async fn an_owner_fills_in_the_shop_info_and_the_storefront_follows(app: TestApp) {
    let owner = create(&app, "demo", "owner@example.jp", StaffRole::Owner).await;
    let cookie = log_in(&app, "demo", &owner).await;
    let shown = call(&app, STORE, "demo", &cookie, None).await;
    shown.assert_status(StatusCode::OK);
    let shown = shown.json();
    assert_eq!(shown["shop_name"], "ライドパーツ本舗");
    assert_eq!(shown["invoice_registration_number"], "T1234567890123");
    assert_eq!(shown["contact_email"], "", "the demo never set one: notices go to the sender address");

    for (changes, field) in [
        (json!({ "shop_name": "  " }), "shop_name"),
        (json!({ "shop_name": "あ".repeat(61) }), "shop_name"),
        (json!({ "company_address": "愛知県\n名古屋市" }), "company_address"),
        (json!({ "invoice_registration_number": "T12345" }), "invoice_registration_number"),
        (json!({ "invoice_registration_number": "1234567890123" }), "invoice_registration_number"),
        (json!({ "contact_email": "shop@" }), "contact_email"),
        (json!({ "version": null }), "version"),
    ] {
        let refused = call(&app, STORE, "demo", &cookie, Some(with(&shown, changes.clone()))).await;
        refused.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
        assert!(refused.json()["errors"][field].is_array(), "{changes}: {}", refused.text());
    }
    assert_eq!(call(&app, STORE, "demo", &cookie, None).await.json(), shown, "nothing saved");

    let unchanged = call(&app, STORE, "demo", &cookie, Some(shown.clone())).await;
    unchanged.assert_status(StatusCode::OK);
    assert_eq!(unchanged.json(), shown, "an unchanged form keeps its version");

    let form = with(
        &shown,
        json!({ "shop_name": " ライドパーツ本舗 名古屋 ", "invoice_registration_number": "ｔ９８７６-５４３２-１０９８７", "contact_email": "order@example.jp" }),
    );
    let saved = call(&app, STORE, "demo", &cookie, Some(form)).await;
    saved.assert_status(StatusCode::OK);
    let saved = saved.json();
    assert_eq!(saved["shop_name"], "ライドパーツ本舗 名古屋");
    assert_eq!(saved["invoice_registration_number"], "T9876543210987", "normalised as typed on a Japanese keyboard");
    assert_eq!(saved["version"], shown["version"].as_i64().unwrap() + 3, "three keys written");
    assert_eq!(call(&app, STORE, "demo", &cookie, None).await.json(), saved);

    let front = app.get("/v1/settings/front").channel("demo").send().await.json();
    assert_eq!(front["SITE.NAME"], "ライドパーツ本舗 名古屋");
    let public = app.get("/public.json").channel("demo").send().await.json();
    assert_eq!(public["name"], "ライドパーツ本舗 名古屋", "the channel's own name follows");

    let stale = call(&app, STORE, "demo", &cookie, Some(with(&shown, json!({ "company_address": "" })))).await;
    stale.assert_status(StatusCode::CONFLICT);
    assert_eq!(stale.json()["code"], "settings.stale");
    assert_eq!(call(&app, STORE, "demo", &cookie, None).await.json(), saved, "the stale save wrote nothing");

    let audit = audit_actions(&app, &cookie).await;
    assert_eq!(
        settings_updates(&audit),
        [
            "ショップ情報: ショップ名 「ライドパーツ本舗」→「ライドパーツ本舗 名古屋」, 登録番号 「T1234567890123」→「T9876543210987」, お問い合わせ受付 なし→「order@example.jp」"
        ],
        "one line for the one save that changed something"
    );
}

async fn stopping_sales_on_the_settings_desk_stops_the_next_cart(app: TestApp) {
    let item = product(&app, "lamp", 3000, 10, 5).await;
    let manager = create(&app, "demo", "manager@example.jp", StaffRole::Manager).await;
    let cookie = log_in(&app, "demo", &manager).await;
    let shown = call(&app, SWITCHES, "demo", &cookie, None).await;
    shown.assert_status(StatusCode::OK);
    let shown = shown.json();
    assert_eq!(shown["stop_selling_is_use"], false);
    assert_eq!(shown["address_limit"], 20);
    assert_eq!(shown["password_expire_days"], Value::Null);

    for (changes, field) in [
        (json!({ "is_mfa": null }), "is_mfa"),
        (json!({ "password_expire_days": 7 }), "password_expire_days"),
        (json!({ "address_limit": 0 }), "address_limit"),
        (json!({ "address_limit": 101 }), "address_limit"),
    ] {
        let refused = call(&app, SWITCHES, "demo", &cookie, Some(with(&shown, changes.clone()))).await;
        refused.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
        assert!(refused.json()["errors"][field].is_array(), "{changes}: {}", refused.text());
    }
    let not_a_switch = call(&app, SWITCHES, "demo", &cookie, Some(with(&shown, json!({ "no_member_use": "yes" })))).await;
    not_a_switch.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(call(&app, SWITCHES, "demo", &cookie, None).await.json(), shown, "nothing saved");

    let stop = with(&shown, json!({ "stop_selling_is_use": true, "stop_selling_is_selling": false, "password_expire_days": 180 }));
    let saved = call(&app, SWITCHES, "demo", &cookie, Some(stop)).await;
    saved.assert_status(StatusCode::OK);
    let saved = saved.json();
    assert_eq!(saved["version"], shown["version"].as_i64().unwrap() + 3);
    let front = app.get("/v1/settings/front").channel("demo").send().await.json();
    assert_eq!(front["PLUGIN.TEMPORARY_STOP_SELLING.IS_SELLING"], false);
    assert_eq!(front["AUTH.PASSWORD_EXPIRE_DAYS"], 180);
    let token = init(&app, None, None).await["token"].as_str().unwrap().to_owned();
    let refused = add(&app, &token, &item, 1).await;
    refused.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(refused.json()["message"], "ただいま販売を一時停止しております。");

    let resumed = call(&app, SWITCHES, "demo", &cookie, Some(with(&saved, json!({ "stop_selling_is_selling": true })))).await;
    resumed.assert_status(StatusCode::OK);
    add(&app, &token, &item, 1).await.assert_status(StatusCode::OK);
    let stale = call(&app, SWITCHES, "demo", &cookie, Some(saved.clone())).await;
    stale.assert_status(StatusCode::CONFLICT);

    // The audit log is the owner's to read.
    let owner = create(&app, "demo", "owner@example.jp", StaffRole::Owner).await;
    let audit = audit_actions(&app, &log_in(&app, "demo", &owner).await).await;
    assert_eq!(
        settings_updates(&audit),
        ["ご利用設定: 販売中 いいえ→はい", "ご利用設定: 一時販売停止 使わない→使う, 販売中 はい→いいえ, パスワードの有効期限 期限なし→180日"],
        "newest first"
    );
}

async fn only_the_shops_owners_and_managers_reach_shop_info_and_switches(app: TestApp) {
    let owner = create(&app, "demo", "owner@example.jp", StaffRole::Owner).await;
    let other_owner = create(&app, "corporate", "owner@corporate.example.jp", StaffRole::Owner).await;
    let owner_cookie = log_in(&app, "demo", &owner).await;
    let store = call(&app, STORE, "demo", &owner_cookie, None).await.json();
    let switches = call(&app, SWITCHES, "demo", &owner_cookie, None).await.json();
    let bodies = [(STORE, with(&store, json!({ "shop_name": "乗っ取り" }))), (SWITCHES, with(&switches, json!({ "stop_selling_is_use": true })))];

    for role in [StaffRole::OrderClerk, StaffRole::ShippingClerk, StaffRole::Viewer] {
        let someone = create(&app, "demo", &format!("{}@example.jp", role.as_str()), role).await;
        let cookie = log_in(&app, "demo", &someone).await;
        for (path, body) in &bodies {
            for body in [None, Some(body.clone())] {
                let answer = call(&app, path, "demo", &cookie, body).await;
                answer.assert_status(StatusCode::FORBIDDEN);
                assert_eq!(answer.json()["message"], "この操作は店舗オーナーまたは店長のみ行えます。", "{role:?} {path}");
            }
        }
    }
    let member = crate::members::registered_demo_member(&app, "member@example.jp").await.access_token;
    let corporate_cookie = log_in(&app, "corporate", &other_owner).await;
    for (path, body) in &bodies {
        app.get(path).channel("demo").send().await.assert_status(StatusCode::UNAUTHORIZED);
        app.put(path).channel("demo").json(body).send().await.assert_status(StatusCode::UNAUTHORIZED);
        app.put(path).channel("demo").bearer(&member).json(body).send().await.assert_status(StatusCode::UNAUTHORIZED);
        call(&app, path, "demo", &corporate_cookie, Some(body.clone())).await.assert_status(StatusCode::UNAUTHORIZED);
    }
    assert_eq!(call(&app, STORE, "demo", &owner_cookie, None).await.json(), store, "the demo shop is as it was");
    assert_eq!(call(&app, SWITCHES, "demo", &owner_cookie, None).await.json(), switches);
    // On their own shop they edit their own details, never ours.
    let theirs = call(&app, STORE, "corporate", &corporate_cookie, None).await.json();
    assert_eq!(theirs["shop_name"], "ライドパーツ 業販サイト");
    call(&app, STORE, "corporate", &corporate_cookie, Some(with(&theirs, json!({ "company_address": "大阪府大阪市北区1-1" }))))
        .await
        .assert_status(StatusCode::OK);
    assert_eq!(call(&app, STORE, "demo", &owner_cookie, None).await.json(), store);
}

on_both_databases!(
    an_owner_fills_in_the_shop_info_and_the_storefront_follows,
    stopping_sales_on_the_settings_desk_stops_the_next_cart,
    only_the_shops_owners_and_managers_reach_shop_info_and_switches,
);
