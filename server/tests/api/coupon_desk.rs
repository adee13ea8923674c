//! クーポン管理 (issue 33, docs/contracts/coupon-desk.md) as a shop owner, customers and an
//! attacker meet it: the owner makes a coupon, a guest types it in any case and pays less;
//! a limit on all uses holds when two buyers race for the last one; a used coupon cannot be
//! deleted; bad input, a stale editor and other roles change nothing; every change is audited.
use axum::http::StatusCode;
use serde_json::{Value, json};
use shop::staff::StaffRole;

use crate::cart::{patch, product, ready_guest_cart};
use crate::helpers::{Answer, TestApp};
use crate::inquiries::{audited, staff_cookie};
use crate::on_both_databases;
use crate::order_desk::{assert_forbidden, staff};

const DESK: &str = "/v1/admin/coupons";

fn winter() -> Value {
    json!({
        "code": " winter-10 ", "name": "冬の10%OFF", "description": "5,000円以上で10%引き",
        "discount_kind": "percent", "discount_value": 10, "minimum_amount": 5000,
        "starts_at": null, "ends_at": "2099-01-01T00:00", "is_public": false,
        "member_only": false, "requires_take": false, "uses_per_member": 1, "max_uses": null
    })
}

async fn create(app: &TestApp, cookie: &str, body: &Value) -> Answer {
    app.post(DESK).header("cookie", cookie).json(body).send().await
}

async fn show(app: &TestApp, cookie: &str, id: &str) -> Value {
    let answer = app.get(&format!("{DESK}/{id}")).header("cookie", cookie).send().await;
    answer.assert_status(StatusCode::OK);
    answer.json()
}

async fn save(app: &TestApp, cookie: &str, id: &str, body: &Value) -> Answer {
    app.put(&format!("{DESK}/{id}")).header("cookie", cookie).json(body).send().await
}

/// The coupon as the editor would send it back, with `changes` applied.
fn edited(coupon: &Value, changes: Value) -> Value {
    let mut body = json!({
        "version": coupon["version"], "code": coupon["code"], "name": coupon["name"], "description": coupon["description"],
        "discount_kind": coupon["discount_kind"], "discount_value": coupon["discount_value"], "minimum_amount": coupon["minimum_amount"],
        "starts_at": coupon["starts_at"], "ends_at": coupon["ends_at"], "is_public": coupon["is_public"],
        "member_only": coupon["member_only"], "requires_take": coupon["requires_take"],
        "uses_per_member": coupon["uses_per_member"], "max_uses": coupon["max_uses"],
    });
    for (key, value) in changes.as_object().unwrap() {
        body[key] = value.clone();
    }
    body
}

async fn coupon_lines(app: &TestApp) -> Vec<String> {
    audited(app, "demo").await.into_iter().filter(|(_, target)| target.starts_with("クーポン")).map(|(_, target)| target).collect()
}

/// A guest cart of `quantity` × 3,000円 paying by COD, with `code` typed as given.
async fn cart_with_coupon(app: &TestApp, item: &str, code: &str) -> (String, Answer) {
    let token = ready_guest_cart(app, item, 2, "cod").await;
    let added = patch(app, "/v1/carts/coupons/add", json!({ "token": token, "code": code }), None).await;
    (token, added)
}

async fn an_owner_makes_a_coupon_a_guest_uses_it_and_its_limit_ends_it(app: TestApp) {
    let owner = staff(&app, StaffRole::Owner).await;
    let made = create(&app, &owner, &winter()).await;
    made.assert_status(StatusCode::CREATED);
    let coupon = made.json();
    assert_eq!((coupon["code"].as_str(), coupon["discount_label"].as_str(), coupon["status"].as_str()), (Some("WINTER-10"), Some("10%OFF"), Some("active")));
    assert_eq!((coupon["used_count"].as_i64(), coupon["version"].as_i64(), coupon["member_only"].as_bool()), (Some(0), Some(1), Some(false)));
    let id = coupon["id"].as_str().unwrap().to_owned();

    // A guest types it in lower case and full width: 6,000円 of items → 600円 off.
    let item = product(&app, "desk-coupon", 3_000, 10, 100).await;
    let (token, added) = cart_with_coupon(&app, &item, "ｗｉｎｔｅｒ-10").await;
    added.assert_status(StatusCode::OK);
    assert_eq!(added.json()["detail"]["order"]["coupon_discount"], 600);
    let placed = app.post(&format!("/v1/carts/{token}/decision")).json(&json!({})).send().await;
    placed.assert_status(StatusCode::OK);
    let coupon = show(&app, &owner, &id).await;
    assert_eq!(coupon["used_count"], 1);

    // 先着1回: it is used up; the next cart is refused, and the list files it as 上限到達.
    let limited = save(&app, &owner, &id, &edited(&coupon, json!({ "max_uses": 1 }))).await;
    limited.assert_status(StatusCode::OK);
    assert_eq!((limited.json()["status"].as_str(), limited.json()["version"].as_i64()), (Some("exhausted"), Some(2)));
    let (_, refused) = cart_with_coupon(&app, &item, "WINTER-10").await;
    refused.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(refused.json()["errors"]["code"][0], "このクーポンは利用上限に達したため、ご利用いただけません");
    let listed = app.get(&format!("{DESK}?status=exhausted")).header("cookie", &owner).send().await;
    listed.assert_status(StatusCode::OK);
    let listed = listed.json();
    let codes: Vec<&str> = listed["data"].as_array().unwrap().iter().map(|c| c["code"].as_str().unwrap()).collect();
    assert_eq!(codes, ["WINTER-10"]);
    let words = app.get(&format!("{DESK}?q=winter")).header("cookie", &owner).send().await.json();
    assert_eq!(words["data"].as_array().unwrap().len(), 1);
    assert_eq!(app.get(&format!("{DESK}?status=active&q=winter")).header("cookie", &owner).send().await.json()["data"], json!([]));

    // An order used it: it is ended, not deleted.
    let used = app.delete(&format!("{DESK}/{id}?version=2")).header("cookie", &owner).send().await;
    used.assert_status(StatusCode::CONFLICT);
    assert_eq!(used.json()["code"], "coupons.used");
    let ended = save(&app, &owner, &id, &edited(&limited.json(), json!({ "ends_at": "2026-01-01T00:00" }))).await;
    assert_eq!(ended.json()["status"], "ended");

    assert_eq!(
        coupon_lines(&app).await,
        [
            "クーポン「WINTER-10」(冬の10%OFF)を作成: 10%OFF, 5,000円以上, 〜2099-01-01 00:00, すべてのお客様",
            "クーポン「WINTER-10」: 利用上限 なし→1回",
            "クーポン「WINTER-10」: 終了 2099-01-01 00:00→2026-01-01 00:00",
        ]
    );
}

