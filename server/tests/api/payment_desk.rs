//! 支払方法設定 on the settings desk (issue 33, docs/contracts/settings-payments.md) as a shop
//! owner, a customer and an attacker meet it: the owner raises a COD tier and the next cart
//! pays it, narrows a method's range and the checkout refuses it with the new bound, sees the
//! totals no method can pay, reorders the methods; bad input, a stale screen and other roles
//! change nothing; every save is audited with before and after.
use axum::http::StatusCode;
use serde_json::{Value, json};
use shop::staff::StaffRole;

use crate::cart::{add, product, ready_guest_cart};
use crate::helpers::{Answer, TestApp};
use crate::inquiries::{audited, staff_cookie};
use crate::on_both_databases;
use crate::order_desk::{assert_forbidden, staff};

const DESK: &str = "/v1/admin/settings/payments";

async fn read(app: &TestApp, cookie: &str) -> Value {
    let answer = app.get(DESK).header("cookie", cookie).send().await;
    answer.assert_status(StatusCode::OK);
    assert_eq!(answer.header("cache-control"), "no-store");
    answer.json()
}

fn method<'a>(settings: &'a Value, code: &str) -> &'a Value {
    settings["data"].as_array().unwrap().iter().find(|m| m["code"] == code).unwrap_or_else(|| panic!("no {code} in {settings}"))
}

/// The method's form as the screen would send it back unchanged.
fn form_of(method: &Value) -> Value {
    json!({
        "version": method["version"], "name": method["name"], "description": method["description"],
        "is_enabled": method["is_enabled"], "member_only": method["member_only"],
        "fee_tiers": method["fee_tiers"], "min_total": method["min_total"], "max_total": method["max_total"],
    })
}

async fn save(app: &TestApp, cookie: &str, id: &str, body: &Value) -> Answer {
    app.put(&format!("{DESK}/{id}")).header("cookie", cookie).json(body).send().await
}

async fn payment_lines(app: &TestApp) -> Vec<String> {
    audited(app, "demo").await.into_iter().filter(|(_, target)| target.starts_with("支払方法")).map(|(_, target)| target).collect()
}

async fn cart_option(app: &TestApp, token: &str, code: &str) -> Value {
    let methods = app.get(&format!("/v1/payments/carts/{token}")).send().await.json();
    methods.as_array().unwrap().iter().find(|m| m["code"] == code).unwrap().clone()
}

