//! 振込先口座 on the settings desk (issue 33, docs/contracts/settings-bank-account.md) as an
//! owner, a customer and an attacker meet it: the owner moves the shop to another bank and the
//! next 銀行振込 order names it with the new due date; a new shop offers no transfer until it
//! has an account, and no made-up account ever reaches a customer; bad input and a stale
//! screen change nothing; saves are audited; only the shop's owners and 店長 reach it.
use axum::http::StatusCode;
use serde_json::{Value, json};
use shop::seed::{NewChannel, Theme};
use shop::staff::StaffRole;
use time::{Duration, OffsetDateTime, UtcOffset};

use crate::cart::{forget_seeded_history, product, ready_guest_cart};
use crate::helpers::{Answer, TestApp};
use crate::inquiries::{audited, staff_cookie};
use crate::on_both_databases;
use crate::order_desk::{assert_forbidden, staff};

const DESK: &str = "/v1/admin/settings/bank-account";
const PAYMENTS: &str = "/v1/admin/settings/payments";
const FORBIDDEN: &str = "この操作は店舗オーナーまたは店長のみ行えます。";

async fn read(app: &TestApp, channel: &str, cookie: &str) -> Value {
    let answer = app.get(DESK).channel(channel).header("cookie", cookie).send().await;
    answer.assert_status(StatusCode::OK);
    assert_eq!(answer.header("cache-control"), "no-store");
    answer.json()
}

async fn save(app: &TestApp, channel: &str, cookie: &str, body: &Value) -> Answer {
    app.put(DESK).channel(channel).header("cookie", cookie).json(body).send().await
}

fn mizuho(version: i64) -> Value {
    json!({
        "version": version, "bank_name": "みずほ銀行", "branch_name": "渋谷中央支店", "account_type": "当座",
        "account_number": "７６５４３２１", "account_holder": "ｶ)ﾗｲﾄﾞﾊﾟｰﾂ", "due_days": 10,
    })
}

async fn transfer_method(app: &TestApp, channel: &str, cookie: &str) -> Value {
    let settings = app.get(PAYMENTS).channel(channel).header("cookie", cookie).send().await.json();
    settings["data"].as_array().unwrap().iter().find(|m| m["code"] == "bank_transfer").unwrap().clone()
}

fn enabled(method: &Value, on: bool) -> Value {
    json!({
        "version": method["version"], "name": method["name"], "description": method["description"], "is_enabled": on,
        "member_only": method["member_only"], "fee_tiers": method["fee_tiers"], "min_total": method["min_total"], "max_total": method["max_total"],
    })
}

async fn storefront_codes(app: &TestApp, channel: &str) -> Vec<String> {
    let listed = app.get("/v1/payments").channel(channel).send().await.json();
    listed.as_array().unwrap().iter().map(|m| m["code"].as_str().unwrap().to_owned()).collect()
}