async fn two_buyers_racing_for_the_last_use_get_one_discount(app: TestApp) {
    let owner = staff(&app, StaffRole::Owner).await;
    let mut body = winter();
    body["max_uses"] = json!(1);
    create(&app, &owner, &body).await.assert_status(StatusCode::CREATED);
    let item = product(&app, "race-coupon", 3_000, 10, 100).await;
    let (first, added) = cart_with_coupon(&app, &item, "WINTER-10").await;
    added.assert_status(StatusCode::OK);
    let (second, added) = cart_with_coupon(&app, &item, "WINTER-10").await;
    added.assert_status(StatusCode::OK);
    let (a, b) = tokio::join!(
        app.post(&format!("/v1/carts/{first}/decision")).json(&json!({})).send(),
        app.post(&format!("/v1/carts/{second}/decision")).json(&json!({})).send()
    );
    let statuses = [a.status, b.status];
    assert!(statuses.contains(&StatusCode::OK) && statuses.contains(&StatusCode::UNPROCESSABLE_ENTITY), "{statuses:?}");
    let loser = if a.status == StatusCode::OK { b } else { a };
    assert_eq!(loser.json()["code"], "cart.coupons.invalid");
    assert_eq!(loser.json()["message"], "このクーポンは利用上限に達したため、ご利用いただけません");
    let uses: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM coupon_uses").fetch_one(&app.state.db.pool).await.unwrap();
    let discounted: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM orders WHERE coupon_discount > 0").fetch_one(&app.state.db.pool).await.unwrap();
    assert_eq!((uses, discounted), (1, 1), "one use, one discounted order");
}

