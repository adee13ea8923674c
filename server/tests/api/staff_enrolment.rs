//! Invitations, role changes and authenticator resets on the staff desk (issue 33,
//! docs/contracts/staff-enrolment.md), as an owner, the invited person, a colleague who lost
//! their phone and an attacker meet them: the link mailed to the person is the only way in,
//! works once, for its shop, until replaced or cancelled; bad input and a stale screen change
//! nothing; everything is audited; only the owner reaches the desk.
use axum::http::StatusCode;
use serde_json::{Value, json};
use shop::staff::StaffRole;
use shop::staff::totp;

use crate::helpers::{Answer, TestApp};
use crate::on_both_databases;
use crate::staff::{PASSWORD, audit_actions, create, log_in, password_step};

const INVITATIONS: &str = "/v1/admin/staff/invitations";
const NEW_PASSWORD: &str = "enrolled-password-2026";
const INVALID: &str = "このリンクは無効か、有効期限が切れています。オーナーに招待（再設定）をやり直してもらってください。";

fn now_seconds() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs()
}

async fn as_staff(app: &TestApp, channel: &str, cookie: &str, method: &str, path: &str, body: Option<Value>) -> Answer {
    let cookie = format!("shop_staff={cookie}");
    let call = match method {
        "GET" => app.get(path),
        "POST" => app.post(path),
        "PUT" => app.put(path),
        _ => app.delete(path),
    }
    .channel(channel)
    .header("cookie", &cookie);
    match body {
        Some(body) => call.json(&body).send().await,
        None => call.send().await,
    }
}

async fn invite(app: &TestApp, cookie: &str, email: &str, role: &str) -> Answer {
    as_staff(app, "demo", cookie, "POST", INVITATIONS, Some(json!({ "email": email, "name": "招待 花子", "role": role }))).await
}

fn mailed_token(app: &TestApp, email: &str) -> String {
    app.latest_mail_to(email).expect("the link is mailed").link_token("/admin/enrol")
}

async fn lookup(app: &TestApp, channel: &str, token: &str) -> Answer {
    app.post("/v1/admin/enrolments/lookup").channel(channel).json(&json!({ "token": token })).send().await
}

async fn complete(app: &TestApp, token: &str, password: &str, code: &str) -> Answer {
    app.post("/v1/admin/enrolments/complete").channel("demo").json(&json!({ "token": token, "password": password, "code": code })).send().await
}

/// Completes the link with the app's current code for the secret it shows.
async fn enrol(app: &TestApp, token: &str) -> Answer {
    let shown = lookup(app, "demo", token).await;
    shown.assert_status(StatusCode::OK);
    let secret = shown.json()["totp_secret"].as_str().unwrap().to_owned();
    complete(app, token, NEW_PASSWORD, &totp::code_at(&secret, now_seconds()).unwrap()).await
}

fn assert_invalid(answer: &Answer) {
    answer.assert_status(StatusCode::NOT_FOUND);
    assert_eq!((answer.json()["code"].as_str(), answer.json()["message"].as_str()), (Some("admin.enrolment.invalid"), Some(INVALID)));
}