async fn an_owner_moves_the_shop_to_another_bank_and_the_next_order_names_it(app: TestApp) {
    forget_seeded_history(&app).await;
    let owner = staff(&app, StaffRole::Owner).await;
    let shown = read(&app, "demo", &owner).await;
    assert_eq!(shown["account"]["bank_name"], "ライド銀行");
    assert_eq!((shown["due_days"].as_i64(), shown["account"]["account_holder"].as_str()), (Some(7), Some("カ）ライドパーツ")));
    let version = shown["version"].as_i64().unwrap();

    let saved = save(&app, "demo", &owner, &mizuho(version)).await;
    saved.assert_status(StatusCode::OK);
    assert_eq!(
        saved.json(),
        json!({
            "version": version + 1, "due_days": 10,
            "account": { "bank_name": "みずほ銀行", "branch_name": "渋谷中央支店", "account_type": "当座", "account_number": "7654321", "account_holder": "カ）ライドパーツ" },
        }),
        "saved as banks print it: ASCII digits, full-width kana"
    );
    assert_eq!(read(&app, "demo", &owner).await, saved.json());

    // The screen that read the old version is stale.
    let stale = save(&app, "demo", &owner, &mizuho(version)).await;
    stale.assert_status(StatusCode::CONFLICT);
    assert_eq!(stale.json()["code"], "settings.stale");

    // The next transfer order names the new bank and is due ten days after its day.
    let bolt = product(&app, "bolt", 3000, 10, 5).await;
    let token = ready_guest_cart(&app, &bolt, 1, "bank_transfer").await;
    let decided = app.post(&format!("/v1/carts/{token}/decision")).json(&json!({})).send().await;
    decided.assert_status(StatusCode::OK);
    let account = decided.json()["bank_account"].clone();
    let due = OffsetDateTime::now_utc().to_offset(UtcOffset::from_hms(9, 0, 0).unwrap()).date() + Duration::days(10);
    assert_eq!(account["bank_name"], "みずほ銀行");
    assert_eq!(account["account_number"], "7654321");
    assert_eq!(account["due_date"], format!("{:04}-{:02}-{:02}", due.year(), u8::from(due.month()), due.day()));

    let lines: Vec<String> = audited(&app, "demo").await.into_iter().filter(|(_, t)| t.starts_with("振込先口座")).map(|(_, t)| t).collect();
    assert_eq!(
        lines,
        ["振込先口座: 銀行名 ライド銀行→みずほ銀行, 支店名 渋谷支店→渋谷中央支店, 口座種別 普通→当座, 口座番号 1234567→7654321, お支払い期限 7日→10日"]
    );
}

async fn a_shop_offers_no_transfer_until_it_has_an_account(app: TestApp) {
    let new =
        NewChannel {
            code: "hajime".into(), name: "はじめて商店".into(), theme: Theme::Simple, hosts: vec!["hajime.localhost".into()], settings: Vec::new()
        };
    shop::seed::create_channel(&app.state.db, new).await.expect("the shop is made");
    let owner = staff_cookie(&app, "hajime", StaffRole::Owner, "新店 店主").await;
    assert_eq!(read(&app, "hajime", &owner).await, json!({ "version": 0, "account": null, "due_days": 7 }));
    let transfer = transfer_method(&app, "hajime", &owner).await;
    assert_eq!((transfer["is_enabled"].as_bool(), transfer["unready_reason"].as_str()), (Some(false), Some("振込先口座が未設定です。")));
    let id = transfer["id"].as_str().unwrap().to_owned();
    let refused = app.put(&format!("{PAYMENTS}/{id}")).channel("hajime").header("cookie", &owner).json(&enabled(&transfer, true)).send().await;
    refused.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(refused.json()["errors"]["is_enabled"][0], "振込先口座を設定するまで有効にできません。");

    save(&app, "hajime", &owner, &mizuho(0)).await.assert_status(StatusCode::OK);
    let transfer = transfer_method(&app, "hajime", &owner).await;
    assert_eq!(transfer["unready_reason"], Value::Null);
    let on = app.put(&format!("{PAYMENTS}/{id}")).channel("hajime").header("cookie", &owner).json(&enabled(&transfer, true)).send().await;
    on.assert_status(StatusCode::OK);
    assert!(storefront_codes(&app, "hajime").await.contains(&"bank_transfer".to_owned()));

    // A shop whose account is gone (saved before accounts were required) stops offering
    // transfers rather than showing customers an account that is not theirs.
    let demo_owner = staff(&app, StaffRole::Owner).await;
    let demo = app.channel_id("demo").await;
    sqlx::query("DELETE FROM channel_settings WHERE channel_id = $1 AND setting_key = 'ORDER.BANK_ACCOUNT'")
        .bind(&demo)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    assert!(!storefront_codes(&app, "demo").await.contains(&"bank_transfer".to_owned()));
    let transfer = transfer_method(&app, "demo", &demo_owner).await;
    assert_eq!((transfer["is_enabled"].as_bool(), transfer["unready_reason"].as_str()), (Some(true), Some("振込先口座が未設定です。")));
    let renamed = json!({
        "version": transfer["version"], "name": "銀行振込（前払い）", "description": transfer["description"], "is_enabled": true,
        "member_only": transfer["member_only"], "fee_tiers": transfer["fee_tiers"], "min_total": transfer["min_total"], "max_total": transfer["max_total"],
    });
    app.put(&format!("{PAYMENTS}/{}", transfer["id"].as_str().unwrap()))
        .header("cookie", &demo_owner)
        .json(&renamed)
        .send()
        .await
        .assert_status(StatusCode::OK);
}

