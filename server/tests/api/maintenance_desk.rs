//! メンテナンスモード on the settings desk (issue 33, docs/contracts/settings-maintenance.md) as a
//! shop owner, customers and an attacker meet it: the owner closes the shop with a title and a
//! message, customers get them (503) while the back office keeps working, the owner opens it
//! again; a screen read before the command switched it, bad input and other roles change
//! nothing; every switch is audited.
use axum::http::StatusCode;
use serde_json::{Value, json};
use shop::staff::StaffRole;

use crate::helpers::{Answer, TestApp};
use crate::inquiries::{audited, staff_cookie};
use crate::on_both_databases;
use crate::order_desk::{assert_forbidden, staff};

const DESK: &str = "/v1/admin/settings/maintenance";

async fn read(app: &TestApp, cookie: &str) -> Value {
    let answer = app.get(DESK).header("cookie", cookie).send().await;
    answer.assert_status(StatusCode::OK);
    assert_eq!(answer.header("cache-control"), "no-store");
    answer.json()
}

async fn save(app: &TestApp, cookie: &str, body: &Value) -> Answer {
    app.put(DESK).header("cookie", cookie).json(body).send().await
}

async fn maintenance_lines(app: &TestApp) -> Vec<String> {
    audited(app, "demo").await.into_iter().filter(|(_, target)| target.starts_with("メンテナンスモード")).map(|(_, target)| target).collect()
}