async fn an_owner_changes_the_cod_fee_and_range_and_the_next_cart_follows(app: TestApp) {
    let owner = staff(&app, StaffRole::Owner).await;
    let settings = read(&app, &owner).await;
    let codes: Vec<&str> = settings["data"].as_array().unwrap().iter().map(|m| m["code"].as_str().unwrap()).collect();
    assert_eq!(codes, ["credit_card", "cod", "bank_transfer"], "the demo's methods in the checkout's order");
    let cod = method(&settings, "cod");
    assert_eq!(
        cod["fee_tiers"],
        json!([{ "up_to": 10000, "fee": 330 }, { "up_to": 30000, "fee": 440 }, { "up_to": 100000, "fee": 660 }, { "up_to": null, "fee": 1100 }]),
        "migration 111 moved the tiers into the row"
    );
    assert_eq!((cod["max_total"].as_i64(), cod["min_total"].as_i64(), cod["version"].as_i64()), (Some(300_000), None, Some(1)));
    assert_eq!(method(&settings, "credit_card")["unready_reason"], Value::Null, "the demo shop's sandbox takes cards");
    assert_eq!(settings["gaps"], json!([]), "card and transfer take any total");

    // A 5,000円 item + 880円 carriage: the first tier, raised to 385円.
    let item = product(&app, "desk-cod", 5_000, 10, 100).await;
    let token = ready_guest_cart(&app, &item, 1, "cod").await;
    assert_eq!(app.get(&format!("/v1/carts/{token}")).send().await.json()["detail"]["order"]["payment_fee"], 330);
    let cod_id = cod["id"].as_str().unwrap().to_owned();
    let mut form = form_of(cod);
    form["fee_tiers"][0]["fee"] = json!(385);
    form["name"] = json!(" 代金引換（現金） ");
    let saved = save(&app, &owner, &cod_id, &form).await;
    saved.assert_status(StatusCode::OK);
    let saved = saved.json();
    let cod = method(&saved, "cod");
    assert_eq!((cod["name"].as_str(), cod["version"].as_i64(), &cod["fee_tiers"][0]["fee"]), (Some("代金引換（現金）"), Some(2), &json!(385)));
    let cart = app.get(&format!("/v1/carts/{token}")).send().await.json();
    assert_eq!((cart["detail"]["order"]["payment_fee"].as_i64(), cart["detail"]["order"]["total_payment"].as_i64()), (Some(385), Some(6_265)));
    assert_eq!(cart_option(&app, &token, "cod").await["fee"], 385);

    // A lowest total above this cart: the checkout refuses COD with the new bound.
    let mut form = form_of(cod);
    form["min_total"] = json!(8_000);
    form["max_total"] = json!(200_000);
    let narrowed = save(&app, &owner, &cod_id, &form).await;
    narrowed.assert_status(StatusCode::OK);
    let option = cart_option(&app, &token, "cod").await;
    assert_eq!(option["is_available"], false);
    assert_eq!(option["unavailable_reason"], "代金引換（現金）はお支払い合計8,000円以上でご利用いただけます");
    let refused = app.post(&format!("/v1/carts/{token}/decision")).json(&json!({})).send().await;
    assert_eq!(refused.json()["code"], "cart.payment.unavailable");
    add(&app, &token, &item, 1).await.assert_status(StatusCode::OK);
    // 10,000円 (free carriage from 11,000 not reached: 880円) → 10,880円: the second tier.
    let option = cart_option(&app, &token, "cod").await;
    assert_eq!((option["is_available"].as_bool(), option["fee"].as_i64()), (Some(true), Some(440)));

    // Card and transfer switched off: COD alone leaves totals nobody can pay.
    let settings = narrowed.json();
    let transfer = method(&settings, "bank_transfer");
    let mut off = form_of(transfer);
    off["is_enabled"] = json!(false);
    save(&app, &owner, transfer["id"].as_str().unwrap(), &off).await.assert_status(StatusCode::OK);
    let card = method(&settings, "credit_card");
    let mut off = form_of(card);
    off["is_enabled"] = json!(false);
    let settings = save(&app, &owner, card["id"].as_str().unwrap(), &off).await.json();
    let messages: Vec<&str> = settings["gaps"].as_array().unwrap().iter().map(|gap| gap["message"].as_str().unwrap()).collect();
    assert_eq!(messages, ["7,999円以下のご注文で使えるお支払い方法がありません。", "200,001円以上のご注文で使えるお支払い方法がありません。"]);
    // The last method the checkout offers cannot be switched off.
    let cod = method(&settings, "cod");
    let mut last = form_of(cod);
    last["is_enabled"] = json!(false);
    let refused = save(&app, &owner, &cod_id, &last).await;
    refused.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(refused.json()["errors"]["is_enabled"][0], "有効な支払方法が1つもなくなるため、無効にできません。");
    let listed: Vec<String> = app.get("/v1/payments").send().await.json().as_array().unwrap().iter().map(|m| m["code"].as_str().unwrap().to_owned()).collect();
    assert_eq!(listed, ["cod"], "the storefront lists the enabled method only");

    // A screen read before these saves is stale.
    let stale = save(&app, &owner, &cod_id, &form).await;
    stale.assert_status(StatusCode::CONFLICT);
    assert_eq!(stale.json()["code"], "settings.stale");

    assert_eq!(
        payment_lines(&app).await,
        [
            "支払方法「代金引換」: 名称 代金引換→代金引換（現金）, 手数料 〜10,000円 330円 / 〜30,000円 440円 / 〜100,000円 660円 / それ以上 1,100円→〜10,000円 385円 / 〜30,000円 440円 / 〜100,000円 660円 / それ以上 1,100円",
            "支払方法「代金引換（現金）」: 下限 なし→8,000円, 上限 300,000円→200,000円",
            "支払方法「銀行振込（前払い）」: 有効 する→しない",
            "支払方法「クレジットカード」: 有効 する→しない",
        ]
    );
}