async fn bad_input_is_refused_in_japanese_and_changes_nothing(app: TestApp) {
    let owner = staff(&app, StaffRole::Owner).await;
    let before = read(&app, "demo", &owner).await;
    let bad = json!({
        "version": before["version"], "bank_name": " ", "branch_name": "支".repeat(31), "account_type": "貯蓄",
        "account_number": "123-4567", "account_holder": "山田太郎", "due_days": 0,
    });
    let refused = save(&app, "demo", &owner, &bad).await;
    refused.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    let errors = refused.json()["errors"].clone();
    assert_eq!(errors["bank_name"][0], "銀行名を入力してください。");
    assert_eq!(errors["branch_name"][0], "支店名は30文字以内で入力してください。");
    assert_eq!(errors["account_type"][0], "口座種別は普通か当座を選んでください。");
    assert_eq!(errors["account_number"][0], "口座番号は7桁の数字で入力してください。");
    assert_eq!(errors["account_holder"][0], "口座名義はカタカナで入力してください（英数字と（）．－・も使えます）。");
    assert_eq!(errors["due_days"][0], "お支払い期限は1日から30日までの日数で入力してください。");
    let mut unversioned = mizuho(0);
    unversioned["version"] = Value::Null;
    let refused = save(&app, "demo", &owner, &unversioned).await;
    refused.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(refused.json()["errors"]["version"][0], "版番号がありません。画面を読み込み直してください。");
    assert_eq!(read(&app, "demo", &owner).await, before, "nothing saved");
}

async fn only_the_shops_owners_and_managers_reach_the_bank_account(app: TestApp) {
    let manager = staff(&app, StaffRole::Manager).await;
    let shown = read(&app, "demo", &manager).await;
    let body = mizuho(shown["version"].as_i64().unwrap());
    for role in [StaffRole::OrderClerk, StaffRole::ShippingClerk, StaffRole::Viewer] {
        let cookie = staff(&app, role).await;
        assert_forbidden(&app.get(DESK).header("cookie", &cookie).send().await, FORBIDDEN);
        assert_forbidden(&save(&app, "demo", &cookie, &body).await, FORBIDDEN);
    }
    app.get(DESK).send().await.assert_status(StatusCode::UNAUTHORIZED);
    app.put(DESK).json(&body).send().await.assert_status(StatusCode::UNAUTHORIZED);
    let member = crate::members::registered_demo_member(&app, "member@example.jp").await.access_token;
    app.get(DESK).bearer(&member).send().await.assert_status(StatusCode::UNAUTHORIZED);
    let theirs = staff_cookie(&app, "corporate", StaffRole::Owner, "他店 店主").await;
    app.get(DESK).header("cookie", &theirs).send().await.assert_status(StatusCode::UNAUTHORIZED);
    save(&app, "demo", &theirs, &body).await.assert_status(StatusCode::UNAUTHORIZED);
    assert_eq!(read(&app, "demo", &manager).await, shown, "nothing changed");
}

on_both_databases!(
    an_owner_moves_the_shop_to_another_bank_and_the_next_order_names_it,
    a_shop_offers_no_transfer_until_it_has_an_account,
    bad_input_is_refused_in_japanese_and_changes_nothing,
    only_the_shops_owners_and_managers_reach_the_bank_account,
);