async fn an_owner_invites_someone_who_enrols_with_an_authenticator_and_is_logged_in(app: TestApp) {
    let owner = create(&app, "demo", "owner@example.jp", StaffRole::Owner).await;
    let cookie = log_in(&app, "demo", &owner).await;

    let refused = as_staff(&app, "demo", &cookie, "POST", INVITATIONS, Some(json!({ "email": "nope", "name": " ", "role": "admin" }))).await;
    refused.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    let errors = &refused.json()["errors"];
    assert_eq!(
        (errors["email"][0].as_str(), errors["name"][0].as_str(), errors["role"][0].as_str()),
        (Some("メールアドレスを正しく入力してください。"), Some("お名前を入力してください。"), Some("権限を選んでください。"))
    );
    let taken = invite(&app, &cookie, "Owner@Example.jp", "viewer").await;
    taken.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(taken.json()["errors"]["email"][0], "このメールアドレスのスタッフはすでに登録されています。");
    assert!(app.latest_mail_to("nope").is_none());

    let invited = invite(&app, &cookie, "Hanako@Example.jp", "order_clerk").await;
    invited.assert_status(StatusCode::CREATED);
    let invited = invited.json();
    assert_eq!(
        (invited["email"].as_str(), invited["role_label"].as_str(), invited["invited_by"].as_str()),
        (Some("hanako@example.jp"), Some("受注担当"), Some("owner 担当"))
    );
    let mail = app.latest_mail_to("hanako@example.jp").unwrap();
    assert!(mail.subject.ends_with("スタッフ登録のご案内"), "{}", mail.subject);
    assert!(mail.body.contains("権限：受注担当"), "{}", mail.body);
    let listed = as_staff(&app, "demo", &cookie, "GET", INVITATIONS, None).await.json();
    assert_eq!(listed["data"].as_array().unwrap().len(), 1);
    assert_eq!(listed["data"][0]["id"], invited["id"]);

    let token = mailed_token(&app, "hanako@example.jp");
    assert_invalid(&lookup(&app, "demo", "0123").await);
    assert_invalid(&lookup(&app, "demo", &"a".repeat(64)).await);
    let shown = lookup(&app, "demo", &token).await;
    shown.assert_status(StatusCode::OK);
    let shown = shown.json();
    assert_eq!((shown["kind"].as_str(), shown["email"].as_str(), shown["name"].as_str()), (Some("invite"), Some("hanako@example.jp"), Some("招待 花子")));
    assert!(shown["otpauth_uri"].as_str().unwrap().starts_with("otpauth://totp/"));
    let secret = shown["totp_secret"].as_str().unwrap();

    // A short password and a wrong code are refused, and the link still works.
    let short = complete(&app, &token, "short", &totp::code_at(secret, now_seconds()).unwrap()).await;
    short.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(short.json()["errors"]["password"][0], "パスワードは12文字以上128文字以内で入力してください。");
    let wrong = complete(&app, &token, NEW_PASSWORD, "000000").await;
    wrong.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(wrong.json()["errors"]["code"][0], "認証アプリのコードが正しくありません。時刻が合っているか確かめて、新しいコードを入力してください。");

    let enrolled = complete(&app, &token, NEW_PASSWORD, &totp::code_at(secret, now_seconds()).unwrap()).await;
    enrolled.assert_status(StatusCode::OK);
    assert_eq!((enrolled.json()["staff"]["role"].as_str(), enrolled.json()["staff"]["name"].as_str()), (Some("order_clerk"), Some("招待 花子")));
    let clerk = enrolled.cookie("shop_staff").expect("logged in");
    as_staff(&app, "demo", &clerk, "GET", "/v1/admin/auth/me", None).await.assert_status(StatusCode::OK);
    as_staff(&app, "demo", &clerk, "GET", "/v1/admin/orders", None).await.assert_status(StatusCode::OK);
    as_staff(&app, "demo", &clerk, "GET", "/v1/admin/settings/carriage", None).await.assert_status(StatusCode::FORBIDDEN);
    // The password works for the next login; the link is spent.
    password_step(&app, "demo", "hanako@example.jp", NEW_PASSWORD).await.assert_status(StatusCode::OK);
    assert_invalid(&lookup(&app, "demo", &token).await);
    assert_invalid(&complete(&app, &token, NEW_PASSWORD, &totp::code_at(secret, now_seconds() + 30).unwrap()).await);
    assert!(as_staff(&app, "demo", &cookie, "GET", INVITATIONS, None).await.json()["data"].as_array().unwrap().is_empty());
    let staff = as_staff(&app, "demo", &cookie, "GET", "/v1/admin/staff", None).await.json();
    assert!(staff["data"].as_array().unwrap().iter().any(|s| s["email"] == "hanako@example.jp" && s["role_label"] == "受注担当" && s["active"] == true));

    let audit = audit_actions(&app, &cookie).await;
    let entries: Vec<(&str, &str)> =
        audit.iter().filter(|(_, action, _)| action.starts_with("staff_")).map(|(_, action, target)| (action.as_str(), target.as_str())).collect();
    assert_eq!(entries, [("staff_enrol", "招待から登録"), ("staff_invite", "招待 花子 <hanako@example.jp> 受注担当")], "newest first");
}

async fn replaced_cancelled_foreign_and_guessed_links_do_not_work(app: TestApp) {
    let owner = create(&app, "demo", "owner@example.jp", StaffRole::Owner).await;
    let cookie = log_in(&app, "demo", &owner).await;
    invite(&app, &cookie, "taro@example.jp", "viewer").await.assert_status(StatusCode::CREATED);
    let first = mailed_token(&app, "taro@example.jp");
    invite(&app, &cookie, "taro@example.jp", "shipping_clerk").await.assert_status(StatusCode::CREATED);
    let second = mailed_token(&app, "taro@example.jp");
    assert_invalid(&lookup(&app, "demo", &first).await);
    assert_eq!(lookup(&app, "demo", &second).await.json()["role_label"], "出荷担当");
    // Another shop's host does not open it.
    assert_invalid(&lookup(&app, "corporate", &second).await);

    let listed = as_staff(&app, "demo", &cookie, "GET", INVITATIONS, None).await.json();
    assert_eq!(listed["data"].as_array().unwrap().len(), 1, "the replaced one is gone");
    let path = format!("{INVITATIONS}/{}", listed["data"][0]["id"].as_str().unwrap());
    as_staff(&app, "demo", &cookie, "DELETE", &path, None).await.assert_status(StatusCode::NO_CONTENT);
    as_staff(&app, "demo", &cookie, "DELETE", &path, None).await.assert_status(StatusCode::NOT_FOUND);
    assert_invalid(&lookup(&app, "demo", &second).await);

    // Ten wrong codes void a link.
    invite(&app, &cookie, "guess@example.jp", "viewer").await.assert_status(StatusCode::CREATED);
    let guessed = mailed_token(&app, "guess@example.jp");
    for _ in 0..10 {
        complete(&app, &guessed, NEW_PASSWORD, "123456").await.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    }
    assert_invalid(&lookup(&app, "demo", &guessed).await);
    assert_invalid(&enrol_unchecked(&app, &guessed).await);

    let audit = audit_actions(&app, &cookie).await;
    assert_eq!(audit.iter().filter(|(_, action, _)| action == "staff_invite_cancel").count(), 1);
}