async fn an_owner_closes_the_shop_to_customers_and_opens_it_again(app: TestApp) {
    let owner = staff(&app, StaffRole::Owner).await;
    let open = read(&app, &owner).await;
    assert_eq!(
        (open["is_on"].as_bool(), open["title"].as_str(), open["version"].as_i64()),
        (Some(false), Some("ただいまメンテナンス中です"), Some(1)),
        "the seed's texts"
    );

    let closing = json!({ "version": 1, "is_on": true, "title": " 棚卸しのため休業中 ", "message": "12月3日 10時に再開します。" });
    let closed = save(&app, &owner, &closing).await;
    closed.assert_status(StatusCode::OK);
    let closed = closed.json();
    assert_eq!(closed, json!({ "version": 2, "is_on": true, "title": "棚卸しのため休業中", "message": "12月3日 10時に再開します。" }));
    for path in ["/v1/news", "/v1/settings/front"] {
        let answer = app.get(path).send().await;
        answer.assert_status(StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!((answer.json()["title"].as_str(), answer.json()["message"].as_str()), (Some("棚卸しのため休業中"), Some("12月3日 10時に再開します。")));
    }
    app.get("/v1/news").channel("corporate").send().await.assert_status(StatusCode::OK);
    // Staff keep working while it is closed; the same save twice changes nothing.
    app.get("/v1/admin/orders").header("cookie", &owner).send().await.assert_status(StatusCode::OK);
    let again = save(&app, &owner, &json!({ "version": 2, "is_on": true, "title": "棚卸しのため休業中", "message": "12月3日 10時に再開します。" })).await;
    assert_eq!(again.json()["version"], 2);

    let reopened = save(&app, &owner, &json!({ "version": 2, "is_on": false, "title": "棚卸しのため休業中", "message": "12月3日 10時に再開します。" })).await;
    reopened.assert_status(StatusCode::OK);
    assert_eq!((reopened.json()["is_on"].as_bool(), reopened.json()["version"].as_i64()), (Some(false), Some(3)));
    app.get("/v1/news").send().await.assert_status(StatusCode::OK);

    // The command switches it too; a screen read before that is stale and saves nothing.
    shop::channel::set_maintenance(&app.state, "demo", true, "緊急メンテナンス", "しばらくお待ちください。").await.unwrap();
    let stale = save(&app, &owner, &json!({ "version": 3, "is_on": false, "title": "", "message": "" })).await;
    stale.assert_status(StatusCode::CONFLICT);
    assert_eq!(stale.json()["code"], "settings.stale");
    let now = read(&app, &owner).await;
    assert_eq!((now["is_on"].as_bool(), now["title"].as_str(), now["version"].as_i64()), (Some(true), Some("緊急メンテナンス"), Some(4)));
    app.get("/v1/news").send().await.assert_status(StatusCode::SERVICE_UNAVAILABLE);
    shop::channel::set_maintenance(&app.state, "demo", false, "", "").await.unwrap();

    assert_eq!(maintenance_lines(&app).await, ["メンテナンスモード: 開始 「棚卸しのため休業中」, メッセージを変更", "メンテナンスモード: 終了"]);
}

async fn a_closed_shop_must_tell_customers_why_and_bad_input_changes_nothing(app: TestApp) {
    let owner = staff(&app, StaffRole::Owner).await;
    let before = read(&app, &owner).await;
    let blank = save(&app, &owner, &json!({ "version": 1, "is_on": true, "title": " ", "message": "" })).await;
    blank.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    let errors = &blank.json()["errors"];
    assert_eq!(errors["title"][0], "メンテナンス中はタイトルを入力してください。");
    assert_eq!(errors["message"][0], "メンテナンス中はお客様へのメッセージを入力してください。");
    let long = save(&app, &owner, &json!({ "version": 1, "title": "あ".repeat(101), "message": "あ".repeat(1001) })).await;
    long.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    let errors = &long.json()["errors"];
    assert_eq!(errors["is_on"][0], "選択してください。");
    assert_eq!(errors["title"][0], "タイトルは100文字以内で入力してください。");
    assert_eq!(errors["message"][0], "メッセージは1,000文字以内で入力してください。");
    let unversioned = save(&app, &owner, &json!({ "is_on": false, "title": "", "message": "" })).await;
    unversioned.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(unversioned.json()["errors"]["version"][0], "版番号がありません。画面を読み込み直してください。");
    app.put(DESK).header("cookie", &owner).raw_body("application/json", "{\"version\": \"1\"").send().await.assert_status(StatusCode::UNPROCESSABLE_ENTITY);

    assert_eq!(read(&app, &owner).await, before, "nothing changed");
    app.get("/v1/news").send().await.assert_status(StatusCode::OK);
    assert!(maintenance_lines(&app).await.is_empty());
}

async fn only_the_shops_owners_and_managers_switch_maintenance(app: TestApp) {
    let closing = json!({ "version": 1, "is_on": true, "title": "乗っ取り", "message": "閉店しました。" });
    let manager = staff(&app, StaffRole::Manager).await;
    read(&app, &manager).await;
    for role in [StaffRole::OrderClerk, StaffRole::ShippingClerk, StaffRole::Viewer] {
        let cookie = staff(&app, role).await;
        let message = "この操作は店舗オーナーまたは店長のみ行えます。";
        assert_forbidden(&app.get(DESK).header("cookie", &cookie).send().await, message);
        assert_forbidden(&save(&app, &cookie, &closing).await, message);
    }
    app.get(DESK).send().await.assert_status(StatusCode::UNAUTHORIZED);
    app.put(DESK).json(&closing).send().await.assert_status(StatusCode::UNAUTHORIZED);
    let member = crate::members::registered_demo_member(&app, "maintenance-member@example.jp").await.access_token;
    app.put(DESK).bearer(&member).json(&closing).send().await.assert_status(StatusCode::UNAUTHORIZED);
    // Another shop's owner: no session of this shop; on their own shop they close only theirs.
    let theirs = staff_cookie(&app, "corporate", StaffRole::Owner, "他店 店主").await;
    save(&app, &theirs, &closing).await.assert_status(StatusCode::UNAUTHORIZED);
    app.put(DESK).channel("corporate").header("cookie", &theirs).json(&closing).send().await.assert_status(StatusCode::OK);
    app.get("/v1/news").channel("corporate").send().await.assert_status(StatusCode::SERVICE_UNAVAILABLE);
    app.get("/v1/news").send().await.assert_status(StatusCode::OK);
    assert_eq!(read(&app, &manager).await["is_on"], false);
}

on_both_databases!(
    an_owner_closes_the_shop_to_customers_and_opens_it_again,
    a_closed_shop_must_tell_customers_why_and_bad_input_changes_nothing,
    only_the_shops_owners_and_managers_switch_maintenance
);
