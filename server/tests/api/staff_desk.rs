//! The staff desk (issue 33, docs/contracts/staff-desk.md) as an owner, the people around them
//! and an attacker would use it: an owner disables a clerk who left — the clerk's open session
//! ends at once and their right password and code get the same answer as a wrong one — and
//! enables them again; a stale version is a 409, one's own account can't be disabled, every
//! change is in the audit log, and nobody but the shop's owner reaches any of it.
use axum::http::StatusCode;
use serde_json::{Value, json};
use shop::staff::StaffRole;

use crate::helpers::{Answer, TestApp};
use crate::on_both_databases;
use crate::staff::{PASSWORD, assert_failed, audit_actions, create, log_in, log_in_later, me, password_step};

async fn call(app: &TestApp, method: &str, path: &str, cookie: &str, body: Option<Value>) -> Answer {
    let cookie = format!("shop_staff={cookie}");
    let request = match method {
        "GET" => app.get(path),
        _ => app.post(path),
    };
    let request = request.channel("demo").header("cookie", &cookie);
    match body {
        Some(body) => request.json(&body).send().await,
        None => request.send().await,
    }
}

fn member_of<'a>(list: &'a Value, email: &str) -> &'a Value {
    list["data"].as_array().unwrap().iter().find(|m| m["email"] == email).unwrap_or_else(|| panic!("{email} in {list}"))
}

async fn an_owner_disables_a_clerk_whose_session_ends_and_enables_them_again(app: TestApp) {
    let owner = create(&app, "demo", "owner@example.jp", StaffRole::Owner).await;
    let clerk = create(&app, "demo", "clerk@example.jp", StaffRole::OrderClerk).await;
    let owner_cookie = log_in(&app, "demo", &owner).await;
    let clerk_cookie = log_in(&app, "demo", &clerk).await;

    let list = call(&app, "GET", "/v1/admin/staff", &owner_cookie, None).await;
    list.assert_status(StatusCode::OK);
    assert_eq!(list.header("cache-control"), "no-store");
    let list = list.json();
    let emails: Vec<&str> = list["data"].as_array().unwrap().iter().map(|m| m["email"].as_str().unwrap()).collect();
    assert_eq!(emails, ["owner@example.jp", "clerk@example.jp"], "owners first");
    let listed = member_of(&list, "clerk@example.jp");
    assert_eq!(
        (listed["role_label"].as_str(), listed["active"].as_bool(), listed["locked"].as_bool(), listed["is_me"].as_bool()),
        (Some("受注担当"), Some(true), Some(false), Some(false))
    );
    assert!(listed["last_login_at"].is_string(), "{listed}");
    assert_eq!(member_of(&list, "owner@example.jp")["is_me"], true);
    let version = listed["version"].as_i64().unwrap();
    let path = format!("/v1/admin/staff/{}", clerk.id);

    // Disabled: the open session is a 401 at its next request, the right password is refused
    // with the answer a wrong one gets.
    let disabled = call(&app, "POST", &format!("{path}/disable"), &owner_cookie, Some(json!({ "version": version }))).await;
    disabled.assert_status(StatusCode::OK);
    assert_eq!((disabled.json()["active"].as_bool(), disabled.json()["version"].as_i64()), (Some(false), Some(version + 1)));
    me(&app, "demo", &clerk_cookie).await.assert_status(StatusCode::UNAUTHORIZED);
    assert_failed(&password_step(&app, "demo", "clerk@example.jp", PASSWORD).await);

    // The screen's old version is stale now; one's own account is refused; nothing changed.
    let stale = call(&app, "POST", &format!("{path}/enable"), &owner_cookie, Some(json!({ "version": version }))).await;
    stale.assert_status(StatusCode::CONFLICT);
    assert_eq!(stale.json()["code"], "staff.stale");
    let own = call(&app, "POST", &format!("/v1/admin/staff/{}/disable", owner.id), &owner_cookie, Some(json!({ "version": 1 }))).await;
    own.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(own.json()["errors"]["staff"][0], "自分のアカウントは無効にできません。");
    let missing = call(&app, "POST", &format!("{path}/enable"), &owner_cookie, Some(json!({}))).await;
    missing.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert!(missing.json()["errors"]["version"].is_array());
    me(&app, "demo", &owner_cookie).await.assert_status(StatusCode::OK);

    let enabled = call(&app, "POST", &format!("{path}/enable"), &owner_cookie, Some(json!({ "version": version + 1 }))).await;
    enabled.assert_status(StatusCode::OK);
    assert_eq!(enabled.json()["active"], true);
    let again = log_in_later(&app, &clerk).await;
    me(&app, "demo", &again).await.assert_status(StatusCode::OK);

    let audit = audit_actions(&app, &owner_cookie).await;
    let changes: Vec<(&str, &str)> = audit.iter().filter(|(_, action, _)| action.starts_with("staff_")).map(|(_, a, t)| (a.as_str(), t.as_str())).collect();
    assert_eq!(changes, [("staff_enable", "order_clerk 担当 <clerk@example.jp>"), ("staff_disable", "order_clerk 担当 <clerk@example.jp>")]);
}