/// The last step with any code, for a link whose lookup already fails.
async fn enrol_unchecked(app: &TestApp, token: &str) -> Answer {
    complete(app, token, NEW_PASSWORD, "654321").await
}

async fn an_owner_changes_a_role_and_resets_a_lost_authenticator(app: TestApp) {
    let owner = create(&app, "demo", "owner@example.jp", StaffRole::Owner).await;
    let cookie = log_in(&app, "demo", &owner).await;
    let clerk = create(&app, "demo", "clerk@example.jp", StaffRole::OrderClerk).await;
    let clerk_cookie = log_in(&app, "demo", &clerk).await;
    let role_path = format!("/v1/admin/staff/{}/role", clerk.id);
    let reset_path = format!("/v1/admin/staff/{}/reset-authenticator", clerk.id);

    let unknown = as_staff(&app, "demo", &cookie, "PUT", &role_path, Some(json!({ "version": 1, "role": "admin" }))).await;
    unknown.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(unknown.json()["errors"]["role"][0], "権限を選んでください。");
    let own = as_staff(&app, "demo", &cookie, "PUT", &format!("/v1/admin/staff/{}/role", owner.id), Some(json!({ "version": 1, "role": "viewer" }))).await;
    own.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(own.json()["errors"]["role"][0], "自分の権限は変更できません。");
    let stale = as_staff(&app, "demo", &cookie, "PUT", &role_path, Some(json!({ "version": 7, "role": "manager" }))).await;
    stale.assert_status(StatusCode::CONFLICT);
    assert_eq!(stale.json()["code"], "staff.stale");
    as_staff(&app, "demo", &clerk_cookie, "GET", "/v1/admin/settings/carriage", None).await.assert_status(StatusCode::FORBIDDEN);

    let promoted = as_staff(&app, "demo", &cookie, "PUT", &role_path, Some(json!({ "version": 1, "role": "manager" }))).await;
    promoted.assert_status(StatusCode::OK);
    assert_eq!((promoted.json()["role_label"].as_str(), promoted.json()["version"].as_i64()), (Some("店長"), Some(2)));
    // The open session has the new role's permissions at its next request.
    as_staff(&app, "demo", &clerk_cookie, "GET", "/v1/admin/settings/carriage", None).await.assert_status(StatusCode::OK);

    // A lost phone: the account stops at once, and the person gets a link.
    let own_reset = as_staff(&app, "demo", &cookie, "POST", &format!("/v1/admin/staff/{}/reset-authenticator", owner.id), Some(json!({ "version": 1 }))).await;
    own_reset.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(own_reset.json()["errors"]["staff"][0], "自分のアカウントはここでは再設定できません。");
    as_staff(&app, "demo", &cookie, "POST", &reset_path, Some(json!({ "version": 1 }))).await.assert_status(StatusCode::CONFLICT);
    let reset = as_staff(&app, "demo", &cookie, "POST", &reset_path, Some(json!({ "version": 2 }))).await;
    reset.assert_status(StatusCode::OK);
    let reset = reset.json();
    assert_eq!((reset["active"].as_bool(), reset["enrolment_pending"].as_bool()), (Some(false), Some(true)));
    as_staff(&app, "demo", &clerk_cookie, "GET", "/v1/admin/auth/me", None).await.assert_status(StatusCode::UNAUTHORIZED);
    password_step(&app, "demo", "clerk@example.jp", PASSWORD).await.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    let mail = app.latest_mail_to("clerk@example.jp").expect("the reset link is mailed");
    assert!(mail.subject.ends_with("認証アプリ再設定のご案内"), "{}", mail.subject);
    let token = mail.link_token("/admin/enrol");
    assert_eq!(lookup(&app, "demo", &token).await.json()["kind"], "reset");
    assert!(as_staff(&app, "demo", &cookie, "GET", INVITATIONS, None).await.json()["data"].as_array().unwrap().is_empty(), "a reset is no invitation");

    let enrolled = enrol(&app, &token).await;
    enrolled.assert_status(StatusCode::OK);
    assert_eq!(enrolled.json()["staff"]["role"], "manager", "the role stays");
    let listed = as_staff(&app, "demo", &cookie, "GET", "/v1/admin/staff", None).await.json();
    let row = listed["data"].as_array().unwrap().iter().find(|s| s["email"] == "clerk@example.jp").unwrap().clone();
    assert_eq!((row["active"].as_bool(), row["enrolment_pending"].as_bool()), (Some(true), Some(false)));
    password_step(&app, "demo", "clerk@example.jp", PASSWORD).await.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    password_step(&app, "demo", "clerk@example.jp", NEW_PASSWORD).await.assert_status(StatusCode::OK);

    let audit = audit_actions(&app, &cookie).await;
    let targets: Vec<&str> =
        audit.iter().filter(|(_, a, _)| a == "staff_role_change" || a == "staff_reset_authenticator").map(|(_, _, t)| t.as_str()).collect();
    assert_eq!(targets, ["order_clerk 担当 <clerk@example.jp>", "order_clerk 担当 <clerk@example.jp>: 受注担当→店長"]);
}

