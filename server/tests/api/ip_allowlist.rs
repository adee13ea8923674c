//! IPアドレス制限 (issue 33): an owner limits the back office to the office's network; then a
//! stolen session, password or enrolment link is useless from anywhere else, while the
//! storefront answers everyone as before. A list that would lock the owner out is refused; a
//! stale screen changes nothing; the change is audited; only the owner reaches it. The server
//! here trusts X-Forwarded-For, as it does behind the reverse proxy of a deployment.
use axum::http::StatusCode;
use serde_json::{Value, json};
use shop::staff::StaffRole;

use crate::helpers::{Answer, Backend, TestApp, run_with};
use crate::staff::{audit_actions, create, log_in, password_step};

const PATH: &str = "/v1/admin/settings/ip-allowlist";
const DENIED: &str = "この接続元（IPアドレス）からは管理画面を利用できません。お店のオーナーにご確認ください。";
const OFFICE: &str = "203.0.113.10";
const CAFE: &str = "198.51.100.1";

async fn from(app: &TestApp, ip: Option<&str>, cookie: &str, method: &str, path: &str, body: Option<Value>) -> Answer {
    let call = match method {
        "GET" => app.get(path),
        _ => app.put(path),
    }
    .channel("demo")
    .header("cookie", &format!("shop_staff={cookie}"));
    let call = match ip {
        Some(ip) => call.header("x-forwarded-for", ip),
        None => call,
    };
    match body {
        Some(body) => call.json(&body).send().await,
        None => call.send().await,
    }
}

fn assert_denied(answer: &Answer) {
    answer.assert_status(StatusCode::FORBIDDEN);
    assert_eq!((answer.json()["code"].as_str(), answer.json()["message"].as_str()), (Some("staff.ip_denied"), Some(DENIED)));
}

async fn the_back_office_answers_only_the_offices_network_once_the_owner_limits_it(app: TestApp) {
    let owner = create(&app, "demo", "owner@example.jp", StaffRole::Owner).await;
    let cookie = log_in(&app, "demo", &owner).await;
    let clerk = create(&app, "demo", "clerk@example.jp", StaffRole::OrderClerk).await;
    let clerk_cookie = log_in(&app, "demo", &clerk).await;

    let shown = from(&app, Some(OFFICE), &cookie, "GET", PATH, None).await;
    shown.assert_status(StatusCode::OK);
    assert_eq!(shown.json(), json!({ "version": 0, "entries": [], "current_ip": OFFICE }));

    // A bad line, and a list that leaves out the owner's own address, are refused.
    let bad = from(&app, Some(OFFICE), &cookie, "PUT", PATH, Some(json!({ "version": 0, "entries": ["203.0.113.0/24", "office wifi"] }))).await;
    bad.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(bad.json()["errors"]["entries.1"][0], "IPアドレスまたはCIDR（例：203.0.113.0/24）で入力してください。");
    let locked_out = from(&app, Some(CAFE), &cookie, "PUT", PATH, Some(json!({ "version": 0, "entries": ["203.0.113.0/24"] }))).await;
    locked_out.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert!(locked_out.json()["errors"]["entries"][0].as_str().unwrap().contains(CAFE));
    from(&app, Some(CAFE), &clerk_cookie, "GET", "/v1/admin/orders", None).await.assert_status(StatusCode::OK);

    let saved = from(&app, Some(OFFICE), &cookie, "PUT", PATH, Some(json!({ "version": 0, "entries": [" 203.0.113.77/24 ", ""] }))).await;
    saved.assert_status(StatusCode::OK);
    assert_eq!(saved.json(), json!({ "version": 1, "entries": ["203.0.113.0/24"], "current_ip": OFFICE }));

    // From the café: every back-office door is shut, whatever the caller holds.
    assert_denied(&from(&app, Some(CAFE), &clerk_cookie, "GET", "/v1/admin/orders", None).await);
    assert_denied(&from(&app, Some(CAFE), &cookie, "GET", PATH, None).await);
    assert_denied(&from(&app, None, &cookie, "GET", "/v1/admin/auth/me", None).await);
    let password = app
        .post("/v1/admin/auth/login")
        .channel("demo")
        .header("x-forwarded-for", CAFE)
        .json(&json!({ "email": "clerk@example.jp", "password": crate::staff::PASSWORD }))
        .send()
        .await;
    assert_denied(&password);
    let link = app.post("/v1/admin/enrolments/lookup").channel("demo").header("x-forwarded-for", CAFE).json(&json!({ "token": "a".repeat(64) })).send().await;
    assert_denied(&link);
    // From the office, and on the storefront from anywhere, nothing changed.
    from(&app, Some("203.0.113.200"), &clerk_cookie, "GET", "/v1/admin/orders", None).await.assert_status(StatusCode::OK);
    app.post("/v1/admin/auth/login")
        .channel("demo")
        .header("x-forwarded-for", "203.0.113.201")
        .json(&json!({ "email": "clerk@example.jp", "password": crate::staff::PASSWORD }))
        .send()
        .await
        .assert_status(StatusCode::OK);
    app.get("/v1/static-pages/urls").channel("demo").header("x-forwarded-for", CAFE).send().await.assert_status(StatusCode::OK);
    // Another shop's back office is not limited by this one's list.
    let other = create(&app, "corporate", "owner@corporate.example.jp", StaffRole::Owner).await;
    password_step(&app, "corporate", &other.email, crate::staff::PASSWORD).await.assert_status(StatusCode::OK);

    // A stale screen changes nothing; the owner lifts the limit from the office.
    let stale = from(&app, Some(OFFICE), &cookie, "PUT", PATH, Some(json!({ "version": 0, "entries": [] }))).await;
    stale.assert_status(StatusCode::CONFLICT);
    assert_eq!(stale.json()["code"], "settings.stale");
    from(&app, Some(OFFICE), &cookie, "PUT", PATH, Some(json!({ "version": 1, "entries": [] }))).await.assert_status(StatusCode::OK);
    from(&app, Some(CAFE), &clerk_cookie, "GET", "/v1/admin/orders", None).await.assert_status(StatusCode::OK);

    let audit = audit_actions(&app, &cookie).await;
    let changes: Vec<&str> = audit.iter().filter(|(_, a, t)| a == "settings_update" && t.starts_with("IP")).map(|(_, _, t)| t.as_str()).collect();
    assert_eq!(changes, ["IPアドレス制限: 203.0.113.0/24→なし", "IPアドレス制限: なし→203.0.113.0/24"]);
}