async fn enabling_unlocks_and_the_history_shows_logins_and_failures(app: TestApp) {
    let owner = create(&app, "demo", "owner@example.jp", StaffRole::Owner).await;
    let clerk = create(&app, "demo", "clerk@example.jp", StaffRole::ShippingClerk).await;
    let owner_cookie = log_in(&app, "demo", &owner).await;
    let history = call(&app, "GET", &format!("/v1/admin/staff/{}/logins", clerk.id), &owner_cookie, None).await;
    history.assert_status(StatusCode::OK);
    assert_eq!(history.json()["data"], json!([]), "never logged in");

    let cookie = log_in(&app, "demo", &clerk).await;
    app.post("/v1/admin/auth/logout").channel("demo").header("cookie", &format!("shop_staff={cookie}")).send().await.assert_status(StatusCode::NO_CONTENT);
    for attempt in 0..5 {
        assert_failed(&password_step(&app, "demo", "clerk@example.jp", &format!("wrong-{attempt}")).await);
    }
    let list = call(&app, "GET", "/v1/admin/staff", &owner_cookie, None).await.json();
    let locked = member_of(&list, "clerk@example.jp");
    assert_eq!((locked["active"].as_bool(), locked["locked"].as_bool()), (Some(true), Some(true)));

    let history = call(&app, "GET", &format!("/v1/admin/staff/{}/logins", clerk.id), &owner_cookie, None).await.json();
    let entries: Vec<(&str, &str, &str)> = history["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["action"].as_str().unwrap(), e["label"].as_str().unwrap(), e["detail"].as_str().unwrap()))
        .collect();
    assert_eq!(entries.len(), 7, "{history}");
    assert_eq!(entries[0], ("login_failed", "ログイン失敗", "password (locked)"), "newest first");
    assert_eq!(entries[5], ("logout", "ログアウト", ""));
    assert_eq!(entries[6], ("login", "ログイン", ""));

    // 「ロックを解除」: enable on an active, locked account.
    let unlocked = call(&app, "POST", &format!("/v1/admin/staff/{}/enable", clerk.id), &owner_cookie, Some(json!({ "version": locked["version"] }))).await;
    unlocked.assert_status(StatusCode::OK);
    assert_eq!(unlocked.json()["locked"], false);
    log_in_later(&app, &clerk).await;
}

async fn nobody_but_the_shops_owner_reaches_the_staff_desk(app: TestApp) {
    let owner = create(&app, "demo", "owner@example.jp", StaffRole::Owner).await;
    let clerk = create(&app, "demo", "clerk@example.jp", StaffRole::OrderClerk).await;
    let other_owner = create(&app, "corporate", "owner@corporate.example.jp", StaffRole::Owner).await;
    let owner_cookie = log_in(&app, "demo", &owner).await;
    let list_path = "/v1/admin/staff".to_owned();
    let disable = format!("/v1/admin/staff/{}/disable", clerk.id);
    let logins = format!("/v1/admin/staff/{}/logins", clerk.id);
    let body = || Some(json!({ "version": 1 }));

    // Every role but the owner: 403 in Japanese.
    for role in [StaffRole::Manager, StaffRole::OrderClerk, StaffRole::ShippingClerk, StaffRole::Viewer] {
        let someone = create(&app, "demo", &format!("{}@example.jp", role.as_str()), role).await;
        let cookie = log_in(&app, "demo", &someone).await;
        for (method, path, body) in [("GET", &list_path, None), ("POST", &disable, body()), ("GET", &logins, None)] {
            let answer = call(&app, method, path, &cookie, body).await;
            answer.assert_status(StatusCode::FORBIDDEN);
            assert_eq!(answer.json()["message"], "スタッフを管理する権限がありません。", "{role:?} {path}");
        }
    }
    // Nobody and a member: 401. Another shop's owner: their cookie is not a session here (401),
    // and on their own shop our clerk is unknown (404).
    for (method, path, body) in [("GET", &list_path, None), ("POST", &disable, body()), ("GET", &logins, None)] {
        let request = if method == "GET" { app.get(path) } else { app.post(path) };
        let answer = match body.clone() {
            Some(body) => request.channel("demo").json(&body).send().await,
            None => request.channel("demo").send().await,
        };
        answer.assert_status(StatusCode::UNAUTHORIZED);
    }
    let member = crate::members::registered_demo_member(&app, "member@example.jp").await.access_token;
    app.get(&list_path).channel("demo").bearer(&member).send().await.assert_status(StatusCode::UNAUTHORIZED);
    let corporate_cookie = log_in(&app, "corporate", &other_owner).await;
    call(&app, "GET", &list_path, &corporate_cookie, None).await.assert_status(StatusCode::UNAUTHORIZED);
    let foreign =
        app.post(&disable).channel("corporate").header("cookie", &format!("shop_staff={corporate_cookie}")).json(&json!({ "version": 1 })).send().await;
    foreign.assert_status(StatusCode::NOT_FOUND);
    let foreign = app.get(&logins).channel("corporate").header("cookie", &format!("shop_staff={corporate_cookie}")).send().await;
    foreign.assert_status(StatusCode::NOT_FOUND);
    let corporate_list = app.get(&list_path).channel("corporate").header("cookie", &format!("shop_staff={corporate_cookie}")).send().await.json();
    assert!(!corporate_list.to_string().contains("clerk@example.jp"), "another shop's staff list stays its own");

    // The clerk is still as they were.
    let list = call(&app, "GET", &list_path, &owner_cookie, None).await.json();
    assert_eq!((member_of(&list, "clerk@example.jp")["active"].as_bool(), member_of(&list, "clerk@example.jp")["version"].as_i64()), (Some(true), Some(1)));
}

on_both_databases!(
    an_owner_disables_a_clerk_whose_session_ends_and_enables_them_again,
    enabling_unlocks_and_the_history_shows_logins_and_failures,
    nobody_but_the_shops_owner_reaches_the_staff_desk,
);