async fn only_the_shops_owner_reaches_invitations_roles_and_resets(app: TestApp) {
    let owner = create(&app, "demo", "owner@example.jp", StaffRole::Owner).await;
    let cookie = log_in(&app, "demo", &owner).await;
    let viewer = create(&app, "demo", "viewer@example.jp", StaffRole::Viewer).await;
    invite(&app, &cookie, "someone@example.jp", "viewer").await.assert_status(StatusCode::CREATED);
    let invitation = as_staff(&app, "demo", &cookie, "GET", INVITATIONS, None).await.json()["data"][0]["id"].as_str().unwrap().to_owned();
    let calls = [
        ("POST", INVITATIONS.to_owned(), Some(json!({ "email": "x@example.jp", "name": "x", "role": "viewer" }))),
        ("GET", INVITATIONS.to_owned(), None),
        ("DELETE", format!("{INVITATIONS}/{invitation}"), None),
        ("PUT", format!("/v1/admin/staff/{}/role", viewer.id), Some(json!({ "version": 1, "role": "owner" }))),
        ("POST", format!("/v1/admin/staff/{}/reset-authenticator", viewer.id), Some(json!({ "version": 1 }))),
    ];
    for role in [StaffRole::Manager, StaffRole::OrderClerk] {
        let someone = create(&app, "demo", &format!("{}@example.jp", role.as_str()), role).await;
        let someone = log_in(&app, "demo", &someone).await;
        for (method, path, body) in &calls {
            as_staff(&app, "demo", &someone, method, path, body.clone()).await.assert_status(StatusCode::FORBIDDEN);
        }
    }
    let member = crate::members::registered_demo_member(&app, "member@example.jp").await.access_token;
    let other = create(&app, "corporate", "owner@corporate.example.jp", StaffRole::Owner).await;
    let other_cookie = log_in(&app, "corporate", &other).await;
    for (method, path, body) in &calls {
        as_staff(&app, "demo", "", method, path, body.clone()).await.assert_status(StatusCode::UNAUTHORIZED);
        let call = match *method {
            "GET" => app.get(path),
            "POST" => app.post(path),
            "PUT" => app.put(path),
            _ => app.delete(path),
        };
        call.channel("demo").bearer(&member).send().await.assert_status(StatusCode::UNAUTHORIZED);
        as_staff(&app, "demo", &other_cookie, method, path, body.clone()).await.assert_status(StatusCode::UNAUTHORIZED);
    }
    // On their own shop, our staff and invitations are not theirs.
    for (method, path, body) in calls.iter().skip(2) {
        as_staff(&app, "corporate", &other_cookie, method, path, body.clone()).await.assert_status(StatusCode::NOT_FOUND);
    }
    let row = as_staff(&app, "demo", &cookie, "GET", "/v1/admin/staff", None).await.json();
    let viewer_row = row["data"].as_array().unwrap().iter().find(|s| s["email"] == "viewer@example.jp").unwrap().clone();
    assert_eq!((viewer_row["role"].as_str(), viewer_row["active"].as_bool(), viewer_row["version"].as_i64()), (Some("viewer"), Some(true), Some(1)));
    assert_eq!(as_staff(&app, "demo", &cookie, "GET", INVITATIONS, None).await.json()["data"].as_array().unwrap().len(), 1, "still invited");
}

on_both_databases!(
    an_owner_invites_someone_who_enrols_with_an_authenticator_and_is_logged_in,
    replaced_cancelled_foreign_and_guessed_links_do_not_work,
    an_owner_changes_a_role_and_resets_a_lost_authenticator,
    only_the_shops_owner_reaches_invitations_roles_and_resets,
);