async fn the_checkout_lists_the_methods_in_the_order_the_owner_sets(app: TestApp) {
    let owner = staff(&app, StaffRole::Owner).await;
    let settings = read(&app, &owner).await;
    let ids: Vec<String> = settings["data"].as_array().unwrap().iter().map(|m| m["id"].as_str().unwrap().to_owned()).collect();
    let reordered = vec![ids[1].clone(), ids[0].clone(), ids[2].clone()];
    let order = format!("{DESK}/order");
    let moved = app.put(&order).header("cookie", &owner).json(&json!({ "ids": reordered, "was": ids })).send().await;
    moved.assert_status(StatusCode::OK);
    let codes: Vec<String> = moved.json()["data"].as_array().unwrap().iter().map(|m| m["code"].as_str().unwrap().to_owned()).collect();
    assert_eq!(codes, ["cod", "credit_card", "bank_transfer"]);
    let listed: Vec<String> = app.get("/v1/payments").send().await.json().as_array().unwrap().iter().map(|m| m["code"].as_str().unwrap().to_owned()).collect();
    assert_eq!(listed, codes);
    // The screen that still shows the old order is stale; a list that is not every method once is refused.
    let stale = app.put(&order).header("cookie", &owner).json(&json!({ "ids": ids, "was": ids })).send().await;
    stale.assert_status(StatusCode::CONFLICT);
    let short = app.put(&order).header("cookie", &owner).json(&json!({ "ids": [ids[0], ids[0], ids[1]], "was": reordered })).send().await;
    short.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(short.json()["errors"]["ids"][0], "支払方法をすべて1回ずつ並べてください。");
    assert_eq!(payment_lines(&app).await, ["支払方法の表示順: 代金引換 → クレジットカード → 銀行振込（前払い）"]);
}

async fn bad_tiers_and_ranges_are_refused_with_field_messages_and_change_nothing(app: TestApp) {
    let owner = staff(&app, StaffRole::Owner).await;
    let before = read(&app, &owner).await;
    let cod = method(&before, "cod");
    let id = cod["id"].as_str().unwrap();
    let mut form = form_of(cod);
    form["name"] = json!(" ");
    form["description"] = json!("あ".repeat(501));
    form["fee_tiers"] = json!([{ "up_to": 10000, "fee": 330 }, { "up_to": null, "fee": -1 }, { "up_to": 5000, "fee": null }, { "up_to": 90000, "fee": 1100 }]);
    form["min_total"] = json!(50_000);
    form["max_total"] = json!(40_000);
    let refused = save(&app, &owner, id, &form).await;
    refused.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    let errors = &refused.json()["errors"];
    assert_eq!(errors["name"][0], "名称を入力してください。");
    assert_eq!(errors["description"][0], "説明は500文字以内で入力してください。");
    assert_eq!(errors["fee_tiers[1].up_to"][0], "この段の上限金額を入力してください。");
    assert_eq!(errors["fee_tiers[1].fee"][0], "手数料は0円から100,000円までの整数で入力してください。");
    assert_eq!(errors["fee_tiers[2].up_to"][0], "上限金額は前の段より大きくしてください。");
    assert_eq!(errors["fee_tiers[2].fee"][0], "手数料は0円から100,000円までの整数で入力してください。");
    assert_eq!(errors["fee_tiers[3].up_to"][0], "最後の段は上限なしにしてください。");
    assert_eq!(errors["max_total"][0], "上限は下限より大きくしてください。");
    let mut empty = form_of(cod);
    empty["fee_tiers"] = json!([]);
    assert_eq!(save(&app, &owner, id, &empty).await.json()["errors"]["fee_tiers"][0], "手数料を1段以上入力してください。");
    // Card brands forbid a surcharge on card payments.
    let card = method(&before, "credit_card");
    let mut surcharge = form_of(card);
    surcharge["fee_tiers"] = json!([{ "up_to": null, "fee": 220 }]);
    let refused = save(&app, &owner, card["id"].as_str().unwrap(), &surcharge).await;
    assert_eq!(refused.json()["errors"]["fee_tiers"][0], "クレジットカードには手数料をかけられません（カード会社の加盟店規約で禁止されています）。");
    let mut unversioned = form_of(cod);
    unversioned.as_object_mut().unwrap().remove("version");
    assert_eq!(save(&app, &owner, id, &unversioned).await.json()["errors"]["version"][0], "版番号がありません。画面を読み込み直してください。");
    app.put(&format!("{DESK}/{id}"))
        .header("cookie", &owner)
        .raw_body("application/json", "{\"version\": 1, \"fee_tiers\": \"330\"}")
        .send()
        .await
        .assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    save(&app, &owner, "no-such-method", &form_of(cod)).await.assert_status(StatusCode::NOT_FOUND);

    assert_eq!(read(&app, &owner).await, before, "nothing changed");
    assert!(payment_lines(&app).await.is_empty());
}