async fn bad_coupons_are_refused_with_field_messages_and_change_nothing(app: TestApp) {
    let owner = staff(&app, StaffRole::Owner).await;
    let mut bad = winter();
    bad["code"] = json!("冬 10");
    bad["name"] = json!(" ");
    bad["discount_value"] = json!(101);
    bad["minimum_amount"] = json!(-1);
    bad["starts_at"] = json!("2026-12-10T00:00");
    bad["ends_at"] = json!("2026-12-01T00:00");
    bad["uses_per_member"] = json!(0);
    bad["max_uses"] = json!(0);
    let refused = create(&app, &owner, &bad).await;
    refused.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    let errors = &refused.json()["errors"];
    assert_eq!(errors["code"][0], "クーポンコードは半角英数字とハイフン・アンダーバーで32文字以内で入力してください。");
    assert_eq!(errors["name"][0], "クーポン名を入力してください。");
    assert_eq!(errors["discount_value"][0], "値引き率は1%から100%までの整数で入力してください。");
    assert_eq!(errors["minimum_amount"][0], "利用条件の金額は0円から10,000,000円までの整数で入力してください。");
    assert_eq!(errors["ends_at"][0], "終了日時は開始日時より後にしてください。");
    assert_eq!(errors["uses_per_member"][0], "1人あたりの利用回数は1回から100回までで入力してください。");
    assert_eq!(errors["max_uses"][0], "利用上限は1回から1,000,000回までで入力してください。");
    // The demo's WELCOME500 in another case is the same code.
    let mut taken = winter();
    taken["code"] = json!("welcome500");
    let duplicate = create(&app, &owner, &taken).await;
    duplicate.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(duplicate.json()["errors"]["code"][0], "このクーポンコードはすでに使われています。");
    app.post(DESK).header("cookie", &owner).raw_body("application/json", "{\"code\": 10}").send().await.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    let listed = app.get(DESK).header("cookie", &owner).send().await;
    assert_eq!(listed.header("x-total"), "3", "the demo's three coupons only");
    app.get(&format!("{DESK}?status=soon")).header("cookie", &owner).send().await.assert_status(StatusCode::UNPROCESSABLE_ENTITY);

    // Made, then saved from two editors: the second is stale. An unused coupon can be deleted.
    let coupon = create(&app, &owner, &winter()).await.json();
    let id = coupon["id"].as_str().unwrap();
    save(&app, &owner, id, &edited(&coupon, json!({ "discount_value": 15 }))).await.assert_status(StatusCode::OK);
    let stale = save(&app, &owner, id, &edited(&coupon, json!({ "discount_value": 20 }))).await;
    stale.assert_status(StatusCode::CONFLICT);
    assert_eq!(stale.json()["code"], "coupons.stale");
    let renamed = save(&app, &owner, id, &edited(&show(&app, &owner, id).await, json!({ "code": "WELCOME500" }))).await;
    assert_eq!(renamed.json()["errors"]["code"][0], "このクーポンコードはすでに使われています。");
    let mut unversioned = edited(&coupon, json!({}));
    unversioned.as_object_mut().unwrap().remove("version");
    assert_eq!(save(&app, &owner, id, &unversioned).await.json()["errors"]["version"][0], "版番号がありません。画面を読み込み直してください。");
    assert_eq!(show(&app, &owner, id).await["discount_value"], 15);
    app.delete(&format!("{DESK}/{id}?version=1")).header("cookie", &owner).send().await.assert_status(StatusCode::CONFLICT);
    app.delete(&format!("{DESK}/{id}")).header("cookie", &owner).send().await.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    app.delete(&format!("{DESK}/{id}?version=2")).header("cookie", &owner).send().await.assert_status(StatusCode::NO_CONTENT);
    app.get(&format!("{DESK}/{id}")).header("cookie", &owner).send().await.assert_status(StatusCode::NOT_FOUND);
    assert_eq!(
        coupon_lines(&app).await,
        [
            "クーポン「WINTER-10」(冬の10%OFF)を作成: 10%OFF, 5,000円以上, 〜2099-01-01 00:00, すべてのお客様",
            "クーポン「WINTER-10」: 値引き 10%OFF→15%OFF",
            "クーポン「WINTER-10」(冬の10%OFF)を削除",
        ]
    );
}

async fn only_the_shops_owners_and_managers_manage_coupons(app: TestApp) {
    let manager = staff(&app, StaffRole::Manager).await;
    let listed = app.get(DESK).header("cookie", &manager).send().await;
    listed.assert_status(StatusCode::OK);
    let welcome = listed.json()["data"].as_array().unwrap().iter().find(|c| c["code"] == "WELCOME500").unwrap().clone();
    let id = welcome["id"].as_str().unwrap();
    let free = edited(&welcome, json!({ "discount_kind": "percent", "discount_value": 100 }));
    for role in [StaffRole::OrderClerk, StaffRole::ShippingClerk, StaffRole::Viewer] {
        let cookie = staff(&app, role).await;
        let message = "この操作は店舗オーナーまたは店長のみ行えます。";
        assert_forbidden(&app.get(DESK).header("cookie", &cookie).send().await, message);
        assert_forbidden(&create(&app, &cookie, &winter()).await, message);
        assert_forbidden(&save(&app, &cookie, id, &free).await, message);
    }
    app.get(DESK).send().await.assert_status(StatusCode::UNAUTHORIZED);
    app.post(DESK).json(&winter()).send().await.assert_status(StatusCode::UNAUTHORIZED);
    let member = crate::members::registered_demo_member(&app, "coupon-desk-member@example.jp").await.access_token;
    app.put(&format!("{DESK}/{id}")).bearer(&member).json(&free).send().await.assert_status(StatusCode::UNAUTHORIZED);
    // Another shop's owner: no session here; this shop's coupon is not one of theirs.
    let theirs = staff_cookie(&app, "corporate", StaffRole::Owner, "他店 店主").await;
    save(&app, &theirs, id, &free).await.assert_status(StatusCode::UNAUTHORIZED);
    app.put(&format!("{DESK}/{id}")).channel("corporate").header("cookie", &theirs).json(&free).send().await.assert_status(StatusCode::NOT_FOUND);
    app.delete(&format!("{DESK}/{id}?version=1")).channel("corporate").header("cookie", &theirs).send().await.assert_status(StatusCode::NOT_FOUND);
    assert_eq!(show(&app, &manager, id).await["discount_value"], 500, "nothing changed");
    assert!(coupon_lines(&app).await.is_empty());
}

on_both_databases!(
    an_owner_makes_a_coupon_a_guest_uses_it_and_its_limit_ends_it,
    two_buyers_racing_for_the_last_use_get_one_discount,
    bad_coupons_are_refused_with_field_messages_and_change_nothing,
    only_the_shops_owners_and_managers_manage_coupons
);