async fn only_the_shops_owner_reaches_the_ip_allowlist(app: TestApp) {
    let body = || Some(json!({ "version": 0, "entries": [] }));
    for role in [StaffRole::Manager, StaffRole::OrderClerk] {
        let someone = create(&app, "demo", &format!("{}@example.jp", role.as_str()), role).await;
        let cookie = log_in(&app, "demo", &someone).await;
        for (method, body) in [("GET", None), ("PUT", body())] {
            let answer = from(&app, Some(OFFICE), &cookie, method, PATH, body).await;
            answer.assert_status(StatusCode::FORBIDDEN);
            assert_eq!(answer.json()["code"], "staff.forbidden");
        }
    }
    from(&app, Some(OFFICE), "", "GET", PATH, None).await.assert_status(StatusCode::UNAUTHORIZED);
    let member = crate::members::registered_demo_member(&app, "member@example.jp").await.access_token;
    app.put(PATH).channel("demo").bearer(&member).json(&body().unwrap()).send().await.assert_status(StatusCode::UNAUTHORIZED);
    let other = create(&app, "corporate", "owner@corporate.example.jp", StaffRole::Owner).await;
    let other_cookie = log_in(&app, "corporate", &other).await;
    from(&app, Some(OFFICE), &other_cookie, "PUT", PATH, body()).await.assert_status(StatusCode::UNAUTHORIZED);
}

async fn behind_a_proxy<F, Fut>(backend: Backend, test: F)
where
    F: FnOnce(TestApp) -> Fut,
    Fut: std::future::Future<Output = ()> + Send + 'static,
{
    run_with(backend, |config| config.trust_forwarded_for = true, test).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn limited_on_sqlite() {
    behind_a_proxy(Backend::Sqlite, the_back_office_answers_only_the_offices_network_once_the_owner_limits_it).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn limited_on_postgres() {
    behind_a_proxy(Backend::Postgres, the_back_office_answers_only_the_offices_network_once_the_owner_limits_it).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn owner_only_on_sqlite() {
    behind_a_proxy(Backend::Sqlite, only_the_shops_owner_reaches_the_ip_allowlist).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn owner_only_on_postgres() {
    behind_a_proxy(Backend::Postgres, only_the_shops_owner_reaches_the_ip_allowlist).await;
}