async fn only_the_shops_owners_and_managers_change_payment_methods(app: TestApp) {
    let manager = staff(&app, StaffRole::Manager).await;
    let settings = read(&app, &manager).await;
    let cod = method(&settings, "cod");
    let id = cod["id"].as_str().unwrap();
    let mut free = form_of(cod);
    free["fee_tiers"] = json!([{ "up_to": null, "fee": 0 }]);
    for role in [StaffRole::OrderClerk, StaffRole::ShippingClerk, StaffRole::Viewer] {
        let cookie = staff(&app, role).await;
        let message = "この操作は店舗オーナーまたは店長のみ行えます。";
        assert_forbidden(&app.get(DESK).header("cookie", &cookie).send().await, message);
        assert_forbidden(&save(&app, &cookie, id, &free).await, message);
    }
    app.get(DESK).send().await.assert_status(StatusCode::UNAUTHORIZED);
    app.put(&format!("{DESK}/{id}")).json(&free).send().await.assert_status(StatusCode::UNAUTHORIZED);
    let member = crate::members::registered_demo_member(&app, "payment-desk-member@example.jp").await.access_token;
    app.put(&format!("{DESK}/{id}")).bearer(&member).json(&free).send().await.assert_status(StatusCode::UNAUTHORIZED);
    // Another shop's owner: no session here, and this shop's method is not one of theirs.
    let theirs = staff_cookie(&app, "corporate", StaffRole::Owner, "他店 店主").await;
    save(&app, &theirs, id, &free).await.assert_status(StatusCode::UNAUTHORIZED);
    app.put(&format!("{DESK}/{id}")).channel("corporate").header("cookie", &theirs).json(&free).send().await.assert_status(StatusCode::NOT_FOUND);
    let corporate = app.get(DESK).channel("corporate").header("cookie", &theirs).send().await.json();
    let codes: Vec<&str> = corporate["data"].as_array().unwrap().iter().map(|m| m["code"].as_str().unwrap()).collect();
    assert_eq!(codes, ["bank_transfer", "invoice", "deferred"], "their own methods only");
    assert_eq!(method(&corporate, "deferred")["fee_tiers"], json!([{ "up_to": null, "fee": 220 }]), "a fixed fee became one open tier");
    assert_eq!(read(&app, &manager).await, settings, "nothing changed");
}

on_both_databases!(
    an_owner_changes_the_cod_fee_and_range_and_the_next_cart_follows,
    the_checkout_lists_the_methods_in_the_order_the_owner_sets,
    bad_tiers_and_ranges_are_refused_with_field_messages_and_change_nothing,
    only_the_shops_owners_and_managers_change_payment_methods
);
